//! The post-game review (`R`) in the full-screen app: the verdicts arriving one by one, the
//! board following the selection, `s` to the replay and back, Enter back to a move with redo
//! still there, Esc, the game waiting meanwhile, and the screen at 80×24 and 120×40.

use crate::inline_app::*;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tictree::app::{
    Action, App, Direction, Focus, Job, JobKey, Mark, Mode, Reply, ReplyBody, ReviewRequest, Seat,
};
use tictree::engine::{Algorithm, Position, Rules, Verdict};
use tictree::tui::action_for_key;

/// A won game with one mistake each way of judging: O's 2. a2 lets X fork (draw → loss in 3),
/// X's 7. b3 wins a move later than a3 would (win in 1 → win in 2), then 9. a3 wins.
const GAME: &str = "b2 a2 a1 c3 c1 c2 b3 b1 a3";

/// Two humans played `moves` (so no AI move interferes) and the analyses are in.
fn played(moves: &str) -> App {
    let mut options = options(Rules::TICTACTOE);
    options.settings.o = Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    for cell in moves.split_whitespace() {
        play_at(&mut app, cell);
    }
    app
}

/// `GAME` played and its review open, every move judged.
fn reviewed() -> App {
    let mut app = played(GAME);
    press(&mut app, &[Action::Review]);
    app
}

/// The position after `moves` from the empty board.
fn after(moves: &str) -> Position {
    Position::empty(Rules::TICTACTOE)
        .play_moves(moves)
        .expect("legal moves")
}

/// The review job the app asks for, its other jobs (cancels) taken and dropped.
fn review_request(app: &mut App) -> ReviewRequest {
    std::iter::from_fn(|| app.take_job())
        .find_map(|job| match job {
            Job::Review(request) => Some(request),
            _ => None,
        })
        .expect("R asks for the review")
}

/// The app's jobs include the cancel of the review's.
fn assert_review_cancelled(app: &mut App) {
    let jobs: Vec<Job> = std::iter::from_fn(|| app.take_job()).collect();
    let cancelled = jobs
        .iter()
        .any(|job| matches!(job, Job::Cancel(JobKey::Review)));
    assert!(cancelled, "{jobs:?}");
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Selects the move numbered `number` (from 1) with ↓ and ↑.
fn select(app: &mut App, number: usize) {
    for _ in 0..20 {
        app.update(Action::Move(Direction::Up));
    }
    for _ in 1..number {
        app.update(Action::Move(Direction::Down));
    }
}

/// The review of `GAME` with move `number` selected, drawn at `width`×`height`: snapshotted, and
/// its sentence on the screen.
fn assert_review_screen(number: usize, (width, height): (u16, u16), name: &str, says: &[&str]) {
    let mut app = reviewed();
    select(&mut app, number);
    let shown = text(&screen(&app, width, height));
    insta::assert_snapshot!(name, shown);
    for text in says {
        assert!(shown.contains(text), "{text:?} not in\n{shown}");
    }
}

#[test]
fn the_review_at_80x24_shows_every_move_the_mistake_and_the_counts() {
    assert_review_screen(
        2,
        (80, 24),
        "review_80x24_mistake",
        &[
            "O a2 (-5, loss in 3) was a mistake: draw → loss in 3.",
            "Best: a3, c3, a1 or c1 (0, draw).",
            "X: no mistakes, 1 inaccuracy",
            "O: 1 mistake, no inaccuracies",
        ],
    );
}

#[test]
fn the_review_at_120x40_shows_the_inaccuracy() {
    assert_review_screen(
        7,
        (120, 40),
        "review_120x40_inaccuracy",
        &["X b3 (+8, win in 2) was an inaccuracy: win in 1 → win in 2."],
    );
}

/// A move that was itself one of the best keeps its star on the board: in the corner of its
/// cell, beside its number (1. X b2: every first move draws).
#[test]
fn a_best_move_reviewed_is_starred_on_the_board_too() {
    let mut app = reviewed();
    select(&mut app, 1);
    let shown = text(&screen(&app, 120, 40));
    assert!(
        shown.contains("X b2 (0, draw) was one of 9 best moves."),
        "{shown}"
    );
    assert!(shown.contains("│1╲       ╱★│"), "{shown}");
    // Nine cells, and the caption's key (`★ best`).
    assert_eq!(shown.matches('★').count(), 10, "{shown}");
}

#[test]
fn the_verdicts_arrive_one_by_one_while_the_game_waits() {
    let mut app = played(GAME);
    app.update(Action::Review);
    let mut review = None;
    while let Some(job) = app.take_job() {
        match job {
            Job::Review(request) => review = Some(request),
            Job::Cancel(JobKey::Play | JobKey::Choice | JobKey::Explore(_)) => {}
            other => panic!("unexpected job {other:?}"),
        }
    }
    let request = review.expect("R asks for the review");
    assert_eq!(request.moves.len(), 9);
    let replies = replies(Job::Review(request), &Default::default());
    let judged = |reply: &Reply| matches!(reply.body, ReplyBody::Judged(_));
    assert_eq!(
        replies.iter().filter(|r| judged(r)).count(),
        9,
        "one verdict per move"
    );
    let shown = text(&screen(&app, 80, 24));
    assert!(shown.contains("reviewing move 1 of 9…"), "{shown}");
    assert!(shown.contains("judging…"), "{shown}");
    let mut verdicts = 0;
    let mut scorings = 0;
    for reply in replies {
        assert_eq!(reply.key, JobKey::Review);
        let body = reply.body.clone();
        app.update(Action::Search(reply));
        let state = app.review().expect("still reviewing");
        let shown = text(&screen(&app, 80, 24));
        match body {
            ReplyBody::Judged(_) => {
                verdicts += 1;
                assert_eq!(state.judged.len(), verdicts);
                let progress = format!("reviewing move {} of 9…", verdicts + 1);
                assert_eq!(shown.contains(&progress), verdicts < 9, "{shown}");
            }
            // The position of the move being judged: its moves are scored one by one.
            ReplyBody::Scoring(scored, moves) => {
                scorings += 1;
                let noun = if moves == 1 { "move" } else { "moves" };
                let row = format!("judging… {scored} of {moves} {noun}");
                assert!(shown.contains(&row), "{shown}");
            }
            other => panic!("unexpected reply {other:?}"),
        }
    }
    // Before each move's position is searched, and one per move scored there: 9 + 8 + … + 1.
    assert_eq!(scorings, 9 + (1..=9).sum::<usize>());
    let verdicts: Vec<Verdict> = app
        .review()
        .unwrap()
        .judged
        .iter()
        .filter_map(|j| j.verdict())
        .collect();
    use Verdict::*;
    assert_eq!(
        verdicts,
        [
            Best, Mistake, Best, Best, Best, Best, Inaccuracy, Best, Best
        ]
    );
}

#[test]
fn a_stale_review_reply_is_dropped() {
    let mut app = played("b2 a2");
    app.update(Action::Review);
    let request = review_request(&mut app);
    let late = replies(Job::Review(request), &Default::default());
    // Leave and open again: the first review's replies belong to a review that is gone.
    press(&mut app, &[Action::Escape]);
    app.update(Action::Review);
    for reply in late {
        app.update(Action::Search(reply));
    }
    assert!(app.review().unwrap().judged.is_empty());
    run_jobs(&mut app);
    assert_eq!(app.review().unwrap().judged.len(), 2);
}

#[test]
fn the_selection_moves_the_board_to_the_position_before_the_move() {
    let mut app = reviewed();
    let board = |app: &App| app.review_board(app.review().unwrap());
    assert_eq!(board(&app).position, after(""));
    select(&mut app, 7);
    let view = board(&app);
    assert_eq!(view.position, after("b2 a2 a1 c3 c1 c2"));
    let rules = Rules::TICTACTOE;
    let cell = |name| rules.parse_cell(name).unwrap();
    // The played move is marked with its move number (`7. X b3` in the list), the best moves
    // starred.
    assert_eq!(view.mark(cell("b3")), Some(Mark::Highlight));
    assert_eq!(view.ghost(cell("b3")).map(|g| g.number), Some(7));
    let mut best = view.hints.clone();
    best.sort();
    assert_eq!(best, [cell("a3"), cell("b1")]);
    // ← and → jump between the flagged moves.
    press(&mut app, &[Action::Move(Direction::Left)]);
    assert_eq!(app.review().unwrap().selected, 1);
    press(&mut app, &[Action::Move(Direction::Left)]);
    assert!(app.notice.as_deref().unwrap().contains("no mistake"));
    press(&mut app, &[Action::Move(Direction::Right)]);
    assert_eq!(app.review().unwrap().selected, 6);
    // ↓ stops at the last move.
    select(&mut app, 12);
    assert_eq!(app.review().unwrap().selected, 8);
    let caption = text(&screen(&app, 80, 24));
    assert!(caption.contains("│ 9. X a3 ✓"), "{caption}");
}

#[test]
fn s_opens_the_replay_before_the_selected_move_and_esc_comes_back() {
    let mut app = reviewed();
    select(&mut app, 2);
    let s = action_for_key(&app, &key(KeyCode::Char('s'))).unwrap();
    press(&mut app, &[s]);
    let replay = app.replay().expect("the replay is open");
    assert_eq!(*replay.replay.root(), after("b2"));
    assert_eq!(replay.replay.algorithm(), Algorithm::AlphaBeta);
    let esc = action_for_key(&app, &key(KeyCode::Esc)).unwrap();
    press(&mut app, &[esc]);
    let state = app.review().expect("back in the review");
    assert_eq!((state.selected, state.judged.len()), (1, 9));
}

/// The game's keys wait until the review is left; pressed in it (or any letter the review does
/// not take), the status bar says which keys are at hand, and the game is untouched.
#[test]
fn a_key_the_review_does_not_take_says_what_it_takes() {
    let mut app = reviewed();
    let moves = app.game.moves().len();
    for c in ['u', 'm', 'x', 'n', 'z', '4'] {
        app.notice = None;
        let action = action_for_key(&app, &key(KeyCode::Char(c))).unwrap();
        press(&mut app, &[action]);
        assert_eq!(
            app.notice.as_deref(),
            Some("the review: ↑↓ pick a move, Enter goes there, s replays, Esc leaves"),
            "{c}"
        );
    }
    assert!(app.review().is_some());
    assert_eq!(app.game.moves().len(), moves);
    assert!(!app.options.settings.heat_map);
}

#[test]
fn the_review_fills_in_behind_a_replay_opened_from_it() {
    let mut app = played(GAME);
    app.update(Action::Review);
    let request = review_request(&mut app);
    press(&mut app, &[Action::OpenReplay]);
    for reply in replies(Job::Review(request), &Default::default()) {
        app.update(Action::Search(reply));
    }
    // Switching the replay's algorithm keeps the way back.
    press(
        &mut app,
        &[Action::Replay(tictree::app::ReplayCommand::Algorithm(
            Algorithm::Minimax,
        ))],
    );
    press(
        &mut app,
        &[Action::Replay(tictree::app::ReplayCommand::Close)],
    );
    assert_eq!(app.review().expect("back in the review").judged.len(), 9);
}

#[test]
fn enter_takes_the_game_back_before_the_move_and_redo_brings_the_rest() {
    let mut app = reviewed();
    select(&mut app, 7);
    let shown = text(&screen(&app, 120, 40));
    assert!(
        shown.contains("←→ next flagged · Enter go there · s replay · Esc leaves")
            && shown.contains("Enter go there  s replay"),
        "{shown}"
    );
    let enter = action_for_key(&app, &key(KeyCode::Enter)).unwrap();
    press(&mut app, &[enter]);
    assert!(matches!(app.mode, Mode::Game));
    assert_eq!(*app.position(), after("b2 a2 a1 c3 c1 c2"));
    assert_eq!(app.focus, Focus::Tree);
    let rules = Rules::TICTACTOE;
    assert_eq!(app.selected_move(), rules.parse_cell("b3").ok());
    let shown = text(&screen(&app, 80, 24));
    assert!(shown.contains("Game tree · X (human) to move"), "{shown}");
    assert!(log_text(&app).contains(&"Review: back to move 7 (r redoes the rest)".to_string()));
    press(&mut app, &[Action::Redo]);
    assert_eq!(
        *app.position(),
        after(GAME),
        "one redo brings every move back"
    );
}

/// A game prepared with `--moves` is reviewed as a whole, its opening judged like the moves
/// played after it; Enter cannot take the game back into its opening, and the move it goes back
/// to is counted from the empty board, as the title, the rows and undo count it (it said `move
/// 3` for move 7).
#[test]
fn the_review_judges_the_opening_and_enter_goes_back_only_after_it() {
    let mut options = options_from(Rules::TICTACTOE, "b2 a2 a1 c3");
    options.settings.o = Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    for cell in ["c1", "c2", "b3"] {
        play_at(&mut app, cell);
    }
    press(&mut app, &[Action::Review]);
    let state = app.review().expect("open");
    assert_eq!((state.moves.len(), state.judged.len()), (7, 7));
    // The opening's 2. O a2 is the mistake GAME starts with.
    assert_eq!(state.judged[1].verdict(), Some(Verdict::Mistake));
    select(&mut app, 2);
    // Neither the pane's foot nor the status bar offers Enter on a move of the opening.
    let shown = text(&screen(&app, 120, 40));
    assert!(
        shown.contains("←→ next flagged · s replay · Esc leaves") && !shown.contains("Enter"),
        "{shown}"
    );
    let enter = action_for_key(&app, &key(KeyCode::Enter)).unwrap();
    press(&mut app, &[enter]);
    assert!(app.review().is_some(), "still reviewing");
    assert_eq!(
        app.notice.as_deref(),
        Some("2. O a2 is in the opening: the game starts after it")
    );
    // The refusal fits beside the help and quit, which stay; the review's other keys make room.
    let bar = rows(&screen(&app, 80, 24)).pop().unwrap_or_default();
    assert_eq!(
        bar.trim_end(),
        " 2. O a2 is in the opening: the game starts after it │ ? help  q quit"
    );
    select(&mut app, 7);
    let enter = action_for_key(&app, &key(KeyCode::Enter)).unwrap();
    press(&mut app, &[enter]);
    assert_eq!(*app.position(), after("b2 a2 a1 c3 c1 c2"));
    assert!(text(&screen(&app, 80, 24)).contains("move 7"));
    assert!(
        log_text(&app).contains(&"Review: back to move 7 (r redoes the rest)".to_string()),
        "{:?}",
        log_text(&app)
    );
}

/// A game given finished by `--moves` was played, by those moves: the banner says which mark
/// completed the line with which move of the opening (no seat: nobody here played it), the log how it ended, and the banner and the status bar offer its
/// review, which `R` opens; so does the status bar of a game that has only its opening so far.
#[test]
fn a_game_finished_by_its_moves_offers_its_review() {
    let mut options = options_from(Rules::TICTACTOE, "a2 a1 b2 c2 b1 c3 c1 b3 a3");
    options.settings.o = Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    let shown = text(&screen(&app, 100, 30));
    assert!(
        shown.contains("X completed a3 b2 c1 with\u{a0}move\u{a0}9, the last of its opening."),
        "{shown}"
    );
    // At 80×24 the sentence is as wide as the pane: it wraps, clear of the borders, as the pane
    // has the rows for it.
    let shown = text(&screen(&app, 80, 24));
    assert!(shown.contains("│     X completed a3 b2 c1"), "{shown}");
    // The board's caption names no seat either (where it has room for one).
    let wide = text(&screen(&app, 120, 40));
    assert!(
        wide.contains("★ X WINS ★") && !wide.contains("★ X WINS ★ ("),
        "{wide}"
    );
    assert!(shown.contains("R review · Q quiz"), "{shown}");
    // On a short terminal the banner's blank rows give way to its keys.
    let short = text(&screen(&app, 59, 14));
    assert!(
        short.contains("n new game · R review · Q quiz")
            && short.contains("g game record · q quit"),
        "{short}"
    );
    let bar = rows(&screen(&app, 80, 24)).pop().unwrap_or_default();
    assert!(bar.contains("R review"), "{bar}");
    // The log says how it ended, as for a pasted move list.
    assert_eq!(
        log_text(&app).last().map(String::as_str),
        Some("Game over: X wins with a3 b2 c1")
    );
    press(&mut app, &[Action::Review]);
    assert_eq!(app.review().map(|state| state.moves.len()), Some(9));
    // Before the end too: a game that has only its opening so far offers the review of it.
    let mut options = options_from(Rules::TICTACTOE, "b2 a1");
    options.settings.o = Seat::Human;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    let bar = rows(&screen(&app, 160, 40)).pop().unwrap_or_default();
    assert!(bar.contains("R review"), "{bar}");
}

#[test]
fn enter_on_the_ai_s_move_pauses_it_there() {
    // You against the perfect AI: going back to before one of its moves must not let it play
    // at once, or the moves to redo would be gone.
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "a1");
    play_at(&mut app, "c3");
    assert_eq!(app.game.moves().len(), 4);
    press(&mut app, &[Action::Review]);
    select(&mut app, 2);
    press(&mut app, &[Action::Place]);
    assert_eq!(app.game.moves().len(), 1);
    assert!(app.paused && app.ai_to_move());
    press(&mut app, &[Action::Redo]);
    assert_eq!(app.game.moves().len(), 4);
    // Your move now, the AI still paused: the board and the keys say so before you play.
    assert!(app.paused && app.human_to_move());
    let shown = text(&screen(&app, 80, 24));
    assert!(shown.contains("p resume AI"), "{shown}");
    let shown = text(&screen(&app, 120, 40));
    assert!(shown.contains("X (you) to move · AI paused"), "{shown}");
}

#[test]
fn the_ai_waits_while_the_review_is_open_and_moves_after_it() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    play_at(&mut app, "b2");
    assert_eq!(app.game.moves().len(), 2, "the AI answered");
    // X plays; the AI's search is asked for but has not answered when R is pressed.
    play_at_without_jobs(&mut app, "a1");
    let thinking = std::iter::from_fn(|| app.take_job())
        .find(|job| matches!(job, Job::Analyze(r) if r.key == JobKey::Play))
        .expect("the AI thinks");
    press(&mut app, &[Action::Review]);
    // Its answer arrives during the review: stale, the AI does not move under the review.
    for reply in replies(thinking, &Default::default()) {
        app.update(Action::Search(reply));
    }
    run_jobs(&mut app);
    assert_eq!(app.game.moves().len(), 3);
    assert_eq!(app.review().unwrap().judged.len(), 3);
    // Leaving the review, the AI thinks again and plays.
    press(&mut app, &[Action::Escape]);
    assert!(matches!(app.mode, Mode::Game));
    assert_eq!(app.game.moves().len(), 4);
}

/// Places X at `cell` without running the jobs it asks for.
fn play_at_without_jobs(app: &mut App, cell: &str) {
    let mv = app.position().rules().parse_cell(cell).unwrap();
    app.update(Action::Click(mv));
}

#[test]
fn esc_or_r_leaves_the_review_cancels_its_job_and_never_quits() {
    let mut app = played("b2 a2");
    let r = KeyEvent::new(KeyCode::Char('R'), KeyModifiers::SHIFT);
    let open = action_for_key(&app, &r).unwrap();
    assert!(matches!(open, Action::Review));
    app.update(open);
    assert!(app.review().is_some());
    let leave = action_for_key(&app, &r).unwrap();
    app.update(leave);
    assert!(matches!(app.mode, Mode::Game));
    assert_review_cancelled(&mut app);
    app.update(Action::Review);
    for _ in 0..3 {
        let esc = action_for_key(&app, &key(KeyCode::Esc)).unwrap();
        app.update(esc);
    }
    assert!(matches!(app.mode, Mode::Game) && !app.should_quit());
}

/// Leaving the review shows the game's analysis as it had finished: no search of the same
/// position again, and no second line for it in the log.
#[test]
fn leaving_the_review_keeps_the_finished_analysis_and_logs_it_once() {
    let mut app = played("b2 a2");
    let searches = |app: &App| {
        let lines = app.log.lines();
        lines
            .iter()
            .filter(|line| line.text.contains("checked"))
            .count()
    };
    let before = (searches(&app), app.search.generation);
    assert!(app.search.done.is_some(), "the analysis of the game is in");
    press(&mut app, &[Action::Review]);
    app.update(Action::Escape);
    let jobs: Vec<Job> = std::iter::from_fn(|| app.take_job()).collect();
    assert!(
        !jobs.iter().any(|job| matches!(job, Job::Analyze(_))),
        "{jobs:?}"
    );
    assert_eq!((searches(&app), app.search.generation), before);
    assert!(app.search.done.is_some());
}

#[test]
fn r_before_any_move_says_there_is_nothing_to_review() {
    let mut app = played("");
    press(&mut app, &[Action::Review]);
    assert!(matches!(app.mode, Mode::Game));
    assert_eq!(app.notice.as_deref(), Some("no moves to review yet"));
    // A position set up finished will never have any.
    app.update(Action::Paste("xxx/oo./...".into()));
    press(&mut app, &[Action::Review]);
    assert!(matches!(app.mode, Mode::Game));
    assert_eq!(
        app.notice.as_deref(),
        Some("no moves to review: the game was set up finished")
    );
}

#[test]
fn the_help_names_the_review_and_the_status_bar_its_keys() {
    let review_key = tictree::app::HELP
        .iter()
        .flat_map(|section| section.keys)
        .any(|(key, what)| *key == "R" && what.contains("review"));
    assert!(review_key);
    let mut app = played("b2");
    let bar = text(&screen(&app, 120, 40));
    assert!(bar.contains("R review"), "{bar}");
    press(&mut app, &[Action::Review]);
    let shown = text(&screen(&app, 80, 24));
    let status = shown.lines().last().unwrap();
    for hint in [
        "↑↓ move",
        "Enter go",
        "s replay",
        "Esc leave",
        "? help",
        "q quit",
    ] {
        assert!(status.contains(hint), "{status}");
    }
}

/// A paste would start a new game and throw the review away: it is refused, and says how to
/// paste (leave the review first).
#[test]
fn a_paste_during_the_review_is_refused_and_the_review_stays() {
    let mut app = played("b2 a2");
    press(&mut app, &[Action::Review]);
    app.update(Action::Paste("a1 b1".into()));
    assert!(app.review().is_some());
    assert_eq!(
        app.notice.as_deref(),
        Some("leave the review (Esc) to paste a position")
    );
    assert_eq!(app.game.moves().len(), 2);
}

/// On a board too big to solve, a position out of time leaves its move unjudged: the row says
/// so without a verdict's symbol, the sentence says why, the summary counts it, ←/→ skip it, and
/// the review goes on to the next move.
#[test]
fn a_move_out_of_time_is_unjudged_and_the_review_goes_on() {
    let mut options = options("8x8k5".parse().unwrap());
    options.settings.o = Seat::Human;
    // A time per move: the review then gives each position `REVIEW_LIMIT` at most.
    options.settings.time_ms = 100;
    options.settings.depth = 1;
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    for cell in ["d4", "e5"] {
        play_at(&mut app, cell);
    }
    app.update(Action::Review);
    let mut request = review_request(&mut app);
    assert_eq!(request.limit, Some(tictree::app::REVIEW_LIMIT));
    // Ten seconds a position would make a slow test: the empty 8×8 board is out of reach of any
    // time limit anyway.
    request.limit = Some(std::time::Duration::from_millis(100));
    for reply in replies(Job::Review(request), &Default::default()) {
        app.update(Action::Search(reply));
    }
    let state = app.review().expect("reviewing");
    assert_eq!(state.judged.len(), 2, "both moves reviewed");
    assert!(state.judged.iter().all(|j| j.judgement.is_none()));
    assert!(!state.running());
    let shown = text(&screen(&app, 120, 40));
    assert!(shown.contains("2. O e5       ?  unjudged"), "{shown}");
    assert!(
        shown.contains("X: no mistakes, no inaccuracies, 1 unjudged"),
        "{shown}"
    );
    let pane = words(&pane_text(&screen(&app, 120, 40), "Review"));
    assert!(
        pane.contains("X d4: unjudged: its position was not solved within 10 s"),
        "{pane}"
    );
    // Nothing flagged to jump to.
    press(&mut app, &[Action::Move(Direction::Right)]);
    assert_eq!(app.review().unwrap().selected, 0);
}

/// On a narrow pane a flagged move's row keeps the score of the best moves, naming fewer of them
/// (the sentence below names them all): O's a2 reads `a3 c3 a1 c1: 0` at 120 columns, `a3…: 0`
/// at 70 and the score alone at 60, under the heading `best`, never a cut `a3…:…`.
#[test]
fn a_flagged_row_keeps_the_best_score_on_a_narrow_pane() {
    let app = reviewed();
    for (width, height, best) in [
        (120, 40, "loss in 3   a3 c3 a1 c1: 0"),
        (70, 20, "loss in 3   a3…: 0"),
        (60, 20, "loss in 3   0"),
    ] {
        let shown = text(&screen(&app, width, height));
        let row = shown
            .lines()
            .find(|line| line.contains("2. O a2"))
            .unwrap_or_default();
        assert!(row.contains(best), "{width}×{height}: {row}\n{shown}");
    }
}

/// On a short terminal (59×14) the review takes the log's rows too, so the selected move's
/// sentence, the verdict and the best moves with their score, reads whole (three rows of log
/// under it cut such a sentence to `X c1 (+8, win in 2) was an…`).
#[test]
fn a_short_terminal_gives_the_review_the_log_s_rows() {
    let mut app = reviewed();
    select(&mut app, 2);
    let terminal = screen(&app, 59, 14);
    let shown = text(&terminal);
    assert!(!shown.contains("┌ Log"), "{shown}");
    let pane = words(&pane_text(&terminal, "Review"));
    let sentence = app_sentence(&app);
    assert!(pane.contains(&sentence), "{sentence}\n{shown}");
    // Its foot still offers Enter, the game able to go back there, before the replay's key.
    assert!(shown.contains("└ Enter go there · Esc leaves ─"), "{shown}");
    // Tall enough, the short log is back under the review.
    assert!(text(&screen(&app, 80, 24)).contains("┌ Log"));
}

/// The selected move's sentence as the review pane says it on a wide screen, blanks collapsed.
fn app_sentence(app: &App) -> String {
    let wide = words(&pane_text(&screen(app, 200, 50), "Review"));
    let start = wide.find("O a2 (").expect("the sentence");
    let end = wide[start..].find(").").expect("its end") + start + 2;
    wide[start..end].to_string()
}
