//! The search as an explicit-stack machine: one event per step, no recursion, so it can stop
//! after any event, be copied (a checkpoint), and carry on from the copy exactly as before.

use super::child::Child;
use super::context::Context;
use super::counters::Counters;
use super::event::{Bound, Event, EventKind, LeafKind, MoveList, Origin, ReplayValue};
use super::level::Level;
use super::order::push_moves;
use super::table::{Entry, Table};
use crate::engine::game::position::{Move, Position, Status};
use crate::engine::search::Algorithm;
use crate::engine::search::estimate::Evaluator;

mod table_hit;

/// What the next step does. After every step the machine is settled on an emitting phase or
/// `Done`, so "finished" is known without trying another step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Decide what the freshly entered top node is (silent).
    Arrive,
    /// Pick the top node's next move or leave it (silent).
    Next,
    Enter,
    Leaf(LeafKind),
    TtHit(Entry, bool),
    Return,
    Cutoff,
    Done,
}

/// The whole state of a replay's search at one step (everything but the engine model's table).
#[derive(Clone)]
pub(crate) struct Machine {
    pub step: u64,
    pub stack: Vec<Level>,
    /// The move lists of every level, one after the other.
    moves: Vec<Move>,
    /// The values of the children tried so far by every level, one level after the other
    /// (each with its bound and whether the table gave it): the children view. Only tried
    /// children take room, so a checkpoint stays small on a board with many moves; the rest
    /// follow from `next`.
    values: Vec<(ReplayValue, Bound, bool)>,
    phase: Phase,
    pub event: Option<Event>,
    pub counters: Counters,
    pub root_scores: Vec<(Move, ReplayValue)>,
    pub truncated: bool,
}

impl Machine {
    /// A machine at step 0, before the first event.
    pub fn new(root: Position, context: &Context, table: &mut Table) -> Machine {
        let mut machine = Machine {
            step: 0,
            stack: vec![Level::root(root)],
            moves: Vec::new(),
            values: Vec::new(),
            phase: Phase::Done,
            event: None,
            counters: Counters::default(),
            root_scores: Vec::new(),
            truncated: false,
        };
        if root.status() == Status::Ongoing {
            machine.generate(context);
            machine.phase = Phase::Next;
            machine.settle(context, table);
        }
        machine
    }

    /// Whether the search has ended (no more events).
    pub fn finished(&self) -> bool {
        self.phase == Phase::Done
    }

    /// The moves of the node at `depth` of the stack.
    pub fn moves_of(&self, depth: usize) -> &[Move] {
        self.stack.get(depth).map_or(&[], |level| {
            &self.moves[level.first as usize..level.end as usize]
        })
    }

    /// What each move of the node at `depth` has led to so far, aligned with `moves_of(depth)`.
    pub fn children_of(&self, depth: usize) -> Vec<Child> {
        let Some(level) = self.stack.get(depth) else {
            return Vec::new();
        };
        // This level's values end where the child on the path starts its own, if there is one.
        let below = self.stack.get(depth + 1);
        let end = below.map_or(self.values.len(), |child| child.values_first as usize);
        let values = &self.values[level.values_first as usize..end];
        // The child on the path, if any, is the last one entered, right after those values.
        let searching = below.map(|_| values.len());
        (0..(level.end - level.first) as usize)
            .map(|index| match values.get(index) {
                Some(&(value, bound, table)) => Child::Done {
                    value,
                    bound,
                    table,
                },
                None if Some(index) == searching => Child::Searching,
                None if level.cut => Child::Pruned,
                None => Child::NotYet,
            })
            .collect()
    }

    /// Rough heap and inline size in bytes. Only the memory tests measure it.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        size_of::<Machine>()
            + self.stack.capacity() * size_of::<Level>()
            + self.moves.capacity() * size_of::<Move>()
            + self.values.capacity() * size_of::<(ReplayValue, Bound, bool)>()
            + self.root_scores.capacity() * size_of::<(Move, ReplayValue)>()
    }

    fn top(&mut self) -> &mut Level {
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }

    fn path(&self) -> MoveList {
        let mut path = MoveList::EMPTY;
        for level in &self.stack[1..] {
            if let Some(mv) = level.mv {
                path.push(mv);
            }
        }
        path
    }

    fn generate(&mut self, context: &Context) {
        let start = self.moves.len() as u32;
        let position = self.stack[self.stack.len() - 1].position;
        push_moves(
            &position,
            context.algorithm,
            &context.order,
            &mut self.moves,
        );
        let end = self.moves.len() as u32;
        let top = self.top();
        (top.first, top.next, top.end, top.searched) = (start, start, end, true);
    }

    /// The exact value of a finished game at `ply` for its side to move (docs/algorithms.md,
    /// measured from the replay's root), or `None` while it goes on.
    fn terminal(position: &Position, ply: u32, cells: i32) -> Option<(ReplayValue, LeafKind)> {
        match position.status() {
            Status::Won(player) => Some((
                ReplayValue::exact(-(cells + 2 - ply as i32)),
                LeafKind::Won(player),
            )),
            Status::Draw => Some((ReplayValue::exact(0), LeafKind::Draw)),
            Status::Ongoing => None,
        }
    }

    /// Runs the silent transitions until the next step would emit an event (or the end).
    fn settle(&mut self, context: &Context, table: &mut Table) {
        loop {
            match self.phase {
                Phase::Arrive => {
                    let top = *self.top();
                    if let Some((value, kind)) =
                        Self::terminal(&top.position, top.ply, context.cells)
                    {
                        self.top().best = value;
                        self.phase = Phase::Leaf(kind);
                        return;
                    }
                    if context.limits.depth.is_some_and(|depth| top.ply >= depth) {
                        let mover = top.position.to_move();
                        let sum = context.eval.sum(
                            top.position.marks(mover),
                            top.position.marks(mover.opponent()),
                        );
                        self.top().best = ReplayValue::estimate(Evaluator::squash(sum));
                        self.phase = Phase::Leaf(LeafKind::Horizon);
                        return;
                    }
                    if context.algorithm == Algorithm::Engine
                        && let Some(hit) = self.probe(table)
                    {
                        self.phase = hit;
                        return;
                    }
                    self.generate(context);
                    self.phase = Phase::Next;
                }
                Phase::Next => {
                    let top = *self.top();
                    self.phase = if top.next < top.end {
                        if context
                            .limits
                            .nodes
                            .is_some_and(|limit| self.counters.nodes >= limit)
                        {
                            self.truncated = true;
                            Phase::Done
                        } else {
                            Phase::Enter
                        }
                    } else if self.stack.len() == 1 {
                        Phase::Done
                    } else {
                        Phase::Return
                    };
                    return;
                }
                _ => return,
            }
        }
    }

    /// Does one event. Returns false (and does nothing) once the search has ended.
    pub fn step(&mut self, context: &Context, table: &mut Table) -> bool {
        let event = match self.phase {
            Phase::Done | Phase::Arrive | Phase::Next => return false,
            Phase::Enter => self.enter(context),
            Phase::Leaf(kind) => {
                self.phase = Phase::Return;
                let top = *self.top();
                self.event_at(
                    &top,
                    EventKind::Leaf {
                        value: top.best,
                        kind,
                    },
                )
            }
            Phase::TtHit(entry, ended) => {
                self.counters.tt_hits += 1;
                self.use_hit(entry, ended);
                if ended {
                    self.phase = Phase::Return;
                } else {
                    self.generate(context);
                    self.phase = Phase::Next;
                }
                let top = *self.top();
                self.event_at(
                    &top,
                    EventKind::TtHit {
                        value: entry.value,
                        bound: entry.bound,
                        ended,
                        alpha: top.alpha,
                        beta: top.beta,
                    },
                )
            }
            Phase::Return => self.leave(context, table),
            Phase::Cutoff => {
                self.counters.cutoffs += 1;
                self.phase = Phase::Return;
                let top = *self.top();
                let untried = top.next as usize..top.end as usize;
                let pruned = MoveList::from_slice(&self.moves[untried]);
                // The reply that reached β is the last child back.
                let bound = self
                    .values
                    .last()
                    .map_or(Bound::Exact, |&(_, worth, _)| worth);
                self.top().cut = true;
                self.top().next = top.end;
                self.event_at(
                    &top,
                    EventKind::Cutoff {
                        mv: top.best_move.unwrap_or(Move(0)),
                        value: top.best,
                        bound,
                        beta: top.beta,
                        beta_from: top.beta_from,
                        pruned,
                    },
                )
            }
        };
        self.event = Some(event);
        self.step += 1;
        self.counters.depth = self.stack.len() as u32 - 1;
        self.settle(context, table);
        true
    }

    fn event_at(&self, level: &Level, kind: EventKind) -> Event {
        Event {
            ply: level.ply,
            path: self.path(),
            to_move: level.position.to_move(),
            kind,
        }
    }

    fn enter(&mut self, context: &Context) -> Event {
        let parent = *self.top();
        let mv = self.moves[parent.next as usize];
        self.top().next += 1;
        let position = parent
            .position
            .play(mv)
            .unwrap_or_else(|_| unreachable!("generated moves are legal"));
        // The root gives every move a full window (per-move analysis); minimax keeps none.
        let open = parent.ply == 0 || context.algorithm == Algorithm::Minimax;
        let (alpha, beta) = if open {
            (ReplayValue::NEG_INFINITY, ReplayValue::INFINITY)
        } else {
            (-parent.beta, -parent.alpha)
        };
        let first = self.moves.len() as u32;
        let mut child = Level::child(mv, position, parent.ply + 1, (alpha, beta), first);
        child.values_first = self.values.len() as u32;
        // Negamax swaps the bounds, and so their origins: the parent's β is the child's α.
        if !open {
            (child.alpha_from, child.beta_from) = (parent.beta_from, parent.alpha_from);
        }
        self.stack.push(child);
        self.counters.nodes += 1;
        self.counters.max_depth = self.counters.max_depth.max(parent.ply + 1);
        self.phase = Phase::Arrive;
        let top = *self.top();
        self.event_at(
            &top,
            EventKind::Enter {
                mv,
                player: parent.position.to_move(),
                alpha,
                beta,
                alpha_from: top.alpha_from,
                beta_from: top.beta_from,
            },
        )
    }

    /// What a searched node's best value is worth: the best of its children's values, each of
    /// which may itself be a bound. It is at least the best if a child that gave it is not worth
    /// less than it says (not `Upper`), and at most the best if no move was pruned and no child
    /// is worth more than it says (none `Lower`); `leave` keeps both as the children return.
    /// With every child exact it is exact, even where alpha-beta could only promise a bound from
    /// its window.
    fn searched_bound(&self, node: &Level) -> Bound {
        // A cutoff moves `next` to the end: the moves pruned are those without a value.
        let tried = self.values.len() - node.values_first as usize;
        let pruned = tried < (node.end - node.first) as usize;
        match (node.best_sure, node.none_lower && !pruned) {
            (true, true) => Bound::Exact,
            (false, true) => Bound::Upper,
            // A cutoff's reply is worth at least β, so the best is never `Upper` when a move
            // was pruned or a child is `Lower` (both follow a cutoff): at least the best.
            (_, false) => Bound::Lower,
        }
    }

    fn leave(&mut self, context: &Context, table: &mut Table) -> Event {
        let path = self.path();
        let node = self
            .stack
            .pop()
            .unwrap_or_else(|| unreachable!("a node to leave"));
        // What the value is worth, as the replay tells it: a leaf's is exact, a table hit's what
        // the entry knew, a searched node's what its children's values say.
        // A searched node whose search stopped at the bound a table entry set is worth exactly
        // that bound: `table_met` tells the return's sentence so.
        let (bound, table_met) = match node.from_table {
            Some(bound) => (bound, false),
            None if !node.searched => (Bound::Exact, false),
            None => {
                let searched = self.searched_bound(&node);
                let bound = met_by_table(searched, &node);
                (bound, bound != searched)
            }
        };
        self.moves.truncate(node.first as usize);
        self.values.truncate(node.values_first as usize);
        if context.algorithm == Algorithm::Engine && node.searched {
            // The engine model stores what the window proves, as alpha-beta with a table does:
            // a value at or below the window it was searched with is at most that, one at or
            // above β at least that.
            let window = if node.best.key() <= node.window_alpha.key() {
                Bound::Upper
            } else if node.best.key() >= node.beta.key() {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let window = met_by_table(window, &node);
            table.store(
                &node.position,
                Entry {
                    value: node.best,
                    bound: window,
                },
            );
        }
        let mv = node.mv.unwrap_or(Move(0));
        let value = -node.best;
        let windowed = context.algorithm != Algorithm::Minimax;
        let parent = self.top();
        let new_best = value.key() > parent.best.key();
        let worth = bound.flipped();
        if new_best {
            parent.best = value;
            parent.best_move = Some(mv);
            parent.best_sure = worth != Bound::Upper;
        } else if value.key() == parent.best.key() {
            parent.best_sure |= worth != Bound::Upper;
        }
        parent.none_lower &= worth != Bound::Lower;
        let raised_alpha = windowed && parent.ply > 0 && value.key() > parent.alpha.key();
        if raised_alpha {
            parent.alpha = value;
            parent.alpha_from = Origin::Move {
                ply: parent.ply,
                player: parent.position.to_move(),
                mv,
                value,
            };
        }
        let parent = *parent;
        self.values.push((value, worth, node.from_table.is_some()));
        self.phase = if raised_alpha && parent.alpha.key() >= parent.beta.key() {
            Phase::Cutoff
        } else {
            Phase::Next
        };
        if parent.ply == 0 {
            // A full window of its own makes it exact: below it, a search that stopped at a
            // table's bound is joined with that bound (`met_by_table`), not left a bound.
            debug_assert_eq!(bound, Bound::Exact, "root move {mv:?}");
            self.root_scores.push((mv, value));
        }
        Event {
            ply: node.ply,
            path,
            to_move: node.position.to_move(),
            kind: EventKind::Return {
                mv,
                value: node.best,
                bound,
                from_table: node.from_table.is_some(),
                table_met,
                parent_best: parent.best,
                new_best,
                raised_alpha,
                parent_alpha: parent.alpha,
                parent_beta: parent.beta,
            },
        }
    }
}

/// `bound`, what a node's own search proved about its best value, joined with the table entry
/// that narrowed its window (`Level::narrowed`): a search that failed low at the α an entry's
/// "at least v" raised proves "at most v" (its best is then v), so the value is exactly v; and
/// likewise failing high at the β an "at most v" lowered.
fn met_by_table(bound: Bound, node: &Level) -> Bound {
    match (bound, node.narrowed) {
        (Bound::Upper, Some((Bound::Lower, v))) | (Bound::Lower, Some((Bound::Upper, v)))
            if v.key() == node.best.key() =>
        {
            Bound::Exact
        }
        _ => bound,
    }
}
