//! The AI's turn: its move once the analysis of its position is complete, or at once on request.

use crate::app::jobs::{ChoiceRequest, Job};
use crate::app::log::{LogKind, duration};
use crate::app::play::search_view::Choice;
use crate::app::settings::values::Seat;
use crate::app::state::App;
use crate::engine::analysis::appraisal::best_of;
use crate::engine::skill::{choose, choose_among};
use crate::engine::{Move, Skill, Status, StopFlag, Table};
use rand::Rng;
use rand::seq::IndexedRandom;
use std::time::Duration;

impl App {
    /// The AI to move plays at once, whatever its budget has left: at level 4 the best move of
    /// the analysis so far, at the lower levels its own choice. While paused it plays one move
    /// and stays paused: a single step of an AI-against-AI game.
    pub(in crate::app) fn move_now(&mut self) {
        if !self.ai_to_move() {
            self.notice = Some(match self.position().status() {
                Status::Ongoing => "the AI moves only on its own turn".into(),
                _ => "the game is over: n starts a new one".into(),
            });
            return;
        }
        let position = *self.position();
        let Seat::Ai(skill) = self.seat(position.to_move()) else {
            return;
        };
        let scored = self.search.moves.len();
        let (pick, said) = match (skill, &self.search.done) {
            (Skill::Perfect, Some(done)) => (choose_among(done, &mut self.rng), None),
            (Skill::Perfect, None) if scored > 0 => (
                best_of(&self.search.moves).choose(&mut self.rng).copied(),
                Some(match scored {
                    1 => "the AI plays the only move scored so far".to_string(),
                    n => format!("the AI plays the best of the {n} moves scored so far"),
                }),
            ),
            // Said, so a perfect player's edge move is not taken for its judgement.
            (Skill::Perfect, None) => (
                None,
                Some(
                    "no move scored yet, so the AI wins or blocks if it can, else plays at random"
                        .into(),
                ),
            ),
            _ => (None, None),
        };
        let said = said.unwrap_or_else(|| "the AI plays without waiting".into());
        // Nothing scored yet (an exact search that has not finished a move), or a lower level:
        // a quick choice of its own rather than a wait.
        let quick = if skill == Skill::Perfect {
            Skill::WinOrBlock
        } else {
            skill
        };
        let pick = pick.or_else(|| {
            choose(
                quick,
                &position,
                Table::New(None),
                None,
                &mut self.rng,
                &StopFlag::default(),
            )
            .unwrap_or(None)
        });
        if let Some(mv) = pick {
            self.log.push(LogKind::Info, format!("Move now: {said}"));
            self.play(mv);
        }
    }

    /// Plays the AI's move once it is known: at level 4 once the analysis of its position is
    /// complete (so the exact scores are on screen first), at random among its best moves; at the
    /// lower levels as soon as the level's own choice comes back from the worker (asked for here
    /// the first time), whatever the analysis says or how long it runs: a level that only wins,
    /// blocks or plays at random moves at once, and the tree's analysis goes on separately.
    pub(crate) fn maybe_ai_move(&mut self) {
        // The game waits while the settings are open: stepping a seat through the levels to the
        // one wanted would otherwise let each AI on the way play a move. It waits in the editor
        // too: no move may land under a board being set up.
        if self.paused || self.settings_open() || self.editor().is_some() || !self.ai_to_move() {
            return;
        }
        let position = *self.position();
        let Seat::Ai(skill) = self.seat(position.to_move()) else {
            return;
        };
        let pick = match (skill, self.search.choice) {
            (Skill::Perfect, _) => match &self.search.done {
                Some(done) => choose_among(done, &mut self.rng),
                None => return,
            },
            (skill, Choice::Made(level, mv, elapsed)) if level == skill => {
                let player = position.to_move();
                self.log.push(
                    LogKind::Search,
                    format!(
                        "{player} ({}) chooses in {}: {}",
                        self.seat_label(player),
                        duration(elapsed),
                        skill.describe()
                    ),
                );
                mv
            }
            (skill, Choice::Asked(level)) if level == skill => return,
            // Not asked yet, or asked of a level the seat no longer has.
            (skill, _) => return self.ask_choice(skill),
        };
        if let Some(mv) = pick {
            self.play(mv);
        }
    }

    /// Asks the worker for the choice of an AI of `skill` in the position on the board.
    fn ask_choice(&mut self, skill: Skill) {
        self.search.choice = Choice::Asked(skill);
        self.jobs.push_back(Job::Choose(ChoiceRequest {
            generation: self.search.generation,
            position: *self.position(),
            skill,
            seed: self.rng.random(),
            pace: self.options.pace(),
        }));
    }

    /// The choice of an AI below level 4, for the position it was asked in.
    pub(crate) fn receive_choice(&mut self, skill: Skill, mv: Option<Move>, elapsed: Duration) {
        self.search.choice = Choice::Made(skill, mv, elapsed);
        self.maybe_ai_move();
    }
}
