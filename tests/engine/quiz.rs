//! The quiz's questions: reproducible from a seed, and every answer checked against the engine's
//! exact analysis and the replayed search the question names (the pruned moves are the replay's
//! cutoff's, the window its `Enter` event's).

use tictree::engine::quiz::{Answer, Difficulty, Kind, Question, Source, generate};
use tictree::engine::search::replay::{EventKind, ReplayLimits};
use tictree::engine::{Algorithm, Outcome, Position, Replay, Rules};

fn position(text: &str) -> Position {
    Position::parse(Rules::TICTACTOE, text).expect("a legal position")
}

fn cell(name: &str) -> tictree::engine::Move {
    Rules::TICTACTOE.parse_cell(name).expect("a cell")
}

/// Questions of many seeds on 3×3, to cover every kind.
fn many_questions(difficulty: Difficulty, algorithm: Algorithm) -> Vec<Question> {
    (0..6)
        .flat_map(|seed| {
            let source = Source::Picked(Rules::TICTACTOE, difficulty);
            generate(&source, algorithm, seed)
                .expect("3×3 has positions")
                .questions
        })
        .collect()
}

#[test]
fn the_same_seed_makes_the_same_quiz() {
    let source = Source::Picked(Rules::TICTACTOE, Difficulty::Medium);
    let describe = |seed| {
        let quiz = generate(&source, Algorithm::AlphaBeta, seed).unwrap();
        quiz.questions
            .iter()
            .map(|q| {
                format!(
                    "{} {} {}",
                    q.position.to_notation(),
                    q.prompt(),
                    q.replay_step
                )
            })
            .collect::<Vec<_>>()
    };
    let first = describe(7);
    assert_eq!(first.len(), 10);
    assert_eq!(first, describe(7));
    assert_ne!(first, describe(8));
}

#[test]
fn scores_and_outcomes_are_exact_on_known_positions() {
    // O to move must block c3: a draw; anything else lets X win at once.
    let source = Source::Game(vec![position("xx./.o./...")]);
    let quiz = generate(&source, Algorithm::AlphaBeta, 3).unwrap();
    let mut seen = 0;
    for question in &quiz.questions {
        let Some(mv) = question.asked_move() else {
            continue;
        };
        let (score, outcome) = if mv == cell("c3") {
            (0, Outcome::Draw)
        } else {
            (-9, Outcome::Loss(1))
        };
        let (right, wrong) = match &question.kind {
            Kind::Score(_) => (Answer::Number(score), Answer::Number(score + 1)),
            _ => (Answer::Outcome(outcome), Answer::Outcome(Outcome::Win(1))),
        };
        assert!(question.check(&right).right, "{}", question.prompt());
        let checked = question.check(&wrong);
        assert!(!checked.right);
        assert!(checked.why.contains("best play goes"), "{}", checked.why);
        seen += 1;
    }
    assert!(seen >= 4, "score and outcome questions twice each: {seen}");
}

#[test]
fn a_loss_in_one_is_explained_by_the_winning_reply() {
    let source = Source::Game(vec![position("xx./.o./...")]);
    let quiz = generate(&source, Algorithm::AlphaBeta, 3).unwrap();
    let question = quiz
        .questions
        .iter()
        .find(|q| q.asked_move().is_some_and(|mv| mv != cell("c3")))
        .expect("a question on a losing move");
    let checked = question.check(&Answer::Number(0));
    assert!(!checked.right);
    let answer = &checked.answer;
    assert!(
        answer == "-9 (loss in 1)" || answer == "loss in 1 (-9)",
        "{answer}"
    );
    assert!(checked.why.ends_with("c3, and X wins."), "{}", checked.why);
}

#[test]
fn every_best_move_is_accepted_and_a_worse_one_refused() {
    // X to move wins at once with c3 (+10).
    let source = Source::Game(vec![position("xx./.o./..o")]);
    let quiz = generate(&source, Algorithm::AlphaBeta, 1).unwrap();
    let best: Vec<&Question> = quiz
        .questions
        .iter()
        .filter(|q| matches!(q.kind, Kind::Best(_)))
        .collect();
    assert!(!best.is_empty());
    for question in best {
        assert_eq!(question.answer_moves(), [cell("c3")]);
        assert!(question.check(&Answer::Move(cell("c3"))).right);
        assert!(!question.check(&Answer::Move(cell("a1"))).right);
    }
    // Several best moves: every one of them is right, on many picked positions.
    for question in many_questions(Difficulty::Hard, Algorithm::AlphaBeta) {
        let Kind::Best(moves) = &question.kind else {
            continue;
        };
        let top = moves[0].score;
        for m in moves {
            let right = question.check(&Answer::Move(m.mv)).right;
            assert_eq!(right, m.score == top, "{}", question.position.to_notation());
        }
    }
}

/// The replay of a node question's position, at the question's step.
fn replay_at(question: &Question) -> Replay {
    let limits = ReplayLimits {
        depth: None,
        nodes: Some(1_000_000),
    };
    let mut replay = Replay::new(question.position, question.algorithm, limits);
    replay.goto(question.replay_step);
    replay
}

#[test]
fn the_pruned_set_is_the_replays_cutoff() {
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Engine] {
        let mut asked = 0;
        for question in many_questions(Difficulty::Hard, algorithm) {
            let Kind::Prune(_) = question.kind else {
                continue;
            };
            let mut replay = replay_at(&question);
            let entered = *replay.event().expect("the node's enter");
            assert!(matches!(entered.kind, EventKind::Enter { .. }));
            assert_eq!(&*entered.path, question.path());
            // Forward to the node's own cutoff.
            let pruned = loop {
                assert!(replay.forward(), "the node cuts off");
                let event = replay.event().unwrap();
                if let EventKind::Cutoff { pruned, .. } = event.kind
                    && &*event.path == question.path()
                {
                    break pruned.to_vec();
                }
            };
            assert!(!pruned.is_empty());
            assert!(question.check(&Answer::Moves(pruned.clone())).right);
            let mut reversed = pruned.clone();
            reversed.reverse();
            assert!(question.check(&Answer::Moves(reversed)).right);
            assert!(!question.check(&Answer::Moves(pruned[1..].to_vec())).right);
            assert!(question.prompt().contains(&algorithm.to_string()));
            asked += 1;
        }
        assert!(asked > 0, "{algorithm}: prune questions");
    }
}

#[test]
fn the_window_is_the_replays_enter_event() {
    let mut asked = 0;
    for question in many_questions(Difficulty::Medium, Algorithm::AlphaBeta) {
        let Kind::Window(_) = question.kind else {
            continue;
        };
        let replay = replay_at(&question);
        let event = *replay.event().expect("the node's enter");
        let EventKind::Enter { alpha, beta, .. } = event.kind else {
            panic!("not an enter: {event:?}");
        };
        assert_eq!(&*event.path, question.path());
        // Never a finished game, where nobody is to move.
        assert_eq!(question.node().status(), tictree::engine::Status::Ongoing);
        assert!(question.check(&Answer::Window(alpha, beta)).right);
        assert!(!question.check(&Answer::Window(beta, alpha)).right);
        let typed = format!("{alpha} {beta}").replace('∞', "inf");
        let answer = question.parse(&typed).expect("α β typed as shown");
        assert!(question.check(&answer).right, "{typed}");
        asked += 1;
    }
    assert!(asked > 0);
}

#[test]
fn connect_four_and_bigger_boards_make_quizzes_near_the_end() {
    for rules in [
        Rules::CONNECT4,
        "4x4".parse().unwrap(),
        "8x8k5".parse().unwrap(),
    ] {
        let source = Source::Picked(rules, Difficulty::Hard);
        let quiz = generate(&source, Algorithm::Engine, 11).expect("positions");
        assert_eq!(quiz.questions.len(), 10);
        for question in &quiz.questions {
            assert!(question.position.legal_moves().len() <= 8);
            assert!(!question.check(&Answer::Number(1000)).right);
        }
    }
}

#[test]
fn picked_positions_keep_to_their_difficulty() {
    for difficulty in Difficulty::ALL {
        let source = Source::Picked(Rules::TICTACTOE, difficulty);
        let quiz = generate(&source, Algorithm::AlphaBeta, 5).unwrap();
        for question in &quiz.questions {
            let empty = question.position.empty_cells();
            assert!(
                difficulty.empty_cells().contains(&empty),
                "{difficulty}: {empty}"
            );
        }
    }
    // Connect Four's easy positions: as near the end as random play gets, never past a line.
    let source = Source::Picked(Rules::CONNECT4, Difficulty::Easy);
    let quiz = generate(&source, Algorithm::AlphaBeta, 5).unwrap();
    for question in &quiz.questions {
        let empty = question.position.empty_cells();
        assert!(empty <= 12, "{empty}");
    }
}

#[test]
fn a_board_where_random_play_never_nears_the_end_has_no_quiz() {
    // 8×8 with 3 in a row: a line comes long before 9 empty cells.
    let rules: Rules = "8x8k3".parse().unwrap();
    assert!(
        generate(
            &Source::Picked(rules, Difficulty::Easy),
            Algorithm::AlphaBeta,
            1
        )
        .is_none()
    );
}
