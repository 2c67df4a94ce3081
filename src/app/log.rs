//! The log pane's lines and the formats they share with the rest of the UI.

pub use crate::engine::game::notation::{count, thousands};
use std::cell::RefCell;
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
#[derive(Clone, Debug, Default)]
pub struct Log {
    /// All lines, oldest first (private: a line rewritten in place must forget its height).
    lines: Vec<LogLine>,
    /// Where the view's bottom stands; `Scroll::default()` follows new lines as they come.
    pub scroll: Scroll,
    /// How the pane last laid the lines out, which only the pane knows: it sets this when drawn,
    /// as ratatui's own list state learns its offset. Scrolling moves by the pane's rows and
    /// stops where the oldest line reaches the pane's top row.
    pub layout: RefCell<LogLayout>,
}

/// How far the log's view is scrolled back, anchored to a line so that new lines arriving below
/// leave the view on what it shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scroll {
    /// Lines wholly below the view.
    pub below: usize,
    /// Rows of the view's bottom line hidden below the view (a line taller than the pane is read
    /// a row at a time).
    pub hidden: usize,
}

/// The log pane as last drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogLayout {
    /// Rows each line takes at `width`, oldest first (a line not drawn yet counts one row). Kept
    /// from frame to frame, so a frame wraps only the lines new since the last, not the whole
    /// session's log.
    pub heights: Vec<usize>,
    /// The width the heights were measured at (inside the pane).
    pub width: u16,
    /// Rows inside the pane (0 until drawn: scrolling is then bounded by the lines alone).
    pub rows: usize,
}

impl LogLayout {
    /// Rows line `index` takes.
    pub fn height(&self, index: usize) -> usize {
        self.heights.get(index).copied().unwrap_or(1).max(1)
    }

    /// Rows scrolled back from the newest of `lines` lines, at `scroll`.
    pub fn rows_back(&self, lines: usize, scroll: Scroll) -> usize {
        let below: usize = (lines - scroll.below.min(lines)..lines)
            .map(|i| self.height(i))
            .sum();
        below + scroll.hidden
    }

    /// The most rows the view can scroll back with the pane still full: all of `lines`' rows
    /// but those the oldest fill the pane with.
    pub fn most_back(&self, lines: usize) -> usize {
        let total: usize = (0..lines).map(|i| self.height(i)).sum();
        total.saturating_sub(self.rows.max(1))
    }

    /// The scroll `rows` rows back from the newest of `lines` lines.
    pub fn scroll_at(&self, lines: usize, mut rows: usize) -> Scroll {
        let mut below = 0;
        while below < lines && rows >= self.height(lines - 1 - below) {
            rows -= self.height(lines - 1 - below);
            below += 1;
        }
        Scroll {
            below,
            hidden: rows,
        }
    }
}

impl Log {
    /// All lines, oldest first.
    pub fn lines(&self) -> &[LogLine] {
        &self.lines
    }

    /// Appends a line. A scrolled-back view stays on the lines it shows.
    pub fn push(&mut self, kind: LogKind, text: impl Into<String>) {
        self.lines.push(LogLine {
            kind,
            text: text.into(),
        });
        if self.scroll != Scroll::default() {
            self.scroll.below += 1;
        }
    }

    /// Appends the line that starts a game and brings the view back to the newest lines: a new
    /// game is read from its start, not from wherever the last game's log was scrolled to.
    pub fn push_new_game(&mut self, text: impl Into<String>) {
        self.scroll = Scroll::default();
        self.push(LogKind::Info, text);
    }

    /// Rewrites the newest line other than searches' and the config file's first-save note if it
    /// is an `Info` line starting with `prefix`, else appends: stepping through a setting's
    /// values leaves one line, not one per step, even when each step's search has logged in
    /// between, or the first step's save has said where the file is.
    pub fn push_or_replace(&mut self, prefix: &str, text: String) {
        let newest = self
            .lines
            .iter()
            .rposition(|l| l.kind != LogKind::Search && !l.text.starts_with(SAVED_TO));
        match newest {
            Some(index)
                if self.lines[index].kind == LogKind::Info
                    && self.lines[index].text.starts_with(prefix) =>
            {
                self.lines[index].text = text;
                // Its rows are measured again when next drawn, and those of the lines after it.
                self.layout.get_mut().heights.truncate(index);
            }
            _ => self.push(LogKind::Info, text),
        }
    }

    /// Scrolls back (positive) or forward (negative) by rows of the pane, clamped to the log.
    pub fn scroll_by(&mut self, rows: isize) {
        let layout = self.layout.borrow();
        let lines = self.lines.len();
        let back = layout
            .rows_back(lines, self.scroll)
            .min(layout.most_back(lines))
            .saturating_add_signed(rows)
            .min(layout.most_back(lines));
        self.scroll = layout.scroll_at(lines, back);
    }

    /// Scrolls back (positive) or forward (negative) by pages: the pane's rows but one, so the
    /// row at the edge stays in view and the reading goes on from it.
    pub fn page_by(&mut self, pages: isize) {
        let page = self.layout.borrow().rows.saturating_sub(1).max(1);
        self.scroll_by(pages * page as isize);
    }
}

/// `text` with every control character escaped as Rust writes it in a string literal: user
/// text quoted in a message (a paste, a config value, an argument) never drives the terminal.
/// The invisible format characters too (a right-to-left override would reverse the rest of the
/// line; a byte order mark or a zero-width space would hide in `'4453'`).
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || invisible(c) {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// At most `length` characters of `text` (at least 1), with `…` when some were cut.
pub fn shortened(text: &str, length: usize) -> String {
    if text.chars().count() <= length {
        return text.to_string();
    }
    let short: String = text.chars().take(length.max(1) - 1).collect();
    // `every…`, not `every …`: the mark stands for the word cut off, not after a blank.
    format!("{}…", short.trim_end())
}

/// Format characters that take no room on screen: zero-width spaces and joiners, the
/// direction marks, embeddings, overrides and isolates, the word joiner, the byte order mark.
fn invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
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

/// Up to `max` names joined by `sep`, then how many more there are: `a3/b3/c3 (6 more)`, in
/// words and brackets, as `+6` beside a move would read as its score. One name more than `max`
/// is named rather than counted: `(1 more)` is longer than the name it would hide.
pub fn names(names: &[String], sep: &str, max: usize) -> String {
    if names.len() <= max + 1 {
        return names.join(sep);
    }
    format!("{} ({} more)", names[..max].join(sep), names.len() - max)
}

/// `names` in at most `max` items: every name if they fit, else `max − 1` names and how many
/// more (`a3 b3 (7 more)` for three), so a table's column holds as many items whatever the count.
pub fn names_within(names: &[String], sep: &str, max: usize) -> String {
    let shown = if names.len() <= max { max } else { max - 1 };
    self::names(names, sep, shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scroll with `below` lines under the view and `hidden` rows of its bottom line.
    fn at(below: usize, hidden: usize) -> Scroll {
        Scroll { below, hidden }
    }

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
    fn quoted_text_shows_what_would_hide_or_drive_the_terminal() {
        assert_eq!(printable("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        // A right-to-left override, a byte order mark, a zero-width space: escaped, as found by
        // a user's `--moves` and a batch line.
        assert_eq!(printable("\u{202e}b2"), "\\u{202e}b2");
        assert_eq!(printable("\u{feff}4453"), "\\u{feff}4453");
        assert_eq!(printable("b\u{200b}2"), "b\\u{200b}2");
        // Text of other scripts is text: left as it is.
        assert_eq!(printable("α ≥ β · ✓ 日本"), "α ≥ β · ✓ 日本");
    }

    #[test]
    fn scrolling_is_clamped_and_keeps_its_place() {
        let mut log = Log::default();
        for i in 0..5 {
            log.push(LogKind::Info, format!("line {i}"));
        }
        // Not drawn yet: a line is a row, and the oldest may reach the bottom.
        log.scroll_by(10);
        assert_eq!(log.scroll, at(4, 0));
        log.push(LogKind::Info, "new");
        assert_eq!(log.scroll, at(5, 0));
        log.scroll_by(-100);
        assert_eq!(log.scroll, Scroll::default());
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
        let texts: Vec<&str> = log.lines().iter().map(|l| l.text.as_str()).collect();
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
        assert_eq!(log.lines().len(), 5);
    }

    #[test]
    fn scrolling_stops_where_the_oldest_lines_fill_the_pane() {
        let mut log = Log::default();
        for i in 0..10 {
            log.push(LogKind::Info, format!("line {i}"));
        }
        // As the pane sets it when drawn: four rows, one line a row, so six can be scrolled over.
        *log.layout.borrow_mut() = LogLayout {
            heights: vec![1; 10],
            width: 40,
            rows: 4,
        };
        log.scroll_by(100);
        assert_eq!(log.scroll, at(6, 0));
        log.scroll_by(-1);
        assert_eq!(log.scroll, at(5, 0));
        // A page is the pane's rows but one.
        log.page_by(-1);
        assert_eq!(log.scroll, at(2, 0));
    }

    #[test]
    fn a_line_taller_than_the_pane_is_read_a_row_at_a_time() {
        let mut log = Log::default();
        for i in 0..3 {
            log.push(LogKind::Info, format!("line {i}"));
        }
        // The middle line wraps to five rows in a pane of three.
        *log.layout.borrow_mut() = LogLayout {
            heights: vec![1, 5, 1],
            width: 40,
            rows: 3,
        };
        log.scroll_by(1);
        assert_eq!(log.scroll, at(1, 0));
        log.scroll_by(2);
        assert_eq!(log.scroll, at(1, 2));
        // Four rows back at most: the oldest line and the first two of the tall one fill the pane.
        log.scroll_by(10);
        assert_eq!(log.scroll, at(1, 3));
        // A new line leaves the view where it is.
        log.push(LogKind::Info, "new");
        assert_eq!(log.scroll, at(2, 3));
    }
}
