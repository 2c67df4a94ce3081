//! Drawing: a pure function of the app state into a frame, one file per pane or popup.

mod banner;
mod board;
mod compare;
mod editor;
mod glyphs;
mod help;
mod layout;
mod log;
mod moves;
mod popup;
mod quiz;
mod record;
mod replay;
mod replay_children;
mod replay_stack;
mod review;
mod settings;
mod status;
mod theme;
mod too_small;
mod tree;
mod tree_footer;
mod wrap;

pub use layout::{Panes, SCALES, Scale, min_size, panes};
pub use settings::{SettingsHit, settings_hit};
pub use status::{Hint, keys_now};
pub use theme::Theme;

use crate::app::{App, BoardView, Editor, Focus, Mode, Popup, QuizState, ReplayState, ReviewState};
use crate::engine::{Move, Status};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::Widget;

/// Draws the whole screen for the app's state.
pub fn draw(frame: &mut Frame, app: &App) {
    frame.render_widget(Screen { app }, frame.area());
}

/// The whole screen as a widget.
pub struct Screen<'a> {
    /// The app to show.
    pub app: &'a App,
}

impl Widget for Screen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let theme = Theme {
            color: app.colored(),
            light: app.options.settings.theme == crate::app::Palette::Light,
        };
        let rules = *app.position().rules();
        let panes = match panes(area, &rules, rules.cells()) {
            Ok(panes) => panes,
            Err(need) => {
                too_small::TooSmall { need }.render(area, buf);
                // The popups still show: the settings may be how to get a board that fits. As
                // on a screen that fits, the status bar under them says how to close them.
                if app.popup.is_some() {
                    let (above, status) = last_row(area);
                    render_popup(app, theme, above, buf);
                    status::StatusBar { app, theme }.render(status, buf);
                }
                return;
            }
        };
        status::Header { app, theme }.render(panes.header, buf);
        match &app.mode {
            Mode::Game => render_game(app, theme, &panes, buf),
            Mode::Edit(editor) => render_editor(app, editor, theme, &panes, buf),
            Mode::Replay(state) => render_replay(app, state, theme, &panes, buf),
            Mode::Review(state) => render_review(app, state, theme, &panes, buf),
            Mode::Quiz(state) => render_quiz(app, state, theme, &panes, buf),
        }
        if let Some(area) = panes.moves {
            moves::MovesPane { app, theme }.render(area, buf);
        }
        // After the panes: the bar's keys follow what they measured (the quiz summary's scroll).
        status::StatusBar { app, theme }.render(panes.status, buf);
        render_popup(app, theme, above_status(area, &panes), buf);
    }
}

/// A game: the board, the tree of moves (or the game-over banner once the game is over and the
/// tree is back at the position), and the log.
fn render_game(app: &App, theme: Theme, panes: &Panes, buf: &mut Buffer) {
    let view = app.board_view();
    board::BoardPane {
        view: &view,
        caption: board::caption(app, &view, theme, panes.board.width.saturating_sub(4)),
        scale: panes.scale,
        theme,
        focused: app.focus == Focus::Board,
    }
    .render(panes.board, buf);
    let over = app.position().status() != Status::Ongoing;
    if over && app.explorer.line.is_empty() {
        banner::GameOverBanner { app, theme }.render(panes.tree, buf);
    } else {
        tree::TreePane {
            app,
            theme,
            focused: app.focus == Focus::Tree,
        }
        .render(panes.tree, buf);
    }
    log::LogPane {
        app,
        theme,
        focused: app.focus == Focus::Log,
    }
    .render(panes.log, buf);
}

/// The position editor: its board, its pane in the tree's place, and the log.
fn render_editor(app: &App, editor: &Editor, theme: Theme, panes: &Panes, buf: &mut Buffer) {
    let view = app.editor_board(editor);
    board::BoardPane {
        view: &view,
        caption: editor::caption(editor, theme),
        scale: panes.scale,
        theme,
        focused: true,
    }
    .render(panes.board, buf);
    editor::EditorPane {
        editor,
        refusal: app.notice.as_deref(),
        theme,
    }
    .render(panes.tree, buf);
    log::LogPane {
        app,
        theme,
        focused: false,
    }
    .render(panes.log, buf);
}

/// A search replay: the board at the node it is at, the replay pane, and a short log.
fn render_replay(app: &App, state: &ReplayState, theme: Theme, panes: &Panes, buf: &mut Buffer) {
    let view = app.replay_board(state);
    let caption = board::replay_caption(state, theme);
    board_pane(&view, caption, theme, panes, buf);
    let pane = short_log(app, theme, panes, buf);
    replay::ReplayPane { state, theme }.render(pane, buf);
}

/// The review: the board before the selected move, the review pane, and a short log.
fn render_review(app: &App, state: &ReviewState, theme: Theme, panes: &Panes, buf: &mut Buffer) {
    let view = app.review_board(state);
    let caption = review::caption(state, theme, panes.board.width.saturating_sub(4));
    board_pane(&view, caption, theme, panes, buf);
    let pane = short_log(app, theme, panes, buf);
    review::ReviewPane { state, theme }.render(pane, buf);
}

/// The quiz: the question's board, the quiz pane, and a short log.
fn render_quiz(app: &App, state: &QuizState, theme: Theme, panes: &Panes, buf: &mut Buffer) {
    let view = app.quiz_board(state);
    board_pane(&view, quiz::caption(state, theme), theme, panes, buf);
    let pane = short_log(app, theme, panes, buf);
    quiz::QuizPane {
        state,
        rules: *app.position().rules(),
        theme,
    }
    .render(pane, buf);
}

/// The board of a pane in the tree's place, which has the keys: the board is not focused.
fn board_pane(view: &BoardView, caption: Line, theme: Theme, panes: &Panes, buf: &mut Buffer) {
    board::BoardPane {
        view,
        caption,
        scale: panes.scale,
        theme,
        focused: false,
    }
    .render(panes.board, buf);
}

/// Rows of the right column a pane in the tree's place keeps before a short log is drawn under
/// it: on a shorter column the pane takes it all, its sentence (the explanation, the verdict)
/// being worth more than the log's last three lines.
const PANE_BEFORE_LOG: u16 = 12;

/// The log at its smallest under the tree's place, for a pane that needs the rows (the replay,
/// the review, the quiz), or no log on a short terminal; the rest of the right column is
/// returned for that pane.
fn short_log(app: &App, theme: Theme, panes: &Panes, buf: &mut Buffer) -> Rect {
    let right = panes.tree.union(panes.log);
    if right.height < PANE_BEFORE_LOG + layout::LOG_MIN {
        return right;
    }
    let [pane, log_area] = ratatui::layout::Layout::vertical([
        ratatui::layout::Constraint::Fill(1),
        ratatui::layout::Constraint::Length(layout::LOG_MIN),
    ])
    .areas(right);
    log::LogPane {
        app,
        theme,
        focused: false,
    }
    .render(log_area, buf);
    pane
}

/// Where popups go: over everything but the status bar, which goes on showing the keys and any
/// notice. A screen too small for the panes gives popups all of it.
fn above_status(screen: Rect, panes: &Panes) -> Rect {
    Rect {
        height: panes.status.y - screen.y,
        ..screen
    }
}

/// Whether a screen of `screen`'s size is too small for the panes: `draw` then shows only the
/// "terminal too small" message (and any popup).
pub fn too_small(app: &App, screen: Rect) -> bool {
    let rules = *app.position().rules();
    panes(screen, &rules, rules.cells()).is_err()
}

/// Where popups go on a screen of `screen`'s size, laid out as `draw` lays it out.
pub fn popup_area(app: &App, screen: Rect) -> Rect {
    let rules = *app.position().rules();
    panes(screen, &rules, rules.cells())
        .map_or(last_row(screen).0, |panes| above_status(screen, &panes))
}

/// The rows above the last, and the last: a status bar's row on a screen too small for panes.
fn last_row(area: Rect) -> (Rect, Rect) {
    let above = area.height.saturating_sub(1);
    let [top, bottom] =
        Layout::vertical([Constraint::Length(above), Constraint::Fill(1)]).areas(area);
    (top, bottom)
}

/// The open popup, if any, over the screen.
fn render_popup(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    match (app.popup, &app.comparison) {
        (Some(Popup::Help), _) => help::HelpPopup {
            theme,
            scroll: &app.help_scroll,
            section: &app.help_section,
            glossary: app.help_glossary,
            top: &app.help_top,
            most: &app.help_most,
            page: &app.help_page,
        }
        .render(area, buf),
        (Some(Popup::Compare), Some(comparison)) => {
            compare::ComparePopup { comparison, theme }.render(area, buf)
        }
        (Some(Popup::Settings), _) => settings::SettingsPopup { app, theme }.render(area, buf),
        (Some(Popup::Record), _) => record::RecordPopup {
            record: &app.record(),
            theme,
        }
        .render(area, buf),
        _ => {}
    }
}

/// Whether a screen position lies in the log pane (for the mouse wheel), laid out as `draw`
/// lays it out.
pub fn over_log(app: &App, screen: Rect, x: u16, y: u16) -> bool {
    let rules = *app.position().rules();
    panes(screen, &rules, rules.cells())
        .is_ok_and(|panes| panes.log.contains(ratatui::layout::Position::new(x, y)))
}

/// The board cell at a screen position (for mouse clicks), laid out as `draw` lays it out.
pub fn cell_at(app: &App, screen: Rect, x: u16, y: u16) -> Option<Move> {
    let rules = *app.position().rules();
    let panes = panes(screen, &rules, rules.cells()).ok()?;
    board::Geometry::new(panes.board, panes.scale, rules).hit(x, y)
}
