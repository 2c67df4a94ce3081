//! The settings popup's part of `App::update`: `o` opens it, ↑ ↓ select a row, ← → change it and
//! the change applies at once, except the rules: those wait for "new game? y/n". A change only
//! raises `settings_changed`; the terminal loop writes the config file.

use crate::app::action::{Action, Direction};
use crate::app::jobs::{Job, JobKey};
use crate::app::play::game::Game;
use crate::app::settings::list::SETTINGS;
use crate::app::settings::menu::{Field, step, value_text};
use crate::app::settings::setting::Change;
use crate::app::settings::values::Settings;
use crate::app::state::{App, Mode, Popup, centre};
use crate::engine::{Player, Rules};

impl App {
    /// `o`: opens the popup over the game, or closes it (forgetting unconfirmed rules).
    pub(crate) fn toggle_settings(&mut self) {
        if self.popup == Some(Popup::Settings) {
            self.close_settings();
        } else if matches!(self.mode, Mode::Game) {
            self.settings_menu.draft = None;
            self.popup = Some(Popup::Settings);
        }
    }

    pub(crate) fn close_settings(&mut self) {
        self.leave_settings();
        if self.search_outdated {
            // Under the settings chosen (`start_search` lets an AI to move play from it).
            self.start_search();
        } else {
            // The game waited while the popup was open.
            self.maybe_ai_move();
        }
    }

    /// Closes the popup for the help, which comes back to it: the game goes on waiting.
    pub(crate) fn leave_settings(&mut self) {
        self.settings_menu.draft = None;
        self.popup = None;
    }

    /// Whether the settings are open, or the help opened from them that goes back to them: the
    /// game waits meanwhile (an AI to move plays once they close).
    pub fn settings_open(&self) -> bool {
        match self.popup {
            Some(Popup::Settings) => true,
            Some(Popup::Help) => self.help_return == Some(Popup::Settings),
            _ => false,
        }
    }

    /// An action while the settings popup is open.
    pub(crate) fn settings_action(&mut self, action: Action) {
        let pending = self.settings_menu.draft.is_some();
        match action {
            Action::Move(Direction::Up) => self.settings_menu.select(&self.options.settings, -1),
            Action::Move(Direction::Down) => self.settings_menu.select(&self.options.settings, 1),
            Action::Move(Direction::Left) => self.change_setting(-1),
            Action::Move(Direction::Right) => self.change_setting(1),
            Action::SettingsClick(field) if field == self.settings_menu.selected => {
                self.change_setting(1)
            }
            Action::SettingsClick(field) => self.settings_menu.selected = field,
            Action::Answer(yes) => self.answer(yes),
            // Enter confirms and closes, as it closes the popup otherwise: the new game is what
            // the person asked for. `y` answers and leaves the popup open for more changes.
            Action::Place if pending => {
                self.answer(true);
                self.close_settings();
            }
            Action::Escape if pending => self.answer(false),
            Action::Place | Action::Escape | Action::ToggleSettings => self.close_settings(),
            Action::Quit => self.quit(),
            Action::ToggleHelp => self.help_from(Popup::Settings),
            _ => {}
        }
    }

    /// Steps the selected row's value: a rules row edits the draft, any other row applies.
    fn change_setting(&mut self, delta: isize) {
        let field = self.settings_menu.selected;
        let before = self.options.settings;
        let (after, rules) = step(field, &before, self.menu_rules(), delta);
        if field.is_rules() {
            self.settings_menu.draft = (rules != before.rules).then_some(rules);
        } else {
            self.apply_settings(field, &before, &after);
        }
    }

    /// `m`: the heat map on or off, a setting as the popup's row is (logged and saved alike).
    pub(in crate::app) fn toggle_heat_map(&mut self) {
        let before = self.options.settings;
        let after = Settings {
            heat_map: !before.heat_map,
            ..before
        };
        self.apply_settings(Field::Setting("heat_map"), &before, &after);
    }

    /// Puts changed settings in force: the seats at once (the AI moves if it is now its turn),
    /// a new algorithm or budget by searching the position again.
    fn apply_settings(&mut self, field: Field, before: &Settings, after: &Settings) {
        if before == after {
            return;
        }
        self.options.set(after);
        self.settings_changed = true;
        let name = match field {
            Field::ShallowDepth(player) => format!("{player} level 3 depth"),
            other => other.label().trim().to_string(),
        };
        let mut value = value_text(field, after, &after.rules, self.color);
        // `w` swapped the seats for this session only: the file keeps each on its colour, so a
        // seat changed now is saved as the other colour's, which the log says.
        if let (true, Some(player)) = (self.sides_swapped, field.seat()) {
            let saved_as = player.opponent();
            value += &format!(" (saved as {saved_as}'s: the sides are swapped until tictree ends)");
        }
        self.log.push_or_replace(
            &format!("Setting: {name} "),
            format!("Setting: {name} {value}"),
        );
        let changed = |change: Change| {
            SETTINGS
                .iter()
                .any(|s| s.change == change && s.differs(before, after))
        };
        let (search, seats) = (changed(Change::Search), changed(Change::Seats));
        // A side to move that became human wants a hint that goes on past the budget.
        let unsettled_hint =
            !self.ai_to_move() && self.options.keeps_analysing() != self.search.settles;
        if search {
            // Explored positions were analysed under the old settings: they are asked for again.
            self.analyses.clear();
        }
        if search || seats && unsettled_hint {
            // The position too, once the popup closes; the search under the old ones stops now.
            self.search_outdated = true;
            self.jobs.push_back(Job::Cancel(JobKey::Play));
        } else if seats {
            // A running search for a side that became human is now its hint; a finished one for
            // a side that became the AI's is played from at once.
            self.maybe_ai_move();
        }
    }

    /// The answer to "new game with these rules?".
    fn answer(&mut self, yes: bool) {
        let Some(rules) = self.settings_menu.draft.take() else {
            return;
        };
        if !yes {
            return;
        }
        let settings = Settings {
            rules,
            ..self.options.settings
        };
        self.options.set(&settings);
        self.game = Game::new(self.options.start);
        // A pause belongs to the game it was asked in (`new_game`).
        self.paused = false;
        self.cursor = centre(&rules);
        self.comparison = None;
        self.settings_changed = true;
        self.log_new_game();
        self.start_search();
    }

    /// The rules the popup's Game rows show: the draft while a rules change waits for an answer.
    pub fn menu_rules(&self) -> Rules {
        self.settings_menu.rules(self.options.settings.rules)
    }

    /// `New game: tictactoe — X: you, O: AI level 4, algorithm engine`.
    pub(crate) fn log_new_game(&mut self) {
        let text = format!(
            "New game: {} — X: {}, O: {}, algorithm {}",
            self.options.settings.rules,
            self.seat_label(Player::X),
            self.seat_label(Player::O),
            self.options.settings.algorithm
        );
        self.log.push_new_game(text);
    }
}
