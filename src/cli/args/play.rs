//! The full-screen game's options, which the config file's settings fill in.

use super::shared::{BookChoice, GameArgs, TableArgs, thread_count, whole};
use crate::app::{MAX_DEPTH, MAX_TIME_MS, Options, Settings, SettingsPatch, Value};
use crate::cli::common::error::{CliError, as_typed};
use crate::engine::Position;
use clap::Args;
use std::path::PathBuf;

/// Options of the full-screen game.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Start from this position, rows top to bottom separated by '/', e.g. x.o/.x./..o (then
    /// --moves from there); the game record starts from it.
    #[arg(long, value_name = "POSITION")]
    pub position: Option<String>,
    /// Who plays X: human (the default), ai (perfect), or ai:LEVEL (1 random, 2 win or block,
    /// 3 two plies deep, 3:DEPTH, 4 perfect).
    #[arg(long = "x", value_name = "SEAT")]
    pub x: Option<String>,
    /// Who plays O: human, ai (the default), or ai:LEVEL (as --x).
    #[arg(long = "o", value_name = "SEAT")]
    pub o: Option<String>,
    /// Search algorithm of the AI and the analysis: minimax, alphabeta or engine (the default).
    #[arg(long)]
    pub algo: Option<String>,
    /// Seed of every random choice: the AI's among equally good moves, level 1's moves, the first
    /// quiz's questions (reproducible games and quizzes).
    // Hyphens allowed, so that `--seed -1` is a value with a clear message rather than an
    // unknown option (as every number).
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = whole::<u64>(0..=u64::MAX)
    )]
    pub seed: Option<u64>,
    /// Search the AI's moves and the hints at most this many plies deep (estimates beyond).
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = whole::<u32>(1..=MAX_DEPTH.into())
    )]
    pub depth: Option<u32>,
    /// Think at most this long per move (default 1500 unless --depth; 0: no limit, exact play).
    #[arg(
        long,
        value_name = "MS",
        allow_hyphen_values = true,
        value_parser = whole::<u64>(0..=MAX_TIME_MS)
    )]
    pub time_ms: Option<u64>,
    #[command(flatten)]
    pub table: TableArgs,
    /// Threads each analysis spreads its moves over (default: the config file's `threads` if it
    /// has one, else the machine's cores). With more than one, node counts vary from run to run;
    /// values never do.
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = thread_count())]
    pub threads: Option<u32>,
    #[command(flatten)]
    pub book: BookChoice,
    /// Do not capture the mouse.
    #[arg(long)]
    pub no_mouse: bool,
    /// The settings file (default: tictree/config.toml in the user's config directory).
    /// Flags win over it; the settings popup (o) writes to it.
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
}

impl PlayArgs {
    /// The settings the flags give, each as the config file would give it. `--depth` and
    /// `--time-ms` go together: either one sets the whole budget, as without a config file
    /// (`--depth 6` alone: no time limit).
    pub fn patch(&self) -> Result<SettingsPatch, CliError> {
        let mut patch = SettingsPatch::default();
        let text = |text: &String| Value::Text(text.clone());
        if let Some(rules) = &self.game.rules.rules {
            patch.give("rules", text(rules))?;
        }
        for (side, seat) in [("x", &self.x), ("o", &self.o)] {
            if let Some(seat) = seat {
                patch
                    .give(side, text(seat))
                    .map_err(|why| CliError(format!("--{side} {}: {why}", as_typed(seat))))?;
            }
        }
        if let Some(algorithm) = &self.algo {
            patch.give("algorithm", text(algorithm))?;
        }
        if self.depth.is_some() || self.time_ms.is_some() {
            patch.give("time_ms", Value::Number(self.time_ms.unwrap_or(0)))?;
            patch.give("depth", Value::Number(self.depth.unwrap_or(0).into()))?;
        }
        if let Some(threads) = self.threads {
            patch.give("threads", Value::Number(threads.into()))?;
        }
        if self.no_mouse {
            patch.give("mouse", Value::Flag(false))?;
        }
        if self.book.no_book {
            patch.give("book", Value::Flag(false))?;
        }
        Ok(patch)
    }

    /// The TUI's start options, validated: the defaults, then the config file's settings
    /// (`file`), then the flags, which win.
    pub fn options(&self, file: &SettingsPatch) -> Result<Options, CliError> {
        let settings = Settings::default().patched(file).patched(&self.patch()?);
        let mut options = Options::with_settings(&settings);
        options.origin = match &self.position {
            Some(text) => Position::parse(settings.rules, text)?,
            None => Position::empty(settings.rules),
        };
        (options.start, options.opening) = match &self.game.moves {
            Some(moves) => options.origin.play_line(moves)?,
            None => (options.origin, Vec::new()),
        };
        options.seed = self.seed;
        options.table = self.table.bytes();
        Ok(options)
    }
}
