//! The engine model's table hits: `probe` finds whether the entry of the node just entered ends
//! it or narrows its window, which is the next event; `use_hit` applies it when that event is
//! stepped to, so the stack never shows a bound before the event that tells it.

use super::{Machine, Phase};
use crate::engine::search::replay::event::{Bound, Origin};
use crate::engine::search::replay::table::{Entry, Table};

impl Machine {
    /// Looks the top node up in the table: a hit that ends the node, or one that narrows its
    /// window, is the next event (`use_hit` applies it when that event is stepped to, so the
    /// stack never shows the entry's bound before the event that tells it); an entry that does
    /// neither is not an event.
    pub(super) fn probe(&self, table: &Table) -> Option<Phase> {
        let top = self.stack.last()?;
        let entry = table.probe(&top.position)?;
        let value = entry.value;
        let ends = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => value.key() >= top.beta.key(),
            Bound::Upper => value.key() <= top.alpha.key(),
        };
        let narrows = match entry.bound {
            Bound::Lower => value.key() > top.alpha.key(),
            Bound::Upper => value.key() < top.beta.key(),
            Bound::Exact => false,
        };
        (ends || narrows).then_some(Phase::TtHit(entry, ends))
    }

    /// What a table hit `probe` found does to the top node: ends it with the entry's value, or
    /// narrows its window to the entry's bound.
    pub(super) fn use_hit(&mut self, entry: Entry, ends: bool) {
        let top = self.top();
        let value = entry.value;
        if ends {
            top.best = value;
            top.from_table = Some(entry.bound);
            return;
        }
        let from_table = Origin::Table { ply: top.ply };
        match entry.bound {
            Bound::Lower => (top.alpha, top.alpha_from) = (value, from_table),
            Bound::Upper => (top.beta, top.beta_from) = (value, from_table),
            Bound::Exact => unreachable!("an exact entry ends the node: `probe` says so"),
        }
        top.narrowed = Some((entry.bound, value));
        top.window_alpha = top.alpha;
    }
}
