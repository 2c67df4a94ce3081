//! Measures the replay: events per second, a step back, a jump.

use std::time::Instant;
use tictree::engine::{Algorithm, Position, Replay, ReplayLimits, Rules, StopFlag};

fn main() {
    for algorithm in Algorithm::ALL {
        let mut replay = Replay::new(
            Position::empty(Rules::TICTACTOE),
            algorithm,
            ReplayLimits::default(),
        );
        let started = Instant::now();
        replay.run_to_end(&StopFlag::default()).unwrap();
        let elapsed = started.elapsed();
        let total = replay.total().unwrap();
        let counters = replay.counters();
        println!(
            "{algorithm}: {total} events, {} nodes, {} cutoffs, {} tt hits, run_to_end {:.1} ms, {:.1} M events/s",
            counters.nodes,
            counters.cutoffs,
            counters.tt_hits,
            elapsed.as_secs_f64() * 1e3,
            total as f64 / elapsed.as_secs_f64() / 1e6
        );
        let started = Instant::now();
        let backs = 2000.min(total);
        for _ in 0..backs {
            replay.back();
        }
        println!(
            "  back: {:.3} ms each (mean of {backs} from the end)",
            started.elapsed().as_secs_f64() * 1e3 / backs as f64
        );
        let started = Instant::now();
        replay.goto(total / 2);
        replay.goto(total / 3);
        println!(
            "  two gotos: {:.3} ms",
            started.elapsed().as_secs_f64() * 1e3
        );
    }
}
