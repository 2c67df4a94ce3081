//! The post-game review (`R`) in the real binary: the key opens it, the verdicts show, a burst of
//! keys while it fills in is taken, Esc leaves it; on Connect Four the opening is judged from the
//! built-in book, as the program installs it.

#![cfg(unix)]

use crate::pty::Session;

/// The real binary in a pseudo-terminal: `R` opens the review, the verdicts show, keys pressed
/// while it fills in are taken, `Esc` leaves it for the game, which goes on.
#[test]
fn r_opens_the_review_in_the_real_binary_and_esc_leaves_it() {
    let mut session = Session::start(&["--seed", "3", "--no-mouse"]);
    session.screen.wait_for("X (you) to move");
    session.send(b"\r");
    session.screen.wait_for("2. O (AI level 4) plays");
    // Keys in a burst: open, down, up, leave, open again.
    session.send(b"RjkRR");
    session.screen.wait_for("Review · 2 moves");
    // Both verdicts in, the first move selected again (the burst's j and k undone, the review
    // opened afresh): frames in the middle of the burst may show other selections.
    session.screen.wait_until(|screen| {
        let shown = screen.contents();
        [
            "✓   1. X b2",
            "✓   2. O ",
            "X b2 (0, draw) was one of",
            "Esc leave",
        ]
        .iter()
        .all(|text| shown.contains(text))
            && !shown.contains("reviewing move")
    });
    session.send(b"\x1b");
    session.screen.wait_for("Game tree");
    session.screen.wait_for("R review");
    session.quit();
}

/// Connect Four judged in the real program, which installs the built-in opening book: without it
/// the empty board alone takes minutes. d1 is the only winning first move, d2 answers it best,
/// a1 throws the win away (win in 20 → loss in 18).
#[test]
fn a_connect_four_review_judges_the_opening_from_the_book() {
    let mut session = Session::start(&[
        "--rules",
        "connect4",
        "--x",
        "human",
        "--o",
        "human",
        "--no-mouse",
    ]);
    session.screen.wait_for("to move");
    // The digit keys drop a disc in that column.
    session.send(b"4");
    session.screen.wait_for("plays d1");
    session.send(b"4");
    session.screen.wait_for("plays d2");
    session.send(b"1");
    session.screen.wait_for("plays a1");
    session.send(b"R");
    session.screen.wait_for("Review · 3 moves");
    session.screen.wait_until(|screen| {
        let shown = screen.contents();
        ["✓   1. X d1", "✓   2. O d2", "??  3. X a1", "loss in 18"]
            .iter()
            .all(|text| shown.contains(text))
    });
    session.send(b"\x1b");
    session.screen.wait_for("Game tree");
    session.quit();
}
