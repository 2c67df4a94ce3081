//! The settings popup as data: its rows, the value each shows, and the values ← and → step
//! through. What a change does to the game is in configuring.rs.

use crate::app::settings::options::Seat;
use crate::app::settings::{MAX_DEPTH, Palette, Settings, cores};
use crate::app::state::App;
use crate::engine::skill::SHALLOW_DEPTH;
use crate::engine::{Algorithm, Player, Rules, Skill};

/// One row of the settings popup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// A preset, or the custom rules the rows below make.
    Rules,
    /// Board width of custom rules.
    Width,
    /// Board height of custom rules.
    Height,
    /// Marks in a row of custom rules.
    K,
    /// Gravity of custom rules.
    Gravity,
    /// Who plays a side.
    Seat(Player),
    /// Level 3's depth for a side (shown only while that side plays level 3).
    ShallowDepth(Player),
    /// The least time per move when two AIs play (shown only then).
    Pace,
    /// The search algorithm.
    Algorithm,
    /// Thinking time per move.
    Time,
    /// Search depth limit.
    Depth,
    /// Whether the analysis goes on past the budget on a human's turn.
    KeepAnalysing,
    /// Threads each analysis searches on.
    Threads,
    /// The recommended move starred on the board.
    Hints,
    /// Every move's score on the board.
    Heat,
    /// Mouse capture.
    Mouse,
    /// Colours or none.
    Theme,
}

/// The popup's presets, in the order ← and → go through them.
pub const RULE_PRESETS: [Rules; 5] = [
    Rules::TICTACTOE,
    preset(4, 4, 4),
    preset(5, 5, 4),
    Rules::CONNECT4,
    preset(8, 8, 5),
];

const fn preset(width: u8, height: u8, k: u8) -> Rules {
    Rules {
        width,
        height,
        k,
        gravity: false,
    }
}

/// Time-per-move steps in milliseconds (0: no limit).
const TIMES: [u64; 11] = [
    0, 100, 250, 500, 1000, 1500, 3000, 5000, 10_000, 30_000, 60_000,
];

/// AI-against-AI pace steps in milliseconds (0: as fast as they think).
const PACES: [u64; 8] = [0, 100, 250, 400, 1000, 2000, 5000, 10_000];
/// Thread counts, 0 standing for every core.
const THREADS: [u64; 7] = [0, 1, 2, 4, 8, 16, 32];

/// The popup's state: which row is selected, and rules changed but not yet confirmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettingsMenu {
    /// The selected row (a field, not an index: rows come and go with level 3).
    pub selected: Field,
    /// Rules chosen in the popup, waiting for "new game? y/n".
    pub draft: Option<Rules>,
}

impl Default for SettingsMenu {
    fn default() -> SettingsMenu {
        SettingsMenu {
            selected: Field::Rules,
            draft: None,
        }
    }
}

impl Field {
    /// The row's name in the popup.
    pub fn label(self) -> String {
        match self {
            Field::Rules => "rules".into(),
            Field::Width => "  width".into(),
            Field::Height => "  height".into(),
            Field::K => "  in a row (k)".into(),
            Field::Gravity => "  gravity".into(),
            Field::Seat(player) => format!("{player} plays"),
            Field::ShallowDepth(_) => "  level 3 depth".into(),
            Field::Pace => "AI vs AI pace".into(),
            Field::Algorithm => "algorithm".into(),
            Field::Time => "time per move".into(),
            Field::Depth => "depth limit".into(),
            Field::KeepAnalysing => "keep analysing".into(),
            Field::Threads => "threads".into(),
            Field::Hints => "hints".into(),
            Field::Heat => "heat map".into(),
            Field::Mouse => "mouse".into(),
            Field::Theme => "theme".into(),
        }
    }

    /// The group the row belongs to (a heading in the popup).
    pub fn section(self) -> &'static str {
        match self {
            Field::Rules | Field::Width | Field::Height | Field::K | Field::Gravity => "Game",
            Field::Seat(_) | Field::ShallowDepth(_) | Field::Pace => "Players",
            Field::Algorithm
            | Field::Time
            | Field::Depth
            | Field::KeepAnalysing
            | Field::Threads => "Search",
            Field::Hints | Field::Heat | Field::Mouse | Field::Theme => "Display",
        }
    }

    /// Whether the row belongs to the rules (changing it asks before a new game).
    pub fn is_rules(self) -> bool {
        self.section() == "Game"
    }
}

/// The popup's rows, top to bottom, for these settings.
pub fn fields(settings: &Settings) -> Vec<Field> {
    let mut rows = vec![
        Field::Rules,
        Field::Width,
        Field::Height,
        Field::K,
        Field::Gravity,
    ];
    for player in [Player::X, Player::O] {
        rows.push(Field::Seat(player));
        if let Seat::Ai(Skill::Shallow(_)) = seat(settings, player) {
            rows.push(Field::ShallowDepth(player));
        }
    }
    if settings.x.is_ai() && settings.o.is_ai() {
        rows.push(Field::Pace);
    }
    rows.extend([
        Field::Algorithm,
        Field::Time,
        Field::Depth,
        Field::KeepAnalysing,
        Field::Threads,
        Field::Hints,
        Field::Heat,
        Field::Mouse,
        Field::Theme,
    ]);
    rows
}

fn seat(settings: &Settings, player: Player) -> Seat {
    match player {
        Player::X => settings.x,
        Player::O => settings.o,
    }
}

fn on_off(on: bool) -> String {
    if on { "on".into() } else { "off".into() }
}

fn plies(n: u32) -> String {
    format!("{n} pl{}", if n == 1 { "y" } else { "ies" })
}

/// What a row shows. `rules` is the rules the Game rows show (the draft while there is one).
pub fn value_text(field: Field, settings: &Settings, rules: &Rules, color: bool) -> String {
    match field {
        Field::Rules if RULE_PRESETS.contains(rules) => rules.to_string(),
        Field::Rules => format!("{rules} (custom)"),
        Field::Width => rules.width.to_string(),
        Field::Height => rules.height.to_string(),
        Field::K => rules.k.to_string(),
        Field::Gravity => on_off(rules.gravity),
        Field::Seat(player) => match seat(settings, player) {
            Seat::Human => "human".into(),
            Seat::Ai(skill) => format!("AI {}", skill.describe()),
        },
        Field::ShallowDepth(player) => match seat(settings, player) {
            Seat::Ai(Skill::Shallow(depth)) => plies(depth),
            _ => "-".into(),
        },
        Field::Pace if settings.pace_ms == 0 => "none: as fast as they think".into(),
        Field::Pace => format!("{} ms a move at least", settings.pace_ms),
        Field::Algorithm => settings.algorithm.to_string(),
        Field::Time if settings.time_ms == 0 => "no limit".into(),
        Field::Time => format!("{} ms", settings.time_ms),
        Field::Depth if settings.depth == 0 => "no limit".into(),
        Field::Depth => plies(settings.depth),
        Field::KeepAnalysing if settings.keep_analysing => "on: until every move is exact".into(),
        Field::KeepAnalysing => "off: stop at the budget".into(),
        Field::Threads if settings.threads == 0 => format!("every core ({})", cores()),
        Field::Threads => settings.threads.to_string(),
        Field::Hints => on_off(settings.hints),
        Field::Heat => on_off(settings.heat_map),
        Field::Mouse => on_off(settings.mouse),
        Field::Theme if !color && settings.theme == Palette::Default => {
            "default (NO_COLOR: no colour)".into()
        }
        Field::Theme => settings.theme.to_string(),
    }
}

/// The next (`delta` 1) or previous (-1) of `values` from `current`, wrapping around. A current
/// value between two steps goes to the nearest step in that direction.
fn step_number(values: &[u64], current: u64, delta: isize) -> u64 {
    let (first, last) = (values[0], values[values.len() - 1]);
    if delta > 0 {
        values
            .iter()
            .copied()
            .find(|&v| v > current)
            .unwrap_or(first)
    } else {
        values
            .iter()
            .rev()
            .copied()
            .find(|&v| v < current)
            .unwrap_or(last)
    }
}

/// The next or previous of a list of values, wrapping; a value not in the list goes to the first.
fn step_in<T: Copy + PartialEq>(values: &[T], current: T, delta: isize) -> T {
    match values.iter().position(|&v| v == current) {
        Some(index) => {
            let n = values.len() as isize;
            values[(index as isize + delta).rem_euclid(n) as usize]
        }
        None if delta > 0 => values[0],
        None => values[values.len() - 1],
    }
}

/// The seats in the popup's order; level 3 enters at its default depth.
fn step_seat(current: Seat, delta: isize) -> Seat {
    let depth = match current {
        Seat::Ai(Skill::Shallow(depth)) => depth,
        _ => SHALLOW_DEPTH,
    };
    let seats = [
        Seat::Human,
        Seat::Ai(Skill::Random),
        Seat::Ai(Skill::WinOrBlock),
        Seat::Ai(Skill::Shallow(depth)),
        Seat::Ai(Skill::Perfect),
    ];
    step_in(&seats, current, delta)
}

/// Custom rules with one dimension stepped: sides 3 to 8, k 3 to the longer side (a side
/// shrinking below k takes k with it).
fn step_rules(field: Field, rules: Rules, delta: isize) -> Rules {
    let sides: Vec<u64> = (3..=8).collect();
    let side = |n: u8| step_number(&sides, u64::from(n), delta) as u8;
    let (mut width, mut height, mut k, mut gravity) =
        (rules.width, rules.height, rules.k, rules.gravity);
    match field {
        Field::Width => width = side(width),
        Field::Height => height = side(height),
        Field::K => {
            let ks: Vec<u64> = (3..=u64::from(width.max(height))).collect();
            k = step_number(&ks, u64::from(k), delta) as u8;
        }
        Field::Gravity => gravity = !gravity,
        _ => return step_in(&RULE_PRESETS, rules, delta),
    }
    k = k.min(width.max(height));
    Rules::new(width, height, k, gravity).unwrap_or(rules)
}

/// `settings` with one row stepped; `rules` is what the Game rows start from (the draft).
/// Returns the new settings and, for the Game rows, the new rules.
pub fn step(field: Field, settings: &Settings, rules: Rules, delta: isize) -> (Settings, Rules) {
    let mut next = *settings;
    let mut rules = rules;
    match field {
        Field::Rules | Field::Width | Field::Height | Field::K | Field::Gravity => {
            rules = step_rules(field, rules, delta)
        }
        Field::Seat(Player::X) => next.x = step_seat(next.x, delta),
        Field::Seat(Player::O) => next.o = step_seat(next.o, delta),
        Field::ShallowDepth(player) => {
            let seat = match player {
                Player::X => &mut next.x,
                Player::O => &mut next.o,
            };
            if let Seat::Ai(Skill::Shallow(depth)) = seat {
                let depths: Vec<u64> = (1..=20).collect();
                *depth = step_number(&depths, u64::from(*depth), delta) as u32;
            }
        }
        Field::Pace => next.pace_ms = step_number(&PACES, next.pace_ms, delta),
        Field::Algorithm => next.algorithm = step_in(&Algorithm::ALL, next.algorithm, delta),
        Field::Time => next.time_ms = step_number(&TIMES, next.time_ms, delta),
        Field::Depth => {
            // No limit, then every depth to 20, then a few deeper ones.
            let depths: Vec<u64> = (0..=20).chain([24, 32, 48, u64::from(MAX_DEPTH)]).collect();
            next.depth = step_number(&depths, u64::from(next.depth), delta) as u32;
        }
        Field::KeepAnalysing => next.keep_analysing = !next.keep_analysing,
        Field::Threads => {
            next.threads = step_number(&THREADS, u64::from(next.threads), delta) as u32;
        }
        Field::Hints => next.hints = !next.hints,
        Field::Heat => next.heat_map = !next.heat_map,
        Field::Mouse => next.mouse = !next.mouse,
        Field::Theme => next.theme = step_in(&Palette::ALL, next.theme, delta),
    }
    (next, rules)
}

impl App {
    /// The settings in force now (the heat map as it is on screen).
    pub fn settings(&self) -> Settings {
        Settings {
            heat_map: self.heat,
            ..self.options.settings()
        }
    }

    /// The rules the popup's Game rows show: the draft while a rules change waits for an answer.
    pub fn menu_rules(&self) -> Rules {
        self.settings_menu.draft.unwrap_or(self.options.rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_step_to_the_nearest_value_and_wrap() {
        assert_eq!(step_number(&TIMES, 1500, 1), 3000);
        assert_eq!(step_number(&TIMES, 1234, 1), 1500);
        assert_eq!(step_number(&TIMES, 1234, -1), 1000);
        assert_eq!(step_number(&TIMES, 60_000, 1), 0);
        assert_eq!(step_number(&TIMES, 0, -1), 60_000);
    }

    #[test]
    fn custom_rules_stay_valid() {
        // 3 wide and 3 high with k 3: growing the width allows k 4; shrinking takes k back.
        let rules = step_rules(Field::Width, Rules::TICTACTOE, 1);
        assert_eq!(rules.to_string(), "4x3k3");
        let rules = step_rules(Field::K, rules, 1);
        assert_eq!(rules.to_string(), "4x3k4");
        let rules = step_rules(Field::Width, rules, -1);
        assert_eq!(rules, Rules::TICTACTOE);
        let rules = step_rules(Field::Gravity, Rules::new(7, 6, 4, false).unwrap(), 1);
        assert_eq!(rules, Rules::CONNECT4);
        // A custom rule set steps into the presets at their ends.
        assert_eq!(step_rules(Field::Rules, rules, 1), RULE_PRESETS[4]);
        assert_eq!(
            step_rules(Field::Rules, "6x5k4".parse().unwrap(), 1),
            Rules::TICTACTOE
        );
    }

    #[test]
    fn seats_cycle_through_human_and_the_four_levels() {
        let mut seat = Seat::Human;
        let mut seen = Vec::new();
        for _ in 0..5 {
            seat = step_seat(seat, 1);
            seen.push(seat.to_string());
        }
        assert_eq!(seen, ["ai:1", "ai:2", "ai:3", "ai:4", "human"]);
        assert_eq!(
            step_seat(Seat::Ai(Skill::Shallow(6)), -1),
            Seat::Ai(Skill::WinOrBlock)
        );
    }
}
