//! A book's key for a position: the cells as one base-3 number, the smallest over the board's
//! symmetries, so mirror images share one entry.
//!
//! Cell `c` (row-major from the top-left, the engine's cell numbers) contributes `d · 3^c` with
//! `d` 0 for empty, 1 for X, 2 for O. Every board up to 8×8 fits in a `u128` (3^64 < 2^102).

use crate::engine::game::layout::{Bits, Layout};
use crate::engine::game::rules::Rules;

/// Where a symmetry takes the cell at (row, column) of a board of (height, width).
type Map = fn(usize, usize, usize, usize) -> (usize, usize);

/// The cell permutations of the board's symmetries (the identity first): with gravity only the
/// left-right mirror keeps a position legal; without, the rectangle's four or the square's eight.
pub(super) fn symmetries(rules: Rules) -> Vec<Vec<u8>> {
    let (w, h) = (usize::from(rules.width), usize::from(rules.height));
    let mut maps: Vec<Map> = vec![|r, c, _, _| (r, c), |r, c, _, w| (r, w - 1 - c)];
    if !rules.gravity {
        maps.push(|r, c, h, _| (h - 1 - r, c));
        maps.push(|r, c, h, w| (h - 1 - r, w - 1 - c));
        if rules.is_square() {
            maps.push(|r, c, _, _| (c, r));
            maps.push(|r, c, h, w| (w - 1 - c, h - 1 - r));
            maps.push(|r, c, _, w| (c, w - 1 - r));
            maps.push(|r, c, h, _| (h - 1 - c, r));
        }
    }
    maps.iter()
        .map(|map| {
            (0..w * h)
                .map(|cell| {
                    let (r, c) = map(cell / w, cell % w, h, w);
                    (r * w + c) as u8
                })
                .collect()
        })
        .collect()
}

/// Turns positions into keys for one set of rules.
#[derive(Debug)]
pub(crate) struct Keys {
    layout: &'static Layout,
    /// The symmetries as cell permutations (`symmetries`).
    images: Vec<Vec<u8>>,
}

impl Keys {
    pub(crate) fn of(rules: Rules) -> Keys {
        Keys {
            layout: Layout::of(rules),
            images: symmetries(rules),
        }
    }

    /// The canonical key of the position with X's marks `x` and O's marks `o` (layout bits).
    pub(crate) fn key(&self, x: Bits, o: Bits) -> u128 {
        let cells = self.layout.rules.cells();
        let mut digits = [0u8; 64];
        for (cell, digit) in digits.iter_mut().enumerate().take(cells) {
            let bit = self.layout.bit(cell);
            *digit = if x & bit != 0 {
                1
            } else if o & bit != 0 {
                2
            } else {
                0
            };
        }
        self.images
            .iter()
            .map(|image| {
                let mut placed = [0u8; 64];
                for cell in 0..cells {
                    placed[usize::from(image[cell])] = digits[cell];
                }
                placed[..cells]
                    .iter()
                    .rev()
                    .fold(0u128, |key, &d| key * 3 + u128::from(d))
            })
            .min()
            .unwrap_or(0)
    }

    /// X's and O's marks of the position a key stands for (the canonical image itself).
    pub(crate) fn marks(&self, mut key: u128) -> (Bits, Bits) {
        let (mut x, mut o) = (0, 0);
        for cell in 0..self.layout.rules.cells() {
            match key % 3 {
                1 => x |= self.layout.bit(cell),
                2 => o |= self.layout.bit(cell),
                _ => {}
            }
            key /= 3;
        }
        (x, o)
    }
}

/// Bytes a key of these rules needs: enough for 3^cells − 1.
pub(crate) fn key_bytes(rules: Rules) -> usize {
    let bits = (rules.cells() as f64 * 3f64.log2()).ceil() as usize;
    bits.div_ceil(8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::position::Position;

    #[test]
    fn mirror_images_share_a_key_and_keys_round_trip() {
        let rules = Rules::CONNECT4;
        let keys = Keys::of(rules);
        let left = Position::empty(rules).play_moves("1123").unwrap();
        let right = Position::empty(rules).play_moves("7765").unwrap();
        let (lx, lo) = (
            left.marks(crate::engine::Player::X),
            left.marks(crate::engine::Player::O),
        );
        let (rx, ro) = (
            right.marks(crate::engine::Player::X),
            right.marks(crate::engine::Player::O),
        );
        assert_eq!(keys.key(lx, lo), keys.key(rx, ro));
        let other = Position::empty(rules).play_moves("1124").unwrap();
        let (ox, oo) = (
            other.marks(crate::engine::Player::X),
            other.marks(crate::engine::Player::O),
        );
        assert_ne!(keys.key(lx, lo), keys.key(ox, oo));
        let (x, o) = keys.marks(keys.key(lx, lo));
        assert_eq!(keys.key(x, o), keys.key(lx, lo));
        assert_eq!(key_bytes(rules), 9);
        assert_eq!(key_bytes(Rules::new(8, 8, 5, false).unwrap()), 13);
    }

    #[test]
    fn the_square_has_eight_images_and_gravity_two() {
        assert_eq!(symmetries(Rules::TICTACTOE).len(), 8);
        assert_eq!(symmetries(Rules::new(4, 3, 3, false).unwrap()).len(), 4);
        assert_eq!(symmetries(Rules::CONNECT4).len(), 2);
        for image in symmetries(Rules::TICTACTOE) {
            let mut sorted = image.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..9).collect::<Vec<u8>>());
        }
    }
}
