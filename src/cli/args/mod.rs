//! The command-line grammar (every option is described in docs/cli.md).

mod book;
mod play;
mod shared;

pub use book::{BookArgs, BookBuildArgs, BookCommand, BookInfoArgs, BookVerifyArgs};
pub use play::PlayArgs;
pub use shared::{BookChoice, GameArgs, TableArgs, ThreadArgs, budget};

use crate::app::Seat;
use crate::app::{MAX_DEPTH, MAX_TIME_MS};
use crate::cli::common::error::{CliError, as_typed};
use crate::engine::{ReplayLimits, Skill};
use clap::{Args, Parser, Subcommand};
use shared::whole;

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
    /// Print the events of a search step by step, one JSON object per line (see docs/cli.md).
    Trace(TraceArgs),
    /// Play AI against AI without a screen and count wins, draws and losses.
    Selfplay(SelfplayArgs),
    /// Build, check and describe opening books (the exact values of the first plies).
    Book(BookArgs),
    /// Judge every move of a game against the best move there: best, inaccuracy or mistake.
    Review(ReviewArgs),
}

/// `tictree analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Search algorithm: minimax, alphabeta or engine.
    #[arg(long, default_value = "engine")]
    pub algo: String,
    /// Print one JSON object instead of a table (its fields: docs/cli.md).
    #[arg(long)]
    pub json: bool,
    /// Search at most this many plies deep; moves not solved by then get estimates.
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = whole::<u32>(1..=MAX_DEPTH.into())
    )]
    pub depth: Option<u32>,
    /// Stop after this many milliseconds; moves not solved by then get estimates.
    #[arg(
        long,
        value_name = "MS",
        allow_hyphen_values = true,
        value_parser = whole::<u64>(0..=MAX_TIME_MS)
    )]
    pub time_ms: Option<u64>,
    /// Stop after this many nodes (reproducible, unlike time); unsolved moves get estimates.
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = whole::<u64>(1..=u64::MAX)
    )]
    pub nodes: Option<u64>,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
    #[command(flatten)]
    pub book: BookChoice,
    /// Run minimax, alphabeta and engine on the position and compare nodes and times (each runs
    /// to the end, or with --depth N that many plies with the same evaluation beyond; 10 s at
    /// most each: no --time-ms or --nodes).
    #[arg(long, conflicts_with_all = ["algo", "time_ms", "nodes"])]
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
    /// Print one JSON object instead of text (with --batch: one per line).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
    #[command(flatten)]
    pub book: BookChoice,
    /// Solve every position of FILE ('-': standard input), one per line: Pons' and Tromp's
    /// column digits (e.g. 4453), cell names or x.o/.x./..o, optionally followed by the expected
    /// score, which is checked (docs/cli.md).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "moves"])]
    pub batch: Option<String>,
    /// With --batch: print the score of every column (every cell without gravity) instead,
    /// as Pons' solver does with -a; -1000 for a full column.
    #[arg(long)]
    pub analyze: bool,
    /// The position, rows top to bottom separated by '/', e.g. x.o/.x./..o (default: empty board).
    pub position: Option<String>,
}

/// `tictree bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Print a JSON array of rows instead of a table.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
    /// Run only the rows whose name contains this text.
    #[arg(long)]
    pub only: Option<String>,
}

/// `tictree trace`.
#[derive(Args, Debug)]
pub struct TraceArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Search algorithm: minimax, alphabeta (the default) or engine (a teaching model of the
    /// engine: alpha-beta with a transposition table and move ordering).
    #[arg(long, default_value = "alphabeta")]
    pub algo: String,
    /// Depth budget: positions this many plies below the given one are estimated, not searched.
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = whole::<u32>(1..=MAX_DEPTH.into())
    )]
    pub depth: Option<u32>,
    /// Node budget: stop after this many nodes (the summary then says "truncated": true).
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = whole::<u64>(1..=u64::MAX)
    )]
    pub limit: Option<u64>,
    /// What to print: the events as JSON lines (json), or the explored tree as a Graphviz picture
    /// (dot, at most 1,000 positions).
    #[arg(long, value_enum, ignore_case = true, default_value_t = TraceFormat::Json)]
    pub format: TraceFormat,
    /// The position, rows top to bottom separated by '/', e.g. x.o/.x./..o (default: empty board).
    pub position: Option<String>,
}

/// `tictree trace --format`. The values are explained in the option's own help: doc comments on
/// them would switch clap to its long, multi-line help layout for `trace --help` alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TraceFormat {
    // One JSON object per event, then a summary.
    Json,
    // The explored tree in Graphviz DOT.
    Dot,
}

/// `tictree selfplay`.
/// `tictree review`: a game's moves judged against the best move of each position.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The algorithm whose exact analysis judges the moves (minimax, alphabeta or engine).
    #[arg(long, default_value = "engine")]
    pub algo: String,
    /// One JSON object per move instead of the table.
    #[arg(long)]
    pub json: bool,
    /// The most time each position may take, in milliseconds; a move whose position is not
    /// solved by then is left unjudged (default, or 0: as long as each needs).
    #[arg(
        long,
        value_name = "MS",
        allow_hyphen_values = true,
        value_parser = whole::<u64>(0..=MAX_TIME_MS)
    )]
    pub time_ms: Option<u64>,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
    #[command(flatten)]
    pub book: BookChoice,
    /// The position the game started from (default: the empty board).
    pub position: Option<String>,
}

#[derive(Args, Debug)]
pub struct SelfplayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Who plays X: ai or ai:LEVEL (1 random, 2 win or block, 3 two plies deep, 3:DEPTH, 4 perfect).
    #[arg(long = "x", default_value = "ai", value_name = "SEAT")]
    pub x: String,
    /// Who plays O: ai or ai:LEVEL (as --x).
    #[arg(long = "o", default_value = "ai", value_name = "SEAT")]
    pub o: String,
    /// How many games to play.
    #[arg(
        long,
        default_value = "100",
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = whole::<u64>(1..=1_000_000)
    )]
    pub games: u64,
    /// Seed of every random choice: equal seeds give equal games, unless --time-ms lets the
    /// clock decide level 4's moves (default: a random seed, printed).
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = whole::<u64>(0..=u64::MAX)
    )]
    pub seed: Option<u64>,
    /// Level 4 thinks at most this long per move, as in the game, and plays the best it found
    /// (default 0: no limit, exact play, which big boards never finish).
    #[arg(
        long,
        value_name = "MS",
        default_value = "0",
        allow_hyphen_values = true,
        value_parser = whole::<u64>(0..=MAX_TIME_MS)
    )]
    pub time_ms: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub book: BookChoice,
}

impl SelfplayArgs {
    /// Level 4's time a move: `None` for no limit.
    pub fn limit(&self) -> Option<std::time::Duration> {
        (self.time_ms > 0).then(|| std::time::Duration::from_millis(self.time_ms))
    }

    /// The skill of each side, X then O: both must be AIs.
    pub fn skills(&self) -> Result<[Skill; 2], CliError> {
        // Its own message for a value that names no player: the game's ("use human, ai…")
        // offers a human, which selfplay refuses. A bad level keeps the level's message.
        let skill = |text: &str, side: &str| match text.parse::<Seat>() {
            Ok(Seat::Ai(skill)) => Ok(skill),
            Ok(Seat::Human) => Err(CliError(format!(
                "--{side} {}: selfplay needs two AIs (ai or ai:LEVEL)",
                as_typed(text)
            ))),
            Err(why) if why.starts_with("unknown player") => Err(CliError(format!(
                "--{side} {}: unknown player: use ai or ai:LEVEL (1 to 4, 3:DEPTH)",
                as_typed(text)
            ))),
            Err(why) => Err(CliError(format!("--{side} {}: {why}", as_typed(text)))),
        };
        Ok([skill(&self.x, "x")?, skill(&self.o, "o")?])
    }
}

impl TraceArgs {
    /// The depth and node budgets.
    pub fn limits(&self) -> ReplayLimits {
        ReplayLimits {
            depth: self.depth,
            nodes: self.limit,
        }
    }
}
