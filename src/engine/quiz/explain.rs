//! The words of a question: the prompt, a label for the summary, the answers given and right,
//! and why the right one is right. The node questions reuse the replay's own sentence for the
//! event asked about, so the quiz and the replay it opens explain alike.

use super::answer::Answer;
use super::question::{Kind, Question, best_of, pruned, window};
use crate::engine::analysis::scorer::MoveAnalysis;
use crate::engine::game::position::{Move, Position, Status};
use crate::engine::game::rules::Rules;
use crate::engine::game::score::signed;
use crate::engine::search::Algorithm;
use crate::engine::search::replay::{View, sentence};

/// "a1", "a1 and b1", "a1, b1 and c2"; "none" for no moves.
pub fn list(rules: &Rules, moves: &[Move]) -> String {
    joined(rules, moves, "and")
}

/// "a1 or b1", "a1, b1 or c2": moves any one of which is the answer.
fn either(rules: &Rules, moves: &[Move]) -> String {
    joined(rules, moves, "or")
}

fn joined(rules: &Rules, moves: &[Move], word: &str) -> String {
    let names = rules.move_names(moves);
    match names.split_last() {
        None => "none".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {word} {last}", rest.join(", ")),
    }
}

/// The order the replayed algorithm tries moves in, as the prune question must say it.
/// The search a node question is about, by the name the replay's keys give it, and its order.
fn searcher(algorithm: Algorithm) -> String {
    let order = match algorithm {
        Algorithm::Engine => {
            "the engine model: a table, and moves ordered wins first, then cells on most lines"
        }
        _ => "moves in row-major order, a3 b3 c3 … on 3×3",
    };
    format!("Searched with {algorithm} ({order})")
}

pub(super) fn prompt(question: &Question) -> String {
    let position = &question.position;
    let rules = position.rules();
    let side = question.side();
    let path = rules.move_names(question.path()).join(" ");
    match &question.kind {
        Kind::Score(m) => format!(
            "{side} to move. What is the score of {} for {side}?",
            rules.move_name(m.mv)
        ),
        Kind::Outcome(m) => format!(
            "{side} to move. What does {} lead to for {side} under best play?",
            rules.move_name(m.mv)
        ),
        Kind::Best(_) => format!("{side} to move. Which move is best? (Any best move counts.)"),
        Kind::Prune(_) => format!(
            "{}: at the node after {path} (numbered on the board), {side} to move, which moves \
             does it prune?",
            searcher(question.algorithm)
        ),
        Kind::Window(_) => format!(
            "{}: what are α and β, for {side}, when the search enters the node after {path} \
             (numbered on the board)?",
            searcher(question.algorithm)
        ),
    }
}

pub(super) fn label(question: &Question) -> String {
    let rules = question.position.rules();
    let path = rules.move_names(question.path()).join(" ");
    match &question.kind {
        Kind::Score(m) => format!("score of {}", rules.move_name(m.mv)),
        Kind::Outcome(m) => format!("outcome of {}", rules.move_name(m.mv)),
        Kind::Best(_) => "best move".to_string(),
        Kind::Prune(_) => format!("pruned after {path}"),
        Kind::Window(_) => format!("α β after {path}"),
    }
}

pub(super) fn given(question: &Question, answer: &Answer) -> String {
    let rules = question.position.rules();
    match answer {
        Answer::Move(mv) => rules.move_name(*mv),
        Answer::Moves(moves) => list(rules, moves),
        Answer::Number(n) => signed(*n),
        Answer::Outcome(outcome) => outcome.to_string(),
        Answer::Window(alpha, beta) => format!("α {alpha}, β {beta}"),
    }
}

pub(super) fn answer(question: &Question) -> String {
    let rules = question.position.rules();
    match &question.kind {
        Kind::Score(m) => format!("{} ({})", m.score, m.score.outcome()),
        Kind::Outcome(m) => format!("{} ({})", m.score.outcome(), m.score),
        // Any best move is right: one of them is the answer.
        Kind::Best(moves) => either(rules, &best_of(moves)),
        Kind::Prune(event) => list(rules, &pruned(event)),
        Kind::Window(event) => match window(event) {
            Some((alpha, beta)) => format!("α {alpha}, β {beta}"),
            None => String::new(),
        },
    }
}

pub(super) fn why(question: &Question, given: &Answer) -> String {
    let position = &question.position;
    let rules = position.rules();
    match &question.kind {
        Kind::Score(m) | Kind::Outcome(m) => move_line(position, m),
        Kind::Best(moves) => best_why(position, moves, given),
        // The questions ask α and β as the search holds them: for the side to move (negamax).
        Kind::Prune(event) | Kind::Window(event) => {
            sentence(event, rules, question.algorithm, View::Negamax)
        }
    }
}

/// Why the best moves are best, and, for a move that is not, what it gets instead.
fn best_why(position: &Position, moves: &[MoveAnalysis], given: &Answer) -> String {
    let rules = position.rules();
    let side = position.to_move();
    let best = best_of(moves);
    let Some(top) = moves.first() else {
        return String::new();
    };
    let mut text = format!(
        "Best for {side}: {} with {} ({}). {}",
        list(rules, &best),
        top.score,
        top.score.outcome(),
        move_line(position, top)
    );
    if let Answer::Move(mv) = given
        && let Some(chosen) = moves.iter().find(|m| m.mv == *mv && !best.contains(mv))
    {
        text += &format!(" Your {}", move_line(position, chosen));
    }
    text
}

/// `b1 scores -9 (loss in 1) for X: best play goes b1 c3, and O wins.`
fn move_line(position: &Position, m: &MoveAnalysis) -> String {
    let rules = position.rules();
    let side = position.to_move();
    let mut end = *position;
    for &mv in &m.pv {
        match end.play(mv) {
            Ok(next) => end = next,
            Err(_) => break,
        }
    }
    let ending = match end.status() {
        Status::Won(winner) => format!(", and {winner} wins"),
        Status::Draw => ", and the board fills up: a draw".to_string(),
        Status::Ongoing => String::new(),
    };
    format!(
        "{} scores {} ({}) for {side}: best play goes {}{ending}.",
        rules.move_name(m.mv),
        m.score,
        m.score.outcome(),
        rules.move_names(&m.pv).join(" ")
    )
}
