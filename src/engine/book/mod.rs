//! Opening books: the exact value of every position reachable in the first few plies, computed
//! once by `tictree book build` (`analysis/book_build.rs`) and read back in microseconds. Inside every search of
//! the exact solver a position in the book is a leaf with an exact value (docs/book.md).
//!
//! A book stores each position's value as Pons' compact score for the side to move (`score::pons`)
//! in one signed byte. With the position's ply that is lossless: the side to move wins only with
//! a mark it places, so of the two stone counts a compact score allows, one has the wrong parity.

mod format;
mod key;

pub use format::{Header, fnv1a};
pub(crate) use key::Keys;

use crate::engine::game::layout::Bits;
use crate::engine::game::position::{Player, Position};
use crate::engine::game::rules::Rules;
use crate::engine::game::score::{WIN, pons, signed};
use format::{HEADER, VERSION_1};
use key::key_bytes;
use std::borrow::Cow;
use std::sync::{Arc, PoisonError, RwLock};

/// An opening book, read-only, shareable between threads.
#[derive(Debug)]
pub struct Book {
    header: Header,
    keys: Keys,
    /// Bytes of one entry: the key, then the score.
    stride: usize,
    /// The whole file (borrowed when the book is built into the program).
    bytes: Cow<'static, [u8]>,
}

impl Book {
    /// Reads a book from the bytes of its file, checking the header and the checksum. A book of
    /// format version 1, whose checksum left its rules and plies out, is refused (`book build`
    /// rebuilds it from its values; the command line names the whole command).
    pub fn from_bytes(bytes: Cow<'static, [u8]>) -> Result<Book, String> {
        let book = Book::of_any_version(bytes)?;
        if book.is_version_1() {
            return Err(
                "book format version 1, whose checksum leaves out its rules and plies: rebuild it \
                 with tictree book build"
                    .into(),
            );
        }
        Ok(book)
    }

    /// Reads a book of any format version this tictree knows (version 1 only for `book build`
    /// to take its values), checking the header and the checksum.
    pub(crate) fn of_any_version(bytes: Cow<'static, [u8]>) -> Result<Book, String> {
        let header = Header::decode(&bytes)?;
        let book = Book {
            header,
            keys: Keys::of(header.rules),
            stride: key_bytes(header.rules) + 1,
            bytes,
        };
        book.check_scores()?;
        Ok(book)
    }

    /// Refuses a book holding a score no game from its position can end with: the checksum
    /// catches damage, not a file written wrong, and such a score would read as a win in two
    /// billion plies. A score within what every ply of the book allows needs no look at its
    /// position, so the built-in book is checked in well under a millisecond.
    fn check_scores(&self) -> Result<(), String> {
        let cells = self.rules().cells() as u32;
        // At most (cells − plies) / 2 either way fits at any ply up to the book's: it stands for
        // a game ending with at least plies + 1 marks, which every position of the book has
        // room for.
        let fits_any_ply = (cells.saturating_sub(self.plies()) / 2) as u8;
        for index in 0..self.len() {
            let (key, score) = self.entry(index);
            if score.unsigned_abs() <= fits_any_ply {
                continue;
            }
            let position = self.position(key);
            let ply = position.ply();
            if !score_fits(score, ply, cells) {
                let fitting = (-64..=64).filter(|&s| score_fits(s, ply, cells));
                let (low, high) = (fitting.clone().min(), fitting.max());
                return Err(format!(
                    "entry {} of {} ({}, ply {ply}) holds the score {}, which no game from there \
                     can end with ({} to {} on Pons' scale): the book was written wrong",
                    index + 1,
                    self.len(),
                    position.to_notation(),
                    signed(score.into()),
                    signed(low.unwrap_or(0).into()),
                    signed(high.unwrap_or(0).into()),
                ));
            }
        }
        Ok(())
    }

    /// A book of the given entries: (canonical key, compact score), sorted by key, keys unique.
    pub fn from_entries(rules: Rules, plies: u32, entries: &[(u128, i8)]) -> Book {
        let width = key_bytes(rules);
        let mut body = Vec::with_capacity(entries.len() * (width + 1));
        for &(key, score) in entries {
            body.extend_from_slice(&key.to_le_bytes()[..width]);
            body.push(score as u8);
        }
        let (header, bytes) = Header::book_bytes(rules, plies, entries.len() as u64, &body);
        Book {
            header,
            keys: Keys::of(rules),
            stride: width + 1,
            bytes: Cow::Owned(bytes),
        }
    }

    /// The file's bytes, header included.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// What the header says.
    pub fn header(&self) -> Header {
        self.header
    }

    /// The rules of the book's positions.
    pub fn rules(&self) -> Rules {
        self.header.rules
    }

    /// Every position reachable in at most this many plies is in the book (except those whose
    /// value needs no book: games over, and positions whose side to move wins at once).
    pub fn plies(&self) -> u32 {
        self.header.plies
    }

    /// Whether the file is of format version 1, whose checksum left the header out (read only
    /// by `of_any_version`, for `book build` to rebuild it).
    pub(crate) fn is_version_1(&self) -> bool {
        self.header.version == VERSION_1
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.header.entries as usize
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Entry `index`, in key order: the key and the compact score.
    pub fn entry(&self, index: usize) -> (u128, i8) {
        let at = HEADER + index * self.stride;
        let raw = &self.bytes[at..at + self.stride];
        let mut key = [0u8; 16];
        key[..self.stride - 1].copy_from_slice(&raw[..self.stride - 1]);
        (u128::from_le_bytes(key), raw[self.stride - 1] as i8)
    }

    /// The compact score stored under `key`, if any.
    pub(crate) fn score_of(&self, key: u128) -> Option<i8> {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let (found, score) = self.entry(mid);
            match found.cmp(&key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(score),
            }
        }
        None
    }

    /// The absolute value (`game::score`) for the side to move of the position with X's marks `x`
    /// and O's marks `o` (layout bits, `ply` marks in all), if the book holds it.
    pub fn value_of(&self, x: Bits, o: Bits, ply: u32) -> Option<i32> {
        if ply > self.plies() {
            return None;
        }
        let score = self.score_of(self.keys.key(x, o))?;
        let cells = self.rules().cells() as u32;
        // The checksum catches damage, not a file written wrong: a score no game from this ply
        // can have is not trusted (the search answers instead).
        score_fits(score, ply, cells).then(|| value_of_score(score, ply, cells))
    }

    /// The absolute value for the side to move of a position of the book's rules, if held.
    pub fn value(&self, position: &Position) -> Option<i32> {
        if *position.rules() != self.rules() {
            return None;
        }
        self.value_of(
            position.marks(Player::X),
            position.marks(Player::O),
            position.ply(),
        )
    }

    /// The position an entry's key stands for (of its mirror images, the one with the smaller key).
    pub fn position(&self, key: u128) -> Position {
        let (x, o) = self.keys.marks(key);
        Position::from_bits(Position::empty(self.rules()).layout(), x, o)
    }
}

/// The compact score a book stores for an absolute value.
pub(crate) fn score_of_value(value: i32, cells: u32) -> i8 {
    pons(value, cells as usize) as i8
}

/// Whether a game from a position of `ply` marks can end with compact score `score`: the line
/// that ends it takes at least one more mark, and the board holds at most `cells`.
pub(crate) fn score_fits(score: i8, ply: u32, cells: u32) -> bool {
    if score == 0 {
        return true;
    }
    let stones = WIN - value_of_score(score, ply, cells).abs();
    (ply as i32 + 1..=cells as i32).contains(&stones)
}

/// The absolute value of a compact score at `ply`: a win is completed by a mark of the side to
/// move (the board then holds ply + 1, ply + 3, … marks), a loss by one of the opponent's.
pub(crate) fn value_of_score(score: i8, ply: u32, cells: u32) -> i32 {
    let s = i32::from(score);
    if s == 0 {
        return 0;
    }
    let cells = cells as i32;
    let parity = if s > 0 { ply as i32 + 1 } else { ply as i32 } % 2;
    let longer = cells + 2 - 2 * s.abs();
    let stones = if longer % 2 == parity {
        longer
    } else {
        longer - 1
    };
    (WIN - stones) * s.signum()
}

/// The Connect Four book built into the program (`data/book/connect4.book`, docs/book.md).
const CONNECT4: &[u8] = include_bytes!("../../../data/book/connect4.book");

/// The book built into the program: Connect Four's. Its bytes are read in place, with no copy;
/// the checksum is checked (about a millisecond).
pub fn built_in() -> Result<Book, String> {
    Book::from_bytes(Cow::Borrowed(CONNECT4))
}

static INSTALLED: RwLock<Option<Arc<Book>>> = RwLock::new(None);

/// Makes `book` the one every exact engine created from now on consults for positions of its
/// rules (`None`: no book). Commands set it once at start-up from `--book`, `--no-book`, the config
/// file or the book built into the program; `bench` and the tests leave it unset, so node counts
/// measure the search alone.
pub fn install(book: Option<Arc<Book>>) {
    *INSTALLED.write().unwrap_or_else(PoisonError::into_inner) = book;
}

/// The installed book, if it is for `rules`.
pub fn installed(rules: Rules) -> Option<Arc<Book>> {
    INSTALLED
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .as_ref()
        .filter(|book| book.rules() == rules)
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_scores_give_back_the_exact_value_at_any_ply() {
        let cells = 42;
        for ply in 0..42u32 {
            for stones in ply + 1..=42 {
                // A win for the side to move ends on one of its own marks, a loss on the other's.
                let value = if (stones - ply) % 2 == 1 {
                    WIN - stones as i32
                } else {
                    -(WIN - stones as i32)
                };
                assert_eq!(
                    value_of_score(score_of_value(value, cells), ply, cells),
                    value
                );
            }
            assert_eq!(value_of_score(score_of_value(0, cells), ply, cells), 0);
        }
    }

    #[test]
    fn a_book_round_trips_through_its_bytes_and_damage_is_refused() {
        let rules = Rules::CONNECT4;
        let entries = [(3u128, 1i8), (17, -2), (1 << 66, 0)];
        let book = Book::from_entries(rules, 2, &entries);
        let copy = Book::from_bytes(Cow::Owned(book.bytes().to_vec())).unwrap();
        assert_eq!(copy.header(), book.header());
        assert_eq!((0..3).map(|i| copy.entry(i)).collect::<Vec<_>>(), entries);
        assert_eq!(copy.score_of(17), Some(-2));
        assert_eq!(copy.score_of(18), None);
        let mut cut = book.bytes().to_vec();
        cut.pop();
        assert!(
            Book::from_bytes(Cow::Owned(cut))
                .unwrap_err()
                .contains("truncated")
        );
        let mut flipped = book.bytes().to_vec();
        *flipped.last_mut().unwrap() ^= 1;
        assert!(
            Book::from_bytes(Cow::Owned(flipped))
                .unwrap_err()
                .contains("checksum")
        );
        assert!(Book::from_bytes(Cow::Borrowed(b"hello")).is_err());
        // The header is covered too: other rules or plies would read the entries wrongly. (k,
        // gravity and plies; the others fail the key size, the length or their range first.)
        for at in [11, 12, 13] {
            let mut header = book.bytes().to_vec();
            header[at] ^= 1;
            let error = Book::from_bytes(Cow::Owned(header)).unwrap_err();
            assert!(error.contains("checksum"), "byte {at}: {error}");
        }
    }
}
