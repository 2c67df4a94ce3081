//! The terminal is given back as it was found however the game ends (`q`, an error, a panic, any
//! signal that ends a program) and while it is stopped (Ctrl-Z, SIGTSTP), then set up and painted
//! again when it is continued. Each test runs the real binary in a pseudo-terminal, with mouse
//! capture on, and checks the escape sequences it wrote last, the screen a terminal emulator shows
//! (normal screen, cursor visible, no mouse reporting) and the pty's termios (raw mode off).

#![cfg(unix)]

use crate::pty::Session;

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
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGUSR2, "SIGUSR2"),
        (libc::SIGALRM, "SIGALRM"),
    ] {
        // No core file from SIGQUIT wherever the tests run.
        let program = env!("CARGO_BIN_EXE_tictree");
        let mut session = Session::spawn(
            "sh",
            &[
                "-c",
                "ulimit -c 0 && exec \"$0\" \"$@\"",
                program,
                "--seed",
                "3",
            ],
            &[],
        );
        session.screen.wait_for("X (you) to move");
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

/// A game ended by a signal stays with the user as after `q`: its record, with the command that
/// resumes it, is printed once the terminal is restored; after a hangup there is no terminal to
/// print it to.
#[test]
fn a_signal_prints_the_game_record_unless_the_terminal_hung_up() {
    for (signal, printed) in [(libc::SIGTERM, true), (libc::SIGHUP, false)] {
        let program = env!("CARGO_BIN_EXE_tictree");
        let mut session = Session::spawn(program, &["--seed", "3", "--moves", "b2 a1"], &[]);
        session.screen.wait_for("X (you) to move");
        session.signal(signal);
        session.finish();
        let after = session.assert_restored();
        assert_eq!(
            after.contains("tictree --rules tictactoe --x human --o ai:4 --moves \"b2 a1\""),
            printed,
            "signal {signal}: {after:?}"
        );
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

/// `TERM=dumb` cannot draw the game: one line says so and what to use instead, and nothing is
/// done to the terminal.
#[test]
fn a_dumb_terminal_is_told_the_game_needs_a_full_screen() {
    let mut session = Session::spawn(env!("CARGO_BIN_EXE_tictree"), &[], &[("TERM", "dumb")]);
    assert_eq!(session.finish().exit_code(), 2);
    assert_eq!(
        String::from_utf8_lossy(&session.screen.raw),
        "tictree: the game needs a terminal that can draw a full screen (TERM is dumb); for \
         scripts use 'tictree analyze'\r\n"
    );
}

/// Under NO_COLOR the panic's report has no colours either, as the game's screen.
#[test]
fn a_panic_report_has_no_colours_under_no_color() {
    let mut session = Session::spawn(
        env!("CARGO_BIN_EXE_tictree"),
        &["--seed", "3"],
        &[
            ("RUST_MIN_STACK", "4611686018427387904"),
            ("RUST_BACKTRACE", "0"),
            ("NO_COLOR", "1"),
        ],
    );
    assert_eq!(session.finish().exit_code(), 101);
    let after = session.assert_restored();
    assert!(
        after.contains("The application panicked (crashed)."),
        "{after:?}"
    );
    assert!(!after.contains('\x1b'), "{after:?}");
}

/// SIGTSTP (`kill -TSTP`) stops the game wherever it runs (whoever sent it can continue it; here
/// the game leads its session, as the tests start it).
#[test]
fn a_stopped_game_gives_the_terminal_back_and_takes_it_again_when_continued() {
    let mut session = game();
    // The cursor starts on b2; → takes it to c2.
    session.send(b"\x1b[C");
    session.screen.wait_for(ON_C2);
    session.signal(libc::SIGTSTP);
    session.wait_until_stopped();
    // While stopped: the shell's terminal, as if the game had ended.
    assert_eq!(session.assert_restored(), "");
    session.signal(libc::SIGCONT);
    assert_set_up_and_repainted(&mut session.screen);
    let (_, now) = session.modes();
    assert!(!now.cooked(), "raw mode again: {now:?}");
    // Keys are keys again: an arrow moves the cursor instead of printing `^[[D`.
    session.send(b"\x1b[D");
    session.screen.wait_for(ON_B2);
    assert!(!session.screen.contents().contains("^["));
    session.quit();
}

/// Ctrl-Z in a shell with job control (raw mode delivers it as a key): the game gives the
/// terminal back, the shell says it stopped, and `fg` sets it up and paints it again. (The
/// shell restores its own terminal modes when a job stops, so the modes are checked by the test
/// above; here, the screen.)
#[test]
fn ctrl_z_gives_the_terminal_back_to_the_shell_and_fg_takes_it_again() {
    let mut shell = Session::spawn(
        "bash",
        &["--norc", "--noprofile", "--noediting", "-i"],
        &[("PS1", "$ "), ("HISTFILE", "/dev/null")],
    );
    shell.screen.wait_for("$ ");
    let program = env!("CARGO_BIN_EXE_tictree");
    shell.send(format!("{program} --seed 3\r").as_bytes());
    shell.screen.wait_for("X (you) to move");
    shell.send(b"\x1b[C");
    shell.screen.wait_for(ON_C2);
    shell.send(b"\x1a");
    shell.screen.wait_for("Stopped");
    shell.screen.assert_given_back();
    shell.send(b"fg\r");
    assert_set_up_and_repainted(&mut shell.screen);
    shell.send(b"\x1b[D");
    shell.screen.wait_for(ON_B2);
    shell.send(b"q");
    // The shell's next prompt, not only the main screen back: `exit` typed while the game is
    // still ending would be read by the game (it failed so once with both cores busy).
    shell.screen.wait_until(|screen| {
        !screen.alternate_screen() && screen.contents().trim_end().ends_with('$')
    });
    shell.send(b"exit\r");
    shell.finish();
}

/// The game's screen again after a stop: the cursor hidden, the mouse captured, and everything
/// repainted, not only what changed (the board and the analysis are back).
fn assert_set_up_and_repainted(screen: &mut crate::pty::Screen) {
    screen.wait_until(|screen| {
        screen.alternate_screen()
            && screen.hide_cursor()
            && screen.mouse_protocol_mode() != vt100::MouseProtocolMode::None
            && screen.contents().contains(ON_C2)
    });
    let shown = screen.contents();
    assert!(
        shown.contains("Board") && shown.contains("Game tree"),
        "{shown}"
    );
}

/// Ctrl-Z where the game leads its terminal's session (`ssh -t host tictree`, `xterm -e
/// tictree`, here the test's pty) does not stop it: the stop would take whatever could continue
/// it with it. The status bar says why, and the game goes on.
#[test]
fn ctrl_z_in_a_game_that_leads_its_session_says_so_and_goes_on() {
    let mut session = game();
    session.send(b"\x1a");
    session
        .screen
        .wait_for("Ctrl-Z: no shell to stop to (the game leads its session); the game goes on");
    session.screen.pump(std::time::Duration::from_millis(200));
    let state = std::fs::read_to_string(format!("/proc/{}/stat", session.process_id()))
        .expect("the game's state");
    let state = state.rsplit_once(") ").map(|(_, rest)| &rest[..1]);
    assert_ne!(state, Some("T"), "the game stopped");
    session.quit();
}

/// Row 2 of the board (at the pty's 120×40) with the cursor on c2, and on b2.
const ON_C2: &str = "│           │[         ]│ │";
const ON_B2: &str = "│[         ]│           │ │";

/// The game in a session of its own (as `setsid` starts it): its terminal is not its
/// controlling terminal, so closing it signals no one and no shell can `fg` it.
struct Detached {
    master: std::os::fd::OwnedFd,
    child: std::process::Child,
    _config_home: tempfile::TempDir,
}

impl Detached {
    /// Starts the game and reads until it shows, so its event loop waits for keys.
    fn start() -> Detached {
        use std::os::fd::{FromRawFd, OwnedFd};
        use std::os::unix::process::CommandExt;
        // SAFETY: plain libc calls on descriptors this test owns; ptsname's buffer is copied at
        // once.
        let (master, slave) = unsafe {
            let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC);
            assert!(master >= 0, "a pseudo-terminal");
            assert_eq!(libc::grantpt(master), 0);
            assert_eq!(libc::unlockpt(master), 0);
            let name = std::ffi::CStr::from_ptr(libc::ptsname(master)).to_owned();
            let slave = libc::open(name.as_ptr(), libc::O_RDWR | libc::O_NOCTTY);
            assert!(slave >= 0, "the pseudo-terminal's other end");
            let size = libc::winsize {
                ws_row: 40,
                ws_col: 120,
                ws_xpixel: 0,
                ws_ypixel: 0,
            };
            assert_eq!(libc::ioctl(slave, libc::TIOCSWINSZ, &size), 0);
            (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave))
        };
        let config_home = tempfile::tempdir().expect("a temporary directory");
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tictree"));
        command
            .args(["--seed", "3"])
            .env("TERM", "xterm-256color")
            .env("XDG_CONFIG_HOME", config_home.path())
            .stdin(slave.try_clone().expect("dup"))
            .stdout(slave.try_clone().expect("dup"))
            .stderr(slave);
        // SAFETY: setsid is async-signal-safe.
        unsafe {
            command.pre_exec(|| {
                libc::setsid();
                Ok(())
            });
        }
        let child = command.spawn().expect("the program starts");
        let mut game = Detached {
            master,
            child,
            _config_home: config_home,
        };
        game.read_until("to move");
        game
    }

    /// Reads the game's output until `text` shows.
    fn read_until(&mut self, text: &str) {
        use std::os::fd::AsRawFd;
        let mut seen = Vec::new();
        let deadline = std::time::Instant::now() + crate::pty::PATIENCE;
        while !String::from_utf8_lossy(&seen).contains(text) {
            assert!(
                std::time::Instant::now() < deadline,
                "never showed {text:?}"
            );
            // Waits at most 100 ms for output, so a game that stopped fails the test at the
            // deadline rather than hanging it.
            let mut ready = libc::pollfd {
                fd: self.master.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one valid pollfd, for the duration of the call.
            if unsafe { libc::poll(&mut ready, 1, 100) } <= 0 {
                continue;
            }
            let mut buffer = [0u8; 4096];
            // SAFETY: reading into a buffer of the length given.
            let read =
                unsafe { libc::read(self.master.as_raw_fd(), buffer.as_mut_ptr().cast(), 4096) };
            assert!(read > 0, "the game's output");
            seen.extend_from_slice(&buffer[..read as usize]);
        }
    }
}

/// A terminal that goes away without a SIGHUP still ends the game, as SIGHUP would: crossterm's
/// reader would otherwise spin on the terminal's end-of-file at a whole core, forever.
#[test]
fn a_terminal_that_goes_away_ends_the_game_even_without_a_hangup_signal() {
    use std::os::unix::process::ExitStatusExt;
    let Detached {
        master, mut child, ..
    } = Detached::start();
    drop(master);
    let deadline = std::time::Instant::now() + crate::pty::PATIENCE;
    let status = loop {
        if let Some(status) = child.try_wait().expect("the program's status") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("the game went on after its terminal went away");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(status.signal(), Some(libc::SIGHUP), "{status:?}");
}

/// Ctrl-Z where no shell could continue the game (no controlling terminal) does not stop it,
/// which would leave it stopped for ever: the status bar says why, and the game goes on.
#[test]
fn ctrl_z_without_a_shell_to_stop_to_says_so_and_goes_on() {
    use std::os::fd::AsRawFd;
    let mut game = Detached::start();
    // SAFETY: writing one byte from a buffer of that length.
    assert_eq!(
        unsafe { libc::write(game.master.as_raw_fd(), b"\x1a".as_ptr().cast(), 1) },
        1
    );
    game.read_until("no shell to stop to (no controlling terminal)");
    let state = std::fs::read_to_string(format!("/proc/{}/stat", game.child.id()))
        .expect("the game's state");
    let state = state.rsplit_once(") ").map(|(_, rest)| &rest[..1]);
    assert_ne!(state, Some("T"), "the game stopped");
    // And it still answers keys: q quits.
    // SAFETY: as above.
    assert_eq!(
        unsafe { libc::write(game.master.as_raw_fd(), b"q".as_ptr().cast(), 1) },
        1
    );
    let deadline = std::time::Instant::now() + crate::pty::PATIENCE;
    let status = loop {
        if let Some(status) = game.child.try_wait().expect("the game's status") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = game.child.kill();
            panic!("q did not end the game");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
}

/// `kill %1` on a stopped game sends SIGTERM, then SIGCONT to the job, which is in the
/// background: the game ends (as SIGTERM ends programs) without taking the terminal back, where
/// it used to stop again (SIGTTOU), the SIGTERM spent, until `fg` or `kill -9`. Stopped by
/// Ctrl-Z (a key) or by SIGTSTP (a signal), while the AI thinks and the clock ticks.
#[test]
fn a_stopped_game_killed_from_the_shell_ends() {
    for how in ["Ctrl-Z", "SIGTSTP"] {
        let mut shell = Session::spawn(
            "bash",
            &["--norc", "--noprofile", "-i"],
            &[("PS1", "$ "), ("HISTFILE", "/dev/null")],
        );
        shell.screen.wait_for("$ ");
        let program = env!("CARGO_BIN_EXE_tictree");
        shell.send(format!("{program} --rules connect4 --no-book --x ai --o ai\r").as_bytes());
        shell.screen.wait_for("Game tree");
        if how == "Ctrl-Z" {
            shell.send(b"\x1a");
        } else {
            let game = child_of(shell.process_id());
            // SAFETY: kill has no memory-safety preconditions.
            assert_eq!(unsafe { libc::kill(game, libc::SIGTSTP) }, 0);
        }
        shell.screen.wait_for("Stopped");
        // The job is gone once `kill -0` finds no such job; bash then says how it ended.
        shell.send(b"kill %1; while kill -0 %1 2>/dev/null; do sleep 0.05; done; echo \"g\"one\r");
        // bash says how the job ended at its next prompt, which may come after `gone`.
        shell.screen.wait_until(|screen| {
            let shown = screen.contents();
            shown.lines().any(|line| line == "gone") && shown.contains("Terminated")
        });
        let shown = shell.screen.contents();
        assert!(
            shown.contains("Terminated") && !shown.contains("Stopped (tty"),
            "{how}: {shown}"
        );
        // Nothing of the game's screen was drawn over the shell's from the background.
        assert!(!shown.contains("Game tree"), "{how}: {shown}");
        shell.send(b"exit\r");
        shell.finish();
    }
}

/// The one child process of `pid` (the game a shell started).
fn child_of(pid: libc::pid_t) -> libc::pid_t {
    let children = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
        .expect("the shell's children");
    children.trim().parse().expect("one child")
}
