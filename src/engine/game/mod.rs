//! The game itself: rules, positions and moves, the notation people type, the bit layout the
//! searches use, and the depth-aware score.

pub mod layout;
pub mod notation;
pub mod position;
mod reachable;
pub mod rules;
pub mod score;
