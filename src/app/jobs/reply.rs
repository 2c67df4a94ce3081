//! What a job says back, in one shape for every kind of job: the key of the job's slot, the
//! generation of its request, and a body.

use crate::engine::quiz::Quiz;
use crate::engine::search::replay::Replay;
use crate::engine::{Appraisal, CompareRow, Move, MoveAppraisal, MoveReview, Position, Skill};
use std::time::Duration;

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
    /// The review of the game so far.
    Review,
    /// The questions of a quiz being made.
    Quiz,
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
    /// The analysis is over and its `Done` waits for the pace of a game between two AIs.
    Pacing,
    /// An AI below level 4 has chosen its move (`None`: no legal move), in this long (the pace
    /// not included).
    Chosen(Skill, Option<Move>, Duration),
    /// One algorithm of a comparison has finished or was stopped (boxed: a finished row holds a
    /// whole analysis).
    Compared(Box<CompareRow>),
    /// A replay has been run to its end.
    Surveyed(Surveyed),
    /// One move of a reviewed game is judged (boxed: it holds a position and the best moves).
    Judged(Box<MoveReview>),
    /// The review's next move is being judged: this many of its position's legal moves are
    /// scored, of so many.
    Scoring(usize, usize),
    /// A quiz is made (`None`: its source had no position to ask about).
    Quizzed(Option<Box<Quiz>>),
}

/// A running analysis as its progress reader sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Live {
    /// Nodes searched since the request started, by every thread, across the budgeted search
    /// and the settling after it.
    pub nodes: u64,
    /// Time since the request started.
    pub elapsed: Duration,
    /// The moves being scored now.
    pub scoring: Vec<Move>,
}

/// A replay run to its end (a wrapper so replies can be printed in test failures without
/// printing a whole replay).
#[derive(Clone)]
pub struct Surveyed(pub Box<Replay>);

impl std::fmt::Debug for Surveyed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Surveyed(step {})", self.0.step())
    }
}
