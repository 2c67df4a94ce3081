//! Live progress on standard error, only on a terminal that can redraw (not `TERM=dumb`): a few
//! status lines redrawn at most every `EVERY`, cleared when the command is done, so nothing of
//! them reaches standard output, a pipe or a file. `StatusLines` draws from the command's own loop (selfplay, between games);
//! `Live` redraws from a thread of its own while the command's thread is busy searching.

use std::io::{IsTerminal, Write};
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often progress is redrawn: often enough to look alive, rarely enough to cost nothing.
pub const EVERY: Duration = Duration::from_millis(100);

/// Status lines at the bottom of the terminal, on standard error.
pub struct StatusLines {
    on: bool,
    /// Lines on the screen now (0: nothing drawn).
    drawn: usize,
    last: Option<Instant>,
}

impl StatusLines {
    /// Status lines that show only if standard error is a terminal that can redraw.
    pub fn new() -> StatusLines {
        StatusLines {
            on: std::io::stderr().is_terminal() && !crate::environment::is_dumb_terminal(),
            drawn: 0,
            last: None,
        }
    }

    /// Whether anything will ever be drawn.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Draws the lines `describe` gives in place of the previous ones, unless those were drawn
    /// less than `EVERY` ago (then `describe` is not even called: a loop can call this often).
    pub fn show(&mut self, describe: impl FnOnce() -> Vec<String>) {
        if !self.on || self.last.is_some_and(|last| last.elapsed() < EVERY) {
            return;
        }
        self.draw(&describe());
    }

    /// Draws `lines` in place of the previous ones now. Each is cut to the terminal's width and
    /// three columns more, the cursor's and the two the terminal echoes Ctrl-C with (`^C`): a
    /// wrapped line would leave a row behind that the next redraw (or the last clear) does not
    /// know to clear.
    pub fn draw(&mut self, lines: &[String]) {
        if !self.on {
            return;
        }
        self.last = Some(Instant::now());
        let width = terminal_width().saturating_sub(3).max(10);
        let mut text = self.erasure();
        for (index, line) in lines.iter().enumerate() {
            if index > 0 {
                text.push('\n');
            }
            text.push_str(&fitted(line, width));
        }
        self.drawn = lines.len();
        write_stderr(&text);
    }

    /// Removes the lines from the screen (the next `show` draws at once).
    pub fn clear(&mut self) {
        if self.on && self.drawn > 0 {
            let text = self.erasure();
            write_stderr(&text);
        }
        self.drawn = 0;
        self.last = None;
    }

    /// Back to the start of the first line drawn, then erase to the end of the screen.
    fn erasure(&self) -> String {
        match self.drawn {
            0 | 1 => "\r\x1b[J".to_string(),
            n => format!("\r\x1b[{}A\x1b[J", n - 1),
        }
    }
}

impl Default for StatusLines {
    fn default() -> Self {
        StatusLines::new()
    }
}

/// One write, so the terminal never shows half an update.
fn write_stderr(text: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_all(text.as_bytes());
    let _ = stderr.flush();
}

/// `line` within `width` columns: whole ` · `-separated fields, the ones that do not fit left
/// out with ` …`, so a count is never cut to a smaller number (`14,091` of `14,091,337`).
fn fitted(line: &str, width: usize) -> String {
    if line.chars().count() <= width {
        return line.to_string();
    }
    let ends = line.match_indices(" · ").map(|(at, _)| at);
    match ends
        .take_while(|&at| line[..at].chars().count() + 2 <= width)
        .last()
    {
        Some(at) => format!("{} …", &line[..at]),
        None => crate::app::shortened(line, width),
    }
}

/// The terminal's width; 80 when it does not say (a pseudo-terminal nobody sized reports 0).
fn terminal_width() -> usize {
    match ratatui::crossterm::terminal::size() {
        Ok((cols, _)) if cols > 0 => usize::from(cols),
        _ => 80,
    }
}

/// Status lines redrawn by a thread every `EVERY` from `describe`, until `finish` (or drop)
/// clears them. Without a terminal on standard error no thread is started at all.
pub struct Live {
    lines: Arc<Mutex<StatusLines>>,
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Live {
    /// Starts redrawing `describe()`; the first drawing comes after `EVERY`, so a command that is
    /// done by then never flickers.
    pub fn start(describe: impl FnMut() -> Vec<String> + Send + 'static) -> Live {
        let lines = Arc::new(Mutex::new(StatusLines::new()));
        if !locked(&lines).is_on() {
            return Live::off();
        }
        let (stop, stopped) = channel::<()>();
        let shared = Arc::clone(&lines);
        let mut describe = describe;
        let thread = std::thread::Builder::new()
            .name("progress".into())
            .spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(EVERY) {
                    // Described before the lines are locked: `describe` may take locks of its own.
                    let text = describe();
                    locked(&shared).draw(&text);
                }
                locked(&shared).clear();
            })
            .ok();
        Live {
            lines,
            stop: Some(stop),
            thread,
        }
    }

    /// No progress at all (standard input is being typed on the same terminal).
    pub fn off() -> Live {
        Live {
            lines: Arc::new(Mutex::new(StatusLines::new())),
            stop: None,
            thread: None,
        }
    }

    /// Whether progress is being shown (standard error is a terminal).
    pub fn is_on(&self) -> bool {
        self.thread.is_some()
    }

    /// Runs `print` with the status lines off the screen, for output written while they show
    /// (a batch's result lines): they come back at the next redraw.
    pub fn above<T>(&self, print: impl FnOnce() -> T) -> T {
        let mut lines = locked(&self.lines);
        lines.clear();
        let result = print();
        let _ = std::io::stdout().flush();
        result
    }

    /// Stops redrawing and clears the lines.
    pub fn finish(mut self) {
        self.end();
    }

    fn end(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Live {
    /// An early return (an error) clears the lines too.
    fn drop(&mut self) {
        self.end();
    }
}

fn locked(lines: &Mutex<StatusLines>) -> MutexGuard<'_, StatusLines> {
    lines.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `12.3 s`, `850 ms`: elapsed time at a glance.
pub fn seconds(elapsed: Duration) -> String {
    if elapsed < Duration::from_secs(1) {
        format!("{} ms", elapsed.as_millis())
    } else {
        format!("{:.1} s", elapsed.as_secs_f64())
    }
}

/// `2.1 M nodes/s`: a rate at a glance.
pub fn rate(nodes: u64, elapsed: Duration) -> String {
    let per_second = nodes as f64 / elapsed.as_secs_f64().max(1e-3);
    if per_second >= 1e6 {
        format!("{:.1} M nodes/s", per_second / 1e6)
    } else {
        format!("{:.0} k nodes/s", per_second / 1e3)
    }
}

#[cfg(test)]
mod tests {
    use super::fitted;

    #[test]
    fn a_line_too_wide_loses_whole_fields_never_part_of_a_count() {
        let line =
            "bench · Begin-Hard 3 of 4 · asking: a win? · 14,091,337 nodes · 9.1 M/s · 1.5 s";
        assert_eq!(fitted(line, 100), line);
        assert_eq!(
            fitted(line, 60),
            "bench · Begin-Hard 3 of 4 · asking: a win? …"
        );
        assert_eq!(
            fitted(line, 62),
            "bench · Begin-Hard 3 of 4 · asking: a win? …"
        );
        assert_eq!(fitted(line, 8), "bench …");
        assert_eq!(fitted("0123456789", 5), "0123…");
        for width in 1..line.len() {
            assert!(fitted(line, width).chars().count() <= width, "{width}");
        }
    }
}
