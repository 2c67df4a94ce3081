//! The game-record popup: the moves of the whole game, numbered, and the command that resumes it,
//! plain enough to select and copy.

use super::popup::centered;
use super::theme::Theme;
use crate::app::Record;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

/// The record popup, centred over the screen.
pub struct RecordPopup<'a> {
    /// The record to show.
    pub record: &'a Record,
    /// Styles.
    pub theme: Theme,
}

impl Widget for RecordPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let record = self.record;
        let moves = if record.numbered.is_empty() {
            "no moves yet".to_string()
        } else {
            record.numbered.clone()
        };
        let lines = vec![
            Line::raw(record.summary.clone()),
            Line::default(),
            Line::raw(moves),
            Line::default(),
            Line::styled("Resume it with:", self.theme.dim()),
            Line::raw(record.resume.clone()),
            Line::default(),
            Line::styled("It is printed again when tictree ends.", self.theme.dim()),
        ];
        let width = area.width.saturating_sub(4).clamp(20, 90);
        // Wrapped text needs a guess at its height: every line by its length, at least one row.
        let inner = usize::from(width.saturating_sub(4)).max(1);
        let rows: usize = lines.iter().map(|l| l.width().div_ceil(inner).max(1)).sum();
        let popup = centered(area, width, rows as u16 + 2);
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(
                Block::bordered()
                    .title(" Game record ")
                    .title_bottom(" Esc or g closes ")
                    .border_style(self.theme.border(true))
                    .padding(ratatui::widgets::Padding::horizontal(1)),
            )
            .render(popup, buf);
    }
}
