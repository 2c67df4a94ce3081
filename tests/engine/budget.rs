//! Budget-limited analysis: estimates are marked as such, wins within the horizon are exact, a
//! node budget is honoured and reproducible, and without a budget nothing changes.

use tictree::engine::{
    Algorithm, Budget, Move, MoveValue, Position, Rules, StopFlag, analyze, analyze_within,
};

fn within(position: &Position, budget: Budget) -> tictree::engine::Appraisal {
    analyze_within(
        position,
        Algorithm::Engine,
        &budget,
        &StopFlag::default(),
        |_| {},
    )
    .unwrap()
}

#[test]
fn estimates_are_never_exact_and_carry_their_depth() {
    let empty = Position::empty(Rules::CONNECT4);
    let mut updates = Vec::new();
    let appraisal = analyze_within(
        &empty,
        Algorithm::Engine,
        &Budget::depth(4),
        &StopFlag::default(),
        |m| updates.push(m.clone()),
    )
    .unwrap();
    assert!(!appraisal.exact());
    assert_eq!(appraisal.depth, Some(4));
    assert_eq!(appraisal.moves.len(), 7);
    for m in &appraisal.moves {
        let MoveValue::Estimate(estimate) = m.value else {
            panic!("nothing is decided four plies into Connect Four: {m:?}");
        };
        assert_eq!(estimate.depth, 4);
        assert!(estimate.fraction().abs() < 1.0);
        let shown = m.value.to_string();
        assert!(
            shown.starts_with("≈ ") && shown.ends_with("(depth 4)"),
            "{shown}"
        );
    }
    // Every depth is delivered: 7 moves at depths 1, 2, 3 and 4.
    assert_eq!(updates.len(), 28);
    assert_eq!(
        updates.iter().map(|m| m.nodes).max(),
        appraisal.moves.iter().map(|m| m.nodes).max()
    );
}

#[test]
fn wins_and_losses_within_the_horizon_are_exact() {
    // X to move on 3×3 after a3 b2 c1 b3: O threatens b1; X must block, the rest lose quickly.
    for (moves, depth) in [("a3 b2 c1 b3", 3), ("a3 b2 c1", 4), ("b2 a1", 5)] {
        let position = Position::empty(Rules::TICTACTOE).play_moves(moves).unwrap();
        let exact = analyze(&position, Algorithm::Engine, &StopFlag::default(), |_| {}).unwrap();
        let limited = within(&position, Budget::depth(depth));
        for m in &limited.moves {
            let truth = exact.moves.iter().find(|e| e.mv == m.mv).unwrap();
            match m.value {
                MoveValue::Exact(score) => assert_eq!(score, truth.score, "{moves} {:?}", m.mv),
                MoveValue::Estimate(_) => assert!(
                    truth.score.plies > depth,
                    "{moves}: {:?} ends within {depth} plies, so it must be exact",
                    m.mv
                ),
            }
        }
        let exact_moves = limited.moves.iter().filter(|m| m.value.is_exact()).count();
        assert!(moves == "b2 a1" || exact_moves > 0, "{moves}");
    }
    // Connect Four: X (d1 e1 f1) wins at once in c1 or g1, found at depth 1; the rest are guesses.
    let position = Position::empty(Rules::CONNECT4)
        .play_moves("415161")
        .unwrap();
    let limited = within(&position, Budget::depth(1));
    let best: Vec<String> = limited
        .best()
        .iter()
        .map(|&m| Rules::CONNECT4.move_name(m))
        .collect();
    assert_eq!(best, ["c1", "g1"]);
    let top = limited.moves[0].value.exact().expect("a win is exact");
    assert_eq!(
        (top.score, top.outcome().to_string()),
        (43, "win in 1".to_string())
    );
    assert_eq!(
        limited.moves.iter().filter(|m| m.value.is_exact()).count(),
        2
    );
}

#[test]
fn a_node_budget_is_honoured_and_reproducible() {
    let position = Position::empty(Rules::CONNECT4).play_moves("44").unwrap();
    let first = within(&position, Budget::nodes(20_000));
    let again = within(&position, Budget::nodes(20_000));
    assert!(first.stats.nodes <= 20_000, "{}", first.stats.nodes);
    assert_eq!(first.stats, again.stats);
    assert_eq!(
        first.moves,
        again
            .moves
            .iter()
            .map(|m| {
                let mut m = m.clone();
                m.elapsed = first.moves.iter().find(|f| f.mv == m.mv).unwrap().elapsed;
                m
            })
            .collect::<Vec<_>>()
    );
    assert_eq!(
        first.stats.nodes, 20_000,
        "the budget is used to the last node"
    );
    let depths: Vec<String> = first.moves.iter().map(|m| m.value.to_string()).collect();
    assert_eq!(first.depth, Some(6), "{depths:?}");
}

#[test]
fn without_a_budget_the_analysis_is_exactly_the_exact_one() {
    let position = Position::empty(Rules::TICTACTOE);
    let exact = analyze(&position, Algorithm::Minimax, &StopFlag::default(), |_| {}).unwrap();
    let mut delivered = 0;
    let same = analyze_within(
        &position,
        Algorithm::Minimax,
        &Budget::UNLIMITED,
        &StopFlag::default(),
        |_| delivered += 1,
    )
    .unwrap();
    assert_eq!(delivered, 9);
    assert!(same.exact());
    assert_eq!(same.depth, None);
    assert_eq!(same.stats, exact.stats);
    assert_eq!(same.stats.nodes, 549_945);
    // Move by move: the same moves in the same order, with the same exact values and node counts.
    let got: Vec<(Move, MoveValue, u64)> = same
        .moves
        .iter()
        .map(|m| (m.mv, m.value, m.nodes))
        .collect();
    let want: Vec<(Move, MoveValue, u64)> = exact
        .moves
        .iter()
        .map(|m| (m.mv, MoveValue::Exact(m.score), m.nodes))
        .collect();
    assert_eq!(got, want);
    // And those are the textbook values: every first move draws, and the moves' nodes add up to
    // the notebook's count.
    assert!(
        got.iter()
            .all(|(_, value, _)| value.exact().is_some_and(|s| s.score == 0)),
        "{got:?}"
    );
    assert_eq!(got.iter().map(|(_, _, nodes)| nodes).sum::<u64>(), 549_945);
}

/// Under a time budget every move first shows a depth-1 preview; a move the exact phase then
/// proves counts the nodes of its algorithm alone, so an analysis proven within its budget counts
/// what `analyze` counts: a lesson sees the seeds' figures (549,945, 59,704) in the game too.
#[test]
fn a_time_budget_that_proves_every_move_counts_the_nodes_of_the_exact_analysis() {
    for (moves, algorithm, total) in [
        ("", Algorithm::Minimax, 549_945),
        ("", Algorithm::AlphaBeta, 34_202),
        ("a3", Algorithm::Minimax, 59_704),
        ("a3 b2 b3", Algorithm::Minimax, 934),
        // c3 wins at once: its preview proves it, and counts, as the exact analysis counts it.
        ("a3 b2 b3 c1", Algorithm::Engine, 9),
    ] {
        let position = Position::empty(Rules::TICTACTOE).play_moves(moves).unwrap();
        let exact = analyze(&position, algorithm, &StopFlag::default(), |_| {}).unwrap();
        let mut updates = Vec::new();
        let timed = analyze_within(
            &position,
            algorithm,
            &Budget::time(std::time::Duration::from_secs(60)),
            &StopFlag::default(),
            |m| updates.push(m.mv),
        )
        .unwrap();
        // A preview of each move first, then the exact phase's answers.
        let mut previewed = updates[..exact.moves.len()].to_vec();
        previewed.sort();
        assert_eq!(previewed, position.legal_moves(), "{moves:?}");
        assert!(timed.exact(), "{moves:?} {algorithm}");
        assert_eq!(timed.stats.nodes, total, "{moves:?} {algorithm}");
        assert_eq!(exact.stats.nodes, total, "{moves:?} {algorithm}");
        let counts = |moves: Vec<(Move, u64)>| {
            let mut moves = moves;
            moves.sort();
            moves
        };
        assert_eq!(
            counts(timed.moves.iter().map(|m| (m.mv, m.nodes)).collect()),
            counts(exact.moves.iter().map(|m| (m.mv, m.nodes)).collect()),
            "{moves:?} {algorithm}"
        );
    }
}

/// A depth limit holds under a clock too: the exact algorithm, which searches to the end of every
/// line, does not run under a limit short of the game's end (4×4 with a one-ply limit and five
/// seconds: sixteen one-node estimates, as with the depth alone), and runs where the limit
/// reaches the end anyway (3×3, nine plies: every move exact, as without the depth).
#[test]
fn a_depth_limit_holds_under_a_time_budget_too() {
    let empty = Position::empty(Rules::new(4, 4, 4, false).unwrap());
    let one_ply = Budget {
        depth: Some(1),
        time: Some(std::time::Duration::from_secs(5)),
        ..Budget::UNLIMITED
    };
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Engine] {
        let appraisal =
            analyze_within(&empty, algorithm, &one_ply, &StopFlag::default(), |_| {}).unwrap();
        assert_eq!(appraisal.stats.nodes, 16, "{algorithm}");
        assert_eq!(appraisal.depth, Some(1), "{algorithm}");
        assert!(
            appraisal
                .moves
                .iter()
                .all(|m| m.nodes == 1 && !m.value.is_exact())
        );
    }
    let whole_game = Budget {
        depth: Some(9),
        time: Some(std::time::Duration::from_secs(60)),
        ..Budget::UNLIMITED
    };
    let tictactoe = Position::empty(Rules::TICTACTOE);
    assert!(within(&tictactoe, whole_game).exact());
}

#[test]
fn a_raised_stop_cancels_and_is_not_mistaken_for_the_budget() {
    let stop = StopFlag::default();
    stop.stop();
    let position = Position::empty(Rules::CONNECT4);
    for budget in [
        Budget::depth(8),
        Budget::nodes(1_000_000),
        Budget::UNLIMITED,
    ] {
        let result = analyze_within(&position, Algorithm::Engine, &budget, &stop, |_| {});
        assert!(result.is_err(), "{budget}");
    }
    // A budget's flag stops with its parent and at its deadline, and forgets a passed deadline
    // when given a new one.
    let parent = StopFlag::default();
    let flag = StopFlag::with_deadline(&parent);
    assert!(!flag.is_stopped());
    flag.set_deadline(Some(std::time::Instant::now()));
    assert!((0..64).any(|_| flag.is_stopped()));
    flag.set_deadline(None);
    assert!(!flag.is_stopped());
    parent.stop();
    assert!(flag.is_stopped());
}

#[test]
fn under_a_time_budget_every_move_shows_a_value_before_the_exact_attempts() {
    // 4×4: every exact attempt finishes well within the budget, but only after the depth-1
    // estimates of all 16 moves, which arrive first so the whole list shows at once.
    let empty = Position::empty("4x4".parse().unwrap());
    let mut updates = Vec::new();
    let appraisal = analyze_within(
        &empty,
        Algorithm::Engine,
        &Budget::time(std::time::Duration::from_secs(60)),
        &StopFlag::default(),
        |m| updates.push(m.clone()),
    )
    .unwrap();
    let mut first: Vec<_> = updates[..16].iter().map(|m| m.mv).collect();
    first.sort();
    assert_eq!(first, empty.legal_moves());
    for m in &updates[..16] {
        let MoveValue::Estimate(estimate) = m.value else {
            panic!("one ply decides nothing on an empty 4×4: {m:?}");
        };
        assert_eq!(estimate.depth, 1);
    }
    // Then the exact attempts replace every estimate: all 16 moves draw.
    assert_eq!(updates.len(), 32);
    assert!(appraisal.exact());
    assert_eq!(appraisal.moves.len(), 16);
    assert!(appraisal.moves.iter().all(|m| m.value == updates[16].value));
}

/// A comparison to a depth: minimax, alpha-beta and the engine's estimating search use the same
/// evaluation at the same horizon, so every move gets the same value from each; only the work
/// differs (minimax the most, never less than alpha-beta).
#[test]
fn a_comparison_to_a_depth_finds_the_same_values_with_every_algorithm() {
    use tictree::engine::{CompareRow, Reach, compare};
    let cases = [
        (Rules::CONNECT4, "", 1..=5),
        (Rules::CONNECT4, "4453", 1..=5),
        (Rules::new(5, 5, 4, false).unwrap(), "c3 b2", 1..=3),
        (Rules::new(8, 8, 5, false).unwrap(), "d4 e5 e4", 1..=2),
        // Wins within the horizon are exact scores, the same from each algorithm.
        (Rules::CONNECT4, "445566", 1..=3),
    ];
    for (rules, moves, depths) in cases {
        let (position, _) = Position::empty(rules).play_line(moves).unwrap();
        for depth in depths {
            let rows = compare(
                &position,
                None,
                Reach::Depth(depth),
                std::time::Duration::from_secs(60),
                &StopFlag::default(),
                |_| {},
            )
            .unwrap();
            let values: Vec<Vec<(Move, MoveValue)>> = rows
                .iter()
                .map(|row| match row {
                    CompareRow::Finished(appraisal) => {
                        let mut values: Vec<_> =
                            appraisal.moves.iter().map(|m| (m.mv, m.value)).collect();
                        values.sort_by_key(|(mv, _)| mv.cell());
                        values
                    }
                    CompareRow::Unfinished(u) => panic!("{rules} {moves} depth {depth}: {u:?}"),
                })
                .collect();
            assert_eq!(
                values[0], values[1],
                "{rules} {moves} depth {depth}: minimax, alphabeta"
            );
            assert_eq!(
                values[0], values[2],
                "{rules} {moves} depth {depth}: minimax, engine"
            );
            let nodes: Vec<u64> = rows
                .iter()
                .map(|row| match row {
                    CompareRow::Finished(appraisal) => appraisal.stats.nodes,
                    CompareRow::Unfinished(_) => unreachable!(),
                })
                .collect();
            assert!(
                nodes[0] >= nodes[1],
                "{rules} {moves} depth {depth}: {nodes:?}"
            );
        }
    }
    // Minimax visits every node: 7 moves, each with 7 replies, each with 7 replies.
    let rows = compare(
        &Position::empty(Rules::CONNECT4),
        None,
        Reach::Depth(3),
        std::time::Duration::from_secs(60),
        &StopFlag::default(),
        |_| {},
    )
    .unwrap();
    let CompareRow::Finished(minimax) = &rows[0] else {
        panic!("{rows:?}")
    };
    assert_eq!(minimax.stats.nodes, 7 + 49 + 343);
    assert!(minimax.moves.iter().all(|m| !m.value.is_exact()));
}

/// A reader of a kept engine's progress sees the work of the whole analysis, the estimates'
/// included, as its clock counts the whole (the footer's "analysing on… 7.9 M nodes · 1.51 s"
/// had left out 8 M nodes of estimates on 8×8 k=5 and counted only the exact search's).
#[test]
fn the_progress_of_an_analysis_counts_its_estimates_too() {
    use std::sync::Arc;
    use tictree::engine::{SearchProgress, Solver, Table, analyze_within_table};
    let empty = Position::empty("5x5k4".parse().unwrap());
    let mut solver = Solver::with_hash(empty.layout(), StopFlag::default(), 1 << 20);
    let progress = Arc::new(SearchProgress::default());
    solver.set_progress(Some(Arc::clone(&progress)));
    let appraisal = analyze_within_table(
        &empty,
        Algorithm::Engine,
        &Budget::nodes(20_000),
        Table::Kept(&mut solver),
        &StopFlag::default(),
        |_| {},
    )
    .unwrap();
    // No time limit: the estimates alone answer, and all of their nodes are reported.
    assert!(appraisal.moves.iter().all(|m| !m.value.is_exact()));
    assert!(appraisal.stats.nodes > 0);
    assert_eq!(progress.work(), appraisal.stats.nodes);
    // Under a clock the exact search runs between the estimates: the reader sees both, and
    // at least the analysis's own count (which leaves out the previews of the moves proven).
    let progress = Arc::new(SearchProgress::default());
    solver.reset();
    solver.set_progress(Some(Arc::clone(&progress)));
    let appraisal = analyze_within_table(
        &empty,
        Algorithm::Engine,
        &Budget::time(std::time::Duration::from_millis(200)),
        Table::Kept(&mut solver),
        &StopFlag::default(),
        |_| {},
    )
    .unwrap();
    assert!(progress.work() >= appraisal.stats.nodes);
    assert!(appraisal.stats.nodes > 0);
}
