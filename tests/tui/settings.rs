//! The settings popup through `App::update` and the screen: each change applies at once, the
//! rules only after "y", hints star the recommended move, the mouse selects and changes rows.

use crate::inline_app::*;
use insta::assert_snapshot;
use ratatui::layout::Rect;
use ratatui::style::Color;
use std::path::PathBuf;
use tictree::app::{Action, App, Direction, Field, Palette, Popup, Seat};
use tictree::engine::{Algorithm, Player, Rules, Skill};

/// Opens the popup and selects a row with the arrow keys, as a person would.
fn select(app: &mut App, field: Field) {
    if app.popup != Some(Popup::Settings) {
        press(app, &[Action::ToggleSettings]);
    }
    for _ in 0..30 {
        if app.settings_menu.selected == field {
            return;
        }
        press(app, &[Action::Move(Direction::Down)]);
    }
    panic!("no row {field:?}");
}

fn right(app: &mut App) {
    press(app, &[Action::Move(Direction::Right)]);
}

fn left(app: &mut App) {
    press(app, &[Action::Move(Direction::Left)]);
}

#[test]
fn the_footer_says_where_changes_go() {
    // `saved`: what the loop tells the app after a save (a read-only file, a directory there),
    // `None` before any; `unsaved_at_start`: the file as read takes no changes (not TOML).
    let footer_of = |config: Option<&str>, saved: Option<bool>, unsaved_at_start: bool| {
        let mut options = options(Rules::TICTACTOE);
        options.config = config.map(PathBuf::from);
        options.config_discards =
            config.is_some_and(|path| tictree::config::discards(path.as_ref()));
        options.config_unsaved = unsaved_at_start;
        let mut app = App::new(options, true);
        run_jobs(&mut app);
        if let Some(saved) = saved {
            app.update(Action::Saved(saved));
        }
        press(&mut app, &[Action::ToggleSettings]);
        let text = text(&screen(&app, 110, 32));
        let start = text.find("changes are").expect("the popup's footer");
        // Up to the popup's right border.
        let footer = text[start..].split('│').next().unwrap_or_default();
        footer.trim().to_string()
    };
    let footer_after = |config, saved| footer_of(config, Some(saved), false);
    let footer = |config| footer_after(config, true);
    // A file that is no TOML takes no changes: said from the start, as the log says it, and
    // until a save succeeds (the file fixed meanwhile).
    assert_eq!(
        footer_of(Some("/tmp/config.toml"), None, true),
        "changes are not saved to /tmp/config.toml (see the log)"
    );
    assert_eq!(
        footer_of(Some("/tmp/config.toml"), Some(true), true),
        "changes are saved to /tmp/config.toml"
    );
    assert_eq!(
        footer(Some("/tmp/config.toml")),
        "changes are saved to /tmp/config.toml"
    );
    // A save that failed: no more promise, and where to read why.
    assert_eq!(
        footer_after(Some("/tmp/config.toml"), false),
        "changes are not saved to /tmp/config.toml (see the log)"
    );
    assert_eq!(
        footer(Some("/dev/null")),
        "changes are not saved (--config /dev/null)"
    );
    assert_eq!(footer(None), "changes are not saved (no config file)");
    // A path's control characters are escaped, as the log quotes them, never dropped.
    assert_eq!(
        footer(Some("/tmp/a\x1b[31mb\nc/config.toml")),
        "changes are saved to /tmp/a\\u{1b}[31mb\\nc/config.toml"
    );
}

/// On a narrow screen a row whose value would be cut gives it the label's padding first; a value
/// still too long ends in `…` and the selected row keeps its `▸` (it was cut mid-word: `on: until
/// every mo`). A short popup gives its blank row above the footer to a setting.
#[test]
fn a_narrow_popup_shortens_long_values() {
    let mut app = App::new(options(Rules::TICTACTOE), true);
    run_jobs(&mut app);
    select(&mut app, Field::Setting("o"));
    let shown = text(&screen(&app, 40, 12));
    assert!(
        shown.contains("│> O plays ◂ AI level 4, perfect ▸     │"),
        "{shown}"
    );
    assert!(
        shown.contains("│  X plays           human             │"),
        "{shown}"
    );
    assert!(
        shown.contains("perfect ▸     │\"\n\"│ changes are"),
        "{shown}"
    );
    // Wide enough, the labels in one column.
    assert!(text(&screen(&app, 110, 32)).contains("> O plays         ◂ AI level 4, perfect ▸"));
    select(&mut app, Field::Setting("keep_analysing"));
    let shown = text(&screen(&app, 40, 12));
    assert!(
        shown.contains("> keep analysing ◂ on: until every… ▸ │"),
        "{shown}"
    );
}

#[test]
fn settings_popup_lists_every_setting() {
    let mut options = options(Rules::TICTACTOE);
    options.config = Some(PathBuf::from("/home/you/.config/tictree/config.toml"));
    let mut app = App::new(options, true);
    run_jobs(&mut app);
    select(&mut app, Field::Setting("o"));
    let terminal = screen(&app, 110, 32);
    let text = text(&terminal);
    for row in [
        "rules",
        "width",
        "height",
        "in a row (k)",
        "gravity",
        "X plays",
        "O plays",
        "algorithm",
        "time per move",
        "depth limit",
        "keep analysing",
        "threads",
        "hints",
        "heat map",
        "mouse",
        "theme",
    ] {
        assert!(text.contains(row), "no {row}:\n{text}");
    }
    assert!(
        text.contains("> O plays         ◂ AI level 4, perfect ▸"),
        "{text}"
    );
    assert!(text.contains("changes are saved to /home/you/.config/tictree/config.toml"));
    assert_snapshot!("settings", terminal.backend());
    // Esc closes it without quitting; nothing was changed, so nothing is to be saved.
    press(&mut app, &[Action::Escape]);
    assert!(app.popup.is_none() && !app.should_quit());
    assert_eq!(app.take_settings_change(), None);
}

#[test]
fn the_popup_lowers_o_level_and_the_next_ai_move_says_so() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    select(&mut app, Field::Setting("o"));
    left(&mut app); // 4 → 3
    left(&mut app); // 3 → 2
    assert_eq!(app.options.settings.o, Seat::Ai(Skill::WinOrBlock));
    assert!(log_text(&app).contains(&"Setting: O plays AI level 2, win or block".to_string()));
    let saved = app.take_settings_change().expect("a change to save");
    assert_eq!(saved.o.to_string(), "ai:2");
    press(&mut app, &[Action::Escape]);
    play_at(&mut app, "a3");
    let log = log_text(&app);
    assert!(
        log.iter().any(|l| l.starts_with("2. O (AI level 2) plays")),
        "{log:#?}"
    );
    assert!(screen_text(&app).contains("O: AI level 2"));
}

#[test]
fn level_three_has_a_depth_row() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    select(&mut app, Field::Setting("x"));
    assert!(!screen_text(&app).contains("level 3 depth"));
    for _ in 0..3 {
        right(&mut app); // human → 1 → 2 → 3
    }
    assert_eq!(app.options.settings.x, Seat::Ai(Skill::Shallow(2)));
    select(&mut app, Field::ShallowDepth(Player::X));
    right(&mut app);
    right(&mut app);
    assert_eq!(app.options.settings.x.to_string(), "ai:3:4");
    assert!(screen_text(&app).contains("level 3 depth ◂ 4 plies ▸"));
}

#[test]
fn a_rules_change_asks_before_a_new_game() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "a3");
    select(&mut app, Field::Setting("rules"));
    right(&mut app);
    right(&mut app);
    right(&mut app);
    // Nothing changed yet: the popup asks.
    assert_eq!(app.position().rules(), &Rules::TICTACTOE);
    assert!(screen_text(&app).contains("New game with connect4? [y] yes  [n] no"));
    assert_eq!(app.take_settings_change(), None);
    // n (or Esc) keeps the game.
    press(&mut app, &[Action::Answer(false)]);
    assert_eq!(app.game.moves().len(), 2);
    assert_eq!(app.settings_menu.draft, None);
    assert_eq!(app.popup, Some(Popup::Settings), "the popup stays open");
    // A custom board: 3×3 with gravity, then Enter: yes, and the popup closes.
    select(&mut app, Field::Gravity);
    right(&mut app);
    press(&mut app, &[Action::Place]);
    assert_eq!(app.popup, None);
    let rules: Rules = "3x3k3g".parse().unwrap();
    assert_eq!(app.position().rules(), &rules);
    assert!(app.game.moves().is_empty());
    assert!(
        log_text(&app)
            .contains(&"New game: 3x3k3g — X: you, O: AI level 4, algorithm minimax".into())
    );
    assert_eq!(app.take_settings_change().map(|s| s.rules), Some(rules));
    // The new game is played under the new rules: a drop in column a lands on a1.
    play_at(&mut app, "a3");
    assert_eq!(rules.move_name(app.game.moves()[0]), "a1");
}

/// The popup's border and the status bar name the keys as they act: while the rules question
/// waits, Enter and Esc answer it (and `?` still opens the help); at 40 columns no key loses
/// its meaning to the width, and ←→, what the popup is for, stays in the status bar.
#[test]
fn the_keys_shown_are_the_keys_as_they_act_at_any_width() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    select(&mut app, Field::Setting("rules"));
    // The popup's bottom border (the line of its keys) and the status bar.
    let last_two = |app: &App, width: u16, height: u16| {
        let text = text(&screen(app, width, height));
        let lines: Vec<&str> = text.lines().collect();
        let border = lines
            .iter()
            .find(|line| line.contains("└") && line.contains("Esc"));
        let bar = lines.last().expect("a screen").trim_matches('"').trim();
        (
            border.unwrap_or_else(|| panic!("{text}")).to_string(),
            bar.to_string(),
        )
    };
    let (border, bar) = last_two(&app, 40, 12);
    // ↑↓ stays on the border of a popup that scrolls: it is how to reach the rows below.
    assert!(
        border.contains("▼ more · ↑↓ row · ←→ set · Esc close"),
        "{border}"
    );
    assert_eq!(bar, "←→ change  Esc close  ? help  q quit");
    right(&mut app);
    let (border, bar) = last_two(&app, 40, 12);
    assert!(border.contains("Enter yes, close · Esc no"), "{border}");
    assert_eq!(bar, "y new game  n keep  ? help  q quit");
    let (border, bar) = last_two(&app, 100, 30);
    assert!(border.contains("Enter yes, close · Esc no"), "{border}");
    assert_eq!(
        bar,
        "y new game  Enter new game, close  n/Esc keep the rules  ? help  q quit"
    );
    // Narrower than any game (the popup over "too small"), the keys that always show give way
    // to the way out, help and quit, never cut in the middle: `? help  q` had lost `quit`.
    let bar_at = |app: &App, width: u16| {
        let text = text(&screen(app, width, 10));
        let last = text.lines().last().unwrap_or_default().trim_matches('"');
        last.trim().to_string()
    };
    assert_eq!(bar_at(&app, 30), "n keep  ? help  q quit");
    assert_eq!(bar_at(&app, 20), "? help  q quit");
    press(&mut app, &[Action::Escape]);
    assert_eq!(app.settings_menu.draft, None);
    assert_eq!(bar_at(&app, 30), "Esc close  ? help  q quit");
}

#[test]
fn new_rules_forget_the_opening_of_the_old_ones() {
    // Found by tests/tui_props.rs: the record named the --moves of the old board under the new
    // rules, and drawing the move list panicked on cells beyond the new board.
    let mut options = options_from("4x4".parse().unwrap(), "d1 a4");
    options.settings.algorithm = Algorithm::Engine;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    assert_eq!(app.record().numbered, "1. d1 a4");
    select(&mut app, Field::Setting("rules"));
    left(&mut app);
    press(&mut app, &[Action::Answer(true)]);
    assert_eq!(app.position().rules(), &Rules::TICTACTOE);
    let record = app.record();
    assert_eq!((record.length, record.numbered.as_str()), (0, ""));
    assert_eq!(
        record.resume,
        "tictree --rules tictactoe --x human --o ai:4 --time-ms 0"
    );
    press(&mut app, &[Action::Escape]);
    let screen = screen_text(&app);
    assert!(screen.contains("New game: tictactoe"), "{screen}");
    assert!(!screen.contains("d1"), "{screen}");
}

/// The game waits while the settings are open, and in the help opened from them: a seat stepped
/// through the levels plays only as the level chosen, once the popup closes.
#[test]
fn a_side_handed_to_the_ai_moves_once_the_settings_close() {
    let mut options = options(Rules::TICTACTOE);
    options.settings.o = Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    play_at(&mut app, "b2");
    assert_eq!(app.game.moves().len(), 1, "O is human: nobody answered");
    select(&mut app, Field::Setting("o"));
    right(&mut app); // human → level 1
    right(&mut app); // level 1 → level 2
    left(&mut app); // back to level 1
    left(&mut app); // human
    left(&mut app); // level 4 (the list wraps), whose analysis of the position is done
    run_jobs(&mut app);
    assert_eq!(
        app.game.moves().len(),
        1,
        "no move while the settings are open"
    );
    // Nor in the help opened from them, which goes back to them.
    press(&mut app, &[Action::ToggleHelp]);
    run_jobs(&mut app);
    assert_eq!(app.game.moves().len(), 1, "no move in the settings' help");
    press(&mut app, &[Action::Escape]);
    assert_eq!(app.popup, Some(tictree::app::Popup::Settings));
    press(&mut app, &[Action::Escape]);
    run_jobs(&mut app);
    assert_eq!(
        app.game.moves().len(),
        2,
        "O, now the AI, moved once they closed"
    );
    assert!(
        log_text(&app)
            .iter()
            .any(|l| l.starts_with("2. O (AI level 4) plays"))
    );
}

#[test]
fn a_running_ai_search_becomes_a_hint_when_the_side_turns_human() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "b2");
    let moves = app.game.moves().len();
    // Again, but change O to human while its search is still queued.
    press(&mut app, &[Action::Undo]);
    app.update(Action::Place);
    assert!(app.ai_to_move());
    app.update(Action::ToggleSettings);
    for _ in 0..6 {
        app.update(Action::Move(Direction::Down));
    }
    assert_eq!(app.settings_menu.selected, Field::Setting("o"));
    app.update(Action::Move(Direction::Right)); // level 4 → human (wraps)
    assert_eq!(app.options.settings.o, Seat::Human);
    run_jobs(&mut app);
    assert_eq!(moves, 2);
    assert_eq!(app.game.moves().len(), 1, "nobody answered for O");
    let log = log_text(&app);
    assert!(
        log.last()
            .unwrap()
            .starts_with("O (human) hint: minimax checked"),
        "{log:#?}"
    );
}

#[test]
fn algorithm_and_budget_apply_to_a_new_search_of_the_position() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2"), false);
    run_jobs(&mut app);
    let hints = |app: &App| {
        log_text(app)
            .iter()
            .filter(|l| l.contains(" hint"))
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(hints(&app).len(), 1);
    select(&mut app, Field::Setting("algorithm"));
    right(&mut app); // minimax → alphabeta
    assert_eq!(app.options.settings.algorithm.name(), "alphabeta");
    select(&mut app, Field::Setting("depth"));
    right(&mut app);
    right(&mut app);
    assert_eq!(app.options.budget().depth, Some(2));
    // Stepping through values leaves one line per setting, not one per step, and no search
    // runs until the popup closes (each value passed had been searched and logged).
    let lines = log_text(&app);
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("Setting: depth"))
            .count(),
        1
    );
    assert!(lines.contains(&"Setting: depth limit 2 plies".to_string()));
    assert_eq!(hints(&app).len(), 1, "{lines:#?}");
    press(&mut app, &[Action::Escape]);
    let hints = hints(&app);
    assert_eq!(hints.len(), 2, "{hints:#?}");
    assert!(hints[1].contains("alphabeta checked"), "{hints:#?}");
    assert!(hints[1].contains("depth 2"), "{hints:#?}");
}

#[test]
fn hints_star_the_recommended_move_on_the_board() {
    // X a3, O a2, X b3, O b2: X wins at once on c3, the one best move.
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 a2 b3 b2"), false);
    run_jobs(&mut app);
    let star_in_a_cell = "│   ★   │";
    assert!(app.board_view().hints.is_empty());
    assert!(!screen_text(&app).contains(star_in_a_cell));
    select(&mut app, Field::Setting("hints"));
    right(&mut app);
    press(&mut app, &[Action::Escape]);
    let c3 = Rules::TICTACTOE.parse_cell("c3").unwrap();
    assert_eq!(app.board_view().hints, vec![c3]);
    let text = screen_text(&app);
    assert!(text.contains(star_in_a_cell), "{text}");
    // The heat map shows the score there; the star moves to the cell's corner.
    press(&mut app, &[Action::ToggleHeat]);
    assert!(screen_text(&app).contains("│★      │"));
    assert!(
        app.take_settings_change()
            .is_some_and(|s| s.hints && s.heat_map)
    );
}

#[test]
fn mono_theme_draws_without_colour() {
    let mut app = App::new(options(Rules::TICTACTOE), true);
    run_jobs(&mut app);
    let coloured = |app: &App| {
        let terminal = screen(app, 110, 32);
        terminal
            .backend()
            .buffer()
            .content()
            .iter()
            .filter(|cell| cell.fg != Color::Reset)
            .count()
    };
    assert!(coloured(&app) > 0);
    select(&mut app, Field::Setting("theme"));
    right(&mut app);
    assert_eq!(app.options.settings.theme, Palette::Light);
    assert!(coloured(&app) > 0);
    right(&mut app);
    assert_eq!(app.options.settings.theme, Palette::Mono);
    assert_eq!(coloured(&app), 0);
}

/// Under NO_COLOR (the app drawn without colour) every palette that promises colour says it
/// has none, light as well as default; mono needs no note.
#[test]
fn no_color_is_noted_on_every_palette_but_mono() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleSettings]);
    select(&mut app, Field::Setting("theme"));
    let theme_row = |app: &App| {
        text(&screen(app, 110, 32))
            .lines()
            .find(|l| l.contains("theme "))
            .map(|l| l.split_whitespace().skip(2).collect::<Vec<_>>().join(" "))
            .unwrap()
    };
    assert!(
        theme_row(&app).contains("default (NO_COLOR: no colour)"),
        "{}",
        theme_row(&app)
    );
    right(&mut app);
    assert!(
        theme_row(&app).contains("light (NO_COLOR: no colour)"),
        "{}",
        theme_row(&app)
    );
    right(&mut app);
    assert!(theme_row(&app).contains("mono"), "{}", theme_row(&app));
    assert!(!theme_row(&app).contains("NO_COLOR"), "{}", theme_row(&app));
}

#[test]
fn the_mouse_selects_a_row_and_changes_it() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleSettings]);
    let area = Rect::new(0, 0, 110, 32);
    let text = screen_text(&app);
    let (y, line) = text
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains("  mouse  "))
        .expect("a mouse row");
    let x = line[..line.find("  mouse").unwrap()].chars().count() + 3;
    let hit = tictree::ui::settings_hit(&app, area, x as u16, y as u16);
    assert_eq!(
        hit,
        Some(tictree::ui::SettingsHit::Row(Field::Setting("mouse")))
    );
    // The first click selects, the second changes.
    press(&mut app, &[Action::SettingsClick(Field::Setting("mouse"))]);
    assert_eq!(app.settings_menu.selected, Field::Setting("mouse"));
    assert!(app.options.settings.mouse);
    press(&mut app, &[Action::SettingsClick(Field::Setting("mouse"))]);
    assert!(!app.options.settings.mouse);
    // Outside the popup is no row.
    assert_eq!(tictree::ui::settings_hit(&app, area, 0, 0), None);
}

#[test]
fn the_rules_question_answers_to_clicks() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    select(&mut app, Field::Setting("rules"));
    right(&mut app);
    let area = Rect::new(0, 0, 110, 32);
    let text = screen_text(&app);
    let (y, line) = text
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains("[y] yes"))
        .expect("the question");
    let column = |word: &str| line[..line.find(word).unwrap()].chars().count() as u16;
    let hit = |x| tictree::ui::settings_hit(&app, area, x, y as u16);
    use tictree::ui::SettingsHit::Answer;
    assert_eq!(hit(column("[y] yes") + 1), Some(Answer(true)));
    assert_eq!(hit(column("[n] no") + 1), Some(Answer(false)));
    assert_eq!(hit(column("New game")), None);
}

#[test]
fn a_short_terminal_scrolls_the_popup_to_the_selection() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleSettings]);
    let shown = text(&screen(&app, 60, 20));
    assert!(shown.contains("▼ more"), "{shown}");
    assert!(!shown.contains("theme"));
    select(&mut app, Field::Setting("theme"));
    let shown = text(&screen(&app, 60, 20));
    assert!(shown.contains("> theme"), "{shown}");
    assert!(shown.contains(" ▲ more · ↑↓ select"), "{shown}");
    // In the middle, rows are hidden both ways, and the mark says both.
    press(&mut app, &[Action::Move(Direction::Up)]);
    let shown = text(&screen(&app, 80, 24));
    assert!(shown.contains("> mouse"), "{shown}");
    assert!(!shown.contains("theme"), "{shown}");
    assert!(shown.contains(" ▲▼ more · ↑↓ select"), "{shown}");
    // And at every size, however small, it draws without panicking.
    for width in (0..80).step_by(3) {
        for height in 0..30 {
            screen(&app, width, height);
        }
    }
}

#[test]
fn q_quits_from_the_popup_and_m_is_a_saved_setting() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleHeat]);
    assert!(app.take_settings_change().is_some_and(|s| s.heat_map));
    assert_eq!(app.take_settings_change(), None, "taken once");
    press(&mut app, &[Action::ToggleSettings, Action::Quit]);
    assert!(app.should_quit());
}

fn screen_text(app: &App) -> String {
    text(&screen(app, 110, 32))
}

/// With two AIs the popup offers their pace, and the next search of an AI move is held back by
/// the new pace; with a human playing, the row is not there.
#[test]
fn two_ais_get_a_pace_row_that_sets_the_time_per_move() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleSettings]);
    assert!(!tictree::app::fields(&app.settings()).contains(&Field::Setting("pace_ms")));
    press(&mut app, &[Action::ToggleSettings]);
    let mut app = paused_ai_game();
    select(&mut app, Field::Setting("pace_ms"));
    let shown = screen_text(&app);
    assert!(shown.contains("AI vs AI pace"), "{shown}");
    assert!(shown.contains("◂ 400 ms a move at least ▸"), "{shown}");
    right(&mut app);
    assert_eq!(app.options.pace(), std::time::Duration::from_millis(1000));
    assert!(log_text(&app).contains(&"Setting: AI vs AI pace 1 s a move at least".to_string()));
    press(&mut app, &[Action::Escape]);
    app.update(Action::MoveNow);
    let Some(tictree::app::Job::Analyze(request)) = app.take_job() else {
        panic!("the next position is searched");
    };
    assert_eq!(request.pace, std::time::Duration::from_millis(1000));
}

/// The light theme keeps the terminal's own colours but swaps the pale ones: X in blue rather
/// than cyan, O in magenta rather than light magenta, and the last move in black rather than
/// yellow (it was blue, X's colour: a new O looked like an X).
#[test]
fn the_light_theme_draws_the_marks_in_darker_colours() {
    let mark_colours = |theme: Palette| {
        // Away from the cursor (on b2) and the last move (c1, below the others), whose tokens
        // have their own colours.
        let mut options = options_from(Rules::TICTACTOE, "a3 a1 c1");
        options.settings.theme = theme;
        let app = App::new(options, true);
        let terminal = screen(&app, 100, 30);
        let buffer = terminal.backend().buffer();
        let colour_of = |symbol: &str| {
            buffer
                .content()
                .iter()
                .find(|cell| cell.symbol() == symbol)
                .map(|cell| cell.fg)
        };
        // The last move's parenthesis: the first "(" below the title, left of the board's
        // right border (the tree's and the log's are right of it).
        let width = usize::from(buffer.area.width);
        let last = buffer
            .content()
            .iter()
            .enumerate()
            .find(|(i, cell)| i / width > 0 && i % width < 30 && cell.symbol() == "(")
            .map(|(_, cell)| cell.fg);
        (colour_of("╳"), colour_of("╭"), last)
    };
    assert_eq!(
        mark_colours(Palette::Default),
        (
            Some(Color::Cyan),
            Some(Color::LightMagenta),
            Some(Color::Yellow)
        )
    );
    assert_eq!(
        mark_colours(Palette::Light),
        (Some(Color::Blue), Some(Color::Magenta), Some(Color::Black))
    );
    assert_eq!(
        mark_colours(Palette::Mono),
        (Some(Color::Reset), Some(Color::Reset), Some(Color::Reset))
    );
}

/// New rules start a new game, and a pause belongs to the game it was asked in: the new one starts
/// with the AIs playing.
#[test]
fn new_rules_start_unpaused() {
    let mut app = paused_ai_game();
    select(&mut app, Field::Setting("rules"));
    right(&mut app);
    // Answered without running the new game's searches: only the pause is in question.
    app.update(Action::Answer(true));
    assert_ne!(app.position().rules(), &Rules::TICTACTOE);
    assert!(!app.paused);
}

#[test]
fn swapped_sides_are_not_saved_with_a_later_change() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::SwapSides]);
    assert_eq!(app.options.settings.x, Seat::PERFECT);
    assert_eq!(app.options.settings.o, Seat::Human);
    assert_eq!(app.take_settings_change(), None, "w alone saves nothing");
    // Another setting changed afterwards is saved with the seats on the colours they were set for.
    press(&mut app, &[Action::ToggleHeat]);
    let saved = app.take_settings_change().expect("a change to save");
    assert!(saved.heat_map);
    assert_eq!((saved.x, saved.o), (Seat::Human, Seat::PERFECT));
    // A change to a seat after the swap lands on the colour that seat was set for: X's row now
    // shows the AI, which the file calls O.
    run_jobs(&mut app);
    select(&mut app, Field::Setting("x"));
    left(&mut app);
    let saved = app.take_settings_change().expect("a change to save");
    assert_eq!(saved.x, Seat::Human);
    assert_eq!(saved.o, app.options.settings.x);
    assert_ne!(saved.o, Seat::PERFECT);
    // The log says so: the row said X, the file says O.
    let said = log_text(&app)
        .into_iter()
        .rfind(|l| l.starts_with("Setting: X plays"));
    assert_eq!(
        said.unwrap(),
        "Setting: X plays AI level 3, 2 plies (saved as O's: the sides are swapped until \
         tictree ends)"
    );
    // Swapping back restores the seats as saved.
    press(&mut app, &[Action::Escape, Action::SwapSides]);
    assert_eq!(
        (app.options.settings.x, app.options.settings.o),
        (saved.x, saved.o)
    );
}

/// The rules question takes the footer's place without changing the popup's width: a long
/// config path had widened it, and the question made it jump narrower and back.
#[test]
fn the_rules_question_keeps_the_popups_width() {
    let popup_width = |app: &App| {
        let text = text(&screen(app, 110, 32));
        let top = text
            .lines()
            .find(|l| l.contains("┌ Settings"))
            .expect("the popup");
        let from = top.find("┌ Settings").unwrap();
        top[from..]
            .chars()
            .position(|c| c == '┐')
            .expect("its corner")
            + 1
    };
    let mut options = options(Rules::TICTACTOE);
    options.config = Some(PathBuf::from(
        "/home/someone-with-a-long-name/.config/tictree/config.toml",
    ));
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    select(&mut app, Field::Setting("rules"));
    let before = popup_width(&app);
    right(&mut app);
    assert!(screen_text(&app).contains("New game with"));
    assert_eq!(popup_width(&app), before);
}
