//! Whole-screen snapshots of the main states (review each `.snap` by eye when it changes).

mod tui_support;

use insta::assert_snapshot;
use tictree::app::{Action, App, Direction, Seat};
use tictree::engine::Rules;
use tui_support::*;

#[test]
fn start_screen_shows_every_candidate_with_its_score() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    settle(&mut app);
    let terminal = screen(&app, 110, 32);
    let text = text(&terminal);
    // Textbook minimax from the empty board counts the seed notebook's 549,945 moves checked.
    assert!(text.contains("549,945 nodes"), "{text}");
    assert!(text.contains("X (you) to move"));
    assert_snapshot!("start", terminal.backend());
}

#[test]
fn mid_game_lists_scores_outcomes_and_lines() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    settle(&mut app);
    play_at(&mut app, "a3");
    play_at(&mut app, "c1");
    let terminal = screen(&app, 110, 32);
    let text = text(&terminal);
    assert_eq!(app.game.moves().len(), 4, "two moves each");
    assert!(text.contains("loss in 1"), "{text}");
    assert!(text.contains("(X)") || text.contains("(O)") || text.contains("last"));
    assert_snapshot!("mid_game", terminal.backend());
}

#[test]
fn game_over_shows_the_winning_line_and_the_result() {
    // X a3, O b2, X b3, O c3, X a2: O completes c3-b2-a1 at once.
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2 b3 c3 a2"), false);
    settle(&mut app);
    let terminal = screen(&app, 100, 30);
    let text = text(&terminal);
    assert!(text.contains("★ O WINS ★"), "{text}");
    assert_eq!(
        text.matches("*│ │*").count(),
        3,
        "winning cells are starred"
    );
    assert!(log_text(&app).contains(&"Game over: O (AI level 4) wins with c3 b2 a1".to_string()));
    assert_snapshot!("game_over", terminal.backend());
}

#[test]
fn help_popup_lists_every_key_and_esc_closes_it() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    settle(&mut app);
    press(&mut app, &[Action::ToggleHelp]);
    let terminal = screen(&app, 100, 30);
    assert_snapshot!("help", terminal.backend());
    // Taller than the terminal: ↓ scrolls it, and every key of every section shows on the way.
    let mut seen = text(&terminal);
    for _ in 0..tictree::app::HELP
        .iter()
        .map(|s| s.keys.len() + 2)
        .sum::<usize>()
    {
        app.update(Action::Move(Direction::Down));
        seen.push_str(&text(&screen(&app, 100, 30)));
    }
    for section in tictree::app::HELP {
        assert!(seen.contains(section.title), "help lacks {}", section.title);
        for (key, what) in section.keys {
            assert!(seen.contains(&format!("{key}  {what}")), "help lacks {key}");
        }
    }
    // Keys other than Esc/?/q do nothing while the popup is open; Esc closes it, not the app.
    press(&mut app, &[Action::Move(Direction::Left), Action::Escape]);
    assert!(app.popup.is_none() && !app.should_quit());
    assert_eq!(app.cursor, (1, 1));
}

#[test]
fn too_small_terminal_says_what_it_needs_and_recovers() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    settle(&mut app);
    let (w, h) = tictree::ui::min_size(&Rules::TICTACTOE);
    let small = screen(&app, 40, 12);
    let shown = text(&small);
    assert!(
        shown.contains(&format!("terminal too small: need {w}×{h}")),
        "{shown}"
    );
    assert!(shown.contains("now 40×12"));
    assert_snapshot!("too_small", small.backend());
    let just_enough = screen(&app, w, h);
    assert!(!text(&just_enough).contains("too small"));
    assert!(text(&just_enough).contains("Board"));
}

#[test]
fn drawing_never_panics_at_any_size() {
    for rules in [Rules::TICTACTOE, Rules::CONNECT4, "8x8k5".parse().unwrap()] {
        let mut app = App::new(options(rules), true);
        let _ = app.take_job(); // Big boards are not searched here: the screen must cope anyway.
        app.update(Action::ToggleHelp);
        for width in (0..140).step_by(3) {
            for height in (0..50).step_by(2) {
                screen(&app, width, height);
            }
        }
    }
}

#[test]
fn connect4_cursor_shows_where_the_mark_lands() {
    let rules = Rules::CONNECT4;
    let mut options = options_from(rules, "341251664715213456754671541364");
    // Minimax would take seconds here; alpha-beta's counts are just as stable.
    options.algorithm = tictree::engine::Algorithm::AlphaBeta;
    let mut app = App::new(options, false);
    settle(&mut app);
    // Column b: the mark lands on b3, above the marks in b1 and b2.
    app.update(Action::Move(Direction::Left));
    app.update(Action::Move(Direction::Left));
    let terminal = screen(&app, 110, 34);
    let text = text(&terminal);
    assert!(text.contains('▼'), "{text}");
    assert_eq!(
        app.cursor_move().map(|m| rules.move_name(m)),
        Some("b3".into())
    );
    assert!(text.contains("loss in 6"), "{text}");
    assert_snapshot!("connect4", terminal.backend());
    press(&mut app, &[Action::Place]);
    assert_eq!(app.game.moves().len(), 2, "X dropped in b, the AI answered");
}

#[test]
fn eight_by_eight_board_fills_in_live() {
    let rules: Rules = "8x8k5".parse().unwrap();
    let mut options = options_from(rules, "d5 e4 e5");
    options.x = Seat::PERFECT;
    options.o = Seat::Human;
    let mut app = App::new(options, false);
    // The exact search of an 8×8 board does not finish quickly: the pane shows what has arrived.
    let _ = app.take_job();
    let terminal = screen(&app, 120, 40);
    let text = text(&terminal);
    assert!(text.contains("searching… 0 of 61 moves scored"), "{text}");
    assert!(text.contains(" h "), "column letters run to h: {text}");
    assert_snapshot!("eight_by_eight", terminal.backend());
}
