//! The book's file format (docs/book.md): a 32-byte header, then the entries sorted by key.
//!
//! ```text
//! offset size
//!  0      8   magic "tictbook"
//!  8      1   format version (2)
//!  9      4   width, height, k, gravity (0 or 1)
//! 13      1   plies: every position reachable in at most this many plies is in the book
//! 14      1   key bytes (K)
//! 15      1   0
//! 16      8   entries, little-endian
//! 24      8   checksum: FNV-1a, 64 bits, little-endian, of bytes 0..24 then of the entries
//! 32    n·(K+1) entries: the key (K bytes, little-endian), then the score (one signed byte)
//! ```
//!
//! A version-1 file has the same layout with a checksum of the entries alone, under which a
//! changed byte of the rules or the plies would go unseen: it is read only for `book build` to
//! rebuild it as version 2 from its values.

use super::key::key_bytes;
use crate::engine::game::rules::Rules;

pub(super) const MAGIC: &[u8; 8] = b"tictbook";
pub(super) const VERSION: u8 = 2;
/// The format whose checksum left the header out: read only to be rebuilt.
pub(super) const VERSION_1: u8 = 1;
pub(super) const HEADER: usize = 32;

/// What the header says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The rules the book's positions are played under.
    pub rules: Rules,
    /// Every position reachable in at most this many plies is in the book.
    pub plies: u32,
    /// Entries that follow the header.
    pub entries: u64,
    /// FNV-1a (64 bits) of the header's first 24 bytes and the entries (of the entries alone in
    /// version 1).
    pub checksum: u64,
    /// The file's format version: `VERSION`, or `VERSION_1` for a book read to be rebuilt.
    pub version: u8,
}

/// FNV-1a, 64 bits: simple enough to recompute with any tool, and it catches the damage a file
/// meets (truncation, a flipped or zeroed byte).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_on(0xcbf2_9ce4_8422_2325, bytes)
}

/// FNV-1a of more bytes after those that hashed to `hash`.
fn fnv1a_on(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The checksum of a book file: of its header up to the checksum, then of its entries (`bytes`
/// is the whole file). Version 1's covered the entries alone.
fn checksum(bytes: &[u8], version: u8) -> u64 {
    let entries = &bytes[HEADER..];
    match version {
        VERSION_1 => fnv1a(entries),
        _ => fnv1a_on(fnv1a(&bytes[..24]), entries),
    }
}

impl Header {
    /// The file of a book of these rules and plies with `entries` (their bytes): the header,
    /// its checksum computed, then the entries.
    pub(super) fn book_bytes(
        rules: Rules,
        plies: u32,
        count: u64,
        entries: &[u8],
    ) -> (Header, Vec<u8>) {
        let mut header = Header {
            rules,
            plies,
            entries: count,
            checksum: 0,
            version: VERSION,
        };
        let mut bytes = header.encode().to_vec();
        bytes.extend_from_slice(entries);
        header.checksum = checksum(&bytes, VERSION);
        bytes[24..32].copy_from_slice(&header.checksum.to_le_bytes());
        (header, bytes)
    }

    fn encode(&self) -> [u8; HEADER] {
        let mut bytes = [0u8; HEADER];
        bytes[..8].copy_from_slice(MAGIC);
        bytes[8] = self.version;
        bytes[9] = self.rules.width;
        bytes[10] = self.rules.height;
        bytes[11] = self.rules.k;
        bytes[12] = u8::from(self.rules.gravity);
        bytes[13] = self.plies as u8;
        bytes[14] = key_bytes(self.rules) as u8;
        bytes[16..24].copy_from_slice(&self.entries.to_le_bytes());
        bytes[24..32].copy_from_slice(&self.checksum.to_le_bytes());
        bytes
    }

    /// The header of `bytes`, checked against the rest of them (size and checksum).
    pub(super) fn decode(bytes: &[u8]) -> Result<Header, String> {
        let header = Header::peek(bytes)?;
        let body = &bytes[HEADER..];
        let length = header.file_length();
        if length.is_some_and(|length| bytes.len() as u64 > length) {
            return Err(format!(
                "the book is padded: bytes follow the {} entries its header says",
                header.entries
            ));
        }
        if Some(bytes.len() as u64) != length {
            return Err(format!(
                "the book is truncated: {} bytes of entries where the header says {} entries",
                body.len(),
                header.entries
            ));
        }
        if checksum(bytes, header.version) != header.checksum {
            return Err(
                "the book's checksum does not match its bytes (the file is damaged)".into(),
            );
        }
        Ok(header)
    }

    /// The header alone, from the first `HEADER` bytes of a file (or more): what a reader needs
    /// to know how long the file should be before reading the rest. A version-1 header is read
    /// too (`version` says so): only `book build` takes such a book, to rebuild it.
    pub fn peek(bytes: &[u8]) -> Result<Header, String> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err("not a tictree book".into());
        }
        if bytes[8] != VERSION && bytes[8] != VERSION_1 {
            return Err(format!(
                "book format version {} (this tictree reads {VERSION})",
                bytes[8]
            ));
        }
        // What the format allows, not only what the checksum covers: a header written with
        // another checksum must still say something a build could write.
        if bytes[12] > 1 || bytes[15] != 0 {
            return Err("the book's header is damaged (a flag byte out of range)".into());
        }
        let rules = Rules::new(bytes[9], bytes[10], bytes[11], bytes[12] == 1)
            .map_err(|e| format!("the book's rules are invalid: {}", e.0))?;
        if usize::from(bytes[13]) > rules.cells() {
            return Err(format!(
                "the book's header says {} plies, more than its {} cells",
                bytes[13],
                rules.cells()
            ));
        }
        let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
        let header = Header {
            rules,
            plies: u32::from(bytes[13]),
            entries: word(16),
            checksum: word(24),
            version: bytes[8],
        };
        if usize::from(bytes[14]) != key_bytes(rules) {
            return Err("the book's key size does not fit its rules".into());
        }
        Ok(header)
    }

    /// The header's size in bytes, at the start of every book file.
    pub const SIZE: usize = HEADER;

    /// The length of the whole file the header describes, in bytes (`None`: too big to be one).
    pub fn file_length(&self) -> Option<u64> {
        self.entries
            .checked_mul(key_bytes(self.rules) as u64 + 1)?
            .checked_add(HEADER as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whatever the checksum says, a header must say what a build could write: a gravity flag
    /// of 0 or 1, a zero byte at 15, no more plies than cells.
    #[test]
    fn a_header_out_of_the_formats_range_is_refused() {
        let (_, bytes) = Header::book_bytes(Rules::CONNECT4, 2, 0, &[]);
        assert!(Header::peek(&bytes).is_ok());
        for (at, value, says) in [
            (12, 2, "a flag byte out of range"),
            (15, 7, "a flag byte out of range"),
            (13, 43, "43 plies, more than its 42 cells"),
        ] {
            let mut header = bytes.clone();
            header[at] = value;
            let error = Header::peek(&header).unwrap_err();
            assert!(error.contains(says), "byte {at}: {error}");
        }
    }
}
