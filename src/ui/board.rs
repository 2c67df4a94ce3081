//! The board pane: a box-drawn grid with chess-style coordinates, the marks, the cursor, the last
//! move, the winning line, a previewed line's numbered marks, the heat map's scores, the hints'
//! stars, and a caption.

use super::glyphs;
use super::layout::Scale;
use super::theme::Theme;
use super::wrap::first_fitting;
use crate::app::{App, BoardView, Ghost, Mark};
use crate::engine::game::notation::plies;
use crate::engine::{Move, MoveValue, Player, Rules, Status};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

/// Where the grid sits inside the board pane.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    /// Top-left corner of the grid (its first line character).
    pub x: u16,
    /// Top row of the grid.
    pub y: u16,
    /// The cell size.
    pub scale: Scale,
    /// The rules, for the board's dimensions.
    pub rules: Rules,
}

impl Geometry {
    /// The grid's place in a board pane of the given area.
    pub fn new(pane: Rect, scale: Scale, rules: Rules) -> Geometry {
        // Border, then three columns of row labels; border, then the drop-marker row.
        Geometry {
            x: pane.x + 1 + 3,
            y: pane.y + 1 + 1,
            scale,
            rules,
        }
    }

    fn pitch(&self) -> (u16, u16) {
        (self.scale.cell_w + 1, self.scale.cell_h + 1)
    }

    /// The interior of a cell (row 0 = top).
    pub fn cell(&self, row: usize, col: usize) -> Rect {
        let (pw, ph) = self.pitch();
        Rect::new(
            self.x + 1 + col as u16 * pw,
            self.y + 1 + row as u16 * ph,
            self.scale.cell_w,
            self.scale.cell_h,
        )
    }

    /// The cell under a screen position. With gravity the drop-marker row above a column counts.
    pub fn hit(&self, x: u16, y: u16) -> Option<Move> {
        let (pw, ph) = self.pitch();
        let (w, h) = self.scale.grid(&self.rules);
        let top = if self.rules.gravity {
            self.y - 1
        } else {
            self.y
        };
        if x <= self.x || x >= self.x + w - 1 || y < top || y >= self.y + h - 1 {
            return None;
        }
        let col = usize::from((x - self.x) / pw);
        let row = usize::from(y.saturating_sub(self.y + 1) / ph);
        Some(Move::at(&self.rules, row, col))
    }
}

/// The board pane, ready to render: a board view (what is on it) and a caption line below it.
pub struct BoardPane<'a> {
    /// What to draw on the board.
    pub view: &'a BoardView,
    /// The line under the board.
    pub caption: Line<'a>,
    /// Cell size chosen by the layout.
    pub scale: Scale,
    /// Styles.
    pub theme: Theme,
    /// Whether the pane has the focus.
    pub focused: bool,
}

impl Widget for BoardPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let view = self.view;
        let position = view.position;
        let rules = *position.rules();
        // Discs do not say which side they are: the title does.
        let title = if rules.gravity {
            format!(" Board · {rules} · ● X ○ O ")
        } else {
            format!(" Board · {rules} ")
        };
        // The header names the rules too; the smallest boards' panes keep only the word.
        let title = first_fitting(vec![title, " Board ".into()], area.width.saturating_sub(2));
        Block::bordered()
            .title(title)
            .border_style(self.theme.border(self.focused))
            .render(area, buf);
        let geometry = Geometry::new(area, self.scale, rules);
        let (grid_w, grid_h) = self.scale.grid(&rules);
        if geometry.x + grid_w > area.right() || geometry.y + grid_h + 2 > area.bottom() {
            return; // The layout always leaves room; a stray area just shows the frame.
        }
        draw_grid(buf, &geometry, self.theme);
        draw_labels(buf, &geometry, self.theme);
        if let Some(col) = view.drop_column {
            let cell = geometry.cell(0, col);
            buf.set_string(
                cell.x + cell.width / 2,
                geometry.y - 1,
                "▼",
                self.theme.cursor(),
            );
        }
        for row in 0..usize::from(rules.height) {
            for col in 0..usize::from(rules.width) {
                let mv = Move::at(&rules, row, col);
                let token = match view.mark(mv) {
                    Some(Mark::Cursor) => Token::Cursor,
                    Some(Mark::Highlight) => Token::Highlight,
                    Some(Mark::Pruned) => Token::Pruned,
                    None if view.winning.contains(&mv) => Token::Win,
                    None if view.last == Some(mv) => Token::Last,
                    None => Token::Plain,
                };
                let contents = match (position.at(mv), view.ghost(mv)) {
                    (Some(player), _) => Contents::Mark(player),
                    (None, Some(ghost)) => Contents::Ghost(ghost),
                    (None, None) => match view.heat(mv) {
                        Some(value) => Contents::Heat(value),
                        None if view.hints.contains(&mv) => Contents::Hint,
                        None => Contents::Empty,
                    },
                };
                let cell = geometry.cell(row, col);
                draw_cell(buf, cell, contents, token, rules.gravity, self.theme);
                // A recommended cell that shows something else (a score, or the move a review
                // looks at, best itself) keeps its star in a corner, where there is one: the
                // top-left, or the top-right beside a ghost's number; a cell of one row has
                // none, and underlines what it shows instead.
                let corner = match contents {
                    Contents::Heat(_) => Some(cell.x),
                    Contents::Ghost(_) => Some(cell.x + cell.width.saturating_sub(1)),
                    _ => None,
                };
                if let Some(x) = corner.filter(|_| view.hints.contains(&mv)) {
                    if cell.height >= 2 {
                        buf.set_string(x, cell.y, "★", self.theme.best());
                    } else {
                        let row = Rect::new(cell.x, cell.y, cell.width, 1);
                        buf.set_style(row, Style::new().add_modifier(Modifier::UNDERLINED));
                    }
                }
            }
        }
        let y = geometry.y + grid_h + 1;
        buf.set_line(area.x + 2, y, &self.caption, area.width.saturating_sub(4));
    }
}

/// How a cell is marked beyond its contents.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Token {
    Plain,
    Cursor,
    Last,
    Win,
    Highlight,
    Pruned,
}

/// What a cell holds.
#[derive(Clone, Copy)]
enum Contents {
    Empty,
    Mark(Player),
    Ghost(Ghost),
    Heat(MoveValue),
    /// An empty cell the analysis recommends.
    Hint,
}

fn draw_grid(buf: &mut Buffer, g: &Geometry, theme: Theme) {
    let (w, h) = g.scale.grid(&g.rules);
    let (pw, ph) = (g.scale.cell_w + 1, g.scale.cell_h + 1);
    for dy in 0..h {
        for dx in 0..w {
            let on_v = dx % pw == 0;
            let on_h = dy % ph == 0;
            let symbol = match (on_v, on_h) {
                (false, false) => continue,
                (true, false) => "│",
                (false, true) => "─",
                (true, true) => junction(dx == 0, dx == w - 1, dy == 0, dy == h - 1),
            };
            buf.set_string(g.x + dx, g.y + dy, symbol, theme.grid());
        }
    }
}

fn junction(left: bool, right: bool, top: bool, bottom: bool) -> &'static str {
    match (left, right, top, bottom) {
        (true, _, true, _) => "┌",
        (_, true, true, _) => "┐",
        (true, _, _, true) => "└",
        (_, true, _, true) => "┘",
        (_, _, true, _) => "┬",
        (_, _, _, true) => "┴",
        (true, _, _, _) => "├",
        (_, true, _, _) => "┤",
        _ => "┼",
    }
}

/// Column letters below the grid, row numbers (counted from the bottom) to its left.
fn draw_labels(buf: &mut Buffer, g: &Geometry, theme: Theme) {
    let (_, h) = g.scale.grid(&g.rules);
    let rows = usize::from(g.rules.height);
    for col in 0..usize::from(g.rules.width) {
        let cell = g.cell(0, col);
        let letter = crate::engine::game::notation::column_letter(col).to_string();
        buf.set_string(cell.x + cell.width / 2, g.y + h, letter, theme.grid());
    }
    for row in 0..rows {
        let cell = g.cell(row, 0);
        let number = (rows - row).to_string();
        buf.set_string(g.x - 2, cell.y + cell.height / 2, number, theme.grid());
    }
}

fn draw_cell(
    buf: &mut Buffer,
    cell: Rect,
    contents: Contents,
    token: Token,
    gravity: bool,
    theme: Theme,
) {
    let (cx, cy) = (cell.x + cell.width / 2, cell.y + cell.height / 2);
    let (open, close, style) = match token {
        Token::Plain => (" ", " ", Style::new()),
        Token::Cursor => ("[", "]", theme.cursor()),
        Token::Last => ("(", ")", theme.last()),
        Token::Win => ("*", "*", theme.win()),
        Token::Highlight => ("<", ">", theme.highlight()),
        Token::Pruned => ("{", "}", theme.pruned()),
    };
    // The token's brackets sit just outside the mark's picture, however large the cell draws it.
    let reach =
        glyphs::half_width(glyphs::picture(Player::X, gravity, cell.width, cell.height)) + 1;
    // A text wider than the room between them (a score, or a ghost's label, in a cell three
    // columns wide) takes their places: the token then shows by its style over the whole span,
    // rather than by one bracket left standing.
    let text_width = match contents {
        Contents::Heat(value) => heat_text(value, cell.width).chars().count() as u16,
        Contents::Ghost(ghost) if cell.height < 2 => ghost_label(ghost, cell.width).len() as u16,
        _ => 0,
    };
    if text_width > 2 * reach - 1 {
        if token != Token::Plain {
            for x in cx - reach..=cx + reach {
                buf.set_string(x, cy, " ", style);
            }
        }
    } else {
        buf.set_string(cx - reach, cy, open, style);
        buf.set_string(cx + reach, cy, close, style);
        if token != Token::Plain {
            for dx in 1..reach {
                buf.set_string(cx - dx, cy, " ", style);
                buf.set_string(cx + dx, cy, " ", style);
            }
        }
    }
    match contents {
        Contents::Empty => {
            let filler = match token {
                Token::Pruned => "-",
                Token::Highlight => "·",
                _ => " ",
            };
            buf.set_string(cx, cy, filler, style);
        }
        Contents::Hint => buf.set_string(cx, cy, "★", theme.best().patch(style)),
        Contents::Mark(player) => {
            let style = theme.mark(player).patch(style);
            draw_mark(buf, cell, player, gravity, style)
        }
        Contents::Ghost(ghost) => {
            let style = theme.ghost(ghost.player).patch(style);
            draw_ghost(buf, cell, ghost, gravity, style)
        }
        Contents::Heat(value) => {
            let text = heat_text(value, cell.width);
            let width = text.chars().count() as u16;
            let x = cell.x + cell.width.saturating_sub(width) / 2;
            buf.set_string(x, cy, text, theme.heat(&value).patch(style));
        }
    }
}

/// A mark's picture (see `glyphs`), centred in the cell.
fn draw_mark(buf: &mut Buffer, cell: Rect, player: Player, gravity: bool, style: Style) {
    let (cx, cy) = (cell.x + cell.width / 2, cell.y + cell.height / 2);
    let rows = glyphs::picture(player, gravity, cell.width, cell.height);
    let left = cx - glyphs::half_width(rows);
    let top = cy - rows.len() as u16 / 2;
    for (i, row) in rows.iter().enumerate() {
        buf.set_string(left, top + i as u16, row, style);
    }
}

/// A hypothetical mark: the mark dimmed, with its number in the cell's top-left corner (in the
/// smallest cells, a lowercase letter and the number: `x1`).
fn draw_ghost(buf: &mut Buffer, cell: Rect, ghost: Ghost, gravity: bool, style: Style) {
    if cell.height < 2 {
        buf.set_string(cell.x, cell.y, ghost_label(ghost, cell.width), style);
        return;
    }
    draw_mark(buf, cell, ghost.player, gravity, style);
    buf.set_string(cell.x, cell.y, ghost.number.to_string(), style);
}

/// A ghost's label in the smallest cells: `x1`, at most `width` characters.
fn ghost_label(ghost: Ghost, width: u16) -> String {
    let letter = if ghost.player == Player::X { 'x' } else { 'o' };
    format!("{letter}{}", ghost.number)
        .chars()
        .take(usize::from(width))
        .collect()
}

/// A move's score as it fits in a cell: `+8`, `-9`, `0`; an estimate `≈+.35`, or in a cell three
/// columns wide `+.3` (tenths, the decimal point telling it from an exact score, which has none),
/// so neighbouring estimates still differ.
fn heat_text(value: MoveValue, width: u16) -> String {
    match value {
        MoveValue::Exact(score) => score.to_string(),
        MoveValue::Estimate(estimate) => {
            let fraction = estimate.fraction();
            let sign = if fraction < 0.0 { '-' } else { '+' };
            if width >= 5 {
                let hundredths = (fraction.abs() * 100.0).round() as u32;
                format!("≈{sign}.{hundredths:02}")
            } else {
                let tenths = (fraction.abs() * 10.0).round() as u32;
                match tenths {
                    0 => "≈0".into(),
                    10 => format!("{sign}1."),
                    _ => format!("{sign}.{tenths}"),
                }
            }
        }
    }
}

/// One line under the board: whose turn, who won, the last move.
/// Said shorter where `width` columns do not hold it all: without the last move, then without
/// the seat, so the state of the game always shows whole.
pub fn caption<'a>(app: &App, view: &BoardView, theme: Theme, width: u16) -> Line<'a> {
    let position = &view.position;
    let rules = position.rules();
    if let Some(last) = view.ghosts.last() {
        // A preview: say so, so hypothetical marks are never taken for the game.
        let next = last.player.opponent();
        let count = view.ghosts.len();
        let end = if view.winning.is_empty() {
            format!("{next} to move")
        } else {
            format!("{} wins", last.player)
        };
        // The word first (so the marks are never taken for the game), then the end, then the plies.
        let room = width.saturating_sub("Preview".len() as u16);
        let plies = plies(count as u64);
        let rest = first_fitting(
            vec![
                format!(" {plies} · {end}"),
                format!(" · {end}"),
                format!(" {plies}"),
                String::new(),
            ],
            room,
        );
        return Line::from(vec![
            Span::styled("Preview", theme.strong()),
            Span::raw(rest),
        ]);
    }
    let last = app
        .last_move()
        .map(|mv| format!(" · last {}", rules.move_name(mv)))
        .unwrap_or_default();
    // The state of the game (kept whole), then what follows it in full, without the seat (the
    // mark or the result says the side), and bare: without the AI's pause either.
    let (state, full, seatless, bare) = match position.status() {
        Status::Won(player) => (
            Span::styled(format!("★ {player} WINS ★"), theme.win()),
            // A line the opening (or the set-up) made was nobody's here: no seat.
            if app.played_here() {
                format!(" ({})", app.seat_name(player))
            } else {
                String::new()
            },
            String::new(),
            String::new(),
        ),
        Status::Draw => (
            Span::styled("═ DRAW ═", theme.strong()),
            String::new(),
            String::new(),
            String::new(),
        ),
        Status::Ongoing => {
            let player = position.to_move();
            let doing = if app.ai_to_move() {
                if app.paused { "paused" } else { "thinking…" }
            } else {
                "to move"
            };
            // Your move with the AI paused: it will not answer until `p`.
            let waiting = if !app.ai_to_move() && app.ai_paused() {
                " · AI paused"
            } else {
                ""
            };
            (
                Span::styled(player.to_string(), theme.mark(player)),
                format!(" ({}) {doing}{waiting}", app.seat_name(player)),
                format!(" {doing}{waiting}"),
                format!(" {doing}"),
            )
        }
    };
    let room = width.saturating_sub(state.width() as u16);
    let rest = first_fitting(vec![format!("{full}{last}"), full, seatless, bare], room);
    Line::from(vec![state, Span::raw(rest)])
}

/// The line under the board during a replay: the node's ply (its depth below the replay's root,
/// as the stack's `ply` column counts it: not the replay's depth limit) and whose turn it is
/// there. `Replay at ply 3` fits the smallest board's 15 columns.
pub fn replay_caption<'a>(state: &crate::app::ReplayState, theme: Theme) -> Line<'a> {
    let replay = &state.replay;
    let depth = replay.path().len();
    let node = replay
        .stack()
        .last()
        .map_or(*replay.root(), |level| level.position);
    let there = match node.status() {
        Status::Ongoing => format!("{} to move", node.to_move()),
        Status::Won(player) => format!("{player} has won"),
        Status::Draw => "drawn".into(),
    };
    Line::from(vec![
        Span::styled("Replay", theme.strong()),
        Span::raw(format!(" at ply {depth} · {there}")),
    ])
}

#[cfg(test)]
mod tests {
    use super::heat_text;
    use crate::engine::search::estimate::{ESTIMATE_SCALE, Estimate};
    use crate::engine::{MoveValue, Score};

    #[test]
    fn an_estimate_in_a_narrow_cell_keeps_its_tenths() {
        let estimate = |fraction: f64| {
            MoveValue::Estimate(Estimate {
                value: (fraction * f64::from(ESTIMATE_SCALE)) as i32,
                depth: 5,
            })
        };
        assert_eq!(heat_text(estimate(0.30), 5), "≈+.30");
        assert_eq!(heat_text(estimate(0.30), 3), "+.3");
        assert_eq!(heat_text(estimate(-0.25), 3), "-.3");
        assert_eq!(heat_text(estimate(0.02), 3), "≈0");
        assert_eq!(
            heat_text(MoveValue::Exact(Score::from_value(0, 9, 0)), 3),
            "0"
        );
    }
}
