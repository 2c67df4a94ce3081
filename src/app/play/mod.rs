//! Playing the game: the moves made and to be undone, the record, the board as drawn, the
//! human's moves and the game's course, the analysis of the position on the board as it arrives
//! and its log line, and the AI's turn.

pub(in crate::app) mod ai_turn;
pub(in crate::app) mod board_view;
pub(in crate::app) mod game;
pub(in crate::app) mod record;
pub(in crate::app) mod search_log;
pub(in crate::app) mod search_view;
pub(in crate::app) mod turns;
