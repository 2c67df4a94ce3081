//! The glossary under `?` (Tab in the help): the words of game search a student meets in the
//! replay, each in two lines and with where the replay shows it. docs/minimax.md lists the
//! same terms; a test keeps the two in step.

/// One term of the glossary.
pub struct Term {
    /// The word as textbooks write it.
    pub name: &'static str,
    /// What it means, in two lines.
    pub meaning: [&'static str; 2],
    /// Where the replay (`s`) shows it: a row, a counter, a sentence or a key.
    pub shows: &'static str,
}

/// Every term, in the order a course meets them.
pub const GLOSSARY: &[Term] = &[
    Term {
        name: "minimax",
        meaning: [
            "The textbook search: X picks the child worth most to X, O the child",
            "worth least to X; every reply is searched, nothing is pruned.",
        ],
        shows: "key 1 replays it; v shows any search so: X max / O min",
    },
    Term {
        name: "negamax",
        meaning: [
            "Minimax written once for both sides: each value is for the side to",
            "move, so a child's value is negated for its parent (+7 for O: -7 for X).",
        ],
        shows: "the first view: rows say for X / for O; v switches",
    },
    Term {
        name: "value from the root",
        meaning: [
            "Inside the search a value counts the plies from the replay's root, so a",
            "position deeper down scores a point per ply apart from the game tree.",
        ],
        shows: "every value below the root (a win sooner is worth more)",
    },
    Term {
        name: "α (alpha)",
        meaning: [
            "A lower bound: what the side to move (in max/min: X) can already make",
            "sure of elsewhere on the path; a line worth less is not worth finishing.",
        ],
        shows: "stack column α; each enter's sentence says who set it",
    },
    Term {
        name: "β (beta)",
        meaning: [
            "An upper bound: what the opponent (in max/min: O) already holds the",
            "side to move to elsewhere; a reply reaching it ends the node.",
        ],
        shows: "stack column β; a cutoff's sentence names who set it",
    },
    Term {
        name: "cutoff",
        meaning: [
            "Once α ≥ β a node stops: its other moves cannot change the choice",
            "above it, so they are pruned, never searched.",
        ],
        shows: "counter cutoffs, key x; rows say α ≥ β; children pruned",
    },
    Term {
        name: "fail-high",
        meaning: [
            "A node whose search ends at or above β: its value is only a lower",
            "bound (the truth may be higher), which is all its parent needs.",
        ],
        shows: "every cutoff is one; key 3's table stores a lower bound",
    },
    Term {
        name: "transposition table hit",
        meaning: [
            "A position reached again by other moves: its stored value (exact, or a",
            "lower or upper bound) ends the node or narrows its window.",
        ],
        shows: "key 3: the TT hits counter; Table hit; children (table)",
    },
    Term {
        name: "move ordering",
        meaning: [
            "Trying the likely best moves first brings the cutoffs sooner: the same",
            "exact values for far fewer nodes.",
        ],
        shows: "children line: key 3 tries wins first, key 2 cell order",
    },
    Term {
        name: "principal variation",
        meaning: [
            "The line played when both sides play best: the best root move, the best",
            "reply to it, and so on to the end of the game.",
        ],
        shows: "the ★ child at each level; the game tree's best line",
    },
];

/// Lines of the glossary page: a heading and a blank, then each term's name, meaning and
/// where it shows, a blank between terms.
pub fn glossary_length() -> usize {
    2 + GLOSSARY.len() * 5 - 1
}
