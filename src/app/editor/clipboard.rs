//! Paste and copy. A paste (the terminal's bracketed paste) is read as a position (`x.o/.x./..o`)
//! or a move list (`b2 a3`, on gravity boards also column digits `4453`) and starts a new game
//! there. `y` copies the position's notation: into the log, and to the system clipboard through an
//! effect the terminal loop carries out (`take_clipboard`), as `update` does no I/O.

use crate::app::editor::update::standing;
use crate::app::log::LogKind;
use crate::app::state::App;
use crate::app::{printable, shortened};
use crate::engine::{Move, Position, Rules};

/// How much of a refused paste the notice repeats.
const ECHO: usize = 40;

/// What a pasted text sets up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pasted {
    /// The position the game starts from.
    pub start: Position,
    /// Where the record starts: the pasted position, or the empty board for a move list.
    pub origin: Position,
    /// The moves from `origin` to `start`.
    pub opening: Vec<Move>,
    /// `position x.o/.x./..o` or `moves b2 a3`: what was understood, for the log.
    pub what: String,
}

/// Reads a pasted text under these rules: a position if it has a `/` or several lines (a board
/// copied row by row), else a move list from the empty board.
pub fn read_paste(rules: Rules, text: &str) -> Result<Pasted, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("nothing was pasted".into());
    }
    // Terminals paste line breaks as CR, LF or both.
    let lines: Vec<&str> = text
        .split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let board = lines.len() > 1
        && lines
            .iter()
            .all(|l| l.chars().all(|c| matches!(c, 'x' | 'o' | 'X' | 'O' | '.')));
    if text.contains('/') || board {
        let joined = lines.join("/");
        // The notice quotes the paste already: the parser's second quote of it goes.
        let start = Position::parse(rules, &joined)
            .map_err(|e| e.0.replacen(&format!(" '{joined}'"), "", 1))?;
        return Ok(Pasted {
            start,
            origin: start,
            opening: Vec::new(),
            what: format!("position {}", start.to_notation()),
        });
    }
    let empty = Position::empty(rules);
    let (start, opening) = empty.play_line(text).map_err(|e| e.0)?;
    let moves = rules
        .column_digits(&opening)
        .unwrap_or_else(|| rules.move_names(&opening).join(" "));
    Ok(Pasted {
        start,
        origin: empty,
        opening,
        what: format!("moves {moves}"),
    })
}

/// `why` with each quoted part (`'…'`) longer than `length` shortened: the parser's message
/// quotes the user's text, which may be anything, but its own words are kept whole.
fn quotes_shortened(why: &str, length: usize) -> String {
    let mut parts = why.split('\'');
    let mut out = parts.next().unwrap_or_default().to_string();
    // Between the quotes: every other part.
    for (index, part) in parts.enumerate() {
        out.push('\'');
        if index % 2 == 0 {
            out += &shortened(part, length);
        } else {
            out += part;
        }
    }
    out
}

impl App {
    /// A paste: a new game from what it sets up, or the parser's reason (a notice and a warning
    /// in the log) and no change to the game.
    pub(crate) fn paste(&mut self, text: &str) {
        let rules = *self.position().rules();
        match read_paste(rules, text) {
            Ok(pasted) => {
                let text = format!(
                    "Set up from a paste: {} — {}",
                    pasted.what,
                    standing(&pasted.start)
                );
                self.set_up(pasted.start, pasted.origin, pasted.opening, text);
            }
            Err(why) => {
                // The user's text, whatever it holds: control characters escaped, and short (the
                // parser's message may quote it again: short there too, its words whole).
                let shown = shortened(&printable(text.trim()), ECHO);
                let why = quotes_shortened(&printable(&why), ECHO);
                // The reason first: the status bar cuts the line to its width.
                let refused = if shown.is_empty() {
                    format!("paste not used: {why}")
                } else {
                    format!("paste not used: {why} (pasted '{shown}')")
                };
                // The status bar cuts it to its width; the log keeps it whole, wrapped.
                self.log.push(LogKind::Warning, refused.clone());
                self.notice = Some(refused);
            }
        }
    }

    /// `y`: the position's notation to the clipboard and the log, with the moves that led to it.
    pub(crate) fn copy(&mut self) {
        let position = *self.position();
        let notation = position.to_notation();
        self.log.push(
            LogKind::Info,
            format!(
                "Copied {notation} ({}), sent to the clipboard where the terminal allows it \
                 (OSC 52); paste it to set it up again",
                standing(&position)
            ),
        );
        let rules = *position.rules();
        let moves = self.moves_from_origin();
        if !moves.is_empty() {
            let list = rules
                .column_digits(&moves)
                .unwrap_or_else(|| rules.move_names(&moves).join(" "));
            let from = if self.options.origin.ply() == 0 {
                String::new()
            } else {
                format!(" from {}", self.options.origin.to_notation())
            };
            self.log.push(LogKind::Info, format!("Moves{from}: {list}"));
        }
        self.clipboard = Some(notation);
    }

    /// The text to put on the system clipboard, once after each copy, else `None`.
    pub fn take_clipboard(&mut self) -> Option<String> {
        self.clipboard.take()
    }
}
