//! `tictree book`: build, check and describe opening books (docs/cli.md, docs/book.md).

use super::shared::{RulesArgs, TableArgs, ThreadArgs, available_mib, whole};
use crate::engine::analysis::book_build::BYTES_PER_LISTED;
use crate::engine::search::solver::DEFAULT_HASH_BYTES;
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

/// The builder's table without `--hash`, in MiB: this much for each thread...
const TABLE_MB_PER_THREAD: u64 = (DEFAULT_HASH_BYTES >> 20) as u64;
/// ...and at most this much, however many threads.
const TABLE_MB_MOST: u64 = 1024;

/// `tictree book build`.
#[derive(Args, Debug)]
#[command(mut_arg("hash", |hash| hash.help(format!(
    "Memory for the engine's transposition table, in MiB (default {TABLE_MB_PER_THREAD} for each \
     thread, at most {TABLE_MB_MOST} and half the memory available): the table is the largest \
     power of two that fits (--hash 200 gets 128 MiB)"
))))]
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

impl BookBuildArgs {
    /// The table's bytes for a build on `threads` threads: `--hash`, or else `TABLE_MB_PER_THREAD`
    /// for each thread, at most `TABLE_MB_MOST`. Each thread solves positions of its own, and the
    /// parts of the table they lean on add up: building the 6×5 book of 8 plies, two threads
    /// sharing 128 MiB spent 6–12% more CPU than one thread with it, and 3% more with 256 MiB,
    /// from which one thread gains nothing (`docs/benchmarks.md`, "The opening book").
    pub fn table_bytes(&self, threads: usize) -> usize {
        let default = TABLE_MB_PER_THREAD
            .saturating_mul(threads.max(1) as u64)
            .min(TABLE_MB_MOST);
        self.table.bytes_or(default)
    }

    /// The most positions the listing may hold: as many as fit in half the memory the system
    /// has available (the table is kept to the other half), so a book too deep for this machine
    /// is refused before it takes the memory of everything else; no limit where that is unknown.
    pub fn listing_most(&self) -> usize {
        available_mib().map_or(usize::MAX, |mib| {
            ((mib / 2) as usize).saturating_mul(1 << 20) / BYTES_PER_LISTED
        })
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn build_args(extra: &[&str]) -> BookBuildArgs {
        #[derive(clap::Parser)]
        struct Wrapper {
            #[command(flatten)]
            build: BookBuildArgs,
        }
        let words = ["book-build", "--plies", "2", "--out", "b.book"];
        let parsed: Wrapper = clap::Parser::parse_from(words.iter().chain(extra));
        parsed.build
    }

    #[test]
    fn the_default_table_grows_with_the_threads_up_to_a_gibibyte() {
        // Half the memory available caps it too: this machine has more than 2 GiB free.
        let args = build_args(&[]);
        assert_eq!(args.table_bytes(1), 128 << 20);
        assert_eq!(args.table_bytes(2), 256 << 20);
        assert_eq!(args.table_bytes(8), 1 << 30);
        assert_eq!(args.table_bytes(64), 1 << 30);
        assert_eq!(build_args(&["--hash", "64"]).table_bytes(4), 64 << 20);
    }
}
