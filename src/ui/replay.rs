//! The replay pane: the search of one position, event by event. Counters at the top, the stack
//! from the root down with each level's move, α, β and best so far, the current event's sentence,
//! and the root moves scored so far.

use super::theme::Theme;
use crate::app::{REPLAY_NODES, ReplayState, thousands};
use crate::engine::Seek;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

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
        let root = replay.root();
        let rules = *root.rules();
        let mut title = format!(
            " Search replay · {} · {} ({} to move) ",
            replay.algorithm(),
            root.to_notation(),
            root.to_move()
        );
        // A big board's position does not fit the border: the board beside it shows it anyway.
        if title.chars().count() + 2 > usize::from(area.width) {
            title = format!(
                " Search replay · {} · {} to move ",
                replay.algorithm(),
                root.to_move()
            );
        }
        let block = Block::bordered()
            .title(title)
            .title_bottom(" ?: keys · Esc leaves ")
            .border_style(theme.border(true));
        let inner = block.inner(area);
        block.render(area, buf);

        let counters = replay.counters();
        let total = |now: u64, at_end: Option<u64>| match at_end {
            Some(end) => format!("{} / {}", thousands(now), thousands(end)),
            None if state.surveying => format!("{} / counting…", thousands(now)),
            None => thousands(now),
        };
        let totals = replay.totals();
        let mut lines = vec![
            Line::from(vec![
                Span::styled(" step ", theme.dim()),
                Span::raw(total(replay.step(), replay.total())),
                Span::styled("   nodes ", theme.dim()),
                Span::raw(total(counters.nodes, totals.map(|t| t.nodes))),
            ]),
            Line::from(vec![
                Span::styled(" cutoffs ", theme.dim()),
                Span::raw(thousands(counters.cutoffs)),
                Span::styled("   TT hits ", theme.dim()),
                Span::raw(thousands(counters.tt_hits)),
                Span::styled("   depth ", theme.dim()),
                Span::raw(format!(
                    "{} (deepest {})",
                    counters.depth, counters.max_depth
                )),
                Span::styled(autoplay(state), theme.strong()),
            ]),
        ];
        if replay.truncated() || totals.is_some_and(|t| t.nodes >= REPLAY_NODES) {
            lines.push(Line::styled(
                format!(
                    " Too big to replay whole: this replay covers the first {} nodes.",
                    thousands(REPLAY_NODES)
                ),
                theme.notice(),
            ));
        }
        lines.push(Line::default());
        lines.push(Line::from(vec![
            Span::styled(" ply  move       α       β    best so far", theme.strong()),
            Span::styled("   (each for the side to move there)", theme.dim()),
        ]));
        let stack = replay.stack();
        // The deepest levels matter most: when the stack is taller than the room, the top goes.
        let room = usize::from(inner.height)
            .saturating_sub(lines.len() + 6)
            .max(1);
        let skip = stack.len().saturating_sub(room);
        if skip > 0 {
            lines.push(Line::styled(
                format!("  … {skip} levels above"),
                theme.dim(),
            ));
        }
        for (index, level) in stack.iter().enumerate().skip(skip) {
            let player = level.position.to_move().opponent();
            let mv = match level.mv {
                Some(mv) => format!("{player} {}", rules.move_name(mv)),
                None => "(root)".to_string(),
            };
            let best = match (level.best.is_infinite(), level.best_move) {
                (false, Some(mv)) => format!("{} ({})", level.best, rules.move_name(mv)),
                _ => "—".to_string(),
            };
            let text = format!(
                " {:>3}  {:<7} {:>7} {:>7}    {best}",
                level.ply,
                mv,
                level.alpha.to_string(),
                level.beta.to_string()
            );
            let style = if index + 1 == stack.len() {
                theme.selected()
            } else {
                ratatui::style::Style::new()
            };
            lines.push(Line::styled(text, style));
        }
        lines.push(Line::default());
        let sentence = Paragraph::new(replay.sentence()).wrap(Wrap { trim: false });
        let scores: Vec<String> = replay
            .root_scores()
            .iter()
            .map(|(mv, value)| format!("{} {value}", rules.move_name(*mv)))
            .collect();
        let scores = Line::from(vec![
            Span::styled(" root scores so far: ", theme.dim()),
            Span::raw(if scores.is_empty() {
                "none yet".to_string()
            } else {
                scores.join(" · ")
            }),
        ]);
        let used = lines.len() as u16;
        Paragraph::new(lines).render(inner, buf);
        if inner.height > used + 1 {
            let rest = Rect::new(inner.x, inner.y + used, inner.width, inner.height - used);
            let [said, bottom] = ratatui::layout::Layout::vertical([
                ratatui::layout::Constraint::Fill(1),
                ratatui::layout::Constraint::Length(2),
            ])
            .areas(rest);
            // The marker hangs in the margin, so a wrapped sentence lines up under its first word.
            const MARGIN: u16 = 3;
            buf.set_string(said.x, said.y, " ▸ ", theme.strong());
            let text = Rect {
                x: said.x + MARGIN.min(said.width),
                width: said.width.saturating_sub(MARGIN),
                ..said
            };
            sentence.render(text, buf);
            Paragraph::new(scores)
                .wrap(Wrap { trim: false })
                .render(bottom, buf);
        }
    }
}

/// What runs by itself: a step over or out on its way, or autoplay.
fn autoplay(state: &ReplayState) -> String {
    if let Some(target) = state.seeking {
        let goal = match target {
            Seek::End => "to the end",
            Seek::Cutoff => "to the next cutoff",
            Seek::ReturnFrom(_) => "through the subtree",
        };
        format!("   ▶ running {goal}…")
    } else if state.autoplay {
        format!(
            "   ▶ autoplay {}/s",
            thousands(u64::from(state.events_per_second()))
        )
    } else {
        String::new()
    }
}
