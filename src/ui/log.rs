//! The log pane: one line per search, per move and per result, newest at the bottom, scrollable.

use super::theme::Theme;
use super::wrap;
use crate::app::{App, LogKind, LogLine};
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
        let top = top(self.theme, &log.lines, rows, inner.width);
        log.top.set(top);
        // Scrolled further back than `top` only until the app hears of it (a resize taller).
        let scroll = log.scroll.min(top);
        let title = if scroll > 0 {
            format!(" Log · {scroll} newer lines below (PgDn) ")
        } else {
            " Log ".to_string()
        };
        let block = Block::bordered()
            .title(title)
            .border_style(self.theme.border(self.focused));
        block.render(area, buf);
        let end = log.lines.len() - scroll;
        // Whole entries, wrapped, from the newest shown upwards until the pane is full; the
        // oldest of them may show only its last rows, as a terminal scrolls. The newest keeps its
        // first rows if it alone is taller than the pane.
        let mut shown: Vec<Line> = Vec::new();
        for line in log.lines[..end].iter().rev() {
            let mut rows_of = wrap::wrap(&entry(self.theme, line), inner.width, 2);
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

/// The most entries the view can scroll back over with `rows` rows still full: all but the
/// oldest entries that fill them.
fn top(theme: Theme, lines: &[LogLine], rows: usize, width: u16) -> usize {
    let mut filled = 0;
    for (oldest, line) in lines.iter().enumerate() {
        filled += wrap::wrap(&entry(theme, line), width, 2).len();
        if filled >= rows {
            return lines.len() - oldest - 1;
        }
    }
    0
}
