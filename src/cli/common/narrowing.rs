//! The solver's narrowing (`engine::Narrowing`) in words, for progress lines and for what an
//! interrupted command reports: what is already known of a value, and the question being asked.

use crate::engine::game::score::{pons, signed};
use crate::engine::{Narrowing, Phase};

/// What bounds on a value (absolute, for its side to move) say about the outcome.
pub fn verdict(lower: i32, upper: i32) -> &'static str {
    if lower > 0 {
        "a win"
    } else if upper < 0 {
        "a loss"
    } else if lower == 0 && upper == 0 {
        "a draw"
    } else if lower >= 0 {
        "at least a draw"
    } else if upper <= 0 {
        "at most a draw"
    } else {
        "not known yet"
    }
}

/// The narrowing of a position being solved, for its side to move: with `weak`, only win, draw
/// or loss (`at least a draw · asking: a win?`); otherwise also the bounds on Pons' scale
/// (`Pons score -3..+5, at least a draw · asking: above +1?`).
pub fn describe(phase: Phase, weak: bool, cells: usize) -> String {
    match phase {
        Phase::Idle => "starting".into(),
        Phase::Line => "value found; reading the best line".into(),
        Phase::Narrowing(n) => {
            format!("{} · asking: {}", known(n, weak, cells), question(n, cells))
        }
    }
}

/// What the bounds say, without the question (`Pons score -3..+5, at least a draw`).
pub fn known(n: Narrowing, weak: bool, cells: usize) -> String {
    let verdict = verdict(n.lower, n.upper);
    if weak {
        verdict.to_string()
    } else {
        format!(
            "Pons score {}..{}, {verdict}",
            signed(pons(n.lower, cells)),
            signed(pons(n.upper, cells))
        )
    }
}

/// "Is the value above `test`?" in words. Thresholds 0 and −1 are the weak questions (win?
/// at least a draw?); the others are the tops of Pons' score classes, so "above x" holds on
/// Pons' scale exactly when it holds for the value.
fn question(n: Narrowing, cells: usize) -> String {
    match n.test {
        0 => "a win?".into(),
        -1 => "at least a draw?".into(),
        test => format!("above {}?", signed(pons(test, cells))),
    }
}

/// What is known so far of the move whose child position is being solved: the child's bounds,
/// seen from the side making the move (`None` before the first test).
pub fn for_move(phase: Phase) -> Option<&'static str> {
    match phase {
        Phase::Narrowing(n) => Some(verdict(-n.upper, -n.lower)),
        Phase::Idle | Phase::Line => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::score::lost_at;

    #[test]
    fn bounds_read_as_outcomes() {
        assert_eq!(verdict(-1, 1), "not known yet");
        assert_eq!(verdict(0, 1), "at least a draw");
        assert_eq!(verdict(-990, 0), "at most a draw");
        assert_eq!(verdict(0, 0), "a draw");
        assert_eq!(verdict(958, 980), "a win");
        assert_eq!(verdict(-980, -958), "a loss");
    }

    #[test]
    fn a_full_solve_shows_pons_bounds_and_its_question() {
        // Connect Four after 10 stones: a loss with the 11th stone down to a win with the 42nd.
        let n = Narrowing {
            lower: lost_at(10),
            upper: -lost_at(42),
            test: 0,
        };
        let text = describe(Phase::Narrowing(n), false, 42);
        assert_eq!(text, "Pons score -17..+1, not known yet · asking: a win?");
        let weak = describe(Phase::Narrowing(Narrowing { test: -1, ..n }), true, 42);
        assert_eq!(weak, "not known yet · asking: at least a draw?");
        // The move leading to that child: the child's "at most a draw" is the mover's "at least".
        let child = Narrowing {
            lower: lost_at(20),
            upper: 0,
            test: -1,
        };
        assert_eq!(for_move(Phase::Narrowing(child)), Some("at least a draw"));
    }
}
