//! Where each pane goes. The board pane takes the largest board scale that fits and the right
//! column gets the rest; below a minimum size nothing but a "too small" message is drawn.

use crate::engine::Rules;
use ratatui::layout::{Constraint, Layout, Rect};

/// Narrowest right column (tree and log) that stays readable.
pub const RIGHT_MIN: u16 = 40;
/// Width of the right column worth a smaller board: room for the principal variations.
pub const RIGHT_WANTED: u16 = 60;
/// Width of the right column the two big scales must leave: the analysis, the replay's stack
/// and its sentences matter more than bigger marks.
pub const RIGHT_ROOMY: u16 = 76;
/// How many of `SCALES` (the first ones) are the big scales that need `RIGHT_ROOMY`.
const BIG_SCALES: usize = 2;
/// The smallest board scale: every layout can fall back on it.
const SMALLEST: Scale = SCALES[SCALES.len() - 1];
/// Fewest rows of the tree pane, borders included.
pub const TREE_MIN: u16 = 7;
/// Fewest rows of the log pane, borders included.
pub const LOG_MIN: u16 = 5;
/// Fewest rows of the move list under the board, borders included.
pub const MOVES_MIN: u16 = 4;

/// A board cell's interior size in characters. With the grid line, each cell's pitch is twice as
/// wide as it is tall, which looks square in a terminal whose characters are twice as tall as wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale {
    /// Interior width of a cell.
    pub cell_w: u16,
    /// Interior height of a cell.
    pub cell_h: u16,
}

/// Board scales, largest first: a big screen gets a big board.
pub const SCALES: [Scale; 5] = [
    Scale {
        cell_w: 15,
        cell_h: 7,
    },
    Scale {
        cell_w: 11,
        cell_h: 5,
    },
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
    /// The move list under the board, where the board leaves rows enough for it.
    pub moves: Option<Rect>,
    /// The game-tree pane.
    pub tree: Rect,
    /// The log pane.
    pub log: Rect,
    /// The status bar.
    pub status: Rect,
}

/// The smallest terminal that shows a game of these rules.
pub fn min_size(rules: &Rules) -> (u16, u16) {
    let (w, h) = SMALLEST.pane(rules);
    (w + RIGHT_MIN, h.max(TREE_MIN + LOG_MIN) + 2)
}

/// Lays out a frame, or `Err((width, height))` with the size needed when the area is too small:
/// side by side (board left, tree and log right) where the width allows, else stacked (the board
/// above the tree and the log) on a narrow but tall terminal.
pub fn panes(area: Rect, rules: &Rules, tree_rows: usize) -> Result<Panes, (u16, u16)> {
    let (min_w, min_h) = min_size(rules);
    let side =
        (area.width >= min_w && area.height >= min_h).then(|| side_by_side(area, rules, tree_rows));
    match (side, stacked(area, rules, tree_rows)) {
        // Stacking wins only over a board at the smallest scale, and only where the tree keeps
        // its rows: a tiny board beside the analysis is worse than a readable one above it, but
        // not at the cost of the candidates (at 120×40 8×5 k=4 stacked showed 2 of its 40).
        (Some(side), Some(stack))
            if side.scale == SMALLEST
                && stack.scale.cell_w > side.scale.cell_w
                && stack.tree.height >= side.tree.height.min(tree_wanted(tree_rows)) =>
        {
            Ok(stack)
        }
        (Some(side), _) => Ok(side),
        (None, Some(stack)) => Ok(stack),
        (None, None) => Err((min_w, min_h)),
    }
}

/// The header, body and status-bar rows of a frame.
fn frame(area: Rect) -> [Rect; 3] {
    Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area)
}

/// The board on the left at the largest scale the right column's needs allow; the tree and the
/// log on the right.
fn side_by_side(area: Rect, rules: &Rules, tree_rows: usize) -> Panes {
    let body_h = area.height - 2;
    let fits = |right: u16, scales: &[Scale]| {
        scales.iter().copied().find(|s| {
            let (w, h) = s.pane(rules);
            w + right <= area.width && h <= body_h
        })
    };
    let (big, usual) = SCALES.split_at(BIG_SCALES);
    let scale = fits(RIGHT_ROOMY, big)
        .or_else(|| fits(RIGHT_WANTED, usual))
        .or_else(|| fits(RIGHT_MIN, usual))
        .unwrap_or(SMALLEST);
    let [header, body, status] = frame(area);
    let [left, right] =
        Layout::horizontal([Constraint::Length(scale.pane(rules).0), Constraint::Fill(1)])
            .areas(body);
    // Rows the board does not need hold the move list rather than stay empty.
    let board_h = scale.pane(rules).1;
    let (board, moves) = if left.height >= board_h + MOVES_MIN {
        let [board, moves] =
            Layout::vertical([Constraint::Length(board_h), Constraint::Fill(1)]).areas(left);
        (board, Some(moves))
    } else {
        (left, None)
    };
    let [tree, log] = tree_and_log(right, tree_rows);
    Panes {
        header,
        board,
        scale,
        moves,
        tree,
        log,
        status,
    }
}

/// The board across the top at the largest usual scale that leaves the tree and the log their
/// minimum rows below it, and the tree as many rows as the smallest board would (or all it
/// wants): a taller terminal then never shows fewer candidates. `None` when even the smallest
/// does not fit.
fn stacked(area: Rect, rules: &Rules, tree_rows: usize) -> Option<Panes> {
    let body_h = area.height.checked_sub(2)?;
    if area.width < RIGHT_MIN {
        return None;
    }
    let fitting: Vec<Scale> = SCALES[BIG_SCALES..]
        .iter()
        .copied()
        .filter(|s| {
            let (w, h) = s.pane(rules);
            w <= area.width && h + TREE_MIN + LOG_MIN <= body_h
        })
        .collect();
    let tree_below = |scale: Scale| tree_height(body_h - scale.pane(rules).1, tree_rows);
    let least = tree_below(*fitting.last()?).min(tree_wanted(tree_rows));
    let scale = fitting.into_iter().find(|&s| tree_below(s) >= least)?;
    let [header, body, status] = frame(area);
    let [board, below] =
        Layout::vertical([Constraint::Length(scale.pane(rules).1), Constraint::Fill(1)])
            .areas(body);
    let [tree, log] = tree_and_log(below, tree_rows);
    Some(Panes {
        header,
        board,
        scale,
        moves: None,
        tree,
        log,
        status,
    })
}

/// The tree gets a row per candidate (plus header, footer and borders) while the log keeps its
/// minimum; on big boards the log keeps at least a third.
fn tree_and_log(area: Rect, tree_rows: usize) -> [Rect; 2] {
    let tree_h = tree_height(area.height, tree_rows);
    Layout::vertical([Constraint::Length(tree_h), Constraint::Fill(1)]).areas(area)
}

/// The tree's rows in a column of `height` rows it shares with the log.
fn tree_height(height: u16, tree_rows: usize) -> u16 {
    let most = (height * 2 / 3)
        .max(TREE_MIN)
        .min(height.saturating_sub(LOG_MIN));
    tree_wanted(tree_rows).min(most).max(TREE_MIN)
}

/// The tree pane's rows for `tree_rows` candidates: one each, with the header, the footer and
/// the borders.
fn tree_wanted(tree_rows: usize) -> u16 {
    u16::try_from(tree_rows)
        .unwrap_or(u16::MAX)
        .saturating_add(4)
}
