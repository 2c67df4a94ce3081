//! The command line: argument parsing and the non-interactive subcommands.

pub mod analyze;
mod args;
mod compare;
mod error;
pub mod format;

pub use args::{AnalyzeArgs, Cli, Command, GameArgs, PlayArgs};
pub use error::CliError;
