//! The help popup: every key, from the same table the key handler documents, and on its second
//! page (Tab) the glossary; scrollable when the terminal is shorter than the page.

use super::popup::{centered, more_mark};
use super::theme::Theme;
use crate::app::{GLOSSARY, HELP};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

/// The help popup, centred over whatever is below.
pub struct HelpPopup {
    /// Styles.
    pub theme: Theme,
    /// Lines scrolled past at the top.
    pub scroll: usize,
    /// Whether the glossary page is shown rather than the keys.
    pub glossary: bool,
}

/// The popup's lines: each section's title, then its keys.
fn lines(theme: Theme) -> Vec<Line<'static>> {
    let key_w = HELP
        .iter()
        .flat_map(|s| s.keys)
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let mut lines = Vec::new();
    for section in HELP {
        if !lines.is_empty() {
            lines.push(Line::default());
        }
        lines.push(Line::styled(format!(" {}", section.title), theme.strong()));
        for (key, what) in section.keys {
            lines.push(Line::from(vec![
                Span::styled(format!(" {key:>key_w$}"), theme.strong()),
                Span::raw(format!("  {what}")),
            ]));
        }
    }
    lines.push(Line::default());
    lines.push(Line::styled(
        " Scores: +win (sooner is higher), 0 draw, -loss (later is higher), ≈ estimate",
        theme.dim(),
    ));
    lines.push(Line::styled(
        " nodes: a move's own search; 2* = mostly known already (table or opening book)",
        theme.dim(),
    ));
    lines
}

/// The glossary page: each term, its meaning and where the replay shows it.
fn glossary_lines(theme: Theme) -> Vec<Line<'static>> {
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
        lines.push(Line::styled(format!(" {}", term.name), theme.strong()));
        for line in term.meaning {
            lines.push(Line::raw(format!("   {line}")));
        }
        lines.push(Line::from(vec![
            Span::styled("   in the replay: ", theme.dim()),
            Span::raw(term.shows),
        ]));
    }
    lines
}

impl Widget for HelpPopup {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (lines, page, other) = if self.glossary {
            (glossary_lines(self.theme), "glossary", "keys")
        } else {
            (lines(self.theme), "keys", "glossary")
        };
        let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 3;
        let height = lines.len() as u16 + 2;
        let popup = centered(area, width, height);
        let rows = usize::from(popup.height.saturating_sub(2));
        let scroll = self.scroll.min(lines.len().saturating_sub(rows));
        let more = more_mark(scroll > 0, lines.len() > rows + scroll);
        Clear.render(popup, buf);
        let bottom = format!("{more} Tab: {other} · Esc or ? closes ");
        Paragraph::new(lines)
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
