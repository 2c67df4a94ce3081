//! Where popups go: centred, clipped to the screen.

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
