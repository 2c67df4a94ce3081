//! The `engine` algorithm: an exact solver in the manner of Pons' Connect Four solver, generalised
//! to every board: bitboards, null-window search with iterative narrowing, a bounded transposition
//! table with symmetric keys, threat-based move ordering, immediate wins, forced blocks, double
//! threats, and (without gravity) pruning of cells on no line that can still be completed; with
//! gravity, follow-up bounds and a killer move per ply.

mod bitboard;
mod follow_up;
mod geometry;
mod huge_pages;
mod images;
mod moves;
mod negamax;
mod parallel;
mod root;
mod sorter;
mod symmetry;
mod table;

use crate::engine::book::{self, Book};
use crate::engine::game::layout::Layout;
use crate::engine::game::position::{Move, Position};
use crate::engine::game::rules::Rules;
use crate::engine::search::{Cancelled, Line, SearchProgress, SearchStats, Searcher, StopFlag};
use bitboard::Bitboard;
use negamax::Negamax;
use std::sync::Arc;

/// Default transposition-table budget: 128 MiB.
pub const DEFAULT_HASH_BYTES: usize = 128 << 20;

/// How full the transposition table is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableUsage {
    /// Positions stored.
    pub stored: usize,
    /// Slots available.
    pub capacity: usize,
    /// Bytes allocated for the slots.
    pub bytes: usize,
    /// Whether a table hit can never be a key collision on this board with this budget.
    pub exact_keys: bool,
}

/// The solver in the narrowest machine word its board fits: `u64` while the padded layout needs at
/// most 64 bits (every board but 8×8), `u128` for 8×8.
enum Word {
    Narrow(Box<Negamax<u64>>),
    Wide(Box<Negamax<u128>>),
}

/// The exact solver behind the default algorithm.
pub struct Solver {
    layout: &'static Layout,
    hash_bytes: usize,
    search: Word,
}

impl Solver {
    /// A solver for one game's positions that gives up when `stop` is raised (default table size).
    pub fn new(layout: &'static Layout, stop: StopFlag) -> Solver {
        Solver::with_hash(layout, stop, DEFAULT_HASH_BYTES)
    }

    /// A solver whose transposition table uses at most `hash_bytes` bytes. It consults the
    /// installed opening book (`book::install`) if there is one for its game.
    pub fn with_hash(layout: &'static Layout, stop: StopFlag, hash_bytes: usize) -> Solver {
        let bits = u32::from(layout.rules.width) * layout.stride;
        let search = if bits <= 64 {
            Word::Narrow(Box::new(Negamax::new(layout, stop, hash_bytes)))
        } else {
            Word::Wide(Box::new(Negamax::new(layout, stop, hash_bytes)))
        };
        let mut solver = Solver {
            layout,
            hash_bytes,
            search,
        };
        solver.set_book(book::installed(layout.rules));
        solver
    }

    /// Makes `book` (if it is for this game; `None`: none) an exact leaf of every search from now
    /// on: the value of a position in it is read, not searched.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        let book = book.filter(|book| book.rules() == self.layout.rules);
        match &mut self.search {
            Word::Narrow(s) => s.set_book(book),
            Word::Wide(s) => s.set_book(book),
        }
    }

    /// Whether the line (principal variation) of a position the book answers goes on past the
    /// book's plies, searching each position beyond them, or stops where the book does (the
    /// default: quick).
    pub fn set_line_past_book(&mut self, on: bool) {
        match &mut self.search {
            Word::Narrow(s) => s.line_past_book = on,
            Word::Wide(s) => s.line_past_book = on,
        }
    }

    /// The book this solver consults, if any.
    pub fn book(&self) -> Option<&Arc<Book>> {
        match &self.search {
            Word::Narrow(s) => s.book.as_ref(),
            Word::Wide(s) => s.book.as_ref(),
        }
    }

    /// Searches each position on `threads` threads (at least one) from now on, all sharing the
    /// table (lazy SMP, see `parallel.rs`). With one thread, the default, node counts are
    /// reproducible; with more they vary from run to run, the values never do.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.max(1) - 1;
        match &mut self.search {
            Word::Narrow(s) => s.set_helpers(self.layout, helpers),
            Word::Wide(s) => s.set_helpers(self.layout, helpers),
        }
    }

    /// Threads a search runs on.
    pub fn threads(&self) -> usize {
        match &self.search {
            Word::Narrow(s) => s.threads(),
            Word::Wide(s) => s.threads(),
        }
    }

    /// Another solver over the same table, for searching other positions on another thread at
    /// the same time: its own counters, one thread, stopping on `stop`. What either stores, the
    /// other finds.
    pub fn share(&self, stop: StopFlag) -> Solver {
        let search = match &self.search {
            Word::Narrow(s) => Word::Narrow(Box::new(Negamax::with_table(
                self.layout,
                stop,
                s.table().share(),
            ))),
            Word::Wide(s) => Word::Wide(Box::new(Negamax::with_table(
                self.layout,
                stop,
                s.table().share(),
            ))),
        };
        let mut solver = Solver {
            layout: self.layout,
            hash_bytes: self.hash_bytes,
            search,
        };
        solver.set_book(self.book().cloned());
        // Its nodes count in the reader's total work, not in this solver's own count.
        match &mut solver.search {
            Word::Narrow(s) => s.share_progress(self.progress()),
            Word::Wide(s) => s.share_progress(self.progress()),
        }
        solver
    }

    /// The progress reader following this solver's searches, if any.
    pub fn progress(&self) -> Option<Arc<SearchProgress>> {
        match &self.search {
            Word::Narrow(s) => s.progress.clone(),
            Word::Wide(s) => s.progress.clone(),
        }
    }

    /// Calls of the inner negamax: Pons' "positions explored" (each null-window test counts its root).
    pub fn explored(&self) -> u64 {
        match &self.search {
            Word::Narrow(s) => s.explored,
            Word::Wide(s) => s.explored,
        }
    }

    /// Maps the table's memory up front, as a benchmark wants before timing searches; forgets
    /// every stored position. `Err(Cancelled)` when the stop flag cut it short (the table is
    /// then empty all the same, the rest mapped as it is used).
    pub fn touch_table(&mut self) -> Result<(), Cancelled> {
        match &mut self.search {
            Word::Narrow(s) => s.touch(),
            Word::Wide(s) => s.touch(),
        }
    }

    /// Whether this solver searches positions of `rules` with a table budget of `hash_bytes`: the
    /// solvers a caller keeps for later searches are told apart by both.
    pub fn suits(&self, rules: Rules, hash_bytes: usize) -> bool {
        self.layout.rules == rules && self.hash_bytes == hash_bytes
    }

    /// Prepares a kept solver for its next search: it stops on `stop` from now on and its
    /// statistics start from zero, but the table keeps what earlier searches stored. That is
    /// sound because stored values are absolute (see `game::score`): a bound proven for a
    /// position holds whichever root the search started from.
    pub fn resume(&mut self, stop: StopFlag) {
        match &mut self.search {
            Word::Narrow(s) => s.resume(stop),
            Word::Wide(s) => s.resume(stop),
        }
    }

    /// Lets another thread follow the searches from now on (`None`: nobody follows): the node
    /// count and the narrowing of each root (see `SearchProgress`).
    pub fn set_progress(&mut self, progress: Option<Arc<SearchProgress>>) {
        match &mut self.search {
            Word::Narrow(s) => s.progress = progress,
            Word::Wide(s) => s.progress = progress,
        }
    }

    /// Forgets every stored position and zeroes the statistics (constant time).
    pub fn reset(&mut self) {
        match &mut self.search {
            Word::Narrow(s) => s.reset(),
            Word::Wide(s) => s.reset(),
        }
    }

    /// Like `Searcher::search` but without the principal variation (which costs extra searches).
    pub fn value(&mut self, position: &Position, alpha: i32, beta: i32) -> Result<i32, Cancelled> {
        let line = match &mut self.search {
            Word::Narrow(s) => search_in(s, self.layout, position, alpha, beta, false),
            Word::Wide(s) => search_in(s, self.layout, position, alpha, beta, false),
        };
        Ok(line?.value)
    }

    /// Best play from `position`, whose exact value `value` (or `search`) found: read back from
    /// the table, each step's searches not counted in the statistics. `value` must be the
    /// position's exact value: with another, the line stops where no move continues it.
    pub fn line(&mut self, position: &Position, value: i32) -> ReadLine {
        match &mut self.search {
            Word::Narrow(s) => line_in(s, self.layout, position, value),
            Word::Wide(s) => line_in(s, self.layout, position, value),
        }
    }

    /// How full the transposition table is.
    pub fn table_usage(&self) -> TableUsage {
        fn usage<B: Bitboard>(s: &Negamax<B>) -> TableUsage {
            TableUsage {
                stored: s.table().len(),
                capacity: s.table().capacity(),
                bytes: s.table().bytes(),
                exact_keys: s.table().is_exact(),
            }
        }
        match &self.search {
            Word::Narrow(s) => usage(s),
            Word::Wide(s) => usage(s),
        }
    }
}

fn search_in<B: Bitboard>(
    solver: &mut Negamax<B>,
    layout: &Layout,
    position: &Position,
    alpha: i32,
    beta: i32,
    with_line: bool,
) -> Result<Line, Cancelled> {
    let mover = position.to_move();
    let me = B::from_u128(position.marks(mover));
    let them = B::from_u128(position.marks(mover.opponent()));
    let ply = position.ply();
    solver.root_ply = ply;
    let value = solver.exact(me, them, ply, alpha, beta)?;
    let pv = if with_line && alpha < value && value < beta {
        let line = line_in(solver, layout, position, value);
        if !line.complete {
            return Err(Cancelled);
        }
        line.moves
    } else {
        Vec::new()
    };
    Ok(Line { value, pv })
}

/// Best play from `position`, whose exact value is `value`. The line is a by-product, not part
/// of the search: its nodes are not counted, and its many small narrowings are not shown as if
/// they were the search's.
fn line_in<B: Bitboard>(
    solver: &mut Negamax<B>,
    layout: &Layout,
    position: &Position,
    value: i32,
) -> ReadLine {
    let mover = position.to_move();
    let me = B::from_u128(position.marks(mover));
    let them = B::from_u128(position.marks(mover.opponent()));
    let saved = (solver.stats, solver.explored, solver.root_ply);
    let progress = solver.progress.take();
    if let Some(progress) = &progress {
        progress.set_line();
    }
    // Depths are counted from the position whose line this is.
    solver.root_ply = position.ply();
    let mut line = Vec::new();
    let read = solver.principal_variation(me, them, position.ply(), value, &mut line);
    solver.progress = progress;
    (solver.stats, solver.explored, solver.root_ply) = saved;
    ReadLine {
        moves: line
            .into_iter()
            .map(|index| Move(layout.cell_of(1u128 << index) as u8))
            .collect(),
        complete: read.is_ok(),
    }
}

/// Best play read back after a search (`Solver::line`).
pub struct ReadLine {
    /// The moves, from the position searched.
    pub moves: Vec<Move>,
    /// False when the stop flag cut the reading short: `moves` are those found until then.
    pub complete: bool,
}

impl Searcher for Solver {
    fn search(&mut self, position: &Position, alpha: i32, beta: i32) -> Result<Line, Cancelled> {
        match &mut self.search {
            Word::Narrow(s) => search_in(s, self.layout, position, alpha, beta, true),
            Word::Wide(s) => search_in(s, self.layout, position, alpha, beta, true),
        }
    }

    fn stats(&self) -> SearchStats {
        match &self.search {
            Word::Narrow(s) => s.stats,
            Word::Wide(s) => s.stats,
        }
    }
}
