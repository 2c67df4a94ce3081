//! An engine kept between analyses (as the app keeps one for the explorer) answers exactly as a
//! fresh one: the scores and the principal variations' lengths are the same whatever earlier
//! searches left in its transposition table, and the table really saves work.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tictree::engine::{
    Algorithm, Analysis, Position, Rules, Solver, Status, StopFlag, Table, analyze,
    analyze_with_table,
};

fn kept(position: &Position, solver: &mut Solver) -> Analysis {
    let table = Table::Kept(solver);
    analyze_with_table(
        position,
        Algorithm::Engine,
        table,
        &StopFlag::default(),
        |_| {},
    )
    .unwrap()
}

fn fresh(position: &Position) -> Analysis {
    analyze(position, Algorithm::Engine, &StopFlag::default(), |_| {}).unwrap()
}

/// Checks `found` against a fresh analysis: same score for every move, and each line is legal and
/// as long as its score says.
fn assert_same(position: &Position, found: &Analysis) {
    let expected = fresh(position);
    let scores = |a: &Analysis| {
        let mut s: Vec<_> = a.moves.iter().map(|m| (m.mv, m.score)).collect();
        s.sort_by_key(|&(mv, _)| mv);
        s
    };
    assert_eq!(scores(found), scores(&expected), "{position:?}");
    for m in &found.moves {
        let mut end = *position;
        for &mv in &m.pv {
            end = end.play(mv).unwrap();
        }
        assert_ne!(end.status(), Status::Ongoing, "{position:?} pv {:?}", m.pv);
        assert_eq!(m.pv.len() as u32, m.score.plies, "{position:?} {:?}", m.pv);
    }
}

/// Explores like a user: a random position, then down one of its moves, again and again, all on
/// one engine; every analysis is checked against a fresh one.
#[test]
fn a_kept_table_gives_the_scores_of_a_fresh_one() {
    let mut rng = StdRng::seed_from_u64(11);
    for (rules, start) in [
        ("4x4", 4),
        ("5x4k4", 7),
        ("4x4k3g", 3),
        ("5x5k4g", 9),
        ("3x3", 0),
    ] {
        let rules: Rules = rules.parse().unwrap();
        let mut solver = Solver::new(Position::empty(rules).layout(), StopFlag::default());
        for _ in 0..6 {
            let mut position = Position::empty(rules);
            for _ in 0..start {
                let moves = position.legal_moves();
                position = position
                    .play(moves[rng.random_range(0..moves.len())])
                    .unwrap();
            }
            while position.status() == Status::Ongoing {
                let found = kept(&position, &mut solver);
                assert_same(&position, &found);
                let moves = position.legal_moves();
                position = position
                    .play(moves[rng.random_range(0..moves.len())])
                    .unwrap();
            }
        }
    }
}

/// The explorer's case: the board's position was analysed, then the user expands a move. The
/// kept table already holds many positions below it (here 5,873 nodes instead of 9,364).
#[test]
fn a_kept_table_saves_work_below_an_analysed_position() {
    let rules: Rules = "4x4".parse().unwrap();
    let root = Position::empty(rules).play_moves("a1 b2 c3").unwrap();
    let mut solver = Solver::new(Position::empty(rules).layout(), StopFlag::default());
    kept(&root, &mut solver);
    let child = root.play(root.legal_moves()[0]).unwrap();
    let warm = kept(&child, &mut solver);
    let cold = fresh(&child);
    assert_same(&child, &warm);
    assert!(
        warm.stats.nodes * 4 < cold.stats.nodes * 3,
        "kept {} nodes, fresh {}",
        warm.stats.nodes,
        cold.stats.nodes
    );
}
