//! `tictree book`: build, check and describe opening books (docs/cli.md, docs/book.md).

use super::shared::{RulesArgs, TableArgs, ThreadArgs, whole};
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
    /// Print a book's rules, plies, entries, size and checksum (without FILE: the built-in book's).
    Info(BookInfoArgs),
}

/// `tictree book build`.
#[derive(Args, Debug)]
#[command(mut_arg("hash", |hash| hash.help(
    "Memory for the engine's transposition table, in MiB (default 128 for each thread, at most 1024)"
)))]
pub struct BookBuildArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Every position reachable in at most this many plies goes into the book.
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = whole::<u32>(0..=20))]
    pub plies: u32,
    /// The book file to write (the checkpoint is FILE.partial beside it).
    #[arg(long, value_name = "FILE")]
    pub out: String,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
}

/// `tictree book verify`.
#[derive(Args, Debug)]
pub struct BookVerifyArgs {
    /// The book file.
    pub file: String,
    /// How many positions to re-solve, chosen at random across the book's plies (default 100).
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = whole::<usize>(1..=1_000_000_000)
    )]
    pub sample: Option<usize>,
    /// Seed of the random sample (default: a random seed, printed).
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = whole::<u64>(0..=u64::MAX)
    )]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
}

/// `tictree book info`.
#[derive(Args, Debug)]
pub struct BookInfoArgs {
    /// The book file (without one: the book built into tictree, Connect Four's).
    pub file: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}
