//! The real binary in a real pseudo-terminal: a move is played, the AI answers, `q` exits cleanly.

#![cfg(unix)]

use crate::pty::Session;
use std::time::Duration;

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
    assert!(
        shown.contains("╭─────╮"),
        "the AI's O is drawn, large:\n{shown}"
    );
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

/// The game after a3 b2 on 3×3, its search replay open and stepped three times.
fn replay_at_step_three() -> Session {
    let mut session = Session::start(&["--seed", "3", "--no-mouse", "--moves", "a3 b2"]);
    session.screen.wait_for("7 moves ·");
    session.send(b"s");
    session.screen.wait_for("Search replay · alphabeta");
    session.send(b"lll");
    session.screen.wait_for("step 3 /");
    session
}

#[test]
fn s_opens_the_replay_and_stepping_shows_alpha_and_beta() {
    let mut session = replay_at_step_three();
    let shown = session.screen.contents();
    assert!(shown.contains("α") && shown.contains("β"), "{shown}");
    assert!(shown.contains("-∞") && shown.contains("+∞"), "{shown}");
    session.send(b"x");
    session.screen.wait_for("cutoff");
    session.send(b"\x1b");
    session.screen.wait_for("Game tree");
    session.quit();
}

/// The picture `d` draws in the replay of `xo./.o./x..`'s alpha-beta search.
const PICTURE: &str = "tictree-alphabeta-xo_-_o_-x__.dot";

/// A game started in `dir` whose replay has just been asked for its picture (`d`).
fn picture_asked_in(dir: &std::path::Path) -> Session {
    let mut session = Session::start_in(
        dir,
        &["--seed", "3", "--no-mouse", "--position", "xo./.o./x.."],
    );
    session.screen.wait_for(" moves ·");
    session.send(b"s");
    session.screen.wait_for("Search replay · alphabeta");
    session.send(b"d");
    session
}

/// `d` in the replay writes the search's picture into the directory the game was started in, and
/// the log says where and how to draw it.
#[test]
fn d_in_the_replay_saves_the_picture_where_the_game_started() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut session = picture_asked_in(dir.path());
    session.screen.wait_for("Search tree saved: dot -Tsvg ");
    let path = dir.path().canonicalize().unwrap().join(PICTURE);
    session.screen.wait_for(PICTURE);
    let picture = std::fs::read_to_string(&path).expect("the picture is written");
    assert!(picture.starts_with("digraph"), "{picture}");
    session.quit();
}

/// A picture that cannot be written (here a directory holds its name) leaves the file alone and
/// the log names the whole path, as a saved one's does.
#[test]
fn d_where_the_picture_cannot_be_written_names_its_whole_path() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::create_dir(dir.path().join(PICTURE)).expect("a directory in the picture's place");
    let mut session = picture_asked_in(dir.path());
    session.screen.wait_for("cannot write the picture /");
    let path = dir.path().canonicalize().unwrap().join(PICTURE);
    let shown = session.screen.contents().replace(['\n', ' ', '│'], "");
    let whole = path.display().to_string().replace(' ', "");
    assert!(shown.contains(&whole), "{whole} in {shown}");
    assert!(dir.path().join(PICTURE).is_dir());
    session.quit();
}

/// Esc and a key typed right after it reach the program as one Alt-key sequence (an arrow: as
/// Esc and two characters): it is read as both presses. In the replay, Esc then `s` leaves it and opens it again afresh (read as `s`
/// alone, it would only leave).
#[test]
fn esc_and_a_key_sent_together_are_both_pressed() {
    let mut session = replay_at_step_three();
    session.send(b"\x1bs");
    session.screen.wait_for("step 0 /");
    assert!(
        session
            .screen
            .contents()
            .contains("Search replay · alphabeta")
    );
    // The help popup closes with Esc, and `g` after it shows the game record.
    session.send(b"\x1b");
    session.screen.wait_for("Game tree");
    session.send(b"?");
    session.screen.wait_for("Help");
    session.send(b"\x1bg");
    session.screen.wait_for("Game record");
    // Esc and an arrow in one read: the record closes and the cursor goes down from b2 to b1
    // (crossterm reads the arrow's last bytes as two characters, which are put together again).
    session.send(b"\x1b\x1b[B");
    session.screen.wait_until(|screen| {
        screen
            .contents()
            .lines()
            .any(|row| row.starts_with("│ 1 │") && row.contains("["))
    });
    assert!(!session.screen.contents().contains("Game record"));
    session.quit();
}

/// On Connect Four a digit key drops a disc in that column: `4` lands on d1, under the board's
/// `d`, and the move list and the printed record name the column.
#[test]
fn a_digit_key_drops_a_disc_in_that_column_on_connect_four() {
    let mut session = Session::start(&["--rules", "connect4", "--seed", "3", "--no-mouse"]);
    session.screen.wait_for("X (you) to move");
    session.send(b"4");
    session.screen.wait_for("1. X (you) plays d1");
    session.screen.wait_for("Moves · columns 1–7");
    let shown = session.screen.contents();
    let lines: Vec<Vec<char>> = shown.lines().map(|l| l.chars().collect()).collect();
    let row_of = |text: &str| {
        shown
            .lines()
            .position(|l| l.contains(text))
            .unwrap_or_else(|| panic!("no {text:?} on the screen:\n{shown}"))
    };
    // The column letters under the board, and the bottom row of cells above them.
    let labels = &lines[row_of("a     b     c     d")];
    let d = labels.iter().position(|&c| c == 'd').expect("the label d");
    let bottom = &lines[row_of("│ 1 │")];
    assert_eq!(bottom.get(d), Some(&'●'), "X's disc under d:\n{shown}");
    assert!(
        shown.contains(" 1. 4"),
        "the move list names column 4:\n{shown}"
    );
    session.send(b"q");
    let status = session.finish();
    assert!(status.success(), "{status:?}");
    let record = tictree_record(&session.assert_restored());
    assert!(
        record.contains("tictree --rules connect4 --x human --o ai:4 --moves 4"),
        "{record:?}"
    );
}

/// After the screen is gone, the game stays with the user: its record and the command that
/// resumes it, printed below the shell prompt's line once the terminal is restored.
#[test]
fn quitting_prints_the_game_record_after_the_terminal_is_restored() {
    let mut session = Session::start(&["--seed", "3", "--no-mouse", "--moves", "a3"]);
    session.screen.wait_for("2. O (AI level 4) plays");
    session.send(b"q");
    let status = session.finish();
    assert!(status.success(), "{status:?}");
    let after = session.assert_restored();
    let record = tictree_record(&after);
    assert!(
        record.starts_with("tictactoe · X: you · O: AI level 4 · X to move after 2 moves"),
        "{after:?}"
    );
    assert!(record.contains("1. a3 b2"), "{after:?}");
    assert!(
        record.contains("tictree --rules tictactoe --x human --o ai:4 --moves \"a3 b2\""),
        "{after:?}"
    );
}

/// The printed text without the terminal's line endings.
fn tictree_record(after: &str) -> String {
    after.replace("\r\n", "\n").trim().to_string()
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

/// A left click on a cell plays there, as an xterm reports it (SGR mouse mode).
#[test]
fn a_mouse_click_on_a_cell_plays_there() {
    let mut session = Session::start(&["--seed", "3"]);
    session.screen.wait_for("9 moves ·");
    // The cursor starts on b2, drawn `[ … ]` around the cell's middle: click a column left of
    // the closing bracket, inside b2.
    let shown = session.screen.contents();
    let (row, line) = shown
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains(" 2 │") && line.contains('['))
        .expect("the cursor on row 2");
    let col = line
        .chars()
        .position(|c| c == ']')
        .expect("the closing bracket")
        - 1;
    click(&mut session, col, row);
    session.screen.wait_for("1. X (you) plays b2");
    session.screen.wait_for("2. O (AI level 4) plays");
    session.quit();
}

/// Two perfect players: the whole game plays itself on screen, at the AI-against-AI pace, to
/// the draw the game-over banner announces.
#[test]
fn two_perfect_ais_play_a_whole_game_to_a_draw_on_screen() {
    let mut session = Session::start(&["--x", "ai:4", "--o", "ai:4", "--seed", "5", "--no-mouse"]);
    session.screen.wait_for("9. X (AI level 4) plays");
    session.screen.wait_for("Game over: draw");
    session.screen.wait_for("═  DRAW  ═");
    session.quit();
}

/// A long Connect Four analysis on the board never looks stuck: its footer names the moves being
/// solved and the nodes and time so far, and moves on between two looks.
#[test]
fn a_long_analysis_shows_its_progress_in_the_footer() {
    // A position of Pons' Begin-Hard set, without the book: about 16 s to solve every move.
    let mut session = Session::start(&[
        "--rules",
        "connect4",
        "--moves",
        "13712",
        "--o",
        "human",
        "--no-mouse",
        "--no-book",
    ]);
    session.screen.wait_for("exact · solving ");
    let first = footer(&session.screen.contents());
    assert!(first.contains("of 7 exact · solving "), "{first}");
    // Half a second later (the reports come twice a second) the count has moved on.
    let mut later = first.clone();
    for _ in 0..40 {
        session.screen.pump(Duration::from_millis(100));
        later = footer(&session.screen.contents());
        if later != first {
            break;
        }
    }
    assert_ne!(later, first, "the footer did not change");
    session.quit();
}

/// The line of the screen with the analysis's progress.
fn footer(screen: &str) -> String {
    screen
        .lines()
        .find(|l| l.contains("exact · solving "))
        .unwrap_or_default()
        .to_string()
}

/// Esc on the board never ends the game: it says what quits instead, and the game goes on.
#[test]
fn esc_on_the_board_does_not_quit() {
    let mut session = Session::start(&["--seed", "3", "--no-mouse"]);
    session.screen.wait_for("X (you) to move");
    session.send(b"\x1b");
    session.screen.wait_for("nothing to close (q quits)");
    session.send(b"\x1b");
    session.send(b" ");
    session.screen.wait_for("1. X (you) plays");
    session.quit();
}

#[test]
fn a_bracketed_paste_sets_up_the_position_and_y_copies_it_with_osc_52() {
    let mut session = Session::start(&["--seed", "3", "--no-mouse"]);
    session.screen.wait_for("9 moves ·");
    // As a terminal sends a paste once the program asked for bracketed paste: the marks are
    // text, not keys (`o` would open the settings, `x` and `.` do nothing).
    session.send(b"\x1b[200~x.o/.x./..o\x1b[201~");
    session
        .screen
        .wait_for("Set up from a paste: position x.o/.x./..o — X to move");
    // The analysis of that position, at once: its five empty cells scored.
    session.screen.wait_for("5 moves ·");
    let shown = session.screen.contents();
    assert!(
        !shown.contains("Settings"),
        "no key of the paste acted:\n{shown}"
    );
    session.send(b"y");
    session
        .screen
        .wait_for("Copied x.o/.x./..o (X to move), sent to the clipboard");
    let raw = String::from_utf8_lossy(&session.screen.raw);
    assert!(
        raw.contains("\x1b]52;c;eC5vLy54Li8uLm8=\x07"),
        "OSC 52 with the notation in base64"
    );
    // The record printed at the end resumes from the pasted position.
    session.send(b"q");
    let status = session.finish();
    assert!(status.success(), "exit status {status:?}");
    let after = session.assert_restored();
    assert!(
        after.contains("tictree --rules tictactoe --x human --o ai:4 --position x.o/.x./..o"),
        "{after:?}"
    );
}
