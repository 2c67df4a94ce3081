//! Bounded resources: the transposition table stays within its byte budget on every board, and
//! the process within the table plus its own few MiB. (The worker's idle solvers: the unit tests
//! of app/jobs/kept_solvers.rs; the explorer's cache: tests/tui_explorer.rs; the replay's
//! history: the unit tests of engine/search/replay.)

use crate::binary::tictree_command;
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

/// `tictree solve --json` with these arguments: its table's bytes and positions stored, slots,
/// and the process's peak memory.
fn solve(args: &[&str]) -> (u64, u64, u64, u64) {
    let output = tictree_command()
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

/// Linux's `MemTotal`, in MiB.
#[cfg(target_os = "linux")]
fn total_mib() -> u64 {
    let info = std::fs::read_to_string("/proc/meminfo").unwrap();
    let line = info.lines().find(|l| l.starts_with("MemTotal:")).unwrap();
    line.split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<u64>()
        .unwrap()
        >> 10
}

#[test]
#[cfg(target_os = "linux")]
fn a_hash_above_half_the_available_memory_is_lowered_with_a_note() {
    let run = |hash: &str| {
        tictree_command()
            .args(["solve", "--json", "--hash", hash])
            .output()
            .unwrap()
    };
    let output = run("1048576");
    assert!(output.status.success());
    let err = String::from_utf8(output.stderr).unwrap();
    let numbers: Vec<u64> = err
        .strip_prefix("tictree: note: --hash 1048576 is more than half the memory available (")
        .and_then(|rest| rest.strip_suffix(" MiB\n"))
        .and_then(|rest| rest.split_once(" MiB): the table gets at most "))
        .map(|(available, most)| {
            [available, most]
                .map(|n| n.replace(',', "").parse().unwrap())
                .to_vec()
        })
        .unwrap_or_else(|| panic!("one note: {err}"));
    let (available, most) = (numbers[0], numbers[1]);
    assert!(available <= total_mib(), "{err}");
    assert_eq!(most, available / 2, "{err}");
    // The command goes on, its answer unchanged: 3×3 gets only the slots it can use anyway.
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["value"], "draw");
    assert!(json["tt_bytes"].as_u64().unwrap() <= most << 20);
    // A budget within it is taken as given, without a word.
    let output = run("1");
    assert!(output.status.success());
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "");
}

#[test]
#[cfg(unix)]
fn ctrl_c_while_a_big_table_is_mapped_stops_it() {
    use std::time::{Duration, Instant};
    // 8 GiB (or half the available memory, if less): seconds of mapping before the search of
    // the empty board, which itself takes minutes without the book.
    let mut child = tictree_command()
        .args([
            "solve",
            "--rules",
            "connect4",
            "--no-book",
            "--hash",
            "8192",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: kill has no memory-safety preconditions.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
        0
    );
    // A hang guard, not a speed claim: mapping used to go on to the end, 12 s and more.
    let deadline = Instant::now() + Duration::from_secs(5);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("still running 5 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(130), "{err}");
    assert!(output.stdout.is_empty());
    // After the note, if the budget was lowered: while mapping, or (a machine quick to map it)
    // during the search.
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last == "tictree: solve interrupted (Ctrl-C) while the table was being mapped, before the search"
            || last.starts_with("tictree: solve interrupted (Ctrl-C) after "),
        "{err}"
    );
}
