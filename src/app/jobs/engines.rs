//! The exact engines the worker keeps between jobs, so that their transposition tables outlive
//! the job that filled them: an explore query below the board finds the positions the AI's own
//! search (or an earlier query) stored, and no job waits for a new table.

use super::JobKey;
use crate::engine::search::solver::DEFAULT_HASH_BYTES;
use crate::engine::{Engine, Position, StopFlag};
use std::sync::{Arc, Mutex, PoisonError};

/// Idle engines kept at most: one for the AI's search and one for each of the two explore queries
/// that may run at once. Tables are mapped lazily, so a kept engine costs only what it has used.
const KEPT: usize = 3;

/// A pool of idle engines, shared by the worker's threads.
#[derive(Clone, Default)]
pub struct Engines(Arc<Mutex<Vec<Engine>>>);

impl Engines {
    /// An engine for `position`'s rules with a table of `table` bytes (`None`: the default),
    /// stopping on `stop`: a kept one if there is one, else a new one. The AI's own search always
    /// starts from an empty table, so its node counts are those of `tictree analyze`; explore
    /// queries keep what the table holds.
    pub fn take(&self, key: JobKey, position: &Position, table: Option<usize>) -> Engine {
        let mut engine = self.take_kept(position, table);
        if key == JobKey::Play {
            engine.reset();
        }
        engine
    }

    /// An engine for `position`'s rules and `table` as `take` gives, but never emptied: the
    /// latest one returned if it suits, so work going on after a search finds what it stored.
    pub fn take_kept(&self, position: &Position, table: Option<usize>) -> Engine {
        let bytes = table.unwrap_or(DEFAULT_HASH_BYTES);
        let rules = *position.rules();
        let kept = {
            let mut idle = self.0.lock().unwrap_or_else(PoisonError::into_inner);
            let found = idle.iter().rposition(|engine| engine.suits(rules, bytes));
            // `remove`, not `swap_remove`: the pool stays in the order engines were returned.
            found.map(|index| idle.remove(index))
        };
        kept.unwrap_or_else(|| Engine::with_hash(position.layout(), StopFlag::default(), bytes))
    }

    /// Returns an engine after its job, for the next one; the oldest idle engine makes room.
    pub fn give(&self, engine: Engine) {
        let mut idle = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if idle.len() == KEPT {
            idle.remove(0);
        }
        idle.push(engine);
    }

    /// How many engines are idle (for tests of the bound).
    pub fn idle(&self) -> usize {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Algorithm, Rules, Table, analyze, analyze_with_table};

    fn nodes(position: &Position, engine: &mut Engine) -> u64 {
        let table = Table::Kept(engine);
        let stop = StopFlag::default();
        let analysis = analyze_with_table(position, Algorithm::Engine, table, &stop, |_| {});
        analysis.unwrap().stats.nodes
    }

    #[test]
    fn the_ai_starts_cold_and_explore_queries_start_warm() {
        let position = Position::empty(Rules::new(4, 4, 4, false).unwrap());
        let cold = analyze(&position, Algorithm::Engine, &StopFlag::default(), |_| {});
        let cold = cold.unwrap().stats.nodes;
        let engines = Engines::default();
        let mut engine = engines.take(JobKey::Play, &position, None);
        assert_eq!(nodes(&position, &mut engine), cold);
        engines.give(engine);
        // The same engine again: the AI's search ignores what the table holds...
        let mut engine = engines.take(JobKey::Play, &position, None);
        assert_eq!(nodes(&position, &mut engine), cold);
        engines.give(engine);
        // ...an explore query of the same position finds it all.
        let mut engine = engines.take(JobKey::Explore(position), &position, None);
        assert!(nodes(&position, &mut engine) < cold / 10);
        engines.give(engine);
        assert_eq!(engines.idle(), 1);
    }

    #[test]
    fn at_most_three_engines_are_kept_and_each_suits_its_rules() {
        let engines = Engines::default();
        let small = Position::empty(Rules::new(3, 3, 3, false).unwrap());
        let large = Position::empty(Rules::new(4, 4, 4, false).unwrap());
        for _ in 0..5 {
            engines.give(Engine::with_hash(
                small.layout(),
                StopFlag::default(),
                1 << 20,
            ));
        }
        assert_eq!(engines.idle(), KEPT);
        // None suits other rules or another table size: a new engine, and the pool is untouched.
        let engine = engines.take(JobKey::Play, &large, Some(1 << 20));
        assert!(engine.suits(*large.rules(), 1 << 20));
        let engine = engines.take(JobKey::Play, &small, None);
        assert!(engine.suits(*small.rules(), DEFAULT_HASH_BYTES));
        assert_eq!(engines.idle(), KEPT);
        let engine = engines.take(JobKey::Play, &small, Some(1 << 20));
        assert!(engine.suits(*small.rules(), 1 << 20));
        assert_eq!(engines.idle(), KEPT - 1);
    }
}
