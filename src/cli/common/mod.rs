//! What the subcommands share: errors and exit statuses, the parser's usage errors as one line,
//! standard output that never panics, Ctrl-C and SIGTERM as a stop flag, live progress lines on
//! a terminal, and the table and JSON formats.

pub mod error;
pub mod format;
pub mod interrupt;
pub mod narrowing;
pub mod output;
pub mod progress;
pub mod usage;
