//! Ctrl-C (SIGINT) during a long command. The first one raises the command's stop flag: the search
//! ends at its next look at the flag (every 256 positions, well under a millisecond) and the
//! command reports what it knows, exiting with status 130 (128 + SIGINT, what a shell shows for
//! Ctrl-C). A second Ctrl-C ends the program at once, as Ctrl-C normally does, in case something
//! does not look at the flag; one that follows within a tenth of a second is the first delivered
//! twice (`timeout -s INT` signals the command and its process group).

use crate::engine::StopFlag;

/// How soon after the first a SIGINT counts as the same interrupt, delivered twice.
const ECHO: std::time::Duration = std::time::Duration::from_millis(100);

/// The stop flag a SIGINT raises, from `catch` until the program ends.
pub struct Interrupt {
    stop: StopFlag,
}

impl Interrupt {
    /// Catches SIGINT from now on (nothing on systems without signals, or if it cannot be caught:
    /// Ctrl-C then ends the program as usual).
    pub fn catch() -> Interrupt {
        let stop = StopFlag::default();
        #[cfg(unix)]
        {
            use signal_hook::consts::SIGINT;
            if let Ok(mut caught) = signal_hook::iterator::Signals::new([SIGINT]) {
                // Raised in the signal handler itself, not later on the thread below: Ctrl-C on a
                // pipeline ends the program writing to us too, and the end of its input must not be
                // read as a finished batch because that thread had not yet run.
                let raised = stop.clone();
                // SAFETY: the action only stores `true` into an atomic, which is async-signal-safe.
                let _ = unsafe { signal_hook::low_level::register(SIGINT, move || raised.stop()) };
                let flag = stop.clone();
                let _ = std::thread::Builder::new()
                    .name("interrupt".into())
                    // Its own small stack: it only waits and raises a flag.
                    .stack_size(256 << 10)
                    .spawn(move || {
                        let mut signals = caught.forever();
                        if signals.next().is_none() {
                            return;
                        }
                        flag.stop();
                        let first = std::time::Instant::now();
                        // `timeout -s INT` signals the command and its process group, so one
                        // interrupt can come twice within microseconds: only a second Ctrl-C
                        // a person presses ends the program at once.
                        while signals.next().is_some() {
                            if first.elapsed() >= ECHO {
                                let _ = signal_hook::low_level::emulate_default_handler(SIGINT);
                                std::process::exit(130);
                            }
                        }
                    });
            }
        }
        Interrupt { stop }
    }

    /// The flag to search under.
    pub fn flag(&self) -> &StopFlag {
        &self.stop
    }
}
