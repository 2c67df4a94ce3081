//! The comparison popup: minimax, alphabeta and the engine on the same position, side by side,
//! with the same figures as `tictree analyze --compare`.

use super::popup::centered;
use super::theme::Theme;
use super::wrap;
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
        let (comparison, theme) = (self.comparison, self.theme);
        // Borders and a column of margin: what is left holds the text.
        let room = usize::from(area.width.saturating_sub(3));
        let columns = Columns::within(comparison, room);
        let mut table = vec![Line::styled(columns.heading(), theme.strong())];
        let mut notes = Vec::new();
        for (index, algorithm) in Algorithm::ALL.into_iter().enumerate() {
            let (text, note) = algorithm_row(comparison, index, algorithm, &columns);
            table.push(Line::raw(text));
            notes.extend(note);
        }
        // Only where a row shows an estimate (its best move's value): a depth that reaches
        // every end is exact.
        let estimated = comparison.rows.iter().any(|row| {
            matches!(row, CompareRow::Finished(analysis)
                if analysis.moves.first().is_some_and(|m| !m.value.is_exact()))
        });
        let below: Vec<Line> = notes
            .into_iter()
            .map(|note| Line::styled(note, theme.dim()))
            .collect();
        let footnote = footnote(comparison.reach, estimated, columns.time);
        let title = heading(comparison);
        // The position on one row where the screen allows.
        let notation = comparison.position.to_notation();
        let written = footnote.iter().flatten().map(|line| line.chars().count());
        let widest = std::iter::once(&title)
            .chain(&table)
            .chain(&below)
            .map(Line::width)
            .chain(written)
            .chain([1 + notation.chars().count()])
            .max()
            .unwrap_or(0);
        // The sentences wrap into the popup rather than run off its edge, under their first
        // word; the table's columns already fit (those that would not are left out).
        let width = widest.min(room) as u16;
        let wrapped = |lines: Vec<Line<'static>>| -> Vec<Line<'static>> {
            lines
                .iter()
                .flat_map(|line| wrap::rows(line, width, 1))
                .collect()
        };
        // The heading wraps as a sentence; the position breaks between its rows, never in one.
        let mut lines = wrapped(vec![title]);
        lines.extend(
            wrap::notation_rows(&notation, width.saturating_sub(1))
                .into_iter()
                .map(|row| Line::raw(format!(" {row}"))),
        );
        lines.push(Line::default());
        lines.extend(table);
        lines.extend(wrapped(below));
        // On a short screen the footnote gives way, whole: the table is what the popup is for.
        let footnote = wrapped(footnote_lines(&footnote, width, theme));
        let rows = usize::from(area.height.saturating_sub(2));
        if lines.len() + 1 + footnote.len() <= rows {
            lines.push(Line::default());
            lines.extend(footnote);
        }
        let popup = centered(area, width + 3, lines.len() as u16 + 2);
        Clear.render(popup, buf);
        // Said shorter, never cut, on a narrow popup.
        let status = wrap::first_fitting(
            if comparison.running() {
                vec![
                    " running… · Esc or c closes ".into(),
                    " running… · Esc ".into(),
                ]
            } else {
                vec![
                    " also in the log · Esc or c closes ".into(),
                    " in the log · Esc ".into(),
                    " Esc ".into(),
                ]
            },
            width + 1,
        );
        Paragraph::new(lines)
            .block(
                Block::bordered()
                    .title(" Compare algorithms ")
                    .title_bottom(status)
                    .border_style(theme.border(true)),
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

/// The rules, the side to move and how far the comparison searches (the position itself follows
/// on rows of its own: Connect Four's takes 47 columns).
fn heading(comparison: &Comparison) -> Line<'static> {
    let rules = *comparison.position.rules();
    Line::raw(format!(
        " {} · {} to move · {}",
        rules,
        comparison.position.to_move(),
        match comparison.reach {
            Reach::Exact => "to the end of the game".to_string(),
            Reach::Depth(depth) => format!("to depth {depth}"),
        }
    ))
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

/// The row of the `index`th algorithm: its figures in `columns`, or that it is running or
/// waiting; with a note when it ran out of time.
fn algorithm_row(
    comparison: &Comparison,
    index: usize,
    algorithm: Algorithm,
    columns: &Columns,
) -> (String, Option<String>) {
    let row = comparison.rows.iter().find(|r| r.algorithm() == algorithm);
    let cell = best_cell(comparison, algorithm).unwrap_or_default();
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
/// with `estimated` values, what those are; with the `time` column, why it is not the measure.
/// Paragraphs, each in its written lines (which join into one where the popup is narrower).
fn footnote(reach: Reach, estimated: bool, time: bool) -> Vec<Vec<&'static str>> {
    // A short search's time is mostly set-up (the engine clears its table first), so the
    // nodes, not the times, say which algorithm does less.
    let nodes = if time {
        " Compare the nodes: times include set-up (the engine's table)."
    } else {
        " Compare the nodes."
    };
    match reach {
        Reach::Exact => vec![
            vec![" Same position, same exact scores: only the work differs."],
            vec![nodes],
        ],
        Reach::Depth(_) => {
            let mut paragraphs = vec![
                vec![
                    " Same position, same depth, the same evaluation beyond it: same values,",
                    " only the work differs (o settings: depth, the comparison's too).",
                ],
                vec![nodes],
            ];
            // A lost position can read ≈+0.17 here beside the game tree's exact -10.
            if estimated {
                paragraphs.push(vec![
                    " ≈ values are estimates to that depth, not the game's exact value.",
                ]);
            }
            paragraphs
        }
    }
}

/// The footnote's paragraphs as lines: as written where they fit in `width`, else each one
/// joined, so that a narrow popup does not break a sentence where the written line ended.
fn footnote_lines(
    paragraphs: &[Vec<&'static str>],
    width: u16,
    theme: Theme,
) -> Vec<Line<'static>> {
    let written = paragraphs.iter().flatten().map(|line| line.chars().count());
    let as_written = written.max().unwrap_or(0) <= usize::from(width);
    paragraphs
        .iter()
        .flat_map(|paragraph| match as_written {
            true => paragraph.iter().map(|line| line.to_string()).collect(),
            false => vec![paragraph.concat()],
        })
        .map(|text| Line::styled(text, theme.dim()))
        .collect()
}

/// The score column's width: estimates (`≈+0.35`) take one more than exact scores.
fn score_width(reach: Reach) -> usize {
    if reach == Reach::Exact { 5 } else { 6 }
}

/// The table's columns: the widths of those that vary (the score's with the reach, the best
/// moves'), and which of the others fit (the rate goes first where the popup is narrow, then the
/// time, then the best moves: the nodes are what the comparison is about).
struct Columns {
    reach: Reach,
    /// The best moves' width; `None`: left out.
    best: Option<usize>,
    time: bool,
    rate: bool,
}

/// Widths of the time and rate columns, the blank before each included.
const TIME_WIDTH: usize = 10;
const RATE_WIDTH: usize = 12;

impl Columns {
    /// The columns of `comparison`'s table within `room` columns.
    fn within(comparison: &Comparison, room: usize) -> Columns {
        let reach = comparison.reach;
        let best = best_width(comparison);
        // The algorithm's name, the score and the nodes, blanks included.
        let always = 1 + 10 + 1 + score_width(reach) + 12;
        let with_best = always + best + 1;
        Columns {
            reach,
            best: (with_best <= room).then_some(best),
            time: with_best + TIME_WIDTH <= room,
            rate: with_best + TIME_WIDTH + RATE_WIDTH <= room,
        }
    }

    /// The headings.
    fn heading(&self) -> String {
        self.row("algorithm", "best", "score", "nodes", "time", "nodes/s")
    }

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
        let (nodes, time) = (thousands(nodes), duration(elapsed));
        self.row(algorithm.name(), best, score, &nodes, &time, &rate)
    }

    /// A row of the table, its cells under their headings, without the columns left out.
    fn row(
        &self,
        name: &str,
        best: &str,
        score: &str,
        nodes: &str,
        time: &str,
        rate: &str,
    ) -> String {
        let mut row = format!(" {name:<10}");
        if let Some(width) = self.best {
            row.push_str(&format!(" {best:<width$}"));
        }
        row.push_str(&format!(
            " {score:>w$} {nodes:>11}",
            w = score_width(self.reach)
        ));
        if self.time {
            row.push_str(&format!(" {time:>9}"));
        }
        if self.rate {
            row.push_str(&format!(" {rate:>11}"));
        }
        row
    }
}
