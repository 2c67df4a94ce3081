//! What the environment says about the terminal, read in one place for the game and the
//! commands alike.

/// Whether `NO_COLOR` asks for no colour: "when present and not an empty string"
/// (no-color.org).
pub fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty())
}

/// Whether the terminal says it cannot move its cursor or redraw (`TERM=dumb`: Emacs' shell
/// buffer, some CI logs): no full screen there, and no progress lines redrawn in place.
pub fn is_dumb_terminal() -> bool {
    std::env::var_os("TERM").is_some_and(|term| term == "dumb")
}
