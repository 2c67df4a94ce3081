//! Terminal setup and teardown: raw mode, the alternate screen, the cursor and mouse capture, undone
//! on every way out: a normal quit, an error, a panic on any thread (see `tui::signals` for
//! signals). Mouse capture can be switched while the game runs (the settings popup), so whether it
//! is on is kept where the panic hook and the signal thread can see it.

use ratatui::DefaultTerminal;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use std::io::stdout;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the terminal is set up for the game. The panic hook, the signal thread and the normal
/// way out may all try to restore it; only the first one does.
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// Whether this process has mouse capture on.
static CAPTURING: AtomicBool = AtomicBool::new(false);

/// Enters raw mode and the alternate screen (and mouse capture if asked), with a panic hook that
/// undoes all of it before the panic message is printed.
///
/// Not `ratatui::try_init`: its panic hook reports a failed restore with `eprintln!`, which itself
/// panics when the terminal is gone (after a hangup), and a panic in a panic hook aborts.
pub fn init(mouse: bool) -> color_eyre::Result<DefaultTerminal> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        // color-eyre's report, now on the normal screen in cooked mode, so it reads as usual.
        previous(info);
        // A panic on any thread ends the program: a search thread that died would leave a game
        // waiting forever for its move, on a terminal that is no longer set up for it.
        std::process::exit(101);
    }));
    enter(mouse)?;
    Terminal::new(CrosstermBackend::new(stdout())).map_err(|error| {
        restore();
        error.into()
    })
}

/// Raw mode, the alternate screen and mouse capture if asked: at the start, and again when the
/// program is continued after a stop. Undone again if any step fails.
pub fn enter(mouse: bool) -> std::io::Result<()> {
    ACTIVE.store(true, Ordering::SeqCst);
    // Sent again even if this process thinks it is on: whoever had the terminal meanwhile may
    // have turned it off.
    CAPTURING.store(false, Ordering::SeqCst);
    enable_raw_mode()
        .and_then(|()| execute!(stdout(), EnterAlternateScreen))
        .and_then(|()| set_mouse(mouse))
        .inspect_err(|_| restore())
}

/// Whether mouse capture is on.
pub fn capturing() -> bool {
    CAPTURING.load(Ordering::SeqCst)
}

/// Turns mouse capture on or off (nothing is sent if it already is).
pub fn set_mouse(on: bool) -> std::io::Result<()> {
    if CAPTURING.load(Ordering::SeqCst) == on {
        return Ok(());
    }
    if on {
        execute!(stdout(), EnableMouseCapture)?;
    } else {
        execute!(stdout(), DisableMouseCapture)?;
    }
    CAPTURING.store(on, Ordering::SeqCst);
    Ok(())
}

/// Leaves the terminal as it was found, once: mouse capture off, the normal screen, the cursor
/// shown, raw mode off. Each step is tried whatever happened to the others: nothing useful can be
/// done about a terminal that refuses, as we are leaving anyway.
pub fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    if CAPTURING.swap(false, Ordering::SeqCst) {
        let _ = execute!(stdout(), DisableMouseCapture);
    }
    let _ = execute!(stdout(), LeaveAlternateScreen, Show);
    let _ = disable_raw_mode();
}

/// Clears the screen and forgets the last frame, so the next draw paints every cell, and hides
/// the cursor. Not
/// `Terminal::clear`: that asks the terminal where its cursor is first, and waits two seconds on
/// a terminal that does not answer.
pub fn forget_screen(terminal: &mut DefaultTerminal) -> std::io::Result<()> {
    execute!(stdout(), Clear(ClearType::All))?;
    // Both buffers blank: the next frame is compared with an empty screen, which it now is.
    terminal.swap_buffers();
    // The restore showed the cursor behind ratatui's back: it would never hide it again.
    terminal.hide_cursor()
}
