//! A replay's search run once, forward only: the events `tictree trace` prints, exactly those a
//! `Replay` steps through, in memory that does not grow with the number of events. Without
//! going back it needs no checkpoints and no journal of the table's writes, which is what made
//! a long trace grow by tens of MiB a minute; what stays is the machine (one level per ply) and
//! the engine model's table, bounded by its entry limit.

use super::context::Context;
use super::counters::{Counters, ReplayLimits};
use super::event::{Event, ReplayValue};
use super::machine::Machine;
use super::table::Table;
use crate::engine::game::position::{Move, Position};
use crate::engine::search::Algorithm;

/// A search stepped forward event by event, never back.
pub struct Trace {
    root: Position,
    context: Context,
    machine: Machine,
    table: Table,
}

impl Trace {
    /// `algorithm` searching `root`, before its first event.
    pub fn new(root: Position, algorithm: Algorithm, limits: ReplayLimits) -> Trace {
        let context = Context::new(&root, algorithm, limits);
        let mut table = Table::forward_only();
        let machine = Machine::new(root, &context, &mut table);
        Trace {
            root,
            context,
            machine,
            table,
        }
    }

    /// The searched position.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// The algorithm traced.
    pub fn algorithm(&self) -> Algorithm {
        self.context.algorithm
    }

    /// How deep and how far the search may go.
    pub fn limits(&self) -> ReplayLimits {
        self.context.limits
    }

    /// Does one event; false at the end.
    pub fn forward(&mut self) -> bool {
        self.machine.step(&self.context, &mut self.table)
    }

    /// The last event done.
    pub fn event(&self) -> Option<&Event> {
        self.machine.event.as_ref()
    }

    /// Events done so far.
    pub fn step(&self) -> u64 {
        self.machine.step
    }

    /// The counters at the current step.
    pub fn counters(&self) -> Counters {
        self.machine.counters
    }

    /// The root moves scored so far, in search order, each for the side to move at the root.
    pub fn root_scores(&self) -> &[(Move, ReplayValue)] {
        &self.machine.root_scores
    }

    /// Whether the node budget ended the search early.
    pub fn truncated(&self) -> bool {
        self.machine.truncated
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;
    use crate::engine::search::replay::Replay;

    #[test]
    fn a_trace_steps_through_the_events_of_a_replay() {
        let root = Position::empty(Rules::TICTACTOE)
            .play_moves("a3 b2")
            .unwrap();
        for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Engine] {
            let limits = ReplayLimits::default();
            let mut replay = Replay::new(root, algorithm, limits);
            let mut trace = Trace::new(root, algorithm, limits);
            while replay.forward() {
                assert!(trace.forward(), "{algorithm}");
                assert_eq!(trace.event(), replay.event(), "{algorithm}");
            }
            assert!(!trace.forward(), "{algorithm}");
            assert_eq!(trace.counters(), replay.counters());
            assert_eq!(trace.root_scores(), replay.root_scores().as_slice());
        }
    }
}
