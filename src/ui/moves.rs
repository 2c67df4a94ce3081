//! The move list under the board: the game so far, one turn a line (`3. b3 c1`; with gravity the
//! columns, `3. 6 2`), the latest at the bottom and highlighted, scrolled so the end stays in view.

use super::theme::Theme;
use crate::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

/// The move-list pane, ready to render.
pub struct MovesPane<'a> {
    /// The app, whose game is listed.
    pub app: &'a App,
    /// Styles.
    pub theme: Theme,
}

impl Widget for MovesPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let record = self.app.record();
        // Digits are columns counted from the left, while the board labels them with letters.
        let rules = self.app.position().rules();
        let title = if rules.gravity {
            format!(" Moves · columns 1–{} ", rules.width)
        } else {
            " Moves ".to_string()
        };
        let block = Block::bordered()
            .title(title)
            .title_bottom(super::wrap::first_fitting(
                vec![" g: the whole record ".into(), " g: record ".into()],
                area.width.saturating_sub(2),
            ))
            .border_style(theme.border(false));
        let inner = block.inner(area);
        block.render(area, buf);
        let turns = &record.turns;
        if turns.is_empty() {
            Paragraph::new(Line::styled(" no moves yet", theme.dim())).render(inner, buf);
            return;
        }
        // One turn a line; when the turns outnumber the rows, the oldest scroll away.
        let rows = usize::from(inner.height);
        let skip = turns.len().saturating_sub(rows);
        let last = turns.len() - 1;
        let lines: Vec<Line> = turns
            .iter()
            .enumerate()
            .skip(skip)
            .map(|(index, turn)| {
                let style = if index == last {
                    theme.strong()
                } else {
                    ratatui::style::Style::new()
                };
                Line::from(Span::styled(format!(" {turn}"), style))
            })
            .collect();
        Paragraph::new(lines).render(inner, buf);
    }
}
