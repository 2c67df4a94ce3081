//! Terminal events to the app's actions, in one place: every key in every mode, the mouse, and
//! what the app does not see (Ctrl-Z is the event loop's). The keys themselves are listed in
//! `app::HELP`; what each action does is `App::update`'s.

use crate::app::{Action, App, Direction, Focus, Mode, Popup, QuizKey, ReplayCommand};
use crate::engine::{Algorithm, Player};
use crate::ui::SettingsHit;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;

/// The key presses an event stands for. A terminal sends Esc and a key pressed right after it as
/// one Alt-key sequence (the Esc prefix, as xterm's "meta sends escape" does); tictree has no Alt
/// keys, so an Alt-key is read as the two presses it most likely was: Esc, then the key (a
/// letter, an arrow, Enter…). Without this, Esc then `s` typed quickly in the replay would leave
/// it and not open it again, and Esc then ↓ would lose the ↓.
pub fn presses(event: Event) -> Vec<Event> {
    match event {
        Event::Key(key)
            if key.modifiers.contains(KeyModifiers::ALT)
                && !key.modifiers.contains(KeyModifiers::CONTROL)
                && key.code != KeyCode::Esc =>
        {
            let esc = KeyEvent::new_with_kind(KeyCode::Esc, KeyModifiers::NONE, key.kind);
            let plain =
                KeyEvent::new_with_kind(key.code, key.modifiers - KeyModifiers::ALT, key.kind);
            vec![Event::Key(esc), Event::Key(plain)]
        }
        event => vec![event],
    }
}

/// Esc and an arrow key (or Home, End) that reach the program in one read (`Esc` then `↓` sent
/// by a script, a paste or a slow link) are parsed by crossterm as Esc followed by the arrow's
/// last bytes as two characters (`[`, `B`): this gives the arrow back, in place of the two
/// characters, so that Esc then ↓ is both presses as Esc then a letter is.
pub fn rejoin_arrows(events: Vec<Event>) -> Vec<Event> {
    let mut out: Vec<Event> = Vec::with_capacity(events.len());
    let mut rest = events.into_iter().peekable();
    while let Some(event) = rest.next() {
        let after_esc = matches!(out.last(), Some(Event::Key(key)) if key.code == KeyCode::Esc);
        let introducer = matches!(&event, Event::Key(key)
            if key.modifiers.is_empty() && matches!(key.code, KeyCode::Char('[' | 'O')));
        // The final byte is a capital letter: crossterm reports it with Shift.
        let arrow = match rest.peek() {
            Some(Event::Key(key)) if (key.modifiers - KeyModifiers::SHIFT).is_empty() => {
                match key.code {
                    KeyCode::Char('A') => Some(KeyCode::Up),
                    KeyCode::Char('B') => Some(KeyCode::Down),
                    KeyCode::Char('C') => Some(KeyCode::Right),
                    KeyCode::Char('D') => Some(KeyCode::Left),
                    KeyCode::Char('H') => Some(KeyCode::Home),
                    KeyCode::Char('F') => Some(KeyCode::End),
                    _ => None,
                }
            }
            _ => None,
        };
        match arrow {
            Some(code) if after_esc && introducer => {
                rest.next();
                out.push(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
            }
            _ => out.push(event),
        }
    }
    out
}

/// The action for a terminal event, if any. `screen` is the terminal area, for mouse hit tests.
pub fn action(event: &Event, app: &App, screen: Rect) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => {
            let action = if app.popup.is_none() && crate::ui::too_small(app, screen) {
                unseen_key_action(app, key)
            } else {
                action_for_key(app, key)
            };
            Some(action.unwrap_or(Action::Unbound))
        }
        // Bracketed paste (terminal::enter asks for it): a position or moves to start from; not
        // while the screen is too small to show the game it would set up.
        Event::Paste(_) if app.popup.is_none() && crate::ui::too_small(app, screen) => None,
        Event::Paste(text) => Some(Action::Paste(text.clone())),
        Event::Mouse(mouse) if app.options.settings.mouse && app.popup == Some(Popup::Settings) => {
            // Click a row to select it, click it again or scroll to change its value.
            match mouse.kind {
                MouseEventKind::Down(MouseButton::Left) => {
                    match crate::ui::settings_hit(app, screen, mouse.column, mouse.row)? {
                        SettingsHit::Row(field) => Some(Action::SettingsClick(field)),
                        SettingsHit::Answer(yes) => Some(Action::Answer(yes)),
                    }
                }
                MouseEventKind::ScrollUp => Some(Action::Move(Direction::Right)),
                MouseEventKind::ScrollDown => Some(Action::Move(Direction::Left)),
                _ => None,
            }
        }
        // The help scrolls under the wheel as under the cursor keys.
        Event::Mouse(mouse) if app.popup == Some(Popup::Help) => match mouse.kind {
            MouseEventKind::ScrollUp => Some(Action::Move(Direction::Up)),
            MouseEventKind::ScrollDown => Some(Action::Move(Direction::Down)),
            _ => None,
        },
        Event::Mouse(_) if app.popup.is_some() => None,
        // A click on the quiz's board answers a best-move question or marks a pruned move.
        Event::Mouse(mouse)
            if app.options.settings.mouse
                && matches!(app.mode, Mode::Quiz(_))
                && mouse.kind == MouseEventKind::Down(MouseButton::Left) =>
        {
            crate::ui::cell_at(app, screen, mouse.column, mouse.row)
                .map(|mv| Action::Quiz(crate::app::QuizKey::Click(mv)))
        }
        // The replay, the review and the editor show another board than the game's: there a click
        // would play on the wrong one.
        Event::Mouse(mouse) if app.options.settings.mouse && matches!(app.mode, Mode::Game) => {
            match mouse.kind {
                MouseEventKind::Down(MouseButton::Left) => {
                    crate::ui::cell_at(app, screen, mouse.column, mouse.row).map(Action::Click)
                }
                // Over the log, or with the log focused, the wheel pages it.
                MouseEventKind::ScrollUp | MouseEventKind::ScrollDown
                    if app.focus == Focus::Log
                        || crate::ui::over_log(app, screen, mouse.column, mouse.row) =>
                {
                    Some(match mouse.kind {
                        MouseEventKind::ScrollUp => Action::PageUp,
                        _ => Action::PageDown,
                    })
                }
                _ => None,
            }
        }
        _ => None,
    }
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

/// What the keys of the game, the editor, the review and the settings popup begin with: Ctrl-C
/// quits and other Ctrl keys do nothing (`Some(None)`), the cursor keys and hjkl move; `None`:
/// neither, the mode's own keys decide.
fn control_or_direction(key: &KeyEvent) -> Option<Option<Action>> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return Some(matches!(key.code, KeyCode::Char('c')).then_some(Action::Quit));
    }
    direction(key.code).map(|direction| Some(Action::Move(direction)))
}

/// The keys the editor and the review share with every mode: help, quit, the log's pages.
fn help_quit_or_log(code: KeyCode) -> Option<Action> {
    match code {
        KeyCode::Char('?') => Some(Action::ToggleHelp),
        KeyCode::Char('q') => Some(Action::Quit),
        KeyCode::PageUp => Some(Action::PageUp),
        KeyCode::PageDown => Some(Action::PageDown),
        _ => None,
    }
}

/// The action for a key press in the game.
pub fn key_action(key: &KeyEvent) -> Option<Action> {
    if let Some(action) = control_or_direction(key) {
        return action;
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
        KeyCode::Char('R') => Action::Review,
        KeyCode::Char('Q') => Action::OpenQuiz,
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
        KeyCode::Char(digit @ '0'..='9') => Action::Drop(usize::from(digit as u8 - b'0')),
        _ => return None,
    };
    Some(action)
}

/// The action for a key press while the screen is too small to show the board: only the keys that
/// act on something the screen can show (quitting, the help, the settings in the game, whose rules
/// may give a board that fits). A move or an undo made blind would change a game nobody can see.
fn unseen_key_action(app: &App, key: &KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(key.code, KeyCode::Char('c')).then_some(Action::Quit);
    }
    match key.code {
        KeyCode::Char('q') => Some(Action::Quit),
        KeyCode::Char('?') => Some(Action::ToggleHelp),
        KeyCode::Char('o') if matches!(app.mode, Mode::Game) => Some(Action::ToggleSettings),
        _ => None,
    }
}

/// The action for a key press in whatever mode the app is in.
pub fn action_for_key(app: &App, key: &KeyEvent) -> Option<Action> {
    match app.mode {
        _ if app.popup == Some(Popup::Settings) => settings_key_action(key),
        Mode::Edit(_) if app.popup.is_none() => edit_key_action(key),
        Mode::Replay(_) if app.popup.is_none() => replay_key_action(key),
        Mode::Review(_) if app.popup.is_none() => review_key_action(key),
        Mode::Quiz(_) if app.popup.is_none() => quiz_key_action(key),
        _ => key_action(key),
    }
}

/// The action for a key press in the settings popup.
pub fn settings_key_action(key: &KeyEvent) -> Option<Action> {
    if let Some(action) = control_or_direction(key) {
        return action;
    }
    let action = match key.code {
        KeyCode::Char('y') => Action::Answer(true),
        KeyCode::Char('n') => Action::Answer(false),
        KeyCode::Enter => Action::Place,
        KeyCode::Esc => Action::Escape,
        KeyCode::Char('o') => Action::ToggleSettings,
        KeyCode::Char('?') => Action::ToggleHelp,
        KeyCode::Char('q') => Action::Quit,
        _ => return None,
    };
    Some(action)
}

/// The action for a key press in the position editor.
pub fn edit_key_action(key: &KeyEvent) -> Option<Action> {
    if let Some(action) = control_or_direction(key) {
        return action;
    }
    let action = match key.code {
        KeyCode::Char('x' | 'X') => Action::EditMark(Some(Player::X)),
        KeyCode::Char('o' | 'O') => Action::EditMark(Some(Player::O)),
        KeyCode::Char('.' | ' ') | KeyCode::Delete | KeyCode::Backspace => Action::EditMark(None),
        KeyCode::Char('c') => Action::ClearBoard,
        KeyCode::Enter => Action::Place,
        KeyCode::Esc | KeyCode::Char('e') => Action::Escape,
        code => return help_quit_or_log(code),
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
        KeyCode::Char('d') => ReplayCommand::Picture,
        KeyCode::Char('[') => ReplayCommand::Depth(-1),
        KeyCode::Char(']') => ReplayCommand::Depth(1),
        KeyCode::Char('v') => ReplayCommand::ToggleView,
        KeyCode::Esc | KeyCode::Char('s') => ReplayCommand::Close,
        KeyCode::Char('?') => return Some(Action::ToggleHelp),
        KeyCode::Char('q') => return Some(Action::Quit),
        KeyCode::PageUp => return Some(Action::PageUp),
        KeyCode::PageDown => return Some(Action::PageDown),
        _ => return None,
    };
    Some(Action::Replay(command))
}

/// The action for a key press in the review: the cursor keys select, Enter goes there, `s`
/// replays, Esc or `R` leaves.
pub fn review_key_action(key: &KeyEvent) -> Option<Action> {
    if let Some(action) = control_or_direction(key) {
        return action;
    }
    let action = match key.code {
        KeyCode::Enter => Action::Place,
        KeyCode::Char('s') => Action::OpenReplay,
        KeyCode::Esc | KeyCode::Char('R') => Action::Escape,
        code => match help_quit_or_log(code) {
            // The game's keys (`u`, `m`, …) and the replay's (`x`) wait until the review is
            // left: say so, not nothing.
            None if matches!(code, KeyCode::Char(c) if c.is_alphanumeric()) => Action::NotInReview,
            other => return other,
        },
    };
    Some(action)
}

/// The action for a key press in the quiz. Letters and digits are keys of the answer (typed into
/// a score, `w3`, `-inf`, or hjkl on the board: the quiz decides), so only `?`, `q`, `Q`, Esc,
/// Ctrl-C and the log's pages mean something of their own.
pub fn quiz_key_action(key: &KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(key.code, KeyCode::Char('c')).then_some(Action::Quit);
    }
    let quiz_key = match key.code {
        KeyCode::Esc | KeyCode::Char('Q') => QuizKey::Leave,
        KeyCode::Enter => QuizKey::Enter,
        KeyCode::Char(' ') => QuizKey::Space,
        KeyCode::Backspace => QuizKey::Backspace,
        KeyCode::Up => QuizKey::Move(Direction::Up),
        KeyCode::Down => QuizKey::Move(Direction::Down),
        KeyCode::Left => QuizKey::Move(Direction::Left),
        KeyCode::Right => QuizKey::Move(Direction::Right),
        KeyCode::Char(c @ ('?' | 'q')) => {
            return Some(if c == '?' {
                Action::ToggleHelp
            } else {
                Action::Quit
            });
        }
        KeyCode::Char(c) => QuizKey::Char(c),
        code => return help_quit_or_log(code),
    };
    Some(Action::Quiz(quiz_key))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn esc_then_an_arrow_read_together_is_both_presses() {
        let shifted = |c| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::SHIFT));
        let read = vec![key(KeyCode::Esc), key(KeyCode::Char('[')), shifted('B')];
        assert_eq!(rejoin_arrows(read), [key(KeyCode::Esc), key(KeyCode::Down)]);
        let read = vec![key(KeyCode::Esc), key(KeyCode::Char('O')), shifted('D')];
        assert_eq!(rejoin_arrows(read), [key(KeyCode::Esc), key(KeyCode::Left)]);
        // Typed without an Esc before them, `[` and `B` are themselves (the replay's `[`).
        let read = vec![key(KeyCode::Char('[')), shifted('B')];
        assert_eq!(rejoin_arrows(read.clone()), read);
        let read = vec![
            key(KeyCode::Esc),
            key(KeyCode::Char('[')),
            key(KeyCode::Char('x')),
        ];
        assert_eq!(rejoin_arrows(read.clone()), read);
    }

    #[test]
    fn an_alt_key_is_esc_then_the_key() {
        let alt = |code| Event::Key(KeyEvent::new(code, KeyModifiers::ALT));
        for code in [KeyCode::Char('s'), KeyCode::Down, KeyCode::Enter] {
            assert_eq!(presses(alt(code)), [key(KeyCode::Esc), key(code)]);
        }
    }
}
