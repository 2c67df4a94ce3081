//! The keys of the help, compare and record popups, and the help's opening and scrolling (the
//! settings popup's keys are in `settings/update.rs`).

use crate::app::action::{Action, Direction};
use crate::app::state::{App, Focus, Mode, Popup};

impl App {
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

    /// An open popup takes every key but the ones that close it or quit.
    pub(in crate::app) fn popup_action(&mut self, popup: Popup, action: Action) {
        let closes = match popup {
            Popup::Help => matches!(action, Action::Escape | Action::ToggleHelp),
            Popup::Compare => matches!(action, Action::Escape | Action::Compare),
            Popup::Record => matches!(action, Action::Escape | Action::ShowRecord),
            // `update` gives the settings popup's actions to `settings_action` instead.
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
                let left = (self.help_scroll.get(), self.help_top.get());
                let (scroll, top) = self.help_other_page.replace(left);
                self.help_scroll.set(scroll);
                self.help_top.set(top);
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
        self.help_top.set(None);
        self.help_other_page.set((0, None));
    }

    /// The help from a popup, at the keys of what was open, which closes as Esc closes it (a
    /// comparison still running stops; a rules question waiting is answered no) and comes back
    /// when the help closes (the settings, the record, a finished comparison; a stopped one
    /// does not: its table would show a comparison cut short by a look at the keys).
    pub(crate) fn help_from(&mut self, popup: Popup) {
        let section = self.help_section_here();
        let finished = self
            .comparison
            .as_ref()
            .is_some_and(|comparison| !comparison.running());
        let back = match popup {
            Popup::Settings | Popup::Record => true,
            Popup::Compare => finished,
            Popup::Help => false,
        };
        match popup {
            Popup::Settings => self.leave_settings(),
            _ => self.close_popup(popup),
        }
        self.open_help(section, back.then_some(popup));
    }

    /// Scrolls the help popup `rows` down (up if negative), within its length.
    pub(in crate::app) fn scroll_help(&mut self, rows: isize) {
        let scroll = self.help_scroll.get().saturating_add_signed(rows);
        self.help_scroll.set(scroll.min(self.help_most.get()));
    }
}
