//! The real binary's own peak memory, measured per child with `wait4`.
//!
//! A child's peak counts its parent's resident memory at the spawn (the child starts as a view
//! of the parent's memory until it execs), so these tests live in a binary of their own that
//! runs nothing big in-process: beside tests that search with a 128 MiB table, every child would
//! seem to use 128 MiB.

#[path = "../support/binary.rs"]
mod binary;

mod long_inputs;
mod selfplay_soak;
mod solve_table;
