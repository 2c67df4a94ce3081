//! `App::update`: the one place where the state changes.

use crate::app::action::{Action, Direction};
use crate::app::jobs::{Job, JobKey, Reply, ReplyBody};
use crate::app::log::{LogKind, duration, thousands};
use crate::app::settings::values::Seat;
use crate::app::state::{App, Focus, Mode, Popup};
use crate::engine::{Algorithm, Appraisal, Move, MoveValue, Player, Status};

impl App {
    /// Applies one action to the state.
    pub fn update(&mut self, action: Action) {
        match action {
            Action::Search(message) => return self.receive(message),
            Action::Tick(elapsed) => return self.tick(elapsed),
            Action::Log(kind, text) => {
                // A warning also shows in the status bar, whole, until the next key.
                if kind == LogKind::Warning {
                    self.notice = Some(text.clone());
                }
                return self.log.push(kind, text);
            }
            Action::Saved(saved) => return self.unsaved = !saved,
            Action::Unbound => return self.notice = None,
            _ => self.notice = None,
        }
        // A paste is text, not a key: whatever is open, it either sets up a game or changes
        // nothing; under a popup it waits for nothing and says so.
        if let Action::Paste(text) = &action {
            return match self.popup {
                Some(_) => self.notice = Some("close the popup (Esc) to paste a position".into()),
                None => self.paste(text),
            };
        }
        if self.popup == Some(Popup::Settings) {
            return self.settings_action(action);
        }
        if let Some(popup) = self.popup {
            return self.popup_action(popup, action);
        }
        if matches!(self.mode, Mode::Edit(_)) {
            return self.edit_action(action);
        }
        if matches!(self.mode, Mode::Review(_)) {
            return self.review_action(action);
        }
        if matches!(self.mode, Mode::Quiz(_)) {
            return self.quiz_action(action);
        }
        match action {
            Action::Replay(command) => self.replay_command(command),
            Action::OpenReplay => self.open_replay(Algorithm::AlphaBeta),
            Action::Move(direction) => self.navigate(direction),
            Action::Place => self.place(),
            Action::Back => self.tree_back(),
            Action::Click(mv) => self.click(mv),
            Action::Drop(col) => self.drop_in(col),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::NewGame => self.new_game(),
            Action::TogglePause => self.toggle_pause(),
            Action::ToggleHelp | Action::PageUp | Action::PageDown | Action::Quit => {
                self.anywhere(action)
            }
            Action::ShowLine => self.show_line(),
            Action::ToggleHeat => {
                // The heat map is a setting too: the config file remembers it.
                self.options.settings.heat_map = !self.options.settings.heat_map;
                self.settings_changed = true;
            }
            Action::ToggleSettings => self.toggle_settings(),
            Action::Compare => self.start_comparison(),
            Action::MoveNow => self.move_now(),
            Action::SwapSides => self.swap_sides(),
            Action::ShowRecord => self.popup = Some(Popup::Record),
            Action::Escape => self.escape(),
            Action::FocusNext => self.focus = self.focus.next(),
            Action::FocusPrev => self.focus = self.focus.prev(),
            Action::Edit => self.open_editor(),
            Action::Review => self.open_review(),
            Action::OpenQuiz => self.open_quiz(),
            Action::Copy => self.copy(),
            Action::SettingsClick(_) | Action::Answer(_) => {}
            Action::EditMark(_) | Action::ClearBoard | Action::Paste(_) | Action::Quiz(_) => {}
            Action::Search(_) | Action::Tick(_) | Action::Log(..) | Action::Saved(_) => {}
            Action::Unbound => {}
        }
    }

    /// The help's section for what is on screen, to open the popup at: the replay's keys in the
    /// replay, and so on; the game's own keys are at the top.
    pub(crate) fn help_section_here(&self) -> Option<usize> {
        let title = match (&self.mode, self.focus) {
            _ if self.popup == Some(Popup::Settings) => "Settings",
            _ if self.popup == Some(Popup::Compare) => "Seeing inside the AI",
            _ if self.popup == Some(Popup::Record) => return None,
            (Mode::Replay(_), _) => "Search replay",
            (Mode::Edit(_), _) => "Editor",
            (Mode::Review(_), _) => "Review",
            (Mode::Quiz(_), _) => "Quiz",
            (Mode::Game, Focus::Tree) => "Game tree",
            (Mode::Game, _) => return None,
        };
        crate::app::HELP
            .iter()
            .position(|section| section.title.starts_with(title))
    }

    /// The keys every mode without a popup answers alike: the help, the log's paging and quitting;
    /// any other action is ignored.
    pub(crate) fn anywhere(&mut self, action: Action) {
        match action {
            Action::ToggleHelp => self.open_help(self.help_section_here(), None),
            Action::PageUp => self.log.page_by(1),
            Action::PageDown => self.log.page_by(-1),
            Action::Quit => self.quit(),
            _ => {}
        }
    }

    /// An open popup takes every key but the ones that close it or quit.
    fn popup_action(&mut self, popup: Popup, action: Action) {
        let closes = match popup {
            Popup::Help => matches!(action, Action::Escape | Action::ToggleHelp),
            Popup::Compare => matches!(action, Action::Escape | Action::Compare),
            Popup::Record => matches!(action, Action::Escape | Action::ShowRecord),
            // Handled above, by settings_action.
            Popup::Settings => false,
        };
        match action {
            Action::Quit => self.quit(),
            _ if closes => self.close_popup(popup),
            // The help may be taller than the terminal: the cursor keys scroll it a row, PgUp
            // and PgDn a page.
            Action::Move(Direction::Up) if popup == Popup::Help => self.scroll_help(-1),
            Action::Move(Direction::Down) if popup == Popup::Help => self.scroll_help(1),
            Action::PageUp if popup == Popup::Help => {
                self.scroll_help(-(self.help_page.get() as isize))
            }
            Action::PageDown if popup == Popup::Help => {
                self.scroll_help(self.help_page.get() as isize)
            }
            Action::ToggleHelp => self.help_from(popup),
            // Tab turns the page: keys ↔ glossary.
            Action::FocusNext | Action::FocusPrev if popup == Popup::Help => {
                self.help_glossary = !self.help_glossary;
                self.help_scroll.set(0);
                self.help_section.set(None);
                // The other page's length is known when it is drawn.
                self.help_most.set(usize::MAX);
            }
            _ => {}
        }
    }

    /// Opens the help popup at `section` (an index into `HELP`; `None`: the top), over `from`,
    /// the popup to go back to when it closes.
    pub(crate) fn open_help(&mut self, section: Option<usize>, from: Option<Popup>) {
        self.help_return = from;
        self.help_section.set(section);
        self.popup = Some(Popup::Help);
        self.help_scroll.set(0);
    }

    /// The help from a popup, at the keys of what was open, which closes as Esc closes it (a
    /// comparison still running stops; a rules question waiting is answered no) and comes back
    /// when the help closes (the settings, the record; a stopped comparison does not).
    pub(crate) fn help_from(&mut self, popup: Popup) {
        let section = self.help_section_here();
        match popup {
            Popup::Settings => self.close_settings(),
            _ => self.close_popup(popup),
        }
        let back = matches!(popup, Popup::Settings | Popup::Record).then_some(popup);
        self.open_help(section, back);
    }

    /// Scrolls the help popup `rows` down (up if negative), within its length.
    fn scroll_help(&mut self, rows: isize) {
        let scroll = self.help_scroll.get().saturating_add_signed(rows);
        self.help_scroll.set(scroll.min(self.help_most.get()));
    }

    pub(crate) fn quit(&mut self) {
        self.quit = true;
        self.jobs.push_back(Job::Cancel(JobKey::Play));
    }

    /// Esc closes or leaves whatever is open and otherwise does nothing: one Esc too many after
    /// leaving a popup or the explorer must never end the game (`q` and Ctrl-C quit).
    fn escape(&mut self) {
        match self.focus {
            // The explored line shows on the board too: Esc leaves it from any pane.
            _ if !self.explorer.line.is_empty() => self.explorer.reset(),
            Focus::Board => self.notice = Some("nothing to close (q quits)".into()),
            _ => self.focus = Focus::Board,
        }
    }

    fn navigate(&mut self, direction: Direction) {
        match self.focus {
            Focus::Board => self.move_cursor(direction),
            Focus::Tree => match direction {
                Direction::Up => self.select_step(-1),
                Direction::Down => self.select_step(1),
                Direction::Right => self.expand(),
                Direction::Left => self.tree_back(),
            },
            Focus::Log => match direction {
                Direction::Up | Direction::Left => self.log.scroll_by(1),
                Direction::Down | Direction::Right => self.log.scroll_by(-1),
            },
        }
    }

    fn move_cursor(&mut self, direction: Direction) {
        self.cursor = direction.step(self.cursor, self.position().rules());
    }

    fn place(&mut self) {
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
            // Numbered as the digit keys and `--moves` number columns.
            None => self.notice = Some(format!("column {} is full", self.cursor.1 + 1)),
        }
    }

    fn click(&mut self, mv: Move) {
        let rules = *self.position().rules();
        self.cursor = mv.row_col(&rules);
        self.focus = Focus::Board;
        self.place_at_cursor();
    }

    /// A digit key: the cursor goes to that column and Enter, whatever pane had the focus (like
    /// a click on the column).
    fn drop_in(&mut self, col: usize) {
        let rules = *self.position().rules();
        if !rules.gravity {
            return;
        }
        if col >= usize::from(rules.width) {
            self.notice = Some(format!(
                "no column {}: columns are 1..{}",
                col + 1,
                rules.width
            ));
            return;
        }
        self.cursor.1 = col;
        self.focus = Focus::Board;
        self.place_at_cursor();
    }

    fn human_move(&mut self, mv: Move) {
        let position = *self.position();
        if position.status() != Status::Ongoing {
            self.notice = Some("the game is over: n starts a new one, u takes back".into());
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
    pub(super) fn play(&mut self, mv: Move) {
        let position = *self.position();
        let player = position.to_move();
        let who = self.seat_label(player);
        let known = self.search.of(mv).map(|m| m.value);
        let Ok(known) = self.game.play(mv, known, who.clone()) else {
            return;
        };
        let number = position.ply() + 1;
        let name = position.rules().move_name(mv);
        let mut verdict = known.map_or(String::new(), |value| format!(" — {}", verdict(&value)));
        // The perfect player moves on an estimate only when the budget ran out first: say so.
        if self.seat(player) == Seat::PERFECT && known.is_some_and(|value| !value.is_exact()) {
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

    pub(super) fn log_result(&mut self) {
        let position = *self.position();
        let text = match position.status() {
            Status::Ongoing => return,
            Status::Draw => "Game over: draw".to_string(),
            Status::Won(player) => {
                let rules = position.rules();
                let line = rules.move_names(&position.winning_cells());
                format!(
                    "Game over: {player} ({}) wins with {}",
                    self.seat_label(player),
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

    fn undo(&mut self) {
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

    fn redo(&mut self) {
        let Some(mv) = self.game.next_redo() else {
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
        self.play(mv);
        while self.game.moves().len() < target {
            match self.game.next_redo() {
                Some(mv) => self.play(mv),
                None => break,
            }
        }
    }

    fn new_game(&mut self) {
        self.game.restart();
        // A pause belongs to the game it was asked in: a new one starts with the AI thinking.
        self.paused = false;
        self.log.push_new_game("New game");
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

    fn receive(&mut self, reply: Reply) {
        match (reply.key, reply.generation) {
            (JobKey::Play | JobKey::Choice, generation) if generation == self.search.generation => {
            }
            (JobKey::Explore(position), _) => return self.receive_explored(position, reply),
            (JobKey::Compare, _) => return self.receive_compared(reply),
            (JobKey::Review, generation) => {
                match reply.body {
                    ReplyBody::Judged(judged) => self.receive_judged(generation, *judged),
                    ReplyBody::Scoring(scored, moves) => {
                        self.receive_scoring(generation, scored, moves)
                    }
                    _ => {}
                }
                return;
            }
            (JobKey::Quiz, generation) => {
                if let ReplyBody::Quizzed(quiz) = reply.body {
                    self.receive_quiz(generation, quiz);
                }
                return;
            }
            (JobKey::Replay, generation) => {
                if let ReplyBody::Surveyed(replay) = reply.body {
                    self.receive_survey(generation, *replay.0);
                }
                return;
            }
            // Stale: the position changed since this search started.
            _ => return,
        }
        match reply.body {
            ReplyBody::Move(analysis) => self.search.insert(analysis),
            ReplyBody::Progress(live) => self.search.watch(live),
            ReplyBody::Done(analysis) => {
                // A second `Done`: the analysis went on past its budget and is now all exact.
                let settled = self.search.settles && self.search.done.is_some();
                self.log_search(&analysis, settled);
                self.search.finish(*analysis);
                self.maybe_ai_move();
            }
            ReplyBody::Chosen(skill, mv, elapsed) => self.receive_choice(skill, mv, elapsed),
            ReplyBody::Compared(_)
            | ReplyBody::Surveyed(_)
            | ReplyBody::Judged(_)
            | ReplyBody::Scoring(..)
            | ReplyBody::Quizzed(_) => {}
        }
    }

    /// One log line per finished analysis; `settled`: the second one of an analysis that went on
    /// past its budget, now exact for every move.
    fn log_search(&mut self, analysis: &Appraisal, settled: bool) {
        let player = analysis.position.to_move();
        let rules = analysis.position.rules();
        let best = match analysis.moves.first() {
            Some(top) => {
                let names = rules.move_names(&analysis.best());
                format!(
                    ", best {} with {}",
                    top.value,
                    crate::app::log::names(&names, "/", 3),
                )
            }
            None => String::new(),
        };
        let purpose = if self.seat(player) == Seat::PERFECT {
            "thinks"
        } else if self.seat(player).is_ai() {
            // Levels 1 to 3 choose on their own: the analysis is for the one watching.
            "analysis, not used by its level"
        } else if settled {
            "hint, every move exact"
        } else {
            "hint"
        };
        // Say so when the budget, not the end of the game tree, ended the search.
        let limited = match analysis.depth {
            Some(depth) if !analysis.exact() => format!(
                " [budget-limited: depth {depth}, {} of {} exact{}]",
                analysis.moves.iter().filter(|m| m.value.is_exact()).count(),
                analysis.moves.len(),
                if self.search.settles {
                    "; analysing on"
                } else {
                    ""
                }
            ),
            _ => String::new(),
        };
        self.log.push(
            LogKind::Search,
            format!(
                "{player} ({}) {purpose}: {} checked {} move{} in {}{best}{limited}",
                self.seat_label(player),
                analysis.algorithm,
                thousands(analysis.stats.nodes),
                if analysis.stats.nodes == 1 { "" } else { "s" },
                duration(analysis.elapsed),
            ),
        );
    }

    /// Each player takes the other colour; the analysis starts again for whoever is to move. Not
    /// saved: the config file keeps the seats as they were set (`take_settings_change`).
    fn swap_sides(&mut self) {
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
