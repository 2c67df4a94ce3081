//! Setting up a position: the editor (`e`) through actions and on screen, a paste, and `y` to copy.

use crate::inline_app::*;
use insta::assert_snapshot;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tictree::app::{Action, App, Direction, Focus, Job, JobKey, LogKind, Mode, Popup, Seat};
use tictree::engine::{Player, Position, Rules, Skill, Status};
use tictree::tui::action_for_key;

/// The search the app asks for next, if it is an analysis of the board.
fn play_job(app: &mut App) -> Option<Position> {
    let mut found = None;
    while let Some(job) = app.take_job() {
        if let Job::Analyze(request) = job
            && request.key == JobKey::Play
        {
            found = Some(request.position);
        }
    }
    found
}

/// Moves the editor's cursor to a cell like `a3`.
fn cursor_to(app: &mut App, cell: &str) {
    let rules = *app.position().rules();
    let (row, col) = rules.parse_cell(cell).unwrap().row_col(&rules);
    for _ in 0..8 {
        app.update(Action::Move(Direction::Up));
        app.update(Action::Move(Direction::Left));
    }
    for _ in 0..row {
        app.update(Action::Move(Direction::Down));
    }
    for _ in 0..col {
        app.update(Action::Move(Direction::Right));
    }
}

/// Puts marks in the editor: `[("a3", Some(X)), ("b2", None)]`.
fn put(app: &mut App, marks: &[(&str, Option<Player>)]) {
    for &(cell, mark) in marks {
        cursor_to(app, cell);
        app.update(Action::EditMark(mark));
    }
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

#[test]
fn the_editor_sets_up_a_legal_position_and_enter_analyses_it_at_once() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "a1");
    assert_eq!(app.game.moves().len(), 2, "X played, the AI answered");
    app.update(Action::Edit);
    assert!(matches!(app.mode, Mode::Edit(_)));
    assert!(app.take_job().is_none(), "the analysis is left as it is");
    // Off the board's old marks, then x.o/.x./..o: X a3 b2, O c3 c1, O to move.
    app.update(Action::ClearBoard);
    let x = Some(Player::X);
    let o = Some(Player::O);
    put(&mut app, &[("a3", x), ("c3", o), ("b2", x), ("c1", o)]);
    let shown = text(&screen(&app, 100, 30));
    assert!(shown.contains("x.o/.x./..o"), "{shown}");
    assert!(shown.contains("✓ legal: X to move"), "{shown}");
    app.update(Action::Place);
    let expected = Position::parse(Rules::TICTACTOE, "x.o/.x./..o").unwrap();
    assert!(matches!(app.mode, Mode::Game));
    assert_eq!(*app.position(), expected);
    assert_eq!(app.game.start(), &expected);
    assert!(app.game.moves().is_empty());
    assert_eq!(
        play_job(&mut app),
        Some(expected),
        "the analysis starts at once"
    );
    let log = log_text(&app);
    assert_eq!(
        log.last().unwrap(),
        "Set up in the editor: x.o/.x./..o — X to move"
    );
    let record = app.record();
    assert_eq!(
        record.resume,
        "tictree --rules tictactoe --x human --o ai:4 --time-ms 0 --position x.o/.x./..o"
    );
    // Four marks are two turns: the first move played is the fifth mark, in turn 3, as the log
    // numbers it too.
    run_jobs(&mut app);
    play_at(&mut app, "a1");
    assert!(
        app.record().numbered.starts_with("3. a1"),
        "{:?}",
        app.record()
    );
    assert!(
        log_text(&app)
            .iter()
            .any(|line| line.starts_with("5. X (you) plays a1"))
    );
    // `n` comes back to the set-up position, not the empty board.
    app.update(Action::NewGame);
    assert_eq!(*app.position(), expected);
}

#[test]
fn an_illegal_draft_is_refused_with_the_reason_and_the_editor_stays() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    let before = *app.position();
    app.update(Action::Edit);
    put(
        &mut app,
        &[("a3", Some(Player::X)), ("b3", Some(Player::X))],
    );
    app.update(Action::Place);
    let notice = app.notice.clone().unwrap_or_default();
    assert_eq!(
        notice,
        "not a legal position: X has 2 marks and O has 0 marks; X moves first, so X has as many as O \
         or one more"
    );
    assert!(matches!(app.mode, Mode::Edit(_)), "still editing");
    assert_eq!(*app.position(), before);
    // Both sides with a line: the parser's reason too.
    app.update(Action::ClearBoard);
    let (x, o) = (Some(Player::X), Some(Player::O));
    put(
        &mut app,
        &[
            ("a3", x),
            ("b3", x),
            ("c3", x),
            ("a1", o),
            ("b1", o),
            ("c1", o),
        ],
    );
    app.update(Action::Place);
    assert_eq!(
        app.notice.as_deref(),
        Some("not a legal position: both X and O have a line")
    );
    // On 80 columns the reason does not fit beside the editor's keys: it keeps the help and
    // quit beside it until the next key, rather than end in `…`.
    let bar = rows(&screen(&app, 80, 24)).pop().unwrap();
    assert_eq!(
        bar.trim_end(),
        " not a legal position: both X and O have a line │ ? help  q quit"
    );
}

#[test]
fn a_finished_position_can_be_set_up_and_says_so() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    app.update(Action::Paste("xxx/oo./...".into()));
    assert_eq!(app.position().status(), Status::Won(Player::X));
    let log = log_text(&app);
    assert_eq!(
        log[log.len() - 2],
        "Set up from a paste: position xxx/oo./... — X has won"
    );
    // Nobody here played the line: the mark is named, not a seat.
    assert_eq!(log[log.len() - 1], "Game over: X wins with a3 b3 c3");
    // The banner says how the line came, and offers neither a take-back nor a review: there is
    // no move to take back or to review.
    let shown = text(&screen(&app, 120, 40));
    assert!(
        shown.contains("X has a3 b3 c3: the game was set up finished."),
        "{shown}"
    );
    assert!(
        shown.contains("n new game · Q quiz · g game record · q quit"),
        "{shown}"
    );
    assert!(
        !shown.contains("take back") && !shown.contains("R review"),
        "{shown}"
    );
    // The title counts no move either, as the moves pane and the record do.
    assert!(
        shown.lines().next().unwrap().contains("· set up finished"),
        "{shown}"
    );
    // A game that ends in play says which move ended it, and both keys are there.
    app.update(Action::Paste("xx./oo./...".into()));
    run_jobs(&mut app);
    play_at(&mut app, "c3");
    let shown = text(&screen(&app, 120, 40));
    assert!(
        shown.contains("X (you) completed a3 b3 c3 with\u{a0}move\u{a0}5."),
        "{shown}"
    );
    assert!(
        shown.contains("u take back") && shown.contains("R review"),
        "{shown}"
    );
    assert!(
        shown.lines().next().unwrap().contains("· 5 moves, over"),
        "{shown}"
    );
    // A board set up full says so too, not "full after 9 moves".
    app.update(Action::Paste("xox/xox/oxo".into()));
    let shown = text(&screen(&app, 120, 40));
    assert!(
        shown.contains("The board was set up full, and nobody has a line."),
        "{shown}"
    );
    assert!(
        shown.lines().next().unwrap().contains("· set up finished"),
        "{shown}"
    );
}

/// Esc leaves the game as it was: the same moves, the analysis as it had got (it ran on while
/// the editor was open: no search asked again, no hint logged twice).
#[test]
fn esc_leaves_the_editor_without_changes_and_the_analysis_is_kept() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "b2");
    let before = (
        *app.position(),
        app.game.moves().to_vec(),
        app.log.lines().len(),
        format!("{:?}", app.search),
    );
    app.update(Action::Edit);
    put(&mut app, &[("a1", Some(Player::X)), ("b2", None)]);
    app.update(Action::Escape);
    assert!(matches!(app.mode, Mode::Game));
    let after = (
        *app.position(),
        app.game.moves().to_vec(),
        app.log.lines().len(),
        format!("{:?}", app.search),
    );
    assert_eq!(after, before);
    assert_eq!(play_job(&mut app), None);
    // One Esc too many still does not quit.
    app.update(Action::Escape);
    assert!(!app.should_quit());
    // `e` inside the editor leaves it too; Enter on an unchanged draft changes nothing.
    app.update(Action::Edit);
    app.update(Action::Place);
    assert!(matches!(app.mode, Mode::Game));
    assert_eq!(app.notice.as_deref(), Some("position unchanged"));
    assert_eq!(app.game.moves().len(), 2, "the game's moves are kept");
}

/// The AI never moves under a board being set up: its analysis finishes while the editor is
/// open, and the move it leads to is played when the editor closes, not before.
#[test]
fn the_ai_waits_for_the_editor_to_close_then_plays() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    // Placed without running the AI's search: it runs with the editor open.
    cursor_to(&mut app, "b2");
    app.update(Action::Place);
    app.update(Action::Edit);
    run_jobs(&mut app);
    assert!(app.search.done.is_some(), "the analysis went on");
    assert_eq!(app.game.moves().len(), 1, "the AI waits");
    assert!(text(&screen(&app, 100, 30)).contains(" Editor "));
    app.update(Action::Escape);
    assert_eq!(app.game.moves().len(), 2, "the AI has played");
    // An AI below level 4 moves on its own choice, asked only once the editor has closed.
    let mut options = options(Rules::TICTACTOE);
    options.settings.o = Seat::Ai(Skill::WinOrBlock);
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    cursor_to(&mut app, "b2");
    app.update(Action::Place);
    app.update(Action::Edit);
    run_jobs(&mut app);
    assert_eq!(app.game.moves().len(), 1, "the level-2 AI waits");
    app.update(Action::Escape);
    run_jobs(&mut app);
    assert_eq!(app.game.moves().len(), 2, "the level-2 AI has played");
}

#[test]
fn the_editor_keys_put_marks_instead_of_their_game_meanings() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    assert!(matches!(
        action_for_key(&app, &key(KeyCode::Char('e'))),
        Some(Action::Edit)
    ));
    app.update(Action::Edit);
    let action = |app: &App, code| action_for_key(app, &key(code));
    assert!(matches!(
        action(&app, KeyCode::Char('o')),
        Some(Action::EditMark(Some(Player::O)))
    ));
    assert!(matches!(
        action(&app, KeyCode::Char('x')),
        Some(Action::EditMark(Some(Player::X)))
    ));
    for code in [KeyCode::Char('.'), KeyCode::Char(' '), KeyCode::Delete] {
        assert!(matches!(action(&app, code), Some(Action::EditMark(None))));
    }
    assert!(matches!(action(&app, KeyCode::Esc), Some(Action::Escape)));
    assert!(action(&app, KeyCode::Char('n')).is_none());
    // The help opens over the editor, and Esc closes the help first.
    app.update(Action::ToggleHelp);
    assert_eq!(app.popup, Some(Popup::Help));
    app.update(Action::Escape);
    assert!(app.popup.is_none() && matches!(app.mode, Mode::Edit(_)));
}

#[test]
fn gravity_refuses_a_floating_mark_and_says_why() {
    let mut options = options(Rules::CONNECT4);
    options.settings.algorithm = tictree::engine::Algorithm::AlphaBeta;
    let mut app = App::new(options, false);
    app.update(Action::Edit);
    cursor_to(&mut app, "d2");
    app.update(Action::EditMark(Some(Player::X)));
    assert_eq!(
        app.notice.as_deref(),
        Some("d2: nothing under it; with gravity a mark rests on the bottom or on another")
    );
    put(
        &mut app,
        &[("d1", Some(Player::X)), ("d2", Some(Player::O))],
    );
    cursor_to(&mut app, "d1");
    app.update(Action::EditMark(None));
    assert_eq!(
        app.notice.as_deref(),
        Some("d1: the mark above it would float; clear the column from the top")
    );
    app.update(Action::Place);
    let expected = Position::empty(Rules::CONNECT4).play_moves("44").unwrap();
    assert_eq!(*app.position(), expected);
    assert_eq!(play_job(&mut app), Some(expected));
}

#[test]
fn a_pasted_position_or_move_list_starts_a_new_game_there() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    app.update(Action::Paste("X.O/.x./..o\n".into()));
    let expected = Position::parse(Rules::TICTACTOE, "x.o/.x./..o").unwrap();
    assert_eq!(*app.position(), expected);
    assert_eq!(play_job(&mut app), Some(expected));
    assert_eq!(
        log_text(&app).last().unwrap(),
        "Set up from a paste: position x.o/.x./..o — X to move"
    );
    // A board copied row by row, one line each.
    app.update(Action::Paste("x..\n.o.\n...".into()));
    assert_eq!(app.position().to_notation(), "x../.o./...");
    // Line breaks as a terminal may paste them: CR alone (tmux), or CR LF.
    app.update(Action::Paste("x.o\r.x.\r..o".into()));
    assert_eq!(app.position().to_notation(), "x.o/.x./..o");
    app.update(Action::Paste("..x\r\n.o.\r\n...\r\n".into()));
    assert_eq!(app.position().to_notation(), "..x/.o./...");
    // A move list: the record starts from the empty board, as with --moves.
    app.update(Action::Paste("b2 a3".into()));
    assert_eq!(app.position().to_notation(), "o../.x./...");
    assert_eq!(app.options.opening.len(), 2);
    assert_eq!(
        app.record().resume,
        "tictree --rules tictactoe --x human --o ai:4 --time-ms 0 --moves \"b2 a3\""
    );
    assert_eq!(play_job(&mut app), Some(*app.position()));

    let mut options = options(Rules::CONNECT4);
    options.settings.algorithm = tictree::engine::Algorithm::AlphaBeta;
    let mut app = App::new(options, false);
    app.update(Action::Paste("4453".into()));
    assert_eq!(
        app.position().to_notation(),
        "......./......./......./......./...o.../..oxx.."
    );
    assert_eq!(
        log_text(&app).last().unwrap(),
        "Set up from a paste: moves 4453 — X to move"
    );
    assert_eq!(
        app.record().resume,
        "tictree --rules connect4 --x human --o ai:4 --time-ms 0 --moves 4453"
    );
}

#[test]
fn a_bad_paste_changes_nothing_but_the_log_and_quotes_the_text_escaped() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "b2");
    let before = (
        *app.position(),
        app.game.moves().to_vec(),
        app.log.lines().len(),
    );
    app.update(Action::Paste("hello\x1b[31m world".into()));
    let notice = app.notice.clone().unwrap();
    assert_eq!(
        notice,
        "paste not used: move 1 'hello\\u{1b}[31m': 'hello\\u{1b}[31m' is not a cell: use a column \
         letter a..c and a row number 1..3 (pasted 'hello\\u{1b}[31m world')"
    );
    assert!(!notice.chars().any(char::is_control));
    app.update(Action::Paste("xx./.../...".into()));
    assert_eq!(
        app.notice.as_deref(),
        Some(
            "paste not used: impossible position: X has 2 marks and O has 0 marks; X moves \
             first, so X has as many as O or one more (pasted 'xx./.../...')"
        )
    );
    app.update(Action::Paste("   ".into()));
    assert_eq!(
        app.notice.as_deref(),
        Some("paste not used: nothing was pasted")
    );
    // A long paste is quoted short, but the reason's own words stay whole.
    let long = "q".repeat(500);
    app.update(Action::Paste(long.clone()));
    let short = format!("{}…", "q".repeat(39));
    assert_eq!(
        app.notice.as_deref(),
        Some(&*format!(
            "paste not used: move 1 '{short}': '{short}' is not a cell: use a column letter a..c \
             and a row number 1..3 (pasted '{short}')"
        ))
    );
    // Each refusal is also a warning in the log, whole however narrow the status bar is.
    let warnings: Vec<&str> = app.log.lines()[before.2..]
        .iter()
        .map(|line| line.text.as_str())
        .collect();
    assert_eq!(warnings.len(), 4);
    assert_eq!(warnings[2], "paste not used: nothing was pasted");
    assert!(
        app.log.lines()[before.2..]
            .iter()
            .all(|line| line.kind == LogKind::Warning)
    );
    let after = (*app.position(), app.game.moves().to_vec());
    assert_eq!(after, (before.0, before.1));
    assert!(app.take_job().is_none(), "no search for a refused paste");
    // Under a popup a paste waits for nothing: it says so.
    app.update(Action::ToggleHelp);
    app.update(Action::Paste("x../.../...".into()));
    assert_eq!(*app.position(), before.0);
    assert_eq!(
        app.notice.as_deref(),
        Some("close the popup (Esc) to paste a position")
    );
}

/// A floating disc pasted on Connect Four names its cell, after the paste quoted once.
#[test]
fn a_pasted_floating_disc_is_named() {
    let mut app = App::new(options(Rules::CONNECT4), false);
    app.update(Action::Paste(
        "......./......./......./...x.../......./.......".into(),
    ));
    assert_eq!(
        app.notice.as_deref(),
        Some(
            "paste not used: impossible position: d3 floats above an empty cell (gravity) \
             (pasted '......./......./......./...x.../.......…')"
        )
    );
}

#[test]
fn y_copies_the_position_to_the_log_and_the_clipboard() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "a3");
    assert!(matches!(
        action_for_key(&app, &key(KeyCode::Char('y'))),
        Some(Action::Copy)
    ));
    app.update(Action::Copy);
    let notation = app.position().to_notation();
    assert_eq!(notation, "x../.o./...");
    assert_eq!(app.take_clipboard(), Some(notation));
    assert_eq!(app.take_clipboard(), None, "the effect is taken once");
    let log = log_text(&app);
    assert_eq!(
        log[log.len() - 2],
        "Copied x../.o./... (X to move), sent to the clipboard where the terminal allows it \
         (OSC 52); paste it to set it up again"
    );
    assert_eq!(log[log.len() - 1], "Moves: a3 b2");
    // What was copied pastes back to the same position.
    let position = *app.position();
    app.update(Action::NewGame);
    app.update(Action::Paste("x../.o./...".into()));
    assert_eq!(*app.position(), position);
}

#[test]
fn the_editor_shows_the_draft_its_verdict_and_its_keys() {
    use tictree::engine::Player;
    let mut app = App::new(options_from(Rules::TICTACTOE, "b2 a3"), false);
    run_jobs(&mut app);
    app.update(Action::Edit);
    // An X more at c1 (the cursor's cell after moving down and right): X has one too many.
    app.update(Action::Move(Direction::Down));
    app.update(Action::Move(Direction::Right));
    app.update(Action::EditMark(Some(Player::X)));
    app.update(Action::Move(Direction::Left));
    app.update(Action::EditMark(Some(Player::X)));
    let terminal = screen(&app, 100, 30);
    let shown = text(&terminal);
    assert!(
        shown.contains("✗ not legal: X has 3 marks and O has 1 mark"),
        "{shown}"
    );
    assert!(shown.contains("Enter play here"), "{shown}");
    assert!(shown.contains("Edit: not legal"), "{shown}");
    assert_snapshot!("editor", terminal.backend());
}

#[test]
fn the_connect4_editor_puts_the_cursor_on_any_cell() {
    use tictree::engine::Player;
    let mut options = options_from(Rules::CONNECT4, "4453");
    options.settings.algorithm = tictree::engine::Algorithm::AlphaBeta;
    let mut app = App::new(options, false);
    app.update(Action::Edit);
    // The cursor starts on d3, right above the marks in d1 and d2: an X rests there; one row
    // up, an O over the empty d5 would float.
    app.update(Action::EditMark(Some(Player::X)));
    app.update(Action::Move(Direction::Up));
    app.update(Action::Move(Direction::Up));
    app.update(Action::EditMark(Some(Player::O)));
    let terminal = screen(&app, 110, 34);
    let shown = text(&terminal);
    assert!(shown.contains("nothing under it"), "{shown}");
    assert_snapshot!("connect4_editor", terminal.backend());
    // At 80×24 the status bar has room for only the reason's start; the editor pane says it all.
    let shown = words(&pane_text(&screen(&app, 80, 24), "Editor"));
    assert!(
        shown.contains(
            "! d5: nothing under it; with gravity a mark rests on the bottom or on another"
        ),
        "{shown}"
    );
}

/// On a gravity board the game's cursor is a column, drawn where a mark would land; the editor
/// opens with its cursor on that cell, so `x` there is a mark that rests.
#[test]
fn the_gravity_editor_opens_on_the_landing_cell() {
    use tictree::engine::Player;
    let mut options = options(Rules::CONNECT4);
    options.settings.algorithm = tictree::engine::Algorithm::AlphaBeta;
    let mut app = App::new(options, false);
    app.update(Action::Edit);
    app.update(Action::EditMark(Some(Player::X)));
    assert_eq!(app.notice, None);
    let Mode::Edit(editor) = app.mode else {
        panic!("the editor is open")
    };
    assert_eq!(
        editor.draft.to_notation(),
        "......./......./......./......./......./...x..."
    );
}

/// On a short pane the editor's notes stay whole and its key list gives way before them, and the
/// status bar keeps the keys of the marks, `x/o put` and `. clear`, with `Enter` and `Esc` (the
/// cursor's arrows go first): at 60×20 the paste hint lost `moves.` and the bar lost `x/o put`
/// while it kept `Enter`.
#[test]
fn a_short_editor_keeps_its_notes_whole_and_the_bar_its_main_keys() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    app.update(Action::Edit);
    for (height, keys) in [(20, true), (17, false)] {
        let terminal = screen(&app, 60, height);
        let pane = words(&pane_text(&terminal, "Editor"));
        assert!(
            pane.contains("Or paste a position (x.o/.x./..o) or moves: a new game."),
            "{height}: {pane}"
        );
        assert_eq!(pane.contains("clear the board"), keys, "{height}: {pane}");
        let bar = rows(&terminal).pop().unwrap_or_default();
        assert_eq!(
            bar.trim_end(),
            " x/o put  . clear  Enter play  Esc cancel  ? help  q quit"
        );
    }
}

/// Leaving the editor without changes gives back the focus and the cursor it found: an explored
/// line stays explored with the tree's keys, where Esc left the focus on the board, whose hidden
/// cursor then took `→` and `Enter` as a move.
#[test]
fn esc_gives_back_the_focus_and_the_cursor() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2"), false);
    run_jobs(&mut app);
    press(
        &mut app,
        &[Action::FocusNext, Action::Move(Direction::Right)],
    );
    assert_eq!(app.focus, Focus::Tree);
    let before = (app.explorer.line.clone(), app.cursor);
    assert_eq!(before.0.len(), 1, "a line explored");
    app.update(Action::Edit);
    cursor_to(&mut app, "c3");
    app.update(Action::Escape);
    assert_eq!(app.focus, Focus::Tree);
    assert_eq!((app.explorer.line.clone(), app.cursor), before);
    let bar = rows(&screen(&app, 120, 40)).pop().unwrap_or_default();
    assert!(bar.contains("→ expand"), "{bar}");
}
