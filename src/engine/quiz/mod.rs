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
pub use pick::{Difficulty, GAME_EMPTY_LIMIT, Source, game_positions};
pub use question::{Checked, Entry, Kind, Question};
pub use scan::{Scan, Visited, scan};

use crate::engine::analysis::exact::analyze;
use crate::engine::analysis::scorer::MoveAnalysis;
use crate::engine::game::position::Position;
use crate::engine::search::replay::Event;
use crate::engine::search::{Algorithm, Cancelled, StopFlag};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use std::collections::HashMap;

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
/// cutoff) gives way to a best-move question, else a score question. `None`: the source has no
/// position to ask about.
pub fn generate(source: &Source, algorithm: Algorithm, seed: u64) -> Option<Quiz> {
    generate_until(source, algorithm, seed, &StopFlag::default()).unwrap_or(None)
}

/// `generate`, stopped when `stop` is raised (the app makes a quiz off its UI thread).
pub fn generate_until(
    source: &Source,
    algorithm: Algorithm,
    seed: u64,
    stop: &StopFlag,
) -> Result<Option<Quiz>, Cancelled> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut asks: Vec<Ask> = Vec::with_capacity(QUESTIONS);
    while asks.len() < QUESTIONS {
        let mut round = ASKS;
        round.shuffle(&mut rng);
        asks.extend(round);
    }
    asks.truncate(QUESTIONS);
    let mut maker = Maker {
        algorithm,
        stop,
        known: HashMap::new(),
    };
    let mut questions: Vec<Question> = Vec::with_capacity(QUESTIONS);
    for ask in asks {
        // The kind asked, on a few positions; then the fallbacks, which any position has.
        let tries = std::iter::repeat_n(ask, TRIES).chain([Ask::Best, Ask::Score]);
        let mut made = None;
        for (index, kind) in tries.enumerate() {
            let Some(position) = source.position(&mut rng) else {
                return Ok(None);
            };
            let question = maker.make(kind, position, &mut rng)?;
            // A repeat is refused while the kind asked is tried, not in the fallbacks.
            if let Some(question) = question.filter(|q| index >= TRIES || !repeats(&questions, q)) {
                made = Some(question);
                break;
            }
        }
        let Some(question) = made else {
            return Ok(None);
        };
        questions.push(question);
    }
    Ok(Some(Quiz { seed, questions }))
}

/// Whether a question asks again what an earlier one asked.
fn repeats(earlier: &[Question], question: &Question) -> bool {
    earlier.iter().any(|q| {
        q.position == question.position
            && q.label() == question.label()
            && std::mem::discriminant(&q.kind) == std::mem::discriminant(&question.kind)
    })
}

/// What the engine knows of a position: the replayed search's nodes and every move's score.
struct Facts {
    scan: Scan,
    moves: Vec<MoveAnalysis>,
}

/// Makes questions, searching each position once however many questions it gets (a game's
/// positions come back often).
struct Maker<'a> {
    algorithm: Algorithm,
    stop: &'a StopFlag,
    known: HashMap<Position, Facts>,
}

impl Maker<'_> {
    /// A question of kind `ask` on `position`, if it has one.
    fn make(
        &mut self,
        ask: Ask,
        position: Position,
        rng: &mut StdRng,
    ) -> Result<Option<Question>, Cancelled> {
        let algorithm = self.algorithm;
        if !self.known.contains_key(&position) {
            let analysis = analyze(&position, Algorithm::Engine, self.stop, |_| {})?;
            let facts = Facts {
                scan: scan(position, algorithm),
                moves: analysis.moves,
            };
            self.known.insert(position, facts);
        }
        let facts = &self.known[&position];
        Ok(facts.question(ask, position, algorithm, rng))
    }
}

impl Facts {
    /// A question of kind `ask` on `position`, if these facts make one.
    fn question(
        &self,
        ask: Ask,
        position: Position,
        algorithm: Algorithm,
        rng: &mut StdRng,
    ) -> Option<Question> {
        let question = |kind, replay_step| Question {
            position,
            kind,
            algorithm,
            replay_step,
        };
        let root_step = |mv| {
            self.scan
                .root_moves
                .iter()
                .find(|(m, _)| *m == mv)
                .map_or(0, |&(_, step)| step)
        };
        match ask {
            Ask::Score | Ask::Outcome => {
                let chosen = self.moves.choose(rng)?.clone();
                let step = root_step(chosen.mv);
                Some(question(
                    if ask == Ask::Score {
                        Kind::Score(chosen)
                    } else {
                        Kind::Outcome(chosen)
                    },
                    step,
                ))
            }
            Ask::Best => {
                // A question where every move is best asks nothing.
                let top = self.moves.first()?.score;
                if self.moves.iter().all(|m| m.score == top) {
                    return None;
                }
                let step = root_step(self.moves[0].mv);
                Some(question(Kind::Best(self.moves.clone()), step))
            }
            Ask::Prune => {
                let node = shallow(&self.scan.cutoffs).choose(rng).copied()?;
                Some(question(Kind::Prune(node.event), node.step))
            }
            Ask::Window => {
                let node = shallow(&self.scan.entered).choose(rng).copied()?;
                Some(question(Kind::Window(node.event), node.step))
            }
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
