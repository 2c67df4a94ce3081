//! The settings popup as data: its rows, the value each shows, and the values ← and → step
//! through. Each setting's row comes from `SETTINGS` (list.rs); the rows here are the parts of a
//! setting the popup edits on their own: custom rules and level 3's depth. What a change does to
//! the game is in update.rs.

use crate::app::settings::list::{SETTINGS, on_off, setting};
use crate::app::settings::setting::{Row, Section};
use crate::app::settings::steps::{RULE_PRESETS, step_in, step_number};
use crate::app::settings::values::{Seat, Settings};
use crate::engine::game::notation::plies;
use crate::engine::{Player, Rules, Skill};

/// One row of the settings popup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// A setting's own row, by its name in `SETTINGS`.
    Setting(&'static str),
    /// Board width of custom rules.
    Width,
    /// Board height of custom rules.
    Height,
    /// Marks in a row of custom rules.
    K,
    /// Gravity of custom rules.
    Gravity,
    /// Level 3's depth for a side (shown only while that side plays level 3).
    ShallowDepth(Player),
}

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
            selected: Field::Setting("rules"),
            draft: None,
        }
    }
}

impl SettingsMenu {
    /// The rules the Game rows show: the draft while a rules change waits for an answer.
    pub fn rules(&self, current: Rules) -> Rules {
        self.draft.unwrap_or(current)
    }

    /// Selects the row `delta` rows down (up if negative), stopping at the ends.
    pub fn select(&mut self, settings: &Settings, delta: isize) {
        let rows = fields(settings);
        let index = rows.iter().position(|&f| f == self.selected).unwrap_or(0);
        let next = (index as isize + delta).clamp(0, rows.len() as isize - 1);
        self.selected = rows[next as usize];
    }
}

/// The row of a setting in the popup.
fn row(name: &str) -> Option<Row> {
    setting(name).and_then(|s| s.row)
}

impl Field {
    /// The row's name in the popup.
    pub fn label(self) -> String {
        match self {
            Field::Setting(name) => row(name).map_or(name, |row| row.label).into(),
            Field::Width => "  width".into(),
            Field::Height => "  height".into(),
            Field::K => "  in a row (k)".into(),
            Field::Gravity => "  gravity".into(),
            Field::ShallowDepth(_) => "  level 3 depth".into(),
        }
    }

    /// The group the row belongs to (a heading in the popup).
    pub fn section(self) -> &'static str {
        let section = match self {
            Field::Setting(name) => row(name).map_or(Section::Display, |row| row.section),
            Field::Width | Field::Height | Field::K | Field::Gravity => Section::Game,
            Field::ShallowDepth(_) => Section::Players,
        };
        section.name()
    }

    /// Whether the row belongs to the rules (changing it asks before a new game).
    pub fn is_rules(self) -> bool {
        self.section() == Section::Game.name()
    }
}

/// The popup's rows, top to bottom, for these settings: under each heading its settings in
/// `SETTINGS` order, each followed by the rows of its parts.
pub fn fields(settings: &Settings) -> Vec<Field> {
    let mut rows = Vec::new();
    for section in Section::ALL {
        for setting in SETTINGS {
            let Some(row) = setting.row else { continue };
            if row.section == section && (row.shown)(settings) {
                rows.push(Field::Setting(setting.name));
                rows.extend(parts(setting.name, settings));
            }
        }
    }
    rows
}

/// The rows that edit a part of a setting: the custom rules' sizes and gravity, level 3's depth.
fn parts(name: &str, settings: &Settings) -> Vec<Field> {
    let shallow = |player| match seat(settings, player) {
        Seat::Ai(Skill::Shallow(_)) => vec![Field::ShallowDepth(player)],
        _ => Vec::new(),
    };
    match (name, seat_of(name)) {
        ("rules", _) => vec![Field::Width, Field::Height, Field::K, Field::Gravity],
        (_, Some(player)) => shallow(player),
        _ => Vec::new(),
    }
}

/// The side whose seat the setting `name` is (`x`, `o`), if it is one.
fn seat_of(name: &str) -> Option<Player> {
    match name {
        "x" => Some(Player::X),
        "o" => Some(Player::O),
        _ => None,
    }
}

impl Field {
    /// The side whose seat this row edits: its level, or level 3's depth.
    pub fn seat(self) -> Option<Player> {
        match self {
            Field::Setting(name) => seat_of(name),
            Field::ShallowDepth(player) => Some(player),
            _ => None,
        }
    }
}

fn seat(settings: &Settings, player: Player) -> Seat {
    match player {
        Player::X => settings.x,
        Player::O => settings.o,
    }
}

/// What a row shows. `rules` is the rules the Game rows show (the draft while there is one).
pub fn value_text(field: Field, settings: &Settings, rules: &Rules, color: bool) -> String {
    let shown = Settings {
        rules: *rules,
        ..*settings
    };
    match field {
        Field::Setting(name) => row(name).map_or_else(String::new, |row| (row.text)(&shown, color)),
        Field::Width => rules.width.to_string(),
        Field::Height => rules.height.to_string(),
        Field::K => rules.k.to_string(),
        Field::Gravity => on_off(rules.gravity),
        Field::ShallowDepth(player) => match seat(settings, player) {
            Seat::Ai(Skill::Shallow(depth)) => plies(depth),
            _ => "-".into(),
        },
    }
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
    match field {
        Field::Setting(name) => {
            // The rules row steps the draft, never the rules in force.
            let mut stepped = Settings { rules, ..*settings };
            if let Some(row) = row(name) {
                (row.step)(&mut stepped, delta);
            }
            let next = Settings {
                rules: settings.rules,
                ..stepped
            };
            (next, stepped.rules)
        }
        Field::Width | Field::Height | Field::K | Field::Gravity => {
            (*settings, step_rules(field, rules, delta))
        }
        Field::ShallowDepth(player) => (step_shallow_depth(settings, player, delta), rules),
    }
}

/// `settings` with the depth of a side's level 3 stepped, 1 to 20 plies.
fn step_shallow_depth(settings: &Settings, player: Player, delta: isize) -> Settings {
    let mut next = *settings;
    let seat = match player {
        Player::X => &mut next.x,
        Player::O => &mut next.o,
    };
    if let Seat::Ai(Skill::Shallow(depth)) = seat {
        let depths: Vec<u64> = (1..=20).collect();
        *depth = step_number(&depths, u64::from(*depth), delta) as u32;
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let rules_row = Field::Setting("rules");
        assert_eq!(step_rules(rules_row, rules, 1), RULE_PRESETS[4]);
        assert_eq!(
            step_rules(rules_row, "6x5k4".parse().unwrap(), 1),
            Rules::TICTACTOE
        );
    }

    #[test]
    fn every_row_but_the_parts_is_a_setting_with_a_row() {
        let settings = Settings::default();
        for field in fields(&settings) {
            if let Field::Setting(name) = field {
                assert!(row(name).is_some(), "{name}");
            }
        }
        // Every setting with a row is shown with two AIs playing level 3.
        let shallow = Seat::Ai(Skill::Shallow(2));
        let rows = fields(&Settings {
            x: shallow,
            o: shallow,
            ..settings
        });
        let shown = SETTINGS.iter().filter(|s| s.row.is_some()).count();
        assert_eq!(rows.len(), shown + 4 + 2);
    }
}
