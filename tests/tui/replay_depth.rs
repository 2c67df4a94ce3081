//! How deep and how big the search replay goes: by default the whole search where its full-width
//! tree fits in the node budget, else the deepest depth that does (7 plies on Connect Four's
//! empty board), said in words in the pane; `[` and `]` change it, the settings choose it.

use crate::inline_app::*;
use tictree::app::{Action, App, Options, ReplayCommand, ReplayDepth};
use tictree::engine::{Algorithm, Rules};

/// Connect Four's empty board, both sides human, the position's own analysis one ply deep (the
/// test binary has no opening book: an exact analysis of the empty board would take minutes).
fn connect_four() -> Options {
    let mut options = options(Rules::CONNECT4);
    options.settings.o = tictree::app::Seat::Human;
    options.settings.depth = 1;
    options
}

fn opened(options: Options) -> App {
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(&mut app, &[Action::OpenReplay]);
    run_jobs(&mut app);
    app
}

/// The replay's depth limit and, once counted, its nodes.
fn depth_and_nodes(app: &App) -> (Option<u32>, Option<u64>) {
    let replay = &app.replay().expect("the replay is open").replay;
    (replay.limits().depth, replay.totals().map(|t| t.nodes))
}

#[test]
fn connect_four_is_replayed_to_the_deepest_depth_that_fits_and_says_so() {
    let mut app = opened(connect_four());
    // 7 + 49 + … + 7^7 = 960,799 positions at most to ply 7: within the million of the default
    // budget. Alpha-beta visits 50,789 of them (`tictree trace --rules connect4 --depth 7`).
    assert_eq!(depth_and_nodes(&app), (Some(7), Some(50_789)));
    let pane = words(&pane_text(&screen(&app, 80, 24), "Search replay"));
    assert!(
        pane.contains("Depth limit 7: positions 7 plies deep are estimated ([ ] changes it)."),
        "{pane}"
    );
    // The end: every root move scored, with estimates marked.
    press(&mut app, &[Action::Replay(ReplayCommand::Depth(-1))]);
    run_jobs(&mut app);
    assert_eq!(depth_and_nodes(&app), (Some(6), Some(11_513)));
    press(&mut app, &[Action::Replay(ReplayCommand::End)]);
    let replay = &app.replay().expect("open").replay;
    assert_eq!(replay.root_scores().len(), 7);
    let pane = words(&pane_text(&screen(&app, 120, 40), "Search replay"));
    assert!(pane.contains("Best: d1 with ≈-0.03 for X."), "{pane}");
    // Another algorithm keeps the depth, so the two counts compare.
    press(
        &mut app,
        &[Action::Replay(ReplayCommand::Algorithm(Algorithm::Minimax))],
    );
    run_jobs(&mut app);
    // Minimax visits the whole full-width tree to ply 6: 7 + 49 + … + 7^6 = 137,256.
    assert_eq!(depth_and_nodes(&app), (Some(6), Some(137_256)));
}

#[test]
fn the_brackets_stop_at_one_ply_and_at_the_whole_search() {
    let mut options = options(Rules::TICTACTOE);
    options.settings.replay_depth = ReplayDepth::Plies(2);
    let mut app = opened(options);
    // 9 moves, 8 replies each: 81 positions.
    assert_eq!(depth_and_nodes(&app), (Some(2), Some(81)));
    press(&mut app, &[Action::Replay(ReplayCommand::Depth(-1))]);
    run_jobs(&mut app);
    assert_eq!(depth_and_nodes(&app), (Some(1), Some(9)));
    press(&mut app, &[Action::Replay(ReplayCommand::Depth(-1))]);
    assert_eq!(depth_and_nodes(&app), (Some(1), Some(9)));
    assert!(
        app.notice
            .as_deref()
            .is_some_and(|n| n.contains("one ply deep already")),
        "{:?}",
        app.notice
    );
    // Eight plies deep, then the ninth is the last empty cell: the whole search.
    for _ in 0..7 {
        press(&mut app, &[Action::Replay(ReplayCommand::Depth(1))]);
    }
    run_jobs(&mut app);
    assert_eq!(depth_and_nodes(&app).0, Some(8));
    press(&mut app, &[Action::Replay(ReplayCommand::Depth(1))]);
    run_jobs(&mut app);
    // The whole tree: analyze's 34,202 for alpha-beta, the replay's first algorithm.
    assert_eq!(depth_and_nodes(&app), (None, Some(34_202)));
    press(&mut app, &[Action::Replay(ReplayCommand::Depth(1))]);
    assert!(
        app.notice
            .as_deref()
            .is_some_and(|n| n.contains("the whole search already")),
        "{:?}",
        app.notice
    );
}

#[test]
fn a_search_bigger_than_the_node_budget_is_cut_there_and_says_so() {
    let mut options = connect_four();
    options.settings.replay_depth = ReplayDepth::Full;
    options.settings.replay_nodes = 1_000;
    let mut app = opened(options);
    assert_eq!(depth_and_nodes(&app), (None, Some(1_000)));
    press(&mut app, &[Action::Replay(ReplayCommand::End)]);
    assert!(app.replay().expect("open").replay.truncated());
    let pane = words(&pane_text(&screen(&app, 120, 40), "Search replay"));
    assert!(
        pane.contains(
            "Too big to replay whole: this replay covers the first 1,000 nodes (replay nodes in \
             the settings, o)."
        ),
        "{pane}"
    );
    // Where the pane has no rows for all of it, the notice says it is cut (`…`), never ends
    // mid-sentence as if whole.
    let pane = pane_text(&screen(&app, 76, 21), "Search replay");
    assert!(
        pane.contains("Too big to replay whole: this replay…"),
        "{pane}"
    );
    let pane = pane_text(&screen(&app, 76, 20), "Search replay");
    assert!(
        pane.contains("depth 36 (deepest 37) ") && !pane.contains("Too big"),
        "{pane}"
    );
}

#[test]
fn the_default_budget_replays_the_whole_tictactoe_tree() {
    let mut app = opened(options(Rules::TICTACTOE));
    assert_eq!(depth_and_nodes(&app), (None, Some(34_202)));
    press(
        &mut app,
        &[Action::Replay(ReplayCommand::Algorithm(Algorithm::Minimax))],
    );
    run_jobs(&mut app);
    assert_eq!(depth_and_nodes(&app), (None, Some(549_945)));
    let pane = words(&pane_text(&screen(&app, 80, 24), "Search replay"));
    assert!(!pane.contains("Depth limit"), "{pane}");
    assert!(!pane.contains("Too big"), "{pane}");
}

/// Estimates (`≈+0.07`) are wider than exact values: at a cutoff on 80×24 the stack's columns
/// widen to them, and the row leaves out the best move's name, then the ply column, rather than
/// cut its α ≥ β; on 120×40 nothing is left out.
#[test]
fn the_stack_fits_its_rows_of_estimates_to_the_pane() {
    let mut app = opened(connect_four());
    press(&mut app, &[Action::Replay(ReplayCommand::NextCutoff)]);
    let pane = pane_text(&screen(&app, 80, 24), "Search replay");
    assert!(
        pane.contains("ply move   value      α      β best "),
        "{pane}"
    );
    assert!(
        pane.contains("  6 O d1   for X ≈+0.07 ≈+0.07 ≈+0.07 α≥β "),
        "{pane}"
    );
    // Five columns narrower, the ply column goes too: the rows go down a ply each.
    let pane = pane_text(&screen(&app, 75, 24), "Search replay");
    assert!(pane.contains("move   value      α      β best "), "{pane}");
    assert!(
        pane.contains("O d1   for X ≈+0.07 ≈+0.07 ≈+0.07 α≥β "),
        "{pane}"
    );
    let pane = pane_text(&screen(&app, 120, 40), "Search replay");
    assert!(
        pane.contains("  6  O d1    for X  ≈+0.07 ≈+0.07    ≈+0.07 (d2)  α ≥ β "),
        "{pane}"
    );
}
