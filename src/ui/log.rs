//! The log pane: one line per search, per move and per result, newest at the bottom, scrollable.

use super::theme::Theme;
use crate::app::{App, LogKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

/// The log pane of an app, ready to render.
pub struct LogPane<'a> {
    /// The app.
    pub app: &'a App,
    /// Styles.
    pub theme: Theme,
    /// Whether the pane has the focus.
    pub focused: bool,
}

impl Widget for LogPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let log = &self.app.log;
        let title = if log.scroll > 0 {
            format!(" Log · {} newer lines below (PgDn) ", log.scroll)
        } else {
            " Log ".to_string()
        };
        let block = Block::bordered()
            .title(title)
            .border_style(self.theme.border(self.focused));
        let inner = block.inner(area);
        block.render(area, buf);
        let rows = usize::from(inner.height);
        let end = log.lines.len().saturating_sub(log.scroll);
        let start = end.saturating_sub(rows);
        let lines: Vec<Line> = log.lines[start..end]
            .iter()
            .map(|line| {
                // A symbol per kind, so the kinds differ without colour too.
                let (symbol, style) = match line.kind {
                    LogKind::Search => ("·", self.theme.dim()),
                    LogKind::Move => ("▸", ratatui::style::Style::new()),
                    LogKind::Result => ("■", self.theme.strong()),
                    LogKind::Info => ("-", self.theme.dim()),
                    LogKind::Warning => ("!", self.theme.notice()),
                };
                Line::styled(format!("{symbol} {}", line.text), style)
            })
            .collect();
        Paragraph::new(lines).render(inner, buf);
    }
}
