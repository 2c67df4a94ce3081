//! Whether a game can reach a position: what `Position::parse` asks of every position typed,
//! read from a batch line or loaded, so that no search is asked about a board no game has.

use crate::engine::game::layout::Bits;
use crate::engine::game::notation::count;
use crate::engine::game::position::{Move, Player, Position, Status};

impl Position {
    /// `Ok` when some game, X first and the sides in turn, ends up with exactly these marks;
    /// otherwise why not, as a phrase for the user.
    pub(crate) fn check_reachable(&self) -> Result<(), String> {
        let (xs, os) = (
            self.marks(Player::X).count_ones(),
            self.marks(Player::O).count_ones(),
        );
        if xs != os && xs != os + 1 {
            return Err(format!(
                "X has {} and O has {}; X moves first, so X has as many as O or one more",
                count(xs.into(), "mark"),
                count(os.into(), "mark")
            ));
        }
        if let Some(mv) = self.floating_mark() {
            let cell = self.rules().move_name(mv);
            return Err(format!("{cell} floats above an empty cell (gravity)"));
        }
        let winner = match self.status() {
            Status::Won(winner) => winner,
            Status::Ongoing | Status::Draw => {
                // No line now, so none on the way here either: only the order of the marks
                // in each column can rule the position out.
                return if self.can_be_stacked() {
                    Ok(())
                } else {
                    Err(NOT_STACKED.into())
                };
            }
        };
        if self.layout().has_line(self.marks(winner.opponent())) {
            return Err("both X and O have a line".into());
        }
        if winner == self.to_move() {
            let last = winner.opponent();
            return Err(format!("{winner} has a line but {last} moved last"));
        }
        // Some mark of the winner must be the last move: without it, nobody had won yet. With
        // gravity it lies on top of its column, so the position before it has no floating mark,
        // and the marks under it were dropped in turn.
        let mut lines_complete = false;
        for mv in self.moves_in(self.marks(winner)) {
            let before = self.without(mv);
            if before.status() == Status::Ongoing
                && !before.has_floating_mark()
                && before.check(mv).is_ok()
            {
                lines_complete = true;
                if before.can_be_stacked() {
                    return Ok(());
                }
            }
        }
        if lines_complete {
            Err(NOT_STACKED.into())
        } else {
            Err(format!(
                "{winner}'s lines cannot all have been completed by the last move"
            ))
        }
    }

    /// The marks above an empty cell, with gravity, where every mark must rest on the bottom or
    /// on another mark.
    fn floating(&self) -> Bits {
        let occupied = self.occupied();
        if self.rules().gravity {
            occupied & !(occupied << 1 | self.layout().bottom)
        } else {
            0
        }
    }

    /// The first floating mark in cell order: the cell a message names.
    fn floating_mark(&self) -> Option<Move> {
        self.moves_in(self.floating()).first().copied()
    }

    fn has_floating_mark(&self) -> bool {
        self.floating() != 0
    }

    /// Whether the marks can have been dropped X first and then in turn (always, without gravity,
    /// where any order puts them in place). With gravity each column's marks, read bottom up,
    /// must interleave into X, O, X, O, …: an O at the bottom of every column, for one, is no
    /// game's. A depth-first search over the columns' heights, each visited once: a height vector
    /// fixes whose turn it is, so it is the whole state.
    fn can_be_stacked(&self) -> bool {
        let rules = *self.rules();
        if !rules.gravity {
            return true;
        }
        let (width, height) = (usize::from(rules.width), usize::from(rules.height));
        // Each column's marks from the bottom (no mark floats, so they are the lowest cells).
        let columns: Vec<Vec<Player>> = (0..width)
            .map(|col| {
                (0..height)
                    .rev()
                    .map_while(|row| self.at(Move::at(&rules, row, col)))
                    .collect()
            })
            .collect();
        // A state is the vector of heights, numbered in mixed radix (column c's digit counts
        // its marks dropped so far), so the states seen fit one bit each: at most 9^8 bits
        // (5.4 MB) on an 8×8 board, 7^7 (100 KB) on Connect Four.
        let strides: Vec<usize> = columns
            .iter()
            .scan(1, |stride, marks| {
                let this = *stride;
                *stride *= marks.len() + 1;
                Some(this)
            })
            .collect();
        let states = strides[width - 1] * (columns[width - 1].len() + 1);
        let mut seen = vec![0_u64; states.div_ceil(64)];
        let total = self.ply() as usize;
        let mut stack = vec![(vec![0_usize; width], 0_usize)];
        while let Some((heights, state)) = stack.pop() {
            let dropped: usize = heights.iter().sum();
            if dropped == total {
                return true;
            }
            let mover = if dropped.is_multiple_of(2) {
                Player::X
            } else {
                Player::O
            };
            for (col, marks) in columns.iter().enumerate() {
                let next = state + strides[col];
                let (word, bit) = (next / 64, 1 << (next % 64));
                if marks.get(heights[col]) == Some(&mover) && seen[word] & bit == 0 {
                    seen[word] |= bit;
                    let mut taller = heights.clone();
                    taller[col] += 1;
                    stack.push((taller, next));
                }
            }
        }
        false
    }
}

const NOT_STACKED: &str =
    "no game stacks the columns so (with gravity X drops first, then each side in turn)";

#[cfg(test)]
mod tests {
    use crate::engine::game::position::{Player, Position, Status};
    use crate::engine::game::rules::Rules;
    use std::collections::HashSet;

    /// Every position of a small gravity board reached by play, X first, until a line or a full
    /// board ends the game.
    fn played(rules: Rules) -> HashSet<String> {
        let mut seen = HashSet::new();
        let mut open = vec![Position::empty(rules)];
        while let Some(position) = open.pop() {
            if !seen.insert(position.to_notation()) || position.status() != Status::Ongoing {
                continue;
            }
            for mv in position.legal_moves() {
                open.push(position.play(mv).expect("a legal move"));
            }
        }
        seen
    }

    /// Every way to fill each column from the bottom with x and o, reachable or not.
    fn stackings(rules: Rules) -> Vec<String> {
        let (width, height) = (usize::from(rules.width), usize::from(rules.height));
        let column_fills: Vec<Vec<char>> = (0..=height)
            .flat_map(|filled| {
                (0..1_usize << filled).map(move |colours| {
                    (0..height)
                        .map(|h| match (h < filled, colours >> h & 1) {
                            (false, _) => '.',
                            (true, 0) => 'x',
                            (true, _) => 'o',
                        })
                        .collect()
                })
            })
            .collect();
        let mut boards = vec![Vec::new()];
        for _ in 0..width {
            boards = boards
                .into_iter()
                .flat_map(|columns: Vec<&Vec<char>>| {
                    column_fills.iter().map(move |fill| {
                        let mut more = columns.clone();
                        more.push(fill);
                        more
                    })
                })
                .collect();
        }
        boards
            .iter()
            .map(|columns| {
                (0..height)
                    .rev()
                    .map(|h| columns.iter().map(|column| column[h]).collect::<String>())
                    .collect::<Vec<_>>()
                    .join("/")
            })
            .collect()
    }

    /// The test against the definition: on 4×3 with gravity (3 in a row), a stacking is accepted
    /// exactly when some game reaches it; among those refused, some for the order of their marks
    /// alone (counts and lines fine).
    #[test]
    fn a_gravity_position_is_accepted_exactly_when_some_game_reaches_it() {
        let rules = Rules::new(4, 3, 3, true).expect("valid rules");
        let reached = played(rules);
        let mut refused_for_order = 0;
        for text in stackings(rules) {
            let parsed = Position::parse(rules, &text);
            assert_eq!(
                parsed.is_ok(),
                reached.contains(&text),
                "{text}: {parsed:?}"
            );
            if let Err(why) = parsed
                && why.0.contains("no game stacks the columns so")
            {
                refused_for_order += 1;
            }
        }
        assert!(reached.len() > 1_000, "{} positions", reached.len());
        assert!(
            refused_for_order > 100,
            "{refused_for_order} refused for order"
        );
    }

    /// The tester's case: X's only mark lies on O's, so O moved first.
    #[test]
    fn a_mark_of_x_on_one_of_o_with_one_each_is_no_game() {
        let rules = Rules::CONNECT4;
        let why =
            Position::parse(rules, "......./......./......./......./x....../o......").unwrap_err();
        assert!(why.0.contains("no game stacks the columns so"), "{why}");
        let flipped = Position::parse(rules, "......./......./......./......./o....../x......");
        assert_eq!(flipped.map(|p| p.to_move()), Ok(Player::X));
    }
}
