//! `App::update`: the one place where the state changes.

use super::action::{Action, Direction};
use super::log::{LogKind, duration, signed, thousands};
use super::options::Seat;
use super::state::{App, Focus};
use super::worker::SearchMessage;
use crate::engine::{Appraisal, Move, MoveAppraisal, MoveValue, Status};
use rand::seq::IndexedRandom;

/// Lines the log scrolls per PgUp/PgDn.
const PAGE: isize = 5;

impl App {
    /// Applies one action to the state.
    pub fn update(&mut self, action: Action) {
        if !matches!(action, Action::Search(_)) {
            self.notice = None;
        }
        // An open popup takes every key but the ones that close it or quit.
        if self.help && !matches!(action, Action::Search(_) | Action::Quit) {
            if matches!(action, Action::Escape | Action::ToggleHelp) {
                self.help = false;
            }
            return;
        }
        match action {
            Action::Move(direction) => self.navigate(direction),
            Action::Place => self.place(),
            Action::Click(mv) => self.click(mv),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::NewGame => self.new_game(),
            Action::TogglePause => self.toggle_pause(),
            Action::ToggleHelp => self.help = true,
            Action::Escape => match self.focus {
                Focus::Board => self.quit = true,
                _ => self.focus = Focus::Board,
            },
            Action::FocusNext => self.focus = self.focus.next(),
            Action::FocusPrev => self.focus = self.focus.prev(),
            Action::PageUp => self.log.scroll_by(PAGE),
            Action::PageDown => self.log.scroll_by(-PAGE),
            Action::Quit => {
                self.quit = true;
                self.job = Some(super::worker::Job::Cancel);
            }
            Action::Search(message) => self.receive(message),
        }
    }

    fn navigate(&mut self, direction: Direction) {
        match self.focus {
            Focus::Board => self.move_cursor(direction),
            Focus::Tree => {
                let last = self.search.moves.len().saturating_sub(1);
                self.selected = match direction {
                    Direction::Up | Direction::Left => self.selected.saturating_sub(1),
                    Direction::Down | Direction::Right => (self.selected + 1).min(last),
                };
                // The board cursor follows the selection, so the board shows which cell it is.
                if let Some(entry) = self.search.moves.get(self.selected) {
                    self.cursor = entry.mv.row_col(self.position().rules());
                }
            }
            Focus::Log => match direction {
                Direction::Up | Direction::Left => self.log.scroll_by(1),
                Direction::Down | Direction::Right => self.log.scroll_by(-1),
            },
        }
    }

    fn move_cursor(&mut self, direction: Direction) {
        let rules = *self.position().rules();
        let (rows, cols) = (usize::from(rules.height), usize::from(rules.width));
        let (row, col) = self.cursor;
        self.cursor = match direction {
            Direction::Up => (row.saturating_sub(1), col),
            Direction::Down => ((row + 1).min(rows - 1), col),
            Direction::Left => (row, col.saturating_sub(1)),
            Direction::Right => (row, (col + 1).min(cols - 1)),
        };
    }

    fn place(&mut self) {
        let target = match self.focus {
            Focus::Tree => self.search.moves.get(self.selected).map(|m| m.mv),
            _ => self.cursor_move(),
        };
        match target {
            Some(mv) => self.human_move(mv),
            None => self.notice = Some("that column is full".into()),
        }
    }

    fn click(&mut self, mv: Move) {
        let rules = *self.position().rules();
        self.cursor = mv.row_col(&rules);
        self.focus = Focus::Board;
        match self.cursor_move() {
            Some(target) => self.human_move(target),
            None => self.notice = Some("that column is full".into()),
        }
    }

    fn human_move(&mut self, mv: Move) {
        let position = *self.position();
        if position.status() != Status::Ongoing {
            self.notice = Some("the game is over: n starts a new one, u takes back".into());
            return;
        }
        if self.seat(position.to_move()) != Seat::Human {
            self.notice = Some(format!("wait: {} (AI) is to move", position.to_move()));
            return;
        }
        if let Err(why) = position.check(mv) {
            let name = position.rules().move_name(mv);
            self.notice = Some(format!("{name}: {why}"));
            return;
        }
        self.play(mv);
    }

    /// Plays a legal move, logs it, and starts the analysis of the new position.
    fn play(&mut self, mv: Move) {
        let position = *self.position();
        let player = position.to_move();
        let known = self.search.of(mv).cloned();
        if self.game.play(mv).is_err() {
            return;
        }
        let number = position.ply() + 1;
        let name = position.rules().move_name(mv);
        let who = self.seat_name(player);
        let verdict = known.map_or(String::new(), |m| format!(" — {}", verdict(&m.value)));
        self.log.push(
            LogKind::Move,
            format!("{number}. {player} ({who}) plays {name}{verdict}"),
        );
        if self.seat(player) == Seat::Human {
            self.cursor = mv.row_col(position.rules());
        }
        self.log_result();
        self.start_search();
    }

    fn log_result(&mut self) {
        let position = *self.position();
        let text = match position.status() {
            Status::Ongoing => return,
            Status::Draw => "Game over: draw".to_string(),
            Status::Won(player) => {
                let rules = position.rules();
                let line = rules.move_names(&position.winning_cells());
                format!(
                    "Game over: {player} ({}) wins with {}",
                    self.seat_name(player),
                    line.join(" ")
                )
            }
        };
        self.log.push(LogKind::Result, text);
    }

    fn undo(&mut self) {
        if self.game.undo().is_none() {
            self.notice = Some("nothing to undo".into());
            return;
        }
        let any_human = self.options.x == Seat::Human || self.options.o == Seat::Human;
        if any_human {
            // Against the AI, undo goes back to the human's previous turn.
            while !self.human_to_move() && !self.game.moves().is_empty() {
                self.game.undo();
            }
        } else {
            // Otherwise the AI would replay at once: stop it so the position can be studied.
            self.paused = true;
        }
        self.log.push(
            LogKind::Info,
            format!("Undo: back to move {}", self.position().ply() + 1),
        );
        self.start_search();
    }

    fn redo(&mut self) {
        let Some(mv) = self.game.next_redo() else {
            self.notice = Some("nothing to redo".into());
            return;
        };
        self.play(mv);
        // Replay the AI's answer too, so redo mirrors undo.
        while self.ai_to_move() {
            match self.game.next_redo() {
                Some(mv) => self.play(mv),
                None => break,
            }
        }
    }

    fn new_game(&mut self) {
        self.game.restart();
        self.log.push(LogKind::Info, "New game");
        self.start_search();
    }

    fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        let state = if self.paused { "paused" } else { "resumed" };
        self.log.push(LogKind::Info, format!("AI {state}"));
        if !self.paused {
            self.maybe_ai_move();
        }
    }

    fn receive(&mut self, message: SearchMessage) {
        if message.generation() != self.search.generation {
            return; // Stale: the position changed since this search started.
        }
        match message {
            SearchMessage::Move { analysis, .. } => self.insert(analysis),
            SearchMessage::Done { analysis, .. } => {
                self.log_search(&analysis);
                self.search.moves = analysis.moves.clone();
                self.search.done = Some(*analysis);
                self.maybe_ai_move();
            }
        }
    }

    /// Adds a live result, or replaces the move's earlier estimate: after every move with an equal
    /// or better value, so ties keep cell order.
    fn insert(&mut self, analysis: MoveAppraisal) {
        self.search.moves.retain(|m| m.mv != analysis.mv);
        if let Some(estimate) = analysis.value.estimate() {
            self.search.depth = self.search.depth.max(Some(estimate.depth));
        }
        self.search.elapsed = analysis.elapsed;
        let rank = analysis.value.rank();
        let at = self
            .search
            .moves
            .iter()
            .position(|m| m.value.rank() < rank)
            .unwrap_or(self.search.moves.len());
        self.search.moves.insert(at, analysis);
    }

    fn log_search(&mut self, analysis: &Appraisal) {
        let player = analysis.position.to_move();
        let rules = analysis.position.rules();
        let best = match analysis.moves.first() {
            Some(top) => {
                let names = rules.move_names(&analysis.best());
                format!(
                    ", best {} with {}",
                    value_text(&top.value),
                    super::log::names(&names, "/", 3),
                )
            }
            None => String::new(),
        };
        let purpose = if self.seat(player) == Seat::Ai {
            "thinks"
        } else {
            "hint"
        };
        // Say so when the budget, not the end of the game tree, ended the search.
        let limited = match analysis.depth {
            Some(depth) if !analysis.exact() => format!(
                " [budget-limited: depth {depth}, {} of {} exact]",
                analysis.moves.iter().filter(|m| m.value.is_exact()).count(),
                analysis.moves.len()
            ),
            _ => String::new(),
        };
        self.log.push(
            LogKind::Search,
            format!(
                "{player} ({}) {purpose}: {} checked {} move{} in {}{best}{limited}",
                self.seat_name(player),
                analysis.algorithm,
                thousands(analysis.stats.nodes),
                if analysis.stats.nodes == 1 { "" } else { "s" },
                duration(analysis.elapsed),
            ),
        );
    }

    /// Plays the AI's move once its analysis is complete, choosing at random among the best.
    fn maybe_ai_move(&mut self) {
        if self.paused || !self.ai_to_move() {
            return;
        }
        let Some(done) = &self.search.done else {
            return;
        };
        let best = done.best();
        if let Some(&mv) = best.choose(&mut self.rng) {
            self.play(mv);
        }
    }
}

/// `score +8 (win in 2)` for an exact value, `≈ +0.35 (depth 7)` for an estimate.
fn verdict(value: &MoveValue) -> String {
    match value {
        MoveValue::Exact(_) => format!("score {}", value_text(value)),
        MoveValue::Estimate(_) => value_text(value),
    }
}

/// `+8 (win in 2)` or `≈ +0.35 (depth 7)`.
fn value_text(value: &MoveValue) -> String {
    match value {
        MoveValue::Exact(score) => format!("{} ({})", signed(score.score), score.outcome()),
        MoveValue::Estimate(estimate) => estimate.to_string(),
    }
}
