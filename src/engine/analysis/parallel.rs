//! Scoring the moves of a position on several threads: each thread takes the next unscored move,
//! with its own searcher (the `engine`'s all over one shared table), and every result comes back
//! to the caller's thread, which hands it on as it arrives.
//!
//! With one thread the moves are scored in order on the caller's thread, as they always were.
//! With more, the `engine`'s first searcher still starts alone, in order, for a short while: most
//! positions of a game are analysed sooner than threads start, and then nothing differs from one
//! thread (not even the node counts, which depend on what earlier moves left in the table). Only
//! a longer analysis spreads its remaining moves. Searchers without a table (`minimax`,
//! `alphabeta`) spread at once: their moves' searches are independent, so the node counts are
//! those of one thread however the moves are spread.

use crate::engine::analysis::scorer::{MoveAnalysis, Scorer, score_move};
use crate::engine::game::position::{Move, Position};
use crate::engine::search::{Cancelled, SearchStats, StopFlag};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Instant;

/// Looks at the stop flag the first searcher gets before the others join: about 16,000 positions
/// of the solver (it looks every 256), a few milliseconds.
const ALONE_LOOKS: u32 = 64;

/// What became of one move.
pub(crate) enum Scored {
    /// Its exact score (the nodes include earlier attempts at it).
    Exact(MoveAnalysis),
    /// Its share of the time ran out after this many nodes.
    OutOfTime(u64),
}

/// Scores `moves[i]` for each `i` of `pending` (most urgent first) on the scorers' threads,
/// calling `on_scored(i, …)` on the caller's thread as each is done. With `end`, the time until
/// then is shared fairly between the moves still to score, and a move out of its share is given
/// up on. `alone_first`: the first scorer starts alone (see the module comment). `Err(Cancelled)`
/// when `stop` is raised first.
#[allow(clippy::too_many_arguments)]
pub(crate) fn score_moves(
    position: &Position,
    moves: &[Move],
    pending: &[usize],
    scorers: &mut [Scorer<'_>],
    end: Option<Instant>,
    stop: &StopFlag,
    alone_first: bool,
    mut on_scored: impl FnMut(usize, Scored),
) -> Result<SearchStats, Cancelled> {
    let before: Vec<SearchStats> = scorers.iter().map(|w| w.searcher.stats()).collect();
    let mut spent = vec![0; moves.len()];
    let mut rest = pending;
    let sequential = scorers.len() == 1 || alone_first;
    if let [first, others @ ..] = scorers
        && sequential
    {
        let alone = !others.is_empty();
        if alone {
            first.flag.set_look_limit(Some(ALONE_LOOKS));
        }
        while let [index, tail @ ..] = rest {
            // The moves still to score share the time left fairly.
            let share = end.map(|end| (end, rest.len()));
            match score_one(position, moves[*index], first, share) {
                Some(Ok(mut analysed)) => {
                    analysed.nodes += spent[*index];
                    on_scored(*index, Scored::Exact(analysed));
                }
                Some(Err(_)) if stop.is_stopped() => return Err(Cancelled),
                // The first searcher's time alone is up: this move and the rest go wide.
                // (The move's own child is counted when it is scored.)
                Some(Err(nodes)) if alone => {
                    spent[*index] += nodes - 1;
                    break;
                }
                Some(Err(nodes)) => on_scored(*index, Scored::OutOfTime(nodes)),
                None => {
                    // Out of time before this move: the flag may serve the caller again (the
                    // budgeted analysis estimates under it), so it loses its look limit.
                    first.flag.set_look_limit(None);
                    return Ok(totals(scorers, &before));
                }
            }
            rest = tail;
        }
        first.flag.set_look_limit(None);
    }
    if !rest.is_empty() {
        together(
            position,
            moves,
            rest,
            scorers,
            end,
            stop,
            &spent,
            &mut on_scored,
        )?;
    }
    Ok(totals(scorers, &before))
}

/// Scores one move with a scorer, within its fair share of the time left until `share.0` with
/// `share.1` moves to go: `None` when that time is already up, `Err(nodes spent)` when stopped.
fn score_one(
    position: &Position,
    mv: Move,
    scorer: &mut Scorer<'_>,
    share: Option<(Instant, usize)>,
) -> Option<Result<MoveAnalysis, u64>> {
    if let Some((end, moves_left)) = share {
        let now = Instant::now();
        if now >= end {
            return None;
        }
        scorer
            .flag
            .set_deadline(Some(now + (end - now) / moves_left.max(1) as u32));
    }
    let before = scorer.searcher.stats().nodes;
    if let Some(progress) = &scorer.progress {
        progress.set_scoring(mv.cell(), true);
    }
    let scored = score_move(scorer.searcher.as_mut(), position, mv)
        .map_err(|Cancelled| scorer.searcher.stats().nodes - before + 1);
    if let Some(progress) = &scorer.progress {
        progress.set_scoring(mv.cell(), false);
    }
    Some(scored)
}

/// The moves of `rest` spread over every scorer's thread.
#[allow(clippy::too_many_arguments)]
fn together(
    position: &Position,
    moves: &[Move],
    rest: &[usize],
    scorers: &mut [Scorer<'_>],
    end: Option<Instant>,
    stop: &StopFlag,
    spent: &[u64],
    on_scored: &mut impl FnMut(usize, Scored),
) -> Result<(), Cancelled> {
    let next = AtomicUsize::new(0);
    // The threads taking moves: every scorer's, unless the system could not give some (set
    // once they are started; the moves' shares of the time depend on it).
    let threads = AtomicUsize::new(scorers.len());
    let (sender, results) = mpsc::channel();
    let work = |scorer: &mut Scorer<'_>, sender: mpsc::Sender<_>| {
        loop {
            let taken = next.fetch_add(1, Ordering::Relaxed);
            let Some(&index) = rest.get(taken) else { break };
            // Each thread's moves share the time left: as many turns as it has to go.
            let turns = (rest.len() - taken).div_ceil(threads.load(Ordering::Relaxed).max(1));
            let share = end.map(|end| (end, turns));
            let Some(found) = score_one(position, moves[index], scorer, share) else {
                break;
            };
            let cancelled = found.is_err() && stop.is_stopped();
            if sender.send((index, found, cancelled)).is_err() || cancelled {
                break;
            }
        }
    };
    let work = &work;
    std::thread::scope(|scope| {
        // A thread the system cannot give (a memory limit) is done without; with none at all,
        // the caller's thread scores every move before handing the results on.
        let [first, others @ ..] = scorers else {
            return Ok(());
        };
        let mut started = 0;
        for scorer in others {
            let sender = sender.clone();
            let spawned = thread::Builder::new().spawn_scoped(scope, move || work(scorer, sender));
            started += usize::from(spawned.is_ok());
        }
        if started == 0 {
            threads.store(1, Ordering::Relaxed);
            work(first, sender.clone());
        } else {
            let sender = sender.clone();
            let spawned = thread::Builder::new().spawn_scoped(scope, move || work(first, sender));
            threads.store(started + usize::from(spawned.is_ok()), Ordering::Relaxed);
        }
        drop(sender);
        let mut cancelled = false;
        for (index, found, stopped) in results {
            match found {
                _ if stopped => cancelled = true,
                Ok(mut analysed) => {
                    analysed.nodes += spent[index];
                    on_scored(index, Scored::Exact(analysed));
                }
                Err(nodes) => on_scored(index, Scored::OutOfTime(nodes + spent[index])),
            }
        }
        if cancelled { Err(Cancelled) } else { Ok(()) }
    })
}

/// The scorers' counters since `before`, added up.
pub(crate) fn totals(scorers: &[Scorer<'_>], before: &[SearchStats]) -> SearchStats {
    let mut total = SearchStats::default();
    for (scorer, before) in scorers.iter().zip(before) {
        total += scorer.searcher.stats() - *before;
    }
    total
}
