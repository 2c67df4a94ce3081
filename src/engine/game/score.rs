//! Scores: the engine's absolute values and the depth-aware scores shown to users
//! (docs/algorithms.md).
//!
//! Inside the search a value is *absolute*: a position whose side to move wins with the game ending
//! when `T` marks are on the board is worth `WIN - T`, a loss `-(WIN - T)`, a draw 0. Absolute values
//! do not depend on where the search started, so a transposition-table entry stays valid across
//! searches. At the root they become the tutorials' scores, `±(N + 1 - d)`.

use std::fmt;

/// Base of the absolute win values; larger than any number of marks on a board.
pub const WIN: i32 = 1000;
/// Above every value a search can return.
pub const INFINITY: i32 = WIN + 1;

/// The absolute value, for the side to move, of a game its opponent has just won with `stones` marks on the board.
pub fn lost_at(stones: u32) -> i32 {
    -(WIN - stones as i32)
}

/// The number of marks on the board when a decisive absolute value's game ends.
pub fn end_stones(value: i32) -> u32 {
    (WIN - value.abs()) as u32
}

/// An absolute value as Pons' score, generalised to any board of `cells` cells:
/// `±(cells + 2 − T) / 2` for a game ending with T marks, 0 for a draw. On Connect Four it is
/// exactly Pons' `±(22 − the winner's stones)`; everywhere the latest possible win scores 1 and
/// the decisive values a position can have are consecutive integers. Values no game can have
/// (strictly between 0 and the first decisive values) map to 0.
pub fn pons(value: i32, cells: usize) -> i32 {
    let magnitude = |v: i32| ((cells as i32 + 2 - (WIN - v)) / 2).max(0);
    match value.signum() {
        1 => magnitude(value),
        -1 => -magnitude(-value),
        _ => 0,
    }
}

/// The exact outcome of a move under best play, for the side that makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// The tutorials' depth-aware score: `+(N + 1 - d)` win, `-(N + 1 - d)` loss, 0 draw, where `d`
    /// counts the plies after the move until the game ends.
    pub score: i32,
    /// Plies from the analysed position to the end of the game, the move itself included.
    pub plies: u32,
}

/// `+8`, `0`, `-9`: a depth-aware score as every table, sentence and cell shows it. A draw has no
/// sign; the minus is the ASCII one a user types, which every terminal font draws one column wide.
pub fn signed(score: i32) -> String {
    if score > 0 {
        format!("+{score}")
    } else {
        score.to_string()
    }
}

impl fmt::Display for Score {
    /// The score alone, signed: `+8`, `0`, `-9` (the outcome in words is `outcome()`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&signed(self.score))
    }
}

impl Score {
    /// Converts the absolute value of a move (for the side making it) on a board of `cells` cells,
    /// from a position with `stones` marks.
    pub fn from_value(value: i32, cells: usize, stones: u32) -> Score {
        let cells = cells as u32;
        if value == 0 {
            return Score {
                score: 0,
                plies: cells - stones,
            };
        }
        let plies = end_stones(value) - stones;
        let magnitude = (cells + 2 - plies) as i32;
        Score {
            score: magnitude * value.signum(),
            plies,
        }
    }

    /// The outcome in words for the side to move.
    pub fn outcome(&self) -> Outcome {
        match self.score.signum() {
            1 => Outcome::Win(self.plies.div_ceil(2)),
            -1 => Outcome::Loss(self.plies / 2),
            _ => Outcome::Draw,
        }
    }
}

/// The outcome of a move for the side making it, counting the winner's own moves from now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move wins, completing its line with its n-th move from now.
    Win(u32),
    /// The opponent wins with its n-th move from now.
    Loss(u32),
    /// Nobody can force a win.
    Draw,
}

impl Outcome {
    /// `win`, `loss` or `draw`, as in the JSON.
    pub fn kind(&self) -> &'static str {
        match self {
            Outcome::Win(_) => "win",
            Outcome::Loss(_) => "loss",
            Outcome::Draw => "draw",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(n) => write!(f, "win in {n}"),
            // A finished game the opponent has won (`solve` of a position with its line).
            Outcome::Loss(0) => f.write_str("lost already"),
            Outcome::Loss(n) => write!(f, "loss in {n}"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_scores_on_three_by_three() {
        // Four marks down, the fifth wins at once: +10, "win in 1".
        let win_now = Score::from_value(-lost_at(5), 9, 4);
        assert_eq!((win_now.score, win_now.plies), (10, 1));
        assert_eq!(win_now.outcome().to_string(), "win in 1");
        // The move lets the opponent win at once: -9, "loss in 1".
        let lose_next = Score::from_value(lost_at(6), 9, 4);
        assert_eq!((lose_next.score, lose_next.plies), (-9, 2));
        assert_eq!(lose_next.outcome().to_string(), "loss in 1");
        assert_eq!(Outcome::Loss(0).to_string(), "lost already");
        // A win on your next move: +8, "win in 2".
        let win_later = Score::from_value(-lost_at(7), 9, 4);
        assert_eq!((win_later.score, win_later.outcome()), (8, Outcome::Win(2)));
        let draw = Score::from_value(0, 9, 0);
        // Pons' scale: X's win with its fifth and last mark of 3×3 still scores 1, not 0.
        assert_eq!(pons(-lost_at(9), 9), 1);
        assert_eq!(pons(-lost_at(5), 9), 3);
        assert_eq!(pons(lost_at(6), 9), -2);
        // Connect Four: a win with the winner's 4th stone (7 marks down) is 22 - 4.
        assert_eq!(pons(-lost_at(7), 42), 18);
        assert_eq!(pons(lost_at(42), 42), -1);
        assert_eq!(
            (draw.score, draw.plies, draw.outcome()),
            (0, 9, Outcome::Draw)
        );
    }
}
