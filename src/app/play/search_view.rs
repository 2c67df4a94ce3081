//! What the app knows of one position's analysis while it arrives: the moves scored so far.

use crate::app::jobs::Live;
use crate::engine::analysis::appraisal::best_of;
use crate::engine::{Appraisal, Move, MoveAppraisal, Position, Skill};
use std::time::Duration;

/// The analysis of one position, as far as it has got.
#[derive(Clone, Debug)]
pub struct SearchView {
    /// The generation of the request; messages with another one are stale.
    pub generation: u64,
    /// The analysed position.
    pub position: Position,
    /// Candidate moves scored so far, best first (ties in cell order); exact scores as they come,
    /// estimates of the deepest depth every estimated move has finished.
    pub moves: Vec<MoveAppraisal>,
    /// Estimates of the depth under way, held back until every estimated move has one: a
    /// search one ply deeper is not comparable (the side to move at the horizon differs), so a
    /// half-finished depth would rank moves, star a "best" and give `f` a move that the finished
    /// depths do not choose.
    deeper: Vec<MoveAppraisal>,
    /// Number of legal moves, scored or not.
    pub total: usize,
    /// The deepest estimate so far, the depth under way included (`None` while every value is
    /// exact).
    pub depth: Option<u32>,
    /// Time into the search of the latest value.
    pub elapsed: Duration,
    /// The finished analysis, once every move is scored; while the analysis settles, the exact
    /// scores arriving after it are folded in.
    pub done: Option<Appraisal>,
    /// Whether the search goes on past its budget until every move is exact (see `settling`).
    pub settles: bool,
    /// How far the search has got, as its latest `Progress` message said (`engine` only).
    pub live: Option<Live>,
    /// Whether the search is over and its result waits for the pace between two AIs.
    pub pacing: bool,
    /// The move of an AI below level 4 in this position, which it chooses on its own.
    pub choice: Choice,
}

/// Where the choice of an AI below level 4 stands (level 4 plays from the analysis instead).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Choice {
    /// Not asked for.
    #[default]
    None,
    /// Asked of the worker for this level.
    Asked(Skill),
    /// Made by this level, with the time it took.
    Made(Skill, Option<Move>, Duration),
}

impl SearchView {
    /// A search of `position` just asked for: nothing scored yet. With `settles`, the worker goes
    /// on past the budget until every move is exact.
    pub fn new(generation: u64, position: Position, settles: bool) -> SearchView {
        SearchView {
            generation,
            position,
            moves: Vec::new(),
            deeper: Vec::new(),
            total: position.legal_moves().len(),
            depth: None,
            elapsed: Duration::ZERO,
            done: None,
            settles,
            live: None,
            pacing: false,
            choice: Choice::None,
        }
    }

    /// Whether the search still runs within its budget.
    pub fn running(&self) -> bool {
        self.done.is_none() && self.total > 0
    }

    /// Whether the budget is spent and the search goes on in the background, estimates giving
    /// way to exact scores as they are proven.
    pub fn settling(&self) -> bool {
        self.settles && self.done.as_ref().is_some_and(|done| !done.exact())
    }

    /// The moves sharing the best value so far.
    pub fn best(&self) -> Vec<Move> {
        best_of(&self.moves)
    }

    /// How many of the values shown are exact.
    pub fn exact_count(&self) -> usize {
        self.moves.iter().filter(|m| m.value.is_exact()).count()
    }

    /// The analysis of one move, if it is known yet.
    pub fn of(&self, mv: Move) -> Option<&MoveAppraisal> {
        self.moves.iter().find(|m| m.mv == mv)
    }

    /// Adds a live result, or replaces the move's earlier one: after every move with an equal or
    /// better value, so ties keep cell order. An estimate deeper than the move's shown one waits
    /// in `deeper` until its depth is finished for every estimated move, then they all go in.
    pub fn insert(&mut self, analysis: MoveAppraisal) {
        if let Some(done) = &mut self.done {
            // Settling: the finished analysis takes the exact score too, so the recommendation
            // follows it at once.
            insert_ranked(&mut done.moves, analysis.clone());
        }
        self.elapsed = analysis.elapsed;
        self.deeper.retain(|m| m.mv != analysis.mv);
        let Some(estimate) = analysis.value.estimate() else {
            insert_ranked(&mut self.moves, analysis);
            self.take_finished_depth();
            return;
        };
        self.depth = self.depth.max(Some(estimate.depth));
        let shown = self.of(analysis.mv).and_then(|m| m.value.estimate());
        if shown.is_some_and(|shown| shown.depth < estimate.depth) {
            self.deeper.push(analysis);
            self.take_finished_depth();
        } else {
            insert_ranked(&mut self.moves, analysis);
        }
    }

    /// Once every move shown with an estimate has a deeper one waiting, the depth is finished:
    /// its estimates replace the shown ones together.
    fn take_finished_depth(&mut self) {
        let waiting = |mv: Move| self.deeper.iter().any(|m| m.mv == mv);
        let finished = !self.deeper.is_empty()
            && self
                .moves
                .iter()
                .all(|m| m.value.is_exact() || waiting(m.mv));
        if finished {
            for analysis in std::mem::take(&mut self.deeper) {
                insert_ranked(&mut self.moves, analysis);
            }
        }
    }

    /// Takes the latest word on how far the search has got.
    pub fn watch(&mut self, live: Live) {
        self.live = Some(live);
    }

    /// Takes the finished analysis.
    pub fn finish(&mut self, analysis: Appraisal) {
        self.moves = analysis.moves.clone();
        self.deeper.clear();
        self.done = Some(analysis);
    }
}

/// Puts a move's analysis into a best-first list in place of its earlier one: after every move
/// with an equal or better value, so ties keep cell order.
fn insert_ranked(moves: &mut Vec<MoveAppraisal>, analysis: MoveAppraisal) {
    moves.retain(|m| m.mv != analysis.mv);
    let rank = analysis.value.rank();
    let at = moves
        .iter()
        .position(|m| m.value.rank() < rank)
        .unwrap_or(moves.len());
    moves.insert(at, analysis);
}

#[cfg(test)]
mod tests {
    use super::SearchView;
    use crate::engine::search::estimate::Estimate;
    use crate::engine::{Move, MoveAppraisal, MoveValue, Position, Rules, Score};
    use std::time::Duration;

    fn estimate(cell: u8, value: i32, depth: u32) -> MoveAppraisal {
        MoveAppraisal {
            mv: Move(cell),
            value: MoveValue::Estimate(Estimate { value, depth }),
            pv: vec![Move(cell)],
            nodes: 1,
            elapsed: Duration::ZERO,
            by_estimator: true,
        }
    }

    fn shown(view: &SearchView) -> Vec<(u8, i32, u32)> {
        view.moves
            .iter()
            .map(|m| match m.value {
                MoveValue::Estimate(e) => (m.mv.0, e.value, e.depth),
                MoveValue::Exact(s) => (m.mv.0, 1000 + s.score, 0),
            })
            .collect()
    }

    /// A half-finished depth neither ranks the moves nor changes the best: its estimates show
    /// together once every estimated move has one (an exact score meanwhile goes in at once).
    #[test]
    fn a_deeper_estimate_waits_until_its_depth_is_finished() {
        let position = Position::empty(Rules::TICTACTOE).play_moves("b2").unwrap();
        let mut view = SearchView::new(1, position, false);
        for (cell, value) in [(0, 40), (1, 10), (2, 30)] {
            view.insert(estimate(cell, value, 1));
        }
        assert_eq!(shown(&view), [(0, 40, 1), (2, 30, 1), (1, 10, 1)]);
        assert_eq!(view.best(), [Move(0)]);
        // Depth 2 under way: cell 1 is now far better, cell 0 worse; neither shows yet.
        view.insert(estimate(1, 90, 2));
        view.insert(estimate(0, -50, 2));
        assert_eq!(shown(&view), [(0, 40, 1), (2, 30, 1), (1, 10, 1)]);
        assert_eq!(view.best(), [Move(0)]);
        assert_eq!(
            view.depth,
            Some(2),
            "the footer's depth is the one under way"
        );
        // An exact score is final: it goes in at once, and the depth still waits for cell 2.
        let draw = Score::from_value(0, 9, 2);
        view.insert(MoveAppraisal {
            value: MoveValue::Exact(draw),
            ..estimate(3, 0, 9)
        });
        assert_eq!(shown(&view)[3], (3, 1000, 0));
        assert_eq!(view.best(), [Move(0)]);
        // The last estimated move finishes depth 2: the whole depth shows, ranked.
        view.insert(estimate(2, 20, 2));
        assert_eq!(
            shown(&view),
            [(1, 90, 2), (2, 20, 2), (3, 1000, 0), (0, -50, 2)]
        );
        assert_eq!(view.best(), [Move(1)]);
    }
}
