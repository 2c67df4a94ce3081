//! The quiz: questions on real positions, answered exactly by the engine and the replayed search,
//! so a student can predict and then check: a move's score or outcome, the best move, the moves
//! alpha-beta prunes at a node, the window a node is entered with.
//!
//! - `pick.rs`: where positions come from (a game, or random playouts at a difficulty).
//! - `scan.rs`: one run of the replayed search, kept as the nodes a question can be about.
//! - `question.rs`: a question, its exact answer, and the check of an answer.
//! - `answer.rs`: typed answers read back.
//! - `explain.rs`: the words: prompts, answers, why.
//!
//! A quiz is a function of its source and its seed: the same seed makes the same questions in
//! the same order.

mod answer;
mod explain;
mod pick;
mod question;
mod scan;

pub use answer::{Answer, parse_number, parse_outcome, parse_value, parse_window};
pub use explain::list;
pub use pick::{Difficulty, GAME_EMPTY_LIMIT, Source, empty_cells, game_positions};
pub use question::{Checked, Entry, Kind, Question};
pub use scan::{Scan, Visited, scan};

use crate::engine::analysis::exact::analyze;
use crate::engine::analysis::scorer::MoveAnalysis;
use crate::engine::game::position::Position;
use crate::engine::search::replay::Event;
use crate::engine::search::{Algorithm, StopFlag};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};

/// Questions in a quiz.
pub const QUESTIONS: usize = 10;

/// Positions tried for one question before its kind gives way to another.
const TRIES: usize = 12;

/// Node questions prefer nodes at most this deep: a short path is one a student can follow.
const SHALLOW: u32 = 3;

/// The kinds of question, as a seed orders them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ask {
    Score,
    Outcome,
    Best,
    Prune,
    Window,
}

const ASKS: [Ask; 5] = [Ask::Score, Ask::Outcome, Ask::Best, Ask::Prune, Ask::Window];

/// A quiz: its seed and its questions.
#[derive(Clone, Debug)]
pub struct Quiz {
    /// The seed it was made from.
    pub seed: u64,
    /// The questions, in order.
    pub questions: Vec<Question>,
}

/// The algorithm node questions replay: `alphabeta` or the engine model as chosen, else
/// `alphabeta` (minimax prunes nothing).
pub fn replay_algorithm(chosen: Algorithm) -> Algorithm {
    match chosen {
        Algorithm::Engine => Algorithm::Engine,
        _ => Algorithm::AlphaBeta,
    }
}

/// `QUESTIONS` questions from `source`, node questions replaying `algorithm`; every kind twice,
/// in an order the seed shuffles. A kind no position of the source can make (a position with no
/// cutoff) gives way to a best-move question, else a score question. `None`: the source has no position at all.
pub fn generate(source: &Source, algorithm: Algorithm, seed: u64) -> Option<Quiz> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut asks: Vec<Ask> = Vec::with_capacity(QUESTIONS);
    while asks.len() < QUESTIONS {
        let mut round = ASKS;
        round.shuffle(&mut rng);
        asks.extend(round);
    }
    asks.truncate(QUESTIONS);
    let mut questions: Vec<Question> = Vec::with_capacity(QUESTIONS);
    for ask in asks {
        let question = (0..TRIES)
            .find_map(|_| {
                let position = source.position(&mut rng)?;
                make(ask, position, algorithm, &mut rng).filter(|q| !repeats(&questions, q))
            })
            .or_else(|| {
                // A best-move question needs moves of different scores; a score question only a
                // move, which every position still going on has.
                [Ask::Best, Ask::Score].into_iter().find_map(|fallback| {
                    let position = source.position(&mut rng)?;
                    make(fallback, position, algorithm, &mut rng)
                })
            })?;
        questions.push(question);
    }
    Some(Quiz { seed, questions })
}

/// Whether a question asks again what an earlier one asked.
fn repeats(earlier: &[Question], question: &Question) -> bool {
    earlier.iter().any(|q| {
        q.position == question.position
            && q.label() == question.label()
            && std::mem::discriminant(&q.kind) == std::mem::discriminant(&question.kind)
    })
}

/// A question of kind `ask` on `position`, if it has one.
fn make(ask: Ask, position: Position, algorithm: Algorithm, rng: &mut StdRng) -> Option<Question> {
    let scanned = scan(position, algorithm);
    let question = |kind, replay_step| Question {
        position,
        kind,
        algorithm,
        replay_step,
    };
    let root_step = |mv| {
        scanned
            .root_moves
            .iter()
            .find(|(m, _)| *m == mv)
            .map_or(0, |&(_, step)| step)
    };
    match ask {
        Ask::Score | Ask::Outcome => {
            let chosen = analysis(&position)?.choose(rng)?.clone();
            let step = root_step(chosen.mv);
            let kind = if ask == Ask::Score {
                Kind::Score(chosen)
            } else {
                Kind::Outcome(chosen)
            };
            Some(question(kind, step))
        }
        Ask::Best => {
            let moves = analysis(&position)?;
            // A question where every move is best asks nothing.
            let top = moves.first()?.score;
            if moves.iter().all(|m| m.score == top) {
                return None;
            }
            let step = root_step(moves[0].mv);
            Some(question(Kind::Best(moves), step))
        }
        Ask::Prune => {
            let node = shallow(&scanned.cutoffs).choose(rng).copied()?;
            Some(question(Kind::Prune(node.event), node.step))
        }
        Ask::Window => {
            let node = shallow(&scanned.entered).choose(rng).copied()?;
            Some(question(Kind::Window(node.event), node.step))
        }
    }
}

/// The nodes at most `SHALLOW` deep, or all of them if none is.
fn shallow(nodes: &[Visited]) -> Vec<Visited> {
    let near: Vec<Visited> = nodes
        .iter()
        .copied()
        .filter(|node| node.event.ply <= SHALLOW && has_finite_bound(&node.event))
        .collect();
    if near.is_empty() {
        nodes.to_vec()
    } else {
        near
    }
}

/// Whether an event's window says something (a window of -∞ and +∞ asks nothing but the rule).
fn has_finite_bound(event: &Event) -> bool {
    use crate::engine::search::replay::EventKind;
    match event.kind {
        EventKind::Enter { alpha, beta, .. } => !alpha.is_infinite() || !beta.is_infinite(),
        _ => true,
    }
}

/// Every move's exact score, best first (`None` for a finished game).
fn analysis(position: &Position) -> Option<Vec<MoveAnalysis>> {
    let analysis = analyze(position, Algorithm::Engine, &StopFlag::default(), |_| {}).ok()?;
    (!analysis.moves.is_empty()).then_some(analysis.moves)
}
