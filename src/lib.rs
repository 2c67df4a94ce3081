//! tictree: tic-tac-toe and its bigger relatives against a minimax AI, with a view inside the AI.

pub mod app;
pub mod cli;
pub mod config;
pub mod engine;
pub mod environment;
pub mod tui;
pub mod ui;
