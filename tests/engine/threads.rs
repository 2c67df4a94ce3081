//! Searching on several threads (`--threads`): the same values as on one thread whatever the count,
//! one-thread node counts as before, and a stop that ends a parallel search.

use std::sync::Arc;
use std::thread;
use std::time::Duration;
use tictree::engine::analysis::solve::solve_with;
use tictree::engine::{
    Algorithm, Budget, Move, MoveValue, Position, Rules, Score, SearchProgress, Solver, StopFlag,
    Table, analyze_parallel, analyze_within,
};

const TABLE: usize = 16 << 20;

/// Every move's score, best first, from an analysis on `threads` threads.
fn scores(position: &Position, threads: usize) -> Vec<(Move, Score, Vec<Move>)> {
    let analysis = analyze_parallel(
        position,
        Algorithm::Engine,
        Table::New(Some(TABLE)),
        threads,
        &StopFlag::default(),
        |_| {},
    )
    .unwrap();
    analysis
        .moves
        .into_iter()
        .map(|m| (m.mv, m.score, m.pv))
        .collect()
}

#[test]
fn analyses_agree_whatever_the_thread_count() {
    for (rules, moves) in [
        ("3x3", ""),
        ("3x3", "b2"),
        ("4x4", ""),
        ("4x4", "a1 b2"),
        ("5x4k4", ""),
    ] {
        let position = Position::empty(rules.parse::<Rules>().unwrap())
            .play_moves(moves)
            .unwrap();
        let alone = scores(&position, 1);
        for threads in [2, 4] {
            assert_eq!(
                scores(&position, threads),
                alone,
                "{rules} {moves} {threads}"
            );
        }
    }
}

#[test]
fn short_analyses_count_the_same_nodes_on_any_number_of_threads() {
    // An analysis that ends before the other threads would start is the one-thread analysis.
    for threads in [1, 2, 4] {
        let position = Position::empty(Rules::TICTACTOE);
        let analysis = analyze_parallel(
            &position,
            Algorithm::Engine,
            Table::New(None),
            threads,
            &StopFlag::default(),
            |_| {},
        )
        .unwrap();
        assert_eq!(analysis.stats.nodes, 226);
        let minimax = analyze_parallel(
            &position,
            Algorithm::Minimax,
            Table::New(None),
            threads,
            &StopFlag::default(),
            |_| {},
        )
        .unwrap();
        // Without a table the moves' searches are independent: the same nodes, however spread.
        assert_eq!(minimax.stats.nodes, 549_945);
    }
}

#[test]
fn every_move_is_delivered_once() {
    let position = Position::empty("4x4".parse().unwrap());
    let mut seen = Vec::new();
    let analysis = analyze_parallel(
        &position,
        Algorithm::Engine,
        Table::New(Some(TABLE)),
        2,
        &StopFlag::default(),
        |m| seen.push(m.mv),
    )
    .unwrap();
    seen.sort_by_key(|m| m.cell());
    assert_eq!(seen, position.legal_moves());
    assert_eq!(analysis.moves.len(), 16);
    let nodes: u64 = analysis.moves.iter().map(|m| m.nodes).sum();
    assert_eq!(analysis.stats.nodes, nodes);
}

/// Solves lines of one of Pons' sets on `threads` threads and checks their scores, exact and weak.
fn connect4_set(file: &str, every: usize, limit: usize, threads: usize) {
    let path = format!("{}/data/connect4/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let empty = Position::empty(Rules::CONNECT4);
    let mut solver = Solver::with_hash(empty.layout(), StopFlag::default(), TABLE);
    solver.set_threads(threads);
    assert_eq!(solver.threads(), threads);
    for line in text.lines().step_by(every).take(limit) {
        let (moves, score) = line.split_once(' ').unwrap();
        let score: i32 = score.trim().parse().unwrap();
        let position = empty.play_moves(moves).unwrap();
        for weak in [false, true] {
            solver.reset();
            let solution = solve_with(&mut solver, &position, weak, !weak).unwrap();
            let expected = if weak { score.signum() } else { score };
            assert_eq!(solution.pons_score(&position), expected, "{file}: {moves}");
            let usage = solver.table_usage();
            assert!(usage.stored <= usage.capacity);
            // A root settled by the follow-up bounds alone stores nothing; any search below does.
            assert_eq!(usage.stored > 0, solution.explored > 1, "{file}: {moves}");
        }
    }
}

#[test]
fn connect4_scores_on_two_threads() {
    connect4_set("Test_L2_R2", 50, 20, 2);
    connect4_set("Test_L1_R2", 200, 3, 2);
}

#[test]
fn connect4_scores_on_four_threads() {
    connect4_set("Test_L2_R2", 50, 20, 4);
    connect4_set("Test_L1_R1", 100, 10, 4);
}

#[test]
fn one_thread_solves_count_as_before() {
    let position = Position::empty(Rules::CONNECT4)
        .play_moves("274552224131661")
        .unwrap();
    let mut solver = Solver::with_hash(position.layout(), StopFlag::default(), TABLE);
    let alone = solve_with(&mut solver, &position, false, false).unwrap();
    solver.reset();
    let again = solve_with(&mut solver, &position, false, false).unwrap();
    assert_eq!(alone.explored, again.explored);
    solver.set_threads(2);
    solver.reset();
    let together = solve_with(&mut solver, &position, false, false).unwrap();
    assert_eq!(together.value, alone.value);
    solver.set_threads(1);
    solver.reset();
    let back = solve_with(&mut solver, &position, false, false).unwrap();
    assert_eq!(back.explored, alone.explored);
}

/// A Connect Four position whose solve is long enough (tens of thousands of positions) for the
/// helpers to join.
fn long_enough_for_helpers() -> Position {
    Position::empty(Rules::CONNECT4)
        .play_moves("32751571231557")
        .unwrap()
}

#[test]
fn the_progress_of_a_parallel_solve_counts_every_threads_nodes() {
    let position = long_enough_for_helpers();
    let mut solver = Solver::with_hash(position.layout(), StopFlag::default(), TABLE);
    solver.set_threads(2);
    let progress = Arc::new(SearchProgress::default());
    solver.set_progress(Some(Arc::clone(&progress)));
    let solved = solve_with(&mut solver, &position, false, false).unwrap();
    assert!(solved.explored > 1 << 14, "{}", solved.explored);
    assert_eq!(progress.nodes(), solved.stats.nodes);
}

#[test]
fn the_line_is_the_same_on_two_threads() {
    // Every null-window test of the narrowing, and of the line read after it, races on both
    // threads once the solo allowance is spent; the line is still the first best move in static
    // order at each step.
    let position = long_enough_for_helpers();
    let mut solver = Solver::with_hash(position.layout(), StopFlag::default(), TABLE);
    let alone = solve_with(&mut solver, &position, false, true).unwrap();
    solver.set_threads(2);
    solver.reset();
    let together = solve_with(&mut solver, &position, false, true).unwrap();
    assert!(together.explored > 1 << 14, "{}", together.explored);
    assert_eq!(together.value, alone.value);
    assert!(!alone.pv.is_empty());
    assert_eq!(together.pv, alone.pv);
}

/// Raises `stop` a while after `search` starts on another thread, and returns what it returned.
fn stopped<T: Send + 'static>(stop: &StopFlag, search: impl FnOnce() -> T + Send + 'static) -> T {
    let running = thread::spawn(search);
    thread::sleep(Duration::from_millis(150));
    stop.stop();
    running.join().unwrap()
}

#[test]
fn a_stop_ends_a_parallel_solve() {
    // The empty board takes a minute and a half: stopped, it must come back.
    let stop = StopFlag::default();
    let flag = stop.clone();
    let solved = stopped(&stop, move || {
        let empty = Position::empty(Rules::CONNECT4);
        let mut solver = Solver::with_hash(empty.layout(), flag, TABLE);
        solver.set_threads(2);
        solve_with(&mut solver, &empty, true, false).map(|s| s.value)
    });
    assert!(solved.is_err());
}

#[test]
fn a_stop_ends_a_parallel_analysis() {
    let stop = StopFlag::default();
    let flag = stop.clone();
    let analysed = stopped(&stop, move || {
        let empty = Position::empty(Rules::CONNECT4);
        let table = Table::New(Some(TABLE));
        analyze_parallel(&empty, Algorithm::Engine, table, 2, &flag, |_| {}).map(|a| a.moves.len())
    });
    assert!(analysed.is_err());

    let stop = StopFlag::default();
    let flag = stop.clone();
    let appraised = stopped(&stop, move || {
        let empty = Position::empty(Rules::CONNECT4);
        let budget = Budget {
            time: Some(Duration::from_secs(600)),
            threads: Some(2),
            ..Budget::UNLIMITED
        };
        analyze_within(&empty, Algorithm::Engine, &budget, &flag, |_| {}).map(|a| a.moves.len())
    });
    assert!(appraised.is_err());
}

#[test]
fn budgeted_analyses_on_threads() {
    // Every move valued when the time is up, on Connect Four's empty board.
    let empty = Position::empty(Rules::CONNECT4);
    let budget = Budget {
        time: Some(Duration::from_millis(300)),
        table: Some(TABLE),
        threads: Some(2),
        ..Budget::UNLIMITED
    };
    let appraisal = analyze_within(
        &empty,
        Algorithm::Engine,
        &budget,
        &StopFlag::default(),
        |_| {},
    )
    .unwrap();
    assert_eq!(appraisal.moves.len(), 7);

    // With time enough, exactly the exact analysis.
    let position = Position::empty("4x4".parse().unwrap())
        .play_moves("b2")
        .unwrap();
    let budget = Budget {
        time: Some(Duration::from_secs(600)),
        table: Some(TABLE),
        threads: Some(2),
        ..Budget::UNLIMITED
    };
    let appraisal = analyze_within(
        &position,
        Algorithm::Engine,
        &budget,
        &StopFlag::default(),
        |_| {},
    )
    .unwrap();
    let exact: Vec<(Move, MoveValue)> = scores(&position, 1)
        .into_iter()
        .map(|(mv, score, _)| (mv, MoveValue::Exact(score)))
        .collect();
    let got: Vec<(Move, MoveValue)> = appraisal.moves.iter().map(|m| (m.mv, m.value)).collect();
    assert_eq!(got, exact);
}
