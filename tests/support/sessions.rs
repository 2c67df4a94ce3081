//! The property test's driver: an `App` whose worker jobs run inline, on demand, with their
//! replies delivered at once, held back and delivered later in any interleaving, or never; and
//! the invariants checked after every step.
//!
//! The worker is modelled as the real one behaves: a job submitted under a key replaces the
//! pending job of that key (a cancelled thread sends nothing more), but replies already sent stay
//! in the channel and arrive late, after anything else the user did.

use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::collections::VecDeque;
use std::time::Duration;
use tictree::app::{
    App, CACHE_CAPACITY, Choice, Job, KeptSolvers, Mode, Reply, Runner, SearchRequest, Seat,
};
use tictree::engine::{Algorithm, Budget, CompareRow, Move, Player, Position, Skill, StopFlag};

/// Jobs one `run_pending` runs at most: enough for a 3×3 game between two AIs, and a bound on the
/// work of one step when the AIs play a long game on a big board.
const RUN_PENDING_JOBS: usize = 12;

/// Nodes an inline analysis may search when an exact one would take too long: the tests need
/// many searches per second, and a node limit keeps them reproducible (a clock would not).
const INLINE_NODES: u64 = 3_000;

/// An app and the worker's state around it.
pub struct Harness {
    pub app: App,
    solvers: KeptSolvers,
    /// Jobs submitted and not run yet, at most one per key.
    pending: Vec<Job>,
    /// Replies of jobs that ran, not delivered yet: one queue per job, in the order sent.
    pub held: Vec<VecDeque<Reply>>,
}

impl Harness {
    pub fn new(app: App) -> Harness {
        let mut harness = Harness {
            app,
            solvers: KeptSolvers::default(),
            pending: Vec::new(),
            held: Vec::new(),
        };
        harness.submit();
        harness
    }

    /// Takes the app's jobs as the worker does: a new job (or a cancel) replaces the pending job
    /// of its key. A copy's clipboard text is taken too, as the event loop takes it.
    pub fn submit(&mut self) {
        self.app.take_clipboard();
        while let Some(job) = self.app.take_job() {
            let key = job.key();
            self.pending.retain(|pending| pending.key() != key);
            if !matches!(job, Job::Cancel(_)) {
                self.pending.push(job);
            }
        }
    }

    /// Runs every pending job (and the jobs their replies cause), delivering replies at once.
    pub fn run_pending(&mut self) {
        for _ in 0..RUN_PENDING_JOBS {
            if self.pending.is_empty() {
                return;
            }
            let job = self.pending.remove(0);
            for message in self.run(job) {
                self.app.update(tictree::app::Action::Search(message));
                self.submit();
            }
        }
    }

    /// Runs the oldest pending job and keeps its replies for later.
    pub fn hold(&mut self) {
        if !self.pending.is_empty() {
            let job = self.pending.remove(0);
            let replies = self.run(job);
            self.held.push(replies);
        }
    }

    /// Delivers the next `count` replies of one held job.
    pub fn deliver(&mut self, which: usize, count: usize) {
        if self.held.is_empty() {
            return;
        }
        let index = which % self.held.len();
        for _ in 0..count {
            let Some(message) = self.held[index].pop_front() else {
                break;
            };
            self.app.update(tictree::app::Action::Search(message));
            self.submit();
        }
        self.held.retain(|queue| !queue.is_empty());
    }

    /// Forgets one held job's remaining replies (its thread saw the stop flag).
    pub fn drop_held(&mut self, which: usize) {
        if !self.held.is_empty() {
            let index = which % self.held.len();
            self.held.remove(index);
        }
    }

    /// A job's replies, in the order the worker would send them (with nobody watching: no
    /// progress replies, no pace).
    fn run(&self, job: Job) -> VecDeque<Reply> {
        let job = match job {
            Job::Analyze(request) => Job::Analyze(inline(request)),
            Job::Compare(mut request) => {
                // Each algorithm gives up after a few milliseconds: some rows finish, some not.
                request.allowance = Duration::from_millis(3);
                Job::Compare(request)
            }
            // A replay of a big tree is left running for ever: its keys wait for the count.
            Job::Survey(request) if request.replay.root().empty_cells() > 7 => {
                return VecDeque::new();
            }
            Job::Review(request) if request.start.empty_cells() > 9 => return VecDeque::new(),
            job => job,
        };
        let runner = Runner {
            solvers: self.solvers.clone(),
            live: None,
        };
        let mut replies = VecDeque::new();
        // A comparison's algorithms may run out of time; everything else runs to its end.
        let _ = job.run(&runner, &StopFlag::default(), &mut |reply| {
            replies.push_back(reply)
        });
        replies
    }
}

/// The request as the inline worker runs it: exact when that is quick, else under a node limit
/// (and never under a clock), never settling past its budget.
fn inline(mut request: SearchRequest) -> SearchRequest {
    // Empty cells, not legal moves: with gravity a few legal moves can hide a deep tree.
    let empty = request.position.empty_cells();
    let quick = match request.algorithm {
        Algorithm::Minimax => empty <= 7,
        Algorithm::AlphaBeta => empty <= 8,
        Algorithm::Engine => empty <= 12,
    };
    request.budget = Budget {
        time: None,
        nodes: (!quick).then_some(INLINE_NODES),
        ..request.budget
    };
    // Only the budgeted part, as ever: settling on would be an exact search of any size.
    request.settle = false;
    request
}

/// Draws the app on a test terminal of the given size.
pub fn render(app: &App, width: u16, height: u16) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| tictree::ui::draw(frame, app))
        .expect("drawing into a test backend");
}

/// Plays `moves` from `start`, each one legal.
fn replay_line(start: &Position, moves: &[Move]) -> Result<Position, TestCaseError> {
    let mut position = *start;
    for (ply, &mv) in moves.iter().enumerate() {
        position = position.play(mv).map_err(|why| {
            TestCaseError::fail(format!("move {} {mv:?} illegal: {why}", ply + 1))
        })?;
    }
    Ok(position)
}

fn all_legal(position: &Position, moves: impl IntoIterator<Item = Move>) -> bool {
    let legal = position.legal_moves();
    moves.into_iter().all(|mv| legal.contains(&mv))
}

/// Everything that must hold after any step.
pub fn check(app: &App) -> Result<(), TestCaseError> {
    let position = *app.position();
    let rules = *position.rules();
    // The game: its start is the options' start, its moves are legal and lead to the board.
    prop_assert_eq!(app.game.start(), &app.options.start);
    prop_assert_eq!(rules, app.options.settings.rules);
    let moves = app.game.moves();
    prop_assert_eq!(replay_line(app.game.start(), moves)?, position);
    prop_assert_eq!(position.to_move(), side_at(app, moves.len()));
    let (row, col) = app.cursor;
    prop_assert!(row < usize::from(rules.height) && col < usize::from(rules.width));

    // The analysis shown for the board belongs to the board.
    let search = &app.search;
    prop_assert_eq!(search.position, position, "a stale analysis is shown");
    prop_assert_eq!(search.total, position.legal_moves().len());
    prop_assert!(all_legal(&position, search.moves.iter().map(|m| m.mv)));
    let mut seen: Vec<Move> = search.moves.iter().map(|m| m.mv).collect();
    seen.sort();
    seen.dedup();
    prop_assert_eq!(seen.len(), search.moves.len(), "a move listed twice");
    if let Some(done) = &search.done {
        prop_assert_eq!(done.position, position);
        prop_assert!(all_legal(&position, done.moves.iter().map(|m| m.mv)));
    }

    // The explored line is legal below the board, and its analysis belongs to where it leads.
    let explored = replay_line(&position, &app.explorer.line)?;
    prop_assert_eq!(app.explored_position(), explored);
    if let Some(view) = app.shown() {
        prop_assert_eq!(view.position, explored);
        prop_assert!(all_legal(&explored, view.moves.iter().map(|m| m.mv)));
    }
    prop_assert!(app.analyses.len() <= CACHE_CAPACITY);

    if let Some(comparison) = &app.comparison {
        for row in &comparison.rows {
            if let CompareRow::Finished(analysis) = row {
                prop_assert_eq!(analysis.position, comparison.position);
            }
        }
    }
    if let Mode::Replay(state) = &app.mode {
        replay_line(state.replay.root(), &state.replay.path())?;
    }

    // The AI never waits for ever: not paused, the settings and the editor closed, with what its
    // level moves on at hand (level 4: the complete analysis; the others: their own choice), it
    // has moved.
    let ready = match app.seat(app.position().to_move()) {
        Seat::Ai(Skill::Perfect) => search.done.is_some(),
        Seat::Ai(skill) => matches!(search.choice, Choice::Made(level, ..) if level == skill),
        Seat::Human => false,
    };
    let stalled =
        !app.paused && !app.settings_open() && app.editor().is_none() && app.ai_to_move() && ready;
    prop_assert!(
        !stalled,
        "the AI to move has its analysis but does not move"
    );
    Ok(())
}

/// The moves a step added to the game that a human's seat made (`before`: moves before it).
pub fn human_moves_added(app: &App, before: usize) -> usize {
    let moves = app.game.moves();
    if moves.len() <= before {
        return 0;
    }
    (before..moves.len())
        .filter(|&ply| app.seat(side_at(app, ply)) == Seat::Human)
        .count()
}

/// The side to move after `ply` moves of the game: sides alternate from the start's.
fn side_at(app: &App, ply: usize) -> Player {
    let first = app.game.start().to_move();
    if ply.is_multiple_of(2) {
        first
    } else {
        first.opponent()
    }
}

/// A side's seat, for messages.
pub fn seats(app: &App) -> (Seat, Seat) {
    (app.seat(Player::X), app.seat(Player::O))
}
