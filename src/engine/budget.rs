//! Analysis within a budget (depth, time, nodes): exact where the budget allows, otherwise
//! heuristic estimates from iterative deepening, marked as such with the depth they come from.

use super::position::{Move, Position, Status};
use super::score::{INFINITY, Score};
use super::search::{Cancelled, SearchStats, Searcher, StopFlag};
use super::solver::{Engine, HEURISTIC_MAX};
use std::time::{Duration, Instant};

/// Limits on an analysis; `Budget::default()` has none (an exact analysis).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Search at most this many plies below each move.
    pub depth: Option<u32>,
    /// Answer within this time.
    pub time: Option<Duration>,
    /// Search at most about this many nodes.
    pub nodes: Option<u64>,
}

impl Budget {
    /// Whether the budget sets no limit at all.
    pub fn is_unlimited(&self) -> bool {
        *self == Budget::default()
    }
}

/// What is known about a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Evaluation {
    /// Its exact score.
    Exact(Score),
    /// A heuristic guess in -1..=1 for the side making the move (positive favours it), from a
    /// search `depth` plies deep (the move included); never to be shown as exact.
    Estimate {
        /// The guess.
        value: f64,
        /// Plies searched, the move itself included.
        depth: u32,
    },
}

impl Evaluation {
    /// A number that orders evaluations from best to worst for the side making the move.
    pub fn rank(&self) -> f64 {
        match self {
            Evaluation::Exact(score) if score.score > 0 => 2.0 + f64::from(score.score) / 1e3,
            Evaluation::Exact(score) if score.score < 0 => -2.0 + f64::from(score.score) / 1e3,
            Evaluation::Exact(_) => 0.0,
            Evaluation::Estimate { value, .. } => *value,
        }
    }
}

/// One move of a budgeted analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct EvaluatedMove {
    /// The move.
    pub mv: Move,
    /// Exact score or estimate.
    pub evaluation: Evaluation,
    /// Best play starting with the move (exact scores; just the move for estimates).
    pub pv: Vec<Move>,
}

/// The analysis of every legal move within a budget.
#[derive(Clone, Debug)]
pub struct BudgetedAnalysis {
    /// Every legal move, best first.
    pub moves: Vec<EvaluatedMove>,
    /// Whether every move's score is exact.
    pub exact: bool,
    /// Plies searched below the position by the deepest finished iteration (for estimates).
    pub depth: u32,
    /// Counters over the whole analysis.
    pub stats: SearchStats,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Scores every legal move of `position` as well as `budget` allows, calling `on_move` as each
/// result (exact, or an estimate at a new depth) is known. With an unlimited budget every score is
/// exact, as with `analyze`. Returns `Err(Cancelled)` only when `stop` is raised.
pub fn analyze_within(
    position: &Position,
    budget: Budget,
    stop: &StopFlag,
    mut on_move: impl FnMut(&EvaluatedMove),
) -> Result<BudgetedAnalysis, Cancelled> {
    let started = Instant::now();
    let deadline = budget.time.map(|t| started + t);
    let mut engine = Engine::new(position.layout(), stop.clone());
    let legal = if position.status() == Status::Ongoing {
        position.legal_moves()
    } else {
        Vec::new()
    };
    let cells = position.rules().cells();
    let empties = (cells as u32).saturating_sub(position.ply());
    let mut moves: Vec<Option<EvaluatedMove>> = vec![None; legal.len()];
    // First the exact analysis, with half the time and nodes (all of them when only depth is
    // limited but deep enough to reach the end anyway).
    let reaches_end = budget.depth.is_none_or(|d| d >= empties);
    if reaches_end {
        engine.set_limits(
            budget.nodes.map(|n| n / 2),
            budget.time.map(|t| started + t / 2),
        );
        for (slot, &mv) in moves.iter_mut().zip(&legal) {
            let child = position.play(mv).map_err(|_| Cancelled)?;
            match engine.search(&child, -INFINITY, INFINITY) {
                Ok(line) => {
                    let score = Score::from_value(-line.value, cells, position.ply());
                    let mut pv = vec![mv];
                    pv.extend(line.pv);
                    let evaluated = EvaluatedMove {
                        mv,
                        evaluation: Evaluation::Exact(score),
                        pv,
                    };
                    on_move(&evaluated);
                    *slot = Some(evaluated);
                }
                Err(Cancelled) if engine.exhausted() => break,
                Err(Cancelled) => return Err(Cancelled),
            }
        }
    }
    let mut depth = 0;
    if moves.iter().any(Option::is_none) {
        depth = deepen(
            &mut engine,
            position,
            &legal,
            &mut moves,
            budget,
            deadline,
            &mut on_move,
        )?;
    }
    let mut moves: Vec<EvaluatedMove> = moves.into_iter().flatten().collect();
    let exact = moves.len() == legal.len()
        && moves
            .iter()
            .all(|m| matches!(m.evaluation, Evaluation::Exact(_)));
    moves.sort_by(|a, b| b.evaluation.rank().total_cmp(&a.evaluation.rank()));
    Ok(BudgetedAnalysis {
        moves,
        exact,
        depth: if exact { empties } else { depth },
        stats: engine.stats(),
        elapsed: started.elapsed(),
    })
}

/// Iterative deepening over the moves not yet scored exactly; returns the depth of the deepest
/// finished iteration. The first iteration always finishes, so every move gets an evaluation.
fn deepen(
    engine: &mut Engine,
    position: &Position,
    legal: &[Move],
    moves: &mut [Option<EvaluatedMove>],
    budget: Budget,
    deadline: Option<Instant>,
    on_move: &mut impl FnMut(&EvaluatedMove),
) -> Result<u32, Cancelled> {
    let cells = position.rules().cells();
    let empties = (cells as u32).saturating_sub(position.ply());
    let max_depth = budget.depth.unwrap_or(empties).clamp(1, empties.max(1));
    let mut finished = 0;
    for depth in 1..=max_depth {
        // The first iteration must give every move a value, whatever the budget.
        let limits = depth > 1;
        engine.set_limits(budget.nodes.filter(|_| limits), deadline.filter(|_| limits));
        let mut results = Vec::new();
        for (index, &mv) in legal.iter().enumerate() {
            if matches!(
                moves[index],
                Some(EvaluatedMove {
                    evaluation: Evaluation::Exact(_),
                    ..
                })
            ) {
                continue;
            }
            let child = position.play(mv).map_err(|_| Cancelled)?;
            match engine.limited(&child, depth - 1) {
                Ok((value, exact)) => {
                    let evaluation = if exact {
                        Evaluation::Exact(Score::from_value(-value, cells, position.ply()))
                    } else {
                        Evaluation::Estimate {
                            value: -f64::from(value) / f64::from(HEURISTIC_MAX),
                            depth,
                        }
                    };
                    results.push((
                        index,
                        EvaluatedMove {
                            mv,
                            evaluation,
                            pv: vec![mv],
                        },
                    ));
                }
                Err(Cancelled) if engine.exhausted() => return Ok(finished),
                Err(Cancelled) => return Err(Cancelled),
            }
        }
        for (index, evaluated) in results {
            on_move(&evaluated);
            moves[index] = Some(evaluated);
        }
        finished = depth;
        if moves.iter().all(|m| {
            matches!(
                m,
                Some(EvaluatedMove {
                    evaluation: Evaluation::Exact(_),
                    ..
                })
            )
        }) {
            break;
        }
    }
    Ok(finished)
}
