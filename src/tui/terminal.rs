//! Terminal setup and teardown: raw mode, the alternate screen, the cursor and mouse capture, undone
//! on every way out: a normal quit, an error, a panic on any thread (see `tui::signals` for
//! signals). Mouse capture can be switched while the game runs (the settings popup), so whether it
//! is on is kept where the panic hook and the signal thread can see it.

use ratatui::DefaultTerminal;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
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

/// Raw mode, the alternate screen, bracketed paste and mouse capture if asked: at the start, and again when the
/// program is continued after a stop. Undone again if any step fails.
pub fn enter(mouse: bool) -> std::io::Result<()> {
    ACTIVE.store(true, Ordering::SeqCst);
    // Sent again even if this process thinks it is on: whoever had the terminal meanwhile may
    // have turned it off.
    CAPTURING.store(false, Ordering::SeqCst);
    // Bracketed paste: a pasted position arrives as one text, not as keys that would play it.
    enable_raw_mode()
        .and_then(|()| execute!(stdout(), EnterAlternateScreen, EnableBracketedPaste))
        .and_then(|()| set_mouse(mouse))
        .inspect_err(|_| restore())
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

/// Leaves the terminal as it was found, once: mouse capture off, bracketed paste off, the normal
/// screen, the cursor shown, raw mode off. Each step is tried whatever happened to the others: nothing useful can be
/// done about a terminal that refuses, as we are leaving anyway.
pub fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    if CAPTURING.swap(false, Ordering::SeqCst) {
        let _ = execute!(stdout(), DisableMouseCapture);
    }
    let _ = execute!(stdout(), DisableBracketedPaste, LeaveAlternateScreen, Show);
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

/// Puts `text` on the system clipboard with OSC 52, which terminals that allow it (and tmux with
/// `set-clipboard`) honour; the others ignore it, and the log still shows the text.
pub fn copy(text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = stdout();
    write!(out, "\x1b]52;c;{}\x07", base64(text.as_bytes()))?;
    out.flush()
}

/// Standard base64 with padding (RFC 4648), all OSC 52 needs: not worth a dependency.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_matches_rfc_4648() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foobar", "Zm9vYmFy"),
            ("x.o/.x./..o", "eC5vLy54Li8uLm8="),
        ] {
            assert_eq!(super::base64(plain.as_bytes()), coded);
        }
    }
}
