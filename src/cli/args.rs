//! The command-line grammar (every option is described in docs/cli.md).

use super::error::CliError;
use crate::app::{MAX_THREADS, Options, Seat, Settings, SettingsPatch, threads_for};
use crate::engine::{Budget, Position, ReplayLimits, Rules, Skill};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::time::Duration;

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
}

/// The game and the position to start from.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Rules: tictactoe (the default), 4x4, 5x5k4, connect4, or WxHkK[g] (g = gravity).
    #[arg(long)]
    pub rules: Option<String>,
    /// Moves to play from the start position, e.g. "b2 a3 c1" (with gravity also "4453").
    #[arg(long)]
    pub moves: Option<String>,
}

impl GameArgs {
    /// The rules given, validated (`None`: not given).
    pub fn given_rules(&self) -> Result<Option<Rules>, CliError> {
        Ok(self.rules.as_deref().map(str::parse).transpose()?)
    }

    /// The rules, validated: tic-tac-toe unless given.
    pub fn rules(&self) -> Result<Rules, CliError> {
        Ok(self.given_rules()?.unwrap_or(Rules::TICTACTOE))
    }

    /// The position: `position` (rows top to bottom, e.g. x.o/.x./..o) or the empty board, then `--moves`.
    pub fn position(&self, position: Option<&str>) -> Result<Position, CliError> {
        self.position_in(self.rules()?, position)
    }

    /// `position` under the given rules (the game's come from the flags or the config file).
    pub fn position_in(&self, rules: Rules, position: Option<&str>) -> Result<Position, CliError> {
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
    /// Seed for the AI's choice among equally good moves (reproducible games).
    // Text, checked by `options()`, so that `--seed -1` is a value with a clear message rather
    // than an unknown option.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub seed: Option<String>,
    /// Search the AI's moves and the hints at most this many plies deep (estimates beyond).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub depth: Option<String>,
    /// Think at most this long per move (default 1500 unless --depth; 0: no limit, exact play).
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    pub time_ms: Option<String>,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
    /// Do not capture the mouse.
    #[arg(long)]
    pub no_mouse: bool,
    /// The settings file (default: tictree/config.toml in the user's config directory).
    /// Flags win over it; the settings popup (o) writes to it.
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
}

/// A budget option's number: a whole number within `range`, or a one-line error naming the option.
fn number(option: &str, text: &str, range: std::ops::RangeInclusive<u64>) -> Result<u64, CliError> {
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            CliError(format!(
                "--{option} {text}: expected a whole number from {} to {}",
                range.start(),
                range.end()
            ))
        })
}

/// The budget given by `--depth`, `--time-ms` and `--nodes` (each optional); `--time-ms 0` means
/// no time limit.
pub fn budget(
    depth: Option<&str>,
    time_ms: Option<&str>,
    nodes: Option<&str>,
) -> Result<Budget, CliError> {
    let depth = depth.map(|d| number("depth", d, 1..=64)).transpose()?;
    let time = time_ms
        .map(|t| number("time-ms", t, 0..=86_400_000))
        .transpose()?
        .filter(|&ms| ms > 0)
        .map(Duration::from_millis);
    let nodes = nodes
        .map(|n| number("nodes", n, 1..=u64::MAX))
        .transpose()?;
    Ok(Budget {
        depth: depth.map(|d| d as u32),
        time,
        nodes,
        table: None,
        threads: None,
    })
}

/// The largest `--hash`, in MiB (1 TiB): far beyond any machine's memory, and small enough that
/// the byte count cannot overflow.
const MAX_HASH_MB: u64 = 1 << 20;

/// The engine's transposition-table size, shared by every command.
#[derive(Args, Debug, Clone)]
pub struct TableArgs {
    /// Memory for the engine's transposition table, in MiB (default 128).
    #[arg(long, value_name = "MB", allow_hyphen_values = true)]
    pub hash: Option<String>,
}

impl TableArgs {
    /// The table's bytes (`None`: the default). A budget beyond the machine's memory gets the
    /// largest table the system grants (see `TranspositionTable::new`).
    pub fn bytes(&self) -> Result<Option<usize>, CliError> {
        self.hash
            .as_deref()
            .map(|mb| number("hash", mb, 1..=MAX_HASH_MB).map(|mb| (mb as usize) << 20))
            .transpose()
    }
}

/// How many threads a search runs on, shared by the game, `solve`, `analyze` and `bench`.
#[derive(Args, Debug, Clone)]
pub struct ThreadArgs {
    /// Threads to search on (default: the machine's cores; in the game, the config file's
    /// `threads` if it has one). With more than one, node counts vary from run to run; values
    /// never do.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub threads: Option<String>,
}

impl ThreadArgs {
    /// The number given, validated (`--threads` is 1 to `MAX_THREADS`), if one is.
    pub fn given(&self) -> Result<Option<u32>, CliError> {
        self.threads
            .as_deref()
            .map(|text| number("threads", text, 1..=u64::from(MAX_THREADS)).map(|n| n as u32))
            .transpose()
    }

    /// The number of threads: the one given, else the machine's cores.
    pub fn count(&self) -> Result<usize, CliError> {
        Ok(threads_for(self.given()?.unwrap_or(0)))
    }
}

fn seat(text: &str, side: &str) -> Result<Seat, CliError> {
    text.parse()
        .map_err(|why: String| CliError(format!("--{side} {text}: {why}")))
}

impl PlayArgs {
    /// The settings the flags give (each `None` unless its flag is there). `--depth` and
    /// `--time-ms` go together: either one sets the whole budget, as without a config file
    /// (`--depth 6` alone: no time limit).
    pub fn patch(&self) -> Result<SettingsPatch, CliError> {
        let budget = (self.depth.is_some() || self.time_ms.is_some())
            .then(|| budget(self.depth.as_deref(), self.time_ms.as_deref(), None))
            .transpose()?;
        Ok(SettingsPatch {
            rules: self.game.given_rules()?,
            x: self.x.as_deref().map(|x| seat(x, "x")).transpose()?,
            o: self.o.as_deref().map(|o| seat(o, "o")).transpose()?,
            algorithm: self.algo.as_deref().map(str::parse).transpose()?,
            time_ms: budget.map(|b| b.time.map_or(0, |t| t.as_millis() as u64)),
            depth: budget.map(|b| b.depth.unwrap_or(0)),
            mouse: self.no_mouse.then_some(false),
            threads: self.threads.given()?,
            ..SettingsPatch::default()
        })
    }

    /// The TUI's start options, validated: the defaults, then the config file's settings
    /// (`file`), then the flags, which win.
    pub fn options(&self, file: &SettingsPatch) -> Result<Options, CliError> {
        let settings = Settings::default().patched(file).patched(&self.patch()?);
        let mut options = Options::with_settings(&settings);
        let empty = Position::empty(settings.rules);
        (options.start, options.opening) = match &self.game.moves {
            Some(moves) => empty.play_line(moves)?,
            None => (empty, Vec::new()),
        };
        options.seed = self
            .seed
            .as_deref()
            .map(|s| number("seed", s, 0..=u64::MAX))
            .transpose()?;
        options.budget.table = self.table.bytes()?;
        Ok(options)
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
    /// Print one JSON object instead of a table (its fields: docs/cli.md).
    #[arg(long)]
    pub json: bool,
    /// Search at most this many plies deep; moves not solved by then get estimates.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub depth: Option<String>,
    /// Stop after this many milliseconds; moves not solved by then get estimates.
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    pub time_ms: Option<String>,
    /// Stop after this many nodes (reproducible, unlike time); unsolved moves get estimates.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub nodes: Option<String>,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
    /// Run minimax, alphabeta and engine on the position and compare nodes and times (each runs
    /// to the end, 10 s at most: no --depth, --time-ms or --nodes).
    #[arg(long, conflicts_with_all = ["algo", "depth", "time_ms", "nodes"])]
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
    /// Print one JSON object instead of a table.
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
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub depth: Option<String>,
    /// Node budget: stop after this many nodes (the summary then says "truncated": true).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub limit: Option<String>,
    /// The position, rows top to bottom separated by '/', e.g. x.o/.x./..o (default: empty board).
    pub position: Option<String>,
}

/// `tictree selfplay`.
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
        allow_hyphen_values = true
    )]
    pub games: String,
    /// Seed of every random choice: equal seeds give equal games (default: a random seed, printed).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub seed: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

impl SelfplayArgs {
    /// The skill of each side, X then O: both must be AIs.
    pub fn skills(&self) -> Result<[Skill; 2], CliError> {
        let skill = |text: &str, side: &str| match seat(text, side)? {
            Seat::Ai(skill) => Ok(skill),
            Seat::Human => Err(CliError(format!(
                "--{side} {text}: selfplay needs two AIs (ai or ai:LEVEL)"
            ))),
        };
        Ok([skill(&self.x, "x")?, skill(&self.o, "o")?])
    }

    /// The number of games, 1 to 1,000,000.
    pub fn games(&self) -> Result<u64, CliError> {
        number("games", &self.games, 1..=1_000_000)
    }

    /// The seed given, if any.
    pub fn seed(&self) -> Result<Option<u64>, CliError> {
        self.seed
            .as_deref()
            .map(|s| number("seed", s, 0..=u64::MAX))
            .transpose()
    }
}

impl TraceArgs {
    /// The depth and node budgets, validated.
    pub fn limits(&self) -> Result<ReplayLimits, CliError> {
        Ok(ReplayLimits {
            depth: self
                .depth
                .as_deref()
                .map(|d| number("depth", d, 1..=64).map(|d| d as u32))
                .transpose()?,
            nodes: self
                .limit
                .as_deref()
                .map(|n| number("limit", n, 1..=u64::MAX))
                .transpose()?,
        })
    }
}
