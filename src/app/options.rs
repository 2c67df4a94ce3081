//! How the TUI starts: the game, who plays each side, and the search settings.

use crate::engine::{Algorithm, Budget, Position, Rules};
use std::time::Duration;

/// Who sits on one side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Moves come from the keyboard or mouse.
    Human,
    /// Moves come from the engine (perfect play for now).
    Ai,
}

/// Everything the TUI needs to start.
#[derive(Clone, Debug)]
pub struct Options {
    /// The game being played.
    pub rules: Rules,
    /// The position the game starts from (the empty board unless `--moves` was given).
    pub start: Position,
    /// Who plays X.
    pub x: Seat,
    /// Who plays O.
    pub o: Seat,
    /// The algorithm the AI and the analysis use.
    pub algorithm: Algorithm,
    /// Seed for the AI's choice among equally good moves; `None` picks one at random.
    pub seed: Option<u64>,
    /// Whether mouse clicks play moves.
    pub mouse: bool,
    /// How long and how deep the AI and the hints search before answering.
    pub budget: Budget,
}

/// The AI's thinking time per move unless told otherwise.
pub const DEFAULT_TIME: Duration = Duration::from_millis(1500);

impl Options {
    /// Tic-tac-toe, human X against the perfect AI as O.
    pub fn new(rules: Rules) -> Options {
        Options {
            rules,
            start: Position::empty(rules),
            x: Seat::Human,
            o: Seat::Ai,
            algorithm: Algorithm::Engine,
            seed: None,
            mouse: true,
            budget: Budget::time(DEFAULT_TIME),
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options::new(Rules::TICTACTOE)
    }
}
