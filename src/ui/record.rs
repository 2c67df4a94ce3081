//! The game-record popup: the moves of the whole game, numbered, and the command that resumes it,
//! plain enough to select and copy.

use super::popup::centered;
use super::theme::Theme;
use crate::app::Record;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

/// The record popup, centred over the screen.
pub struct RecordPopup<'a> {
    /// The record to show.
    pub record: &'a Record,
    /// Styles.
    pub theme: Theme,
}

impl Widget for RecordPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let record = self.record;
        let width = area.width.saturating_sub(4).clamp(20, 90);
        let inner = usize::from(width.saturating_sub(4)).max(1);
        let moves = if record.turns.is_empty() {
            vec!["no moves yet".to_string()]
        } else {
            turn_rows(&record.turns, inner)
        };
        // Each part of the record with the order in which it gives way on a short screen (0:
        // never): the note first, then the blank rows, the label, the turns and the summary, so
        // that what is left is the command, which holds every move and can be copied whole.
        let mut parts: Vec<(Line, u8)> = vec![(Line::raw(record.summary.clone()), 5)];
        parts.push((Line::default(), 2));
        parts.extend(moves.into_iter().map(|row| (Line::raw(row), 4)));
        parts.push((Line::default(), 2));
        parts.push((Line::styled("Resume it with:", self.theme.dim()), 3));
        parts.extend(
            command_rows(&record.resume, inner)
                .into_iter()
                .map(|row| (Line::raw(row), 0)),
        );
        parts.push((Line::default(), 1));
        let note = "It is printed again when tictree ends.";
        parts.push((Line::styled(note, self.theme.dim()), 1));
        // Wrapped text needs a guess at its height: every line by its length, at least one row.
        let height = |parts: &[(Line, u8)]| -> usize {
            parts
                .iter()
                .map(|(line, _)| line.width().div_ceil(inner).max(1))
                .sum()
        };
        let room = usize::from(area.height.saturating_sub(2));
        for rank in 1..=5 {
            if height(&parts) <= room {
                break;
            }
            parts.retain(|&(_, gives_way)| gives_way != rank);
        }
        let lines: Vec<Line> = parts.into_iter().map(|(line, _)| line).collect();
        let rows: usize = lines.iter().map(|l| l.width().div_ceil(inner).max(1)).sum();
        let popup = centered(area, width, rows as u16 + 2);
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(
                Block::bordered()
                    .title(" Game record ")
                    .title_bottom(" Esc or g closes ")
                    .border_style(self.theme.border(true))
                    .padding(ratatui::widgets::Padding::horizontal(1)),
            )
            .render(popup, buf);
    }
}

/// The turns (`1. a3 b2`) two blanks apart in rows at most `width` wide, a turn never split from
/// its number or its second move (one wider than a row alone is left for the paragraph to wrap).
fn turn_rows(turns: &[String], width: usize) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    for turn in turns {
        match rows.last_mut() {
            Some(row) if row.chars().count() + 2 + turn.chars().count() <= width => {
                row.push_str("  ");
                row.push_str(turn);
            }
            _ => rows.push(turn.clone()),
        }
    }
    rows
}

/// A shell command in rows at most `width` wide, broken only between words, each row but the last
/// ending in ` \` and the next indented, so that a copy of the rows, newlines and all, is still
/// the one command. A break inside the quoted moves is one too: in double quotes a shell drops a
/// backslash and the newline after it, and the moves may be apart by any blanks.
fn command_rows(command: &str, width: usize) -> Vec<String> {
    const GO_ON: &str = " \\";
    // An option stays with its value: `--o human`, `--moves "c3`.
    let mut units: Vec<String> = Vec::new();
    for word in command.split(' ') {
        match units.last_mut() {
            Some(option) if option.starts_with("--") && !option.contains(' ') => {
                option.push(' ');
                option.push_str(word);
            }
            _ => units.push(word.to_string()),
        }
    }
    let mut rows = vec![String::new()];
    for word in &units {
        let row = rows.last_mut().expect("a row");
        let fresh = row.trim().is_empty();
        if fresh || row.chars().count() + 1 + word.chars().count() + GO_ON.len() <= width {
            if !fresh {
                row.push(' ');
            }
            row.push_str(word);
        } else {
            row.push_str(GO_ON);
            rows.push(format!("  {word}"));
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_wrap_whole() {
        let turns: Vec<String> = ["1. b2 a2", "2. c3 a1", "3. a3 b4", "4. c4 d2"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            turn_rows(&turns, 20),
            ["1. b2 a2  2. c3 a1", "3. a3 b4  4. c4 d2"]
        );
        assert_eq!(turn_rows(&turns, 5).len(), 4);
    }

    #[test]
    fn a_command_breaks_between_words_with_continuations() {
        let command = r#"tictree --rules tictactoe --x ai:4 --o human --moves "c3 b2 b3 a3 c1""#;
        assert_eq!(command_rows(command, 80), [command]);
        assert_eq!(
            command_rows(command, 40),
            [
                r#"tictree --rules tictactoe --x ai:4 \"#,
                r#"  --o human --moves "c3 b2 b3 a3 c1""#,
            ]
        );
        assert_eq!(
            command_rows(command, 24),
            [
                r#"tictree \"#,
                r#"  --rules tictactoe \"#,
                r#"  --x ai:4 --o human \"#,
                r#"  --moves "c3 b2 b3 a3 \"#,
                r#"  c1""#,
            ]
        );
    }
}
