//! The AI's turn: its move once the analysis of its position is complete, or at once on request.

use super::log::LogKind;
use super::options::Seat;
use super::state::App;
use crate::engine::analysis::appraisal::best_of;
use crate::engine::player::{choose, choose_among};
use crate::engine::{Skill, Status, StopFlag, Table};
use rand::seq::IndexedRandom;

impl App {
    /// The AI to move plays at once, whatever its budget has left: at level 4 the best move of
    /// the analysis so far, at the lower levels its own choice. While paused it plays one move
    /// and stays paused: a single step of an AI-against-AI game.
    pub(super) fn move_now(&mut self) {
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
        let pick = match (skill, &self.search.done) {
            (Skill::Perfect, Some(done)) => choose_among(done, &mut self.rng),
            (Skill::Perfect, None) => best_of(&self.search.moves).choose(&mut self.rng).copied(),
            _ => None,
        };
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
                &mut self.rng,
                &StopFlag::default(),
            )
            .unwrap_or(None)
        });
        if let Some(mv) = pick {
            self.log
                .push(LogKind::Info, "Move now: the AI plays without waiting");
            self.play(mv);
        }
    }

    /// Plays the AI's move once the analysis of its position is complete (so the exact scores
    /// are on screen first): at level 4 at random among the analysis's best moves, at the lower
    /// levels as that level picks, whatever the analysis says.
    pub(crate) fn maybe_ai_move(&mut self) {
        if self.paused || !self.ai_to_move() {
            return;
        }
        let Some(done) = &self.search.done else {
            return;
        };
        let position = *self.position();
        let Seat::Ai(skill) = self.seat(position.to_move()) else {
            return;
        };
        let pick = match skill {
            Skill::Perfect => choose_among(done, &mut self.rng),
            // Levels 1 to 3 are quick (level 3 has a node limit), so they run right here.
            skill => choose(
                skill,
                &position,
                Table::New(None),
                &mut self.rng,
                &StopFlag::default(),
            )
            .unwrap_or(None),
        };
        if let Some(mv) = pick {
            self.play(mv);
        }
    }
}
