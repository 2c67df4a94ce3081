//! The game-tree pane: every candidate move of the side to move with its score, outcome, node
//! count and principal variation, best first, filling in live while the search runs. A move the
//! budget left unsolved shows its estimate, `≈+0.35`, and the depth it comes from instead.

use super::theme::Theme;
use super::wrap;
use crate::app::{App, names, thousands};
use crate::engine::game::notation::plies;
use crate::engine::{MoveAppraisal, MoveValue, Position, Rules, Status};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

/// The game-tree pane of an app, ready to render.
pub struct TreePane<'a> {
    /// The app.
    pub app: &'a App,
    /// Styles.
    pub theme: Theme,
    /// Whether the pane has the focus (then the selection shows).
    pub focused: bool,
}

impl Widget for TreePane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let theme = self.theme;
        let position = app.explored_position();
        let rules = *position.rules();
        let block = Block::bordered()
            .title(title(app, &position, area.width.saturating_sub(2)))
            .border_style(theme.border(self.focused));
        let inner = block.inner(area);
        block.render(area, buf);

        let mut lines = Vec::new();
        if !app.explorer.line.is_empty() {
            lines.push(breadcrumb(app, &position, theme, inner.width));
        }
        // The last column's heading shortens rather than being cut (80×24 leaves it 8 columns).
        // Its heading goes where no row has room for a move of the line either.
        let heading = wrap::first_fitting(
            vec![
                "  move  score  outcome       nodes  best line".into(),
                "  move  score  outcome       nodes  line".into(),
                "  move  score  outcome       nodes".into(),
            ],
            inner.width,
        );
        lines.push(Line::styled(heading, theme.strong()));
        let moves = app.shown_moves();
        let selected = app.selected_move();
        let selected_index = moves.iter().position(|m| Some(m.mv) == selected);
        let body_rows = usize::from(inner.height).saturating_sub(lines.len() + 1);
        // A list longer than the pane gives its last row to a "… more" line.
        let capacity = if moves.len() > body_rows {
            body_rows.saturating_sub(1)
        } else {
            body_rows
        };
        // Keep the selection in view.
        let offset = match (self.focused, selected_index) {
            (true, Some(index)) => index.saturating_sub(capacity.saturating_sub(1)),
            _ => 0,
        };
        let best = crate::engine::analysis::appraisal::best_of(moves);
        let hidden = moves.len().saturating_sub(offset + capacity);
        for entry in moves.iter().skip(offset).take(capacity) {
            let is_best = best.contains(&entry.mv);
            let is_selected = self.focused && Some(entry.mv) == selected;
            lines.push(row(
                entry,
                &rules,
                (is_best, is_selected),
                inner.width,
                theme,
            ));
        }
        if hidden > 0 {
            let how = if self.focused {
                "↓"
            } else {
                "Tab to the tree, then ↓"
            };
            lines.push(Line::styled(
                format!("  … {hidden} more ({how})"),
                theme.dim(),
            ));
        }
        if moves.is_empty() && position.status() != Status::Ongoing {
            lines.push(Line::styled(
                format!("  no moves: {}", game_over_words(&position)),
                theme.dim(),
            ));
        }
        let footer = super::tree_footer::footer(app, theme, inner.width);
        let used = lines.len() as u16;
        Paragraph::new(lines).render(inner, buf);
        if inner.height > used {
            let y = inner.y + used.min(inner.height - 1);
            buf.set_line(inner.x, y, &footer, inner.width);
        }
    }
}

/// The pane's title: whose candidates, and the recommendation once the analysis is done, said
/// shorter where `width` columns do not hold it all.
fn title(app: &App, position: &Position, width: u16) -> String {
    let rules = position.rules();
    let player = position.to_move();
    if position.status() != Status::Ongoing {
        // The explored line ends there; the game itself goes on.
        if !app.explorer.line.is_empty() {
            return " Game tree · the explored line ends ".to_string();
        }
        return " Game tree · game over ".to_string();
    }
    if !app.explorer.line.is_empty() {
        return format!(
            " Game tree · exploring {} deep ",
            plies(app.explorer.line.len() as u64)
        );
    }
    if app.ai_to_move() {
        return format!(
            " Game tree · {player} ({}) candidates ",
            app.seat_name(player)
        );
    }
    let best: Vec<String> = match &app.search.done {
        Some(done) => rules.move_names(&done.best()),
        None => Vec::new(),
    };
    let plain = format!(" Game tree · {player} ({}) to move ", app.seat_name(player));
    if best.is_empty() {
        return plain;
    }
    // The stars in the list say the same: on a narrow pane the title names fewer, or none.
    let recommended = |most| {
        format!(
            "{}: recommended {} ",
            plain.trim_end(),
            names(&best, " or ", most)
        )
    };
    wrap::first_fitting(vec![recommended(3), recommended(1), plain], width)
}

/// `board › b2 › a1 · X to move`: the explored line and whose turn it is at its end.
/// `board › d3 › b2 · X to move  (← up, Esc back)`; the keys' reminder only where it fits whole.
/// A line too long for `width` loses its first moves (`… › a1 › a2 · O to move`): its end is
/// where the explorer is.
fn breadcrumb<'a>(app: &App, position: &Position, theme: Theme, width: u16) -> Line<'a> {
    let rules = position.rules();
    let state = match position.status() {
        Status::Ongoing => format!(" · {} to move", position.to_move()),
        _ => format!(" · {}", game_over_words(position)),
    };
    let names: Vec<String> = app
        .explorer
        .line
        .iter()
        .map(|&mv| rules.move_name(mv))
        .collect();
    let start = |first: usize| if first > 0 { "  …" } else { "  board" };
    // Columns of the line from its `first` move on, ` › ` before each.
    let length = |first: usize| {
        let moves: usize = names[first..]
            .iter()
            .map(|name| Span::raw(name.as_str()).width() + 3)
            .sum();
        Span::raw(start(first)).width() + moves + Span::raw(state.as_str()).width()
    };
    let mut first = 0;
    while first + 1 < names.len() && length(first) > usize::from(width) {
        first += 1;
    }
    let start = start(first);
    let mut spans = vec![Span::styled(start, theme.dim())];
    for name in &names[first..] {
        spans.push(Span::styled(" › ", theme.dim()));
        spans.push(Span::styled(name.clone(), theme.strong()));
    }
    spans.push(Span::raw(state));
    let keys = Span::styled("  (← up, Esc back)", theme.dim());
    if Line::from(spans.clone()).width() + keys.width() <= usize::from(width) {
        spans.push(keys);
    }
    Line::from(spans)
}

fn game_over_words(position: &Position) -> String {
    match position.status() {
        Status::Won(player) => format!("{player} has won"),
        Status::Draw => "the game is drawn".into(),
        Status::Ongoing => "the game goes on".into(),
    }
}

/// A candidate's row, its best line cut to whole moves within `width` (then ending in `…`).
fn row<'a>(
    entry: &MoveAppraisal,
    rules: &Rules,
    (is_best, selected): (bool, bool),
    width: u16,
    theme: Theme,
) -> Line<'a> {
    let marker = match (selected, is_best) {
        (true, true) => ">★",
        (true, false) => "> ",
        (false, true) => " ★",
        (false, false) => "  ",
    };
    let pv = rules.move_names(&entry.pv);
    let (score, outcome) = match entry.value {
        MoveValue::Exact(score) => (format!(" {score:>5}"), score.outcome().to_string()),
        // One column wider, so the sign and digits line up under the exact scores.
        MoveValue::Estimate(estimate) => (
            format!("{:>6}", estimate.short()),
            format!("depth {}", estimate.depth),
        ),
    };
    let head = format!(
        "{marker}{:>4} {score}  {outcome:<11} {:>7}  ",
        rules.move_name(entry.mv),
        nodes(entry),
    );
    let room = usize::from(width).saturating_sub(Line::raw(head.as_str()).width());
    let text = head + &line_within(&pv, room);
    let losing = entry.value.exact().is_some_and(|score| score.score < 0);
    let mut style = if is_best {
        theme.best()
    } else if losing {
        theme.losing()
    } else {
        ratatui::style::Style::new()
    };
    if !entry.value.is_exact() {
        // Italic as well as the ≈: a guess never looks like a proven score.
        style = style.add_modifier(ratatui::style::Modifier::ITALIC);
    }
    if selected {
        style = style.patch(theme.selected());
    }
    Line::from(Span::styled(text, style))
}

/// A move's node count in the column's seven characters, `*` after a score that came mostly
/// from stored results (`MoveAppraisal::stored`, the help's legend).
fn nodes(entry: &MoveAppraisal) -> String {
    if entry.stored() {
        format!("{}*", entry.nodes)
    } else {
        count_in_seven(entry.nodes)
    }
}

/// A node count in seven characters: `897,611`, then `1.51M`, `12.3M`, `1.23G`.
fn count_in_seven(n: u64) -> String {
    let full = thousands(n);
    if full.len() <= 7 {
        return full;
    }
    let (value, unit) = if n < 1_000_000_000 {
        (n as f64 / 1e6, "M")
    } else {
        (n as f64 / 1e9, "G")
    };
    let digits = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.digits$}{unit}")
}

/// As many of `moves` as fit in `room` columns, each whole, ending in `…` when some are left out.
fn line_within(moves: &[String], room: usize) -> String {
    // Too narrow for the column's heading: left out on every row, a short line's too.
    if room < 4 {
        return String::new();
    }
    let all = moves.join(" ");
    if all.chars().count() <= room {
        return all;
    }
    let mut shown = String::new();
    for name in moves {
        let longer = if shown.is_empty() {
            name.clone()
        } else {
            format!("{shown} {name}")
        };
        // Room for " …" after it.
        if longer.chars().count() + 2 > room {
            break;
        }
        shown = longer;
    }
    match shown.is_empty() {
        true => "…".into(),
        false => shown + " …",
    }
}

#[cfg(test)]
mod tests {
    use super::line_within;

    #[test]
    fn a_best_line_is_cut_at_whole_moves() {
        let line: Vec<String> = ["c2", "d3", "e2", "e3"].map(String::from).to_vec();
        assert_eq!(line_within(&line, 11), "c2 d3 e2 e3");
        assert_eq!(line_within(&line, 10), "c2 d3 e2 …");
        assert_eq!(line_within(&line, 9), "c2 d3 …");
        assert_eq!(line_within(&line, 7), "c2 d3 …");
        assert_eq!(line_within(&line, 6), "c2 …");
        assert_eq!(line_within(&line, 4), "c2 …");
        assert_eq!(line_within(&line, 3), "");
        // A line of one move too: every row or none shows the column.
        assert_eq!(line_within(&line[..1], 3), "");
        assert_eq!(line_within(&line[..1], 4), "c2");
        assert_eq!(line_within(&[], 0), "");
    }
}
