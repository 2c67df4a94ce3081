//! The replay pane's children view: every move of the node being decided, in search order,
//! with what it has led to so far. Each state is a word, not only a colour: a value, `now` (being
//! searched), `not yet`, `pruned`, `(table)` for a value the transposition table gave, and `★`
//! before the best so far.

use super::theme::Theme;
use super::wrap;
use crate::engine::search::replay::Bound;
use crate::engine::{Child, Replay, Rules, View};
use ratatui::text::{Line, Span};

/// How the children's heading reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Heading {
    /// `children of X b1 (for O, ★ best):`
    Full,
    /// `children of X b1, for O:`, for a pane with few rows to spare that leaves out the node's
    /// own row: the heading is then what says whose children they are.
    Named,
    /// `children, for O:`, for a pane with few rows to spare, the node's row in view above.
    Brief,
}

/// The depth on the stack of the node whose children the view lists: the deepest that has
/// moves.
pub(super) fn deciding_depth(replay: &Replay) -> Option<usize> {
    (0..replay.stack().len())
        .rev()
        .find(|&depth| !replay.moves_of(depth).is_empty())
}

/// The children of the deepest node on the stack that has moves (a leaf or a node ended by the
/// table has none: its parent is the one deciding), flowed over as many rows as they need, after
/// `heading`.
pub(super) fn children_rows(
    replay: &Replay,
    view: View,
    rules: Rules,
    theme: Theme,
    width: u16,
    heading: Heading,
) -> Vec<Line<'static>> {
    let stack = replay.stack();
    let Some(depth) = deciding_depth(replay) else {
        return Vec::new();
    };
    let level = &stack[depth];
    let side = level.position.to_move();
    let node = match level.mv {
        Some(mv) => format!("{} {}", side.opponent(), rules.move_name(mv)),
        None => "the root".to_string(),
    };
    let heading = match heading {
        Heading::Full => format!("children of {node} ({}, ★ best):", view.label(side)),
        Heading::Named => format!("children of {node}, {}:", view.label(side)),
        Heading::Brief => format!("children, {}:", view.label(side)),
    };
    let mut groups: Vec<Vec<Span<'static>>> = vec![vec![Span::styled(heading, theme.dim())]];
    let children = replay.children_of(depth);
    let moves = replay.moves_of(depth);
    for (index, (&mv, child)) in moves.iter().zip(children).enumerate() {
        let name = rules.move_name(mv);
        // Every move worth exactly the best so far is starred, as the sentence below names them
        // all ("Best: a2, c2, a1 and c1"), not only the first that reached it.
        let equal =
            matches!(child, Child::Done { value, bound: Bound::Exact, .. } if value == level.best);
        let best = child.value().is_some() && (level.best_move == Some(mv) || equal);
        let (text, style) = match child {
            Child::Done {
                value,
                bound,
                table,
            } => {
                // A child that stopped early (a cutoff below it) holds a bound: `≤+6`.
                let value = format!(
                    "{}{}",
                    view.bound(side, bound).sign(),
                    view.value(side, value)
                );
                let from = if table { " (table)" } else { "" };
                let star = if best { "★" } else { "" };
                let style = if best {
                    theme.strong()
                } else {
                    ratatui::style::Style::new()
                };
                (format!("{star}{name} {value}{from}"), style)
            }
            Child::Searching => (format!("{name} now"), theme.selected()),
            Child::NotYet => (format!("{name} not yet"), theme.dim()),
            Child::Pruned => (format!("{name} pruned"), theme.pruned()),
        };
        let sep = if index + 1 < moves.len() { " ·" } else { "" };
        groups.push(vec![Span::styled(text, style), Span::raw(sep)]);
    }
    wrap::flow(groups, 1, width, 1)
}
