//! The comparison of every algorithm on one position: a `Compared` reply per algorithm, the one
//! stopped included (saying how far it got).

use super::reply::{JobKey, Reply, ReplyBody};
use crate::engine::analysis::compare::ALLOWANCE;
use crate::engine::{Cancelled, Position, Reach, StopFlag, compare};
use std::time::Duration;

/// The allowance of a comparison started from the app.
pub const COMPARE_ALLOWANCE: Duration = ALLOWANCE;

/// A comparison of every algorithm on one position.
#[derive(Clone, Debug)]
pub struct CompareRequest {
    /// Tag of the request; replies carry it back.
    pub generation: u64,
    /// The position compared on.
    pub position: Position,
    /// Bytes for the engine's transposition table (`None`: the default).
    pub table: Option<usize>,
    /// To the end of the game, or to a depth.
    pub reach: Reach,
    /// How long each algorithm may run.
    pub allowance: Duration,
}

/// Runs the comparison, sending a reply per row.
pub(super) fn run(
    request: &CompareRequest,
    stop: &StopFlag,
    send: &mut dyn FnMut(Reply),
) -> Result<(), Cancelled> {
    let (position, table) = (&request.position, request.table);
    compare(
        position,
        table,
        request.reach,
        request.allowance,
        stop,
        |row| {
            send(Reply {
                key: JobKey::Compare,
                generation: request.generation,
                body: ReplyBody::Compared(Box::new(row.clone())),
            })
        },
    )
    .map(|_| ())
}
