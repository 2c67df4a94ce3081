//! A sample of each of Pons' Connect Four test sets (data/connect4), solved exactly; the whole sets
//! run in `tictree bench`. Scores follow Pons' convention: ±(22 − the winner's stones), 0 draw.

use tictree::engine::analysis::solve::solve_with;
use tictree::engine::search::solver::Solver;
use tictree::engine::{Position, Rules, StopFlag};

/// Solves lines `every`-th of a set (up to `limit` of them) and returns the mean positions explored.
fn check(file: &str, every: usize, limit: usize) -> f64 {
    let path = format!("{}/data/connect4/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let empty = Position::empty(Rules::CONNECT4);
    let mut solver = Solver::with_hash(empty.layout(), StopFlag::default(), 16 << 20);
    let (mut explored, mut count) = (0, 0);
    for line in text.lines().step_by(every).take(limit) {
        let (moves, score) = line.split_once(' ').unwrap();
        let position = empty.play_moves(moves).unwrap();
        solver.reset();
        let solution = solve_with(&mut solver, &position, false, false).unwrap();
        assert_eq!(
            solution.pons_score(&position),
            score.trim().parse::<i32>().unwrap(),
            "{file}: {moves}"
        );
        explored += solution.explored;
        count += 1;
    }
    explored as f64 / count as f64
}

#[test]
fn end_easy() {
    let mean = check("Test_L3_R1", 10, 100);
    assert!(mean < 1.5 * 51.28, "{mean}");
}

#[test]
fn middle_easy() {
    let mean = check("Test_L2_R1", 10, 100);
    assert!(mean < 1.5 * 449.6, "{mean}");
}

#[test]
fn middle_medium() {
    check("Test_L2_R2", 20, 50);
}

#[test]
fn begin_easy() {
    check("Test_L1_R1", 10, 100);
}

#[test]
fn begin_medium() {
    check("Test_L1_R2", 100, 10);
}

#[test]
fn begin_hard() {
    check("Test_L1_R3", 1000, 1);
}

/// Exact counts pin the search down: a change to its pruning or its move order shows here first
/// (and in `tictree bench`). Fhourstones' first two warm-up positions, weak, and a Middle-Medium
/// line.
#[test]
fn exact_counts_of_three_solves() {
    let empty = Position::empty(Rules::CONNECT4);
    let mut solver = Solver::new(empty.layout(), StopFlag::default());
    for (moves, weak, nodes, explored, value) in [
        ("45461667", true, 6_134, 6_135, 1),
        // Outrun lines (`follow_up.rs`) settle most of its positions: 10,855,495 before them.
        ("35333571", true, 2_976_546, 2_976_548, -1),
        ("274552224131661", false, 37_502, 37_507, 0),
    ] {
        let position = empty.play_moves(moves).unwrap();
        solver.reset();
        let solution = solve_with(&mut solver, &position, weak, false).unwrap();
        assert_eq!(
            (solution.stats.nodes, solution.explored),
            (nodes, explored),
            "{moves}"
        );
        assert_eq!(solution.value.signum(), value, "{moves}");
    }
}
