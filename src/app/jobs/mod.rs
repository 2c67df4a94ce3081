//! The jobs the app asks of the worker, and the one shape of every reply. A job is a whole piece
//! of background work with its whole sequence of replies: `Job::run` carries it out on the
//! calling thread, the worker on a thread of its own (`worker.rs`), the tests inline. Every reply
//! carries the key of the job's slot and the generation of its request, so the app routes it to
//! where it belongs and drops it when it is stale.

mod analysis;
mod choice;
mod comparison;
pub(in crate::app) mod kept_solvers;
mod survey;
pub(in crate::app) mod worker;

pub use analysis::{Live, SearchRequest};
pub use choice::ChoiceRequest;
pub use comparison::{COMPARE_ALLOWANCE, CompareRequest};
pub use survey::{SurveyRequest, Surveyed};

use crate::engine::StopFlag;
use crate::engine::{Appraisal, Cancelled, CompareRow, Move, MoveAppraisal, Position, Skill};
use kept_solvers::KeptSolvers;
use std::sync::mpsc::Sender;
use std::thread;
use std::time::{Duration, Instant};

/// Which slot of the worker a job runs in: a new job cancels the running job of its slot only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JobKey {
    /// The analysis of the position on the board: level 4's move and the hints.
    Play,
    /// The explorer's analysis of a position below the one on the board.
    Explore(Position),
    /// The comparison of every algorithm.
    Compare,
    /// A search replay run to its end.
    Replay,
    /// The move of an AI below level 4, chosen as its level chooses.
    Choice,
}

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
    /// Cancel the job running under this key, if any.
    Cancel(JobKey),
}

/// A reply from a job: whose it is, and what it says.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The slot of the job.
    pub key: JobKey,
    /// The generation of its request.
    pub generation: u64,
    /// What it says.
    pub body: ReplyBody,
}

/// What a reply says.
#[derive(Clone, Debug)]
pub enum ReplyBody {
    /// One candidate move is scored, or its estimate improved.
    Move(MoveAppraisal),
    /// Every candidate move is scored (exactly, or as well as the budget allowed). A request that
    /// settles gets a second one when every move is exact. Boxed: far larger than the others.
    Done(Box<Appraisal>),
    /// How far a long `engine` analysis has got, about twice a second while it runs.
    Progress(Live),
    /// An AI below level 4 has chosen its move (`None`: no legal move), in this long (the pace
    /// not included).
    Chosen(Skill, Option<Move>, Duration),
    /// One algorithm of a comparison has finished or was stopped (boxed: a finished row holds a
    /// whole analysis).
    Compared(Box<CompareRow>),
    /// A replay has been run to its end.
    Surveyed(Surveyed),
}

/// Where and how jobs run.
#[derive(Clone, Default)]
pub struct Runner {
    /// The exact solvers kept between jobs.
    pub solvers: KeptSolvers,
    /// For a person watching: progress replies twice a second, sent here from a thread of their
    /// own, and the AI-against-AI pace. `None` in the tests, whose replies are then the same on
    /// every run and never wait.
    pub live: Option<Sender<Reply>>,
}

impl Job {
    /// The slot the job concerns.
    pub fn key(&self) -> JobKey {
        match self {
            Job::Analyze(request) => request.key,
            Job::Compare(_) => JobKey::Compare,
            Job::Survey(_) => JobKey::Replay,
            Job::Choose(_) => JobKey::Choice,
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
            Job::Cancel(_) => Ok(()),
        }
    }
}

/// With a person watching, waits until `pace` has passed since `started` (or the job is
/// stopped), so each move of an AI-against-AI game can be followed.
fn wait_for_pace(
    runner: &Runner,
    started: Instant,
    pace: Duration,
    stop: &StopFlag,
) -> Result<(), Cancelled> {
    if runner.live.is_none() {
        return Ok(());
    }
    while started.elapsed() < pace {
        stop.check()?;
        thread::sleep(Duration::from_millis(10));
    }
    Ok(())
}
