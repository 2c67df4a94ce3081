//! The property tests' configuration: reproducible by default, widened from the environment.

use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};

/// `cases` cases from a fixed seed, so every run (and CI) tries the same inputs, unless
/// `PROPTEST_CASES` or `PROPTEST_RNG_SEED` say otherwise (a longer or a new search). A failing
/// input is shrunk and its seed kept in `<test file>.regressions` beside the test, tried first on
/// every later run.
pub fn config(cases: u32) -> Config {
    let defaults = Config::default();
    let given = |name| std::env::var_os(name).is_some();
    Config {
        cases: if given("PROPTEST_CASES") {
            defaults.cases
        } else {
            cases
        },
        rng_seed: if given("PROPTEST_RNG_SEED") {
            defaults.rng_seed
        } else {
            RngSeed::Fixed(0x7ac7_7ee5)
        },
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..defaults
    }
}
