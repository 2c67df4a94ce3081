//! The replay pane: the search of one position, event by event. Counters at the top, the stack
//! from the root down (`replay_stack.rs`), the children of the node being decided
//! (`replay_children.rs`), the current event's sentence, and the root moves scored so far. Every
//! value is shown in the replay's `View`: negamax (for the side to move) or max/min (for X).

use super::replay_children::{Heading, children_rows, deciding_depth};
use super::replay_stack::{StackLayout, column_header, stack_rows};
use super::theme::Theme;
use super::wrap;
use crate::app::{ReplayState, thousands};
use crate::engine::game::notation::plies;
use crate::engine::{Algorithm, Replay, Rules, Seek, View};
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
        let mut top = counter_rows(state, theme, width);
        let counters = top.len();
        top.extend(limit_notice(replay, theme, width));
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
            // Cut short: a brief heading leaves the rows there are to the children themselves,
            // naming the node only where its row is left out (the stack shows its deepest rows).
            // It takes no more rows than the full one, so the share stands.
            let row_shown = deciding_depth(replay).is_some_and(|d| stack.len() - d <= rows.stack);
            let heading = if row_shown {
                Heading::Brief
            } else {
                Heading::Named
            };
            children = children_rows(replay, view, rules, theme, width, heading);
        }

        // A notice cut short says so (`…`) rather than end mid-sentence; one left out whole
        // leaves the counters as they are (the sentence says what stopped the search).
        let mut lines: Vec<Line> = if rows.top <= counters {
            top.truncate(rows.top);
            top
        } else {
            wrap::cut(top, rows.top, width)
        };
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

/// The counters at the top (step, nodes, cutoffs, TT hits, depth) and what runs by itself.
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
