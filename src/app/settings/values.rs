//! `Settings`, everything the settings popup changes and the config file keeps, with their
//! defaults, and the types of their values that are the app's own (`Seat`, `Palette`). How each
//! is named, read, written, shown and stepped is in list.rs.

use crate::engine::{Algorithm, Rules, Skill};
use std::fmt;
use std::str::FromStr;

/// Everything the settings popup changes and the config file keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The game.
    pub rules: Rules,
    /// Who plays X.
    pub x: Seat,
    /// Who plays O.
    pub o: Seat,
    /// The algorithm of the AI and the analysis.
    pub algorithm: Algorithm,
    /// Thinking time per move in milliseconds; 0: no time limit.
    pub time_ms: u64,
    /// Search depth in plies; 0: no depth limit.
    pub depth: u32,
    /// With two AIs, the least time per move in milliseconds, so a game can be watched.
    pub pace_ms: u64,
    /// Whether the analysis goes on past the budget on a human's turn and in the explorer, until
    /// every move is exact (the analysis board).
    pub keep_analysing: bool,
    /// Threads each analysis searches on; 0: every core of the machine.
    pub threads: u32,
    /// Whether the recommended move is starred on the board on a human's turn.
    pub hints: bool,
    /// Whether every empty cell shows its move's score (the `m` key toggles it too).
    pub heat_map: bool,
    /// Whether mouse clicks play moves and work the popup.
    pub mouse: bool,
    /// Colours or none (`NO_COLOR` turns colour off whatever this says).
    pub theme: Palette,
    /// Whether the exact engine consults the opening book (read when the game starts).
    pub book: bool,
    /// How deep the search replay (`s`) goes.
    pub replay_depth: ReplayDepth,
    /// The most nodes a search replay covers.
    pub replay_nodes: u64,
}

impl Default for Settings {
    /// What tictree does with no config file and no flags.
    fn default() -> Settings {
        Settings {
            rules: Rules::TICTACTOE,
            x: Seat::Human,
            o: Seat::PERFECT,
            algorithm: Algorithm::Engine,
            time_ms: 1500,
            depth: 0,
            pace_ms: 400,
            keep_analysing: true,
            threads: 0,
            hints: false,
            heat_map: false,
            mouse: true,
            theme: Palette::Default,
            book: true,
            replay_depth: ReplayDepth::Auto,
            replay_nodes: REPLAY_NODES,
        }
    }
}

/// The default node budget of a replay: the whole 3×3 minimax tree (549,945 nodes) fits, and
/// Connect Four's full-width tree to 7 plies (960,799).
pub const REPLAY_NODES: u64 = 1_000_000;
/// The least node budget of a replay.
pub const MIN_REPLAY_NODES: u64 = 1_000;
/// The largest node budget of a replay: the engine model's table keeps a journal of its writes
/// for stepping back, about 15 bytes a node (150 MiB here).
pub const MAX_REPLAY_NODES: u64 = 10_000_000;

/// Largest `time_ms`: one day, as `--time-ms` allows.
pub const MAX_TIME_MS: u64 = 86_400_000;
/// Largest search depth, as `--depth` allows.
pub const MAX_DEPTH: u32 = 64;
/// Largest `pace_ms`: a minute a move is as slow as anyone watches.
pub const MAX_PACE_MS: u64 = 60_000;
/// Largest `threads`, as `--threads` allows.
pub const MAX_THREADS: u32 = 256;

/// The machine's cores: what `threads = 0` stands for.
pub fn cores() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u32)
}

/// The threads a `threads` setting runs on (0: every core).
pub fn threads_for(setting: u32) -> usize {
    if setting == 0 {
        cores() as usize
    } else {
        setting as usize
    }
}

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
            // The value itself is quoted by whoever reports it (`--x robot: …`, `x = "robot": …`).
            _ => Err("unknown player: use human, ai, or ai:LEVEL (1 to 4, 3:DEPTH)".into()),
        }
    }
}

/// How deep the search replay goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReplayDepth {
    /// The whole search when its full-width tree fits in the node budget, else the deepest depth
    /// whose full-width tree does (`ReplayLimits::fitting`): every root move gets a value.
    #[default]
    Auto,
    /// The whole search, to the end of every game, however big (the node budget may cut it short).
    Full,
    /// This many plies; positions there are scored by the evaluator's estimate.
    Plies(u32),
}

impl fmt::Display for ReplayDepth {
    /// `auto`, `full` or the number of plies: what the config file holds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayDepth::Auto => f.write_str("auto"),
            ReplayDepth::Full => f.write_str("full"),
            ReplayDepth::Plies(n) => write!(f, "{n}"),
        }
    }
}

impl FromStr for ReplayDepth {
    type Err = String;

    fn from_str(text: &str) -> Result<ReplayDepth, String> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.as_str() {
            "auto" => Ok(ReplayDepth::Auto),
            "full" => Ok(ReplayDepth::Full),
            _ => match lower.parse::<u32>() {
                Ok(n @ 1..=MAX_DEPTH) => Ok(ReplayDepth::Plies(n)),
                _ => Err(format!(
                    "unknown replay depth '{text}': use auto, full, or plies from 1 to {MAX_DEPTH}"
                )),
            },
        }
    }
}

/// How the screen is coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    /// The terminal's own colours (off anyway under `NO_COLOR`), chosen for a dark background.
    #[default]
    Default,
    /// The terminal's own colours, the darker ones, for a light background.
    Light,
    /// No colour at all: modifiers and symbols only.
    Mono,
}

impl Palette {
    /// Every palette, in the popup's order.
    pub const ALL: [Palette; 3] = [Palette::Default, Palette::Light, Palette::Mono];

    /// The name in the config file.
    pub fn name(self) -> &'static str {
        match self {
            Palette::Default => "default",
            Palette::Light => "light",
            Palette::Mono => "mono",
        }
    }
}

impl fmt::Display for Palette {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Palette {
    type Err = String;

    fn from_str(text: &str) -> Result<Palette, String> {
        Palette::ALL
            .into_iter()
            .find(|p| p.name() == text.trim().to_ascii_lowercase())
            .ok_or_else(|| format!("unknown theme '{text}': use default, light or mono"))
    }
}
