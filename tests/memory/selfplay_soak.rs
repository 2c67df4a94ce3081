//! A small soak through the real binary: `tictree selfplay` over thousands of games, perfect play
//! never losing on 4×4, and the process's peak memory the same for ten times as many games.
//! The long soak, its commands and figures: docs/reliability.md.

#[cfg(target_os = "linux")]
use crate::binary::exit_and_peak;
use crate::binary::tictree_command;
use std::process::Stdio;

/// `tictree selfplay --json` with these arguments: the tally, and the peak resident memory of the
/// process in KiB (Linux; 0 elsewhere).
fn selfplay(args: &[&str]) -> (serde_json::Value, i64) {
    let mut child = tictree_command()
        .args(["selfplay", "--json", "--seed", "1"])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = String::new();
    std::io::Read::read_to_string(child.stdout.as_mut().unwrap(), &mut out).unwrap();
    let peak = peak_kib(&mut child);
    (serde_json::from_str(&out).unwrap(), peak)
}

/// Waits for the child, which must succeed, and returns its own peak resident memory in KiB.
#[cfg(target_os = "linux")]
fn peak_kib(child: &mut std::process::Child) -> i64 {
    let (code, peak) = exit_and_peak(child);
    assert_eq!(code, 0);
    peak
}

#[cfg(not(target_os = "linux"))]
fn peak_kib(child: &mut std::process::Child) -> i64 {
    assert!(child.wait().unwrap().success());
    0
}

#[test]
fn memory_stays_flat_as_the_games_grow() {
    for (rules, x, o, few) in [
        ("tictactoe", "ai:1", "ai:4", 1_000),
        ("connect4", "ai:2", "ai:3", 400),
    ] {
        let count = |n: u64| n.to_string();
        let run = |games: u64| {
            selfplay(&[
                "--rules",
                rules,
                "--x",
                x,
                "--o",
                o,
                "--games",
                &count(games),
            ])
        };
        let (small, small_peak) = run(few);
        let (large, large_peak) = run(10 * few);
        assert_eq!(large["games"], 10 * few);
        // About 4.5 MiB either way (60 and 100 KiB apart, in the allocator's noise): a leak of
        // a hundred bytes a game would show on 3×3, of 150 on Connect Four.
        assert!(
            large_peak <= small_peak + 512,
            "{rules}: {small_peak} KiB after {few} games, {large_peak} KiB after ten times more"
        );
        if o == "ai:4" {
            assert_eq!(small["x_wins"], 0, "perfect play never loses");
            assert_eq!(large["x_wins"], 0, "perfect play never loses");
        }
    }
}

#[test]
fn perfect_play_never_loses_four_by_four() {
    for other in ["ai:1", "ai:2", "ai:3"] {
        let (as_x, _) = selfplay(&[
            "--rules", "4x4", "--x", "ai:4", "--o", other, "--games", "200",
        ]);
        let (as_o, _) = selfplay(&[
            "--rules", "4x4", "--x", other, "--o", "ai:4", "--games", "200",
        ]);
        assert_eq!(as_x["o_wins"], 0, "{other}");
        assert_eq!(as_o["x_wins"], 0, "{other}");
    }
    let (perfect, _) = selfplay(&[
        "--rules", "4x4", "--x", "ai:4", "--o", "ai:4", "--games", "100",
    ]);
    assert_eq!(perfect["draws"], 100);
}
