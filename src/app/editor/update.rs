//! The editor's part of `App::update`: open it on the board's position, move the cursor, put and
//! take off marks, `Enter` to start a new game from the draft, `Esc` to leave; and `set_up`, the
//! new game from a given position that the editor and a paste share.

use super::Editor;
use crate::app::action::{Action, Direction};
use crate::app::log::LogKind;
use crate::app::play::board_view::{BoardView, Mark};
use crate::app::play::game::Game;
use crate::app::state::{App, Focus, Mode};
use crate::engine::{Move, Player, Position, Status};

impl App {
    /// `e`: the editor opens on the position on the board. The game waits meanwhile: the AI
    /// must not move under a board being set up (`maybe_ai_move` waits for the editor to close),
    /// but the analysis goes on, so that leaving without a change finds the game as it was.
    pub(crate) fn open_editor(&mut self) {
        let position = *self.position();
        let rules = *position.rules();
        let before = (self.focus, self.cursor);
        // With gravity the game's cursor is a column, drawn on the cell a mark would land on:
        // the editor's cursor starts on that very cell (the top one of a full column).
        if rules.gravity {
            let col = self.cursor.1;
            self.cursor.0 = position.landing(col).map_or(0, |mv| mv.row_col(&rules).0);
        }
        self.mode = Mode::Edit(Editor {
            draft: position,
            before,
        });
        self.focus = Focus::Board;
    }

    /// An action while the editor is open (no popup over it).
    pub(crate) fn edit_action(&mut self, action: Action) {
        let Mode::Edit(editor) = self.mode else {
            return;
        };
        match action {
            Action::Move(direction) => self.edit_cursor(direction),
            Action::EditMark(mark) => self.edit_mark(editor, mark),
            Action::ClearBoard => {
                self.mode = Mode::Edit(Editor {
                    draft: Position::empty(*editor.draft.rules()),
                    ..editor
                })
            }
            Action::Place => self.accept_edit(editor),
            Action::Escape | Action::Edit => self.leave_editor(editor),
            other => self.anywhere(other),
        }
    }

    /// The cursor moves over every cell, with gravity too: any cell can be set.
    fn edit_cursor(&mut self, direction: Direction) {
        self.cursor = direction.step(self.cursor, self.position().rules());
    }

    /// `x`, `o` or `.` at the cursor. With gravity a mark must rest on the bottom or another
    /// mark, and one under another cannot go: the draft never has a floating mark.
    fn edit_mark(&mut self, editor: Editor, mark: Option<Player>) {
        let rules = *editor.draft.rules();
        let (row, col) = self.cursor;
        let mv = Move::at(&rules, row, col);
        let name = rules.move_name(mv);
        if rules.gravity {
            let below = row + 1 < usize::from(rules.height)
                && editor.draft.at(Move::at(&rules, row + 1, col)).is_none();
            let above = row > 0 && editor.draft.at(Move::at(&rules, row - 1, col)).is_some();
            if mark.is_some() && below {
                self.notice = Some(format!(
                    "{name}: nothing under it; with gravity a mark rests on the bottom or on another"
                ));
                return;
            }
            if mark.is_none() && above {
                self.notice = Some(format!(
                    "{name}: the mark above it would float; clear the column from the top"
                ));
                return;
            }
        }
        self.mode = Mode::Edit(Editor {
            draft: editor.with(mv, mark),
            ..editor
        });
    }

    /// `Enter`: a legal draft becomes the start of a new game, analysed at once; otherwise the
    /// editor stays open and says why.
    fn accept_edit(&mut self, editor: Editor) {
        match editor.verdict() {
            Err(why) => self.notice = Some(format!("not a legal position: {why}")),
            Ok(position) if position == *self.position() => {
                self.notice = Some("position unchanged".into());
                self.leave_editor(editor);
            }
            Ok(position) => {
                let text = format!(
                    "Set up in the editor: {} — {}",
                    position.to_notation(),
                    standing(&position)
                );
                self.set_up(position, position, Vec::new(), text);
            }
        }
    }

    /// `Esc`: back to the game as it was, its analysis where it has got to, the focus and the
    /// cursor where they were; an AI whose move is ready plays it now.
    fn leave_editor(&mut self, editor: Editor) {
        self.mode = Mode::Game;
        (self.focus, self.cursor) = editor.before;
        self.maybe_ai_move();
    }

    /// A new game from `start`, reached by `opening` from `origin` (the record starts there):
    /// the editor's and a paste's common end. Like `n`, the AI is not paused; unlike `n`, the
    /// start stays: `n` comes back to it.
    pub(crate) fn set_up(
        &mut self,
        start: Position,
        origin: Position,
        opening: Vec<crate::engine::Move>,
        text: String,
    ) {
        self.stop_reviewing();
        if self.replay().is_some() {
            self.close_replay();
        }
        self.mode = Mode::Game;
        self.options.start = start;
        self.options.origin = origin;
        self.options.opening = opening;
        self.game = Game::new(start);
        self.paused = false;
        self.log.push(LogKind::Info, text);
        self.log_result();
        self.start_search();
    }

    /// The board while editing: the draft, the cursor on the very cell it is on.
    pub fn editor_board(&self, editor: &Editor) -> BoardView {
        let mut view = BoardView::with_line(editor.draft, &[]);
        let rules = editor.draft.rules();
        let (row, col) = self.cursor;
        view.marks.push((Move::at(rules, row, col), Mark::Cursor));
        view
    }

    /// The editor, if it is open.
    pub fn editor(&self) -> Option<&Editor> {
        match &self.mode {
            Mode::Edit(editor) => Some(editor),
            _ => None,
        }
    }
}

/// `O to move`, `X has won`, `a draw`: how a set-up position stands, for the log.
pub(crate) fn standing(position: &Position) -> String {
    match position.status() {
        Status::Ongoing => format!("{} to move", position.to_move()),
        Status::Won(player) => format!("{player} has won"),
        Status::Draw => "a draw".into(),
    }
}
