//! The explorer's part of `App::update`: selecting, expanding and leaving moves of the game-tree
//! pane, and the analyses of explored positions that the worker sends back.

use crate::app::jobs::{Job, JobKey, Reply, ReplyBody, SearchRequest};
use crate::app::play::search_view::SearchView;
use crate::app::state::{App, EXPLORE_JOBS};
use crate::engine::Status;
use std::time::Duration;

impl App {
    /// Moves the tree's selection `step` rows down (negative: up) from the selected move.
    pub(crate) fn select_step(&mut self, step: isize) {
        let moves = self.shown_moves();
        let Some(current) = self.selected_move() else {
            return;
        };
        let index = moves.iter().position(|m| m.mv == current).unwrap_or(0);
        let last = moves.len().saturating_sub(1);
        let target = index.saturating_add_signed(step).min(last);
        let mv = moves[target].mv;
        self.explorer.select(Some(mv));
        // At the top level the board cursor follows the selection, so the board shows the cell.
        if self.explorer.line.is_empty() {
            self.cursor = mv.row_col(self.position().rules());
        }
    }

    /// Expands the selected move: the tree lists the replies to it.
    pub(crate) fn expand(&mut self) {
        let Some(mv) = self.selected_move() else {
            self.notice = Some(self.no_moves_yet("nothing to expand"));
            return;
        };
        let Ok(next) = self.explored_position().play(mv) else {
            return;
        };
        self.explorer.expand(mv);
        if next.status() == Status::Ongoing {
            self.request_explore(next);
        }
    }

    /// Why the tree has no move to act on: the game is over (no move will come), or the
    /// analysis has not scored one yet.
    fn no_moves_yet(&self, what: &str) -> String {
        if self.explored_position().status() == Status::Ongoing {
            format!("{what} yet")
        } else {
            format!("{what}: the game is over")
        }
    }

    /// One level up the explored line (Backspace, ←). A level whose search gave way to deeper
    /// ones (at most `EXPLORE_JOBS` run) is asked for again: it is the one on screen now.
    pub(crate) fn tree_back(&mut self) {
        if !self.explorer.collapse() {
            self.notice = Some("at the position on the board (Esc: back to the board)".into());
            return;
        }
        let position = self.explored_position();
        if !self.explorer.line.is_empty() && position.status() == Status::Ongoing {
            self.request_explore(position);
        }
    }

    /// Shows one more ply of the selected move's principal variation on the board; after the
    /// last ply, hides it again.
    pub(crate) fn show_line(&mut self) {
        let Some(mv) = self.selected_move() else {
            self.notice = Some(self.no_moves_yet("no line to show"));
            return;
        };
        let length = self
            .shown()
            .and_then(|view| view.of(mv))
            .map_or(0, |m| m.pv.len());
        self.explorer.pv_shown = if self.explorer.pv_shown >= length {
            0
        } else {
            self.explorer.pv_shown + 1
        };
    }

    /// Cancels every explore query still running or settling: the position they were below is
    /// gone (or the settings they ran under changed). A query cut short forgets its partial
    /// result; a settling one keeps what it proved, its other moves stay estimated.
    pub(crate) fn stop_exploring(&mut self) {
        for position in std::mem::take(&mut self.exploring) {
            self.jobs.push_back(Job::Cancel(JobKey::Explore(position)));
            self.forget_unfinished(position);
        }
    }

    /// After its query was cancelled: drops a position's analysis if it never finished, else
    /// marks it as no longer settling.
    fn forget_unfinished(&mut self, position: crate::engine::Position) {
        if self
            .analyses
            .get(&position)
            .is_some_and(SearchView::running)
        {
            self.analyses.remove(&position);
        } else if let Some(view) = self.analyses.get_mut(&position) {
            view.settles = false;
        }
    }

    /// Asks the worker for the analysis of an explored position unless it is known or coming.
    fn request_explore(&mut self, position: crate::engine::Position) {
        // Known, coming, or (with keep analysing off, or once settled) as good as it gets; an
        // analysis whose settling was cut short is asked for again.
        let complete = |view: &SearchView| {
            view.running()
                || view.settles
                || !self.options.keeps_analysing()
                || view.done.as_ref().is_some_and(|done| done.exact())
        };
        if self.analyses.get(&position).is_some_and(complete) {
            return;
        }
        let generation = self.next_generation();
        self.analyses.insert(SearchView::new(
            generation,
            position,
            self.options.keeps_analysing(),
        ));
        self.exploring.retain(|p| *p != position);
        self.exploring.push_back(position);
        // Bounded work: the oldest query gives way; what it found so far is forgotten, and it is
        // asked for again if the user comes back to it.
        while self.exploring.len() > EXPLORE_JOBS {
            if let Some(old) = self.exploring.pop_front() {
                self.jobs.push_back(Job::Cancel(JobKey::Explore(old)));
                self.forget_unfinished(old);
            }
        }
        self.jobs.push_back(Job::Analyze(SearchRequest {
            key: JobKey::Explore(position),
            generation,
            position,
            algorithm: self.options.settings.algorithm,
            budget: self.options.budget(),
            pace: Duration::ZERO,
            // The explorer is an analysis board: its scores go on until all are exact.
            settle: self.options.keeps_analysing(),
        }));
    }

    /// A result for an explored position: it goes to that position's analysis, wherever the user
    /// is now.
    pub(crate) fn receive_explored(&mut self, position: crate::engine::Position, reply: Reply) {
        let Some(view) = self.analyses.get_mut(&position) else {
            return;
        };
        if view.generation != reply.generation {
            return;
        }
        match reply.body {
            ReplyBody::Move(analysis) => view.insert(analysis),
            ReplyBody::Progress(live) => view.watch(live),
            ReplyBody::Done(analysis) => {
                view.finish(*analysis);
                // A settling query goes on; it ends with a second `Done`, every move exact.
                if !view.settling() {
                    self.exploring.retain(|p| *p != position);
                    self.jobs.push_back(Job::Cancel(JobKey::Explore(position)));
                }
            }
            // The explorer's analyses have no pace.
            ReplyBody::Pacing
            | ReplyBody::Compared(_)
            | ReplyBody::Surveyed(_)
            | ReplyBody::Chosen(..)
            | ReplyBody::Judged(_)
            | ReplyBody::Scoring(..)
            | ReplyBody::Quizzed(_) => {}
        }
    }
}
