//! The game tree as the plain searches walk it: which children a node has, in which order, and
//! the value of a finished game. Minimax, alpha-beta, the heuristic horizon search and the
//! replay all walk it the same way, which is why their node counts agree.

use crate::engine::game::position::{Move, Position};
use crate::engine::game::score::lost_at;

/// The legal moves of an unfinished game and their positions, in the textbook order: cells
/// row-major from the top-left. With gravity only each column's landing cell is legal, so a
/// fuller column (whose landing cell sits higher) comes before an emptier one, and columns whose
/// landing cells share a row come left to right.
pub(crate) fn children_in_cell_order(
    position: &Position,
) -> impl Iterator<Item = (Move, Position)> + '_ {
    let layout = position.layout();
    let playable = layout.playable(position.occupied());
    (0..position.rules().cells()).filter_map(move |cell| {
        let bit = layout.bit(cell);
        (playable & bit != 0).then(|| (Move(cell as u8), position.play_bit(bit)))
    })
}

/// The value of a finished game for its side to move, or `None` while it goes on. Only the side
/// that just moved can have completed a line.
pub(crate) fn terminal_value(position: &Position) -> Option<i32> {
    let layout = position.layout();
    if layout.has_line(position.marks(position.to_move().opponent())) {
        Some(lost_at(position.ply()))
    } else if position.occupied() == layout.full {
        Some(0)
    } else {
        None
    }
}
