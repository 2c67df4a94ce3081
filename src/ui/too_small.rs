//! What is drawn when the terminal cannot hold the game: the size needed, and the size there is.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// The "terminal too small" message.
pub struct TooSmall {
    /// The size the game needs.
    pub need: (u16, u16),
}

impl Widget for TooSmall {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (w, h) = self.need;
        let lines = vec![
            Line::styled(
                format!("terminal too small: need {w}×{h}"),
                Style::new().add_modifier(Modifier::BOLD),
            ),
            Line::from(format!("now {}×{}", area.width, area.height)),
            Line::from("enlarge the window, or q to quit"),
        ];
        // Centred on the rows the wrapped lines take; the paragraph keeps every row below its
        // first, so a line that word-wraps onto one more row than counted is not cut.
        let width = usize::from(area.width.max(1));
        let rows: usize = lines.iter().map(|l| l.width().div_ceil(width).max(1)).sum();
        let top = area.height.saturating_sub(rows as u16) / 2;
        let [_, middle] =
            Layout::vertical([Constraint::Length(top), Constraint::Fill(1)]).areas(area);
        Paragraph::new(lines)
            .centered()
            .wrap(Wrap { trim: true })
            .render(middle, buf);
    }
}
