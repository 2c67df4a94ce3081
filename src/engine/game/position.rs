//! A position: the marks on the board, whose turn it is, and how the game stands.

use crate::engine::game::layout::{Bits, Layout};
use crate::engine::game::rules::Rules;
use std::fmt;

/// One of the two sides. X always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Player {
    /// The other side.
    pub fn opponent(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::X => "X",
            Player::O => "O",
        })
    }
}

/// A move: the cell a mark goes to, numbered row-major from the top-left (`row * width + col`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub u8);

impl Move {
    /// The move to a given row (0 = top) and column (0 = left).
    pub fn at(rules: &Rules, row: usize, col: usize) -> Move {
        Move((row * usize::from(rules.width) + col) as u8)
    }

    /// The cell number.
    pub fn cell(self) -> usize {
        usize::from(self.0)
    }

    /// Row (0 = top) and column (0 = left).
    pub fn row_col(self, rules: &Rules) -> (usize, usize) {
        let width = usize::from(rules.width);
        (self.cell() / width, self.cell() % width)
    }
}

/// How the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Moves remain and nobody has won.
    Ongoing,
    /// This side completed a line.
    Won(Player),
    /// The board is full without a line.
    Draw,
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game is already over.
    GameOver,
    /// The cell is taken.
    Occupied,
    /// With gravity, the cell is not the lowest empty one of its column.
    Floating,
    /// The cell is outside the board.
    OffBoard,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::GameOver => "the game is already over",
            IllegalMove::Occupied => "the cell is already taken",
            IllegalMove::Floating => "with gravity a mark must go to the lowest empty cell",
            IllegalMove::OffBoard => "the cell is off the board",
        })
    }
}

/// The marks on the board. Cheap to copy: searches copy positions rather than undo moves.
#[derive(Clone, Copy)]
pub struct Position {
    layout: &'static Layout,
    x: Bits,
    o: Bits,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.rules() == other.rules() && self.x == other.x && self.o == other.o
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.rules().hash(state);
        self.x.hash(state);
        self.o.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.rules(), self.to_notation())
    }
}

impl Position {
    /// The empty board.
    pub fn empty(rules: Rules) -> Position {
        Position {
            layout: Layout::of(rules),
            x: 0,
            o: 0,
        }
    }

    /// A position from raw bitboards; the caller vouches that it is reachable.
    pub(crate) fn from_bits(layout: &'static Layout, x: Bits, o: Bits) -> Position {
        Position { layout, x, o }
    }

    /// The rules of the game.
    pub fn rules(&self) -> &Rules {
        &self.layout.rules
    }

    /// The bit geometry of the game.
    pub fn layout(&self) -> &'static Layout {
        self.layout
    }

    /// The marks of one side.
    pub fn marks(&self, player: Player) -> Bits {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// Every occupied cell.
    pub fn occupied(&self) -> Bits {
        self.x | self.o
    }

    /// Number of marks on the board.
    pub fn ply(&self) -> u32 {
        self.occupied().count_ones()
    }

    /// Cells no mark is in yet.
    pub fn empty_cells(&self) -> usize {
        self.rules().cells() - self.ply() as usize
    }

    /// The side whose turn it is (also defined once the game is over).
    pub fn to_move(&self) -> Player {
        if self.x.count_ones() == self.o.count_ones() {
            Player::X
        } else {
            Player::O
        }
    }

    /// The mark in a cell, if any.
    pub fn at(&self, mv: Move) -> Option<Player> {
        let bit = self.layout.bit(mv.cell());
        if self.x & bit != 0 {
            Some(Player::X)
        } else if self.o & bit != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    /// How the game stands.
    pub fn status(&self) -> Status {
        if self.layout.has_line(self.x) {
            Status::Won(Player::X)
        } else if self.layout.has_line(self.o) {
            Status::Won(Player::O)
        } else if self.occupied() == self.layout.full {
            Status::Draw
        } else {
            Status::Ongoing
        }
    }

    /// The cells of the winning line(s), empty while nobody has won.
    pub fn winning_cells(&self) -> Vec<Move> {
        let cells = self.layout.line_cells(self.x) | self.layout.line_cells(self.o);
        self.moves_in(cells)
    }

    /// The legal moves in cell order (row-major from the top-left; with gravity each column's
    /// landing cell, so a fuller column comes first). None once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.status() != Status::Ongoing {
            return Vec::new();
        }
        self.moves_in(self.layout.playable(self.occupied()))
    }

    /// The moves of a set of cells, in cell order.
    pub fn moves_in(&self, cells: Bits) -> Vec<Move> {
        let mut moves: Vec<Move> = Layout::bits(cells)
            .map(|bit| Move(self.layout.cell_of(bit) as u8))
            .collect();
        moves.sort_unstable();
        moves
    }

    /// Whether a move can be played, and why not.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if mv.cell() >= self.rules().cells() {
            return Err(IllegalMove::OffBoard);
        }
        if self.status() != Status::Ongoing {
            return Err(IllegalMove::GameOver);
        }
        let bit = self.layout.bit(mv.cell());
        if self.occupied() & bit != 0 {
            return Err(IllegalMove::Occupied);
        }
        if self.layout.playable(self.occupied()) & bit == 0 {
            return Err(IllegalMove::Floating);
        }
        Ok(())
    }

    /// The position after a legal move.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.check(mv)?;
        Ok(self.play_bit(self.layout.bit(mv.cell())))
    }

    /// The position after putting the side to move's mark on a playable bit (unchecked: for searches).
    pub(crate) fn play_bit(&self, bit: Bits) -> Position {
        let mut next = *self;
        match self.to_move() {
            Player::X => next.x |= bit,
            Player::O => next.o |= bit,
        }
        next
    }

    /// The cell a mark dropped in this column would land on (gravity boards), if the column has room.
    pub fn landing(&self, col: usize) -> Option<Move> {
        if col >= usize::from(self.rules().width) {
            return None;
        }
        let bit = self.layout.playable(self.occupied()) & self.layout.column(col);
        (bit != 0).then(|| Move(self.layout.cell_of(bit) as u8))
    }

    /// The position with the mark in this cell removed (used to check how a position arose).
    pub(crate) fn without(&self, mv: Move) -> Position {
        let keep = !self.layout.bit(mv.cell());
        Position {
            layout: self.layout,
            x: self.x & keep,
            o: self.o & keep,
        }
    }
}
