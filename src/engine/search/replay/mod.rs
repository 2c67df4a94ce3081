//! A search replayed event by event: enter a child, a leaf's value, a return, a cutoff, a table
//! hit. The search is an explicit-stack machine (`machine/`), so it stops after any event;
//! `Replay` drives it forward and back in bounded memory for the TUI's step mode; `Trace` drives
//! it forward only, for `tictree trace`.
//!
//! The root works like `analyze`: every legal root move is searched with a full window, so every
//! root move gets its exact score, and run to the end `Minimax` and `AlphaBeta` count exactly the
//! nodes of `analyze` (every child generated, the root not counted). Values are the tutorials'
//! depth-aware scores measured from the replay's root, for the side to move at each node.
//!
//! `Algorithm::Engine` here is a *teaching model* of the engine's ideas, not the tuned solver of
//! `engine/solver/`: alpha-beta with a transposition table (exact, lower and upper bounds) and
//! move ordering (a move that wins at once first, then cells on the most lines). Its values are
//! exact, but its node count differs from `analyze --algo engine`, which adds symmetries, threat
//! detection, dead cells and null-window narrowing.
//!
//! Going back restores the nearest earlier checkpoint (a copy of the machine, taken every
//! `interval` steps) and re-runs the search from there, which is deterministic. At most
//! `MAX_CHECKPOINTS` are kept: when full, every other one is dropped and the interval doubles, so
//! memory stays bounded and a step back re-runs fewer than `interval` events.

mod child;
mod context;
mod counters;
mod event;
mod explored;
mod level;
mod machine;
mod order;
mod picture;
mod sentence;
mod sentence_back;
mod table;
mod trace;
mod view;

pub use child::Child;
pub use counters::{Counters, ReplayLimits};
pub use event::{Bound, Event, EventKind, LeafKind, MoveList, Origin, ReplayValue};
pub use explored::{ExploredNode, ExploredTree, NodeId};
pub use level::Level;
pub use picture::{MAX_PICTURE_NODES, picture};
pub use sentence::{intro_sentence, sentence};
pub use trace::Trace;
pub use view::View;

use crate::engine::game::notation::count;
use crate::engine::game::position::{Move, Position};
use crate::engine::search::{Algorithm, Cancelled, StopFlag};
use context::Context;
use machine::Machine;
use sentence::list;
use std::sync::Arc;
use table::Table;

/// Checkpoints kept at most; with the whole 3×3 minimax tree (1.35 M events) the interval
/// settles at 4,096 events, well under a millisecond to re-run.
const MAX_CHECKPOINTS: usize = 512;
/// The first checkpoint interval, in events.
const FIRST_INTERVAL: u64 = 256;
/// Events between two looks at the stop flag in `run_to_end`.
const STOP_EVERY: u64 = 4096;

/// Where a long step goes: it runs event by event until it gets there (or the search ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seek {
    /// The return of the node at this ply to its parent (step over, step out).
    ReturnFrom(u32),
    /// The next cutoff.
    Cutoff,
    /// The end of the search (step out at the root).
    End,
}

/// A machine at a known step, and the table's state at that step.
#[derive(Clone)]
struct Checkpoint {
    machine: Machine,
    mark: usize,
}

/// A search that can be stepped forward and back, event by event.
#[derive(Clone)]
pub struct Replay {
    root: Position,
    context: Arc<Context>,
    machine: Machine,
    table: Table,
    checkpoints: Vec<Checkpoint>,
    interval: u64,
    total: Option<u64>,
    totals: Option<Counters>,
}

impl Replay {
    /// A replay of `algorithm` searching `root`, at step 0.
    pub fn new(root: Position, algorithm: Algorithm, limits: ReplayLimits) -> Replay {
        let context = Arc::new(Context::new(&root, algorithm, limits));
        let mut table = Table::default();
        let machine = Machine::new(root, &context, &mut table);
        let mut replay = Replay {
            root,
            checkpoints: vec![Checkpoint {
                machine: machine.clone(),
                mark: 0,
            }],
            context,
            machine,
            table,
            interval: FIRST_INTERVAL,
            total: None,
            totals: None,
        };
        replay.note_end();
        replay
    }

    /// The searched position.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// The algorithm replayed.
    pub fn algorithm(&self) -> Algorithm {
        self.context.algorithm
    }

    /// The limits the search runs under.
    pub fn limits(&self) -> ReplayLimits {
        self.context.limits
    }

    /// Events done so far (0: nothing yet).
    pub fn step(&self) -> u64 {
        self.machine.step
    }

    /// The last event done: what a view describes.
    pub fn event(&self) -> Option<&Event> {
        self.machine.event.as_ref()
    }

    /// One sentence on the last event (an introduction at step 0, a summary added at the end),
    /// in the negamax view.
    pub fn sentence(&self) -> String {
        self.sentence_in(View::Negamax)
    }

    /// One sentence on the last event, its values as `view` shows them.
    pub fn sentence_in(&self, view: View) -> String {
        let rules = self.root.rules();
        let text = match self.event() {
            None => {
                // Once counted, a search within its node limit need not mention the limit.
                let mut limits = self.limits();
                if self.total.is_some() && !self.truncated() {
                    limits.nodes = None;
                }
                intro_sentence(&self.root, self.algorithm(), limits)
            }
            Some(event) => sentence(event, rules, self.algorithm(), view),
        };
        if self.finished() {
            let end = self.end_sentence(view);
            if self.step() == 0 {
                return end;
            }
            return format!("{text} {end}");
        }
        text
    }

    /// The sentence at the end: what the search found.
    fn end_sentence(&self, view: View) -> String {
        let counters = self.counters();
        if self.step() == 0 && !self.truncated() {
            return intro_sentence(self.root(), self.algorithm(), self.limits());
        }
        let rules = self.root().rules();
        let side = self.root().to_move();
        let scores = self.root_scores();
        let best = scores
            .iter()
            .map(|&(_, value)| value)
            .fold(ReplayValue::NEG_INFINITY, ReplayValue::max);
        // Every root move is searched with a full window, so its value is exact (the engine
        // model joins a search that stops at the table's bound with that bound: `machine/`).
        let best_moves: Vec<Move> = scores
            .iter()
            .filter(|(_, value)| value.key() == best.key())
            .map(|&(mv, _)| mv)
            .collect();
        // Separated as the counters above the sentence are, so the two read alike.
        let counts = format!(
            "{}, {}, {}",
            count(counters.nodes, "node"),
            count(counters.cutoffs, "cutoff"),
            count(counters.tt_hits, "table hit")
        );
        if self.truncated() {
            return format!(
                "The node budget stopped the search after {counts}; {} of {} root moves scored.",
                scores.len(),
                self.root().legal_moves().len()
            );
        }
        let best_moves = list(rules, &best_moves);
        match view {
            View::Negamax => {
                format!("End of the search: {counts}. Best: {best_moves} with {best} for {side}.")
            }
            View::MaxMin => format!(
                "End of the search: {counts}. Best: {best_moves} with {} for X ({side} {}).",
                view.value(side, best),
                view.role(side)
            ),
        }
    }

    /// Does one event; false at the end.
    pub fn forward(&mut self) -> bool {
        if !self.machine.step(&self.context, &mut self.table) {
            return false;
        }
        let step = self.machine.step;
        let last = self.checkpoints.last().map_or(0, |c| c.machine.step);
        if step.is_multiple_of(self.interval) && step > last {
            self.checkpoints.push(Checkpoint {
                machine: self.machine.clone(),
                mark: self.table.mark(),
            });
            if self.checkpoints.len() > MAX_CHECKPOINTS {
                self.interval *= 2;
                let interval = self.interval;
                self.checkpoints
                    .retain(|c| c.machine.step.is_multiple_of(interval));
            }
        }
        self.note_end();
        true
    }

    fn note_end(&mut self) {
        if self.machine.finished() && self.total.is_none() {
            self.total = Some(self.machine.step);
            self.totals = Some(self.machine.counters);
        }
    }

    /// One event back; false at step 0.
    pub fn back(&mut self) -> bool {
        let step = self.step();
        if step == 0 {
            return false;
        }
        self.goto(step - 1);
        true
    }

    fn restore(&mut self, index: usize) {
        let checkpoint = &self.checkpoints[index];
        self.machine = checkpoint.machine.clone();
        self.table.seek(checkpoint.mark);
    }

    /// The index of the last checkpoint at or before `step`.
    fn checkpoint_before(&self, step: u64) -> usize {
        self.checkpoints
            .partition_point(|c| c.machine.step <= step)
            .saturating_sub(1)
    }

    /// Goes to event `step` (0: before the first), or to the end if the search ends earlier.
    pub fn goto(&mut self, step: u64) {
        let step = self.total.map_or(step, |total| step.min(total));
        let index = self.checkpoint_before(step);
        let at = self.checkpoints[index].machine.step;
        if step < self.step() || at > self.step() {
            self.restore(index);
        }
        while self.step() < step && self.forward() {}
    }

    /// Where step over goes from here: the return of the node the last event entered, or `None`
    /// when the last event entered nothing (step over is then one step forward).
    pub fn over_target(&self) -> Option<Seek> {
        match self.event()? {
            Event {
                kind: EventKind::Enter { .. },
                ply,
                ..
            } => Some(Seek::ReturnFrom(*ply)),
            _ => None,
        }
    }

    /// Where step out goes from here: the return of the current node, or the end at the root.
    pub fn out_target(&self) -> Seek {
        match self.machine.counters.depth {
            0 => Seek::End,
            ply => Seek::ReturnFrom(ply),
        }
    }

    /// Runs toward `target` for at most `events` events, so a caller that must stay responsive
    /// can go a slice at a time (a subtree of a big search holds millions of events). `true` once
    /// the target is reached or the search has ended; `false` if the slice ran out first.
    pub fn seek(&mut self, target: Seek, events: u64) -> bool {
        for _ in 0..events {
            if !self.forward() {
                return true;
            }
            let reached = match (target, self.event()) {
                (Seek::ReturnFrom(ply), Some(event)) => {
                    event.ply == ply && matches!(event.kind, EventKind::Return { .. })
                }
                (Seek::Cutoff, Some(event)) => matches!(event.kind, EventKind::Cutoff { .. }),
                _ => false,
            };
            if reached {
                return true;
            }
        }
        self.finished()
    }

    /// Runs to the next cutoff; false (staying put) if none lies ahead.
    pub fn next_cutoff(&mut self) -> bool {
        let start = self.step();
        let cutoffs = self.machine.counters.cutoffs;
        if self.totals.is_some_and(|t| t.cutoffs == cutoffs) {
            return false;
        }
        // Skip ahead to the last checkpoint with no cutoff since now: the next one is after it.
        let skip = self
            .checkpoints
            .iter()
            .rposition(|c| c.machine.step > start && c.machine.counters.cutoffs == cutoffs);
        if let Some(index) = skip {
            self.restore(index);
        }
        self.seek(Seek::Cutoff, u64::MAX);
        if self
            .event()
            .is_some_and(|e| matches!(e.kind, EventKind::Cutoff { .. }))
        {
            return true;
        }
        self.goto(start);
        false
    }

    /// Runs to the end of the search.
    pub fn to_end(&mut self) {
        self.goto(u64::MAX);
    }

    /// Back to step 0.
    pub fn restart(&mut self) {
        self.goto(0);
    }

    /// Whether the search has ended at this step.
    pub fn finished(&self) -> bool {
        self.machine.finished()
    }

    /// Total events, once the end has been reached.
    pub fn total(&self) -> Option<u64> {
        self.total
    }

    /// The counters at the end, once known.
    pub fn totals(&self) -> Option<Counters> {
        self.totals
    }

    /// Runs to the end (for a background thread), leaving checkpoints all the way; stops with
    /// `Err(Cancelled)` when `stop` is raised. The caller then `goto`s where it wants to be.
    pub fn run_to_end(&mut self, stop: &StopFlag) -> Result<(), Cancelled> {
        while self.forward() {
            if self.step().is_multiple_of(STOP_EVERY) {
                stop.check()?;
            }
        }
        Ok(())
    }

    /// The counters at the current step.
    pub fn counters(&self) -> Counters {
        self.machine.counters
    }

    /// The path from the root to the current node, root first.
    pub fn stack(&self) -> &[Level] {
        &self.machine.stack
    }

    /// The moves of the node at `depth` of the stack, in search order (tried and untried).
    pub fn moves_of(&self, depth: usize) -> &[Move] {
        self.machine.moves_of(depth)
    }

    /// What each move of the node at `depth` of the stack has led to so far, aligned with
    /// `moves_of(depth)`: a value (for that node's side to move), searching, not yet or pruned.
    pub fn children_of(&self, depth: usize) -> Vec<Child> {
        self.machine.children_of(depth)
    }

    /// The moves from the root to the current node.
    pub fn path(&self) -> Vec<Move> {
        self.machine
            .stack
            .iter()
            .filter_map(|level| level.mv)
            .collect()
    }

    /// The moves pruned by the current event if it is a cutoff, else none.
    pub fn pruned(&self) -> &[Move] {
        match &self.machine.event {
            Some(Event {
                kind: EventKind::Cutoff { pruned, .. },
                ..
            }) => pruned,
            _ => &[],
        }
    }

    /// The root moves scored so far, in search order, each for the side to move at the root.
    pub fn root_scores(&self) -> Vec<(Move, ReplayValue)> {
        self.machine.root_scores.clone()
    }

    /// Whether the node budget ended the search early.
    pub fn truncated(&self) -> bool {
        self.machine.truncated
    }

    /// Rough memory in bytes: the machine, the checkpoints and the engine model's table (for the
    /// tests that keep it bounded).
    #[cfg(test)]
    fn memory_bytes(&self) -> usize {
        size_of::<Replay>()
            + self.machine.bytes()
            + self.checkpoints.capacity() * size_of::<Checkpoint>()
            + self
                .checkpoints
                .iter()
                .map(|c| c.machine.bytes() - size_of::<Machine>())
                .sum::<usize>()
            + self.table.bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    /// The history of a whole search stays within a few MiB: the checkpoints thin out.
    fn memory_at_the_end(rules: Rules, algorithm: Algorithm, nodes: Option<u64>) -> usize {
        let limits = ReplayLimits { depth: None, nodes };
        let mut replay = Replay::new(Position::empty(rules), algorithm, limits);
        replay.run_to_end(&StopFlag::default()).unwrap();
        assert_eq!(replay.truncated(), nodes.is_some());
        assert!(replay.total().unwrap() > 2 * replay.totals().unwrap().nodes);
        replay.memory_bytes()
    }

    #[test]
    fn the_whole_minimax_tree_of_tictactoe_takes_a_few_mib() {
        let bytes = memory_at_the_end(Rules::TICTACTOE, Algorithm::Minimax, None);
        assert!(bytes < 8 << 20, "{bytes} bytes");
    }

    #[test]
    fn the_replay_checkpoints_stay_bounded_on_the_biggest_board() {
        // The app's replay (a million nodes, `app::REPLAY_NODES`), 2.8 million events: the
        // checkpoints thin out to 512 of them, 4.1 MiB in all (with the children's values).
        let rules = "8x8k5".parse().unwrap();
        let bytes = memory_at_the_end(rules, Algorithm::AlphaBeta, Some(1_000_000));
        assert!(bytes < 8 << 20, "{bytes} bytes");
    }

    #[test]
    fn the_replay_table_stays_bounded_on_the_biggest_boards() {
        // The engine model's table (at most 65,536 positions) and its journal of writes grow with
        // the nodes searched, up to the node budget: 13 MiB on 8×8 k=5, 15 MiB on Connect Four.
        for rules in ["8x8k5".parse().unwrap(), Rules::CONNECT4] {
            let bytes = memory_at_the_end(rules, Algorithm::Engine, Some(1_000_000));
            assert!(bytes < 32 << 20, "{rules}: {bytes} bytes");
        }
    }
}
