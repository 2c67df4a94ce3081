//! Text in the width there is. The log and the replay pane say whole sentences on as many rows as
//! they take instead of cutting them at the pane's edge; where rows run out too, the last row
//! shown ends in `…`, so a cut is never mistaken for the end of the text. The panes wrap before
//! they draw (rather than leave it to `Paragraph`'s wrap) because they must know how many rows
//! each text takes: the log scrolls by rows from the bottom, and the replay shares its rows
//! out between the stack, the sentence and the scores.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// A run of styled text kept on one row (unless it alone is wider than a row), and the blanks
/// before it when it follows another word on its row.
struct Word {
    spans: Vec<Span<'static>>,
    width: usize,
    gap: usize,
}

/// Display width of a string, as the terminal draws it.
fn width_of(text: &str) -> usize {
    Span::raw(text).width()
}

/// `wrap`, with an empty line kept as one blank row (a paragraph's gap), which `wrap` drops.
pub fn rows(line: &Line, width: u16, hang: u16) -> Vec<Line<'static>> {
    match wrap(line, width, hang) {
        rows if rows.is_empty() => vec![Line::default()],
        rows => rows,
    }
}

/// `line` in rows at most `width` columns wide, broken at blanks. Its leading blanks indent the
/// first row; the rows after it start `hang` columns in, so a paragraph reads as one.
pub fn wrap(line: &Line, width: u16, hang: u16) -> Vec<Line<'static>> {
    lay_out(
        kept_together(words_of(&line.spans, 0)),
        width,
        hang,
        line.style,
    )
}

/// Units a number is never split from at the end of a row: `99.6 ms`, `134 MiB`.
const UNITS: [&str; 8] = ["ns", "µs", "ms", "s", "KiB", "MiB", "GiB", "%"];

/// Names a value is never split from at the end of a row: `α -∞`, `β +∞`.
const BOUNDS: [&str; 2] = ["α", "β"];

/// `words` with each word that belongs on the row of the one before it joined to it, blanks and
/// all, as one word: a unit after its number, a value after a bound's name.
fn kept_together(words: Vec<Word>) -> Vec<Word> {
    let mut kept: Vec<Word> = Vec::with_capacity(words.len());
    for word in words {
        if outcome_count(&kept, &word) {
            // `loss`, `in` and the count become one word.
            let within = kept.pop().expect("outcome_count saw two words");
            let outcome = kept.last_mut().expect("outcome_count saw two words");
            join(outcome, within);
            join(outcome, word);
            continue;
        }
        match kept.last_mut() {
            Some(last) if stays_with(last, &word) => join(last, word),
            _ => kept.push(word),
        }
    }
    kept
}

/// Whether `word` is the count of an outcome whose `win in` / `loss in` the kept words end with:
/// the three stay on one row (a row starting `14. Best: …`, of `loss in 14. Best: …`, read as a
/// move number in the review). The outcome's words are the app's own (`score::Outcome`).
fn outcome_count(kept: &[Word], word: &Word) -> bool {
    let [.., before, last] = kept else {
        return false;
    };
    let outcome = text(before).ends_with("win") || text(before).ends_with("loss");
    outcome && text(last) == "in" && text(word).starts_with(|c: char| c.is_ascii_digit())
}

/// The characters of a word, whatever their styles.
fn text(word: &Word) -> String {
    word.spans.iter().map(|s| s.content.as_ref()).collect()
}

/// Whether `word` goes on the row of `last`: `last` ends in a digit and `word` is a unit (`ms,`
/// and `ms)` too), or `last` is `α` or `β`. Only a word after a number is read as a possible
/// unit: most words are not.
fn stays_with(last: &Word, word: &Word) -> bool {
    let after_number = last
        .spans
        .last()
        .and_then(|span| span.content.chars().last())
        .is_some_and(|c| c.is_ascii_digit());
    if after_number {
        return UNITS.contains(&text(word).trim_end_matches([',', '.', ')', ';', ':']));
    }
    last.width == 1 && BOUNDS.contains(&text(last).trim_start())
}

/// `word` appended to `last`, the blanks between them kept.
fn join(last: &mut Word, word: Word) {
    let style = word.spans.first().map_or(Style::new(), |span| span.style);
    for _ in 0..word.gap {
        push_char(&mut last.spans, ' ', style);
    }
    last.width += word.gap + word.width;
    last.spans.extend(word.spans);
}

/// The words of `spans`, split at blanks, each with the blanks before it (`lead` more before the
/// first).
fn words_of(spans: &[Span], lead: usize) -> Vec<Word> {
    let mut words: Vec<Word> = Vec::new();
    let mut blanks = lead;
    // Whether the next character starts a new word (after blanks, or at the start).
    let mut fresh = true;
    for span in spans {
        for ch in span.content.chars() {
            if ch == ' ' {
                blanks += 1;
                fresh = true;
                continue;
            }
            if fresh {
                words.push(Word {
                    spans: Vec::new(),
                    width: 0,
                    gap: blanks,
                });
                blanks = 0;
                fresh = false;
            }
            let word = words.last_mut().expect("pushed above");
            push_char(&mut word.spans, ch, span.style);
            word.width += width_of(ch.encode_utf8(&mut [0; 4]));
        }
    }
    words
}

/// Groups of spans, each kept whole on a row, `gap` blanks apart, in rows at most `width`
/// columns wide that all start `indent` columns in: counters that must not be split from their
/// labels. A group wider than a row starts a row of its own and is broken at its blanks, as
/// `wrap` breaks a line (ending the row before, its first words would run on from another group).
pub fn flow(
    groups: Vec<Vec<Span<'static>>>,
    gap: u16,
    width: u16,
    indent: u16,
) -> Vec<Line<'static>> {
    let room = usize::from(width).saturating_sub(usize::from(indent));
    let words = groups
        .into_iter()
        .enumerate()
        .flat_map(|(index, spans)| {
            let gap = usize::from(if index == 0 { indent } else { gap });
            let width: usize = spans.iter().map(Span::width).sum();
            if width > room {
                let mut words = words_of(&spans, gap);
                if index > 0
                    && let Some(first) = words.first_mut()
                {
                    // No row has room after another word for this blank: a new row starts.
                    first.gap = usize::from(u16::MAX);
                }
                words
            } else {
                vec![Word { spans, width, gap }]
            }
        })
        .collect();
    lay_out(words, width, indent, Style::new())
}

/// The first of `texts` that fits `width` columns, else the last: a title or a header says less
/// on a narrow pane rather than lose its end at the edge.
pub fn first_fitting(texts: Vec<String>, width: u16) -> String {
    let mut texts = texts.into_iter().peekable();
    while let Some(text) = texts.next() {
        if texts.peek().is_none() || width_of(&text) <= usize::from(width) {
            return text;
        }
    }
    String::new()
}

/// At most `rows` of `lines`; when some are left out, the last row kept ends in `…`.
pub fn cut(mut lines: Vec<Line<'static>>, rows: usize, width: u16) -> Vec<Line<'static>> {
    if lines.len() <= rows {
        return lines;
    }
    lines.truncate(rows);
    if let Some(last) = lines.last_mut() {
        // Room for the ellipsis: drop characters from the end until it fits.
        while last.width() + 1 > usize::from(width) {
            let Some(span) = last.spans.last_mut() else {
                break;
            };
            let mut text = span.content.to_string();
            text.pop();
            if text.is_empty() {
                last.spans.pop();
            } else {
                span.content = text.into();
            }
        }
        let style = last.spans.last().map_or(Style::new(), |s| s.style);
        last.spans.push(Span::styled("…", style));
    }
    lines
}

/// Appends a character to the last span if it has the same style, else in a span of its own.
fn push_char(spans: &mut Vec<Span<'static>>, ch: char, style: Style) {
    match spans.last_mut() {
        Some(last) if last.style == style => last.content.to_mut().push(ch),
        _ => spans.push(Span::styled(ch.to_string(), style)),
    }
}

/// The rows of `words`: a word goes on the current row if it fits there, else starts the next
/// one; a word wider than a whole row is broken between characters.
fn lay_out(words: Vec<Word>, width: u16, hang: u16, style: Style) -> Vec<Line<'static>> {
    let width = usize::from(width);
    if width == 0 {
        return Vec::new();
    }
    // A hanging indent as wide as the row would leave no room for text.
    let hang = if usize::from(hang) < width {
        usize::from(hang)
    } else {
        0
    };
    let mut rows: Vec<Line<'static>> = Vec::new();
    let mut row: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    // Whether the current row holds a word yet (an indent alone does not count).
    let mut started = false;
    let mut first = true;
    for word in words {
        let blanks = if started || first { word.gap } else { 0 };
        if started && used + blanks + word.width > width {
            rows.push(Line::from(std::mem::take(&mut row)).style(style));
            row.push(Span::raw(" ".repeat(hang)));
            used = hang;
            started = false;
        } else if blanks > 0 && used + blanks < width {
            row.push(Span::raw(" ".repeat(blanks)));
            used += blanks;
        }
        first = false;
        if used + word.width <= width {
            row.extend(word.spans);
            used += word.width;
            started = true;
            continue;
        }
        // Too wide for any row: as much as fits here, the rest on the rows below.
        for span in word.spans {
            for ch in span.content.chars() {
                let w = width_of(ch.encode_utf8(&mut [0; 4]));
                if used + w > width && (started || used > hang) {
                    rows.push(Line::from(std::mem::take(&mut row)).style(style));
                    row.push(Span::raw(" ".repeat(hang)));
                    used = hang;
                }
                push_char(&mut row, ch, span.style);
                used += w;
                started = true;
            }
        }
    }
    if started {
        rows.push(Line::from(row).style(style));
    }
    rows
}

/// A position's notation in lines at most `width` wide, broken after a `/`, so each of the
/// board's rows stays whole (`......./......./` then `...o.../...`): a row cut in two reads as two
/// rows.
pub fn notation_rows(notation: &str, width: u16) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for row in notation.split_inclusive('/') {
        if !line.is_empty() && line.len() + row.len() > usize::from(width) {
            lines.push(std::mem::take(&mut line));
        }
        line.push_str(row);
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn words_go_to_the_next_row_with_a_hanging_indent() {
        let line = Line::from("· X (you) hint: minimax checked 7 moves, best +10 (win in 1)");
        assert_eq!(
            texts(&wrap(&line, 24, 2)),
            [
                "· X (you) hint: minimax",
                "  checked 7 moves, best",
                "  +10 (win in 1)",
            ]
        );
    }

    #[test]
    fn leading_blanks_and_inner_runs_stay_and_styles_follow_their_text() {
        let strong = Style::new().add_modifier(ratatui::style::Modifier::BOLD);
        let line = Line::from(vec![Span::styled(" ▸ ", strong), Span::raw("a   b")]);
        let rows = wrap(&line, 20, 3);
        assert_eq!(texts(&rows), [" ▸ a   b"]);
        assert_eq!(rows[0].spans[1], Span::styled("▸", strong));
    }

    #[test]
    fn a_number_keeps_its_unit_on_its_row() {
        let line = Line::from("· engine checked 347,853 moves in 99.6 ms, 12 MiB");
        assert_eq!(
            texts(&wrap(&line, 38, 2)),
            ["· engine checked 347,853 moves in", "  99.6 ms, 12 MiB"]
        );
        // A unit that is not after a number is a word like any other.
        let line = Line::from("ab ms");
        assert_eq!(texts(&wrap(&line, 3, 0)), ["ab", "ms"]);
    }

    #[test]
    fn an_outcome_keeps_its_count_on_its_row() {
        // Found in the review: `… → loss in` at a row's end, `14. Best: …` on the next.
        let line = Line::from("draw → loss in 14. Best: c4");
        assert_eq!(
            texts(&wrap(&line, 15, 0)),
            ["draw →", "loss in 14.", "Best: c4"]
        );
        // Any other "in" leaves a number to the next row.
        let line = Line::from("moves in 99 ms");
        assert_eq!(texts(&wrap(&line, 8, 0)), ["moves in", "99 ms"]);
    }

    #[test]
    fn a_bound_keeps_its_value_on_its_row() {
        // Found in the replay: `… the full window α -∞, β` at a row's end, `+∞` on the next.
        let line = Line::from("with the full window α -∞, β +∞");
        assert_eq!(
            texts(&wrap(&line, 28, 0)),
            ["with the full window α -∞,", "β +∞"]
        );
        // `β` in a word is a word like any other.
        let line = Line::from("ab β1 cd");
        assert_eq!(texts(&wrap(&line, 5, 0)), ["ab β1", "cd"]);
    }

    #[test]
    fn a_word_wider_than_the_row_is_broken() {
        let line = Line::from("a 1234567890");
        assert_eq!(texts(&wrap(&line, 6, 1)), ["a", " 12345", " 67890"]);
    }

    #[test]
    fn groups_stay_whole() {
        let groups = vec![
            vec![Span::raw("step "), Span::raw("1 / 2")],
            vec![Span::raw("nodes "), Span::raw("3 / 4")],
        ];
        assert_eq!(
            texts(&flow(groups.clone(), 3, 30, 1)),
            [" step 1 / 2   nodes 3 / 4"]
        );
        assert_eq!(
            texts(&flow(groups, 3, 14, 1)),
            [" step 1 / 2", " nodes 3 / 4"]
        );
    }

    #[test]
    fn a_group_wider_than_a_row_breaks_at_its_blanks() {
        let groups = vec![
            vec![Span::raw("X: no mistakes, 1 unjudged")],
            vec![Span::raw("O: none")],
        ];
        assert_eq!(
            texts(&flow(groups, 3, 18, 1)),
            [" X: no mistakes, 1", " unjudged", " O: none"]
        );
        // After another group it starts a row of its own: its first words do not run on from
        // the progress before it.
        let groups = vec![
            vec![Span::raw("reviewing 2 of 4…")],
            vec![Span::raw("X: no mistakes, 1 unjudged")],
        ];
        assert_eq!(
            texts(&flow(groups, 3, 24, 1)),
            [" reviewing 2 of 4…", " X: no mistakes, 1", " unjudged"]
        );
    }

    #[test]
    fn a_cut_ends_in_an_ellipsis_that_fits() {
        let rows = wrap(&Line::from("one two three four"), 9, 0);
        assert_eq!(texts(&rows), ["one two", "three", "four"]);
        assert_eq!(texts(&cut(rows.clone(), 2, 9)), ["one two", "three…"]);
        assert_eq!(texts(&cut(rows.clone(), 3, 9)), texts(&rows));
        let full = wrap(&Line::from("abcdefghi jk"), 9, 0);
        assert_eq!(texts(&cut(full, 1, 9)), ["abcdefgh…"]);
    }

    #[test]
    fn the_first_text_that_fits_else_the_last() {
        let texts = || vec!["a long title".to_string(), "short".into(), "s".into()];
        assert_eq!(first_fitting(texts(), 20), "a long title");
        assert_eq!(first_fitting(texts(), 5), "short");
        assert_eq!(first_fitting(texts(), 0), "s");
    }

    #[test]
    fn no_width_no_rows() {
        assert!(wrap(&Line::from("text"), 0, 2).is_empty());
        assert_eq!(texts(&wrap(&Line::from("ab cd"), 2, 2)), ["ab", "cd"]);
    }

    #[test]
    fn the_notation_breaks_between_rows() {
        let connect4 = "......./......./...o.../...x.../...o.../.oxxox.";
        assert_eq!(
            notation_rows(connect4, 41),
            ["......./......./...o.../...x.../...o.../", ".oxxox."]
        );
        assert_eq!(notation_rows(connect4, 100), [connect4]);
        // A row wider than the pane still shows, on a line of its own.
        assert_eq!(notation_rows("xo./...", 2), ["xo./", "..."]);
    }
}
