//! One row of `tictree bench`: its figures on one thread and, with `--threads N`, on N.

use crate::cli::common::error::CliError;
use crate::cli::common::format::json_ms;
use crate::engine::Cancelled;
use serde::Serialize;
use std::time::Duration;

/// One row of the suite: its figures on one thread, and with `--threads N` (N > 1) the same
/// searches on N threads.
#[derive(Serialize, Clone, Debug)]
pub struct BenchRow {
    pub(super) name: String,
    pub(super) positions: usize,
    pub(super) correct: usize,
    pub(super) nodes: u64,
    /// Positions explored (Pons' count), for the solver's rows: the per-move analyses count
    /// none (null in the JSON).
    pub(super) explored: Option<u64>,
    pub(super) elapsed_ms: f64,
    pub(super) mean_nodes: f64,
    pub(super) mean_explored: Option<f64>,
    pub(super) mean_ms: f64,
    /// Pons' published mean positions explored and mean time, for Connect Four rows.
    pub(super) pons_explored: Option<f64>,
    pub(super) pons_ms: Option<f64>,
    /// The threads of the second run (1: there was none).
    pub(super) threads: usize,
    /// The second run's figures, on `threads` threads (its node counts vary from run to run).
    pub(super) threaded: Option<Threaded>,
    /// Mean time on one thread over mean time on `threads`.
    pub(super) speedup: Option<f64>,
    /// The realtime row's own figures (that row runs once, on `threads`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) realtime: Option<Realtime>,
}

/// A row's figures on several threads.
#[derive(Serialize, Clone, Debug)]
pub struct Threaded {
    pub(super) correct: usize,
    pub(super) nodes: u64,
    pub(super) explored: Option<u64>,
    pub(super) elapsed_ms: f64,
    pub(super) mean_ms: f64,
}

/// A mean time as the JSON and the table give it: to the nanosecond, since a mean over many
/// positions tells apart more than one clock reading does (End-Easy's are 4 or 5 µs each).
pub(super) fn mean_ms(milliseconds: f64) -> f64 {
    (milliseconds * 1e6).round() / 1e6
}

impl BenchRow {
    pub(super) fn new(
        name: &str,
        positions: usize,
        correct: usize,
        nodes: u64,
        explored: Option<u64>,
        elapsed: Duration,
    ) -> BenchRow {
        let n = positions.max(1) as f64;
        let ms = elapsed.as_secs_f64() * 1e3;
        BenchRow {
            name: name.to_string(),
            positions,
            correct,
            nodes,
            explored,
            elapsed_ms: json_ms(ms),
            mean_nodes: nodes as f64 / n,
            mean_explored: explored.map(|explored| explored as f64 / n),
            mean_ms: mean_ms(ms / n),
            pons_explored: None,
            pons_ms: None,
            threads: 1,
            threaded: None,
            speedup: None,
            realtime: None,
        }
    }

    /// This one-thread row with the figures of the same searches on `threads` threads.
    pub(super) fn with_threaded(mut self, threads: usize, other: &BenchRow) -> BenchRow {
        self.threads = threads;
        // From the totals, not the rounded means (End-Easy's 4.4 µs against 4.7 µs read 1.00×
        // or 2.75× as the means rounded to whole microseconds).
        self.speedup = Some(self.elapsed_ms / other.elapsed_ms.max(1e-9));
        self.threaded = Some(Threaded {
            correct: other.correct,
            nodes: other.nodes,
            explored: other.explored,
            elapsed_ms: other.elapsed_ms,
            mean_ms: other.mean_ms,
        });
        self
    }
}

/// The row's own figures, beyond those every row has.
#[derive(Serialize, Clone, Debug)]
pub struct Realtime {
    /// Threads the analyses ran on, and their budget.
    pub(super) threads: usize,
    pub(super) budget_ms: u64,
    /// Plies of the built-in book consulted.
    pub(super) book_plies: u32,
    /// All positions, then each ply range.
    pub(super) ranges: Vec<Range>,
    /// Legal moves in all, and how many of them were exact within the budget.
    pub(super) moves: usize,
    pub(super) moves_exact: usize,
    /// Every exact score that differs from the file's, as `moves column: file found`.
    pub(super) disagreements: Vec<String>,
}

/// The figures of the positions of a ply range.
#[derive(Serialize, Clone, Debug)]
pub struct Range {
    /// `all`, `0-5`, …, `18+`.
    pub(super) plies: String,
    pub(super) positions: usize,
    /// Positions whose every move was exact within the budget.
    pub(super) all_exact: usize,
    /// Of those, the time until the last move was exact (nearest rank).
    pub(super) median_ms: Option<f64>,
    pub(super) p90_ms: Option<f64>,
}

impl Realtime {
    /// Whether every exact score agreed with the file.
    pub(super) fn agrees(&self) -> bool {
        self.disagreements.is_empty()
    }
}

/// Why the suite stopped before its end.
pub(super) enum Halt {
    Bad(CliError),
    Interrupted,
}

impl From<CliError> for Halt {
    fn from(error: CliError) -> Halt {
        Halt::Bad(error)
    }
}

impl From<Cancelled> for Halt {
    fn from(_: Cancelled) -> Halt {
        Halt::Interrupted
    }
}
