//! The tree a search explored, built from its events: one node per position entered, with its
//! final value, why it ended (a finished game, the horizon, a table hit, a cutoff and the moves it
//! pruned) and its best child. `tictree trace --format dot` draws it.

use super::event::{Bound, Event, EventKind, LeafKind, ReplayValue};
use crate::engine::game::position::{Move, Player};

/// Where a node sits in `ExploredTree::nodes`.
pub type NodeId = usize;

/// One position the search entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExploredNode {
    /// The node above (`None` for the root).
    pub parent: Option<NodeId>,
    /// The move into the node and who played it (`None` for the root).
    pub entered_by: Option<(Move, Player)>,
    /// Plies below the root.
    pub ply: u32,
    /// The children entered, in the order they were.
    pub children: Vec<NodeId>,
    /// The node's final value for its side to move; `None` if the search stopped inside it.
    pub value: Option<ReplayValue>,
    /// Whether `value` is the node's value or, for a node that stopped early, a bound on it.
    pub bound: Bound,
    /// Why the node is a leaf, if it is one.
    pub leaf: Option<LeafKind>,
    /// What the transposition table told the node (the engine model only), and whether it ended
    /// the node there.
    pub table_hit: Option<(Bound, bool)>,
    /// The reply that reached β, with the β it crossed.
    pub cutoff: Option<(Move, ReplayValue)>,
    /// The moves a cutoff left unsearched, in the order they would have been tried.
    pub pruned: Vec<Move>,
    /// The child whose move became the node's best.
    pub best: Option<NodeId>,
}

/// The explored tree, node 0 the root.
#[derive(Clone, Debug, Default)]
pub struct ExploredTree {
    /// Every node entered, in the order it was entered.
    pub nodes: Vec<ExploredNode>,
    /// The path from the root to the node the next event is about.
    stack: Vec<NodeId>,
}

impl ExploredNode {
    /// A node just entered: nothing known of it yet.
    fn entered(parent: Option<NodeId>, entered_by: Option<(Move, Player)>, ply: u32) -> Self {
        ExploredNode {
            parent,
            entered_by,
            ply,
            children: Vec::new(),
            value: None,
            bound: Bound::Exact,
            leaf: None,
            table_hit: None,
            cutoff: None,
            pruned: Vec::new(),
            best: None,
        }
    }
}

impl ExploredTree {
    /// The tree of a search about to start: its root alone.
    pub fn new() -> ExploredTree {
        ExploredTree {
            nodes: vec![ExploredNode::entered(None, None, 0)],
            stack: vec![0],
        }
    }

    /// Takes the search's next event into the tree.
    pub fn record(&mut self, event: &Event) {
        let top = *self.stack.last().unwrap_or(&0);
        match event.kind {
            EventKind::Enter { mv, player, .. } => {
                let id = self.nodes.len();
                let node = ExploredNode::entered(Some(top), Some((mv, player)), event.ply);
                self.nodes.push(node);
                self.nodes[top].children.push(id);
                self.stack.push(id);
            }
            EventKind::Leaf { value, kind } => {
                self.nodes[top].value = Some(value);
                self.nodes[top].leaf = Some(kind);
            }
            EventKind::TtHit {
                value,
                bound,
                ended,
                ..
            } => {
                let node = &mut self.nodes[top];
                node.table_hit = Some((bound, ended));
                if ended {
                    node.value = Some(value);
                }
            }
            EventKind::Cutoff {
                mv, beta, pruned, ..
            } => {
                let node = &mut self.nodes[top];
                node.cutoff = Some((mv, beta));
                node.pruned = pruned.to_vec();
            }
            EventKind::Return {
                value,
                bound,
                new_best,
                ..
            } => {
                self.stack.pop();
                self.nodes[top].value = Some(value);
                self.nodes[top].bound = bound;
                if let Some(&parent) = self.stack.last()
                    && new_best
                {
                    self.nodes[parent].best = Some(top);
                }
            }
        }
    }

    /// Ends the tree with the root's value: the best of its children's, for the side to move.
    pub fn finish(&mut self) {
        let root = &self.nodes[0];
        let best = root
            .children
            .iter()
            .filter_map(|&child| self.nodes[child].value.map(|v| (child, -v)))
            .fold(
                None,
                |best: Option<(NodeId, ReplayValue)>, (child, value)| match best {
                    Some((_, top)) if top.key() >= value.key() => best,
                    _ => Some((child, value)),
                },
            );
        if let Some((child, value)) = best {
            self.nodes[0].best = Some(child);
            self.nodes[0].value = Some(value);
        }
    }

    /// The principal variation: from the root, each node's best child in turn.
    pub fn principal_variation(&self) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = 0;
        while let Some(next) = self.nodes[at].best {
            line.push(next);
            at = next;
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::Algorithm;
    use crate::engine::search::replay::{ReplayLimits, Trace};
    use crate::engine::{Position, Rules};

    fn explored(position: &str, algorithm: Algorithm) -> (ExploredTree, Trace) {
        let root = Position::parse(Rules::TICTACTOE, position).unwrap();
        let mut trace = Trace::new(root, algorithm, ReplayLimits::default());
        let mut tree = ExploredTree::new();
        while trace.forward() {
            tree.record(trace.event().unwrap());
        }
        tree.finish();
        (tree, trace)
    }

    #[test]
    fn one_node_per_child_entered_and_the_root_scores_as_the_trace_says() {
        for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Engine] {
            let (tree, trace) = explored("x.o/.x./...", algorithm);
            assert_eq!(tree.nodes.len() as u64, trace.counters().nodes + 1);
            let best = trace.root_scores().iter().map(|s| s.1.key()).max();
            assert_eq!(tree.nodes[0].value.map(ReplayValue::key), best);
            // Every node entered ends with a value: the search was not stopped.
            assert!(tree.nodes.iter().all(|n| n.value.is_some()), "{algorithm}");
        }
    }

    #[test]
    fn the_principal_variation_follows_best_values_and_pruned_moves_are_kept() {
        // O to move must block c1 (-9 otherwise); then X's best reply.
        let (tree, trace) = explored("x.o/.x./...", Algorithm::AlphaBeta);
        let pv = tree.principal_variation();
        let first = tree.nodes[pv[0]].entered_by.unwrap().0;
        assert_eq!(Rules::TICTACTOE.move_name(first), "c1");
        // A line down the tree: each node the child of the one before, ending at a finished game
        // whose value, seen from the root, is the root's.
        let parents: Vec<Option<NodeId>> = pv.iter().map(|&id| tree.nodes[id].parent).collect();
        let expected: Vec<Option<NodeId>> = std::iter::once(Some(0))
            .chain(pv[..pv.len() - 1].iter().copied().map(Some))
            .collect();
        assert_eq!(parents, expected);
        let last = &tree.nodes[*pv.last().unwrap()];
        assert!(last.leaf.is_some() && last.children.is_empty());
        assert_eq!(
            pv.len(),
            6,
            "a draw fills the board's six empty cells: {pv:?}"
        );
        // A leaf has no best child (none was ever entered below it).
        assert!(
            tree.nodes
                .iter()
                .filter(|n| n.children.is_empty())
                .all(|n| n.best.is_none())
        );
        let pruned: usize = tree.nodes.iter().map(|n| n.pruned.len()).sum();
        let cutoffs = tree.nodes.iter().filter(|n| n.cutoff.is_some()).count();
        assert_eq!(cutoffs as u64, trace.counters().cutoffs);
        assert!(
            pruned >= cutoffs,
            "{pruned} pruned moves, {cutoffs} cutoffs"
        );
    }
}
