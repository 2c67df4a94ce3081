//! The log pane: one line per search, per move and per result, newest at the bottom, scrollable.

use super::theme::Theme;
use super::wrap;
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
        // Whole entries, wrapped, from the newest shown upwards until the pane is full; the
        // oldest of them may show only its last rows, as a terminal scrolls. The newest keeps its
        // first rows if it alone is taller than the pane.
        let mut shown: Vec<Line> = Vec::new();
        for line in log.lines[..end].iter().rev() {
            // A symbol per kind, so the kinds differ without colour too.
            let (symbol, style) = match line.kind {
                LogKind::Search => ("·", self.theme.dim()),
                LogKind::Move => ("▸", ratatui::style::Style::new()),
                LogKind::Result => ("■", self.theme.strong()),
                LogKind::Info => ("-", self.theme.dim()),
                LogKind::Warning => ("!", self.theme.notice()),
            };
            let entry = Line::styled(format!("{symbol} {}", line.text), style);
            let mut rows_of = wrap::wrap(&entry, inner.width, 2);
            if shown.is_empty() {
                rows_of = wrap::cut(rows_of, rows, inner.width);
            }
            rows_of.append(&mut shown);
            shown = rows_of;
            if shown.len() >= rows {
                break;
            }
        }
        let skip = shown.len().saturating_sub(rows);
        Paragraph::new(shown.split_off(skip)).render(inner, buf);
    }
}
