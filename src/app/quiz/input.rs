//! What a quiz key means where the quiz is: on the start screen ↑↓ choose and Enter starts; a
//! typed question takes characters; a board question moves the cursor (arrows or hjkl), Space
//! marks, Enter answers; after an answer `n` or Enter goes on and `s` opens the replay; on the
//! summary ↑↓ scroll and Enter starts another quiz. Esc and `Q` leave from anywhere, twice once
//! a question is answered or an answer begun.

use super::{QuizKey, QuizPhase, SOURCES};
use crate::app::action::Direction;
use crate::app::state::App;
use crate::engine::game::notation::column_of_digit;
use crate::engine::quiz::{Answer, Entry};

/// Characters an answer may hold at most: the longest sensible one is a window written out,
/// `alpha = -inf, beta = +inf`.
const TYPED_MAX: usize = 28;

impl App {
    /// One quiz key.
    pub(crate) fn quiz_key(&mut self, key: QuizKey) {
        let Some(state) = self.quiz_mut() else {
            return;
        };
        let confirmed = std::mem::take(&mut state.leaving);
        if key == QuizKey::Leave {
            // Answers given (or one being given) are not thrown away by a single Esc, which
            // many text fields take to mean "clear": a second one leaves.
            let kept = state.results.len();
            let unfinished = state.quiz_shown()
                && (kept > 0 || !state.typed.is_empty() || !state.marked.is_empty());
            if confirmed || !unfinished {
                return self.leave_quiz();
            }
            state.leaving = true;
            state.error = Some(match kept {
                0 => "Esc again leaves, this answer unsent; other keys stay".into(),
                1 => "Esc again leaves and drops 1 answer; other keys stay".into(),
                n => format!("Esc again leaves and drops {n} answers; other keys stay"),
            });
            return;
        }
        state.error = None;
        match state.phase {
            QuizPhase::Start => self.quiz_start_key(key),
            // Only Esc (above) while the questions are being made.
            QuizPhase::Making => {}
            QuizPhase::Asking => self.quiz_answer_key(key),
            QuizPhase::Answered(_) => match key {
                QuizKey::Enter | QuizKey::Char('n') => self.next_question(),
                QuizKey::Char('s') => self.replay_question(),
                // The answer is in: any other key says what comes next rather than nothing.
                _ => {
                    state.error = Some(
                        "answered: n or Enter goes on, s replays the search, Esc leaves".into(),
                    )
                }
            },
            QuizPhase::Summary => match key {
                QuizKey::Enter | QuizKey::Char('n') => self.another_quiz(),
                // A long summary (Connect Four's at 80×24) scrolls to its last line, the command
                // that makes the quiz again; ↑ from where the pane shows it (a taller one may
                // have cut the scroll short).
                QuizKey::Move(Direction::Up) | QuizKey::Char('k') => {
                    state.summary_scroll = state
                        .summary_scroll
                        .min(state.summary_most.get())
                        .saturating_sub(1)
                }
                QuizKey::Move(Direction::Down) | QuizKey::Char('j') => {
                    state.summary_scroll = (state.summary_scroll + 1).min(state.summary_most.get())
                }
                _ => {}
            },
        }
    }

    fn quiz_start_key(&mut self, key: QuizKey) {
        let Some(state) = self.quiz_mut() else {
            return;
        };
        let last = SOURCES.len() - 1;
        match key {
            QuizKey::Move(Direction::Up) | QuizKey::Char('k') => {
                state.choice = state.choice.saturating_sub(1)
            }
            QuizKey::Move(Direction::Down) | QuizKey::Char('j') => {
                state.choice = (state.choice + 1).min(last)
            }
            QuizKey::Enter | QuizKey::Space => self.start_quiz(),
            _ => {}
        }
    }

    fn quiz_answer_key(&mut self, key: QuizKey) {
        let Some(state) = self.quiz_mut() else {
            return;
        };
        let Some(question) = state.question() else {
            return;
        };
        let entry = question.entry();
        let node = question.node();
        let how = question.how_to_answer();
        if entry == Entry::Typed {
            return self.quiz_typed_key(key);
        }
        let direction = match key {
            QuizKey::Move(direction) => Some(direction),
            QuizKey::Char('k') => Some(Direction::Up),
            QuizKey::Char('j') => Some(Direction::Down),
            QuizKey::Char('h') => Some(Direction::Left),
            QuizKey::Char('l') => Some(Direction::Right),
            _ => None,
        };
        if let Some(direction) = direction {
            state.cursor = direction.step(state.cursor, node.rules());
            return;
        }
        let rules = *node.rules();
        // On gravity boards a digit is a column, as in the game: the cursor goes there and the
        // key answers (a best move) or marks (a pruned move) as Enter or Space would.
        let on_cell = if entry == Entry::Cell {
            QuizKey::Enter
        } else {
            QuizKey::Space
        };
        let key = match key {
            QuizKey::Click(mv) => {
                state.cursor = mv.row_col(&rules);
                on_cell
            }
            QuizKey::Char(digit @ '0'..='9') if rules.gravity => {
                match column_of_digit(&rules, digit as usize - '0' as usize) {
                    Ok(col) => state.cursor.1 = col,
                    Err(why) => {
                        state.error = Some(why);
                        return;
                    }
                }
                on_cell
            }
            key => key,
        };
        let at_cursor = state
            .cursor_move(&node)
            .filter(|&mv| node.check(mv).is_ok());
        let taken = if rules.gravity {
            format!("column {} is full", state.cursor.1 + 1)
        } else {
            "that cell is taken".to_string()
        };
        match (entry, key) {
            (Entry::Cell, QuizKey::Enter | QuizKey::Space) => match at_cursor {
                Some(mv) => self.submit_quiz(Answer::Move(mv)),
                None => state.error = Some(format!("{taken}: choose another")),
            },
            (Entry::Cells, QuizKey::Space) => match at_cursor {
                Some(mv) => match state.marked.iter().position(|&m| m == mv) {
                    Some(index) => {
                        state.marked.remove(index);
                    }
                    None => state.marked.push(mv),
                },
                None => state.error = Some(format!("{taken}: it is no move")),
            },
            (Entry::Cells, QuizKey::Backspace) => {
                state.marked.pop();
            }
            (Entry::Cells, QuizKey::Enter) => {
                let marked = state.marked.clone();
                self.submit_quiz(Answer::Moves(marked));
            }
            // A cell's name typed (`b1`): no key of a board question, which says how it is
            // answered rather than ignore it.
            (_, QuizKey::Char(_)) => state.error = Some(format!("answered on the board: {how}")),
            _ => {}
        }
    }

    /// Whether the quiz waits for a typed answer (a paste is typed into it).
    pub(crate) fn quiz_takes_text(&self) -> bool {
        self.quiz().is_some_and(|state| {
            matches!(state.phase, QuizPhase::Asking)
                && state.question().is_some_and(|q| q.entry() == Entry::Typed)
        })
    }

    /// A paste into a typed answer: its characters as if typed, line breaks and other control
    /// characters left out (the answer is one line).
    pub(crate) fn type_into_quiz(&mut self, text: &str) {
        for c in text.chars().filter(|c| !c.is_control()) {
            self.quiz_typed_key(QuizKey::Char(c));
        }
    }

    fn quiz_typed_key(&mut self, key: QuizKey) {
        let Some(state) = self.quiz_mut() else {
            return;
        };
        match key {
            QuizKey::Char(c) if state.typed.chars().count() < TYPED_MAX => state.typed.push(c),
            QuizKey::Space if state.typed.chars().count() < TYPED_MAX => state.typed.push(' '),
            QuizKey::Backspace => {
                state.typed.pop();
            }
            QuizKey::Enter => {
                let parsed = state.question().map(|q| q.parse(&state.typed));
                match parsed {
                    Some(Ok(answer)) => self.submit_quiz(answer),
                    Some(Err(why)) => state.error = Some(why),
                    None => {}
                }
            }
            // A key more than an answer holds is said, not swallowed.
            QuizKey::Char(_) | QuizKey::Space => {
                state.error = Some(format!(
                    "an answer holds at most {TYPED_MAX} characters (Backspace rubs out)"
                ));
            }
            // The answer is typed from its end: the arrows have no cursor to move.
            QuizKey::Move(_) => {
                state.error = Some("type the answer; Backspace rubs out, Enter answers".into());
            }
            _ => {}
        }
    }
}
