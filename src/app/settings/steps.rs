//! The values ← and → go through in the settings popup, and how a value steps to the next.

use crate::app::settings::values::{ReplayDepth, Seat};
use crate::engine::Rules;
use crate::engine::Skill;
use crate::engine::skill::SHALLOW_DEPTH;

/// The popup's presets, in the order ← and → go through them.
pub const RULE_PRESETS: [Rules; 5] = [
    Rules::TICTACTOE,
    preset(4, 4, 4),
    preset(5, 5, 4),
    Rules::CONNECT4,
    preset(8, 8, 5),
];

const fn preset(width: u8, height: u8, k: u8) -> Rules {
    Rules {
        width,
        height,
        k,
        gravity: false,
    }
}

/// Time-per-move steps in milliseconds (0: no limit).
pub(super) const TIMES: [u64; 11] = [
    0, 100, 250, 500, 1000, 1500, 3000, 5000, 10_000, 30_000, 60_000,
];

/// AI-against-AI pace steps in milliseconds (0: as fast as they think).
pub(super) const PACES: [u64; 8] = [0, 100, 250, 400, 1000, 2000, 5000, 10_000];

/// Thread counts, 0 standing for every core.
pub(super) const THREADS: [u64; 7] = [0, 1, 2, 4, 8, 16, 32];

/// Depth limits: none, then every depth to 20, then a few deeper ones up to `MAX_DEPTH`.
pub(super) const DEPTHS: [u64; 25] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 24, 32, 48, 64,
];

/// Replay node budgets.
pub(super) const REPLAY_BUDGETS: [u64; 5] = [10_000, 100_000, 1_000_000, 5_000_000, 10_000_000];

/// The replay depths in the popup's order: auto, the whole search, then the depth limits.
pub(super) fn step_replay_depth(current: ReplayDepth, delta: isize) -> ReplayDepth {
    let depths: Vec<ReplayDepth> = [ReplayDepth::Auto, ReplayDepth::Full]
        .into_iter()
        .chain(DEPTHS[1..].iter().map(|&d| ReplayDepth::Plies(d as u32)))
        .collect();
    step_in(&depths, current, delta)
}

/// The next (`delta` 1) or previous (-1) of `values` from `current`, wrapping around. A current
/// value between two steps goes to the nearest step in that direction.
pub(super) fn step_number(values: &[u64], current: u64, delta: isize) -> u64 {
    let (first, last) = (values[0], values[values.len() - 1]);
    if delta > 0 {
        values
            .iter()
            .copied()
            .find(|&v| v > current)
            .unwrap_or(first)
    } else {
        values
            .iter()
            .rev()
            .copied()
            .find(|&v| v < current)
            .unwrap_or(last)
    }
}

/// The next or previous of a list of values, wrapping; a value not in the list goes to the first.
pub(super) fn step_in<T: Copy + PartialEq>(values: &[T], current: T, delta: isize) -> T {
    match values.iter().position(|&v| v == current) {
        Some(index) => {
            let n = values.len() as isize;
            values[(index as isize + delta).rem_euclid(n) as usize]
        }
        None if delta > 0 => values[0],
        None => values[values.len() - 1],
    }
}

/// The seats in the popup's order; level 3 enters at its default depth.
pub(super) fn step_seat(current: Seat, delta: isize) -> Seat {
    let depth = match current {
        Seat::Ai(Skill::Shallow(depth)) => depth,
        _ => SHALLOW_DEPTH,
    };
    let seats = [
        Seat::Human,
        Seat::Ai(Skill::Random),
        Seat::Ai(Skill::WinOrBlock),
        Seat::Ai(Skill::Shallow(depth)),
        Seat::Ai(Skill::Perfect),
    ];
    step_in(&seats, current, delta)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::settings::values::MAX_DEPTH;

    #[test]
    fn numbers_step_to_the_nearest_value_and_wrap() {
        assert_eq!(step_number(&TIMES, 1500, 1), 3000);
        assert_eq!(step_number(&TIMES, 1234, 1), 1500);
        assert_eq!(step_number(&TIMES, 1234, -1), 1000);
        assert_eq!(step_number(&TIMES, 60_000, 1), 0);
        assert_eq!(step_number(&TIMES, 0, -1), 60_000);
    }

    #[test]
    fn the_deepest_depth_step_is_the_deepest_allowed() {
        assert_eq!(DEPTHS[DEPTHS.len() - 1], u64::from(MAX_DEPTH));
    }

    #[test]
    fn seats_cycle_through_human_and_the_four_levels() {
        let mut seat = Seat::Human;
        let mut seen = Vec::new();
        for _ in 0..5 {
            seat = step_seat(seat, 1);
            seen.push(seat.to_string());
        }
        assert_eq!(seen, ["ai:1", "ai:2", "ai:3", "ai:4", "human"]);
        assert_eq!(
            step_seat(Seat::Ai(Skill::Shallow(6)), -1),
            Seat::Ai(Skill::WinOrBlock)
        );
    }
}
