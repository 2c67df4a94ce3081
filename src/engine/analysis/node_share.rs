//! A node budget as the exact phase of a timed analysis spends it (docs/cli.md, Budgets): the
//! phase may take the first part of the budget, as it takes the first part of the time, and the
//! estimates the rest. The exact algorithm stops only through its flag, which it looks at every
//! so many nodes rather than at each: its share is given as a number of looks, which on one
//! thread stop it at the same node on every run, so the answer is the same on every run too.

use crate::engine::search::{Algorithm, StopFlag};

/// Positions the engine's solver explores between two looks at its flag (`STOP_INTERVAL` in
/// search/solver/negamax.rs). Minimax and alpha-beta look at every node.
const SOLVER_LOOK: u64 = 256;

/// The node budget of an analysis and what the exact phase has spent of it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeShare {
    /// The analysis's whole node budget.
    budget: u64,
    /// Nodes spent so far: the depth-1 estimates before the phase, then the phase's moves.
    spent: u64,
    /// Nodes between two looks of the exact algorithm at its flag.
    per_look: u64,
}

impl NodeShare {
    /// `budget` for `algorithm`'s exact phase, `spent` of it already.
    pub(crate) fn new(algorithm: Algorithm, budget: u64, spent: u64) -> NodeShare {
        NodeShare {
            budget,
            spent,
            per_look: if algorithm == Algorithm::Engine {
                SOLVER_LOOK
            } else {
                1
            },
        }
    }

    /// The share after the phase spent `nodes` more on a move it finished.
    pub(crate) fn spend(self, nodes: u64) -> NodeShare {
        NodeShare {
            spent: self.spent + nodes,
            ..self
        }
    }

    /// Makes `flag` stop the search before the analysis has spent `part` of the budget, and
    /// says so; `false`, the flag untouched, when not one more look fits. The next look comes
    /// within `per_look` nodes and each one after it `per_look` later; the look after the ones
    /// allowed is the one that stops the search.
    pub(crate) fn limit(&self, flag: &StopFlag, part: f64) -> bool {
        let allowed = (self.budget as f64 * part) as u64;
        let left = allowed.saturating_sub(self.spent);
        match (left / self.per_look).checked_sub(1) {
            Some(looks) => {
                flag.set_look_limit(Some(u32::try_from(looks).unwrap_or(u32::MAX)));
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Minimax looks at every node: a share of 40 nodes is 40 nodes, the 41st never searched.
    #[test]
    fn a_share_stops_minimax_at_its_last_node() {
        let parent = StopFlag::default();
        let flag = StopFlag::with_deadline(&parent);
        let share = NodeShare::new(Algorithm::Minimax, 100, 10);
        assert!(share.limit(&flag, 0.5));
        let looks = (0..100).take_while(|_| !flag.is_stopped()).count();
        assert_eq!(looks, 39, "the 40th look stops it");
    }

    /// The engine looks every 256 positions: a share that holds no whole step after the next
    /// look is none at all.
    #[test]
    fn the_engine_gets_whole_steps_only() {
        let parent = StopFlag::default();
        let flag = StopFlag::with_deadline(&parent);
        assert!(!NodeShare::new(Algorithm::Engine, 500, 7).limit(&flag, 0.5));
        assert!(!flag.is_stopped());
        let share = NodeShare::new(Algorithm::Engine, 10_000, 7);
        assert!(share.limit(&flag, 0.5));
        // 4,993 nodes left: 19 steps of 256, the first look coming within one.
        let looks = (0..100).take_while(|_| !flag.is_stopped()).count();
        assert_eq!(looks, 18);
    }
}
