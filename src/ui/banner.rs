//! The game-over banner: in the game-tree pane's place once the game on the board has ended
//! (there are no candidates left to list), the result in large type and what to press next.

use super::theme::Theme;
use crate::app::App;
use crate::engine::Status;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

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
        // A position set up finished (a paste, the editor, --position) has no move to take back.
        let played = !app.game.moves().is_empty();
        let (headline, detail) = match position.status() {
            Status::Won(player) => {
                let line = rules.move_names(&position.winning_cells()).join(" ");
                let seat = app.seat_label(player);
                (
                    format!("★  {player} WINS  ★"),
                    if played {
                        format!("{player} ({seat}) completed {line} with move {moves}.")
                    } else {
                        format!("{player} ({seat}) has {line}: the game was set up finished.")
                    },
                )
            }
            Status::Draw => (
                "═  DRAW  ═".to_string(),
                format!("The board is full after {moves} moves and nobody has a line."),
            ),
            Status::Ongoing => return,
        };
        let lines = vec![
            Line::default(),
            Line::styled(headline, theme.win()).alignment(Alignment::Center),
            Line::default(),
            Line::raw(detail).alignment(Alignment::Center),
            Line::default(),
            Line::styled(
                if played {
                    "n new game · u take back · g game record · q quit"
                } else {
                    "n new game · g game record · q quit"
                },
                theme.strong(),
            )
            .alignment(Alignment::Center),
        ];
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(
                Block::bordered()
                    .title(" Game over ")
                    .border_style(theme.border(true)),
            )
            .render(area, buf);
    }
}
