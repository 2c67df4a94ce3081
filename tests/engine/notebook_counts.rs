//! The minimax tutorial notebook's printed numbers, reproduced exactly.

use tictree::engine::{Algorithm, Position, Rules, StopFlag, analyze};

fn nodes(moves: &str, algorithm: Algorithm) -> u64 {
    let position = Position::empty(Rules::TICTACTOE).play_moves(moves).unwrap();
    analyze(&position, algorithm, &StopFlag::default(), |_| {})
        .unwrap()
        .stats
        .nodes
}

#[test]
fn minimax_counts_the_notebooks_moves_checked() {
    assert_eq!(nodes("", Algorithm::Minimax), 549_945);
    assert_eq!(nodes("a3", Algorithm::Minimax), 59_704);
    assert_eq!(nodes("a3 b2", Algorithm::Minimax), 7_331);
    assert_eq!(nodes("a3 b2 b3", Algorithm::Minimax), 934);
}

#[test]
fn per_move_nodes_add_up_to_the_total() {
    let position = Position::empty(Rules::TICTACTOE);
    let analysis = analyze(&position, Algorithm::Minimax, &StopFlag::default(), |_| {}).unwrap();
    let sum: u64 = analysis.moves.iter().map(|m| m.nodes).sum();
    assert_eq!(sum, 549_945);
}

#[test]
fn the_engine_beats_the_notebooks_alpha_beta_on_the_empty_board() {
    let engine = nodes("", Algorithm::Engine);
    assert!(engine < 18_296, "engine searched {engine} nodes");
}

#[test]
fn the_empty_board_is_a_draw_for_every_first_move() {
    let position = Position::empty(Rules::TICTACTOE);
    for algorithm in Algorithm::ALL {
        let analysis = analyze(&position, algorithm, &StopFlag::default(), |_| {}).unwrap();
        assert_eq!(analysis.moves.len(), 9);
        for m in &analysis.moves {
            assert_eq!(
                (m.score.score, m.score.plies),
                (0, 9),
                "{algorithm} {:?}",
                m.mv
            );
            assert_eq!(m.pv.len(), 9, "{algorithm}: a drawn line fills the board");
        }
    }
}
