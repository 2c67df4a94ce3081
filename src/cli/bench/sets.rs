//! Pons' Connect Four test sets (data/connect4) as `bench` runs them, with his published figures.

/// One Connect Four test set: file contents, name, which lines are used, Pons' mean positions
/// explored and mean time (seconds).
pub(super) struct TestSet {
    pub(super) file: &'static str,
    pub(super) name: &'static str,
    pub(super) text: &'static str,
    pub(super) every: usize,
    pub(super) limit: usize,
    pub(super) pons_explored: f64,
    pub(super) pons_seconds: f64,
}

pub(super) const SETS: [TestSet; 6] = [
    TestSet {
        file: "Test_L3_R1",
        name: "End-Easy",
        text: include_str!("../../../data/connect4/Test_L3_R1"),
        every: 1,
        limit: 1000,
        pons_explored: 51.28,
        pons_seconds: 4.568e-6,
    },
    TestSet {
        file: "Test_L2_R1",
        name: "Middle-Easy",
        text: include_str!("../../../data/connect4/Test_L2_R1"),
        every: 1,
        limit: 1000,
        pons_explored: 449.6,
        pons_seconds: 37.45e-6,
    },
    TestSet {
        file: "Test_L2_R2",
        name: "Middle-Medium",
        text: include_str!("../../../data/connect4/Test_L2_R2"),
        every: 1,
        limit: 1000,
        pons_explored: 39_900.0,
        pons_seconds: 3.212e-3,
    },
    TestSet {
        file: "Test_L1_R1",
        name: "Begin-Easy",
        text: include_str!("../../../data/connect4/Test_L1_R1"),
        every: 1,
        limit: 1000,
        pons_explored: 3_298.0,
        pons_seconds: 254.6e-6,
    },
    TestSet {
        file: "Test_L1_R2",
        name: "Begin-Medium",
        text: include_str!("../../../data/connect4/Test_L1_R2"),
        every: 10,
        limit: 100,
        pons_explored: 1_201_000.0,
        pons_seconds: 96.63e-3,
    },
    TestSet {
        file: "Test_L1_R3",
        name: "Begin-Hard",
        text: include_str!("../../../data/connect4/Test_L1_R3"),
        every: 100,
        limit: 4,
        pons_explored: 65_920_000.0,
        pons_seconds: 5.490,
    },
];
