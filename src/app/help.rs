//! Every key, listed once, in `HELP`: the help popup draws it, docs/keys.md and the README are
//! tested against it. Which action a key press gives is the terminal layer's (`tui::input`).

/// A group of keys in the help popup.
pub struct HelpSection {
    /// What the keys are for.
    pub title: &'static str,
    /// Each key and what it does.
    pub keys: &'static [(&'static str, &'static str)],
}

/// Every key, as the help popup lists it.
pub const HELP: &[HelpSection] = &[
    HelpSection {
        title: "Playing",
        keys: &[
            ("← ↓ ↑ → / h j k l", "board: move the cursor · log: scroll"),
            ("Enter / Space", "place a mark at the cursor"),
            (
                "1 … 8",
                "gravity boards: drop a disc in that column (from the left)",
            ),
            ("mouse click", "place a mark in the clicked cell or column"),
            ("u / r", "undo to your previous turn / redo"),
            ("n", "new game"),
            ("p", "pause / resume the AI"),
            (
                "f",
                "the AI moves now: the best found so far (paused: one move)",
            ),
            ("w", "swap sides: each player takes the other colour"),
            (
                "g",
                "the game record: every move, ready to copy (g, Esc close it)",
            ),
            ("e", "edit: set up any position on the board (keys below)"),
            (
                "R",
                "review the game so far: every move judged (keys below)",
            ),
            (
                "Q",
                "quiz: predict scores, best moves, prunes, α β (keys below)",
            ),
            (
                "y",
                "copy the position (x.o/.x./..o) to the log and clipboard",
            ),
            (
                "paste",
                "a position or moves (b2 a3, 4453): a new game from there",
            ),
            ("o", "settings: rules, players, search, display"),
            ("Tab / Shift-Tab", "focus the next / previous pane"),
            ("PgUp / PgDn", "scroll the log"),
            (
                "mouse wheel",
                "over the log: scroll it · over this help: scroll it",
            ),
        ],
    },
    HelpSection {
        title: "Game tree (Tab to focus it): the explorer",
        keys: &[
            ("↑ ↓ / k j", "select a candidate move"),
            (
                "→ / l",
                "expand it: the opponent's replies and their scores",
            ),
            ("← / h / Backspace", "one level up"),
            ("Enter", "play the selected move (deeper down: expand it)"),
            ("v", "play the selected move's best line out on the board"),
            ("Esc", "back to the position on the board"),
        ],
    },
    HelpSection {
        title: "Editor (after e)",
        keys: &[
            ("← ↓ ↑ → / h j k l", "move the cursor to any cell"),
            ("x / o", "put an X / an O under the cursor"),
            (". / Space / Del", "clear the cell (Backspace too)"),
            ("c", "clear the whole board"),
            (
                "Enter",
                "a new game from here, analysed at once (legal, changed)",
            ),
            ("Esc / e", "cancel: leave without changes"),
            (
                "paste",
                "a position or moves: a new game, the draft dropped",
            ),
        ],
    },
    HelpSection {
        title: "Seeing inside the AI",
        keys: &[
            (
                "s",
                "replay the search of the shown position, event by event",
            ),
            (
                "c",
                "compare minimax, alphabeta and engine here (c, Esc close it)",
            ),
            ("m", "heat map: every move's score on the board"),
        ],
    },
    HelpSection {
        title: "Search replay (after s)",
        keys: &[
            ("→ / l / Space", "one event forward (Enter too)"),
            ("← / h / Backspace", "one event back"),
            ("↓ / j", "step over: finish the subtree just entered"),
            ("↑ / k", "step out: back to the parent"),
            ("x", "run to the next cutoff"),
            ("End / e", "run to the end"),
            ("Home / g", "restart"),
            ("p", "autoplay / pause"),
            ("+ / -", "autoplay faster / slower"),
            ("1 / 2 / 3", "replay with minimax / alphabeta / engine"),
            (
                "[ / ]",
                "replay one ply shallower / deeper (estimates beyond)",
            ),
            (
                "v",
                "values: negamax (side to move) / max-min (X max, O min)",
            ),
            (
                "d",
                "save the search tree as a Graphviz picture (.dot file)",
            ),
            ("Esc / s", "leave the replay"),
        ],
    },
    HelpSection {
        title: "Review (after R): each move against the best there",
        keys: &[
            (
                "↑ ↓ / k j",
                "select a move; the board shows the position before it",
            ),
            ("← → / h l", "the previous / next mistake or inaccuracy"),
            (
                "Enter",
                "back to before the move in the game (r redoes the rest)",
            ),
            ("s", "replay the search of the position before the move"),
            ("Esc / R", "leave the review"),
        ],
    },
    HelpSection {
        title: "Quiz (after Q): predict, then see why",
        keys: &[
            (
                "↑ ↓ / k j",
                "start screen: which positions · summary: scroll it",
            ),
            (
                "Enter",
                "start · answer · next question · (summary) another quiz",
            ),
            (
                "← ↓ ↑ → / h j k l",
                "board questions: move the cursor to a cell",
            ),
            ("Space", "prune question: mark / unmark the cell"),
            ("1 … 8", "gravity boards: that column (answers, or marks)"),
            (
                "mouse click",
                "board questions: that cell (answers, or marks)",
            ),
            ("+7 / w3 / -inf 8", "type a score / an outcome / α β"),
            ("Backspace", "delete the last character or mark"),
            ("n", "after an answer: the next question"),
            ("s", "after an answer: the replay where it is explained"),
            ("Esc / Q", "leave the quiz"),
        ],
    },
    HelpSection {
        title: "Settings (after o): changes apply at once and are saved",
        keys: &[
            ("↑ ↓ / k j", "select a setting"),
            ("← → / h l", "change it"),
            (
                "click / scroll",
                "select a row; click again or scroll to change it",
            ),
            ("y / n", "new game with the rules chosen? yes / no"),
            ("Enter", "close (a rules question: yes)"),
            ("Esc / o", "close (a rules question: no, and stay)"),
        ],
    },
    HelpSection {
        title: "Anywhere",
        keys: &[
            (
                "?",
                "this help (↑ ↓ PgUp PgDn scroll it, Tab: the glossary)",
            ),
            (
                "Esc",
                "close the popup; else step back (never quits: q does)",
            ),
            ("q / Ctrl-C", "quit"),
            ("Ctrl-Z", "stop (the shell's fg continues)"),
        ],
    },
];

/// Where the help popup was when last drawn: its text width, and the line at its top as a
/// heading (a section of the keys, a term of the glossary) and the lines past it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HelpTop {
    /// The text width it was drawn at.
    pub width: u16,
    /// The heading at or above the top line, an index among the page's headings.
    pub heading: usize,
    /// Lines from that heading to the top line.
    pub past: usize,
}
