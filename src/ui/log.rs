//! The log pane: one line per search, per move and per result, newest at the bottom, scrollable.

use super::theme::Theme;
use super::wrap;
use crate::app::{App, LogKind, LogLine, count};
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
        let lines = log.lines();
        let inner = Block::bordered().inner(area);
        let rows = usize::from(inner.height);
        let wrapped = |line: &LogLine| wrap::wrap(&entry(self.theme, line), inner.width, 2);
        let mut layout = log.layout.borrow_mut();
        if layout.width != inner.width {
            layout.heights.clear();
            layout.width = inner.width;
        }
        layout.rows = rows;
        let measured = layout.heights.len().min(lines.len());
        layout.heights.truncate(measured);
        for line in &lines[measured..] {
            layout.heights.push(wrapped(line).len());
        }
        // Scrolled further back than the oldest line allows only until the app hears of it (a
        // resize taller, or wider).
        let back = layout
            .rows_back(lines.len(), log.scroll)
            .min(layout.most_back(lines.len()));
        let title = if back > 0 {
            format!(" Log · {} below (PgDn) ", count(back as u64, "newer row"))
        } else {
            " Log ".to_string()
        };
        let block = Block::bordered()
            .title(title)
            .border_style(self.theme.border(self.focused));
        block.render(area, buf);
        // The rows above the view's bottom, as many as fit, as a terminal scrolls: only the lines
        // in view are wrapped.
        let mut skip = back;
        let mut shown: Vec<Line> = Vec::with_capacity(rows);
        for (index, line) in lines.iter().enumerate().rev() {
            if shown.len() == rows {
                break;
            }
            let height = layout.height(index);
            if skip >= height {
                skip -= height;
                continue;
            }
            let line_rows = wrapped(line);
            shown.extend(
                line_rows
                    .into_iter()
                    .rev()
                    .skip(skip)
                    .take(rows - shown.len()),
            );
            skip = 0;
        }
        shown.reverse();
        Paragraph::new(shown).render(inner, buf);
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
