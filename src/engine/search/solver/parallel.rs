//! One search on several threads: lazy SMP, one null-window test at a time. Helpers run the same
//! test as the solver, each with its own move sorters and counters and a slightly different move
//! order, all over the one shared table, so each finds in it what the others proved and they
//! drift apart onto different subtrees. The first to finish gives the answer and the others are
//! stopped; every thread then starts the next test of the narrowing (`root.rs`) together, so no
//! thread spends time finishing a test whose answer is known. Every thread computes the value
//! from facts it proved or read, so the answer is exact whichever finishes.

use super::bitboard::Bitboard;
use super::negamax::{Negamax, Role};
use crate::engine::game::layout::Layout;
use crate::engine::search::{Cancelled, SearchStats, StopFlag};

/// Positions a narrowing's tests explore alone, between them, before the helpers join. Starting a
/// thread costs tens of microseconds, a few hundred positions: most searches of a game end sooner
/// than this, and a thread would only slow them down. The table keeps what the lone attempt proved.
const ALONE: u64 = 1 << 14;

impl<B: Bitboard> Negamax<B> {
    /// Gives this solver `count` helpers over its table (0: it searches on its own).
    pub fn set_helpers(&mut self, layout: &Layout, count: usize) {
        self.helpers.truncate(count);
        while self.helpers.len() < count {
            let seed = self.helpers.len() as u32 + 1;
            let mut helper = Negamax::with_table(layout, self.stop.clone(), self.table.share());
            helper.perturb(seed);
            helper.set_book(self.book.clone());
            self.helpers.push(helper);
        }
    }

    /// Number of threads a search runs on.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Breaks the static order's ties differently for helper number `seed`, and sometimes swaps
    /// neighbouring preferences: still a good order (threats come first as ever), but another one.
    fn perturb(&mut self, seed: u32) {
        // Each preference ×4 plus a noise below this: with gravity, whose columns step by 2 (8
        // now), only columns equally far from the centre trade places.
        const NOISE: u32 = 6;
        for (index, weight) in self.weight.iter_mut().enumerate() {
            let mut x =
                (index as u32 + 1).wrapping_mul(0x9E37_79B9) ^ seed.wrapping_mul(0x85EB_CA6B);
            x ^= x >> 15;
            x = x.wrapping_mul(0x2C1B_3C6D);
            x ^= x >> 12;
            *weight = *weight * 4 + x % NOISE;
        }
        // Ahead of any noise, so it still decides between columns of equal preference, and below
        // the step between two columns (8 now).
        self.follow_bonus = NOISE;
    }

    /// Starts a narrowing: its tests run alone until they have explored `ALONE` positions
    /// between them, then each on every thread.
    pub(super) fn start_alone(&mut self) {
        self.alone_until = self.explored.saturating_add(ALONE);
    }

    /// `value` on every thread this solver has: alone while the narrowing's solo allowance lasts
    /// (`start_alone`), then with the helpers. Counters are the sum of every thread's.
    pub(super) fn value_together(
        &mut self,
        me: B,
        them: B,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        if self.helpers.is_empty() {
            return self.value(me, them, ply, alpha, beta);
        }
        if self.explored < self.alone_until {
            self.cap = self.alone_until;
            let alone = self.value(me, them, ply, alpha, beta);
            self.cap = u64::MAX;
            match alone {
                Ok(value) => return Ok(value),
                Err(Cancelled) if self.stop.is_stopped() => return Err(Cancelled),
                Err(Cancelled) => {}
            }
        }
        // Raised by the first thread to finish, and by the caller's flag.
        let race = StopFlag::with_deadline(&self.stop);
        let own = std::mem::replace(&mut self.stop, race.clone());
        let mut helpers = std::mem::take(&mut self.helpers);
        self.enlist(&mut helpers, &race);
        let found = self.race(&mut helpers, &race, (me, them, ply), (alpha, beta));
        self.gather(&mut helpers);
        self.helpers = helpers;
        self.stop = own;
        found
    }

    /// Readies the helpers for this search: this solver's table, stop flag, root and reader.
    fn enlist(&self, helpers: &mut [Negamax<B>], race: &StopFlag) {
        for helper in helpers {
            // A fresh view: the owner's table may have been cleared (a new generation) since.
            helper.table = self.table.share();
            helper.stop = race.clone();
            helper.root_ply = self.root_ply;
            helper.stats = SearchStats::default();
            helper.explored = 0;
            // A reader of the progress sees every thread's nodes.
            helper.progress = self.progress.clone();
            helper.role = Role::Helping;
            helper.reported = 0;
        }
    }

    /// `value` on this thread and one per helper until the first finishes and stops the others.
    fn race(
        &mut self,
        helpers: &mut [Negamax<B>],
        race: &StopFlag,
        (me, them, ply): (B, B, u32),
        (alpha, beta): (i32, i32),
    ) -> Result<i32, Cancelled> {
        let (mine, theirs) = std::thread::scope(|scope| {
            // A helper the system cannot give a thread (a memory limit) sits this test out.
            let handles: Vec<_> = helpers
                .iter_mut()
                .filter_map(|helper| {
                    let race = race.clone();
                    let helping = move || {
                        let found = helper.value(me, them, ply, alpha, beta);
                        if found.is_ok() {
                            race.stop();
                        }
                        found
                    };
                    std::thread::Builder::new()
                        .spawn_scoped(scope, helping)
                        .ok()
                })
                .collect();
            let mine = self.value(me, them, ply, alpha, beta);
            if mine.is_ok() {
                race.stop();
            }
            let theirs: Vec<_> = handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect();
            (mine, theirs)
        });
        // Any finished thread's value will do: each is exact within the window.
        std::iter::once(mine)
            .chain(theirs)
            .find(Result::is_ok)
            .unwrap_or(Err(Cancelled))
    }

    /// Adds the helpers' counters to this solver's after a search.
    fn gather(&mut self, helpers: &mut [Negamax<B>]) {
        for helper in helpers {
            self.stats += helper.stats;
            // Already reported to the reader's work by the helper itself.
            self.reported += helper.stats.nodes;
            self.explored += helper.explored;
            helper.table.flush();
            helper.progress = None;
        }
        // The helpers' nodes are in this solver's count now.
        if let Some(progress) = &self.progress {
            progress.clear_helped();
            progress.set_nodes(self.stats.nodes);
        }
    }
}
