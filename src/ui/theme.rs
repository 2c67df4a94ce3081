//! Styles. Every state that has a colour also has a modifier or a symbol, so that without colour
//! (`NO_COLOR`, monochrome terminals) nothing is lost.

use crate::engine::{MoveValue, Player};
use ratatui::style::{Color, Modifier, Style};

/// The styles of one frame: coloured or not, for a dark or a light background.
#[derive(Clone, Copy, Debug)]
pub struct Theme {
    /// Whether colours may be used.
    pub color: bool,
    /// Whether the background is light: the pale colours give way to darker ones.
    pub light: bool,
}

impl Theme {
    fn fg(self, color: Color) -> Style {
        if !self.color {
            return Style::new();
        }
        // Still the terminal's own sixteen colours, so its palette keeps the last word; only the
        // ones that wash out on white are swapped for darker neighbours. Yellow (the cursor, the
        // last move, a draw on the heat map) becomes black, the one colour no other role has
        // there: blue is X's (a new O looked like an X), red a loss's, green a win's.
        let color = match (self.light, color) {
            (true, Color::Cyan) => Color::Blue,
            (true, Color::LightMagenta) => Color::Magenta,
            (true, Color::Yellow) => Color::Black,
            (_, color) => color,
        };
        Style::new().fg(color)
    }

    /// A mark on the board.
    pub fn mark(self, player: Player) -> Style {
        let color = match player {
            Player::X => Color::Cyan,
            Player::O => Color::LightMagenta,
        };
        self.fg(color).add_modifier(Modifier::BOLD)
    }

    /// The grid lines and coordinates.
    pub fn grid(self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// The cursor cell's token (brackets and reverse video).
    pub fn cursor(self) -> Style {
        self.fg(Color::Yellow)
            .add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    /// The last move's token (parentheses, underlined).
    pub fn last(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::UNDERLINED)
    }

    /// A cell of the winning line (asterisks, reverse video).
    pub fn win(self) -> Style {
        self.fg(Color::Green)
            .add_modifier(Modifier::BOLD | Modifier::REVERSED)
    }

    /// Best moves in the tree (also starred).
    pub fn best(self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    /// Moves that lose (also shown with a minus sign and in words).
    pub fn losing(self) -> Style {
        self.fg(Color::Red)
    }

    /// The selected row of a focused list (also marked with `>`).
    pub fn selected(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// Secondary text.
    pub fn dim(self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    /// Headings and the result of a game.
    pub fn strong(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A pane's border: focused panes are bold (and coloured), others plain.
    pub fn border(self, focused: bool) -> Style {
        if focused {
            self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
        } else {
            self.grid()
        }
    }

    /// A notice in the status bar (why a key did nothing).
    pub fn notice(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// A hypothetical mark of a previewed line (dimmed; also numbered).
    pub fn ghost(self, player: Player) -> Style {
        self.mark(player)
            .remove_modifier(Modifier::BOLD)
            .add_modifier(Modifier::DIM)
    }

    /// The candidate selected in the tree, on the board (angle brackets, underlined).
    pub fn highlight(self) -> Style {
        self.fg(Color::Yellow)
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    }

    /// A move pruned by a cutoff (braces and a dash, crossed out).
    pub fn pruned(self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::CROSSED_OUT)
    }

    /// A heat-map score: green wins, yellow draws, red losses; bold when the result comes soon,
    /// italic for an estimate (which also carries `≈`). The number itself is the signal without
    /// colour.
    pub fn heat(self, value: &MoveValue) -> Style {
        match value {
            MoveValue::Exact(score) => {
                let color = match score.score.signum() {
                    1 => Color::Green,
                    -1 => Color::Red,
                    _ => Color::Yellow,
                };
                // Within four plies of the end counts as soon.
                let style = self.fg(color);
                if score.score != 0 && score.plies <= 4 {
                    style.add_modifier(Modifier::BOLD)
                } else {
                    style
                }
            }
            MoveValue::Estimate(estimate) => {
                let color = if estimate.value > 0 {
                    Color::Green
                } else if estimate.value < 0 {
                    Color::Red
                } else {
                    Color::Yellow
                };
                self.fg(color)
                    .add_modifier(Modifier::ITALIC | Modifier::DIM)
            }
        }
    }
}
