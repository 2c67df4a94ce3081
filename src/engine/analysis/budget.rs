//! Budgets: how far, how long and how many nodes an analysis may search (docs/cli.md, Budgets),
//! and how much memory its transposition table may use.

use std::fmt;
use std::time::Duration;

/// Limits on one analysis. The default has none: the analysis is exact, however long it takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Deepest estimate, in plies from the analysed position (the move itself is ply 1).
    pub depth: Option<u32>,
    /// Wall-clock time for the whole analysis.
    pub time: Option<Duration>,
    /// Nodes (children generated) for the whole analysis.
    pub nodes: Option<u64>,
    /// Bytes for the `engine` algorithm's transposition table (`None`: the default). Not a limit
    /// on the answer: a smaller table only makes exact searches slower.
    pub table: Option<usize>,
    /// Threads to search on (`None`: one). Not a limit on the answer either: more threads only
    /// make it come sooner (node counts then vary from run to run; values never do).
    pub threads: Option<usize>,
}

impl Budget {
    /// No limit at all: exact analysis.
    pub const UNLIMITED: Budget = Budget {
        depth: None,
        time: None,
        nodes: None,
        table: None,
        threads: None,
    };

    /// Only a time limit.
    pub fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            ..Budget::UNLIMITED
        }
    }

    /// Only a depth limit.
    pub fn depth(depth: u32) -> Budget {
        Budget {
            depth: Some(depth),
            ..Budget::UNLIMITED
        }
    }

    /// Only a node limit.
    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes: Some(nodes),
            ..Budget::UNLIMITED
        }
    }

    /// Whether the chosen algorithm's exact search runs at all on a position with `empty` cells
    /// left: it searches to the end of every line, in a part of the time (and of the nodes, if
    /// limited too), so it runs only under a clock, and a depth limit short of the game's end
    /// forbids it (it would search deeper than told). Otherwise the estimating search alone
    /// answers.
    pub fn runs_exact_search(&self, empty: u32) -> bool {
        self.is_unlimited() || self.time.is_some() && self.depth.is_none_or(|depth| depth >= empty)
    }

    /// Whether nothing limits the answer (depth, time and nodes are free; the table size and the
    /// threads may be set): the analysis is then exact.
    pub fn is_unlimited(&self) -> bool {
        self.depth.is_none() && self.time.is_none() && self.nodes.is_none()
    }
}

impl fmt::Display for Budget {
    /// `depth 7, 1500 ms, 100000 nodes, table 64 MiB`, or `unlimited`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(depth) = self.depth {
            parts.push(format!("depth {depth}"));
        }
        if let Some(time) = self.time {
            parts.push(format!("{} ms", time.as_millis()));
        }
        if let Some(nodes) = self.nodes {
            parts.push(format!("{nodes} node{}", if nodes == 1 { "" } else { "s" }));
        }
        if let Some(bytes) = self.table {
            parts.push(format!("table {} MiB", bytes >> 20));
        }
        if let Some(threads) = self.threads {
            parts.push(format!(
                "{threads} thread{}",
                if threads == 1 { "" } else { "s" }
            ));
        }
        if parts.is_empty() {
            f.write_str("unlimited")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}
