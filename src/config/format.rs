//! The config file's format: TOML, one key per setting at the top level. Reading keeps every
//! value it understands and lists the rest as problems; writing changes only the keys whose
//! settings changed, so a person's comments, layout and keys tictree does not know survive.

use super::lines::Lines;
use crate::app::{MAX_DEPTH, MAX_PACE_MS, MAX_THREADS, MAX_TIME_MS, Settings, SettingsPatch};
use toml_edit::{DocumentMut, Item, TomlError, Value};

/// A new config file: every key at its default, with a comment saying what it takes. Kept equal
/// to `Settings::default()` by a test.
pub const TEMPLATE: &str = r#"# tictree settings. The settings popup (o) writes here when a setting changes; edit freely.
# Only the keys that change are rewritten: comments and unknown keys stay. Flags win over it.

# tictactoe, 4x4, 5x5k4, connect4, 8x8k5, or WxHkK with g for gravity (6x5k4, 7x6k4g)
rules = "tictactoe"
# who plays X and O: "human", "ai" (level 4), "ai:1" to "ai:4", or "ai:3:DEPTH" (1 to 20)
x = "human"
o = "ai:4"
# "minimax", "alphabeta" or "engine"
algorithm = "engine"
# the AI's thinking time per move in milliseconds, and its depth in plies (0: no limit)
time_ms = 1500
depth = 0
# with two AIs, the least time per move in milliseconds, so the game can be watched
pace_ms = 400
# on your turn and in the explorer, go on analysing past the time per move until every move is exact
keep_analysing = true
# threads each analysis searches on, 1 to 256; 0: every core of the machine
threads = 0
# star the recommended move on the board on your turn
hints = false
# show every move's score on its cell (the m key)
heat_map = false
# mouse clicks play moves and work the settings popup
mouse = true
# "default" (colours for a dark background; NO_COLOR turns them off), "light" or "mono"
theme = "default"
# the exact engine reads the first plies' positions from the built-in opening book
book = true
"#;

/// What a config file says: the settings it gives, and the values it could not use.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// Every setting read.
    pub patch: SettingsPatch,
    /// One short sentence per key that was not used (unknown key, bad value).
    pub problems: Vec<String>,
}

/// Reads a config file's text. `Err` says why it is not TOML at all (then nothing is used).
pub fn read(text: &str) -> Result<Reading, String> {
    // Each key is checked on its own, so one bad value costs only that value.
    let document: DocumentMut = text.parse().map_err(|error: TomlError| {
        // A span that starts a line (a duplicate key) is on that line: count the ends before it.
        let line = error.span().map_or(1, |span| {
            let before = &text.as_bytes()[..span.start.min(text.len())];
            before.iter().filter(|&&byte| byte == b'\n').count() + 1
        });
        format!("line {line}: {}", error.message().trim())
    })?;
    let mut reading = Reading::default();
    for (key, item) in document.iter() {
        let problem = match read_key(&mut reading.patch, key, item) {
            Ok(true) => continue,
            Ok(false) => format!("unknown key '{key}'"),
            Err(why) => format!("{key} = {}: {why}", shown(item)),
        };
        reading.problems.push(problem);
    }
    Ok(reading)
}

/// A value as a problem quotes it: on one line, written as TOML writes it (`'ai'` as `"ai"`,
/// a table inline), without the file's spacing and comments.
fn shown(item: &Item) -> String {
    fn plain(value: &Value) -> Value {
        match value {
            Value::String(text) => Value::from(text.value().as_str()),
            Value::Integer(n) => Value::from(*n.value()),
            Value::Float(x) => Value::from(*x.value()),
            Value::Boolean(b) => Value::from(*b.value()),
            Value::Datetime(when) => Value::from(*when.value()),
            Value::Array(values) => Value::Array(values.iter().map(plain).collect()),
            Value::InlineTable(table) => {
                Value::InlineTable(table.iter().map(|(key, v)| (key, plain(v))).collect())
            }
        }
    }
    item.clone()
        .into_value()
        .map_or_else(|_| String::new(), |value| plain(&value).to_string())
}

/// Reads one key into the patch: `Ok(false)` for a key tictree does not know, `Err` for a value
/// it cannot use.
fn read_key(patch: &mut SettingsPatch, key: &str, value: &Item) -> Result<bool, String> {
    let text = || value.as_str().ok_or("expected text in quotes".to_string());
    let flag = || value.as_bool().ok_or("expected true or false".to_string());
    let number = |most: u64| {
        value
            .as_integer()
            .and_then(|n| u64::try_from(n).ok())
            .filter(|&n| n <= most)
            .ok_or(format!("expected a whole number from 0 to {most}"))
    };
    match key {
        "rules" => patch.rules = Some(text()?.parse().map_err(|e| format!("{e}"))?),
        "x" => patch.x = Some(text()?.parse()?),
        "o" => patch.o = Some(text()?.parse()?),
        "algorithm" => patch.algorithm = Some(text()?.parse()?),
        "time_ms" => patch.time_ms = Some(number(MAX_TIME_MS)?),
        "depth" => patch.depth = Some(number(u64::from(MAX_DEPTH))? as u32),
        "pace_ms" => patch.pace_ms = Some(number(MAX_PACE_MS)?),
        "keep_analysing" => patch.keep_analysing = Some(flag()?),
        "threads" => patch.threads = Some(number(u64::from(MAX_THREADS))? as u32),
        "hints" => patch.hints = Some(flag()?),
        "heat_map" => patch.heat_map = Some(flag()?),
        "mouse" => patch.mouse = Some(flag()?),
        "theme" => patch.theme = Some(text()?.parse()?),
        "book" => patch.book = Some(flag()?),
        _ => return Ok(false),
    }
    Ok(true)
}

/// One setting's value as the file writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Entry {
    Text(String),
    Number(i64),
    Flag(bool),
}

/// Every key with its value in these settings, in the template's order.
fn entries(settings: &Settings) -> [(&'static str, Entry); 14] {
    [
        ("rules", Entry::Text(settings.rules.to_string())),
        ("x", Entry::Text(settings.x.to_string())),
        ("o", Entry::Text(settings.o.to_string())),
        ("algorithm", Entry::Text(settings.algorithm.to_string())),
        ("time_ms", Entry::Number(settings.time_ms as i64)),
        ("depth", Entry::Number(i64::from(settings.depth))),
        ("pace_ms", Entry::Number(settings.pace_ms as i64)),
        ("keep_analysing", Entry::Flag(settings.keep_analysing)),
        ("threads", Entry::Number(i64::from(settings.threads))),
        ("hints", Entry::Flag(settings.hints)),
        ("heat_map", Entry::Flag(settings.heat_map)),
        ("mouse", Entry::Flag(settings.mouse)),
        ("theme", Entry::Text(settings.theme.to_string())),
        ("book", Entry::Flag(settings.book)),
    ]
}

/// The file's new text: `old` (`None`: a new file from `TEMPLATE`) with every key whose setting
/// differs between `before` and `after` set to `after`'s value; everything else as it was, byte
/// for byte (a byte order mark and each line's end included). `Err` when `old` is not TOML: a
/// file tictree cannot read is never overwritten.
pub fn edit(old: Option<&str>, before: &Settings, after: &Settings) -> Result<String, String> {
    let old = old.unwrap_or(TEMPLATE);
    // The text as it is, so that `edit` refuses exactly what `read` refuses.
    old.parse::<DocumentMut>()
        .map_err(|_| NOT_TOML.to_string())?;
    // toml_edit drops a byte order mark and writes LF for CRLF: one key at a time is edited on
    // the LF text and only the lines that edit changed are put back.
    let (mark, body) = old
        .strip_prefix('\u{feff}')
        .map_or(("", old), |body| ("\u{feff}", body));
    let mut lines = Lines::of(body);
    for ((key, was), (_, now)) in entries(before).into_iter().zip(entries(after)) {
        if was != now {
            let edited = set(&lines.lf(), key, now)?;
            lines.splice(&edited);
        }
    }
    Ok(format!("{mark}{}", lines.text()))
}

const NOT_TOML: &str = "it is not valid TOML";

/// `text` with `key` set to `value`, in place if the key is there (its spacing and comment kept),
/// else added after the last top-level key.
fn set(text: &str, key: &str, value: Entry) -> Result<String, String> {
    let mut document: DocumentMut = text.parse().map_err(|_| NOT_TOML.to_string())?;
    let mut value = match value {
        Entry::Text(text) => Value::from(text),
        Entry::Number(n) => Value::from(n),
        Entry::Flag(b) => Value::from(b),
    };
    match document.get_mut(key) {
        Some(item) => {
            if let Some(old) = item.as_value() {
                *value.decor_mut() = old.decor().clone();
            }
            *item = Item::Value(value);
        }
        None => {
            document.insert(key, Item::Value(value));
        }
    }
    Ok(document.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Palette;

    #[test]
    fn the_template_says_the_defaults() {
        let reading = read(TEMPLATE).expect("the template is TOML");
        assert!(reading.problems.is_empty(), "{:?}", reading.problems);
        assert_eq!(
            Settings::default().patched(&reading.patch),
            Settings::default()
        );
        // Every key is in it.
        let patch = reading.patch;
        assert!(patch.rules.is_some() && patch.theme.is_some() && patch.depth.is_some());
    }

    #[test]
    fn a_bad_value_costs_only_itself() {
        let reading = read("x = \"ai:9\"\no = \"ai:1\"\nhints = \"yes\"\ncolour = 3\n").unwrap();
        assert_eq!(reading.patch.o, Some("ai:1".parse().unwrap()));
        assert_eq!(reading.patch.x, None);
        assert_eq!(reading.patch.hints, None);
        assert_eq!(reading.problems.len(), 3, "{:?}", reading.problems);
        assert!(reading.problems.iter().any(|p| p == "unknown key 'colour'"));
        assert!(
            reading
                .problems
                .iter()
                .any(|p| p.starts_with("hints = \"yes\": expected true or false"))
        );
    }

    #[test]
    fn a_problem_quotes_its_value_on_one_line_as_toml_writes_it() {
        let reading = read("x = 'ai:9' # mine\nhints = [\n  1,\n  2,\n]\n").unwrap();
        let [x, hints] = &reading.problems[..] else {
            panic!("{:?}", reading.problems);
        };
        assert!(x.starts_with("x = \"ai:9\": "), "{x}");
        assert_eq!(hints, "hints = [1, 2]: expected true or false");
    }

    #[test]
    fn not_toml_says_where() {
        let why = read("rules = \"4x4\"\nx = \n").unwrap_err();
        assert!(why.starts_with("line 2:"), "{why}");
    }

    #[test]
    fn a_duplicate_key_is_on_its_own_line() {
        let why = read("hints = true\nhints = false\n").unwrap_err();
        assert!(why.starts_with("line 2: duplicate key"), "{why}");
        let why = read("# a\r\nx = \"human\"\r\n\r\n\r\nx = \"ai\"\r\n").unwrap_err();
        assert!(why.starts_with("line 5: duplicate key"), "{why}");
    }

    #[test]
    fn editing_keeps_the_byte_order_mark_and_every_line_end() {
        let before = Settings::default();
        let after = Settings {
            hints: true,
            theme: Palette::Mono,
            ..before
        };
        let old = "\u{feff}# mine\r\nhints = false # why\r\nx = \"human\"\n\r\n";
        let text = edit(Some(old), &before, &after).unwrap();
        assert_eq!(
            text,
            "\u{feff}# mine\r\nhints = true # why\r\nx = \"human\"\ntheme = \"mono\"\n\r\n"
        );
        assert_eq!(edit(Some(old), &before, &before).unwrap(), old);
    }

    #[test]
    fn editing_keeps_comments_and_unknown_keys() {
        let old = "# mine\no = \"ai:4\"   # the opponent\nfuture = 1\n";
        let before = Settings::default();
        let after = Settings {
            o: "ai:2".parse().unwrap(),
            ..before
        };
        let text = edit(Some(old), &before, &after).unwrap();
        assert_eq!(text, "# mine\no = \"ai:2\"   # the opponent\nfuture = 1\n");
        assert!(edit(Some("o = "), &before, &after).is_err());
    }
}
