//! The real binary in a real pseudo-terminal: a move is played, the AI answers, `q` exits cleanly.

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

const ROWS: u16 = 40;
const COLS: u16 = 120;
const PATIENCE: Duration = Duration::from_secs(10);

/// The terminal as the user sees it, fed from the pty.
struct Screen {
    parser: vt100::Parser,
    raw: Vec<u8>,
    output: Receiver<Vec<u8>>,
}

impl Screen {
    fn pump(&mut self, wait: Duration) {
        if let Ok(bytes) = self.output.recv_timeout(wait) {
            self.parser.process(&bytes);
            self.raw.extend_from_slice(&bytes);
        }
        while let Ok(bytes) = self.output.try_recv() {
            self.parser.process(&bytes);
            self.raw.extend_from_slice(&bytes);
        }
    }

    fn contents(&self) -> String {
        self.parser.screen().contents()
    }

    /// Reads output until the screen shows `text`, or fails after a few seconds.
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + PATIENCE;
        while !self.contents().contains(text) {
            assert!(
                Instant::now() < deadline,
                "screen never showed {text:?}:\n{}",
                self.contents()
            );
            self.pump(Duration::from_millis(50));
        }
    }
}

/// The real binary in a pseudo-terminal, with its screen and a way to type.
struct Session {
    child: Box<dyn portable_pty::Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    screen: Screen,
    /// The user's config directory for this run: empty, so no real config file leaks in.
    _config_home: tempfile::TempDir,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_tictree"));
        command.args(args);
        command.env("TERM", "xterm-256color");
        let config_home = tempfile::tempdir().expect("a temporary directory");
        command.env("XDG_CONFIG_HOME", config_home.path());
        let child = pty.slave.spawn_command(command).expect("tictree starts");
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
        };
        Session {
            child,
            writer,
            screen,
            _config_home: config_home,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("send keys");
        self.writer.flush().expect("flush");
    }

    /// Sends `q` and waits for a clean exit with the alternate screen left.
    fn quit(mut self) {
        self.send(b"q");
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("child status") {
                break status;
            }
            assert!(Instant::now() < deadline, "tictree did not exit on q");
            self.screen.pump(Duration::from_millis(20));
        };
        self.screen.pump(Duration::from_millis(200));
        assert!(status.success(), "exit status {status:?}");
        let raw = String::from_utf8_lossy(&self.screen.raw);
        let left = raw
            .rfind("\x1b[?1049l")
            .expect("the alternate screen is left");
        assert!(left > raw.rfind("\x1b[?1049h").expect("it was entered"));
        // Mouse capture, if it was ever turned on, is off again.
        if let Some(on) = raw.rfind("\x1b[?1000h") {
            assert!(raw.rfind("\x1b[?1000l").is_some_and(|off| off > on));
        }
        assert!(!self.screen.parser.screen().alternate_screen());
    }
}

#[test]
fn a_move_is_played_the_ai_answers_and_q_restores_the_terminal() {
    let mut session = Session::start(&["--seed", "3", "--no-mouse"]);
    session.screen.wait_for("X (you) to move");
    session.screen.wait_for("9 moves ·"); // The hint search has scored every move.
    // The cursor starts on b2: Enter places X there, and the AI answers.
    session.send(b"\r");
    session.screen.wait_for("1. X (you) plays b2");
    session.screen.wait_for("2. O (AI level 4) plays");
    let shown = session.screen.contents();
    assert!(shown.contains('╳'), "the X is drawn:\n{shown}");
    assert!(shown.contains("╭─╮"), "the AI's O is drawn:\n{shown}");
    let raw = String::from_utf8_lossy(&session.screen.raw);
    assert!(
        !raw.contains("\x1b[?1000h"),
        "--no-mouse never captures the mouse"
    );
    session.quit();
}

#[test]
fn tab_and_right_expand_a_move_and_show_the_replies_scores() {
    let mut session = Session::start(&["--seed", "3", "--no-mouse", "--moves", "a3 b2"]);
    session.screen.wait_for("7 moves ·");
    // Tab to the tree, then → expands its first (best) move: the pane lists O's replies.
    session.send(b"\t");
    session.screen.wait_for("→ expand");
    session.send(b"l");
    session.screen.wait_for("board › ");
    session.screen.wait_for("O to move");
    session.screen.wait_for(" moves · ");
    let shown = session.screen.contents();
    assert!(
        shown.contains("Preview 1 ply"),
        "the board previews the move:\n{shown}"
    );
    assert!(
        shown.contains("draw") || shown.contains("loss in") || shown.contains("win in"),
        "the replies have scores:\n{shown}"
    );
    session.quit();
}

#[test]
fn s_opens_the_replay_and_stepping_shows_alpha_and_beta() {
    let mut session = Session::start(&["--seed", "3", "--no-mouse", "--moves", "a3 b2"]);
    session.screen.wait_for("7 moves ·");
    session.send(b"s");
    session.screen.wait_for("Search replay · alphabeta");
    session.send(b"lll");
    session.screen.wait_for("step 3 /");
    let shown = session.screen.contents();
    assert!(shown.contains("α") && shown.contains("β"), "{shown}");
    assert!(shown.contains("-∞") && shown.contains("+∞"), "{shown}");
    session.send(b"x");
    session.screen.wait_for("cutoff");
    session.send(b"\x1b");
    session.screen.wait_for("Game tree");
    session.quit();
}

/// A left click at a 0-based screen cell, as an xterm sends it (SGR mouse mode): press, release.
fn click(session: &mut Session, col: usize, row: usize) {
    let (x, y) = (col + 1, row + 1);
    session.send(format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").as_bytes());
}

#[test]
fn the_config_file_sets_the_game_and_flags_win_over_it() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("config.toml");
    let text = "rules = \"4x4\"\no = \"ai:1\"\nalgorithm = \"alphabeta\"\n";
    std::fs::write(&path, text).expect("write the config");
    let config = path.to_str().expect("a UTF-8 path");
    let mut session = Session::start(&["--config", config, "--o", "ai:2", "--no-mouse"]);
    // The file's rules and algorithm, the flag's player.
    session.screen.wait_for("4x4 (4×4, 4 in a row)");
    session.screen.wait_for("O: AI level 2 · alphabeta");
    session.quit();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "only read");
}

#[test]
fn clicks_in_the_settings_popup_change_a_setting_and_save_it() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    // Its directory does not exist yet: the first change creates both.
    let path = dir.path().join("new").join("config.toml");
    let config = path.to_str().expect("a UTF-8 path");
    let mut session = Session::start(&["--config", config, "--seed", "3"]);
    session.screen.wait_for("9 moves ·");
    session.send(b"o");
    session.screen.wait_for("changes are saved to"); // the popup's last line
    let shown = session.screen.contents();
    let (row, line) = shown
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains("  hints  "))
        .expect("a hints row");
    let col = line[..line.find("  hints").unwrap()].chars().count() + 3;
    assert!(!path.exists(), "nothing is written before a change");
    click(&mut session, col, row); // selects the row
    session.screen.wait_for("◂ off ▸");
    click(&mut session, col, row); // changes it
    session.screen.wait_for("◂ on ▸");
    session.send(b"\x1b");
    session.screen.wait_for("Settings saved to");
    session.quit();
    let saved = std::fs::read_to_string(&path).expect("the config file was written");
    assert!(saved.contains("\nhints = true\n"), "{saved}");
    assert!(saved.starts_with("# tictree settings."), "{saved}");
}
