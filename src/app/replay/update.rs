//! The replay's part of `App::update`: `s` opens a replay of the search of the shown position,
//! the replay keys step through it event by event, autoplay ticks, and the survey's answer (the
//! replay run to its end once in the background, so the totals are known and every jump lands at
//! once) arrives.

use super::{ReplayCommand, ReplayFrom, ReplayState, SPEEDS};
use crate::app::jobs::{Job, JobKey, SurveyRequest};
use crate::app::log::count;
use crate::app::play::board_view::{BoardView, Mark};
use crate::app::settings::values::ReplayDepth;
use crate::app::state::{App, Mode};
use crate::engine::search::replay::{Replay, ReplayLimits, View};
use crate::engine::{Algorithm, Status};
use std::collections::VecDeque;
use std::time::Duration;

/// The start of the notice for keys that wait for the replay's count, which goes once they act.
const COUNTING_FIRST: &str = "counting the search first";

impl App {
    /// Opens the replay of the shown position's search with `algorithm`.
    pub(crate) fn open_replay(&mut self, algorithm: Algorithm) {
        let root = self.explored_position();
        if root.status() != Status::Ongoing {
            self.notice = Some("the game is over here: there is no search to replay".into());
            return;
        }
        self.open_replay_at(root, algorithm, ReplayFrom::Game);
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
        // Leaving, another algorithm, the picture and the view need no count.
        let at_once = matches!(
            command,
            ReplayCommand::Close
                | ReplayCommand::Algorithm(_)
                | ReplayCommand::Depth(_)
                | ReplayCommand::Picture
                | ReplayCommand::ToggleView
        );
        if state.surveying && !at_once && (jump || !state.pending.is_empty()) {
            state.pending.push_back(command);
            let waiting = state.pending.len();
            self.notice = Some(match waiting {
                1 => format!("{COUNTING_FIRST}: the jump follows at once"),
                n => format!("{COUNTING_FIRST}: {n} keys follow at once"),
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
            ReplayCommand::Faster | ReplayCommand::Slower => {
                let faster = command == ReplayCommand::Faster;
                let speed = if faster {
                    (state.speed + 1).min(SPEEDS.len() - 1)
                } else {
                    state.speed.saturating_sub(1)
                };
                let unchanged = speed == state.speed;
                state.speed = speed;
                // Shown on the caption only while autoplay runs: said here either way.
                let rate = format!("{}/s", count(u64::from(state.events_per_second()), "step"));
                self.notice = Some(match (unchanged, faster, state.autoplay) {
                    (true, true, _) => format!("autoplay at its fastest already: {rate}"),
                    (true, false, _) => format!("autoplay at its slowest already: {rate}"),
                    (false, _, true) => format!("autoplay: {rate}"),
                    (false, _, false) => format!("autoplay will run at {rate} (p starts it)"),
                });
            }
            ReplayCommand::Algorithm(algorithm) if algorithm == replay.algorithm() => {
                self.notice = Some(format!(
                    "this is the {algorithm} replay already (Home restarts it)"
                ));
            }
            ReplayCommand::Algorithm(algorithm) => self.switch_algorithm(algorithm),
            ReplayCommand::ToggleView => state.view = state.view.toggled(),
            ReplayCommand::Depth(delta) => self.replay_at_depth(delta),
            ReplayCommand::Picture => self.save_picture(),
            ReplayCommand::Close => self.close_replay(),
        }
    }

    /// Replays the same position with `algorithm`, from its start, in the view shown: the
    /// student compares algorithms in the view they are reading.
    fn switch_algorithm(&mut self, algorithm: Algorithm) {
        // The same depth and budget, so the two algorithms' counts compare.
        if let Some(state) = self.replay_mut() {
            let limits = state.replay.limits();
            self.replay_again(algorithm, limits);
        }
    }

    /// The same position replayed again with `algorithm` within `limits`, in the same view,
    /// leaving to the same review.
    fn replay_again(&mut self, algorithm: Algorithm, limits: ReplayLimits) {
        let Some(state) = self.replay_mut() else {
            return;
        };
        let root = *state.replay.root();
        let (from, view) = (
            std::mem::replace(&mut state.from, ReplayFrom::Game),
            state.view,
        );
        self.jobs.push_back(Job::Cancel(JobKey::Replay));
        self.open_replay_with(root, algorithm, limits, from);
        if let Some(state) = self.replay_mut() {
            state.view = view;
        }
    }

    /// Opens a replay of `root`'s search, and asks for it to be run to its end in the background;
    /// leaving it returns to what it was opened `from`.
    pub(crate) fn open_replay_at(
        &mut self,
        root: crate::engine::Position,
        algorithm: Algorithm,
        from: ReplayFrom,
    ) {
        let settings = &self.options.settings;
        let nodes = settings.replay_nodes;
        let limits = match settings.replay_depth {
            ReplayDepth::Auto => ReplayLimits::fitting(&root, nodes),
            ReplayDepth::Full => ReplayLimits {
                depth: None,
                nodes: Some(nodes),
            },
            ReplayDepth::Plies(depth) => ReplayLimits {
                depth: Some(depth),
                nodes: Some(nodes),
            },
        };
        self.open_replay_with(root, algorithm, limits, from);
    }

    /// The replay again, one ply shallower (`delta` -1) or deeper (1); deeper than the last
    /// empty cell is the whole search.
    fn replay_at_depth(&mut self, delta: i32) {
        let Some(state) = self.replay_mut() else {
            return;
        };
        let (root, algorithm) = (*state.replay.root(), state.replay.algorithm());
        let mut limits = state.replay.limits();
        let empty = root.empty_cells() as u32;
        let now = limits.depth.unwrap_or(empty);
        limits.depth = match now.saturating_add_signed(delta) {
            0 => {
                self.notice =
                    Some("the replay is one ply deep already: each root move is estimated".into());
                return;
            }
            _ if delta > 0 && limits.depth.is_none() => {
                self.notice = Some("the replay is the whole search already".into());
                return;
            }
            depth if depth >= empty => None,
            depth => Some(depth),
        };
        self.replay_again(algorithm, limits);
    }

    /// Opens a replay of `root`'s search within `limits`, and asks for it to be run to its end in
    /// the background.
    fn open_replay_with(
        &mut self,
        root: crate::engine::Position,
        algorithm: Algorithm,
        limits: ReplayLimits,
        from: ReplayFrom,
    ) {
        let replay = Replay::new(root, algorithm, limits);
        let generation = self.next_generation();
        self.jobs.push_back(Job::Survey(SurveyRequest {
            generation,
            replay: Box::new(replay.clone()),
        }));
        self.mode = Mode::Replay(Box::new(ReplayState {
            replay,
            view: View::Negamax,
            generation,
            surveying: true,
            autoplay: false,
            speed: 2,
            due: 0.0,
            pending: VecDeque::new(),
            seeking: None,
            from,
        }));
    }

    /// Leaves the replay (its background job is cancelled): back to the review or the quiz it
    /// was opened from, else to the game.
    pub(crate) fn close_replay(&mut self) {
        let from = self
            .replay_mut()
            .map(|state| std::mem::replace(&mut state.from, ReplayFrom::Game));
        self.mode = from.map_or(Mode::Game, ReplayFrom::into_mode);
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
        // The wait it announced is over: the keys it held act now, and say what they say.
        if !pending.is_empty()
            && self
                .notice
                .as_deref()
                .is_some_and(|notice| notice.starts_with(COUNTING_FIRST))
        {
            self.notice = None;
        }
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
