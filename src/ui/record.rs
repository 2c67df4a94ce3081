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
        let rows = height(&parts);
        let lines: Vec<Line> = parts.into_iter().map(|(line, _)| line).collect();
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

/// The end of a row of a command that goes on below: a shell joins the two rows.
const GO_ON: &str = " \\";

/// A shell command in rows at most `width` wide, broken between words, each row but the last
/// ending in ` \` and the next indented, so that a copy of the rows, newlines and all, is still
/// the one command. A break inside the quoted moves is one too: in double quotes a shell drops a
/// backslash and the newline after it, and the moves may be apart by any blanks. A word wider
/// than a row (Connect Four's `--position`) breaks after a `/`, the backslash right after it and
/// the next row not indented, so that the word is whole again.
fn command_rows(command: &str, width: usize) -> Vec<String> {
    let words: Vec<&str> = command.split(' ').collect();
    // An option stays with its value where it can: `--o human`, `--moves "c3`.
    let mut units: Vec<Vec<&str>> = Vec::new();
    for (index, word) in words.iter().enumerate() {
        let value = index > 0 && !word.starts_with("--") && words[index - 1].starts_with("--");
        match units.last_mut() {
            Some(unit) if value && unit.len() == 1 => unit.push(word),
            _ => units.push(vec![word]),
        }
    }
    let mut rows = vec![String::new()];
    for unit in units {
        let joined = unit.join(" ");
        // Too wide for a row of its own: its words go one by one.
        let pieces = if 2 + joined.chars().count() + GO_ON.len() > width && unit.len() > 1 {
            unit.iter().map(|word| word.to_string()).collect()
        } else {
            vec![joined]
        };
        for piece in pieces {
            place(&mut rows, &piece, width);
        }
    }
    // Every row kept room for a continuation, which the last one does without: its words join
    // the row before where they fit there.
    if let [.., before, last] = rows.as_slice()
        && let Some(kept) = before.strip_suffix(GO_ON)
    {
        let joined = format!("{kept} {}", last.trim_start());
        if joined.chars().count() <= width {
            rows.truncate(rows.len() - 2);
            rows.push(joined);
        }
    }
    rows
}

/// Puts `piece` after the last row's words, or on a new row, or across rows (`command_rows`).
fn place(rows: &mut Vec<String>, piece: &str, width: usize) {
    let length = |text: &str| text.chars().count();
    let row = rows.last_mut().expect("a row");
    if row.is_empty() {
        row.push_str(piece);
    } else if length(row) + 1 + length(piece) + GO_ON.len() <= width {
        row.push(' ');
        row.push_str(piece);
    } else {
        row.push_str(GO_ON);
        rows.push(format!("  {piece}"));
    }
    // Still too wide: cut after a `/`, glued to the next row by a backslash.
    while length(rows.last().expect("a row")) > width {
        let row = rows.pop().expect("a row");
        let mut kept = String::new();
        let mut rest = String::new();
        for part in row.split_inclusive('/') {
            if rest.is_empty() && (kept.is_empty() || length(&kept) + length(part) < width) {
                kept.push_str(part);
            } else {
                rest.push_str(part);
            }
        }
        if rest.is_empty() {
            rows.push(kept);
            break;
        }
        rows.push(format!("{kept}\\"));
        rows.push(rest);
    }
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
    fn a_word_wider_than_a_row_breaks_after_a_slash_without_a_blank() {
        let position = "......./......./......./......./...o.../..oxx..";
        let command =
            format!("tictree --rules connect4 --no-book --time-ms 0 --position {position}");
        let rows = command_rows(&command, 30);
        assert!(
            rows.iter().all(|row| row.chars().count() <= 30),
            "{rows:#?}"
        );
        assert_eq!(
            rows[..3],
            [
                "tictree --rules connect4 \\",
                "  --no-book --time-ms 0 \\",
                "  --position \\"
            ]
        );
        // The rows as a shell reads them: `\` and the newline dropped.
        let joined: String = rows
            .iter()
            .map(|row| match row.strip_suffix(" \\") {
                Some(words) => format!("{words} "),
                None => row.strip_suffix('\\').unwrap_or(row).to_string(),
            })
            .collect();
        let words: Vec<&str> = joined.split_whitespace().collect();
        assert_eq!(words.join(" "), command);
    }

    #[test]
    fn a_command_breaks_between_words_with_continuations() {
        let command = r#"tictree --rules tictactoe --x ai:4 --o human --moves "c3 b2 b3 a3 c1""#;
        assert_eq!(command_rows(command, 80), [command]);
        // The last row keeps no room for a continuation: a command as wide as the row fits.
        assert_eq!(command_rows(command, command.len()), [command]);
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
