//! The terminal program: set-up and teardown, the event loop, and the translation of terminal
//! events into the app's actions (`input.rs`). The only module that knows both the app and the
//! screen:
//! `app` never draws, `ui` never changes the state.

mod input;
mod signals;
mod terminal;

pub use input::{
    action, action_for_key, edit_key_action, key_action, presses, rejoin_arrows, replay_key_action,
    settings_key_action,
};

use crate::app::{Action, App, LogKind, Options, Record, Worker};
use crate::config::Store;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
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
    let color = !crate::environment::no_color();
    let signals = signals::Signals::catch()?;
    let mut terminal = terminal::init(options.settings.mouse)?;
    let mut app = App::new(options, color);
    if let Some(warning) = warning {
        app.update(Action::Log(LogKind::Warning, warning));
    }
    let result = event_loop(&mut terminal, &mut app, &signals);
    terminal::restore();
    // Also after an error: a hangup can make reading the terminal fail before the loop sees the
    // signal, and the error could not be shown on a terminal that is gone anyway. The game stays
    // with the user as after `q` (unless the terminal hung up).
    signals.end_if_received(&app.record());
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
    // This loop stopped the program (Ctrl-Z, SIGTSTP) and it has been continued since: its
    // SIGCONT may not be recorded yet, or ever (the signal thread is busy with an ending signal).
    let mut continued = false;
    loop {
        carry_out_requests(app, &mut worker, &mut store)?;
        if app.should_quit() || signals.received() {
            worker.cancel_all();
            return Ok(());
        }
        // SIGTSTP stops the program: whoever sent it can continue it. (Ctrl-Z arrives as a key in
        // raw mode, below.)
        if signals.take_stop() {
            signals.stop_here();
            continued = true;
        }
        // After a stop, ours or anyone's: the shell has had the terminal, so set it up again and
        // repaint all of it (ratatui would otherwise only draw what changed since the last frame),
        // unless a signal asked the program to end meanwhile.
        if signals.take_resumed() || std::mem::take(&mut continued) {
            signals.take_terminal_back(app.options.settings.mouse)?;
            if signals.received() {
                continue;
            }
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
                // Continued: the next turn sets the terminal up and repaints it, or ends.
                continued = stop_or_say_why_not(app, signals);
                dirty = true;
                continue;
            }
            let size = terminal.size()?;
            let screen = Rect::new(0, 0, size.width, size.height);
            // Each press acts on the app as the one before left it (Esc may close a popup).
            for event in with_what_followed(event)? {
                // Read after an Esc, a stop key is still one.
                if is_stop_key(&event) {
                    continued = stop_or_say_why_not(app, signals);
                    break;
                }
                for press in presses(event) {
                    if let Some(action) = action(&press, app, screen) {
                        app.update(action);
                    }
                }
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

/// The event read and, after an Esc, the events already read with it (at most a few: an arrow's
/// remaining bytes), with an arrow split by the parser put together again (`rejoin_arrows`).
fn with_what_followed(event: Event) -> color_eyre::Result<Vec<Event>> {
    let is = |event: &Event, wanted: &[KeyCode]| matches!(event, Event::Key(key) if wanted.contains(&key.code));
    let mut events = vec![event];
    if is(&events[0], &[KeyCode::Esc]) && event::poll(Duration::ZERO)? {
        events.push(event::read()?);
        if is(&events[1], &[KeyCode::Char('['), KeyCode::Char('O')]) && event::poll(Duration::ZERO)?
        {
            events.push(event::read()?);
        }
    }
    Ok(rejoin_arrows(events))
}

/// What the app asked of the world outside it since the last turn: searches to the worker,
/// settings to the config file and the terminal, a copied position to the clipboard, a picture
/// of the replayed search to a file.
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
        app.update(Action::Saved(!store.failed()));
        terminal::set_mouse(settings.mouse)?;
    }
    // `y` copied the position: to the system clipboard, here, where output is allowed.
    if let Some(text) = app.take_clipboard() {
        terminal::copy(&text)?;
    }
    // `d` drew the replayed search: into a file, and the log says where (or why not).
    if let Some(picture) = app.take_picture() {
        // The whole path, saved or not: the file is named in the directory the game started
        // in, which the log does not show (a directory name escaped, as any text from outside).
        let path = std::path::absolute(&picture.name).map_or(picture.name.clone(), |p| {
            crate::app::printable(&p.display().to_string())
        });
        // The path once (the replay leaves the log a few rows, none on a short terminal): the
        // status bar shows it too, until the next key.
        app.update(match std::fs::write(&picture.name, &picture.text) {
            Ok(()) => Action::Announce(format!(
                "Search tree saved: dot -Tsvg {path} -o tree.svg draws it"
            )),
            Err(error) => Action::Log(
                LogKind::Warning,
                format!("cannot write the picture {path}: {error}"),
            ),
        });
    }
    Ok(())
}

/// Ctrl-Z: stops the program until the shell's `fg` (true once continued), or says in the status
/// bar why it does not stop: no shell could ever continue it.
fn stop_or_say_why_not(app: &mut App, signals: &signals::Signals) -> bool {
    match signals::why_no_shell_to_stop_to() {
        None => {
            signals.stop_here();
            true
        }
        Some(why) => {
            app.update(Action::Log(
                LogKind::Warning,
                format!("Ctrl-Z: no shell to stop to ({why}); the game goes on"),
            ));
            false
        }
    }
}

/// Ctrl-Z, which raw mode delivers as a key instead of SIGTSTP.
fn is_stop_key(event: &Event) -> bool {
    matches!(event, Event::Key(key) if key.kind != KeyEventKind::Release
        && key.code == KeyCode::Char('z')
        && key.modifiers.contains(KeyModifiers::CONTROL))
}
