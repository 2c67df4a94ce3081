//! `tictree solve`'s process stays within its table's byte budget plus a few MiB of its own.

use crate::binary::tictree_command;

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
