//! Positions to ask about: from a game's record, or picked by random playouts at a difficulty.
//! A difficulty is a number of empty cells, which also bounds the plies left to the end, and
//! keeps the exact engine and the replayed search fast on every board.

use crate::engine::game::position::{Position, Status};
use crate::engine::game::rules::Rules;
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use std::fmt;
use std::ops::RangeInclusive;

/// A game's positions with at most this many empty cells make questions (the whole of 3×3); the
/// ones further from the end would take the exact search too long on the bigger boards.
pub const GAME_EMPTY_LIMIT: usize = 9;

/// Playouts tried for one picked position before giving up.
const PLAYOUTS: usize = 200;

/// How far from the end picked positions are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difficulty {
    /// 3 or 4 empty cells.
    Easy,
    /// 5 or 6 empty cells.
    Medium,
    /// 7 or 8 empty cells.
    Hard,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The empty cells of its positions.
    pub fn empty_cells(self) -> RangeInclusive<usize> {
        match self {
            Difficulty::Easy => 3..=4,
            Difficulty::Medium => 5..=6,
            Difficulty::Hard => 7..=8,
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        })
    }
}

/// Where a quiz's positions come from.
#[derive(Clone, Debug)]
pub enum Source {
    /// These positions (a game's, those still going on and close enough to the end).
    Game(Vec<Position>),
    /// Random playouts on these rules, stopped at the difficulty's number of empty cells.
    Picked(Rules, Difficulty),
}

/// The positions of a game (its start, then after each move) a quiz can ask about: not over, and
/// at most `GAME_EMPTY_LIMIT` empty cells.
pub fn game_positions(start: &Position, line: &[crate::engine::Move]) -> Vec<Position> {
    let mut positions = vec![*start];
    let mut position = *start;
    for &mv in line {
        let Ok(next) = position.play(mv) else { break };
        positions.push(next);
        position = next;
    }
    positions.retain(|p| p.status() == Status::Ongoing && p.empty_cells() <= GAME_EMPTY_LIMIT);
    positions
}

impl Source {
    /// One position to ask about, or `None` if there is none.
    pub fn position(&self, rng: &mut StdRng) -> Option<Position> {
        match self {
            Source::Game(positions) => positions.choose(rng).copied(),
            Source::Picked(rules, difficulty) => playout(*rules, *difficulty, rng),
        }
    }
}

/// A random game from the empty board, stopped with a number of empty cells of the difficulty.
/// No move completes a line, so the game is still going on there. A playout left with only
/// moves that end the game stops; if none reaches the difficulty (Connect Four's last cells are
/// rarely reached without a line), the one that got closest to the end is taken, if it is within
/// `GAME_EMPTY_LIMIT` empty cells (`None` otherwise: 8×8 with 3 in a row never gets there).
fn playout(rules: Rules, difficulty: Difficulty, rng: &mut StdRng) -> Option<Position> {
    let range = difficulty.empty_cells();
    let cells = rules.cells();
    let target = rng.random_range(range).min(cells - 1);
    let mut closest: Option<Position> = None;
    for _ in 0..PLAYOUTS {
        let mut position = Position::empty(rules);
        while position.empty_cells() > target {
            let quiet: Vec<Position> = position
                .legal_moves()
                .into_iter()
                .filter_map(|mv| position.play(mv).ok())
                .filter(|next| next.status() == Status::Ongoing)
                .collect();
            match quiet.choose(rng) {
                Some(&next) => position = next,
                None => break,
            }
        }
        if position.empty_cells() <= target {
            return Some(position);
        }
        if closest.is_none_or(|c| position.empty_cells() < c.empty_cells()) {
            closest = Some(position);
        }
    }
    // Not too far from the end, or the exact search could take minutes (6×6, 5 in a row).
    closest.filter(|c| c.empty_cells() <= GAME_EMPTY_LIMIT)
}
