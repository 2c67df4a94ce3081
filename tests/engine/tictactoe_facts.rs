//! Known facts of tic-tac-toe, computed here by walking the whole game, held against the engine.

use std::collections::{HashMap, HashSet};
use tictree::engine::{Algorithm, Player, Position, Rules, Status, StopFlag, analyze};

fn key(position: &Position) -> (u128, u128) {
    (position.marks(Player::X), position.marks(Player::O))
}

/// Every position reachable from the empty board, by depth-first search.
fn reachable() -> Vec<Position> {
    let mut seen = HashSet::new();
    let mut stack = vec![Position::empty(Rules::TICTACTOE)];
    let mut all = Vec::new();
    while let Some(position) = stack.pop() {
        if !seen.insert(key(&position)) {
            continue;
        }
        all.push(position);
        for mv in position.legal_moves() {
            stack.push(position.play(mv).unwrap());
        }
    }
    all
}

/// The position string with the board turned by one of the 8 symmetries of the square.
fn transformed(notation: &str, symmetry: usize) -> String {
    let grid: Vec<Vec<char>> = notation
        .split('/')
        .map(|row| row.chars().collect())
        .collect();
    let cell = |r: usize, c: usize| {
        let (r, c) = if symmetry & 4 != 0 { (c, r) } else { (r, c) };
        let r = if symmetry & 2 != 0 { 2 - r } else { r };
        let c = if symmetry & 1 != 0 { 2 - c } else { c };
        grid[r][c]
    };
    (0..3)
        .map(|r| (0..3).map(|c| cell(r, c)).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

#[test]
fn reachable_positions_and_their_outcomes() {
    let all = reachable();
    assert_eq!(all.len(), 5_478);
    let classes: HashSet<String> = all
        .iter()
        .map(|p| {
            (0..8)
                .map(|s| transformed(&p.to_notation(), s))
                .min()
                .unwrap()
        })
        .collect();
    assert_eq!(classes.len(), 765);
    let mut ends: HashMap<Status, usize> = HashMap::new();
    for position in &all {
        let status = position.status();
        if status != Status::Ongoing {
            *ends.entry(status).or_default() += 1;
        }
    }
    assert_eq!(ends.values().sum::<usize>(), 958);
    assert_eq!(ends[&Status::Won(Player::X)], 626);
    assert_eq!(ends[&Status::Won(Player::O)], 316);
    assert_eq!(ends[&Status::Draw], 16);
}

#[derive(Default, Debug, PartialEq)]
struct GameCount {
    nodes: u64,
    x_wins: u64,
    o_wins: u64,
    draws: u64,
}

fn count_games(position: &Position, count: &mut GameCount) {
    count.nodes += 1;
    match position.status() {
        Status::Won(Player::X) => count.x_wins += 1,
        Status::Won(Player::O) => count.o_wins += 1,
        Status::Draw => count.draws += 1,
        Status::Ongoing => {
            for mv in position.legal_moves() {
                count_games(&position.play(mv).unwrap(), count);
            }
        }
    }
}

#[test]
fn possible_games_and_game_tree_nodes() {
    let mut count = GameCount::default();
    count_games(&Position::empty(Rules::TICTACTOE), &mut count);
    assert_eq!(count.x_wins + count.o_wins + count.draws, 255_168);
    assert_eq!(
        count,
        GameCount {
            nodes: 549_946,
            x_wins: 131_184,
            o_wins: 77_904,
            draws: 46_080
        }
    );
}

#[test]
fn all_algorithms_agree_on_every_reachable_position() {
    let stop = StopFlag::default();
    let mut checked = 0;
    for position in reachable().iter().filter(|p| p.status() == Status::Ongoing) {
        let scores = |algorithm| {
            let analysis = analyze(position, algorithm, &stop, |_| {}).unwrap();
            let mut scores: Vec<_> = analysis.moves.iter().map(|m| (m.mv, m.score)).collect();
            scores.sort_by_key(|(mv, _)| *mv);
            scores
        };
        let minimax = scores(Algorithm::Minimax);
        assert_eq!(minimax.len(), position.legal_moves().len());
        assert_eq!(
            scores(Algorithm::AlphaBeta),
            minimax,
            "alphabeta on {position:?}"
        );
        assert_eq!(scores(Algorithm::Engine), minimax, "engine on {position:?}");
        checked += 1;
    }
    assert_eq!(checked, 5_478 - 958);
}

#[test]
fn principal_variations_are_legal_and_end_as_scored() {
    let stop = StopFlag::default();
    for position in reachable().iter().filter(|p| p.status() == Status::Ongoing) {
        for algorithm in Algorithm::ALL {
            for m in analyze(position, algorithm, &stop, |_| {}).unwrap().moves {
                let mut end = *position;
                for &mv in &m.pv {
                    end = end.play(mv).unwrap_or_else(|e| {
                        panic!("{algorithm} pv {:?} on {position:?}: {e}", m.pv)
                    });
                }
                assert_eq!(
                    m.pv.len() as u32,
                    m.score.plies,
                    "{algorithm} {position:?} {:?}",
                    m.pv
                );
                let expected = match m.score.score.signum() {
                    1 => Status::Won(position.to_move()),
                    -1 => Status::Won(position.to_move().opponent()),
                    _ => Status::Draw,
                };
                assert_eq!(
                    end.status(),
                    expected,
                    "{algorithm} {position:?} {:?}",
                    m.pv
                );
            }
        }
    }
}
