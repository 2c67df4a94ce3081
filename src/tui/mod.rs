//! The terminal program: set-up and teardown, the event loop, and the translation of terminal
//! events into the app's actions. The only module that knows both the app and the screen:
//! `app` never draws, `ui` never changes the state.

mod signals;
mod terminal;

use crate::app::{Action, App, Focus, Mode, Options, Record, Worker, action_for_key};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::layout::Rect;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long the loop waits for input before looking for search results again.
const POLL: Duration = Duration::from_millis(20);

/// Runs the TUI until the user quits, restoring the terminal whatever happens, and returns the
/// record of the game for the caller to print. After SIGTERM, SIGHUP or SIGINT the program then
/// ends as that signal would have ended it.
pub fn run(options: Options) -> color_eyre::Result<Record> {
    // NO_COLOR: "when present and not an empty string" (no-color.org).
    let color = std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty());
    let mouse = options.mouse;
    let signals = signals::Signals::catch(mouse)?;
    let mut terminal = terminal::init(mouse)?;
    let mut app = App::new(options, color);
    let result = event_loop(&mut terminal, &mut app, &signals);
    terminal::restore(mouse);
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
    let (replies, results) = mpsc::channel();
    let mut worker = Worker::new(replies);
    let mut dirty = true;
    let mut last_tick = Instant::now();
    loop {
        while let Some(job) = app.take_job() {
            worker.submit(job);
        }
        if app.should_quit() || signals.received() {
            worker.cancel_all();
            return Ok(());
        }
        if dirty {
            terminal.draw(|frame| crate::ui::draw(frame, app))?;
            dirty = false;
        }
        if event::poll(POLL)? {
            let event = event::read()?;
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

/// The action for a terminal event, if any. `screen` is the terminal area, for mouse hit tests.
pub fn action(event: &Event, app: &App, screen: Rect) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => action_for_key(app, key),
        // The replay shows a hypothetical node, not the game: clicks would play the wrong board.
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
