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
/// and never acts on the terminal.
pub fn as_typed(text: &str) -> String {
    let plain = !text.is_empty() && text.chars().all(|c| c.is_ascii_graphic());
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

/// A command-line parsing error as one line: clap's first line (what is wrong), without its
/// `error:` prefix, usage and tips, pointing to `--help` for the rest.
pub fn one_line(error: &clap::Error) -> String {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand
    ) {
        return "a subcommand is needed (see --help)".into();
    }
    let rendered = error.render().to_string();
    let mut lines = rendered.lines().filter(|line| !line.trim().is_empty());
    let first = lines.next().unwrap_or("invalid arguments");
    let mut what = first.trim_start_matches("error:").trim().to_string();
    // A bad number names its option and the range (`args::shared::Whole`): nothing to add.
    if error.kind() == ErrorKind::ValueValidation {
        return what;
    }
    // "the following required arguments were not provided:" names them on the next line.
    if what.ends_with(':')
        && let Some(next) = lines.next()
    {
        what = format!("{what} {}", next.trim());
    }
    // A value outside a fixed list (`--format`): the list, which clap gives further down.
    if let Some(values) = lines.find_map(|line| line.trim().strip_prefix("[possible values: ")) {
        let values = values.trim_end_matches(']');
        let values = match values.rsplit_once(", ") {
            Some((most, last)) => format!("{most} or {last}"),
            None => values.to_string(),
        };
        what = format!("{what}: use {values}");
    }
    format!("{what} (see --help)")
}
