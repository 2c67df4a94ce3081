//! The two ways the replay shows its values. The search itself is negamax: every value, α and β
//! belongs to the side to move at its node, so they flip sign from row to row. Textbooks and the
//! tutorial notebooks draw max/min instead: every value from X's point of view, X maximising and
//! O minimising, α the best X can already force and β the best O can already force, one pair for
//! the whole path. A `View` turns one into the other; nothing in the search changes.

use super::event::{Bound, Origin, ReplayValue};
use crate::engine::game::position::Player;

/// How the replay shows its values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// Each value for the side to move at its node (how the search computes them).
    #[default]
    Negamax,
    /// Each value for X: X maximises, O minimises.
    MaxMin,
}

impl View {
    /// The other view.
    pub fn toggled(self) -> View {
        match self {
            View::Negamax => View::MaxMin,
            View::MaxMin => View::Negamax,
        }
    }

    /// `negamax` or `max/min`.
    pub fn name(self) -> &'static str {
        match self {
            View::Negamax => "negamax",
            View::MaxMin => "max/min",
        }
    }

    /// What the view's numbers mean, in a few words.
    pub fn meaning(self) -> &'static str {
        match self {
            View::Negamax => "each value for the side to move",
            View::MaxMin => "values for X: X maximises, O minimises",
        }
    }

    /// Whose point of view the values of a node with `side` to move are shown from.
    pub fn owner(self, side: Player) -> Player {
        match self {
            View::Negamax => side,
            View::MaxMin => Player::X,
        }
    }

    /// A value of a node with `side` to move (negamax: for `side`), as this view shows it.
    pub fn value(self, side: Player, value: ReplayValue) -> ReplayValue {
        if self.owner(side) == side {
            value
        } else {
            -value
        }
    }

    /// A bound on a value of a node with `side` to move, as this view shows the value: a lower
    /// bound for O is an upper bound for X.
    pub fn bound(self, side: Player, bound: Bound) -> Bound {
        if self.owner(side) == side {
            bound
        } else {
            bound.flipped()
        }
    }

    /// A node's window (α and β for `side`, negamax) as this view shows it. In max/min, O's
    /// window (α, β) is X's (−β, −α): O's β is the most X can already be held to elsewhere.
    pub fn window(
        self,
        side: Player,
        (alpha, beta): (ReplayValue, ReplayValue),
    ) -> (ReplayValue, ReplayValue) {
        if self.owner(side) == side {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        }
    }

    /// Where the bounds of `window`'s answer came from, swapped with them.
    pub fn origins(self, side: Player, (alpha, beta): (Origin, Origin)) -> (Origin, Origin) {
        if self.owner(side) == side {
            (alpha, beta)
        } else {
            (beta, alpha)
        }
    }

    /// A node's label in this view: `for O` (negamax: whose values the row holds) or `O min`.
    pub fn label(self, side: Player) -> String {
        match (self, side) {
            (View::Negamax, _) => format!("for {side}"),
            (View::MaxMin, Player::X) => "X max".to_string(),
            (View::MaxMin, Player::O) => "O min".to_string(),
        }
    }

    /// What `side` does at a node in this view: `maximises` or `minimises` (negamax: every side
    /// maximises its own value).
    pub fn role(self, side: Player) -> &'static str {
        match (self, side) {
            (View::MaxMin, Player::O) => "minimises",
            _ => "maximises",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_min_turns_o_windows_into_x_windows() {
        let window = (ReplayValue::exact(-8), ReplayValue::exact(0));
        assert_eq!(View::Negamax.window(Player::O, window), window);
        assert_eq!(View::MaxMin.window(Player::X, window), window);
        assert_eq!(
            View::MaxMin.window(Player::O, window),
            (ReplayValue::exact(0), ReplayValue::exact(8))
        );
        assert_eq!(
            View::MaxMin.value(Player::O, ReplayValue::exact(7)),
            ReplayValue::exact(-7)
        );
        assert_eq!(View::MaxMin.label(Player::O), "O min");
        assert_eq!(View::Negamax.label(Player::O), "for O");
    }
}
