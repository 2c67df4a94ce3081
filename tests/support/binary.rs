//! The real binary run as a script runs it: its exit status, standard output and standard error.
//! Every test that runs the binary starts it here.

#![allow(dead_code)]

use std::process::Command;

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
