//! Everything that can change the application state, as plain values.

use crate::app::jobs::Reply;
use crate::app::log::LogKind;
use crate::app::replay::ReplayCommand;
use crate::app::settings::menu::Field;
use crate::engine::{Move, Player, Rules};
use std::time::Duration;

/// A direction for the cursor or a selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom of the screen.
    Down,
    /// Towards the left.
    Left,
    /// Towards the right.
    Right,
}

impl Direction {
    /// A board cell `(row, col)` moved one step this way, staying on a board of `rules`.
    pub fn step(self, (row, col): (usize, usize), rules: &Rules) -> (usize, usize) {
        let (rows, cols) = (usize::from(rules.height), usize::from(rules.width));
        match self {
            Direction::Up => (row.saturating_sub(1), col),
            Direction::Down => ((row + 1).min(rows - 1), col),
            Direction::Left => (row, col.saturating_sub(1)),
            Direction::Right => (row, (col + 1).min(cols - 1)),
        }
    }
}

/// One input to `App::update`: a user intent (from a key or the mouse) or a search result.
#[derive(Clone, Debug)]
pub enum Action {
    /// Cursor keys / hjkl: move the cursor (board), select or expand / go up (tree), scroll (log).
    Move(Direction),
    /// Enter / Space: play at the cursor, or the move selected in the tree.
    Place,
    /// Backspace: in the tree, one level up.
    Back,
    /// A mouse click on a board cell.
    Click(Move),
    /// A digit key on a gravity board: drop a disc in the column of this number (1-based, as
    /// the key says: 0 is none), as the cursor moved there and Enter would.
    Drop(usize),
    /// Take back moves to the human's previous turn.
    Undo,
    /// Replay a move taken back by undo.
    Redo,
    /// Start again from the start position.
    NewGame,
    /// Pause or resume the AI.
    TogglePause,
    /// Open or close the help popup.
    ToggleHelp,
    /// Play the selected move's principal variation out on the board, one more ply.
    ShowLine,
    /// Show or hide the scores on the board.
    ToggleHeat,
    /// Compare the algorithms on the shown position.
    Compare,
    /// The AI to move plays at once: the best found so far (paused: one move).
    MoveNow,
    /// Swap who plays X and who plays O.
    SwapSides,
    /// Show or hide the game record.
    ShowRecord,
    /// Open the replay of the shown position's search.
    OpenReplay,
    /// A step of the replay.
    Replay(ReplayCommand),
    /// Time has passed (autoplay of the replay).
    Tick(Duration),
    /// Close the open popup; without one, step back: out of the explored line, to the board, quit.
    Escape,
    /// A key that means nothing where it was pressed: it only ends the status bar's notice,
    /// which shows until the next key.
    Unbound,
    /// Move the focus to the next pane.
    FocusNext,
    /// Move the focus to the previous pane.
    FocusPrev,
    /// Scroll the log one page back.
    PageUp,
    /// Scroll the log one page forward.
    PageDown,
    /// Open or close the settings popup.
    ToggleSettings,
    /// A mouse click on a row of the settings popup: select it, or step it if selected.
    SettingsClick(Field),
    /// The answer to the settings popup's "new game with these rules?".
    Answer(bool),
    /// A line for the log from outside the app (the config file's warnings and where it is).
    Log(LogKind, String),
    /// A line for the log that the status bar shows too until the next key: where a file went,
    /// which a short terminal's replay shows no log to tell.
    Announce(String),
    /// Whether the last save of the settings reached the config file (the popup's last line
    /// says so).
    Saved(bool),
    /// Open the position editor (in it: leave it without changes).
    Edit,
    /// Open the review of the game so far (in it: leave it).
    Review,
    /// Open the quiz (`Q`).
    OpenQuiz,
    /// A key in the quiz.
    Quiz(crate::app::quiz::QuizKey),
    /// In the editor: put this mark (or none) in the cell under the cursor.
    EditMark(Option<Player>),
    /// In the editor: take every mark off the draft.
    ClearBoard,
    /// Text pasted into the terminal: a position or a move list to start from.
    Paste(String),
    /// Copy the position's notation (the log, and the system clipboard).
    Copy,
    /// A letter or digit the review does not take (the game's keys wait until it is left): the
    /// status bar says which keys are at hand.
    NotInReview,
    /// Leave the application.
    Quit,
    /// A message from the search worker.
    Search(Reply),
}
