//! The app run inline: driven synchronously, the jobs it asks for run on the test's thread as the
//! worker runs them, and its screen drawn on a `TestBackend` and read as text.

#![allow(dead_code)]

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::time::Duration;
use tictree::app::{Action, App, Direction, Job, KeptSolvers, Options, Reply, ReplyBody, Runner};
use tictree::engine::{Algorithm, Appraisal, CompareRow, Position, Rules, StopFlag};

/// The elapsed time every search reports in tests, so screens do not depend on the clock.
pub const ELAPSED: Duration = Duration::from_micros(1500);

/// Options for tests: human X against the AI, a fixed seed, textbook minimax (stable node counts),
/// and no time budget (exact searches; a clock would make screens depend on the machine).
pub fn options(rules: Rules) -> Options {
    let mut options = Options::new(rules);
    options.seed = Some(7);
    options.settings.algorithm = Algorithm::Minimax;
    options.settings.time_ms = 0;
    // One thread: node counts, and so the screens, are the same on every machine.
    options.settings.threads = 1;
    options
}

/// Options starting from a move list.
pub fn options_from(rules: Rules, moves: &str) -> Options {
    let mut options = options(rules);
    (options.start, options.opening) = Position::empty(rules)
        .play_line(moves)
        .expect("test moves are legal");
    options
}

/// Connect Four twelve moves in (`341251664715`) with the engine: the tests leave the opening book
/// out, and from here the exact search settles every move in moments.
pub fn connect4_midgame() -> Options {
    let mut options = options_from(Rules::CONNECT4, "341251664715");
    options.settings.algorithm = Algorithm::Engine;
    options
}

thread_local! {
    /// The solvers kept between the jobs of one test, as the worker keeps them (each test runs on
    /// its own thread, so tests never share tables and node counts stay reproducible).
    static SOLVERS: KeptSolvers = KeptSolvers::default();
}

/// Runs every job the app asks for on this thread, as the worker would with nobody watching,
/// until it asks for none. An analysis stops at its budget (its `Done`), never settling on past
/// it, so every test sees the same replies. Times are fixed at `ELAPSED`, so screens do not
/// depend on the machine.
pub fn run_jobs(app: &mut App) {
    while let Some(mut job) = app.take_job() {
        if let Job::Analyze(request) = &mut job {
            request.settle = false;
        }
        for mut reply in replies(job, &SOLVERS.with(KeptSolvers::clone)) {
            match &mut reply.body {
                ReplyBody::Done(analysis) => analysis.elapsed = ELAPSED,
                ReplyBody::Compared(row) => {
                    if let CompareRow::Finished(analysis) = row.as_mut() {
                        analysis.elapsed = ELAPSED;
                    }
                }
                ReplyBody::Chosen(_, _, elapsed) => *elapsed = ELAPSED,
                _ => {}
            }
            app.update(Action::Search(reply));
        }
    }
}

/// A job run to its end on this thread, as the worker runs it with nobody watching (no progress
/// replies, no pace): its whole sequence of replies.
pub fn replies(job: Job, solvers: &KeptSolvers) -> Vec<Reply> {
    let runner = Runner {
        solvers: solvers.clone(),
        live: None,
    };
    let mut replies = Vec::new();
    job.run(&runner, &StopFlag::default(), &mut |reply| {
        replies.push(reply)
    })
    .expect("an unstopped job finishes");
    replies
}

/// The analysis an analysis job's replies end with (its first `Done`).
pub fn done(replies: &[Reply]) -> Appraisal {
    replies
        .iter()
        .find_map(|reply| match &reply.body {
            ReplyBody::Done(analysis) => Some(*analysis.clone()),
            _ => None,
        })
        .expect("a Done reply")
}

/// Sends actions one by one, running the jobs each asks for.
pub fn press(app: &mut App, actions: &[Action]) {
    for action in actions {
        app.update(action.clone());
        run_jobs(app);
    }
}

/// Moves the cursor from wherever it is to a cell like `a3` and places a mark there.
pub fn play_at(app: &mut App, cell: &str) {
    let rules = *app.position().rules();
    let mv = rules.parse_cell(cell).expect("a cell name");
    let (row, col) = mv.row_col(&rules);
    while app.cursor.0 > row {
        app.update(Action::Move(Direction::Up));
    }
    while app.cursor.0 < row {
        app.update(Action::Move(Direction::Down));
    }
    while app.cursor.1 > col {
        app.update(Action::Move(Direction::Left));
    }
    while app.cursor.1 < col {
        app.update(Action::Move(Direction::Right));
    }
    press(app, &[Action::Place]);
}

/// Draws the app on a test terminal of the given size.
pub fn screen(app: &App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| tictree::ui::draw(frame, app))
        .expect("drawing into a test backend");
    terminal
}

/// The screen as plain text, one line per row.
pub fn text(terminal: &Terminal<TestBackend>) -> String {
    terminal.backend().to_string()
}

/// Every log line's text.
pub fn log_text(app: &App) -> Vec<String> {
    app.log.lines().iter().map(|l| l.text.clone()).collect()
}

/// Tic-tac-toe between the perfect AI (X) and the random one (O), paused before its first move,
/// the analysis of the empty board arrived.
pub fn paused_ai_game() -> App {
    let mut options = options(Rules::TICTACTOE);
    options.settings.x = tictree::app::Seat::PERFECT;
    options.settings.o = tictree::app::Seat::Ai(tictree::engine::Skill::Random);
    let mut app = App::new(options, false);
    press(&mut app, &[Action::TogglePause]);
    run_jobs(&mut app);
    app
}

/// The rows of a screen.
pub fn rows(terminal: &Terminal<TestBackend>) -> Vec<String> {
    text(terminal)
        .lines()
        .map(|l| l.trim_matches('"').to_string())
        .collect()
}

/// What the pane whose top border starts `┌ {title}` says, its rows joined by blanks.
pub fn pane_text(terminal: &Terminal<TestBackend>, title: &str) -> String {
    let rows = rows(terminal);
    let chars: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let corner: Vec<char> = format!("┌ {title}").chars().collect();
    let (top, left) = chars
        .iter()
        .enumerate()
        .find_map(|(y, row)| {
            (0..row.len())
                .find(|&x| row[x..].starts_with(&corner))
                .map(|x| (y, x))
        })
        .unwrap_or_else(|| panic!("no pane {title}:\n{}", rows.join("\n")));
    let right = (left + 1..chars[top].len())
        .find(|&x| chars[top][x] == '┐')
        .expect("its top right corner");
    chars[top + 1..]
        .iter()
        .take_while(|row| row[left] == '│')
        .map(|row| row[left + 1..right].iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Blanks collapsed: text laid out on several rows reads as the same words.
pub fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
