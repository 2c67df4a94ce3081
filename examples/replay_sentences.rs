//! Prints the first events of a replay with their sentences (for reading, and for the docs).

use std::io::Write;
use tictree::engine::{Algorithm, Position, Replay, ReplayLimits, Rules};

fn main() {
    let mut args = std::env::args().skip(1);
    let algorithm: Algorithm = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(Algorithm::AlphaBeta);
    let moves = args.next().unwrap_or_default();
    let count: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(30);
    let Ok(root) = Position::empty(Rules::TICTACTOE).play_moves(&moves) else {
        eprintln!("bad moves: {moves}");
        return;
    };
    let mut replay = Replay::new(root, algorithm, ReplayLimits::default());
    let mut out = std::io::stdout().lock();
    // Stops quietly when the reader does (`| head`).
    let _ = writeln!(out, "{:>5}  {}", 0, replay.sentence());
    while replay.step() < count && replay.forward() {
        if writeln!(out, "{:>5}  {}", replay.step(), replay.sentence()).is_err() {
            return;
        }
    }
}
