//! SIGTERM, SIGHUP and SIGINT while the game runs. Left to their default, they would end the
//! program on the spot, in raw mode on the alternate screen. Caught, one ends the event loop like
//! `q`; once the terminal is restored, the program ends as the signal would have ended it, so a
//! shell or a supervisor still sees "terminated by SIGTERM". (Ctrl-C in the game is a key, not a
//! SIGINT: raw mode turns the signal off.)
//!
//! The signals are taken by a thread of their own rather than a flag alone, because the event loop
//! may never look at a flag again: after a hangup, crossterm's reader spins on a terminal that
//! reads end-of-file, inside `event::poll`. So the thread gives the loop a moment, then restores
//! the terminal and ends the program itself.

use super::terminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::Duration;

/// How long the event loop has to end the game itself after a signal (it needs one poll
/// interval) before the signal thread does it.
const GRACE: Duration = Duration::from_secs(1);

/// The signals that end the game, caught from `catch` until the program ends.
pub struct Signals {
    /// The signal received, 0 for none.
    received: Arc<AtomicI32>,
}

impl Signals {
    /// Catches SIGTERM, SIGHUP and SIGINT (nothing on systems without them).
    pub fn catch() -> std::io::Result<Signals> {
        let received = Arc::new(AtomicI32::new(0));
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            let mut caught = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT])?;
            let flag = Arc::clone(&received);
            std::thread::Builder::new()
                .name("signals".into())
                // Its own small stack: it only waits, restores and exits.
                .stack_size(256 << 10)
                .spawn(move || {
                    if let Some(signal) = caught.forever().next() {
                        flag.store(signal, Ordering::SeqCst);
                        std::thread::sleep(GRACE);
                        terminal::restore();
                        end_as(signal);
                    }
                })?;
        }
        Ok(Signals { received })
    }

    /// Whether a signal asked the program to end.
    pub fn received(&self) -> bool {
        self.received.load(Ordering::SeqCst) != 0
    }

    /// If a signal was received, ends the program as that signal would have. Call it once the
    /// terminal is restored.
    pub fn end_if_received(&self) {
        match self.received.load(Ordering::SeqCst) {
            0 => {}
            signal => end_as(signal),
        }
    }
}

/// Ends the program as `signal` would have: its default action restored, then raised again.
/// Should that fail, the exit status a shell would show for it.
fn end_as(signal: i32) -> ! {
    #[cfg(unix)]
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    std::process::exit(128 + signal)
}
