//! The game record: every move from the empty board in notation, ready to copy, and the command
//! that resumes the game. Shown behind a key and printed when tictree ends.

use crate::app::log::count;
use crate::app::settings::values::{Seat, Settings};
use crate::app::state::App;
use crate::engine::{Move, Player, Rules, Status};
use std::fmt;

/// The whole game as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// `tictactoe · X: you · O: AI level 4 · X wins after 5 moves`.
    pub summary: String,
    /// `1. a3 b2`, `2. b3 c1`, `3. c3`: the moves numbered by turn (with gravity each move is
    /// its column digit: `1. 4 4`, `2. 5 3`). From a set-up position with O to move the first
    /// turn is `1. … b2`.
    pub turns: Vec<String>,
    /// `1. a3 b2  2. b3 c1  3. c3`: the turns on one line (empty before the first move).
    pub numbered: String,
    /// `tictree --rules tictactoe --x human --o ai:4 --moves "a3 b2 b3 c1 c3"`: the command that
    /// resumes the game (`--position` when the game started from a set-up position; with
    /// gravity the moves are one digit string, `--moves 4453`).
    pub resume: String,
    /// How many moves were played from the empty board (or the set-up position).
    pub length: usize,
    /// The set-up position the record starts from (`--position`, the editor, a paste), if it
    /// is not the empty board.
    pub origin: Option<String>,
}

impl Record {
    /// Whether there is a game to print when tictree ends: moves, or a set-up position (even
    /// before its first move), to copy or to resume.
    pub fn worth_printing(&self) -> bool {
        self.length > 0 || self.origin.is_some()
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.summary)?;
        if !self.numbered.is_empty() {
            writeln!(f, "{}", self.numbered)?;
        }
        writeln!(f, "{}", self.resume)
    }
}

impl App {
    /// Every move from the game's origin (the empty board or the set-up position): the
    /// `--moves` opening (or a pasted list), then the moves played (not those taken back).
    pub(crate) fn moves_from_origin(&self) -> Vec<Move> {
        let opening = self.options.opening.iter();
        opening.chain(self.game.moves()).copied().collect()
    }

    /// Whether any move was played from the game's origin, the opening's or the game's: what a
    /// review judges (a position set up finished has none).
    pub(crate) fn has_moves_from_origin(&self) -> bool {
        !self.options.opening.is_empty() || !self.game.moves().is_empty()
    }

    /// `X (you)`, `O (AI level 4)`: the winner as the banner and the log name them, with their
    /// seat when the winning move was played in this game; a winning move of the `--moves`
    /// opening (or a position set up finished) was nobody's here, and names the mark alone.
    pub(crate) fn winner_label(&self, player: Player) -> String {
        if self.played_here() {
            format!("{player} ({})", self.seat_label(player))
        } else {
            player.to_string()
        }
    }

    /// Whether a move was played in this game, after its `--moves` opening (or set-up): the
    /// last move is then some seat's.
    pub(crate) fn played_here(&self) -> bool {
        !self.game.moves().is_empty()
    }

    /// The move that made the position on the board: the last played, else the last of the
    /// `--moves` opening (the board marks it and the status bar names it either way).
    pub fn last_move(&self) -> Option<Move> {
        let opening = self.options.opening.last();
        self.game.last_move().or(opening.copied())
    }

    /// The options that set up the position on the board from the empty one: `--position` for
    /// a set-up origin, then `--moves` with every move since (as one digit string with gravity:
    /// `--moves 4453`); empty on the empty board.
    pub(crate) fn position_arguments(&self) -> String {
        let origin = self.options.origin;
        let rules = *origin.rules();
        let moves = self.moves_from_origin();
        let mut arguments = String::new();
        if origin.ply() > 0 {
            arguments += &format!(" --position {}", origin.to_notation());
        }
        match rules.column_digits(&moves) {
            _ if moves.is_empty() => {}
            Some(digits) => arguments += &format!(" --moves {digits}"),
            None => arguments += &format!(" --moves \"{}\"", rules.move_names(&moves).join(" ")),
        }
        arguments
    }

    /// Who played `player`'s moves of this game, in turn (`AI level 4, then you`), and while the
    /// game goes on, who plays it now: the seats may have changed during the game.
    fn players(&self, player: Player) -> String {
        let mut names: Vec<&str> = Vec::new();
        for (side, by) in self.game.movers().zip(self.game.played_by()) {
            if side == player && names.last() != Some(&by.as_str()) {
                names.push(by);
            }
        }
        let now = self.seat_label(player);
        let ongoing = self.position().status() == Status::Ongoing;
        if names.is_empty() || (ongoing && names.last() != Some(&now.as_str())) {
            names.push(&now);
        }
        names.join(", then ")
    }

    /// The record of the game on the board: from the empty board or the set-up position, the
    /// moves given with `--moves` (or pasted), then the moves played since (moves taken back are
    /// not part of it).
    pub fn record(&self) -> Record {
        let position = self.position();
        let rules = *position.rules();
        let moves = self.moves_from_origin();
        // With gravity a move is its column: `4453`, as Pons, Tromp and `solve --batch` write a
        // game, and as the digit keys play it.
        let digits = rules.column_digits(&moves);
        let names: Vec<String> = match &digits {
            Some(digits) => digits.chars().map(String::from).collect(),
            None => rules.move_names(&moves),
        };
        let origin = self.options.origin;
        let set_up = origin.ply() > 0;
        // Turns pair X's move with O's: from a position with O to move, X's half is a gap.
        let mut paired = names.clone();
        if origin.to_move() == Player::O && !paired.is_empty() {
            paired.insert(0, "…".into());
        }
        // A turn is X's move and O's reply. From a set-up position the count goes on from the
        // turn its marks have reached, as a chess record from a set-up position does, so the
        // first move of `x./.o./…` with X to move is turn 2, in step with the log's "3." and the
        // header's "move 3".
        let first_turn = origin.ply() as usize / 2 + 1;
        let turns: Vec<String> = paired
            .chunks(2)
            .enumerate()
            .map(|(turn, pair)| format!("{}. {}", first_turn + turn, pair.join(" ")))
            .collect();
        let numbered = turns.join("  ");
        let played = count(moves.len() as u64, "move");
        let from = if set_up {
            " from the set-up position"
        } else {
            ""
        };
        let state = match position.status() {
            Status::Won(player) => format!("{player} wins after {played}{from}"),
            Status::Draw => format!("draw after {played}{from}"),
            Status::Ongoing => format!("{} to move after {played}{from}", position.to_move()),
        };
        let summary = format!(
            "{rules} · X: {} · O: {} · {state}",
            self.players(Player::X),
            self.players(Player::O)
        );
        // Who plays is part of the game, and always named: a config file's seats would
        // otherwise decide, which may not be this game's (or this machine's).
        let settings = &self.options.settings;
        let mut resume = format!(
            "tictree --rules {rules} --x {} --o {}",
            settings.x, settings.o
        );
        // Without the built-in book the AI plays the opening from its own search, as it did.
        if !settings.book && rules == Rules::CONNECT4 {
            resume += " --no-book";
        }
        // Level 4 plays the best moves its budget finds: a budget other than the default is part
        // of how it played (the other levels search by their own rules).
        // `--time-ms` and `--depth` replace the whole budget where either is given, so both are
        // said once it is not the default's.
        let default = Settings::default();
        let budget = (settings.time_ms, settings.depth);
        if [settings.x, settings.o].contains(&Seat::PERFECT)
            && budget != (default.time_ms, default.depth)
        {
            resume += &format!(" --time-ms {}", settings.time_ms);
            if settings.depth > 0 {
                resume += &format!(" --depth {}", settings.depth);
            }
        }
        resume += &self.position_arguments();
        Record {
            summary,
            turns,
            numbered,
            resume,
            length: moves.len(),
            origin: set_up.then(|| origin.to_notation()),
        }
    }
}
