//! The real binary in a real pseudo-terminal: a move is played, the AI answers, `q` exits cleanly.

#![cfg(unix)]

mod pty_support;

use pty_support::Session;

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
        record.contains("tictree --rules tictactoe --moves \"a3 b2\""),
        "{after:?}"
    );
}

/// The printed text without the terminal's line endings.
fn tictree_record(after: &str) -> String {
    after.replace("\r\n", "\n").trim().to_string()
}
