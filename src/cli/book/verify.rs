//! `tictree book verify`: re-solves a random sample of a book's positions with the live search
//! (the book itself switched off) and lists every position where the two disagree.

use super::{read, solve_live};
use crate::cli::args::BookVerifyArgs;
use crate::cli::common::error::{CliError, Ending};
use crate::cli::common::interrupt::Interrupt;
use crate::cli::common::progress::seconds;
use crate::engine::book::{Book, value_of_score};
use crate::engine::game::notation::thousands;
use crate::engine::game::score::signed;
use crate::engine::search::solver::DEFAULT_HASH_BYTES;
use crate::engine::{Position, Score};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

/// How many positions are re-solved without `--sample`.
const DEFAULT_SAMPLE: usize = 100;

/// Runs `tictree book verify`.
pub fn run(args: &BookVerifyArgs) -> Result<Ending, CliError> {
    let interrupt = Interrupt::catch();
    let wanted = args.sample.unwrap_or(DEFAULT_SAMPLE);
    let seed = args.seed.unwrap_or_else(rand::random);
    let threads = args.threads.count();
    let hash = args.table.bytes().unwrap_or(DEFAULT_HASH_BYTES);
    let book = read(&args.file)?;
    let sample = sample(&book, wanted, seed);
    let positions: Vec<_> = sample
        .iter()
        .map(|&i| book.position(book.entry(i).0))
        .collect();
    let total = positions.len();
    let started = Instant::now();
    let searched = Mutex::new(vec![None; positions.len()]);
    let outcome = solve_live(
        &positions,
        threads,
        hash,
        move |done, elapsed| {
            format!(
                "verify: {} of {} positions re-solved · {}",
                thousands(done as u64),
                thousands(total as u64),
                seconds(elapsed)
            )
        },
        &|index, score| {
            searched.lock().unwrap_or_else(PoisonError::into_inner)[index] = Some(score);
        },
        interrupt.flag(),
    );
    let searched = searched
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    let Checked {
        checked,
        wrong,
        mut report,
    } = check(&book, &sample, &positions, &searched);
    report.push_str(&format!(
        "{} of {} sampled positions of {} re-solved (seed {seed}, {} on {threads} thread{}): {}\n",
        thousands(checked),
        thousands(sample.len() as u64),
        crate::app::printable(&args.file),
        seconds(started.elapsed()),
        if threads == 1 { "" } else { "s" },
        match (checked, wrong) {
            (0, _) => "none checked".to_string(),
            (_, 0) => "every one agrees with the book".to_string(),
            (_, 1) => "1 disagrees".to_string(),
            (_, wrong) => format!("{wrong} disagree"),
        }
    ));
    if outcome.is_err() {
        // As `selfplay` and `analyze` mark a result Ctrl-C cut short.
        report.push_str(&format!(
            "partial: interrupted ({cause}) after {} of {} positions\n",
            thousands(checked),
            thousands(sample.len() as u64),
            cause = crate::cli::common::interrupt::cause()
        ));
    }
    crate::cli::common::output::out(&report);
    Ok(if outcome.is_err() {
        Ending::Interrupted
    } else if wrong > 0 {
        Ending::Failed
    } else {
        Ending::Done
    })
}

/// The re-solved positions set against the book.
struct Checked {
    /// Positions re-solved before any interruption.
    checked: u64,
    /// Of those, the ones whose score differs from the book's.
    wrong: u64,
    /// One line for each of them.
    report: String,
}

/// Sets each re-solved position's score (`searched`, `None` where the search did not get to it)
/// against the book's.
fn check(
    book: &Book,
    sample: &[usize],
    positions: &[Position],
    searched: &[Option<i8>],
) -> Checked {
    let cells = book.rules().cells() as u32;
    let mut report = String::new();
    let (mut checked, mut wrong) = (0, 0);
    for ((&index, position), found) in sample.iter().zip(positions).zip(searched) {
        let Some(found) = *found else { continue };
        checked += 1;
        let stored = book.entry(index).1;
        if stored != found {
            wrong += 1;
            let ply = position.ply();
            // The book's scale (Pons') and, as every other command shows a position's value,
            // tictree's score and outcome for the side to move.
            let shown = |compact: i8| {
                let value = value_of_score(compact, ply, cells);
                let score = Score::from_value(value, cells as usize, ply);
                format!(
                    "{} ({score}: {})",
                    signed(i32::from(compact)),
                    score.outcome()
                )
            };
            report.push_str(&format!(
                "disagrees: {} (ply {ply}): book {}, search {}\n",
                position.to_notation(),
                shown(stored),
                shown(found),
            ));
        }
    }
    Checked {
        checked,
        wrong,
        report,
    }
}

/// Up to `wanted` entry indices, spread evenly over the book's plies (a ply with fewer entries
/// than its share gives all it has, the rest go to the others), in a random order fixed by `seed`.
fn sample(book: &Book, wanted: usize, seed: u64) -> Vec<usize> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut by_ply: Vec<Vec<usize>> = vec![Vec::new(); book.plies() as usize + 1];
    for index in 0..book.len() {
        let ply = book.position(book.entry(index).0).ply() as usize;
        if let Some(list) = by_ply.get_mut(ply) {
            list.push(index);
        }
    }
    for list in &mut by_ply {
        list.shuffle(&mut rng);
    }
    let mut chosen = Vec::with_capacity(wanted);
    let mut round = 0;
    while chosen.len() < wanted && by_ply.iter().any(|list| list.len() > round) {
        for list in &by_ply {
            if chosen.len() < wanted
                && let Some(&index) = list.get(round)
            {
                chosen.push(index);
            }
        }
        round += 1;
    }
    chosen.shuffle(&mut rng);
    chosen
}
