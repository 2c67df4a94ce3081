//! The sentences of a return and of a cutoff, in either view. These are where negamax and
//! max/min read most differently: negamax says every side raises its own α; max/min says X
//! raises α and O lowers β, and a cutoff is the textbook's α ≥ β.

use super::event::{Bound, Event, EventKind, Origin};
use super::sentence::{pruned_tail, refutation};
use super::view::View;
use crate::engine::game::position::Player;
use crate::engine::game::rules::Rules;
use crate::engine::search::Algorithm;

/// A node returns to its parent (`event` is a `Return`): the child's value for the parent, the
/// parent's best so far and its window afterwards.
pub(super) fn back(event: &Event, rules: &Rules, algorithm: Algorithm, view: View) -> String {
    let EventKind::Return {
        mv,
        value,
        bound,
        from_table,
        table_met,
        parent_best,
        new_best,
        raised_alpha,
        parent_alpha,
        parent_beta,
    } = event.kind
    else {
        return String::new();
    };
    let side = event.to_move;
    let parent = side.opponent();
    let depth = event.ply - 1;
    let at = if depth == 0 {
        "Back at the root".to_string()
    } else {
        format!("Back at depth {depth}")
    };
    let name = rules.move_name(mv);
    let best = view.value(parent, parent_best);
    // A node that stopped early returns a bound, not its value: say so, and why.
    let why = match (bound, from_table, view, side) {
        // Its search ended at the window's bound a table entry had set: that is its value.
        (Bound::Exact, ..) if table_met => {
            " (exact: the table proved one side of it, the search the other)".into()
        }
        (Bound::Exact, ..) => String::new(),
        (_, true, ..) => " (a bound from the table)".into(),
        (Bound::Lower, _, View::Negamax, _) => {
            format!(
                " ({}{value} for {side}: a cutoff ended its search)",
                bound.words()
            )
        }
        (Bound::Upper, _, View::Negamax, _) => {
            format!(
                " ({}{value} for {side}: none of its moves beat α)",
                bound.words()
            )
        }
        (Bound::Lower, _, View::MaxMin, _) => format!(" (a cutoff ended {side}'s search there)"),
        (Bound::Upper, _, View::MaxMin, Player::X) => {
            " (none of X's moves there rose above α)".into()
        }
        (Bound::Upper, _, View::MaxMin, Player::O) => {
            " (none of O's moves there fell below β)".into()
        }
    };
    let mut text = match view {
        View::Negamax if bound == Bound::Exact => format!(
            "{at}: {name} is worth {} for {parent} ({value} for {side}){why}; ",
            -value
        ),
        View::Negamax => format!(
            "{at}: {name} is worth {}{} for {parent}{why}; ",
            bound.flipped().words(),
            -value
        ),
        View::MaxMin => format!(
            "{at}, where {parent} {}: {name} is worth {}{} for X{why}; ",
            view.role(parent),
            view.bound(side, bound).words(),
            view.value(side, value)
        ),
    };
    if new_best {
        text += &format!("a new best, best so far {best}");
    } else {
        text += &format!("best so far stays {best}");
    }
    let windowed = algorithm != Algorithm::Minimax && depth > 0;
    let (alpha, beta) = view.window(parent, (parent_alpha, parent_beta));
    match (view, parent) {
        (View::MaxMin, Player::O) if windowed => {
            // O's own α rising is X's β falling: the most O will let X have.
            if raised_alpha {
                text += &format!(", β lowered to {beta}, α {alpha}");
            } else {
                text += &format!(", α {alpha}, β {beta}");
            }
        }
        (View::MaxMin, _) if windowed && !raised_alpha => {
            text += &format!(", α {alpha}, β {beta}");
        }
        _ => {
            if raised_alpha {
                text += &format!(", α raised to {alpha}");
            }
            if windowed {
                text += &format!(", β {beta}");
            }
        }
    }
    text + "."
}

/// A reply reached β (`event` is a `Cutoff`): its value, the window crossed, the cutoff
/// condition α ≥ β said in words, what is pruned and the choice higher up that refutes the line.
pub(super) fn cutoff(event: &Event, rules: &Rules, view: View) -> String {
    let EventKind::Cutoff {
        mv,
        value,
        bound,
        beta,
        beta_from,
        pruned,
    } = event.kind
    else {
        return String::new();
    };
    let side = event.to_move;
    let name = rules.move_name(mv);
    let pruned = pruned_tail(rules, &pruned);
    // A reply whose own search stopped early scores at least its value (for O in max/min: holds
    // X to at most).
    let (least, most) = (bound.words(), bound.flipped().words());
    // β set by this very position's table entry is no refutation from elsewhere: the position
    // is worth no more than that bound, and the reply reaches it.
    let own_entry = matches!(beta_from, Origin::Table { ply } if ply == event.ply);
    let why = |holds: &str| {
        if own_entry {
            "the table's bound for this position is reached: no move here can do better".into()
        } else {
            refutation(rules, holds, beta_from)
        }
    };
    // The reply raised the node's own α to its value: that α now meets β.
    match (view, side) {
        (View::Negamax, _) => format!(
            "Reply {name} scores {least}{value} ≥ β {beta} for {side}: α rises to {value}, and \
             α ≥ β is the cutoff condition: {pruned} ({}).",
            why(&format!("holds {side} to {beta}"))
        ),
        (View::MaxMin, Player::X) => format!(
            "Reply {name} scores {least}{value} for X: α rises to {value}, at or above β \
             {beta}, and α ≥ β is the cutoff condition: {pruned} ({}).",
            why(&format!("holds X to {beta}"))
        ),
        (View::MaxMin, Player::O) => {
            // O's value v ≥ O's β is X's −v ≤ X's α = −(O's β).
            let (held, alpha) = (-value, -beta);
            format!(
                "Reply {name} holds X to {most}{held}: β falls to {held}, at or below α \
                 {alpha}, and α ≥ β is the cutoff condition: {pruned} ({}).",
                why(&format!("makes sure of {alpha}"))
            )
        }
    }
}
