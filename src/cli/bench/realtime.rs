//! `tictree bench --only realtime`: the product as a user gets it. Every position of the strong
//! games of `data/realtime/connect4-games.txt` (`examples/strong_games.rs`) is analysed as
//! `tictree analyze --time-ms 1500 --threads 2` analyses it, *with* the built-in opening book
//! (every other row measures the search alone, without a book): how many positions have every
//! move exact within the budget, how soon, and whether every exact score agrees with the file.
//!
//! The games file has one position per line: the moves from the empty board in column digits
//! (`-` for the empty board), then the exact depth-aware score of every column, left to right,
//! for the side to move (`+3`, `0`, `-2`), `.` for a full column. `#` lines are comments.

use super::progress::Watch;
use super::row::{BenchRow, Halt, Range, Realtime};
use crate::cli::common::error::CliError;
use crate::cli::common::format::json_ms;
use crate::cli::common::progress::Live;
use crate::engine::book;
use crate::engine::game::score::signed;
use crate::engine::{
    Algorithm, Analysis, Appraisal, Budget, Position, Rules, Solver, Table, analyze_within_table,
};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// The row's name: no other row's name contains `realtime`, and it contains no other row's name
/// (`--only connect4` does not run it).
pub const NAME: &str = "realtime along strong games, book";
/// The games, built into the program as Pons' test sets are.
const GAMES: &str = include_str!("../../../data/realtime/connect4-games.txt");
/// The file the games come from, for messages.
const FILE: &str = "data/realtime/connect4-games.txt";
/// The game's budget per move (docs/cli.md, Budgets).
pub const BUDGET: Duration = Duration::from_millis(1500);
/// Threads unless `--threads` says otherwise: the budget is measured as on a 2-core machine.
pub const THREADS: usize = 2;
/// The ply ranges the figures are broken down by: first ply of each.
const PLY_RANGES: [u32; 4] = [0, 6, 12, 18];

/// One position of the games file: the moves that reach it and the exact score of every column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The moves from the empty board as 1-based column digits (empty for the empty board).
    pub moves: String,
    /// Each column's depth-aware score for the side to move, left to right; `None`: full.
    pub scores: Vec<Option<i32>>,
}

impl GameLine {
    /// The line of an exact analysis of a position with gravity reached by `moves` (digits).
    pub fn of(analysis: &Analysis, moves: &str) -> GameLine {
        let rules = analysis.position.rules();
        let mut scores = vec![None; usize::from(rules.width)];
        for m in &analysis.moves {
            scores[m.mv.row_col(rules).1] = Some(m.score.score);
        }
        GameLine {
            moves: moves.to_string(),
            scores,
        }
    }

    /// The position the line's moves reach from the empty board of `rules`.
    pub fn position(&self, rules: Rules) -> Result<Position, String> {
        Position::empty(rules)
            .play_moves(&self.moves)
            .map_err(|e| e.to_string())
    }
}

impl fmt::Display for GameLine {
    /// `4453 -4 -2 0 +3 0 -2 -4`, `-` for no moves, `.` for a full column.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.moves.is_empty() {
            "-"
        } else {
            &self.moves
        })?;
        for score in &self.scores {
            match score {
                Some(score) => write!(f, " {}", signed(*score))?,
                None => f.write_str(" .")?,
            }
        }
        Ok(())
    }
}

impl FromStr for GameLine {
    type Err = String;

    /// Reads what `Display` writes (the number of columns is the number of scores).
    fn from_str(text: &str) -> Result<GameLine, String> {
        let mut words = text.split_whitespace();
        let moves = match words.next() {
            None => return Err("an empty line".into()),
            Some("-") => String::new(),
            Some(digits) if digits.chars().all(|c| c.is_ascii_digit()) => digits.to_string(),
            Some(other) => return Err(format!("'{other}' is not a line of column digits")),
        };
        let scores = words
            .map(|word| match word {
                "." => Ok(None),
                number => number
                    .parse()
                    .map(Some)
                    .map_err(|_| format!("'{number}' is not a score")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if scores.is_empty() {
            return Err(format!("no scores after '{text}'"));
        }
        Ok(GameLine { moves, scores })
    }
}

/// The lines of a games file (comments and blank lines skipped), each checked against the
/// position it reaches on `rules`: a score for every column that can be played, no other.
pub fn read_games(text: &str, rules: Rules) -> Result<Vec<(GameLine, Position)>, String> {
    let mut lines = Vec::new();
    for (number, text) in text.lines().enumerate() {
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let bad = |why: String| format!("line {}: {why}", number + 1);
        let line: GameLine = text.parse().map_err(bad)?;
        let position = line.position(rules).map_err(bad)?;
        let playable: Vec<bool> = (0..usize::from(rules.width))
            .map(|col| position.landing(col).is_some())
            .collect();
        let fits = line.scores.len() == playable.len()
            && line
                .scores
                .iter()
                .zip(&playable)
                .all(|(s, p)| s.is_some() == *p);
        if !fits || position.legal_moves().is_empty() {
            return Err(bad(format!(
                "'{text}' needs one score for each playable column and '.' for each full one, \
                 in a game not over"
            )));
        }
        lines.push((line, position));
    }
    Ok(lines)
}

/// The games built into the program (`data/realtime/connect4-games.txt`), read and checked.
pub fn games() -> Result<Vec<(GameLine, Position)>, String> {
    read_games(GAMES, Rules::CONNECT4).map_err(|why| format!("{FILE}: {why}"))
}

/// What the row learnt of one position.
struct Measured {
    ply: u32,
    /// Time until every move was exact, if every move was.
    all_exact: Option<Duration>,
}

/// Runs the row on `threads` threads with a `hash`-byte table, each disagreement printed (on
/// stderr, above the progress line) as soon as it is found.
pub(super) fn realtime_row(
    threads: usize,
    hash: usize,
    watch: &Watch,
    live: &Live,
) -> Result<BenchRow, Halt> {
    let rules = Rules::CONNECT4;
    let games = games().map_err(CliError)?;
    let built_in = book::built_in().map_err(|why| CliError(format!("the built-in book: {why}")))?;
    let book_plies = built_in.plies();
    // One engine for the row, its table mapped before timing and cleared before each position:
    // as the game's AI searches, and `tictree analyze` with the built-in book (its default).
    let mut solver = Solver::with_hash(Position::empty(rules).layout(), watch.stop().clone(), hash);
    solver.set_book(Some(Arc::new(built_in)));
    solver.set_progress(watch.solver());
    solver.touch_table()?;
    let budget = Budget {
        time: Some(BUDGET),
        threads: Some(threads),
        ..Budget::UNLIMITED
    };
    let (mut measured, mut disagreements) = (Vec::new(), Vec::new());
    let (mut nodes, mut moves, mut moves_exact, mut agreeing) = (0, 0, 0, 0);
    let mut elapsed = Duration::ZERO;
    for (index, (line, position)) in games.iter().enumerate() {
        crate::cli::common::output::end_if_reader_gone();
        watch.position(index + 1, games.len());
        solver.reset();
        let appraisal = analyze_within_table(
            position,
            Algorithm::Engine,
            &budget,
            Table::Kept(&mut solver),
            watch.stop(),
            |_| {},
        )?;
        let wrong = disagreements_with(line, &appraisal, &rules);
        for why in &wrong {
            live.above(|| crate::errln!("tictree: {NAME}: {why}"));
        }
        agreeing += usize::from(wrong.is_empty());
        disagreements.extend(wrong);
        let exact: Vec<Duration> = appraisal
            .moves
            .iter()
            .filter(|m| m.value.is_exact())
            .map(|m| m.elapsed)
            .collect();
        moves += appraisal.moves.len();
        moves_exact += exact.len();
        nodes += appraisal.stats.nodes;
        elapsed += appraisal.elapsed;
        measured.push(Measured {
            ply: position.ply(),
            all_exact: (exact.len() == appraisal.moves.len())
                .then(|| exact.iter().max().copied().unwrap_or_default()),
        });
    }
    let ranges = ply_ranges(&measured);
    let mut row = BenchRow::new(NAME, games.len(), agreeing, nodes, None, elapsed);
    row.threads = threads;
    row.realtime = Some(Realtime {
        threads,
        budget_ms: BUDGET.as_millis() as u64,
        book_plies,
        ranges,
        moves,
        moves_exact,
        disagreements,
    });
    Ok(row)
}

/// The moves whose exact score differs from the file's, each said with its line and column.
fn disagreements_with(line: &GameLine, appraisal: &Appraisal, rules: &Rules) -> Vec<String> {
    let mut wrong = Vec::new();
    for m in &appraisal.moves {
        let column = m.mv.row_col(rules).1;
        if let Some(found) = m.value.exact()
            && line.scores[column] != Some(found.score)
        {
            let expected = line.scores[column].map_or(".".into(), signed);
            wrong.push(format!(
                "{line_moves} column {}: the file says {expected}, the analysis {}",
                column + 1,
                signed(found.score),
                line_moves = if line.moves.is_empty() {
                    "-"
                } else {
                    &line.moves
                },
            ));
        }
    }
    wrong
}

/// The figures of all the positions, then of each range of plies.
fn ply_ranges(measured: &[Measured]) -> Vec<Range> {
    let mut ranges = vec![range("all".into(), measured.iter())];
    for (i, &first) in PLY_RANGES.iter().enumerate() {
        let (name, end) = match PLY_RANGES.get(i + 1) {
            Some(&next) => (format!("{first}-{}", next - 1), next),
            None => (format!("{first}+"), u32::MAX),
        };
        let within = measured.iter().filter(|m| (first..end).contains(&m.ply));
        ranges.push(range(name, within));
    }
    ranges
}

/// The figures of some positions.
fn range<'a>(plies: String, measured: impl Iterator<Item = &'a Measured>) -> Range {
    let (mut positions, mut times) = (0, Vec::new());
    for m in measured {
        positions += 1;
        times.extend(m.all_exact);
    }
    times.sort();
    // Nearest rank: the smallest time that at least the fraction of the positions do not exceed.
    let rank = |fraction: f64| {
        let at = ((fraction * times.len() as f64).ceil() as usize).max(1) - 1;
        times.get(at).map(|t| json_ms(t.as_secs_f64() * 1e3))
    };
    Range {
        plies,
        positions,
        all_exact: times.len(),
        median_ms: rank(0.5),
        p90_ms: rank(0.9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let measured: Vec<Measured> = (1..=10)
            .map(|ms| Measured {
                ply: ms,
                all_exact: Some(Duration::from_millis(u64::from(ms))),
            })
            .chain(std::iter::once(Measured {
                ply: 3,
                all_exact: None,
            }))
            .collect();
        let all = range("all".into(), measured.iter());
        assert_eq!((all.positions, all.all_exact), (11, 10));
        assert_eq!((all.median_ms, all.p90_ms), (Some(5.0), Some(9.0)));
        let json = serde_json::to_string(&all).unwrap();
        assert_eq!(
            json,
            r#"{"plies":"all","positions":11,"all_exact":10,"median_ms":5.0,"p90_ms":9.0}"#
        );
    }
}
