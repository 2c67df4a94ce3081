//! Where and how jobs run: the solvers kept between them and, for a person watching, the channel
//! of progress replies and the AI-against-AI pace.

use super::kept_solvers::KeptSolvers;
use super::reply::Reply;
use crate::engine::{Cancelled, StopFlag};
use std::sync::mpsc::Sender;
use std::thread;
use std::time::{Duration, Instant};

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

/// With a person watching, waits until `pace` has passed since `started` (or the job is
/// stopped), so each move of an AI-against-AI game can be followed.
pub(super) fn wait_for_pace(
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
