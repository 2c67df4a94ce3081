//! What a replay may cover (`ReplayLimits`) and what it has counted so far (`Counters`).

/// How far a replay's search may go; the default has no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayLimits {
    /// Nodes at this ply below the root are leaves, scored by the evaluator (estimates).
    pub depth: Option<u32>,
    /// The search stops once this many nodes were entered (the replay is then truncated).
    pub nodes: Option<u64>,
}

/// The replay's counters at one step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Children entered so far (the root not counted).
    pub nodes: u64,
    /// Cutoffs so far.
    pub cutoffs: u64,
    /// Table hits that ended or narrowed a node (engine model only).
    pub tt_hits: u64,
    /// Ply of the current node (the top of the stack).
    pub depth: u32,
    /// Deepest ply entered so far.
    pub max_depth: u32,
}
