//! What the one list of settings (`SETTINGS`, list.rs) says of each setting: `Setting`, the
//! values it takes (`Kind`, `Value`), what a change does (`Change`) and its popup row (`Row`,
//! under a `Section`).

use crate::app::settings::values::Settings;

/// One setting, defined once.
#[derive(Clone, Copy)]
pub struct Setting {
    /// Its key in the config file; also how a `SettingsPatch` and a popup `Field` name it.
    pub name: &'static str,
    /// The comment above the key in a new config file; empty when the one above covers it too.
    pub help: &'static str,
    /// The values the file may hold, and how they go in and out of `Settings`.
    pub kind: Kind,
    /// What a change does at once in the running game.
    pub change: Change,
    /// Its row in the popup; `None`: only the file and the flags set it.
    pub row: Option<Row>,
}

/// The values a setting takes in the config file and on the command line.
#[derive(Clone, Copy)]
pub enum Kind {
    /// Text in quotes, parsed (the parser's message says what is wrong).
    Text {
        get: fn(&Settings) -> String,
        put: fn(&mut Settings, &str) -> Result<(), String>,
    },
    /// A whole number from 0 to `most`.
    Number {
        most: u64,
        get: fn(&Settings) -> u64,
        put: fn(&mut Settings, u64),
    },
    /// True or false.
    Flag {
        get: fn(&Settings) -> bool,
        put: fn(&mut Settings, bool),
    },
}

/// A setting's value as the config file writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// Text, written in quotes.
    Text(String),
    /// A whole number.
    Number(u64),
    /// `true` or `false`.
    Flag(bool),
}

/// What changing a setting does at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A new game: the popup's Game rows make a draft and ask first (`Field::is_rules`).
    NewGame,
    /// The AI moves if it is now its turn; a running search may become a hint.
    Seats,
    /// The position is analysed again, and explored positions forgotten.
    Search,
    /// Nothing at once: it is read where it is used (the screen, the next request, the next start).
    Nothing,
}

/// A heading of the popup, in the popup's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Game,
    Players,
    Search,
    Display,
}

impl Section {
    /// Every heading, top to bottom: a setting's row goes under its heading in `SETTINGS` order.
    pub const ALL: [Section; 4] = [
        Section::Game,
        Section::Players,
        Section::Search,
        Section::Display,
    ];

    /// The heading's text.
    pub fn name(self) -> &'static str {
        match self {
            Section::Game => "Game",
            Section::Players => "Players",
            Section::Search => "Search",
            Section::Display => "Display",
        }
    }
}

/// A setting's row in the popup.
#[derive(Clone, Copy)]
pub struct Row {
    /// The heading it is under.
    pub section: Section,
    /// Its name on the left.
    pub label: &'static str,
    /// Whether it is shown with these settings.
    pub shown: fn(&Settings) -> bool,
    /// The value on the right (`true`: the terminal may show colour).
    pub text: fn(&Settings, bool) -> String,
    /// The setting stepped to the next (`delta` 1) or previous (-1) value, wrapping.
    pub step: fn(&mut Settings, isize),
}

impl Setting {
    /// Its value in `settings`, as the file writes it.
    pub fn value(&self, settings: &Settings) -> Value {
        match self.kind {
            Kind::Text { get, .. } => Value::Text(get(settings)),
            Kind::Number { get, .. } => Value::Number(get(settings)),
            Kind::Flag { get, .. } => Value::Flag(get(settings)),
        }
    }

    /// Sets it in `settings` from a value of the file or a flag, or says why it cannot.
    pub fn put(&self, settings: &mut Settings, value: Value) -> Result<(), String> {
        match (self.kind, value) {
            (Kind::Text { put, .. }, Value::Text(text)) => put(settings, &text),
            // `replay_depth = 7` means plies as surely as `replay_depth = "7"` does.
            (Kind::Text { put, .. }, Value::Number(n)) => put(settings, &n.to_string()),
            (Kind::Number { most, put, .. }, Value::Number(n)) if n <= most => {
                put(settings, n);
                Ok(())
            }
            (Kind::Flag { put, .. }, Value::Flag(on)) => {
                put(settings, on);
                Ok(())
            }
            _ => Err(self.expected()),
        }
    }

    /// Passes its value from one `Settings` to another (how a patch applies), the way the file
    /// writes it and reads it back.
    pub fn copy(&self, from: &Settings, to: &mut Settings) {
        // Every value reads back what it writes (`every_setting_reads_back_what_it_writes`).
        self.put(to, self.value(from))
            .expect("a setting reads back its own value");
    }

    /// Whether it differs between two settings.
    pub fn differs(&self, before: &Settings, after: &Settings) -> bool {
        self.value(before) != self.value(after)
    }

    /// What a value of the wrong kind is told.
    pub fn expected(&self) -> String {
        match self.kind {
            Kind::Text { .. } => "expected text in quotes".into(),
            Kind::Number { most, .. } => format!("expected a whole number from 0 to {most}"),
            Kind::Flag { .. } => "expected true or false".into(),
        }
    }
}
