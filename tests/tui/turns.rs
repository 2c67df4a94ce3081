//! Behaviour of the app through actions: searches, stale results, undo, the AI's choice, input.

use crate::inline_app::*;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Modifier};
use std::collections::HashSet;
use tictree::app::{Action, App, Direction, Focus, Job, JobKey, KeptSolvers, LogKind, Popup, Seat};
use tictree::engine::{Position, Rules, Skill, Status};
use tictree::tui::{action_for_key, key_action};

fn request(app: &mut App) -> tictree::app::SearchRequest {
    match app.take_job() {
        Some(Job::Analyze(request)) => request,
        other => panic!("expected a search request, got {other:?}"),
    }
}

#[test]
fn the_log_counts_moves_checked_like_the_seed_notebook() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "a3");
    let log = log_text(&app);
    assert!(
        log[1].contains("minimax checked 549,945 moves in 1.50 ms"),
        "{log:?}"
    );
    assert_eq!(log[2], "1. X (you) plays a3 — score 0 (draw)");
    assert!(
        log[3].starts_with("O (AI level 4) thinks: minimax checked 59,704 moves"),
        "{log:?}"
    );
    assert!(
        log[4].starts_with("2. O (AI level 4) plays b2 — score 0 (draw)"),
        "{log:?}"
    );
}

#[test]
fn the_tree_fills_in_live_best_first() {
    // X to move after a3 b2 c1 b3; the search's messages are fed one at a time.
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2 c1 b3"), false);
    let req = request(&mut app);
    let mut messages = replies(Job::Analyze(req), &KeptSolvers::default());
    let first = messages.remove(0);
    app.update(Action::Search(first));
    assert_eq!(app.search.moves.len(), 1);
    assert!(app.search.running());
    let shown = text(&screen(&app, 100, 30));
    assert!(shown.contains(&format!(
        "searching… 1 of {} moves scored",
        app.search.total
    )));
    for message in messages {
        app.update(Action::Search(message));
    }
    let scores: Vec<i32> = app.search.moves.iter().map(|m| m.value.rank()).collect();
    let mut sorted = scores.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(scores, sorted, "best first while filling in");
    assert_eq!(
        app.search
            .best()
            .iter()
            .map(|&m| Rules::TICTACTOE.move_name(m))
            .collect::<Vec<_>>(),
        ["b1"]
    );
}

#[test]
fn a_stale_result_is_never_applied() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    let old = request(&mut app);
    // The human moves before the hint search finishes: a new search for O replaces it.
    app.update(Action::Place);
    let new = request(&mut app);
    assert!(new.generation > old.generation);
    for reply in replies(Job::Analyze(old), &KeptSolvers::default()) {
        app.update(Action::Search(reply));
    }
    assert!(
        app.search.moves.is_empty(),
        "the old position's moves are not shown"
    );
    assert_eq!(
        app.game.moves().len(),
        1,
        "the AI did not move on a stale result"
    );
}

#[test]
fn undo_while_the_ai_thinks_cancels_and_returns_to_the_human() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    app.update(Action::Place); // X b2; the AI's search is requested but not run.
    let thinking = request(&mut app);
    assert!(app.ai_to_move());
    app.update(Action::Undo);
    assert!(app.human_to_move());
    assert!(app.game.moves().is_empty());
    let replacement = request(&mut app);
    assert!(replacement.generation > thinking.generation);
    // The cancelled search's answer arrives late: ignored.
    for reply in replies(Job::Analyze(thinking), &KeptSolvers::default()) {
        app.update(Action::Search(reply));
    }
    assert!(app.game.moves().is_empty());
}

/// When the AI opened the game, undo has no turn of the human's to go back to: taking the AI's
/// move back would only have it play again.
#[test]
fn undo_refuses_the_ais_opening_move() {
    let mut options = options(Rules::TICTACTOE);
    options.settings.x = Seat::Ai(Skill::WinOrBlock);
    options.settings.o = Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    assert_eq!(app.game.moves().len(), 1, "the AI opened");
    // The status bar does not offer what undo would refuse.
    assert!(!app.can_undo());
    assert!(!text(&screen(&app, 120, 40)).contains("u undo"));
    press(&mut app, &[Action::Undo]);
    assert_eq!(
        app.notice.as_deref(),
        Some("nothing to undo: the AI's move came before your first turn")
    );
    assert_eq!(app.game.moves().len(), 1);
    // Once the human has played, undo goes back to that turn.
    let free = app.position().legal_moves()[0];
    play_at(&mut app, &Rules::TICTACTOE.move_name(free));
    assert_eq!(app.game.moves().len(), 3);
    assert!(app.can_undo());
    press(&mut app, &[Action::Undo]);
    assert_eq!(app.game.moves().len(), 1);
    assert!(app.human_to_move());
    // After an opening (--moves, a paste) the AI answered: the refusal says where the game began.
    let mut options = options_from(Rules::TICTACTOE, "b2 a3 c1");
    options.settings.o = Seat::Ai(Skill::WinOrBlock);
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    assert_eq!(app.game.moves().len(), 1, "the AI answered the opening");
    press(&mut app, &[Action::Undo]);
    assert_eq!(
        app.notice.as_deref(),
        Some("nothing to undo: the AI's move came first after the opening")
    );
}

#[test]
fn undo_goes_back_to_the_humans_previous_turn_and_redo_replays() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "a3");
    play_at(&mut app, "c1");
    assert_eq!(app.game.moves().len(), 4);
    press(&mut app, &[Action::Undo]);
    assert_eq!(
        app.game.moves().len(),
        2,
        "X's move and O's reply are taken back"
    );
    assert!(app.human_to_move());
    let moves_logged = |app: &App| -> Vec<String> {
        log_text(app)
            .into_iter()
            .filter(|line| line.starts_with("3. ") || line.starts_with("4. "))
            .collect()
    };
    let played = moves_logged(&app);
    press(&mut app, &[Action::Redo]);
    assert_eq!(
        app.game.moves().len(),
        4,
        "redo replays X's move and O's reply"
    );
    // Each redone move is logged as it was played, its score included, though the analysis of
    // the position before O's reply has not run again.
    let redone = moves_logged(&app)[2..].to_vec();
    assert_eq!(redone, played);
    let log = log_text(&app);
    let redo = log
        .iter()
        .position(|line| line == "Redo: forward through move 4");
    let redo = redo.unwrap_or_else(|| panic!("{log:?}"));
    assert_eq!(log[redo + 1..redo + 3], played[..], "the moves follow it");
    assert!(redone[1].contains(" — score "), "{redone:?}");
    press(&mut app, &[Action::NewGame]);
    assert!(app.game.moves().is_empty());
    press(&mut app, &[Action::Undo]);
    assert_eq!(app.notice.as_deref(), Some("nothing to undo"));
    // Opening moves (--moves) are where the game starts: undo says so. The review judges
    // them (tests/tui/review.rs).
    let mut app = App::new(options_from(Rules::TICTACTOE, "b2 a2"), false);
    run_jobs(&mut app);
    let why = "the game starts after its opening";
    press(&mut app, &[Action::Undo]);
    assert_eq!(app.notice, Some(format!("nothing to undo: {why}")));
    assert_eq!(
        app.record().resume,
        "tictree --rules tictactoe --x human --o ai:4 --time-ms 0 --moves \"b2 a2\""
    );
}

#[test]
fn the_ai_varies_among_equally_best_moves_and_a_seed_fixes_its_choice() {
    let first_move = |seed: u64| {
        let mut options = options(Rules::TICTACTOE);
        options.settings.x = Seat::PERFECT;
        options.settings.o = Seat::Human;
        options.seed = Some(seed);
        options.settings.algorithm = tictree::engine::Algorithm::Engine;
        let mut app = App::new(options, false);
        run_jobs(&mut app);
        app.game.moves()[0]
    };
    let choices: HashSet<_> = (0..20).map(first_move).collect();
    assert!(
        choices.len() >= 3,
        "every first move draws, so the AI varies: {choices:?}"
    );
    assert_eq!(first_move(5), first_move(5));
}

#[test]
fn ai_against_ai_plays_a_whole_game_and_logs_the_result() {
    let mut options = options(Rules::TICTACTOE);
    options.settings.x = Seat::PERFECT;
    options.settings.algorithm = tictree::engine::Algorithm::Engine;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    assert_eq!(app.game.moves().len(), 9, "perfect play fills the board");
    assert_eq!(log_text(&app).last().unwrap(), "Game over: draw");
    assert!(text(&screen(&app, 100, 30)).contains("═ DRAW ═"));
}

/// A new game of `options` with every reply of its first search delivered but the last, its
/// `Done`, still on its way (as while the pace holds it back).
fn all_but_done(options: tictree::app::Options) -> App {
    let mut app = App::new(options, false);
    let mut messages = replies(Job::Analyze(request(&mut app)), &KeptSolvers::default());
    let done = messages.pop();
    assert!(matches!(
        done.map(|r| r.body),
        Some(tictree::app::ReplyBody::Done(_))
    ));
    for message in messages {
        app.update(Action::Search(message));
    }
    app
}

/// Between two AIs the result of a finished search waits for the pace: the footer says every
/// move is proven, not "searching… depth 1" as its first estimates did.
#[test]
fn a_finished_search_waiting_for_the_pace_says_so() {
    let mut options = options(Rules::TICTACTOE);
    options.settings.x = Seat::PERFECT;
    options.settings.algorithm = tictree::engine::Algorithm::Engine;
    options.settings.time_ms = 1500;
    let mut app = all_but_done(options);
    assert!(app.search.running());
    let tree = pane_text(&screen(&app, 100, 30), "Game tree");
    assert!(
        tree.contains("9 of 9 exact · the AI keeps to the pace"),
        "{tree}"
    );
    assert!(!tree.contains("searching"), "{tree}");
    // Paused, the AI keeps to nothing.
    app.update(Action::TogglePause);
    let tree = pane_text(&screen(&app, 100, 30), "Game tree");
    assert!(!tree.contains("pace"), "{tree}");
    // Estimates under a budget wait for the pace too: the search is over, not going on.
    let mut budgeted = crate::inline_app::options(Rules::CONNECT4);
    budgeted.settings.x = Seat::PERFECT;
    budgeted.settings.algorithm = tictree::engine::Algorithm::Engine;
    budgeted.nodes = Some(5_000);
    let app = all_but_done(budgeted);
    let tree = pane_text(&screen(&app, 120, 40), "Game tree");
    assert!(
        tree.contains("0 of 7 exact · the AI keeps to the pace"),
        "{tree}"
    );
    // A human's hint with every move exact, its last message on the way: no pace to speak of.
    let mut hint = crate::inline_app::options(Rules::TICTACTOE);
    hint.settings.algorithm = tictree::engine::Algorithm::Engine;
    hint.settings.time_ms = 1500;
    let app = all_but_done(hint);
    let tree = pane_text(&screen(&app, 100, 30), "Game tree");
    assert!(tree.contains("9 of 9 exact"), "{tree}");
    assert!(!tree.contains("pace"), "{tree}");
}

#[test]
fn between_two_ais_undo_and_redo_each_move_one_ply() {
    // Found by tests/tui_props.rs: redo replayed every move taken back, not one.
    let mut options = options(Rules::TICTACTOE);
    options.settings.x = Seat::PERFECT;
    options.settings.algorithm = tictree::engine::Algorithm::Engine;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    let game = app.game.moves().to_vec();
    press(&mut app, &[Action::Undo, Action::Undo, Action::Undo]);
    assert!(
        app.paused,
        "undo stops the AIs so the position can be studied"
    );
    assert_eq!(app.game.moves(), &game[..6]);
    press(&mut app, &[Action::Redo]);
    assert_eq!(app.game.moves(), &game[..7]);
    press(&mut app, &[Action::Undo, Action::Redo, Action::Redo]);
    assert_eq!(app.game.moves(), &game[..8]);
}

#[test]
fn redo_replays_as_many_moves_as_undo_took_back() {
    // Found by tests/tui_props.rs: undo while the AI thinks takes back one move, but redo
    // replayed the AI's old answer from the redo list as well.
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "a3");
    play_at(&mut app, "b3");
    let game = app.game.moves().to_vec();
    press(&mut app, &[Action::Undo]);
    assert_eq!(app.game.moves(), &game[..2]);
    // The same move again, by hand: the AI thinks about its answer...
    app.update(Action::Place);
    assert_eq!(app.game.moves(), &game[..3]);
    // ...and undo and redo then move one ply each.
    app.update(Action::Undo);
    assert_eq!(app.game.moves(), &game[..2]);
    app.update(Action::Redo);
    assert_eq!(
        app.game.moves(),
        &game[..3],
        "the AI's answer is its own again"
    );
    assert!(app.ai_to_move());
}

#[test]
fn quit_works_during_a_search_and_cancels_it() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    assert!(matches!(app.take_job(), Some(Job::Analyze(_))));
    app.update(Action::Quit);
    assert!(app.should_quit());
    assert!(matches!(app.take_job(), Some(Job::Cancel(JobKey::Play))));
}

#[test]
fn gravity_places_the_mark_at_the_bottom_of_the_cursor_column() {
    let mut app = App::new(options(Rules::CONNECT4), false);
    let _ = app.take_job();
    app.update(Action::Move(Direction::Up));
    app.update(Action::Move(Direction::Left));
    app.update(Action::Place);
    assert_eq!(
        Rules::CONNECT4.move_name(app.game.moves()[0]),
        "c1",
        "the mark drops to row 1 whatever row the cursor was on"
    );
}

/// Types a key as the terminal would deliver it, through the app's own key mapping; the searches
/// it asks for are dropped (the tests below need no analysis).
fn type_key(app: &mut App, c: char) {
    let key = KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
    if let Some(action) = action_for_key(app, &key) {
        app.update(action);
    }
    while app.take_job().is_some() {}
}

fn column_names(app: &App) -> Vec<String> {
    app.position().rules().move_names(app.game.moves())
}

#[test]
fn digit_keys_drop_a_disc_in_that_column_on_gravity_boards() {
    let mut options = options(Rules::CONNECT4);
    options.settings.o = Seat::Human;
    let mut app = App::new(options, false);
    while app.take_job().is_some() {}
    // From any pane, like a click on the column: the focus comes back to the board.
    app.update(Action::FocusNext);
    type_key(&mut app, '4');
    assert_eq!(column_names(&app), ["d1"]);
    assert_eq!((app.focus, app.cursor.1), (Focus::Board, 3));
    type_key(&mut app, '1');
    type_key(&mut app, '7');
    assert_eq!(column_names(&app), ["d1", "a1", "g1"]);
    // Column d fills up; a seventh disc is refused as Enter refuses it there.
    for _ in 0..5 {
        type_key(&mut app, '4');
    }
    assert_eq!(app.game.moves().len(), 8);
    assert_eq!(column_names(&app)[7], "d6");
    type_key(&mut app, '4');
    assert_eq!(app.game.moves().len(), 8);
    assert_eq!(app.notice.as_deref(), Some("column 4 is full"));
    app.update(Action::Place);
    assert_eq!(app.notice.as_deref(), Some("column 4 is full"));
    // Beyond the board's width, and 0: a reason, no move, the cursor where it was.
    for digit in ['8', '9', '0'] {
        type_key(&mut app, digit);
        assert_eq!(app.game.moves().len(), 8);
        assert_eq!(
            app.notice.as_deref(),
            Some(&*format!("no column {digit}: columns are 1..7"))
        );
        assert_eq!(app.cursor.1, 3);
    }
    // The record names the columns, and its command plays them back.
    let record = app.record();
    assert_eq!(record.numbered, "1. 4 1  2. 7 4  3. 4 4  4. 4 4");
    assert_eq!(
        record.resume,
        "tictree --rules connect4 --x human --o human --moves 41744444"
    );
    let replayed = Position::empty(Rules::CONNECT4).play_moves("41744444");
    assert_eq!(replayed.as_ref(), Ok(app.position()));
}

#[test]
fn digit_keys_wait_for_the_ai_and_the_end_of_the_game_as_enter_does() {
    // O (AI) to move: the digit is refused like Enter, with the same reason.
    let mut app = App::new(options(Rules::CONNECT4), false);
    while app.take_job().is_some() {}
    type_key(&mut app, '4');
    type_key(&mut app, '3');
    assert_eq!(column_names(&app), ["d1"]);
    assert_eq!(app.notice.as_deref(), Some("wait: O (AI) is to move"));
    // X completes column a with its fourth disc; then the game is over.
    let mut options = options_from(Rules::CONNECT4, "121212");
    options.settings.o = Seat::Human;
    let mut app = App::new(options, false);
    while app.take_job().is_some() {}
    type_key(&mut app, '1');
    assert_eq!(
        app.position().status(),
        Status::Won(tictree::engine::Player::X)
    );
    type_key(&mut app, '5');
    assert_eq!(app.game.moves().len(), 1);
    assert_eq!(
        app.notice.as_deref(),
        Some("the game is over: n starts a new one, u takes back")
    );
    // A full column of a game its opening finished (X's fourth disc in column b): the game's end
    // is the reason, not the column, and with no move to take back `u` is not offered.
    let mut options = options_from(Rules::CONNECT4, "1111112323232");
    options.settings.o = Seat::Human;
    let mut app = App::new(options, false);
    while app.take_job().is_some() {}
    assert_eq!(
        app.position().status(),
        Status::Won(tictree::engine::Player::X)
    );
    type_key(&mut app, '1');
    assert_eq!(
        app.notice.as_deref(),
        Some("the game is over: n starts a new one")
    );
}

#[test]
fn digit_keys_reach_as_wide_as_the_board_and_mean_nothing_without_gravity() {
    let rules: Rules = "8x6k4g".parse().unwrap();
    let mut wide = options(rules);
    wide.settings.o = Seat::Human;
    let mut app = App::new(wide, false);
    while app.take_job().is_some() {}
    type_key(&mut app, '8');
    type_key(&mut app, '1');
    assert_eq!(column_names(&app), ["h1", "a1"]);
    type_key(&mut app, '9');
    assert_eq!(app.notice.as_deref(), Some("no column 9: columns are 1..8"));
    assert_eq!(
        app.record().resume,
        "tictree --rules 8x6k4g --x human --o human --moves 81"
    );
    // Tic-tac-toe: no digit plays, it says what does, and the record keeps the cell names.
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3"), false);
    run_jobs(&mut app);
    type_key(&mut app, '5');
    assert_eq!(app.game.moves().len(), 1);
    assert_eq!(
        app.notice.as_deref(),
        Some("digits play columns on gravity boards: here arrows, Enter")
    );
    assert_eq!(
        app.record().resume,
        "tictree --rules tictactoe --x human --o ai:4 --time-ms 0 --moves \"a3 b2\""
    );
    // Popups keep the keys they had: the help ignores a digit, the replay's 1 picks minimax.
    let mut app = App::new(options(Rules::CONNECT4), false);
    while app.take_job().is_some() {}
    app.update(Action::ToggleHelp);
    type_key(&mut app, '4');
    assert_eq!((app.popup, app.game.moves().len()), (Some(Popup::Help), 0));
    app.update(Action::Escape);
    app.update(Action::OpenReplay);
    let one = KeyEvent::new(KeyCode::Char('1'), KeyModifiers::NONE);
    assert!(matches!(
        action_for_key(&app, &one),
        Some(Action::Replay(tictree::app::ReplayCommand::Algorithm(
            tictree::engine::Algorithm::Minimax
        )))
    ));
}

#[test]
fn occupied_cells_and_the_ais_turn_refuse_a_mark_with_a_reason() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    app.update(Action::Place);
    app.update(Action::Place);
    assert_eq!(app.notice.as_deref(), Some("wait: O (AI) is to move"));
    // Once the AI has played, "wait" no longer stands: it goes with its move.
    run_jobs(&mut app);
    assert_eq!(app.game.moves().len(), 2);
    assert_eq!(app.notice, None);
    app.update(Action::Place);
    assert_eq!(app.notice.as_deref(), Some("b2: the cell is already taken"));
}

#[test]
fn the_tree_can_take_the_focus_and_play_its_selected_move() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::FocusNext]);
    assert_eq!(app.focus, Focus::Tree);
    press(
        &mut app,
        &[Action::Move(Direction::Down), Action::Move(Direction::Down)],
    );
    let selected = app.search.moves[2].mv;
    assert_eq!(
        app.cursor,
        selected.row_col(&Rules::TICTACTOE),
        "the cursor follows"
    );
    press(&mut app, &[Action::Place]);
    assert_eq!(app.game.moves()[0], selected);
    press(&mut app, &[Action::Escape]);
    assert_eq!(app.focus, Focus::Board, "Esc first returns to the board");
    let played = app.game.moves().len();
    press(&mut app, &[Action::Escape]);
    assert!(
        !app.should_quit(),
        "then does nothing: one Esc too many never ends the game"
    );
    assert_eq!(app.notice.as_deref(), Some("nothing to close (q quits)"));
    assert_eq!(app.game.moves().len(), played);
    press(&mut app, &[Action::Quit]);
    assert!(app.should_quit(), "q quits");
}

#[test]
fn a_click_on_a_cell_names_that_cell() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    let terminal = screen(&app, 100, 30);
    let buffer = terminal.backend().buffer();
    let area = *buffer.area();
    // The cursor's bracket "[" sits two columns left of the centre of b2.
    let (x, y) = (0..area.height)
        .flat_map(|y| (0..area.width).map(move |x| (x, y)))
        .find(|&(x, y)| buffer[(x, y)].symbol() == "[")
        .expect("the cursor is drawn");
    let b2 = Rules::TICTACTOE.parse_cell("b2").unwrap();
    assert_eq!(tictree::ui::cell_at(&app, area, x + 2, y), Some(b2));
    assert_eq!(tictree::ui::cell_at(&app, area, 0, 0), None);
    let a3 = Rules::TICTACTOE.parse_cell("a3").unwrap();
    assert_eq!(tictree::ui::cell_at(&app, area, x + 2 - 8, y - 4), Some(a3));
    press(&mut app, &[Action::Click(a3)]);
    assert_eq!(app.game.moves()[0], a3);
}

#[test]
fn without_colour_every_marking_still_shows() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "a3");
    let terminal = screen(&app, 100, 30);
    let buffer = terminal.backend().buffer();
    let cells = buffer.content();
    assert!(
        cells
            .iter()
            .all(|c| c.fg == Color::Reset && c.bg == Color::Reset)
    );
    assert!(
        cells
            .iter()
            .any(|c| c.symbol() == "[" && c.modifier.contains(Modifier::REVERSED)),
        "the cursor is bracketed and reversed"
    );
    assert!(
        cells.iter().any(|c| c.symbol() == "("),
        "the last move is in parentheses"
    );
    let coloured = App::new(options(Rules::TICTACTOE), true);
    let terminal = screen(&coloured, 100, 30);
    assert!(
        terminal
            .backend()
            .buffer()
            .content()
            .iter()
            .any(|c| c.fg != Color::Reset)
    );
}

#[test]
fn keys_follow_terminal_conventions() {
    let key = |code| key_action(&KeyEvent::new(code, KeyModifiers::NONE));
    assert!(matches!(
        key(KeyCode::Char('h')),
        Some(Action::Move(Direction::Left))
    ));
    assert!(matches!(
        key(KeyCode::Char('j')),
        Some(Action::Move(Direction::Down))
    ));
    assert!(matches!(
        key(KeyCode::Char('k')),
        Some(Action::Move(Direction::Up))
    ));
    assert!(matches!(
        key(KeyCode::Char('l')),
        Some(Action::Move(Direction::Right))
    ));
    assert!(matches!(key(KeyCode::Char(' ')), Some(Action::Place)));
    assert!(matches!(key(KeyCode::Enter), Some(Action::Place)));
    assert!(matches!(key(KeyCode::Char('q')), Some(Action::Quit)));
    assert!(matches!(key(KeyCode::Char('?')), Some(Action::ToggleHelp)));
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(matches!(key_action(&ctrl_c), Some(Action::Quit)));
    assert!(key(KeyCode::Char('z')).is_none());
}

/// A 3×3 game the human X loses to the AI in six moves (a3, c3, a1, c1 against b2, b3, b1): a
/// finished game with a log of a dozen lines.
fn lost_game() -> App {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    for cell in ["a3", "c3", "a1", "c1"] {
        play_at(&mut app, cell);
    }
    app
}

#[test]
fn the_log_scrolls_back_to_the_start_of_the_game() {
    let mut app = lost_game();
    // A short screen: the log pane holds only the newest lines.
    let newest = text(&screen(&app, 100, 24));
    assert!(!newest.contains("New game"), "{newest}");
    let last = log_text(&app).last().cloned().unwrap();
    assert!(newest.contains(&last[..30]), "{newest}");
    for _ in 0..4 {
        press(&mut app, &[Action::PageUp]);
    }
    let oldest = text(&screen(&app, 100, 24));
    assert!(oldest.contains("New game: tictactoe"), "{oldest}");
    assert!(!oldest.contains(&last[..30]), "{oldest}");
    for _ in 0..4 {
        press(&mut app, &[Action::PageDown]);
    }
    // Back at the newest lines; only the status bar differs (its game-over notice lasts one key).
    let panes = |screen: &str| screen.lines().take(23).collect::<Vec<_>>().join("\n");
    assert_eq!(panes(&text(&screen(&app, 100, 24))), panes(&newest));
}

/// A new game's log is read from its start: a view scrolled back into the last game comes back
/// to the newest lines, where "New game" is.
#[test]
fn a_new_game_brings_the_log_back_to_its_newest_lines() {
    let mut app = lost_game();
    press(&mut app, &[Action::PageUp, Action::PageUp]);
    assert!(text(&screen(&app, 100, 24)).contains("newer rows below"));
    press(&mut app, &[Action::NewGame]);
    let shown = text(&screen(&app, 100, 24));
    assert!(!shown.contains("newer rows below"), "{shown}");
    assert!(shown.contains("New game"), "{shown}");
}

/// A weak AI plays its own choice, named with its level in the log, while the game tree keeps
/// showing the exact analysis of every move (its choice is not the "recommended" one).
#[test]
fn a_level_one_ai_plays_its_own_choice_while_the_tree_stays_exact() {
    let mut options = options(Rules::TICTACTOE);
    options.settings.o = Seat::Ai(tictree::engine::Skill::Random);
    options.seed = Some(1);
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    // After X a3 only b2 holds the draw for O; every other move loses. (The inline worker of the
    // tests runs the analysis before the choice; the real one runs both at once, and the choice,
    // being quick, usually comes first.)
    play_at(&mut app, "a3");
    let log = log_text(&app);
    assert!(
        log[3].starts_with(
            "O (AI level 1) analysis, not used by its level: minimax checked 59,704 moves"
        ),
        "{log:?}"
    );
    assert!(log[3].contains("best 0 (draw) with b2"), "{log:?}");
    assert_eq!(log[4], "O (AI level 1) chooses in 1.50 ms: level 1, random");
    assert_eq!(log[5], "2. O (AI level 1) plays c3 — score -5 (loss in 3)");
    let shown = text(&screen(&app, 110, 34));
    assert!(shown.contains("X: you · O: AI level 1"), "{shown}");
}

/// Counts read as English: one legal move is `1 move`, not `1 moves`.
#[test]
fn one_move_is_counted_in_the_singular() {
    // X to move with one empty cell left (b2's neighbours hold no line).
    let mut options = options(Rules::TICTACTOE);
    options.start = Position::parse(Rules::TICTACTOE, "xox/oxx/o.o").unwrap();
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    let shown = text(&screen(&app, 100, 30));
    assert!(shown.contains("  1 move · 1 node · "), "{shown}");
}

/// A level below 4 moves as soon as its own choice is made, without waiting for the analysis of
/// its position, which may take the whole budget (1.5 s on big boards) or never finish.
#[test]
fn a_weak_ai_moves_without_waiting_for_the_analysis() {
    for skill in [Skill::Random, Skill::WinOrBlock, Skill::Shallow(2)] {
        let mut options = options(Rules::new(8, 8, 5, false).unwrap());
        options.settings.x = Seat::Ai(skill);
        options.settings.time_ms = 1500;
        let mut app = App::new(options, false);
        // The analysis of the board and the level's choice are asked for at once.
        let jobs: Vec<Job> = std::iter::from_fn(|| app.take_job()).collect();
        assert!(
            matches!(&jobs[..], [Job::Analyze(_), Job::Choose(_)]),
            "{skill}: {jobs:?}"
        );
        let Job::Choose(request) = &jobs[1] else {
            unreachable!()
        };
        assert_eq!(request.skill, skill);
        // Only the choice comes back: the AI has moved, and the next analysis is asked for.
        for reply in replies(Job::Choose(request.clone()), &KeptSolvers::default()) {
            app.update(Action::Search(reply));
        }
        assert_eq!(app.game.moves().len(), 1, "{skill}");
        let log = log_text(&app);
        assert!(
            log.iter()
                .any(|line| line.starts_with(&format!("X (AI level {skill}) chooses in "))),
            "{log:?}"
        );
        assert!(!log.iter().any(|line| line.contains("thinks")), "{log:?}");
        assert!(matches!(app.take_job(), Some(Job::Analyze(_))));
    }
}

/// Scrolled back as far as it goes, the log's oldest lines fill the pane from its top: scrolling
/// stops there rather than leaving the first line alone above empty rows, and one page forward
/// moves at once.
#[test]
fn the_log_scrolled_to_its_start_stays_full() {
    let mut app = lost_game();
    let lines = log_text(&app).len();
    let log_rows = |screen: &str| -> Vec<String> {
        let rows: Vec<&str> = screen.lines().collect();
        let top = rows.iter().position(|r| r.contains(" Log")).unwrap();
        let column = rows[top].chars().position(|c| c == '┌').unwrap_or(0);
        rows[top..]
            .iter()
            .map(|r| r.chars().skip(column).collect::<String>())
            .collect()
    };
    // Drawn once, as the terminal is before any key: the pane tells the log how far it goes.
    screen(&app, 100, 24);
    for _ in 0..lines {
        press(&mut app, &[Action::PageUp]);
    }
    let screen = text(&screen(&app, 100, 24));
    let pane = log_rows(&screen);
    let layout = app.log.layout.borrow().clone();
    let scrolled = layout.rows_back(lines, app.log.scroll);
    let total: usize = layout.heights.iter().sum();
    assert_eq!(scrolled, total - layout.rows, "{screen}");
    assert!(
        pane[0].contains(&format!("Log · {scrolled} newer rows below (PgDn)")),
        "{screen}"
    );
    assert!(pane[1].contains("- New game: tictactoe"), "{screen}");
    let inside = pane.iter().skip(1).take_while(|r| !r.starts_with('└'));
    assert!(inside.clone().count() > 2, "{screen}");
    for row in inside {
        assert!(
            row.trim_matches(['│', ' ']).len() > 1,
            "an empty row:\n{screen}"
        );
    }
    // A page forward is the pane's rows but one.
    press(&mut app, &[Action::PageDown]);
    let layout = app.log.layout.borrow().clone();
    assert_eq!(
        layout.rows_back(lines, app.log.scroll),
        scrolled - (layout.rows - 1)
    );
}

/// A log line taller than the pane (a long refusal in Connect Four's three-row log at 80×24)
/// can be read to its end: the newest rows show first, and the log scrolls a row at a time.
#[test]
fn a_log_line_taller_than_the_pane_is_read_row_by_row() {
    let mut app = App::new(options(Rules::CONNECT4), false);
    let long = "word ".repeat(60) + "the end";
    app.update(Action::Log(LogKind::Info, long.clone()));
    let pane_text = |app: &App| text(&screen(app, 80, 24));
    let newest = pane_text(&app);
    assert!(newest.contains("the end"), "{newest}");
    let rows = app.log.layout.borrow().rows;
    let height = *app.log.layout.borrow().heights.last().unwrap();
    assert!(
        height > rows,
        "{rows} rows, the line takes {height}\n{newest}"
    );
    app.update(Action::FocusNext);
    app.update(Action::FocusNext);
    for _ in 0..height - rows {
        app.update(Action::Move(Direction::Up));
    }
    let first = pane_text(&app);
    assert!(first.contains("- word word"), "{first}");
    assert!(!first.contains("the end"), "{first}");
    assert!(
        first.contains(&format!("Log · {} newer rows below (PgDn)", height - rows)),
        "{first}"
    );
}

/// The caption under the board drops the last move, then the seat, where the board is narrow,
/// rather than being cut: the result always shows whole.
#[test]
fn the_caption_under_the_board_shortens_rather_than_cut() {
    let app = lost_game();
    let wide = text(&screen(&app, 120, 40));
    assert!(wide.contains("★ O WINS ★ (AI) · last b1"), "{wide}");
    let narrow = text(&screen(&app, 80, 24));
    assert!(narrow.contains("│ ★ O WINS ★ (AI) │"), "{narrow}");
}
