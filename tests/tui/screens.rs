//! Whole screens at the sizes users have: the start, mid-game and game-over states, Connect Four
//! and 8×8 boards, a terminal too small, every width's status bar, the game, explorer, replay and
//! settings at 80×24, log lines wrapping (review each `.snap` by eye when it changes).

use crate::inline_app::*;
use insta::assert_snapshot;
use tictree::app::{Action, App, Direction, Seat};
use tictree::engine::Rules;

#[test]
fn start_screen_shows_every_candidate_with_its_score() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    let terminal = screen(&app, 110, 32);
    let text = text(&terminal);
    // Textbook minimax from the empty board counts the minimax tutorial notebook's 549,945 moves checked.
    assert!(text.contains("549,945 nodes"), "{text}");
    assert!(text.contains("X (you) to move"));
    assert_snapshot!("start", terminal.backend());
}

#[test]
fn mid_game_lists_scores_outcomes_and_lines() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "a3");
    play_at(&mut app, "c1");
    let terminal = screen(&app, 110, 32);
    let text = text(&terminal);
    // The AI (seed 7) answered a3 with b2 and c1 with b3: b3 is the last move, named under the
    // board and drawn in parentheses, the only cell so drawn.
    let moves: Vec<String> = app
        .game
        .moves()
        .iter()
        .map(|&m| Rules::TICTACTOE.move_name(m))
        .collect();
    assert_eq!(moves, ["a3", "b2", "c1", "b3"]);
    assert!(text.contains("X (you) to move · last b3"), "{text}");
    assert_eq!(text.matches("(│ │)").count(), 1, "{text}");
    // Row 3: X in a3, the O just played in b3 (in parentheses), c3 empty.
    assert!(text.contains("│ 3 │   ╳   │ (│ │) │       │"), "{text}");
    // Only b1 blocks O's b2-b3 line: every other move loses at once.
    assert_eq!(text.matches("-9  loss in 1").count(), 4, "{text}");
    assert!(text.contains("★  b1      0  draw"), "{text}");
    assert_snapshot!("mid_game", terminal.backend());
}

#[test]
fn game_over_shows_the_winning_line_and_the_result() {
    // X a3, O b2, X b3, O c3, X a2: O completes c3-b2-a1 at once.
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2 b3 c3 a2"), false);
    run_jobs(&mut app);
    let terminal = screen(&app, 100, 30);
    let text = text(&terminal);
    assert!(text.contains("★ O WINS ★"), "{text}");
    assert_eq!(
        text.matches("*│ │*").count(),
        3,
        "winning cells are starred"
    );
    assert!(log_text(&app).contains(&"Game over: O (AI level 4) wins with c3 b2 a1".to_string()));
    // The game-over screen's snapshot: tests/tui/play.rs, `game_over_banner`.
}

#[test]
fn too_small_terminal_says_what_it_needs_and_recovers() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    let (w, h) = tictree::ui::min_size(&Rules::TICTACTOE);
    let small = screen(&app, 40, 12);
    let shown = text(&small);
    assert!(
        shown.contains(&format!("terminal too small: need {w}×{h}")),
        "{shown}"
    );
    assert!(shown.contains("now 40×12"));
    assert_snapshot!("too_small", small.backend());
    // Narrower than its lines, the message wraps and still ends with the way out.
    let narrow = text(&screen(&app, 30, 10));
    assert!(narrow.contains("quit"), "{narrow}");
    // A popup there (the settings may give a board that fits) keeps the status bar under it.
    app.update(tictree::app::Action::ToggleSettings);
    let with_popup = text(&screen(&app, 40, 12));
    let bottom = with_popup.lines().last().unwrap_or_default();
    assert!(
        bottom.contains("Esc close") && bottom.contains("q quit"),
        "{with_popup}"
    );
    app.update(tictree::app::Action::Escape);
    let just_enough = screen(&app, w, h);
    assert!(!text(&just_enough).contains("too small"));
    assert!(text(&just_enough).contains("Board"));
}

#[test]
fn drawing_never_panics_at_any_size() {
    for rules in [Rules::TICTACTOE, Rules::CONNECT4, "8x8k5".parse().unwrap()] {
        let mut app = App::new(options(rules), true);
        let _ = app.take_job(); // Big boards are not searched here: the screen must cope anyway.
        let every_size = |app: &App| {
            for width in (0..140).step_by(3) {
                for height in (0..50).step_by(2) {
                    screen(app, width, height);
                }
            }
        };
        // The help over the game, the replay (its sentence and stack wrap into any width), the
        // settings over the replay.
        app.update(Action::ToggleHelp);
        every_size(&app);
        app.update(Action::ToggleHelp);
        app.update(Action::OpenReplay);
        let _ = app.take_job();
        app.update(Action::Replay(tictree::app::ReplayCommand::Forward));
        every_size(&app);
        app.update(Action::ToggleSettings);
        every_size(&app);
    }
}

/// Below the smallest layout (40×12 is smaller than any board needs) the screen says what size
/// it needs, and the settings (where a smaller board can be chosen) still open over it.
#[test]
fn forty_by_twelve_says_what_it_needs() {
    for rules in [Rules::TICTACTOE, Rules::CONNECT4] {
        let mut app = App::new(options(rules), false);
        let _ = app.take_job();
        let (w, h) = tictree::ui::min_size(&rules);
        assert!(w > 40 || h > 12, "{rules}");
        let shown = text(&screen(&app, 40, 12));
        assert!(
            shown.contains(&format!("terminal too small: need {w}×{h}")),
            "{shown}"
        );
        assert!(
            shown.contains("now 40×12") && shown.contains("q to quit"),
            "{shown}"
        );
        app.update(Action::ToggleSettings);
        let shown = text(&screen(&app, 40, 12));
        assert!(
            shown.contains("Settings") && shown.contains("> rules"),
            "{shown}"
        );
    }
}

/// At every width the status bar ends with `? help` and `q quit`: the other keys are said
/// shorter, then the least relevant left out, never these.
#[test]
fn the_status_bar_keeps_help_and_quit_at_every_width() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "a3");
    let every_width = |app: &App, must: &str| {
        for width in 40..=160 {
            let terminal = screen(app, width, 60);
            assert!(
                rows(&terminal).last().unwrap().contains(must),
                "{width}: {must}"
            );
            assert_status_bar_keeps_help_and_quit(&terminal);
        }
    };
    every_width(&app, "Enter place");
    // A notice comes first: beside help and quit where it fits, else alone, whole, until the
    // next key.
    app.update(Action::Escape);
    let notice = " nothing to close (q quits)";
    for width in 40..=160 {
        let terminal = screen(&app, width, 60);
        let bar = rows(&terminal).pop().unwrap();
        assert!(bar.starts_with(notice), "{width}: {bar}");
        // The notice, its margins, and ` ? help  q quit ` with room to spare: 45 columns.
        if width >= 45 {
            assert_status_bar_keeps_help_and_quit(&terminal);
        } else {
            assert_eq!(bar.trim_end(), notice, "{width}");
        }
    }
    press(
        &mut app,
        &[Action::FocusNext, Action::Move(Direction::Right)],
    );
    every_width(&app, "Esc back");
    press(
        &mut app,
        &[Action::Escape, Action::Escape, Action::OpenReplay],
    );
    every_width(&app, "Esc leave");
    // Wide enough, every key is said in full.
    let wide = rows(&screen(&app, 160, 60));
    assert!(
        wide.last()
            .unwrap()
            .contains("e/g end/start  1/2/3 algo  v view  p play  +/- speed")
    );
}

#[test]
fn connect4_cursor_shows_where_the_mark_lands() {
    let rules = Rules::CONNECT4;
    let mut options = options_from(rules, "341251664715213456754671541364");
    // Minimax would take seconds here; alpha-beta's counts are just as stable.
    options.settings.algorithm = tictree::engine::Algorithm::AlphaBeta;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
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
    options.settings.x = Seat::PERFECT;
    options.settings.o = Seat::Human;
    let mut app = App::new(options, false);
    // The exact search of an 8×8 board does not finish quickly: the pane shows what has arrived.
    let _ = app.take_job();
    let terminal = screen(&app, 120, 40);
    let text = text(&terminal);
    assert!(text.contains("searching… 0 of 61 moves scored"), "{text}");
    assert!(text.contains(" h "), "column letters run to h: {text}");
    assert_snapshot!("eight_by_eight", terminal.backend());
}

/// The status bar keeps the help and quit keys, and ends with them.
fn assert_status_bar_keeps_help_and_quit(
    terminal: &ratatui::Terminal<ratatui::backend::TestBackend>,
) {
    let rows = rows(terminal);
    let bar = rows.last().expect("a status bar").trim_end();
    assert!(bar.ends_with("? help  q quit"), "{bar}");
}

/// The newest log lines can be read whole in the log pane, however long (the older ones scroll
/// off the top).
fn assert_log_whole(app: &App, terminal: &ratatui::Terminal<ratatui::backend::TestBackend>) {
    let shown = words(&pane_text(terminal, "Log"));
    for line in log_text(app).iter().rev().take(2) {
        assert!(
            shown.contains(&words(line)),
            "{line:?} not whole in {shown:?}"
        );
    }
}

/// The game, the explorer, the search replay and the settings at 80×24, the most common terminal
/// size: nothing said is cut at a pane's edge, and the status bar keeps `? help` and `q quit`.
/// `replay` moves the replay to a step worth seeing.
fn eighty_by_twenty_four(mut app: App, name: &str, replay: impl Fn(&mut App)) {
    use tictree::app::ReplayCommand as C;
    let game = screen(&app, 80, 24);
    assert_status_bar_keeps_help_and_quit(&game);
    assert_log_whole(&app, &game);
    assert_snapshot!(format!("80x24_{name}_game"), game.backend());

    press(
        &mut app,
        &[Action::FocusNext, Action::Move(Direction::Right)],
    );
    let explorer = screen(&app, 80, 24);
    assert!(text(&explorer).contains("board › "), "{}", text(&explorer));
    assert!(rows(&explorer)[23].contains("Esc back"));
    assert_status_bar_keeps_help_and_quit(&explorer);
    assert_snapshot!(format!("80x24_{name}_explorer"), explorer.backend());

    press(
        &mut app,
        &[Action::Escape, Action::Escape, Action::OpenReplay],
    );
    replay(&mut app);
    let replaying = screen(&app, 80, 24);
    let state = app.replay().expect("the replay is open");
    let pane = words(&pane_text(&replaying, "Search replay"));
    assert!(pane.contains(&words(&state.replay.sentence())), "{pane}");
    if state.replay.algorithm() == tictree::engine::Algorithm::Minimax {
        assert!(!pane.contains('α') && !pane.contains("+∞"), "{pane}");
    }
    assert!(rows(&replaying)[23].contains("Esc leave"));
    assert_status_bar_keeps_help_and_quit(&replaying);
    assert_snapshot!(format!("80x24_{name}_replay"), replaying.backend());

    press(
        &mut app,
        &[Action::Replay(C::Close), Action::ToggleSettings],
    );
    let settings = screen(&app, 80, 24);
    assert!(text(&settings).contains("Settings"));
    // The popup takes the whole height: its own foot names its keys.
    assert!(
        text(&settings).contains("Enter/Esc close"),
        "{}",
        text(&settings)
    );
    // The popup covers the game behind it: its snapshot is taken once, over tic-tac-toe.
    if name == "tictactoe" {
        assert_snapshot!(format!("80x24_{name}_settings"), settings.backend());
    }
}

/// Options whose settings popup names the same config file on every machine.
fn fixed_config(mut options: tictree::app::Options) -> tictree::app::Options {
    options.config = Some(std::path::PathBuf::from(
        "/home/you/.config/tictree/config.toml",
    ));
    options
}

#[test]
fn eighty_by_twenty_four_on_tic_tac_toe() {
    let mut app = App::new(fixed_config(options(Rules::TICTACTOE)), false);
    run_jobs(&mut app);
    play_at(&mut app, "a3");
    eighty_by_twenty_four(app, "tictactoe", |app| {
        // Alpha-beta's first cutoff, seven plies down: a long sentence below a deep stack.
        press(
            app,
            &[Action::Replay(tictree::app::ReplayCommand::NextCutoff)],
        );
    });
}

#[test]
fn eighty_by_twenty_four_on_connect_four() {
    // Twelve moves in, where the engine solves every move in well under a second (tests leave
    // the opening book out) and minimax still has far too many nodes to replay whole: the
    // replay goes as deep as its full-width tree fits in the node budget, and says so.
    let mut options = fixed_config(options_from(Rules::CONNECT4, "341251664715"));
    options.settings.algorithm = tictree::engine::Algorithm::Engine;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    eighty_by_twenty_four(app, "connect4", |app| {
        use tictree::app::ReplayCommand as C;
        // Minimax, depth-limited, a few events in.
        press(
            app,
            &[Action::Replay(C::Algorithm(
                tictree::engine::Algorithm::Minimax,
            ))],
        );
        for _ in 0..6 {
            press(app, &[Action::Replay(C::Forward)]);
        }
        let replay = &app.replay().expect("open").replay;
        assert_eq!(replay.limits().depth, Some(7));
        let pane = words(&pane_text(&screen(app, 80, 24), "Search replay"));
        assert!(pane.contains("Depth limit 7"), "{pane}");
    });
}

/// Log lines wrap instead of ending at the pane's edge, at any width: the AI's search line with
/// its winning move, at 140 columns as at 80.
#[test]
fn log_lines_wrap_whole_at_any_width() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2 b3 c3 a2"), false);
    run_jobs(&mut app);
    let log = log_text(&app);
    let search = log
        .iter()
        .find(|l| l.contains("best +10 (win in 1) with a1"))
        .expect("the AI's winning search is logged");
    for (width, height) in [(140, 32), (100, 30), (80, 24), (60, 40)] {
        let terminal = screen(&app, width, height);
        let shown = words(&pane_text(&terminal, "Log"));
        assert!(shown.contains(&words(search)), "{width}×{height}: {shown}");
        assert_log_whole(&app, &terminal);
    }
}

/// A bigger terminal never shows fewer of the tree's rows: a wide board readable beside the
/// analysis stays there as the terminal grows taller (at 120×40 8×5 k=4 went above the tree,
/// which kept two of its 40 moves), and only a board at the smallest scale goes above it.
#[test]
fn a_taller_terminal_never_shrinks_the_tree() {
    use ratatui::layout::Rect;
    for rules in [
        "tictactoe",
        "8x5k4",
        "7x4k4",
        "8x4k4",
        "8x3k3",
        "connect4",
        "8x8k5",
    ] {
        let rules: Rules = rules.parse().unwrap();
        let candidates = rules.cells();
        // Narrower too, where only the stacked layout fits: the board above grows only where
        // the tree keeps its rows (Connect Four at 70×44 had shown 2 of its 7 candidates, at
        // 70×42 five).
        for width in [60, 70, 80, 90, 100, 120, 150] {
            let mut rows_before = 0;
            for height in 24..=60 {
                let area = Rect::new(0, 0, width, height);
                let Ok(panes) = tictree::ui::panes(area, &rules, candidates) else {
                    continue;
                };
                assert!(
                    panes.tree.height >= rows_before,
                    "{rules} at {width}×{height}: the tree has {} rows, a row shorter had {rows_before}",
                    panes.tree.height
                );
                rows_before = panes.tree.height;
            }
        }
        let panes = tictree::ui::panes(Rect::new(0, 0, 120, 40), &rules, candidates).unwrap();
        assert!(panes.tree.x > panes.board.x, "{rules}: beside the board");
    }
    // Tic-tac-toe at 60×40 stacks: its nine candidates fit below a bigger board than beside.
    let tictactoe = Rules::TICTACTOE;
    let panes = tictree::ui::panes(Rect::new(0, 0, 60, 40), &tictactoe, 9).unwrap();
    assert!(panes.tree.y > panes.board.y && panes.tree.x == panes.board.x);
    // 8×8 k=5 at 90×60 fits both ways, and stays beside: above, a bigger board would leave its
    // 64 candidates half the rows.
    let big: Rules = "8x8k5".parse().unwrap();
    let panes = tictree::ui::panes(Rect::new(0, 0, 90, 60), &big, 64).unwrap();
    assert!(panes.tree.x > panes.board.x);
}
