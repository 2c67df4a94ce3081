//! The quiz pane, in the game tree's place (and most of the log's): the start screen with the
//! sources to choose from, a question with what to type or do and the answer so far, the verdict
//! with the right answer and why, and the summary of the ten. Right and wrong have a symbol as
//! well as a colour (`✓`, `✗`).

use super::popup::more_mark;
use super::theme::Theme;
use super::wrap;
use crate::app::{QuizPhase, QuizSource, QuizState, SOURCES, thousands};
use crate::engine::Rules;
use crate::engine::quiz::{Checked, Difficulty, Entry, GAME_EMPTY_LIMIT, Question, list};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Padding, Paragraph, Widget};

/// The quiz pane, ready to render.
pub struct QuizPane<'a> {
    /// The quiz.
    pub state: &'a QuizState,
    /// The rules of the game (the start screen's positions are picked on them).
    pub rules: Rules,
    /// Styles.
    pub theme: Theme,
}

impl Widget for QuizPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (state, theme) = (self.state, self.theme);
        // A column of margin each side, as the other panes keep.
        let frame = Block::bordered()
            .border_style(theme.border(true))
            .padding(Padding::horizontal(1));
        let inner = frame.inner(area);
        let width = inner.width;
        let mut text = match (&state.phase, state.question()) {
            (QuizPhase::Start, _) => start(state, self.rules, theme),
            (QuizPhase::Making, _) => PaneLines::all(vec![Line::raw(
                "Making ten questions: every position searched exactly…",
            )]),
            (QuizPhase::Asking, Some(question)) => asking(state, question, theme),
            (QuizPhase::Answered(checked), Some(question)) => answered(question, checked, theme),
            _ => PaneLines::all(summary(state, self.rules, theme)),
        };
        if let Some(error) = &state.error {
            // Why the answer was refused, in view with it.
            text.focus_next();
            text.push(Line::styled(error.clone(), theme.notice()));
        }
        let height = usize::from(inner.height);
        let (mut rows, focus) = text.fit(width, height);
        // The summary scrolls (↑↓) where it is taller than the pane; elsewhere the line that
        // matters (the answer, the source chosen) is scrolled into view and the rest is cut.
        let (scroll, more) = if matches!(state.phase, QuizPhase::Summary) {
            let most = rows.len().saturating_sub(height);
            // For the keys, which scroll no further than the pane can show.
            state.summary_most.set(most);
            let scroll = state.summary_scroll.min(most);
            (scroll, more_mark(scroll > 0, scroll < most))
        } else {
            (focus.map_or(0, |row| (row + 1).saturating_sub(height)), "")
        };
        // The titles run along the border; the text sits inside the margin.
        let border_width = area.width.saturating_sub(2);
        frame
            .title(title(state, border_width))
            .title_bottom(wrap::first_fitting(keys(state, more), border_width))
            .render(area, buf);
        let mut rows = rows.split_off(scroll);
        // A line scrolled into view at the foot is whole: the `…` of a cut would say it goes on.
        let rows = if focus.is_some_and(|row| row + 1 == scroll + height) {
            rows.truncate(height);
            rows
        } else {
            wrap::cut(rows, height, width)
        };
        Paragraph::new(rows).render(inner, buf);
    }
}

/// The pane's lines, some of which may go where the pane is short, and the one that must show.
struct PaneLines {
    lines: Vec<Line<'static>>,
    /// Whether each line may be left out (an explanation, a blank row) to make room.
    optional: Vec<bool>,
    /// The line that must be in view (the answer being typed, the source chosen), if any.
    focus: Option<usize>,
}

impl PaneLines {
    /// Lines that all stay, none in particular in view.
    fn all(lines: Vec<Line<'static>>) -> PaneLines {
        PaneLines {
            optional: vec![false; lines.len()],
            lines,
            focus: None,
        }
    }

    /// A line that stays.
    fn push(&mut self, line: Line<'static>) {
        self.lines.push(line);
        self.optional.push(false);
    }

    /// A line that goes first where the pane is short.
    fn push_optional(&mut self, line: Line<'static>) {
        self.lines.push(line);
        self.optional.push(true);
    }

    /// The focus on the line pushed next.
    fn focus_next(&mut self) {
        self.focus = Some(self.lines.len());
    }

    /// The rows within `width`, the optional lines left out from the last up while they do not
    /// fit in `height` rows, and the last row of the focused line.
    fn fit(self, width: u16, height: usize) -> (Vec<Line<'static>>, Option<usize>) {
        let mut wrapped: Vec<Option<Vec<Line<'static>>>> = self
            .lines
            .iter()
            .map(|line| Some(wrap::rows(line, width, 2)))
            .collect();
        let mut total: usize = wrapped.iter().flatten().map(Vec::len).sum();
        for index in (0..wrapped.len()).rev() {
            if total <= height {
                break;
            }
            if self.optional[index]
                && let Some(left_out) = wrapped[index].take()
            {
                total -= left_out.len();
            }
        }
        let mut rows = Vec::new();
        let mut focus = None;
        for (index, line_rows) in wrapped.into_iter().enumerate() {
            if let Some(line_rows) = line_rows {
                rows.extend(line_rows);
                if self.focus == Some(index) {
                    focus = rows.len().checked_sub(1);
                }
            }
        }
        (rows, focus)
    }
}

/// ` Quiz · question 3 of 10 · 2 of 2 right · seed 7 `, shorter when narrow.
fn title(state: &QuizState, width: u16) -> String {
    let seed = format!("seed {}", state.seed);
    let (at, short, score) = match state.phase {
        QuizPhase::Start | QuizPhase::Making => return format!(" Quiz · {seed} "),
        QuizPhase::Summary => ("done".to_string(), "done".to_string(), state.score_line()),
        _ => {
            let (n, of) = (state.index + 1, state.total());
            (
                format!("question {n} of {of}"),
                format!("{n}/{of}"),
                state.score_line(),
            )
        }
    };
    // The seed goes last: it is what reproduces the quiz, kept while the pane allows.
    wrap::first_fitting(
        vec![
            format!(" Quiz · {at} · {score} · {seed} "),
            format!(" Quiz · {short} · {score} · {seed} "),
            format!(" Quiz · {at} · {score} "),
            format!(" Quiz · {short} · {score} "),
            format!(" Quiz · {at} "),
        ],
        width,
    )
}

/// The keys that apply now, in the bottom border, shorter when narrow; `more`, on the summary:
/// which ways it scrolls (`more_mark`).
fn keys(state: &QuizState, more: &str) -> Vec<String> {
    let long = match (&state.phase, state.question().map(Question::entry)) {
        (QuizPhase::Start, _) => " ↑↓ choose · Enter start · Esc leave ",
        (QuizPhase::Making, _) => " Esc leave ",
        (QuizPhase::Asking, Some(Entry::Typed)) => " type · Backspace · Enter answer · Esc leave ",
        (QuizPhase::Asking, Some(Entry::Cell)) => " ←↓↑→ cursor · Enter answer · Esc leave ",
        (QuizPhase::Asking, _) => " ←↓↑→ · Space mark · Enter answer · Esc leave ",
        (QuizPhase::Answered(_), _) => " n next · s replay there · Esc leave ",
        (QuizPhase::Summary, _) => {
            if !more.is_empty() {
                return vec![
                    format!("{more} ↑↓ scroll · Enter another quiz · Esc leave "),
                    format!("{more} ↑↓ scroll · Esc leave "),
                    format!("{more} ↑↓ · Esc leave "),
                ];
            }
            " Enter another quiz · Esc leave "
        }
    };
    vec![long.to_string(), " Esc leave ".to_string()]
}

/// The start screen: what the quiz is, and where its questions can come from.
fn start(state: &QuizState, rules: Rules, theme: Theme) -> PaneLines {
    let mut lines = PaneLines::all(Vec::new());
    lines.push_optional(Line::raw(
        "Ten questions on real positions, each checked by the exact engine.",
    ));
    lines.push_optional(Line::default());
    lines.push(Line::styled("Questions from:", theme.strong()));
    for (index, source) in SOURCES.iter().enumerate() {
        let text = match source {
            QuizSource::Game => format!(
                "this game: {} position{} with ≤ {GAME_EMPTY_LIMIT} empty cells",
                state.game_positions.len(),
                if state.game_positions.len() == 1 {
                    ""
                } else {
                    "s"
                }
            ),
            QuizSource::Picked(difficulty) => picked(*difficulty, rules),
        };
        let (marker, style) = if index == state.choice {
            lines.focus_next();
            ("▶ ", theme.selected())
        } else {
            ("  ", ratatui::style::Style::new())
        };
        lines.push(Line::styled(format!("{marker}{text}"), style));
    }
    lines.push_optional(Line::default());
    lines.push_optional(Line::styled(
        "Type answers (+7, w3, -inf 8) or answer on the board; Esc leaves.",
        theme.dim(),
    ));
    lines
}

/// `picked, medium: 5–6 empty cells`.
fn picked(difficulty: Difficulty, rules: Rules) -> String {
    let range = difficulty.empty_cells();
    let most = (*range.end()).min(rules.cells() - 1);
    format!("picked, {difficulty}: {}–{most} empty cells", range.start())
}

/// A question: the prompt, what to do, and the answer so far.
fn asking(state: &QuizState, question: &Question, theme: Theme) -> PaneLines {
    let rules = *question.position.rules();
    let mut lines = PaneLines::all(vec![Line::styled(question.prompt(), theme.strong())]);
    // What to type goes before the answer itself where the pane is short (the keys are in the
    // border and the status bar).
    lines.push_optional(Line::styled(question.how_to_answer(), theme.dim()));
    lines.push_optional(Line::default());
    let answer = match question.entry() {
        Entry::Typed => vec![
            Span::raw("answer: "),
            Span::styled(state.typed.clone(), theme.strong()),
            Span::styled("▏", theme.cursor()),
        ],
        Entry::Cell => vec![Span::raw(format!(
            "cursor: {}",
            cursor_name(state, question)
        ))],
        Entry::Cells => vec![Span::raw(format!(
            "cursor: {} · marked: {}",
            cursor_name(state, question),
            list(&rules, &state.marked)
        ))],
    };
    lines.focus_next();
    lines.push(Line::from(answer));
    lines
}

/// The cell under the cursor on the question's node, by name.
fn cursor_name(state: &QuizState, question: &Question) -> String {
    let node = question.node();
    match state.cursor_move(&node) {
        Some(mv) if node.check(mv).is_ok() => node.rules().move_name(mv),
        Some(mv) => format!("{} (taken)", node.rules().move_name(mv)),
        None => "—".to_string(),
    }
}

/// The verdict: right or wrong, the right answer, why.
fn answered(question: &Question, checked: &Checked, theme: Theme) -> PaneLines {
    let among_equals = matches!(question.kind, crate::engine::quiz::Kind::Best(_));
    let verdict = if checked.right && among_equals && checked.given != checked.answer {
        // One of several right answers (a best move among equals): what was said, then all.
        Line::from(vec![
            Span::styled("✓ Right: ", theme.best()),
            Span::styled(checked.given.clone(), theme.strong()),
            Span::raw(format!(" (the answer: {})", checked.answer)),
        ])
    } else if checked.right {
        Line::from(vec![
            Span::styled("✓ Right: ", theme.best()),
            Span::styled(checked.answer.clone(), theme.strong()),
        ])
    } else {
        Line::from(vec![
            Span::styled("✗ Wrong: ", theme.losing()),
            Span::raw(format!("you said {}; the answer is ", checked.given)),
            Span::styled(checked.answer.clone(), theme.strong()),
        ])
    };
    let mut lines = PaneLines::all(Vec::new());
    lines.push_optional(Line::styled(question.prompt(), theme.dim()));
    lines.push_optional(Line::default());
    lines.focus_next();
    lines.push(verdict);
    lines.push(Line::raw(checked.why.clone()));
    lines.push_optional(Line::default());
    lines.push_optional(Line::styled(
        format!(
            "s: the {} replay at this {}, step {}",
            question.algorithm,
            if question.path().is_empty() {
                "move"
            } else {
                "node"
            },
            thousands(question.replay_step)
        ),
        theme.dim(),
    ));
    lines
}

/// The summary: the score, then each question with its verdict, the right answer and, where it
/// was wrong, what was said (a teacher going through the class's answers needs both).
fn summary(state: &QuizState, rules: Rules, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = vec![
        Line::styled(format!("Quiz over: {}", state.score_line()), theme.strong()),
        Line::default(),
    ];
    let questions = state.quiz.iter().flat_map(|quiz| quiz.questions.iter());
    for (number, (question, checked)) in questions.zip(&state.results).enumerate() {
        let (mark, style) = if checked.right {
            ("✓", theme.best())
        } else {
            ("✗", theme.losing())
        };
        let mut line = Line::from(vec![
            Span::raw(format!("{:>2} ", number + 1)),
            Span::styled(mark, style),
            Span::raw(format!(" {}: {}", question.label(), checked.answer)),
        ]);
        if !checked.right {
            line.push_span(Span::styled(
                format!(" · you said {}", checked.given),
                theme.dim(),
            ));
        }
        lines.push(line);
    }
    lines.push(Line::default());
    // What makes the same questions: the rules, the algorithm replayed (a config file may choose
    // another) and the seed, and the same choice on the start screen. This game's positions need
    // the same game: its moves, with no AI seat to play on from them before Q.
    let (game, choice) = match SOURCES[state.choice] {
        QuizSource::Game => (
            format!(" --x human --o human{}", state.game_arguments),
            "this game's positions".to_string(),
        ),
        QuizSource::Picked(difficulty) => (String::new(), format!("picked, {difficulty}")),
    };
    let algorithm = state
        .quiz
        .as_ref()
        .and_then(|quiz| quiz.questions.first())
        .map_or(String::new(), |question| {
            format!(" --algo {}", question.algorithm)
        });
    lines.push(Line::styled(
        format!(
            "tictree --rules {rules}{game}{algorithm} --seed {}, then Q and {choice}, make this \
             quiz again.",
            state.seed
        ),
        theme.dim(),
    ));
    lines
}

/// The line under the board: whose turn it is at the question's node.
pub fn caption<'a>(state: &QuizState, theme: Theme) -> Line<'a> {
    let Some(question) = state.question().filter(|_| state.quiz_shown()) else {
        return Line::from(Span::styled("Quiz", theme.strong()));
    };
    let node = question.node();
    // Short: the board is narrowest at 80×24; the prompt says which node and why it is numbered.
    let (what, there) = match question.path().len() {
        0 => ("Quiz", format!("{} to move", node.to_move())),
        _ => ("Node", format!("{} to move", node.to_move())),
    };
    Line::from(vec![
        Span::styled(what, theme.strong()),
        Span::raw(format!(": {there}")),
    ])
}
