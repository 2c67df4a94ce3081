//! The quiz's part of `App::update`: `Q` opens its start screen (the game waits meanwhile, as it
//! does for the review), Enter makes the questions from the chosen source and the seed, each
//! answer is checked, `s` opens the replay at the step that explains it (leaving the replay comes
//! back here), and Esc or `Q` goes back to the game.

use super::{QuizPhase, QuizSource, QuizState, SOURCES};
use crate::app::action::Action;
use crate::app::jobs::{Job, JobKey, QuizRequest};
use crate::app::play::board_view::{BoardView, Mark};
use crate::app::replay::ReplayFrom;
use crate::app::state::{App, Mode};
use crate::engine::Status;
use crate::engine::quiz::{Answer, Entry, Quiz, Source, game_positions, replay_algorithm};
use rand::Rng;

impl App {
    /// `Q`: the quiz's start screen. The game's search stops (a new generation makes its replies
    /// stale); leaving shows it again as it had finished, or starts it again.
    pub(crate) fn open_quiz(&mut self) {
        let game_search = self.set_game_search_aside();
        // `--seed` makes the first quiz of a session that seed; a random one is kept short, to
        // be read off the screen and typed, and to keep its place in the title at 80 columns.
        let seed = match self.options.seed {
            Some(seed) => seed,
            None => self.rng.random_range(1..100_000),
        };
        // The opening too (`--moves`, a pasted list), as the review judges it.
        let positions = game_positions(&self.options.origin, &self.moves_from_origin());
        let arguments = self.position_arguments();
        let mut state = QuizState::new(seed, positions, arguments);
        state.game_search = game_search;
        self.mode = Mode::Quiz(Box::new(state));
    }

    /// An action while the quiz is open (no popup over it).
    pub(crate) fn quiz_action(&mut self, action: Action) {
        match action {
            Action::Quiz(key) => self.quiz_key(key),
            other => {
                // Any other key (the help, the log's pages) stays too: a later Esc asks again.
                let pressed = !matches!(other, Action::Search(_) | Action::Tick(_));
                if let Some(state) = self.quiz_mut()
                    && pressed
                    && std::mem::take(&mut state.leaving)
                {
                    state.error = None;
                }
                self.anywhere(other)
            }
        }
    }

    /// The quiz, if it is open.
    pub fn quiz(&self) -> Option<&QuizState> {
        match &self.mode {
            Mode::Quiz(state) => Some(state),
            _ => None,
        }
    }

    pub(super) fn quiz_mut(&mut self) -> Option<&mut QuizState> {
        match &mut self.mode {
            Mode::Quiz(state) => Some(state),
            _ => None,
        }
    }

    /// Esc or `Q`: back to the game as it was (questions still being made are not waited for),
    /// with its analysis as it had finished, or started again.
    pub(super) fn leave_quiz(&mut self) {
        self.jobs.push_back(Job::Cancel(JobKey::Quiz));
        let Mode::Quiz(state) = std::mem::replace(&mut self.mode, Mode::Game) else {
            return;
        };
        self.resume_game_search(state.game_search);
    }

    /// Enter on the start screen: the questions of the chosen source are made in the background
    /// (the exact search of ten positions). A game with no position to ask about leaves the
    /// start screen as it is and says why.
    pub(super) fn start_quiz(&mut self) {
        let rules = *self.position().rules();
        let algorithm = replay_algorithm(self.options.settings.algorithm);
        let generation = self.next_generation();
        let Some(state) = self.quiz_mut() else {
            return;
        };
        let source = match SOURCES[state.choice] {
            QuizSource::Game if state.game_positions.is_empty() => {
                state.error = Some(format!(
                    "no position of this game is still going on with at most {} empty cells: \
                     choose picked positions",
                    crate::engine::quiz::GAME_EMPTY_LIMIT
                ));
                return;
            }
            QuizSource::Game => Source::Game(state.game_positions.clone()),
            QuizSource::Picked(difficulty) => Source::Picked(rules, difficulty),
        };
        state.generation = generation;
        state.phase = QuizPhase::Making;
        let seed = state.seed;
        self.jobs.push_back(Job::Quiz(QuizRequest {
            generation,
            source,
            algorithm,
            seed,
        }));
    }

    /// The questions made: the first one is asked. `None`: the source had no position to ask
    /// about (a board where random play never gets near the end without a line).
    pub(crate) fn receive_quiz(&mut self, generation: u64, quiz: Option<Box<Quiz>>) {
        let Some(state) = self.quiz_mut() else {
            return;
        };
        if state.generation != generation || !matches!(state.phase, QuizPhase::Making) {
            return;
        }
        match quiz {
            Some(quiz) => {
                state.quiz = Some(*quiz);
                state.index = 0;
                state.results.clear();
                state.phase = QuizPhase::Asking;
                state.reset_answer();
                state.first_cursor();
            }
            None => {
                state.phase = QuizPhase::Start;
                state.error = Some(
                    "random play on these rules never gets near the end without a line: \
                     no position to ask about"
                        .into(),
                );
            }
        }
    }

    /// An answer to the question shown, checked.
    pub(super) fn submit_quiz(&mut self, answer: Answer) {
        let Some(state) = self.quiz_mut() else {
            return;
        };
        let Some(question) = state.question() else {
            return;
        };
        let checked = question.check(&answer);
        state.results.push(checked.clone());
        state.phase = QuizPhase::Answered(Box::new(checked));
    }

    /// `n` or Enter after an answer: the next question, or the summary after the last.
    pub(super) fn next_question(&mut self) {
        let Some(state) = self.quiz_mut() else {
            return;
        };
        if state.index + 1 >= state.total() {
            state.phase = QuizPhase::Summary;
            state.summary_scroll = 0;
            // Measured when the summary is first drawn.
            state.summary_most.set(0);
            return;
        }
        state.index += 1;
        state.phase = QuizPhase::Asking;
        state.reset_answer();
        state.first_cursor();
    }

    /// Enter on the summary: a new quiz from the same source, the next seed.
    pub(super) fn another_quiz(&mut self) {
        let Some(state) = self.quiz_mut() else {
            return;
        };
        state.seed = state.seed.wrapping_add(1);
        self.start_quiz();
    }

    /// `s` after an answer: the replay of the question's position at the step that explains it
    /// (the move's or the node's entry); leaving the replay comes back to the quiz.
    pub(super) fn replay_question(&mut self) {
        let Some(question) = self.quiz().and_then(|state| state.question()).cloned() else {
            return;
        };
        let Mode::Quiz(state) = std::mem::replace(&mut self.mode, Mode::Game) else {
            return;
        };
        self.open_replay_at(
            question.position,
            question.algorithm,
            ReplayFrom::Quiz(state),
        );
        if let Mode::Replay(replay) = &mut self.mode {
            replay.replay.goto(question.replay_step);
        }
    }

    /// The board during the quiz: the question's position with the node's path numbered, the
    /// move asked about highlighted, the cursor and the marks while answering, and once answered
    /// the right moves (best moves starred, pruned moves marked).
    pub fn quiz_board(&self, state: &QuizState) -> BoardView {
        let Some(question) = state.question().filter(|_| state.quiz_shown()) else {
            return BoardView::with_line(*self.position(), &[]);
        };
        let mut view = BoardView::with_line(question.position, question.path());
        if let Some(mv) = question.asked_move() {
            view.marks.push((mv, Mark::Highlight));
        }
        match &state.phase {
            QuizPhase::Asking => {
                for &mv in &state.marked {
                    view.marks.push((mv, Mark::Pruned));
                }
                if question.entry() != Entry::Typed {
                    if let Some(mv) = state.cursor_move(&question.node()) {
                        view.marks.push((mv, Mark::Cursor));
                    }
                    if question.position.rules().gravity {
                        view.drop_column = Some(state.cursor.1);
                    }
                }
            }
            QuizPhase::Answered(_) => match question.kind {
                crate::engine::quiz::Kind::Prune(_) => {
                    for mv in question.answer_moves() {
                        view.marks.push((mv, Mark::Pruned));
                    }
                }
                crate::engine::quiz::Kind::Best(_) => view.hints = question.answer_moves(),
                _ => {}
            },
            _ => {}
        }
        view
    }
}

impl QuizState {
    /// Clears what was typed or marked for a new question.
    fn reset_answer(&mut self) {
        self.typed.clear();
        self.marked.clear();
        self.error = None;
    }

    /// Puts the cursor on the question's first free cell (the leftmost column with room, with
    /// gravity), so a board answer starts on a move it can give, and never where the answer is
    /// more likely than anywhere else: the game's centre cursor stood on tic-tac-toe's best move
    /// often enough to answer by Enter alone.
    fn first_cursor(&mut self) {
        let Some(node) = self.question().map(|question| question.node()) else {
            return;
        };
        if let Some(first) = node.legal_moves().first() {
            self.cursor = first.row_col(node.rules());
        }
    }

    /// Whether a question is on the board (asking or answered).
    pub fn quiz_shown(&self) -> bool {
        matches!(self.phase, QuizPhase::Asking | QuizPhase::Answered(_))
    }

    /// The cell the cursor stands for on `node` (the landing cell with gravity), if free.
    pub fn cursor_move(&self, node: &crate::engine::Position) -> Option<crate::engine::Move> {
        let rules = node.rules();
        let (row, col) = self.cursor;
        if rules.gravity {
            return node.landing(col);
        }
        let mv = crate::engine::Move::at(rules, row, col);
        (node.status() == Status::Ongoing).then_some(mv)
    }
}
