//! Terminal events to actions. Which keys exist is listed once, in `HELP`, for the popup and docs.

use super::action::{Action, Direction};
use super::state::{App, Focus};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;

/// Every key, as the help popup lists it.
pub const HELP: &[(&str, &str)] = &[
    (
        "← ↓ ↑ → / h j k l",
        "move the cursor (board), select (tree), scroll (log)",
    ),
    (
        "Enter / Space",
        "place a mark at the cursor (tree: play the selected move)",
    ),
    ("mouse click", "place a mark in the clicked cell or column"),
    ("u", "undo: back to your previous turn"),
    ("r", "redo a move taken back"),
    ("n", "new game"),
    ("p", "pause / resume the AI"),
    ("Tab / Shift-Tab", "focus the next / previous pane"),
    ("PgUp / PgDn", "scroll the log"),
    ("?", "this help"),
    ("Esc", "close the popup; else back to the board; else quit"),
    ("q / Ctrl-C", "quit"),
];

/// The action for a terminal event, if any. `screen` is the terminal area, for mouse hit tests.
pub fn action(event: &Event, app: &App, screen: Rect) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => key_action(key),
        Event::Mouse(mouse) if app.options.mouse => match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                crate::ui::cell_at(app, screen, mouse.column, mouse.row).map(Action::Click)
            }
            MouseEventKind::ScrollUp if app.focus == Focus::Log => Some(Action::PageUp),
            MouseEventKind::ScrollDown if app.focus == Focus::Log => Some(Action::PageDown),
            _ => None,
        },
        _ => None,
    }
}

/// The action for a key press.
pub fn key_action(key: &KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(key.code, KeyCode::Char('c')).then_some(Action::Quit);
    }
    let action = match key.code {
        KeyCode::Up | KeyCode::Char('k') => Action::Move(Direction::Up),
        KeyCode::Down | KeyCode::Char('j') => Action::Move(Direction::Down),
        KeyCode::Left | KeyCode::Char('h') => Action::Move(Direction::Left),
        KeyCode::Right | KeyCode::Char('l') => Action::Move(Direction::Right),
        KeyCode::Enter | KeyCode::Char(' ') => Action::Place,
        KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('r') => Action::Redo,
        KeyCode::Char('n') => Action::NewGame,
        KeyCode::Char('p') => Action::TogglePause,
        KeyCode::Char('?') => Action::ToggleHelp,
        KeyCode::Esc => Action::Escape,
        KeyCode::Tab => Action::FocusNext,
        KeyCode::BackTab => Action::FocusPrev,
        KeyCode::PageUp => Action::PageUp,
        KeyCode::PageDown => Action::PageDown,
        KeyCode::Char('q') => Action::Quit,
        _ => return None,
    };
    Some(action)
}
