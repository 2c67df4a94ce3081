//! The comparison popup (`c`): every algorithm on the same position, in the popup and the log;
//! Esc stopping one still running; an unfinished row; the depth chosen on Connect Four.

use crate::inline_app::*;
use insta::assert_snapshot;
use std::time::Duration;
use tictree::app::{Action, App, Comparison, Job, JobKey, KeptSolvers, Popup, Runner};
use tictree::engine::{Algorithm, CompareRow, Reach, Rules, SearchStats, StopFlag, Unfinished};

#[test]
fn compare_runs_every_algorithm_in_a_popup_and_the_log() {
    let mut options = options_from(Rules::TICTACTOE, "a3 b2 b3");
    options.settings.algorithm = Algorithm::Engine;
    options.settings.o = tictree::app::Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(&mut app, &[Action::Compare]);
    assert_eq!(app.popup, Some(Popup::Compare));
    let comparison = app.comparison.as_ref().expect("a comparison");
    assert_eq!(comparison.rows.len(), 3);
    let terminal = screen(&app, 110, 32);
    let text = text(&terminal);
    // The minimax tutorial notebook's count for minimax after a3 b2 b3: 934 moves checked.
    assert!(text.contains("minimax") && text.contains("934"), "{text}");
    // The log says the score, then the moves that make it, as the hint line does.
    let log = log_text(&app);
    let minimax = log.iter().find(|l| l.starts_with("  minimax "));
    let minimax = minimax.unwrap_or_else(|| panic!("{log:?}"));
    assert!(
        minimax.starts_with("  minimax   best 0 with c3: 934 nodes in "),
        "{minimax}"
    );
    assert_snapshot!("compare_popup", terminal.backend());
    press(&mut app, &[Action::Escape]);
    assert_eq!(app.popup, None);
    assert!(!app.should_quit());
}

/// Nine equal moves make the best-moves cell `a3 b3 (7 more)`: the column holds it, and every
/// figure stays under its heading.
#[test]
fn the_columns_stay_under_their_headings_when_the_best_moves_are_many() {
    let mut options = options(Rules::TICTACTOE);
    options.settings.o = tictree::app::Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(&mut app, &[Action::Compare]);
    let shown = text(&screen(&app, 80, 24));
    let row = |has: &str| {
        shown
            .lines()
            .find(|line| line.contains(has))
            .unwrap_or_else(|| panic!("no {has} row:\n{shown}"))
    };
    let heading = row(" algorithm  best");
    let minimax = row(" minimax    a3 b3 (7 more)");
    // Right-aligned columns: each heading ends where its figures end.
    let end = |line: &str, word: &str| line.find(word).map(|at| at + word.len());
    assert_eq!(end(heading, "nodes"), end(minimax, "549,945"), "{shown}");
    assert_eq!(
        end(heading, "score"),
        end(minimax, " 0     549,945").map(|e| e - "     549,945".len()),
        "{shown}"
    );
}

/// Narrower than its table, the popup leaves out the rate, then the time, whole (at 60 columns
/// the rates read `15` and `1`, the rest of their digits cut off), and its sentences wrap.
#[test]
fn a_narrow_popup_leaves_out_whole_columns_and_wraps_its_sentences() {
    let mut options = options(Rules::TICTACTOE);
    options.settings.o = tictree::app::Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(&mut app, &[Action::Compare]);
    for (width, time, rate) in [(80, true, true), (60, true, false), (48, false, false)] {
        let shown = text(&screen(&app, width, 24));
        let heading = shown
            .lines()
            .find(|line| line.contains(" algorithm  best"))
            .unwrap_or_else(|| panic!("no heading:\n{shown}"));
        assert!(heading.contains("nodes"), "{shown}");
        assert_eq!(heading.contains("time"), time, "{shown}");
        assert_eq!(heading.contains("nodes/s"), rate, "{shown}");
        let minimax = shown
            .lines()
            .find(|line| line.contains(" minimax    a3"))
            .unwrap();
        assert!(minimax.contains(" 549,945 "), "{shown}");
        // Every sentence whole: its last words are on the screen.
        let sentences = words(&shown.replace(['│', '"'], " "));
        assert!(sentences.contains("Compare the nodes"), "{shown}");
        // The times' footnote goes with their column.
        assert_eq!(sentences.contains("(the engine's table)."), time, "{shown}");
    }
}

/// To a depth that reaches the end of every line, every value is exact: the footnote about
/// estimates is left out.
#[test]
fn a_depth_that_reaches_every_end_shows_no_estimate_note() {
    let mut options = options_from(Rules::TICTACTOE, "a3 b2 b3 c1");
    options.settings.o = tictree::app::Seat::Human;
    options.settings.depth = 5;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(&mut app, &[Action::Compare]);
    let comparison = app.comparison.as_ref().expect("a comparison");
    assert_eq!(comparison.reach, Reach::Depth(5));
    let shown = text(&screen(&app, 100, 30));
    assert!(shown.contains("same values,"), "{shown}");
    assert!(!shown.contains("≈ values are estimates"), "{shown}");
}

#[test]
fn esc_stops_a_comparison_still_running_and_the_log_says_how_far_it_got() {
    let mut options = options(Rules::CONNECT4);
    options.settings.o = tictree::app::Seat::Human;
    // Twelve plies deep: minimax scores no move in the moments before Esc.
    options.settings.depth = 12;
    let mut app = App::new(options, false);
    // The board's own analysis is not needed (and the empty board's is a long solve).
    while app.take_job().is_some() {}
    app.update(Action::Compare);
    let Some(Job::Compare(request)) = app.take_job() else {
        panic!("a comparison is asked for");
    };
    // The comparison runs on a thread of its own, as the worker runs it; minimax cannot finish
    // on the empty Connect Four board.
    let stop = StopFlag::default();
    let (send, replies) = std::sync::mpsc::channel();
    let running = stop.clone();
    let thread = std::thread::spawn(move || {
        let mut send = |reply| send.send(reply).unwrap();
        Job::Compare(request).run(&Runner::default(), &running, &mut send)
    });
    std::thread::sleep(Duration::from_millis(100));
    app.update(Action::Escape);
    assert_eq!(app.popup, None);
    // The app asks for the comparison to stop, and the worker raises its flag.
    assert!(matches!(app.take_job(), Some(Job::Cancel(JobKey::Compare))));
    stop.stop();
    assert!(thread.join().unwrap().is_err(), "stopped, not finished");
    for message in replies.try_iter() {
        app.update(Action::Search(message));
    }
    let comparison = app.comparison.as_ref().expect("the comparison");
    assert!(!comparison.running(), "{:?}", comparison.rows);
    let line = log_text(&app).last().cloned().unwrap();
    assert!(
        line.starts_with("  minimax   stopped after ")
            && line.contains(" (popup closed) with 0 of 7 moves scored, ")
            && line.ends_with(" plies deep"),
        "{line}"
    );
}

#[test]
fn an_unfinished_row_shows_how_far_the_algorithm_got() {
    let mut app = App::new(options(Rules::CONNECT4), false);
    let position = *app.position();
    let unfinished = |algorithm, scored, nodes, depth| {
        CompareRow::Unfinished(Unfinished {
            algorithm,
            elapsed: Duration::from_secs(10),
            scored,
            legal: 7,
            stats: SearchStats {
                nodes,
                depth,
                ..SearchStats::default()
            },
            cancelled: false,
        })
    };
    app.comparison = Some(Comparison {
        generation: 0,
        position,
        reach: Reach::Exact,
        rows: vec![
            unfinished(Algorithm::Minimax, 0, 123_456_789, 42),
            unfinished(Algorithm::AlphaBeta, 2, 98_765_432, 41),
        ],
    });
    app.popup = Some(Popup::Compare);
    let terminal = screen(&app, 80, 24);
    let text = text(&terminal);
    assert!(
        text.contains("minimax    0 of 7 done        - 123,456,789   10.00 s  12,345,678"),
        "{text}"
    );
    assert!(
        text.contains("minimax: stopped when its 10 s ran out, 42 plies deep"),
        "{text}"
    );
    assert_snapshot!("compare_unfinished", terminal.backend());
}

#[test]
fn compare_on_connect4_goes_to_a_depth_every_algorithm_can_reach() {
    let mut options = options(Rules::CONNECT4);
    options.settings.o = tictree::app::Seat::Human;
    let mut app = App::new(options, false);
    // The board's own analysis is not needed (and the empty board's is a long solve).
    while app.take_job().is_some() {}
    app.update(Action::Compare);
    let Some(Job::Compare(request)) = app.take_job() else {
        panic!("a comparison is asked for");
    };
    // No depth in the settings: exact is out of reach for minimax, so depth 7 (7^7 leaves).
    assert_eq!(request.reach, Reach::Depth(7));
    for reply in replies(Job::Compare(request), &KeptSolvers::default()) {
        app.update(Action::Search(reply));
    }
    let comparison = app.comparison.as_ref().unwrap();
    assert!(!comparison.running());
    let shown = text(&screen(&app, 100, 30));
    assert!(shown.contains("to depth 7"), "{shown}");
    for algorithm in ["minimax   ", "alphabeta ", "engine    "] {
        assert!(
            shown.contains(&format!(" {algorithm} c1 d1 e1       ≈+0.16")),
            "{algorithm}: {shown}"
        );
    }
    assert!(shown.contains("same values,"), "{shown}");
    assert!(
        shown.contains("≈ values are estimates to that depth, not the game's exact value."),
        "{shown}"
    );
    // Narrower than the written footnote: each sentence wraps as one paragraph, not where its
    // written line ended.
    let shown = text(&screen(&app, 64, 30));
    assert!(
        shown.contains("│ same values, only the work differs"),
        "{shown}"
    );
    // Short: the footnote gives way whole, the three rows stay.
    let shown = text(&screen(&app, 64, 16));
    assert!(
        !shown.contains("Compare the nodes") && !shown.contains("Same position"),
        "{shown}"
    );
    for algorithm in ["minimax   ", "alphabeta ", "engine    "] {
        assert!(shown.contains(&format!(" {algorithm} c1 d1 e1")), "{shown}");
    }
    // Narrow: the position breaks between its rows, never in one.
    let shown = text(&screen(&app, 50, 16));
    assert!(
        shown.contains("│ ......./......./......./......./......./ ")
            && shown.contains("│ .......    "),
        "{shown}"
    );
    // Narrow: the best moves give way before a row is cut; the values and the nodes stay; the
    // border says less, not half of it.
    let shown = text(&screen(&app, 34, 16));
    assert!(shown.contains("└ in the log · Esc ─"), "{shown}");
    for algorithm in [
        "minimax    ≈+0.16",
        "alphabeta  ≈+0.16",
        "engine     ≈+0.16",
    ] {
        assert!(shown.contains(algorithm), "{shown}");
    }
    // A depth in the settings is the comparison's depth.
    app.options.settings.depth = 3;
    app.update(Action::Escape);
    app.update(Action::Compare);
    while let Some(job) = app.take_job() {
        if let Job::Compare(request) = job {
            assert_eq!(request.reach, Reach::Depth(3));
        }
    }
}
