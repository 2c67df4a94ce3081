//! The one list of settings: for each, its key in the config file, the comment above it in a new
//! file, the values the file may hold, what a change does to the running game and its row in the
//! popup (the fields of a `Setting`, setting.rs). The config file (reading, writing, the
//! template), the flags' `SettingsPatch` and the popup's rows are all made from `SETTINGS`; the
//! fields themselves and their defaults are `Settings` (values.rs).

use crate::app::settings::setting::{Change, Kind, Row, Section, Setting};
use crate::app::settings::steps::{
    DEPTHS, PACES, REPLAY_BUDGETS, RULE_PRESETS, THREADS, TIMES, step_in, step_number,
    step_replay_depth, step_seat,
};
use crate::app::settings::values::{
    MAX_DEPTH, MAX_PACE_MS, MAX_REPLAY_NODES, MAX_THREADS, MAX_TIME_MS, MIN_REPLAY_NODES, Palette,
    ReplayDepth, Seat, Settings, cores,
};
use crate::app::thousands;
use crate::engine::Algorithm;
use crate::engine::game::notation::plies;

/// The setting with this name.
pub fn setting(name: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|s| s.name == name)
}

fn always(_: &Settings) -> bool {
    true
}

pub(super) fn on_off(on: bool) -> String {
    if on { "on".into() } else { "off".into() }
}

fn seat_text(seat: Seat) -> String {
    match seat {
        Seat::Human => "human".into(),
        Seat::Ai(skill) => format!("AI {}", skill.describe()),
    }
}

/// A flag's row: on or off, either arrow toggles it.
const fn toggle(
    section: Section,
    label: &'static str,
    text: fn(&Settings, bool) -> String,
    step: fn(&mut Settings, isize),
) -> Option<Row> {
    Some(Row {
        section,
        label,
        shown: always,
        text,
        step,
    })
}

/// Every setting, in the config file's order.
pub const SETTINGS: &[Setting] = &[
    Setting {
        name: "rules",
        help: "tictactoe, 4x4, 5x5k4, connect4, 8x8k5, or WxHkK with g for gravity (6x5k4, 7x6k4g)",
        kind: Kind::Text {
            get: |s| s.rules.to_string(),
            put: |s, text| {
                text.parse()
                    .map(|r| s.rules = r)
                    .map_err(|e| format!("{e}"))
            },
        },
        change: Change::NewGame,
        row: Some(Row {
            section: Section::Game,
            label: "rules",
            shown: always,
            text: |s, _| {
                if RULE_PRESETS.contains(&s.rules) {
                    s.rules.to_string()
                } else {
                    format!("{} (custom)", s.rules)
                }
            },
            step: |s, delta| s.rules = step_in(&RULE_PRESETS, s.rules, delta),
        }),
    },
    Setting {
        name: "x",
        help: "who plays X and O: \"human\", \"ai\" (level 4), \"ai:1\" to \"ai:4\", or \"ai:3:DEPTH\" (1 to 20)",
        kind: Kind::Text {
            get: |s| s.x.to_string(),
            put: |s, text| text.parse().map(|v| s.x = v),
        },
        change: Change::Seats,
        row: Some(Row {
            section: Section::Players,
            label: "X plays",
            shown: always,
            text: |s, _| seat_text(s.x),
            step: |s, delta| s.x = step_seat(s.x, delta),
        }),
    },
    Setting {
        name: "o",
        help: "",
        kind: Kind::Text {
            get: |s| s.o.to_string(),
            put: |s, text| text.parse().map(|v| s.o = v),
        },
        change: Change::Seats,
        row: Some(Row {
            section: Section::Players,
            label: "O plays",
            shown: always,
            text: |s, _| seat_text(s.o),
            step: |s, delta| s.o = step_seat(s.o, delta),
        }),
    },
    Setting {
        name: "algorithm",
        help: "\"minimax\", \"alphabeta\" or \"engine\"",
        kind: Kind::Text {
            get: |s| s.algorithm.to_string(),
            put: |s, text| text.parse().map(|v| s.algorithm = v),
        },
        change: Change::Search,
        row: Some(Row {
            section: Section::Search,
            label: "algorithm",
            shown: always,
            text: |s, _| s.algorithm.to_string(),
            step: |s, delta| s.algorithm = step_in(&Algorithm::ALL, s.algorithm, delta),
        }),
    },
    Setting {
        name: "time_ms",
        help: "the AI's thinking time per move in milliseconds, and its depth in plies (0: no limit)",
        kind: Kind::Number {
            most: MAX_TIME_MS,
            get: |s| s.time_ms,
            put: |s, n| s.time_ms = n,
        },
        change: Change::Search,
        row: Some(Row {
            section: Section::Search,
            label: "time per move",
            shown: always,
            text: |s, _| match s.time_ms {
                0 => "no limit".into(),
                ms => milliseconds(ms),
            },
            step: |s, delta| s.time_ms = step_number(&TIMES, s.time_ms, delta),
        }),
    },
    Setting {
        name: "depth",
        help: "",
        kind: Kind::Number {
            most: MAX_DEPTH as u64,
            get: |s| u64::from(s.depth),
            put: |s, n| s.depth = n as u32,
        },
        change: Change::Search,
        row: Some(Row {
            section: Section::Search,
            label: "depth limit",
            shown: always,
            text: |s, _| match s.depth {
                0 => "no limit".into(),
                depth => plies(depth),
            },
            step: |s, delta| s.depth = step_number(&DEPTHS, u64::from(s.depth), delta) as u32,
        }),
    },
    Setting {
        name: "pace_ms",
        help: "with two AIs, the least time per move in milliseconds, so the game can be watched",
        kind: Kind::Number {
            most: MAX_PACE_MS,
            get: |s| s.pace_ms,
            put: |s, n| s.pace_ms = n,
        },
        change: Change::Nothing,
        row: Some(Row {
            section: Section::Players,
            label: "AI vs AI pace",
            // Only two AIs keep a pace.
            shown: |s| s.x.is_ai() && s.o.is_ai(),
            text: |s, _| match s.pace_ms {
                0 => "none: as fast as they think".into(),
                ms => format!("{} a move at least", milliseconds(ms)),
            },
            step: |s, delta| s.pace_ms = step_number(&PACES, s.pace_ms, delta),
        }),
    },
    Setting {
        name: "keep_analysing",
        help: "on your turn and in the explorer, go on analysing past the time per move until every move is exact (not under a depth limit)",
        kind: Kind::Flag {
            get: |s| s.keep_analysing,
            put: |s, on| s.keep_analysing = on,
        },
        change: Change::Search,
        row: toggle(
            Section::Search,
            "keep analysing",
            |s, _| {
                if s.keep_analysing && s.depth > 0 {
                    "on (idle under a depth limit)".into()
                } else if s.keep_analysing {
                    "on: until every move is exact".into()
                } else {
                    "off: stop at the budget".into()
                }
            },
            |s, _| s.keep_analysing = !s.keep_analysing,
        ),
    },
    Setting {
        name: "threads",
        help: "threads each analysis searches on, 1 to 256; 0: every core of the machine",
        kind: Kind::Number {
            most: MAX_THREADS as u64,
            get: |s| u64::from(s.threads),
            put: |s, n| s.threads = n as u32,
        },
        change: Change::Search,
        row: Some(Row {
            section: Section::Search,
            label: "threads",
            shown: always,
            text: |s, _| match s.threads {
                0 => format!("every core ({})", cores()),
                n => n.to_string(),
            },
            step: |s, delta| s.threads = step_number(&THREADS, u64::from(s.threads), delta) as u32,
        }),
    },
    Setting {
        name: "replay_depth",
        help: "how deep the search replay (s) goes: \"auto\" (the whole search if it fits in replay_nodes, else the deepest depth that does), \"full\", or plies (1 to 64)",
        kind: Kind::Text {
            get: |s| s.replay_depth.to_string(),
            put: |s, text| text.parse().map(|v| s.replay_depth = v),
        },
        change: Change::Nothing,
        row: Some(Row {
            section: Section::Search,
            label: "replay depth",
            shown: always,
            text: |s, _| match s.replay_depth {
                ReplayDepth::Auto => "auto: whole if it fits".into(),
                ReplayDepth::Full => "the whole search".into(),
                ReplayDepth::Plies(n) => format!("{}, estimates beyond", plies(n)),
            },
            step: |s, delta| s.replay_depth = step_replay_depth(s.replay_depth, delta),
        }),
    },
    Setting {
        name: "replay_nodes",
        help: "the most nodes a search replay covers (1,000 to 10,000,000; about 15 bytes each)",
        kind: Kind::Number {
            most: MAX_REPLAY_NODES,
            get: |s| s.replay_nodes,
            // Fewer would not reach every root move of a big board even one ply deep.
            put: |s, n| s.replay_nodes = n.max(MIN_REPLAY_NODES),
        },
        change: Change::Nothing,
        row: Some(Row {
            section: Section::Search,
            label: "replay nodes",
            shown: always,
            text: |s, _| format!("at most {}", thousands(s.replay_nodes)),
            step: |s, delta| s.replay_nodes = step_number(&REPLAY_BUDGETS, s.replay_nodes, delta),
        }),
    },
    Setting {
        name: "hints",
        help: "star the recommended move on the board on your turn",
        kind: Kind::Flag {
            get: |s| s.hints,
            put: |s, on| s.hints = on,
        },
        change: Change::Nothing,
        row: toggle(
            Section::Display,
            "hints",
            |s, _| on_off(s.hints),
            |s, _| s.hints = !s.hints,
        ),
    },
    Setting {
        name: "heat_map",
        help: "show every move's score on its cell (the m key)",
        kind: Kind::Flag {
            get: |s| s.heat_map,
            put: |s, on| s.heat_map = on,
        },
        change: Change::Nothing,
        row: toggle(
            Section::Display,
            "heat map",
            |s, _| on_off(s.heat_map),
            |s, _| s.heat_map = !s.heat_map,
        ),
    },
    Setting {
        name: "mouse",
        help: "mouse clicks play moves and work the settings popup",
        kind: Kind::Flag {
            get: |s| s.mouse,
            put: |s, on| s.mouse = on,
        },
        change: Change::Nothing,
        row: toggle(
            Section::Display,
            "mouse",
            |s, _| on_off(s.mouse),
            |s, _| s.mouse = !s.mouse,
        ),
    },
    Setting {
        name: "theme",
        help: "\"default\" (colours for a dark background; NO_COLOR turns them off), \"light\" or \"mono\"",
        kind: Kind::Text {
            get: |s| s.theme.to_string(),
            put: |s, text| text.parse().map(|v| s.theme = v),
        },
        change: Change::Nothing,
        row: Some(Row {
            section: Section::Display,
            label: "theme",
            shown: always,
            text: |s, color| match s.theme {
                // Any palette but mono promises colour, which NO_COLOR takes away.
                theme if !color && theme != Palette::Mono => {
                    format!("{theme} (NO_COLOR: no colour)")
                }
                theme => theme.to_string(),
            },
            step: |s, delta| s.theme = step_in(&Palette::ALL, s.theme, delta),
        }),
    },
    Setting {
        name: "book",
        help: "the exact engine reads the first plies' positions from the built-in opening book",
        kind: Kind::Flag {
            get: |s| s.book,
            put: |s, on| s.book = on,
        },
        change: Change::Nothing,
        row: None,
    },
];

/// `400 ms`, `1.5 s`, `10 s`: a time of the settings as a person says it.
fn milliseconds(ms: u64) -> String {
    match ms {
        // Below a second, or a time the file gave to the millisecond: as it was given.
        ms if ms < 1000 || ms % 100 != 0 => format!("{ms} ms"),
        ms if ms % 1000 == 0 => format!("{} s", ms / 1000),
        ms => format!("{:.1} s", ms as f64 / 1000.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rules, Skill};

    #[test]
    fn every_setting_reads_back_what_it_writes() {
        // Every row stepped once from the defaults, then what stepping does not reach.
        let mut unusual = Settings::default();
        for row in SETTINGS.iter().filter_map(|s| s.row) {
            (row.step)(&mut unusual, 1);
        }
        unusual.rules = "6x5k4g".parse().unwrap();
        unusual.x = Seat::Ai(Skill::Shallow(7));
        unusual.book = false;
        for from in [Settings::default(), unusual] {
            let mut to = Settings {
                rules: Rules::CONNECT4,
                ..Settings::default()
            };
            for setting in SETTINGS {
                setting.copy(&from, &mut to);
            }
            assert_eq!(to, from);
        }
    }

    #[test]
    fn names_are_unique() {
        for (i, setting) in SETTINGS.iter().enumerate() {
            assert!(SETTINGS[..i].iter().all(|s| s.name != setting.name));
        }
    }
}
