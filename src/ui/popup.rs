//! Where popups go: centred, clipped to the screen; and how a scrolled one says there is more.

use ratatui::layout::{Constraint, Flex, Layout, Rect};

/// A `width` × `height` rectangle centred in `area`, no larger than it.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(height.min(area.height))])
        .flex(Flex::Center)
        .areas(area);
    let [popup] = Layout::horizontal([Constraint::Length(width.min(area.width))])
        .flex(Flex::Center)
        .areas(row);
    popup
}

/// The start of a scrolled popup's bottom title: which ways there is more to see, if any
/// (`" ▲▼ more ·"`), so a reader in the middle knows both ends are out of sight. Triangles, not
/// arrows: the arrows beside it in a bottom title are keys (`↑↓ select`).
pub fn more_mark(above: bool, below: bool) -> &'static str {
    match (above, below) {
        (true, true) => " ▲▼ more ·",
        (false, true) => " ▼ more ·",
        (true, false) => " ▲ more ·",
        (false, false) => "",
    }
}
