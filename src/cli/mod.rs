//! The command line: argument parsing and the non-interactive subcommands.

pub mod analyze;
mod args;
mod batch;
pub mod bench;
pub mod book;
mod compare;
mod error;
pub mod format;
mod interrupt;
mod narrowing;
pub mod output;
pub mod progress;
pub mod selfplay;
pub mod solve;
pub mod trace;
mod watch;

pub use args::{
    AnalyzeArgs, BenchArgs, BookArgs, BookBuildArgs, BookCommand, BookInfoArgs, BookVerifyArgs,
    Cli, Command, GameArgs, PlayArgs, SelfplayArgs, SolveArgs, TraceArgs,
};
pub use error::{CliError, Ending, one_line};
