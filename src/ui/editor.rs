//! The editor pane, in the game tree's place while a position is set up: the draft's notation,
//! its counts, whether `Enter` would take it (and why not), and the editor's keys.

use super::theme::Theme;
use super::wrap;
use crate::app::Editor;
use crate::engine::{Player, Position, Status};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Padding, Paragraph, Widget};

/// The editor pane, ready to render.
pub struct EditorPane<'a> {
    /// The editor.
    pub editor: &'a Editor,
    /// Why the last key was refused, if it was (the app's notice): the status bar has room for
    /// only its start on a common terminal, the pane for all of it.
    pub refusal: Option<&'a str>,
    /// Styles.
    pub theme: Theme,
}

impl Widget for EditorPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let draft = &self.editor.draft;
        let block = Block::bordered()
            .title(" Editor ")
            .border_style(theme.border(true))
            .padding(Padding::horizontal(1));
        let inner = block.inner(area);
        block.render(area, buf);
        let count = |player| match draft.marks(player).count_ones() {
            1 => "1 mark".to_string(),
            n => format!("{n} marks"),
        };
        let mut lines: Vec<Line> = wrap::notation_rows(&draft.to_notation(), inner.width)
            .into_iter()
            .map(|text| Line::styled(text, theme.strong()))
            .collect();
        lines.push(Line::raw(format!(
            "X: {} · O: {}",
            count(Player::X),
            count(Player::O)
        )));
        // Said before Enter is pressed: the user sees at once what is wrong with the draft.
        lines.push(match self.editor.verdict() {
            Ok(position) => Line::from(vec![
                Span::styled("✓ legal", theme.best()),
                Span::raw(format!(": {}", standing(&position))),
            ]),
            Err(why) => Line::from(vec![
                Span::styled("✗ not legal", theme.losing()),
                Span::raw(format!(": {why}")),
            ]),
        });
        if let Some(refusal) = self.refusal {
            lines.push(Line::styled(format!("! {refusal}"), theme.notice()));
        }
        let mut notes = Vec::new();
        if draft.rules().gravity {
            notes.push(Line::styled(
                "Gravity: a mark rests on the bottom or on another mark.",
                theme.dim(),
            ));
        }
        notes.push(Line::styled(paste_note(draft.rules()), theme.dim()));
        let width = inner.width;
        let wrapped = |lines: &[Line]| -> Vec<Line<'static>> {
            lines
                .iter()
                .flat_map(|line| wrap::rows(line, width, 0))
                .collect()
        };
        let (mut lines, notes, keys) =
            (wrapped(&lines), wrapped(&notes), wrapped(&key_lines(theme)));
        // On a short pane the blank row before the keys goes first, then the key list (the
        // status bar keeps the keys of the marks, the help has them all): the draft's state and
        // the notes stay whole.
        let fits = |extra: usize| lines.len() + extra + notes.len() <= usize::from(inner.height);
        let (gap, with_keys) = if fits(1 + keys.len()) {
            (true, true)
        } else if fits(keys.len()) {
            (false, true)
        } else {
            (fits(1), false)
        };
        if gap {
            lines.push(Line::raw(""));
        }
        if with_keys {
            lines.extend(keys);
        }
        lines.extend(notes);
        Paragraph::new(lines).render(inner, buf);
    }
}

/// The editor's keys, one a row.
fn key_lines(theme: Theme) -> Vec<Line<'static>> {
    [
        ("x / o", "put X / O at the cursor"),
        (". Space Del", "clear the cell"),
        ("c", "clear the board"),
        ("Enter", "play here: a new game"),
        ("Esc", "cancel: leave unchanged"),
    ]
    .into_iter()
    .map(|(key, what)| {
        Line::from(vec![
            Span::styled(format!("{key:<12}"), theme.strong()),
            Span::raw(what),
        ])
    })
    .collect()
}

/// What a paste does, with an example of these rules: tic-tac-toe's own position, a move list
/// in column digits with gravity (a Connect Four position takes 55 characters), else cell names.
fn paste_note(rules: &crate::engine::Rules) -> &'static str {
    if rules.gravity {
        "Or paste a position or moves (4453): a new game."
    } else if *rules == crate::engine::Rules::TICTACTOE {
        "Or paste a position (x.o/.x./..o) or moves: a new game."
    } else {
        "Or paste a position (rows split by /) or moves (b2 a3): a new game."
    }
}

/// The caption under the board while editing: `Edit: O to move`, short enough for the smallest
/// board (15 columns).
pub fn caption<'a>(editor: &Editor, theme: Theme) -> Line<'a> {
    let state = match editor.verdict() {
        Ok(position) => standing(&position),
        Err(_) => "not legal".into(),
    };
    Line::from(vec![
        Span::styled("Edit:", theme.strong()),
        Span::raw(format!(" {state}")),
    ])
}

/// `O to move`, `X has won`, `a draw`.
fn standing(position: &Position) -> String {
    match position.status() {
        Status::Ongoing => format!("{} to move", position.to_move()),
        Status::Won(player) => format!("{player} has won"),
        Status::Draw => "a draw".into(),
    }
}
