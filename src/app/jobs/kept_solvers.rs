//! The exact solvers the worker keeps between jobs, so that their transposition tables outlive
//! the job that filled them: an explore query below the board finds the positions the AI's own
//! search (or an earlier query) stored, and no job waits for a new table.

use super::reply::JobKey;
use crate::engine::search::solver::DEFAULT_HASH_BYTES;
use crate::engine::{Cancelled, Position, Solver, StopFlag};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// Idle solvers kept at most: one for the AI's search and one for each of the two explore queries
/// that may run at once. Tables are mapped lazily, so a kept solver costs only what it has used.
const KEPT: usize = 3;

/// Solvers lent to jobs at most: the AI's search, two explore queries and a review at once. A
/// job cancelled by the next key still holds its solver for the milliseconds it takes to wind
/// down (longer while its first touches of a fresh table fault in memory): a storm of undo and
/// redo made a new 128 MiB table for each key, 3.7 GB and 88 threads on an 8×8 board. Past
/// this many, a job waits for a solver to come back.
const LENT: usize = 4;

/// How often a job waiting for a solver looks at its stop flag.
const WAIT_LOOK: Duration = Duration::from_millis(10);

/// A pool of idle solvers, shared by the worker's threads.
#[derive(Clone, Default)]
pub struct KeptSolvers(Arc<(Mutex<Pool>, Condvar)>);

/// The idle solvers, and how many are lent.
#[derive(Default)]
struct Pool {
    idle: Vec<Solver>,
    lent: usize,
}

impl KeptSolvers {
    /// A solver for `position`'s rules with a table of `table` bytes (`None`: the default),
    /// stopping on `stop`: a kept one if there is one, else a new one. The AI's own search always
    /// starts from an empty table, so its node counts are those of `tictree analyze`; explore
    /// queries keep what the table holds.
    pub fn take(
        &self,
        key: JobKey,
        position: &Position,
        table: Option<usize>,
        stop: &StopFlag,
    ) -> Result<Solver, Cancelled> {
        let mut solver = self.take_kept(position, table, stop)?;
        if key == JobKey::Play {
            solver.reset();
        }
        Ok(solver)
    }

    /// A solver for `position`'s rules and `table` as `take` gives, but never emptied: the
    /// latest one returned if it suits, so work going on after a search finds what it stored.
    /// Waits while `LENT` solvers are out; `Err(Cancelled)` if `stop` is raised meanwhile.
    pub fn take_kept(
        &self,
        position: &Position,
        table: Option<usize>,
        stop: &StopFlag,
    ) -> Result<Solver, Cancelled> {
        let bytes = table.unwrap_or(DEFAULT_HASH_BYTES);
        let rules = *position.rules();
        let (_, returned) = &*self.0;
        let mut pool = self.pool();
        loop {
            let found = pool
                .idle
                .iter()
                .rposition(|solver| solver.suits(rules, bytes));
            if let Some(index) = found {
                pool.lent += 1;
                // `remove`, not `swap_remove`: the pool stays in the order solvers were returned.
                return Ok(pool.idle.remove(index));
            }
            if pool.lent < LENT {
                pool.lent += 1;
                drop(pool);
                return Ok(Solver::with_hash(
                    position.layout(),
                    StopFlag::default(),
                    bytes,
                ));
            }
            if stop.is_stopped() {
                return Err(Cancelled);
            }
            pool = returned
                .wait_timeout(pool, WAIT_LOOK)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// Returns a solver after its job, for the next one; the oldest idle solver makes room.
    pub fn give(&self, solver: Solver) {
        let mut pool = self.pool();
        pool.lent = pool.lent.saturating_sub(1);
        if pool.idle.len() == KEPT {
            pool.idle.remove(0);
        }
        pool.idle.push(solver);
        drop(pool);
        self.0.1.notify_one();
    }

    fn pool(&self) -> MutexGuard<'_, Pool> {
        self.0.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many solvers are idle.
    #[cfg(test)]
    fn idle(&self) -> usize {
        self.pool().idle.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::jobs::{Job, Runner, SearchRequest};
    use crate::engine::{Algorithm, Budget, Rules, Status, Table, analyze, analyze_with_table};
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::IndexedRandom;

    fn nodes(position: &Position, solver: &mut Solver) -> u64 {
        let table = Table::Kept(solver);
        let stop = StopFlag::default();
        let analysis = analyze_with_table(position, Algorithm::Engine, table, &stop, |_| {});
        analysis.unwrap().stats.nodes
    }

    #[test]
    fn the_ai_starts_cold_and_explore_queries_start_warm() {
        let position = Position::empty(Rules::new(4, 4, 4, false).unwrap());
        let cold = analyze(&position, Algorithm::Engine, &StopFlag::default(), |_| {});
        let cold = cold.unwrap().stats.nodes;
        let solvers = KeptSolvers::default();
        let mut solver = solvers
            .take(JobKey::Play, &position, None, &StopFlag::default())
            .unwrap();
        assert_eq!(nodes(&position, &mut solver), cold);
        solvers.give(solver);
        // The same solver again: the AI's search ignores what the table holds...
        let mut solver = solvers
            .take(JobKey::Play, &position, None, &StopFlag::default())
            .unwrap();
        assert_eq!(nodes(&position, &mut solver), cold);
        solvers.give(solver);
        // ...an explore query of the same position finds it all.
        let mut solver = solvers
            .take(
                JobKey::Explore(position),
                &position,
                None,
                &StopFlag::default(),
            )
            .unwrap();
        assert!(nodes(&position, &mut solver) < cold / 10);
        solvers.give(solver);
        assert_eq!(solvers.idle(), 1);
    }

    #[test]
    fn at_most_three_solvers_are_kept_and_each_suits_its_rules() {
        let solvers = KeptSolvers::default();
        let small = Position::empty(Rules::new(3, 3, 3, false).unwrap());
        let large = Position::empty(Rules::new(4, 4, 4, false).unwrap());
        for _ in 0..5 {
            solvers.give(Solver::with_hash(
                small.layout(),
                StopFlag::default(),
                1 << 20,
            ));
        }
        assert_eq!(solvers.idle(), KEPT);
        // None suits other rules or another table size: a new solver, and the pool is untouched.
        let solver = solvers
            .take(JobKey::Play, &large, Some(1 << 20), &StopFlag::default())
            .unwrap();
        assert!(solver.suits(*large.rules(), 1 << 20));
        let solver = solvers
            .take(JobKey::Play, &small, None, &StopFlag::default())
            .unwrap();
        assert!(solver.suits(*small.rules(), DEFAULT_HASH_BYTES));
        assert_eq!(solvers.idle(), KEPT);
        let solver = solvers
            .take(JobKey::Play, &small, Some(1 << 20), &StopFlag::default())
            .unwrap();
        assert!(solver.suits(*small.rules(), 1 << 20));
        assert_eq!(solvers.idle(), KEPT - 1);
    }

    /// A position of `rules` with at most `empty` empty cells left by random play, if the game
    /// lasts that long.
    fn late_position(rules: Rules, empty: usize, rng: &mut StdRng) -> Option<Position> {
        let mut position = Position::empty(rules);
        while rules.cells() - position.ply() as usize > empty {
            let mv = *position.legal_moves().choose(rng)?;
            position = position.play(mv).ok()?;
            if position.status() != Status::Ongoing {
                return None;
            }
        }
        Some(position)
    }

    #[test]
    fn the_worker_keeps_at_most_three_idle_solvers_whatever_its_jobs_do() {
        let solvers = KeptSolvers::default();
        let mut rng = StdRng::seed_from_u64(4);
        let rules: Vec<Rules> = ["tictactoe", "4x4", "5x5k4", "connect4"]
            .iter()
            .map(|r| r.parse().unwrap())
            .collect();
        let request = |generation, key, position| SearchRequest {
            key,
            generation,
            position,
            algorithm: Algorithm::Engine,
            budget: Budget {
                table: Some(1 << 20),
                ..Budget::UNLIMITED
            },
            pace: std::time::Duration::ZERO,
            settle: false,
        };
        let runner = Runner {
            solvers: solvers.clone(),
            live: None,
        };
        let run = |request: SearchRequest, stop: &StopFlag| {
            Job::Analyze(request).run(&runner, stop, &mut |_| {})
        };
        for job in 0..40 {
            let rules = *rules.choose(&mut rng).unwrap();
            let stop = StopFlag::default();
            let result = if job % 4 == 3 {
                // Cancelled: an empty board's exact search gives up at once, and its engine comes
                // back all the same.
                stop.stop();
                let empty = Position::empty(rules);
                run(request(job, JobKey::Explore(empty), empty), &stop)
            } else {
                let Some(position) = late_position(rules, 9, &mut rng) else {
                    continue;
                };
                let key = if job % 2 == 0 {
                    JobKey::Play
                } else {
                    JobKey::Explore(position)
                };
                run(request(job, key, position), &stop)
            };
            assert_eq!(result.is_ok(), job % 4 != 3 || rules == Rules::TICTACTOE);
            assert!(
                (1..=3).contains(&solvers.idle()),
                "job {job}: {}",
                solvers.idle()
            );
        }
        assert_eq!(solvers.idle(), 3);
    }

    /// At most `LENT` solvers are out at once: one more waits, and gives up when its job is
    /// cancelled (a storm of keys no longer makes a table for each key); a solver given back
    /// lets the next one through.
    #[test]
    fn no_more_than_lent_solvers_are_out_at_once() {
        let solvers = KeptSolvers::default();
        let position = Position::empty(Rules::TICTACTOE);
        let running = StopFlag::default();
        let out: Vec<Solver> = (0..LENT)
            .map(|_| solvers.take_kept(&position, None, &running).unwrap())
            .collect();
        let cancelled = StopFlag::default();
        cancelled.stop();
        assert!(solvers.take_kept(&position, None, &cancelled).is_err());
        let waiting = std::thread::scope(|scope| {
            let waiter = scope.spawn(|| solvers.take_kept(&position, None, &running).is_ok());
            std::thread::sleep(Duration::from_millis(50));
            assert!(!waiter.is_finished(), "a fifth solver waits");
            for solver in out {
                solvers.give(solver);
            }
            waiter.join().unwrap()
        });
        assert!(waiting);
    }
}
