//! Going on after a budget: the analysis board's background work. An appraisal whose budget ran
//! out with some moves only estimated is carried on, without a budget, until every move is exact
//! (or the caller stops it because the position changed).
//!
//! The moves still estimated are searched in rounds, each move getting a time slice that doubles
//! from round to round, the most promising first. A move that is quick to prove is therefore
//! proven early even when a neighbour needs minutes, and the exact scores replace the estimates one
//! by one, as a user watching the hints expects. An attempt cut off by its slice is not lost with
//! the `engine` algorithm: the positions it proved stay in the kept table and the next round
//! starts from them.

use crate::engine::analysis::appraisal::{Appraisal, MoveAppraisal};
use crate::engine::analysis::parallel::{Scored, score_moves};
use crate::engine::analysis::scorer::{Table, scorers};
use crate::engine::search::solver::{DEFAULT_HASH_BYTES, Solver};
use crate::engine::search::{Algorithm, Cancelled, SearchStats, StopFlag};
use std::time::{Duration, Instant};

/// The first round's time slice for each move; every round doubles it.
pub const FIRST_SLICE: Duration = Duration::from_millis(100);

/// Carries `appraisal` on until every move is exact, calling `on_update` as each becomes exact;
/// returns the appraisal with every move exact, its counters and time including the work before.
/// Runs on as many threads as the appraisal's budget gave it. `Err(Cancelled)` when `stop` is
/// raised first.
pub fn settle(
    appraisal: &Appraisal,
    table: Table<'_>,
    stop: &StopFlag,
    mut on_update: impl FnMut(&MoveAppraisal),
) -> Result<Appraisal, Cancelled> {
    let position = appraisal.position;
    // Times of the results carry on from the budgeted analysis's clock.
    let started = Instant::now() - appraisal.elapsed;
    let mut found = appraisal.moves.clone();
    let threads = appraisal.budget.threads.unwrap_or(1).max(1);
    // The `engine` keeps one table from round to round (a kept one, or its own).
    let mut own = None;
    let mut solver = match table {
        Table::Kept(solver) => Some(solver),
        Table::New(bytes) if appraisal.algorithm == Algorithm::Engine => {
            let bytes = bytes.unwrap_or(DEFAULT_HASH_BYTES);
            Some(own.insert(Solver::with_hash(position.layout(), stop.clone(), bytes)))
        }
        Table::New(_) => None,
    };
    let finished = rounds(
        appraisal,
        solver.as_deref_mut(),
        &mut found,
        threads,
        started,
        stop,
        &mut on_update,
    );
    // A kept engine goes back as it came: one thread a search.
    if let Some(solver) = solver {
        solver.set_threads(1);
    }
    let mut spent = finished?;
    // The searches start below the root move, one ply deeper than the analysed position.
    spent.depth += 1;
    let mut stats = appraisal.stats;
    stats += spent;
    // Best first, ties in cell order, as every analysis lists its moves.
    let cells = position.legal_moves();
    found.sort_by_key(|m| {
        let cell = cells.iter().position(|&mv| mv == m.mv);
        (std::cmp::Reverse(m.value.rank()), cell)
    });
    Ok(Appraisal {
        moves: found,
        stats,
        depth: None,
        elapsed: started.elapsed(),
        ..*appraisal
    })
}

/// Rounds of searches until every move in `found` is exact, each move's slice doubling from round
/// to round; returns the work they took.
fn rounds(
    appraisal: &Appraisal,
    mut solver: Option<&mut Solver>,
    found: &mut [MoveAppraisal],
    threads: usize,
    started: Instant,
    stop: &StopFlag,
    on_update: &mut impl FnMut(&MoveAppraisal),
) -> Result<SearchStats, Cancelled> {
    let position = appraisal.position;
    let legal: Vec<_> = found.iter().map(|m| m.mv).collect();
    let mut spent = SearchStats::default();
    let mut slice = FIRST_SLICE;
    // Best first (the appraisal's order): the likeliest recommendations are settled soonest.
    while let Some(pending) = unsettled(found) {
        // One thread a move; with fewer moves left than threads, the spare threads join the
        // moves' own searches (lazy SMP), so the last, hardest move still has every core.
        let lanes = threads.min(pending.len());
        if let Some(solver) = solver.as_deref_mut() {
            solver.set_threads(threads / lanes);
        }
        let mut table = match solver.as_deref_mut() {
            Some(solver) => Table::Kept(solver),
            None => Table::New(None),
        };
        let flags = (0..lanes).map(|_| StopFlag::with_deadline(stop)).collect();
        let mut scorers = scorers(appraisal.algorithm, &position, flags, &mut table);
        // Each move's fair share of the round is its slice (`score_moves` shares the time
        // left between the moves still to score).
        let end = Instant::now() + slice * pending.len().div_ceil(lanes) as u32;
        // Each move scored counts its own child in its row, proved or cut off: the total too.
        let mut children = 0;
        spent += score_moves(
            &position,
            &legal,
            &pending,
            &mut scorers,
            Some(end),
            stop,
            false,
            |index, scored| {
                children += 1;
                match scored {
                    Scored::Exact(analysed) => {
                        let mut settled = MoveAppraisal::exact(&analysed, started.elapsed());
                        settled.nodes += found[index].nodes;
                        on_update(&settled);
                        found[index] = settled;
                    }
                    // Out of time this round: the next round tries again for twice as long.
                    Scored::OutOfTime(nodes) => found[index].nodes += nodes,
                }
            },
        )?;
        spent.nodes += children;
        slice *= 2;
    }
    Ok(spent)
}

/// The indices of the moves not yet exact, if any.
fn unsettled(moves: &[MoveAppraisal]) -> Option<Vec<usize>> {
    let pending: Vec<usize> = (0..moves.len())
        .filter(|&i| !moves[i].value.is_exact())
        .collect();
    (!pending.is_empty()).then_some(pending)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::analysis::budget::Budget;
    use crate::engine::analysis::budgeted::analyze_within;
    use crate::engine::analysis::exact::analyze;
    use crate::engine::game::position::Position;
    use crate::engine::game::rules::Rules;
    use crate::engine::search::Algorithm;

    /// A depth-1 appraisal (estimates only, no clock) carried on to the end on `threads`.
    fn estimated_then_settled(
        position: &Position,
        threads: usize,
    ) -> (Appraisal, Appraisal, Vec<MoveAppraisal>) {
        let stop = StopFlag::default();
        let budget = Budget {
            threads: Some(threads),
            ..Budget::depth(1)
        };
        let estimated =
            analyze_within(position, Algorithm::Engine, &budget, &stop, |_| {}).unwrap();
        let mut updates = Vec::new();
        let settled = settle(&estimated, Table::New(None), &stop, |m| {
            updates.push(m.clone())
        })
        .unwrap();
        (estimated, settled, updates)
    }

    #[test]
    fn every_estimate_gives_way_to_the_exact_score_of_the_full_analysis() {
        let boards = [
            ("4x4", "b2 c3"),
            ("5x4k4", "c2"),
            ("connect4", "52753311433677442422121"),
        ];
        for ((rules, moves), threads) in boards.into_iter().flat_map(|b| [(b, 1), (b, 2)]) {
            let rules: Rules = rules.parse().unwrap();
            let (position, _) = Position::empty(rules).play_line(moves).unwrap();
            let (estimated, settled, updates) = estimated_then_settled(&position, threads);
            let pending = estimated
                .moves
                .iter()
                .filter(|m| !m.value.is_exact())
                .count();
            assert!(
                pending > 0,
                "{rules}: the depth-1 appraisal left nothing to settle"
            );
            // One update per move that was only estimated, each exact.
            assert_eq!(updates.len(), pending, "{rules}");
            assert!(updates.iter().all(|m| m.value.is_exact()), "{rules}");
            let exact =
                analyze(&position, Algorithm::Engine, &StopFlag::default(), |_| {}).unwrap();
            let settled_scores: Vec<_> = settled
                .moves
                .iter()
                .map(|m| (m.mv, m.value.exact().map(|s| s.score)))
                .collect();
            let exact_scores: Vec<_> = exact
                .moves
                .iter()
                .map(|m| (m.mv, Some(m.score.score)))
                .collect();
            assert_eq!(
                settled_scores, exact_scores,
                "{rules}: settled scores and order are the exact analysis's"
            );
            assert_eq!(settled.depth, None);
            assert!(settled.stats.nodes > estimated.stats.nodes, "{rules}");
            // Every node is some move's: the rows add up to the total.
            let rows: u64 = settled.moves.iter().map(|m| m.nodes).sum();
            assert_eq!(rows, settled.stats.nodes, "{rules}, {threads} threads");
            assert!(settled.elapsed >= estimated.elapsed, "{rules}");
        }
    }

    #[test]
    fn a_raised_stop_ends_it_with_cancelled() {
        let position = Position::empty(Rules::CONNECT4);
        let stop = StopFlag::default();
        let estimated = analyze_within(
            &position,
            Algorithm::Engine,
            &Budget::depth(1),
            &stop,
            |_| {},
        )
        .unwrap();
        stop.stop();
        let mut updates = 0;
        let result = settle(&estimated, Table::New(Some(1 << 20)), &stop, |_| {
            updates += 1
        });
        assert!(result.is_err());
        assert_eq!(updates, 0);
    }
}
