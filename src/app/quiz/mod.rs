//! The quiz (`Q`): ten questions on real positions, from the game or picked at a difficulty,
//! each answered on the board or by typing, checked by the engine (`engine::quiz`), with the
//! right answer, why, and a way into the replay that shows it. `update.rs` is the quiz's part of
//! `App::update`; `input.rs` turns its keys into answers.

pub(in crate::app) mod input;
pub(in crate::app) mod update;

use crate::app::play::search_view::SearchView;
use crate::engine::quiz::{Checked, Difficulty, Question, Quiz};
use crate::engine::{Move, Position};
use std::cell::Cell;

/// Where the questions come from, as the start screen offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuizSource {
    /// The positions of the game on the board.
    Game,
    /// Positions picked by random playouts at a difficulty.
    Picked(Difficulty),
}

/// The start screen's choices, in order.
pub const SOURCES: [QuizSource; 4] = [
    QuizSource::Game,
    QuizSource::Picked(Difficulty::Easy),
    QuizSource::Picked(Difficulty::Medium),
    QuizSource::Picked(Difficulty::Hard),
];

/// The choice selected when the quiz opens: picked, medium.
pub const DEFAULT_SOURCE: usize = 2;

/// Where the quiz is.
#[derive(Clone, Debug)]
pub enum QuizPhase {
    /// The start screen: choosing where the questions come from.
    Start,
    /// The questions are being made in the background.
    Making,
    /// A question waits for its answer.
    Asking,
    /// The question is answered: right or wrong, and why.
    Answered(Box<Checked>),
    /// Every question answered: the summary.
    Summary,
}

/// A quiz being taken.
#[derive(Clone, Debug)]
pub struct QuizState {
    /// The seed of the quiz (shown, so `--seed` can make it again).
    pub seed: u64,
    /// The generation of the job making the questions; its reply is dropped if stale.
    pub generation: u64,
    /// The start screen's selection, an index into `SOURCES`.
    pub choice: usize,
    /// The game's positions a question can be asked on (not over, close enough to the end).
    pub game_positions: Vec<Position>,
    /// The options that set that game up again (`--moves "a3 b2"`), for the summary's line
    /// that makes the same quiz.
    pub game_arguments: String,
    /// The questions, once started.
    pub quiz: Option<Quiz>,
    /// The question shown, an index into the quiz's questions.
    pub index: usize,
    /// Where the quiz is.
    pub phase: QuizPhase,
    /// Every answer checked so far, in order.
    pub results: Vec<Checked>,
    /// The answer being typed.
    pub typed: String,
    /// The cells marked for a prune question.
    pub marked: Vec<Move>,
    /// The board cursor for questions answered on the board: row and column (each question's
    /// first free cell when it is asked).
    pub cursor: (usize, usize),
    /// Why the last answer was not read (shown under it until the next key).
    pub error: Option<String>,
    /// Esc (or `Q`) was pressed once with answers to lose: a second one leaves, any other key
    /// stays.
    pub leaving: bool,
    /// Rows the summary is scrolled by (↑↓), where it is taller than its pane.
    pub summary_scroll: usize,
    /// The most the summary can be scrolled by, as the pane last drew it.
    pub summary_most: Cell<usize>,
    /// The game's analysis as the quiz found it, when it had finished: leaving the quiz shows
    /// it again (`App::resume_game_search`).
    pub game_search: Option<Box<SearchView>>,
}

impl QuizState {
    /// The start screen of a quiz of `seed`, with the game's positions to offer and the options
    /// that set that game up.
    pub fn new(seed: u64, game_positions: Vec<Position>, game_arguments: String) -> QuizState {
        QuizState {
            seed,
            generation: 0,
            choice: DEFAULT_SOURCE,
            game_positions,
            game_arguments,
            quiz: None,
            index: 0,
            phase: QuizPhase::Start,
            results: Vec::new(),
            typed: String::new(),
            marked: Vec::new(),
            cursor: (0, 0),
            error: None,
            leaving: false,
            summary_scroll: 0,
            summary_most: Cell::new(0),
            game_search: None,
        }
    }

    /// The question shown, once the quiz has started.
    pub fn question(&self) -> Option<&Question> {
        self.quiz.as_ref()?.questions.get(self.index)
    }

    /// Questions in the quiz.
    pub fn total(&self) -> usize {
        self.quiz.as_ref().map_or(0, |quiz| quiz.questions.len())
    }

    /// Answers right so far.
    pub fn right(&self) -> usize {
        self.results.iter().filter(|checked| checked.right).count()
    }

    /// `3 of 5 right`.
    pub fn score_line(&self) -> String {
        format!("{} of {} right", self.right(), self.results.len())
    }
}

/// A key in the quiz, as the terminal layer reads it; what it means depends on the phase and the
/// question (a letter is typed into a score or an outcome, but moves the cursor on the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuizKey {
    /// A printable character.
    Char(char),
    /// Enter: start, answer, next.
    Enter,
    /// Space: mark or unmark a cell (prune questions), or choose the cell (best move).
    Space,
    /// Backspace: delete the last character typed, or the last mark.
    Backspace,
    /// A cursor key.
    Move(crate::app::action::Direction),
    /// A click on a cell of the board: the cursor goes there and it answers (a best move) or
    /// marks (a pruned move) as Enter or Space would, as a click plays in the game.
    Click(crate::engine::Move),
    /// Esc or `Q`: leave the quiz (asked twice where answers would be lost).
    Leave,
}
