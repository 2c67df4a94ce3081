//! `App::update`: the one place where the state changes. It routes each action to the feature
//! it belongs to (each feature's own file changes its part of the state) and each job's reply by
//! its key and generation.

use crate::app::action::{Action, Direction};
use crate::app::jobs::{Job, JobKey, Reply, ReplyBody};
use crate::app::log::LogKind;
use crate::app::state::{App, Focus, Mode, Popup};
use crate::engine::Algorithm;

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
            Action::Announce(text) => {
                self.notice = Some(text.clone());
                return self.log.push(LogKind::Info, text);
            }
            Action::Saved(saved) => return self.unsaved = !saved,
            Action::Unbound => return self.notice = None,
            _ => self.notice = None,
        }
        // A paste is text, not a key: in the game or the editor it sets up a game (or changes
        // nothing); in a typed quiz answer it is typed. Anywhere else it would throw away what
        // is open (a popup, the replay, the review, a quiz question), so it waits for nothing
        // and says so.
        if let Action::Paste(text) = &action {
            let open = match (&self.popup, &self.mode) {
                (Some(_), _) => "close the popup (Esc)",
                (None, Mode::Game | Mode::Edit(_)) => return self.paste(text),
                (None, Mode::Quiz(_)) if self.quiz_takes_text() => {
                    return self.type_into_quiz(text);
                }
                (None, Mode::Quiz(_)) => "leave the quiz (Esc)",
                (None, Mode::Replay(_)) => "leave the replay (Esc)",
                (None, Mode::Review(_)) => "leave the review (Esc)",
            };
            return self.notice = Some(format!("{open} to paste a position"));
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
            Action::Drop(number) => self.drop_in(number),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::NewGame => self.new_game(),
            Action::TogglePause => self.toggle_pause(),
            Action::ToggleHelp | Action::PageUp | Action::PageDown | Action::Quit => {
                self.anywhere(action)
            }
            Action::ShowLine => self.show_line(),
            Action::ToggleHeat => self.toggle_heat_map(),
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
            Action::SettingsClick(_) | Action::Answer(_) | Action::NotInReview => {}
            Action::EditMark(_) | Action::ClearBoard | Action::Paste(_) | Action::Quiz(_) => {}
            Action::Search(_)
            | Action::Tick(_)
            | Action::Log(..)
            | Action::Announce(_)
            | Action::Saved(_) => {}
            Action::Unbound => {}
        }
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
            ReplyBody::Pacing => self.search.pacing = true,
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
}
