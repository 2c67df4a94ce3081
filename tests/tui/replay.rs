//! The search replay (`s`): alpha-beta's first cutoff with the pruned moves marked, stepping back
//! and forth, autoplay, a long step out in slices, keys kept while the search is counted, the
//! levels a tall stack leaves out, and the children's row on a short pane. (The replay against
//! `analyze`: tests/engine/replay.rs.)

use crate::inline_app::*;
use insta::assert_snapshot;
use std::time::Duration;
use tictree::app::{Action, App, ReplayCommand};
use tictree::engine::{Algorithm, Rules};

#[test]
fn the_alphabeta_replay_stops_at_its_first_cutoff_with_the_pruned_moves_marked() {
    let mut options = options_from(Rules::TICTACTOE, "a3 b3 c3 b2");
    options.settings.o = tictree::app::Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(&mut app, &[Action::OpenReplay]);
    let Some(state) = app.replay() else {
        panic!("the replay is open");
    };
    assert_eq!(state.replay.algorithm(), Algorithm::AlphaBeta);
    assert!(
        !state.surveying,
        "the survey ran inline: the totals are known"
    );
    // The replay's totals are analyze's.
    let analysis = tictree::engine::analyze(
        app.position(),
        Algorithm::AlphaBeta,
        &tictree::engine::StopFlag::default(),
        |_| {},
    )
    .unwrap();
    assert_eq!(
        state.replay.totals().map(|t| t.nodes),
        Some(analysis.stats.nodes)
    );
    press(
        &mut app,
        &[Action::Replay(tictree::app::ReplayCommand::NextCutoff)],
    );
    let state = app.replay().expect("still open");
    let pruned = state.replay.pruned().to_vec();
    assert!(!pruned.is_empty(), "a cutoff prunes moves");
    assert_eq!(state.replay.counters().cutoffs, 1);
    let view = app.replay_board(state);
    for mv in &pruned {
        assert_eq!(view.mark(*mv), Some(tictree::app::Mark::Pruned));
    }
    let terminal = screen(&app, 110, 34);
    let text = text(&terminal);
    assert!(text.contains("cutoff"), "{text}");
    assert!(text.contains("{ - }"), "pruned cells are marked: {text}");
    assert_snapshot!("replay_first_cutoff", terminal.backend());
    // Esc leaves the replay, back to the game as it was.
    press(
        &mut app,
        &[Action::Replay(tictree::app::ReplayCommand::Close)],
    );
    assert!(app.replay().is_none());
    assert_eq!(app.position().ply(), 4);
}

#[test]
fn the_replay_steps_back_and_forth_and_autoplays_at_its_speed() {
    use tictree::app::ReplayCommand as C;
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::OpenReplay]);
    for _ in 0..5 {
        app.update(Action::Replay(C::Forward));
    }
    let step = |app: &App| app.replay().expect("open").replay.step();
    assert_eq!(step(&app), 5);
    app.update(Action::Replay(C::Back));
    assert_eq!(step(&app), 4);
    // Autoplay at 10 events a second: 1.05 s of ticks take 10 steps.
    app.update(Action::Replay(C::Autoplay));
    assert!(app.wants_ticks());
    assert_eq!(app.replay().expect("open").events_per_second(), 10);
    for _ in 0..21 {
        app.update(Action::Tick(Duration::from_millis(50)));
    }
    assert_eq!(step(&app), 14);
    app.update(Action::Replay(C::Autoplay));
    app.update(Action::Tick(Duration::from_secs(1)));
    assert_eq!(step(&app), 14, "paused");
    // The speed shows on the caption only while autoplay runs: a change says it either way.
    app.update(Action::Replay(C::Faster));
    assert_eq!(
        app.notice.as_deref(),
        Some("autoplay will run at 30 steps/s (p starts it)")
    );
    for _ in 0..5 {
        app.update(Action::Replay(C::Faster));
    }
    assert_eq!(
        app.notice.as_deref(),
        Some("autoplay at its fastest already: 10,000 steps/s")
    );
    app.update(Action::Replay(C::Autoplay));
    app.update(Action::Replay(C::Slower));
    assert_eq!(app.notice.as_deref(), Some("autoplay: 1,000 steps/s"));
    app.update(Action::Replay(C::Autoplay));
    // The end: every root move scored, as analyze scores them.
    app.update(Action::Replay(C::End));
    let state = app.replay().expect("open");
    assert!(state.replay.finished());
    assert_eq!(state.replay.counters().nodes, 34_202);
    assert_eq!(state.replay.root_scores().len(), 9);
    // Another algorithm on the same position: minimax, the minimax tutorial notebook's 549,945 nodes.
    app.update(Action::Replay(C::Algorithm(Algorithm::Minimax)));
    run_jobs(&mut app);
    let state = app.replay().expect("open");
    assert_eq!(state.replay.algorithm(), Algorithm::Minimax);
    assert_eq!(state.replay.totals().map(|t| t.nodes), Some(549_945));
    assert_eq!(state.replay.step(), 0);
    // The same algorithm again changes nothing, and says so.
    app.update(Action::Replay(C::Forward));
    app.update(Action::Replay(C::Algorithm(Algorithm::Minimax)));
    assert_eq!(step(&app), 1);
    assert_eq!(
        app.notice.as_deref(),
        Some("this is the minimax replay already (Home restarts it)")
    );
}

/// Stepping out of the first root move (a3) of the 3×3 minimax search crosses its 59,704 nodes
/// (more than three slices of events): it runs a slice per tick, so keys stay live, says so on
/// screen, lands where seeking `Replay::out_target` lands, and a key pressed on the way stops it.
#[test]
fn a_long_step_out_runs_in_slices_and_any_key_stops_it() {
    use tictree::app::{ReplayCommand as C, SEEK_SLICE};
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::OpenReplay]);
    app.update(Action::Replay(C::Algorithm(Algorithm::Minimax)));
    run_jobs(&mut app);
    let step = |app: &App| app.replay().expect("open").replay.step();
    // Into the first root move (ply 1); stepping out finishes its whole subtree.
    app.update(Action::Replay(C::Forward));
    let from = step(&app);
    let mut expected = app.replay().expect("open").replay.clone();
    expected.seek(expected.out_target(), u64::MAX);
    assert!(expected.step() - from > 3 * SEEK_SLICE);
    app.update(Action::Replay(C::Out));
    assert_eq!(step(&app), from + SEEK_SLICE, "one slice per key press");
    assert!(app.wants_ticks(), "the rest comes with the ticks");
    let shown = text(&screen(&app, 110, 34));
    assert!(shown.contains("running through the subtree…"), "{shown}");
    let mut ticks = 0;
    while app.wants_ticks() {
        app.update(Action::Tick(Duration::from_millis(20)));
        ticks += 1;
    }
    assert!(ticks > 1, "{ticks} ticks");
    assert_eq!(step(&app), expected.step());
    assert!(!text(&screen(&app, 110, 34)).contains("running"));
    // Once more from the same place, and a key on the way: the step out stops, the key acts.
    app.update(Action::Replay(C::Restart));
    app.update(Action::Replay(C::Forward));
    app.update(Action::Replay(C::Out));
    app.update(Action::Tick(Duration::from_millis(20)));
    let stopped = step(&app);
    app.update(Action::Replay(C::Forward));
    assert_eq!(step(&app), stopped + 1);
    assert!(!app.wants_ticks());
}

/// Keys pressed while the replay is still being counted wait for the count and then all take
/// effect, in the order they were pressed (two `x` reach the second cutoff, then one step more).
#[test]
fn keys_pressed_while_counting_are_kept_in_order() {
    use tictree::app::ReplayCommand as C;
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    app.update(Action::OpenReplay);
    let mut expected = app.replay().expect("open").replay.clone();
    for command in [C::NextCutoff, C::NextCutoff, C::Forward] {
        app.update(Action::Replay(command));
    }
    let state = app.replay().expect("open");
    assert!(state.surveying);
    assert_eq!(state.replay.step(), 0, "nothing ran on the key thread");
    assert_eq!(
        app.notice.as_deref(),
        Some("counting the search first: 3 keys follow at once")
    );
    run_jobs(&mut app);
    expected
        .run_to_end(&tictree::engine::StopFlag::default())
        .unwrap();
    expected.restart();
    assert!(expected.next_cutoff() && expected.next_cutoff());
    expected.forward();
    assert_eq!(app.replay().expect("open").replay.step(), expected.step());
    assert_eq!(expected.counters().cutoffs, 2);
    // The wait is over: its notice goes.
    assert_eq!(app.notice, None);
}

/// Where the stack is taller than the replay pane, its deepest levels show under a line that
/// counts the ones above ("… 2 levels above", never "1 levels"); the sentence stays whole.
#[test]
fn the_replay_counts_the_levels_it_leaves_out() {
    use tictree::app::ReplayCommand as C;
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::OpenReplay]);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..200 {
        press(&mut app, &[Action::Replay(C::Forward)]);
        let terminal = screen(&app, 80, 24);
        let pane = pane_text(&terminal, "Search replay");
        let sentence = app.replay().expect("open").replay.sentence();
        assert!(words(&pane).contains(&words(&sentence)), "{pane}");
        assert!(!pane.contains("… 1 levels"), "{pane}");
        if let Some(at) = pane.find("… ") {
            let said = pane[at..].split("above").next().unwrap_or_default();
            seen.insert(said.trim().to_string());
        }
    }
    // One level left out would take the row that could show it: the count starts at two.
    assert!(seen.contains("… 2 levels"), "{seen:?}");
}

#[test]
fn d_draws_the_replayed_search_for_a_file_and_refuses_a_search_too_big_to_read() {
    use tictree::app::ReplayCommand;
    // O to move in xo./.o./x.x: alpha-beta enters 22 positions, with 2 cutoffs.
    let mut options = options_from(Rules::TICTACTOE, "a3 b3 a1 b2 c1");
    options.settings.o = tictree::app::Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(
        &mut app,
        &[Action::OpenReplay, Action::Replay(ReplayCommand::Picture)],
    );
    let picture = app.take_picture().expect("a picture to write");
    assert_eq!(picture.name, "tictree-alphabeta-xo_-_o_-x_x.dot");
    assert!(picture.text.starts_with("digraph search {\n"));
    assert!(
        picture
            .text
            .contains("alphabeta on xo./.o./x.x (tictactoe), O to move: 22 nodes, 2 cutoffs"),
        "{}",
        picture.text
    );
    // One node per position entered, the root included: `n0` to `n22`.
    assert!(picture.text.contains("  n22 [") && !picture.text.contains("  n23 ["));
    assert_eq!(app.take_picture(), None, "written once");
    // Another algorithm, the same position: the picture follows the replay.
    press(
        &mut app,
        &[
            Action::Replay(ReplayCommand::Algorithm(Algorithm::Minimax)),
            Action::Replay(ReplayCommand::Picture),
        ],
    );
    let minimax = app.take_picture().expect("minimax's picture");
    assert_eq!(minimax.name, "tictree-minimax-xo_-_o_-x_x.dot");
    assert!(
        minimax.text.contains("23 nodes, 0 cutoffs"),
        "{}",
        minimax.text
    );
    // Cut at a depth, the search is another tree: another file, and its title says the depth.
    press(
        &mut app,
        &[
            Action::Replay(ReplayCommand::Algorithm(Algorithm::AlphaBeta)),
            Action::Replay(ReplayCommand::Depth(-1)),
            Action::Replay(ReplayCommand::Picture),
        ],
    );
    let shallow = app.take_picture().expect("the depth-limited picture");
    let depth = app
        .replay()
        .expect("open")
        .replay
        .limits()
        .depth
        .expect("a depth");
    assert_eq!(
        shallow.name,
        format!("tictree-alphabeta-depth{depth}-xo_-_o_-x_x.dot")
    );
    assert!(
        shallow
            .text
            .contains(&format!("alphabeta to depth {depth} on xo./.o./x.x")),
        "{}",
        shallow.text
    );
    // The empty board's search is far beyond a picture: nothing to write, and the user is told.
    let mut app = App::new(crate::inline_app::options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(
        &mut app,
        &[Action::OpenReplay, Action::Replay(ReplayCommand::Picture)],
    );
    assert_eq!(app.take_picture(), None);
    let notice = app.notice.clone().unwrap_or_default();
    assert!(notice.contains("more than 1,000 positions"), "{notice}");
}

/// The first cutoff that prunes something in the alpha-beta replay of `xx./.o./..o` (X to move).
fn at_a_pruning_cutoff() -> App {
    use tictree::app::ReplayCommand as C;
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2 b3 c1"), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::OpenReplay]);
    loop {
        press(&mut app, &[Action::Replay(C::NextCutoff)]);
        let state = app.replay().expect("open");
        assert_eq!(state.replay.algorithm(), Algorithm::AlphaBeta);
        if !state.replay.pruned().is_empty() {
            return app;
        }
    }
}

/// At a cutoff the children view lists every move of the node that cut off: the searched ones
/// with their values, the best starred, the pruned ones in words; the stack's rows say whose
/// values they hold. `v` turns the same screen into max/min: X's values, rows `X max` / `O min`,
/// the window X's on every row, the cutoff's row saying α ≥ β; `v` again turns it back.
#[test]
fn the_children_view_and_the_max_min_view_at_a_cutoff() {
    use tictree::app::ReplayCommand as C;
    let mut app = at_a_pruning_cutoff();
    let rules = Rules::TICTACTOE;
    let pruned = rules.move_names(app.replay().expect("open").replay.pruned());
    for (width, height) in [(80, 24), (120, 40)] {
        let terminal = screen(&app, width, height);
        let pane = pane_text(&terminal, "Search replay");
        for name in &pruned {
            assert!(pane.contains(&format!("{name} pruned")), "{pane}");
        }
        assert!(pane.contains("★") && pane.contains("children of"), "{pane}");
        assert!(pane.contains("for O") && pane.contains("for X"), "{pane}");
        assert!(text(&terminal).contains("· negamax ·") && !pane.contains("O min"));
        assert_snapshot!(
            format!("children_at_a_cutoff_{width}x{height}"),
            terminal.backend()
        );
    }
    let negamax = text(&screen(&app, 120, 40));
    press(&mut app, &[Action::Replay(C::ToggleView)]);
    for (width, height) in [(80, 24), (120, 40)] {
        let terminal = screen(&app, width, height);
        let pane = pane_text(&terminal, "Search replay");
        assert!(text(&terminal).contains("· max/min ·"), "{pane}");
        assert!(pane.contains("X max") && pane.contains("O min"), "{pane}");
        assert!(pane.contains("α ≥ β") && !pane.contains("for O"), "{pane}");
        for name in &pruned {
            assert!(pane.contains(&format!("{name} pruned")), "{pane}");
        }
        assert_snapshot!(
            format!("max_min_at_a_cutoff_{width}x{height}"),
            terminal.backend()
        );
    }
    // The view survives another algorithm, and `v` turns it back.
    press(
        &mut app,
        &[Action::Replay(C::Algorithm(Algorithm::AlphaBeta))],
    );
    assert_eq!(
        app.replay().expect("open").view,
        tictree::engine::View::MaxMin
    );
    press(
        &mut app,
        &[Action::Replay(C::NextCutoff), Action::Replay(C::NextCutoff)],
    );
    let mut back = at_a_pruning_cutoff();
    press(
        &mut back,
        &[Action::Replay(C::ToggleView), Action::Replay(C::ToggleView)],
    );
    assert_eq!(text(&screen(&back, 120, 40)), negamax);
}

/// On a 60-column terminal the stack's rows are packed tight rather than cut: every column,
/// the best so far and the cutoff's α ≥ β stay on screen, in both views.
#[test]
fn the_stack_packs_its_columns_on_a_narrow_terminal() {
    use tictree::app::ReplayCommand as C;
    let mut app = at_a_pruning_cutoff();
    let pane = pane_text(&screen(&app, 60, 24), "Search replay");
    assert!(pane.contains("ply move   value   α   β best"), "{pane}");
    assert!(
        pane.contains("  3 X b1   for O  +7  -8 +7 (c2) α≥β"),
        "{pane}"
    );
    press(&mut app, &[Action::Replay(C::ToggleView)]);
    let terminal = screen(&app, 60, 24);
    let pane = pane_text(&terminal, "Search replay");
    assert!(pane.contains("ply move   side    α   β best"), "{pane}");
    assert!(pane.contains("  3 X b1   O min"), "{pane}");
    assert!(pane.contains("α≥β"), "{pane}");
    assert_snapshot!("max_min_at_a_cutoff_60x24", terminal.backend());
}

/// At the first step of a Connect Four replay on 80×24 the children get fewer rows than they
/// need: their heading shrinks to the side whose values they are, so those rows show children
/// rather than the heading; the column headings still say what the root's row holds. On 120×40,
/// with rows to spare, the heading names the node and the star.
#[test]
fn the_children_keep_their_row_on_a_short_pane() {
    use tictree::app::ReplayCommand as C;
    // Twelve moves in, as on the 80×24 screens.
    let mut app = App::new(connect4_midgame(), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::OpenReplay, Action::Replay(C::Restart)]);
    let pane = pane_text(&screen(&app, 80, 24), "Search replay");
    assert!(
        pane.contains(" children, for X: a4 not yet · d3 not yet · "),
        "{pane}"
    );
    // Wide enough for estimates from the start: the replay stops 7 plies deep.
    assert!(
        pane.contains("ply move   value      α      β best"),
        "{pane}"
    );
    let pane = pane_text(&screen(&app, 120, 40), "Search replay");
    assert!(
        pane.contains(" children of the root (for X, ★ best): a4 not yet · d3 not yet ·"),
        "{pane}"
    );
}

/// At the end of the search every move worth exactly the best is starred, as the sentence names
/// them all: the first to reach the best was the only one starred.
#[test]
fn every_move_as_good_as_the_best_is_starred() {
    use tictree::app::ReplayCommand as C;
    // X to move: a3 loses (O then has two lines to make), the four other cells draw.
    let mut app = App::new(options_from(Rules::TICTACTOE, "b2 c3 b3 b1"), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::OpenReplay, Action::Replay(C::End)]);
    let pane = pane_text(&screen(&app, 120, 40), "Search replay");
    assert!(
        pane.contains("children of the root (for X, ★ best): a3 -7 · ★a2 0 · ★c2 0 · ★a1 0 ·")
            && pane.contains("★c1 0"),
        "{pane}"
    );
}

/// On the smallest screen that draws the game (59×14) the replay pane has five rows: the
/// sentence takes them whole, before the counters and the node, so the explanation is never cut.
#[test]
fn a_short_pane_gives_the_sentence_its_rows_first() {
    let mut options = options_from(Rules::TICTACTOE, "a3 b2 b3 c1");
    options.settings.o = tictree::app::Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(&mut app, &[Action::OpenReplay]);
    let cutoff = Action::Replay(tictree::app::ReplayCommand::NextCutoff);
    press(&mut app, &[cutoff.clone(), cutoff]);
    let shown = text(&screen(&app, 59, 14));
    let pane: String = shown
        .lines()
        .map(|line| line.split("││").nth(1).unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        pane.contains("▸ Reply c2 scores +7 ≥ β -8 for O:"),
        "{shown}"
    );
    assert!(pane.contains("3) already holds O to -8)."), "{shown}");
    assert!(!shown.contains('…'), "{shown}");
}

/// Where the short pane's children heading is brief, the node whose children they are is named
/// in it unless its own row is in view: at a leaf (no moves of its own) the children are its
/// parent's, whose row a short pane may leave out.
#[test]
fn a_brief_children_heading_names_a_node_whose_row_is_left_out() {
    use tictree::app::ReplayCommand as C;
    let mut app = App::new(connect4_midgame(), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::OpenReplay, Action::Replay(C::Restart)]);
    let mut named = 0;
    for _ in 0..600 {
        press(&mut app, &[Action::Replay(C::Forward)]);
        let replay = &app.replay().expect("open").replay;
        let stack = replay.stack();
        let Some(depth) = (0..stack.len())
            .rev()
            .find(|&d| !replay.moves_of(d).is_empty())
        else {
            continue;
        };
        let level = &stack[depth];
        let Some(mv) = level.mv else { continue };
        let side = level.position.to_move();
        let node = format!(
            "{} {}",
            side.opponent(),
            level.position.rules().move_name(mv)
        );
        let pane = pane_text(&screen(&app, 80, 24), "Search replay");
        if pane.contains(&format!(" children of {node}, for ")) {
            named += 1;
        } else if pane.contains(" children, for ") {
            // Brief: the node's row is in view (ply, side and move).
            assert!(pane.contains(&format!(" {node} ")), "{node}: {pane}");
        }
    }
    assert!(named > 0, "no step left the node's row out");
}

/// A paste would set up a new game and throw the replay away: it is refused and says why; on a
/// screen too small to show the game it would set up, it does nothing at all.
#[test]
fn a_paste_leaves_the_replay_open_and_a_hidden_game_alone() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2"), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::OpenReplay]);
    press(&mut app, &[Action::Paste("x.o/.x./..o".into())]);
    assert!(app.replay().is_some());
    assert_eq!(
        app.notice.as_deref(),
        Some("leave the replay (Esc) to paste a position")
    );
    let paste = ratatui::crossterm::event::Event::Paste("x.o/.x./..o".into());
    let tiny = ratatui::layout::Rect::new(0, 0, 40, 12);
    let roomy = ratatui::layout::Rect::new(0, 0, 80, 24);
    assert!(tictree::tui::action(&paste, &app, tiny).is_none());
    assert!(matches!(
        tictree::tui::action(&paste, &app, roomy),
        Some(Action::Paste(_))
    ));
}

/// On a short terminal the replay takes the log's rows, its sentence whole, and what `d` saved
/// is said in the status bar too (the log is not in view to say it): at 59×14 no log pane, the
/// announcement on the bar until the next key, and in the log.
#[test]
fn a_short_replay_takes_the_log_s_rows_and_the_bar_says_where_the_picture_went() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(
        &mut app,
        &[
            Action::OpenReplay,
            Action::Replay(ReplayCommand::NextCutoff),
        ],
    );
    let short = screen(&app, 59, 14);
    assert!(!text(&short).contains("┌ Log"), "{}", text(&short));
    let pane = words(&pane_text(&short, "Search replay"));
    let wide = words(&pane_text(&screen(&app, 200, 50), "Search replay"));
    let sentence = &wide[wide.find("▸").expect("a sentence")..];
    let sentence = &sentence[..sentence.find(". ").map_or(sentence.len(), |end| end + 1)];
    assert!(pane.contains(sentence), "{sentence}\n{}", text(&short));
    let said = "Search tree saved: dot -Tsvg /tmp/x.dot -o tree.svg draws it";
    app.update(Action::Announce(said.into()));
    let bar = rows(&screen(&app, 120, 40)).pop().unwrap_or_default();
    assert!(bar.contains(said), "{bar}");
    assert!(log_text(&app).contains(&said.to_string()));
    app.update(Action::Replay(ReplayCommand::Forward));
    let bar = rows(&screen(&app, 120, 40)).pop().unwrap_or_default();
    assert!(!bar.contains(said), "{bar}");
}
