//! The review pane, in the game tree's place: every move of the game with its verdict (a symbol
//! as well as a colour: `✓` best, `?!` inaccuracy, `??` mistake), the selected one in a sentence,
//! and each player's mistakes and inaccuracies; "reviewing move k of n…" while the job runs.

use super::theme::Theme;
use super::wrap;
use crate::app::{REVIEW_LIMIT, ReviewState, count, names};
use crate::engine::{Judgement, MoveReview, Player, Rules, Verdict};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

/// Best moves a row names before it counts the rest; the sentence names more.
const BEST_IN_ROW: usize = 3;
const BEST_IN_SENTENCE: usize = 8;

/// The review pane, ready to render.
pub struct ReviewPane<'a> {
    /// The review.
    pub state: &'a ReviewState,
    /// Styles.
    pub theme: Theme,
}

impl Widget for ReviewPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (state, theme) = (self.state, self.theme);
        let rules = *state.start.rules();
        let width = area.width.saturating_sub(2);
        let block = Block::bordered()
            .title(title(state, width))
            .title_bottom(wrap::first_fitting(footers(state), width))
            .border_style(theme.border(true));
        let inner = block.inner(area);
        block.render(area, buf);

        let sentence = wrap::wrap(&sentence(state, rules), width, 1);
        let summary = summary(state, theme, width);
        let rows = Rows::share(
            usize::from(inner.height),
            state.moves.len(),
            sentence.len(),
            summary.len(),
        );
        let mut lines = Vec::new();
        if rows.header > 0 {
            lines.push(Line::styled(header(width), theme.strong()));
        }
        lines.extend(move_rows(state, rows.list, rules, theme, width));
        lines.extend(std::iter::repeat_n(Line::default(), rows.blank));
        lines.extend(wrap::cut(sentence, rows.sentence, width));
        lines.extend(std::iter::repeat_n(Line::default(), rows.free));
        lines.extend(wrap::cut(summary, rows.summary, width));
        Paragraph::new(lines).render(inner, buf);
    }
}

/// `Review · 5 moves`, and the position the game started from when it is not the empty board.
fn title(state: &ReviewState, width: u16) -> String {
    let count = match state.moves.len() {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    };
    let from = match state.start.ply() {
        0 => String::new(),
        _ => format!(" from {}", state.start.to_notation()),
    };
    let note = " · each score for the player who moved";
    wrap::first_fitting(
        vec![
            format!(" Review · {count}{from}{note} "),
            format!(" Review · {count}{from} "),
            format!(" Review · {count} "),
        ],
        width,
    )
}

/// The rows of the pane, shared out by what matters most: the summary (with the progress), the
/// sentence's first row, a few moves, the column headings, the rest of the sentence and of the
/// moves, and last a blank row between the moves and the sentence.
struct Rows {
    header: usize,
    list: usize,
    blank: usize,
    sentence: usize,
    free: usize,
    summary: usize,
}

impl Rows {
    fn share(height: usize, moves: usize, sentence: usize, summary: usize) -> Rows {
        let mut free = height;
        let mut take = |wanted: usize| {
            let got = wanted.min(free);
            free -= got;
            got
        };
        let summary = take(summary);
        let first = take(sentence.min(1));
        let few = take(moves.min(3));
        let header = take(1);
        let sentence = first + take(sentence.saturating_sub(1));
        let list = few + take(moves.saturating_sub(few));
        let blank = take(1);
        Rows {
            header,
            list,
            blank,
            sentence,
            free,
            summary,
        }
    }
}

/// The column headings, over `row`'s columns; the last one said shorter on a narrow pane.
fn header(width: u16) -> String {
    let columns = format!(
        "{:<4}{:>2}  {:<6} {:>5}  {:<11} ",
        "", "#", "move", "score", "outcome"
    );
    wrap::first_fitting(
        vec![format!("{columns}best there"), format!("{columns}best")],
        width,
    )
}

/// `rows` rows of the game's moves, scrolled so the selected one shows.
fn move_rows(
    state: &ReviewState,
    rows: usize,
    rules: Rules,
    theme: Theme,
    width: u16,
) -> Vec<Line<'static>> {
    // The selection stays in the middle of the window where the list allows.
    let first = state
        .selected
        .saturating_sub(rows / 2)
        .min(state.moves.len().saturating_sub(rows));
    (first..state.moves.len().min(first + rows))
        .map(|index| {
            let line = row(state, index, rules, theme, usize::from(width));
            wrap::cut(wrap::wrap(&line, width, 0), 1, width)
                .pop()
                .unwrap_or_default()
        })
        .collect()
}

/// One move: the selection's `>`, the verdict's symbol, its number, player and cell, its score
/// and outcome, and the best moves there when it was not one of them, in `width` columns.
fn row(
    state: &ReviewState,
    index: usize,
    rules: Rules,
    theme: Theme,
    width: usize,
) -> Line<'static> {
    let selected = index == state.selected;
    let marker = if selected { ">" } else { " " };
    let before = state.before(index);
    let mv = format!(
        "{} {}",
        before.to_move(),
        rules.move_name(state.moves[index])
    );
    let number = format!("{:>3}", format!("{}.", before.ply() + 1));
    let judged = match state.judged.get(index) {
        Some(reviewed) => reviewed.judgement.as_ref(),
        None => None,
    };
    let Some(judged) = judged else {
        let waiting = if index == state.judged.len() {
            match state.scoring {
                // How far the exact scores of the position's moves have got.
                Some((scored, moves)) => {
                    format!("judging… {scored} of {}", count(moves as u64, "move"))
                }
                None => "judging…".to_string(),
            }
        } else if index < state.judged.len() {
            // The row must read as "no verdict", not as a verdict: no symbol, a `?` score.
            "unjudged".to_string()
        } else {
            String::new()
        };
        let score = if index < state.judged.len() { "?" } else { "" };
        let text = format!("{marker}   {number} {mv:<6} {score:>5}  {waiting}");
        return Line::styled(text, row_style(Style::new(), selected, theme));
    };
    let (symbol, style) = verdict_look(judged.verdict, theme);
    let text = format!(
        " {number} {mv:<6} {:>5}  {:<11} ",
        judged.score,
        judged.score.outcome().to_string()
    );
    let best = match judged.verdict {
        Verdict::Best => String::new(),
        // The marker and the symbol take three columns before the text.
        _ => best_there(
            judged,
            rules,
            width.saturating_sub(3 + text.chars().count()),
        ),
    };
    let text = text + &best;
    Line::from(vec![
        Span::styled(marker, row_style(Style::new(), selected, theme)),
        Span::styled(format!("{symbol:<2}"), row_style(style, selected, theme)),
        Span::styled(text, row_style(Style::new(), selected, theme)),
    ])
}

/// The best moves beside a flagged move, then their score, in `room` columns if it can be: `a3
/// c3 a1 c1: 0`, `a3 c3 a1 (5 more): +2`, fewer names on a narrow pane, the first and `…`
/// (`c1…: -18`), and at the least the score alone, under the column's heading `best`: the score
/// the move is measured against always shows (the sentence below names every best move).
fn best_there(judged: &Judgement, rules: Rules, room: usize) -> String {
    let best = rules.move_names(&judged.best);
    let score = judged.best_score;
    let mut candidates: Vec<String> = (1..=BEST_IN_ROW)
        .rev()
        .map(|shown| format!("{}: {score}", names(&best, " ", shown)))
        .collect();
    if best.len() > 1 {
        candidates.push(format!("{}…: {score}", best[0]));
    }
    candidates
        .into_iter()
        .find(|text| text.chars().count() <= room)
        .unwrap_or_else(|| score.to_string())
}

/// The selected row is in reverse video as well as marked with `>`.
fn row_style(style: Style, selected: bool, theme: Theme) -> Style {
    if selected {
        style.patch(theme.selected())
    } else {
        style
    }
}

/// A verdict's symbol (the signal without colour) and style.
fn verdict_look(verdict: Verdict, theme: Theme) -> (&'static str, Style) {
    match verdict {
        Verdict::Best => ("✓", theme.best()),
        Verdict::Inaccuracy => ("?!", theme.notice()),
        Verdict::Mistake => ("??", theme.losing().patch(theme.strong())),
    }
}

/// The selected move in words: "O a2 (-5, loss in 3) was a mistake: draw → loss in 3. Best: a3
/// c3 a1 c1 (0, draw)."
fn sentence(state: &ReviewState, rules: Rules) -> Line<'static> {
    let before = state.before(state.selected);
    let played = format!(
        "{} {}",
        before.to_move(),
        rules.move_name(state.moves[state.selected])
    );
    let text = match state.selected_review() {
        Some(MoveReview {
            judgement: Some(judged),
            ..
        }) => judgement(judged, &played, rules),
        Some(_) => format!(
            "{played}: unjudged: its position was not solved within {} s (a time per move of \
             \"no limit\" in the settings gives each position as long as it needs).",
            REVIEW_LIMIT.as_secs()
        ),
        None if state.selected == state.judged.len() => format!("{played}: being judged now…"),
        None => format!("{played}: not judged yet."),
    };
    Line::raw(format!(" {text}"))
}

/// What a judged move's verdict says.
fn judgement(judged: &Judgement, played: &str, rules: Rules) -> String {
    let (score, best_score) = (judged.score, judged.best_score);
    let who = format!("{played} ({score}, {})", score.outcome());
    let (before, after) = judged.outcomes();
    let kind = match judged.verdict {
        Verdict::Best if judged.best.len() == 1 => return format!("{who} was the best move."),
        Verdict::Best => {
            return format!("{who} was one of {} best moves.", judged.best.len());
        }
        Verdict::Inaccuracy => "an inaccuracy",
        Verdict::Mistake => "a mistake",
    };
    let best = alternatives(&rules.move_names(&judged.best));
    format!(
        "{who} was {kind}: {before} → {after}. Best: {best} ({best_score}, {}).",
        best_score.outcome()
    )
}

/// Equally good moves in a sentence, read as alternatives rather than a line: `a2 or a1`,
/// `a3, c3, a1 or c1`; past `BEST_IN_SENTENCE`, the first ones and how many more.
fn alternatives(moves: &[String]) -> String {
    match moves {
        [] => String::new(),
        [only] => only.clone(),
        [first @ .., last] if moves.len() <= BEST_IN_SENTENCE => {
            format!("{} or {last}", first.join(", "))
        }
        _ => names(moves, ", ", BEST_IN_SENTENCE),
    }
}

/// Each player's mistakes and inaccuracies so far, after "reviewing move k of n…" while the job
/// runs.
fn summary(state: &ReviewState, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let mut groups = Vec::new();
    if state.running() {
        groups.push(vec![Span::styled(
            format!(
                "reviewing move {} of {}…",
                state.judged.len() + 1,
                state.moves.len()
            ),
            theme.notice(),
        )]);
    }
    for player in [Player::X, Player::O] {
        let count = |verdict: Verdict| match state.count(player, Some(verdict)) {
            0 => format!("no {}", verdict.noun(0)),
            n => verdict.counted(n),
        };
        let unjudged = match state.count(player, None) {
            0 => String::new(),
            n => format!(", {n} unjudged"),
        };
        groups.push(vec![
            Span::styled(format!("{player}:"), theme.mark(player)),
            Span::raw(format!(
                " {}, {}{unjudged}",
                count(Verdict::Mistake),
                count(Verdict::Inaccuracy)
            )),
        ]);
    }
    wrap::flow(groups, 3, width, 1)
}

/// The line under the board during the review: the selected move, its verdict's symbol, and
/// what the stars are; said shorter under a small board (`width` columns).
pub fn caption<'a>(state: &ReviewState, theme: Theme, width: u16) -> Line<'a> {
    let before = state.before(state.selected);
    let mut played = format!(
        "{}. {} {}",
        before.ply() + 1,
        before.to_move(),
        before.rules().move_name(state.moves[state.selected])
    );
    if let Some(judged) = state.selected_judgement() {
        played = format!("{played} {}", verdict_look(judged.verdict, theme).0);
    }
    let stars = if state.selected_judgement().is_some() {
        " · ★ best"
    } else {
        ""
    };
    let (title, rest) = [
        ("Review ", format!("{played}{stars}")),
        ("", format!("{played}{stars}")),
        ("", played),
    ]
    .into_iter()
    .find(|(title, rest)| Span::raw(format!("{title}{rest}")).width() <= usize::from(width))
    .unwrap_or_else(|| ("", String::new()));
    Line::from(vec![Span::styled(title, theme.strong()), Span::raw(rest)])
}

/// The pane's foot, fullest first: Enter only where it can go (not to a move of the opening).
fn footers(state: &ReviewState) -> Vec<String> {
    let enter = if state.can_go_to_selected() {
        "Enter go there · "
    } else {
        ""
    };
    vec![
        format!(" ↑↓ move · ←→ next flagged · {enter}s replay · Esc leaves "),
        format!(" {enter}s replay · Esc leaves "),
        format!(" {enter}Esc leaves "),
        " Esc leaves ".into(),
    ]
}
