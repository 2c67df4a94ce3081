//! The `engine` algorithm against an independent, deliberately naive solver written here (its own
//! board, its own win detection, a memo of whole boards), and against `alphabeta`.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use tictree::engine::{Algorithm, Move, Position, Rules, Status, StopFlag, analyze};

/// A naive exact solver: values are `1000 - T` for a win of the side to move with T marks at the
/// end, negated for a loss, 0 for a draw.
struct Naive {
    w: usize,
    h: usize,
    k: usize,
    gravity: bool,
    memo: HashMap<Vec<u8>, i32>,
}

impl Naive {
    fn new(rules: Rules) -> Naive {
        Naive {
            w: rules.width.into(),
            h: rules.height.into(),
            k: rules.k.into(),
            gravity: rules.gravity,
            memo: HashMap::new(),
        }
    }

    fn won(&self, board: &[u8], who: u8) -> bool {
        let (w, h, k) = (self.w as i32, self.h as i32, self.k as i32);
        for r in 0..h {
            for c in 0..w {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let all = (0..k).all(|i| {
                        let (rr, cc) = (r + dr * i, c + dc * i);
                        rr >= 0
                            && rr < h
                            && cc >= 0
                            && cc < w
                            && board[(rr * w + cc) as usize] == who
                    });
                    if all {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn legal(&self, board: &[u8], cell: usize) -> bool {
        board[cell] == 0
            && (!self.gravity || cell + self.w >= board.len() || board[cell + self.w] != 0)
    }

    /// Value for the side to move; `board` holds 1 for X, 2 for O.
    fn solve(&mut self, board: &mut Vec<u8>) -> i32 {
        let stones = board.iter().filter(|&&c| c != 0).count() as i32;
        let (me, them) = if stones % 2 == 0 { (1, 2) } else { (2, 1) };
        if self.won(board, them) {
            return -(1000 - stones);
        }
        if stones as usize == board.len() {
            return 0;
        }
        if let Some(&v) = self.memo.get(board) {
            return v;
        }
        let mut best = -2000;
        for cell in 0..board.len() {
            if self.legal(board, cell) {
                board[cell] = me;
                best = best.max(-self.solve(board));
                board[cell] = 0;
            }
        }
        self.memo.insert(board.clone(), best);
        best
    }

    fn board(&self, position: &Position) -> Vec<u8> {
        (0..self.w * self.h)
            .map(|cell| match position.at(Move(cell as u8)) {
                Some(tictree::engine::Player::X) => 1,
                Some(tictree::engine::Player::O) => 2,
                None => 0,
            })
            .collect()
    }
}

/// Every move's (score, plies) by the engine and by the naive solver.
fn compare(position: &Position, naive: &mut Naive) {
    let analysis = analyze(position, Algorithm::Engine, &StopFlag::default(), |_| {}).unwrap();
    let cells = position.rules().cells();
    for m in &analysis.moves {
        let mut board = naive.board(&position.play(m.mv).unwrap());
        let value = -naive.solve(&mut board);
        let expected = tictree::engine::Score::from_value(value, cells, position.ply());
        assert_eq!(m.score, expected, "{position:?} move {:?}", m.mv);
        // The principal variation is legal and ends the game with the promised length.
        let mut end = *position;
        for &mv in &m.pv {
            end = end.play(mv).unwrap();
        }
        assert_ne!(end.status(), Status::Ongoing, "{position:?} pv {:?}", m.pv);
        assert_eq!(
            m.pv.len() as u32,
            m.score.plies,
            "{position:?} pv {:?}",
            m.pv
        );
    }
}

fn random_position(rules: Rules, stones: usize, rng: &mut StdRng) -> Option<Position> {
    let mut position = Position::empty(rules);
    for _ in 0..stones {
        let moves = position.legal_moves();
        if moves.is_empty() {
            return None;
        }
        position = position
            .play(moves[rng.random_range(0..moves.len())])
            .ok()?;
    }
    (position.status() == Status::Ongoing).then_some(position)
}

#[test]
fn small_boards_match_the_naive_solver_from_the_empty_board() {
    for rules in ["4x3k3", "3x4k3", "4x4k3g", "5x4k4g", "4x4k3", "3x3k3g"] {
        let rules: Rules = rules.parse().unwrap();
        let mut naive = Naive::new(rules);
        compare(&Position::empty(rules), &mut naive);
    }
}

#[test]
fn four_by_three_and_three_by_four_k3_are_first_player_wins() {
    for rules in ["4x3k3", "3x4k3"] {
        let position = Position::empty(rules.parse().unwrap());
        let analysis = analyze(&position, Algorithm::Engine, &StopFlag::default(), |_| {}).unwrap();
        assert!(analysis.moves[0].score.score > 0, "{rules}");
    }
}

#[test]
fn random_positions_match_the_naive_solver() {
    let mut rng = StdRng::seed_from_u64(7);
    for rules in ["4x4", "5x4k4", "4x5k3", "5x4k3g", "5x5k4g", "4x4k4g"] {
        let rules: Rules = rules.parse().unwrap();
        let mut naive = Naive::new(rules);
        let stones = rules.cells() / 2;
        let mut checked = 0;
        while checked < 12 {
            if let Some(position) =
                random_position(rules, rng.random_range(stones..rules.cells() - 2), &mut rng)
            {
                compare(&position, &mut naive);
                checked += 1;
            }
        }
    }
}

#[test]
fn engine_agrees_with_alphabeta_on_random_four_by_four_positions() {
    let mut rng = StdRng::seed_from_u64(42);
    let mut checked = 0;
    while checked < 30 {
        let Some(position) = random_position(
            Rules::new(4, 4, 4, false).unwrap(),
            rng.random_range(6..14),
            &mut rng,
        ) else {
            continue;
        };
        let stop = StopFlag::default();
        let fast = analyze(&position, Algorithm::Engine, &stop, |_| {}).unwrap();
        let slow = analyze(&position, Algorithm::AlphaBeta, &stop, |_| {}).unwrap();
        let scores = |a: &tictree::engine::Analysis| {
            let mut s: Vec<_> = a.moves.iter().map(|m| (m.mv, m.score)).collect();
            s.sort_by_key(|&(mv, _)| mv);
            s
        };
        assert_eq!(scores(&fast), scores(&slow), "{position:?}");
        checked += 1;
    }
}
