//! The tree explorer: two levels with the preview, results routed by key while the AI searches,
//! the selection following its move, `v`, the heat map, at most two searches, the bounded cache,
//! queries stopped when the position changes. Through `App::update` and on screen.

use crate::inline_app::*;
use insta::assert_snapshot;
use std::time::Duration;
use tictree::app::{
    Action, App, CACHE_CAPACITY, Direction, Focus, Job, JobKey, KeptSolvers, Reply, ReplyBody,
};
use tictree::engine::{Algorithm, Estimate, Move, MoveAppraisal, MoveValue, Rules, Score};

fn cell(name: &str) -> Move {
    Rules::TICTACTOE.parse_cell(name).expect("a cell")
}

/// Selects `name` in the tree pane with ↑/↓ (the pane must have the focus).
fn select(app: &mut App, name: &str) {
    let target = cell(name);
    let index = app
        .shown_moves()
        .iter()
        .position(|m| m.mv == target)
        .expect("the move is listed");
    for _ in 0..app.shown_moves().len() {
        app.update(Action::Move(Direction::Up));
    }
    for _ in 0..index {
        app.update(Action::Move(Direction::Down));
    }
    assert_eq!(app.selected_move(), Some(target));
}

/// A line too long for the pane loses its first moves, not its last ones and whose turn it is.
#[test]
fn a_long_explored_line_keeps_its_end_in_view() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::FocusNext]);
    for _ in 0..7 {
        press(&mut app, &[Action::Move(Direction::Right)]);
    }
    assert_eq!(app.explorer.line.len(), 7);
    let names: Vec<String> = app
        .explorer
        .line
        .iter()
        .map(|&mv| Rules::TICTACTOE.move_name(mv))
        .collect();
    let wide = text(&screen(&app, 110, 32));
    assert!(
        wide.contains(&format!("board › {} · O to move", names.join(" › "))),
        "{wide}"
    );
    let narrow = text(&screen(&app, 60, 20));
    let end = format!(" › {} · O to move", names[3..].join(" › "));
    assert!(narrow.contains(&format!("  …{end}")), "{narrow}");
}

#[test]
fn the_explorer_expands_two_levels_and_previews_the_line() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2"), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::FocusNext]);
    assert_eq!(app.focus, Focus::Tree);
    select(&mut app, "c1");
    press(&mut app, &[Action::Move(Direction::Right)]);
    assert_eq!(app.explorer.line, vec![cell("c1")]);
    // O's replies after X c1, each with its exact score.
    assert_eq!(
        app.explored_position().to_move(),
        tictree::engine::Player::O
    );
    assert_eq!(app.shown_moves().len(), 6);
    select(&mut app, "a1");
    press(&mut app, &[Action::Move(Direction::Right)]);
    assert_eq!(app.explorer.line, vec![cell("c1"), cell("a1")]);
    let replies = app.shown_moves();
    assert_eq!(replies.len(), 5);
    // O holds a1 and b2 and threatens c3: X's only move that does not lose is to block it.
    let best = &replies[0];
    assert_eq!(
        Rules::TICTACTOE.move_name(best.mv),
        "c3",
        "X blocks O's diagonal"
    );
    let terminal = screen(&app, 110, 32);
    let text = text(&terminal);
    assert!(text.contains("board › c1 › a1 · X to move"), "{text}");
    assert!(text.contains("Preview 2 plies · X to move"), "{text}");
    assert_snapshot!("explorer_two_levels", terminal.backend());
    // The real game did not move.
    assert!(app.game.moves().is_empty());
    assert_eq!(app.position().ply(), 2);
    // ← goes up with the move it came through still selected; Esc returns to the board.
    press(&mut app, &[Action::Move(Direction::Left)]);
    assert_eq!(app.explorer.line, vec![cell("c1")]);
    assert_eq!(app.selected_move(), Some(cell("a1")));
    press(&mut app, &[Action::Back]);
    assert!(app.explorer.line.is_empty());
    assert_eq!(app.selected_move(), Some(cell("c1")));
    press(&mut app, &[Action::Move(Direction::Right), Action::Escape]);
    assert!(app.explorer.line.is_empty(), "Esc leaves the explored line");
    assert_eq!(app.focus, Focus::Tree, "and keeps the tree focused");
    // From another pane too: the line shows on the board, and Esc there leaves it.
    press(
        &mut app,
        &[
            Action::Move(Direction::Right),
            Action::FocusNext,
            Action::FocusNext,
        ],
    );
    assert_eq!(app.focus, Focus::Board);
    assert!(!app.explorer.line.is_empty());
    press(&mut app, &[Action::Escape]);
    assert!(
        app.explorer.line.is_empty(),
        "Esc on the board leaves the explored line"
    );
    assert_eq!(app.notice, None);
}

/// Exploring into a position where the game is over: nothing to search there, so no endless
/// "searching…", and the title says the explored line ends (the game itself goes on).
#[test]
fn an_explored_line_that_ends_the_game_searches_nothing() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2 b3 c3"), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::FocusNext]);
    // Down the best line until the board is full: every reply draws.
    while app.explored_position().status() == tictree::engine::Status::Ongoing {
        press(&mut app, &[Action::Move(Direction::Right)]);
        run_jobs(&mut app);
    }
    assert_eq!(app.explorer.line.len(), 5);
    let text = text(&screen(&app, 80, 24));
    assert!(text.contains("no moves: the game is drawn"), "{text}");
    assert!(text.contains("the explored line ends"), "{text}");
    assert!(!text.contains("searching"), "{text}");
    assert!(!text.contains("game over"), "{text}");
    // The status bar offers what still works there: up and back, not select or expand.
    let bar = text.lines().last().unwrap_or_default();
    assert!(bar.contains("← up") && bar.contains("Esc back"), "{bar}");
    assert!(!bar.contains("expand") && !bar.contains("select"), "{bar}");
}

#[test]
fn exploring_never_cancels_the_ais_search_and_results_land_where_they_belong() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3"), false);
    // The AI (O) is thinking; its request is taken but not answered yet.
    let Some(Job::Analyze(thinking)) = app.take_job() else {
        panic!("the AI's search is asked for");
    };
    assert_eq!(thinking.key, JobKey::Play);
    // Meanwhile the first candidates arrive and the user explores one of them; the AI's
    // `Done` is held back.
    let mut thought = replies(Job::Analyze(thinking.clone()), &KeptSolvers::default());
    let done = thought.pop().expect("the Done reply, last");
    for reply in thought {
        app.update(Action::Search(reply));
    }
    press(&mut app, &[Action::FocusNext]);
    app.update(Action::Move(Direction::Right));
    let jobs: Vec<Job> = std::iter::from_fn(|| app.take_job()).collect();
    assert!(
        jobs.iter().all(|job| !matches!(job.key(), JobKey::Play)),
        "no job touches the AI's search: {jobs:?}"
    );
    let Some(Job::Analyze(explore)) = jobs.into_iter().next() else {
        panic!("an explore job is asked for");
    };
    let explored = explore.position;
    assert_eq!(explore.key, JobKey::Explore(explored));
    // The user goes back up before the answer comes; it still lands on its own position.
    app.update(Action::Back);
    for reply in replies(Job::Analyze(explore), &KeptSolvers::default()) {
        app.update(Action::Search(reply));
    }
    assert_eq!(
        app.analyses.get(&explored).map(|v| v.moves.len()),
        Some(explored.legal_moves().len())
    );
    // Coming back shows it at once, with no new search.
    app.update(Action::Move(Direction::Right));
    assert!(app.shown().is_some_and(|v| !v.running()));
    assert!(
        std::iter::from_fn(|| app.take_job()).all(|job| !matches!(job, Job::Analyze(_))),
        "no new search"
    );
    // The AI's own answer is still accepted: it plays.
    assert!(matches!(done.body, ReplyBody::Done(_)), "{done:?}");
    app.update(Action::Search(done));
    assert_eq!(app.game.moves().len(), 1, "the AI moved");
}

fn appraisal(mv: Move, value: MoveValue) -> MoveAppraisal {
    MoveAppraisal {
        mv,
        value,
        pv: vec![mv],
        nodes: 1,
        elapsed: Duration::ZERO,
        by_estimator: !value.is_exact(),
    }
}

#[test]
fn the_selection_follows_the_move_while_results_reorder_the_list() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    let Some(Job::Analyze(request)) = app.take_job() else {
        panic!("a search is asked for");
    };
    let send = |app: &mut App, mv: &str, value: MoveValue| {
        app.update(Action::Search(Reply {
            key: JobKey::Play,
            generation: request.generation,
            body: ReplyBody::Move(appraisal(cell(mv), value)),
        }))
    };
    let win = MoveValue::Exact(Score { score: 5, plies: 5 });
    let guess = |value| MoveValue::Estimate(Estimate { value, depth: 1 });
    send(&mut app, "a3", guess(10));
    send(&mut app, "b3", guess(-10));
    app.update(Action::FocusNext);
    app.update(Action::Move(Direction::Down));
    assert_eq!(app.selected_move(), Some(cell("b3")));
    // A better move arrives above it and b3's own value changes: b3 stays selected.
    send(&mut app, "b2", win);
    send(&mut app, "b3", guess(50));
    assert_eq!(app.shown_moves()[0].mv, cell("b2"));
    assert_eq!(app.selected_move(), Some(cell("b3")));
    let text = text(&screen(&app, 110, 32));
    let row = text
        .lines()
        .find(|line| line.contains(">"))
        .expect("a selected row");
    assert!(row.contains("b3"), "the highlighted row is b3's: {row}");
    // Enter plays the move that is highlighted, whatever its row.
    app.update(Action::Place);
    assert_eq!(app.game.moves(), &[cell("b3")]);
}

#[test]
fn v_plays_the_selected_line_out_on_the_board_one_ply_at_a_time() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2"), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::FocusNext]);
    let pv = app.shown_moves()[0].pv.clone();
    for shown in 1..=pv.len() {
        press(&mut app, &[Action::ShowLine]);
        let view = app.board_view();
        let ghosts: Vec<Move> = view.ghosts.iter().map(|g| g.mv).collect();
        assert_eq!(ghosts, pv[..shown]);
        assert_eq!(view.ghosts[shown - 1].number, shown);
    }
    press(&mut app, &[Action::ShowLine]);
    assert!(app.board_view().ghosts.is_empty(), "once more hides it");
}

#[test]
fn the_heat_map_draws_every_moves_score_on_its_cell() {
    let mut options = options_from(Rules::TICTACTOE, "a3 b2 c1");
    options.settings.o = tictree::app::Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleHeat]);
    let view = app.board_view();
    assert_eq!(view.heat.len(), 6);
    let terminal = screen(&app, 110, 32);
    let text = text(&terminal);
    for entry in app.search.moves.iter() {
        let MoveValue::Exact(score) = entry.value else {
            panic!("exact")
        };
        let label = score.to_string();
        assert!(
            text.contains(&format!(" {label} ")),
            "{label} shown: {text}"
        );
    }
    assert_snapshot!("heat_map", terminal.backend());
    // At 80×24 the cells are three columns wide: a score of two characters under the cursor (on
    // a1, -7) takes the brackets' places, and the cursor shows by its reversed style alone, never
    // by one bracket left standing.
    press(
        &mut app,
        &[Action::Move(Direction::Down), Action::Move(Direction::Left)],
    );
    let small = screen(&app, 80, 24);
    let row = rows(&small)
        .into_iter()
        .find(|r| r.starts_with("│ 1 │"))
        .unwrap();
    assert!(row.starts_with("│ 1 │-7 │ 0 │(X)│"), "{row}");
    let y = rows(&small)
        .iter()
        .position(|r| r.starts_with("│ 1 │"))
        .unwrap() as u16;
    for x in 5..8 {
        let cell = &small.backend().buffer()[(x, y)];
        assert!(
            cell.modifier.contains(ratatui::style::Modifier::REVERSED),
            "column {x}"
        );
    }
    press(&mut app, &[Action::ToggleHeat]);
    assert!(app.board_view().heat.is_empty());
}

/// Hints with the heat map: a best move's cell keeps its score and shows its star in the
/// corner; a cell of one row (3×3 at 80×24) has no corner and underlines its score instead.
#[test]
fn a_hinted_cell_under_the_heat_map_keeps_its_star_or_underlines_its_score() {
    let mut options = options_from(Rules::TICTACTOE, "a3 b2 c1");
    options.settings.o = tictree::app::Seat::Human;
    options.settings.hints = true;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleHeat]);
    // O's four edge cells hold the draw.
    let hints = app.board_view().hints.len();
    assert_eq!(hints, 4);
    let board = pane_text(&screen(&app, 110, 32), "Board");
    assert_eq!(board.matches('★').count(), hints, "{board}");
    let small = screen(&app, 80, 24);
    let board = pane_text(&small, "Board");
    assert!(!board.contains('★'), "{board}");
    let buffer = small.backend().buffer();
    let underlined: Vec<String> = (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| &buffer[(x, y)])
                .filter(|cell| cell.modifier.contains(ratatui::style::Modifier::UNDERLINED))
                .map(|cell| cell.symbol())
                .collect::<String>()
        })
        .filter(|run| !run.is_empty())
        .collect();
    // The four hinted cells, three columns each on two rows (b3 | a2, c2 | b1), their score
    // centred: a draw; then the last move of the opening, c1, underlined as the last move is.
    assert_eq!(underlined, [" 0 ", " 0  0 ", " 0 (X)"]);
}

#[test]
fn at_most_two_explorer_searches_run_and_a_third_cancels_the_oldest() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::FocusNext]);
    // Three replies lists asked for in turn, the worker answering none of them.
    let mut asked = Vec::new();
    for _ in 0..3 {
        app.update(Action::Move(Direction::Right));
        asked.push(app.explored_position());
        app.update(Action::Move(Direction::Left));
        app.update(Action::Move(Direction::Down));
    }
    let jobs: Vec<String> = std::iter::from_fn(|| app.take_job())
        .map(|job| match job {
            Job::Analyze(r) => format!(
                "analyze {}",
                asked
                    .iter()
                    .position(|p| r.key == JobKey::Explore(*p))
                    .unwrap()
            ),
            Job::Cancel(key) => format!(
                "cancel {}",
                asked
                    .iter()
                    .position(|p| key == JobKey::Explore(*p))
                    .unwrap()
            ),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(jobs, ["analyze 0", "analyze 1", "cancel 0", "analyze 2"]);
    // The cancelled one's partial analysis is forgotten, and asked for again on return (which
    // cancels the oldest running, again).
    assert!(app.analyses.get(&asked[0]).is_none());
    assert!(
        app.analyses
            .get(&asked[1])
            .is_some_and(|view| view.running())
    );
    for _ in 0..3 {
        app.update(Action::Move(Direction::Up));
    }
    app.update(Action::Move(Direction::Right));
    assert_eq!(app.explored_position(), asked[0]);
    let again = app.take_job();
    assert!(matches!(again, Some(Job::Cancel(JobKey::Explore(p))) if p == asked[1]));
    assert!(matches!(app.take_job(), Some(Job::Analyze(r)) if r.key == JobKey::Explore(asked[0])));
}

/// Going back up to a level whose search gave way to deeper ones (at most two run) asks for it
/// again: the user is looking at it, and it must not say `searching…` with nothing searching.
#[test]
fn a_level_whose_search_gave_way_is_searched_again_on_return() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::FocusNext]);
    // Three levels down, each level's first estimates in (so it can be expanded) but none of
    // its searches finished, as when the user goes faster than the searches.
    let mut levels = Vec::new();
    for _ in 0..3 {
        app.update(Action::Move(Direction::Right));
        levels.push(app.explored_position());
        while let Some(job) = app.take_job() {
            if !matches!(job, Job::Analyze(_)) {
                continue;
            }
            for reply in replies(job, &KeptSolvers::default()) {
                if matches!(reply.body, ReplyBody::Move(_)) {
                    app.update(Action::Search(reply));
                }
            }
        }
    }
    // The first level's search gave way to the third's, and what it had found was forgotten.
    assert!(app.analyses.get(&levels[0]).is_none());
    app.update(Action::Move(Direction::Left));
    app.update(Action::Move(Direction::Left));
    assert_eq!(app.explored_position(), levels[0]);
    let jobs: Vec<Job> = std::iter::from_fn(|| app.take_job()).collect();
    assert!(
        jobs.iter()
            .any(|job| matches!(job, Job::Analyze(r) if r.key == JobKey::Explore(levels[0]))),
        "{jobs:?}"
    );
    assert!(app.shown().is_some_and(|view| view.running()));
}

#[test]
fn the_explorer_cache_stays_bounded() {
    // 5×5 k=4 with a budget of 30 nodes: quick analyses, and 25 + 25 × 24 positions two levels
    // down, more than the cache holds.
    let mut options = options("5x5k4".parse().unwrap());
    options.nodes = Some(30);
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(&mut app, &[Action::FocusNext]);
    let mut first = None;
    for _ in 0..25 {
        press(&mut app, &[Action::Move(Direction::Right)]);
        first = first.or(Some(app.explored_position()));
        for _ in 0..24 {
            press(&mut app, &[Action::Move(Direction::Right)]);
            assert_eq!(app.explorer.line.len(), 2);
            assert!(app.analyses.len() <= CACHE_CAPACITY);
            press(
                &mut app,
                &[Action::Move(Direction::Left), Action::Move(Direction::Down)],
            );
        }
        press(
            &mut app,
            &[Action::Move(Direction::Left), Action::Move(Direction::Down)],
        );
    }
    assert_eq!(app.analyses.len(), CACHE_CAPACITY, "full, and no fuller");
    // The oldest analysis was forgotten; going back there asks for it again.
    let first = first.unwrap();
    assert!(app.analyses.get(&first).is_none());
    press(&mut app, &[Action::Escape, Action::FocusNext]);
    for _ in 0..25 {
        app.update(Action::Move(Direction::Up));
    }
    app.update(Action::Move(Direction::Right));
    assert_eq!(app.explored_position(), first);
    // Analyses under a node limit settle (go on until exact) in the background, so the new query first
    // cancels the oldest one still settling.
    assert!(matches!(
        app.take_job(),
        Some(Job::Cancel(JobKey::Explore(_)))
    ));
    assert!(matches!(app.take_job(), Some(Job::Analyze(r)) if r.key == JobKey::Explore(first)));
    assert!(app.analyses.get(&first).is_some_and(|view| view.running()));
    assert_eq!(app.analyses.len(), CACHE_CAPACITY);
}

#[test]
fn settling_explore_queries_stop_when_the_position_changes() {
    // 5×5 k=4 under a budget of 30 nodes: explored positions are only estimated when the budget
    // is spent, so their queries go on (settle) in the background.
    let mut options = options("5x5k4".parse().unwrap());
    options.settings.algorithm = Algorithm::Engine;
    options.nodes = Some(30);
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(
        &mut app,
        &[Action::FocusNext, Action::Move(Direction::Right)],
    );
    let explored = app.explored_position();
    let view = app.analyses.get(&explored).expect("the explored analysis");
    assert!(view.settling(), "its budget is spent, the query goes on");
    // Back to the board and a move: the query below the old position is cancelled.
    app.update(Action::Escape);
    app.update(Action::Escape);
    app.update(Action::Place);
    let mut jobs = Vec::new();
    while let Some(job) = app.take_job() {
        jobs.push(job);
    }
    assert!(
        jobs.iter()
            .any(|job| matches!(job, Job::Cancel(JobKey::Explore(p)) if *p == explored)),
        "{jobs:?}"
    );
    let view = app.analyses.get(&explored).expect("what it proved is kept");
    assert!(!view.settling());
}

/// At 80×24 on 4×4 the game tree has no room for a move of the best line: the column and its
/// heading are left out rather than cut to `lin` and `…`, the explorer's reminder of its keys
/// goes rather than being cut, and the "more" line tells the focused tree just ↓.
#[test]
fn a_narrow_tree_leaves_out_what_it_cannot_show_whole() {
    let mut options = options("4x4".parse().unwrap());
    options.settings.algorithm = Algorithm::Engine;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    let pane = |app: &App| pane_text(&screen(app, 80, 24), "Game tree");
    let shown = pane(&app);
    assert!(
        shown.starts_with("  move  score  outcome       nodes "),
        "{shown}"
    );
    assert!(!shown.contains("line"), "{shown}");
    assert_eq!(
        shown.matches('…').count(),
        1,
        "only the more line's: {shown}"
    );
    press(
        &mut app,
        &[Action::FocusNext, Action::Move(Direction::Right)],
    );
    let shown = pane(&app);
    assert!(shown.contains("  board › "), "{shown}");
    assert!(
        !shown.contains("(←") || shown.contains("(← up, Esc back)"),
        "{shown}"
    );
    assert!(shown.contains(" more (↓)"), "{shown}");
}
