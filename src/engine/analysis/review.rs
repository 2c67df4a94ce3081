//! A game judged move by move: each move's exact score against the best move there, for the side
//! that played it. A move that changed the game's value for its player (win → draw, win → loss,
//! draw → loss) is a *mistake*; one that kept the outcome but made a win slower or a loss faster
//! is an *inaccuracy*; any move with the best score is *best*. Where a position cannot be solved
//! within the time given to each (8×8 from the start, say), its move is left unjudged rather
//! than judged on an estimate, and the review goes on: later positions are smaller.

use crate::engine::analysis::exact::analyze_parallel;
use crate::engine::analysis::scorer::Table;
use crate::engine::game::position::{Move, Player, Position};
use crate::engine::game::score::{Outcome, Score};
use crate::engine::search::{Algorithm, Cancelled, StopFlag};
use std::time::{Duration, Instant};

/// How a move compares with the best move of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// As good as any move there.
    Best,
    /// The same outcome as the best move, at a worse distance (a slower win, a faster loss).
    Inaccuracy,
    /// A worse outcome than the best move (a win given away, a draw lost).
    Mistake,
}

impl Verdict {
    /// Judges a move of score `played` where the best move scores `best`.
    pub fn of(played: Score, best: Score) -> Verdict {
        if played.score >= best.score {
            Verdict::Best
        } else if played.outcome().kind() == best.outcome().kind() {
            Verdict::Inaccuracy
        } else {
            Verdict::Mistake
        }
    }

    /// `mistake` for one, `mistakes` for any other count (`inaccuracy`, `inaccuracies`, …).
    pub fn noun(self, n: usize) -> &'static str {
        let (one, many) = match self {
            Verdict::Best => ("best move", "best moves"),
            Verdict::Inaccuracy => ("inaccuracy", "inaccuracies"),
            Verdict::Mistake => ("mistake", "mistakes"),
        };
        if n == 1 { one } else { many }
    }

    /// `1 mistake`, `2 inaccuracies`: `n` moves of this verdict, in words.
    pub fn counted(self, n: usize) -> String {
        format!("{n} {}", self.noun(n))
    }

    /// `best`, `inaccuracy` or `mistake`, as in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Best => "best",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
        }
    }
}

/// One move of a game, and its judgement if its position was solved in time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReview {
    /// The position the move was played in.
    pub position: Position,
    /// The move's number in the game: the position's ply + 1.
    pub ply: u32,
    /// Who played it.
    pub player: Player,
    /// The move played.
    pub mv: Move,
    /// The move against the best there; `None`: no exact score within the time per position.
    pub judgement: Option<Judgement>,
}

/// A move's exact score against the best moves of its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The move's exact score for the side that played it.
    pub score: Score,
    /// Every move with the best score there (the played move among them if it was best).
    pub best: Vec<Move>,
    /// The best moves' score: the position's value for the side to move.
    pub best_score: Score,
    /// How the move compares with them.
    pub verdict: Verdict,
    /// Nodes the analysis of the position searched.
    pub nodes: u64,
}

impl Judgement {
    /// The outcome for the player before the move (under best play) and after it.
    pub fn outcomes(&self) -> (Outcome, Outcome) {
        (self.best_score.outcome(), self.score.outcome())
    }
}

impl MoveReview {
    /// The verdict, once judged.
    pub fn verdict(&self) -> Option<Verdict> {
        self.judgement.as_ref().map(|j| j.verdict)
    }
}

/// What a review tells as it goes.
#[derive(Clone, Copy, Debug)]
pub enum ReviewEvent<'a> {
    /// Of the legal moves of the position being judged, `scored` have their exact score, of
    /// `moves`: how far the judging of the next move has got.
    Scored {
        /// Moves scored so far.
        scored: usize,
        /// Legal moves of the position.
        moves: usize,
    },
    /// A move is judged, or found out of reach.
    Judged(&'a MoveReview),
}

/// How each position of a review is searched.
#[derive(Clone, Copy, Debug)]
pub struct ReviewSearch {
    /// The algorithm of the exact analysis.
    pub algorithm: Algorithm,
    /// Threads it searches on.
    pub threads: usize,
    /// The most time one position may take (`None`: as long as it needs); a position not solved
    /// by then leaves its move unjudged.
    pub limit: Option<Duration>,
}

/// Judges each of `moves`, played in turn from `start`, with an exact analysis of every position
/// (the `engine`'s table from `table`, kept across the game's positions if it is a kept one, and
/// the installed opening book consulted). `on_event` hears each move as soon as it is judged, or
/// found out of reach, and before that each of its position's moves as it is scored. The moves
/// must be legal in turn; the game may end with the last one.
pub fn review(
    start: &Position,
    moves: &[Move],
    search: ReviewSearch,
    mut table: Table<'_>,
    stop: &StopFlag,
    mut on_event: impl FnMut(ReviewEvent),
) -> Result<Vec<MoveReview>, Cancelled> {
    let mut position = *start;
    let mut reviews = Vec::with_capacity(moves.len());
    for &mv in moves {
        // The game may end before the list does (the caller checked the moves were legal).
        if position.check(mv).is_err() {
            break;
        }
        let judged = MoveReview {
            position,
            ply: position.ply() + 1,
            player: position.to_move(),
            mv,
            judgement: judge(&position, mv, search, table.reborrow(), stop, &mut on_event)?,
        };
        on_event(ReviewEvent::Judged(&judged));
        reviews.push(judged);
        let Ok(next) = position.play(mv) else { break };
        position = next;
    }
    Ok(reviews)
}

/// `mv`'s judgement in `position`, or `None` if the position's analysis ran out of time.
fn judge(
    position: &Position,
    mv: Move,
    search: ReviewSearch,
    table: Table<'_>,
    stop: &StopFlag,
    on_event: &mut impl FnMut(ReviewEvent),
) -> Result<Option<Judgement>, Cancelled> {
    let timed = StopFlag::with_deadline(stop);
    timed.set_deadline(search.limit.map(|limit| Instant::now() + limit));
    let moves = position.legal_moves().len();
    let mut scored = 0;
    on_event(ReviewEvent::Scored { scored, moves });
    let analysis = match analyze_parallel(
        position,
        search.algorithm,
        table,
        search.threads,
        &timed,
        |_| {
            scored += 1;
            on_event(ReviewEvent::Scored { scored, moves });
        },
    ) {
        Ok(analysis) => analysis,
        // Out of time, not stopped by the caller: the move stays unjudged.
        Err(Cancelled) if !stop.is_stopped() => return Ok(None),
        Err(cancelled) => return Err(cancelled),
    };
    let (Some(played), Some(top)) = (
        analysis.moves.iter().find(|m| m.mv == mv),
        analysis.moves.first(),
    ) else {
        return Ok(None);
    };
    Ok(Some(Judgement {
        score: played.score,
        best: analysis.best(),
        best_score: top.score,
        verdict: Verdict::of(played.score, top.score),
        nodes: analysis.stats.nodes,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    fn score(score: i32, plies: u32) -> Score {
        Score { score, plies }
    }

    #[test]
    fn verdicts_compare_outcomes_then_distances() {
        // 3×3: a win next move (+8) against a win at once (+10) is the same outcome, slower.
        assert_eq!(Verdict::of(score(8, 3), score(10, 1)), Verdict::Inaccuracy);
        assert_eq!(Verdict::of(score(0, 5), score(8, 3)), Verdict::Mistake);
        assert_eq!(Verdict::of(score(-9, 2), score(0, 5)), Verdict::Mistake);
        assert_eq!(Verdict::of(score(-7, 4), score(-5, 6)), Verdict::Inaccuracy);
        assert_eq!(Verdict::of(score(0, 5), score(0, 5)), Verdict::Best);
    }

    #[test]
    fn a_blunder_into_a_fork_is_the_one_mistake() {
        // X b2, O a2 (an edge: loses to X's fork), X a1, O c3 (forced), X c1 (double threat).
        let start = Position::empty(Rules::TICTACTOE);
        let (_, moves) = start.play_line("b2 a2 a1 c3 c1").unwrap();
        let stop = StopFlag::default();
        let search = ReviewSearch {
            algorithm: Algorithm::Engine,
            threads: 1,
            limit: None,
        };
        let reviews = review(&start, &moves, search, Table::New(None), &stop, |_| {});
        let verdicts: Vec<Verdict> = reviews
            .unwrap()
            .iter()
            .filter_map(MoveReview::verdict)
            .collect();
        use Verdict::*;
        assert_eq!(verdicts, [Best, Mistake, Best, Best, Best]);
    }
}
