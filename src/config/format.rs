//! The config file's format: TOML, one key per setting at the top level. Reading keeps every
//! value it understands and lists the rest as problems; writing changes only the keys whose
//! settings changed, so a person's comments, layout and keys tictree does not know survive.

use super::lines::Lines;
use crate::app::{SETTINGS, Settings, SettingsPatch, Value, setting};
use toml_edit::{DocumentMut, Item, TomlError};

/// The lines above the keys of a new config file.
const HEADER: &str = "\
# tictree settings. The settings popup (o) writes here when a setting changes; edit freely.
# Only the keys that change are rewritten: comments and unknown keys stay. Flags win over it.
";

/// A new config file: every key at its default, with the comment saying what it takes.
pub fn template() -> String {
    let defaults = Settings::default();
    let mut text = format!("{HEADER}\n");
    for setting in SETTINGS {
        if !setting.help.is_empty() {
            text += &format!("# {}\n", setting.help);
        }
        let value = toml_value(setting.value(&defaults));
        text += &format!("{} = {value}\n", setting.name);
    }
    text
}

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
        let problem = match setting(key) {
            None => format!("unknown key '{key}'"),
            Some(setting) => match value_of(item) {
                Some(value) => match reading.patch.give(key, value) {
                    Ok(()) => continue,
                    Err(why) => format!("{key} = {}: {why}", shown(item)),
                },
                None => format!("{key} = {}: {}", shown(item), setting.expected()),
            },
        };
        reading.problems.push(problem);
    }
    Ok(reading)
}

/// A value of the file as a setting takes it (`None`: no setting takes a value like that).
fn value_of(item: &Item) -> Option<Value> {
    if let Some(text) = item.as_str() {
        Some(Value::Text(text.to_string()))
    } else if let Some(on) = item.as_bool() {
        Some(Value::Flag(on))
    } else {
        let n = item.as_integer()?;
        u64::try_from(n).ok().map(Value::Number)
    }
}

/// A setting's value as TOML writes it.
fn toml_value(value: Value) -> toml_edit::Value {
    match value {
        Value::Text(text) => text.into(),
        // Within i64: every setting's largest number is far below it.
        Value::Number(n) => (n as i64).into(),
        Value::Flag(on) => on.into(),
    }
}

/// A value as a problem quotes it: on one line, written as TOML writes it (`'ai'` as `"ai"`,
/// a table inline), without the file's spacing and comments.
fn shown(item: &Item) -> String {
    use toml_edit::Value;
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

/// The file's new text: `old` (`None`: a new file from `template`) with every key whose setting
/// differs between `before` and `after` set to `after`'s value; everything else as it was, byte
/// for byte (a byte order mark and each line's end included). `Err` when `old` is not TOML: a
/// file tictree cannot read is never overwritten.
pub fn edit(old: Option<&str>, before: &Settings, after: &Settings) -> Result<String, String> {
    let template;
    let old = match old {
        Some(old) => old,
        None => {
            template = self::template();
            &template
        }
    };
    // The text as it is, so that `edit` refuses exactly what `read` refuses.
    old.parse::<DocumentMut>()
        .map_err(|_| NOT_TOML.to_string())?;
    // toml_edit drops a byte order mark and writes LF for CRLF: one key at a time is edited on
    // the LF text and only the lines that edit changed are put back.
    let (mark, body) = old
        .strip_prefix('\u{feff}')
        .map_or(("", old), |body| ("\u{feff}", body));
    let mut lines = Lines::of(body);
    for setting in SETTINGS.iter().filter(|s| s.differs(before, after)) {
        let edited = set(&lines.lf(), setting.name, setting.value(after))?;
        lines.splice(&edited);
    }
    Ok(format!("{mark}{}", lines.text()))
}

const NOT_TOML: &str = "it is not valid TOML";

/// `text` with `key` set to `value`, in place if the key is there (its spacing and comment kept),
/// else added after the last top-level key.
fn set(text: &str, key: &str, value: Value) -> Result<String, String> {
    let mut document: DocumentMut = text.parse().map_err(|_| NOT_TOML.to_string())?;
    let mut value = toml_value(value);
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
        let reading = read(&template()).expect("the template is TOML");
        assert!(reading.problems.is_empty(), "{:?}", reading.problems);
        assert_eq!(
            Settings::default().patched(&reading.patch),
            Settings::default()
        );
        // Every key is in it.
        let patch = reading.patch;
        assert!(SETTINGS.iter().all(|s| patch.value(s.name).is_some()));
    }

    #[test]
    fn a_new_file_is_what_docs_config_shows() {
        let docs = include_str!("../../docs/config.md");
        let example = docs
            .split("```toml\n")
            .nth(1)
            .and_then(|rest| rest.split("```").next())
            .expect("docs/config.md shows a new file");
        let after = Settings {
            o: "ai:2".parse().unwrap(),
            hints: true,
            ..Settings::default()
        };
        assert_eq!(edit(None, &Settings::default(), &after).unwrap(), example);
    }

    #[test]
    fn a_bad_value_costs_only_itself() {
        let reading = read("x = \"ai:9\"\no = \"ai:1\"\nhints = \"yes\"\ncolour = 3\n").unwrap();
        assert_eq!(reading.patch.value("o"), Some(Value::Text("ai:1".into())));
        assert_eq!(reading.patch.value("x"), None);
        assert_eq!(reading.patch.value("hints"), None);
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
