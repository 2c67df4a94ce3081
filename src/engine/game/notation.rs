//! Text forms shared by the TUI, the CLI and the JSON (docs/cli.md): cells like `a3`, positions like
//! `x.o/.x./..o`, move lists like `b2 a3 c1`, Pons-style column digit strings like `4453`, and
//! counts like `549,945`.

use crate::engine::game::position::{IllegalMove, Move, Player, Position};
use crate::engine::game::rules::Rules;
use std::fmt;

/// `1234567` as `1,234,567`: how every count reads, in tables, sentences and the log.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1 move`, `7 moves`, `549,945 nodes`: a count and its noun, singular for one.
pub fn count(n: u64, what: &str) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{} {what}{s}", thousands(n))
}

/// `1 ply`, `2 plies`: a depth or a distance in moves, in words.
pub fn plies(n: impl Into<u64>) -> String {
    let n = n.into();
    format!("{n} pl{}", if n == 1 { "y" } else { "ies" })
}

/// Why a position, move or move list was rejected; the message is one line for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError(pub String);

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotationError {}

/// Why column digits are no move here: the slip is likely the rules (Pons' and Tromp's format).
pub const DIGITS_NEED_GRAVITY: &str = "column digits need gravity rules (such as --rules connect4)";

/// The column (0-based) a digit key or a digit of a move list names, counted from 1 at the left:
/// `Err` with the reason where the board has no such column (0, or beyond its width).
pub fn column_of_digit(rules: &Rules, number: usize) -> Result<usize, String> {
    if number == 0 || number > usize::from(rules.width) {
        return Err(format!(
            "no column {number}: columns are 1..{}",
            rules.width
        ));
    }
    Ok(number - 1)
}

/// The letter of column `col` (0 is `a`).
pub fn column_letter(col: usize) -> char {
    (b'a' + col as u8) as char
}

fn error<T>(message: String) -> Result<T, NotationError> {
    Err(NotationError(message))
}

impl Rules {
    /// The name of a cell: column letter, then row number counted from the bottom (`a3` is the
    /// top-left of 3×3).
    pub fn move_name(&self, mv: Move) -> String {
        let (row, col) = mv.row_col(self);
        format!("{}{}", column_letter(col), usize::from(self.height) - row)
    }

    /// The names of a list of moves, in order (a line of play, the winning cells, the best moves).
    pub fn move_names(&self, moves: &[Move]) -> Vec<String> {
        moves.iter().map(|&mv| self.move_name(mv)).collect()
    }

    /// A line of play as 1-based column digits (`4453`), the way Pons, Tromp and
    /// `solve --batch` write a game and `play_moves` reads it back; `None` without gravity, where
    /// a column does not name a cell.
    pub fn column_digits(&self, moves: &[Move]) -> Option<String> {
        if !self.gravity {
            return None;
        }
        // Boards are at most MAX_SIDE (8) wide, so every column is one digit.
        moves
            .iter()
            .map(|&mv| char::from_digit(mv.row_col(self).1 as u32 + 1, 10))
            .collect()
    }

    /// Parses a cell name such as `b2` (case-insensitive). A text that is no cell is told the
    /// forms a move has (with gravity also a column letter or digit, which `play_moves` reads).
    pub fn parse_cell(&self, text: &str) -> Result<Move, NotationError> {
        // Messages quote the text as typed; only the letter is read case-insensitively.
        let text = text.trim();
        let mut chars = text.chars();
        let letter = chars.next().map(|c| c.to_ascii_lowercase());
        let digits = chars.as_str();
        let last_col = (b'a' + self.width - 1) as char;
        let (Some(letter @ 'a'..='z'), Ok(number)) = (letter, digits.parse::<usize>()) else {
            let columns = if self.gravity {
                format!(
                    "; or a column: a letter a..{last_col} or a digit 1..{}",
                    self.width
                )
            } else if !text.is_empty() && text.chars().all(|c| c.is_ascii_digit()) {
                // Pons' and Tromp's column digits: the likely slip is the rules.
                format!("; {DIGITS_NEED_GRAVITY}")
            } else {
                String::new()
            };
            return error(format!(
                "'{text}' is not a cell: use a column letter a..{last_col} and a row number \
                 1..{}{columns}",
                self.height
            ));
        };
        let col = usize::from(letter as u8 - b'a');
        if col >= usize::from(self.width) || !(1..=usize::from(self.height)).contains(&number) {
            return error(format!(
                "'{text}' is off the board: columns are a..{last_col}, rows 1..{}",
                self.height
            ));
        }
        Ok(Move::at(self, usize::from(self.height) - number, col))
    }
}

impl Position {
    /// Parses `x.o/.x./..o`: rows top to bottom, `x`, `o` or `.` per cell. The position must be one
    /// that a game can reach: the side to move follows from the counts of marks.
    pub fn parse(rules: Rules, text: &str) -> Result<Position, NotationError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if text.trim().is_empty() {
            return error(format!(
                "the position is empty; {rules} needs {} rows of {} cells separated by '/'",
                rules.height, rules.width
            ));
        }
        if rows.len() != usize::from(rules.height) {
            return error(format!(
                "position '{text}' has {} row(s); {rules} needs {} rows of {} cells separated by '/'",
                rows.len(),
                rules.height,
                rules.width
            ));
        }
        let mut position = Position::empty(rules);
        let mut marks = [Vec::new(), Vec::new()];
        // A character that is no cell is named before any row is counted: a space or a line
        // break typed between the rows is not a cell too many.
        if let Some(other) = text
            .trim()
            .chars()
            .find(|c| !matches!(c.to_ascii_lowercase(), 'x' | 'o' | '.' | '/'))
        {
            return error(format!(
                "unexpected '{other}' in position '{text}': cells are x, o or ."
            ));
        }
        for (row, cells) in rows.iter().enumerate() {
            let count = cells.chars().count();
            if count != usize::from(rules.width) {
                return error(format!(
                    "row {} of position '{text}' has {count} cell(s); {rules} needs {}",
                    row + 1,
                    rules.width
                ));
            }
            for (col, c) in cells.chars().enumerate() {
                let mv = Move::at(&rules, row, col);
                match c.to_ascii_lowercase() {
                    'x' => marks[0].push(mv),
                    'o' => marks[1].push(mv),
                    _ => {}
                }
            }
        }
        let bits = |moves: &[Move]| {
            moves
                .iter()
                .fold(0, |acc, mv| acc | position.layout().bit(mv.cell()))
        };
        position = Position::from_bits(position.layout(), bits(&marks[0]), bits(&marks[1]));
        position
            .check_reachable()
            .map_err(|why| NotationError(format!("impossible position '{text}': {why}")))?;
        Ok(position)
    }

    /// The position string, lower case, rows top to bottom.
    pub fn to_notation(&self) -> String {
        let rules = *self.rules();
        let mut text = String::new();
        for row in 0..usize::from(rules.height) {
            if row > 0 {
                text.push('/');
            }
            for col in 0..usize::from(rules.width) {
                text.push(match self.at(Move::at(&rules, row, col)) {
                    Some(Player::X) => 'x',
                    Some(Player::O) => 'o',
                    None => '.',
                });
            }
        }
        text
    }

    /// Parses one move for this position: a cell name, or with gravity a column letter.
    pub fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let rules = *self.rules();
        let trimmed = text.trim();
        if rules.gravity && trimmed.len() == 1 {
            let letter = trimmed.as_bytes()[0].to_ascii_lowercase();
            let col = usize::from(letter.wrapping_sub(b'a'));
            if col >= usize::from(rules.width) {
                let last = (b'a' + rules.width - 1) as char;
                return error(format!("'{trimmed}' is not a column: use a..{last}"));
            }
            return self
                .landing(col)
                .ok_or_else(|| NotationError(format!("column {trimmed} is full")));
        }
        rules.parse_cell(trimmed)
    }

    /// Plays a move list (`b2 a3 c1`; with gravity also column letters, or a digit string `4453`)
    /// from this position. Each move must be legal.
    pub fn play_moves(&self, text: &str) -> Result<Position, NotationError> {
        Ok(self.play_line(text)?.0)
    }

    /// `play_moves`, also giving the moves played (a game record starts from them).
    pub fn play_line(&self, text: &str) -> Result<(Position, Vec<Move>), NotationError> {
        let rules = *self.rules();
        let mut played = Vec::new();
        let tokens: Vec<String> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .flat_map(|token| {
                let digits = rules.gravity && token.chars().all(|c| c.is_ascii_digit());
                if digits {
                    token.chars().map(String::from).collect()
                } else {
                    vec![token.to_string()]
                }
            })
            .collect();
        // Separators alone are not "no moves" (an empty text is): a text of commas is a move
        // list gone wrong, and reading it as the start position would answer a question nobody
        // asked.
        if tokens.is_empty() && !text.trim().is_empty() {
            return error("separators but no moves".into());
        }
        let mut position = *self;
        for (index, token) in tokens.iter().enumerate() {
            let mv = match token.parse::<usize>() {
                Ok(column) if rules.gravity => {
                    if !(1..=usize::from(rules.width)).contains(&column) {
                        return error(format!(
                            "move {} '{token}': columns are numbered 1..{}",
                            index + 1,
                            rules.width
                        ));
                    }
                    position.landing(column - 1).ok_or_else(|| {
                        NotationError(format!(
                            "move {} '{token}': column {column} is full",
                            index + 1
                        ))
                    })?
                }
                _ => position
                    .parse_move(token)
                    .map_err(|e| NotationError(format!("move {} '{token}': {e}", index + 1)))?,
            };
            position = position.play(mv).map_err(|why| {
                let mut said = format!("move {} '{token}': {why}", index + 1);
                // Which cell would do: the column's lowest empty one.
                let column = mv.row_col(&rules).1;
                if rules.gravity
                    && matches!(why, IllegalMove::Floating | IllegalMove::Occupied)
                    && let Some(lowest) = position.landing(column)
                {
                    said.push_str(&format!(
                        "; column {}'s lowest empty cell is {}",
                        column_letter(column),
                        rules.move_name(lowest)
                    ));
                }
                NotationError(said)
            })?;
            played.push(mv);
        }
        Ok((position, played))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::position::Status;

    #[test]
    fn cells_are_named_chess_style() {
        let rules = Rules::TICTACTOE;
        assert_eq!(rules.move_name(Move(0)), "a3");
        assert_eq!(rules.move_name(Move(8)), "c1");
        assert_eq!(rules.parse_cell("B2").unwrap(), Move(4));
        assert!(
            rules
                .parse_cell("d1")
                .unwrap_err()
                .0
                .contains("off the board")
        );
        assert!(rules.parse_cell("zz").is_err());
        assert!(rules.parse_cell("a0").is_err());
    }

    /// With gravity a refused move says the forms a column also has, and a floating cell which
    /// cell of its column would do.
    #[test]
    fn gravity_refusals_name_the_column_forms_and_the_cell_that_would_do() {
        let empty = Position::empty(Rules::CONNECT4);
        let refusal = |moves: &str| empty.play_moves(moves).unwrap_err().0;
        assert_eq!(
            refusal("dde"),
            "move 1 'dde': 'dde' is not a cell: use a column letter a..g and a row number \
             1..6; or a column: a letter a..g or a digit 1..7"
        );
        assert_eq!(
            refusal("4 d3"),
            "move 2 'd3': with gravity a mark must go to the lowest empty cell; column d's \
             lowest empty cell is d2"
        );
        assert_eq!(
            refusal("d1 d1"),
            "move 2 'd1': the cell is already taken; column d's lowest empty cell is d2"
        );
        // Without gravity a cell is the only form.
        assert_eq!(
            Position::empty(Rules::TICTACTOE)
                .play_moves("zz")
                .unwrap_err()
                .0,
            "move 1 'zz': 'zz' is not a cell: use a column letter a..c and a row number 1..3"
        );
        assert_eq!(
            Position::empty(Rules::TICTACTOE)
                .play_moves("4453")
                .unwrap_err()
                .0,
            "move 1 '4453': '4453' is not a cell: use a column letter a..c and a row number \
             1..3; column digits need gravity rules (such as --rules connect4)"
        );
    }

    #[test]
    fn positions_round_trip_and_know_whose_turn_it_is() {
        let p = Position::parse(Rules::TICTACTOE, "X.O/.x./...").unwrap();
        assert_eq!(p.to_notation(), "x.o/.x./...");
        assert_eq!(p.to_move(), Player::O);
        assert_eq!(p.legal_moves().len(), 6);
    }

    #[test]
    fn impossible_positions_are_rejected_with_a_reason() {
        let bad = |text: &str| Position::parse(Rules::TICTACTOE, text).unwrap_err().0;
        assert!(bad("xx./.../...").contains("X has 2 marks and O has 0 marks"));
        assert!(bad("xxx/ooo/x..").contains("both X and O"));
        assert!(bad("xxx/oo./o..").contains("O moved last"));
        assert!(bad("xxx/o.o/xoo").contains("X has a line but O moved last"));
        assert!(bad("..../.../...").contains("row 1"));
        assert!(bad("x../...").contains("2 row(s)"));
        assert_eq!(
            bad(" "),
            "the position is empty; tictactoe needs 3 rows of 3 cells separated by '/'"
        );
        assert!(bad("x?./.../...").contains("unexpected '?'"));
    }

    #[test]
    fn two_separate_lines_cannot_come_from_one_move() {
        let rules: Rules = "4x4k3".parse().unwrap();
        // X: a4 b4 c4 and a1 b1 c1 — two disjoint lines; O has five marks elsewhere.
        let err = Position::parse(rules, "xxx./oo.o/oo../xxx.").unwrap_err().0;
        assert!(
            err.contains("cannot all have been completed by the last move"),
            "{err}"
        );
        // Crossing lines share the last move: fine.
        assert!(Position::parse(Rules::TICTACTOE, "xxx/xoo/xoo").is_ok());
    }

    #[test]
    fn gravity_positions_and_moves() {
        let c4 = Rules::CONNECT4;
        let err =
            Position::parse(c4, "......./......./......./......./x....../.......").unwrap_err();
        assert!(
            err.0.ends_with(": a2 floats above an empty cell (gravity)"),
            "{}",
            err.0
        );
        // O's four in column a were complete before X's mark on top of them: nobody plays on
        // after a win.
        let err =
            Position::parse(c4, "......./x....../o....../o....../o....../oxxx...").unwrap_err();
        assert!(
            err.0
                .contains("cannot all have been completed by the last move"),
            "{}",
            err.0
        );
        // The same line with its top free is a game O has just won.
        let won = Position::parse(c4, "......./......./o....../o....../o....../oxxx.x.").unwrap();
        assert_eq!(won.status(), Status::Won(Player::O));
        let p = Position::empty(c4).play_moves("4453").unwrap();
        assert_eq!(
            p.to_notation(),
            "......./......./......./......./...o.../..oxx.."
        );
        let same = Position::empty(c4).play_moves("d d e c").unwrap();
        assert_eq!(p, same);
        let (_, moves) = Position::empty(c4).play_line("d1 d2 e c").unwrap();
        assert_eq!(c4.column_digits(&moves).as_deref(), Some("4453"));
        assert_eq!(Rules::TICTACTOE.column_digits(&[Move(4)]), None);
        assert!(
            Position::empty(c4)
                .play_moves("8")
                .unwrap_err()
                .0
                .contains("1..7")
        );
        // Separators alone are refused; an empty text is no moves.
        let none = Position::empty(c4).play_moves(" , ,").unwrap_err();
        assert_eq!(none.0, "separators but no moves");
        assert_eq!(
            Position::empty(c4).play_moves(" ").unwrap(),
            Position::empty(c4)
        );
        let full = Position::empty(c4).play_moves("1111111").unwrap_err();
        assert!(full.0.contains("column 1 is full"), "{}", full.0);
        assert!(
            Position::empty(c4)
                .play_moves("a2")
                .unwrap_err()
                .0
                .contains("lowest")
        );
    }

    #[test]
    fn move_lists_report_the_failing_move() {
        let start = Position::empty(Rules::TICTACTOE);
        let err = start.play_moves("b2 a3 b2").unwrap_err().0;
        assert_eq!(err, "move 3 'b2': the cell is already taken");
        let err = start.play_moves("a1 b1 a2 b2 a3 c3").unwrap_err().0;
        assert!(err.contains("already over"));
    }
}
