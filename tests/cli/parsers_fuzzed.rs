//! The parsers fuzzed with proptest: positions, move lists, rules, players and levels, algorithms,
//! themes and the config file, each fed arbitrary text and near-valid text (valid input with
//! small mutations). Whatever the input: no panic; whatever is accepted reads back the same from
//! its own printed form. cargo-fuzz needs a nightly toolchain that CI machines lack, so this runs
//! in `cargo test`, a few seconds per parser; `PROPTEST_CASES=100000` searches longer.

use crate::proptest_config::config;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tictree::app::{
    MAX_DEPTH, MAX_PACE_MS, MAX_REPLAY_NODES, MAX_THREADS, MAX_TIME_MS, MIN_REPLAY_NODES, Palette,
    ReplayDepth, Seat, Settings,
};
use tictree::config::format::{edit, read, template};
use tictree::engine::{Algorithm, Move, Position, Rules, Skill, Status};

/// Cases per parser: a few seconds each in the test profile.
const CASES: u32 = 25_000;

/// Any rules the engine accepts.
fn rules() -> impl Strategy<Value = Rules> {
    (3u8..=8, 3u8..=8, any::<bool>(), any::<u8>()).prop_map(|(width, height, gravity, k)| {
        let k = 3 + k % (width.max(height) - 2);
        Rules::new(width, height, k, gravity).expect("in range")
    })
}

/// A position reached by `plies` random legal moves from the empty board, and the moves.
fn game(rules: Rules, plies: usize, seed: u64) -> (Position, Vec<Move>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = Position::empty(rules);
    let mut moves = Vec::new();
    while moves.len() < plies && position.status() == Status::Ongoing {
        let mv = *position.legal_moves().choose(&mut rng).expect("a move");
        position = position.play(mv).expect("legal");
        moves.push(mv);
    }
    (position, moves)
}

/// Text close to `valid`: a few characters replaced, dropped, doubled or inserted, the case
/// flipped, spaces added, from an alphabet the parsers care about.
fn mutate(valid: String, seed: u64) -> String {
    const ALPHABET: &[char] = &[
        'x', 'o', 'X', 'O', '.', '/', ' ', ',', '\t', '\n', '0', '1', '3', '4', '9', 'a', 'h', 'i',
        'k', 'g', ':', '+', '-', '"', '=', '#', '[', 'é', '𝄞', '\u{0}',
    ];
    let mut rng = StdRng::seed_from_u64(seed);
    let mut chars: Vec<char> = valid.chars().collect();
    for _ in 0..rng.random_range(0..=3) {
        let at = rng.random_range(0..=chars.len());
        let c = *ALPHABET.choose(&mut rng).expect("an alphabet");
        match rng.random_range(0..5) {
            0 if at < chars.len() => chars[at] = c,
            1 if at < chars.len() => drop(chars.remove(at)),
            2 if at < chars.len() => chars.insert(at, chars[at]),
            3 if at < chars.len() => chars[at] = flip_case(chars[at]),
            _ => chars.insert(at, c),
        }
    }
    chars.into_iter().collect()
}

fn flip_case(c: char) -> char {
    if c.is_ascii_lowercase() {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    }
}

/// Arbitrary text: any Unicode, or text over the characters the parsers look at.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[xXoO./ ,\t\n0-9a-zA-Z:+=\"#\\[\\]-]{0,80}",
    ]
}

/// What a position accepted from text must satisfy.
fn accepted_position(rules: Rules, parsed: &Position) -> Result<(), TestCaseError> {
    prop_assert_eq!(*parsed.rules(), rules);
    let notation = parsed.to_notation();
    prop_assert_eq!(Position::parse(rules, &notation), Ok(*parsed));
    // Every query of a parsed position works.
    let _ = (parsed.status(), parsed.legal_moves(), parsed.to_move());
    Ok(())
}

/// What a move list accepted from `start` must satisfy: its moves are legal and lead to the
/// position, and their names, played again, give the same.
fn accepted_line(start: &Position, end: &Position, moves: &[Move]) -> Result<(), TestCaseError> {
    let mut position = *start;
    for &mv in moves {
        position = position
            .play(mv)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
    prop_assert_eq!(&position, end);
    let names = start.rules().move_names(moves).join(" ");
    prop_assert_eq!(start.play_line(&names), Ok((*end, moves.to_vec())));
    Ok(())
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn positions_from_any_text(rules in rules(), text in text()) {
        if let Ok(parsed) = Position::parse(rules, &text) {
            accepted_position(rules, &parsed)?;
        }
    }

    #[test]
    fn positions_from_near_valid_text(
        rules in rules(), plies in 0usize..64, seed in any::<u64>(), mutation in any::<u64>(),
    ) {
        let (position, _) = game(rules, plies, seed);
        // The position's own notation, in any case and with spaces round it, is that position.
        let shown = format!(" {} ", position.to_notation().to_uppercase());
        prop_assert_eq!(Position::parse(rules, &shown), Ok(position));
        let text = mutate(position.to_notation(), mutation);
        if let Ok(parsed) = Position::parse(rules, &text) {
            accepted_position(rules, &parsed)?;
        }
    }

    #[test]
    fn move_lists_from_any_text(
        rules in rules(), plies in 0usize..8, seed in any::<u64>(), text in text(),
    ) {
        let (start, _) = game(rules, plies, seed);
        if let Ok((end, moves)) = start.play_line(&text) {
            accepted_line(&start, &end, &moves)?;
        }
    }

    #[test]
    fn move_lists_from_near_valid_text(
        rules in rules(), plies in 0usize..64, seed in any::<u64>(), mutation in any::<u64>(),
        columns in any::<bool>(),
    ) {
        let (end, moves) = game(rules, plies, seed);
        let start = Position::empty(rules);
        // Gravity games also read as column digits (Pons' form) when the board has at most 9.
        let text = if columns && rules.gravity && rules.width <= 9 {
            moves.iter().map(|mv| (mv.row_col(&rules).1 + 1).to_string()).collect()
        } else {
            rules.move_names(&moves).join(" ")
        };
        prop_assert_eq!(start.play_line(&text), Ok((end, moves.clone())));
        if let Ok((end, moves)) = start.play_line(&mutate(text, mutation)) {
            accepted_line(&start, &end, &moves)?;
        }
    }

    #[test]
    fn rules_from_any_text(text in text()) {
        if let Ok(rules) = text.parse::<Rules>() {
            prop_assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules));
        }
    }

    #[test]
    fn rules_from_near_valid_text(
        width in 0u16..300, height in 0u16..12, k in prop::option::of(0u16..12),
        gravity in any::<bool>(), mutation in any::<u64>(),
    ) {
        let k = k.map_or(String::new(), |k| format!("k{k}"));
        let g = if gravity { "g" } else { "" };
        let text = mutate(format!("{width}x{height}{k}{g}"), mutation);
        if let Ok(rules) = text.parse::<Rules>() {
            prop_assert!((3..=8).contains(&rules.width) && (3..=8).contains(&rules.height));
            prop_assert!((3..=rules.width.max(rules.height)).contains(&rules.k));
            prop_assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules));
        }
    }

    #[test]
    fn players_levels_algorithms_and_themes_from_any_text(
        text in prop_oneof![
            text(),
            (prop::sample::select(vec!["human", "ai", "ai:", "ai:3:", "3:", "AI:4", " ai:3:"]),
             0u32..30, any::<u64>())
                .prop_map(|(head, n, mutation)| mutate(format!("{head}{n}"), mutation)),
            prop::sample::select(vec!["minimax", "alphabeta", "engine", "default", "mono"])
                .prop_flat_map(|word| any::<u64>().prop_map(move |m| mutate(word.into(), m))),
        ],
    ) {
        if let Ok(seat) = text.parse::<Seat>() {
            prop_assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
        }
        if let Ok(skill) = text.parse::<Skill>() {
            prop_assert_eq!(skill.to_string().parse::<Skill>(), Ok(skill));
            if let Skill::Shallow(depth) = skill {
                prop_assert!((1..=20).contains(&depth));
            }
        }
        if let Ok(algorithm) = text.parse::<Algorithm>() {
            prop_assert_eq!(algorithm.to_string().parse::<Algorithm>(), Ok(algorithm));
        }
        if let Ok(theme) = text.parse::<Palette>() {
            prop_assert_eq!(theme.to_string().parse::<Palette>(), Ok(theme));
        }
    }

    #[test]
    fn config_files_from_any_text(text in prop_oneof![text(), config_text()], after in settings()) {
        let Ok(reading) = read(&text) else {
            // Not TOML: it is never rewritten.
            prop_assert!(edit(Some(&text), &Settings::default(), &after).is_err());
            return Ok(());
        };
        // Whatever it said, the settings it gives are in range, and a file written from them
        // reads back as them.
        let before = Settings::default().patched(&reading.patch);
        check_settings(&before)?;
        let written = edit(None, &Settings::default(), &before).expect("the template is TOML");
        let again = read(&written).expect("written files are TOML");
        prop_assert!(again.problems.is_empty(), "{:?}", again.problems);
        prop_assert_eq!(Settings::default().patched(&again.patch), before);
        // A change written into the file itself reads back as the new settings; what the file
        // said that could not be used stays as it was, for the person to see.
        let edited = edit(Some(&text), &before, &after).expect("the file is TOML");
        // The same file with CRLF ends and a byte order mark is edited the same way, and keeps
        // both (a file with no line end says nothing of how its lines end).
        if text.contains('\n') && !text.contains('\r') {
            let windows = format!("\u{feff}{}", text.replace('\n', "\r\n"));
            prop_assert_eq!(
                edit(Some(&windows), &before, &after),
                Ok(format!("\u{feff}{}", edited.replace('\n', "\r\n")))
            );
        }
        let reread = read(&edited).expect("an edited file is TOML");
        let result = Settings::default().patched(&reread.patch);
        if reading.problems.is_empty() {
            prop_assert!(reread.problems.is_empty(), "{:?}", reread.problems);
            prop_assert_eq!(result, after);
        }
    }
}

/// Replay depths the app allows.
fn replay_depth() -> impl Strategy<Value = ReplayDepth> {
    prop_oneof![
        Just(ReplayDepth::Auto),
        Just(ReplayDepth::Full),
        (1..=MAX_DEPTH).prop_map(ReplayDepth::Plies),
    ]
}

/// Settings within the ranges the app allows.
fn settings() -> impl Strategy<Value = Settings> {
    let seat = prop_oneof![
        Just(Seat::Human),
        Just(Seat::Ai(Skill::Random)),
        Just(Seat::Ai(Skill::WinOrBlock)),
        (1u32..=20).prop_map(|d| Seat::Ai(Skill::Shallow(d))),
        Just(Seat::Ai(Skill::Perfect)),
    ];
    (
        (rules(), seat.clone(), seat),
        prop::sample::select(Algorithm::ALL.to_vec()),
        (
            0..=MAX_TIME_MS,
            0..=MAX_DEPTH,
            0..=MAX_PACE_MS,
            0..=MAX_THREADS,
        ),
        (
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
        ),
        prop::sample::select(Palette::ALL.to_vec()),
        (replay_depth(), MIN_REPLAY_NODES..=MAX_REPLAY_NODES),
    )
        .prop_map(
            |(
                (rules, x, o),
                algorithm,
                (time_ms, depth, pace_ms, threads),
                (keep_analysing, hints, heat_map, mouse, book),
                theme,
                (replay_depth, replay_nodes),
            )| {
                Settings {
                    rules,
                    x,
                    o,
                    algorithm,
                    time_ms,
                    depth,
                    pace_ms,
                    keep_analysing,
                    threads,
                    hints,
                    heat_map,
                    mouse,
                    theme,
                    book,
                    replay_depth,
                    replay_nodes,
                }
            },
        )
}

fn check_settings(settings: &Settings) -> Result<(), TestCaseError> {
    prop_assert!(settings.time_ms <= MAX_TIME_MS && settings.depth <= MAX_DEPTH);
    prop_assert!(settings.pace_ms <= MAX_PACE_MS && settings.threads <= MAX_THREADS);
    prop_assert!((MIN_REPLAY_NODES..=MAX_REPLAY_NODES).contains(&settings.replay_nodes));
    if let ReplayDepth::Plies(depth) = settings.replay_depth {
        prop_assert!((1..=MAX_DEPTH).contains(&depth));
    }
    for seat in [settings.x, settings.o] {
        if let Seat::Ai(Skill::Shallow(depth)) = seat {
            prop_assert!((1..=20).contains(&depth));
        }
    }
    Ok(())
}

/// Config files near valid ones: the template with mutations, or lines of known and unknown keys
/// with values of every TOML type, comments and blank lines.
fn config_text() -> impl Strategy<Value = String> {
    let key = prop::sample::select(vec![
        "rules",
        "x",
        "o",
        "algorithm",
        "time_ms",
        "depth",
        "hints",
        "heat_map",
        "mouse",
        "theme",
        "colour",
        "x.y",
        "\"rules\"",
    ]);
    let value = prop_oneof![
        prop::sample::select(vec![
            "\"tictactoe\"",
            "\"7x6k4g\"",
            "\"9x9\"",
            "\"ai:3:7\"",
            "\"ai:3:0\"",
            "\"human\"",
            "\"engine\"",
            "\"mono\"",
            "\"\"",
            "true",
            "false",
            "1.5",
            "[1, 2]",
            "{ a = 1 }",
            "1979-05-27",
            "'ai'",
            "\"\"\"ai:2\"\"\"",
        ])
        .prop_map(String::from),
        any::<i64>().prop_map(|n| n.to_string()),
        (0u64..=100_000_000).prop_map(|n| n.to_string()),
    ];
    let line = prop_oneof![
        6 => (key, value).prop_map(|(k, v)| format!("{k} = {v}")),
        1 => Just("# a comment".to_string()),
        1 => Just(String::new()),
        1 => Just("[table]".to_string()),
    ];
    prop_oneof![
        3 => prop::collection::vec(line, 0..12).prop_map(|lines| lines.join("\n")),
        2 => any::<u64>().prop_map(|m| mutate(template(), m)),
    ]
}
