//! What a running `analyze` knows so far, kept as its moves come in: for the progress lines on a
//! terminal, and for the partial result printed if Ctrl-C stops it.

use crate::cli::common::narrowing;
use crate::cli::common::progress::{rate, seconds};
use crate::engine::game::notation::thousands;
use crate::engine::{
    Algorithm, Appraisal, Budget, Move, MoveAppraisal, Position, SearchProgress, SearchStats,
};
use std::sync::Arc;
use std::time::Instant;

/// The analysis as far as it has got.
pub struct Watch {
    position: Position,
    /// The legal moves, in the order an exact analysis searches them.
    moves: Vec<Move>,
    /// The latest value of each move, if any.
    found: Vec<Option<MoveAppraisal>>,
    /// Whether the analysis is exact (no budget): it then scores the moves one by one in order,
    /// so the move being searched is the first without a value.
    in_order: bool,
    budget: Budget,
    started: Instant,
    /// The engine's progress, when the algorithm is `engine`.
    solver: Option<Arc<SearchProgress>>,
}

impl Watch {
    /// Nothing known yet of `position`'s moves.
    pub fn new(position: &Position, budget: Budget, solver: Option<Arc<SearchProgress>>) -> Watch {
        let moves = position.legal_moves();
        Watch {
            position: *position,
            found: vec![None; moves.len()],
            moves,
            in_order: budget.is_unlimited(),
            budget,
            started: Instant::now(),
            solver,
        }
    }

    /// A move's value was found or improved.
    pub fn record(&mut self, appraisal: &MoveAppraisal) {
        if let Some(index) = self.moves.iter().position(|&mv| mv == appraisal.mv) {
            self.found[index] = Some(appraisal.clone());
        }
    }

    /// The moves being searched, and what the narrowing knows of them so far. On one thread
    /// that is the first move without a value, and the solver's narrowing is its own. On several
    /// each thread scores a move of its own: they are the moves the progress says are being
    /// scored, and its one narrowing is whichever thread's test began last, so it is not told
    /// (it would call a winning move "a loss" because another thread's move is one).
    fn working(&self) -> Option<(Vec<Move>, Option<&'static str>)> {
        if !self.in_order {
            return None;
        }
        if self.budget.threads.unwrap_or(1) > 1 {
            let scoring = self
                .solver
                .as_ref()
                .map(|s| s.scoring(&self.position))
                .unwrap_or_default();
            return (!scoring.is_empty()).then_some((scoring, None));
        }
        let index = self.found.iter().position(Option::is_none)?;
        let known = self
            .solver
            .as_ref()
            .and_then(|s| narrowing::for_move(s.phase()));
        Some((vec![self.moves[index]], known))
    }

    fn exact_count(&self) -> usize {
        self.found
            .iter()
            .flatten()
            .filter(|m| m.value.is_exact())
            .count()
    }

    /// The known moves, best first (ties in search order), as the final table orders them.
    fn known(&self) -> Vec<MoveAppraisal> {
        let mut known: Vec<MoveAppraisal> = self.found.iter().flatten().cloned().collect();
        known.sort_by_key(|m| std::cmp::Reverse(m.value.rank()));
        known
    }

    /// The progress lines: the counts, the move being searched (a line of its own, so that on
    /// 80 columns neither pushes the other off the screen), then the moves scored so far.
    pub fn lines(&self) -> Vec<String> {
        let rules = self.position.rules();
        let elapsed = self.started.elapsed();
        let mut head = format!(
            "analyze · {} of {} moves exact",
            self.exact_count(),
            self.moves.len()
        );
        if !self.in_order {
            head.push_str(&format!(" (budget {})", self.budget));
        }
        let searching = self.working().map(|(moves, known)| {
            let names = rules.move_names(&moves).join(", ");
            match known {
                Some(known) => format!("searching {names}: {known}"),
                None => format!("searching {names}"),
            }
        });
        if self.solver.is_some() {
            let nodes = self.nodes();
            head.push_str(&format!(
                " · {} nodes · {}",
                thousands(nodes),
                rate(nodes, elapsed)
            ));
        }
        head.push_str(&format!(" · {}", seconds(elapsed)));
        let scored: Vec<String> = self
            .known()
            .iter()
            .map(|m| {
                let value = match m.value.exact() {
                    Some(score) => score.to_string(),
                    None => m.value.estimate().map(|e| e.short()).unwrap_or_default(),
                };
                format!("{} {value}", rules.move_name(m.mv))
            })
            .collect();
        let tail = if scored.is_empty() {
            "scored  none yet".to_string()
        } else {
            format!("scored  {}", scored.join("  "))
        };
        [Some(head), searching, Some(tail)]
            .into_iter()
            .flatten()
            .collect()
    }

    /// The nodes searched so far: the exact solver's count, or the moves' own where more (under a
    /// budget the estimating search counts only in the moves it has valued).
    fn nodes(&self) -> u64 {
        let found = self.found.iter().flatten();
        let searched: u64 = found.clone().map(|m| m.nodes).sum();
        let solver = self.solver.as_ref().map_or(0, |s| s.nodes()) + found.count() as u64;
        searched.max(solver)
    }

    /// What is known, as an analysis of the moves that have a value (best first).
    pub fn partial(&self, algorithm: Algorithm) -> Appraisal {
        let moves = self.known();
        Appraisal {
            position: self.position,
            algorithm,
            budget: self.budget,
            stats: SearchStats {
                nodes: self.nodes(),
                ..SearchStats::default()
            },
            depth: moves
                .iter()
                .filter_map(|m| m.value.estimate())
                .map(|e| e.depth)
                .min(),
            moves,
            elapsed: self.started.elapsed(),
        }
    }

    /// The moves without a value yet, in search order.
    pub fn unscored(&self) -> Vec<Move> {
        self.moves
            .iter()
            .zip(&self.found)
            .filter(|(_, found)| found.is_none())
            .map(|(&mv, _)| mv)
            .collect()
    }

    /// One line saying the result is partial: how far it got, and what the narrowing knew of
    /// the move it was searching.
    pub fn partial_note(&self) -> String {
        let rules = self.position.rules();
        let mut note = format!(
            "partial: interrupted ({cause}) after {}; {} of {} moves exact",
            seconds(self.started.elapsed()),
            self.exact_count(),
            self.moves.len(),
            cause = crate::cli::common::interrupt::cause()
        );
        if let Some((moves, known)) = self.working() {
            let were = if moves.len() == 1 { "was" } else { "were" };
            let names = rules.move_names(&moves).join(", ");
            note.push_str(&format!("; {names} {were} being searched"));
            if let Some(known) = known {
                note.push_str(&format!(" ({known})"));
            }
        }
        let unscored = self.unscored();
        if !unscored.is_empty() {
            note.push_str(&format!(
                "; no value for {}",
                rules.move_names(&unscored).join(" ")
            ));
        }
        note
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Estimate, MoveValue, Rules};
    use std::time::Duration;

    /// Under a budget the estimating search reports its nodes only in the moves it values: the
    /// progress line counts them, not only the exact solver's (which stood still meanwhile).
    #[test]
    fn the_progress_counts_the_nodes_of_the_estimates() {
        let position = Position::empty(Rules::TICTACTOE);
        let budget = Budget::time(Duration::from_secs(1));
        let mut watch = Watch::new(&position, budget, Some(Arc::new(SearchProgress::default())));
        for (mv, nodes) in position.legal_moves().into_iter().zip([500, 700]) {
            watch.record(&MoveAppraisal {
                mv,
                value: MoveValue::Estimate(Estimate { value: 0, depth: 3 }),
                pv: vec![mv],
                nodes,
                elapsed: Duration::ZERO,
                by_estimator: true,
            });
        }
        assert!(
            watch.lines()[0].contains(" · 1,200 nodes · "),
            "{:?}",
            watch.lines()
        );
        assert_eq!(watch.partial(Algorithm::Engine).stats.nodes, 1_200);
    }

    /// On one thread the narrowing is the move's being searched, and the line says what it knows;
    /// on two each thread scores its own move and the narrowing is whichever began last: the line
    /// names the moves being scored and leaves it out (it called Connect Four's winning d3 "a
    /// loss" from another move's test).
    #[test]
    fn the_narrowing_is_told_only_where_it_is_the_named_moves() {
        let position = Position::empty(Rules::CONNECT4);
        let progress = Arc::new(SearchProgress::default());
        // The child after the move is a win for its side to move: the move is a loss.
        progress.set_narrowing(crate::engine::Narrowing {
            lower: 1,
            upper: 30,
            test: 2,
        });
        let [d1, c1] = ["d1", "c1"].map(|name| Rules::CONNECT4.parse_cell(name).unwrap());
        progress.set_scoring(d1.cell(), true);
        progress.set_scoring(c1.cell(), true);
        let budget = |threads| Budget {
            threads: Some(threads),
            ..Budget::default()
        };
        let one = Watch::new(&position, budget(1), Some(Arc::clone(&progress)));
        assert_eq!(one.lines()[1], "searching a1: a loss", "{:?}", one.lines());
        let two = Watch::new(&position, budget(2), Some(progress));
        let lines = two.lines();
        assert_eq!(lines[1], "searching c1, d1", "{lines:?}");
        assert!(!lines.concat().contains("loss"), "{lines:?}");
        assert!(
            two.partial_note().contains("; c1, d1 were being searched;"),
            "{}",
            two.partial_note()
        );
    }
}
