//! The interactive application: state, update, event loop and the search worker.

mod options;

pub use options::{Options, Seat};

/// Runs the TUI until the user quits, restoring the terminal whatever happens.
pub fn run(options: Options) -> color_eyre::Result<()> {
    let _ = options;
    Err(color_eyre::eyre::eyre!(
        "the TUI is being built on another branch"
    ))
}
