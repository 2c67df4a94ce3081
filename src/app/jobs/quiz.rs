//! A quiz made off the UI thread: the exact analysis and the replayed search of up to ten
//! positions take from a millisecond (Connect Four near its end) to a few hundred (a 3×3 game from
//! its empty board with alphabeta): one `Quizzed` reply.

use super::reply::{JobKey, Reply, ReplyBody};
use crate::engine::quiz::{Source, generate_until};
use crate::engine::{Algorithm, Cancelled, StopFlag};

/// A quiz to make.
#[derive(Clone, Debug)]
pub struct QuizRequest {
    /// Tag of the request; the reply carries it back.
    pub generation: u64,
    /// Where its positions come from.
    pub source: Source,
    /// The algorithm its node questions replay.
    pub algorithm: Algorithm,
    /// The seed that makes it.
    pub seed: u64,
}

/// Makes the quiz and sends it back (`None`: no position to ask about).
pub(super) fn run(
    request: &QuizRequest,
    stop: &StopFlag,
    send: &mut dyn FnMut(Reply),
) -> Result<(), Cancelled> {
    let quiz = generate_until(&request.source, request.algorithm, request.seed, stop)?;
    send(Reply {
        key: JobKey::Quiz,
        generation: request.generation,
        body: ReplyBody::Quizzed(quiz.map(Box::new)),
    });
    Ok(())
}
