//! Bounded resources: the transposition table stays within its byte budget on every board. (The
//! process within the table plus its own few MiB: tests/memory/solve_table.rs; the worker's idle
//! solvers: the unit tests of app/jobs/kept_solvers.rs; the explorer's cache:
//! tests/tui/explorer.rs; the replay's history: the unit tests of engine/search/replay.)

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tictree::engine::search::solver::DEFAULT_HASH_BYTES;
use tictree::engine::{Position, Rules, Solver, Status, StopFlag};

/// A position of `rules` with at most `empty` empty cells left by random play, if the game lasts
/// that long.
fn late_position(rules: Rules, empty: usize, rng: &mut StdRng) -> Option<Position> {
    let mut position = Position::empty(rules);
    while rules.cells() - position.ply() as usize > empty {
        let mv = *position.legal_moves().choose(rng)?;
        position = position.play(mv).ok()?;
        if position.status() != Status::Ongoing {
            return None;
        }
    }
    Some(position)
}

#[test]
fn the_transposition_table_stays_within_its_budget_on_every_board() {
    let mut rng = StdRng::seed_from_u64(9);
    // Budgets from one bucket up: not powers of two, the smallest --hash, the default.
    let budgets = [
        64,
        1000,
        100_000,
        1 << 20,
        (3 << 20) + 17,
        DEFAULT_HASH_BYTES,
    ];
    let mut searched = 0;
    for width in 3..=8 {
        for height in 3..=8 {
            for gravity in [false, true] {
                let k = rng.random_range(3..=width.max(height));
                let rules = Rules::new(width, height, k, gravity).unwrap();
                for bytes in budgets {
                    let layout = Position::empty(rules).layout();
                    let mut solver = Solver::with_hash(layout, StopFlag::default(), bytes);
                    let usage = solver.table_usage();
                    assert!(usage.bytes <= bytes, "{rules} {bytes}: {usage:?}");
                    assert_eq!(
                        usage.bytes,
                        usage.capacity * 16,
                        "{rules}: two words a slot"
                    );
                    // Filled by a search, it still holds no more than its slots.
                    if let Some(position) = late_position(rules, 12, &mut rng) {
                        solver.value(&position, -1000, 1000).unwrap();
                        let usage = solver.table_usage();
                        assert!(usage.stored <= usage.capacity && usage.bytes <= bytes);
                        searched += usize::from(usage.stored > 0);
                    }
                }
            }
        }
    }
    assert!(searched > 200, "{searched} searches stored positions");
}
