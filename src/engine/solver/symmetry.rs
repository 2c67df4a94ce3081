//! The board symmetries that preserve the rules, used to store symmetric positions once.

use crate::engine::layout::{Bits, Layout};

/// The cell permutations of a board: 8 for a square board, 4 for a rectangle, the mirror alone
/// with gravity (turning a gravity board upside down is not a symmetry of the game).
pub struct Symmetries {
    /// For each symmetry except the identity, where each bit goes (indexed by bit number).
    maps: Vec<Vec<Bits>>,
}

impl Symmetries {
    /// The symmetries of a layout's board.
    pub fn of(layout: &Layout) -> Symmetries {
        let rules = layout.rules;
        let (w, h) = (usize::from(rules.width), usize::from(rules.height));
        type Transform = fn(usize, usize, usize, usize) -> (usize, usize);
        let mirror: Transform = |r, c, _h, w| (r, w - 1 - c);
        let flip: Transform = |r, c, h, _w| (h - 1 - r, c);
        let rotate180: Transform = |r, c, h, w| (h - 1 - r, w - 1 - c);
        let transpose: Transform = |r, c, _h, _w| (c, r);
        let anti_transpose: Transform = |r, c, h, w| (w - 1 - c, h - 1 - r);
        let rotate90: Transform = |r, c, h, _w| (c, h - 1 - r);
        let rotate270: Transform = |r, c, _h, w| (w - 1 - c, r);
        let transforms: Vec<Transform> = if rules.gravity {
            vec![mirror]
        } else if rules.is_square() {
            vec![
                mirror,
                flip,
                rotate180,
                transpose,
                anti_transpose,
                rotate90,
                rotate270,
            ]
        } else {
            vec![mirror, flip, rotate180]
        };
        let bits = (w as u32) * layout.stride;
        let maps = transforms
            .into_iter()
            .map(|transform| {
                let mut map = vec![0; bits as usize];
                for cell in 0..w * h {
                    let (row, col) = (cell / w, cell % w);
                    let (r, c) = transform(row, col, h, w);
                    map[layout.bit(cell).trailing_zeros() as usize] = layout.bit(r * w + c);
                }
                map
            })
            .collect();
        Symmetries { maps }
    }

    /// The smallest image of a position under the symmetries: the same key for every symmetric twin.
    pub fn canonical(&self, x: Bits, o: Bits) -> (Bits, Bits) {
        let mut best = (x, o);
        for map in &self.maps {
            let image = (Self::apply(map, x), Self::apply(map, o));
            if image < best {
                best = image;
            }
        }
        best
    }

    fn apply(map: &[Bits], set: Bits) -> Bits {
        Layout::bits(set).fold(0, |acc, bit| acc | map[bit.trailing_zeros() as usize])
    }
}
