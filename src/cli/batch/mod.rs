//! `tictree solve --batch FILE`: one position per line in, one result per line out, as Pons'
//! solver reads and writes them (docs/cli.md, "Batch solving"). One engine, so one
//! transposition table, serves the whole batch. A bad line is reported on stderr with its
//! number and the batch goes on; the exit status says whether every line was solved and agreed.

mod input;
mod line;
mod output;
mod solving;

use super::args::SolveArgs;
use crate::cli::common::error::{CliError, Ending, as_typed};
use crate::cli::common::interrupt::Interrupt;
use crate::cli::common::progress::Live;
use crate::engine::game::notation::thousands;
use crate::engine::search::solver::DEFAULT_HASH_BYTES;
use crate::engine::{Position, Rules, SearchProgress, Solver};
use input::{Line, Lines};
use output::{Tallied, Tally};
use std::io::{ErrorKind, IsTerminal};
use std::sync::{Arc, Mutex, PoisonError};

/// Runs the batch.
pub fn run(args: &SolveArgs, source: &str) -> Result<Ending, CliError> {
    let rules = args.game.rules()?;
    let bytes = args.table.bytes().unwrap_or(DEFAULT_HASH_BYTES);
    let threads = args.threads.count();
    // Caught first: counting a file's lines, mapping the table and reading an endless line all
    // stop on Ctrl-C.
    let interrupt = Interrupt::catch();
    if source.is_empty() {
        return Err(CliError(
            "--batch is empty: name the file of positions, or - for standard input".into(),
        ));
    }
    let (lines, total) = input::open(source, interrupt.flag())
        .map_err(|e| CliError(format!("--batch {}: {e}", as_typed(source))))?;
    let mut solver = Solver::with_hash(
        Position::empty(rules).layout(),
        interrupt.flag().clone(),
        bytes,
    );
    solver.set_threads(threads);
    let progress = Arc::new(SearchProgress::default());
    let tally = Arc::new(Mutex::new(Tally::new(
        rules,
        total,
        args.weak,
        args.analyze,
    )));
    // Someone typing the lines needs the terminal to themselves.
    let typing = source == "-" && std::io::stdin().is_terminal();
    let live = if typing {
        Live::off()
    } else {
        let (tally, progress) = (Arc::clone(&tally), Arc::clone(&progress));
        Live::start(move || {
            let tally = tally.lock().unwrap_or_else(PoisonError::into_inner);
            tally.lines(&progress)
        })
    };
    if live.is_on() {
        solver.set_progress(Some(Arc::clone(&progress)));
    }
    // Mapped before the first line, so its time is the search's, not the kernel's. Cut short by
    // Ctrl-C, the reading of line 1 says so.
    let _ = solver.touch_table();
    let options = Options {
        rules,
        weak: args.weak,
        analyze: args.analyze,
        json: args.json,
    };
    let ended = solve_lines(lines, &mut solver, &tally, &live, options);
    live.finish();
    let tally = tally.lock().unwrap_or_else(PoisonError::into_inner);
    match ended {
        Ok(false) => Ok(Ending::Interrupted),
        Ok(true) => Ok(tally.finish()),
        // A reader that stops early (`| head`) is a normal end, not an error.
        Err(Failed::Writing(error)) if error.kind() == ErrorKind::BrokenPipe => Ok(tally.finish()),
        Err(Failed::Writing(error)) => Err(CliError(format!("cannot write the output: {error}"))),
        Err(Failed::Reading(error)) => {
            Err(CliError(format!("--batch {}: {error}", as_typed(source))))
        }
    }
}

/// Where a batch failed: reading its lines (the file's fault) or writing the results (the
/// output's: a full disk), which the message must not blame on the file.
enum Failed {
    Reading(std::io::Error),
    Writing(std::io::Error),
}

/// What every line is asked.
#[derive(Clone, Copy)]
struct Options {
    rules: Rules,
    weak: bool,
    analyze: bool,
    json: bool,
}

/// Reads, solves and prints every line: `Ok(true)` at the end of the input, `Ok(false)` when
/// Ctrl-C stopped it.
fn solve_lines(
    mut lines: Lines,
    solver: &mut Solver,
    tally: &Mutex<Tally>,
    live: &Live,
    options: Options,
) -> Result<bool, Failed> {
    let record = |event: Tallied| {
        let mut tally = tally.lock().unwrap_or_else(PoisonError::into_inner);
        tally
            .add(event, live, options.json)
            .map_err(Failed::Writing)
    };
    let mut number = 0;
    while let Some(read) = lines.next_line().map_err(Failed::Reading)? {
        number += 1;
        record(Tallied::Reading(number))?;
        let read = match read {
            Line::Text(read) => read,
            Line::TooLong(length) => {
                record(Tallied::Bad(number, too_long(length)))?;
                continue;
            }
            Line::Stopped => {
                record(Tallied::Interrupted(number))?;
                return Ok(false);
            }
            // A binary file (a book given by mistake) is no list of positions: one line and
            // stop, rather than one complaint for each of its hundreds of "lines".
            Line::Binary => {
                return Err(Failed::Reading(std::io::Error::new(
                    ErrorKind::InvalidData,
                    format!("line {number} holds a NUL byte: not a text file"),
                )));
            }
        };
        let Ok(text) = String::from_utf8(read) else {
            record(Tallied::Bad(number, "not UTF-8 text".into()))?;
            continue;
        };
        let entry = match line::parse(options.rules, &text) {
            Ok(None) => continue,
            Ok(Some(entry)) => entry,
            Err(why) => {
                record(Tallied::Bad(number, why))?;
                continue;
            }
        };
        if let Err(why) = solving::check_count(&entry, options.analyze) {
            record(Tallied::Bad(number, why))?;
            continue;
        }
        match solving::solve(solver, &entry, options.weak, options.analyze) {
            Ok(answer) => record(Tallied::Solved(number, entry, answer))?,
            Err(_) => {
                record(Tallied::Interrupted(number))?;
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Why a line longer than any position is skipped.
fn too_long(length: u64) -> String {
    format!(
        "{} bytes long, more than any position and its scores take ({} at most)",
        thousands(length),
        thousands(input::MAX_LINE as u64)
    )
}
