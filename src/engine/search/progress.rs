//! What a running exact search has established so far, for another thread to show while it runs
//! (the command line's progress lines). The solver writes it rarely, so it costs nothing
//! measurable: the narrowing once per null-window test, the node count at each look at the stop
//! flag (every 256 positions explored). Readers see plain snapshots; nothing here waits.

use std::sync::atomic::{AtomicU64, Ordering};

/// Where the iterative narrowing of the root (docs/engine.md, "The root") stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Narrowing {
    /// The root's absolute value (`game::score`) is known to be at least this…
    pub lower: i32,
    /// …and at most this. A weak solve's window is (−1, 1): there ±1 stand for "a win or
    /// better" / "a loss or worse", not for values.
    pub upper: i32,
    /// The null-window test under way asks "is the value above this?".
    pub test: i32,
}

/// Progress of the exact solver, shared between the searching thread and a reader.
#[derive(Debug, Default)]
pub struct SearchProgress {
    /// Children generated since the engine's statistics were last zeroed (`Engine::resume`).
    nodes: AtomicU64,
    /// The narrowing packed into one word (three `i16` and a tag), so a reader never sees the
    /// bounds of one test with the question of another.
    narrowing: AtomicU64,
}

/// Tags of the packed word's top 16 bits.
const IDLE: u64 = 0;
const NARROWING: u64 = 1;
const LINE: u64 = 2;

/// What the solver is doing, as far as a reader can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// No root search has started yet.
    Idle,
    /// Narrowing the value of a root by null-window tests.
    Narrowing(Narrowing),
    /// The value is known; the principal variation is being read back (uncounted searches).
    Line,
}

impl SearchProgress {
    /// Nodes searched so far (at most a few hundred behind the search).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// What the solver is doing.
    pub fn phase(&self) -> Phase {
        let word = self.narrowing.load(Ordering::Relaxed);
        let field = |shift: u32| i32::from((word >> shift) as u16 as i16);
        match word >> 48 {
            NARROWING => Phase::Narrowing(Narrowing {
                lower: field(0),
                upper: field(16),
                test: field(32),
            }),
            LINE => Phase::Line,
            _ => Phase::Idle,
        }
    }

    /// The searching thread's node count, published.
    pub(crate) fn set_nodes(&self, nodes: u64) {
        self.nodes.store(nodes, Ordering::Relaxed);
    }

    /// A null-window test starts. Absolute values are within ±1001 (`score::INFINITY`), well
    /// inside an `i16`.
    pub(crate) fn set_narrowing(&self, n: Narrowing) {
        let pack = |v: i32| u64::from(v as i16 as u16);
        let word = NARROWING << 48 | pack(n.test) << 32 | pack(n.upper) << 16 | pack(n.lower);
        self.narrowing.store(word, Ordering::Relaxed);
    }

    /// The value is known; the principal variation is being read.
    pub(crate) fn set_line(&self) {
        self.narrowing.store(LINE << 48, Ordering::Relaxed);
    }

    /// The statistics start again: no root search yet.
    pub(crate) fn set_idle(&self) {
        self.narrowing.store(IDLE << 48, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_packed_narrowing_reads_back_with_its_signs() {
        let progress = SearchProgress::default();
        assert_eq!(progress.phase(), Phase::Idle);
        let n = Narrowing {
            lower: -1001,
            upper: 958,
            test: -3,
        };
        progress.set_narrowing(n);
        assert_eq!(progress.phase(), Phase::Narrowing(n));
        progress.set_line();
        assert_eq!(progress.phase(), Phase::Line);
    }
}
