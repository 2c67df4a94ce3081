//! `tictree bench`: a fixed suite of searches, each row with nodes, time and whether the answer is
//! right. Connect Four rows use Pons' test sets (data/connect4) and compare with his figures. No
//! row consults an opening book, except the opt-in `realtime` row (`realtime.rs`), which measures
//! the analysis as a user gets it, book included.

use crate::cli::args::BenchArgs;
mod progress;
pub mod realtime;
mod row;
mod sets;
mod table;

use crate::cli::common::error::{CliError, Ending, as_typed};
use crate::cli::common::interrupt::Interrupt;
use crate::cli::common::output::end_if_reader_gone;
use crate::cli::common::progress::Live;
use crate::engine::analysis::solve::solve_with;
use crate::engine::search::solver::{DEFAULT_HASH_BYTES, Solver};
use crate::engine::{Algorithm, Cancelled, Position, Rules, StopFlag, Table, analyze_parallel};
use progress::Watch;
use row::{BenchRow, Halt};
use sets::{SETS, TestSet};
use std::time::{Duration, Instant};
use table::{table_header, table_line};

fn analysis_row(
    name: &str,
    rules: Rules,
    algorithm: Algorithm,
    threads: usize,
    stop: &StopFlag,
) -> Result<BenchRow, Cancelled> {
    let position = Position::empty(rules);
    // Short runs are at the mercy of the machine: report the median of five fresh analyses.
    let mut times = Vec::new();
    let mut analysis = Err(Cancelled);
    for _ in 0..5 {
        end_if_reader_gone();
        let started = Instant::now();
        analysis = analyze_parallel(
            &position,
            algorithm,
            Table::New(None),
            threads,
            stop,
            |_| {},
        );
        times.push(started.elapsed());
        stop.check()?;
    }
    times.sort();
    let elapsed = times[2];
    // Both boards are draws whatever the first move (checked against the other algorithms).
    let (correct, nodes) = match analysis {
        Ok(a) => (
            a.moves.iter().all(|m| m.score.score == 0) && !a.moves.is_empty(),
            a.stats.nodes,
        ),
        Err(_) => (false, 0),
    };
    Ok(BenchRow::new(
        name,
        1,
        usize::from(correct),
        nodes,
        None,
        elapsed,
    ))
}

fn weak_row(
    name: &str,
    rules: Rules,
    expected: i32,
    hash: usize,
    threads: usize,
    watch: &Watch,
) -> Result<BenchRow, Cancelled> {
    let position = Position::empty(rules);
    let mut solver = Solver::with_hash(position.layout(), watch.stop().clone(), hash);
    solver.set_progress(watch.solver());
    solver.set_threads(threads);
    solver.touch_table()?;
    let s = solve_with(&mut solver, &position, true, false)?;
    Ok(BenchRow::new(
        name,
        1,
        usize::from(s.value == expected),
        s.stats.nodes,
        Some(s.explored),
        s.elapsed,
    ))
}

fn connect4_row(set: &TestSet, solver: &mut Solver, watch: &Watch) -> Result<BenchRow, Halt> {
    let (mut positions, mut correct, mut nodes, mut explored) = (0, 0, 0, 0);
    let mut elapsed = Duration::ZERO;
    let count = set.text.lines().step_by(set.every).take(set.limit).count();
    for line in set.text.lines().step_by(set.every).take(set.limit) {
        end_if_reader_gone();
        watch.position(positions + 1, count);
        let mut parts = line.split_whitespace();
        let (Some(moves), Some(score)) = (parts.next(), parts.next()) else {
            continue;
        };
        let expected: i32 = score
            .parse()
            .map_err(|_| CliError(format!("{}: bad score in '{line}'", set.file)))?;
        let position = Position::empty(Rules::CONNECT4)
            .play_moves(moves)
            .map_err(|e| CliError(format!("{}: {e}", set.file)))?;
        solver.reset();
        let solution = solve_with(solver, &position, false, false)?;
        positions += 1;
        correct += usize::from(solution.pons_score(&position) == expected);
        nodes += solution.stats.nodes;
        explored += solution.explored;
        elapsed += solution.elapsed;
    }
    let title = format!("connect4 {} {}", set.file, set.name);
    let mut row = BenchRow::new(&title, positions, correct, nodes, Some(explored), elapsed);
    row.pons_explored = Some(set.pons_explored);
    row.pons_ms = Some(row::mean_ms(set.pons_seconds * 1e3));
    Ok(row)
}

/// The names of the suite's rows, in the order `run` runs them.
fn row_names() -> Vec<String> {
    let analyses = Algorithm::ALL.iter().map(|a| format!("3x3 analysis {a}"));
    let fixed = ["4x4 analysis engine", "5x5k4 weak", "6x5k4 weak"].map(String::from);
    let sets = SETS
        .iter()
        .map(|s| format!("connect4 {} {}", s.file, s.name));
    let realtime = std::iter::once(realtime::NAME.to_string());
    analyses.chain(fixed).chain(sets).chain(realtime).collect()
}

/// Whether `--only` (if given) wants the row `name`: a part of its name, whatever its case
/// (`3X3` is the 3x3 rows).
fn wants(only: Option<&str>, name: &str) -> bool {
    only.is_none_or(|only| name.to_lowercase().contains(&only.to_lowercase()))
}

/// Runs the suite and prints a table or a JSON array of the rows.
pub fn run(args: &BenchArgs) -> Result<Ending, CliError> {
    let wanted = |name: &str| wants(args.only.as_deref(), name);
    if args
        .only
        .as_deref()
        .is_some_and(|only| only.trim().is_empty())
    {
        return Err(CliError(
            "--only needs a part of a row's name, such as 3x3 or Begin".into(),
        ));
    }
    // An --only that matches nothing is a typo, not an empty benchmark.
    let names = row_names();
    if let Some(only) = &args.only
        && !names.iter().any(|name| wanted(name))
    {
        return Err(CliError(format!(
            "--only {}: no row's name contains it; the rows are {}",
            as_typed(only),
            names.join(" · ")
        )));
    }
    let hash = args.table.bytes().unwrap_or(DEFAULT_HASH_BYTES);
    let threads = args.threads.count();
    let interrupt = Interrupt::catch();
    let (watch, live) = Watch::start(interrupt.flag());
    let mut rows = Vec::new();
    let halt = suite(args, hash, threads, &watch, &live, &mut rows).err();
    live.finish();
    // Only the realtime row fails the command (status 1) on a wrong answer.
    let disagreed = rows
        .iter()
        .any(|row| row.realtime.as_ref().is_some_and(|r| !r.agrees()));
    if let Some(Halt::Bad(error)) = halt {
        return Err(error);
    }
    // The table printed its rows as they were done; the JSON is one array, of the rows done
    // before a Ctrl-C too.
    if args.json {
        let text = serde_json::to_string(&rows)
            .map_err(|e| CliError(format!("cannot write JSON: {e}")))?;
        crate::outln!("{text}");
    }
    if let Some(Halt::Interrupted) = halt {
        crate::errln!(
            "tictree: bench interrupted ({cause}) during {}",
            watch.row_name(),
            cause = crate::cli::common::interrupt::cause()
        );
        return Ok(Ending::Interrupted);
    }
    Ok(if disagreed {
        Ending::Failed
    } else {
        Ending::Done
    })
}

/// The rows `--only` wants, each printed (as a table line) as soon as it is done: each run on one
/// thread, then again on `threads` when that is more. The realtime row runs only when `--only`
/// names it (it takes minutes), once, on `--threads` or else 2 threads.
fn suite(
    args: &BenchArgs,
    hash: usize,
    threads: usize,
    watch: &Watch,
    live: &Live,
    rows: &mut Vec<BenchRow>,
) -> Result<(), Halt> {
    let wanted = |name: &str| wants(args.only.as_deref(), name);
    let ttt = Rules::TICTACTOE;
    if !args.json {
        crate::outln!("{}", table_header(threads));
    }
    let mut emit = |row: &mut dyn FnMut(usize) -> Result<BenchRow, Halt>| -> Result<(), Halt> {
        // Here, and before each run of an analysis and each position of a row: `--json` writes
        // only at the end, so a reader gone (`| true`) would be found after the whole suite,
        // minutes later, as the table finds it only at its next line.
        end_if_reader_gone();
        let mut done = row(1)?;
        if threads > 1 {
            done = done.with_threaded(threads, &row(threads)?);
        }
        if !args.json {
            live.above(|| crate::outln!("{}", table_line(&done)));
        }
        rows.push(done);
        Ok(())
    };
    for algorithm in Algorithm::ALL {
        let name = format!("3x3 analysis {algorithm}");
        if wanted(&name) {
            watch.row(&name);
            emit(&mut |n| Ok(analysis_row(&name, ttt, algorithm, n, watch.stop())?))?;
        }
    }
    let rules = |text: &str| text.parse::<Rules>().map_err(CliError::from);
    if wanted("4x4 analysis engine") {
        watch.row("4x4 analysis engine");
        let board = rules("4x4")?;
        emit(&mut |n| {
            Ok(analysis_row(
                "4x4 analysis engine",
                board,
                Algorithm::Engine,
                n,
                watch.stop(),
            )?)
        })?;
    }
    for (name, board, value) in [("5x5k4 weak", "5x5k4", 0), ("6x5k4 weak", "6x5k4", 1)] {
        if wanted(name) {
            watch.row(name);
            let board = rules(board)?;
            emit(&mut |n| Ok(weak_row(name, board, value, hash, n, watch)?))?;
        }
    }
    let mut solver = None;
    for set in &SETS {
        let name = format!("connect4 {} {}", set.file, set.name);
        if wanted(&name) {
            watch.row(&name);
            let solver = solver.get_or_insert_with(|| connect4_engine(hash, watch));
            emit(&mut |n| {
                solver.set_threads(n);
                connect4_row(set, solver, watch)
            })?;
        }
    }
    if args.only.is_some() && wanted(realtime::NAME) {
        rows.push(run_realtime(args, hash, watch, live)?);
    }
    Ok(())
}

/// The engine the Connect Four rows share, its table mapped before timing, as Pons' table is
/// allocated and zeroed up front.
fn connect4_engine(hash: usize, watch: &Watch) -> Solver {
    let mut solver = Solver::with_hash(
        Position::empty(Rules::CONNECT4).layout(),
        watch.stop().clone(),
        hash,
    );
    solver.set_progress(watch.solver());
    // Cut short by Ctrl-C, the row's search stops at its first look at the flag.
    let _ = solver.touch_table();
    solver
}

/// The realtime row, once, on `--threads` or else 2 threads, printed as soon as it is done.
fn run_realtime(
    args: &BenchArgs,
    hash: usize,
    watch: &Watch,
    live: &Live,
) -> Result<BenchRow, Halt> {
    watch.row(realtime::NAME);
    let threads = args
        .threads
        .threads
        .map_or(realtime::THREADS, |n| n as usize);
    let row = realtime::realtime_row(threads, hash, watch, live)?;
    if !args.json {
        live.above(|| crate::outln!("{}", table_line(&row)));
    }
    Ok(row)
}
