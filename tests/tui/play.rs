//! The play experience: the game record (popup, resume command), move now, swapping sides, the
//! game-over banner, discs on gravity boards, and boards that grow with the terminal.

use crate::inline_app::*;
use insta::assert_snapshot;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use tictree::app::{Action, App, Direction, Job, Popup, Seat};
use tictree::engine::{Rules, Skill};

/// A Connect Four game played without the opening book resumes without it: the AI's opening
/// moves come from its own search there.
#[test]
fn a_game_without_the_book_resumes_without_it() {
    for (book, resume) in [
        (
            true,
            "tictree --rules connect4 --x human --o ai:4 --time-ms 0 --moves 44",
        ),
        (
            false,
            "tictree --rules connect4 --x human --o ai:4 --no-book --time-ms 0 --moves 44",
        ),
    ] {
        let mut options = options_from(Rules::CONNECT4, "44");
        options.settings.book = book;
        let app = App::new(options, false);
        assert_eq!(app.record().resume, resume);
    }
}

#[test]
fn the_record_lists_every_move_from_the_empty_board_and_resumes_the_game() {
    // Two moves given with --moves, then a human move and the AI's answer.
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2"), false);
    run_jobs(&mut app);
    play_at(&mut app, "b3");
    let record = app.record();
    assert_eq!(record.length, 4);
    assert_eq!(
        record.summary,
        "tictactoe · X: you · O: AI level 4 · X to move after 4 moves"
    );
    assert_eq!(record.numbered, "1. a3 b2  2. b3 c3");
    assert_eq!(
        record.resume,
        "tictree --rules tictactoe --x human --o ai:4 --time-ms 0 --moves \"a3 b2 b3 c3\""
    );
    // Either flag replaces the whole budget: both are said once it is not the default's.
    let mut deep = app.options.settings;
    deep.time_ms = 1500;
    deep.depth = 6;
    app.options.set(&deep);
    assert!(
        app.record()
            .resume
            .contains(" --o ai:4 --time-ms 1500 --depth 6 --moves "),
        "{}",
        app.record().resume
    );
    deep.depth = 0;
    app.options.set(&deep);
    assert!(app.record().resume.contains(" --o ai:4 --moves "));
    deep.time_ms = 0;
    app.options.set(&deep);
    // Moves taken back are not part of it.
    press(&mut app, &[Action::Undo]);
    assert_eq!(app.record().numbered, "1. a3 b2");
    // `g` shows it, `g` or Esc closes it.
    press(&mut app, &[Action::ShowRecord]);
    assert_eq!(app.popup, Some(Popup::Record));
    let shown = text(&screen(&app, 100, 30));
    assert!(shown.contains("Game record"), "{shown}");
    assert!(
        shown
            .contains("tictree --rules tictactoe --x human --o ai:4 --time-ms 0 --moves \"a3 b2\""),
        "{shown}"
    );
    // Narrower than the command: broken between options, each row but the last ending in ` \`,
    // so the rows copied together are the one command.
    let shown = text(&screen(&app, 48, 24));
    for row in [
        "│ tictree --rules tictactoe --x human \\    │",
        "│   --o ai:4 --time-ms 0 --moves \"a3 b2\"   │",
    ] {
        assert!(shown.contains(row), "{row}\n{shown}");
    }
    // Short: the note that it is printed again goes, then the blank rows; the command stays.
    let shown = text(&screen(&app, 48, 9));
    assert!(!shown.contains("printed again"), "{shown}");
    assert!(
        shown.contains("--o ai:4 --time-ms 0 --moves \"a3 b2\""),
        "{shown}"
    );
    assert!(shown.contains("└ Esc or g closes"), "{shown}");
    // Shorter still: the label, the turns and the summary give way; the command stays whole.
    let shown = text(&screen(&app, 48, 5));
    for row in [
        "│ tictree --rules tictactoe --x human \\    │",
        "│   --o ai:4 --time-ms 0 --moves \"a3 b2\"   │",
    ] {
        assert!(shown.contains(row), "{row}\n{shown}");
    }
    press(&mut app, &[Action::ShowRecord]);
    assert_eq!(app.popup, None);
}

/// With nothing scored yet, `f` makes the perfect player's quick choice, and the log says so:
/// its move is not its judgement.
#[test]
fn f_before_any_move_is_scored_says_the_move_is_a_quick_choice() {
    let mut options = options(Rules::TICTACTOE);
    options.settings.x = Seat::PERFECT;
    let mut app = App::new(options, false);
    app.update(Action::MoveNow);
    assert_eq!(app.game.moves().len(), 1);
    let log = log_text(&app);
    assert_eq!(
        log[log.len() - 2],
        "Move now: no move scored yet, so the AI wins or blocks if it can, else plays at random",
        "{log:?}"
    );
}

#[test]
fn a_paused_ai_moves_once_on_f_with_the_best_move_found_so_far() {
    let mut options = options(Rules::TICTACTOE);
    options.settings.x = Seat::PERFECT;
    options.settings.o = Seat::PERFECT;
    let mut app = App::new(options, false);
    press(&mut app, &[Action::TogglePause]);
    assert!(app.paused);
    // The analysis of the empty board arrives but the AI does not move: it is paused.
    run_jobs(&mut app);
    assert!(app.game.moves().is_empty());
    press(&mut app, &[Action::MoveNow]);
    assert_eq!(app.game.moves().len(), 1, "one move");
    run_jobs(&mut app);
    assert_eq!(app.game.moves().len(), 1, "and paused again");
    let log = log_text(&app);
    assert!(
        log.contains(&"Move now: the AI plays without waiting".to_string()),
        "{log:?}"
    );
    app.update(Action::MoveNow);
    // Mid-search: only the moves scored so far count. Feed one scored move and press f.
    let Some(Job::Analyze(request)) = app.take_job() else {
        panic!("a search of the new position");
    };
    let first = replies(Job::Analyze(request), &tictree::app::KeptSolvers::default()).remove(0);
    let tictree::app::ReplyBody::Move(analysis) = &first.body else {
        panic!("a move reply first");
    };
    let only = analysis.mv;
    app.update(Action::Search(first));
    app.update(Action::MoveNow);
    assert_eq!(app.game.moves().len(), 3);
    assert_eq!(app.game.moves()[2], only, "the only move scored so far");
    assert_eq!(
        log_text(&app).iter().rev().nth(1).unwrap(),
        "Move now: the AI plays the only move scored so far"
    );
}

#[test]
fn f_on_the_humans_turn_says_why_nothing_happens() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::MoveNow]);
    assert!(app.game.moves().is_empty());
    assert_eq!(
        app.notice.as_deref(),
        Some("the AI moves only on its own turn")
    );
}

/// A notice shows until the next key, whatever key: one that means nothing here ends it too.
#[test]
fn any_key_ends_a_notice() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::MoveNow]);
    assert!(app.notice.is_some());
    let unbound = Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::NONE));
    let action = tictree::tui::action(&unbound, &app, Rect::new(0, 0, 80, 24));
    assert!(matches!(action, Some(Action::Unbound)), "{action:?}");
    app.update(action.unwrap());
    assert_eq!(app.notice, None);
    assert!(app.game.moves().is_empty(), "and nothing else happens");
}

/// Behind "terminal too small" the board cannot be seen, so the keys that change the game do
/// nothing there: only quitting, the help and the settings (whose rules may fit) act.
#[test]
fn keys_do_not_play_blind_on_a_screen_too_small() {
    let mut app = App::new(connect4_midgame(), false);
    run_jobs(&mut app);
    let small = Rect::new(0, 0, 60, 18);
    assert!(text(&screen(&app, 60, 18)).contains("too small"));
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    for code in [
        KeyCode::Enter,
        KeyCode::Char('4'),
        KeyCode::Right,
        KeyCode::Char('u'),
        KeyCode::Char('n'),
        KeyCode::Char('R'),
        KeyCode::Char('s'),
        KeyCode::Esc,
    ] {
        let action = tictree::tui::action(&key(code), &app, small);
        assert!(
            matches!(action, Some(Action::Unbound)),
            "{code:?}: {action:?}"
        );
    }
    let acts = |app: &App, code| tictree::tui::action(&key(code), app, small);
    assert!(matches!(acts(&app, KeyCode::Char('q')), Some(Action::Quit)));
    assert!(matches!(
        acts(&app, KeyCode::Char('?')),
        Some(Action::ToggleHelp)
    ));
    let settings = acts(&app, KeyCode::Char('o'));
    assert!(matches!(settings, Some(Action::ToggleSettings)));
    // Once a popup is open its keys work as on any screen (the settings' cursor keys).
    app.update(Action::ToggleSettings);
    assert!(matches!(acts(&app, KeyCode::Right), Some(Action::Move(_))));
    // And on a screen that fits, Enter plays.
    app.update(Action::ToggleSettings);
    let fits = tictree::tui::action(&key(KeyCode::Enter), &app, Rect::new(0, 0, 80, 24));
    assert!(matches!(fits, Some(Action::Place)), "{fits:?}");
}

#[test]
fn w_swaps_sides_and_the_ai_takes_over_the_side_to_move() {
    let mut options = options(Rules::TICTACTOE);
    options.settings.o = Seat::Ai(Skill::WinOrBlock);
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(&mut app, &[Action::SwapSides]);
    assert_eq!(app.options.settings.x, Seat::Ai(Skill::WinOrBlock));
    assert_eq!(app.options.settings.o, Seat::Human);
    // X is to move and is now the AI: it thinks, then plays.
    run_jobs(&mut app);
    assert_eq!(app.game.moves().len(), 1);
    assert_eq!(
        app.record().resume,
        format!(
            "tictree --rules tictactoe --x ai:2 --o human --moves \"{}\"",
            Rules::TICTACTOE.move_name(app.game.moves()[0])
        )
    );
    let log = log_text(&app);
    assert!(
        log.contains(&"Sides swapped: X: AI level 2, O: you".to_string()),
        "{log:?}"
    );
    let shown = text(&screen(&app, 100, 30));
    assert!(shown.contains("X: AI level 2 · O: you"), "{shown}");
}

/// Two AIs: the last move taken back, the sides swapped, the move redone is logged and recorded
/// as it was played, by the AI that played it, not by whoever holds that seat now.
#[test]
fn a_move_redone_after_w_is_credited_to_who_played_it() {
    let mut options = options(Rules::TICTACTOE);
    options.settings.x = Seat::Ai(Skill::WinOrBlock);
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    assert_ne!(app.position().status(), tictree::engine::Status::Ongoing);
    let played = app.game.played_by().to_vec();
    let last = played.len();
    press(&mut app, &[Action::Undo, Action::SwapSides, Action::Redo]);
    assert_eq!(app.game.played_by(), played);
    let by = &played[last - 1];
    let redone = log_text(&app)
        .into_iter()
        .rev()
        .find(|line| line.starts_with(&format!("{last}. ")))
        .expect("the move redone is logged");
    assert!(redone.contains(&format!("({by}) plays")), "{redone}");
}

#[test]
fn a_finished_game_shows_the_banner_with_what_to_press_next() {
    // X a3, O b2, X b3, O c1 blunders: X completes the top row.
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2 b3 c1"), false);
    run_jobs(&mut app);
    play_at(&mut app, "c3");
    let terminal = screen(&app, 100, 30);
    let shown = text(&terminal);
    assert!(shown.contains("★  X WINS  ★"), "{shown}");
    assert!(
        shown.contains("X (you) completed a3 b3 c3 with\u{a0}move\u{a0}5."),
        "{shown}"
    );
    // Two rows of three keys at this width.
    let keys: Vec<&str> = shown
        .lines()
        .filter(|row| row.contains("new game ·") || row.contains("· q quit"))
        .collect();
    assert!(
        keys[0].contains("n new game · u take back · R review  "),
        "{shown}"
    );
    assert!(
        keys[1].contains("Q quiz · g game record · q quit"),
        "{shown}"
    );
    assert_snapshot!("game_over_banner", terminal.backend());
    // Narrow, the sentence wraps but keeps the move's number with its word.
    let narrow = text(&screen(&app, 60, 20));
    assert!(narrow.contains("with\u{a0}move\u{a0}5."), "{narrow}");
}

/// The AI ending the game with its first move after the opening leaves no turn of the human's
/// to go back to: the banner does not offer `u`, which would only say "nothing to undo".
#[test]
fn a_game_the_ai_ended_at_once_offers_no_take_back() {
    // X a1, O b1, X a2, O b2, X c3: O (the AI) completes b3 b2 b1.
    let mut app = App::new(options_from(Rules::TICTACTOE, "a1 b1 a2 b2 c3"), false);
    run_jobs(&mut app);
    run_jobs(&mut app);
    assert!(
        log_text(&app).contains(&"Game over: O (AI level 4) wins with b3 b2 b1".to_string()),
        "{:?}",
        log_text(&app)
    );
    let shown = text(&screen(&app, 100, 30));
    assert!(
        shown.contains("n new game · R review · Q quiz · g game record · q quit"),
        "{shown}"
    );
    assert!(!app.can_undo());
}

/// Over, the game has nothing to explore: with the tree's place focused, the status bar offers
/// no tree keys, and the keys themselves say the game is over rather than "yet".
#[test]
fn a_finished_game_offers_no_tree_keys() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2 b3 c1"), false);
    run_jobs(&mut app);
    play_at(&mut app, "c3");
    press(&mut app, &[Action::FocusNext]);
    assert_eq!(app.focus, tictree::app::Focus::Tree);
    let bar = rows(&screen(&app, 160, 30)).pop().unwrap();
    assert!(!bar.contains("expand") && !bar.contains("line"), "{bar}");
    assert!(bar.contains("n new game"), "{bar}");
    press(&mut app, &[Action::Move(Direction::Right)]);
    assert_eq!(
        app.notice.as_deref(),
        Some("nothing to expand: the game is over")
    );
    press(&mut app, &[Action::ShowLine]);
    assert_eq!(
        app.notice.as_deref(),
        Some("no line to show: the game is over")
    );
}

#[test]
fn gravity_boards_draw_filled_and_hollow_discs() {
    let app = App::new(options_from(Rules::CONNECT4, "4453"), false);
    // Large enough for the biggest discs that fit Connect Four.
    let terminal = screen(&app, 170, 46);
    let shown = text(&terminal);
    assert!(shown.contains("Board · connect4 · ● X ○ O"), "{shown}");
    assert_eq!(
        shown.matches("▄███████▄").count(),
        2,
        "X's two discs: {shown}"
    );
    assert_eq!(
        shown.matches("▄▀     ▀▄").count(),
        2,
        "O's two discs: {shown}"
    );
    assert!(!shown.contains('╳'), "no crosses on a gravity board");
    assert_snapshot!("connect4_discs", terminal.backend());
}

#[test]
fn the_board_grows_with_the_terminal_and_the_move_list_fills_the_rows_below() {
    let app = App::new(options_from(Rules::TICTACTOE, "a3 b2"), false);
    // The X and the O at each size: larger terminals, larger marks.
    for (width, height, x_row, o_row) in [
        (100, 30, "╲ ╱", "╭─╮"),
        (120, 40, "╲       ╱", "╭─────╮"),
        (200, 50, "╲       ╱", "╭─────╮"),
    ] {
        let shown = text(&screen(&app, width, height));
        assert!(
            shown.contains(x_row) && shown.contains(o_row),
            "{width}×{height}:\n{shown}"
        );
        assert!(shown.contains("┌ Moves"), "{width}×{height}:\n{shown}");
        assert!(shown.contains("│ 1. a3 b2"), "{width}×{height}:\n{shown}");
    }
    // At 200×50 the cells are the largest: 15 columns between grid lines.
    let shown = text(&screen(&app, 200, 50));
    assert!(shown.contains("┌───────────────┬"), "{shown}");
}

/// A narrow but tall terminal stacks the board above the tree and the log, and clicks still land
/// on the cell under the pointer.
#[test]
fn a_narrow_tall_terminal_stacks_the_panes_and_clicks_still_hit_their_cells() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2"), false);
    run_jobs(&mut app);
    let terminal = screen(&app, 50, 40);
    let shown = text(&terminal);
    let lines: Vec<&str> = shown.lines().collect();
    let row_of = |needle: &str| lines.iter().position(|l| l.contains(needle)).unwrap();
    assert!(row_of("┌ Board") < row_of("┌ Game tree"), "{shown}");
    assert!(row_of("┌ Game tree") < row_of("┌ Log"), "{shown}");
    assert!(shown.contains("★  b3      0  draw"), "{shown}");
    // The O on b2 sits in the middle of the board: its ring's middle row holds the cursor.
    let area = ratatui::layout::Rect::new(0, 0, 50, 40);
    let y = row_of("[│ │]") as u16;
    let x = lines[usize::from(y)]
        .chars()
        .position(|c| c == '[')
        .unwrap() as u16
        + 2;
    let b2 = Rules::TICTACTOE.parse_cell("b2").unwrap();
    assert_eq!(tictree::ui::cell_at(&app, area, x, y), Some(b2));
    // Too narrow and too short for either arrangement: the message says what is needed.
    let small = text(&screen(&app, 40, 12));
    assert!(small.contains("too small"), "{small}");
}

/// A seat changed during the game: the record names who really played each side's moves, and
/// while the game goes on, who plays it now.
#[test]
fn the_record_names_who_played_when_a_seat_changed() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "b2");
    // X handed to the AI: it plays X's next move at once (O answered already).
    app.options.settings.x = Seat::Ai(Skill::WinOrBlock);
    app.update(Action::MoveNow);
    run_jobs(&mut app);
    let summary = app.record().summary;
    assert!(
        summary.starts_with("tictactoe · X: you, then AI level 2 · O: AI level 4 · "),
        "{summary}"
    );
    // Once the game is over only who played counts: a seat changed after the end is not named.
    while app.position().status() == tictree::engine::Status::Ongoing {
        app.update(Action::MoveNow);
        run_jobs(&mut app);
    }
    app.options.settings.x = Seat::Human;
    let summary = app.record().summary;
    assert!(
        summary.starts_with("tictactoe · X: you, then AI level 2 · O: AI level 4 · "),
        "{summary}"
    );
}

/// Each way of playing on screen: two humans with the analysis on, and two AIs, paused.
#[test]
fn human_against_human_and_ai_against_ai_screens() {
    let mut options = options_from(Rules::TICTACTOE, "a3 b2");
    options.settings.o = Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    let terminal = screen(&app, 100, 30);
    let shown = text(&terminal);
    assert!(shown.contains("X: human · O: human"), "{shown}");
    assert!(shown.contains("X (human) to move: recommended"), "{shown}");
    assert_snapshot!("human_vs_human", terminal.backend());

    let mut options = options_from(Rules::TICTACTOE, "a3");
    options.settings.x = Seat::PERFECT;
    options.settings.o = Seat::Ai(Skill::Shallow(2));
    let mut app = App::new(options, false);
    press(&mut app, &[Action::TogglePause]);
    run_jobs(&mut app);
    let terminal = screen(&app, 100, 30);
    let shown = text(&terminal);
    assert!(shown.contains("X: AI level 4 · O: AI level 3"), "{shown}");
    assert!(
        shown.contains("p resume AI") && shown.contains("f one AI move"),
        "{shown}"
    );
    assert_snapshot!("ai_vs_ai_paused", terminal.backend());
}

/// A pause belongs to the game it was asked in: a new game starts with the AIs playing (new rules
/// likewise: tests/tui_settings.rs).
#[test]
fn a_new_game_starts_unpaused() {
    let mut app = paused_ai_game();
    assert!(app.paused && app.game.moves().is_empty());
    press(&mut app, &[Action::NewGame]);
    assert!(!app.paused);
    run_jobs(&mut app);
    assert!(!app.game.moves().is_empty(), "the AIs play the new game");
}

/// The wheel pages the log when the pointer is over it, whatever pane has the focus, and scrolls
/// the help when it is open.
#[test]
fn the_wheel_pages_the_log_under_it_and_scrolls_the_help() {
    use ratatui::crossterm::event::{MouseEvent, MouseEventKind};
    let area = Rect::new(0, 0, 100, 30);
    let wheel = |kind, (column, row)| {
        Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    };
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2"), false);
    run_jobs(&mut app);
    let spots = |app: &App, over: bool| {
        (0..area.width)
            .flat_map(|x| (0..area.height).map(move |y| (x, y)))
            .find(|&(x, y)| tictree::ui::over_log(app, area, x, y) == over)
            .unwrap()
    };
    let (in_log, elsewhere) = (spots(&app, true), spots(&app, false));
    let up = |app: &App, at| tictree::tui::action(&wheel(MouseEventKind::ScrollUp, at), app, area);
    assert!(matches!(up(&app, in_log), Some(Action::PageUp)));
    assert!(up(&app, elsewhere).is_none());
    app.update(Action::ToggleHelp);
    let down = wheel(MouseEventKind::ScrollDown, elsewhere);
    let action = tictree::tui::action(&down, &app, area);
    assert!(
        matches!(action, Some(Action::Move(Direction::Down))),
        "{action:?}"
    );
}
