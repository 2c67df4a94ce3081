//! The jobs the app asks of the worker, and the one shape of every reply. A job is a whole piece
//! of background work with its whole sequence of replies: `Job::run` carries it out on the
//! calling thread, the worker on a thread of its own (`worker.rs`), the tests inline. Every reply
//! carries the key of the job's slot and the generation of its request, so the app routes it to
//! where it belongs and drops it when it is stale.

mod analysis;
mod choice;
mod comparison;
pub(in crate::app) mod kept_solvers;
mod quiz;
mod reply;
mod review;
mod runner;
mod survey;
pub(in crate::app) mod worker;

pub use analysis::SearchRequest;
pub use choice::ChoiceRequest;
pub use comparison::{COMPARE_ALLOWANCE, CompareRequest};
pub use quiz::QuizRequest;
pub use reply::{JobKey, Live, Reply, ReplyBody, Surveyed};
pub use review::ReviewRequest;
pub use runner::Runner;
pub use survey::SurveyRequest;

use crate::engine::{Cancelled, StopFlag};

/// What the app wants from the worker next.
#[derive(Clone, Debug)]
pub enum Job {
    /// Cancel whatever runs under the request's key and analyse this instead.
    Analyze(SearchRequest),
    /// Cancel a running comparison and start this one.
    Compare(CompareRequest),
    /// Cancel a running survey and start this one.
    Survey(SurveyRequest),
    /// Cancel a running choice and make this one.
    Choose(ChoiceRequest),
    /// Cancel a running review and start this one.
    Review(ReviewRequest),
    /// Cancel a quiz being made and make this one.
    Quiz(QuizRequest),
    /// Cancel the job running under this key, if any.
    Cancel(JobKey),
}

impl Job {
    /// The slot the job concerns.
    pub fn key(&self) -> JobKey {
        match self {
            Job::Analyze(request) => request.key,
            Job::Compare(_) => JobKey::Compare,
            Job::Survey(_) => JobKey::Replay,
            Job::Choose(_) => JobKey::Choice,
            Job::Review(_) => JobKey::Review,
            Job::Quiz(_) => JobKey::Quiz,
            Job::Cancel(key) => *key,
        }
    }

    /// Carries the job out on the calling thread, sending each reply as it is known, until it is
    /// done or `stop` is raised (`Err(Cancelled)`; a comparison still says how far it got).
    pub fn run(
        self,
        runner: &Runner,
        stop: &StopFlag,
        send: &mut dyn FnMut(Reply),
    ) -> Result<(), Cancelled> {
        match self {
            Job::Analyze(request) => analysis::run(&request, runner, stop, send),
            Job::Compare(request) => comparison::run(&request, stop, send),
            Job::Survey(request) => survey::run(request, stop, send),
            Job::Choose(request) => choice::run(&request, runner, stop, send),
            Job::Review(request) => review::run(&request, runner, stop, send),
            Job::Quiz(request) => quiz::run(&request, stop, send),
            Job::Cancel(_) => Ok(()),
        }
    }
}
