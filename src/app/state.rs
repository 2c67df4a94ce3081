//! The application state. It changes only in `App::update` (update.rs); the UI only reads it.

use super::game::Game;
use super::log::Log;
use super::options::{Options, Seat};
use super::worker::{Job, SearchRequest};
use crate::engine::appraisal::best_of;
use crate::engine::{Appraisal, Move, MoveAppraisal, Player, Position, Status};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::time::Duration;

/// The pane that receives the cursor keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// Cursor keys move the board cursor.
    Board,
    /// Cursor keys select a candidate move.
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

/// The analysis of the position on the board, as far as it has got.
#[derive(Clone, Debug)]
pub struct SearchView {
    /// The generation of the request; messages with another one are stale.
    pub generation: u64,
    /// The analysed position.
    pub position: Position,
    /// Candidate moves scored so far, best first (ties in cell order); estimates improve in place.
    pub moves: Vec<MoveAppraisal>,
    /// Number of legal moves, scored or not.
    pub total: usize,
    /// The deepest estimate so far (`None` while every value is exact).
    pub depth: Option<u32>,
    /// Time into the search of the latest value.
    pub elapsed: Duration,
    /// The finished analysis, once every move is scored.
    pub done: Option<Appraisal>,
}

impl SearchView {
    /// Whether the search still runs.
    pub fn running(&self) -> bool {
        self.done.is_none() && self.total > 0
    }

    /// The moves sharing the best value so far.
    pub fn best(&self) -> Vec<Move> {
        best_of(&self.moves)
    }

    /// How many of the values shown are exact.
    pub fn exact_count(&self) -> usize {
        self.moves.iter().filter(|m| m.value.is_exact()).count()
    }

    /// The analysis of one move, if it is known yet.
    pub fn of(&self, mv: Move) -> Option<&MoveAppraisal> {
        self.moves.iter().find(|m| m.mv == mv)
    }
}

/// Pace of AI-vs-AI games, so a person can follow them.
pub const AI_PACE: Duration = Duration::from_millis(400);

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
    /// Whether the help popup is open.
    pub help: bool,
    /// Whether the AI waits instead of moving.
    pub paused: bool,
    /// Index of the selected row of the game-tree pane.
    pub selected: usize,
    /// The search log.
    pub log: super::log::Log,
    /// The analysis of the current position.
    pub search: SearchView,
    /// A one-off message for the status bar (why a key did nothing); cleared by the next key.
    pub notice: Option<String>,
    /// Whether the UI may use colour (false under `NO_COLOR`).
    pub color: bool,
    pub(crate) rng: StdRng,
    pub(crate) job: Option<Job>,
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
            options,
            game: Game::new(start),
            cursor: (
                usize::from(rules.height) / 2,
                (usize::from(rules.width) - 1) / 2,
            ),
            focus: Focus::Board,
            help: false,
            paused: false,
            selected: 0,
            log: Log::default(),
            search: SearchView {
                generation: 0,
                position: start,
                moves: Vec::new(),
                total: 0,
                depth: None,
                elapsed: Duration::ZERO,
                done: None,
            },
            notice: None,
            color,
            rng,
            job: None,
            quit: false,
        };
        app.log.push(
            super::log::LogKind::Info,
            format!(
                "New game: {} — X: {}, O: {}, algorithm {}",
                rules,
                app.seat_name(Player::X),
                app.seat_name(Player::O),
                app.options.algorithm
            ),
        );
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
            Player::X => self.options.x,
            Player::O => self.options.o,
        }
    }

    /// `you`, `human` (when both sides are human) or `AI`.
    pub fn seat_name(&self, player: Player) -> &'static str {
        match (self.seat(player), self.seat(player.opponent())) {
            (Seat::Ai, _) => "AI",
            (Seat::Human, Seat::Ai) => "you",
            (Seat::Human, Seat::Human) => "human",
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
        position.status() == Status::Ongoing && self.seat(position.to_move()) == Seat::Ai
    }

    /// Whether the app should close.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The work the app wants the search worker to do, taken once.
    pub fn take_job(&mut self) -> Option<Job> {
        self.job.take()
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

    /// Asks for an analysis of the current position, dropping any earlier one.
    pub(crate) fn start_search(&mut self) {
        let position = *self.position();
        let generation = self.search.generation + 1;
        let total = position.legal_moves().len();
        self.search = SearchView {
            generation,
            position,
            moves: Vec::new(),
            total,
            depth: None,
            elapsed: Duration::ZERO,
            done: None,
        };
        self.selected = 0;
        let both_ai = self.options.x == Seat::Ai && self.options.o == Seat::Ai;
        self.job = Some(if total == 0 {
            Job::Cancel
        } else {
            Job::Analyze(SearchRequest {
                generation,
                position,
                algorithm: self.options.algorithm,
                budget: self.options.budget,
                pace: if both_ai { AI_PACE } else { Duration::ZERO },
            })
        });
    }
}
