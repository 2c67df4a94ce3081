//! The real binary in a real pseudo-terminal (portable-pty, its screen parsed with vt100): the
//! game played with keys and the mouse, the terminal given back however the program ends, and
//! the command line's progress lines.

#![cfg(unix)]

#[path = "../support/binary.rs"]
mod binary;
#[path = "../support/pty.rs"]
mod pty;

mod game;
mod progress;
mod quiz;
mod review;
mod terminal_restore;
