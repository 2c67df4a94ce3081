//! The help popup: every key listed, scrolling on a short terminal, Esc closing it; and every key
//! it lists documented in docs/keys.md and README.md.

use crate::inline_app::*;
use insta::assert_snapshot;
use tictree::app::{Action, App, Direction, Job};
use tictree::engine::Rules;

/// The help popup's lines as drawn, between its borders (trailing blanks trimmed).
fn help_lines(terminal: &ratatui::Terminal<ratatui::backend::TestBackend>) -> Vec<String> {
    let buffer = terminal.backend().buffer();
    let (width, height) = (buffer.area.width, buffer.area.height);
    let at = |x: u16, y: u16| buffer[(x, y)].symbol();
    let (left, top) = (0..height)
        .flat_map(|y| (0..width.saturating_sub(3)).map(move |x| (x, y)))
        .find(|&(x, y)| at(x, y) == "┌" && at(x + 2, y) == "H" && at(x + 3, y) == "e")
        .expect("the help popup is open");
    let right = (left + 1..width)
        .find(|&x| at(x, top) == "┐")
        .expect("its top right corner");
    (top + 1..height)
        .take_while(|&y| at(left, y) != "└")
        .map(|y| {
            let line: String = (left + 1..right).map(|x| at(x, y)).collect();
            line.trim_end().to_string()
        })
        .collect()
}

#[test]
fn help_popup_lists_every_key_and_esc_closes_it() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleHelp]);
    let terminal = screen(&app, 100, 30);
    assert_snapshot!("help", terminal.backend());
    // On a tall terminal the whole popup shows: its text is reviewed in the snapshot, and a few
    // lines are spelled out here, independently of the table they are drawn from.
    let tall = screen(&app, 100, 100);
    let whole = help_lines(&tall);
    assert_snapshot!("help_whole", whole.join("\n"));
    for line in [
        " Playing",
        "     Enter / Space  place a mark at the cursor",
        "             u / r  undo to your previous turn / redo",
        " Search replay (after s)",
        " Quiz (after Q): predict, then see why",
        "                 Q  quiz: predict scores, best moves, prunes, α β (keys below)",
        "                 x  run to the next cutoff",
        "        q / Ctrl-C  quit",
        " Scores: +win (sooner is higher), 0 draw, -loss (later is higher), ≈ estimate",
    ] {
        assert!(
            whole.iter().any(|l| l == line),
            "help lacks {line:?}: {whole:#?}"
        );
    }
    assert!(!text(&tall).contains("▼ more"));
    // On a short one it starts at the top and says there is more; ↓ scrolls it down to its last
    // line and no further: the view is then the end of the whole popup.
    // Drawn again at its size, as the terminal is before a key: the popup says how far it scrolls.
    let terminal = screen(&app, 100, 30);
    let first = help_lines(&terminal);
    assert!(first.len() < whole.len());
    assert_eq!(first, whole[..first.len()]);
    assert!(text(&terminal).contains(" ▼ more · Tab: glossary · Esc or ? closes"));
    app.update(Action::Move(Direction::Down));
    let middle = screen(&app, 100, 30);
    assert!(text(&middle).contains(" ▲▼ more · Tab: glossary · Esc or ? closes"));
    for _ in 0..whole.len() + 5 {
        app.update(Action::Move(Direction::Down));
    }
    let end = screen(&app, 100, 30);
    // No further than the end: one ↑ moves the view at once.
    app.update(Action::Move(Direction::Up));
    assert!(text(&screen(&app, 100, 30)).contains(" ▲▼ more ·"));
    let last = help_lines(&end);
    assert_eq!(last, whole[whole.len() - last.len()..]);
    assert!(text(&end).contains(" ▲ more · Tab: glossary · Esc or ? closes"));
    // Keys other than Esc/?/q do nothing while the popup is open; Esc closes it, not the app.
    press(&mut app, &[Action::Move(Direction::Left), Action::Escape]);
    assert!(app.popup.is_none() && !app.should_quit());
    assert_eq!(app.cursor, (1, 1));
}

/// Every key of the help popup (`HELP`) is documented in docs/keys.md, in the first column of
/// one of its tables, and in README.md's keys table, so the three cannot drift apart. A key is
/// looked for in backquotes (`` `u` ``); a word such as `paste` or `mouse click`, as it is.
#[test]
fn every_help_key_is_in_the_docs() {
    let read = |name: &str| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let keys_md = read("docs/keys.md");
    // The first column of every table row of keys.md (its header rows too: harmless).
    let key_columns: Vec<&str> = keys_md
        .lines()
        .filter_map(|line| line.strip_prefix('|')?.split('|').next())
        .collect();
    let readme = read("README.md");
    let readme_keys = readme
        .split_once("\n## Keys\n")
        .and_then(|(_, rest)| rest.split("\n## ").next())
        .expect("README.md has a ## Keys section");
    let mut missing = Vec::new();
    for section in tictree::app::HELP {
        for (keys, _) in section.keys {
            for alternative in keys.split(" / ") {
                let is_word = alternative
                    .split(' ')
                    .all(|w| w.len() > 1 && w.chars().all(|c| c.is_ascii_lowercase()));
                let wanted: Vec<String> = if is_word {
                    vec![alternative.to_string()]
                } else {
                    alternative
                        .split_whitespace()
                        .filter(|&key| key != "…")
                        .map(|key| format!("`{key}`"))
                        .collect()
                };
                for want in wanted {
                    let in_keys_md = if is_word {
                        keys_md
                            .lines()
                            .any(|l| l.starts_with('|') && l.contains(&want))
                    } else {
                        key_columns.iter().any(|column| column.contains(&want))
                    };
                    if !in_keys_md {
                        missing.push(format!(
                            "docs/keys.md lacks {want} ({keys:?}, {})",
                            section.title
                        ));
                    }
                    if !readme_keys.contains(&want) {
                        missing.push(format!(
                            "README.md's keys lack {want} ({keys:?}, {})",
                            section.title
                        ));
                    }
                }
            }
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
}

/// The terms a student of the replay meets, spelled out here independently of `GLOSSARY`.
const TERMS: [&str; 10] = [
    "minimax",
    "negamax",
    "value from the root",
    "α (alpha)",
    "β (beta)",
    "cutoff",
    "fail-high",
    "transposition table hit",
    "move ordering",
    "principal variation",
];

/// Narrower than its written lines, the glossary wraps each meaning as one paragraph: no row
/// ends early with a fragment left over from the wider lines ("the side to" / "move, so…").
#[test]
fn a_narrow_glossary_wraps_each_meaning_as_one_paragraph() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleHelp, Action::FocusNext]);
    for (width, height) in [(60, 20), (40, 12)] {
        screen(&app, width, height);
        // A resize keeps the line at the top: up to the page's first row.
        for _ in 0..tictree::app::glossary_length() * 3 {
            app.update(Action::Move(Direction::Up));
        }
        // Every row of the page, scrolling down a row at a time.
        let mut rows: Vec<String> = help_lines(&screen(&app, width, height));
        for _ in 0..tictree::app::glossary_length() * 3 {
            app.update(Action::Move(Direction::Down));
            let shown = help_lines(&screen(&app, width, height));
            if let Some(last) = shown.last() {
                rows.push(last.clone());
            }
        }
        let text_width = help_lines(&screen(&app, width, height))
            .iter()
            .map(|row| row.chars().count())
            .max()
            .unwrap_or(0);
        for term in tictree::app::GLOSSARY {
            let at = rows
                .iter()
                .position(|row| row.trim() == term.name)
                .unwrap_or_else(|| panic!("{} missing at {width}: {rows:#?}", term.name));
            let meaning: Vec<&str> = rows[at + 1..]
                .iter()
                .map(|row| row.trim())
                .take_while(|row| !row.starts_with("in the replay"))
                .collect();
            assert_eq!(meaning.join(" "), term.meaning.join(" "), "at {width}");
            for pair in meaning.windows(2) {
                let next_word = pair[1].split(' ').next().unwrap_or("");
                let room = text_width - 3 - pair[0].chars().count();
                assert!(
                    next_word.chars().count() + 1 > room,
                    "at {width}: {:?} could hold {next_word:?}",
                    pair[0]
                );
            }
        }
    }
}

/// Tab in the help turns to the glossary: every term, two lines of meaning and where the replay
/// shows it; ↓ scrolls it to its end; Tab turns back to the keys.
#[test]
fn tab_in_the_help_shows_the_glossary() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleHelp, Action::FocusNext]);
    let names: Vec<&str> = tictree::app::GLOSSARY.iter().map(|t| t.name).collect();
    assert_eq!(names, TERMS);
    let tall = screen(&app, 120, 60);
    let whole = help_lines(&tall);
    assert!(text(&tall).contains("Help · glossary"));
    for term in tictree::app::GLOSSARY {
        let at = whole
            .iter()
            .position(|l| l.trim() == term.name)
            .unwrap_or_else(|| panic!("{} missing: {whole:#?}", term.name));
        assert_eq!(whole[at + 1].trim(), term.meaning[0]);
        assert_eq!(whole[at + 2].trim(), term.meaning[1]);
        assert_eq!(
            whole[at + 3].trim(),
            format!("in the replay: {}", term.shows)
        );
    }
    assert_eq!(whole.len(), tictree::app::glossary_length());
    for (width, height) in [(80, 24), (120, 40)] {
        let terminal = screen(&app, width, height);
        assert!(text(&terminal).contains("▼ more · Tab: keys · Esc or ? closes"));
        assert_snapshot!(format!("glossary_{width}x{height}"), terminal.backend());
    }
    screen(&app, 80, 24);
    for _ in 0..whole.len() + 5 {
        app.update(Action::Move(Direction::Down));
    }
    let end = help_lines(&screen(&app, 80, 24));
    assert_eq!(end, whole[whole.len() - end.len()..]);
    press(&mut app, &[Action::FocusNext]);
    assert!(help_lines(&screen(&app, 120, 60))[0].contains("Playing"));
    assert!(
        app.popup.is_some(),
        "Tab turns the page, it does not close the help"
    );
}

/// docs/minimax.md's glossary lists the same terms, each in bold at the start of an item.
#[test]
fn the_docs_glossary_has_every_term() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/minimax.md");
    let docs = std::fs::read_to_string(path).unwrap();
    let glossary = docs
        .split_once("\n## Glossary\n")
        .and_then(|(_, rest)| rest.split("\n## ").next())
        .expect("docs/minimax.md has a ## Glossary section");
    let listed: Vec<&str> = glossary
        .lines()
        .filter_map(|l| l.strip_prefix("- **")?.split("**").next())
        .collect();
    assert_eq!(listed, TERMS);
}

/// On a screen narrower than the help, its lines wrap, each description under its own column,
/// rather than being cut at the edge: every word of every key's description is there.
#[test]
fn the_help_wraps_on_a_narrow_screen() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleHelp]);
    // 60 columns: the two borders and a blank column leave 57 for the text.
    let rows = help_lines(&screen(&app, 60, 300));
    assert!(
        rows.iter().all(|row| row.chars().count() <= 57),
        "{rows:#?}"
    );
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let all = words(&rows.join(" "));
    for section in tictree::app::HELP {
        for (key, what) in section.keys {
            assert!(
                all.contains(&words(&format!("{key} {what}"))),
                "{key}: {what}\n{rows:#?}"
            );
        }
    }
    // A continuation row starts under the description, not under the key.
    let at = rows
        .iter()
        .position(|row| row.contains("drop a disc"))
        .expect("the gravity digits' row");
    let chars = |text: &str| text.chars().count();
    let column = chars(&rows[at][..rows[at].find("gravity boards").unwrap()]);
    let indent = chars(&rows[at + 1]) - chars(rows[at + 1].trim_start());
    assert_eq!(indent, column, "{rows:#?}");
}

/// `?` opens the help at the keys of what is on screen: in the search replay, its section is the
/// popup's first row (at 80×24 it is dozens of rows down); in the game, the top. Scrolling goes
/// on from there, up included.
#[test]
fn the_help_opens_at_the_keys_of_the_mode_it_is_opened_from() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2 b3 c1"), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::OpenReplay, Action::ToggleHelp]);
    let replay = help_lines(&screen(&app, 80, 24));
    assert_eq!(replay[0], " Search replay (after s)", "{replay:#?}");
    app.update(Action::Move(Direction::Up));
    let above = help_lines(&screen(&app, 80, 24));
    assert_eq!(above[1], " Search replay (after s)", "{above:#?}");
    press(
        &mut app,
        &[
            Action::Escape,
            Action::Replay(tictree::app::ReplayCommand::Close),
        ],
    );
    press(&mut app, &[Action::ToggleHelp]);
    assert_eq!(help_lines(&screen(&app, 80, 24))[0], " Playing");
}

/// Narrow, the status bar keeps the page key (the arrows' scrolling goes first) on both pages,
/// and the popup's border says its keys whole or not at all.
#[test]
fn a_narrow_help_keeps_tab_and_says_its_keys_whole() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleHelp]);
    for page in ["Tab glossary", "Tab keys"] {
        let shown = text(&screen(&app, 40, 12));
        let bar = shown.lines().last().unwrap_or_default();
        assert!(bar.contains(page), "{shown}");
        press(&mut app, &[Action::FocusNext]);
    }
    let shown = text(&screen(&app, 30, 10));
    assert!(shown.contains("└ ▼ more · Tab · Esc ─"), "{shown}");
}

/// Tab turns to the glossary and back to the keys where they were left: the section the help
/// opened at, not the top of the page.
#[test]
fn tab_twice_comes_back_to_the_place_left() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleSettings, Action::ToggleHelp]);
    let opened = help_lines(&screen(&app, 80, 24));
    // The last page of the keys, which holds the section.
    assert!(
        opened
            .iter()
            .any(|row| row.starts_with(" Settings (after o)")),
        "{opened:#?}"
    );
    press(&mut app, &[Action::FocusNext]);
    let glossary = help_lines(&screen(&app, 80, 24));
    assert!(
        glossary[0].starts_with(" The words of game search"),
        "{glossary:#?}"
    );
    press(&mut app, &[Action::FocusNext]);
    assert_eq!(help_lines(&screen(&app, 80, 24)), opened);
}

/// A resize rewraps the help's lines to other rows: the line at the top stays at the top.
#[test]
fn a_resize_keeps_the_help_at_the_line_it_showed() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2 b3 c1"), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::OpenReplay, Action::ToggleHelp]);
    assert_eq!(
        help_lines(&screen(&app, 80, 24))[0],
        " Search replay (after s)"
    );
    for (width, height) in [(47, 20), (60, 30), (80, 24)] {
        let lines = help_lines(&screen(&app, width, height));
        assert_eq!(
            lines[0], " Search replay (after s)",
            "{width}×{height}: {lines:#?}"
        );
    }
}

/// `?` from a popup: the help takes its place at the popup's keys (the settings', compare's),
/// and the status bar offers it there as everywhere. PgDn / PgUp turn the help a page.
#[test]
fn the_help_opens_from_the_popups_and_pages() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2"), false);
    run_jobs(&mut app);
    // Through the keys themselves: each popup maps its own (the settings' had no `?`).
    let question =
        ratatui::crossterm::event::KeyEvent::from(ratatui::crossterm::event::KeyCode::Char('?'));
    press(&mut app, &[Action::ToggleSettings]);
    assert!(text(&screen(&app, 80, 24)).contains("? help"));
    let action = tictree::tui::action_for_key(&app, &question);
    assert!(matches!(action, Some(Action::ToggleHelp)), "{action:?}");
    press(&mut app, &[Action::ToggleHelp]);
    assert_eq!(app.popup, Some(tictree::app::Popup::Help));
    // Near the end of the help: its last page, which holds the section.
    let settings = help_lines(&screen(&app, 80, 24));
    assert!(
        settings
            .iter()
            .any(|row| row.starts_with(" Settings (after o)")),
        "{settings:#?}"
    );
    // Closing the help goes back to the settings it was opened from; Esc again closes them.
    press(&mut app, &[Action::Escape]);
    assert_eq!(app.popup, Some(tictree::app::Popup::Settings));
    press(&mut app, &[Action::Escape]);
    assert_eq!(app.popup, None);
    // A comparison still running stops when the help takes its popup's place, as on Esc.
    app.update(Action::Compare);
    assert!(app.comparison.as_ref().is_some_and(|c| c.running()));
    assert!(text(&screen(&app, 80, 24)).contains("? help"));
    let action = tictree::tui::action_for_key(&app, &question);
    assert!(matches!(action, Some(Action::ToggleHelp)), "{action:?}");
    app.update(Action::ToggleHelp);
    let cancelled = std::iter::from_fn(|| app.take_job())
        .any(|job| matches!(job, Job::Cancel(tictree::app::JobKey::Compare)));
    assert!(cancelled, "the comparison is stopped");
    run_jobs(&mut app);
    let compare = help_lines(&screen(&app, 80, 24));
    assert_eq!(compare[0], " Seeing inside the AI", "{compare:#?}");
    // A stopped comparison is not come back to; a finished one is, its table whole.
    press(&mut app, &[Action::Escape]);
    assert_eq!(app.popup, None);
    press(&mut app, &[Action::Compare]);
    assert!(app.comparison.as_ref().is_some_and(|c| !c.running()));
    press(&mut app, &[Action::ToggleHelp]);
    assert_eq!(app.popup, Some(tictree::app::Popup::Help));
    press(&mut app, &[Action::Escape]);
    assert_eq!(app.popup, Some(tictree::app::Popup::Compare));
    assert!(app.comparison.as_ref().is_some_and(|c| !c.running()));
    press(&mut app, &[Action::Escape]);

    // From the top, a page down shows the row below the last one shown.
    press(&mut app, &[Action::ToggleHelp]);
    let first = help_lines(&screen(&app, 80, 24));
    app.update(Action::PageDown);
    let next = help_lines(&screen(&app, 80, 24));
    assert_ne!(next[0], first[0]);
    assert_eq!(app.help_scroll.get(), first.len());
    app.update(Action::PageUp);
    assert_eq!(help_lines(&screen(&app, 80, 24)), first);
}
