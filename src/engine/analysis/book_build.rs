//! Building an opening book: every position reachable in at most N plies, each with its exact
//! value. Only the positions of ply N are searched; each shallower one is the best of its
//! children, which are all in the book or trivially valued, so the whole book costs the search of
//! its last ply. The caller does the I/O (checkpoint, progress, the file): `tictree book build`.

use crate::engine::book::{Book, Keys, score_of_value, value_of_score};
use crate::engine::game::position::{Player, Position, Status};
use crate::engine::game::rules::Rules;
use crate::engine::game::score::{INFINITY, WIN};
use crate::engine::search::solver::Solver;
use crate::engine::search::{Cancelled, StopFlag};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The positions a book of `plies` plies holds, ply by ply, before any is solved.
pub struct Plan {
    rules: Rules,
    plies: u32,
    /// The book's positions of each ply, sorted by key: games not over whose side to move cannot
    /// win at once (those need no book), one of each set of mirror images.
    layers: Vec<Vec<(u128, Position)>>,
}

/// Whether the side to move can complete a line with its next mark.
fn wins_at_once(position: &Position) -> bool {
    position
        .legal_moves()
        .into_iter()
        .any(|mv| matches!(position.play(mv).map(|p| p.status()), Ok(Status::Won(_))))
}

fn key_of(keys: &Keys, position: &Position) -> u128 {
    keys.key(position.marks(Player::X), position.marks(Player::O))
}

/// How far a listing has got (`Plan::new`), for a progress line on another thread.
#[derive(Default)]
pub struct Listing {
    /// The ply whose positions are being listed.
    pub ply: AtomicUsize,
    /// Positions listed so far, every ply.
    pub positions: AtomicUsize,
}

/// Positions listed between two looks at the stop flag: a few milliseconds.
const LISTED_BETWEEN_LOOKS: usize = 4096;

/// Memory a listed position takes, in bytes, while the listing runs: its key and position in a
/// sorted map (about 117 bytes measured on Connect Four's first 15 plies: 96 M positions in
/// 10.5 GiB), with room for the list of the plies kept made from it at the end.
pub const BYTES_PER_LISTED: usize = 128;

/// Why no plan was made.
#[derive(Debug, PartialEq, Eq)]
pub enum Unlisted {
    /// The stop flag was raised.
    Stopped,
    /// More positions than the listing may hold: `listed` of them by `ply`.
    TooMany { ply: u32, listed: usize },
}

impl Plan {
    /// Lists every position reachable from the empty board in at most `plies` plies, telling
    /// `listing` how far it has got, and giving up past `most` positions (a deep book's listing
    /// takes memory without bound: Connect Four's 12 plies about 15 s and a gigabyte, 20 plies
    /// more than any machine has), or once `stop` is raised.
    pub fn new(
        rules: Rules,
        plies: u32,
        most: usize,
        stop: &StopFlag,
        listing: &Listing,
    ) -> Result<Plan, Unlisted> {
        let keys = Keys::of(rules);
        let empty = Position::empty(rules);
        // Every game not over at each ply, mirror images once.
        let mut reached: Vec<BTreeMap<u128, Position>> = vec![BTreeMap::from([(0, empty)])];
        let mut listed = 1;
        for ply in 1..=plies {
            listing.ply.store(ply as usize, Ordering::Relaxed);
            let mut next = BTreeMap::new();
            let parents = reached.last().into_iter().flat_map(BTreeMap::values);
            for (index, position) in parents.enumerate() {
                if index % LISTED_BETWEEN_LOOKS == 0 {
                    if stop.is_stopped() {
                        return Err(Unlisted::Stopped);
                    }
                    let so_far = listed + next.len();
                    if so_far > most {
                        return Err(Unlisted::TooMany {
                            ply,
                            listed: so_far,
                        });
                    }
                    listing.positions.store(so_far, Ordering::Relaxed);
                }
                for mv in position.legal_moves() {
                    let Ok(child) = position.play(mv) else {
                        continue;
                    };
                    if child.status() == Status::Ongoing {
                        next.entry(key_of(&keys, &child)).or_insert(child);
                    }
                }
            }
            listed += next.len();
            if listed > most {
                return Err(Unlisted::TooMany { ply, listed });
            }
            reached.push(next);
        }
        let mut layers = Vec::with_capacity(reached.len());
        for layer in reached {
            let mut kept = Vec::with_capacity(layer.len());
            for (index, (key, position)) in layer.into_iter().enumerate() {
                if index % LISTED_BETWEEN_LOOKS == 0 && stop.is_stopped() {
                    return Err(Unlisted::Stopped);
                }
                if !wins_at_once(&position) {
                    kept.push((key, position));
                }
            }
            layers.push(kept);
        }
        Ok(Plan {
            rules,
            plies,
            layers,
        })
    }

    /// The rules of the book's positions.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Every position reachable in at most this many plies goes into the book.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The positions that must be searched: those of the last ply, in key order.
    pub fn frontier(&self) -> &[(u128, Position)] {
        self.layers.last().map_or(&[], Vec::as_slice)
    }

    /// Entries the finished book will have.
    pub fn entries(&self) -> usize {
        self.layers.iter().map(Vec::len).sum()
    }

    /// The book, from the compact score of every frontier position (by key): each shallower
    /// position gets the best of its children's values. `None` once `stop` is raised.
    pub fn finish(
        &self,
        solved: &HashMap<u128, i8>,
        stop: &StopFlag,
    ) -> Result<Option<Book>, String> {
        let keys = Keys::of(self.rules);
        let cells = self.rules.cells() as u32;
        let mut known: HashMap<u128, i8> = HashMap::with_capacity(self.entries());
        for (key, position) in self.frontier() {
            let score = solved.get(key).ok_or_else(|| {
                format!("position {} has not been solved", position.to_notation())
            })?;
            known.insert(*key, *score);
        }
        for layer in self.layers.iter().rev().skip(1) {
            for (index, (key, position)) in layer.iter().enumerate() {
                // A deep book takes seconds here: Ctrl-C is looked at now and then.
                if index % 4096 == 0 && stop.is_stopped() {
                    return Ok(None);
                }
                let ply = position.ply();
                let mut best = -INFINITY;
                for mv in position.legal_moves() {
                    let child = position.play(mv).map_err(|e| e.to_string())?;
                    let value = match child.status() {
                        Status::Won(_) => WIN - (ply as i32 + 1),
                        Status::Draw => 0,
                        Status::Ongoing if wins_at_once(&child) => -(WIN - (ply as i32 + 2)),
                        Status::Ongoing => {
                            let score = known.get(&key_of(&keys, &child)).ok_or_else(|| {
                                format!("position {} is missing", child.to_notation())
                            })?;
                            -value_of_score(*score, ply + 1, cells)
                        }
                    };
                    best = best.max(value);
                }
                known.insert(*key, score_of_value(best, cells));
            }
        }
        let mut entries: Vec<(u128, i8)> = known.into_iter().collect();
        entries.sort_unstable();
        Ok(Some(Book::from_entries(self.rules, self.plies, &entries)))
    }
}

/// Solves `positions` exactly on `threads` threads, one position per thread at a time, all
/// sharing one transposition table of `hash_bytes` (neighbouring positions share much of their
/// trees). `on_solved(index, compact score)` is called from the thread that solved it, in no
/// particular order. Returns `Err(Cancelled)` once `stop` is raised.
pub fn solve_positions(
    positions: &[Position],
    threads: usize,
    hash_bytes: usize,
    stop: &StopFlag,
    on_solved: &(dyn Fn(usize, i8) + Sync),
) -> Result<(), Cancelled> {
    let Some(first) = positions.first() else {
        return Ok(());
    };
    let cells = first.rules().cells() as u32;
    let mut main = Solver::with_hash(first.layout(), stop.clone(), hash_bytes);
    // The book being built is no help: its positions are all shallower than these.
    main.set_book(None);
    let mut solvers: Vec<Solver> = (1..threads.max(1))
        .map(|_| main.share(stop.clone()))
        .collect();
    solvers.push(main);
    let next = AtomicUsize::new(0);
    let work = |solver: &mut Solver| -> Result<(), Cancelled> {
        loop {
            // Looked at between positions too: a small one never reaches the search's own look
            // at the flag (every few hundred nodes).
            if stop.is_stopped() {
                return Err(Cancelled);
            }
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(position) = positions.get(index) else {
                return Ok(());
            };
            let value = solver.value(position, -INFINITY, INFINITY)?;
            on_solved(index, score_of_value(value, cells));
        }
    };
    std::thread::scope(|scope| {
        let (mine, others) = solvers.split_last_mut().expect("the main solver");
        // A thread the system cannot give (a memory limit) is done without: the queue is
        // emptied by the threads there are, this one among them.
        let handles: Vec<_> = others
            .iter_mut()
            .filter_map(|solver| {
                let work = &work;
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || work(solver))
                    .ok()
            })
            .collect();
        let here = work(mine);
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .chain(std::iter::once(here))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// A small book built whole equals the exact solver on each of its positions, and holds
    /// exactly the positions it should.
    #[test]
    fn a_small_book_agrees_with_the_search_at_every_ply() {
        let rules = Rules::new(5, 4, 4, true).unwrap();
        let plan = Plan::new(
            rules,
            4,
            usize::MAX,
            &StopFlag::default(),
            &Listing::default(),
        );
        let plan = plan.unwrap();
        let positions: Vec<Position> = plan.frontier().iter().map(|(_, p)| *p).collect();
        let solved = Mutex::new(HashMap::new());
        solve_positions(
            &positions,
            2,
            1 << 20,
            &StopFlag::default(),
            &|index, score| {
                solved
                    .lock()
                    .unwrap()
                    .insert(plan.frontier()[index].0, score);
            },
        )
        .unwrap();
        let book = plan
            .finish(&solved.into_inner().unwrap(), &StopFlag::default())
            .unwrap()
            .unwrap();
        assert_eq!(book.len(), plan.entries());
        for index in 0..book.len() {
            let (key, _) = book.entry(index);
            let position = book.position(key);
            let mut solver = Solver::new(position.layout(), StopFlag::default());
            solver.set_book(None);
            let value = solver.value(&position, -INFINITY, INFINITY).unwrap();
            assert_eq!(book.value(&position), Some(value), "{position:?}");
        }
    }

    /// A raised stop flag ends the listing: a deep book's takes seconds, and Ctrl-C must not wait.
    #[test]
    fn a_stopped_listing_gives_up() {
        let rules = Rules::new(5, 4, 4, true).unwrap();
        let stop = StopFlag::default();
        stop.stop();
        let stopped = Plan::new(rules, 4, usize::MAX, &stop, &Listing::default());
        assert_eq!(stopped.err(), Some(Unlisted::Stopped));
        let listing = Listing::default();
        assert!(Plan::new(rules, 4, usize::MAX, &StopFlag::default(), &listing).is_ok());
        assert_eq!(listing.ply.load(Ordering::Relaxed), 4);
        // Told at the last ply's first look: the empty board and every position of plies 1 to 3
        // (5 + 25 + 125 at most, mirror images once).
        let told = listing.positions.load(Ordering::Relaxed);
        assert!((1 + 3..=1 + 5 + 25 + 125).contains(&told), "{told}");
    }

    /// A listing that would hold more positions than it may gives up, saying how far it got:
    /// the 5×4 gravity board has 1 + 5 + 25 + 125 positions at most by ply 3 (mirrors once).
    #[test]
    fn a_listing_past_its_most_positions_gives_up() {
        let rules = Rules::new(5, 4, 4, true).unwrap();
        let plan = Plan::new(rules, 3, 20, &StopFlag::default(), &Listing::default());
        match plan.err() {
            Some(Unlisted::TooMany { ply, listed }) => {
                assert!(ply <= 3 && listed > 20, "{ply} {listed}");
            }
            other => panic!("{other:?}"),
        }
        // Room for every position there can be is enough.
        let most = Plan::new(
            rules,
            3,
            1 + 5 + 25 + 125,
            &StopFlag::default(),
            &Listing::default(),
        );
        assert!(most.is_ok());
    }
}
