//! Key presses to actions. Which keys exist is listed once, in `HELP`, for the popup and docs.

use crate::app::action::{Action, Direction};
use crate::app::replay::ReplayCommand;
use crate::app::state::{App, Mode, Popup};
use crate::engine::{Algorithm, Player};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A group of keys in the help popup.
pub struct HelpSection {
    /// What the keys are for.
    pub title: &'static str,
    /// Each key and what it does.
    pub keys: &'static [(&'static str, &'static str)],
}

/// Every key, as the help popup lists it.
pub const HELP: &[HelpSection] = &[
    HelpSection {
        title: "Playing",
        keys: &[
            ("← ↓ ↑ → / h j k l", "board: move the cursor · log: scroll"),
            ("Enter / Space", "place a mark at the cursor"),
            (
                "1 … 8",
                "gravity boards: drop a disc in that column (from the left)",
            ),
            ("mouse click", "place a mark in the clicked cell or column"),
            ("u / r", "undo to your previous turn / redo"),
            ("n", "new game"),
            ("p", "pause / resume the AI"),
            (
                "f",
                "the AI moves now: the best found so far (paused: one move)",
            ),
            ("w", "swap sides: each player takes the other colour"),
            ("g", "the game record: every move, ready to copy"),
            ("e", "edit: set up any position on the board (keys below)"),
            (
                "y",
                "copy the position (x.o/.x./..o) to the log and clipboard",
            ),
            (
                "paste",
                "a position or moves (b2 a3, 4453): a new game from there",
            ),
            ("o", "settings: rules, players, search, display"),
            ("Tab / Shift-Tab", "focus the next / previous pane"),
            ("PgUp / PgDn", "scroll the log"),
        ],
    },
    HelpSection {
        title: "Game tree (Tab to focus it): the explorer",
        keys: &[
            ("↑ ↓ / k j", "select a candidate move"),
            (
                "→ / l",
                "expand it: the opponent's replies and their scores",
            ),
            ("← / h / Backspace", "one level up"),
            ("Enter", "play the selected move (deeper down: expand it)"),
            ("v", "play the selected move's best line out on the board"),
            ("Esc", "back to the position on the board"),
        ],
    },
    HelpSection {
        title: "Editor (after e)",
        keys: &[
            ("← ↓ ↑ → / h j k l", "move the cursor to any cell"),
            ("x / o", "put an X / an O under the cursor"),
            (". / Space / Del", "clear the cell"),
            ("c", "clear the whole board"),
            (
                "Enter",
                "a new game from here, analysed at once (legal only)",
            ),
            ("Esc / e", "leave without changes"),
        ],
    },
    HelpSection {
        title: "Seeing inside the AI",
        keys: &[
            (
                "s",
                "replay the search of the shown position, event by event",
            ),
            ("c", "compare minimax, alphabeta and engine here"),
            ("m", "heat map: every move's score on the board"),
        ],
    },
    HelpSection {
        title: "Search replay (after s)",
        keys: &[
            ("→ / l / Space", "one event forward"),
            ("← / h / Backspace", "one event back"),
            ("↓ / j", "step over: finish the subtree just entered"),
            ("↑ / k", "step out: back to the parent"),
            ("x", "run to the next cutoff"),
            ("End / e", "run to the end"),
            ("Home / g", "restart"),
            ("p", "autoplay / pause"),
            ("+ / -", "autoplay faster / slower"),
            ("1 / 2 / 3", "replay with minimax / alphabeta / engine"),
            ("Esc / s", "leave the replay"),
        ],
    },
    HelpSection {
        title: "Settings (after o): changes apply at once and are saved",
        keys: &[
            ("↑ ↓ / k j", "select a setting"),
            ("← → / h l", "change it"),
            (
                "click / scroll",
                "select a row; click again or scroll to change it",
            ),
            ("y / n", "new game with the rules chosen? yes / no"),
            ("Enter", "close (a rules question: yes)"),
            ("Esc / o", "close (a rules question: no)"),
        ],
    },
    HelpSection {
        title: "Anywhere",
        keys: &[
            ("?", "this help (↑ ↓ scroll it)"),
            (
                "Esc",
                "close the popup; else step back (never quits: q does)",
            ),
            ("q / Ctrl-C", "quit"),
            ("Ctrl-Z", "stop (the shell's fg continues)"),
        ],
    },
];

/// Lines of the help popup: each section's title and keys, the blank lines between sections,
/// and the two closing lines (a blank and the score legend).
pub fn help_length() -> usize {
    HELP.iter().map(|s| 1 + s.keys.len()).sum::<usize>() + HELP.len() - 1 + 3
}

/// The cursor keys and their vi letters, in the game and the settings popup alike.
fn direction(code: KeyCode) -> Option<Direction> {
    match code {
        KeyCode::Up | KeyCode::Char('k') => Some(Direction::Up),
        KeyCode::Down | KeyCode::Char('j') => Some(Direction::Down),
        KeyCode::Left | KeyCode::Char('h') => Some(Direction::Left),
        KeyCode::Right | KeyCode::Char('l') => Some(Direction::Right),
        _ => None,
    }
}

/// The action for a key press in the game.
pub fn key_action(key: &KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(key.code, KeyCode::Char('c')).then_some(Action::Quit);
    }
    if let Some(direction) = direction(key.code) {
        return Some(Action::Move(direction));
    }
    let action = match key.code {
        KeyCode::Enter | KeyCode::Char(' ') => Action::Place,
        KeyCode::Backspace => Action::Back,
        KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('r') => Action::Redo,
        KeyCode::Char('n') => Action::NewGame,
        KeyCode::Char('p') => Action::TogglePause,
        KeyCode::Char('v') => Action::ShowLine,
        KeyCode::Char('m') => Action::ToggleHeat,
        KeyCode::Char('c') => Action::Compare,
        KeyCode::Char('f') => Action::MoveNow,
        KeyCode::Char('w') => Action::SwapSides,
        KeyCode::Char('g') => Action::ShowRecord,
        KeyCode::Char('e') => Action::Edit,
        KeyCode::Char('y') => Action::Copy,
        KeyCode::Char('s') => Action::OpenReplay,
        KeyCode::Char('o') => Action::ToggleSettings,
        KeyCode::Char('?') => Action::ToggleHelp,
        KeyCode::Esc => Action::Escape,
        KeyCode::Tab => Action::FocusNext,
        KeyCode::BackTab => Action::FocusPrev,
        KeyCode::PageUp => Action::PageUp,
        KeyCode::PageDown => Action::PageDown,
        KeyCode::Char('q') => Action::Quit,
        // Column digits, as Connect Four games are written (`4453`); boards are at most 8 wide.
        KeyCode::Char(digit @ '1'..='9') => Action::Drop(usize::from(digit as u8 - b'1')),
        _ => return None,
    };
    Some(action)
}

/// The action for a key press in whatever mode the app is in.
pub fn action_for_key(app: &App, key: &KeyEvent) -> Option<Action> {
    match app.mode {
        _ if app.popup == Some(Popup::Settings) => settings_key_action(key),
        Mode::Edit(_) if app.popup.is_none() => edit_key_action(key),
        Mode::Replay(_) if app.popup.is_none() => replay_key_action(key),
        // Without gravity a column is not a move: the digits mean nothing there.
        _ => key_action(key)
            .filter(|a| app.position().rules().gravity || !matches!(a, Action::Drop(_))),
    }
}

/// The action for a key press in the settings popup.
pub fn settings_key_action(key: &KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(key.code, KeyCode::Char('c')).then_some(Action::Quit);
    }
    if let Some(direction) = direction(key.code) {
        return Some(Action::Move(direction));
    }
    let action = match key.code {
        KeyCode::Char('y') => Action::Answer(true),
        KeyCode::Char('n') => Action::Answer(false),
        KeyCode::Enter => Action::Place,
        KeyCode::Esc => Action::Escape,
        KeyCode::Char('o') => Action::ToggleSettings,
        KeyCode::Char('q') => Action::Quit,
        _ => return None,
    };
    Some(action)
}

/// The action for a key press in the position editor.
pub fn edit_key_action(key: &KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(key.code, KeyCode::Char('c')).then_some(Action::Quit);
    }
    if let Some(direction) = direction(key.code) {
        return Some(Action::Move(direction));
    }
    let action = match key.code {
        KeyCode::Char('x' | 'X') => Action::EditMark(Some(Player::X)),
        KeyCode::Char('o' | 'O') => Action::EditMark(Some(Player::O)),
        KeyCode::Char('.' | ' ') | KeyCode::Delete | KeyCode::Backspace => Action::EditMark(None),
        KeyCode::Char('c') => Action::ClearBoard,
        KeyCode::Enter => Action::Place,
        KeyCode::Esc | KeyCode::Char('e') => Action::Escape,
        KeyCode::Char('?') => Action::ToggleHelp,
        KeyCode::Char('q') => Action::Quit,
        KeyCode::PageUp => Action::PageUp,
        KeyCode::PageDown => Action::PageDown,
        _ => return None,
    };
    Some(action)
}

/// The action for a key press during a search replay.
pub fn replay_key_action(key: &KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(key.code, KeyCode::Char('c')).then_some(Action::Quit);
    }
    let command = match key.code {
        KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') | KeyCode::Enter => {
            ReplayCommand::Forward
        }
        KeyCode::Left | KeyCode::Char('h') | KeyCode::Backspace => ReplayCommand::Back,
        KeyCode::Down | KeyCode::Char('j') => ReplayCommand::Over,
        KeyCode::Up | KeyCode::Char('k') => ReplayCommand::Out,
        KeyCode::Char('x') => ReplayCommand::NextCutoff,
        KeyCode::End | KeyCode::Char('e') => ReplayCommand::End,
        KeyCode::Home | KeyCode::Char('g') => ReplayCommand::Restart,
        KeyCode::Char('p') => ReplayCommand::Autoplay,
        KeyCode::Char('+') | KeyCode::Char('=') => ReplayCommand::Faster,
        KeyCode::Char('-') => ReplayCommand::Slower,
        KeyCode::Char('1') => ReplayCommand::Algorithm(Algorithm::Minimax),
        KeyCode::Char('2') => ReplayCommand::Algorithm(Algorithm::AlphaBeta),
        KeyCode::Char('3') => ReplayCommand::Algorithm(Algorithm::Engine),
        KeyCode::Esc | KeyCode::Char('s') => ReplayCommand::Close,
        KeyCode::Char('?') => return Some(Action::ToggleHelp),
        KeyCode::Char('q') => return Some(Action::Quit),
        KeyCode::PageUp => return Some(Action::PageUp),
        KeyCode::PageDown => return Some(Action::PageDown),
        _ => return None,
    };
    Some(Action::Replay(command))
}
