//! The rules of a game: board size, line length, gravity.

use std::fmt;
use std::str::FromStr;

/// Smallest and largest board side the engine supports (a board must fit the bitboard layout).
pub const MIN_SIDE: u8 = 3;
/// Largest board side.
pub const MAX_SIDE: u8 = 8;

/// Board shape and winning condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Number of columns (3..=8).
    pub width: u8,
    /// Number of rows (3..=8).
    pub height: u8,
    /// Marks in a row needed to win (3..=max(width, height)).
    pub k: u8,
    /// Whether marks drop to the lowest empty cell of their column.
    pub gravity: bool,
}

/// Why a rules string or combination was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError(pub String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

/// The named presets, with their canonical names.
pub const PRESETS: [(&str, Rules); 4] = [
    ("tictactoe", Rules::TICTACTOE),
    ("4x4", Rules::new_unchecked(4, 4, 4, false)),
    ("5x5k4", Rules::new_unchecked(5, 5, 4, false)),
    ("connect4", Rules::CONNECT4),
];

impl Rules {
    /// Classic tic-tac-toe: 3×3, three in a row.
    pub const TICTACTOE: Rules = Rules::new_unchecked(3, 3, 3, false);
    /// Connect Four: 7 wide, 6 high, four in a row, gravity.
    pub const CONNECT4: Rules = Rules::new_unchecked(7, 6, 4, true);

    const fn new_unchecked(width: u8, height: u8, k: u8, gravity: bool) -> Rules {
        Rules {
            width,
            height,
            k,
            gravity,
        }
    }

    /// Validated constructor.
    pub fn new(width: u8, height: u8, k: u8, gravity: bool) -> Result<Rules, RulesError> {
        Rules::checked(width.into(), height.into(), k.into(), gravity)
    }

    /// Validated constructor from numbers as typed, however large.
    fn checked(width: u64, height: u64, k: u64, gravity: bool) -> Result<Rules, RulesError> {
        let side = |name: &str, side: u64| {
            u8::try_from(side)
                .ok()
                .filter(|side| (MIN_SIDE..=MAX_SIDE).contains(side))
                .ok_or_else(|| {
                    RulesError(format!(
                        "board {name} {side} is out of range: it must be from {MIN_SIDE} to {MAX_SIDE}"
                    ))
                })
        };
        let (width, height) = (side("width", width)?, side("height", height)?);
        let longest = width.max(height);
        let Some(k) = u8::try_from(k).ok().filter(|k| (3..=longest).contains(k)) else {
            let allowed = match longest {
                3 => "3".to_string(),
                _ => format!("from 3 to {longest}"),
            };
            // "an 8x8 board": eight is the one width read with a vowel first.
            let article = if width == 8 { "an" } else { "a" };
            return Err(RulesError(format!(
                "k={k} is out of range for {article} {width}x{height} board: it must be {allowed}"
            )));
        };
        Ok(Rules {
            width,
            height,
            k,
            gravity,
        })
    }

    /// Number of cells on the board.
    pub fn cells(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// Whether the board is square (and so has 8 symmetries rather than 4).
    pub fn is_square(&self) -> bool {
        self.width == self.height
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    /// Parses a preset name or the `WxHkK[g]` form (`6x5k4`, `7x6k4g`); `WxH` alone means k = min side.
    fn from_str(text: &str) -> Result<Rules, RulesError> {
        let lower = text.trim().to_ascii_lowercase();
        if let Some((_, rules)) = PRESETS.iter().find(|(name, _)| *name == lower) {
            return Ok(*rules);
        }
        let bad = || {
            RulesError(format!(
                "unknown rules '{text}': use tictactoe, 4x4, 5x5k4, connect4 or WxHkK[g] such as 8x8k5, 6x5k4 or 7x6k4g"
            ))
        };
        let (body, gravity) = match lower.strip_suffix('g') {
            Some(body) => (body, true),
            None => (lower.as_str(), false),
        };
        let (size, k) = match body.split_once('k') {
            Some((size, k)) => (size, Some(k)),
            None => (body, None),
        };
        let (w, h) = size.split_once('x').ok_or_else(bad)?;
        // Digits only (`+3` is not a size); a number of any length gets the range's message.
        let number = |s: &str| {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            // Digits that do not parse are too many for any number.
            s.parse::<u64>().map_err(|_| {
                RulesError(format!(
                    "{s} is out of range: sides are from {MIN_SIDE} to {MAX_SIDE}, k from 3 to \
                     the longer side"
                ))
            })
        };
        let (width, height) = (number(w)?, number(h)?);
        let k = match k {
            Some(k) => number(k)?,
            None => width.min(height),
        };
        Rules::checked(width, height, k, gravity)
    }
}

impl fmt::Display for Rules {
    /// The preset name where there is one, else `WxHkK[g]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((name, _)) = PRESETS.iter().find(|(_, rules)| rules == self) {
            return f.write_str(name);
        }
        let g = if self.gravity { "g" } else { "" };
        write!(f, "{}x{}k{}{g}", self.width, self.height, self.k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_forms_round_trip() {
        for text in [
            "tictactoe",
            "4x4",
            "5x5k4",
            "connect4",
            "6x5k4",
            "8x8k5g",
            "3x8k3",
        ] {
            let rules: Rules = text.parse().unwrap();
            assert_eq!(rules.to_string(), text);
        }
        assert_eq!("7x6k4g".parse::<Rules>().unwrap(), Rules::CONNECT4);
        assert_eq!("3x3".parse::<Rules>().unwrap(), Rules::TICTACTOE);
        assert_eq!("4x4k4".parse::<Rules>().unwrap().to_string(), "4x4");
    }

    #[test]
    fn bad_rules_are_explained() {
        assert!("9x9".parse::<Rules>().unwrap_err().0.contains("width 9"));
        assert!("3x3k4".parse::<Rules>().unwrap_err().0.contains("k=4"));
        assert!(
            "chess"
                .parse::<Rules>()
                .unwrap_err()
                .0
                .contains("unknown rules 'chess'")
        );
        assert!("3x".parse::<Rules>().is_err());
        // Past 255 (a byte) a size is still out of range, not an unknown form.
        let error = |text: &str| text.parse::<Rules>().unwrap_err().0;
        assert_eq!(
            error("256x3"),
            "board width 256 is out of range: it must be from 3 to 8"
        );
        assert_eq!(
            error("3x99999"),
            "board height 99999 is out of range: it must be from 3 to 8"
        );
        assert_eq!(
            error("3x3k256"),
            "k=256 is out of range for a 3x3 board: it must be 3"
        );
        assert_eq!(
            error("99999999999999999999999x3"),
            "99999999999999999999999 is out of range: sides are from 3 to 8, k from 3 to the \
             longer side"
        );
        // Only digits make a number.
        for text in ["+3x3", "3x3k+3", "3x-3", "3x 3"] {
            assert!(error(text).starts_with("unknown rules"), "{text}");
        }
    }
}
