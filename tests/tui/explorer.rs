//! The tree explorer, the heat map and the comparison popup, through `App::update` and on screen.

use crate::inline_app::*;
use insta::assert_snapshot;
use std::time::Duration;
use tictree::app::{
    Action, App, CACHE_CAPACITY, Comparison, Direction, Focus, Job, JobKey, KeptSolvers, Popup,
    Reply, ReplyBody, Runner,
};
use tictree::engine::{
    Algorithm, CompareRow, Estimate, Move, MoveAppraisal, MoveValue, Reach, Rules, Score,
    SearchStats, StopFlag, Unfinished,
};

fn cell(name: &str) -> Move {
    Rules::TICTACTOE.parse_cell(name).expect("a cell")
}

/// Selects `name` in the tree pane with ↑/↓ (the pane must have the focus).
fn select(app: &mut App, name: &str) {
    let target = cell(name);
    let index = app
        .shown_moves()
        .iter()
        .position(|m| m.mv == target)
        .expect("the move is listed");
    for _ in 0..app.shown_moves().len() {
        app.update(Action::Move(Direction::Up));
    }
    for _ in 0..index {
        app.update(Action::Move(Direction::Down));
    }
    assert_eq!(app.selected_move(), Some(target));
}

#[test]
fn the_explorer_expands_two_levels_and_previews_the_line() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2"), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::FocusNext]);
    assert_eq!(app.focus, Focus::Tree);
    select(&mut app, "c1");
    press(&mut app, &[Action::Move(Direction::Right)]);
    assert_eq!(app.explorer.line, vec![cell("c1")]);
    // O's replies after X c1, each with its exact score.
    assert_eq!(
        app.explored_position().to_move(),
        tictree::engine::Player::O
    );
    assert_eq!(app.shown_moves().len(), 6);
    select(&mut app, "a1");
    press(&mut app, &[Action::Move(Direction::Right)]);
    assert_eq!(app.explorer.line, vec![cell("c1"), cell("a1")]);
    let replies = app.shown_moves();
    assert_eq!(replies.len(), 5);
    // O holds a1 and b2 and threatens c3: X's only move that does not lose is to block it.
    let best = &replies[0];
    assert_eq!(
        Rules::TICTACTOE.move_name(best.mv),
        "c3",
        "X blocks O's diagonal"
    );
    let terminal = screen(&app, 110, 32);
    let text = text(&terminal);
    assert!(text.contains("board › c1 › a1 · X to move"), "{text}");
    assert!(text.contains("Preview 2 plies · X to move"), "{text}");
    assert_snapshot!("explorer_two_levels", terminal.backend());
    // The real game did not move.
    assert!(app.game.moves().is_empty());
    assert_eq!(app.position().ply(), 2);
    // ← goes up with the move it came through still selected; Esc returns to the board.
    press(&mut app, &[Action::Move(Direction::Left)]);
    assert_eq!(app.explorer.line, vec![cell("c1")]);
    assert_eq!(app.selected_move(), Some(cell("a1")));
    press(&mut app, &[Action::Back]);
    assert!(app.explorer.line.is_empty());
    assert_eq!(app.selected_move(), Some(cell("c1")));
    press(&mut app, &[Action::Move(Direction::Right), Action::Escape]);
    assert!(app.explorer.line.is_empty(), "Esc leaves the explored line");
    assert_eq!(app.focus, Focus::Tree, "and keeps the tree focused");
}

#[test]
fn exploring_never_cancels_the_ais_search_and_results_land_where_they_belong() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3"), false);
    // The AI (O) is thinking; its request is taken but not answered yet.
    let Some(Job::Analyze(thinking)) = app.take_job() else {
        panic!("the AI's search is asked for");
    };
    assert_eq!(thinking.key, JobKey::Play);
    // Meanwhile the first candidates arrive and the user explores one of them; the AI's
    // `Done` is held back.
    let mut thought = replies(Job::Analyze(thinking.clone()), &KeptSolvers::default());
    let done = thought.pop().expect("the Done reply, last");
    for reply in thought {
        app.update(Action::Search(reply));
    }
    press(&mut app, &[Action::FocusNext]);
    app.update(Action::Move(Direction::Right));
    let jobs: Vec<Job> = std::iter::from_fn(|| app.take_job()).collect();
    assert!(
        jobs.iter().all(|job| !matches!(job.key(), JobKey::Play)),
        "no job touches the AI's search: {jobs:?}"
    );
    let Some(Job::Analyze(explore)) = jobs.into_iter().next() else {
        panic!("an explore job is asked for");
    };
    let explored = explore.position;
    assert_eq!(explore.key, JobKey::Explore(explored));
    // The user goes back up before the answer comes; it still lands on its own position.
    app.update(Action::Back);
    for reply in replies(Job::Analyze(explore), &KeptSolvers::default()) {
        app.update(Action::Search(reply));
    }
    assert_eq!(
        app.analyses.get(&explored).map(|v| v.moves.len()),
        Some(explored.legal_moves().len())
    );
    // Coming back shows it at once, with no new search.
    app.update(Action::Move(Direction::Right));
    assert!(app.shown().is_some_and(|v| !v.running()));
    assert!(
        std::iter::from_fn(|| app.take_job()).all(|job| !matches!(job, Job::Analyze(_))),
        "no new search"
    );
    // The AI's own answer is still accepted: it plays.
    assert!(matches!(done.body, ReplyBody::Done(_)), "{done:?}");
    app.update(Action::Search(done));
    assert_eq!(app.game.moves().len(), 1, "the AI moved");
}

fn appraisal(mv: Move, value: MoveValue) -> MoveAppraisal {
    MoveAppraisal {
        mv,
        value,
        pv: vec![mv],
        nodes: 1,
        elapsed: Duration::ZERO,
    }
}

#[test]
fn the_selection_follows_the_move_while_results_reorder_the_list() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    let Some(Job::Analyze(request)) = app.take_job() else {
        panic!("a search is asked for");
    };
    let send = |app: &mut App, mv: &str, value: MoveValue| {
        app.update(Action::Search(Reply {
            key: JobKey::Play,
            generation: request.generation,
            body: ReplyBody::Move(appraisal(cell(mv), value)),
        }))
    };
    let win = MoveValue::Exact(Score { score: 5, plies: 5 });
    let guess = |value| MoveValue::Estimate(Estimate { value, depth: 1 });
    send(&mut app, "a3", guess(10));
    send(&mut app, "b3", guess(-10));
    app.update(Action::FocusNext);
    app.update(Action::Move(Direction::Down));
    assert_eq!(app.selected_move(), Some(cell("b3")));
    // A better move arrives above it and b3's own value changes: b3 stays selected.
    send(&mut app, "b2", win);
    send(&mut app, "b3", guess(50));
    assert_eq!(app.shown_moves()[0].mv, cell("b2"));
    assert_eq!(app.selected_move(), Some(cell("b3")));
    let text = text(&screen(&app, 110, 32));
    let row = text
        .lines()
        .find(|line| line.contains(">"))
        .expect("a selected row");
    assert!(row.contains("b3"), "the highlighted row is b3's: {row}");
    // Enter plays the move that is highlighted, whatever its row.
    app.update(Action::Place);
    assert_eq!(app.game.moves(), &[cell("b3")]);
}

#[test]
fn v_plays_the_selected_line_out_on_the_board_one_ply_at_a_time() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2"), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::FocusNext]);
    let pv = app.shown_moves()[0].pv.clone();
    for shown in 1..=pv.len() {
        press(&mut app, &[Action::ShowLine]);
        let view = app.board_view();
        let ghosts: Vec<Move> = view.ghosts.iter().map(|g| g.mv).collect();
        assert_eq!(ghosts, pv[..shown]);
        assert_eq!(view.ghosts[shown - 1].number, shown);
    }
    press(&mut app, &[Action::ShowLine]);
    assert!(app.board_view().ghosts.is_empty(), "once more hides it");
}

#[test]
fn the_heat_map_draws_every_moves_score_on_its_cell() {
    let mut options = options_from(Rules::TICTACTOE, "a3 b2 c1");
    options.o = tictree::app::Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(&mut app, &[Action::ToggleHeat]);
    let view = app.board_view();
    assert_eq!(view.heat.len(), 6);
    let terminal = screen(&app, 110, 32);
    let text = text(&terminal);
    for entry in app.search.moves.iter() {
        let MoveValue::Exact(score) = entry.value else {
            panic!("exact")
        };
        let label = score.to_string();
        assert!(
            text.contains(&format!(" {label} ")),
            "{label} shown: {text}"
        );
    }
    assert_snapshot!("heat_map", terminal.backend());
    press(&mut app, &[Action::ToggleHeat]);
    assert!(app.board_view().heat.is_empty());
}

#[test]
fn compare_runs_every_algorithm_in_a_popup_and_the_log() {
    let mut options = options_from(Rules::TICTACTOE, "a3 b2 b3");
    options.algorithm = Algorithm::Engine;
    options.o = tictree::app::Seat::Human;
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
    assert!(
        log_text(&app)
            .iter()
            .any(|l| l.contains("minimax") && l.contains("934 nodes"))
    );
    assert_snapshot!("compare_popup", terminal.backend());
    press(&mut app, &[Action::Escape]);
    assert_eq!(app.popup, None);
    assert!(!app.should_quit());
}

#[test]
fn at_most_two_explorer_searches_run_and_a_third_cancels_the_oldest() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    press(&mut app, &[Action::FocusNext]);
    // Three replies lists asked for in turn, the worker answering none of them.
    let mut asked = Vec::new();
    for _ in 0..3 {
        app.update(Action::Move(Direction::Right));
        asked.push(app.explored_position());
        app.update(Action::Move(Direction::Left));
        app.update(Action::Move(Direction::Down));
    }
    let jobs: Vec<String> = std::iter::from_fn(|| app.take_job())
        .map(|job| match job {
            Job::Analyze(r) => format!(
                "analyze {}",
                asked
                    .iter()
                    .position(|p| r.key == JobKey::Explore(*p))
                    .unwrap()
            ),
            Job::Cancel(key) => format!(
                "cancel {}",
                asked
                    .iter()
                    .position(|p| key == JobKey::Explore(*p))
                    .unwrap()
            ),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(jobs, ["analyze 0", "analyze 1", "cancel 0", "analyze 2"]);
    // The cancelled one's partial analysis is forgotten, and asked for again on return (which
    // cancels the oldest running, again).
    assert!(app.analyses.get(&asked[0]).is_none());
    assert!(
        app.analyses
            .get(&asked[1])
            .is_some_and(|view| view.running())
    );
    for _ in 0..3 {
        app.update(Action::Move(Direction::Up));
    }
    app.update(Action::Move(Direction::Right));
    assert_eq!(app.explored_position(), asked[0]);
    let again = app.take_job();
    assert!(matches!(again, Some(Job::Cancel(JobKey::Explore(p))) if p == asked[1]));
    assert!(matches!(app.take_job(), Some(Job::Analyze(r)) if r.key == JobKey::Explore(asked[0])));
}

#[test]
fn the_explorer_cache_stays_bounded() {
    // 5×5 k=4 with a depth-1 budget: quick analyses, and 25 + 25 × 24 positions two levels down,
    // more than the cache holds.
    let mut options = options("5x5k4".parse().unwrap());
    options.budget = tictree::engine::Budget::depth(1);
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(&mut app, &[Action::FocusNext]);
    let mut first = None;
    for _ in 0..25 {
        press(&mut app, &[Action::Move(Direction::Right)]);
        first = first.or(Some(app.explored_position()));
        for _ in 0..24 {
            press(&mut app, &[Action::Move(Direction::Right)]);
            assert_eq!(app.explorer.line.len(), 2);
            assert!(app.analyses.len() <= CACHE_CAPACITY);
            press(
                &mut app,
                &[Action::Move(Direction::Left), Action::Move(Direction::Down)],
            );
        }
        press(
            &mut app,
            &[Action::Move(Direction::Left), Action::Move(Direction::Down)],
        );
    }
    assert_eq!(app.analyses.len(), CACHE_CAPACITY, "full, and no fuller");
    // The oldest analysis was forgotten; going back there asks for it again.
    let first = first.unwrap();
    assert!(app.analyses.get(&first).is_none());
    press(&mut app, &[Action::Escape, Action::FocusNext]);
    for _ in 0..25 {
        app.update(Action::Move(Direction::Up));
    }
    app.update(Action::Move(Direction::Right));
    assert_eq!(app.explored_position(), first);
    // Depth-1 analyses settle (go on until exact) in the background, so the new query first
    // cancels the oldest one still settling.
    assert!(matches!(
        app.take_job(),
        Some(Job::Cancel(JobKey::Explore(_)))
    ));
    assert!(matches!(app.take_job(), Some(Job::Analyze(r)) if r.key == JobKey::Explore(first)));
    assert!(app.analyses.get(&first).is_some_and(|view| view.running()));
    assert_eq!(app.analyses.len(), CACHE_CAPACITY);
}

#[test]
fn the_alphabeta_replay_stops_at_its_first_cutoff_with_the_pruned_moves_marked() {
    let mut options = options_from(Rules::TICTACTOE, "a3 b3 c3 b2");
    options.o = tictree::app::Seat::Human;
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
}

#[test]
fn settling_explore_queries_stop_when_the_position_changes() {
    // 5×5 k=4 under a depth-1 budget: explored positions are only estimated when the budget is
    // spent, so their queries go on (settle) in the background.
    let mut options = options("5x5k4".parse().unwrap());
    options.algorithm = Algorithm::Engine;
    options.budget = tictree::engine::Budget::depth(1);
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    press(
        &mut app,
        &[Action::FocusNext, Action::Move(Direction::Right)],
    );
    let explored = app.explored_position();
    let view = app.analyses.get(&explored).expect("the explored analysis");
    assert!(view.settling(), "its budget is spent, the query goes on");
    // Back to the board and a move: the query below the old position is cancelled.
    app.update(Action::Escape);
    app.update(Action::Escape);
    app.update(Action::Place);
    let mut jobs = Vec::new();
    while let Some(job) = app.take_job() {
        jobs.push(job);
    }
    assert!(
        jobs.iter()
            .any(|job| matches!(job, Job::Cancel(JobKey::Explore(p)) if *p == explored)),
        "{jobs:?}"
    );
    let view = app.analyses.get(&explored).expect("what it proved is kept");
    assert!(!view.settling());
}

#[test]
fn esc_stops_a_comparison_still_running_and_the_log_says_how_far_it_got() {
    let mut options = options(Rules::CONNECT4);
    options.o = tictree::app::Seat::Human;
    // Twelve plies deep: minimax scores no move in the moments before Esc.
    options.budget.depth = Some(12);
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
        text.contains("minimax    0 of 7 done      - 123,456,789   10.00 s  12,345,678"),
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
    options.o = tictree::app::Seat::Human;
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
            shown.contains(&format!(" {algorithm} c1 d1 +1 more ≈+0.16")),
            "{algorithm}: {shown}"
        );
    }
    assert!(shown.contains("same values,"), "{shown}");
    // A depth in the settings is the comparison's depth.
    app.options.budget.depth = Some(3);
    app.update(Action::Escape);
    app.update(Action::Compare);
    while let Some(job) = app.take_job() {
        if let Job::Compare(request) = job {
            assert_eq!(request.reach, Reach::Depth(3));
        }
    }
}
