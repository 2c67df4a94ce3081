//! One question: the position it is asked on, what is asked, and the exact answer, found by the
//! engine when the question was made; `check` compares an answer with it and says why.

use super::answer::{Answer, parse_number, parse_outcome, parse_window};
use super::explain;
use crate::engine::analysis::scorer::MoveAnalysis;
use crate::engine::game::position::{Move, Player, Position};
use crate::engine::game::score::Outcome;
use crate::engine::search::Algorithm;
use crate::engine::search::replay::{Event, EventKind, ReplayValue};

/// What a question asks.
#[derive(Clone, Debug)]
pub enum Kind {
    /// The depth-aware score of one move (`+8`, `0`, `-9`).
    Score(MoveAnalysis),
    /// The outcome of one move (win in N, draw, loss in N).
    Outcome(MoveAnalysis),
    /// Which move is best: every move's analysis, best first; any best move is right.
    Best(Vec<MoveAnalysis>),
    /// Which moves a node prunes: the node's `Cutoff` event.
    Prune(Event),
    /// The window a node is entered with: its `Enter` event.
    Window(Event),
}

/// How an answer is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Typed text.
    Typed,
    /// One cell chosen on the board.
    Cell,
    /// Cells marked on the board, then confirmed.
    Cells,
}

/// One question of a quiz.
#[derive(Clone, Debug)]
pub struct Question {
    /// The position the question is about (the replay's root for the node questions).
    pub position: Position,
    /// What is asked, with its answer.
    pub kind: Kind,
    /// The algorithm of the replay that explains it (alphabeta or the engine model).
    pub algorithm: Algorithm,
    /// The replay step that explains the answer: the `Enter` event of the move or node.
    pub replay_step: u64,
}

/// An answer checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Whether it was right.
    pub right: bool,
    /// The answer given, in words.
    pub given: String,
    /// The right answer, in words.
    pub answer: String,
    /// Why the right answer is right, in a sentence or two.
    pub why: String,
}

impl Question {
    /// The moves from `position` to the node asked about (none for the move questions).
    pub fn path(&self) -> &[Move] {
        match &self.kind {
            Kind::Prune(event) | Kind::Window(event) => &event.path,
            _ => &[],
        }
    }

    /// The position the answer is given on: the node of a node question, else `position`.
    pub fn node(&self) -> Position {
        let mut node = self.position;
        for &mv in self.path() {
            // The path is the search's own, legal in turn.
            node = node.play(mv).unwrap_or(node);
        }
        node
    }

    /// The side the question's values are for.
    pub fn side(&self) -> Player {
        self.node().to_move()
    }

    /// How the answer is given.
    pub fn entry(&self) -> Entry {
        match self.kind {
            Kind::Score(_) | Kind::Outcome(_) | Kind::Window(_) => Entry::Typed,
            Kind::Best(_) => Entry::Cell,
            Kind::Prune(_) => Entry::Cells,
        }
    }

    /// The move a move question is about.
    pub fn asked_move(&self) -> Option<Move> {
        match &self.kind {
            Kind::Score(m) | Kind::Outcome(m) => Some(m.mv),
            _ => None,
        }
    }

    /// The question in a sentence.
    pub fn prompt(&self) -> String {
        explain::prompt(self)
    }

    /// What to type or do, with examples. A score's examples are this board's: a win with the
    /// side's next mark but one and a loss at once (`+8` and `-9` on 3×3, `+41` and `-42` on
    /// Connect Four).
    pub fn how_to_answer(&self) -> String {
        let cells = self.position.rules().cells() as i32;
        match self.kind {
            Kind::Score(_) => {
                format!(
                    "type the score, e.g. +{}, 0 or -{cells}, then Enter",
                    cells - 1
                )
            }
            Kind::Outcome(_) => "type w3 (win in 3), d (draw) or l2 (loss in 2), then Enter".into(),
            Kind::Window(_) => {
                "type α and β, e.g. -inf 8 or -3 +inf (inf for ∞), then Enter".into()
            }
            Kind::Best(_) => "move the cursor to a best move, Enter".into(),
            Kind::Prune(_) => "Space marks a cell, Enter answers (nothing marked: none)".into(),
        }
    }

    /// A few words for the summary: `score of b1`, `α β after a1 b2`.
    pub fn label(&self) -> String {
        explain::label(self)
    }

    /// Reads typed text as an answer to this question.
    pub fn parse(&self, text: &str) -> Result<Answer, String> {
        if text.trim().is_empty() {
            return Err(format!("nothing typed yet: {}", self.how_to_answer()));
        }
        match self.kind {
            Kind::Score(_) => self.parse_score(text).map(Answer::Number),
            Kind::Outcome(_) => self.parse_outcome(text).map(Answer::Outcome),
            Kind::Window(_) => parse_window(text).map(|(a, b)| Answer::Window(a, b)),
            Kind::Best(_) | Kind::Prune(_) => Err("answer on the board".into()),
        }
    }

    /// A typed score, refused where no game from the position can end with it: a game that
    /// ends p plies from now (the move itself the first) scores `cells + 2 − p`, a win after an
    /// odd p, a loss after an even one, p at most the empty cells. Said, not marked wrong: it is
    /// the score convention the student has to learn, not this move.
    fn parse_score(&self, text: &str) -> Result<i32, String> {
        let cells = self.position.rules().cells() as i64;
        let empty = self.position.empty_cells() as i64;
        // The plies a win (odd) or a loss (even) can end after, as scores.
        let scores = |first: i64| {
            (first..=empty)
                .step_by(2)
                .map(|plies| cells + 2 - plies)
                .collect::<Vec<_>>()
        };
        let (wins, losses) = (scores(1), scores(2));
        let range = |scores: &[i64], sign: &str| match scores {
            [] => None,
            [one] => Some(format!("{sign}{one}")),
            [most, .., least] => Some(format!("{sign}{least} to {sign}{most}")),
        };
        let mut kinds: Vec<String> = Vec::new();
        kinds.extend(range(&wins, "+").map(|r| format!("a win scores {r}")));
        kinds.extend(range(&losses, "-").map(|r| format!("a loss {r}")));
        let beyond = || {
            format!(
                "{} is no score here: {}, every other number, a draw 0",
                text.trim(),
                kinds.join(", ")
            )
        };
        let trimmed = text.trim();
        let digits = trimmed.strip_prefix(['+', '-', '−']).unwrap_or(trimmed);
        match parse_number(text) {
            Ok(0) => Ok(0),
            Ok(n) if n > 0 && wins.contains(&i64::from(n)) => Ok(n),
            Ok(n) if n < 0 && losses.contains(&-i64::from(n)) => Ok(n),
            Ok(_) => Err(beyond()),
            // Too many digits for a number: as far beyond as a number goes.
            Err(_) if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) => {
                Err(beyond())
            }
            Err(why) => Err(why),
        }
    }

    /// A typed outcome, refused where no game from the position can end so: a win with the
    /// mover's n-th mark from now needs 2n − 1 empty cells, a loss to the opponent's n-th 2n.
    fn parse_outcome(&self, text: &str) -> Result<Outcome, String> {
        let outcome = parse_outcome(text)?;
        let empty = self.position.empty_cells() as u32;
        let (wins, losses) = (empty.div_ceil(2), empty / 2);
        let possible = match outcome {
            Outcome::Win(n) => n <= wins,
            Outcome::Loss(n) => n <= losses,
            Outcome::Draw => true,
        };
        if possible {
            return Ok(outcome);
        }
        Err(format!(
            "{} is no outcome here: with {empty} empty cells a win comes by w{wins}, a loss by \
             l{losses}",
            text.trim()
        ))
    }

    /// The right answer's moves (best moves, pruned moves), for the board.
    pub fn answer_moves(&self) -> Vec<Move> {
        match &self.kind {
            Kind::Best(moves) => best_of(moves),
            Kind::Prune(event) => pruned(event),
            Kind::Score(m) | Kind::Outcome(m) => vec![m.mv],
            Kind::Window(_) => Vec::new(),
        }
    }

    /// Checks `answer` against the exact one; an answer of the wrong form is simply wrong.
    pub fn check(&self, answer: &Answer) -> Checked {
        let right = match (&self.kind, answer) {
            (Kind::Score(m), Answer::Number(n)) => m.score.score == *n,
            (Kind::Outcome(m), Answer::Outcome(o)) => m.score.outcome() == *o,
            (Kind::Best(moves), Answer::Move(mv)) => best_of(moves).contains(mv),
            (Kind::Prune(event), Answer::Moves(marked)) => same_set(&pruned(event), marked),
            (Kind::Window(event), Answer::Window(a, b)) => {
                window(event).is_some_and(|(alpha, beta)| keys(alpha, beta) == keys(*a, *b))
            }
            _ => false,
        };
        Checked {
            right,
            given: explain::given(self, answer),
            answer: explain::answer(self),
            why: explain::why(self, answer),
        }
    }
}

/// The moves sharing the best score of an analysis sorted best first.
pub(super) fn best_of(moves: &[MoveAnalysis]) -> Vec<Move> {
    let Some(top) = moves.first() else {
        return Vec::new();
    };
    moves
        .iter()
        .take_while(|m| m.score == top.score)
        .map(|m| m.mv)
        .collect()
}

/// The moves a cutoff pruned.
pub(super) fn pruned(event: &Event) -> Vec<Move> {
    match event.kind {
        EventKind::Cutoff { pruned, .. } => pruned.to_vec(),
        _ => Vec::new(),
    }
}

/// α and β of an `Enter` event.
pub(super) fn window(event: &Event) -> Option<(ReplayValue, ReplayValue)> {
    match event.kind {
        EventKind::Enter { alpha, beta, .. } => Some((alpha, beta)),
        _ => None,
    }
}

fn keys(alpha: ReplayValue, beta: ReplayValue) -> (i32, i32) {
    (alpha.key(), beta.key())
}

fn same_set(a: &[Move], b: &[Move]) -> bool {
    let sorted = |moves: &[Move]| {
        let mut cells: Vec<usize> = moves.iter().map(|m| m.cell()).collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    };
    sorted(a) == sorted(b)
}
