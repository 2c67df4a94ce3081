//! What a replay's search keeps fixed: the algorithm, the limits, the evaluator for estimates
//! and the static move order, shared by the machine and every checkpoint of it.

use super::counters::ReplayLimits;
use super::order::static_order;
use crate::engine::game::position::{Move, Position};
use crate::engine::search::Algorithm;
use crate::engine::search::estimate::Evaluator;

/// What does not change during a replay, shared by the machine and all its checkpoints.
pub(crate) struct Context {
    pub algorithm: Algorithm,
    pub limits: ReplayLimits,
    pub eval: Evaluator,
    /// The engine model's static move order.
    pub order: Vec<Move>,
    /// Cells of the board (N of the depth-aware scores).
    pub cells: i32,
}

impl Context {
    /// The context of a replay from `root`.
    pub fn new(root: &Position, algorithm: Algorithm, limits: ReplayLimits) -> Context {
        let eval = Evaluator::new(root.layout());
        Context {
            algorithm,
            limits,
            order: static_order(root, &eval),
            eval,
            cells: root.rules().cells() as i32,
        }
    }
}
