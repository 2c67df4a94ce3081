//! `tictree book`: build, check and describe opening books (docs/cli.md, docs/book.md).

use super::shared::{GameArgs, TableArgs, ThreadArgs, number};
use crate::cli::error::CliError;
use clap::{Args, Subcommand};

/// `tictree book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    #[command(subcommand)]
    pub command: BookCommand,
}

/// What `tictree book` does.
#[derive(Subcommand, Debug)]
pub enum BookCommand {
    /// Solve every position reachable in the first plies and write them to a book file; run the
    /// same command again after an interruption to resume.
    Build(BookBuildArgs),
    /// Re-solve a random sample of a book's positions with the search and list every disagreement.
    Verify(BookVerifyArgs),
    /// Print a book's rules, plies, entries, size and checksum.
    Info(BookInfoArgs),
}

/// `tictree book build`.
#[derive(Args, Debug)]
pub struct BookBuildArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Every position reachable in at most this many plies goes into the book.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub plies: String,
    /// The book file to write (the checkpoint is FILE.partial beside it).
    #[arg(long, value_name = "FILE")]
    pub out: String,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
}

impl BookBuildArgs {
    /// The number of plies, 0 to 20 (deeper books take years).
    pub fn plies(&self) -> Result<u32, CliError> {
        number("plies", &self.plies, 0..=20).map(|n| n as u32)
    }
}

/// `tictree book verify`.
#[derive(Args, Debug)]
pub struct BookVerifyArgs {
    /// The book file.
    pub file: String,
    /// How many positions to re-solve, chosen at random across the book's plies (default 100).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub sample: Option<String>,
    /// Seed of the random sample (default: a random seed, printed).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub seed: Option<String>,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
}

impl BookVerifyArgs {
    /// The sample size, 1 to 1,000,000,000.
    pub fn sample(&self) -> Result<usize, CliError> {
        self.sample
            .as_deref()
            .map_or(Ok(100), |n| number("sample", n, 1..=1_000_000_000))
            .map(|n| n as usize)
    }

    /// The seed given, if any.
    pub fn seed(&self) -> Result<Option<u64>, CliError> {
        self.seed
            .as_deref()
            .map(|s| number("seed", s, 0..=u64::MAX))
            .transpose()
    }
}

/// `tictree book info`.
#[derive(Args, Debug)]
pub struct BookInfoArgs {
    /// The book file.
    pub file: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}
