//! The help popup: every key, from the same table the key handler documents, and on its second
//! page (Tab) the glossary; scrollable when the terminal is shorter than the page.

use super::popup::{centered, more_mark};
use super::theme::Theme;
use super::wrap;
use crate::app::{GLOSSARY, HELP, HelpTop};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};
use std::cell::Cell;

/// The help popup, centred over whatever is below.
pub struct HelpPopup<'a> {
    /// Styles.
    pub theme: Theme,
    /// Rows scrolled past at the top.
    pub scroll: &'a Cell<usize>,
    /// A section (an index into `HELP`) to scroll to the top of the popup once: where the
    /// popup was opened from. Only the popup knows its row, its lines wrapping on narrow screens.
    pub section: &'a Cell<Option<usize>>,
    /// Whether the glossary page is shown rather than the keys.
    pub glossary: bool,
    /// The width it was last drawn at and the line at its top (`App::help_top`).
    pub top: &'a Cell<Option<HelpTop>>,
    /// Where the popup tells the app how far it can scroll: only the popup knows how many rows
    /// its lines wrap to.
    pub most: &'a Cell<usize>,
    /// Where it tells the app how many rows it shows at once (a page for PgUp / PgDn).
    pub page: &'a Cell<usize>,
}

/// A line of the popup and how far in its continuation rows start when it wraps (under the
/// description, past the key column).
type Hung = (Line<'static>, u16);

/// The popup's lines: each section's title, then its keys; and where each title is among them.
fn lines(theme: Theme) -> (Vec<Hung>, Vec<usize>) {
    let key_w = HELP
        .iter()
        .flat_map(|s| s.keys)
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    // A key's description wraps under the description column; a title or a note, under itself.
    let description = key_w as u16 + 3;
    let mut lines: Vec<Hung> = Vec::new();
    let mut titles = Vec::new();
    for section in HELP {
        if !lines.is_empty() {
            lines.push((Line::default(), 1));
        }
        titles.push(lines.len());
        lines.push((
            Line::styled(format!(" {}", section.title), theme.strong()),
            1,
        ));
        for (key, what) in section.keys {
            let line = Line::from(vec![
                Span::styled(format!(" {key:>key_w$}"), theme.strong()),
                Span::raw(format!("  {what}")),
            ]);
            lines.push((line, description));
        }
    }
    lines.push((Line::default(), 1));
    for note in [
        " Scores: +win (sooner is higher), 0 draw, -loss (later is higher), ≈ estimate",
        " For the opponent after a move of score s: -s, one further from 0 (-7 → +8)",
        " ★ the best move (the game tree, hints on the board; the replay: best so far)",
        " nodes: a move's own search; 2* = mostly known already (table or opening book)",
    ] {
        lines.push((Line::styled(note, theme.dim()), 1));
    }
    (lines, titles)
}

/// The glossary page: each term, its meaning and where the replay shows it, and where the terms
/// start among its lines. `as_written` keeps each meaning in its two written lines; else it is
/// one paragraph, for a popup narrower than those lines, where they would break mid-sentence.
fn glossary_lines(theme: Theme, as_written: bool) -> (Vec<Hung>, Vec<usize>) {
    // The introduction first, as a heading of its own: the top of the page stays the top.
    let mut terms = vec![0];
    let mut lines = vec![
        Line::styled(
            " The words of game search, and where the replay (s) shows each",
            theme.dim(),
        ),
        Line::default(),
    ];
    for term in GLOSSARY {
        if lines.len() > 2 {
            lines.push(Line::default());
        }
        terms.push(lines.len());
        lines.push(Line::styled(format!(" {}", term.name), theme.strong()));
        if as_written {
            for line in term.meaning {
                lines.push(Line::raw(format!("   {line}")));
            }
        } else {
            lines.push(Line::raw(format!("   {}", term.meaning.join(" "))));
        }
        lines.push(Line::from(vec![
            Span::styled("   in the replay: ", theme.dim()),
            Span::raw(term.shows),
        ]));
    }
    (lines.into_iter().map(|line| (line, 3)).collect(), terms)
}

impl Widget for HelpPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (keys, titles) = lines(self.theme);
        let glossary = glossary_lines(self.theme, true);
        let width = |lines: &[Hung]| lines.iter().map(|(l, _)| l.width()).max().unwrap_or(0);
        // Border, text, a blank column: wider than the screen, the text wraps instead. Both pages
        // take the wider one's width, so Tab does not make the popup jump.
        let written = width(&glossary.0);
        let widest = width(&keys).max(written) as u16 + 3;
        let text_width = widest.min(area.width).saturating_sub(3).max(1);
        // The page's lines and where its headings (sections, terms) are among them.
        let ((shown, headings), page, other) = if self.glossary {
            let shown = if written <= usize::from(text_width) {
                glossary
            } else {
                glossary_lines(self.theme, false)
            };
            (shown, "glossary", "keys")
        } else {
            ((keys, titles), "keys", "glossary")
        };
        // Each line's rows, and the row each line starts on.
        let mut rows: Vec<Line> = Vec::new();
        let mut starts = Vec::new();
        for (line, hang) in &shown {
            starts.push(rows.len());
            rows.extend(wrap::rows(line, text_width, *hang));
        }
        let popup = centered(area, text_width + 3, rows.len() as u16 + 2);
        let visible = usize::from(popup.height.saturating_sub(2));
        let most = rows.len().saturating_sub(visible);
        self.most.set(most);
        self.page.set(visible.max(1));
        if let Some(section) = self.section.take().filter(|_| !self.glossary) {
            let title = headings.get(section).and_then(|&line| starts.get(line));
            self.scroll.set(title.copied().unwrap_or(0));
        }
        // Drawn at another width, the lines wrap to other rows: the line that was at the top
        // goes back there (kept as its heading and the lines past it, since a narrow glossary
        // joins each meaning's lines into one).
        if let Some(top) = self.top.get().filter(|top| top.width != text_width) {
            let end = headings
                .get(top.heading + 1)
                .copied()
                .unwrap_or(shown.len());
            let line = headings
                .get(top.heading)
                .map(|&at| (at + top.past).min(end - 1));
            if let Some(&row) = line.and_then(|line| starts.get(line)) {
                self.scroll.set(row);
            }
        }
        let scroll = self.scroll.get().min(most);
        self.scroll.set(scroll);
        let line = starts
            .partition_point(|&start| start <= scroll)
            .saturating_sub(1);
        let heading = headings.partition_point(|&at| at <= line).saturating_sub(1);
        let past = line.saturating_sub(headings.get(heading).copied().unwrap_or(0));
        self.top.set(Some(HelpTop {
            width: text_width,
            heading,
            past,
        }));
        let more = more_mark(scroll > 0, rows.len() > visible + scroll);
        Clear.render(popup, buf);
        let bottom = wrap::first_fitting(
            vec![
                format!("{more} Tab: {other} · Esc or ? closes "),
                format!("{more} Tab: {other} · Esc closes "),
                format!("{more} Tab {other} · Esc "),
                format!("{more} Tab · Esc "),
            ],
            popup.width.saturating_sub(2),
        );
        Paragraph::new(rows)
            .scroll((scroll as u16, 0))
            .block(
                Block::bordered()
                    .title(format!(" Help · {page} "))
                    .title_bottom(bottom)
                    .border_style(self.theme.border(true)),
            )
            .render(popup, buf);
    }
}
