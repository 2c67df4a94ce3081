//! The application state. It changes only in `App::update` (update.rs and the files beside it);
//! the UI only reads it.

use crate::app::editor::Editor;
use crate::app::explorer::{Analyses, Explorer, resolve};
use crate::app::jobs::{Job, JobKey, SearchRequest};
use crate::app::log::Log;
use crate::app::play::game::Game;
use crate::app::play::search_view::SearchView;
use crate::app::quiz::QuizState;
use crate::app::replay::{PictureFile, ReplayState};
use crate::app::review::ReviewState;
use crate::app::settings::menu::SettingsMenu;
use crate::app::settings::options::Options;
use crate::app::settings::values::{Palette, Seat, Settings};
use crate::engine::{CompareRow, Move, MoveAppraisal, Player, Position, Reach, Rules, Status};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::cell::Cell;
use std::collections::VecDeque;

/// The pane that receives the cursor keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// Cursor keys move the board cursor.
    Board,
    /// Cursor keys select and expand candidate moves (the explorer).
    Tree,
    /// Cursor keys scroll the log.
    Log,
}

impl Focus {
    /// The next pane in Tab order.
    pub fn next(self) -> Focus {
        match self {
            Focus::Board => Focus::Tree,
            Focus::Tree => Focus::Log,
            Focus::Log => Focus::Board,
        }
    }

    /// The previous pane in Tab order.
    pub fn prev(self) -> Focus {
        self.next().next()
    }
}

/// What the screen is for: the game (with its explorer), or a search replay, the editor, the
/// review or the quiz in place of the game-tree pane.
#[derive(Clone)]
pub enum Mode {
    /// Playing and exploring.
    Game,
    /// Stepping through a search.
    Replay(Box<ReplayState>),
    /// Setting up a position (`e`).
    Edit(Editor),
    /// Reviewing the game so far (`R`), in place of the game-tree pane; the game waits.
    Review(Box<ReviewState>),
    /// The quiz (`Q`), in place of the game-tree pane; the game waits.
    Quiz(Box<QuizState>),
}

/// A window over the panes that takes the keys until it is closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Popup {
    /// Every key.
    Help,
    /// The comparison of the algorithms.
    Compare,
    /// The game record.
    Record,
    /// The settings.
    Settings,
}

/// A comparison of every algorithm on one position, as far as it has got.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The generation of the request; rows with another one are stale.
    pub generation: u64,
    /// The position compared on.
    pub position: Position,
    /// To the end of the game, or to a depth.
    pub reach: Reach,
    /// The rows so far, simplest algorithm first.
    pub rows: Vec<CompareRow>,
}

impl Comparison {
    /// Whether algorithms are still running: not every row is in, and none says the comparison
    /// was stopped.
    pub fn running(&self) -> bool {
        let stopped = self
            .rows
            .iter()
            .any(|row| matches!(row, CompareRow::Unfinished(u) if u.cancelled));
        !stopped && self.rows.len() < crate::engine::Algorithm::ALL.len()
    }
}

/// Explorer analyses that may run at once; asking for one more cancels the oldest.
pub const EXPLORE_JOBS: usize = 2;

/// The whole state of the interactive application.
pub struct App {
    /// How the app was started.
    pub options: Options,
    /// The game being played.
    pub game: Game,
    /// Cursor cell: row (0 = top) and column (0 = left). With gravity only the column matters.
    pub cursor: (usize, usize),
    /// The pane that receives the cursor keys.
    pub focus: Focus,
    /// The game, or a search replay.
    pub mode: Mode,
    /// The open popup, if any (over either mode).
    pub popup: Option<Popup>,
    /// Rows the help popup is scrolled down. A cell: the popup sets it when it opens at a section
    /// (`help_section`), whose row only the popup knows.
    pub help_scroll: Cell<usize>,
    /// The section of the help (an index into `HELP`) to bring to the top when the popup is next
    /// drawn: the keys of the mode it was opened from.
    pub help_section: Cell<Option<usize>>,
    /// The text width the help popup was last drawn at and the line at its top: drawn at
    /// another width its lines wrap to other rows, and it scrolls to that line again, so that a
    /// resize keeps the reader's place. Set when drawn; forgotten when it opens or turns the page.
    pub help_top: Cell<Option<super::help::HelpTop>>,
    /// Where the help's other page was left (rows scrolled, its top line): Tab turns back to it
    /// there, the section the help opened at included.
    pub help_other_page: Cell<(usize, Option<super::help::HelpTop>)>,
    /// The most rows the help popup can scroll with its last row at its foot, which only the
    /// popup knows (its lines wrap on narrow screens): it sets this when drawn (`usize::MAX`
    /// until then).
    pub help_most: Cell<usize>,
    /// The rows the help popup shows at once (PgUp / PgDn scroll by that), set when drawn.
    pub help_page: Cell<usize>,
    /// Whether the help shows the glossary (Tab) rather than the keys.
    pub help_glossary: bool,
    /// The popup the help was opened from, to go back to when it closes (the settings, the
    /// record; not a comparison, which stopped when the help took its place).
    pub help_return: Option<Popup>,
    /// Whether changes are not being saved: the last save failed, or the file as it was read
    /// takes none (the log says why; the popup that they are not saved).
    pub unsaved: bool,
    /// Whether the AI waits instead of moving.
    pub paused: bool,
    /// The line explored in the game-tree pane and the selection at each level.
    pub explorer: Explorer,
    /// The analyses of explored positions below the one on the board.
    pub analyses: Analyses,
    /// The latest comparison of the algorithms.
    pub comparison: Option<Comparison>,
    /// The search log.
    pub log: Log,
    /// The analysis of the position on the board.
    pub search: SearchView,
    /// A one-off message for the status bar (why a key did nothing); cleared by the next key.
    pub notice: Option<String>,
    /// Whether the terminal may show colour (false under `NO_COLOR`); see `colored`.
    pub color: bool,
    /// The settings popup's selected row and unconfirmed rules.
    pub settings_menu: SettingsMenu,
    /// Whether a setting changed since the last `take_settings_change` (the config file is
    /// written outside `update`, by the terminal loop).
    pub(crate) settings_changed: bool,
    /// A setting the analysis depends on changed while the settings popup was open: the
    /// position is searched again when the popup closes, once, rather than at every value a
    /// row is stepped through (depth 6, 5, 4 each searched and logged).
    pub(crate) search_outdated: bool,
    /// Whether `w` has swapped the seats an odd number of times: the swap is for this session's
    /// games, so the config file keeps each seat on the colour it was set for.
    pub(crate) sides_swapped: bool,
    /// Text copied (`y`) for the system clipboard, which the terminal loop writes
    /// (`take_clipboard`).
    pub(crate) clipboard: Option<String>,
    /// The replay's search drawn for a file (`d`), which the terminal loop writes
    /// (`take_picture`).
    pub(crate) picture: Option<PictureFile>,
    pub(crate) rng: StdRng,
    pub(crate) jobs: VecDeque<Job>,
    /// Explorer analyses running, oldest first.
    pub(crate) exploring: VecDeque<Position>,
    /// The last generation handed out to a request.
    pub(crate) generation: u64,
    pub(crate) quit: bool,
}

impl App {
    /// A new app at the start position, with the first search already requested.
    pub fn new(options: Options, color: bool) -> App {
        let rng = match options.seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => StdRng::from_os_rng(),
        };
        let start = options.start;
        let rules = *start.rules();
        let mut app = App {
            unsaved: options.config_unsaved,
            options,
            game: Game::new(start),
            cursor: centre(&rules),
            focus: Focus::Board,
            mode: Mode::Game,
            popup: None,
            help_scroll: Cell::new(0),
            help_section: Cell::new(None),
            help_top: Cell::new(None),
            help_other_page: Cell::new((0, None)),
            help_most: Cell::new(usize::MAX),
            help_page: Cell::new(1),
            help_glossary: false,
            help_return: None,
            paused: false,
            explorer: Explorer::default(),
            analyses: Analyses::default(),
            comparison: None,
            log: Log::default(),
            search: SearchView::new(0, start, false),
            notice: None,
            color,
            settings_menu: SettingsMenu::default(),
            settings_changed: false,
            search_outdated: false,
            sides_swapped: false,
            clipboard: None,
            picture: None,
            rng,
            jobs: VecDeque::new(),
            exploring: VecDeque::new(),
            generation: 0,
            quit: false,
        };
        app.log_new_game();
        // A game given finished (`--moves`, `--position`) is over at once: the log says how.
        app.log_result();
        app.start_search();
        app
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Who plays a side.
    pub fn seat(&self, player: Player) -> Seat {
        match player {
            Player::X => self.options.settings.x,
            Player::O => self.options.settings.o,
        }
    }

    /// `you`, `human` (when both sides are human) or `AI`: short, for captions and titles.
    pub fn seat_name(&self, player: Player) -> &'static str {
        match (self.seat(player), self.seat(player.opponent())) {
            (Seat::Ai(_), _) => "AI",
            (Seat::Human, Seat::Ai(_)) => "you",
            (Seat::Human, Seat::Human) => "human",
        }
    }

    /// `seat_name` with the AI's level (`AI level 2`): for the header and the log, which name
    /// the level with every move.
    pub fn seat_label(&self, player: Player) -> String {
        match self.seat(player) {
            Seat::Ai(skill) => ai_label(skill),
            Seat::Human => self.seat_name(player).to_string(),
        }
    }

    /// Whether the game is running and a human is to move.
    pub fn human_to_move(&self) -> bool {
        let position = self.position();
        position.status() == Status::Ongoing && self.seat(position.to_move()) == Seat::Human
    }

    /// Whether the game is running and the AI is to move.
    pub fn ai_to_move(&self) -> bool {
        let position = self.position();
        position.status() == Status::Ongoing && self.seat(position.to_move()).is_ai()
    }

    /// Whether an AI seat is paused (`p`): it will not move until resumed, whoever is to move now.
    pub fn ai_paused(&self) -> bool {
        self.paused
            && [Player::X, Player::O]
                .iter()
                .any(|&player| self.seat(player).is_ai())
    }

    /// Whether the app should close.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether the screen is drawn in colour: the terminal allows it and the theme wants it.
    pub fn colored(&self) -> bool {
        self.color && self.options.settings.theme != Palette::Mono
    }

    /// The settings in force now.
    pub fn settings(&self) -> Settings {
        self.options.settings
    }

    /// The settings to save, once after each change (for the config file), else `None`: those
    /// in force, with the seats back on their colours if `w` swapped them.
    pub fn take_settings_change(&mut self) -> Option<Settings> {
        let mut settings = self.options.settings;
        if self.sides_swapped {
            std::mem::swap(&mut settings.x, &mut settings.o);
        }
        std::mem::take(&mut self.settings_changed).then_some(settings)
    }

    /// The next piece of work the app wants the search worker to do, taken once.
    pub fn take_job(&mut self) -> Option<Job> {
        self.jobs.pop_front()
    }

    /// The cell a placement at the cursor would take (the landing cell with gravity).
    pub fn cursor_move(&self) -> Option<Move> {
        let position = self.position();
        let rules = position.rules();
        let (row, col) = self.cursor;
        if rules.gravity {
            position.landing(col)
        } else {
            Some(Move::at(rules, row, col))
        }
    }

    /// The position the game-tree pane shows: the board's, or the explored one below it.
    pub fn explored_position(&self) -> Position {
        let mut position = *self.position();
        for &mv in &self.explorer.line {
            // The line was legal when it was explored and the board has not changed since.
            position = position.play(mv).unwrap_or(position);
        }
        position
    }

    /// The analysis the game-tree pane shows (`None`: asked for, nothing known yet).
    pub fn shown(&self) -> Option<&SearchView> {
        if self.explorer.line.is_empty() {
            Some(&self.search)
        } else {
            self.analyses.get(&self.explored_position())
        }
    }

    /// The candidates of the shown analysis, best first (empty while none is known).
    pub fn shown_moves(&self) -> &[MoveAppraisal] {
        self.shown().map_or(&[], |view| &view.moves)
    }

    /// The move the tree's selection stands for at the explored level.
    pub fn selected_move(&self) -> Option<Move> {
        resolve(self.explorer.selection(), self.shown_moves())
    }

    /// A fresh generation number for a request.
    pub(crate) fn next_generation(&mut self) -> u64 {
        self.generation += 1;
        self.generation
    }

    /// Asks for an analysis of the current position, dropping any earlier one. The explorer goes
    /// back to the board: its line started from a position that is gone.
    pub(crate) fn start_search(&mut self) {
        let position = *self.position();
        let generation = self.next_generation();
        // An analysis board on a human's turn: the hints go on until every move is exact. The
        // AI's own move keeps its budget.
        let settle = self.options.keeps_analysing() && !self.ai_to_move();
        self.search_outdated = false;
        self.search = SearchView::new(generation, position, settle);
        self.explorer = Explorer::default();
        self.stop_exploring();
        self.jobs.push_back(if self.search.total == 0 {
            Job::Cancel(JobKey::Play)
        } else {
            Job::Analyze(SearchRequest {
                key: JobKey::Play,
                generation,
                position,
                algorithm: self.options.settings.algorithm,
                budget: self.options.budget(),
                pace: self.options.pace(),
                settle,
            })
        });
        // Levels below 4 do not wait for the analysis.
        self.maybe_ai_move();
    }

    /// Stops the game's search for a view that takes the game's place while the game waits (the
    /// review, the quiz), and gives it back if it had finished (and does not go on in the
    /// background), for `resume_game_search` to show again.
    pub(crate) fn set_game_search_aside(&mut self) -> Option<Box<SearchView>> {
        let generation = self.next_generation();
        let waiting = SearchView::new(generation, *self.position(), false);
        let search = std::mem::replace(&mut self.search, waiting);
        self.jobs.push_back(Job::Cancel(JobKey::Play));
        self.jobs.push_back(Job::Cancel(JobKey::Choice));
        self.stop_exploring();
        (search.done.is_some() && !search.settling()).then(|| Box::new(search))
    }

    /// Back to the game after such a view: the analysis set aside, shown again rather than
    /// searched (and logged) anew, where it is of the position on the board and nobody waits
    /// for it (on the AI's turn the view stopped the AI's move too); else a new search.
    pub(crate) fn resume_game_search(&mut self, aside: Option<Box<SearchView>>) {
        match aside {
            Some(search) if search.position == *self.position() && !self.ai_to_move() => {
                self.search = *search;
                self.explorer = Explorer::default();
            }
            _ => self.start_search(),
        }
    }
}

/// The board's middle cell, where the cursor starts.
pub(crate) fn centre(rules: &Rules) -> (usize, usize) {
    (
        usize::from(rules.height) / 2,
        (usize::from(rules.width) - 1) / 2,
    )
}

/// An AI's name in the header, the log and the record (`AI level 2`).
pub fn ai_label(skill: crate::engine::Skill) -> String {
    format!("AI level {skill}")
}
