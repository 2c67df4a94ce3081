//! The comparison's part of `App::update`: `c` runs every algorithm on the shown position in the
//! background; the rows fill a popup as they arrive, and the log gets one line per algorithm.

use crate::app::jobs::{COMPARE_ALLOWANCE, CompareRequest, Job, JobKey, Reply, ReplyBody};
use crate::app::log::{LogKind, count, duration, thousands};
use crate::app::state::{App, Comparison, Popup};
use crate::engine::game::notation::plies;
use crate::engine::{Appraisal, CompareRow, Reach, Status, Unfinished, default_reach};

impl App {
    /// Starts comparing the algorithms on the position the tree shows.
    pub(crate) fn start_comparison(&mut self) {
        let position = self.explored_position();
        if position.status() != Status::Ongoing {
            self.notice = Some("the game is over here: nothing to compare".into());
            return;
        }
        let generation = self.next_generation();
        // The depth of the settings if there is one; else exact where minimax finishes in
        // moments, and on bigger boards a depth where it does.
        let reach = match self.options.settings.depth {
            0 => default_reach(&position),
            depth => Reach::Depth(depth),
        };
        self.comparison = Some(Comparison {
            generation,
            position,
            reach,
            rows: Vec::new(),
        });
        self.popup = Some(Popup::Compare);
        let how_far = match reach {
            Reach::Exact => String::new(),
            Reach::Depth(depth) => format!(" to depth {depth}"),
        };
        self.log.push(
            LogKind::Info,
            format!(
                "Compare on {}{how_far}: minimax, alphabeta, engine",
                position.to_notation()
            ),
        );
        self.jobs.push_back(Job::Compare(CompareRequest {
            generation,
            position,
            table: self.options.table,
            reach,
            allowance: COMPARE_ALLOWANCE,
        }));
    }

    /// Closing the popup of a comparison still running stops it: nobody is looking, and the
    /// algorithms left could keep a core busy for half a minute. The row of the one running
    /// arrives all the same and goes to the log, saying how far it got.
    pub(crate) fn close_popup(&mut self, popup: Popup) {
        // The help goes back to the popup it was opened from, if any.
        self.popup = match popup {
            Popup::Help => self.help_return.take(),
            _ => None,
        };
        if popup == Popup::Compare && self.comparison.as_ref().is_some_and(Comparison::running) {
            self.jobs.push_back(Job::Cancel(JobKey::Compare));
        }
    }

    /// A row of the comparison: into the popup's table and the log.
    pub(crate) fn receive_compared(&mut self, reply: Reply) {
        let ReplyBody::Compared(row) = reply.body else {
            return;
        };
        let generation = reply.generation;
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
                let score = best_score(&analysis);
                // As the hint line says it: the score, then the moves that make it.
                format!(
                    "  {:<9} best {score} with {}: {} in {}",
                    analysis.algorithm.name(),
                    crate::app::log::names(&best, "/", 3),
                    count(analysis.stats.nodes, "node"),
                    duration(analysis.elapsed)
                )
            }
            CompareRow::Unfinished(unfinished) => {
                format!(
                    "  {:<9} {}",
                    unfinished.algorithm.name(),
                    stopped_words(&unfinished)
                )
            }
        };
        self.log.push(LogKind::Search, text);
    }
}

/// The best move's score: `+3`, or `≈+0.35` in a comparison to a depth.
pub fn best_score(appraisal: &Appraisal) -> String {
    appraisal
        .moves
        .first()
        .map_or("-".into(), |m| m.value.short())
}

/// How far an unfinished algorithm got, in words: `not finished: its 10 s ran out with 2 of 7
/// moves scored, 91,234,567 nodes, 42 plies deep`.
pub fn stopped_words(unfinished: &Unfinished) -> String {
    let why = if unfinished.cancelled {
        format!(
            "stopped after {} (popup closed)",
            duration(unfinished.elapsed)
        )
    } else {
        format!(
            "not finished: its {} s ran out",
            COMPARE_ALLOWANCE.as_secs()
        )
    };
    format!(
        "{why} with {} of {} moves scored, {} nodes, {} deep",
        unfinished.scored,
        unfinished.legal,
        thousands(unfinished.stats.nodes),
        plies(unfinished.stats.depth)
    )
}
