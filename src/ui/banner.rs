//! The game-over banner: in the game-tree pane's place once the game on the board has ended
//! (there are no candidates left to list), the result in large type and what to press next.

use super::theme::Theme;
use super::wrap;
use crate::app::App;
use crate::engine::Status;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

/// The banner of a finished game, ready to render.
pub struct GameOverBanner<'a> {
    /// The app, whose game has ended.
    pub app: &'a App,
    /// Styles.
    pub theme: Theme,
}

impl Widget for GameOverBanner<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let theme = self.theme;
        let position = app.position();
        let rules = position.rules();
        let moves = position.ply();
        // A position set up finished (a paste, the editor, --position) has no move to take back
        // or review; a `--moves` opening (or a pasted move list) was played, and is reviewed.
        let played = app.has_moves_from_origin();
        let (headline, detail) = match position.status() {
            Status::Won(player) => {
                let line = rules.move_names(&position.winning_cells()).join(" ");
                let winner = app.winner_label(player);
                // No-break spaces: "with move 5" never breaks, the number never starts a row.
                let with_move = format!("{winner} completed {line} with\u{a0}move\u{a0}{moves}");
                (
                    format!("★  {player} WINS  ★"),
                    if !played {
                        format!("{winner} has {line}: the game was set up finished.")
                    } else if app.played_here() {
                        format!("{with_move}.")
                    } else {
                        format!("{with_move}, the last of its opening.")
                    },
                )
            }
            Status::Draw => (
                "═  DRAW  ═".to_string(),
                if played {
                    format!("The board is full after {moves}\u{a0}moves and nobody has a line.")
                } else {
                    "The board was set up full, and nobody has a line.".to_string()
                },
            ),
            Status::Ongoing => return,
        };
        let width = area.width.saturating_sub(2);
        // A column clear of each border where the pane has the rows for it (a sentence
        // touching a border reads as cut).
        let keys = rows_of(&next_keys(played, app.can_undo()), usize::from(width));
        let detail = Line::raw(detail);
        let full = wrap::wrap(&detail, width, 0);
        let clear = wrap::wrap(&detail, width.saturating_sub(2), 0);
        let rows = usize::from(area.height.saturating_sub(2));
        let fits = clear.len() <= full.len() || 1 + clear.len() + keys.len() <= rows;
        let detail = if !clear.is_empty() && fits {
            clear
        } else {
            full
        };
        // The blank rows give way first on a short pane (the one after the headline, then the
        // one above it, then the one before the keys): the keys must show.
        let blanks = usize::from(area.height.saturating_sub(2))
            .saturating_sub(1 + detail.len() + keys.len())
            .min(3);
        let blank = |rank: usize| (blanks >= rank).then(Line::default);
        let mut lines: Vec<Line> = blank(2).into_iter().collect();
        lines.push(Line::styled(headline, theme.win()));
        lines.extend(blank(3));
        lines.extend(detail);
        lines.extend(blank(1));
        lines.extend(
            keys.into_iter()
                .map(|row| Line::styled(row, theme.strong())),
        );
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .block(
                Block::bordered()
                    .title(" Game over ")
                    .border_style(theme.border(true)),
            )
            .render(area, buf);
    }
}

/// What a finished game offers next, in the order a player looks for it. A game set up finished
/// has no move to take back or review; one the AI ended with its first move after the opening
/// has none to take back (`u` goes back to a turn of the human's).
fn next_keys(played: bool, undo: bool) -> Vec<&'static str> {
    let mut keys = vec!["n new game"];
    if undo {
        keys.push("u take back");
    }
    if played {
        keys.push("R review");
    }
    keys.extend(["Q quiz", "g game record", "q quit"]);
    keys
}

/// `keys` joined by ` · ` in as few rows at most `width` wide as hold them, the same number of
/// keys on each (the last row may have fewer), never splitting a key from its words: a lone
/// `q quit` on the last row would read as an afterthought.
fn rows_of(keys: &[&str], width: usize) -> Vec<String> {
    let rows_of_chunk = |per_row: usize| -> Vec<String> {
        keys.chunks(per_row)
            .map(|chunk| chunk.join(" · "))
            .collect()
    };
    (1..=keys.len().max(1))
        .map(|rows| rows_of_chunk(keys.len().div_ceil(rows).max(1)))
        .find(|rows| rows.iter().all(|row| row.chars().count() <= width))
        .unwrap_or_else(|| rows_of_chunk(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_wrap_between_keys_never_inside_one() {
        let keys = next_keys(true, true);
        assert_eq!(
            rows_of(&keys, 43),
            [
                "n new game · u take back · R review",
                "Q quiz · g game record · q quit"
            ]
        );
        assert_eq!(rows_of(&keys, 200).len(), 1);
        assert_eq!(rows_of(&keys, 30).len(), 3);
        assert_eq!(rows_of(&keys, 5).len(), 6);
        assert_eq!(
            rows_of(&next_keys(false, false), 60),
            ["n new game · Q quiz · g game record · q quit"]
        );
        assert_eq!(
            rows_of(&next_keys(true, false), 60),
            ["n new game · R review · Q quiz · g game record · q quit"]
        );
    }
}
