//! The board symmetries that preserve the rules, used to store symmetric positions once.
//!
//! Each symmetry is a permutation of bits. Cells that move by the same distance form a group, so a
//! symmetry is applied with one mask and one shift per group rather than bit by bit. Turning the
//! board half a turn is a plain bit reversal in the padded layout, so a symmetry may start with one.

use super::bitboard::Bitboard;
use crate::engine::game::layout::Layout;

/// One symmetry as shifted groups of bits, optionally after a half turn.
struct Symmetry<B> {
    /// Reverse the word first (then shift right by `unreverse` to realign the board).
    half_turn: bool,
    unreverse: u32,
    /// Cells moving up by `shift` (negative: down).
    groups: Vec<(B, i32)>,
}

impl<B: Bitboard> Symmetry<B> {
    #[inline]
    fn apply(&self, set: B) -> B {
        let set = if self.half_turn {
            set.reversed().shr(self.unreverse)
        } else {
            set
        };
        let mut image = B::ZERO;
        for &(mask, shift) in &self.groups {
            image |= if shift >= 0 {
                (set & mask).shl(shift as u32)
            } else {
                (set & mask).shr((-shift) as u32)
            };
        }
        image
    }
}

/// The symmetries of a board other than the identity: 7 for a square board, 3 for a rectangle, the
/// mirror alone with gravity (turning a gravity board upside down is not a symmetry of the game).
pub struct Symmetries<B> {
    all: Vec<Symmetry<B>>,
}

type Transform = fn(usize, usize, usize, usize) -> (usize, usize);

impl<B: Bitboard> Symmetries<B> {
    /// The symmetries of a layout's board.
    pub fn of(layout: &Layout) -> Symmetries<B> {
        let rules = layout.rules;
        let mirror: Transform = |r, c, _h, w| (r, w - 1 - c);
        let flip: Transform = |r, c, h, _w| (h - 1 - r, c);
        let rotate180: Transform = |r, c, h, w| (h - 1 - r, w - 1 - c);
        let transpose: Transform = |r, c, _h, _w| (c, r);
        let anti_transpose: Transform = |r, c, h, w| (w - 1 - c, h - 1 - r);
        let rotate90: Transform = |r, c, h, _w| (c, h - 1 - r);
        let rotate270: Transform = |r, c, _h, w| (w - 1 - c, r);
        if rules.gravity {
            return Symmetries {
                all: vec![Self::column_mirror(layout)],
            };
        }
        let transforms: Vec<Transform> = if rules.is_square() {
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
        let all = transforms
            .into_iter()
            .map(|t| Self::compile(layout, t))
            .collect();
        Symmetries { all }
    }

    /// The left-right mirror moving whole columns, padding bit included: gravity keys use it.
    fn column_mirror(layout: &Layout) -> Symmetry<B> {
        let w = i32::from(layout.rules.width);
        let stride = layout.stride as i32;
        let column = B::from_u128((1u128 << layout.stride) - 1);
        let groups = (0..w)
            .map(|c| (column.up((c * stride) as u32), (w - 1 - 2 * c) * stride))
            .collect();
        Symmetry {
            half_turn: false,
            unreverse: 0,
            groups,
        }
    }

    /// The cheaper of: the permutation as groups, or a half turn followed by groups.
    fn compile(layout: &Layout, transform: Transform) -> Symmetry<B> {
        let (w, h) = (
            usize::from(layout.rules.width),
            usize::from(layout.rules.height),
        );
        let index = |cell: usize| layout.bit(cell).trailing_zeros() as i32;
        let last = (0..w * h).map(index).max().unwrap_or(0) as u32;
        let direct: Vec<(i32, i32)> = (0..w * h)
            .map(|cell| {
                let (r, c) = transform(cell / w, cell % w, h, w);
                (index(cell), index(r * w + c))
            })
            .collect();
        // After a half turn, the cell at bit `i` sits at bit `last - i`.
        let turned: Vec<(i32, i32)> = direct
            .iter()
            .map(|&(from, to)| (last as i32 - from, to))
            .collect();
        let group = |moves: &[(i32, i32)]| {
            let mut groups: Vec<(B, i32)> = Vec::new();
            for &(from, to) in moves {
                let bit = B::ONE.up(from as u32);
                match groups.iter_mut().find(|g| g.1 == to - from) {
                    Some(g) => g.0 |= bit,
                    None => groups.push((bit, to - from)),
                }
            }
            groups
        };
        let (plain, after_turn) = (group(&direct), group(&turned));
        if after_turn.len() < plain.len() {
            Symmetry {
                half_turn: true,
                unreverse: B::BITS - 1 - last,
                groups: after_turn,
            }
        } else {
            Symmetry {
                half_turn: false,
                unreverse: 0,
                groups: plain,
            }
        }
    }

    /// Number of symmetries besides the identity.
    pub fn len(&self) -> usize {
        self.all.len()
    }

    /// The image of a set under symmetry number `index`.
    pub fn apply(&self, index: usize, set: B) -> B {
        self.all[index].apply(set)
    }
}
