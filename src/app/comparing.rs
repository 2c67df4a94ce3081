//! The comparison's part of `App::update`: `c` runs every algorithm on the shown position in the
//! background; the rows fill a popup as they arrive, and the log gets one line per algorithm.

use super::log::{LogKind, duration, thousands};
use super::state::{App, Comparison, Popup};
use super::worker::{COMPARE_ALLOWANCE, CompareRequest, Job, SearchMessage};
use crate::engine::{CompareRow, Status};

impl App {
    /// Starts comparing the algorithms on the position the tree shows.
    pub(crate) fn start_comparison(&mut self) {
        let position = self.explored_position();
        if position.status() != Status::Ongoing {
            self.notice = Some("the game is over here: nothing to compare".into());
            return;
        }
        let generation = self.next_generation();
        self.comparison = Some(Comparison {
            generation,
            position,
            rows: Vec::new(),
        });
        self.popup = Some(Popup::Compare);
        self.log.push(
            LogKind::Info,
            format!(
                "Compare on {}: minimax, alphabeta, engine",
                position.to_notation()
            ),
        );
        self.jobs.push_back(Job::Compare(CompareRequest {
            generation,
            position,
            table: self.options.budget.table,
            allowance: COMPARE_ALLOWANCE,
        }));
    }

    /// A row of the comparison: into the popup's table and the log.
    pub(crate) fn receive_compared(&mut self, message: SearchMessage) {
        let SearchMessage::Compared { generation, row } = message else {
            return;
        };
        let Some(comparison) = &mut self.comparison else {
            return;
        };
        if comparison.generation != generation {
            return;
        }
        let rules = *comparison.position.rules();
        comparison.rows.push(*row.clone());
        let text = match *row {
            CompareRow::Finished(analysis) => {
                let best = rules.move_names(&analysis.best());
                let score = analysis
                    .moves
                    .first()
                    .map_or("-".to_string(), |m| m.score.to_string());
                format!(
                    "  {:<9} best {} {score}: {} nodes in {}",
                    analysis.algorithm.name(),
                    super::log::names(&best, "/", 3),
                    thousands(analysis.stats.nodes),
                    duration(analysis.elapsed)
                )
            }
            CompareRow::Unfinished { algorithm, elapsed } => format!(
                "  {:<9} not finished within {} (stopped)",
                algorithm.name(),
                duration(elapsed)
            ),
        };
        self.log.push(LogKind::Search, text);
    }
}
