//! A position seen through every symmetry of the board at once, updated move by move: the
//! canonical key then costs a few comparisons instead of permuting bits at every node.

use super::bitboard::Bitboard;
use super::symmetry::Symmetries;

/// The marks of (side to move, opponent) under each symmetry; the identity comes first.
#[derive(Clone, Copy)]
pub struct Images<B> {
    /// Only the first `BitImages::count` are meaningful; no count here keeps a copy small.
    sets: [(B, B); 8],
}

/// Where each bit goes under each symmetry.
pub struct BitImages<B> {
    /// Indexed by bit number; 128 rows so `index & 127` needs no bounds check.
    table: Box<[[B; 8]; 128]>,
    count: usize,
    /// Gravity keys are one word: marks of the side to move plus the occupied cells (Pons' key).
    gravity: bool,
}

impl<B: Bitboard> BitImages<B> {
    /// The images of every bit of a board of `bits` bits under `symmetries`.
    pub fn new(symmetries: &Symmetries<B>, bits: u32, gravity: bool) -> BitImages<B> {
        let count = symmetries.len() + 1;
        let mut table = Box::new([[B::ZERO; 8]; 128]);
        for (i, row) in table.iter_mut().enumerate().take(bits as usize) {
            let bit = B::ONE.shl(i as u32);
            row[0] = bit;
            for (s, slot) in row.iter_mut().enumerate().take(count).skip(1) {
                *slot = symmetries.apply(s - 1, bit);
            }
        }
        BitImages {
            table,
            count,
            gravity,
        }
    }

    /// The images of a position.
    pub fn of(&self, symmetries: &Symmetries<B>, me: B, them: B) -> Images<B> {
        let mut sets = [(B::ZERO, B::ZERO); 8];
        sets[0] = (me, them);
        for (s, set) in sets.iter_mut().enumerate().take(self.count).skip(1) {
            *set = (symmetries.apply(s - 1, me), symmetries.apply(s - 1, them));
        }
        Images { sets }
    }

    /// The images after the side to move marks bit `index`; the opponent is then to move.
    #[inline]
    pub fn play(&self, images: &Images<B>, index: u32) -> Images<B> {
        let row = &self.table[index as usize & 127];
        let mut next = *images;
        if self.count == 2 {
            // Gravity boards (the mirror alone): unrolled.
            let [(me0, them0), (me1, them1), ..] = images.sets;
            next.sets[0] = (them0, me0 | row[0]);
            next.sets[1] = (them1, me1 | row[1]);
            return next;
        }
        for ((slot, &(me, them)), &bit) in next.sets[..self.count]
            .iter_mut()
            .zip(&images.sets)
            .zip(row)
        {
            *slot = (them, me | bit);
        }
        next
    }

    /// The key of the position after the side to move marks bit `index`, without building it.
    #[inline(always)]
    pub fn child_key(&self, images: &Images<B>, index: u32) -> (B, B) {
        let row = &self.table[index as usize & 127];
        if self.gravity && self.count == 2 {
            // The child's side to move is `them`; its occupied cells gain `bit`.
            let [(me0, them0), (me1, them1), ..] = images.sets;
            let key0 = them0 + (me0 | them0 | row[0]);
            let key1 = them1 + (me1 | them1 | row[1]);
            return (key0.min(key1), B::ZERO);
        }
        if self.gravity {
            let mut best = !B::ZERO;
            for (&(me, them), &bit) in images.sets[..self.count].iter().zip(row) {
                // The child's side to move is `them`; its occupied cells gain `bit`.
                best = best.min(them + (me | them | bit));
            }
            (best, B::ZERO)
        } else {
            let mut best = (!B::ZERO, !B::ZERO);
            for (&(me, them), &bit) in images.sets[..self.count].iter().zip(row) {
                best = best.min((them, me | bit));
            }
            best
        }
    }

    /// The same key for every symmetric twin: the smallest image.
    #[inline]
    pub fn key(&self, images: &Images<B>) -> (B, B) {
        if self.gravity && self.count == 2 {
            let [(me0, them0), (me1, them1), ..] = images.sets;
            return ((me0 + (me0 | them0)).min(me1 + (me1 | them1)), B::ZERO);
        }
        if self.gravity {
            let key = |(me, them): (B, B)| me + (me | them);
            let best = images.sets[..self.count]
                .iter()
                .map(|&set| key(set))
                .fold(key(images.sets[0]), |a, b| a.min(b));
            (best, B::ZERO)
        } else {
            let mut best = images.sets[0];
            for &set in &images.sets[1..self.count] {
                if set < best {
                    best = set;
                }
            }
            best
        }
    }
}

impl<B: Bitboard> Images<B> {
    /// The side to move's marks.
    #[inline]
    pub fn me(&self) -> B {
        self.sets[0].0
    }

    /// The opponent's marks.
    #[inline]
    pub fn them(&self) -> B {
        self.sets[0].1
    }
}
