//! The position editor (`e`): marks put and taken off freely on a draft board, and `Enter` to
//! start a new game from the draft once it is a position a game can reach. Also `set_up`, the new
//! game from a given position that the editor and a paste share.

pub(in crate::app) mod clipboard;
pub(in crate::app) mod update;

use crate::app::state::Focus;
use crate::engine::{Move, Player, Position};

/// The editor's state: the board being set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Editor {
    /// The draft. Any marks at all: it may be a position no game reaches (too many X, both
    /// sides with a line) until `Enter` checks it.
    pub draft: Position,
    /// The focused pane and the cursor when the editor opened: leaving without changes gives
    /// them back (an explored line stays explored, its keys where they were).
    pub(in crate::app) before: (Focus, (usize, usize)),
}

impl Editor {
    /// Whether the draft is a position a game can reach: the position itself, else why not (the
    /// parser's reason, without the notation, which the editor shows anyway).
    pub fn verdict(&self) -> Result<Position, String> {
        let text = self.draft.to_notation();
        Position::parse(*self.draft.rules(), &text).map_err(|error| {
            let prefix = format!("impossible position '{text}': ");
            error
                .0
                .strip_prefix(&prefix)
                .map_or(error.0.clone(), str::to_string)
        })
    }

    /// The draft with `mark` (or nothing) in one cell.
    fn with(&self, mv: Move, mark: Option<Player>) -> Position {
        let layout = self.draft.layout();
        let bit = layout.bit(mv.cell());
        let (mut x, mut o) = (
            self.draft.marks(Player::X) & !bit,
            self.draft.marks(Player::O) & !bit,
        );
        match mark {
            Some(Player::X) => x |= bit,
            Some(Player::O) => o |= bit,
            None => {}
        }
        // Not a game position yet, maybe: `verdict` checks it before it is played from.
        Position::from_bits(layout, x, o)
    }
}
