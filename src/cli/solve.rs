//! `tictree solve`: the value of a position, with nodes, time, nodes/s, table use and peak memory;
//! on a terminal, the narrowing live on stderr while it searches.

use super::args::SolveArgs;
use crate::cli::common::error::{CliError, Ending};
use crate::cli::common::format::{
    RulesJson, json_ms, status_name, status_words, to_move_name, value_name,
};
use crate::cli::common::interrupt::Interrupt;
use crate::cli::common::narrowing;
use crate::cli::common::output::ReaderWatch;
use crate::cli::common::progress::{Live, rate, seconds};
use crate::engine::analysis::solve::{Solution, solve_with};
use crate::engine::game::notation::thousands;
use crate::engine::game::score::signed;
use crate::engine::search::solver::DEFAULT_HASH_BYTES;
use crate::engine::{Phase, Position, SearchProgress, Solver};
use serde::Serialize;
use std::sync::Arc;
use std::time::Instant;

/// `solve --json`.
#[derive(Serialize)]
struct SolveJson {
    rules: RulesJson,
    position: String,
    /// `null` once the game is over.
    to_move: Option<String>,
    status: &'static str,
    weak: bool,
    /// `win`, `draw` or `loss` for the side to move.
    value: &'static str,
    /// Exact solves (`null` for a weak one): the depth-aware score of the best move, the same
    /// value on Pons' scale, plies to the end; the outcome in words.
    score: Option<i32>,
    pons_score: Option<i32>,
    plies: Option<u32>,
    outcome: String,
    pv: Vec<String>,
    /// False when Ctrl-C came while the line was read: `pv` is its beginning.
    pv_complete: bool,
    nodes: u64,
    explored: u64,
    elapsed_ms: f64,
    nodes_per_second: f64,
    /// Reading `pv` after the search, not part of `elapsed_ms` (its nodes are not counted).
    line_ms: f64,
    tt_stored: usize,
    tt_capacity: usize,
    tt_bytes: usize,
    tt_exact_keys: bool,
    peak_memory_bytes: Option<u64>,
}

/// The process's peak resident memory (Linux), if known.
pub fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

fn to_json(position: &Position, solution: &Solution) -> SolveJson {
    let exact = !solution.weak;
    // A weak solve's value is only a sign: no score can be derived from it.
    let score = exact.then(|| solution.score(position));
    let seconds = solution.elapsed.as_secs_f64();
    SolveJson {
        rules: position.rules().into(),
        position: position.to_notation(),
        to_move: to_move_name(position),
        status: status_name(position),
        weak: solution.weak,
        value: value_name(solution.value),
        score: score.map(|s| s.score),
        pons_score: exact.then(|| solution.pons_score(position)),
        plies: score.map(|s| s.plies),
        outcome: match score {
            Some(s) => s.outcome().to_string(),
            None => value_name(solution.value).to_string(),
        },
        pv: position.rules().move_names(&solution.pv),
        pv_complete: solution.line_complete,
        nodes: solution.stats.nodes,
        explored: solution.explored,
        elapsed_ms: json_ms(seconds * 1e3),
        nodes_per_second: (solution.stats.nodes as f64 / seconds.max(1e-9)).round(),
        line_ms: json_ms(solution.line_elapsed.as_secs_f64() * 1e3),
        tt_stored: solution.table.stored,
        tt_capacity: solution.table.capacity,
        tt_bytes: solution.table.bytes,
        tt_exact_keys: solution.table.exact_keys,
        peak_memory_bytes: peak_memory(),
    }
}

/// Runs the subcommand: one position, or with `--batch` a file of them (batch.rs).
pub fn run(args: &SolveArgs) -> Result<Ending, CliError> {
    super::book::consult(&args.book, args.game.rules()?);
    if let Some(source) = &args.batch {
        return super::batch::run(args, source);
    }
    if args.analyze {
        return Err(CliError(
            "--analyze works with --batch; for one position use 'tictree analyze'".into(),
        ));
    }
    let position = args.game.position(args.position.as_deref())?;
    let table = args.table.bytes().unwrap_or(DEFAULT_HASH_BYTES);
    let threads = args.threads.count();
    let interrupt = Interrupt::catch();
    // Nothing is written until the value is known, which may be minutes away (or seconds of
    // mapping a big table first).
    let reader = ReaderWatch::start(interrupt.flag());
    let progress = Arc::new(SearchProgress::default());
    let mut solver = Solver::with_hash(position.layout(), interrupt.flag().clone(), table);
    solver.set_progress(Some(Arc::clone(&progress)));
    solver.set_threads(threads);
    // One position: its whole line is worth the fraction of a second past the book.
    solver.set_line_past_book(true);
    // Map the table before the clock starts: the time reported is the search's.
    if solver.touch_table().is_err() {
        reader.finish();
        crate::errln!(
            "tictree: solve interrupted ({cause}) while the table was being mapped, before the \
             search",
            cause = crate::cli::common::interrupt::cause()
        );
        return Ok(Ending::Interrupted);
    }
    let started = Instant::now();
    let live = live_narrowing(Arc::clone(&progress), &position, args.weak, started);
    let solved = solve_with(&mut solver, &position, args.weak, true);
    live.finish();
    reader.finish();
    let Ok(solution) = solved else {
        report_interrupted(&progress, &position, args.weak, started);
        return Ok(Ending::Interrupted);
    };
    let json = to_json(&position, &solution);
    if args.json {
        let text = serde_json::to_string(&json)
            .map_err(|e| CliError(format!("cannot write JSON: {e}")))?;
        crate::outln!("{text}");
    } else {
        print_report(&json, &position);
    }
    // The value is known; only the line was cut short.
    if !solution.line_complete {
        crate::errln!(
            "tictree: solve interrupted ({cause}) while reading the line",
            cause = crate::cli::common::interrupt::cause()
        );
        return Ok(Ending::Interrupted);
    }
    Ok(Ending::Done)
}

/// The nodes, rate and time, then the narrowing, on stderr while the search runs (on a
/// terminal): two lines, so that on 80 columns neither pushes the other off the screen.
fn live_narrowing(
    progress: Arc<SearchProgress>,
    position: &Position,
    weak: bool,
    started: Instant,
) -> Live {
    let (rules, cells) = (*position.rules(), position.rules().cells());
    Live::start(move || {
        let nodes = progress.nodes();
        vec![
            format!(
                "solve {rules}{} · {} nodes · {} · {}",
                if weak { " (weak)" } else { "" },
                thousands(nodes),
                rate(nodes, started.elapsed()),
                seconds(started.elapsed())
            ),
            narrowing::describe(progress.phase(), weak, cells),
        ]
    })
}

/// After Ctrl-C: how long it ran and what the narrowing had proven by then.
fn report_interrupted(
    progress: &SearchProgress,
    position: &Position,
    weak: bool,
    started: Instant,
) {
    let known = match progress.phase() {
        Phase::Narrowing(n) => narrowing::known(n, weak, position.rules().cells()),
        _ => "nothing yet".into(),
    };
    crate::errln!(
        "tictree: solve interrupted ({cause}) after {} and {} nodes; known so far: {known}",
        seconds(started.elapsed()),
        thousands(progress.nodes()),
        cause = crate::cli::common::interrupt::cause()
    );
}

/// The report for people: one labelled line per fact.
fn print_report(json: &SolveJson, position: &Position) {
    // `(O to move)`, or how the game ended (`(game over: draw)`), as `analyze` says it.
    crate::outln!("position  {} ({})", json.position, status_words(position));
    match (json.score, json.pons_score, json.plies) {
        (Some(score), Some(pons), Some(plies)) => crate::outln!(
            "value     {} (score {}, Pons score {}, {plies} pl{} to the end)",
            json.outcome,
            signed(score),
            signed(pons),
            if plies == 1 { "y" } else { "ies" }
        ),
        _ => crate::outln!("value     {} (weak solve)", json.outcome),
    }
    match (json.pv.is_empty(), json.pv_complete) {
        (true, false) => crate::outln!("line      none read (interrupted)"),
        (false, false) => crate::outln!(
            "line      {} (interrupted: the rest was not read)",
            json.pv.join(" ")
        ),
        (false, true) => crate::outln!("line      {}", json.pv.join(" ")),
        (true, true) => {}
    }
    crate::outln!(
        "nodes     {} ({} position{} explored)",
        json.nodes,
        json.explored,
        if json.explored == 1 { "" } else { "s" }
    );
    let line = if json.pv.is_empty() && json.pv_complete {
        String::new()
    } else {
        format!(" (and {:.3} ms reading the line)", json.line_ms)
    };
    crate::outln!(
        "time      {:.3} ms, {:.0} nodes/s{line}",
        json.elapsed_ms,
        json.nodes_per_second
    );
    crate::outln!(
        "table     {} of {} slots used, {:.1} MiB{}",
        json.tt_stored,
        json.tt_capacity,
        json.tt_bytes as f64 / (1 << 20) as f64,
        if json.tt_exact_keys {
            ""
        } else {
            " (64-bit key checks: collisions unlikely, not impossible)"
        }
    );
    if let Some(peak) = json.peak_memory_bytes {
        crate::outln!("memory    {:.1} MiB peak", peak as f64 / (1 << 20) as f64);
    }
}
