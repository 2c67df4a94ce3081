//! The search worker: a "single job" in the manner of gitui's `AsyncSingleJob`. One analysis runs
//! at a time on its own thread; starting a new one raises the old one's `StopFlag`. Results travel
//! back over a channel, tagged with the generation of the request, so the app can drop stale ones.

use crate::engine::{
    Algorithm, Appraisal, Budget, Cancelled, MoveAppraisal, Position, StopFlag, analyze_within,
};
use std::sync::mpsc::Sender;
use std::thread;
use std::time::{Duration, Instant};

/// What the app asks the worker to analyse.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// Tag of the request; replies carry it back.
    pub generation: u64,
    /// The position whose moves are scored.
    pub position: Position,
    /// The algorithm to use.
    pub algorithm: Algorithm,
    /// How long and how deep to search before answering.
    pub budget: Budget,
    /// The least time before the final result is delivered (the pace of AI-vs-AI games).
    pub pace: Duration,
}

/// What the app wants from the worker next.
#[derive(Clone, Debug)]
pub enum Job {
    /// Cancel whatever runs and analyse this instead.
    Analyze(SearchRequest),
    /// Cancel whatever runs.
    Cancel,
}

/// A reply from the worker.
#[derive(Clone, Debug)]
pub enum SearchMessage {
    /// One candidate move is scored, or its estimate improved.
    Move {
        /// The generation of the request.
        generation: u64,
        /// The move's analysis.
        analysis: MoveAppraisal,
    },
    /// Every candidate move is scored (exactly, or as well as the budget allowed).
    Done {
        /// The generation of the request.
        generation: u64,
        /// The whole analysis (boxed: it is far larger than the other messages).
        analysis: Box<Appraisal>,
    },
}

impl SearchMessage {
    /// The generation of the request this message answers.
    pub fn generation(&self) -> u64 {
        match self {
            SearchMessage::Move { generation, .. } | SearchMessage::Done { generation, .. } => {
                *generation
            }
        }
    }
}

/// Runs one request on the calling thread, sending a `Move` message per new value; returns the
/// analysis (the caller sends `Done`, so tests can fix its elapsed time and threads can pace it).
pub fn run_job(
    request: &SearchRequest,
    stop: &StopFlag,
    mut send: impl FnMut(SearchMessage),
) -> Result<Appraisal, Cancelled> {
    analyze_within(
        &request.position,
        request.algorithm,
        &request.budget,
        stop,
        |analysis| {
            send(SearchMessage::Move {
                generation: request.generation,
                analysis: analysis.clone(),
            })
        },
    )
}

/// Owns the running search thread, if any.
pub struct Worker {
    replies: Sender<SearchMessage>,
    running: Option<StopFlag>,
}

impl Worker {
    /// A worker that sends its replies to `replies`.
    pub fn new(replies: Sender<SearchMessage>) -> Worker {
        Worker {
            replies,
            running: None,
        }
    }

    /// Carries out what the app asked for.
    pub fn submit(&mut self, job: Job) {
        match job {
            Job::Analyze(request) => self.start(request),
            Job::Cancel => self.cancel(),
        }
    }

    /// Cancels the running search and starts `request` on a fresh thread.
    pub fn start(&mut self, request: SearchRequest) {
        self.cancel();
        let stop = StopFlag::default();
        self.running = Some(stop.clone());
        let replies = self.replies.clone();
        // A cancelled thread winds down on its own within milliseconds; nobody needs to join it.
        thread::spawn(move || {
            let started = Instant::now();
            let send = |message| {
                // The receiver is gone only when the app is quitting: nothing left to tell.
                let _ = replies.send(message);
            };
            let Ok(analysis) = run_job(&request, &stop, send) else {
                return;
            };
            while started.elapsed() < request.pace {
                if stop.is_stopped() {
                    return;
                }
                thread::sleep(Duration::from_millis(10));
            }
            let _ = replies.send(SearchMessage::Done {
                generation: request.generation,
                analysis: Box::new(analysis),
            });
        });
    }

    /// Raises the stop flag of the running search, if any.
    pub fn cancel(&mut self) {
        if let Some(stop) = self.running.take() {
            stop.stop();
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel();
    }
}
