//! One run of a replay's search over a quiz position, kept as the nodes questions can be asked
//! about: where each root move is entered, every node that cut off (with the moves it pruned),
//! and every node entered with its window. Each keeps the step of its node's `Enter` event, the
//! step a `Replay` of the same search goes to to show it (a replay's events up to any step do not
//! depend on its node limit, so a longer replay has them at the same steps).

use crate::engine::game::position::{Move, Position, Status};
use crate::engine::search::Algorithm;
use crate::engine::search::replay::{Event, EventKind, ReplayLimits, Trace};

/// Nodes a scan searches at most: far more than the small positions of a quiz need.
const SCAN_NODES: u64 = 300_000;

/// A node of the search and the step at which it was entered (0: the root, never entered).
#[derive(Clone, Copy, Debug)]
pub struct Visited {
    /// The step of the node's `Enter` event.
    pub step: u64,
    /// The event asked about: the node's `Enter`, or its `Cutoff`.
    pub event: Event,
}

/// What one run of the search saw.
#[derive(Clone, Debug, Default)]
pub struct Scan {
    /// Each root move and the step it was entered at.
    pub root_moves: Vec<(Move, u64)>,
    /// Every node that cut off with at least one move left to prune: its `Cutoff` event.
    pub cutoffs: Vec<Visited>,
    /// Every node entered below the root's children (ply ≥ 2, where a window has been set by
    /// earlier moves) whose game goes on: its `Enter` event. A finished game has nobody to move,
    /// and a question on its window would only puzzle.
    pub entered: Vec<Visited>,
}

/// Runs `algorithm`'s replayed search of `root` to its end (or `SCAN_NODES`).
pub fn scan(root: Position, algorithm: Algorithm) -> Scan {
    let limits = ReplayLimits {
        depth: None,
        nodes: Some(SCAN_NODES),
    };
    let mut trace = Trace::new(root, algorithm, limits);
    let mut scan = Scan::default();
    // The enter steps of the nodes on the current path: a node's events all come while it is on
    // the path, so a cutoff finds its node's step here.
    let mut path_steps: Vec<u64> = Vec::new();
    // The positions along the current path, the root first, kept as the path is: a node's
    // position is its parent's with one move more.
    let mut path_nodes: Vec<Position> = vec![root];
    while trace.forward() {
        let Some(&event) = trace.event() else { break };
        let ply = event.ply as usize;
        match event.kind {
            EventKind::Enter { mv, .. } => {
                path_steps.truncate(ply.saturating_sub(1));
                path_steps.push(trace.step());
                path_nodes.truncate(ply.max(1));
                let parent = path_nodes[path_nodes.len() - 1];
                // The search's own move, legal in turn (a failure would leave the parent).
                let node = parent.play(mv).unwrap_or(parent);
                path_nodes.push(node);
                if ply == 1 {
                    scan.root_moves.push((mv, trace.step()));
                } else if node.status() == Status::Ongoing {
                    scan.entered.push(Visited {
                        step: trace.step(),
                        event,
                    });
                }
            }
            EventKind::Cutoff { pruned, .. } if !pruned.is_empty() && ply >= 1 => {
                if let Some(&step) = path_steps.get(ply - 1) {
                    scan.cutoffs.push(Visited { step, event });
                }
            }
            _ => {}
        }
    }
    scan
}
