//! Terminal setup and teardown: ratatui's init/restore plus mouse capture, which restore() leaves on.

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use std::io::stdout;

/// Enters the alternate screen and raw mode (and mouse capture if asked), with a panic hook that
/// undoes all of it before the panic message is printed.
pub fn init(mouse: bool) -> color_eyre::Result<DefaultTerminal> {
    let terminal = ratatui::try_init()?;
    if mouse {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(stdout(), DisableMouseCapture);
            previous(info);
        }));
        if let Err(error) = execute!(stdout(), EnableMouseCapture) {
            ratatui::restore();
            return Err(error.into());
        }
    }
    Ok(terminal)
}

/// Leaves the terminal as it was found.
pub fn restore(mouse: bool) {
    if mouse {
        // Nothing useful can be done if the terminal refuses: we are leaving anyway.
        let _ = execute!(stdout(), DisableMouseCapture);
    }
    ratatui::restore();
}
