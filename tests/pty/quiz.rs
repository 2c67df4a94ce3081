//! The quiz (`Q`) in the real binary: `--seed` fixes the questions, `Q` opens the start screen,
//! Enter starts, a typed answer gets its verdict and why, Esc leaves for the game.

#![cfg(unix)]

use crate::pty::Session;

/// Seed 7 on 3×3 (picked, medium, node questions replaying alphabeta) asks first what c2 leads
/// to for X in `ox x/.../o..`: O completes the a-file at once, a loss in 1. A wrong answer first
/// on a new quiz shows the right one and why; Esc twice leaves (the first asks, as an answer
/// would be lost), and the game goes on.
#[test]
fn q_opens_the_quiz_an_answer_gets_its_verdict_and_esc_leaves() {
    let mut session = Session::start(&["--seed", "7", "--algo", "alphabeta", "--no-mouse"]);
    session.screen.wait_for("X (you) to move");
    session.send(b"Q");
    session.screen.wait_for("Quiz · seed 7");
    session.screen.wait_for("▶ picked, medium: 5–6 empty cells");
    session.send(b"\r");
    session.screen.wait_for("question 1 of 10");
    session
        .screen
        .wait_for("What does c2 lead to for X under best play?");
    // A typo, rubbed out, then the answer.
    session.send(b"dx\x7f\r");
    session.screen.wait_until(|screen| {
        let shown = screen.contents();
        [
            "✗ Wrong: you said draw",
            "loss in 1 (-9)",
            "c2 a2, and O",
            "0 of 1 right",
        ]
        .iter()
        .all(|text| shown.contains(text))
    });
    session.send(b"n");
    session.screen.wait_for("question 2 of 10");
    // With an answer given, the first Esc asks; the second leaves.
    session.send(b"\x1b");
    session
        .screen
        .wait_for("Esc again leaves and drops 1 answer");
    session.send(b"\x1b");
    session.screen.wait_for("Game tree");
    session.quit();
}
