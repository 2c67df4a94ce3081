//! The command-line grammar (PRODUCT §7).

use super::error::CliError;
use crate::app::{Options, Seat};
use crate::engine::{Algorithm, Position, Rules};
use clap::{Args, Parser, Subcommand};

/// tictree: tic-tac-toe and its bigger relatives against a minimax AI, and a view inside that AI.
#[derive(Parser, Debug)]
#[command(
    name = "tictree",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// A subcommand; without one, tictree starts the full-screen game.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options of the full-screen game.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The non-interactive subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the exact score of every legal move of a position.
    Analyze(AnalyzeArgs),
    /// Print the value of a position with the statistics of the search.
    Solve(SolveArgs),
    /// Run the fixed benchmark suite.
    Bench(BenchArgs),
}

/// The game and the position to start from.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Rules: tictactoe, 4x4, 5x5k4, connect4, or WxHkK[g] (g = gravity).
    #[arg(long, default_value = "tictactoe")]
    pub rules: String,
    /// Moves to play from the start position, e.g. "b2 a3 c1" (with gravity also "4453").
    #[arg(long)]
    pub moves: Option<String>,
}

impl GameArgs {
    /// The rules, validated.
    pub fn rules(&self) -> Result<Rules, CliError> {
        Ok(self.rules.parse()?)
    }

    /// The position: `position` (rows top to bottom, e.g. x.o/.x./..o) or the empty board, then `--moves`.
    pub fn position(&self, position: Option<&str>) -> Result<Position, CliError> {
        let rules = self.rules()?;
        let start = match position {
            Some(text) => Position::parse(rules, text)?,
            None => Position::empty(rules),
        };
        match &self.moves {
            Some(moves) => Ok(start.play_moves(moves)?),
            None => Ok(start),
        }
    }
}

/// Options of the full-screen game.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Who plays X: human or ai.
    #[arg(long = "x", default_value = "human", value_name = "SEAT")]
    pub x: String,
    /// Who plays O: human or ai.
    #[arg(long = "o", default_value = "ai", value_name = "SEAT")]
    pub o: String,
    /// Search algorithm of the AI and the analysis: minimax, alphabeta or engine.
    #[arg(long, default_value = "engine")]
    pub algo: String,
    /// Seed for the AI's choice among equally good moves (reproducible games).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Do not capture the mouse.
    #[arg(long)]
    pub no_mouse: bool,
}

fn seat(text: &str, side: &str) -> Result<Seat, CliError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "human" => Ok(Seat::Human),
        "ai" => Ok(Seat::Ai),
        _ => Err(CliError(format!("--{side} {text}: use human or ai"))),
    }
}

impl PlayArgs {
    /// The TUI's start options, validated.
    pub fn options(&self) -> Result<Options, CliError> {
        let rules = self.game.rules()?;
        Ok(Options {
            rules,
            start: self.game.position(None)?,
            x: seat(&self.x, "x")?,
            o: seat(&self.o, "o")?,
            algorithm: self.algo.parse::<Algorithm>()?,
            seed: self.seed,
            mouse: !self.no_mouse,
        })
    }
}

/// `tictree analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Search algorithm: minimax, alphabeta or engine.
    #[arg(long, default_value = "engine")]
    pub algo: String,
    /// Print the PRODUCT §7 JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Run minimax, alphabeta and engine on the position and compare nodes and times.
    #[arg(long, conflicts_with = "algo")]
    pub compare: bool,
    /// The position, rows top to bottom separated by '/', e.g. x.o/.x./..o (default: empty board).
    pub position: Option<String>,
}

/// `tictree solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Only win, draw or loss (faster), not how quickly.
    #[arg(long)]
    pub weak: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Transposition-table budget in MiB.
    #[arg(long, value_name = "MB", default_value_t = 128)]
    pub hash: usize,
    /// The position, rows top to bottom separated by '/', e.g. x.o/.x./..o (default: empty board).
    pub position: Option<String>,
}

/// `tictree bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Transposition-table budget in MiB.
    #[arg(long, value_name = "MB", default_value_t = 128)]
    pub hash: usize,
    /// Run only the rows whose name contains this text.
    #[arg(long)]
    pub only: Option<String>,
}
