//! The search worker: runs each job (`jobs`) on a thread of its own, under its own `StopFlag`,
//! in the slot of its `JobKey`. A new job replaces (cancels) the running job with the same key and
//! leaves the others alone, so exploring never disturbs the AI's own search. Replies travel back
//! over a channel. The exact solvers outlive their jobs (`KeptSolvers`), so an explore query reuses the
//! transposition table of the searches before it. The threads of the analyses share the cores the
//! settings give: a job gets what the jobs still running leave (one at least), so the AI's search,
//! two explorer queries and a settling analysis do not all take every core at once.

use super::Job;
use super::reply::{JobKey, Reply};
use super::runner::Runner;
use crate::engine::StopFlag;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::thread;

/// A job the worker started.
struct Running {
    stop: StopFlag,
    /// The search threads it was given.
    threads: usize,
    /// Set by its thread when the job has ended, however it ended.
    ended: Arc<AtomicBool>,
}

impl Running {
    /// The threads it still occupies.
    fn busy(&self) -> usize {
        if self.ended.load(Ordering::Relaxed) {
            0
        } else {
            self.threads
        }
    }
}

/// Owns the running jobs, one per key.
pub struct Worker {
    runner: Runner,
    running: HashMap<JobKey, Running>,
}

impl Worker {
    /// A worker that sends its replies to `replies`.
    pub fn new(replies: Sender<Reply>) -> Worker {
        Worker {
            runner: Runner {
                solvers: Default::default(),
                live: Some(replies),
            },
            running: HashMap::new(),
        }
    }

    /// Carries out what the app asked for: cancels the job of the same key, starts the new one.
    pub fn submit(&mut self, mut job: Job) {
        let key = job.key();
        self.cancel(key);
        if let Job::Cancel(_) = job {
            return;
        }
        let busy: usize = self.running.values().map(Running::busy).sum();
        // What the jobs still running leave of the threads asked for, one at least.
        let share = |wanted: usize| wanted.max(1).saturating_sub(busy).max(1);
        let threads = match &mut job {
            Job::Analyze(request) => {
                let threads = share(request.budget.threads.unwrap_or(1));
                request.budget.threads = Some(threads);
                threads
            }
            Job::Review(request) => {
                request.threads = share(request.threads);
                request.threads
            }
            _ => 1,
        };
        let stop = StopFlag::default();
        let ended = Arc::new(AtomicBool::new(false));
        let (runner, running, done) = (self.runner.clone(), stop.clone(), Arc::clone(&ended));
        // A cancelled thread winds down on its own within milliseconds; nobody joins it.
        thread::spawn(move || {
            // The receiver is gone only when the app is quitting: nothing left to tell.
            let replies = runner.live.clone();
            let mut send = |reply| {
                if let Some(replies) = &replies {
                    let _ = replies.send(reply);
                }
            };
            let _ = job.run(&runner, &running, &mut send);
            done.store(true, Ordering::Relaxed);
        });
        self.running.insert(
            key,
            Running {
                stop,
                threads,
                ended,
            },
        );
    }

    /// Raises the stop flag of the job running under `key`, if any.
    pub fn cancel(&mut self, key: JobKey) {
        if let Some(running) = self.running.remove(&key) {
            running.stop.stop();
        }
    }

    /// Raises every stop flag.
    pub fn cancel_all(&mut self) {
        for (_, running) in self.running.drain() {
            running.stop.stop();
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel_all();
    }
}
