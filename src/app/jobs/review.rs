//! A game reviewed move by move (`engine::review`): one `Judged` reply per move as soon as it is
//! judged, so the review pane fills in while the later positions are still being solved, and
//! before it a `Scoring` reply per move of its position scored, so the pane shows how far it got.

use super::reply::{JobKey, Reply, ReplyBody};
use super::runner::Runner;
use crate::engine::{
    Algorithm, Cancelled, Move, Position, ReviewEvent, ReviewSearch, StopFlag, Table, review,
};
use std::time::Duration;

/// A game to review.
#[derive(Clone, Debug)]
pub struct ReviewRequest {
    /// Tag of the request; the replies carry it back.
    pub generation: u64,
    /// The position the game started from.
    pub start: Position,
    /// The moves played from it, each legal in turn.
    pub moves: Vec<Move>,
    /// The transposition table's size in bytes (`None`: the default).
    pub table: Option<usize>,
    /// Search threads for each position's analysis.
    pub threads: usize,
    /// The most time each position may take (`None`: as long as it needs); a move whose
    /// position is not solved by then is left unjudged.
    pub limit: Option<Duration>,
}

/// Judges every move with the exact `engine` (whatever algorithm the AI plays with: a verdict
/// needs every move's exact score, which only the engine finds quickly on bigger boards), on a
/// kept solver, so the positions of one game share what the table learnt and the installed
/// opening book answers the early Connect Four positions.
pub(super) fn run(
    request: &ReviewRequest,
    runner: &Runner,
    stop: &StopFlag,
    send: &mut dyn FnMut(Reply),
) -> Result<(), Cancelled> {
    let mut solver = runner
        .solvers
        .take_kept(&request.start, request.table, stop)?;
    let search = ReviewSearch {
        algorithm: Algorithm::Engine,
        threads: request.threads,
        limit: request.limit,
    };
    let result = review(
        &request.start,
        &request.moves,
        search,
        Table::Kept(&mut solver),
        stop,
        |event| {
            let body = match event {
                ReviewEvent::Scored { scored, moves } => ReplyBody::Scoring(scored, moves),
                ReviewEvent::Judged(judged) => ReplyBody::Judged(Box::new(judged.clone())),
            };
            send(Reply {
                key: JobKey::Review,
                generation: request.generation,
                body,
            })
        },
    );
    runner.solvers.give(solver);
    result.map(|_| ())
}
