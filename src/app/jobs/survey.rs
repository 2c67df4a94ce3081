//! A search replay run to its end, so its totals and checkpoints are known: one `Surveyed` reply.

use super::reply::{JobKey, Reply, ReplyBody, Surveyed};
use crate::engine::search::replay::Replay;
use crate::engine::{Cancelled, StopFlag};

/// A search replay to run to its end.
#[derive(Clone)]
pub struct SurveyRequest {
    /// Tag of the request; the reply carries it back.
    pub generation: u64,
    /// The replay, at its start.
    pub replay: Box<Replay>,
}

impl std::fmt::Debug for SurveyRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SurveyRequest({})", self.generation)
    }
}

/// Runs the replay to its end and sends it back.
pub(super) fn run(
    request: SurveyRequest,
    stop: &StopFlag,
    send: &mut dyn FnMut(Reply),
) -> Result<(), Cancelled> {
    let mut replay = request.replay;
    replay.run_to_end(stop)?;
    send(Reply {
        key: JobKey::Replay,
        generation: request.generation,
        body: ReplyBody::Surveyed(Surveyed(replay)),
    });
    Ok(())
}
