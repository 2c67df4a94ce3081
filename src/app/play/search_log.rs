//! The log's line for each finished analysis of the position on the board: who asked for it,
//! how much it checked, its best move, and whether the budget cut it short.

use crate::app::log::{LogKind, duration, thousands};
use crate::app::settings::values::Seat;
use crate::app::state::App;
use crate::engine::Appraisal;

impl App {
    /// One log line per finished analysis; `settled`: the second one of an analysis that went on
    /// past its budget, now exact for every move.
    pub(in crate::app) fn log_search(&mut self, analysis: &Appraisal, settled: bool) {
        let player = analysis.position.to_move();
        let rules = analysis.position.rules();
        let best = match analysis.moves.first() {
            Some(top) => {
                let names = rules.move_names(&analysis.best());
                format!(
                    ", best {} with {}",
                    top.value,
                    crate::app::log::names(&names, "/", 3),
                )
            }
            None => String::new(),
        };
        let purpose = if self.seat(player) == Seat::PERFECT {
            "thinks"
        } else if self.seat(player).is_ai() {
            // Levels 1 to 3 choose on their own: the analysis is for the one watching.
            "analysis, not used by its level"
        } else if settled {
            "hint, every move exact"
        } else {
            "hint"
        };
        // Say so when the budget, not the end of the game tree, ended the search.
        let limited = match analysis.depth {
            Some(depth) if !analysis.exact() => format!(
                " [budget-limited: depth {depth}, {} of {} exact{}]",
                analysis.moves.iter().filter(|m| m.value.is_exact()).count(),
                analysis.moves.len(),
                if self.search.settles {
                    "; analysing on"
                } else {
                    ""
                }
            ),
            _ => String::new(),
        };
        // Under a budget minimax and alpha-beta leave the moves they could not prove to the
        // engine's estimating search: its values (and nodes) are not theirs.
        let estimated = analysis.left_to_estimator().count();
        let estimator = if estimated > 0 {
            format!(
                " [{estimated} of {} valued by the engine's depth-limited alpha-beta, not {}]",
                analysis.moves.len(),
                analysis.algorithm
            )
        } else {
            String::new()
        };
        self.log.push(
            LogKind::Search,
            format!(
                "{player} ({}) {purpose}: {} checked {} move{} in {}{best}{limited}{estimator}",
                self.seat_label(player),
                analysis.algorithm,
                thousands(analysis.stats.nodes),
                if analysis.stats.nodes == 1 { "" } else { "s" },
                duration(analysis.elapsed),
            ),
        );
    }
}
