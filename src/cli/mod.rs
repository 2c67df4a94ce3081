//! The command line: argument parsing and the non-interactive subcommands.

pub mod analyze;
mod args;
pub mod bench;
mod compare;
mod error;
pub mod format;
pub mod selfplay;
pub mod solve;
pub mod trace;

pub use args::{
    AnalyzeArgs, BenchArgs, Cli, Command, GameArgs, PlayArgs, SelfplayArgs, SolveArgs, TraceArgs,
};
pub use error::{CliError, one_line};
