//! The replay pane's stack: one row a level from the root down to the node the search is at,
//! each with its ply, the move into it, whose values it holds, α, β and the best so far, laid out
//! to fit the pane's width without cutting a row.

use super::theme::Theme;
use crate::engine::{Level, Move, Player, Replay, Rules, View};
use ratatui::text::{Line, Span};

/// How the stack's columns are spaced: roomy, or packed tight where a roomy row would be cut
/// (a replay pane narrower than about 50 columns, as on an 80-column terminal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Columns {
    Roomy,
    Tight,
}

/// The width of an estimate as the stack shows it: `≈+0.15`.
const ESTIMATE_WIDTH: usize = 6;

/// How the stack is laid out: whether the search has a window, the view, the spacing, the width
/// of the value columns (estimates such as `≈+0.15` are wider than exact values), and what a
/// narrow pane leaves out so that no row is cut: first the move each best so far was found with,
/// then the ply column (the levels go down one ply a row).
pub(super) struct StackLayout {
    windowed: bool,
    view: View,
    columns: Columns,
    value_width: usize,
    best_moves: bool,
    plies: bool,
}

impl StackLayout {
    /// The roomiest layout in which any row the stack could hold fits `width` (the tightest if
    /// none does). It is chosen from the width of the values, not from the rows of the moment, so
    /// the columns stay put from step to step: below a depth limit any value may be an estimate
    /// (`≈+0.15`, six columns), and the value columns are that wide throughout.
    pub(super) fn fitting(replay: &Replay, windowed: bool, view: View, width: u16) -> Self {
        let rules = *replay.root().rules();
        let estimates = if replay.limits().depth.is_some() {
            ESTIMATE_WIDTH
        } else {
            0
        };
        let widest_value = replay
            .stack()
            .iter()
            .flat_map(|level| {
                let side = level.position.to_move();
                let (alpha, beta) = view.window(side, (level.alpha, level.beta));
                [alpha, beta, view.value(side, level.best)]
            })
            .map(|value| value.to_string().chars().count())
            .chain([estimates])
            .max()
            .unwrap_or(0);
        let longest_move = (0..rules.cells())
            .map(|cell| rules.move_name(Move(cell as u8)).chars().count())
            .max()
            .unwrap_or(0);
        let candidates = [
            (Columns::Roomy, true, true),
            (Columns::Tight, true, true),
            (Columns::Tight, false, true),
            (Columns::Tight, false, false),
        ];
        let layouts = candidates.map(|(columns, best_moves, plies)| StackLayout {
            windowed,
            view,
            columns,
            value_width: widest_value.max(match columns {
                Columns::Roomy => 6,
                Columns::Tight => 3,
            }),
            best_moves,
            plies,
        });
        let widest_row = |layout: &StackLayout| {
            let value = "0".repeat(layout.value_width);
            let row = Row {
                ply: 64,
                mv: "(root)".into(),
                label: view.label(Player::X).to_string(),
                alpha: value.clone(),
                beta: value.clone(),
                best: (value.clone(), Some("a".repeat(longest_move))),
                crossed: windowed,
            };
            row.format(layout).chars().count()
        };
        let last = layouts.len() - 1;
        let index = layouts
            .iter()
            .position(|layout| widest_row(layout) <= usize::from(width))
            .unwrap_or(last);
        layouts.into_iter().nth(index).expect("a layout")
    }
}

/// The stack's column headings, with the note on whose view the values take when it fits.
pub(super) fn column_header(layout: &StackLayout, theme: Theme, width: u16) -> Vec<Span<'static>> {
    let view = layout.view;
    // The third column says whose values a row holds (negamax) or what its side does (max/min).
    let third = match (view, layout.columns) {
        (View::Negamax, Columns::Roomy) => "values",
        (View::Negamax, Columns::Tight) => "value",
        (View::MaxMin, _) => "side",
    };
    let w = layout.value_width;
    let (a, b) = ("α", "β");
    let headings = match (layout.windowed, layout.columns) {
        (true, Columns::Roomy) => {
            format!(" ply  move    {third:<6} {a:>w$} {b:>w$}    best so far")
        }
        (false, Columns::Roomy) => format!(" ply  move    {third:<6}    best so far"),
        (true, Columns::Tight) => format!("move   {third:<5} {a:>w$} {b:>w$} best"),
        (false, Columns::Tight) => format!("move   {third:<5} best"),
    };
    let headings = match layout.columns {
        Columns::Tight if layout.plies => format!("ply {headings}"),
        _ => headings,
    };
    let note = format!("  ({})", view.meaning());
    let fits = headings.chars().count() + note.chars().count() <= usize::from(width);
    let mut header = vec![Span::styled(headings, theme.strong())];
    if fits {
        header.push(Span::styled(note, theme.dim()));
    }
    header
}

/// The stack from the root down in `rows` rows, the node the search is at highlighted.
pub(super) fn stack_rows(
    stack: &[Level],
    rows: usize,
    layout: &StackLayout,
    rules: Rules,
    theme: Theme,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    // The deepest levels matter most: when the stack is taller than the room, the top goes.
    let shown = if stack.len() > rows && rows >= 2 {
        rows - 1
    } else {
        rows
    };
    let skip = stack.len() - shown;
    if shown < rows {
        // Never "1 levels": the count line only replaces a level when two or more are left
        // out (one left out would take the row that could show it).
        lines.push(Line::styled(
            format!("  … {skip} levels above"),
            theme.dim(),
        ));
    }
    for (index, level) in stack.iter().enumerate().skip(skip) {
        let style = if index + 1 == stack.len() {
            theme.selected()
        } else {
            ratatui::style::Style::new()
        };
        lines.push(Line::styled(level_row(level, layout, rules), style));
    }
    lines
}

/// One level of the stack: its ply, the move into it, whose values the row holds (negamax:
/// `for O`) or what its side does (max/min: `O min`), its window and its best so far, all in
/// the view's terms.
fn level_row(level: &Level, layout: &StackLayout, rules: Rules) -> String {
    let view = layout.view;
    let side = level.position.to_move();
    let best = match (level.best.is_infinite(), level.best_move) {
        (false, Some(mv)) => (
            view.value(side, level.best).to_string(),
            Some(rules.move_name(mv)),
        ),
        _ => ("—".to_string(), None),
    };
    let (alpha, beta) = view.window(side, (level.alpha, level.beta));
    Row {
        ply: level.ply,
        mv: match level.mv {
            Some(mv) => format!("{} {}", side.opponent(), rules.move_name(mv)),
            None => "(root)".to_string(),
        },
        label: view.label(side).to_string(),
        // A cutoff leaves α at or above β: the row says so, the condition it met.
        crossed: layout.windowed && alpha.key() >= beta.key(),
        alpha: alpha.to_string(),
        beta: beta.to_string(),
        best,
    }
    .format(layout)
}

/// The texts of one row of the stack.
struct Row {
    ply: u32,
    mv: String,
    label: String,
    alpha: String,
    beta: String,
    /// The best so far (`—` if none yet) and the move it was found with.
    best: (String, Option<String>),
    /// Whether α ≥ β (a cutoff).
    crossed: bool,
}

impl Row {
    fn format(&self, layout: &StackLayout) -> String {
        let Row {
            ply,
            mv,
            label,
            alpha,
            beta,
            ..
        } = self;
        let best = match &self.best {
            (value, Some(mv)) if layout.best_moves => format!("{value} ({mv})"),
            (value, _) => value.clone(),
        };
        let crossed = match (self.crossed, layout.columns) {
            (false, _) => "",
            (true, Columns::Roomy) => "  α ≥ β",
            (true, Columns::Tight) => " α≥β",
        };
        let w = layout.value_width;
        let row = match (layout.windowed, layout.columns) {
            (true, Columns::Roomy) => {
                return format!(
                    " {ply:>3}  {mv:<7} {label:<6} {alpha:>w$} {beta:>w$}    {best}{crossed}"
                );
            }
            (false, Columns::Roomy) => return format!(" {ply:>3}  {mv:<7} {label:<6}    {best}"),
            (true, Columns::Tight) => {
                format!("{mv:<6} {label:<5} {alpha:>w$} {beta:>w$} {best}{crossed}")
            }
            (false, Columns::Tight) => format!("{mv:<6} {label:<5} {best}"),
        };
        if layout.plies {
            format!("{ply:>3} {row}")
        } else {
            row
        }
    }
}
