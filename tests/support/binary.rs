//! The real binary run as a script runs it: its exit status, standard output and standard error,
//! with or without standard input, and its own peak memory. Every test that runs the binary
//! outside a pseudo-terminal starts it here.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// The tictree binary of this build, ready for arguments, input and environment.
pub fn tictree_command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tictree"))
}

/// Runs tictree with `args`: (status, stdout, stderr); -1 for a status killed by a signal.
pub fn tictree(args: &[&str]) -> (i32, String, String) {
    let output = tictree_command().args(args).output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// How a run ended: its exit status (-1 if killed by a signal), standard output and error.
pub struct Run {
    pub code: i32,
    pub out: String,
    pub err: String,
}

/// tictree started with `args`, its standard input, output and error piped to the test.
pub fn spawn_piped(args: &[&str]) -> std::process::Child {
    tictree_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Runs tictree with `args`, `input` on its standard input.
pub fn tictree_with_input(args: &[&str], input: &str) -> Run {
    let mut child = spawn_piped(args);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    Run {
        code: output.status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&output.stdout).into_owned(),
        err: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Waits for the child: its exit status and its own peak resident memory in KiB (not the test's,
/// nor another child's, as `RUSAGE_CHILDREN` would).
#[cfg(target_os = "linux")]
pub fn exit_and_peak(child: &mut std::process::Child) -> (i32, i64) {
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid, and wait4 only writes into the two locals.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    assert_eq!(unsafe { libc::wait4(pid, &mut status, 0, &mut usage) }, pid);
    assert!(libc::WIFEXITED(status));
    (libc::WEXITSTATUS(status), usage.ru_maxrss)
}

/// Makes a named pipe (FIFO) at `path`, for the paths that must never be opened or replaced.
#[cfg(unix)]
#[allow(dead_code)] // Not every test binary including this file makes pipes.
pub fn make_pipe(path: &std::path::Path) {
    let name = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo reads a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
}
