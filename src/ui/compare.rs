//! The comparison popup: minimax, alphabeta and the engine on the same position, side by side,
//! with the same figures as `tictree analyze --compare`.

use super::popup::centered;
use super::theme::Theme;
use crate::app::{COMPARE_ALLOWANCE, Comparison, best_score, duration, names_within, thousands};
use crate::engine::game::notation::plies;
use crate::engine::{Algorithm, CompareRow, Reach};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};
use std::time::Duration;

/// The comparison popup, centred over whatever is below.
pub struct ComparePopup<'a> {
    /// The comparison so far.
    pub comparison: &'a Comparison,
    /// Styles.
    pub theme: Theme,
}

impl Widget for ComparePopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let comparison = self.comparison;
        let best_width = best_width(comparison);
        let mut lines = heading(comparison, best_width, self.theme);
        let mut notes = Vec::new();
        for (index, algorithm) in Algorithm::ALL.into_iter().enumerate() {
            let (text, note) = algorithm_row(comparison, index, algorithm, best_width);
            lines.push(Line::raw(text));
            notes.extend(note);
        }
        lines.extend(
            notes
                .into_iter()
                .map(|note| Line::styled(note, self.theme.dim())),
        );
        lines.push(Line::default());
        // Only where a row shows an estimate (its best move's value): a depth that reaches
        // every end is exact.
        let estimated = comparison.rows.iter().any(|row| {
            matches!(row, CompareRow::Finished(analysis)
                if analysis.moves.first().is_some_and(|m| !m.value.is_exact()))
        });
        lines.extend(
            footnote(comparison.reach, estimated)
                .into_iter()
                .map(|text| Line::styled(text, self.theme.dim())),
        );
        let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 3;
        let popup = centered(area, width, lines.len() as u16 + 2);
        Clear.render(popup, buf);
        let status = if comparison.running() {
            " running… · Esc or c closes "
        } else {
            " also in the log · Esc or c closes "
        };
        Paragraph::new(lines)
            .block(
                Block::bordered()
                    .title(" Compare algorithms ")
                    .title_bottom(status)
                    .border_style(self.theme.border(true)),
            )
            .render(popup, buf);
    }
}

/// The best-moves column's width: room for two names and how many more (`a3 b3 (7 more)`) and
/// for `64 of 64 done`, whatever the rows will say, so the popup never widens as they arrive and
/// the columns after it stay under their headings.
fn best_width(comparison: &Comparison) -> usize {
    let legal = comparison.position.legal_moves().len();
    let most_names = format!("a1 b1 ({} more)", legal.saturating_sub(2));
    let most_done = format!("{legal} of {legal} done");
    most_names.len().max(most_done.len()).max(12)
}

/// The position, how far the comparison searches, and the column headings, the best moves
/// `best` wide.
fn heading(comparison: &Comparison, best: usize, theme: Theme) -> Vec<Line<'static>> {
    let rules = *comparison.position.rules();
    vec![
        // The position on a line of its own: Connect Four's takes 47 columns.
        Line::raw(format!(
            " {} · {} to move · {}",
            rules,
            comparison.position.to_move(),
            match comparison.reach {
                Reach::Exact => "to the end of the game".to_string(),
                Reach::Depth(depth) => format!("to depth {depth}"),
            }
        )),
        Line::raw(format!(" {}", comparison.position.to_notation())),
        Line::default(),
        Line::styled(
            format!(
                " {:<10} {:<b$} {:>w$} {:>11} {:>9} {:>11}",
                "algorithm",
                "best",
                "score",
                "nodes",
                "time",
                "nodes/s",
                b = best,
                w = score_width(comparison.reach)
            ),
            theme.strong(),
        ),
    ]
}

/// What an algorithm's row says in the best-moves column once it has figures: its best moves,
/// or how many moves it scored before it ran out of time.
fn best_cell(comparison: &Comparison, algorithm: Algorithm) -> Option<String> {
    let rules = *comparison.position.rules();
    match comparison
        .rows
        .iter()
        .find(|r| r.algorithm() == algorithm)?
    {
        // As `analyze --compare` names them: three moves, or two and how many more.
        CompareRow::Finished(analysis) => {
            Some(names_within(&rules.move_names(&analysis.best()), " ", 3))
        }
        CompareRow::Unfinished(unfinished) => Some(format!(
            "{} of {} done",
            unfinished.scored, unfinished.legal
        )),
    }
}

/// The row of the `index`th algorithm: its figures (the best moves `best` wide), or that it is
/// running or waiting; with a note when it ran out of time.
fn algorithm_row(
    comparison: &Comparison,
    index: usize,
    algorithm: Algorithm,
    best: usize,
) -> (String, Option<String>) {
    let row = comparison.rows.iter().find(|r| r.algorithm() == algorithm);
    let cell = best_cell(comparison, algorithm).unwrap_or_default();
    let columns = Columns {
        reach: comparison.reach,
        best,
    };
    match row {
        Some(CompareRow::Finished(analysis)) => {
            let score = best_score(analysis);
            let text = columns.figures(
                algorithm,
                &cell,
                &score,
                analysis.stats.nodes,
                analysis.elapsed,
            );
            (text, None)
        }
        Some(CompareRow::Unfinished(unfinished)) => {
            let note = format!(
                " {}: stopped when its {} s ran out, {} deep",
                algorithm.name(),
                COMPARE_ALLOWANCE.as_secs(),
                plies(unfinished.stats.depth)
            );
            let nodes = unfinished.stats.nodes;
            let text = columns.figures(algorithm, &cell, "-", nodes, unfinished.elapsed);
            (text, Some(note))
        }
        None if comparison.rows.len() == index => {
            (format!(" {:<10} running…", algorithm.name()), None)
        }
        None => (format!(" {:<10} waiting", algorithm.name()), None),
    }
}

/// What the figures mean: the same values by every algorithm, only the work differs; to a depth
/// with `estimated` values, what those are.
fn footnote(reach: Reach, estimated: bool) -> Vec<&'static str> {
    match reach {
        // A short search's time is mostly set-up (the engine clears its table first), so the
        // nodes, not the times, say which algorithm does less.
        Reach::Exact => vec![
            " Same position, same exact scores: only the work differs.",
            " Compare the nodes: times include set-up (the engine's table).",
        ],
        Reach::Depth(_) => {
            let mut lines = vec![
                " Same position, same depth, the same evaluation beyond it: same values,",
                " only the work differs (o settings: depth, the comparison's too).",
                " Compare the nodes: times include set-up (the engine's table).",
            ];
            // A lost position can read ≈+0.17 here beside the game tree's exact -10.
            if estimated {
                lines.push(" ≈ values are estimates to that depth, not the game's exact value.");
            }
            lines
        }
    }
}

/// The score column's width: estimates (`≈+0.35`) take one more than exact scores.
fn score_width(reach: Reach) -> usize {
    if reach == Reach::Exact { 5 } else { 6 }
}

/// The widths of the columns that vary: the score's (with the reach) and the best moves'.
struct Columns {
    reach: Reach,
    best: usize,
}

impl Columns {
    /// One row of figures: the best moves (or how many were scored), the score, the nodes, the
    /// time and the nodes a second.
    fn figures(
        &self,
        algorithm: Algorithm,
        best: &str,
        score: &str,
        nodes: u64,
        elapsed: Duration,
    ) -> String {
        let seconds = elapsed.as_secs_f64();
        let rate = if seconds > 0.0 {
            thousands((nodes as f64 / seconds) as u64)
        } else {
            "-".into()
        };
        format!(
            " {:<10} {:<b$} {:>w$} {:>11} {:>9} {:>11}",
            algorithm.name(),
            best,
            score,
            thousands(nodes),
            duration(elapsed),
            rate,
            b = self.best,
            w = score_width(self.reach)
        )
    }
}
