//! What the board pane draws, as plain data: the position, the hypothetical marks of a previewed
//! line, the highlighted and pruned cells, the scores of the heat map. The explorer and the replay
//! fill it in; the board pane draws whatever it is given.

use crate::app::state::{App, Focus};
use crate::engine::{Move, MoveValue, Player, Position};

/// A hypothetical mark: drawn dimmed and numbered, over the real position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ghost {
    /// Its cell.
    pub mv: Move,
    /// Whose mark it is.
    pub player: Player,
    /// Its place in the previewed line, from 1.
    pub number: usize,
}

/// How a cell is marked beyond its contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The cell the keys would play.
    Cursor,
    /// The candidate selected in the tree (or the replay's current move).
    Highlight,
    /// A move pruned by a cutoff.
    Pruned,
}

/// Everything the board pane draws.
#[derive(Clone, Debug)]
pub struct BoardView {
    /// The real position on the board.
    pub position: Position,
    /// The previewed line's marks, in order.
    pub ghosts: Vec<Ghost>,
    /// Cells marked beyond their contents.
    pub marks: Vec<(Move, Mark)>,
    /// With gravity: the column the cursor drops into.
    pub drop_column: Option<usize>,
    /// The last move played for real.
    pub last: Option<Move>,
    /// Winning cells of the previewed position.
    pub winning: Vec<Move>,
    /// Scores to draw on empty cells (the heat map).
    pub heat: Vec<(Move, MoveValue)>,
    /// The recommended moves, starred (hints on, on a human's turn).
    pub hints: Vec<Move>,
}

impl BoardView {
    /// The real position with a line of hypothetical moves previewed on it.
    pub fn with_line(position: Position, line: &[Move]) -> BoardView {
        let mut previewed = position;
        let mut ghosts = Vec::new();
        for (index, &mv) in line.iter().enumerate() {
            let player = previewed.to_move();
            let Ok(next) = previewed.play(mv) else { break };
            ghosts.push(Ghost {
                mv,
                player,
                number: index + 1,
            });
            previewed = next;
        }
        BoardView {
            position,
            ghosts,
            marks: Vec::new(),
            drop_column: None,
            last: None,
            winning: previewed.winning_cells(),
            heat: Vec::new(),
            hints: Vec::new(),
        }
    }

    /// The mark of a cell, if any.
    pub fn mark(&self, mv: Move) -> Option<Mark> {
        self.marks
            .iter()
            .find(|(m, _)| *m == mv)
            .map(|(_, mark)| *mark)
    }

    /// The hypothetical mark in a cell, if any.
    pub fn ghost(&self, mv: Move) -> Option<Ghost> {
        self.ghosts.iter().copied().find(|g| g.mv == mv)
    }

    /// The heat-map value of a cell, if any.
    pub fn heat(&self, mv: Move) -> Option<MoveValue> {
        self.heat.iter().find(|(m, _)| *m == mv).map(|(_, v)| *v)
    }
}

impl App {
    /// The board as the game and the explorer show it.
    pub fn board_view(&self) -> BoardView {
        let exploring = !self.explorer.line.is_empty();
        let selected = self.selected_move();
        let mut line = self.explorer.line.clone();
        let shown_pv = self.explorer.pv_shown;
        if shown_pv > 0 {
            let pv = selected
                .and_then(|mv| self.shown().and_then(|view| view.of(mv)))
                .map_or(&[][..], |m| &m.pv[..shown_pv.min(m.pv.len())]);
            line.extend_from_slice(pv);
        }
        let mut view = BoardView::with_line(*self.position(), &line);
        view.last = self.last_move();
        let tree = self.focus == Focus::Tree;
        if let (true, Some(mv), 0) = (tree || exploring, selected, shown_pv) {
            view.marks.push((mv, Mark::Highlight));
        }
        if self.human_to_move() && !exploring && !tree {
            if let Some(mv) = self.cursor_move() {
                view.marks.push((mv, Mark::Cursor));
            }
            if self.position().rules().gravity {
                view.drop_column = Some(self.cursor.1);
            }
        }
        if self.options.settings.hints && self.human_to_move() && !exploring && shown_pv == 0 {
            // Only a finished analysis recommends: a half-scored list may still change its mind.
            if let Some(done) = &self.search.done {
                view.hints = done.best();
            }
        }
        if self.options.settings.heat_map && shown_pv == 0 {
            view.heat = self.shown_moves().iter().map(|m| (m.mv, m.value)).collect();
        }
        view
    }
}
