//! The search replay being watched (`ReplayState`) and the steps the user asks of it
//! (`ReplayCommand`); `update.rs` is the replay's part of `App::update`.

pub(in crate::app) mod picture;
pub(in crate::app) mod update;

use crate::app::quiz::QuizState;
use crate::app::review::ReviewState;
use crate::engine::search::replay::Replay;
use crate::engine::{Algorithm, Seek};
use std::collections::VecDeque;

/// The node budget of a replay in the app: the whole 3×3 minimax tree (549,945 nodes) fits; on
/// bigger boards the replay covers the first this-many nodes and says so.
pub const REPLAY_NODES: u64 = 1_000_000;

/// Events a step over or out runs per key press or tick: a few milliseconds of work, so the keys
/// stay live while it crosses a subtree of millions of events.
pub const SEEK_SLICE: u64 = 20_000;

/// Autoplay speeds, in events per second.
pub const SPEEDS: [u32; 7] = [1, 3, 10, 30, 100, 1_000, 10_000];

/// One step of the replay the user asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayCommand {
    /// One event forward.
    Forward,
    /// One event back.
    Back,
    /// Finish the subtree just entered.
    Over,
    /// Finish the current node and return to its parent.
    Out,
    /// Run to the next cutoff.
    NextCutoff,
    /// Run to the end.
    End,
    /// Back to the first event.
    Restart,
    /// Start or pause autoplay.
    Autoplay,
    /// Autoplay faster.
    Faster,
    /// Autoplay slower.
    Slower,
    /// Replay the same position with another algorithm.
    Algorithm(Algorithm),
    /// Draw the search as a Graphviz picture, for the loop to write to a file.
    Picture,
    /// Leave the replay.
    Close,
}

/// The replay being watched.
#[derive(Clone)]
pub struct ReplayState {
    /// The replay, at the step shown.
    pub replay: Replay,
    /// The generation of the job that runs it to its end; its answer is dropped if stale.
    pub generation: u64,
    /// Whether that job is still running (the totals are not known yet).
    pub surveying: bool,
    /// Whether autoplay runs.
    pub autoplay: bool,
    /// Index into `SPEEDS`.
    pub speed: usize,
    /// Events autoplay owes (fractions carry over between ticks).
    pub due: f64,
    /// Commands waiting for the totals: a long jump asked for before they were known, and every
    /// command after it, carried out in order when they arrive.
    pub pending: VecDeque<ReplayCommand>,
    /// A step over or out still on its way, a slice per tick; any replay key stops it.
    pub seeking: Option<Seek>,
    /// The review this replay was opened from (`s` there), which leaving the replay returns to;
    /// its job goes on meanwhile.
    pub review: Option<Box<ReviewState>>,
    /// The quiz this replay was opened from (`s` after an answer), which leaving it returns to.
    pub quiz: Option<Box<QuizState>>,
}

impl ReplayState {
    /// Runs a slice of the way to `target`; what is left waits for the next tick.
    fn start_seek(&mut self, target: Seek) {
        let reached = self.replay.seek(target, SEEK_SLICE);
        self.seeking = (!reached).then_some(target);
    }

    /// Autoplay's speed in events per second.
    pub fn events_per_second(&self) -> u32 {
        SPEEDS[self.speed]
    }
}

/// A picture to write: the file's name and its DOT text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureFile {
    /// Where it goes, relative to the directory the game was started in.
    pub name: String,
    /// The Graphviz DOT text.
    pub text: String,
}
