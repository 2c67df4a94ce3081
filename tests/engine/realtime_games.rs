//! The strong games behind `bench --only realtime`: the players' rule (`Strong`) plays legal games
//! whose every move is within the slack of the best on Pons' scale, the same games for the same
//! seed; the games file's lines round-trip; the file built into the program is well formed and its
//! late positions' scores are the exact ones. No timing: the row's figures are in
//! docs/benchmarks.md.

use rand::SeedableRng;
use rand::rngs::StdRng;
use tictree::cli::bench::realtime::{GameLine, games, read_games};
use tictree::engine::game::score::{WIN, pons};
use tictree::engine::skill::Strong;
use tictree::engine::{
    Algorithm, Analysis, Move, Position, Rules, Solver, Status, StopFlag, Table, analyze_parallel,
};

fn small() -> Rules {
    "5x4k4g".parse().unwrap()
}

/// A move's Pons score, computed here from its depth-aware score: the game ends with T marks,
/// T = marks now + plies of the move's line; Pons' score is ±(cells + 2 − T) / 2.
fn on_pons(position: &Position, score: tictree::engine::Score) -> i32 {
    let ended = position.ply() + score.plies;
    pons(
        score.score.signum() * (WIN - ended as i32),
        position.rules().cells(),
    )
}

fn exact(position: &Position, solver: &mut Solver) -> Analysis {
    let stop = StopFlag::default();
    analyze_parallel(
        position,
        Algorithm::Engine,
        Table::Kept(solver),
        1,
        &stop,
        |_| {},
    )
    .unwrap()
}

/// `games` games of `strong` players on `rules` from one seed: each game's moves, and for each
/// move whether it was one of the best.
fn play(rules: Rules, strong: Strong, seed: u64, games: usize) -> Vec<(Vec<Move>, usize)> {
    let mut solver = Solver::with_hash(
        Position::empty(rules).layout(),
        StopFlag::default(),
        4 << 20,
    );
    let mut rng = StdRng::seed_from_u64(seed);
    (0..games)
        .map(|_| {
            let (mut position, mut moves, mut below_best) = (Position::empty(rules), vec![], 0);
            while position.status() == Status::Ongoing {
                let analysis = exact(&position, &mut solver);
                let mv = strong.choose(&analysis, &mut rng).unwrap();
                let chosen = analysis.moves.iter().find(|m| m.mv == mv).unwrap();
                let best = analysis.moves[0].score;
                let within = on_pons(&position, best) - on_pons(&position, chosen.score);
                assert!(
                    (0..=strong.slack).contains(&within),
                    "{} after {moves:?}: {within} below the best",
                    rules.move_name(mv)
                );
                below_best += usize::from(chosen.score != best);
                position = position.play(mv).expect("a legal move");
                moves.push(mv);
            }
            (moves, below_best)
        })
        .collect()
}

#[test]
fn strong_players_stay_within_the_slack_and_repeat_for_a_seed() {
    let rules = small();
    let games = play(rules, Strong::BENCH, 7, 6);
    assert_eq!(games, play(rules, Strong::BENCH, 7, 6));
    assert_ne!(games, play(rules, Strong::BENCH, 8, 6));
    // Every game is played to its end (a full board or a line).
    for (moves, _) in &games {
        let mut position = Position::empty(rules);
        for &mv in moves {
            position = position.play(mv).unwrap();
        }
        assert_ne!(position.status(), Status::Ongoing);
    }
    // One move in five may leave the best: over six games some do, most do not.
    let moves: usize = games.iter().map(|(m, _)| m.len()).sum();
    let below: usize = games.iter().map(|(_, b)| b).sum();
    assert!(
        below > 0 && below * 2 < moves,
        "{below} of {moves} moves below the best"
    );
    // Without the chance every move is one of the best.
    let only_best = Strong {
        chance: 0.0,
        ..Strong::BENCH
    };
    assert!(play(rules, only_best, 7, 3).iter().all(|(_, b)| *b == 0));
}

#[test]
fn the_slack_pool_is_the_moves_within_two_points_on_pons_scale() {
    // The empty 5×4 board: b1, c1 and d1 draw (0), a1 and e1 lose in 10 (-2, Pons -1): all five
    // are within 2 points; without the slack only the draws.
    let rules = small();
    let mut solver = Solver::with_hash(
        Position::empty(rules).layout(),
        StopFlag::default(),
        4 << 20,
    );
    let analysis = exact(&Position::empty(rules), &mut solver);
    let names = |moves: Vec<Move>| {
        let mut names = rules.move_names(&moves);
        names.sort();
        names.join(" ")
    };
    assert_eq!(names(Strong::BENCH.pool(&analysis, false)), "b1 c1 d1");
    assert_eq!(names(Strong::BENCH.pool(&analysis, true)), "a1 b1 c1 d1 e1");
    let tight = Strong {
        slack: 0,
        ..Strong::BENCH
    };
    assert_eq!(names(tight.pool(&analysis, true)), "b1 c1 d1");
}

#[test]
fn a_games_line_round_trips() {
    // An End-Easy position of Pons' set (column 1 and 4 are full), analysed exactly.
    let rules = Rules::CONNECT4;
    let moves = "2252576253462244111563365343671351441";
    let position = Position::empty(rules).play_moves(moves).unwrap();
    let mut solver = Solver::with_hash(position.layout(), StopFlag::default(), 4 << 20);
    let line = GameLine::of(&exact(&position, &mut solver), moves);
    let text = line.to_string();
    assert!(text.starts_with(&format!("{moves} . ")), "{text}");
    assert_eq!(text.split_whitespace().count(), 8);
    assert_eq!(text.parse::<GameLine>().unwrap(), line);
    let file = format!("# a comment\n\n{text}\n");
    let read = read_games(&file, rules).unwrap();
    assert_eq!(read, vec![(line, position)]);
    // The empty board is `-`; a wrong number of scores, or a score for a full column, is refused.
    let empty: GameLine = "- -4 -2 0 +3 0 -2 -4".parse().unwrap();
    assert_eq!(empty.moves, "");
    assert_eq!(empty.to_string(), "- -4 -2 0 +3 0 -2 -4");
    assert!(read_games("- -4 -2 0 +3 0 -2\n", rules).is_err());
    let full_column = text.replacen(" . ", " +1 ", 1);
    let error = read_games(&full_column, rules).unwrap_err();
    assert!(error.starts_with("line 1: "), "{error}");
    assert!("44x3 0 0".parse::<GameLine>().is_err());
}

#[test]
fn the_built_in_games_are_well_formed_and_exact_at_the_end() {
    let games = games().unwrap();
    let (first, _) = &games[0];
    assert_eq!(first.to_string(), "- -4 -2 0 +3 0 -2 -4");
    // The late positions are quick to solve: their scores must be the exact ones.
    let mut solver = Solver::with_hash(
        Position::empty(Rules::CONNECT4).layout(),
        StopFlag::default(),
        16 << 20,
    );
    let late: Vec<_> = games.iter().filter(|(_, p)| p.ply() >= 30).collect();
    for (line, position) in late {
        solver.reset();
        let found = GameLine::of(&exact(position, &mut solver), &line.moves);
        assert_eq!(&found, line);
    }
}
