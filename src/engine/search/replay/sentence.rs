//! One plain-English sentence per event, for the replay view: cells in the game's notation, X and
//! O by name, and every value said from someone's point of view: the side to move's (negamax) or
//! X's (max/min, `View`). Returns and cutoffs, which differ most between the two, are in
//! `sentence_back.rs`.

use super::counters::ReplayLimits;
use super::event::{Bound, Event, EventKind, LeafKind, Origin, ReplayValue};
use super::sentence_back::{back, cutoff};
use super::view::View;
use crate::engine::game::notation::thousands;
use crate::engine::game::position::{Move, Player, Position};
use crate::engine::game::rules::Rules;
use crate::engine::search::Algorithm;

/// The most moves a sentence names in a list (the root's moves, the moves a cutoff prunes): a 3×3
/// board's, Connect Four's; more are counted.
const LISTED_MOVES: usize = 9;

/// "a1", "a1 and b1", "a1, b1 and c2".
pub(super) fn list(rules: &Rules, moves: &[Move]) -> String {
    let names = rules.move_names(moves);
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

fn is_are(count: usize) -> &'static str {
    if count == 1 { "is" } else { "are" }
}

/// The sentence of one event of a replay of `algorithm` on a game of `rules`, its values as
/// `view` shows them.
pub fn sentence(event: &Event, rules: &Rules, algorithm: Algorithm, view: View) -> String {
    let side = event.to_move;
    // Whose values the sentence speaks of: the side to move, or X in max/min.
    let owner = view.owner(side);
    let name = |mv: Move| rules.move_name(mv);
    let last = event.path.last().copied();
    match event.kind {
        EventKind::Enter {
            mv,
            player,
            alpha,
            beta,
            alpha_from,
            beta_from,
        } => {
            let head = format!("{player} plays {} (depth {})", name(mv), event.ply);
            let (alpha, beta) = view.window(side, (alpha, beta));
            let (alpha_from, beta_from) = view.origins(side, (alpha_from, beta_from));
            let origins = window_origins(rules, owner, (alpha, alpha_from), (beta, beta_from));
            enter(&head, event, (alpha, beta), &origins, (algorithm, view))
        }
        EventKind::Leaf { value, kind } => {
            let after = last.map_or(String::new(), |mv| {
                format!("{} plays {} → ", side.opponent(), name(mv))
            });
            leaf(&after, owner, view.value(side, value), kind, rules.cells())
        }
        EventKind::Return { .. } => back(event, rules, algorithm, view),
        EventKind::Cutoff { .. } => cutoff(event, rules, view),
        EventKind::TtHit {
            value,
            bound,
            ended,
            alpha,
            beta,
        } => {
            // An O node's lower bound is an upper bound for X, and its window is X's (−β, −α).
            let bound = if owner == side {
                bound
            } else {
                bound.flipped()
            };
            let (alpha, beta) = view.window(side, (alpha, beta));
            format!(
                "Table hit: this position was seen before, with {} for {owner}: {}.",
                stored(view.value(side, value), bound),
                table_outcome(bound, ended, alpha, beta)
            )
        }
    }
}

/// Entering a node after `head` ("X plays d1 (depth 2)"): at the root, why each root move's
/// score is exact. The window is the view's (X's in max/min).
fn enter(
    head: &str,
    event: &Event,
    (alpha, beta): (ReplayValue, ReplayValue),
    origins: &str,
    (algorithm, view): (Algorithm, View),
) -> String {
    let side = event.to_move;
    // Negamax says whose window it is; max/min says what the side to move does with it.
    let (head, whose) = match view {
        View::Negamax => (head.to_string(), format!(" for {side}")),
        View::MaxMin => (
            format!("{head}; {side} to move, {side} {}", view.role(side)),
            String::new(),
        ),
    };
    match (algorithm, event.ply) {
        (Algorithm::Minimax, 1) => format!(
            "{head}. Minimax keeps no window: it searches every reply, so this root move \
             gets its exact score."
        ),
        (Algorithm::Minimax, _) if view == View::Negamax => format!("{head}; {side} to move."),
        (Algorithm::Minimax, _) => format!("{head}."),
        (_, 1) => format!(
            "{head}, α {alpha}, β {beta}{whose}: each root move gets a full window \
             of its own, so its exact score is found, not just whether it beats the others."
        ),
        _ => format!("{head}, α {alpha}, β {beta}{whose}{origins}."),
    }
}

/// Where a window's bounds came from, for `side` (the side to move, or X in max/min): ` (α +3:
/// X is already sure of +3 with c2 (depth 2); β +7: O can already hold X to +7 with a1 (depth
/// 3))`, or nothing while both are open. A move's depth is that of the node it leads to, as in
/// "X plays b1 (depth 3)", so a sibling tried earlier has the same depth as the move entered.
fn window_origins(
    rules: &Rules,
    side: Player,
    (alpha, alpha_from): (ReplayValue, Origin),
    (beta, beta_from): (ReplayValue, Origin),
) -> String {
    let mut said = Vec::new();
    match alpha_from {
        Origin::Move { ply, mv, .. } => said.push(format!(
            "α {alpha}: {side} is already sure of {alpha} with {} (depth {})",
            rules.move_name(mv),
            ply + 1
        )),
        Origin::Table { ply } => said.push(format!("α {alpha}: the table, at depth {ply}")),
        Origin::Open => {}
    }
    match beta_from {
        Origin::Move {
            ply, player, mv, ..
        } => said.push(format!(
            "β {beta}: {player} can already hold {side} to {beta} with {} (depth {})",
            rules.move_name(mv),
            ply + 1
        )),
        Origin::Table { ply } => said.push(format!("β {beta}: the table, at depth {ply}")),
        Origin::Open => {}
    }
    if said.is_empty() {
        String::new()
    } else {
        format!(" ({})", said.join("; "))
    }
}

/// Why a cutoff's line is refuted: the opponent's choice higher up that set the bound, which
/// `holds` says ("holds O to -8", or in max/min for an O node "makes sure of +8").
pub(super) fn refutation(rules: &Rules, holds: &str, bound_from: Origin) -> String {
    match bound_from {
        Origin::Move {
            ply, player, mv, ..
        } => format!(
            "{player} would not allow this: {player}'s {} (depth {}) already {holds}",
            rules.move_name(mv),
            ply + 1
        ),
        Origin::Table { .. } => {
            "the table says the opponent has a better choice elsewhere and will not let the \
             game come here"
                .to_string()
        }
        Origin::Open => "the opponent has a better choice elsewhere and will not let the game \
                         come here"
            .to_string(),
    }
}

/// A leaf after `after` (the move into it, if any): a win, with how its score is made (on a
/// board of `cells` cells), a full board, or the depth limit, whose value is only the
/// evaluator's guess.
fn leaf(after: &str, side: Player, value: ReplayValue, kind: LeafKind, cells: usize) -> String {
    match kind {
        LeafKind::Won(winner) => match value.score() {
            // The game ends p plies below the root: ±(cells + 2 − p), more the sooner it ends.
            Some(score) => {
                let sign = if score < 0 { "-" } else { "" };
                let depth = cells as i32 + 2 - score.abs();
                format!(
                    "{after}{winner} wins at depth {depth}: {value} for {side}, \
                     {sign}({cells} + 2 - {depth})."
                )
            }
            None => format!("{after}{winner} wins: {value} for {side}."),
        },
        LeafKind::Draw => format!("{after}the board is full, a draw: {value}."),
        LeafKind::Horizon => format!(
            "{after}the depth limit: the evaluator estimates {value} for {side} \
             (a guess from open lines, not a proven score)."
        ),
    }
}

/// What a cutoff prunes: the moves left, or none.
pub(super) fn pruned_tail(rules: &Rules, pruned: &[Move]) -> String {
    if pruned.is_empty() {
        "no moves were left to prune".to_string()
    } else if pruned.len() > LISTED_MOVES {
        // A big board's list would fill the pane.
        format!(
            "the {} moves left are pruned (marked on the board)",
            pruned.len()
        )
    } else {
        format!("{} {} pruned", list(rules, pruned), is_are(pruned.len()))
    }
}

/// What the table holds for a position.
fn stored(value: ReplayValue, bound: Bound) -> String {
    match bound {
        Bound::Exact => format!("its exact value {value}"),
        Bound::Lower => format!("a lower bound {value}"),
        Bound::Upper => format!("an upper bound {value}"),
    }
}

/// What a table hit does to the node: ends it, or narrows its window.
fn table_outcome(bound: Bound, ended: bool, alpha: ReplayValue, beta: ReplayValue) -> String {
    match (ended, bound) {
        (true, Bound::Exact) => "no need to search it again".to_string(),
        (true, Bound::Lower) => format!("that reaches β {beta}, so the node ends here"),
        (true, Bound::Upper) => format!("that is no better than α {alpha}, so the node ends here"),
        (false, Bound::Lower) => format!("α rises to {alpha}"),
        (false, _) => format!("β falls to {beta}"),
    }
}

/// The sentence before the first event.
pub fn intro_sentence(root: &Position, algorithm: Algorithm, limits: ReplayLimits) -> String {
    let rules = root.rules();
    let moves = root.legal_moves();
    if moves.is_empty() {
        return "The game is over: there is nothing to search.".into();
    }
    let how = match algorithm {
        Algorithm::Minimax => "minimax searches every reply",
        Algorithm::AlphaBeta => "alpha-beta prunes replies that cannot matter",
        Algorithm::Engine => {
            "the engine model adds a transposition table and tries the most promising moves first"
        }
    };
    // Minimax has no window to speak of: it searches everything whatever the bounds.
    let window = match algorithm {
        Algorithm::Minimax => "",
        _ => " with the full window α -∞, β +∞",
    };
    // Below a depth limit a move's score may rest on estimates, so it is not called exact.
    let score = match limits.depth {
        Some(_) => "its own score",
        None => "its exact score",
    };
    // A list as long as a big board's would fill the pane; the board shows where they are.
    let named = if moves.len() <= LISTED_MOVES {
        format!(" ({})", list(rules, &moves))
    } else {
        String::new()
    };
    // The depth limit is not repeated here: the replay pane says it above, with its keys.
    let mut text = format!(
        "{} to move with {} legal moves{named}; {how}. Each root move is searched on its \
         own{window}, so every move gets {score}.",
        root.to_move(),
        moves.len(),
    );
    if let Some(nodes) = limits.nodes {
        text += &format!(
            " The replay covers at most {} nodes: a move it has not finished by then is left \
             unscored.",
            thousands(nodes)
        );
    }
    text
}
