//! The search itself: negamax with alpha-beta over bitboards in the solver's word size.
//!
//! `negamax` assumes, like Pons' solver, that the game is not over and the side to move cannot win
//! at once; `value` establishes that for any position. Every move generated is "non-losing": it
//! blocks the opponent's only immediate win, and with gravity never lands under one, so children
//! meet the same assumption and no child is ever a finished game.

use super::bitboard::Bitboard;
use super::geometry::Geometry;
use super::images::{BitImages, Images};
use super::moves::FOLLOW_BONUS;
use super::sorter::{MAX_PLY, MoveSorter};
use super::symmetry::Symmetries;
use super::table::{Bounds, Slot, TranspositionTable};
use crate::engine::book::Book;
use crate::engine::game::layout::Layout;
use crate::engine::game::score::{INFINITY, WIN, lost_at};
use crate::engine::search::{Cancelled, SearchProgress, SearchStats, StopFlag};
use std::sync::Arc;

/// Nodes between two looks at the stop flag: well under a millisecond of search even
/// on 8×8, where a node costs the most.
pub(super) const STOP_INTERVAL: u64 = 256;

/// Empty cells a position needs before its children are looked up in the table up front
/// (enhanced transposition cutoffs): below, the subtrees are too small to repay the lookups.
/// On Connect Four 16 kept most of the saving (35333571: 25% fewer nodes at 12, 20% at 16)
/// without slowing the middle-game sets, where the first move usually refutes at once.
const ETC_MIN_EMPTY: u32 = 16;

/// No move (no bit index is this large): no killer yet at a ply, or the root's last move, which a
/// position does not tell.
pub(super) const NO_MOVE: u32 = u32::MAX;

/// The exact solver for one game, with its table, in one word size.
pub struct Negamax<B: Bitboard> {
    pub(super) geometry: Geometry<B>,
    pub(super) symmetries: Symmetries<B>,
    pub(super) images: BitImages<B>,
    pub(super) table: TranspositionTable<B>,
    /// Static preference of each bit (more lines through it, or nearer the centre column, first).
    pub(super) weight: Box<[u32; 128]>,
    /// The move sorter of each ply of the current line.
    pub(super) sorters: Box<[MoveSorter; MAX_PLY]>,
    /// The opening book whose positions are exact leaves, if any (`book_until` > 0).
    pub(super) book: Option<Arc<Book>>,
    /// Plies below which a position may be in the book: its plies + 1, or 0 without a book, so
    /// the hot path asks one comparison.
    pub(super) book_until: u32,
    /// Whether a principal variation goes on past the book's plies by searching (`solve`'s
    /// whole line), or stops where the book does (the analyses', which must be quick).
    pub(super) line_past_book: bool,
    /// The killer move of each ply: the bit index of the move that last refuted a position at
    /// that ply (`NO_MOVE` if none yet in this search), which `sort` moves up a step.
    pub(super) killers: [u32; MAX_PLY],
    /// The move that led to the position at each ply of the current line (`NO_MOVE` at the root),
    /// whose column `sort` prefers among columns of equal preference.
    pub(super) last_moves: [u32; MAX_PLY],
    /// What following the opponent's column adds to a move's static preference: less than the
    /// step between two columns, so it only breaks ties (helpers scale it with their preferences).
    pub(super) follow_bonus: u32,
    pub(super) stop: StopFlag,
    /// Where a reader on another thread follows the search, if anyone does.
    pub(super) progress: Option<Arc<SearchProgress>>,
    /// Counters in the project's convention (children generated).
    pub stats: SearchStats,
    /// Calls of `negamax`: Pons' "positions explored", for comparison with his figures.
    pub explored: u64,
    /// Ply of the position a search started from, for the depth statistic.
    pub root_ply: u32,
    /// `explored` at which the search gives up as if stopped: how a search tries alone before
    /// calling in helpers (`parallel.rs`); `u64::MAX` otherwise.
    pub(super) cap: u64,
    /// `explored` up to which the tests of the current narrowing run alone (`parallel.rs`).
    pub(super) alone_until: u64,
    /// Solvers over the same table for other threads, which help with each search (lazy SMP,
    /// `parallel.rs`); none with one thread.
    pub(super) helpers: Vec<Negamax<B>>,
    /// How this solver tells a progress reader its nodes (`check`).
    pub(super) role: Role,
    /// `stats.nodes` when this solver last reported to the progress reader.
    pub(super) reported: u64,
}

impl<B: Bitboard> Negamax<B> {
    /// A solver for a layout (which must fit in `B`) with a table of at most `hash_bytes`.
    pub fn new(layout: &Layout, stop: StopFlag, hash_bytes: usize) -> Negamax<B> {
        let cells = layout.rules.cells() as i32;
        let symmetries = Symmetries::<B>::of(layout);
        // Never more slots than the game has positions up to symmetry (3^cells bounds the
        // positions): tiny boards get tiny tables, which are quick to allocate.
        let positions = 3f64.powi(cells) / (symmetries.len() + 1) as f64;
        let table = TranspositionTable::new(
            hash_bytes,
            positions,
            u32::from(layout.rules.width) * layout.stride,
            layout.rules.gravity,
        );
        Negamax::with_table(layout, stop, table)
    }

    /// A solver for a layout searching with `table` (a view of a table other solvers may share).
    pub(super) fn with_table(
        layout: &Layout,
        stop: StopFlag,
        table: TranspositionTable<B>,
    ) -> Negamax<B> {
        let symmetries = Symmetries::of(layout);
        let bits = u32::from(layout.rules.width) * layout.stride;
        Negamax {
            geometry: Geometry::of(layout),
            images: BitImages::new(&symmetries, bits, layout.rules.gravity),
            symmetries,
            table,
            weight: weights(layout),
            sorters: Box::new(std::array::from_fn(|_| MoveSorter::default())),
            book: None,
            book_until: 0,
            line_past_book: false,
            killers: [NO_MOVE; MAX_PLY],
            last_moves: [NO_MOVE; MAX_PLY],
            follow_bonus: FOLLOW_BONUS,
            stop,
            progress: None,
            stats: SearchStats::default(),
            explored: 0,
            root_ply: 0,
            cap: u64::MAX,
            alone_until: 0,
            helpers: Vec::new(),
            role: Role::Searching,
            reported: 0,
        }
    }

    /// Consults `book` (which must be for this game) for the positions of its first plies from
    /// now on.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
        self.book_until = self.book.as_ref().map_or(0, |book| book.plies() + 1);
        for helper in &mut self.helpers {
            helper.set_book(self.book.clone());
        }
    }

    /// The book's value of a position of `ply` plies, with `me` to move.
    #[inline(never)]
    pub(super) fn book_value(&self, me: B, them: B, ply: u32) -> Option<i32> {
        let (x, o) = if ply.is_multiple_of(2) {
            (me, them)
        } else {
            (them, me)
        };
        self.book.as_ref()?.value_of(x.to_u128(), o.to_u128(), ply)
    }

    /// Reports to `progress` (if any) as a solver sharing the table for other positions: its nodes
    /// add to the reader's work only.
    pub(super) fn share_progress(&mut self, progress: Option<Arc<SearchProgress>>) {
        self.progress = progress;
        self.role = Role::Sharing;
    }

    /// Keeps the table but stops on `stop` from now on and counts from zero.
    pub fn resume(&mut self, stop: StopFlag) {
        self.stop = stop;
        self.stats = SearchStats::default();
        self.explored = 0;
        self.reported = 0;
        self.restart_progress();
    }

    /// A reader's count starts again with ours.
    fn restart_progress(&self) {
        if let Some(progress) = &self.progress {
            progress.set_nodes(0);
            progress.set_idle();
        }
    }

    /// Forgets every stored position and zeroes the counters: the next search starts cold.
    pub fn reset(&mut self) {
        self.table.clear();
        self.stats = SearchStats::default();
        self.explored = 0;
        self.reported = 0;
        self.restart_progress();
    }

    /// Maps the table's memory now (see `TranspositionTable::touch`); forgets every position.
    pub fn touch(&mut self) -> Result<(), Cancelled> {
        self.table.touch(&self.stop)
    }

    /// The transposition table (for its statistics).
    pub fn table(&self) -> &TranspositionTable<B> {
        &self.table
    }

    /// The geometry of the board.
    pub fn geometry(&self) -> &Geometry<B> {
        &self.geometry
    }

    /// Static preference of a bit, for ordering moves outside the search.
    pub fn weight(&self, index: u32) -> u32 {
        self.weight[index as usize & 127]
    }

    /// The value of any position (`me` to move, `ply` marks down) within `(alpha, beta)`, fail-soft.
    pub fn value(
        &mut self,
        me: B,
        them: B,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        let g = &self.geometry;
        let occupied = me | them;
        if g.has_line(them) {
            return Ok(lost_at(ply));
        }
        if occupied == g.full {
            return Ok(0);
        }
        if g.winning_cells(me, occupied) & g.playable(occupied) != B::ZERO {
            self.stats.nodes += 1;
            return Ok(WIN - (ply + 1) as i32);
        }
        // Each search starts without killers, so its node count does not depend on what the
        // engine searched before (and each null-window test of the narrowing starts afresh).
        self.killers = [NO_MOVE; MAX_PLY];
        self.last_moves[ply as usize % MAX_PLY] = NO_MOVE;
        let images = self.images.of(&self.symmetries, me, them);
        let slot = self.table.locate(self.images.key(&images));
        // One copy of the search per line length, so the line arithmetic inlines, and one more
        // for Connect Four's columns of six (stride 7), the board most positions are solved on.
        match (g.k, g.stride()) {
            (4, Some(7)) => self.negamax::<4, 7>(&images, slot, ply, alpha, beta),
            (3, _) => self.negamax::<3, 0>(&images, slot, ply, alpha, beta),
            (4, _) => self.negamax::<4, 0>(&images, slot, ply, alpha, beta),
            (5, _) => self.negamax::<5, 0>(&images, slot, ply, alpha, beta),
            (6, _) => self.negamax::<6, 0>(&images, slot, ply, alpha, beta),
            (7, _) => self.negamax::<7, 0>(&images, slot, ply, alpha, beta),
            _ => self.negamax::<8, 0>(&images, slot, ply, alpha, beta),
        }
    }

    /// Looks at the stop flag (every `STOP_INTERVAL` nodes: a deadline flag reads the clock), and
    /// tells a progress reader the node count: this rare moment keeps the hot path untouched.
    pub(super) fn check(&mut self) -> Result<(), Cancelled> {
        if let Some(progress) = &self.progress {
            let fresh = self.stats.nodes - self.reported;
            self.reported = self.stats.nodes;
            progress.add_work(fresh);
            match self.role {
                Role::Searching => progress.set_nodes(self.stats.nodes),
                Role::Helping => progress.add_helped(fresh),
                Role::Sharing => {}
            }
        }
        if self.explored >= self.cap {
            return Err(Cancelled);
        }
        self.stop.check()
    }

    /// `slot` is the position's place in the table, located (and prefetched) by the caller.
    fn negamax<const K: usize, const STRIDE: u32>(
        &mut self,
        position: &Images<B>,
        slot: Slot,
        ply: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, Cancelled> {
        self.explored += 1;
        if self.explored.is_multiple_of(STOP_INTERVAL) {
            self.check()?;
        }
        self.stats.depth = self.stats.depth.max(ply - self.root_ply);
        let (me, them) = (position.me(), position.them());
        // The opening book knows the first plies' positions exactly.
        if ply < self.book_until
            && let Some(value) = self.book_value(me, them, ply)
        {
            return Ok(value);
        }
        let (moves, their_wins) =
            match self.candidates::<K, STRIDE>(me, them, ply, &mut alpha, &mut beta) {
                Ok(found) => found,
                Err(value) => return Ok(value),
            };
        if self.geometry.gravity && moves == moves.low_bit() {
            return self.forced::<K, STRIDE>(position, moves, ply, alpha, beta);
        }
        // Big positions look every child up in the table below (enhanced transposition cutoffs).
        // In the others the first child's bucket starts loading before our own is read: a node's
        // table lookups are its main cost, and these two overlap.
        let big = ply + ETC_MIN_EMPTY <= self.geometry.cells && moves != moves.low_bit();
        let early = (!big).then(|| self.order::<K, STRIDE>(position, ply, moves, their_wins));
        if let Some(value) = self.probe(slot, &mut alpha, &mut beta) {
            return Ok(value);
        }
        // Following the opponent after one of our moves (`follow_up.rs`): asked after the table,
        // whose hits make its line checks unnecessary (6–7% less time than asking before it).
        if self.geometry.gravity
            && let Err(value) =
                self.follow_up_bound::<K, STRIDE>(me, them, moves, ply, &mut alpha, beta)
        {
            return Ok(value);
        }
        if let Some(value) = big
            .then(|| self.known_refutation(position, moves, beta))
            .flatten()
        {
            self.stats.cutoffs += 1;
            // Stored, so the next visit stops at the probe.
            self.table.store(slot, Bounds::at_least(value), 1);
            return Ok(value);
        }
        let (mut next, mut next_slot) =
            early.unwrap_or_else(|| self.order::<K, STRIDE>(position, ply, moves, their_wins));
        let (alpha0, beta0) = (alpha, beta);
        let before = self.stats.nodes;
        let mut best = -INFINITY;
        // A child's table lookup is the main cost of a node: each child's bucket is located and
        // its loading started while the previous child is searched, so it is in the cache when
        // the child looks. Children after a cutoff are never located.
        while let (Some(index), Some(slot)) = (next, next_slot) {
            next = self.sorters[ply as usize % MAX_PLY].pop_best();
            next_slot = next.map(|index| self.child_slot(position, index));
            self.stats.nodes += 1;
            let child = self.images.play(position, index);
            self.last_moves[(ply + 1) as usize % MAX_PLY] = index;
            let value = -self.negamax::<K, STRIDE>(&child, slot, ply + 1, -beta, -alpha)?;
            best = best.max(value);
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    self.stats.cutoffs += 1;
                    self.killers[ply as usize % MAX_PLY] = index;
                    break;
                }
            }
        }
        let bounds = Bounds::of_search(best, alpha0, beta0);
        self.table.store(slot, bounds, self.stats.nodes - before);
        Ok(best)
    }

    /// What the table knows of the position at `slot`: its value if that settles the search
    /// within the window, else the window narrowed to the stored bounds. Inlined: it is a step of
    /// `negamax`, named, not a call (the benchmark's instruction count is the same).
    #[inline(always)]
    fn probe(&mut self, slot: Slot, alpha: &mut i32, beta: &mut i32) -> Option<i32> {
        let bounds = self.table.get(slot)?;
        self.stats.tt_hits += 1;
        if bounds.lower >= *beta || bounds.lower == bounds.upper {
            return Some(bounds.lower);
        }
        if bounds.upper <= *alpha {
            return Some(bounds.upper);
        }
        *alpha = (*alpha).max(bounds.lower);
        *beta = (*beta).min(bounds.upper);
        None
    }

    /// A position with one move worth trying (`only`), on a gravity board: the move is played
    /// straight away, without a table lookup or store of its own. The child's entry holds the same
    /// knowledge, so the lookup, most often a wait for memory, rarely pays: on Connect Four a
    /// third of the positions searched are forced, and skipping their lookups explores 3–7% more
    /// positions in about 10% less time (`docs/engine.md`, "A node", step 1). On free boards,
    /// whose tables mostly fit in the cache, it explored more for no gain. The follow-up question
    /// is still asked: it often settles the position without a search (skipping it too explored
    /// 3–7% more for no further gain).
    fn forced<const K: usize, const STRIDE: u32>(
        &mut self,
        position: &Images<B>,
        only: B,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        let (me, them) = (position.me(), position.them());
        if let Err(value) = self.follow_up_bound::<K, STRIDE>(me, them, only, ply, &mut alpha, beta)
        {
            return Ok(value);
        }
        self.stats.nodes += 1;
        let index = only.lowest();
        let slot = self.child_slot(position, index);
        let child = self.images.play(position, index);
        self.last_moves[(ply + 1) as usize % MAX_PLY] = index;
        Ok(-self.negamax::<K, STRIDE>(&child, slot, ply + 1, -beta, -alpha)?)
    }

    /// Sorts the moves of ply `ply` and takes the first out, its table bucket already loading.
    #[inline(always)]
    fn order<const K: usize, const STRIDE: u32>(
        &mut self,
        position: &Images<B>,
        ply: u32,
        moves: B,
        their_wins: B,
    ) -> (Option<u32>, Option<Slot>) {
        let (me, them) = (position.me(), position.them());
        self.sort::<K, STRIDE>(ply, me, me | them, moves, their_wins);
        let next = self.sorters[ply as usize % MAX_PLY].pop_best();
        (next, next.map(|index| self.child_slot(position, index)))
    }

    /// Enhanced transposition cutoff: the value through a child among `moves` that the table
    /// already knows is at least `beta` for us, if one is, which refutes the position without
    /// searching it.
    #[inline(never)]
    fn known_refutation(&self, position: &Images<B>, moves: B, beta: i32) -> Option<i32> {
        // Eight buckets at a time start loading before the first of them is read.
        let mut rest = moves;
        while rest != B::ZERO {
            let first = rest.low_bit();
            rest = rest ^ first;
            let mut slots = [self.child_slot(position, first.lowest()); 8];
            let mut count = 1;
            while rest != B::ZERO && count < slots.len() {
                let bit = rest.low_bit();
                rest = rest ^ bit;
                slots[count] = self.child_slot(position, bit.lowest());
                count += 1;
            }
            for &child in &slots[..count] {
                if let Some(bounds) = self.table.get(child) {
                    // The child is worth at most `upper` to the opponent, so at least this to us.
                    let value = -bounds.upper;
                    if value >= beta {
                        return Some(value);
                    }
                }
            }
        }
        None
    }

    /// The table slot of the child reached by marking bit `index`, its bucket already loading.
    #[inline(always)]
    fn child_slot(&self, position: &Images<B>, index: u32) -> Slot {
        let slot = self.table.locate(self.images.child_key(position, index));
        self.table.prefetch(slot);
        slot
    }
}

/// How a solver's nodes reach the progress reader (`SearchProgress`): every solver adds them to
/// the reader's `work`; besides, the searching one sets the reader's node count, a lazy-SMP
/// helper adds to it while it helps, and a solver sharing the table for other positions (another
/// move of the same analysis) only adds to `work`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    Searching,
    Helping,
    Sharing,
}

/// Static move preference of every bit: with gravity the centre columns first (Pons' order),
/// otherwise the cells on the most potential lines first.
fn weights(layout: &Layout) -> Box<[u32; 128]> {
    let rules = layout.rules;
    let w = u32::from(rules.width);
    // A fixed 128 entries: indexing with `index & 127` needs no bounds check.
    let mut weight = Box::new([0; 128]);
    for cell in 0..rules.cells() {
        let index = layout.bit(cell).trailing_zeros();
        let col = cell as u32 % w;
        weight[index as usize] = if rules.gravity {
            2 * w - (2 * col + 1).abs_diff(w)
        } else {
            lines_through(layout, cell)
        };
    }
    weight
}

/// How many lines of k cells inside the board pass through a cell.
fn lines_through(layout: &Layout, cell: usize) -> u32 {
    let k = u32::from(layout.rules.k);
    let bit = layout.bit(cell);
    let mut lines = 0;
    for &d in &layout.directions {
        for offset in 0..k {
            let start = bit.checked_shr(offset * d).unwrap_or(0);
            let line = (0..k).fold(0, |acc, i| acc | start.checked_shl(i * d).unwrap_or(0));
            if start != 0 && line.count_ones() == k && line & !layout.full == 0 {
                lines += 1;
            }
        }
    }
    lines
}
