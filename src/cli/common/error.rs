//! Errors a user can cause on the command line: one line on stderr, exit status 2.

use crate::engine::{NotationError, RulesError};
use std::fmt;

/// A user error: bad rules, a malformed or impossible position, an illegal move, no terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<RulesError> for CliError {
    fn from(error: RulesError) -> CliError {
        CliError(error.to_string())
    }
}

impl From<NotationError> for CliError {
    fn from(error: NotationError) -> CliError {
        CliError(error.to_string())
    }
}

impl From<String> for CliError {
    fn from(message: String) -> CliError {
        CliError(message)
    }
}

/// What the user typed, as an error message quotes it: as it is when that reads plainly
/// (`--depth 0`, `books/c4.book`), else quoted with its control characters escaped (`--games
/// '1\n2'`, `--games ''`, `'my book'`), so the message stays one line, shows every character,
/// and never acts on the terminal. A text ending with `:` is quoted too, or it would run into
/// the colon after it (`--x 'ai:': …`, not `--x ai:: …`).
pub fn as_typed(text: &str) -> String {
    let plain =
        !text.is_empty() && text.chars().all(|c| c.is_ascii_graphic()) && !text.ends_with(':');
    if plain {
        text.to_string()
    } else {
        format!("'{}'", crate::app::printable(text))
    }
}

/// A file name the user gave, as a message quotes it (`as_typed`).
pub fn named(path: &std::path::Path) -> String {
    as_typed(&path.to_string_lossy())
}

/// How a command that ran ended; bad input is a `CliError` instead, exit status 2 (the statuses
/// are listed in docs/cli.md, "Exit statuses").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Everything was done, and was right: status 0.
    Done,
    /// Some line of a batch could not be read or solved, or disagreed with its expected score:
    /// status 1.
    Failed,
    /// Stopped by Ctrl-C or SIGTERM after reporting what was known: status 130 or 143 (128 + the
    /// signal, as a shell reports a program the signal ended).
    Interrupted,
}

impl Ending {
    /// The process's exit status.
    pub fn code(self) -> u8 {
        match self {
            Ending::Done => 0,
            Ending::Failed => 1,
            Ending::Interrupted => super::interrupt::status(),
        }
    }
}
