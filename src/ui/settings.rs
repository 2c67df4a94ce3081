//! The settings popup: one row per setting under four headings, the selected one in reverse
//! video with ◂ ▸ around its value, and at the bottom the rules question or where the settings
//! are saved. On a short terminal the rows scroll to keep the selection in view. Mouse clicks are
//! hit-tested against the same layout (`settings_hit`).

use super::popup::{centered, more_mark};
use super::theme::Theme;
use super::wrap;
use crate::app::{App, Field, fields, printable, shortened, value_text};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

/// Width of the label column.
const LABEL_W: usize = 16;
/// The popup's widest line: marker, label, the widest value with its arrows.
const WIDTH: u16 = 2 + LABEL_W as u16 + 34 + 2;
/// The answers of the rules question, as drawn (and clicked).
const YES: &str = "[y] yes";
const NO: &str = "[n] no";

/// What a mouse click on the popup hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsHit {
    /// A setting's row.
    Row(Field),
    /// The answer to "new game with these rules?".
    Answer(bool),
}

/// The settings popup, centred over whatever is below.
pub struct SettingsPopup<'a> {
    /// The app whose settings are shown.
    pub app: &'a App,
    /// Styles.
    pub theme: Theme,
}

/// Where everything of the popup goes in a screen area.
struct Geometry {
    /// The popup with its border.
    popup: Rect,
    /// Every row (headings have no field), before scrolling.
    rows: Vec<(Line<'static>, Option<Field>)>,
    /// Rows scrolled past at the top.
    scroll: usize,
    /// Rows that fit.
    visible: usize,
    /// The lines below the rows: the rules question, or where the settings go.
    footer: Line<'static>,
}

fn geometry(app: &App, area: Rect, theme: Theme) -> Geometry {
    let settings = app.settings();
    let rules = app.menu_rules();
    let pending = app.settings_menu.draft.is_some();
    // Headings (no field) and settings with their values, laid out once the width is known.
    let mut items: Vec<(Option<Field>, String)> = Vec::new();
    let mut section = "";
    let mut selected_row = 0;
    for field in fields(&settings) {
        if field.section() != section {
            section = field.section();
            items.push((None, format!(" {section}")));
        }
        if field == app.settings_menu.selected {
            selected_row = items.len();
        }
        items.push((Some(field), value_text(field, &settings, &rules, app.color)));
    }
    // The path as the log quotes it: its control characters escaped, not dropped.
    let config = app
        .options
        .config
        .as_ref()
        .map(|path| printable(&path.display().to_string()));
    let saved = |path: Option<&str>| match path {
        Some(path) if app.options.config_discards => {
            format!(" changes are not saved (--config {path})")
        }
        // The log said why, once: here only that the promise does not hold now.
        Some(path) if app.unsaved => format!(" changes are not saved to {path} (see the log)"),
        Some(path) => format!(" changes are saved to {path}"),
        None => " changes are not saved (no config file)".to_string(),
    };
    let question = app.settings_menu.draft.map(|draft| {
        Line::from(vec![
            Span::styled(format!(" New game with {draft}? "), theme.notice()),
            Span::styled(YES, theme.strong()),
            Span::raw("  "),
            Span::styled(NO, theme.strong()),
        ])
    });
    // The popup keeps the width the config path gives it while the rules question replaces it,
    // so the question does not make it jump; a long config path widens the popup rather than
    // being cut.
    let saved_width = saved(config.as_deref()).chars().count();
    let question_width = question.as_ref().map_or(0, Line::width);
    // Border, a blank line, the footer.
    let height = (items.len() + 4) as u16;
    let width = WIDTH.max(saved_width.max(question_width) as u16 + 3);
    let popup = centered(area, width, height);
    // A narrow popup shortens values, keeping the selected row's ▸ in view.
    let room = usize::from(popup.width.saturating_sub(2));
    let rows = items
        .into_iter()
        .map(|(field, text)| {
            let Some(field) = field else {
                return (Line::styled(text, theme.strong()), None);
            };
            let selected = field == app.settings_menu.selected;
            // Labels padded to one column where the value fits; a row whose value would be cut
            // there gives it the padding first.
            let label = field.label();
            let padded = LABEL_W + 6 + text.chars().count() <= room;
            let width = if padded {
                LABEL_W
            } else {
                label.chars().count() + 1
            };
            let value = shortened(&text, room.saturating_sub(width + 6).max(1));
            let text = if selected {
                format!("> {label:<width$}◂ {value} ▸")
            } else {
                format!("  {label:<width$}  {value}")
            };
            let style = match () {
                _ if selected => theme.selected(),
                _ if pending && field.is_rules() => theme.highlight(),
                _ => ratatui::style::Style::new(),
            };
            (Line::styled(text, style), Some(field))
        })
        .collect();
    // Wider than the screen, the path keeps its end, the file's name: `…/tictree/config.toml`.
    let over = (saved_width + 3).saturating_sub(usize::from(popup.width));
    let shown_path = config.map(|path| match over {
        0 => path,
        over => {
            let kept: String = path.chars().skip(over + 1).collect();
            format!("…{kept}")
        }
    });
    let footer =
        question.unwrap_or_else(|| Line::styled(saved(shown_path.as_deref()), theme.dim()));
    // The blank row above the footer gives way to a setting's row on a short screen.
    let spacing = if popup.height < height { 3 } else { 4 };
    let visible = usize::from(popup.height.saturating_sub(spacing)).max(1);
    let scroll = (selected_row + 1).saturating_sub(visible);
    Geometry {
        popup,
        rows,
        scroll,
        visible,
        footer,
    }
}

impl Widget for SettingsPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let g = geometry(self.app, area, self.theme);
        if g.popup.width < 3 || g.popup.height < 3 {
            return;
        }
        Clear.render(g.popup, buf);
        let more_below = g.scroll + g.visible < g.rows.len();
        let more = more_mark(g.scroll > 0, more_below);
        // A narrow popup keeps the scroll mark and says less, never half a key's meaning.
        // While the rules question waits, Enter and Esc answer it (yes and close, no).
        let bottom = if self.app.settings_menu.draft.is_some() {
            vec![
                format!("{more} ↑↓ select · ←→ change · Enter yes, close · Esc no "),
                format!("{more} Enter yes, close · Esc no "),
                format!("{more} Enter/y · Esc/n "),
            ]
        } else {
            vec![
                format!("{more} ↑↓ select · ←→ change · Enter/Esc close "),
                format!("{more} ↑↓ select · ←→ change · Esc close "),
                // ↑↓ stays while it can: on a popup that scrolls it reaches the rows below.
                format!("{more} ↑↓ row · ←→ set · Esc close "),
                format!("{more} ←→ change · Esc close "),
                format!("{more} ↑↓ ←→ · Esc "),
            ]
        };
        let bottom = wrap::first_fitting(bottom, g.popup.width.saturating_sub(2));
        let block = Block::bordered()
            .title(" Settings ")
            .title_bottom(bottom)
            .border_style(self.theme.border(true));
        let inner = block.inner(g.popup);
        block.render(g.popup, buf);
        let shown: Vec<Line> = g
            .rows
            .into_iter()
            .skip(g.scroll)
            .take(g.visible)
            .map(|(line, _)| line)
            .collect();
        let rows_area = Rect {
            height: inner.height.min(g.visible as u16),
            ..inner
        };
        Paragraph::new(shown).render(rows_area, buf);
        if inner.height >= 2 {
            let y = inner.bottom() - 1;
            buf.set_line(inner.x, y, &g.footer, inner.width);
        }
    }
}

/// The row or answer under a screen position while the settings popup is open, laid out as
/// `draw` lays it out on a screen of `screen`'s size.
pub fn settings_hit(app: &App, screen: Rect, x: u16, y: u16) -> Option<SettingsHit> {
    let g = geometry(
        app,
        super::popup_area(app, screen),
        Theme {
            color: false,
            light: false,
        },
    );
    let inner = Block::bordered().inner(g.popup);
    if !inner.contains(ratatui::layout::Position { x, y }) {
        return None;
    }
    if y + 1 == inner.bottom() && inner.height >= 2 {
        let draft = app.settings_menu.draft?;
        // The footer is " New game with R? [y] yes  [n] no": find the answers by their columns.
        let question = format!(" New game with {draft}? ").chars().count() as u16;
        let yes_at = inner.x + question;
        let no_at = yes_at + YES.chars().count() as u16 + 2;
        return if (yes_at..no_at - 2).contains(&x) {
            Some(SettingsHit::Answer(true))
        } else if (no_at..no_at + NO.chars().count() as u16).contains(&x) {
            Some(SettingsHit::Answer(false))
        } else {
            None
        };
    }
    let index = usize::from(y - inner.y);
    if index >= g.visible {
        return None;
    }
    g.rows
        .get(g.scroll + index)
        .and_then(|(_, field)| *field)
        .map(SettingsHit::Row)
}
