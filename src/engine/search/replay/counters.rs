//! What a replay may cover (`ReplayLimits`) and what it has counted so far (`Counters`).

use crate::engine::game::position::Position;

/// How far a replay's search may go; the default has no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayLimits {
    /// Nodes at this ply below the root are leaves, scored by the evaluator (estimates).
    pub depth: Option<u32>,
    /// The search stops once this many nodes were entered (the replay is then truncated).
    pub nodes: Option<u64>,
}

impl ReplayLimits {
    /// Limits for a replay of `root` within `nodes` nodes that still finishes every root move:
    /// the whole search if its full-width tree fits in `nodes`, else the deepest depth whose
    /// full-width tree does. The full-width tree (every move at every ply, no game ending early)
    /// is an upper bound on any algorithm's tree, so the replay is never cut short by the node
    /// budget before its last root move; alpha-beta then usually visits far fewer nodes.
    pub fn fitting(root: &Position, nodes: u64) -> ReplayLimits {
        let rules = root.rules();
        let empty = root.empty_cells() as u64;
        // With gravity a ply has at most one move per column that is not full yet.
        let columns = if rules.gravity {
            root.legal_moves().len() as u64
        } else {
            u64::MAX
        };
        let (mut width, mut total) = (1u64, 0u64);
        for depth in 0..empty {
            width = width.saturating_mul((empty - depth).min(columns));
            total = total.saturating_add(width);
            if total > nodes {
                return ReplayLimits {
                    depth: Some((depth as u32).max(1)),
                    nodes: Some(nodes),
                };
            }
        }
        ReplayLimits {
            depth: None,
            nodes: Some(nodes),
        }
    }
}

/// The replay's counters at one step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Children entered so far (the root not counted).
    pub nodes: u64,
    /// Cutoffs so far.
    pub cutoffs: u64,
    /// Table hits that ended or narrowed a node (engine model only).
    pub tt_hits: u64,
    /// Ply of the current node (the top of the stack).
    pub depth: u32,
    /// Deepest ply entered so far.
    pub max_depth: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    fn fitting(rules: Rules, nodes: u64) -> Option<u32> {
        ReplayLimits::fitting(&Position::empty(rules), nodes).depth
    }

    #[test]
    fn the_whole_tree_is_replayed_when_its_full_width_fits() {
        // 3×3: 9 + 9·8 + … + 9! = 986,409 positions at most: the whole tree fits a million.
        assert_eq!(fitting(Rules::TICTACTOE, 1_000_000), None);
        assert_eq!(fitting(Rules::TICTACTOE, 986_409), None);
        // One fewer and the last ply (9! = 362,880 positions) no longer fits.
        assert_eq!(fitting(Rules::TICTACTOE, 986_408), Some(8));
    }

    #[test]
    fn a_big_board_is_replayed_to_the_depth_that_fits() {
        // Connect Four: 7 + 49 + … + 7^7 = 960,799 ≤ 1,000,000 < … + 7^8.
        assert_eq!(fitting(Rules::CONNECT4, 1_000_000), Some(7));
        // 4×4: 16·15·14·13·12 gives 571,456 positions to ply 5; ply 6 adds 5.8 million.
        assert_eq!(fitting("4x4".parse().unwrap(), 1_000_000), Some(5));
        // A budget below the first ply still searches one ply: every root move gets a value.
        assert_eq!(fitting(Rules::CONNECT4, 3), Some(1));
    }
}
