//! `tictree selfplay` through the real binary: the tally, reproducible with a seed, the levels
//! really differ, a start from moves. (Bad input: tests/cli/bad_input.rs.)

use crate::binary::tictree;

fn tally(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["selfplay", "--json"];
    all.extend_from_slice(args);
    let (code, out, err) = tictree(&all);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "no progress off a terminal: {err:?}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn two_perfect_players_always_draw_tic_tac_toe() {
    let json = tally(&["--x", "ai:4", "--o", "ai", "--games", "300", "--seed", "3"]);
    assert_eq!(json["games"], 300);
    // The rules as every command's JSON gives them.
    assert_eq!(
        json["rules"],
        serde_json::json!({"width": 3, "height": 3, "k": 3, "gravity": false})
    );
    assert_eq!(json["draws"], 300);
    assert_eq!(json["plies_min"], 9);
    assert_eq!(json["plies_max"], 9);
    assert_eq!(
        (json["x"].as_str(), json["o"].as_str()),
        (Some("ai:4"), Some("ai:4"))
    );
}

/// `--time-ms` gives level 4 the game's kind of budget: on 8×8 k=5, whose exact play never
/// finishes, a game against level 1 is played out, and the tally says the limit.
#[test]
fn a_time_limit_lets_level_4_play_a_board_it_cannot_solve() {
    let json = tally(&[
        "--rules",
        "8x8k5",
        "--x",
        "ai:4",
        "--o",
        "ai:1",
        "--games",
        "1",
        "--seed",
        "2",
        "--time-ms",
        "50",
    ]);
    assert_eq!(json["games"], 1);
    assert_eq!(json["time_ms"], 50);
    // Level 4 against random moves wins, thinking about the limit a move (far below a second:
    // without the limit a move would not end).
    assert_eq!(json["x_wins"], 1, "{json}");
    assert!(json["x_ms_per_move"].as_f64().unwrap() < 1000.0, "{json}");
    // Without the limit, exact play: no limit in the tally.
    let exact = tally(&["--x", "ai:4", "--o", "ai:4", "--games", "1", "--seed", "2"]);
    assert_eq!(exact["time_ms"], serde_json::Value::Null);
    let (code, out, _) = crate::binary::tictree(&[
        "selfplay",
        "--rules",
        "4x4",
        "--x",
        "ai:4",
        "--o",
        "ai:1",
        "--games",
        "1",
        "--time-ms",
        "50",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("X         ai:4 (level 4, the best found in 50 ms a move)"),
        "{out}"
    );
}

#[test]
fn equal_seeds_give_equal_tallies_and_the_levels_differ() {
    let args = [
        "--x", "ai:4", "--o", "ai:1", "--games", "500", "--seed", "9",
    ];
    let first = tally(&args);
    let again = tally(&args);
    for field in [
        "x_wins",
        "o_wins",
        "draws",
        "plies_min",
        "plies_max",
        "plies_mean",
    ] {
        assert_eq!(first[field], again[field], "{field}");
    }
    // The mean to three decimals, as every fraction of the JSON.
    let mean = first["plies_mean"].as_f64().unwrap();
    assert_eq!((mean * 1e3).round() / 1e3, mean);
    assert!(!first["plies_mean"].to_string().contains("0000"), "{first}");
    // Perfect play never loses, and beats a random player almost every time.
    assert_eq!(first["o_wins"], 0);
    assert!(first["x_wins"].as_u64().unwrap() > 400, "{first}");
    // Win-or-block against random, as O: blocking alone makes it lose far less than random does.
    let blocker = tally(&[
        "--x", "ai:1", "--o", "ai:2", "--games", "500", "--seed", "9",
    ]);
    let random = tally(&[
        "--x", "ai:1", "--o", "ai:1", "--games", "500", "--seed", "9",
    ]);
    assert!(
        blocker["x_wins"].as_u64().unwrap() * 3 < random["x_wins"].as_u64().unwrap(),
        "{blocker} {random}"
    );
}

#[test]
fn the_table_names_the_levels_and_counts_every_game() {
    let (code, out, _) = tictree(&[
        "selfplay", "--rules", "connect4", "--x", "ai:3", "--o", "ai:3:1", "--games", "20",
        "--seed", "5",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("selfplay  connect4  from ......./"),
        "{out}"
    );
    assert!(out.contains("X         ai:3 (level 3, 2 plies)"), "{out}");
    assert!(out.contains("O         ai:3:1 (level 3, 1 ply)"), "{out}");
    assert!(out.contains("games          20\n"), "{out}");
    let count = |name: &str| -> u64 {
        let line = out.lines().find(|l| l.starts_with(name)).unwrap();
        let rest = &line[name.len()..];
        rest.split_whitespace().next().unwrap().parse().unwrap()
    };
    assert_eq!(count("X wins") + count("O wins") + count("draws"), 20);
}

#[test]
fn selfplay_starts_from_moves() {
    // From a won-for-X position X always wins (X a3 b3 vs O a1 b1: X to move completes c3).
    let json = tally(&[
        "--moves",
        "a3 a1 b3 b1",
        "--x",
        "ai:2",
        "--o",
        "ai:1",
        "--games",
        "5",
    ]);
    assert_eq!(json["x_wins"], 5);
    assert_eq!(json["plies_max"], 1);
}

/// Ctrl-C before the first game ends: no game, so no lengths (`null`, "none"), not zeros that
/// read as games of no move.
#[cfg(unix)]
#[test]
fn ctrl_c_before_any_game_finishes_reports_no_lengths() {
    for json in [true, false] {
        let mut args = vec![
            "selfplay", "--rules", "7x6k4", "--x", "ai", "--o", "ai", "--games", "1",
        ];
        if json {
            args.push("--json");
        }
        let child = crate::binary::spawn_piped(&args);
        // Long after the Ctrl-C handler is set on a busy machine, long before the first game of
        // two perfect players on 7×6 ends (minutes).
        std::thread::sleep(std::time::Duration::from_millis(1000));
        // SAFETY: kill has no memory-safety preconditions.
        assert_eq!(
            unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
            0
        );
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(130));
        let out = String::from_utf8(output.stdout).unwrap();
        if json {
            let tally: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(tally["games"], 0, "{out}");
            for field in [
                "plies_min",
                "plies_max",
                "plies_mean",
                "x_ms_per_move",
                "o_ms_per_move",
            ] {
                assert!(tally[field].is_null(), "{out}");
            }
        } else {
            assert!(out.contains("plies     none: no game finished\n"), "{out}");
            assert!(out.contains("thinking  X -  O -  ("), "{out}");
        }
    }
}

/// A seed drawn at random is printed to be given back: small enough for any JSON reader to keep
/// it exact (doubles hold whole numbers up to 2^53; the draw is below 2^32), and it repeats the run.
#[test]
fn a_random_seed_is_exact_in_json_and_repeats_the_run() {
    for _ in 0..4 {
        let json = tally(&["--x", "ai:1", "--o", "ai:2", "--games", "20"]);
        let seed = json["seed"].as_u64().expect("a seed");
        assert!(seed < 1 << 32, "{seed}");
        let again = tally(&[
            "--x",
            "ai:1",
            "--o",
            "ai:2",
            "--games",
            "20",
            "--seed",
            &seed.to_string(),
        ]);
        for field in ["x_wins", "o_wins", "draws"] {
            assert_eq!(json[field], again[field], "{field}");
        }
    }
}

/// A level is a number like any other the command line takes: leading zeros are read (`ai:01`,
/// as `ai:3:05` and `--depth 007` are), and so is any case (`AI:1`).
#[test]
fn a_level_is_read_with_leading_zeros_and_in_any_case() {
    let json = tally(&[
        "--x",
        "ai:01",
        "--o",
        "AI:003:05",
        "--games",
        "2",
        "--seed",
        "1",
    ]);
    assert_eq!(
        (json["x"].as_str(), json["o"].as_str()),
        (Some("ai:1"), Some("ai:3:5"))
    );
}
