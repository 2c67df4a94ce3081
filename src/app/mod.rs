//! The interactive application: state, update, event loop and the search worker.
//!
//! Data flows one way: terminal event → `Action` (keys.rs) → `App::update` (update.rs) → state →
//! `ui::draw`. Search results come back from the worker thread as `Action::Search` messages.

mod action;
mod game;
mod keys;
mod log;
mod options;
mod state;
mod terminal;
mod update;
mod worker;

pub use action::{Action, Direction};
pub use game::Game;
pub use keys::{HELP, action, key_action};
pub use log::{Log, LogKind, LogLine, duration, names, signed, thousands};
pub use options::{DEFAULT_TIME, Options, Seat};
pub use state::{AI_PACE, App, Focus, SearchView};
pub use worker::{Job, SearchMessage, SearchRequest, Worker, run_job};

use ratatui::DefaultTerminal;
use ratatui::crossterm::event;
use ratatui::layout::Rect;
use std::sync::mpsc;
use std::time::Duration;

/// How long the loop waits for input before looking for search results again.
const POLL: Duration = Duration::from_millis(20);

/// Runs the TUI until the user quits, restoring the terminal whatever happens.
pub fn run(options: Options) -> color_eyre::Result<()> {
    // NO_COLOR: "when present and not an empty string" (no-color.org).
    let color = std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty());
    let mouse = options.mouse;
    let mut terminal = terminal::init(mouse)?;
    let result = event_loop(&mut terminal, App::new(options, color));
    terminal::restore(mouse);
    result
}

fn event_loop(terminal: &mut DefaultTerminal, mut app: App) -> color_eyre::Result<()> {
    let (replies, results) = mpsc::channel();
    let mut worker = Worker::new(replies);
    let mut dirty = true;
    loop {
        if let Some(job) = app.take_job() {
            worker.submit(job);
        }
        if app.should_quit() {
            worker.cancel();
            return Ok(());
        }
        if dirty {
            terminal.draw(|frame| crate::ui::draw(frame, &app))?;
            dirty = false;
        }
        if event::poll(POLL)? {
            let event = event::read()?;
            let size = terminal.size()?;
            let screen = Rect::new(0, 0, size.width, size.height);
            if let Some(action) = keys::action(&event, &app, screen) {
                app.update(action);
            }
            // Resizes and ignored keys redraw too: cheap, and a resize needs it.
            dirty = true;
        }
        while let Ok(message) = results.try_recv() {
            app.update(Action::Search(message));
            dirty = true;
        }
    }
}
