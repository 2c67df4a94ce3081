//! The replay's part of `App::update`: `s` opens a replay of the search of the shown position,
//! the replay keys step through it event by event, autoplay ticks, and the survey's answer (the
//! replay run to its end once in the background, so the totals are known and every jump lands at
//! once) arrives.

use super::{REPLAY_NODES, ReplayCommand, ReplayState, SPEEDS};
use crate::app::jobs::{Job, JobKey, SurveyRequest};
use crate::app::play::board_view::{BoardView, Mark};
use crate::app::review::ReviewState;
use crate::app::state::{App, Mode};
use crate::engine::search::replay::{Replay, ReplayLimits};
use crate::engine::{Algorithm, Status};
use std::collections::VecDeque;
use std::time::Duration;

impl App {
    /// Opens the replay of the shown position's search with `algorithm`.
    pub(crate) fn open_replay(&mut self, algorithm: Algorithm) {
        let root = self.explored_position();
        if root.status() != Status::Ongoing {
            self.notice = Some("the game is over here: there is no search to replay".into());
            return;
        }
        self.open_replay_at(root, algorithm, None);
    }

    /// Carries out one replay command.
    pub(crate) fn replay_command(&mut self, command: ReplayCommand) {
        let Some(state) = self.replay_mut() else {
            return;
        };
        // Until the background run has counted the search, a jump to the end or to a far cutoff
        // would run the search here and freeze the keys: it waits for the count instead, and so
        // does every key after it, so that they take effect in the order they were pressed.
        let jump = matches!(command, ReplayCommand::End | ReplayCommand::NextCutoff);
        // Leaving, another algorithm and the picture need no count.
        let at_once = matches!(
            command,
            ReplayCommand::Close | ReplayCommand::Algorithm(_) | ReplayCommand::Picture
        );
        if state.surveying && !at_once && (jump || !state.pending.is_empty()) {
            state.pending.push_back(command);
            let waiting = state.pending.len();
            self.notice = Some(match waiting {
                1 => "counting the search first: the jump follows at once".into(),
                n => format!("counting the search first: {n} keys follow at once"),
            });
            return;
        }
        // A step over or out still running gives way to whatever was pressed next.
        state.seeking = None;
        let replay = &mut state.replay;
        match command {
            ReplayCommand::Forward => {
                if !replay.forward() {
                    self.notice =
                        Some("the end of the search (← steps back, Home restarts)".into());
                }
            }
            ReplayCommand::Back => {
                if !replay.back() {
                    self.notice = Some("the start of the search".into());
                }
            }
            ReplayCommand::Over => match replay.over_target() {
                Some(target) => state.start_seek(target),
                None => {
                    replay.forward();
                }
            },
            ReplayCommand::Out => {
                let target = replay.out_target();
                state.start_seek(target);
            }
            ReplayCommand::NextCutoff => {
                if !replay.next_cutoff() {
                    self.notice = Some(match replay.algorithm() {
                        Algorithm::Minimax => {
                            "minimax never cuts off: it searches everything".into()
                        }
                        _ => "no cutoff ahead".into(),
                    });
                }
            }
            ReplayCommand::End => replay.to_end(),
            ReplayCommand::Restart => replay.restart(),
            ReplayCommand::Autoplay => {
                state.autoplay = !state.autoplay;
                state.due = 0.0;
            }
            ReplayCommand::Faster => state.speed = (state.speed + 1).min(SPEEDS.len() - 1),
            ReplayCommand::Slower => state.speed = state.speed.saturating_sub(1),
            ReplayCommand::Algorithm(algorithm) => {
                let root = *replay.root();
                let review = state.review.take();
                let quiz = state.quiz.take();
                self.jobs.push_back(Job::Cancel(JobKey::Replay));
                self.open_replay_at(root, algorithm, review);
                if let Some(state) = self.replay_mut() {
                    state.quiz = quiz;
                }
            }
            ReplayCommand::Picture => self.save_picture(),
            ReplayCommand::Close => self.close_replay(),
        }
    }

    /// Opens a replay of `root`'s search, and asks for it to be run to its end in the background;
    /// leaving it returns to `review` if it was opened from one.
    pub(crate) fn open_replay_at(
        &mut self,
        root: crate::engine::Position,
        algorithm: Algorithm,
        review: Option<Box<ReviewState>>,
    ) {
        let limits = ReplayLimits {
            depth: None,
            nodes: Some(REPLAY_NODES),
        };
        let replay = Replay::new(root, algorithm, limits);
        let generation = self.next_generation();
        self.jobs.push_back(Job::Survey(SurveyRequest {
            generation,
            replay: Box::new(replay.clone()),
        }));
        self.mode = Mode::Replay(Box::new(ReplayState {
            replay,
            generation,
            surveying: true,
            autoplay: false,
            speed: 2,
            due: 0.0,
            pending: VecDeque::new(),
            seeking: None,
            review,
            quiz: None,
        }));
    }

    /// Leaves the replay (its background job is cancelled): back to the review or the quiz it
    /// was opened from, else to the game.
    pub(crate) fn close_replay(&mut self) {
        let review = self.replay_mut().and_then(|state| state.review.take());
        let quiz = self.replay_mut().and_then(|state| state.quiz.take());
        self.mode = match (review, quiz) {
            (Some(review), _) => Mode::Review(review),
            (None, Some(quiz)) => Mode::Quiz(quiz),
            (None, None) => Mode::Game,
        };
        self.jobs.push_back(Job::Cancel(JobKey::Replay));
    }

    /// Time passed: a step over or out runs its next slice, autoplay takes as many steps as its
    /// speed owes.
    pub(crate) fn tick(&mut self, elapsed: Duration) {
        let Some(state) = self.replay_mut() else {
            return;
        };
        if let Some(target) = state.seeking {
            state.start_seek(target);
            return;
        }
        if !state.autoplay {
            return;
        }
        state.due += elapsed.as_secs_f64() * f64::from(state.events_per_second());
        while state.due >= 1.0 {
            state.due -= 1.0;
            if !state.replay.forward() {
                state.autoplay = false;
                break;
            }
        }
    }

    /// The replay run to its end in the background: it takes the place of the one shown, at the
    /// same step, and brings the totals and the checkpoints for fast jumps.
    pub(crate) fn receive_survey(&mut self, generation: u64, mut surveyed: Replay) {
        let Some(state) = self.replay_mut() else {
            return;
        };
        if state.generation != generation {
            return;
        }
        surveyed.goto(state.replay.step());
        state.replay = surveyed;
        state.surveying = false;
        let pending = std::mem::take(&mut state.pending);
        for command in pending {
            self.replay_command(command);
        }
    }

    /// The replay being watched, if the app is in replay mode.
    pub fn replay(&self) -> Option<&ReplayState> {
        match &self.mode {
            Mode::Replay(state) => Some(state),
            _ => None,
        }
    }

    fn replay_mut(&mut self) -> Option<&mut ReplayState> {
        match &mut self.mode {
            Mode::Replay(state) => Some(state),
            _ => None,
        }
    }

    /// Whether the loop should send `Action::Tick`.
    pub fn wants_ticks(&self) -> bool {
        self.replay()
            .is_some_and(|s| s.autoplay || s.seeking.is_some())
    }

    /// The board as the replay shows it: the node the search is at, its path numbered, the move
    /// just made highlighted, and the moves a cutoff pruned.
    pub fn replay_board(&self, state: &ReplayState) -> BoardView {
        let replay = &state.replay;
        let path = replay.path();
        let mut view = BoardView::with_line(*replay.root(), &path);
        if let Some(&mv) = path.last() {
            view.marks.push((mv, Mark::Highlight));
        }
        for &mv in replay.pruned() {
            view.marks.push((mv, Mark::Pruned));
        }
        view
    }
}
