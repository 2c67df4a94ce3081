//! The help popup: every key, from the same table the key handler documents.

use super::theme::Theme;
use crate::app::HELP;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

/// The help popup, centred over whatever is below.
pub struct HelpPopup {
    /// Styles.
    pub theme: Theme,
}

impl Widget for HelpPopup {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let key_w = HELP
            .iter()
            .map(|(k, _)| k.chars().count())
            .max()
            .unwrap_or(0);
        let text_w = HELP
            .iter()
            .map(|(_, t)| t.chars().count())
            .max()
            .unwrap_or(0);
        let width = (key_w + text_w + 7) as u16;
        let height = HELP.len() as u16 + 4;
        let [row] = Layout::vertical([Constraint::Length(height)])
            .flex(Flex::Center)
            .areas(area);
        let [popup] = Layout::horizontal([Constraint::Length(width)])
            .flex(Flex::Center)
            .areas(row);
        Clear.render(popup, buf);
        let mut lines: Vec<Line> = HELP
            .iter()
            .map(|(key, what)| {
                Line::from(vec![
                    Span::styled(format!(" {key:>key_w$}"), self.theme.strong()),
                    Span::raw(format!("  {what}")),
                ])
            })
            .collect();
        lines.push(Line::default());
        lines.push(Line::styled(
            " Scores: +win (sooner is higher), 0 draw, -loss (later is higher)",
            self.theme.dim(),
        ));
        Paragraph::new(lines)
            .block(
                Block::bordered()
                    .title(" Help · keys ")
                    .title_bottom(" Esc or ? closes ")
                    .border_style(self.theme.border(true)),
            )
            .render(popup, buf);
    }
}
