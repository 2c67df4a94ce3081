//! The search replay being watched (`ReplayState`) and the steps the user asks of it
//! (`ReplayCommand`); `update.rs` is the replay's part of `App::update`.

pub(in crate::app) mod picture;
pub(in crate::app) mod update;

use crate::app::quiz::QuizState;
use crate::app::review::ReviewState;
use crate::app::state::Mode;
use crate::engine::search::replay::{Replay, View};
use crate::engine::{Algorithm, Seek};
use std::collections::VecDeque;

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
    /// Replay the same position one ply shallower (-1) or deeper (1).
    Depth(i32),
    /// Draw the search as a Graphviz picture, for the loop to write to a file.
    Picture,
    /// Show the values the other way: negamax (for the side to move) or max/min (for X).
    ToggleView,
    /// Leave the replay.
    Close,
}

/// The replay being watched.
#[derive(Clone)]
pub struct ReplayState {
    /// The replay, at the step shown.
    pub replay: Replay,
    /// How its values are shown: negamax or max/min.
    pub view: View,
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
    /// Where leaving the replay goes back to.
    pub from: ReplayFrom,
}

/// What a replay was opened from, and leaving it goes back to.
#[derive(Clone)]
pub enum ReplayFrom {
    /// The game (`s` there).
    Game,
    /// The review (`s` there), whose job goes on meanwhile.
    Review(Box<ReviewState>),
    /// The quiz (`s` after an answer).
    Quiz(Box<QuizState>),
}

impl ReplayFrom {
    /// The mode leaving the replay returns to.
    pub fn into_mode(self) -> Mode {
        match self {
            ReplayFrom::Game => Mode::Game,
            ReplayFrom::Review(review) => Mode::Review(review),
            ReplayFrom::Quiz(quiz) => Mode::Quiz(quiz),
        }
    }
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
