//! The text table `bench` prints, one line per row.

use super::row::{BenchRow, Realtime};

/// The two columns of a run on several threads: with the blank between columns, `256 threads`
/// gets three before it and `speed-up` three, so no heading runs into the one before (`mean time
/// 256 threads speed-up` read as one).
const THREADED: usize = 13;
const SPEEDUP: usize = 10;

pub(super) fn table_header(threads: usize) -> String {
    let wide = if threads > 1 {
        format!(
            " {:>THREADED$} {:>SPEEDUP$}",
            format!("{threads} threads"),
            "speed-up"
        )
    } else {
        String::new()
    };
    format!(
        "{:<34} {:>9} {:>13} {:>12} {:>12} {:>11}{wide}  {}",
        "row", "right", "nodes", "mean nodes", "mean expl.", "mean time", "Pons (explored, time)"
    )
}

pub(super) fn table_line(row: &BenchRow) -> String {
    let pons = match (row.pons_explored, row.pons_ms) {
        (Some(e), Some(ms)) => format!("{e:.0}, {}", time(ms)),
        _ => String::new(),
    };
    // Only the solver's rows count positions explored; the per-move analyses do not.
    let explored = match row.mean_explored {
        None => "-".to_string(),
        Some(mean) => format!("{mean:.1}"),
    };
    // The one-thread figures, then the time on several threads (and whether those answers were
    // all right too: a wrong one is flagged in place of the time).
    let wide = match (&row.threaded, row.speedup) {
        (Some(t), Some(speedup)) if t.correct == row.correct => format!(
            " {:>THREADED$} {:>SPEEDUP$}",
            time(t.mean_ms),
            format!("{speedup:.2}×")
        ),
        (Some(t), _) => format!(
            " {:>THREADED$} {:>SPEEDUP$}",
            format!("{} right", t.correct),
            "-"
        ),
        _ => String::new(),
    };
    let line = format!(
        "{:<34} {:>9} {:>13} {:>12.1} {:>12} {:>11}{wide}  {}",
        row.name,
        format!("{}/{}", row.correct, row.positions),
        row.nodes,
        row.mean_nodes,
        explored,
        time(row.mean_ms),
        pons
    );
    // The realtime row's own figures follow on lines of their own.
    match &row.realtime {
        Some(realtime) => std::iter::once(line)
            .chain(realtime.describe())
            .collect::<Vec<_>>()
            .join("\n"),
        None => line,
    }
}

pub(super) fn time(ms: f64) -> String {
    if ms < 1.0 {
        format!("{:.1} µs", ms * 1e3)
    } else if ms < 1e3 {
        format!("{ms:.2} ms")
    } else {
        format!("{:.2} s", ms / 1e3)
    }
}

impl Realtime {
    /// The lines printed under the row's table line.
    pub(super) fn describe(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "  every move exact within {} ms on {} thread{}, book of {} plies:",
            self.budget_ms,
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            self.book_plies
        )];
        lines.push(format!(
            "  {:<6} {:>9} {:>16} {:>11} {:>11}",
            "plies", "positions", "all exact", "median", "p90"
        ));
        for range in &self.ranges {
            let share = 100.0 * range.all_exact as f64 / range.positions.max(1) as f64;
            let ms = |t: Option<f64>| t.map_or("-".into(), time);
            lines.push(format!(
                "  {:<6} {:>9} {:>16} {:>11} {:>11}",
                range.plies,
                range.positions,
                format!("{} ({share:.1}%)", range.all_exact),
                ms(range.median_ms),
                ms(range.p90_ms)
            ));
        }
        lines.push(format!(
            "  moves exact: {} of {}; scores disagreeing with the file: {}",
            self.moves_exact,
            self.moves,
            self.disagreements.len()
        ));
        lines
    }
}
