//! Options several commands share: the game and position, the table, the threads, budgets and
//! the whole numbers they are given as.

use crate::app::{MAX_THREADS, threads_for};
use crate::cli::common::error::{CliError, as_typed};
use crate::engine::game::notation::thousands;
use crate::engine::{Budget, Position, Rules};
use clap::builder::TypedValueParser;
use clap::error::{Error, ErrorKind};
use clap::{Arg, Args, Command};
use std::ffi::OsStr;
use std::marker::PhantomData;
use std::ops::RangeInclusive;
use std::time::Duration;

/// The rules alone: `book build`'s, which always starts from the empty board, and the game's.
#[derive(Args, Debug, Clone)]
pub struct RulesArgs {
    /// Rules: tictactoe (the default), 4x4, 5x5k4, connect4, or WxHkK[g] such as 8x8k5 (sides 3 to
    /// 8, k from 3; g = gravity; WxH alone: k = the smaller side, so 7x6g is 7x6k6g).
    #[arg(long)]
    pub rules: Option<String>,
}

impl RulesArgs {
    /// The rules given, validated (`None`: not given).
    pub fn given_rules(&self) -> Result<Option<Rules>, CliError> {
        Ok(self.rules.as_deref().map(str::parse).transpose()?)
    }

    /// The rules, validated: tic-tac-toe unless given.
    pub fn rules(&self) -> Result<Rules, CliError> {
        Ok(self.given_rules()?.unwrap_or(Rules::TICTACTOE))
    }
}

/// The game and the position to start from.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Moves to play from the start position, e.g. "b2 a3 c1" (with gravity also "4453").
    #[arg(long)]
    pub moves: Option<String>,
}

impl GameArgs {
    /// The rules given, validated (`None`: not given).
    pub fn given_rules(&self) -> Result<Option<Rules>, CliError> {
        self.rules.given_rules()
    }

    /// The rules, validated: tic-tac-toe unless given.
    pub fn rules(&self) -> Result<Rules, CliError> {
        self.rules.rules()
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

/// A whole-number option's parser: a number within a range (spaces around it allowed), or a
/// one-line error naming the option, e.g. `--depth 0: expected a whole number from 1 to 64`.
#[derive(Clone)]
pub(super) struct Whole<T> {
    range: RangeInclusive<u64>,
    value: PhantomData<fn() -> T>,
}

/// `--threads`' parser, the game's and the subcommands': 1 to `MAX_THREADS`.
pub(super) fn thread_count() -> Whole<u32> {
    whole(1..=u64::from(MAX_THREADS))
}

/// The parser of a whole number within `range`, given to clap as `value_parser = whole::<T>(..)`.
pub(super) fn whole<T>(range: RangeInclusive<u64>) -> Whole<T> {
    Whole {
        range,
        value: PhantomData,
    }
}

impl<T: TryFrom<u64> + Clone + Send + Sync + 'static> TypedValueParser for Whole<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<T, Error> {
        let text = value.to_string_lossy();
        let number = text.trim().parse::<u64>().ok();
        number
            .filter(|n| self.range.contains(n))
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| {
                let option = arg.and_then(Arg::get_long).unwrap_or_default();
                // `1 to 1,048,576`: the largest bounds read at a glance with separators.
                let (low, high) = (thousands(*self.range.start()), thousands(*self.range.end()));
                let why = format!(
                    "--{option} {}: expected a whole number from {low} to {high}",
                    as_typed(&text)
                );
                // A value's problem, worded in full here: `one_line` reports it as it is.
                Error::raw(ErrorKind::ValueValidation, why).with_cmd(cmd)
            })
    }
}

/// The budget given by `--depth`, `--time-ms` and `--nodes` (each optional); `--time-ms 0` means
/// no time limit.
pub fn budget(depth: Option<u32>, time_ms: Option<u64>, nodes: Option<u64>) -> Budget {
    Budget {
        depth,
        time: time_ms.filter(|&ms| ms > 0).map(Duration::from_millis),
        nodes,
        table: None,
        threads: None,
    }
}

/// The largest `--hash`, in MiB (1 TiB): far beyond any machine's memory, and small enough that
/// the byte count cannot overflow.
const MAX_HASH_MB: u64 = 1 << 20;

/// The engine's transposition-table size, shared by every command.
#[derive(Args, Debug, Clone)]
pub struct TableArgs {
    /// Memory for the engine's transposition table, in MiB (default 128): the table is the largest
    /// power of two that fits (--hash 200 gets 128 MiB).
    #[arg(
        long,
        value_name = "MB",
        allow_hyphen_values = true,
        value_parser = whole::<u64>(1..=MAX_HASH_MB)
    )]
    pub hash: Option<u64>,
}

impl TableArgs {
    /// The table's bytes (`None`: the default). A budget above half the memory the system has
    /// available is lowered to that, with a note on stderr: a table that takes most of the
    /// memory takes many seconds to map and leaves the rest of the system little, for a search
    /// that would have been as exact with less. Where the available memory is unknown, a budget
    /// the system cannot grant still gets the largest table it can (see `TranspositionTable::new`).
    pub fn bytes(&self) -> Option<usize> {
        let mb = self.hash?;
        Some(lowered_to_available(mb, true))
    }

    /// The table's bytes, or `default_mb` MiB without `--hash`: a default above half the
    /// available memory is lowered to that half too, without a note (nobody asked for it).
    pub fn bytes_or(&self, default_mb: u64) -> usize {
        self.bytes()
            .unwrap_or_else(|| lowered_to_available(default_mb, false))
    }
}

/// `mb` MiB in bytes, at most half the memory the system has available where that is known,
/// saying so on stderr when `note` holds and the table is lowered.
fn lowered_to_available(mb: u64, note: bool) -> usize {
    let Some(available) = available_mib() else {
        return (mb as usize) << 20;
    };
    let most = (available / 2).max(1);
    if mb > most && note {
        crate::errln!(
            "tictree: note: --hash {mb} is more than half the memory available ({} MiB): \
             the table gets at most {} MiB",
            thousands(available),
            thousands(most)
        );
    }
    (mb.min(most) as usize) << 20
}

/// The memory the system can give a program without swapping, in MiB (Linux's `MemAvailable`);
/// `None` where it cannot be read.
pub(super) fn available_mib() -> Option<u64> {
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
    /// Search without any opening book (as `bench`'s solver rows do).
    #[arg(long, conflicts_with = "book")]
    pub no_book: bool,
}

/// How many threads a search runs on, shared by the subcommands (the game's own `--threads`
/// also reads the config file).
#[derive(Args, Debug, Clone)]
pub struct ThreadArgs {
    /// Threads to search on (default: the machine's cores). With more than one, node counts vary
    /// from run to run; values never do.
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = thread_count())]
    pub threads: Option<u32>,
}

impl ThreadArgs {
    /// The number of threads: the one given, else the machine's cores.
    pub fn count(&self) -> usize {
        threads_for(self.threads.unwrap_or(0))
    }
}
