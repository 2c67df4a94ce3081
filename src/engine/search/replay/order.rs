//! The order in which a replay tries the moves of a node.

use crate::engine::game::position::{Move, Position};
use crate::engine::search::Algorithm;
use crate::engine::search::estimate::Evaluator;

/// The engine model's static order: cells on the most lines first (the centre of 3×3), ties in
/// cell order.
pub(crate) fn static_order(position: &Position, eval: &Evaluator) -> Vec<Move> {
    let mut cells: Vec<Move> = (0..position.rules().cells())
        .map(|cell| Move(cell as u8))
        .collect();
    cells.sort_by_key(|mv| std::cmp::Reverse(eval.reach(mv.cell())));
    cells
}

/// Appends the moves of an unfinished `position` to `out` in search order. Minimax and
/// alpha-beta: cells row-major, as `tree::children_in_cell_order` (so node counts match
/// `analyze`). The engine model: a move that wins at once first, then `order`.
pub(crate) fn push_moves(
    position: &Position,
    algorithm: Algorithm,
    order: &[Move],
    out: &mut Vec<Move>,
) {
    let layout = position.layout();
    let playable = layout.playable(position.occupied());
    let is_playable = |mv: &Move| playable & layout.bit(mv.cell()) != 0;
    match algorithm {
        Algorithm::Minimax | Algorithm::AlphaBeta => {
            out.extend(
                (0..position.rules().cells())
                    .map(|cell| Move(cell as u8))
                    .filter(is_playable),
            );
        }
        Algorithm::Engine => {
            let me = position.marks(position.to_move());
            let wins = |mv: &Move| layout.has_line(me | layout.bit(mv.cell()));
            let start = out.len();
            out.extend(
                order
                    .iter()
                    .copied()
                    .filter(|mv| is_playable(mv) && wins(mv)),
            );
            let winners = out.len() - start;
            out.extend(
                order
                    .iter()
                    .copied()
                    .filter(|mv| is_playable(mv) && (winners == 0 || !wins(mv))),
            );
        }
    }
}
