//! Usage errors found by the argument parser (clap) as one line: what is wrong, rebuilt from the
//! error's context rather than taken from clap's rendering, whose first line cuts a value at its
//! newline and whose styling strips an escape sequence typed into it. What the user typed is
//! quoted as every other message quotes it (`'x\ny'`, `'\u{1b}[2J'`); clap's tips that help
//! follow on the same line, then `(see --help)` for the rest.

use crate::app::printable;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Error};

/// A command-line parsing error as one line (the words typed are this process's arguments).
pub fn one_line(error: &Error) -> String {
    let words: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    described(error, &words)
}

/// `one_line` for the arguments `words` (the program's name left out).
fn described(error: &Error, words: &[String]) -> String {
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand
    ) {
        return "a subcommand is needed (see --help)".into();
    }
    let Some(mut line) = what(error) else {
        // A bad number names its option and the range, worded in full and quoted by
        // tictree's own parser (`args::shared::Whole`): nothing to add.
        if error.kind() == ErrorKind::ValueValidation {
            return first_line(error);
        }
        return format!("{} (see --help)", first_line(error));
    };
    for tip in tips(error, words) {
        line.push_str("; ");
        line.push_str(&tip);
    }
    format!("{line} (see --help)")
}

/// What is wrong, from the error's context; `None` for the kinds whose context holds nothing
/// the user typed (clap's own wording then serves).
fn what(error: &Error) -> Option<String> {
    let text = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.as_str()),
        _ => None,
    };
    let what = match error.kind() {
        ErrorKind::InvalidValue => {
            let (arg, value) = (
                text(ContextKind::InvalidArg)?,
                text(ContextKind::InvalidValue)?,
            );
            let mut what = if value.is_empty() {
                format!("a value is required for '{arg}' but none was supplied")
            } else {
                format!("invalid value {} for '{arg}'", quoted(value))
            };
            // An option taking its value from a fixed list (`--format`): the list.
            if let Some(ContextValue::Strings(values)) = error.get(ContextKind::ValidValue)
                && !values.is_empty()
            {
                what.push_str(&format!(": use {}", either(values)));
            }
            what
        }
        ErrorKind::ValueValidation => {
            let (arg, value) = (
                text(ContextKind::InvalidArg)?,
                text(ContextKind::InvalidValue)?,
            );
            let why = std::error::Error::source(error)
                .map(|source| format!(": {source}"))
                .unwrap_or_default();
            format!("invalid value {} for '{arg}'{why}", quoted(value))
        }
        ErrorKind::UnknownArgument => {
            format!(
                "unexpected argument {} found",
                quoted(text(ContextKind::InvalidArg)?)
            )
        }
        ErrorKind::InvalidSubcommand => format!(
            "unrecognized subcommand {}",
            quoted(text(ContextKind::InvalidSubcommand)?)
        ),
        ErrorKind::TooManyValues => format!(
            "unexpected value {} for '{}' found; no more were expected",
            quoted(text(ContextKind::InvalidValue)?),
            text(ContextKind::InvalidArg)?
        ),
        ErrorKind::MissingRequiredArgument => match error.get(ContextKind::InvalidArg)? {
            ContextValue::Strings(args) => format!(
                "the following required arguments were not provided: {}",
                args.join(", ")
            ),
            _ => return None,
        },
        ErrorKind::ArgumentConflict => conflict(error)?,
        _ => return None,
    };
    Some(what)
}

/// Two options that do not go together, or one given twice (the options as clap names them,
/// `'--book <FILE>'`, not as typed).
fn conflict(error: &Error) -> Option<String> {
    let (what, name) = match (
        error.get(ContextKind::InvalidArg),
        error.get(ContextKind::InvalidSubcommand),
    ) {
        (Some(ContextValue::String(arg)), _) => ("argument", arg),
        (_, Some(ContextValue::String(sub))) => ("subcommand", sub),
        _ => return None,
    };
    let with = match error.get(ContextKind::PriorArg) {
        Some(ContextValue::String(prior)) if prior == name => {
            return Some(format!("the {what} '{name}' cannot be used multiple times"));
        }
        Some(ContextValue::String(prior)) => format!("'{prior}'"),
        Some(ContextValue::Strings(prior)) => prior
            .iter()
            .map(|arg| format!("'{arg}'"))
            .collect::<Vec<_>>()
            .join(", "),
        _ => "one or more of the other specified arguments".into(),
    };
    Some(format!("the {what} '{name}' cannot be used with {with}"))
}

/// What clap suggests, as far as it helps: a similar subcommand, option or value, and for a
/// word starting with `-` after an option that takes a value, how to give it as that value.
fn tips(error: &Error, words: &[String]) -> Vec<String> {
    let mut tips = Vec::new();
    if error.kind() == ErrorKind::UnknownArgument
        && let Some(tip) = as_value(error, words)
    {
        tips.push(tip);
    }
    for (kind, what) in [
        (ContextKind::SuggestedSubcommand, "subcommand"),
        (ContextKind::SuggestedArg, "argument"),
        (ContextKind::SuggestedValue, "value"),
    ] {
        let similar = match error.get(kind) {
            Some(ContextValue::String(one)) => vec![one.clone()],
            Some(ContextValue::Strings(some)) => some.clone(),
            _ => continue,
        };
        // A one-letter option (`--x`, `--o`) is "similar" to any word holding its letter
        // (`--nodes`): no help.
        let similar: Vec<String> = similar
            .into_iter()
            .filter(|name| name.trim_start_matches('-').chars().count() > 1)
            .collect();
        match similar.as_slice() {
            [] => {}
            [one] => tips.push(format!("a similar {what} exists: {}", quoted(one))),
            some => tips.push(format!(
                "some similar {what}s exist: {}",
                some.iter()
                    .map(|s| quoted(s))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }
    if let Some(ContextValue::StyledStrs(suggested)) = error.get(ContextKind::Suggested) {
        // clap offers `-- WORD` to give a word starting with `-` as a position; no position of
        // tictree starts with `-`, so that tip misleads (`as_value` says what was meant).
        tips.extend(
            suggested
                .iter()
                .map(|tip| printable(&tip.to_string()))
                .filter(|tip| !tip.starts_with("to pass ")),
        );
    }
    tips
}

/// `to pass '-3x3' as a value, use '--rules=-3x3'` for `--rules -3x3`: clap reads a word
/// starting with `-` as options (here `-3`), even after an option waiting for its value.
fn as_value(error: &Error, words: &[String]) -> Option<String> {
    let Some(ContextValue::String(unknown)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    // Before `--` only: after it every word is a position.
    let options = words.iter().position(|w| w == "--").unwrap_or(words.len());
    let root = crate::cli::Cli::command();
    let at = (1..options).find(|&at| {
        words[at].starts_with(unknown.as_str())
            && takes_value(&root, &words[..at - 1], &words[at - 1])
    })?;
    let (option, word) = (&words[at - 1], &words[at]);
    Some(format!(
        "to pass {} as a value, use {}",
        quoted(word),
        quoted(&format!("{option}={word}"))
    ))
}

/// Whether `option` (`--rules`) takes a value in the subcommand of `root` that the words
/// `before` it name. Long options only: tictree's short ones (`-h`, `-V`) take none.
fn takes_value(root: &clap::Command, before: &[String], option: &str) -> bool {
    let Some(name) = option.strip_prefix("--").filter(|name| !name.contains('=')) else {
        return false;
    };
    let mut command = root;
    for word in before {
        if let Some(sub) = command.find_subcommand(word) {
            command = sub;
        }
    }
    command
        .get_arguments()
        .find(|arg| arg.get_long() == Some(name))
        .is_some_and(|arg| arg.get_action().takes_values())
}

/// What the user typed, quoted with its control characters escaped.
fn quoted(text: &str) -> String {
    format!("'{}'", printable(text))
}

/// `json or dot`, `a, b or c`.
fn either(values: &[String]) -> String {
    match values.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, most)) => format!("{} or {last}", most.join(", ")),
        None => String::new(),
    }
}

/// clap's own first line (what is wrong), without its `error:` prefix.
fn first_line(error: &Error) -> String {
    let rendered = error.render().to_string();
    let first = rendered
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("invalid arguments");
    first.trim_start_matches("error:").trim().to_string()
}
