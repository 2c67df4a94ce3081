//! The replay pane: the search of one position, event by event. Counters at the top, the stack
//! from the root down with each level's move, whose values it holds, α, β and best so far, the
//! children of the node being decided (`replay_children.rs`), the current event's sentence, and
//! the root moves scored so far. Every value is shown in the replay's `View`: negamax (for the
//! side to move) or max/min (for X).

use super::replay_children::{Heading, children_rows};
use super::theme::Theme;
use super::wrap;
use crate::app::{ReplayState, thousands};
use crate::engine::game::notation::plies;
use crate::engine::{Algorithm, Level, Move, Player, Replay, Rules, Seek, View};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

/// The replay pane, ready to render.
pub struct ReplayPane<'a> {
    /// The replay being watched.
    pub state: &'a ReplayState,
    /// Styles.
    pub theme: Theme,
}

impl Widget for ReplayPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let state = self.state;
        let replay = &state.replay;
        let rules = *replay.root().rules();
        let view = state.view;
        let block = Block::bordered()
            .title(title(replay, view, area.width))
            .title_bottom(" v: view · ?: keys · Esc leaves ")
            .border_style(theme.border(true));
        let inner = block.inner(area);
        block.render(area, buf);

        let width = inner.width;
        let top = counter_rows(state, theme, width);
        // Minimax has no window: its α and β would be -∞ and +∞ on every row.
        let windowed = replay.algorithm() != Algorithm::Minimax;
        let stack = replay.stack();
        let layout = StackLayout::fitting(replay, windowed, view, width);
        let header = column_header(&layout, theme, width);
        let sentence = wrap::wrap(
            &Line::from(vec![
                Span::styled(" ▸ ", theme.strong()),
                Span::raw(replay.sentence_in(view)),
            ]),
            width,
            // The marker hangs in the margin, so a wrapped sentence lines up under its first word.
            3,
        );
        let mut children = children_rows(replay, view, rules, theme, width, Heading::Full);
        // At the root the children view holds the root scores and more, and takes their rows'
        // place among what matters most.
        let children_hold_scores = stack.len() <= 1 && !replay.moves_of(0).is_empty();
        let scores = if children_hold_scores {
            Vec::new()
        } else {
            root_score_rows(replay, view, rules, theme, width)
        };
        let (children_wanted, scores_wanted) = if children_hold_scores {
            (0, children.len())
        } else {
            (children.len(), scores.len())
        };
        let mut rows = Rows::share(
            usize::from(inner.height),
            (top.len(), sentence.len()),
            (stack.len(), children_wanted),
            scores_wanted,
        );
        if children_hold_scores {
            rows.children = std::mem::take(&mut rows.scores);
        }
        if rows.children < children.len() {
            // Cut short: a brief heading leaves the rows there are to the children themselves.
            // It takes no more rows than the full one, so the share stands.
            children = children_rows(replay, view, rules, theme, width, Heading::Brief);
        }

        let mut lines: Vec<Line> = top;
        lines.truncate(rows.top);
        lines.extend(std::iter::repeat_n(Line::default(), rows.blank_after_top));
        if rows.header > 0 {
            lines.push(Line::from(header));
        }
        lines.extend(stack_rows(stack, rows.stack, &layout, rules, theme));
        lines.extend(wrap::cut(children, rows.children, width));
        lines.extend(std::iter::repeat_n(
            Line::default(),
            rows.blank_before_sentence,
        ));
        lines.extend(wrap::cut(sentence, rows.sentence, width));
        // Rows to spare go between the sentence and the scores, which keep the pane's foot.
        lines.extend(std::iter::repeat_n(Line::default(), rows.free));
        lines.extend(wrap::cut(scores, rows.scores, width));
        Paragraph::new(lines).render(inner, buf);
    }
}

/// The border's title: the algorithm, the view and the position; on a narrower pane only the
/// side to move, then neither (the board beside it shows both anyway).
/// The view always stays: it says what every number below means.
fn title(replay: &Replay, view: View, width: u16) -> String {
    let root = replay.root();
    let (algorithm, view, side) = (replay.algorithm(), view.name(), root.to_move());
    wrap::first_fitting(
        vec![
            format!(
                " Search replay · {algorithm} · {view} · {} ({side} to move) ",
                root.to_notation()
            ),
            format!(" Search replay · {algorithm} · {view} · {side} to move "),
            format!(" Search replay · {algorithm} · {view} "),
            format!(" {algorithm} · {view} "),
        ],
        width.saturating_sub(2),
    )
}

/// The counters at the top (step, nodes, cutoffs, TT hits, depth), what runs by itself, and the
/// notice when the replay is cut short.
fn counter_rows(state: &ReplayState, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let replay = &state.replay;
    let counters = replay.counters();
    let total = |now: u64, at_end: Option<u64>| match at_end {
        Some(end) => format!("{} / {}", thousands(now), thousands(end)),
        None if state.surveying => format!("{} / counting…", thousands(now)),
        None => thousands(now),
    };
    let totals = replay.totals();
    let counter = |label: &str, value: String| {
        vec![
            Span::styled(format!("{label} "), theme.dim()),
            Span::raw(value),
        ]
    };
    // Each counter stays with its label; on a narrow pane they take more rows.
    let mut top = wrap::flow(
        vec![
            counter("step", total(replay.step(), replay.total())),
            counter("nodes", total(counters.nodes, totals.map(|t| t.nodes))),
        ],
        3,
        width,
        1,
    );
    let mut second = vec![
        counter("cutoffs", thousands(counters.cutoffs)),
        counter("TT hits", thousands(counters.tt_hits)),
        counter(
            "depth",
            format!("{} (deepest {})", counters.depth, counters.max_depth),
        ),
    ];
    if let Some(running) = autoplay(state) {
        second.push(vec![Span::styled(running, theme.strong())]);
    }
    top.extend(wrap::flow(second, 3, width, 1));
    top.extend(limit_notice(replay, theme, width));
    top
}

/// What the replay leaves out, in full words, wrapped over the rows it needs: the plies beyond
/// its depth and the nodes beyond its budget, with the keys and setting that change them.
fn limit_notice(replay: &Replay, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let limits = replay.limits();
    let mut words = Vec::new();
    if let Some(depth) = limits.depth {
        words.push(format!(
            "Depth limit {depth}: positions {} deep are estimated ([ ] changes it).",
            plies(depth)
        ));
    }
    let nodes = limits.nodes.unwrap_or(u64::MAX);
    if replay.truncated() || replay.totals().is_some_and(|t| t.nodes >= nodes) {
        words.push(format!(
            "Too big to replay whole: this replay covers the first {} nodes (replay nodes in \
             the settings, o).",
            thousands(nodes)
        ));
    }
    words
        .into_iter()
        .flat_map(|text| wrap::wrap(&Line::styled(format!(" {text}"), theme.notice()), width, 1))
        .collect()
}

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
struct StackLayout {
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
    fn fitting(replay: &Replay, windowed: bool, view: View, width: u16) -> Self {
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
fn column_header(layout: &StackLayout, theme: Theme, width: u16) -> Vec<Span<'static>> {
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

/// The root moves scored so far, flowed over as many rows as they need.
fn root_score_rows(
    replay: &Replay,
    view: View,
    rules: Rules,
    theme: Theme,
    width: u16,
) -> Vec<Line<'static>> {
    let side = replay.root().to_move();
    let mut scores: Vec<Vec<Span>> = vec![vec![Span::styled("root scores so far:", theme.dim())]];
    let root_scores = replay.root_scores();
    if root_scores.is_empty() {
        scores.push(vec![Span::raw("none yet")]);
    }
    for (index, (mv, value)) in root_scores.iter().enumerate() {
        let sep = if index + 1 < root_scores.len() {
            " ·"
        } else {
            ""
        };
        scores.push(vec![Span::raw(format!(
            "{} {}{sep}",
            rules.move_name(*mv),
            view.value(side, *value)
        ))]);
    }
    wrap::flow(scores, 1, width, 1)
}

/// The pane's rows, shared out by what matters most: the sentence, the step counter's row,
/// the node the search is at, the other counters, the children's first row, the column headings (which say what the node's row holds), the root
/// scores, the rest of the children, the levels above, and last the blank rows between the
/// parts.
struct Rows {
    top: usize,
    sentence: usize,
    scores: usize,
    header: usize,
    stack: usize,
    children: usize,
    blank_after_top: usize,
    blank_before_sentence: usize,
    /// Rows nothing wanted.
    free: usize,
}

impl Rows {
    fn share(
        height: usize,
        (top, sentence): (usize, usize),
        (stack, children): (usize, usize),
        scores: usize,
    ) -> Self {
        let mut free = height;
        let mut take = |wanted: usize| {
            let got = wanted.min(free);
            free -= got;
            got
        };
        // On a short pane the explanation comes first: the sentence whole, then the step
        // counter's row, the node the sentence speaks of, and the other counters (cutoffs,
        // table hits, depth), whose totals the end of the replay gives anyway.
        let sentence_rows = take(sentence);
        let top_first = take(top.min(1));
        let current = take(stack.min(1));
        let top_rows = top_first + take(top.saturating_sub(1));
        let children_first = take(children.min(1));
        let header_rows = take(1);
        let score_rows = take(scores);
        let children_rows = children_first + take(children.saturating_sub(1));
        let stack_rows = current + take(stack.saturating_sub(1));
        let blank_after_top = take(1);
        let blank_before_sentence = take(1);
        Rows {
            top: top_rows,
            sentence: sentence_rows,
            scores: score_rows,
            header: header_rows,
            stack: stack_rows,
            children: children_rows,
            blank_after_top,
            blank_before_sentence,
            free,
        }
    }
}

/// The stack from the root down in `rows` rows, the node the search is at highlighted.
fn stack_rows(
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

/// What runs by itself: a step over or out on its way, or autoplay.
fn autoplay(state: &ReplayState) -> Option<String> {
    if let Some(target) = state.seeking {
        let goal = match target {
            Seek::End => "to the end",
            Seek::Cutoff => "to the next cutoff",
            Seek::ReturnFrom(_) => "through the subtree",
        };
        Some(format!("▶ running {goal}…"))
    } else if state.autoplay {
        Some(format!(
            "▶ autoplay {}/s",
            thousands(u64::from(state.events_per_second()))
        ))
    } else {
        None
    }
}
