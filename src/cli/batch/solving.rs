//! Solving one batch line with the batch's engine: the position's score, or (`--analyze`) every
//! column's, on Pons' scale (what the text prints and the expected scores are checked against)
//! and as the depth-aware score (`score` in the JSON), and whether it agrees with the expected
//! score(s).

use super::line::Entry;
use crate::engine::analysis::solve::solve_with;
use crate::engine::game::score::Score;
use crate::engine::{Cancelled, Move, Position, Solver, Status};
use std::time::Duration;

/// Pons' `-a` mark for a column that cannot be played (`Solver::INVALID_MOVE`).
pub const FULL: i32 = -1000;

/// What was found for one line.
pub struct Answer {
    /// Pons' score of the position, or with `--analyze` each column's (`None`: full); with
    /// `weak`, only its sign.
    pub scores: Scores,
    /// The same as depth-aware scores, for the side to move at the line's position; `None` for
    /// a weak solve, which has no exact score.
    pub depth_aware: Option<Scores>,
    pub nodes: u64,
    pub explored: u64,
    pub elapsed: Duration,
}

/// The score of the position, or of every column.
pub enum Scores {
    One(i32),
    Columns(Vec<Option<i32>>),
}

impl Scores {
    /// The scores as Pons prints them, full columns as -1000.
    pub fn words(&self) -> Vec<String> {
        match self {
            Scores::One(score) => vec![score.to_string()],
            Scores::Columns(columns) => columns
                .iter()
                .map(|s| s.unwrap_or(FULL).to_string())
                .collect(),
        }
    }

    /// The position's own score: the best column's (a full board is a draw).
    pub fn best(&self) -> i32 {
        match self {
            Scores::One(score) => *score,
            Scores::Columns(columns) => columns.iter().flatten().copied().max().unwrap_or(0),
        }
    }

    /// The columns (cells without gravity) whose score is the best, as indices from 0.
    pub fn best_columns(&self) -> Vec<usize> {
        let Scores::Columns(columns) = self else {
            return Vec::new();
        };
        let best = self.best();
        (0..columns.len())
            .filter(|&i| columns[i] == Some(best))
            .collect()
    }

    /// Whether `expected` (one score, or one per column) agrees; a weak solve only knows signs.
    pub fn agrees(&self, expected: &[i32], weak: bool) -> bool {
        let same = |found: i32, wanted: i32| {
            if weak && found != FULL && wanted != FULL {
                found.signum() == wanted.signum()
            } else {
                found == wanted
            }
        };
        match (self, expected) {
            (_, [wanted]) => same(self.best(), *wanted),
            (Scores::Columns(columns), wanted) if wanted.len() == columns.len() => columns
                .iter()
                .zip(wanted)
                .all(|(found, &wanted)| same(found.unwrap_or(FULL), wanted)),
            _ => false,
        }
    }
}

/// How many scores a line may give: none, one (the position's), or with `--analyze` one per
/// column (per cell without gravity).
pub fn check_count(entry: &Entry, analyze: bool) -> Result<(), String> {
    let slots = slots(&entry.position).len();
    match entry.expected.len() {
        0 | 1 => Ok(()),
        n if analyze && n == slots => Ok(()),
        n if analyze => {
            let per = if entry.position.rules().gravity {
                "column"
            } else {
                "cell"
            };
            Err(format!(
                "{n} scores given: give one (the position's) or {slots} (one per {per})"
            ))
        }
        n => Err(format!(
            "{n} scores given: give one, the position's (or use --analyze)"
        )),
    }
}

/// The places a move can go, one per column with gravity (the cell it lands on, `None` when
/// full), one per cell otherwise (`None` when taken), in Pons' order: left to right, and
/// without gravity row by row from the top, as the position notation lists them. A finished
/// game has none (`None` everywhere).
fn slots(position: &Position) -> Vec<Option<Move>> {
    let rules = position.rules();
    let over = position.status() != Status::Ongoing;
    if over {
        let places = if rules.gravity {
            usize::from(rules.width)
        } else {
            rules.cells()
        };
        vec![None; places]
    } else if rules.gravity {
        (0..usize::from(rules.width))
            .map(|col| position.landing(col))
            .collect()
    } else {
        (0..rules.cells())
            .map(|cell| Move(cell as u8))
            .map(|mv| position.at(mv).is_none().then_some(mv))
            .collect()
    }
}

/// Solves the line's position (or each of its moves, `analyze`) with `engine`, whose table
/// keeps what earlier lines stored, as Pons' solver does across its input.
pub fn solve(
    solver: &mut Solver,
    entry: &Entry,
    weak: bool,
    analyze: bool,
) -> Result<Answer, Cancelled> {
    let position = &entry.position;
    if !analyze {
        let solution = solve_with(solver, position, weak, false)?;
        return Ok(Answer {
            scores: Scores::One(solution.pons_score(position)),
            depth_aware: (!weak).then(|| Scores::One(solution.score(position).score)),
            nodes: solution.stats.nodes,
            explored: solution.explored,
            elapsed: solution.elapsed,
        });
    }
    let mut answer = Answer {
        scores: Scores::One(0),
        depth_aware: None,
        nodes: 0,
        explored: 0,
        elapsed: Duration::ZERO,
    };
    let (mut columns, mut depth_aware) = (Vec::new(), Vec::new());
    let cells = position.rules().cells();
    for slot in slots(position) {
        let Some(mv) = slot else {
            columns.push(None);
            depth_aware.push(None);
            continue;
        };
        let child = position.play(mv).map_err(|_| Cancelled)?;
        // A move that wins leaves a finished child, which `solve_with` scores without searching.
        let solution = solve_with(solver, &child, weak, false)?;
        columns.push(Some(-solution.pons_score(&child)));
        // The child's value, negated, is the move's for the side making it (a weak value is
        // only a sign: no score).
        depth_aware
            .push((!weak).then(|| Score::from_value(-solution.value, cells, position.ply()).score));
        answer.nodes += solution.stats.nodes + 1;
        answer.explored += solution.explored;
        answer.elapsed += solution.elapsed;
    }
    answer.scores = Scores::Columns(columns);
    answer.depth_aware = (!weak).then_some(Scores::Columns(depth_aware));
    Ok(answer)
}
