//! Per-move analysis within a budget (docs/cli.md, Budgets): exact where the budget allows,
//! estimates improved depth by depth elsewhere, every result delivered as soon as it is known.
//!
//! Under a time budget, every move first gets a depth-1 estimate (so all of them show a value at
//! once), then the exact algorithm gets half the time (`EXACT_TRIAL`), or most of it
//! (`EXACT_SHARE`) once it has proven a move, the moves best estimate first, with no share of their
//! own: the phase ends at its deadline, like an unlimited analysis cut short. The solver can
//! only be interrupted through its `StopFlag`, so it runs under a flag with a deadline. A node
//! budget next to the time is shared the same way, the phase's part counted in the flag's looks
//! (`node_share.rs`) and the phase run on one thread, so that when the nodes run out first the
//! answer is the same on every run. Without a time limit only the depth-limited search runs,
//! and under a depth limit short of the game's end too (the exact algorithm would search past
//! it). That search covers the moves still unsolved at depths 1, 2, 3… until the budget is
//! spent; a move whose search proves a win or a loss, or reaches the end of every line, becomes
//! exact.

use crate::engine::analysis::appraisal::{Appraisal, MoveAppraisal, MoveValue};
use crate::engine::analysis::budget::Budget;
use crate::engine::analysis::compare::to_depth;
use crate::engine::analysis::exact::analyze_parallel;
use crate::engine::analysis::node_share::NodeShare;
use crate::engine::analysis::parallel::{Scored, score_moves};
use crate::engine::analysis::scorer::{Table, scorers};
use crate::engine::game::position::{Move, Position};
use crate::engine::game::score::Score;
use crate::engine::search::estimate::{Estimate, Found, Horizon};
use crate::engine::search::{Algorithm, Cancelled, SearchProgress, SearchStats, StopFlag};
use std::sync::Arc;
use std::time::Instant;

/// The part of a time budget the exact algorithm may use before the estimates take over, once it
/// has proven one move (`EXACT_TRIAL` until then). An exact answer is worth more than any
/// estimate, so it gets most of the time; the rest still deepens the estimates of the moves it
/// could not solve. With half the time, each move with a
/// fair share of it, positions of strong Connect Four games at 6 to 11 plies whose unlimited
/// analysis takes 1.0 to 1.3 s on two threads were left with moves unsolved at 1.5 s.
const EXACT_SHARE: f64 = 0.9;

/// The part of a time budget the exact algorithm may use while it has proven no move: where not
/// even one move is in reach (8×8 k=5 from the start, Connect Four's opening without the book),
/// the estimates keep half the time, as deep as they were before exact answers came first.
const EXACT_TRIAL: f64 = 0.5;

/// Scores every legal move of `position` within `budget`, calling `on_update` each time a move's
/// value is found or improved. Without limits this is exactly `analyze` (same values, same node
/// counts). `Err(Cancelled)` only when `stop` is raised; running out of budget is not an error.
pub fn analyze_within(
    position: &Position,
    algorithm: Algorithm,
    budget: &Budget,
    stop: &StopFlag,
    on_update: impl FnMut(&MoveAppraisal),
) -> Result<Appraisal, Cancelled> {
    let table = Table::New(budget.table);
    analyze_within_table(position, algorithm, budget, table, stop, on_update)
}

/// `analyze_within` with the engine's transposition table from `table` (a kept engine's table
/// makes the exact phase cheaper where earlier searches stored the positions it meets).
pub fn analyze_within_table(
    position: &Position,
    algorithm: Algorithm,
    budget: &Budget,
    mut table: Table<'_>,
    stop: &StopFlag,
    mut on_update: impl FnMut(&MoveAppraisal),
) -> Result<Appraisal, Cancelled> {
    let started = Instant::now();
    let threads = budget.threads.unwrap_or(1).max(1);
    if budget.is_unlimited() {
        return analyze_unlimited(
            position, algorithm, budget, table, threads, stop, started, on_update,
        );
    }
    // None once the game is over.
    let moves = position.legal_moves();
    if let (Some(depth), None, None, false) = (
        budget.depth,
        budget.time,
        budget.nodes,
        algorithm == Algorithm::Engine,
    ) {
        // A depth alone, for minimax and alpha-beta: their own search of every move to that
        // depth, as `--compare` and the replay run them, so the node count is theirs. (The
        // iterative deepening below is the engine's estimating search.)
        return to_depth(position, algorithm, depth, &moves, stop, on_update)
            .map_err(|_| Cancelled);
    }
    let flag = StopFlag::with_deadline(stop);
    let empty = position.empty_cells() as u32;
    let deepest = budget.depth.unwrap_or(u32::MAX).min(empty).max(1);
    let deepest = if moves.is_empty() { 0 } else { deepest };
    let mut progress = Progress {
        position,
        moves: &moves,
        slots: vec![None; moves.len()],
        spent: vec![0; moves.len()],
        uncounted: 0,
        started,
        settled: vec![None; moves.len()],
        reached: None,
        reporter: match &table {
            Table::Kept(solver) => solver.progress(),
            Table::New(_) => None,
        },
        reported: 0,
    };
    let mut horizon = Horizon::new(position, flag.clone(), budget.nodes);
    let mut stats = SearchStats::default();
    let mut first_depth = 1;

    let exact = budget.runs_exact_search(empty);
    if let Some(time) = budget.time.filter(|_| !moves.is_empty() && exact) {
        // Depth 1 first (a few nodes a move, never interrupted), so every move shows a value at
        // once, even on boards where the exact attempts below cannot finish any.
        progress.deepen(&mut horizon, 1, stop, &mut on_update)?;
        progress.finished(1);
        first_depth = 2;
        let exact = ExactPhase {
            algorithm,
            flag: &flag,
            // Threads share the table in an order the system decides, so a node count is the
            // same on every run only on one.
            threads: if budget.nodes.is_some() { 1 } else { threads },
            time,
            nodes: budget
                .nodes
                .map(|nodes| NodeShare::new(algorithm, nodes, horizon.stats.nodes)),
            stop,
        };
        stats = progress.solve(&exact, &mut table, &mut on_update)?;
        horizon.set_node_limit(budget.nodes.map(|n| n.saturating_sub(stats.nodes)));
    }

    flag.set_deadline(budget.time.map(|time| started + time));
    for depth in first_depth..=deepest {
        match progress.deepen(&mut horizon, depth, stop, &mut on_update)? {
            Deepened::Nothing | Deepened::Partly => break,
            Deepened::Fully => progress.finished(depth),
        }
    }
    // The search the budget cut short is reported too.
    progress.report(horizon.stats.nodes - progress.reported);
    stats += horizon.stats;
    stats.nodes -= progress.uncounted;

    let reached = progress.reached;
    let appraised = final_moves(progress.slots, progress.settled);
    let all_exact = appraised.iter().all(|m| m.value.is_exact());
    Ok(Appraisal {
        position: *position,
        algorithm,
        budget: *budget,
        moves: appraised,
        stats,
        depth: if all_exact { None } else { reached },
        elapsed: started.elapsed(),
    })
}

/// Without limits: exactly `analyze` (same values, same node counts), each move reported as the
/// threads deliver it.
#[allow(clippy::too_many_arguments)]
fn analyze_unlimited(
    position: &Position,
    algorithm: Algorithm,
    budget: &Budget,
    table: Table<'_>,
    threads: usize,
    stop: &StopFlag,
    started: Instant,
    mut on_update: impl FnMut(&MoveAppraisal),
) -> Result<Appraisal, Cancelled> {
    let mut found = Vec::new();
    let analysis = analyze_parallel(position, algorithm, table, threads, stop, |m| {
        let appraisal = MoveAppraisal::exact(m, started.elapsed());
        on_update(&appraisal);
        found.push(appraisal);
    })?;
    // The moves as they arrived carry their own elapsed times; in the analysis's order (best
    // first, ties in cell order), whatever order the threads delivered them in.
    found.sort_by_key(|m| analysis.moves.iter().position(|a| a.mv == m.mv));
    Ok(Appraisal {
        position: analysis.position,
        algorithm: analysis.algorithm,
        budget: *budget,
        moves: found,
        stats: analysis.stats,
        depth: None,
        elapsed: analysis.elapsed,
    })
}

/// Each move's exact value where it has one, else its estimate at the last depth every move
/// finished; best first.
fn final_moves(
    latest: Vec<Option<MoveAppraisal>>,
    settled: Vec<Option<MoveAppraisal>>,
) -> Vec<MoveAppraisal> {
    let mut appraised: Vec<MoveAppraisal> = latest
        .into_iter()
        .zip(settled)
        .filter_map(|(latest, settled)| match latest {
            Some(m) if m.value.is_exact() => Some(m),
            // The settled value, with every node searched for the move: the half-finished
            // depth's too, so that the rows add up to the total.
            latest => settled.map(|settled| MoveAppraisal {
                nodes: latest.map_or(settled.nodes, |latest| latest.nodes),
                ..settled
            }),
        })
        .collect();
    appraised.sort_by_key(|m| std::cmp::Reverse(m.value.rank()));
    appraised
}

/// What the exact phase of a timed analysis runs with.
struct ExactPhase<'a> {
    algorithm: Algorithm,
    /// The analysis's own flag, whose deadline ends the phase (the first scorer's).
    flag: &'a StopFlag,
    threads: usize,
    /// The whole time budget, of which the phase takes `EXACT_TRIAL` or `EXACT_SHARE`.
    time: std::time::Duration,
    /// The node budget, if any, of which it takes the same parts (the depth-1 estimates' nodes
    /// counted as spent, as their time is).
    nodes: Option<NodeShare>,
    stop: &'a StopFlag,
}

/// The moves of an analysis within a budget and what is known of each so far.
struct Progress<'a> {
    position: &'a Position,
    moves: &'a [Move],
    /// The latest value of each move, if any.
    slots: Vec<Option<MoveAppraisal>>,
    /// Nodes spent on each move by searches whose result was dropped or superseded.
    spent: Vec<u64>,
    /// The depth-1 previews of the moves proven in the exact phase, left out of the total: a
    /// move, and an analysis, proven there has the node count of its algorithm alone, as
    /// `analyze` gives it (549,945 for minimax on the empty 3×3 board, the seeds' figure).
    uncounted: u64,
    started: Instant,
    /// The values of the last depth every estimated move finished: an estimate one ply deeper is
    /// not comparable (the side to move at the horizon differs), so a half-finished depth is
    /// shown live but does not decide the final order.
    settled: Vec<Option<MoveAppraisal>>,
    /// That depth, once there is one.
    reached: Option<u32>,
    /// Where a reader follows the kept engine's work, if anyone does: the estimates' nodes are
    /// added there too, so the work it shows counts all of the analysis, as its clock does.
    reporter: Option<Arc<SearchProgress>>,
    /// The estimates' nodes reported there so far.
    reported: u64,
}

/// How far one pass of estimates got.
enum Deepened {
    /// Every move was already exact: there is nothing left to estimate.
    Nothing,
    /// The budget ran out part-way.
    Partly,
    /// Every move not yet exact has its estimate at the new depth.
    Fully,
}

impl Progress<'_> {
    /// Adds `nodes` of estimates to the reader's work, if anyone reads it.
    fn report(&mut self, nodes: u64) {
        self.reported += nodes;
        if let Some(reporter) = &self.reporter {
            reporter.add_work(nodes);
        }
    }

    /// Every move not yet exact has its estimate at `depth`: these values decide the order.
    fn finished(&mut self, depth: u32) {
        self.reached = Some(depth);
        self.settled.clone_from(&self.slots);
    }

    /// The moves not yet exact, the most promising first.
    fn unsolved(&self) -> Vec<usize> {
        let mut pending: Vec<usize> = (0..self.moves.len())
            .filter(|&i| !self.slots[i].as_ref().is_some_and(|m| m.value.is_exact()))
            .collect();
        pending.sort_by_key(|&i| {
            std::cmp::Reverse(self.slots[i].as_ref().map_or(0, |m| m.value.rank()))
        });
        pending
    }

    /// The exact phase: the exact algorithm on every move not yet exact until the phase's
    /// deadline, each move it proves reported through `on_update`.
    ///
    /// Every scorer stops at the end of the phase, and no move has a share of its own: the phase
    /// spends its time as an unlimited analysis would, whose whole is what decides whether every
    /// move can be exact (a move cut off at a share of its own loses the work the table could not
    /// keep, and on Connect Four positions of 6 to 11 plies the shares left moves unsolved that
    /// the whole analysis solved in time). The moves left unsolved at the end get estimates.
    fn solve(
        &mut self,
        phase: &ExactPhase<'_>,
        table: &mut Table<'_>,
        on_update: &mut impl FnMut(&MoveAppraisal),
    ) -> Result<SearchStats, Cancelled> {
        let started = self.started;
        let time = phase.time;
        let flags: Vec<StopFlag> = std::iter::once(phase.flag.clone())
            .chain((1..phase.threads).map(|_| StopFlag::with_deadline(phase.stop)))
            .collect();
        // Until a move is proven the phase may only take its trial; a proof says exact answers
        // are in reach, and the phase may then go on to its full share.
        let extend = |end: Instant| flags.iter().for_each(|f| f.set_deadline(Some(end)));
        extend(started + time.mul_f64(EXACT_TRIAL));
        let share = std::cell::Cell::new(phase.nodes);
        let cut_off = std::cell::Cell::new(0);
        let mut scorers = scorers(phase.algorithm, self.position, flags.clone(), table);
        // The most promising first: if time runs out, the moves a player would choose between
        // are the ones most likely exact.
        let pending = self.unsolved();
        // Under a node budget one move at a time, each under what is left of the phase's part
        // (`score_moves` leaves the flag without a look limit), ending at the first move cut
        // short: every move after it would search up to a look's worth of nodes before its first
        // look stopped it, nodes the budget would count. (Out of time, those short searches of
        // the rest still prove a move or two that needs fewer.)
        let batches: Vec<&[usize]> = match phase.nodes {
            Some(_) => pending.chunks(1).collect(),
            None => vec![&pending],
        };
        let (position, moves) = (self.position, self.moves);
        let proven = std::cell::Cell::new(0);
        let ended = std::cell::Cell::new(false);
        let mut on_scored = |index: usize, scored| match scored {
            Scored::Exact(analysed) => {
                extend(started + time.mul_f64(EXACT_SHARE));
                share.set(share.get().map(|share| share.spend(analysed.nodes)));
                // Its nodes are its algorithm's alone: the phase follows the preview and
                // scores a move once, so all the move had spent is its preview, not counted.
                let appraisal = MoveAppraisal::exact(&analysed, started.elapsed());
                self.uncounted += self.spent[index];
                proven.set(proven.get() + 1);
                on_update(&appraisal);
                self.slots[index] = Some(appraisal);
            }
            // The exact phase is over: the estimates take over.
            Scored::OutOfTime(nodes) => {
                // Its row counts the attempt now, whether or not a deeper estimate comes (the
                // solver reported these nodes to the reader itself).
                self.count_in_row(index, nodes, on_update);
                cut_off.set(cut_off.get() + 1);
                ended.set(true);
            }
        };
        let mut stats = SearchStats::default();
        for batch in batches {
            let part = if proven.get() == 0 {
                EXACT_TRIAL
            } else {
                EXACT_SHARE
            };
            // Not one look's worth of nodes left for it: the estimates have the rest.
            if share
                .get()
                .is_some_and(|share| !share.limit(phase.flag, part))
            {
                break;
            }
            let engine = phase.algorithm == Algorithm::Engine;
            stats += score_moves(
                position,
                moves,
                batch,
                &mut scorers,
                None,
                phase.stop,
                engine,
                &mut on_scored,
            )?;
            if ended.get() {
                break;
            }
        }
        // The flag goes on to serve the estimates, which have a node limit of their own.
        phase.flag.set_look_limit(None);
        // Each proven move's own child is counted, as `analyze` counts it (a move the preview
        // already proved is not searched here), and so is each cut-off one's, as its row counts
        // it.
        let children = proven.get() + cut_off.get();
        stats.nodes += children;
        // The reader's work counts them too, as it counts everything the analysis does.
        if let Some(reporter) = &self.reporter {
            reporter.add_work(children);
        }
        stats.depth += 1;
        Ok(stats)
    }

    /// Estimates every move not yet exact to `depth`, the most promising first (so they are the
    /// ones deepened if the budget runs out), reporting each through `on_update`.
    fn deepen(
        &mut self,
        horizon: &mut Horizon,
        depth: u32,
        stop: &StopFlag,
        on_update: &mut impl FnMut(&MoveAppraisal),
    ) -> Result<Deepened, Cancelled> {
        let pending = self.unsolved();
        if pending.is_empty() {
            return Ok(Deepened::Nothing);
        }
        for index in pending {
            let before = horizon.stats.nodes;
            let found =
                match horizon.search_move(self.position, self.moves[index], depth, depth > 1) {
                    Ok(found) => found,
                    Err(Cancelled) => {
                        // The nodes of a search cut short are the move's too: its row counts
                        // every node searched for it, so the rows add up to the total.
                        self.cut_short(index, horizon.stats.nodes - before, on_update);
                        if stop.is_stopped() {
                            return Err(Cancelled);
                        }
                        return Ok(Deepened::Partly);
                    }
                };
            self.spent[index] += found.nodes;
            self.report(found.nodes);
            let nodes = self.spent[index];
            let appraisal = appraise(self.position, found, depth, nodes, self.started, true);
            on_update(&appraisal);
            self.slots[index] = Some(appraisal);
        }
        Ok(Deepened::Fully)
    }

    /// Counts `nodes` of a search of move `index` that was cut short, in its row (its value
    /// stays what the last whole depth gave).
    fn cut_short(&mut self, index: usize, nodes: u64, on_update: &mut impl FnMut(&MoveAppraisal)) {
        self.report(nodes);
        self.count_in_row(index, nodes, on_update);
    }

    /// Adds `nodes` searched for move `index` to what its row counts, and shows the row again.
    fn count_in_row(
        &mut self,
        index: usize,
        nodes: u64,
        on_update: &mut impl FnMut(&MoveAppraisal),
    ) {
        self.spent[index] += nodes;
        if let Some(slot) = &mut self.slots[index] {
            slot.nodes = self.spent[index];
            on_update(slot);
        }
    }
}

/// A move's appraisal from a depth-limited search `depth` plies deep: the engine's estimating
/// search (`by_estimator`), or minimax's or alpha-beta's own to a depth.
pub(crate) fn appraise(
    position: &Position,
    found: Found,
    depth: u32,
    nodes: u64,
    started: Instant,
    by_estimator: bool,
) -> MoveAppraisal {
    let value = if found.exact {
        MoveValue::Exact(Score::from_value(
            found.value,
            position.rules().cells(),
            position.ply(),
        ))
    } else {
        MoveValue::Estimate(Estimate {
            value: found.value,
            depth,
        })
    };
    MoveAppraisal {
        mv: found.pv[0],
        value,
        pv: found.pv,
        nodes,
        elapsed: started.elapsed(),
        by_estimator,
    }
}
