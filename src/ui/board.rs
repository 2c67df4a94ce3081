//! The board pane: a box-drawn grid with chess-style coordinates, the marks, the cursor, the last
//! move, the winning line, and a caption with the state of the game.

use super::layout::Scale;
use super::theme::Theme;
use crate::app::App;
use crate::engine::{Move, Player, Position, Rules, Status};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
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

/// The board pane of an app, ready to render.
pub struct BoardPane<'a> {
    /// The app.
    pub app: &'a App,
    /// Cell size chosen by the layout.
    pub scale: Scale,
    /// Styles.
    pub theme: Theme,
    /// Whether the pane has the focus.
    pub focused: bool,
}

impl Widget for BoardPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let position = *self.app.position();
        let rules = *position.rules();
        let title = format!(" Board · {} ", rules);
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
        let cursor = self.app.human_to_move().then(|| self.app.cursor_move());
        if let (Some(_), true) = (cursor, rules.gravity) {
            let col = self.app.cursor.1;
            let cell = geometry.cell(0, col);
            buf.set_string(
                cell.x + cell.width / 2,
                geometry.y - 1,
                "▼",
                self.theme.cursor(),
            );
        }
        let winning = position.winning_cells();
        let last = self.app.game.last_move();
        for row in 0..usize::from(rules.height) {
            for col in 0..usize::from(rules.width) {
                let mv = Move::at(&rules, row, col);
                let token = if cursor == Some(Some(mv)) {
                    Token::Cursor
                } else if winning.contains(&mv) {
                    Token::Win
                } else if last == Some(mv) {
                    Token::Last
                } else {
                    Token::Plain
                };
                draw_cell(
                    buf,
                    geometry.cell(row, col),
                    position.at(mv),
                    token,
                    self.theme,
                );
            }
        }
        let caption = caption(self.app, &position, self.theme);
        let y = geometry.y + grid_h + 1;
        buf.set_line(area.x + 2, y, &caption, area.width.saturating_sub(4));
    }
}

/// How a cell is marked beyond its contents.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Token {
    Plain,
    Cursor,
    Last,
    Win,
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
        let letter = ((b'a' + col as u8) as char).to_string();
        buf.set_string(cell.x + cell.width / 2, g.y + h, letter, theme.grid());
    }
    for row in 0..rows {
        let cell = g.cell(row, 0);
        let number = (rows - row).to_string();
        buf.set_string(g.x - 2, cell.y + cell.height / 2, number, theme.grid());
    }
}

fn draw_cell(buf: &mut Buffer, cell: Rect, mark: Option<Player>, token: Token, theme: Theme) {
    let (cx, cy) = (cell.x + cell.width / 2, cell.y + cell.height / 2);
    let (open, close, style) = match token {
        Token::Plain => (" ", " ", Style::new()),
        Token::Cursor => ("[", "]", theme.cursor()),
        Token::Last => ("(", ")", theme.last()),
        Token::Win => ("*", "*", theme.win()),
    };
    let mark_style = match mark {
        Some(player) => theme.mark(player).patch(style),
        None => style,
    };
    let big = cell.height >= 3;
    // Large cells draw the mark three rows high, with the token's brackets further out.
    let reach = if big { 2 } else { 1 };
    buf.set_string(cx - reach, cy, open, style);
    buf.set_string(cx + reach, cy, close, style);
    if big && token != Token::Plain {
        buf.set_string(cx - 1, cy, " ", style);
        buf.set_string(cx + 1, cy, " ", style);
    }
    let rows: [&str; 3] = match (mark, big) {
        (None, _) => ["", " ", ""],
        (Some(Player::X), false) => ["", "X", ""],
        (Some(Player::O), false) => ["", "O", ""],
        (Some(Player::X), true) => ["╲ ╱", "│╳│", "╱ ╲"],
        (Some(Player::O), true) => ["╭─╮", "│ │", "╰─╯"],
    };
    if big {
        buf.set_string(cx - 1, cy - 1, rows[0], mark_style);
        buf.set_string(cx - 1, cy + 1, rows[2], mark_style);
        let middle = match mark {
            Some(Player::X) => "╳",
            _ => " ",
        };
        let sides = if mark == Some(Player::O) { "│" } else { " " };
        buf.set_string(cx - 1, cy, sides, mark_style);
        buf.set_string(cx + 1, cy, sides, mark_style);
        buf.set_string(cx, cy, middle, mark_style);
    } else {
        buf.set_string(cx, cy, rows[1], mark_style);
    }
}

/// One line under the board: whose turn, who won, the last move.
fn caption<'a>(app: &App, position: &Position, theme: Theme) -> Line<'a> {
    let rules = position.rules();
    let last = app
        .game
        .last_move()
        .map(|mv| format!(" · last {}", rules.move_name(mv)))
        .unwrap_or_default();
    match position.status() {
        Status::Won(player) => Line::from(vec![
            Span::styled(format!("★ {player} WINS ★"), theme.win()),
            Span::raw(format!(" ({}){last}", app.seat_name(player))),
        ]),
        Status::Draw => Line::from(vec![
            Span::styled("═ DRAW ═", theme.strong()),
            Span::raw(last),
        ]),
        Status::Ongoing => {
            let player = position.to_move();
            let doing = if app.ai_to_move() {
                if app.paused { "paused" } else { "thinking…" }
            } else {
                "to move"
            };
            Line::from(vec![
                Span::styled(player.to_string(), theme.mark(player)),
                Span::raw(format!(" ({}) {doing}{last}", app.seat_name(player))),
            ])
        }
    }
}
