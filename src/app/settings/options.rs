//! How the TUI starts: the settings, the position and the rest the command line gives; and the
//! search budget and pace a request is given, derived from them when it is made.

use crate::app::settings::values::{Settings, threads_for};
use crate::engine::{Budget, Move, Position, Rules};
use std::path::PathBuf;
use std::time::Duration;

/// Everything the TUI needs to start. The settings change while it runs, through the settings
/// popup (and `m`, the heat map, and `w`, swapping sides).
#[derive(Clone, Debug)]
pub struct Options {
    /// The game, the players, the search and the display: what the popup and the file hold.
    pub settings: Settings,
    /// The position the game starts from (the empty board unless `--position`, `--moves`, the
    /// editor or a paste set it); `n` comes back to it.
    pub start: Position,
    /// Where the game record starts: the empty board, or a position given with `--position`,
    /// set up in the editor or pasted.
    pub origin: Position,
    /// The moves from `origin` to `start` (`--moves`, or pasted), the start of the game record.
    pub opening: Vec<Move>,
    /// Seed for the AI's choice among equally good moves; `None` picks one at random.
    pub seed: Option<u64>,
    /// A node limit on every analysis besides the settings' time and depth (`None`: none); the
    /// tests use it for searches that end in the same place on any machine.
    pub nodes: Option<u64>,
    /// Bytes for the engine's transposition table (`--hash`; `None`: the default).
    pub table: Option<usize>,
    /// Where changed settings are saved, to show in the popup (`None`: nowhere).
    pub config: Option<PathBuf>,
    /// Whether `config` is the null device (`--config /dev/null`, or a link to it), which throws
    /// every save away (`config::discards`).
    pub config_discards: bool,
    /// Whether `config`, as it is, takes no changes (`config::Loaded::unsaved`): the settings
    /// popup says so from the start.
    pub config_unsaved: bool,
}

impl Options {
    /// The default settings under these rules: human X against the perfect AI as O.
    pub fn new(rules: Rules) -> Options {
        Options::with_settings(&Settings {
            rules,
            ..Settings::default()
        })
    }

    /// Options for a fresh game with these settings: the empty board, no seed, no config file.
    pub fn with_settings(settings: &Settings) -> Options {
        Options {
            settings: *settings,
            start: Position::empty(settings.rules),
            origin: Position::empty(settings.rules),
            opening: Vec::new(),
            seed: None,
            nodes: None,
            table: None,
            config: None,
            config_discards: false,
            config_unsaved: false,
        }
    }

    /// Takes the settings over, keeping what they do not cover: the start position and its
    /// opening moves (unless the rules changed), the seed, the node limit and table size, the
    /// config file.
    pub fn set(&mut self, settings: &Settings) {
        if self.settings.rules != settings.rules {
            self.start = Position::empty(settings.rules);
            self.origin = self.start;
            // The opening led to the old start; under other rules its cells mean nothing.
            self.opening.clear();
        }
        self.settings = *settings;
    }

    /// How long, how deep and on how many threads an analysis asked for now searches.
    pub fn budget(&self) -> Budget {
        let settings = &self.settings;
        Budget {
            depth: (settings.depth > 0).then_some(settings.depth),
            time: (settings.time_ms > 0).then(|| Duration::from_millis(settings.time_ms)),
            nodes: self.nodes,
            table: self.table,
            threads: Some(threads_for(settings.threads)),
        }
    }

    /// Whether an analysis board's hints go on past the budget until every move is exact: the
    /// `keep_analysing` setting, except under a depth limit, which an exact search would pass
    /// (the hints are then estimates to that depth, as the help of `--depth` promises).
    pub fn keeps_analysing(&self) -> bool {
        self.settings.keep_analysing && self.settings.depth == 0
    }

    /// The least time per move when both sides are the AI's, so the game can be watched.
    pub fn pace(&self) -> Duration {
        let settings = &self.settings;
        if settings.x.is_ai() && settings.o.is_ai() {
            Duration::from_millis(settings.pace_ms)
        } else {
            Duration::ZERO
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options::new(Rules::TICTACTOE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::settings::values::Seat;
    use crate::engine::Skill;

    #[test]
    fn the_budget_comes_from_the_settings() {
        let mut options = Options::default();
        assert_eq!(options.budget().time, Some(Duration::from_millis(1500)));
        assert_eq!(options.budget().depth, None);
        options.settings.time_ms = 0;
        options.settings.depth = 9;
        options.settings.threads = 3;
        let budget = options.budget();
        assert_eq!((budget.time, budget.depth), (None, Some(9)));
        assert_eq!(budget.threads, Some(3));
    }

    #[test]
    fn new_rules_start_from_their_empty_board() {
        let mut options = Options::default();
        options.start = options.start.play_moves("b2").unwrap();
        let settings = Settings {
            rules: Rules::CONNECT4,
            x: Seat::Ai(Skill::Shallow(5)),
            ..options.settings
        };
        options.set(&settings);
        assert_eq!(options.settings, settings);
        assert_eq!(options.start, Position::empty(Rules::CONNECT4));
        assert_eq!(Options::default().settings, Settings::default());
    }
}
