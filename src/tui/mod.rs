//! The terminal program: set-up and teardown, the event loop, and the translation of terminal
//! events into the app's actions. The only module that knows both the app and the screen:
//! `app` never draws, `ui` never changes the state.

mod signals;
mod terminal;

use crate::app::{
    Action, App, Direction, Focus, LogKind, Mode, Options, Popup, Record, Worker, action_for_key,
};
use crate::config::Store;
use crate::ui::SettingsHit;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{
    self, Event, KeyCode, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long the loop waits for input before looking for search results again.
const POLL: Duration = Duration::from_millis(20);

/// Runs the TUI until the user quits, restoring the terminal whatever happens, and returns the
/// record of the game for the caller to print. `warning` is the config file's, for the log. After
/// a signal that ends programs the program then ends as that signal would have ended it
/// (`tui::signals`).
pub fn run(options: Options, warning: Option<String>) -> color_eyre::Result<Record> {
    // NO_COLOR: "when present and not an empty string" (no-color.org).
    let color = std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty());
    let signals = signals::Signals::catch()?;
    let mut terminal = terminal::init(options.mouse)?;
    let mut app = App::new(options, color);
    if let Some(warning) = warning {
        app.update(Action::Log(LogKind::Warning, warning));
    }
    let result = event_loop(&mut terminal, &mut app, &signals);
    terminal::restore();
    // Also after an error: a hangup can make reading the terminal fail before the loop sees the
    // signal, and the error could not be shown on a terminal that is gone anyway.
    signals.end_if_received();
    result.map(|()| app.record())
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    signals: &signals::Signals,
) -> color_eyre::Result<()> {
    let mut store = Store::new(app.options.config.clone(), app.settings());
    let (replies, results) = mpsc::channel();
    let mut worker = Worker::new(replies);
    let mut dirty = true;
    let mut last_tick = Instant::now();
    loop {
        carry_out_requests(app, &mut worker, &mut store)?;
        if app.should_quit() || signals.received() {
            worker.cancel_all();
            return Ok(());
        }
        // Ctrl-Z arrives as a key in raw mode, SIGTSTP as a signal: both stop the program.
        if signals.take_stop() {
            signals::stop_here()?;
        }
        // After a stop, ours or anyone's: the shell has had the terminal, so set it up again and
        // repaint all of it (ratatui would otherwise only draw what changed since the last frame).
        if signals.take_resumed() {
            terminal::enter(app.options.mouse)?;
            terminal::forget_screen(terminal)?;
            dirty = true;
        }
        if dirty {
            terminal.draw(|frame| crate::ui::draw(frame, app))?;
            dirty = false;
        }
        if event::poll(POLL)? {
            let event = event::read()?;
            if is_stop_key(&event) {
                signals::stop_here()?;
            }
            let size = terminal.size()?;
            let screen = Rect::new(0, 0, size.width, size.height);
            if let Some(action) = action(&event, app, screen) {
                app.update(action);
            }
            // Resizes and ignored keys redraw too: cheap, and a resize needs it.
            dirty = true;
        }
        if app.wants_ticks() {
            app.update(Action::Tick(last_tick.elapsed()));
            dirty = true;
        }
        last_tick = Instant::now();
        while let Ok(message) = results.try_recv() {
            app.update(Action::Search(message));
            dirty = true;
        }
    }
}

/// What the app asked of the world outside it since the last turn: searches to the worker,
/// settings to the config file and the terminal, a copied position to the clipboard.
fn carry_out_requests(
    app: &mut App,
    worker: &mut Worker,
    store: &mut Store,
) -> color_eyre::Result<()> {
    while let Some(job) = app.take_job() {
        worker.submit(job);
    }
    // Settings changed in the popup: into the config file, and the mouse on or off.
    if let Some(settings) = app.take_settings_change() {
        if let Some((kind, text)) = store.save(&settings) {
            app.update(Action::Log(kind, text));
        }
        terminal::set_mouse(settings.mouse)?;
    }
    // `y` copied the position: to the system clipboard, here, where output is allowed.
    if let Some(text) = app.take_clipboard() {
        terminal::copy(&text)?;
    }
    Ok(())
}

/// The action for a terminal event, if any. `screen` is the terminal area, for mouse hit tests.
pub fn action(event: &Event, app: &App, screen: Rect) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => action_for_key(app, key),
        // Bracketed paste (terminal::enter asks for it): a position or moves to start from.
        Event::Paste(text) => Some(Action::Paste(text.clone())),
        // The replay shows a hypothetical node, not the game: clicks would play the wrong board.
        Event::Mouse(mouse) if app.options.mouse && app.popup == Some(Popup::Settings) => {
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
        Event::Mouse(_) if app.popup.is_some() => None,
        Event::Mouse(mouse) if app.options.mouse && matches!(app.mode, Mode::Game) => {
            match mouse.kind {
                MouseEventKind::Down(MouseButton::Left) => {
                    crate::ui::cell_at(app, screen, mouse.column, mouse.row).map(Action::Click)
                }
                MouseEventKind::ScrollUp if app.focus == Focus::Log => Some(Action::PageUp),
                MouseEventKind::ScrollDown if app.focus == Focus::Log => Some(Action::PageDown),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Ctrl-Z, which raw mode delivers as a key instead of SIGTSTP.
fn is_stop_key(event: &Event) -> bool {
    matches!(event, Event::Key(key) if key.kind != KeyEventKind::Release
        && key.code == KeyCode::Char('z')
        && key.modifiers.contains(KeyModifiers::CONTROL))
}
