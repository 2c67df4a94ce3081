//! Terminal setup and teardown: ratatui's init/restore plus mouse capture, which restore() leaves
//! on. Mouse capture can be switched while the game runs (the settings popup), so whether it is on
//! is kept where the panic hook can see it.

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use std::io::stdout;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether this process has mouse capture on.
static CAPTURING: AtomicBool = AtomicBool::new(false);

/// Enters the alternate screen and raw mode (and mouse capture if asked), with a panic hook that
/// undoes all of it before the panic message is printed.
pub fn init(mouse: bool) -> color_eyre::Result<DefaultTerminal> {
    let terminal = ratatui::try_init()?;
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if CAPTURING.load(Ordering::SeqCst) {
            let _ = execute!(stdout(), DisableMouseCapture);
        }
        previous(info);
    }));
    if let Err(error) = set_mouse(mouse) {
        ratatui::restore();
        return Err(error.into());
    }
    Ok(terminal)
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

/// Leaves the terminal as it was found.
pub fn restore() {
    // Nothing useful can be done if the terminal refuses: we are leaving anyway.
    let _ = set_mouse(false);
    ratatui::restore();
}
