//! The command line through the real binary: every subcommand, its output formats and exit
//! statuses, bad input, a closed or full standard output, the config file; and the parsers of
//! everything a user types, fuzzed.

#[path = "../support/binary.rs"]
mod binary;
#[path = "../support/proptest_config.rs"]
mod proptest_config;

mod analyze;
mod bad_input;
mod bench;
mod book;
mod book_out;
mod config_file;
mod output_errors;
mod parsers_fuzzed;
mod review;
mod selfplay;
mod solve;
mod solve_batch;
mod trace;
mod trace_picture;
