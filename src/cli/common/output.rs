//! Standard output for every command, in one place. A reader that went away (`tictree … | head`)
//! ends the command at once and quietly, exit status 0, as a Unix filter does; any other failed
//! write (`>/dev/full`) is one line on stderr and exit status 2. Never a panic, which is what
//! `println!` does in both cases. A command that writes nothing for a long while looks for its
//! reader meanwhile (`end_if_reader_gone`, `ReaderWatch`). `out!`, `outln!` and `errln!` are
//! `print!`, `println!` and `eprintln!` through it.

use crate::app::printable;
use crate::engine::StopFlag;
use std::io::{ErrorKind, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::thread::JoinHandle;
use std::time::Duration;

/// Writes `text` to standard output and flushes it, or ends the process as the module says.
pub fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        if error.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        let _ = writeln!(
            std::io::stderr(),
            "tictree: cannot write the output: {error}"
        );
        std::process::exit(2);
    }
}

/// Ends the command quietly, exit status 0, as a failed write to a gone reader does, when
/// standard output is a pipe whose reader has gone away (`| head -1` that has read its line,
/// `| true`): a command that writes only at its end (`selfplay`'s tally) asks between steps, and
/// ends then rather than after an hour of work nobody reads. Linux tells it without a write
/// (a pipe with no reader polls as an error); elsewhere the write at the end tells.
pub fn end_if_reader_gone() {
    if reader_gone() {
        std::process::exit(0);
    }
}

/// Whether standard output's reader has gone away (Linux; elsewhere never known before a write).
fn reader_gone() -> bool {
    #[cfg(target_os = "linux")]
    {
        let mut stdout = libc::pollfd {
            fd: libc::STDOUT_FILENO,
            events: 0,
            revents: 0,
        };
        // SAFETY: one valid `pollfd`, and a timeout of 0: the call only looks.
        let ready = unsafe { libc::poll(&mut stdout, 1, 0) };
        ready > 0 && stdout.revents & libc::POLLERR != 0
    }
    #[cfg(not(target_os = "linux"))]
    false
}

/// How often a search that writes nothing until it is done looks for its reader: soon enough
/// that `| head` does not leave it running, rarely enough to cost nothing.
const READER_EVERY: Duration = Duration::from_millis(200);

/// `end_if_reader_gone` for a command whose one step is a search of minutes (`analyze`,
/// `solve` of a hard position): a thread looks for the reader every `READER_EVERY` while the
/// search runs and, once it has gone, stops the search through its flag, as Ctrl-C would;
/// `finish` then ends the command quietly instead of reporting an interrupt. (Linux only, as
/// `end_if_reader_gone`: elsewhere no thread is started and the write at the end tells.)
pub struct ReaderWatch {
    gone: Arc<AtomicBool>,
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl ReaderWatch {
    /// Starts watching; `search` is the flag the search stops on.
    pub fn start(search: &StopFlag) -> ReaderWatch {
        let gone = Arc::new(AtomicBool::new(false));
        let mut watch = ReaderWatch {
            gone: Arc::clone(&gone),
            stop: None,
            thread: None,
        };
        if !cfg!(target_os = "linux") {
            return watch;
        }
        let (stop, stopped) = channel::<()>();
        let search = search.clone();
        watch.thread = std::thread::Builder::new()
            .name("reader".into())
            // Its own small stack: it only waits and polls.
            .stack_size(256 << 10)
            .spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(READER_EVERY) {
                    if reader_gone() {
                        gone.store(true, Ordering::SeqCst);
                        search.stop();
                        return;
                    }
                }
            })
            .ok();
        watch.stop = Some(stop);
        watch
    }

    /// Stops watching, and ends the process quietly, status 0, if the reader went away (the
    /// search was then stopped for it, and nothing more can be told). Called once the progress
    /// lines are cleared, before anything is printed.
    pub fn finish(mut self) {
        self.end();
        if self.gone.load(Ordering::SeqCst) {
            std::process::exit(0);
        }
    }

    fn end(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for ReaderWatch {
    /// An early return (an error) stops the thread too.
    fn drop(&mut self) {
        self.end();
    }
}

/// Writes one line to standard error; if even that fails (`2>/dev/full`) there is nobody left to
/// tell, and the command goes on to its exit status. Control characters (a newline, an escape
/// sequence typed into an argument and echoed in the message) are written escaped (`\n`,
/// `\u{1b}`): a message is one line and can never clear the screen or retitle the window. A line
/// longer than `LONGEST_MESSAGE` characters (a 100,000-character `--moves` echoed) keeps its start
/// and its end, where the command and the reason are, and says how much of the middle it leaves
/// out.
pub fn err_line(text: &str) {
    let _ = writeln!(std::io::stderr(), "{}", shortened(&printable(text)));
}

/// The most characters of a message written whole: room for a list the message owes the reader
/// (`bench --only`'s row names, 430 characters), not for a pasted novel.
const LONGEST_MESSAGE: usize = 1000;

/// `text`, or its first and last `LONGEST_MESSAGE / 2` characters around `… (N characters left
/// out) …` (N counts the text as written, control characters escaped).
fn shortened(text: &str) -> String {
    let count = text.chars().count();
    if count <= LONGEST_MESSAGE {
        return text.to_string();
    }
    let half = LONGEST_MESSAGE / 2;
    let head: String = text.chars().take(half).collect();
    let tail: String = text.chars().skip(count - half).collect();
    format!(
        "{head} … ({} characters left out) … {tail}",
        crate::engine::game::notation::thousands((count - 2 * half) as u64)
    )
}

/// `print!` through `output::out`.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::common::output::out(&format!($($arg)*)) };
}

/// `eprintln!` through `output::err_line`: a full standard error is no panic.
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => { $crate::cli::common::output::err_line(&format!($($arg)*)) };
}

/// `println!` through `output::out`.
#[macro_export]
macro_rules! outln {
    () => { $crate::cli::common::output::out("\n") };
    ($($arg:tt)*) => { $crate::cli::common::output::out(&format!("{}\n", format_args!($($arg)*))) };
}
