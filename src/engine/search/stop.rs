//! Stopping a search from outside: a flag raised by another thread, or a deadline.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Instant;

/// A search was stopped before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

/// A shared flag that stops a running search from another thread, or (a budget's flag) at a deadline.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<Flag>);

#[derive(Debug, Default)]
struct Flag {
    raised: AtomicBool,
    /// A budget's flag also stops when the caller's flag is raised.
    parent: Option<StopFlag>,
    deadline: Option<Deadline>,
}

/// A movable deadline. Reading the clock costs about as much as a search node, so it is read only
/// on every `CLOCK_EVERY`-th look at the flag; the solver looks every 256 nodes, so the clock is
/// read every 4,096 nodes, about a millisecond of search: the overshoot stays that small.
#[derive(Debug)]
struct Deadline {
    origin: Instant,
    /// Nanoseconds after `origin`; `u64::MAX` means no deadline.
    at: AtomicU64,
    looks: AtomicU32,
    /// The look at which the flag counts as raised (`u32::MAX`: none): a budget of work, about
    /// 256 nodes of the solver per look, for a search that should try alone before going wide.
    last_look: AtomicU32,
    /// Latched once the clock is seen past the deadline, until the deadline moves.
    passed: AtomicBool,
}

const CLOCK_EVERY: u32 = 16;

impl StopFlag {
    /// A flag that stops when `parent` stops or when its own deadline (none at first) passes: the
    /// flag a budget-limited search runs under, so "out of time" and "cancelled" stay apart.
    pub fn with_deadline(parent: &StopFlag) -> StopFlag {
        StopFlag(Arc::new(Flag {
            raised: AtomicBool::new(false),
            parent: Some(parent.clone()),
            deadline: Some(Deadline {
                origin: Instant::now(),
                at: AtomicU64::new(u64::MAX),
                looks: AtomicU32::new(0),
                last_look: AtomicU32::new(u32::MAX),
                passed: AtomicBool::new(false),
            }),
        }))
    }

    /// Moves the deadline (`None`: no deadline). Does nothing on a flag made without one.
    pub fn set_deadline(&self, at: Option<Instant>) {
        if let Some(deadline) = &self.0.deadline {
            let nanos = at.map_or(u64::MAX, |at| {
                at.saturating_duration_since(deadline.origin).as_nanos() as u64
            });
            deadline.at.store(nanos, Ordering::Relaxed);
            deadline.passed.store(false, Ordering::Relaxed);
        }
    }

    /// Makes the flag count as raised after `looks` more looks at it (`None`: no such limit).
    /// Does nothing on a flag made without a deadline.
    pub fn set_look_limit(&self, looks: Option<u32>) {
        if let Some(deadline) = &self.0.deadline {
            let now = deadline.looks.load(Ordering::Relaxed);
            let last = looks.map_or(u32::MAX, |n| now.saturating_add(n).min(u32::MAX - 1));
            deadline.last_look.store(last, Ordering::Relaxed);
            deadline.passed.store(false, Ordering::Relaxed);
        }
    }

    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.0.raised.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for (or the deadline has passed).
    pub fn is_stopped(&self) -> bool {
        self.0.raised.load(Ordering::Relaxed)
            || self.0.parent.as_ref().is_some_and(StopFlag::is_stopped)
            || self.0.deadline.as_ref().is_some_and(Deadline::passed)
    }

    /// `Err(Cancelled)` once a stop was asked for: for `?` inside searches.
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.is_stopped() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }
}

impl Deadline {
    fn passed(&self) -> bool {
        if self.passed.load(Ordering::Relaxed) {
            return true;
        }
        let look = self.looks.fetch_add(1, Ordering::Relaxed);
        let last = self.last_look.load(Ordering::Relaxed);
        // `u32::MAX` is "no look limit": the count wraps after 2^32 looks (about 10^12 positions)
        // and must not read as the limit reached.
        if last != u32::MAX && look >= last {
            self.passed.store(true, Ordering::Relaxed);
            return true;
        }
        let at = self.at.load(Ordering::Relaxed);
        if at == u64::MAX || !look.is_multiple_of(CLOCK_EVERY) {
            return false;
        }
        let passed = self.origin.elapsed().as_nanos() as u64 >= at;
        if passed {
            self.passed.store(true, Ordering::Relaxed);
        }
        passed
    }
}
