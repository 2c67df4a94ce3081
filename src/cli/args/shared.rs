//! Options several commands share: the game and position, the table, the threads, budgets and
//! the whole numbers they are given as.

use crate::app::{MAX_THREADS, Seat, threads_for};
use crate::cli::error::CliError;
use crate::engine::game::notation::thousands;
use crate::engine::{Budget, Position, Rules};
use clap::Args;
use std::time::Duration;

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

/// A budget option's number: a whole number within `range`, or a one-line error naming the option.
pub(super) fn number(
    option: &str,
    text: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<u64, CliError> {
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
    /// The table's bytes (`None`: the default). A budget above half the memory the system has
    /// available is lowered to that, with a note on stderr: a table that takes most of the
    /// memory takes many seconds to map and leaves the rest of the system little, for a search
    /// that would have been as exact with less. Where the available memory is unknown, a budget
    /// the system cannot grant still gets the largest table it can (see `TranspositionTable::new`).
    pub fn bytes(&self) -> Result<Option<usize>, CliError> {
        let Some(text) = self.hash.as_deref() else {
            return Ok(None);
        };
        let mb = number("hash", text, 1..=MAX_HASH_MB)?;
        let Some(available) = available_mib() else {
            return Ok(Some((mb as usize) << 20));
        };
        let most = (available / 2).max(1);
        if mb > most {
            crate::errln!(
                "tictree: note: --hash {mb} is more than half the memory available ({} MiB): \
                 the table gets at most {} MiB",
                thousands(available),
                thousands(most)
            );
        }
        Ok(Some((mb.min(most) as usize) << 20))
    }
}

/// The memory the system can give a program without swapping, in MiB (Linux's `MemAvailable`);
/// `None` where it cannot be read.
fn available_mib() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib >> 10)
}

/// Which opening book the exact engine consults (docs/book.md).
#[derive(Args, Debug, Clone, Default)]
pub struct BookChoice {
    /// Consult this opening book instead of the built-in one (built by `tictree book build`).
    #[arg(long, value_name = "FILE")]
    pub book: Option<String>,
    /// Search without any opening book (as `bench` always does).
    #[arg(long, conflicts_with = "book")]
    pub no_book: bool,
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

/// A `--x` or `--o` seat, or a one-line error naming the option.
pub(super) fn seat(text: &str, side: &str) -> Result<Seat, CliError> {
    text.parse()
        .map_err(|why: String| CliError(format!("--{side} {text}: {why}")))
}
