//! The quiz (`Q`) in the full-screen app: the start screen, questions answered with the keys
//! alone (typed scores, outcomes and windows, the cursor and Enter, Space to mark), the verdict
//! with the right answer and why, `s` to the replay at the explaining step and back, the summary
//! after ten, Esc back to the game; the screens at 80×24 and 120×40.

use crate::inline_app::*;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tictree::app::{Action, App, Job, JobKey, Mode, QuizPhase, QuizState, ReplayFrom};
use tictree::engine::game::score::signed as signed_score;
use tictree::engine::quiz::{Entry, Kind, Question};
use tictree::engine::{Move, Outcome, Rules};
use tictree::tui::action_for_key;

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Presses keys as the terminal sends them, through the quiz's key map.
fn keys(app: &mut App, codes: &[KeyCode]) {
    for &code in codes {
        if let Some(action) = action_for_key(app, &key(code)) {
            press(app, &[action]);
        }
    }
}

/// Types text, a key per character.
fn type_text(app: &mut App, text: &str) {
    let codes: Vec<KeyCode> = text.chars().map(KeyCode::Char).collect();
    keys(app, &codes);
}

/// A 3×3 game at its start (human X, seed 7), the quiz opened and started: picked, medium.
fn started() -> App {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    keys(&mut app, &[KeyCode::Char('Q'), KeyCode::Enter]);
    app
}

fn state(app: &App) -> &QuizState {
    app.quiz().expect("the quiz is open")
}

fn question(app: &App) -> Question {
    state(app).question().expect("a question").clone()
}

/// Moves the quiz cursor to `mv` with the arrow keys.
fn cursor_to(app: &mut App, mv: Move) {
    let rules = *question(app).position.rules();
    let (row, col) = mv.row_col(&rules);
    for _ in 0..8 {
        let (r, c) = state(app).cursor;
        let code = if r > row {
            KeyCode::Up
        } else if r < row {
            KeyCode::Down
        } else if c > col {
            KeyCode::Left
        } else if c < col {
            KeyCode::Right
        } else {
            return;
        };
        keys(app, &[code]);
    }
}

/// The text of a window value as a student types it.
fn typed(value: tictree::engine::ReplayValue) -> String {
    value.to_string().replace('∞', "inf")
}

/// Answers the question shown with the keys, rightly or wrongly.
fn answer(app: &mut App, right: bool) {
    let question = question(app);
    match &question.kind {
        Kind::Score(m) => {
            // Wrong, but a score some game can have (the quiz refuses others): a draw, or a win
            // with the move itself.
            let cells = question.position.rules().cells() as i32;
            let score = match (right, m.score.score) {
                (true, score) => score,
                (false, 0) => cells + 1,
                (false, _) => 0,
            };
            type_text(app, &signed_score(score));
        }
        Kind::Outcome(m) => {
            let text = match (right, m.score.outcome()) {
                (true, Outcome::Win(n)) => format!("w{n}"),
                (true, Outcome::Loss(n)) => format!("l{n}"),
                (true, Outcome::Draw) => "d".into(),
                (false, Outcome::Draw) => "w1".into(),
                (false, _) => "d".into(),
            };
            type_text(app, &text);
        }
        Kind::Window(event) => {
            let tictree::engine::EventKind::Enter { alpha, beta, .. } = event.kind else {
                panic!("a window question is about an enter event");
            };
            let (a, b) = if right { (alpha, beta) } else { (beta, alpha) };
            type_text(app, &format!("{} {}", typed(a), typed(b)));
        }
        Kind::Best(moves) => {
            let best = question.answer_moves();
            let chosen = if right {
                best[0]
            } else {
                moves
                    .iter()
                    .map(|m| m.mv)
                    .find(|mv| !best.contains(mv))
                    .unwrap()
            };
            cursor_to(app, chosen);
        }
        Kind::Prune(_) => {
            if right {
                for mv in question.answer_moves() {
                    cursor_to(app, mv);
                    keys(app, &[KeyCode::Char(' ')]);
                }
            }
        }
    }
    keys(app, &[KeyCode::Enter]);
}

/// Answers questions right, one after another, until the one shown is answered as `wanted` says.
fn answer_until(app: &mut App, wanted: impl Fn(Entry) -> bool) {
    while !wanted(question(app).entry()) {
        answer(app, true);
        keys(app, &[KeyCode::Char('n')]);
    }
}

/// Answers questions right, one after another, until the one shown is of the kind `wanted` picks.
fn answer_until_kind(app: &mut App, wanted: impl Fn(&Kind) -> bool) {
    while !wanted(&question(app).kind) {
        answer(app, true);
        keys(app, &[KeyCode::Char('n')]);
    }
}

fn verdict(app: &App) -> (bool, String) {
    match &state(app).phase {
        QuizPhase::Answered(checked) => (checked.right, checked.why.clone()),
        phase => panic!("not answered: {phase:?}"),
    }
}

#[test]
fn q_opens_the_start_screen_and_the_game_waits() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    keys(&mut app, &[KeyCode::Char('Q')]);
    let quiz = state(&app);
    assert!(matches!(quiz.phase, QuizPhase::Start));
    assert_eq!(quiz.seed, 7, "--seed is the quiz's seed");
    let shown = words(&text(&screen(&app, 80, 24)));
    assert!(
        shown.contains("▶ picked, medium: 5–6 empty cells"),
        "{shown}"
    );
    assert!(shown.contains("this game: 1 position"), "{shown}");
    // ↑ chooses "hard"'s neighbour, Esc leaves, and the game's search starts again.
    keys(&mut app, &[KeyCode::Up, KeyCode::Esc]);
    assert!(matches!(app.mode, Mode::Game));
    assert!(app.search.done.is_some(), "the game's analysis is back");
}

/// "This game" is the whole game, as the review judges it: a `--moves` opening's positions are
/// asked about too, not only those after it.
#[test]
fn this_games_positions_include_the_opening() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2 b3 c1"), false);
    run_jobs(&mut app);
    keys(&mut app, &[KeyCode::Char('Q')]);
    // The empty board, then after a3, b2, b3 and c1: five positions still going on.
    assert_eq!(state(&app).game_positions.len(), 5);
    let shown = words(&text(&screen(&app, 80, 24)));
    assert!(shown.contains("this game: 5 positions"), "{shown}");
}

/// The summary's line that makes the same quiz of this game's positions sets that game up
/// again, with no AI seat to play on from it before Q.
#[test]
fn the_summary_of_this_games_quiz_gives_its_moves() {
    let mut app = App::new(options_from(Rules::TICTACTOE, "a3 b2 b3 c1"), false);
    run_jobs(&mut app);
    keys(
        &mut app,
        &[KeyCode::Char('Q'), KeyCode::Up, KeyCode::Up, KeyCode::Enter],
    );
    for _ in 0..state(&app).total() {
        answer(&mut app, true);
        keys(&mut app, &[KeyCode::Char('n')]);
    }
    assert!(matches!(state(&app).phase, QuizPhase::Summary));
    let shown = text(&screen(&app, 120, 40));
    for line in [
        "tictree --rules tictactoe --x human --o human --moves \"a3 b2 b3 c1\"",
        "--algo alphabeta --seed 7, then Q and this game's positions, make this",
    ] {
        assert!(shown.contains(line), "{line}\n{shown}");
    }
}

/// A Connect Four summary with wrong answers is taller than its pane at 80×24: ↑↓ scroll it to
/// its last line, the command that makes the quiz again, and the border says which way there is
/// more.
#[test]
fn a_long_summary_scrolls_to_its_last_line() {
    let mut app = App::new(connect4_midgame(), false);
    run_jobs(&mut app);
    keys(&mut app, &[KeyCode::Char('Q'), KeyCode::Enter]);
    for _ in 0..state(&app).total() {
        answer(&mut app, false);
        keys(&mut app, &[KeyCode::Char('n')]);
    }
    assert!(matches!(state(&app).phase, QuizPhase::Summary));
    let top = text(&screen(&app, 80, 24));
    assert!(top.contains("▼ more · ↑↓ scroll · Esc leave"), "{top}");
    assert!(!top.contains("make this"), "{top}");
    // The status bar says so too, as it does not where the summary fits (tic-tac-toe's).
    assert!(top.contains(" ↑↓ scroll  Enter "), "{top}");
    keys(&mut app, &[KeyCode::Down; 30]);
    let bottom = text(&screen(&app, 80, 24));
    assert!(bottom.contains("make this"), "{bottom}");
    assert!(bottom.contains("▲ more · ↑↓ scroll"), "{bottom}");
    // Back up: as many rows as it went down, however many Downs were pressed past the end.
    let most = state(&app).summary_scroll;
    assert!(most > 0 && most < 30);
    keys(&mut app, &vec![KeyCode::Up; most]);
    assert_eq!(text(&screen(&app, 80, 24)), top);
    // Scrolled to the end, then the terminal grows until it all fits: ↑ moves at once.
    keys(&mut app, &[KeyCode::Down; 30]);
    let _ = screen(&app, 120, 40);
    keys(&mut app, &[KeyCode::Up]);
    assert_eq!(state(&app).summary_scroll, 0);
}

#[test]
fn ten_questions_answered_with_the_keys_make_the_summary() {
    let mut app = started();
    assert_eq!(state(&app).total(), 10);
    for number in 0..10 {
        let right = number % 3 != 0;
        let entry = question(&app).entry();
        answer(&mut app, right);
        let (was_right, why) = verdict(&app);
        assert_eq!(was_right, right, "question {number} ({entry:?}): {why}");
        assert!(!why.is_empty());
        let score = format!("{} of {} right", state(&app).right(), number + 1);
        assert!(text(&screen(&app, 120, 40)).contains(&score), "{score}");
        keys(&mut app, &[KeyCode::Char('n')]);
    }
    assert!(matches!(state(&app).phase, QuizPhase::Summary));
    assert_eq!(state(&app).score_line(), "6 of 10 right");
    // Enter on the summary: another quiz, the next seed.
    keys(&mut app, &[KeyCode::Enter]);
    assert_eq!(state(&app).seed, 8);
    assert!(matches!(state(&app).phase, QuizPhase::Asking));
}

#[test]
fn the_same_seed_asks_the_same_questions() {
    let prompts = |app: &App| {
        state(app)
            .quiz
            .as_ref()
            .unwrap()
            .questions
            .iter()
            .map(Question::prompt)
            .collect::<Vec<_>>()
    };
    assert_eq!(prompts(&started()), prompts(&started()));
}

#[test]
fn a_typed_answer_that_is_not_one_says_what_to_type() {
    let mut app = started();
    answer_until(&mut app, |entry| entry == Entry::Typed);
    type_text(&mut app, "zz");
    keys(&mut app, &[KeyCode::Backspace, KeyCode::Enter]);
    assert!(matches!(state(&app).phase, QuizPhase::Asking));
    assert_eq!(state(&app).typed, "z");
    assert!(
        state(&app)
            .error
            .as_ref()
            .is_some_and(|e| e.contains("type"))
    );
    // Enter on nothing typed says how to answer, not that "" is no answer.
    keys(&mut app, &[KeyCode::Backspace, KeyCode::Enter]);
    let error = state(&app).error.clone().unwrap_or_default();
    let how = question(&app).how_to_answer();
    assert_eq!(error, format!("nothing typed yet: {how}"));
    // A character past what an answer holds is said, not swallowed without a word.
    type_text(&mut app, &"9".repeat(29));
    assert_eq!(state(&app).typed.len(), 28);
    let error = state(&app).error.clone().unwrap_or_default();
    assert_eq!(
        error,
        "an answer holds at most 28 characters (Backspace rubs out)"
    );
    // The arrows have no cursor to move in a typed answer: said, not swallowed.
    keys(&mut app, &[KeyCode::Left]);
    assert_eq!(
        state(&app).error.as_deref(),
        Some("type the answer; Backspace rubs out, Enter answers")
    );
    // Once answered, a key that is not one of the answer's says which are.
    keys(&mut app, &[KeyCode::Backspace; 28]);
    answer(&mut app, true);
    keys(&mut app, &[KeyCode::Char('x')]);
    assert!(matches!(state(&app).phase, QuizPhase::Answered(_)));
    assert_eq!(
        state(&app).error.as_deref(),
        Some("answered: n or Enter goes on, s replays the search, Esc leaves")
    );
}

/// A paste into a typed answer is typed (its line break left out); into a question answered on
/// the board it would set up a game and lose the quiz, so it is refused and says why.
#[test]
fn a_paste_is_typed_into_an_answer_and_never_ends_the_quiz() {
    let mut app = started();
    answer_until(&mut app, |entry| entry == Entry::Typed);
    press(&mut app, &[Action::Paste("l2\n".into())]);
    assert_eq!(state(&app).typed, "l2");
    keys(&mut app, &[KeyCode::Backspace, KeyCode::Backspace]);
    let asked = question(&app).prompt();
    answer_until(&mut app, |entry| entry != Entry::Typed);
    assert_ne!(question(&app).prompt(), asked);
    press(&mut app, &[Action::Paste("x.o/.x./..o".into())]);
    assert!(matches!(state(&app).phase, QuizPhase::Asking));
    assert_eq!(
        app.notice.as_deref(),
        Some("leave the quiz (Esc) to paste a position")
    );
}

/// Leaving the quiz shows the game's analysis as it had finished: no search of the same
/// position again, and no second line for it in the log (the review does the same).
#[test]
fn leaving_the_quiz_keeps_the_finished_analysis() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    let before = (app.log.lines().len(), app.search.generation);
    assert!(app.search.done.is_some());
    keys(&mut app, &[KeyCode::Char('Q')]);
    keys(&mut app, &[KeyCode::Esc]);
    assert!(matches!(app.mode, Mode::Game));
    let jobs: Vec<Job> = std::iter::from_fn(|| app.take_job()).collect();
    assert!(
        !jobs.iter().any(|job| matches!(job, Job::Analyze(_))),
        "{jobs:?}"
    );
    assert_eq!((app.log.lines().len(), app.search.generation), before);
}

/// Esc once a question is answered (or an answer begun) asks before the answers are dropped: a
/// second Esc leaves, any other key stays and does what it does. Before that, Esc leaves at once.
#[test]
fn esc_with_answers_given_asks_first() {
    let mut app = started();
    answer(&mut app, true);
    keys(&mut app, &[KeyCode::Char('n')]);
    answer_until(&mut app, |entry| entry == Entry::Typed);
    type_text(&mut app, "1");
    keys(&mut app, &[KeyCode::Esc]);
    assert_eq!(
        state(&app).error.clone(),
        Some(match state(&app).results.len() {
            1 => "Esc again leaves and drops 1 answer; other keys stay".to_string(),
            n => format!("Esc again leaves and drops {n} answers; other keys stay"),
        })
    );
    let bar = text(&screen(&app, 80, 24))
        .lines()
        .last()
        .unwrap_or_default()
        .to_string();
    assert!(bar.contains("Esc leave for good"), "{bar}");
    // Another key stays in the quiz and is what it is (here it rubs the `1` out); the next Esc
    // asks again.
    keys(&mut app, &[KeyCode::Backspace, KeyCode::Esc]);
    assert_eq!(state(&app).typed, "");
    assert!(state(&app).error.is_some());
    keys(&mut app, &[KeyCode::Char('Q')]);
    assert!(matches!(app.mode, Mode::Game));

    // A key of the app's own (the help, opened and closed) stays too: Esc asks again after it.
    let mut app = started();
    answer(&mut app, true);
    keys(&mut app, &[KeyCode::Char('n'), KeyCode::Esc]);
    assert!(state(&app).leaving);
    keys(
        &mut app,
        &[KeyCode::Char('?'), KeyCode::Char('?'), KeyCode::Esc],
    );
    assert!(matches!(app.mode, Mode::Quiz(_)));

    // Nothing answered or typed yet: one Esc leaves.
    let mut app = started();
    keys(&mut app, &[KeyCode::Esc]);
    assert!(matches!(app.mode, Mode::Game));
}

/// Every question answered on the board starts with the cursor on its first free cell (top left,
/// the leftmost column with room), whatever the previous question left: the game's centre cursor
/// stood on tic-tac-toe's best move often enough to answer by Enter alone.
#[test]
fn a_board_question_starts_on_its_first_free_cell() {
    let mut seen = 0;
    for seed in 1..=4 {
        let mut options = options(Rules::TICTACTOE);
        options.seed = Some(seed);
        let mut app = App::new(options, false);
        run_jobs(&mut app);
        keys(&mut app, &[KeyCode::Char('Q'), KeyCode::Enter]);
        loop {
            let question = question(&app);
            if question.entry() != Entry::Typed {
                let node = question.node();
                let first = node.legal_moves()[0];
                assert_eq!(
                    state(&app).cursor,
                    first.row_col(node.rules()),
                    "seed {seed}, question {}",
                    state(&app).index + 1
                );
                seen += 1;
                // Leave the cursor somewhere else for the next question.
                keys(&mut app, &[KeyCode::Down, KeyCode::Right]);
            }
            if state(&app).index == 9 {
                break;
            }
            answer(&mut app, true);
            keys(&mut app, &[KeyCode::Char('n')]);
        }
    }
    assert!(seen >= 8, "{seen} board questions");
}

/// A typed score no game from the position can end with is refused with the scores it can be,
/// not marked wrong: on 3×3 a game ending p plies from now scores 11 − p, a win after an odd p,
/// a loss after an even one, p at most the empty cells.
#[test]
fn a_score_no_game_can_have_says_which_scores_can_be() {
    let mut app = started();
    answer_until_kind(&mut app, |kind| matches!(kind, Kind::Score(_)));
    let empty = 9 - question(&app).position.ply();
    let (last_win, last_loss) = (empty - (1 - empty % 2), empty - empty % 2);
    let range = format!(
        "a win scores +{} to +10, a loss -{} to -9, every other number",
        11 - last_win,
        11 - last_loss
    );
    // Too high, too low, too long, too late, and a win's score as a loss's (-10: no move loses
    // at once).
    for typed in ["+11", "-11", "99999999999999999999", "+1", "-10", "--5"] {
        type_text(&mut app, typed);
        keys(&mut app, &[KeyCode::Enter]);
        assert!(matches!(state(&app).phase, QuizPhase::Asking), "{typed}");
        let error = state(&app).error.clone().unwrap_or_default();
        if typed == "--5" {
            assert!(error.contains("is not a score"), "{error}");
        } else {
            assert_eq!(
                error,
                format!("{typed} is no score here: {range}, a draw 0")
            );
        }
        keys(&mut app, &vec![KeyCode::Backspace; typed.len()]);
    }
    // A score some game can have is taken, and right or wrong.
    type_text(&mut app, "+10");
    keys(&mut app, &[KeyCode::Enter]);
    assert!(matches!(state(&app).phase, QuizPhase::Answered(_)));
}

/// Likewise an outcome no game from the position can have: with E empty cells a win comes by
/// the mover's ⌈E/2⌉-th mark at the latest, a loss by the opponent's ⌊E/2⌋-th.
#[test]
fn an_outcome_no_game_can_have_says_which_can_be() {
    let mut app = started();
    answer_until_kind(&mut app, |kind| matches!(kind, Kind::Outcome(_)));
    let empty = 9 - question(&app).position.ply();
    let (wins, losses) = (empty.div_ceil(2), empty / 2);
    for typed in [format!("w{}", wins + 1), format!("l{}", losses + 1)] {
        type_text(&mut app, &typed);
        keys(&mut app, &[KeyCode::Enter]);
        assert!(matches!(state(&app).phase, QuizPhase::Asking), "{typed}");
        assert_eq!(
            state(&app).error.as_deref(),
            Some(&*format!(
                "{typed} is no outcome here: with {empty} empty cells a win comes by w{wins}, a \
                 loss by l{losses}"
            ))
        );
        keys(&mut app, &vec![KeyCode::Backspace; typed.len()]);
    }
    type_text(&mut app, &format!("w{wins}"));
    keys(&mut app, &[KeyCode::Enter]);
    assert!(matches!(state(&app).phase, QuizPhase::Answered(_)));
}

/// A question answered on the board names its keys in the status bar: the cursor, and Space
/// where moves are marked.
#[test]
fn the_status_bar_names_the_keys_of_a_board_question() {
    let mut app = started();
    answer_until(&mut app, |entry| entry == Entry::Cells);
    let bar = rows(&screen(&app, 80, 24)).pop().unwrap_or_default();
    assert_eq!(
        bar.trim_end(),
        " ←↓↑→ move  Space mark  Enter answer  Esc leave  ? help  q quit"
    );
}

/// A cell's name typed into a question answered on the board is not ignored: the quiz says how
/// that question is answered.
#[test]
fn a_letter_typed_into_a_board_question_says_how_to_answer() {
    let mut app = started();
    answer_until(&mut app, |entry| entry == Entry::Cell);
    type_text(&mut app, "b");
    assert!(matches!(state(&app).phase, QuizPhase::Asking));
    assert_eq!(
        state(&app).error.as_deref(),
        Some("answered on the board: move the cursor to a best move, Enter")
    );
}

/// α and β are read as textbooks write them too: `(α, β)` and `α=… β=…`.
#[test]
fn a_window_is_read_as_textbooks_write_it() {
    for written in ["({}, {})", "α={} β={}"] {
        let mut app = started();
        while !matches!(question(&app).kind, Kind::Window(_)) {
            answer(&mut app, true);
            keys(&mut app, &[KeyCode::Char('n')]);
        }
        let Kind::Window(event) = question(&app).kind else {
            unreachable!("asked above");
        };
        let tictree::engine::EventKind::Enter { alpha, beta, .. } = event.kind else {
            panic!("a window question is about an enter event");
        };
        let text = written
            .replacen("{}", &typed(alpha), 1)
            .replacen("{}", &typed(beta), 1);
        type_text(&mut app, &text);
        keys(&mut app, &[KeyCode::Enter]);
        let (right, why) = verdict(&app);
        assert!(right, "{text}: {why}");
    }
}

#[test]
fn s_opens_the_replay_at_the_explaining_step_and_esc_comes_back() {
    let mut app = started();
    answer(&mut app, false);
    let step = question(&app).replay_step;
    let index = state(&app).index;
    keys(&mut app, &[KeyCode::Char('s')]);
    let replay = app.replay().expect("the replay is open");
    assert_eq!(replay.replay.step(), step);
    assert_eq!(replay.replay.root(), &question_root(&replay.from));
    // Another algorithm on the same position still comes back to the quiz.
    keys(&mut app, &[KeyCode::Char('1')]);
    assert!(
        app.replay()
            .is_some_and(|replay| matches!(replay.from, ReplayFrom::Quiz(_)))
    );
    keys(&mut app, &[KeyCode::Esc]);
    assert_eq!(state(&app).index, index);
    assert!(matches!(state(&app).phase, QuizPhase::Answered(_)));
}

fn question_root(from: &ReplayFrom) -> tictree::engine::Position {
    let ReplayFrom::Quiz(quiz) = from else {
        panic!("the replay was opened from the quiz");
    };
    quiz.question().unwrap().position
}

#[test]
fn this_game_needs_a_position_close_to_the_end() {
    let mut app = App::new(options(Rules::CONNECT4), false);
    // The exact minimax analysis of the empty Connect Four board would never end: dropped.
    while app.take_job().is_some() {}
    keys(
        &mut app,
        &[KeyCode::Char('Q'), KeyCode::Up, KeyCode::Up, KeyCode::Enter],
    );
    assert!(matches!(state(&app).phase, QuizPhase::Start));
    let error = state(&app).error.clone().unwrap();
    assert!(error.contains("choose picked positions"), "{error}");
    // Picked Connect Four positions work: near the end.
    keys(&mut app, &[KeyCode::Down, KeyCode::Enter]);
    assert_eq!(
        state(&app).total(),
        10,
        "{:?} {:?}",
        state(&app).error,
        state(&app).phase
    );
    answer(&mut app, true);
    assert!(verdict(&app).0);
}

/// The first question's screens, snapshotted at a size: the question, then answered.
fn assert_screens(right: bool, (width, height): (u16, u16), name: &str) {
    let mut app = started();
    answer(&mut app, right);
    insta::assert_snapshot!(name, text(&screen(&app, width, height)));
}

#[test]
fn screens_at_80x24_and_120x40() {
    for (size, tag) in [((80, 24), "80x24"), ((120, 40), "120x40")] {
        let app = started();
        insta::assert_snapshot!(
            format!("question_{tag}"),
            text(&screen(&app, size.0, size.1))
        );
        assert_screens(true, size, &format!("right_{tag}"));
        assert_screens(false, size, &format!("wrong_{tag}"));
        let mut app = started();
        for number in 0..10 {
            answer(&mut app, number % 2 == 0);
            keys(&mut app, &[KeyCode::Char('n')]);
        }
        insta::assert_snapshot!(
            format!("summary_{tag}"),
            text(&screen(&app, size.0, size.1))
        );
    }
}

#[test]
fn small_terminals_do_not_panic() {
    let mut app = started();
    for (width, height) in [(1, 1), (20, 5), (40, 12), (60, 16)] {
        screen(&app, width, height);
    }
    answer(&mut app, false);
    for (width, height) in [(1, 1), (30, 8), (50, 14)] {
        screen(&app, width, height);
    }
}

#[test]
fn the_questions_are_made_in_the_background_and_esc_does_not_wait() {
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    keys(&mut app, &[KeyCode::Char('Q')]);
    // Enter without running the job: the pane says the questions are being made.
    app.update(action_for_key(&app, &key(KeyCode::Enter)).unwrap());
    assert!(matches!(state(&app).phase, QuizPhase::Making));
    let jobs: Vec<Job> = std::iter::from_fn(|| app.take_job()).collect();
    let Some(Job::Quiz(request)) = jobs.last().cloned() else {
        panic!("Enter asks for the questions: {jobs:?}");
    };
    assert!(text(&screen(&app, 80, 24)).contains("Making ten questions"));
    // A reply of another generation is dropped; the right one asks the first question.
    let replies = replies(Job::Quiz(request), &Default::default());
    let mut stale = replies[0].clone();
    stale.generation += 1;
    app.update(Action::Search(stale));
    assert!(matches!(state(&app).phase, QuizPhase::Making));
    app.update(Action::Search(replies[0].clone()));
    assert!(matches!(state(&app).phase, QuizPhase::Asking));
    // Esc while another quiz is being made cancels it and goes back to the game.
    for _ in 0..10 {
        answer(&mut app, true);
        keys(&mut app, &[KeyCode::Char('n')]);
    }
    app.update(action_for_key(&app, &key(KeyCode::Enter)).unwrap());
    assert!(matches!(state(&app).phase, QuizPhase::Making));
    app.update(action_for_key(&app, &key(KeyCode::Esc)).unwrap());
    assert!(matches!(app.mode, Mode::Game));
    let jobs: Vec<Job> = std::iter::from_fn(|| app.take_job()).collect();
    assert!(
        jobs.iter()
            .any(|job| matches!(job, Job::Cancel(JobKey::Quiz))),
        "{jobs:?}"
    );
}

#[test]
fn a_board_with_no_position_near_the_end_says_so() {
    let rules: Rules = "8x8k3".parse().unwrap();
    let mut app = App::new(options(rules), false);
    // The exact minimax analysis of the empty 8×8 board would never end: dropped.
    while app.take_job().is_some() {}
    keys(&mut app, &[KeyCode::Char('Q'), KeyCode::Enter]);
    assert!(matches!(state(&app).phase, QuizPhase::Start));
    let error = state(&app).error.clone().unwrap();
    assert!(error.contains("no position to ask about"), "{error}");
}

/// On a narrower pane the title says the question's number shorter and keeps the seed, which is
/// what reproduces the quiz; only where even that does not fit does the seed go.
#[test]
fn a_narrow_title_keeps_the_seed() {
    let app = started();
    let seed = format!("seed {}", state(&app).seed);
    let title_row = |width: u16| rows(&screen(&app, width, 24))[1].clone();
    let wide = title_row(120);
    assert!(
        wide.contains(&format!("question 1 of 10 · 0 of 0 right · {seed}")),
        "{wide}"
    );
    let narrow = title_row(72);
    assert!(
        narrow.contains(&format!("Quiz · 1/10 · 0 of 0 right · {seed}")),
        "{narrow}"
    );
}

/// Without `--seed` a quiz gets a random seed of at most five digits, to be read off and typed;
/// the longest keeps its place in the title at 80×24, on Connect Four's wider board too.
#[test]
fn a_random_seed_is_short_and_stays_in_the_title_at_80x24() {
    let quiz = |seed: Option<u64>| {
        let mut options = connect4_midgame();
        options.seed = seed;
        let mut app = App::new(options, false);
        run_jobs(&mut app);
        keys(&mut app, &[KeyCode::Char('Q'), KeyCode::Enter]);
        assert!(matches!(state(&app).phase, QuizPhase::Asking));
        app
    };
    let random = state(&quiz(None)).seed;
    assert!((1..100_000).contains(&random), "{random}");
    let app = quiz(Some(99_999));
    let shown = text(&screen(&app, 80, 24));
    assert!(
        shown.contains(" Quiz · 1/10 · 0 of 0 right · seed 99999 "),
        "{shown}"
    );
}

/// A best move among several equal ones is right, and the verdict says which was chosen before
/// it lists them all (`✓ Right: a1 (the answer: a1, c1)`, not the list alone, as if both had been
/// named).
#[test]
fn a_best_move_among_equals_is_named_before_the_others() {
    let mut app = started();
    let mut asked = 0;
    while state(&app).index < 9 && asked == 0 {
        let question = question(&app);
        let best = question.answer_moves();
        if matches!(question.kind, Kind::Best(_)) && best.len() > 1 {
            let rules = *question.position.rules();
            cursor_to(&mut app, best[1]);
            keys(&mut app, &[KeyCode::Enter]);
            assert!(verdict(&app).0);
            let shown = text(&screen(&app, 120, 40));
            let said = format!("✓ Right: {} (the answer: ", rules.move_name(best[1]));
            assert!(shown.contains(&said), "{shown}");
            asked += 1;
        } else {
            answer(&mut app, true);
        }
        keys(&mut app, &[KeyCode::Char('n')]);
    }
    assert_eq!(
        asked, 1,
        "a question with several best moves among the first nine"
    );
}

/// On Connect Four a digit answers a board question with its column, as it plays one in the game;
/// a full column is named as such.
#[test]
fn a_digit_answers_a_board_question_with_its_column() {
    let mut app = App::new(connect4_midgame(), false);
    run_jobs(&mut app);
    keys(&mut app, &[KeyCode::Char('Q'), KeyCode::Enter]);
    let mut asked = 0;
    while state(&app).index < 9 && asked == 0 {
        let question = question(&app);
        if let Kind::Best(moves) = &question.kind {
            let rules = *question.position.rules();
            let best = moves[0].mv;
            // No column 0: a reason, and the question still waits.
            type_text(&mut app, "0");
            assert_eq!(
                state(&app).error.as_deref(),
                Some("no column 0: columns are 1..7")
            );
            let digit = char::from(b'1' + best.row_col(&rules).1 as u8);
            type_text(&mut app, &digit.to_string());
            let (right, why) = verdict(&app);
            assert!(right, "column {digit}: {why}");
            asked += 1;
        } else {
            answer(&mut app, true);
        }
        keys(&mut app, &[KeyCode::Char('n')]);
    }
    assert_eq!(asked, 1, "a best-move question among the first nine");
}

/// A question answered on a Connect Four board starts with the cursor on a column it can play,
/// never on a full one the previous question's cursor was left on.
#[test]
fn a_board_question_starts_on_a_column_with_room() {
    for seed in 1..=6 {
        let mut options = connect4_midgame();
        options.seed = Some(seed);
        let mut app = App::new(options, false);
        run_jobs(&mut app);
        // Picked, easy: the positions nearest the end, where columns are full.
        keys(&mut app, &[KeyCode::Char('Q'), KeyCode::Up, KeyCode::Enter]);
        while state(&app).index < 9 {
            let question = question(&app);
            if question.entry() != Entry::Typed {
                let node = question.node();
                assert!(
                    state(&app).cursor_move(&node).is_some(),
                    "seed {seed}, question {}: the cursor is on full column {}",
                    state(&app).index + 1,
                    state(&app).cursor.1 + 1
                );
            }
            answer(&mut app, true);
            keys(&mut app, &[KeyCode::Char('n')]);
        }
    }
}

/// A click on the quiz's board answers a best-move question, as a click plays in the game.
#[test]
fn a_click_on_the_board_answers_a_best_move_question() {
    use ratatui::crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let screen_area = ratatui::layout::Rect::new(0, 0, 100, 30);
    let mouse = |kind, (column, row)| {
        Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    };
    let mut app = started();
    let mut asked = 0;
    while state(&app).index < 9 && asked == 0 {
        let question = question(&app);
        if let Kind::Best(_) = &question.kind {
            let best = question.answer_moves()[0];
            let at = (0..screen_area.width)
                .flat_map(|x| (0..screen_area.height).map(move |y| (x, y)))
                .find(|&(x, y)| tictree::ui::cell_at(&app, screen_area, x, y) == Some(best))
                .expect("the best move's cell on screen");
            let click = mouse(MouseEventKind::Down(MouseButton::Left), at);
            let action = tictree::tui::action(&click, &app, screen_area).expect("an action");
            app.update(action);
            let (right, why) = verdict(&app);
            assert!(right, "{why}");
            asked += 1;
        } else {
            answer(&mut app, true);
        }
        keys(&mut app, &[KeyCode::Char('n')]);
    }
    assert_eq!(asked, 1, "a best-move question among the first nine");
}

/// At tic-tac-toe's smallest screen (59×14) the quiz pane has five rows: what to type and the
/// blank rows give way, so the answer being typed and the source chosen are always in view.
#[test]
fn at_the_smallest_screen_the_answer_and_the_choice_stay_in_view() {
    let (width, height) = tictree::ui::min_size(&Rules::TICTACTOE);
    let mut app = App::new(options(Rules::TICTACTOE), false);
    run_jobs(&mut app);
    keys(&mut app, &[KeyCode::Char('Q')]);
    // The source chosen at first (medium), whole on the pane's last row: no `…` of a cut.
    let pane = pane_text(&screen(&app, width, height), "Quiz");
    assert!(
        pane.contains("▶ picked, medium: 5–6 empty cells "),
        "{pane}"
    );
    keys(&mut app, &[KeyCode::Down]);
    let pane = pane_text(&screen(&app, width, height), "Quiz");
    assert!(pane.contains("▶ picked, hard: 7–8 empty cells"), "{pane}");
    keys(&mut app, &[KeyCode::Up, KeyCode::Up, KeyCode::Up]);
    let pane = pane_text(&screen(&app, width, height), "Quiz");
    assert!(pane.contains("▶ this game: 1 position"), "{pane}");
    keys(&mut app, &[KeyCode::Down, KeyCode::Down, KeyCode::Enter]);
    answer_until(&mut app, |entry| entry == Entry::Typed);
    type_text(&mut app, "+7");
    let pane = pane_text(&screen(&app, width, height), "Quiz");
    assert!(pane.contains("answer: +7"), "{pane}");
    // An answer refused says why, in view with the answer.
    keys(&mut app, &[KeyCode::Backspace, KeyCode::Backspace]);
    type_text(&mut app, "zz");
    keys(&mut app, &[KeyCode::Enter]);
    let error = state(&app).error.clone().expect("the answer is refused");
    let pane = words(&pane_text(&screen(&app, width, height), "Quiz"));
    assert!(pane.contains("answer: zz"), "{pane}");
    let first_words: String = error
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(pane.contains(&first_words), "{error}: {pane}");
    // Where the pane has the rows, nothing gives way.
    let roomy = words(&pane_text(&screen(&app, 80, 24), "Quiz"));
    assert!(roomy.contains(&question(&app).how_to_answer()), "{roomy}");
}

/// On a short terminal (59×14) the quiz takes the log's rows too, and its title keeps the score
/// in its short form (`Quiz · 1/10 · 1 of 1 right`) rather than drop it.
#[test]
fn a_short_quiz_takes_the_log_s_rows_and_keeps_its_score() {
    // A seed of five digits: with it the title has no room for the seed.
    let mut options = options(Rules::TICTACTOE);
    options.seed = Some(74456);
    let mut app = App::new(options, false);
    run_jobs(&mut app);
    keys(&mut app, &[KeyCode::Char('Q'), KeyCode::Enter]);
    answer(&mut app, true);
    let shown = text(&screen(&app, 59, 14));
    assert!(!shown.contains("┌ Log"), "{shown}");
    assert!(shown.contains("┌ Quiz · 1/10 · 1 of 1 right"), "{shown}");
}
