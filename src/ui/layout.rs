//! Where each pane goes. The board pane takes the largest board scale that fits and the right
//! column gets the rest; below a minimum size nothing but a "too small" message is drawn.

use crate::engine::Rules;
use ratatui::layout::{Constraint, Layout, Rect};

/// Narrowest right column (tree and log) that stays readable.
pub const RIGHT_MIN: u16 = 40;
/// Width of the right column worth a smaller board: room for the principal variations.
pub const RIGHT_WANTED: u16 = 60;
/// Fewest rows of the tree pane, borders included.
pub const TREE_MIN: u16 = 7;
/// Fewest rows of the log pane, borders included.
pub const LOG_MIN: u16 = 5;

/// A board cell's interior size in characters. With the grid line, each cell's pitch is twice as
/// wide as it is tall, which looks square in a terminal whose characters are twice as tall as wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale {
    /// Interior width of a cell.
    pub cell_w: u16,
    /// Interior height of a cell.
    pub cell_h: u16,
}

/// Board scales, largest first.
pub const SCALES: [Scale; 3] = [
    Scale {
        cell_w: 7,
        cell_h: 3,
    },
    Scale {
        cell_w: 5,
        cell_h: 2,
    },
    Scale {
        cell_w: 3,
        cell_h: 1,
    },
];

impl Scale {
    /// Size of the grid, lines included.
    pub fn grid(self, rules: &Rules) -> (u16, u16) {
        (
            u16::from(rules.width) * (self.cell_w + 1) + 1,
            u16::from(rules.height) * (self.cell_h + 1) + 1,
        )
    }

    /// Size of the board pane: borders, row labels, grid, the drop-marker row above the grid, the
    /// column labels and one caption line below it.
    pub fn pane(self, rules: &Rules) -> (u16, u16) {
        let (w, h) = self.grid(rules);
        (w + 2 + 3 + 1, h + 2 + 1 + 1 + 1)
    }
}

/// The rectangles of one frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panes {
    /// Title line.
    pub header: Rect,
    /// The board pane.
    pub board: Rect,
    /// The board's scale.
    pub scale: Scale,
    /// The game-tree pane.
    pub tree: Rect,
    /// The log pane.
    pub log: Rect,
    /// The status bar.
    pub status: Rect,
}

/// The smallest terminal that shows a game of these rules.
pub fn min_size(rules: &Rules) -> (u16, u16) {
    let (w, h) = SCALES[SCALES.len() - 1].pane(rules);
    (w + RIGHT_MIN, h.max(TREE_MIN + LOG_MIN) + 2)
}

/// Lays out a frame, or `Err((width, height))` with the size needed when the area is too small.
pub fn panes(area: Rect, rules: &Rules, tree_rows: usize) -> Result<Panes, (u16, u16)> {
    let (min_w, min_h) = min_size(rules);
    if area.width < min_w || area.height < min_h {
        return Err((min_w, min_h));
    }
    let body_h = area.height - 2;
    let fits = |right: u16| {
        SCALES.into_iter().find(|s| {
            let (w, h) = s.pane(rules);
            w + right <= area.width && h <= body_h
        })
    };
    let scale = fits(RIGHT_WANTED)
        .or_else(|| fits(RIGHT_MIN))
        .unwrap_or(SCALES[SCALES.len() - 1]);
    let [header, body, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [board, right] =
        Layout::horizontal([Constraint::Length(scale.pane(rules).0), Constraint::Fill(1)])
            .areas(body);
    // The tree gets a row per candidate (plus header, footer and borders) while the log keeps its minimum.
    let wanted = u16::try_from(tree_rows)
        .unwrap_or(u16::MAX)
        .saturating_add(4);
    // On big boards the log keeps at least a third of the column.
    let most = (body_h * 2 / 3)
        .max(TREE_MIN)
        .min(body_h.saturating_sub(LOG_MIN));
    let tree_h = wanted.min(most).max(TREE_MIN);
    let [tree, log] =
        Layout::vertical([Constraint::Length(tree_h), Constraint::Fill(1)]).areas(right);
    Ok(Panes {
        header,
        board,
        scale,
        tree,
        log,
        status,
    })
}
