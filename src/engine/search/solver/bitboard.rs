//! The integer a board is stored in: `u64` when the padded layout fits (every board but 8×8, which
//! needs 72 bits), `u128` otherwise. The solver is generic so the common case runs on 64-bit words.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// The operations the solver needs from a bitboard integer.
pub trait Bitboard:
    Copy
    + Debug
    + Default
    + Eq
    + Ord
    + Hash
    + Send
    + 'static
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Add<Output = Self>
{
    /// Width in bits.
    const BITS: u32;
    /// No cells.
    const ZERO: Self;
    /// The cell at bit 0.
    const ONE: Self;
    /// From the layout's `u128` (the caller ensures it fits).
    fn from_u128(bits: u128) -> Self;
    /// Widened to `u128`.
    fn to_u128(self) -> u128;
    /// Index of the lowest cell.
    fn lowest(self) -> u32;
    /// The lowest cell alone.
    fn low_bit(self) -> Self;
    /// Number of cells.
    fn count(self) -> u32;
    /// Shift towards higher bits by less than the word's width (hot paths: no check).
    fn shl(self, by: u32) -> Self;
    /// Shift towards lower bits by less than the word's width.
    fn shr(self, by: u32) -> Self;
    /// Shift towards higher bits; zero when the shift is wider than the word (no panic).
    fn up(self, by: u32) -> Self;
    /// Bit order reversed (bit 0 becomes the top bit).
    fn reversed(self) -> Self;
}

macro_rules! bitboard {
    ($t:ty) => {
        impl Bitboard for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn from_u128(bits: u128) -> Self {
                bits as $t
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn low_bit(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn shl(self, by: u32) -> Self {
                self << by
            }
            #[inline(always)]
            fn shr(self, by: u32) -> Self {
                self >> by
            }
            #[inline(always)]
            fn up(self, by: u32) -> Self {
                self.checked_shl(by).unwrap_or(0)
            }
            #[inline(always)]
            fn reversed(self) -> Self {
                self.reverse_bits()
            }
        }
    };
}

bitboard!(u64);
bitboard!(u128);

/// Iterates over the single-bit subsets of a set, lowest first.
pub fn singles<B: Bitboard>(set: B) -> impl Iterator<Item = B> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == B::ZERO {
            return None;
        }
        let bit = rest.low_bit();
        rest = rest ^ bit;
        Some(bit)
    })
}
