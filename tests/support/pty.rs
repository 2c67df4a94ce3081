//! The real binary in a real pseudo-terminal: its screen as a terminal emulator shows it, every
//! byte it wrote, a way to type, and the terminal's mode once it has gone.

#![allow(dead_code)]

use portable_pty::{Child, CommandBuilder, ExitStatus, MasterPty, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

pub const ROWS: u16 = 40;
pub const COLS: u16 = 120;
pub const PATIENCE: Duration = Duration::from_secs(10);

/// The terminal as the user sees it, fed from the pty.
pub struct Screen {
    pub parser: vt100::Parser,
    /// Every byte the program wrote, standard output and standard error alike.
    pub raw: Vec<u8>,
    output: Receiver<Vec<u8>>,
    /// The reader saw the end of the output: the program and everything it started are gone.
    closed: bool,
}

impl Screen {
    /// The terminal as a shell has it: the normal screen, the cursor shown, the mouse free.
    pub fn assert_given_back(&self) {
        let screen = self.parser.screen();
        assert!(!screen.alternate_screen(), "still on the alternate screen");
        assert!(!screen.hide_cursor(), "the cursor is still hidden");
        assert_eq!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "the mouse is still captured"
        );
    }

    pub fn pump(&mut self, wait: Duration) {
        match self.output.recv_timeout(wait) {
            Ok(bytes) => self.take(&bytes),
            Err(RecvTimeoutError::Disconnected) => self.closed = true,
            Err(RecvTimeoutError::Timeout) => {}
        }
        while let Ok(bytes) = self.output.try_recv() {
            self.take(&bytes);
        }
    }

    fn take(&mut self, bytes: &[u8]) {
        self.parser.process(bytes);
        self.raw.extend_from_slice(bytes);
    }

    pub fn contents(&self) -> String {
        self.parser.screen().contents()
    }

    /// Reads output until the screen shows `text`, or fails after a few seconds.
    pub fn wait_for(&mut self, text: &str) {
        self.wait_until_described(&format!("{text:?}"), |screen| {
            screen.contents().contains(text)
        });
    }

    /// Reads output until `shows` holds for the screen, or fails after a few seconds.
    pub fn wait_until(&mut self, shows: impl Fn(&vt100::Screen) -> bool) {
        self.wait_until_described("what was expected", shows);
    }

    fn wait_until_described(&mut self, what: &str, shows: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        while !shows(self.parser.screen()) {
            assert!(
                Instant::now() < deadline,
                "screen never showed {what}:\n{}",
                self.contents()
            );
            self.pump(Duration::from_millis(50));
        }
    }
}

/// The real binary in a pseudo-terminal, with its screen and a way to type.
pub struct Session {
    pub child: Box<dyn Child + Send + Sync>,
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    pub screen: Screen,
    /// The terminal's modes before the program started.
    before: Modes,
    /// The user's config directory for this run: empty, so no real config file leaks in.
    _config_home: tempfile::TempDir,
}

/// The parts of a terminal's termios that raw mode changes.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub struct Modes {
    pub input: u64,
    pub output: u64,
    pub local: u64,
}

impl Modes {
    /// Line editing and echo, as a shell expects them.
    pub fn cooked(&self) -> bool {
        let local = self.local as libc::tcflag_t;
        local & libc::ICANON != 0 && local & libc::ECHO != 0
    }
}

impl Session {
    /// Starts tictree with `args`.
    pub fn start(args: &[&str]) -> Session {
        Session::spawn(env!("CARGO_BIN_EXE_tictree"), args, &[])
    }

    /// Starts tictree with `args` in the directory `dir` (where it writes files, as `d` does).
    pub fn start_in(dir: &std::path::Path, args: &[&str]) -> Session {
        Session::spawn_in(env!("CARGO_BIN_EXE_tictree"), args, &[], Some(dir))
    }

    /// Starts `program` with `args` and extra environment variables.
    pub fn spawn(program: &str, args: &[&str], env: &[(&str, &str)]) -> Session {
        Session::spawn_in(program, args, env, None)
    }

    /// `spawn`, in the directory `dir` if one is given (else this process's).
    fn spawn_in(
        program: &str,
        args: &[&str],
        env: &[(&str, &str)],
        dir: Option<&std::path::Path>,
    ) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(program);
        command.args(args);
        if let Some(dir) = dir {
            command.cwd(dir);
        }
        command.env("TERM", "xterm-256color");
        let config_home = tempfile::tempdir().expect("a temporary directory");
        command.env("XDG_CONFIG_HOME", config_home.path());
        for (key, value) in env {
            command.env(key, value);
        }
        let before = modes(pty.master.as_ref());
        let child = pty
            .slave
            .spawn_command(command)
            .expect("the program starts");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let writer = pty.master.take_writer().expect("pty writer");
        let (sender, output) = channel();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buffer) {
                if n == 0 || sender.send(buffer[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let screen = Screen {
            parser: vt100::Parser::new(
                ROWS.try_into().expect("rows"),
                COLS.try_into().expect("cols"),
                0,
            ),
            raw: Vec::new(),
            output,
            closed: false,
        };
        Session {
            child,
            master: pty.master,
            writer,
            screen,
            before,
            _config_home: config_home,
        }
    }

    pub fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("send keys");
        self.writer.flush().expect("flush");
    }

    /// The program's process id.
    pub fn process_id(&self) -> libc::pid_t {
        self.child.process_id().expect("a process id") as libc::pid_t
    }

    /// Sends a signal to the program.
    pub fn signal(&mut self, signal: libc::c_int) {
        let pid = self.child.process_id().expect("a process id");
        // SAFETY: kill has no memory-safety preconditions.
        let sent = unsafe { libc::kill(pid as libc::pid_t, signal) };
        assert_eq!(sent, 0, "kill({pid}, {signal})");
    }

    /// Waits until the program is stopped (SIGTSTP, SIGSTOP), reading its output meanwhile.
    pub fn wait_until_stopped(&mut self) {
        let pid = self.child.process_id().expect("a process id");
        let deadline = Instant::now() + PATIENCE;
        // The state is the field after the command's name in parentheses, which may hold spaces.
        let state = || {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            stat.rsplit_once(") ")
                .and_then(|(_, rest)| rest.chars().next())
        };
        while state() != Some('T') {
            assert!(Instant::now() < deadline, "the program did not stop");
            self.screen.pump(Duration::from_millis(20));
        }
        // What it wrote before stopping.
        self.screen.pump(Duration::from_millis(100));
    }

    /// Waits for the program to end and reads the last of its output.
    pub fn finish(&mut self) -> ExitStatus {
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("child status") {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "the program did not end:\n{}",
                self.screen.contents()
            );
            self.screen.pump(Duration::from_millis(20));
        };
        while !self.screen.closed && Instant::now() < deadline {
            self.screen.pump(Duration::from_millis(20));
        }
        status
    }

    /// The terminal's modes before the program started, and now.
    pub fn modes(&self) -> (Modes, Modes) {
        (self.before, modes(self.master.as_ref()))
    }

    /// Sends `q` and waits for a clean exit with the terminal restored.
    pub fn quit(mut self) {
        self.send(b"q");
        let status = self.finish();
        assert!(status.success(), "exit status {status:?}");
        self.assert_restored();
    }

    /// Everything the game did to the terminal is undone: mouse capture off, bracketed paste off,
    /// the normal screen,
    /// the cursor shown, raw mode off; those sequences are the last the game wrote. Returns what
    /// came after them (a message on standard error), cursor-showing sequences left out.
    pub fn assert_restored(&self) -> String {
        let raw = String::from_utf8_lossy(&self.screen.raw);
        let entered = raw.find(ENTER).expect("the game set up the terminal");
        let left = raw.rfind(LEAVE).expect("the alternate screen is left");
        assert!(left > entered && !raw[left..].contains(ENTER), "{raw:?}");
        self.screen.assert_given_back();
        assert!(
            !self.screen.parser.screen().bracketed_paste(),
            "bracketed paste is still on"
        );
        // Bracketed paste was asked for, and turned off just before the alternate screen was
        // left; the mouse, if it was captured, released just before that.
        assert!(raw[entered..].contains(PASTE_ON), "{raw:?}");
        assert!(raw[..left].ends_with(PASTE_OFF), "{:?}", &raw[..left]);
        if raw.contains(MOUSE_ON) {
            let before_paste = &raw[..left - PASTE_OFF.len()];
            assert!(before_paste.ends_with(MOUSE_OFF), "{before_paste:?}");
        }
        assert!(
            raw[left..].starts_with(&format!("{LEAVE}{SHOW_CURSOR}")),
            "{:?}",
            &raw[left..]
        );
        let (before, now) = self.modes();
        assert!(
            before.cooked(),
            "the test terminal starts cooked: {before:?}"
        );
        assert_eq!(now, before, "the terminal's modes are back as they were");
        raw[left + LEAVE.len()..].replace(SHOW_CURSOR, "")
    }
}

const ENTER: &str = "\x1b[?1049h";
const LEAVE: &str = "\x1b[?1049l";
const SHOW_CURSOR: &str = "\x1b[?25h";
const MOUSE_ON: &str = "\x1b[?1000h";
const PASTE_ON: &str = "\x1b[?2004h";
const PASTE_OFF: &str = "\x1b[?2004l";
/// crossterm's DisableMouseCapture: SGR, urxvt, any-event, button-event, normal tracking off.
const MOUSE_OFF: &str = "\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1002l\x1b[?1000l";

fn modes(master: &dyn MasterPty) -> Modes {
    let fd = master.as_raw_fd().expect("the pty's file descriptor");
    // SAFETY: termios is plain data, filled in by tcgetattr on a descriptor that is open.
    let mut termios: libc::termios = unsafe { std::mem::zeroed() };
    assert_eq!(unsafe { libc::tcgetattr(fd, &mut termios) }, 0, "tcgetattr");
    Modes {
        input: termios.c_iflag.into(),
        output: termios.c_oflag.into(),
        local: termios.c_lflag.into(),
    }
}
