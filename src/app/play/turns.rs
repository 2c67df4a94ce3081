//! The course of the game: the human's moves (cursor, Enter, clicks, digit keys), each move
//! played and logged, the result, undo and redo, a new game, the pause and swapping sides.

use crate::app::action::Direction;
use crate::app::log::LogKind;
use crate::app::settings::values::Seat;
use crate::app::state::{App, Focus, ai_label};
use crate::engine::game::notation::column_of_digit;
use crate::engine::{Move, MoveValue, Player, Status};

impl App {
    pub(in crate::app) fn move_cursor(&mut self, direction: Direction) {
        self.cursor = direction.step(self.cursor, self.position().rules());
    }

    pub(in crate::app) fn place(&mut self) {
        if self.focus == Focus::Tree {
            // Below the board the tree is hypothetical: Enter looks deeper instead of playing.
            if self.explorer.line.is_empty() {
                match self.selected_move() {
                    Some(mv) => self.human_move(mv),
                    None => self.notice = Some("no move to play yet".into()),
                }
            } else {
                self.expand();
            }
            return;
        }
        self.place_at_cursor();
    }

    /// Enter on the board: the cell under the cursor, or with gravity where its column lands.
    fn place_at_cursor(&mut self) {
        match self.cursor_move() {
            Some(mv) => self.human_move(mv),
            // A finished game is the first reason, whatever the column.
            None if self.position().status() != Status::Ongoing => self.refuse_game_over(),
            // Numbered as the digit keys and `--moves` number columns.
            None => self.notice = Some(format!("column {} is full", self.cursor.1 + 1)),
        }
    }

    fn refuse_game_over(&mut self) {
        // `u` only where there is a move to take back (not a game set up or opened finished).
        let back = if self.can_undo() {
            ", u takes back"
        } else {
            ""
        };
        self.notice = Some(format!("the game is over: n starts a new one{back}"));
    }

    pub(in crate::app) fn click(&mut self, mv: Move) {
        let rules = *self.position().rules();
        self.cursor = mv.row_col(&rules);
        self.focus = Focus::Board;
        self.place_at_cursor();
    }

    /// A digit key: the cursor goes to the column of that number (1-based) and Enter, whatever
    /// pane had the focus (like a click on the column).
    pub(in crate::app) fn drop_in(&mut self, number: usize) {
        let rules = *self.position().rules();
        if !rules.gravity {
            self.notice = Some("digits play columns on gravity boards: here arrows, Enter".into());
            return;
        }
        match column_of_digit(&rules, number) {
            Ok(col) => self.cursor.1 = col,
            Err(why) => {
                self.notice = Some(why);
                return;
            }
        }
        self.focus = Focus::Board;
        self.place_at_cursor();
    }

    pub(in crate::app) fn human_move(&mut self, mv: Move) {
        let position = *self.position();
        if position.status() != Status::Ongoing {
            self.refuse_game_over();
            return;
        }
        if self.seat(position.to_move()) != Seat::Human {
            self.notice = Some(wait_for(position.to_move()));
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
    pub(in crate::app) fn play(&mut self, mv: Move) {
        let who = self.seat_label(self.position().to_move());
        self.play_by(mv, who);
    }

    /// `play`, the move credited to `who`: the seat's player now, or for a move redone whoever
    /// played it first (the seats may have changed since, `w`).
    fn play_by(&mut self, mv: Move, who: String) {
        let position = *self.position();
        let player = position.to_move();
        let known = self.search.of(mv).map(|m| m.value);
        let Ok(known) = self.game.play(mv, known, who.clone()) else {
            return;
        };
        let number = position.ply() + 1;
        let name = position.rules().move_name(mv);
        let mut verdict = known.map_or(String::new(), |value| format!(" — {}", verdict(&value)));
        // The perfect player moves on an estimate only when the budget ran out first: say so.
        let perfect = who == ai_label(crate::engine::Skill::Perfect);
        if perfect && known.is_some_and(|value| !value.is_exact()) {
            verdict.push_str(", an estimate: no exact score within the budget");
        }
        self.log.push(
            LogKind::Move,
            format!("{number}. {player} ({who}) plays {name}{verdict}"),
        );
        if self.seat(player) == Seat::Human {
            self.cursor = mv.row_col(position.rules());
        }
        // Asked to wait for this move, the user need not read "wait" once it is played.
        if self.notice.as_deref() == Some(wait_for(player).as_str()) {
            self.notice = None;
        }
        self.log_result();
        self.start_search();
    }

    pub(in crate::app) fn log_result(&mut self) {
        let position = *self.position();
        let text = match position.status() {
            Status::Ongoing => return,
            Status::Draw => "Game over: draw".to_string(),
            Status::Won(player) => {
                let rules = position.rules();
                let line = rules.move_names(&position.winning_cells());
                format!(
                    "Game over: {} wins with {}",
                    self.winner_label(player),
                    line.join(" ")
                )
            }
        };
        self.log.push(LogKind::Result, text);
    }

    /// What a refusal adds when the game starts after opening moves (`--moves`, a pasted list):
    /// those are where the game starts, not moves played in it. Short enough for the status bar
    /// at 80 columns.
    pub(crate) fn before_the_start(&self) -> &'static str {
        if self.options.opening.is_empty() {
            ""
        } else {
            ": the game starts after its opening"
        }
    }

    /// Whether a human plays a side (undo then goes back to a human's turn).
    fn any_human(&self) -> bool {
        self.options.settings.x == Seat::Human || self.options.settings.o == Seat::Human
    }

    /// Whether `u` has something to take back, as the status bar offers it: a move, and against
    /// the AI a turn of the human's to go back to.
    pub fn can_undo(&self) -> bool {
        !self.game.moves().is_empty() && (!self.any_human() || self.human_turn_played())
    }

    pub(in crate::app) fn undo(&mut self) {
        let from = self.game.moves().len();
        let any_human = self.any_human();
        // Against the AI undo goes back to a turn of the human's: with none before (the AI
        // opened), taking its move back would only have it play again at once.
        if from > 0 && !self.can_undo() {
            let first = if self.options.opening.is_empty() {
                "before your first turn"
            } else {
                "first after the opening"
            };
            self.notice = Some(format!("nothing to undo: the AI's move came {first}"));
            return;
        }
        if self.game.undo().is_none() {
            self.notice = Some(format!("nothing to undo{}", self.before_the_start()));
            return;
        }
        if any_human {
            // Against the AI, undo goes back to the human's previous turn.
            while !self.human_to_move() && !self.game.moves().is_empty() {
                self.game.undo();
            }
        } else {
            // Otherwise the AI would replay at once: stop it so the position can be studied.
            self.paused = true;
        }
        self.game.undone_from(from);
        self.log.push(
            LogKind::Info,
            format!("Undo: back to move {}", self.position().ply() + 1),
        );
        self.start_search();
    }

    /// Whether a human played any of the game's moves (so undo has a human's turn to go back to).
    fn human_turn_played(&self) -> bool {
        self.game
            .movers()
            .any(|side| self.seat(side) == Seat::Human)
    }

    pub(in crate::app) fn redo(&mut self) {
        let Some((mv, by)) = self.game.next_redo() else {
            self.notice = Some("nothing to redo".into());
            return;
        };
        // Redo mirrors undo: back to where the undo started (against the AI, the AI's answer too),
        // whoever plays each side now.
        let target = self.game.redo_target();
        // Said before the moves, which the log then shows as they were played. "Through" the last
        // move redone: the move after it may not exist (a game redone to its end).
        let last = self.position().ply() as usize + (target - self.game.moves().len());
        self.log
            .push(LogKind::Info, format!("Redo: forward through move {last}"));
        self.play_by(mv, by);
        while self.game.moves().len() < target {
            match self.game.next_redo() {
                Some((mv, by)) => self.play_by(mv, by),
                None => break,
            }
        }
    }

    pub(in crate::app) fn new_game(&mut self) {
        self.game.restart();
        // A pause belongs to the game it was asked in: a new one starts with the AI thinking.
        self.paused = false;
        self.log.push_new_game("New game");
        // A start position set up finished is over at once, and the log says how, as it does
        // for a paste.
        self.log_result();
        self.start_search();
    }

    pub(in crate::app) fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        let state = if self.paused { "paused" } else { "resumed" };
        self.log.push(LogKind::Info, format!("AI {state}"));
        if !self.paused {
            self.maybe_ai_move();
        }
    }

    /// Each player takes the other colour; the analysis starts again for whoever is to move. Not
    /// saved: the config file keeps the seats as they were set (`take_settings_change`).
    pub(in crate::app) fn swap_sides(&mut self) {
        std::mem::swap(&mut self.options.settings.x, &mut self.options.settings.o);
        self.sides_swapped = !self.sides_swapped;
        self.log.push(
            LogKind::Info,
            format!(
                "Sides swapped: X: {}, O: {}",
                self.seat_label(crate::engine::Player::X),
                self.seat_label(crate::engine::Player::O)
            ),
        );
        self.start_search();
    }
}

/// `score +8 (win in 2)` for an exact value, `≈ +0.35 (depth 7)` for an estimate.
fn verdict(value: &MoveValue) -> String {
    match value {
        MoveValue::Exact(_) => format!("score {value}"),
        MoveValue::Estimate(_) => value.to_string(),
    }
}

/// The refusal of a move while `ai` is to move.
fn wait_for(ai: Player) -> String {
    format!("wait: {ai} (AI) is to move")
}
