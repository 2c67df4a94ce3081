//! Ctrl-C (SIGINT) or SIGTERM (`kill`, `timeout`, a service manager) during a long command. The
//! first one raises the command's stop flag: the search ends at its next look at the flag (every
//! 256 positions, well under a millisecond) and the command reports what it knows, exiting with
//! status 128 + the signal (130 for Ctrl-C, 143 for SIGTERM: what a shell shows for a program the
//! signal ended). A second one ends the program at once, as the signal normally does, in case
//! something does not look at the flag; one that follows within a tenth of a second is the first
//! delivered twice (`timeout` signals the command and its process group).

use crate::engine::StopFlag;
use std::sync::atomic::{AtomicI32, Ordering};

/// How soon after the first a signal counts as the same interrupt, delivered twice.
const ECHO: std::time::Duration = std::time::Duration::from_millis(100);

/// The signal that stopped the command (0: none yet). One per process, as signals are: the
/// messages and the exit status read it wherever the command ends.
static CAUGHT: AtomicI32 = AtomicI32::new(0);

#[cfg(unix)]
const CTRL_C: i32 = signal_hook::consts::SIGINT;
#[cfg(not(unix))]
const CTRL_C: i32 = 2;

/// The stop flag a SIGINT or SIGTERM raises, from `catch` until the program ends.
pub struct Interrupt {
    stop: StopFlag,
}

impl Interrupt {
    /// Catches SIGINT and SIGTERM from now on (nothing on systems without signals, or if they
    /// cannot be caught: the signal then ends the program as usual).
    pub fn catch() -> Interrupt {
        let stop = StopFlag::default();
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGINT, SIGTERM};
            if let Ok(mut caught) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) {
                for signal in [SIGINT, SIGTERM] {
                    // Raised in the signal handler itself, not later on the thread below: Ctrl-C
                    // on a pipeline ends the program writing to us too, and the end of its input
                    // must not be read as a finished batch because that thread had not yet run.
                    let raised = stop.clone();
                    let record = move || {
                        let _ =
                            CAUGHT.compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst);
                        raised.stop();
                    };
                    // SAFETY: the action only stores into atomics, which is async-signal-safe.
                    let _ = unsafe { signal_hook::low_level::register(signal, record) };
                }
                let _ = std::thread::Builder::new()
                    .name("interrupt".into())
                    // Its own small stack: it only waits.
                    .stack_size(256 << 10)
                    .spawn(move || {
                        let mut signals = caught.forever();
                        if signals.next().is_none() {
                            return;
                        }
                        let first = std::time::Instant::now();
                        // `timeout` signals the command and its process group, so one interrupt
                        // can come twice within microseconds: only a second one sent on purpose
                        // ends the program at once.
                        for signal in signals {
                            if first.elapsed() >= ECHO {
                                let _ = signal_hook::low_level::emulate_default_handler(signal);
                                std::process::exit(128 + signal);
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

/// What stopped the command, as its messages name it: `Ctrl-C` or `SIGTERM`.
pub fn cause() -> &'static str {
    match CAUGHT.load(Ordering::SeqCst) {
        #[cfg(unix)]
        signal_hook::consts::SIGTERM => "SIGTERM",
        _ => "Ctrl-C",
    }
}

/// The exit status of a command the signal stopped: 128 + the signal, as a shell reports it.
pub fn status() -> u8 {
    match CAUGHT.load(Ordering::SeqCst) {
        0 => 128 + CTRL_C as u8,
        signal => 128 + signal as u8,
    }
}
