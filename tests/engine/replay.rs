//! The step-by-step replay: run to the end it is `analyze` (nodes and scores), it goes back and
//! forth to identical states, its navigation lands where it should, and its memory stays bounded.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tictree::engine::search::replay::{Bound, Event, EventKind, Origin, ReplayLimits};
use tictree::engine::{
    Algorithm, Child, Counters, Level, Player, Position, Replay, ReplayValue, Rules, StopFlag,
    View, analyze,
};

fn finished(position: Position, algorithm: Algorithm) -> Replay {
    let mut replay = Replay::new(position, algorithm, ReplayLimits::default());
    replay.run_to_end(&StopFlag::default()).unwrap();
    replay
}

/// The replay run to the end against `analyze`: nodes (for minimax and alpha-beta) and every
/// root move's exact score.
fn check_against_analyze(position: Position, algorithm: Algorithm) {
    let replay = finished(position, algorithm);
    let analysis = analyze(&position, algorithm, &StopFlag::default(), |_| {}).unwrap();
    let counters = replay.counters();
    if algorithm != Algorithm::Engine {
        assert_eq!(
            counters.nodes, analysis.stats.nodes,
            "{algorithm} {position:?}"
        );
        assert_eq!(
            counters.cutoffs, analysis.stats.cutoffs,
            "{algorithm} {position:?}"
        );
    }
    let scores = replay.root_scores();
    assert_eq!(
        scores.len(),
        analysis.moves.len(),
        "{algorithm} {position:?}"
    );
    for (mv, value) in scores {
        let expected = analysis.moves.iter().find(|m| m.mv == mv).unwrap();
        assert_eq!(
            value,
            ReplayValue::exact(expected.score.score),
            "{algorithm} {position:?} {mv:?}"
        );
    }
    assert!(replay.finished() && !replay.truncated());
    assert_eq!(replay.total(), Some(replay.step()));
}

/// Every position `plies` moves from the start of `rules` (the game still going).
fn positions_after(rules: Rules, plies: usize) -> Vec<Position> {
    let mut level = vec![Position::empty(rules)];
    for _ in 0..plies {
        level = level
            .iter()
            .flat_map(|p| {
                p.legal_moves()
                    .into_iter()
                    .map(move |mv| p.play(mv).unwrap())
            })
            .collect();
    }
    level.retain(|p| !p.legal_moves().is_empty());
    level
}

#[test]
fn the_empty_board_counts_the_seed_nodes() {
    let empty = Position::empty(Rules::TICTACTOE);
    for (algorithm, nodes) in [
        (Algorithm::Minimax, 549_945),
        (Algorithm::AlphaBeta, 34_202),
    ] {
        let replay = finished(empty, algorithm);
        assert_eq!(replay.counters().nodes, nodes, "{algorithm}");
        assert_eq!(replay.counters().max_depth, 9);
        assert!(
            replay
                .root_scores()
                .iter()
                .all(|&(_, v)| v == ReplayValue::exact(0))
        );
    }
    for (moves, nodes) in [("a3", 59_704), ("a3 b2", 7_331), ("a3 b2 b3", 934)] {
        let position = empty.play_moves(moves).unwrap();
        assert_eq!(
            finished(position, Algorithm::Minimax).counters().nodes,
            nodes
        );
    }
}

#[test]
fn every_three_by_three_position_after_one_to_three_moves_matches_analyze() {
    for plies in 1..=3 {
        for position in positions_after(Rules::TICTACTOE, plies) {
            for algorithm in Algorithm::ALL {
                check_against_analyze(position, algorithm);
            }
        }
    }
}

#[test]
fn four_by_three_k3_positions_match_analyze() {
    let rules: Rules = "4x3k3".parse().unwrap();
    let mut rng = StdRng::seed_from_u64(7);
    let mut positions = positions_after(rules, 3);
    positions.extend(positions_after(rules, 5));
    for _ in 0..25 {
        let position = positions[rng.random_range(0..positions.len())];
        for algorithm in [Algorithm::AlphaBeta, Algorithm::Engine] {
            check_against_analyze(position, algorithm);
        }
    }
    for position in positions_after(rules, 5).into_iter().step_by(97) {
        check_against_analyze(position, Algorithm::Minimax);
    }
}

/// What a view of the replay shows at one step: the children of every level too.
type Shown = (
    u64,
    Option<Event>,
    Vec<Level>,
    Vec<Vec<Child>>,
    Counters,
    String,
);

fn state(replay: &Replay) -> Shown {
    let children = (0..replay.stack().len())
        .map(|depth| replay.children_of(depth).to_vec())
        .collect();
    (
        replay.step(),
        replay.event().copied(),
        replay.stack().to_vec(),
        children,
        replay.counters(),
        replay.sentence(),
    )
}

/// A win's leaf says how its score is made: −(N + 2 − p) for the side that lost, p plies below
/// the root, so a class can check every number.
#[test]
fn a_winning_leaf_shows_how_its_score_is_made() {
    let position = Position::empty(Rules::TICTACTOE)
        .play_moves("a3 b2 b3 c1")
        .unwrap();
    let mut replay = Replay::new(position, Algorithm::AlphaBeta, ReplayLimits::default());
    replay.run_to_end(&StopFlag::default()).unwrap();
    // Step 1 enters c3, step 2 is its leaf: X's row is complete.
    replay.goto(2);
    assert_eq!(
        replay.sentence(),
        "X plays c3 → X wins at depth 1: -10 for O, -(9 + 2 - 1)."
    );
}

#[test]
fn back_and_forth_in_the_whole_minimax_tree_gives_identical_states() {
    let mut replay = Replay::new(
        Position::empty(Rules::TICTACTOE),
        Algorithm::Minimax,
        ReplayLimits::default(),
    );
    replay.run_to_end(&StopFlag::default()).unwrap();
    let total = replay.total().unwrap();
    assert_eq!(replay.totals().unwrap().nodes, 549_945);
    // Enter and return for every node, and a leaf event for every finished game.
    assert_eq!(total, 2 * 549_945 + 255_168);
    // The last sentence counts as the counters above it do: with thousands separators.
    replay.goto(total);
    assert!(
        replay
            .sentence()
            .contains("End of the search: 549,945 nodes, 0 cutoffs, 0 table hits."),
        "{}",
        replay.sentence()
    );
    let mut rng = StdRng::seed_from_u64(2024);
    // A step back re-runs up to a checkpoint interval (4,096 events here): keep the walks short.
    for _ in 0..30 {
        let at = rng.random_range(1..total);
        replay.goto(at);
        let before = state(&replay);
        let n = rng.random_range(1..=300.min(at));
        for _ in 0..n {
            assert!(replay.back());
        }
        assert_eq!(replay.step(), at - n);
        for _ in 0..n {
            assert!(replay.forward());
        }
        assert_eq!(state(&replay), before);
        // Far jumps, back and forward through many checkpoints.
        replay.goto(rng.random_range(0..total));
        replay.goto(at);
        assert_eq!(state(&replay), before);
    }
    replay.to_end();
    assert!(replay.finished() && !replay.forward());
    replay.restart();
    assert_eq!((replay.step(), replay.event()), (0, None));
    assert!(!replay.back());
}

#[test]
fn step_over_out_and_next_cutoff_land_where_they_should() {
    let position = Position::empty(Rules::TICTACTOE)
        .play_moves("a3 b2")
        .unwrap();
    let mut replay = Replay::new(position, Algorithm::AlphaBeta, ReplayLimits::default());
    assert!(replay.forward());
    let first = *replay.event().unwrap();
    assert!(matches!(first.kind, EventKind::Enter { .. }));
    assert_eq!((first.ply, replay.stack().len()), (1, 2));
    // Over the first root move's whole subtree: its return, with the root's first score.
    let over = replay.over_target().expect("the first event enters a node");
    replay.seek(over, u64::MAX);
    let event = *replay.event().unwrap();
    assert!(matches!(event.kind, EventKind::Return { .. }));
    assert_eq!((event.ply, replay.stack().len()), (1, 1));
    assert_eq!(replay.root_scores().len(), 1);
    // Into the second root move, two levels down, then out of the deeper node.
    replay.forward();
    replay.forward();
    assert_eq!(replay.stack().len(), 3);
    replay.seek(replay.out_target(), u64::MAX);
    let event = *replay.event().unwrap();
    assert!(matches!(event.kind, EventKind::Return { .. }) && event.ply == 2);
    assert_eq!(replay.stack().len(), 2);
    // Cutoffs: each one found in turn, its value at least β, then none left.
    replay.restart();
    let mut found = 0;
    while replay.next_cutoff() {
        let event = *replay.event().unwrap();
        let EventKind::Cutoff { value, beta, .. } = event.kind else {
            panic!("not a cutoff: {event:?}");
        };
        assert!(value.key() >= beta.key());
        assert_eq!(replay.pruned(), &event_pruned(&event)[..]);
        found += 1;
    }
    let totals = replay.totals().unwrap();
    assert_eq!(found, totals.cutoffs);
    assert!(found > 0);
    // At the last cutoff, with the end known, the answer is immediate and the replay stays.
    let step = replay.step();
    assert!(!replay.next_cutoff());
    assert_eq!(replay.step(), step);
}

fn event_pruned(event: &Event) -> Vec<tictree::engine::Move> {
    match event.kind {
        EventKind::Cutoff { pruned, .. } => pruned.to_vec(),
        _ => Vec::new(),
    }
}

#[test]
fn a_node_budget_truncates_exactly() {
    let position = Position::empty(Rules::TICTACTOE);
    let mut full = Replay::new(position, Algorithm::AlphaBeta, ReplayLimits::default());
    for limit in [1, 10, 1000, 20_000] {
        let limits = ReplayLimits {
            depth: None,
            nodes: Some(limit),
        };
        let mut cut = Replay::new(position, Algorithm::AlphaBeta, limits);
        full.restart();
        while cut.forward() {
            assert!(full.forward());
            assert_eq!(cut.event(), full.event());
        }
        assert!(cut.truncated() && cut.finished());
        assert_eq!(cut.counters().nodes, limit);
    }
    // A budget the search does not need: not truncated.
    let limits = ReplayLimits {
        depth: None,
        nodes: Some(34_202),
    };
    let mut replay = Replay::new(position, Algorithm::AlphaBeta, limits);
    replay.to_end();
    assert!(!replay.truncated());
    assert_eq!(replay.counters().nodes, 34_202);
}

#[test]
fn a_depth_budget_estimates_the_horizon() {
    let position = Position::empty(Rules::TICTACTOE);
    let limits = ReplayLimits {
        depth: Some(2),
        nodes: None,
    };
    let mut replay = Replay::new(position, Algorithm::Minimax, limits);
    replay.to_end();
    // 9 root moves, 8 replies each, all horizon leaves.
    assert_eq!(replay.counters().nodes, 9 + 72);
    assert_eq!(replay.counters().max_depth, 2);
    for (_, value) in replay.root_scores() {
        assert!(value.is_estimate() && value.key().abs() < 1000, "{value}");
    }
    // The centre is the best first move by the evaluator.
    let best = replay
        .root_scores()
        .into_iter()
        .max_by_key(|&(_, v)| v.key())
        .unwrap();
    assert_eq!(position.rules().move_name(best.0), "b2");
}

#[test]
fn the_engine_model_prunes_more_and_keeps_exact_scores() {
    let empty = Position::empty(Rules::TICTACTOE);
    let engine = finished(empty, Algorithm::Engine);
    let counters = engine.counters();
    assert!(
        counters.nodes < 34_202 && counters.tt_hits > 0,
        "{counters:?}"
    );
    let mut rng = StdRng::seed_from_u64(99);
    let positions = positions_after(Rules::TICTACTOE, 4);
    for _ in 0..40 {
        check_against_analyze(
            positions[rng.random_range(0..positions.len())],
            Algorithm::Engine,
        );
    }
    // Going back and forth also moves the table back and forth.
    let mut replay = engine.clone();
    let total = replay.total().unwrap();
    for at in [total / 3, total / 2, 17, total - 1] {
        replay.goto(at);
        let before = state(&replay);
        replay.goto(at / 2);
        replay.goto(at);
        assert_eq!(state(&replay), before);
    }
}

#[test]
fn sentences_name_moves_sides_and_values() {
    let position = Position::empty(Rules::TICTACTOE)
        .play_moves("a3 b2 b3")
        .unwrap();
    let mut replay = Replay::new(position, Algorithm::AlphaBeta, ReplayLimits::default());
    assert!(
        replay
            .sentence()
            .starts_with("O to move with 6 legal moves (c3, a2, c2, a1, b1 and c1);")
    );
    // Fourteen moves are counted, not listed: the board shows where they are.
    let four = Position::empty(Rules::new(4, 4, 4, false).unwrap())
        .play_moves("b2 c3")
        .unwrap();
    let limits = ReplayLimits {
        depth: Some(2),
        ..ReplayLimits::default()
    };
    // A cutoff that prunes more than nine moves counts them (the board marks them).
    let mut eight = Replay::new(
        Position::empty(Rules::new(8, 8, 5, false).unwrap())
            .play_moves("d4 e5")
            .unwrap(),
        Algorithm::AlphaBeta,
        ReplayLimits {
            depth: Some(3),
            ..ReplayLimits::default()
        },
    );
    while eight.pruned().len() <= 9 {
        assert!(eight.next_cutoff(), "a cutoff pruning more than nine moves");
    }
    let pruned = eight.pruned().len();
    assert!(
        eight.sentence().contains(&format!(
            "the {pruned} moves left are pruned (marked on the board)"
        )),
        "{}",
        eight.sentence()
    );
    assert_eq!(
        Replay::new(four, Algorithm::AlphaBeta, limits).sentence(),
        "X to move with 14 legal moves; alpha-beta prunes replies that cannot matter. Each root \
         move is searched on its own with the full window α -∞, β +∞, so every move gets its \
         own score."
    );
    replay.forward();
    assert!(
        replay
            .sentence()
            .starts_with("O plays c3 (depth 1), α -∞, β +∞ for X: each root move"),
        "{}",
        replay.sentence()
    );
    replay.forward();
    assert_eq!(replay.sentence(), "X plays a2 (depth 2), α -∞, β +∞ for O.");
    assert!(replay.next_cutoff());
    assert!(
        replay.sentence().starts_with("Reply "),
        "{}",
        replay.sentence()
    );
    replay.to_end();
    assert!(replay.sentence().contains("End of the search"));
}

#[test]
fn a_replay_can_move_to_a_background_thread() {
    fn send_and_clone<T: Send + Clone + 'static>() {}
    send_and_clone::<Replay>();
    let mut replay = Replay::new(
        Position::empty(Rules::TICTACTOE),
        Algorithm::AlphaBeta,
        ReplayLimits::default(),
    );
    replay.forward();
    let mut worker = replay.clone();
    let stop = StopFlag::default();
    let finished = std::thread::spawn(move || worker.run_to_end(&stop).map(|()| worker))
        .join()
        .unwrap()
        .unwrap();
    assert_eq!(finished.total(), Some(95_641));
    // The caller adopts the finished replay and goes back to where it was.
    replay = finished;
    replay.goto(1);
    assert_eq!(replay.totals().unwrap().nodes, 34_202);
    assert_eq!(replay.counters().nodes, 1);
    // A raised flag stops it.
    let stop = StopFlag::default();
    stop.stop();
    let mut fresh = Replay::new(
        Position::empty(Rules::TICTACTOE),
        Algorithm::Minimax,
        ReplayLimits::default(),
    );
    assert!(fresh.run_to_end(&stop).is_err());
    assert!(!fresh.finished() && fresh.total().is_none());
}

/// Every α and β says where it came from, and a cutoff names the choice that refutes its line:
/// in the alpha-beta search after a3 b2 b3 c1, X's a1 (depth 3: X's sibling of b1, tried first)
/// sets the β of O's node after b1, and O's c2 there is cut off by it.
#[test]
fn windows_and_cutoffs_name_the_move_that_set_them() {
    let position = Position::empty(Rules::TICTACTOE)
        .play_moves("a3 b2 b3 c1")
        .unwrap();
    let mut replay = Replay::new(position, Algorithm::AlphaBeta, ReplayLimits::default());
    let mut sentences = Vec::new();
    while replay.forward() {
        sentences.push(replay.sentence());
    }
    let has = |text: &str| sentences.iter().any(|s| s == text);
    assert!(has(
        "X plays b1 (depth 3), α -∞, β -8 for O (β -8: X can already hold O to -8 with a1 \
         (depth 3))."
    ));
    assert!(has(
        "Reply c2 scores +7 ≥ β -8 for O: α rises to +7, and α ≥ β is the cutoff condition: a1 \
         is pruned (X would not allow this: X's a1 (depth 3) already holds O to -8)."
    ));
    // An α set by the side's own choice higher up is said too.
    assert!(
        sentences.iter().any(|s| s.contains(" is already sure of ")),
        "{sentences:#?}"
    );
    // No window bound is left unexplained once a search has set it.
    for sentence in sentences
        .iter()
        .filter(|s| s.contains(" plays ") && s.contains("α "))
    {
        let (alpha, beta) = (sentence.contains("α -∞"), sentence.contains("β +∞"));
        let explained = |bound: &str| {
            sentence.contains(&format!("({bound} ")) || sentence.contains(&format!("; {bound} "))
        };
        assert!(
            alpha || explained("α") || sentence.contains("(depth 1)"),
            "{sentence}"
        );
        assert!(
            beta || explained("β") || sentence.contains("(depth 1)"),
            "{sentence}"
        );
    }
}

/// The children view: at the end of the alpha-beta search of `xx./.o./..o` the root's children
/// hold `analyze`'s score of every move; at every cutoff the children marked pruned are exactly
/// the cutoff's pruned moves; the child on the path is the one being searched, and a node's
/// children before it hold values, after it nothing yet.
#[test]
fn children_hold_their_values_and_the_pruned_ones() {
    let position = Position::parse(Rules::TICTACTOE, "xx./.o./..o").unwrap();
    let mut replay = Replay::new(position, Algorithm::AlphaBeta, ReplayLimits::default());
    let mut cutoffs = 0;
    while replay.forward() {
        let stack = replay.stack();
        for depth in 0..stack.len() - 1 {
            let (moves, children) = (replay.moves_of(depth), replay.children_of(depth));
            assert_eq!(moves.len(), children.len());
            let now = moves.iter().position(|&mv| Some(mv) == stack[depth + 1].mv);
            let now = now.expect("the path's move is one of the node's moves");
            assert_eq!(children[now], Child::Searching);
            assert!(children[..now].iter().all(|c| c.value().is_some()));
            assert!(children[now + 1..].iter().all(|&c| c == Child::NotYet));
        }
        if let Some(
            event @ Event {
                kind: EventKind::Cutoff { .. },
                ..
            },
        ) = replay.event().copied()
        {
            cutoffs += 1;
            let top = stack.len() - 1;
            let pruned: Vec<_> = replay
                .moves_of(top)
                .iter()
                .zip(replay.children_of(top))
                .filter(|(_, c)| *c == Child::Pruned)
                .map(|(&mv, _)| mv)
                .collect();
            assert_eq!(pruned, event_pruned(&event));
        }
    }
    assert!(cutoffs > 0);
    let analysis = analyze(
        &position,
        Algorithm::AlphaBeta,
        &StopFlag::default(),
        |_| {},
    )
    .unwrap();
    let root: Vec<_> = replay
        .moves_of(0)
        .iter()
        .zip(replay.children_of(0))
        .map(|(&mv, child)| (mv, child.value()))
        .collect();
    assert_eq!(root.len(), analysis.moves.len());
    for (mv, value) in root {
        let expected = analysis.moves.iter().find(|m| m.mv == mv).unwrap();
        assert_eq!(
            value,
            Some(ReplayValue::exact(expected.score.score)),
            "{mv:?}"
        );
    }
    // c3 wins at once: +10.
    let c3 = position.parse_move("c3").unwrap();
    let at = replay.moves_of(0).iter().position(|&mv| mv == c3).unwrap();
    assert_eq!(
        replay.children_of(0)[at].value(),
        Some(ReplayValue::exact(10))
    );
}

/// The engine model's children that a table hit ended are marked as the table's.
#[test]
fn children_given_by_the_table_are_marked() {
    let position = Position::parse(Rules::TICTACTOE, "xx./.o./..o").unwrap();
    let mut replay = Replay::new(position, Algorithm::Engine, ReplayLimits::default());
    let mut marked = 0;
    while replay.forward() {
        let ended_by_table = matches!(
            replay.event().map(|e| e.kind),
            Some(EventKind::TtHit { ended: true, .. })
        );
        if ended_by_table {
            replay.forward();
            let top = replay.stack().len() - 1;
            let table = |c: &&Child| matches!(c, Child::Done { table: true, .. });
            marked += replay.children_of(top).iter().filter(table).count();
            assert!(replay.children_of(top).iter().any(|c| table(&c)));
        }
    }
    assert!(marked > 0, "the engine model hits its table here");
}

/// The stack shows what the events have told and no more: on every entry of an engine replay
/// with table hits, the node's window is the window the entry event gives, never a table bound
/// the next event (the hit) has yet to tell.
#[test]
fn a_node_entered_shows_its_window_before_the_table_narrows_it() {
    let position = Position::parse(Rules::TICTACTOE, "xx./.o./..o").unwrap();
    let mut replay = Replay::new(position, Algorithm::Engine, ReplayLimits::default());
    let mut narrowed_next = 0;
    while replay.forward() {
        let Some(EventKind::Enter { alpha, beta, .. }) = replay.event().map(|e| e.kind) else {
            continue;
        };
        let top = replay.stack().last().expect("the node entered");
        assert_eq!(
            (top.alpha, top.beta),
            (alpha, beta),
            "step {}",
            replay.step()
        );
        if replay.forward()
            && matches!(
                replay.event().map(|e| e.kind),
                Some(EventKind::TtHit { ended: false, .. })
            )
        {
            narrowed_next += 1;
        }
        replay.back();
    }
    assert!(
        narrowed_next > 0,
        "some entry is narrowed by the table next"
    );
}

/// Max/min is negamax with the sign of the side to move (X +, O −), on every event of a 3×3
/// alpha-beta replay: values, windows and the stack's best; α ≤ β on entry; and the max/min
/// window of a node entered is its parent's: one pair for the whole path, as textbooks draw it.
#[test]
fn max_min_values_are_negamax_values_signed_by_the_side_to_move() {
    let position = Position::empty(Rules::TICTACTOE)
        .play_moves("a3 b2")
        .unwrap();
    let mut replay = Replay::new(position, Algorithm::AlphaBeta, ReplayLimits::default());
    let sign = |side: Player, v: ReplayValue| if side == Player::X { v } else { -v };
    let view = View::MaxMin;
    let mut entries = 0;
    while replay.forward() {
        let event = *replay.event().unwrap();
        let side = event.to_move;
        if let Some(value) = event.value() {
            assert_eq!(view.value(side, value), sign(side, value));
        }
        for level in replay.stack() {
            let mover = level.position.to_move();
            assert_eq!(view.value(mover, level.best), sign(mover, level.best));
        }
        if let EventKind::Enter { alpha, beta, .. } = event.kind {
            entries += 1;
            let (lo, hi) = view.window(side, (alpha, beta));
            assert!(lo.key() <= hi.key(), "{event:?}");
            let (x_alpha, x_beta) = if side == Player::X {
                (alpha, beta)
            } else {
                (-beta, -alpha)
            };
            assert_eq!((lo, hi), (x_alpha, x_beta));
            let stack = replay.stack();
            if event.ply >= 2 {
                let parent = &stack[stack.len() - 2];
                let mover = parent.position.to_move();
                assert_eq!(view.window(mover, (parent.alpha, parent.beta)), (lo, hi));
            }
        }
    }
    assert!(entries > 1000, "{entries}");
}

/// The max/min sentences say the textbook's words: X raises α, O lowers β, a cutoff is α ≥ β.
#[test]
fn max_min_sentences_speak_for_x() {
    let position = Position::empty(Rules::TICTACTOE)
        .play_moves("a3 b2 b3 c1")
        .unwrap();
    let mut replay = Replay::new(position, Algorithm::AlphaBeta, ReplayLimits::default());
    let mut sentences = Vec::new();
    while replay.forward() {
        sentences.push(replay.sentence_in(View::MaxMin));
    }
    let has = |text: &str| sentences.iter().any(|s| s == text);
    // The same node as in windows_and_cutoffs_name_the_move_that_set_them, in X's terms.
    assert!(
        has(
            "X plays b1 (depth 3); O to move, O minimises, α +8, β +∞ (α +8: X is already \
             sure of +8 with a1 (depth 3))."
        ),
        "{sentences:#?}"
    );
    assert!(
        has(
            "Reply c2 holds X to -7: β falls to -7, at or below α +8, and α ≥ β is the cutoff \
             condition: a1 is pruned (X would not allow this: X's a1 (depth 3) already makes \
             sure of +8)."
        ),
        "{sentences:#?}"
    );
    assert!(sentences.iter().any(|s| s.contains("β lowered to")));
    assert!(sentences.iter().any(|s| s.contains("α raised to")));
    assert!(
        !sentences.iter().any(|s| s.contains("for O")),
        "{sentences:#?}"
    );
    // Every algorithm's every sentence speaks for X, table hits included (O's lower bound is
    // X's upper bound), and so does the end.
    for algorithm in [Algorithm::Minimax, Algorithm::Engine] {
        let mut replay = Replay::new(position, algorithm, ReplayLimits::default());
        let mut hits = 0;
        while replay.forward() {
            let sentence = replay.sentence_in(View::MaxMin);
            assert!(!sentence.contains("for O"), "{sentence}");
            hits += usize::from(sentence.starts_with("Table hit") && sentence.contains("for X"));
        }
        assert_eq!(hits > 0, algorithm == Algorithm::Engine);
        let end = replay.sentence_in(View::MaxMin);
        assert!(
            end.ends_with("Best: c3 with +10 for X (X maximises)."),
            "{end}"
        );
    }
}

/// A node that stopped early returns a bound, and the replay says so. After c3 a2 from
/// `xo./.x./..o`, X's b1 is cut off (O's first reply holds X to +6, below X's +8 from a1), so
/// +6 is only the most X gets from b1: b1 is in fact a draw (O's pruned a1 holds X to 0).
#[test]
fn a_node_cut_off_is_worth_a_bound_and_the_sentences_say_which() {
    let root = Position::parse(Rules::TICTACTOE, "xo./.x./..o").unwrap();
    let mut replay = Replay::new(root, Algorithm::AlphaBeta, ReplayLimits::default());
    let (mut negamax, mut max_min) = (Vec::new(), Vec::new());
    let mut children = None;
    while replay.forward() {
        negamax.push(replay.sentence());
        max_min.push(replay.sentence_in(View::MaxMin));
        let event = replay.event().expect("an event");
        let path = Rules::TICTACTOE.move_names(&event.path);
        if path == ["c3", "a2", "b1"] && matches!(event.kind, EventKind::Return { .. }) {
            children = Some(replay.children_of(2));
        }
    }
    assert!(
        negamax.contains(
            &"Back at depth 2: b1 is worth at most +6 for X (at least -6 for O: a cutoff ended its \
              search); best so far stays +8, β +∞."
                .to_string()
        ),
        "{negamax:#?}"
    );
    assert!(
        max_min.contains(
            &"Back at depth 2, where X maximises: b1 is worth at most +6 for X (a cutoff ended \
              O's search there); best so far stays +8, α +8, β +∞."
                .to_string()
        ),
        "{max_min:#?}"
    );
    // The children of X's node after c3 a2 once b1 is back: c2 and a1 exact, b1 a bound.
    let bounds: Vec<Option<Bound>> = children
        .expect("b1 returned")
        .iter()
        .map(|child| match child {
            Child::Done { bound, .. } => Some(*bound),
            _ => None,
        })
        .collect();
    assert_eq!(
        bounds,
        [Some(Bound::Exact), Some(Bound::Exact), Some(Bound::Upper)]
    );
}

/// A cutoff whose β is this very position's table bound is no refutation from elsewhere, and a
/// reply that is itself a bound scores "at least" its value. In the engine model's replay of
/// `xo./.x./..o` both happen (steps 196 to 248).
#[test]
fn a_cutoff_says_when_it_meets_the_positions_own_table_bound_and_when_the_reply_is_a_bound() {
    let root = Position::parse(Rules::TICTACTOE, "xo./.x./..o").unwrap();
    let mut replay = Replay::new(root, Algorithm::Engine, ReplayLimits::default());
    let mut cutoffs = Vec::new();
    while replay.forward() {
        let event = replay.event().expect("an event");
        if let EventKind::Cutoff {
            beta_from, bound, ..
        } = event.kind
        {
            let own = matches!(beta_from, Origin::Table { ply } if ply == event.ply);
            cutoffs.push((own, bound, replay.sentence()));
        }
    }
    let own: Vec<&String> = cutoffs.iter().filter(|c| c.0).map(|c| &c.2).collect();
    assert!(!own.is_empty(), "{cutoffs:#?}");
    for sentence in &own {
        assert!(
            sentence.contains("the table's bound for this position is reached")
                && !sentence.contains("elsewhere"),
            "{sentence}"
        );
    }
    let lower: Vec<&String> = cutoffs
        .iter()
        .filter(|c| c.1 == Bound::Lower)
        .map(|c| &c.2)
        .collect();
    assert!(!lower.is_empty(), "{cutoffs:#?}");
    assert!(
        lower.iter().all(|s| s.contains(" scores at least ")),
        "{lower:#?}"
    );
}

/// Every root move gets a full window, so every root move's value is exact, and the end
/// sentence names every move tied for the best. In the engine model a node whose search stops at
/// the bound a table entry set on its window is worth exactly that bound: the search proves one
/// side of it, the table the other (it was called a bound: on the empty 3×3 board six of the nine
/// root moves were "at least 0", and on Connect Four at depth 7 c1 and e1 "at least ≈+0.16").
#[test]
fn every_root_move_is_exact_and_the_end_names_every_best_one() {
    let limits = ReplayLimits {
        depth: Some(7),
        nodes: None,
    };
    let mut replay = Replay::new(Position::empty(Rules::CONNECT4), Algorithm::Engine, limits);
    replay.to_end();
    let sentence = replay.sentence();
    assert!(
        sentence.ends_with("Best: d1, c1 and e1 with ≈+0.16 for X."),
        "{sentence}"
    );
    let mut replay = Replay::new(
        Position::empty(Rules::TICTACTOE),
        Algorithm::Engine,
        ReplayLimits::default(),
    );
    let mut met = Vec::new();
    while replay.forward() {
        let event = replay.event().expect("an event");
        if let EventKind::Return { bound, .. } = event.kind
            && event.ply == 1
        {
            assert_eq!(bound, Bound::Exact, "{}", replay.sentence());
        }
        if replay
            .sentence()
            .contains("the table proved one side of it, the search the other")
        {
            met.push(replay.sentence());
        }
    }
    assert!(!met.is_empty(), "a table bound met by a search is told");
    // The figures docs/minimax.md and docs/benchmarks.md give for the empty board.
    let counters = replay.counters();
    assert_eq!(
        (counters.nodes, counters.cutoffs, counters.tt_hits),
        (2_708, 955, 639)
    );
    assert!(
        replay
            .sentence()
            .ends_with("Best: b2, a3, c3, a1, c1, b3, a2, c2 and b1 with 0 for X."),
        "{}",
        replay.sentence()
    );
}
