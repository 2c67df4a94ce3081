//! The TUI under a budget on boards too big to solve: estimates in the tree, the AI still moves.

mod tui_support;

use insta::assert_snapshot;
use tictree::app::{App, Seat};
use tictree::engine::{Budget, Rules};
use tui_support::*;

/// A depth budget, not a clock, so the screens are the same on every machine.
fn budgeted(rules: Rules) -> tictree::app::Options {
    let mut options = options(rules);
    options.algorithm = tictree::engine::Algorithm::Engine;
    options.budget = Budget::depth(5);
    options
}

#[test]
fn connect4_hints_show_estimates_with_their_depth() {
    let mut options = budgeted(Rules::CONNECT4);
    options.start = options.start.play_moves("44").unwrap();
    let mut app = App::new(options, false);
    settle(&mut app);
    let terminal = screen(&app, 120, 36);
    let text = text(&terminal);
    assert!(text.contains("≈"), "{text}");
    assert!(text.contains("depth 5"), "{text}");
    assert!(text.contains("0 exact, depth 5"), "{text}");
    assert!(app.search.moves.iter().all(|m| !m.value.is_exact()));
    let log = log_text(&app);
    assert!(
        log.last()
            .unwrap()
            .contains("[budget-limited: depth 5, 0 of 7 exact]"),
        "{log:?}"
    );
    assert_snapshot!("connect4_estimates", terminal.backend());
}

#[test]
fn the_ai_moves_on_connect4_from_the_empty_board_under_a_budget() {
    let mut options = budgeted(Rules::CONNECT4);
    options.x = Seat::PERFECT;
    options.o = Seat::PERFECT;
    options.budget = Budget::nodes(5_000);
    let mut app = App::new(options, false);
    settle(&mut app);
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
}
