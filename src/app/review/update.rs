//! The review's part of `App::update`: `R` opens the review of the game so far (the game waits
//! meanwhile: no AI move may land under a review of the moves before
//! it), the keys select a move, `s` opens the search replay before it, Enter takes the game back
//! there, and the judged moves arrive from the job one by one.

use super::{ReviewState, review_limit};
use crate::app::action::{Action, Direction};
use crate::app::jobs::{Job, JobKey, ReviewRequest};
use crate::app::log::LogKind;
use crate::app::play::board_view::{BoardView, Mark};
use crate::app::replay::ReplayFrom;
use crate::app::settings::values::threads_for;
use crate::app::state::{App, Focus, Mode};
use crate::engine::{Algorithm, MoveReview, Status};

impl App {
    /// `R`: the review of the game's moves, its opening included (a game prepared with
    /// `--moves` is reviewed as a whole). The game's own search stops (a new generation makes its
    /// replies on their way stale) and starts again on leaving.
    pub(crate) fn open_review(&mut self) {
        let (start, moves) = (self.options.origin, self.moves_from_origin());
        if moves.is_empty() {
            // A position set up finished will never have any.
            self.notice = Some(if self.position().status() == Status::Ongoing {
                "no moves to review yet".into()
            } else {
                "no moves to review: the game was set up finished".into()
            });
            return;
        }
        let game_search = self.set_game_search_aside();
        let generation = self.next_generation();
        self.jobs.push_back(Job::Review(ReviewRequest {
            generation,
            start,
            moves: moves.clone(),
            table: self.options.table,
            threads: threads_for(self.options.settings.threads),
            limit: review_limit(self.options.settings.time_ms),
        }));
        let mut state = ReviewState::new(generation, start, moves, self.options.opening.len());
        state.game_search = game_search;
        self.mode = Mode::Review(Box::new(state));
    }

    /// An action while the review is open (no popup over it).
    pub(crate) fn review_action(&mut self, action: Action) {
        match action {
            Action::Move(Direction::Up) => self.select_reviewed(-1),
            Action::Move(Direction::Down) => self.select_reviewed(1),
            Action::Move(Direction::Left) => self.select_flagged(false),
            Action::Move(Direction::Right) => self.select_flagged(true),
            Action::Place => self.back_to_reviewed(),
            Action::OpenReplay => self.replay_reviewed(),
            Action::Escape | Action::Review => self.leave_review(),
            Action::NotInReview => {
                self.notice = Some(
                    "the review: ↑↓ pick a move, Enter goes there, s replays, Esc leaves".into(),
                );
            }
            other => self.anywhere(other),
        }
    }

    /// One move of the review judged: it joins the review it belongs to, shown or behind a
    /// replay opened from it.
    pub(crate) fn receive_judged(&mut self, generation: u64, judged: MoveReview) {
        if let Some(state) = self.review_of(generation) {
            state.judged.push(judged);
            state.scoring = None;
        }
    }

    /// How far the judging of the review's next move has got.
    pub(crate) fn receive_scoring(&mut self, generation: u64, scored: usize, moves: usize) {
        if let Some(state) = self.review_of(generation) {
            state.scoring = Some((scored, moves));
        }
    }

    /// The review of `generation`, open or behind the replay it opened.
    fn review_of(&mut self, generation: u64) -> Option<&mut ReviewState> {
        let review = match &mut self.mode {
            Mode::Review(state) => Some(state.as_mut()),
            Mode::Replay(replay) => match &mut replay.from {
                ReplayFrom::Review(review) => Some(review.as_mut()),
                _ => None,
            },
            _ => None,
        };
        review.filter(|state| state.generation == generation)
    }

    /// The review, if it is open.
    pub fn review(&self) -> Option<&ReviewState> {
        match &self.mode {
            Mode::Review(state) => Some(state),
            _ => None,
        }
    }

    fn review_mut(&mut self) -> Option<&mut ReviewState> {
        match &mut self.mode {
            Mode::Review(state) => Some(state),
            _ => None,
        }
    }

    /// Moves the selection `step` moves down the game (negative: up), within it.
    fn select_reviewed(&mut self, step: isize) {
        let Some(state) = self.review_mut() else {
            return;
        };
        let last = state.moves.len().saturating_sub(1);
        state.selected = state.selected.saturating_add_signed(step).min(last);
    }

    /// ← / →: the previous or next move judged a mistake or an inaccuracy.
    fn select_flagged(&mut self, forward: bool) {
        let Some(state) = self.review_mut() else {
            return;
        };
        match state.flagged_from_selection(forward) {
            Some(index) => state.selected = index,
            None => {
                let way = if forward { "after" } else { "before" };
                let more = if state.running() { " judged yet" } else { "" };
                self.notice = Some(format!("no mistake or inaccuracy {way} this move{more}"));
            }
        }
    }

    /// `s`: the search replay of the position before the selected move; leaving it comes back
    /// here.
    fn replay_reviewed(&mut self) {
        let Mode::Review(state) = std::mem::replace(&mut self.mode, Mode::Game) else {
            return;
        };
        let root = state.before(state.selected);
        self.open_replay_at(root, Algorithm::AlphaBeta, ReplayFrom::Review(state));
    }

    /// Esc or `R`: back to the game as it was: its analysis as it had finished, or started
    /// again where the review stopped it.
    fn leave_review(&mut self) {
        self.stop_reviewing();
        let Mode::Review(state) = std::mem::replace(&mut self.mode, Mode::Game) else {
            return;
        };
        self.resume_game_search(state.game_search);
    }

    /// Cancels the review's job if a review is open, shown or behind a replay.
    pub(crate) fn stop_reviewing(&mut self) {
        let behind_replay = self
            .replay()
            .is_some_and(|state| matches!(state.from, ReplayFrom::Review(_)));
        if self.review().is_some() || behind_replay {
            self.jobs.push_back(Job::Cancel(JobKey::Review));
        }
    }

    /// Enter: the game goes back to the position before the selected move, as undo would take
    /// it (so `r` brings the moves back), and the game-tree pane opens there on the move that
    /// was played. An AI to move there is paused, or it would play at once and the moves to
    /// redo would be lost.
    fn back_to_reviewed(&mut self) {
        let Some(state) = self.review() else {
            return;
        };
        let (selected, mv) = (state.selected, state.moves[state.selected]);
        if !state.can_go_to_selected() {
            let before = state.before(selected);
            self.notice = Some(format!(
                "{}. {} {} is in the opening: the game starts after it",
                before.ply() + 1,
                before.to_move(),
                before.rules().move_name(mv)
            ));
            return;
        }
        let target = selected - state.opening;
        // The game waits while the review is open; this only guards against a change of rules.
        if self.game.moves() != &state.moves[state.opening..] {
            self.notice = Some("the game changed since the review opened".into());
            return self.leave_review();
        }
        self.stop_reviewing();
        self.mode = Mode::Game;
        let from = self.game.moves().len();
        while self.game.moves().len() > target {
            self.game.undo();
        }
        self.game.undone_from(from);
        self.log.push(
            LogKind::Info,
            // Counted from the empty board, as the title and undo count: an opening given
            // with the game is part of the count.
            format!(
                "Review: back to move {} (r redoes the rest)",
                self.position().ply() + 1
            ),
        );
        if self.ai_to_move() && !self.paused {
            self.paused = true;
            self.log.push(LogKind::Info, "AI paused (p resumes)");
        }
        self.start_search();
        self.explorer.select(Some(mv));
        self.focus = Focus::Tree;
    }

    /// The board during the review: the position before the selected move, the move played
    /// there between angle brackets, numbered with its move number, and the best moves starred
    /// (once judged).
    pub fn review_board(&self, state: &ReviewState) -> BoardView {
        let before = state.before(state.selected);
        let played = state.moves[state.selected];
        let mut view = BoardView::with_line(before, &[played]);
        // Numbered as the list and the caption number it (`5. X a3`): the game's fifth move, not
        // the first of a line.
        for ghost in &mut view.ghosts {
            ghost.number += before.ply() as usize;
        }
        view.marks.push((played, Mark::Highlight));
        if let Some(judged) = state.selected_judgement() {
            view.hints = judged.best.clone();
        }
        view
    }
}
