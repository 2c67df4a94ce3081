//! The terminal is given back as it was found however the game ends: `q`, an error, a panic,
//! SIGTERM, SIGHUP or SIGINT. Each test runs the real binary in a pseudo-terminal, with mouse
//! capture on, and checks the escape sequences it wrote last, the screen a terminal emulator shows
//! (normal screen, cursor visible, no mouse reporting) and the pty's termios (raw mode off).

#![cfg(unix)]

mod pty_support;

use pty_support::Session;

/// The game, up and showing its first position with the mouse captured.
fn game() -> Session {
    let mut session = Session::start(&["--seed", "3"]);
    session.screen.wait_for("X (you) to move");
    session
}

#[test]
fn q_restores_the_terminal() {
    let session = game();
    assert!(
        String::from_utf8_lossy(&session.screen.raw).contains("\x1b[?1000h"),
        "the mouse is captured"
    );
    session.quit();
}

#[test]
fn signals_restore_the_terminal_then_end_the_program_as_they_would_have() {
    for (signal, name) in [
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGINT, "SIGINT"),
    ] {
        let mut session = game();
        session.signal(signal);
        let status = session.finish();
        // SAFETY: strsignal returns a pointer to a static or thread-local string.
        let words = unsafe { std::ffi::CStr::from_ptr(libc::strsignal(signal)) };
        assert_eq!(
            status.signal(),
            Some(words.to_str().unwrap()),
            "{name}: the program ends by the signal ({status:?})"
        );
        assert_eq!(session.assert_restored(), "", "{name}");
    }
}

#[test]
fn an_error_restores_the_terminal_then_says_what_went_wrong() {
    // File descriptors 0 to 4 only: enough to start (the signal thread's pipe takes 3 and 4) and
    // set up the terminal, not for the reader of terminal events, so the event loop fails.
    let program = env!("CARGO_BIN_EXE_tictree");
    let mut session = Session::spawn(
        "sh",
        &[
            "-c",
            "ulimit -n 5 && exec \"$0\" \"$@\"",
            program,
            "--seed",
            "3",
        ],
        &[],
    );
    let status = session.finish();
    assert_eq!(status.exit_code(), 2, "{status:?}");
    // The message comes after the restore, on a line of its own.
    assert_eq!(
        session.assert_restored(),
        "tictree: Failed to initialize input reader\r\n"
    );
}

#[test]
fn a_panic_restores_the_terminal_then_prints_a_readable_message() {
    // A stack no system can give makes starting the first search thread fail, and std's
    // thread::spawn panics on that: a real panic, with no hook in the program for tests.
    let mut session = Session::spawn(
        env!("CARGO_BIN_EXE_tictree"),
        &["--seed", "3"],
        &[
            ("RUST_MIN_STACK", "4611686018427387904"),
            ("RUST_BACKTRACE", "0"),
        ],
    );
    let status = session.finish();
    assert_eq!(status.exit_code(), 101, "{status:?}");
    let after = session.assert_restored();
    assert!(
        after.contains("The application panicked (crashed)."),
        "{after:?}"
    );
    // Cooked mode again: each line of the report starts at the left edge, not where the last one
    // ended, so the report reads as usual.
    let shown = session.screen.contents();
    let starts = |prefix: &str| shown.lines().any(|line| line.starts_with(prefix));
    assert!(
        starts("Message:  failed to spawn thread") && starts("Location: "),
        "{shown}"
    );
}
