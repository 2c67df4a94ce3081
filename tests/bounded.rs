//! Bounded resources: the transposition table stays within its byte budget on every board, and
//! the process within the table plus its own few MiB; the replay's history stays bounded on the
//! biggest boards; the worker keeps at most three idle engines, whatever its jobs do. (The
//! explorer's cache: tests/tui_explorer.rs.)

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::process::Command;
use tictree::app::{Engines, JobKey, REPLAY_NODES, SearchRequest, run_job};
use tictree::engine::search::solver::DEFAULT_HASH_BYTES;
use tictree::engine::{
    Algorithm, Budget, Engine, Position, Replay, ReplayLimits, Rules, Status, StopFlag,
};

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
                    let mut engine = Engine::with_hash(layout, StopFlag::default(), bytes);
                    let usage = engine.table_usage();
                    assert!(usage.bytes <= bytes, "{rules} {bytes}: {usage:?}");
                    assert_eq!(
                        usage.bytes,
                        usage.capacity * 16,
                        "{rules}: two words a slot"
                    );
                    // Filled by a search, it still holds no more than its slots.
                    if let Some(position) = late_position(rules, 12, &mut rng) {
                        engine.value(&position, -1000, 1000).unwrap();
                        let usage = engine.table_usage();
                        assert!(usage.stored <= usage.capacity && usage.bytes <= bytes);
                        searched += usize::from(usage.stored > 0);
                    }
                }
            }
        }
    }
    assert!(searched > 200, "{searched} searches stored positions");
}

/// `tictree solve --json` with these arguments: its table's bytes and positions stored, slots,
/// and the process's peak memory.
fn solve(args: &[&str]) -> (u64, u64, u64, u64) {
    let output = Command::new(env!("CARGO_BIN_EXE_tictree"))
        .args(["solve", "--json"])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let field = |name: &str| json[name].as_u64().unwrap();
    (
        field("tt_bytes"),
        field("tt_stored"),
        field("tt_capacity"),
        field("peak_memory_bytes"),
    )
}

#[test]
#[cfg(target_os = "linux")]
fn the_process_stays_within_the_table_budget_plus_a_few_mib() {
    const MIB: u64 = 1 << 20;
    // A search that stores 262,282 positions (4 MiB of slots) when it may.
    let weak = ["--rules", "5x5k4", "--weak", "--hash"];
    let (_, _, _, base) = solve(&["--hash", "1"]);
    let (bytes, stored, capacity, peak) = solve(&[&weak[..], &["1"]].concat());
    assert_eq!(bytes, MIB);
    assert!(
        stored > capacity * 9 / 10 && stored <= capacity,
        "full: {stored}"
    );
    assert!(peak <= base + bytes + MIB, "peak {peak}, base {base}");
    // A larger budget is used: the same search with 8 MiB stores more and costs more.
    let (bytes, more, _, peak) = solve(&[&weak[..], &["8"]].concat());
    assert_eq!(bytes, 8 * MIB);
    assert!(more > 3 * stored, "{more} against {stored}");
    assert!(peak <= base + bytes + MIB, "peak {peak}, base {base}");
    assert!(peak >= base + 4 * MIB, "peak {peak}, base {base}");
}

/// The app's replay of an empty board (REPLAY_NODES), run to its end: its memory in bytes.
fn replay_memory(rules: Rules, algorithm: Algorithm) -> usize {
    let limits = ReplayLimits {
        depth: None,
        nodes: Some(REPLAY_NODES),
    };
    let mut replay = Replay::new(Position::empty(rules), algorithm, limits);
    replay.run_to_end(&StopFlag::default()).unwrap();
    assert!(replay.truncated(), "{rules} {algorithm}");
    assert_eq!(replay.totals().unwrap().nodes, REPLAY_NODES);
    assert!(
        replay.total().unwrap() > 2 * REPLAY_NODES,
        "an enter and a return a node"
    );
    replay.memory_bytes()
}

#[test]
fn the_replay_checkpoints_stay_bounded_on_the_biggest_board() {
    // 2.8 million events: the checkpoints thin out to 512 of them, 3.3 MiB in all.
    let bytes = replay_memory("8x8k5".parse().unwrap(), Algorithm::AlphaBeta);
    assert!(bytes < 8 << 20, "{bytes} bytes");
}

#[test]
fn the_replay_table_stays_bounded_on_the_biggest_boards() {
    // The engine model's table and its journal of writes grow with the nodes searched, up to
    // the node budget: 58 MiB on 8×8 k=5, 111 MiB on Connect Four.
    for rules in ["8x8k5".parse().unwrap(), Rules::CONNECT4] {
        let bytes = replay_memory(rules, Algorithm::Engine);
        assert!(bytes < 128 << 20, "{rules}: {bytes} bytes");
    }
}

#[test]
fn the_worker_keeps_at_most_three_idle_engines_whatever_its_jobs_do() {
    let engines = Engines::default();
    let mut rng = StdRng::seed_from_u64(4);
    let rules: Vec<Rules> = ["tictactoe", "4x4", "5x5k4", "connect4"]
        .iter()
        .map(|r| r.parse().unwrap())
        .collect();
    let request = |generation, key, position| SearchRequest {
        key,
        generation,
        position,
        algorithm: Algorithm::Engine,
        budget: Budget {
            table: Some(1 << 20),
            ..Budget::UNLIMITED
        },
        pace: std::time::Duration::ZERO,
        settle: false,
    };
    for job in 0..40 {
        let rules = *rules.choose(&mut rng).unwrap();
        let stop = StopFlag::default();
        let result = if job % 4 == 3 {
            // Cancelled: an empty board's exact search gives up at once, and its engine comes
            // back all the same.
            stop.stop();
            let empty = Position::empty(rules);
            run_job(
                &request(job, JobKey::Explore(empty), empty),
                &engines,
                &stop,
                |_| {},
            )
        } else {
            let Some(position) = late_position(rules, 9, &mut rng) else {
                continue;
            };
            let key = if job % 2 == 0 {
                JobKey::Play
            } else {
                JobKey::Explore(position)
            };
            run_job(&request(job, key, position), &engines, &stop, |_| {})
        };
        assert_eq!(result.is_ok(), job % 4 != 3 || rules == Rules::TICTACTOE);
        assert!(
            (1..=3).contains(&engines.idle()),
            "job {job}: {}",
            engines.idle()
        );
    }
    assert_eq!(engines.idle(), 3);
}
