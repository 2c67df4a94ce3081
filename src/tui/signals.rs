//! Signals while the game runs. Left to their defaults, they would end or stop the program on the
//! spot, in raw mode on the alternate screen, and a stopped game would come back with the shell's
//! line mode and a stale screen.
//!
//! - SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2 and SIGALRM end the event loop like `q`;
//!   once the terminal is restored, the game record is printed as after `q` (not after SIGHUP: the
//!   terminal is gone) and the program ends as the signal would have ended it, so a shell or a
//!   supervisor still sees "terminated by SIGTERM". (Ctrl-C and Ctrl-\ in the game are keys,
//!   not signals: raw mode turns the signals off.)
//! - SIGTSTP (`kill -TSTP`, or Ctrl-Z, which raw mode delivers as a key) asks the loop to give the
//!   terminal back and stop; SIGCONT (`fg`, `kill -CONT`) asks it to set the terminal up again and
//!   repaint everything, as the shell may have changed both while the program was stopped. Ctrl-Z
//!   stops it only where a shell could continue it: whoever sends SIGTSTP can send SIGCONT, but
//!   a user at a terminal that no job-control shell watches could not.
//!
//! - Continued in the background (the shell's `bg`, or the SIGCONT that `kill %1` sends after its
//!   SIGTERM to a stopped job), the program leaves the terminal alone: setting it up from the
//!   background would stop the program again (SIGTTOU) before it could end. It ends if a signal
//!   asks it to, or else stops again until `fg`.
//!
//! The signals are taken by a thread of their own rather than a flag alone, because the event loop
//! may never look at a flag again: after a hangup, crossterm's reader spins on a terminal that
//! reads end-of-file, inside `event::poll`. So for an ending signal the thread gives the loop a
//! moment, then restores the terminal and ends the program itself. For the same reason another
//! thread waits for the terminal to hang up, which ends the program at once as SIGHUP would,
//! whether or not a SIGHUP comes (none comes to a program in a session of its own, `setsid`).

use super::terminal;
use crate::app::Record;
#[cfg(target_os = "linux")]
use std::io::ErrorKind;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Duration;

/// SIGHUP's number: the terminal is gone, nothing is printed to it.
#[cfg(unix)]
const HANGUP: i32 = signal_hook::consts::SIGHUP;
#[cfg(not(unix))]
const HANGUP: i32 = 1;

/// How long the event loop has to end the game itself after a signal (it needs one poll
/// interval) before the signal thread does it.
const GRACE: Duration = Duration::from_secs(1);

/// How long a program continued in the background waits for an ending signal before it stops
/// again.
const BACKGROUND_WAIT: Duration = Duration::from_millis(100);

/// The signals caught from `catch` until the program ends.
#[derive(Default)]
pub struct Signals {
    /// The signal that asked the program to end, 0 for none.
    received: Arc<AtomicI32>,
    /// SIGTSTP arrived and the loop has not stopped for it yet.
    stop: Arc<AtomicBool>,
    /// SIGCONT arrived and the loop has not set the terminal up again yet.
    resumed: Arc<AtomicBool>,
}

impl Signals {
    /// Catches the signals above (nothing on systems without them).
    pub fn catch() -> std::io::Result<Signals> {
        let signals = Signals::default();
        #[cfg(unix)]
        {
            use signal_hook::consts::{
                SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2,
            };
            let mut caught = signal_hook::iterator::Signals::new([
                SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTSTP, SIGCONT,
            ])?;
            let received = Arc::clone(&signals.received);
            let stop = Arc::clone(&signals.stop);
            let resumed = Arc::clone(&signals.resumed);
            std::thread::Builder::new()
                .name("signals".into())
                // Its own small stack: it only waits, sets flags, restores and exits.
                .stack_size(256 << 10)
                .spawn(move || {
                    for signal in caught.forever() {
                        match signal {
                            SIGTSTP => stop.store(true, Ordering::SeqCst),
                            SIGCONT => resumed.store(true, Ordering::SeqCst),
                            _ => {
                                received.store(signal, Ordering::SeqCst);
                                std::thread::sleep(GRACE);
                                terminal::restore();
                                end_as(signal);
                            }
                        }
                    }
                })?;
            #[cfg(target_os = "linux")]
            watch_for_hangup()?;
        }
        Ok(signals)
    }

    /// Whether a signal asked the program to end.
    pub fn received(&self) -> bool {
        self.received.load(Ordering::SeqCst) != 0
    }

    /// Whether SIGTSTP asked the program to stop since the last call.
    pub fn take_stop(&self) -> bool {
        self.stop.swap(false, Ordering::SeqCst)
    }

    /// Whether SIGCONT continued the program since the last call.
    pub fn take_resumed(&self) -> bool {
        self.resumed.swap(false, Ordering::SeqCst)
    }

    /// Sets the terminal up again after a stop, once the program is in the foreground: continued
    /// in the background, it stops again until `fg`, unless a signal asks it to end (then the
    /// terminal is left alone, and `received` says so).
    pub fn take_terminal_back(&self, mouse: bool) -> std::io::Result<()> {
        loop {
            if in_foreground() {
                return if self.received() {
                    Ok(())
                } else {
                    terminal::enter(mouse)
                };
            }
            // `kill %1` sends SIGCONT just after its SIGTERM: the signal thread needs a moment
            // to record it.
            let deadline = std::time::Instant::now() + BACKGROUND_WAIT;
            while std::time::Instant::now() < deadline {
                if self.received() {
                    return Ok(());
                }
                std::thread::sleep(BACKGROUND_WAIT / 20);
            }
            stop()?;
        }
    }

    /// Gives the terminal back and stops the program as SIGTSTP would have; returns once it is
    /// continued, and the caller then takes the terminal back (`take_terminal_back`) and
    /// repaints. Should the stop fail, the game goes on where it was.
    pub fn stop_here(&self) {
        terminal::restore();
        let _ = stop();
    }

    /// If a signal asked the program to end: prints `record` (as the caller does after `q`),
    /// unless the terminal hung up, and ends as that signal would have. Call it once the
    /// terminal is restored.
    pub fn end_if_received(&self, record: &Record) {
        match self.received.load(Ordering::SeqCst) {
            0 => {}
            signal => {
                // Nor from the background: it would write over the shell's prompt.
                if signal != HANGUP && in_foreground() && record.worth_printing() {
                    // Best effort: the signal, not a failed write, decides how the program ends.
                    let _ = write!(std::io::stdout(), "{record}");
                    let _ = std::io::stdout().flush();
                }
                end_as(signal)
            }
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

/// Stops the whole program as SIGTSTP would have, until the shell's `fg` or a SIGCONT.
fn stop() -> std::io::Result<()> {
    #[cfg(unix)]
    signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP)?;
    Ok(())
}

/// The process group that owns the terminal (standard input), if it is this program's
/// controlling terminal: `None` without one (a game started by `setsid`) or once it hung up.
/// Linux only: elsewhere `None` too, and the callers assume the usual case.
fn terminal_owner() -> Option<i32> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: it only reads the terminal's state.
        let owner = unsafe { libc::tcgetpgrp(0) };
        (owner != -1).then_some(owner)
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// Why no shell could `fg` this program if Ctrl-Z stopped it, if none could: it has no
/// controlling terminal (a game started by `setsid`), or its process group is its session's
/// (it leads the session, as under `ssh -t host tictree` or `xterm -e tictree`, or it is started
/// by a program that leads it without job control), so Ctrl-Z would stop whatever could
/// continue it too. A job-control shell gives each job a process group of its own. (Elsewhere
/// than Linux, a shell is assumed.)
pub fn why_no_shell_to_stop_to() -> Option<&'static str> {
    #[cfg(target_os = "linux")]
    {
        if terminal_owner().is_none() {
            return Some("no controlling terminal");
        }
        // SAFETY: they only read the process's state.
        let (group, session) = unsafe { (libc::getpgrp(), libc::getsid(0)) };
        if group == session {
            return Some("the game leads its session");
        }
    }
    None
}

/// Whether this program's process group has the terminal: not when a shell put it in the
/// background. A terminal that cannot say (it hung up) counts as the foreground: there is
/// nothing there to leave alone, and stopping would keep the program from ending.
fn in_foreground() -> bool {
    #[cfg(target_os = "linux")]
    // SAFETY: it only reads the process's state.
    let group = unsafe { libc::getpgrp() };
    #[cfg(not(target_os = "linux"))]
    let group = 0;
    terminal_owner().is_none_or(|owner| owner == group)
}

/// Ends the program as SIGHUP would once the terminal (standard input, which the game requires to
/// be one) hangs up: crossterm's reader would spin on it forever.
#[cfg(target_os = "linux")]
fn watch_for_hangup() -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("hangup".into())
        .stack_size(64 << 10)
        .spawn(|| {
            // No events asked for: poll returns only for a hangup or an error on the terminal,
            // never for a key.
            let mut terminal = libc::pollfd {
                fd: 0,
                events: 0,
                revents: 0,
            };
            loop {
                // SAFETY: one valid pollfd, for the duration of the call.
                let ready = unsafe { libc::poll(&mut terminal, 1, -1) };
                if ready > 0 {
                    break;
                }
                if ready < 0 && std::io::Error::last_os_error().kind() != ErrorKind::Interrupted {
                    return;
                }
            }
            terminal::restore();
            end_as(HANGUP)
        })?;
    Ok(())
}
