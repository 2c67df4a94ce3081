//! How the TUI starts: the game, who plays each side, and the search settings.

use crate::app::settings::{Palette, threads_for};
use crate::engine::{Algorithm, Budget, Move, Position, Rules, Skill};
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// Who sits on one side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Moves come from the keyboard or mouse.
    Human,
    /// Moves come from the engine, played at a skill level.
    Ai(Skill),
}

impl Seat {
    /// The perfect AI, the default opponent.
    pub const PERFECT: Seat = Seat::Ai(Skill::Perfect);

    /// Whether the AI plays this side.
    pub fn is_ai(self) -> bool {
        matches!(self, Seat::Ai(_))
    }
}

impl fmt::Display for Seat {
    /// `human`, `ai:4`, `ai:3:5`: what `--x` and `--o` take.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Ai(skill) => write!(f, "ai:{skill}"),
        }
    }
}

impl FromStr for Seat {
    type Err = String;

    /// `human`, `ai` (level 4), `ai:1` … `ai:4`, `ai:3:DEPTH`.
    fn from_str(text: &str) -> Result<Seat, String> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.split_once(':') {
            _ if lower == "human" => Ok(Seat::Human),
            _ if lower == "ai" => Ok(Seat::PERFECT),
            Some(("ai", skill)) => skill.parse().map(Seat::Ai),
            _ => Err(format!(
                "unknown player '{text}': use human, ai, or ai:LEVEL (1 to 4, 3:DEPTH)"
            )),
        }
    }
}

/// Everything the TUI needs to start. The settings among them (rules, players, algorithm, time
/// and depth, hints, mouse, theme) change while it runs, through the settings popup.
#[derive(Clone, Debug)]
pub struct Options {
    /// The game being played.
    pub rules: Rules,
    /// The position the game starts from (the empty board unless `--position`, `--moves`, the
    /// editor or a paste set it); `n` comes back to it.
    pub start: Position,
    /// Where the game record starts: the empty board, or a position given with `--position`,
    /// set up in the editor or pasted.
    pub origin: Position,
    /// The moves from `origin` to `start` (`--moves`, or pasted), the start of the game record.
    pub opening: Vec<Move>,
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
    /// With two AIs, the least time between moves, so the game can be watched.
    pub pace: Duration,
    /// Whether the analysis goes on past the budget on a human's turn and in the explorer.
    pub keep_analysing: bool,
    /// The `threads` setting (0: every core); `budget.threads` is what it comes to.
    pub threads: u32,
    /// Whether the recommended move is starred on the board on a human's turn.
    pub hints: bool,
    /// Whether the heat map is on at the start (`App::heat` is its live value).
    pub heat: bool,
    /// Colours or none (`NO_COLOR` turns colour off whatever this says).
    pub theme: Palette,
    /// Whether the exact engine consults the opening book (installed when the game starts).
    pub book: bool,
    /// Where changed settings are saved, to show in the popup (`None`: nowhere).
    pub config: Option<PathBuf>,
}

/// The least time per move of an AI-against-AI game unless told otherwise.
pub const AI_PACE: Duration = Duration::from_millis(400);

/// The AI's thinking time per move unless told otherwise.
pub const DEFAULT_TIME: Duration = Duration::from_millis(1500);

impl Options {
    /// Tic-tac-toe, human X against the perfect AI as O.
    pub fn new(rules: Rules) -> Options {
        Options {
            rules,
            start: Position::empty(rules),
            origin: Position::empty(rules),
            opening: Vec::new(),
            x: Seat::Human,
            o: Seat::PERFECT,
            algorithm: Algorithm::Engine,
            seed: None,
            mouse: true,
            budget: Budget {
                threads: Some(threads_for(0)),
                ..Budget::time(DEFAULT_TIME)
            },
            pace: AI_PACE,
            keep_analysing: true,
            threads: 0,
            hints: false,
            heat: false,
            theme: Palette::Default,
            book: true,
            config: None,
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options::new(Rules::TICTACTOE)
    }
}
