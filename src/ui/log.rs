//! The log pane: one line per search, per move and per result, newest at the bottom, scrollable.

use super::theme::Theme;
use super::wrap;
use crate::app::{App, LogKind, LogLayout, LogLine};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
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
        let inner = Block::bordered().inner(area);
        let rows = usize::from(inner.height);
        let wrapped: Vec<Vec<Line>> = log
            .lines
            .iter()
            .map(|line| wrap::wrap(&entry(self.theme, line), inner.width, 2))
            .collect();
        let layout = LogLayout {
            heights: wrapped.iter().map(Vec::len).collect(),
            rows,
        };
        // Scrolled further back than the oldest line allows only until the app hears of it (a
        // resize taller, or wider).
        let back = layout
            .rows_back(log.lines.len(), log.scroll)
            .min(layout.most_back(log.lines.len()));
        let title = if back > 0 {
            format!(" Log · {back} newer rows below (PgDn) ")
        } else {
            " Log ".to_string()
        };
        let block = Block::bordered()
            .title(title)
            .border_style(self.theme.border(self.focused));
        block.render(area, buf);
        // The rows above the view's bottom, as many as fit, as a terminal scrolls.
        let mut shown: Vec<Line> = wrapped
            .into_iter()
            .rev()
            .flat_map(|rows_of| rows_of.into_iter().rev())
            .skip(back)
            .take(rows)
            .collect();
        shown.reverse();
        Paragraph::new(shown).render(inner, buf);
        *log.layout.borrow_mut() = layout;
    }
}

/// A log line as the pane shows it: a symbol per kind, so the kinds differ without colour too.
fn entry(theme: Theme, line: &LogLine) -> Line<'static> {
    let (symbol, style) = match line.kind {
        LogKind::Search => ("·", theme.dim()),
        LogKind::Move => ("▸", Style::new()),
        LogKind::Result => ("■", theme.strong()),
        LogKind::Info => ("-", theme.dim()),
        LogKind::Warning => ("!", theme.notice()),
    };
    Line::styled(format!("{symbol} {}", line.text), style)
}
