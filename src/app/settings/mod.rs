//! The settings a player changes in the popup and keeps in the config file, and how the layers
//! combine: built-in defaults, then the file, then the command line (flags win).

pub(in crate::app) mod configuring;
pub(in crate::app) mod menu;
pub(in crate::app) mod options;

use crate::app::settings::options::{AI_PACE, DEFAULT_TIME, Options, Seat};
use crate::engine::{Algorithm, Budget, Rules};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

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
    /// Whether every empty cell shows its move's score.
    pub heat_map: bool,
    /// Whether mouse clicks play moves and work the popup.
    pub mouse: bool,
    /// Colours or none.
    pub theme: Palette,
    /// Whether the exact engine consults the opening book (read when the game starts).
    pub book: bool,
}

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

impl Default for Settings {
    /// What tictree does with no config file and no flags.
    fn default() -> Settings {
        Settings {
            rules: Rules::TICTACTOE,
            x: Seat::Human,
            o: Seat::PERFECT,
            algorithm: Algorithm::Engine,
            time_ms: DEFAULT_TIME.as_millis() as u64,
            depth: 0,
            pace_ms: AI_PACE.as_millis() as u64,
            keep_analysing: true,
            threads: 0,
            hints: false,
            heat_map: false,
            mouse: true,
            theme: Palette::Default,
            book: true,
        }
    }
}

/// Some settings, each one given or not: what a config file or the command line says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsPatch {
    /// `rules`.
    pub rules: Option<Rules>,
    /// `x`.
    pub x: Option<Seat>,
    /// `o`.
    pub o: Option<Seat>,
    /// `algorithm`.
    pub algorithm: Option<Algorithm>,
    /// `time_ms`.
    pub time_ms: Option<u64>,
    /// `depth`.
    pub depth: Option<u32>,
    /// `pace_ms`.
    pub pace_ms: Option<u64>,
    /// `keep_analysing`.
    pub keep_analysing: Option<bool>,
    /// `threads`.
    pub threads: Option<u32>,
    /// `hints`.
    pub hints: Option<bool>,
    /// `heat_map`.
    pub heat_map: Option<bool>,
    /// `mouse`.
    pub mouse: Option<bool>,
    /// `theme`.
    pub theme: Option<Palette>,
    /// `book`.
    pub book: Option<bool>,
}

impl Settings {
    /// These settings with every value the patch gives replacing this one's.
    pub fn patched(self, patch: &SettingsPatch) -> Settings {
        Settings {
            rules: patch.rules.unwrap_or(self.rules),
            x: patch.x.unwrap_or(self.x),
            o: patch.o.unwrap_or(self.o),
            algorithm: patch.algorithm.unwrap_or(self.algorithm),
            time_ms: patch.time_ms.unwrap_or(self.time_ms),
            depth: patch.depth.unwrap_or(self.depth),
            pace_ms: patch.pace_ms.unwrap_or(self.pace_ms),
            keep_analysing: patch.keep_analysing.unwrap_or(self.keep_analysing),
            threads: patch.threads.unwrap_or(self.threads),
            hints: patch.hints.unwrap_or(self.hints),
            heat_map: patch.heat_map.unwrap_or(self.heat_map),
            mouse: patch.mouse.unwrap_or(self.mouse),
            theme: patch.theme.unwrap_or(self.theme),
            book: patch.book.unwrap_or(self.book),
        }
    }

    /// The time and depth limits as a budget (no node limit, the default table).
    pub fn budget(&self) -> Budget {
        Budget {
            depth: (self.depth > 0).then_some(self.depth),
            time: (self.time_ms > 0).then(|| Duration::from_millis(self.time_ms)),
            ..Budget::UNLIMITED
        }
    }
}

impl Options {
    /// Options for a fresh game with these settings: the empty board, no seed, no config file.
    pub fn with_settings(settings: &Settings) -> Options {
        let mut options = Options::new(settings.rules);
        options.set(settings);
        options
    }

    /// Takes the settings over, keeping what they do not cover: the start position and its
    /// opening moves (unless the rules changed), the seed, the node limit and table size, the
    /// config file.
    pub fn set(&mut self, settings: &Settings) {
        if self.rules != settings.rules {
            self.rules = settings.rules;
            self.start = crate::engine::Position::empty(settings.rules);
            self.origin = self.start;
            // The opening led to the old start; under other rules its cells mean nothing.
            self.opening.clear();
        }
        self.x = settings.x;
        self.o = settings.o;
        self.algorithm = settings.algorithm;
        let limits = settings.budget();
        self.budget.depth = limits.depth;
        self.budget.time = limits.time;
        self.pace = Duration::from_millis(settings.pace_ms);
        self.keep_analysing = settings.keep_analysing;
        self.threads = settings.threads;
        self.budget.threads = Some(threads_for(settings.threads));
        self.hints = settings.hints;
        self.heat = settings.heat_map;
        self.mouse = settings.mouse;
        self.theme = settings.theme;
        self.book = settings.book;
    }

    /// The settings these options stand for (`heat_map` as they started).
    pub fn settings(&self) -> Settings {
        Settings {
            rules: self.rules,
            x: self.x,
            o: self.o,
            algorithm: self.algorithm,
            time_ms: self.budget.time.map_or(0, |t| t.as_millis() as u64),
            depth: self.budget.depth.unwrap_or(0),
            pace_ms: self.pace.as_millis() as u64,
            keep_analysing: self.keep_analysing,
            threads: self.threads,
            hints: self.hints,
            heat_map: self.heat,
            mouse: self.mouse,
            theme: self.theme,
            book: self.book,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_patch_replaces_only_what_it_gives() {
        let patch = SettingsPatch {
            o: Some(Seat::Human),
            time_ms: Some(0),
            ..SettingsPatch::default()
        };
        let patched = Settings::default().patched(&patch);
        assert_eq!(patched.o, Seat::Human);
        assert_eq!(patched.time_ms, 0);
        assert_eq!(
            Settings {
                o: Seat::PERFECT,
                time_ms: 1500,
                ..patched
            },
            Settings::default()
        );
    }

    #[test]
    fn options_and_settings_round_trip() {
        let settings = Settings {
            rules: Rules::CONNECT4,
            x: Seat::Ai(crate::engine::Skill::Shallow(5)),
            o: Seat::Human,
            algorithm: Algorithm::AlphaBeta,
            time_ms: 250,
            depth: 9,
            pace_ms: 1000,
            keep_analysing: false,
            threads: 3,
            hints: true,
            heat_map: true,
            mouse: false,
            theme: Palette::Mono,
            book: false,
        };
        let options = Options::with_settings(&settings);
        assert_eq!(options.settings(), settings);
        assert_eq!(
            options.start,
            crate::engine::Position::empty(Rules::CONNECT4)
        );
        assert_eq!(Options::default().settings(), Settings::default());
    }
}
