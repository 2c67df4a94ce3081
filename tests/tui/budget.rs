//! The TUI under a budget on boards too big to solve: estimates in the tree, the AI still moves,
//! and on a human's turn the analysis goes on past the budget until every move is exact.

use crate::inline_app::*;
use insta::assert_snapshot;
use tictree::app::{Action, App, Job, KeptSolvers, Reply, ReplyBody, Seat};
use tictree::engine::Rules;

/// A depth budget, not a clock, so the screens are the same on every machine.
fn budgeted(rules: Rules) -> tictree::app::Options {
    let mut options = options(rules);
    options.settings.algorithm = tictree::engine::Algorithm::Engine;
    options.settings.depth = 5;
    options
}

/// The engine under a node limit only: the hints stop at the budget and then, on a human's
/// turn, go on until every move is exact (a depth limit would keep them estimates).
fn node_limited(rules: Rules, nodes: u64) -> tictree::app::Options {
    let mut options = budgeted(rules);
    options.settings.depth = 0;
    options.nodes = Some(nodes);
    options
}

#[test]
fn connect4_hints_show_estimates_with_their_depth() {
    let mut options = budgeted(Rules::CONNECT4);
    options.start = options.start.play_moves("44").unwrap();
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    let terminal = screen(&app, 120, 36);
    let text = text(&terminal);
    assert!(text.contains("≈"), "{text}");
    assert!(text.contains("depth 5"), "{text}");
    // The user asked for hints 5 plies deep: on the human's turn too they stay estimates, with
    // keep analysing on (the default), rather than going on to the exact scores.
    assert!(app.options.settings.keep_analysing);
    assert!(!text.contains("analysing on"), "{text}");
    assert!(!app.search.settling());
    assert!(app.search.moves.iter().all(|m| !m.value.is_exact()));
    let log = log_text(&app);
    assert!(
        log.last()
            .unwrap()
            .ends_with("[budget-limited: depth 5, 0 of 7 exact]"),
        "{log:?}"
    );
    assert_snapshot!("connect4_estimates", terminal.backend());
    // So do the explorer's.
    app.update(Action::FocusNext);
    app.update(Action::Move(tictree::app::Direction::Right));
    let Some(Job::Analyze(request)) = app.take_job() else {
        panic!("expected an explorer request");
    };
    assert!(!request.settle);
}

#[test]
fn the_ai_moves_on_connect4_from_the_empty_board_under_a_budget() {
    let mut options = budgeted(Rules::CONNECT4);
    options.settings.x = Seat::PERFECT;
    options.settings.o = Seat::PERFECT;
    options.settings.depth = 0;
    options.nodes = Some(5_000);
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    // Two AIs under a budget play the whole game: each search ends, each ends in a move.
    assert!(app.game.moves().len() >= 7, "{:?}", log_text(&app));
    assert_ne!(app.position().status(), tictree::engine::Status::Ongoing);
    let log = log_text(&app);
    assert!(
        log[1].starts_with("X (AI level 4) thinks: engine checked"),
        "{log:?}"
    );
    assert!(log[1].contains("budget-limited"), "{log:?}");
    assert!(log[2].starts_with("1. X (AI level 4) plays"), "{log:?}");
    assert!(log[2].contains("≈"), "{log:?}");
    // The perfect player says when it had to move on an estimate.
    assert!(
        log[2].ends_with(", an estimate: no exact score within the budget"),
        "{log:?}"
    );
}

/// Under a budget, minimax leaves the moves it cannot prove to the engine's estimating search:
/// the log says whose values they are (a learner would read an impossible minimax count).
#[test]
fn values_minimax_left_to_the_estimating_search_are_named_in_the_log() {
    let minimax = || {
        let mut minimax = options(Rules::TICTACTOE);
        minimax.settings.algorithm = tictree::engine::Algorithm::Minimax;
        minimax.settings.depth = 0;
        minimax
    };
    let mut budgeted = minimax();
    budgeted.nodes = Some(100);
    let mut app = App::new(budgeted, false);
    run_jobs(&mut app);
    let log = log_text(&app);
    assert!(
        log.last()
            .unwrap()
            .ends_with("[9 of 9 valued by the engine's depth-limited alpha-beta, not minimax]"),
        "{log:?}"
    );
    // Without a budget every value is minimax's own.
    let mut app = App::new(minimax(), false);
    run_jobs(&mut app);
    assert!(!log_text(&app).last().unwrap().contains("valued by"));
}

/// Runs the app's next search request as the worker does, the analysis past the budget included,
/// returning the budget's messages and the settling's separately.
fn run_with_settling(app: &mut App) -> (Vec<Reply>, Vec<Reply>) {
    let Some(Job::Analyze(request)) = app.take_job() else {
        panic!("expected a search request");
    };
    assert!(request.settle, "a human's turn settles");
    let mut budgeted = replies(Job::Analyze(request), &KeptSolvers::default());
    // Up to the first `Done` the budget's, after it the settling's.
    let first_done = budgeted
        .iter()
        .position(|reply| matches!(reply.body, ReplyBody::Done(_)))
        .expect("a Done reply");
    let mut settling = budgeted.split_off(first_done + 1);
    for (replies, elapsed) in [(&mut budgeted, ELAPSED), (&mut settling, ELAPSED * 4)] {
        if let Some(ReplyBody::Done(analysis)) = replies.last_mut().map(|reply| &mut reply.body) {
            analysis.elapsed = elapsed;
        }
    }
    (budgeted, settling)
}

#[test]
fn on_a_humans_turn_the_analysis_goes_on_past_the_budget_until_every_move_is_exact() {
    // 4×4 under a budget of 20 nodes: every move only estimated when the budget is spent.
    let options = node_limited("4x4".parse().unwrap(), 20);
    let mut app = App::new(options, false);
    let (budgeted, settling) = run_with_settling(&mut app);
    for message in budgeted {
        app.update(Action::Search(message));
    }
    assert!(app.search.settling());
    let shown = text(&screen(&app, 100, 30));
    assert!(
        shown.contains("analysing on… 0 of 16 exact · budget: "),
        "{shown}"
    );
    // Narrower, the footer says less rather than being cut: the count of exact moves stays whole.
    let narrow = text(&screen(&app, 80, 24));
    assert!(
        narrow.contains("  analysing on… 0 of 16 exact  "),
        "{narrow}"
    );
    // The exact scores arrive one by one: 16 of them, then the final analysis.
    assert_eq!(settling.len(), 17);
    for (arrived, message) in settling.into_iter().enumerate() {
        app.update(Action::Search(message));
        if arrived < 16 {
            assert_eq!(app.search.exact_count(), arrived + 1);
            assert_eq!(app.search.settling(), arrived < 15);
        }
    }
    assert!(!app.search.settling());
    let done = app.search.done.as_ref().unwrap();
    assert!(done.exact());
    // Every first move on 4×4 draws: all sixteen are recommended.
    assert_eq!(done.best().len(), 16);
    let log = log_text(&app);
    assert!(
        log[log.len() - 2].contains("[budget-limited: depth 1, 0 of 16 exact; analysing on]"),
        "{log:?}"
    );
    assert!(
        log[log.len() - 1].starts_with("X (you) hint, every move exact: engine checked "),
        "{log:?}"
    );
    // Node counts depend on the clock here (a move that outlasts its time slice is searched
    // again in the next round), so the screen is checked line by line rather than snapshotted.
    let text = text(&screen(&app, 100, 30));
    assert!(
        text.contains("Game tree · X (you) to move: recommended a4 (15 more)"),
        "{text}"
    );
    // Thirteen rows fit, then "… 3 more".
    assert_eq!(text.matches("      0  draw  ").count(), 13, "{text}");
    assert!(text.contains("│  16 moves · "), "{text}");
    // The tree's footer no longer says so (the log keeps its earlier "analysing on]").
    assert!(!text.contains("analysing on…"), "{text}");
}

#[test]
fn the_ais_own_move_keeps_its_budget() {
    let mut options = budgeted(Rules::CONNECT4);
    options.settings.x = Seat::PERFECT;
    let mut app = App::new(options, false);
    let Some(Job::Analyze(request)) = app.take_job() else {
        panic!("expected a search request");
    };
    assert!(!request.settle);
}

#[test]
fn with_keep_analysing_off_the_hint_stops_at_the_budget() {
    let mut options = budgeted(Rules::CONNECT4);
    options.settings.keep_analysing = false;
    let mut app = App::new(options, false);
    let Some(Job::Analyze(request)) = app.take_job() else {
        panic!("expected a search request");
    };
    assert!(!request.settle);
    for reply in replies(Job::Analyze(request), &KeptSolvers::default()) {
        app.update(Action::Search(reply));
    }
    assert!(!app.search.settling());
    let log = log_text(&app);
    assert!(log.last().unwrap().ends_with("0 of 7 exact]"), "{log:?}");
}

#[test]
fn a_long_analysis_says_which_moves_it_solves_and_how_far_it_has_got() {
    let mut options = node_limited(Rules::CONNECT4, 5_000);
    options.start = options.start.play_moves("44").unwrap();
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    assert!(app.search.settling());
    let rules = Rules::CONNECT4;
    let live = tictree::app::Live {
        nodes: 40_431_497,
        elapsed: std::time::Duration::from_millis(7_040),
        scoring: vec![
            rules.parse_cell("a1").unwrap(),
            rules.parse_cell("g1").unwrap(),
        ],
    };
    app.update(Action::Search(Reply {
        key: tictree::app::JobKey::Play,
        generation: app.search.generation,
        body: ReplyBody::Progress(live.clone()),
    }));
    let text = text(&screen(&app, 120, 36));
    assert!(
        text.contains("analysing on… 0 of 7 exact · solving a1, g1 · 40.4 M nodes · 7.04 s"),
        "{text}"
    );
    // Narrower, the footer drops the work before the words that say the search goes on.
    let narrow = words(&pane_text(&screen(&app, 75, 20), "Game tree"));
    assert!(narrow.contains("analysing on… 0 of 7 exact"), "{narrow}");
    // A report of an older search is stale and changes nothing.
    app.update(Action::Search(Reply {
        key: tictree::app::JobKey::Play,
        generation: app.search.generation - 1,
        body: ReplyBody::Progress(tictree::app::Live { nodes: 1, ..live }),
    }));
    assert_eq!(app.search.live.as_ref().unwrap().nodes, 40_431_497);
}

/// Between two depths of the estimates the exact search runs on: its progress reports, newer
/// than the last estimate, give the footer its moves, its work and a clock that goes on counting
/// (it used to stand at the first estimate's time, `depth 1 · 3.73 ms`, for a second).
#[test]
fn the_footer_counts_on_while_the_exact_search_runs_between_depths() {
    let mut options = budgeted(Rules::CONNECT4);
    options.start = options.start.play_moves("44").unwrap();
    let mut app = App::new(options, false);
    let Some(Job::Analyze(request)) = app.take_job() else {
        panic!("expected a search request");
    };
    let first_estimate = replies(Job::Analyze(request), &KeptSolvers::default())
        .into_iter()
        .find(|reply| matches!(reply.body, ReplyBody::Move(_)))
        .expect("an estimate");
    app.update(Action::Search(first_estimate));
    assert!(app.search.running());
    let before = text(&screen(&app, 120, 36));
    assert!(before.contains("searching… depth 1 ·"), "{before}");
    let rules = Rules::CONNECT4;
    app.update(Action::Search(Reply {
        key: tictree::app::JobKey::Play,
        generation: app.search.generation,
        body: ReplyBody::Progress(tictree::app::Live {
            nodes: 3_250_000,
            elapsed: std::time::Duration::from_millis(1_040),
            scoring: vec![rules.parse_cell("c1").unwrap()],
        }),
    }));
    let wide = text(&screen(&app, 160, 36));
    assert!(
        wide.contains("searching… depth 1 · 0 of 7 exact · solving c1 · 3,250,000 nodes · 1.04 s"),
        "{wide}"
    );
    let narrower = text(&screen(&app, 120, 36));
    assert!(
        narrower.contains("searching… depth 1 · 0 of 7 exact · 3,250,000 nodes · 1.04 s"),
        "{narrower}"
    );
    // Where the work does not fit, the moves being solved do: not `depth 1`, which stands still
    // while they are solved.
    let eighty = text(&screen(&app, 80, 24));
    assert!(
        eighty.contains("searching… solving c1 · 0 of 7 exact"),
        "{eighty}"
    );
}
