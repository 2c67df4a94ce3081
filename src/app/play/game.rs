//! The game record: the start position, the moves played since, and the moves taken back, each
//! with what the analysis knew of it when it was played.

use crate::engine::{IllegalMove, Move, MoveValue, Player, Position};

/// The moves of one game, with undo and redo.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[0]` is the start; each move adds the position after it.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// The value of each move of `moves` when it was played, if the analysis had one.
    values: Vec<Option<MoveValue>>,
    /// Who played each move of `moves` (`you`, `AI level 4`): a seat may change during a game,
    /// and the record names who really played.
    played_by: Vec<String>,
    /// Moves taken back with their values and who played them, the most recent last: a redo
    /// says again what was known of each, though the analysis of the positions it passes through
    /// has not run again, and who played it, though the seats may have changed since (`w`).
    undone: Vec<(Move, Option<MoveValue>, String)>,
    /// The game's lengths when each undo started, the most recent last: a redo goes back to the
    /// nearest, so it replays as many moves as the undo took back.
    stops: Vec<usize>,
}

impl Game {
    /// A game starting at `start`.
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            values: Vec::new(),
            played_by: Vec::new(),
            undone: Vec::new(),
            stops: Vec::new(),
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        // `positions` is never empty: it starts with the start position and undo keeps it.
        &self.positions[self.positions.len() - 1]
    }

    /// The position the game started from (what `moves` are played from).
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// Who played each of `moves`, in order: the side to move before it.
    pub fn movers(&self) -> impl Iterator<Item = Player> + '_ {
        self.positions[..self.moves.len()]
            .iter()
            .map(Position::to_move)
    }

    /// The moves played since the start.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Who played each move of `moves`, in order.
    pub fn played_by(&self) -> &[String] {
        &self.played_by
    }

    /// The most recent move.
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// Plays a move whose value the analysis knows (`known`), or not; a new move forgets the
    /// moves taken back. Returns what is known of the move: `known`, or for a move redone the
    /// value it had when it was first played. `by` names who plays it (a redo passes who played
    /// it first: `next_redo`).
    pub fn play(
        &mut self,
        mv: Move,
        known: Option<MoveValue>,
        by: String,
    ) -> Result<Option<MoveValue>, IllegalMove> {
        let next = self.position().play(mv)?;
        self.positions.push(next);
        self.moves.push(mv);
        let mut value = known;
        match self.undone.last() {
            Some(&(undone, before, _)) if undone == mv => {
                self.undone.pop();
                value = better_known(known, before);
                let length = self.moves.len();
                self.stops.retain(|&stop| stop > length);
            }
            _ => {
                self.undone.clear();
                self.stops.clear();
            }
        }
        self.values.push(value);
        self.played_by.push(by);
        Ok(value)
    }

    /// Takes back the last move, if there is one.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        let by = self.played_by.pop().unwrap_or_default();
        let value = self.values.pop().flatten();
        self.positions.pop();
        self.undone.push((mv, value, by));
        Some(mv)
    }

    /// Records that an undo of one move or several started when the game had `length` moves.
    pub fn undone_from(&mut self, length: usize) {
        if self.moves.len() < length {
            self.stops.push(length);
        }
    }

    /// The game's length after a redo: where the latest undo not yet redone started.
    pub fn redo_target(&self) -> usize {
        let now = self.moves.len();
        let stop = self.stops.iter().rev().find(|&&stop| stop > now);
        stop.copied().unwrap_or(now + 1)
    }

    /// The move `redo` would replay, and who played it.
    pub fn next_redo(&self) -> Option<(Move, String)> {
        self.undone.last().map(|(mv, _, by)| (*mv, by.clone()))
    }

    /// Back to the start position, forgetting everything.
    pub fn restart(&mut self) {
        self.positions.truncate(1);
        self.moves.clear();
        self.values.clear();
        self.played_by.clear();
        self.undone.clear();
        self.stops.clear();
    }
}

/// Of what the analysis knows of a move redone now and what was known when it was first played,
/// the better informed: an exact score over an estimate (a redo right after the undo finds the
/// new analysis at its first, one-ply estimates), the deeper of two estimates, else what is
/// known now.
fn better_known(now: Option<MoveValue>, then: Option<MoveValue>) -> Option<MoveValue> {
    match (now, then) {
        (Some(MoveValue::Estimate(_)), Some(then @ MoveValue::Exact(_))) => Some(then),
        (Some(MoveValue::Estimate(now)), Some(MoveValue::Estimate(then)))
            if then.depth > now.depth =>
        {
            Some(MoveValue::Estimate(then))
        }
        (now, then) => now.or(then),
    }
}

#[cfg(test)]
mod tests {
    use super::{Game, better_known};
    use crate::engine::{Estimate, MoveValue, Position, Rules, Score};

    /// A move is credited to whoever plays it, even the move just taken back played again by
    /// another (the seats swapped with `w`); a redo is told who played it first.
    #[test]
    fn a_move_is_credited_to_who_plays_it_and_a_redo_to_who_played_it() {
        let start = Position::empty(Rules::TICTACTOE);
        let a1 = start.parse_move("a1").unwrap();
        let mut game = Game::new(start);
        game.play(a1, None, "you".into()).unwrap();
        game.undo();
        assert_eq!(game.next_redo(), Some((a1, "you".into())));
        game.play(a1, None, "AI level 4".into()).unwrap();
        assert_eq!(game.played_by(), ["AI level 4"]);
        assert_eq!(game.next_redo(), None);
    }

    /// A redo right after its undo finds the new analysis at one-ply estimates: the exact score
    /// the move was played with stays (a redone losing move read `≈ +0.19 (depth 1)`; a draw here).
    #[test]
    fn a_redone_move_keeps_the_better_informed_value() {
        let exact = MoveValue::Exact(Score::from_value(0, 42, 10));
        let shallow = MoveValue::Estimate(Estimate {
            value: 19,
            depth: 1,
        });
        let deep = MoveValue::Estimate(Estimate {
            value: -40,
            depth: 7,
        });
        assert_eq!(better_known(Some(shallow), Some(exact)), Some(exact));
        assert_eq!(better_known(Some(exact), Some(shallow)), Some(exact));
        assert_eq!(better_known(Some(shallow), Some(deep)), Some(deep));
        assert_eq!(better_known(Some(deep), Some(shallow)), Some(deep));
        assert_eq!(better_known(None, Some(shallow)), Some(shallow));
        assert_eq!(better_known(Some(shallow), None), Some(shallow));
    }
}
