//! The command line: argument parsing and the non-interactive subcommands.

pub mod analyze;
mod args;
mod batch;
pub mod bench;
pub mod book;
pub mod common;
pub mod review;
pub mod selfplay;
pub mod solve;
pub mod trace;

pub use args::{
    AnalyzeArgs, BenchArgs, BookArgs, BookBuildArgs, BookCommand, BookInfoArgs, BookVerifyArgs,
    Cli, Command, GameArgs, PlayArgs, ReviewArgs, SelfplayArgs, SolveArgs, TraceArgs, TraceFormat,
};
pub use common::error::{CliError, Ending};
pub use common::usage::one_line;
