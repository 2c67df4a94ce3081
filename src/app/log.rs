//! The log pane's lines and the formats they share with the rest of the UI.

pub use crate::engine::game::notation::thousands;
use std::cell::Cell;
use std::time::Duration;

/// What a log line is about (the UI styles each kind differently, and marks it with a symbol).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogKind {
    /// A finished search.
    Search,
    /// A move played.
    Move,
    /// The end of a game.
    Result,
    /// Anything else: new game, undo, pause, settings.
    Info,
    /// Something the user should fix outside the game (the config file).
    Warning,
}

/// How the log's note of the config file's first save starts (`Settings saved to PATH`).
pub const SAVED_TO: &str = "Settings saved to ";

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// What the line is about.
    pub kind: LogKind,
    /// The text, without a trailing newline.
    pub text: String,
}

/// The log: every line since the app started, and how far the view is scrolled back.
#[derive(Clone, Debug)]
pub struct Log {
    /// All lines, oldest first.
    pub lines: Vec<LogLine>,
    /// Lines scrolled back from the newest; 0 follows new lines as they come.
    pub scroll: usize,
    /// The most lines the view can scroll back and still fill its pane, which only the pane
    /// knows: it sets this when drawn, as ratatui's own list state learns its offset (`usize::MAX`
    /// until then). Scrolling stops there, so the oldest lines fill the pane from its top rather
    /// than standing alone above empty rows.
    pub top: Cell<usize>,
}

impl Default for Log {
    fn default() -> Log {
        Log {
            lines: Vec::new(),
            scroll: 0,
            top: Cell::new(usize::MAX),
        }
    }
}

impl Log {
    /// Appends a line. A scrolled-back view stays on the lines it shows.
    pub fn push(&mut self, kind: LogKind, text: impl Into<String>) {
        self.lines.push(LogLine {
            kind,
            text: text.into(),
        });
        if self.scroll > 0 {
            self.scroll += 1;
        }
        // One more line to scroll back over, until the pane is drawn again and says exactly.
        self.top.set(self.top.get().saturating_add(1));
    }

    /// Rewrites the newest line other than searches' and the config file's first-save note if it
    /// is an `Info` line starting with `prefix`, else appends: stepping through a setting's
    /// values leaves one line, not one per step, even when each step's search has logged in
    /// between, or the first step's save has said where the file is.
    pub fn push_or_replace(&mut self, prefix: &str, text: String) {
        let newest = self
            .lines
            .iter_mut()
            .rev()
            .find(|l| l.kind != LogKind::Search && !l.text.starts_with(SAVED_TO));
        match newest {
            Some(line) if line.kind == LogKind::Info && line.text.starts_with(prefix) => {
                line.text = text
            }
            _ => self.push(LogKind::Info, text),
        }
    }

    /// Scrolls back (positive) or forward (negative), clamped to the log.
    pub fn scroll_by(&mut self, lines: isize) {
        let max = self.lines.len().saturating_sub(1).min(self.top.get());
        self.scroll = self.scroll.saturating_add_signed(lines).min(max);
    }
}

/// `text` with every control character escaped as Rust writes it in a string literal: user
/// text quoted in a message (a paste, a config value, an argument) never drives the terminal.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A duration to three significant figures in a unit that suits it.
pub fn duration(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    // A level's quick choice takes microseconds: `0.00 ms` would read as no time at all.
    if ms < 0.1 {
        format!("{:.1} µs", ms * 1000.0)
    } else if ms < 10.0 {
        format!("{ms:.2} ms")
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

/// Up to `max` names joined by `sep`, then how many more there are: `a3/b3/c3 +6 more`.
pub fn names(names: &[String], sep: &str, max: usize) -> String {
    if names.len() <= max {
        return names.join(sep);
    }
    format!("{} +{} more", names[..max].join(sep), names.len() - max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_like_the_tutorial_notebook() {
        assert_eq!(thousands(549_945), "549,945");
        assert_eq!(thousands(934), "934");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(duration(Duration::from_micros(1234)), "1.23 ms");
        assert_eq!(duration(Duration::from_millis(2500)), "2.50 s");
        assert_eq!(duration(Duration::from_nanos(8_400)), "8.4 µs");
    }

    #[test]
    fn scrolling_is_clamped_and_keeps_its_place() {
        let mut log = Log::default();
        for i in 0..5 {
            log.push(LogKind::Info, format!("line {i}"));
        }
        log.scroll_by(10);
        assert_eq!(log.scroll, 4);
        log.push(LogKind::Info, "new");
        assert_eq!(log.scroll, 5);
        log.scroll_by(-100);
        assert_eq!(log.scroll, 0);
    }

    #[test]
    fn a_settings_line_is_rewritten_past_the_first_save_note() {
        let mut log = Log::default();
        let prefix = "Setting: replay nodes ";
        log.push_or_replace(prefix, format!("{prefix}at most 5,000,000"));
        log.push(
            LogKind::Info,
            format!("{SAVED_TO}/home/you/.config/tictree/config.toml"),
        );
        log.push(LogKind::Search, "· X (you) hint: …");
        log.push_or_replace(prefix, format!("{prefix}at most 1,000,000"));
        let texts: Vec<&str> = log.lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Setting: replay nodes at most 1,000,000",
                "Settings saved to /home/you/.config/tictree/config.toml",
                "· X (you) hint: …",
            ]
        );
        // Another line in between ends the rewriting.
        log.push(LogKind::Info, "Sides swapped: X: AI, O: you");
        log.push_or_replace(prefix, format!("{prefix}at most 5,000,000"));
        assert_eq!(log.lines.len(), 5);
    }

    #[test]
    fn scrolling_stops_where_the_pane_says_the_oldest_lines_fill_it() {
        let mut log = Log::default();
        for i in 0..10 {
            log.push(LogKind::Info, format!("line {i}"));
        }
        // As the pane sets it when drawn: four lines fill it, so six can be scrolled over.
        log.top.set(6);
        log.scroll_by(100);
        assert_eq!(log.scroll, 6);
        log.scroll_by(-1);
        assert_eq!(log.scroll, 5);
    }
}
