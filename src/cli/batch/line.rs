//! One line of a batch file: a position, then optionally the expected score(s).
//!
//! The position is Pons' and Tromp's string of 1-based column digits (gravity rules), cell names
//! or column letters separated by spaces or commas (`b2 a3 c1`), or the position notation
//! (`x.o/.x./..o`). Expected scores follow as whole numbers: one (the position's score) or, for
//! `--analyze`, one per column (per cell without gravity), as Pons' `-a` prints them.

use crate::engine::game::notation::DIGITS_NEED_GRAVITY;
use crate::engine::{Position, Rules, Status};
use std::num::IntErrorKind;

/// A line that holds a position.
#[derive(Debug, PartialEq)]
pub struct Entry {
    /// The position as the output echoes it: the digit string or notation as given, cell names
    /// joined by commas (so the echo is one word, and valid input again).
    pub moves: String,
    pub position: Position,
    /// The expected scores given after the position (none, one, or one per column).
    pub expected: Vec<i32>,
}

/// Reads a line: `Ok(None)` for a blank line or a `#` comment, `Err` with the reason (one line,
/// without the line number) for a line that is not a playable position.
pub fn parse(rules: Rules, text: &str) -> Result<Option<Entry>, String> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let tokens: Vec<&str> = text.split_whitespace().collect();
    // What can only be meant as a score: no cell name or column letter starts so.
    let score_like = |t: &str| t.starts_with(|c: char| c.is_ascii_digit() || "+-.".contains(c));
    // With gravity a word starting with a digit is the moves (`4453`, or `44a53` with a stray
    // letter), never a score, and the position notation is one word; otherwise the position
    // (cell names) runs up to the first word shaped like a score, so a bad score is named as
    // one (`0.5`), not as a bad cell.
    let moves_first = rules.gravity && tokens[0].starts_with(|c: char| c.is_ascii_digit());
    let split = if moves_first || tokens[0].contains('/') {
        1
    } else {
        tokens
            .iter()
            .position(|t| score_like(t))
            .unwrap_or(tokens.len())
    };
    let (place, scores) = tokens.split_at(split);
    if place.is_empty() && rules.gravity {
        return Err(format!(
            "the line starts with '{}': a line starts with the moves (column digits 1..{})",
            tokens[0], rules.width
        ));
    }
    if place.is_empty() {
        return Err(format!(
            "'{}': {DIGITS_NEED_GRAVITY}; here write cells (b2 a3) or a position (x.o/.x./..o)",
            tokens[0]
        ));
    }
    let expected = scores
        .iter()
        .map(|t| match t.parse::<i32>() {
            Ok(score) => Ok(score),
            Err(e)
                if matches!(
                    e.kind(),
                    IntErrorKind::PosOverflow | IntErrorKind::NegOverflow
                ) =>
            {
                Err(format!(
                    "'{t}' after the position is out of range for a score"
                ))
            }
            Err(_) => Err(format!(
                "'{t}' after the position is not a score (a whole number)"
            )),
        })
        .collect::<Result<Vec<i32>, String>>()?;
    let position = position(rules, place, moves_first)?;
    // One score for the position: a game from it ends with the winner's next mark at the
    // earliest, so Pons' score is at most (cells + 1 − marks) / 2 either way; a game already
    // won ended with its last mark, one more: (cells + 2 − marks) / 2.
    let ended = i32::from(position.status() != Status::Ongoing);
    let most = (rules.cells() as i32 + 1 + ended - position.ply() as i32) / 2;
    if let [score] = expected[..]
        && score.abs() > most
    {
        return Err(format!(
            "'{score}' after the position is not a score it can have: from -{most} to +{most}"
        ));
    }
    let moves = if place.len() == 1 {
        place[0].to_string()
    } else {
        place.join(",")
    };
    Ok(Some(Entry {
        moves,
        position,
        expected,
    }))
}

/// The position of a line's first words: the notation, cell names, or with `digits` (gravity
/// rules, a first word starting with a digit) Pons' column digits.
fn position(rules: Rules, place: &[&str], digits: bool) -> Result<Position, String> {
    let first = place[0];
    if place.len() == 1 && first.contains('/') {
        return Position::parse(rules, first).map_err(|e| e.0);
    }
    // Pons' format with a stray character: say so in its own terms, not as a bad cell name.
    if digits && let Some(bad) = first.chars().find(|&c| !c.is_ascii_digit() && c != ',') {
        return Err(format!(
            "'{first}': '{bad}' is not a column; moves are column digits 1..{}",
            rules.width
        ));
    }
    Position::empty(rules)
        .play_moves(&place.join(" "))
        .map_err(|e| e.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(rules: Rules, text: &str) -> Entry {
        parse(rules, text).unwrap().unwrap()
    }

    #[test]
    fn pons_lines_and_other_forms() {
        let c4 = Rules::CONNECT4;
        let e = entry(c4, "4453 -2");
        assert_eq!(
            (e.moves.as_str(), e.expected.as_slice()),
            ("4453", &[-2][..])
        );
        assert_eq!(e.position, Position::empty(c4).play_moves("4453").unwrap());
        assert!(entry(c4, "  4453\r").expected.is_empty());
        let ttt = Rules::TICTACTOE;
        let e = entry(ttt, "b2 a3 c1 0");
        assert_eq!(
            (e.moves.as_str(), e.expected.as_slice()),
            ("b2,a3,c1", &[0][..])
        );
        assert_eq!(entry(ttt, "b2,a3,c1").position, e.position);
        let e = entry(ttt, "x.o/.x./... -9 +10");
        assert_eq!(e.expected, [-9, 10]);
        assert_eq!(parse(ttt, "# a comment"), Ok(None));
        assert_eq!(parse(ttt, "   "), Ok(None));
    }

    #[test]
    fn bad_lines_say_why() {
        let c4 = Rules::CONNECT4;
        let err = |rules, text| parse(rules, text).unwrap_err();
        assert_eq!(
            err(c4, "44a53"),
            "'44a53': 'a' is not a column; moves are column digits 1..7"
        );
        assert_eq!(err(c4, "1111111"), "move 7 '1': column 1 is full");
        assert_eq!(err(c4, "44556671"), "move 8 '1': the game is already over");
        // A finished game is a position like any other: its side to move has lost.
        assert!(parse(c4, "4455667").is_ok());
        assert_eq!(
            err(c4, "4453 two"),
            "'two' after the position is not a score (a whole number)"
        );
        assert!(err(Rules::TICTACTOE, "4453").contains("need gravity rules"));
        // A score no game from the position can end with is no expected score: after 2 marks,
        // at most (42 + 1 − 2) / 2 = 20 on Pons' scale.
        assert_eq!(
            err(c4, "44 53626"),
            "'53626' after the position is not a score it can have: from -20 to +20"
        );
        assert!(parse(c4, "445566 18").is_ok());
        assert_eq!(
            err(c4, "4453 99999999999999999999"),
            "'99999999999999999999' after the position is out of range for a score"
        );
        // A game already won: its score as `solve --batch` prints it is allowed (O won at ply 8:
        // -(42 + 2 - 8) / 2 = -18, where a game going on could reach -17 at most).
        assert!(parse(c4, "12121232 -18").is_ok());
        assert!(parse(Rules::TICTACTOE, "b2 a1 a3 b1 c1 -3").is_ok());
        assert_eq!(
            err(c4, "4453 -"),
            "'-' after the position is not a score (a whole number)"
        );
        // Without gravity too, a bad score is named as one, not as a bad cell.
        let ttt = Rules::TICTACTOE;
        assert_eq!(
            err(ttt, "x.o/.x./... abc"),
            "'abc' after the position is not a score (a whole number)"
        );
        assert_eq!(
            err(ttt, "b2 a3 0.5"),
            "'0.5' after the position is not a score (a whole number)"
        );
        assert_eq!(
            err(ttt, "b2 a3 99999999999999999999"),
            "'99999999999999999999' after the position is out of range for a score"
        );
        assert_eq!(
            err(ttt, "b2 a3 +"),
            "'+' after the position is not a score (a whole number)"
        );
        // A word starting with a digit can only be a score there: a mistyped cell (`2a` for
        // `a2`) reads as one.
        assert_eq!(
            err(ttt, "b2 2a"),
            "'2a' after the position is not a score (a whole number)"
        );
        // Commas between column digits, as `--moves` takes them.
        assert_eq!(entry(c4, "4,4,5,3 -2").position, entry(c4, "4453").position);
    }
}
