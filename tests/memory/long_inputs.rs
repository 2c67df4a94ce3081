//! Memory that must not grow with the input: the real binary's peak resident memory, measured
//! per child with `wait4`, for a short and a long run of the same command.
//!
//! A child's peak counts its parent's resident memory at the spawn (the child starts as a view
//! of the parent's memory until it execs), so these tests live in a binary of their own that
//! runs nothing big in-process: beside tests that search with a 128 MiB table, every child would
//! seem to use 128 MiB.
#![cfg(target_os = "linux")]

use crate::binary::{exit_and_peak, spawn_piped};
use std::io::{BufRead, BufReader, Read, Write};

struct Run {
    code: i32,
    /// Bytes written to standard output, and the last line: the output itself is not kept,
    /// which would make this process, and so the next child, big.
    out_bytes: usize,
    last_line: String,
    err: String,
    /// The child's own peak resident memory, in KiB.
    peak: i64,
}

/// Runs tictree with `args`, writing `input` to its standard input `times` times from another
/// thread (so a long input is never held whole here either).
fn measured(args: &[&str], input: &'static [u8], times: usize) -> Run {
    let mut child = spawn_piped(args);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..times {
            stdin.write_all(input)?;
        }
        Ok::<(), std::io::Error>(())
    });
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let out = std::thread::spawn(move || {
        let (mut bytes, mut last) = (0, String::new());
        for line in stdout.lines() {
            last = line.unwrap();
            bytes += last.len() + 1;
        }
        (bytes, last)
    });
    let mut stderr = child.stderr.take().unwrap();
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).unwrap();
        text
    });
    let (code, peak) = exit_and_peak(&mut child);
    // A command that ends before reading everything (trace reads nothing) closes the pipe.
    let _ = writer.join().unwrap();
    let (out_bytes, last_line) = out.join().unwrap();
    Run {
        code,
        out_bytes,
        last_line,
        err: err.join().unwrap(),
        peak,
    }
}

#[test]
fn a_batch_line_without_end_costs_no_memory() {
    let args = [
        "solve", "--rules", "connect4", "--hash", "1", "--batch", "-",
    ];
    let base = measured(&args, b"4453 -2\n", 1);
    assert_eq!(base.code, 0, "{}", base.err);
    // 50 MB of digits and no newline: a line without end, cut short. (Zero bytes stop the batch
    // at the first: tests/cli/solve_batch.rs.)
    static DIGITS: [u8; 1 << 20] = [b'4'; 1 << 20];
    let run = measured(&args, &DIGITS, 50);
    assert_eq!(run.code, 1);
    assert_eq!(run.out_bytes, 0);
    // Before, the message quoted the line: 300 MB of escaped zero bytes, when it was those.
    assert!(run.err.len() < 1000, "{} bytes on stderr", run.err.len());
    assert_eq!(
        run.err,
        "tictree: line 1: 52,428,800 bytes long, more than any position and its scores take \
         (4,096 at most)\ntictree: 1 line(s) failed: 1 could not be solved, 0 disagreed with the \
         expected score; 0 solved\n"
    );
    // The line used to be kept whole, then copied while parsed: many times its length.
    assert!(
        run.peak <= base.peak + 2048,
        "{} KiB, against {} KiB for one short line",
        run.peak,
        base.peak
    );
}

#[test]
fn a_trace_takes_the_same_memory_however_long() {
    let run = |algo: &str, nodes: u64| {
        let limit = nodes.to_string();
        let args = [
            "trace", "--rules", "connect4", "--algo", algo, "--limit", &limit,
        ];
        let run = measured(&args, b"", 0);
        assert_eq!(run.code, 0, "{}", run.err);
        let summary: serde_json::Value = serde_json::from_str(&run.last_line).unwrap();
        assert_eq!(summary["nodes"].as_u64(), Some(nodes), "{summary}");
        (run.out_bytes, run.peak)
    };
    // The engine model's table is full (65,536 positions) well before 150,000 nodes; after that
    // nothing grows. It used to keep a journal of every write and a checkpoint every few
    // thousand events: some 20 MiB more for three times the nodes, and on without end.
    let (short_bytes, short) = run("engine", 150_000);
    let (long_bytes, long) = run("engine", 450_000);
    assert!(long_bytes > 2 * short_bytes);
    // Peaks vary by some hundreds of KiB from run to run (14.98–15.32 MiB for either), and once
    // by more than 1 MiB on a busy machine: 4 MiB of slack, a fifth of the growth it guards.
    assert!(
        long <= short + 4096,
        "{short} KiB for 150,000 nodes, {long} KiB for 450,000"
    );
}
