//! Analyses within a budget: exact when it allows, estimates marked with their depth otherwise.

use std::time::Duration;
use tictree::engine::budget::{Budget, Evaluation, analyze_within};
use tictree::engine::{Algorithm, Position, Rules, StopFlag, analyze};

#[test]
fn an_unlimited_budget_gives_the_exact_analysis() {
    let position = Position::empty(Rules::TICTACTOE)
        .play_moves("a3 b2")
        .unwrap();
    let exact = analyze(&position, Algorithm::Engine, &StopFlag::default(), |_| {}).unwrap();
    let within =
        analyze_within(&position, Budget::default(), &StopFlag::default(), |_| {}).unwrap();
    assert!(within.exact);
    let mut a: Vec<_> = exact
        .moves
        .iter()
        .map(|m| (m.mv, Evaluation::Exact(m.score)))
        .collect();
    let mut b: Vec<_> = within.moves.iter().map(|m| (m.mv, m.evaluation)).collect();
    a.sort_by_key(|m| m.0);
    b.sort_by_key(|m| m.0);
    assert_eq!(a, b);
}

#[test]
fn a_shallow_search_of_connect_four_gives_estimates_with_their_depth() {
    let position = Position::empty(Rules::CONNECT4);
    let budget = Budget {
        depth: Some(4),
        ..Budget::default()
    };
    let mut seen = 0;
    let analysis = analyze_within(&position, budget, &StopFlag::default(), |_| seen += 1).unwrap();
    assert!(!analysis.exact);
    assert_eq!(analysis.depth, 4);
    assert_eq!(analysis.moves.len(), 7);
    assert!(seen >= 7);
    for m in &analysis.moves {
        match m.evaluation {
            Evaluation::Estimate { value, depth } => {
                assert_eq!(depth, 4);
                assert!((-1.0..=1.0).contains(&value));
            }
            Evaluation::Exact(score) => panic!("{:?} claimed exact: {score:?}", m.mv),
        }
    }
}

#[test]
fn wins_found_within_the_horizon_are_exact() {
    // X to move wins at once in column 4 (three stacked X below).
    let position = Position::empty(Rules::CONNECT4)
        .play_moves("4141415")
        .unwrap();
    let position = position.play_moves("5").unwrap_or(position);
    let budget = Budget {
        depth: Some(2),
        ..Budget::default()
    };
    let analysis = analyze_within(&position, budget, &StopFlag::default(), |_| {}).unwrap();
    let best = &analysis.moves[0];
    assert!(
        matches!(best.evaluation, Evaluation::Exact(s) if s.score > 0),
        "{best:?}"
    );
}

#[test]
fn a_node_budget_on_a_big_board_still_evaluates_every_move() {
    let position = Position::empty("8x8k5".parse().unwrap());
    let budget = Budget {
        nodes: Some(20_000),
        time: Some(Duration::from_secs(5)),
        ..Budget::default()
    };
    let analysis = analyze_within(&position, budget, &StopFlag::default(), |_| {}).unwrap();
    assert_eq!(analysis.moves.len(), 64);
    assert!(!analysis.exact);
    assert!(analysis.depth >= 1);
}
