//! The game-tree pane's footer: while the analysis runs, how deep it has got, on which moves,
//! with how much work and time; once it is done, its totals. Each text comes longest first and
//! the pane says the longest that fits.

use super::theme::Theme;
use super::wrap;
use crate::app::{App, Live, SearchView, count, duration, thousands};
use crate::engine::{Algorithm, Status};
use ratatui::style::Style;
use ratatui::text::Line;

/// `940,311` below ten million, `40.4 M` above: a count that grows by millions a second stays
/// short enough for the footer (only the `engine` reports live, so the algorithm goes unsaid).
fn millions(count: u64) -> String {
    if count < 10_000_000 {
        thousands(count)
    } else {
        format!("{:.1} M", count as f64 / 1e6)
    }
}

/// `3 of 7 exact · solving d1, e1 · 40.4 M nodes · 7.04 s`: how far an exact search running in
/// the background has got, from its latest progress report.
fn live_work(search: &SearchView, live: &Live, exact: &str) -> String {
    format!(
        "{exact}{} · {} nodes · {}",
        scoring(search, live),
        millions(live.nodes),
        duration(live.elapsed)
    )
}

/// ` · solving d1, e1`: the moves being scored now, if any.
fn scoring(search: &SearchView, live: &Live) -> String {
    if live.scoring.is_empty() {
        return String::new();
    }
    let names = search.position.rules().move_names(&live.scoring);
    format!(" · solving {}", names.join(", "))
}

/// Progress while the analysis runs, its totals once it is done: said shorter where `width`
/// columns do not hold it all, the counts that matter most kept to the last.
pub(super) fn footer<'a>(app: &App, theme: Theme, width: u16) -> Line<'a> {
    let (texts, style) = footer_texts(app, theme);
    Line::styled(wrap::first_fitting(texts, width), style)
}

/// The footer's texts, longest first, and its style.
fn footer_texts(app: &App, theme: Theme) -> (Vec<String>, Style) {
    let algorithm = app.options.settings.algorithm;
    let Some(search) = app.shown() else {
        // An explored line that ends the game has nothing to search: "no moves" says so.
        if app.explored_position().status() != Status::Ongoing {
            return (Vec::new(), Style::new());
        }
        return (vec!["  searching…".into()], theme.strong());
    };
    if search.running() && search.pacing && !app.paused {
        // The search is over (its clock would go on, its node count standing still): the AI's
        // move waits for the pace between two AIs.
        let exact = format!("{} of {} exact", search.exact_count(), search.total);
        let texts = vec![
            format!("  {exact} · the AI keeps to the pace"),
            format!("  {exact} · pace"),
            format!("  {exact}"),
        ];
        return (texts, theme.strong());
    }
    if search.running() {
        return (searching(search, algorithm), theme.strong());
    }
    let Some(done) = &search.done else {
        return (Vec::new(), Style::new());
    };
    let exact = format!("{} of {} exact", search.exact_count(), search.total);
    if search.settling()
        && let Some(live) = &search.live
    {
        // The budget is spent but the analysis board goes on: how far it has got, on which
        // moves, with how much work and time since the analysis started.
        let nodes = format!("{} nodes", millions(live.nodes));
        let texts = vec![
            format!("  analysing on… {}", live_work(search, live, &exact)),
            format!("  analysing on… {exact} · {nodes}"),
            format!("  analysing on… {exact}"),
            format!("  analysing… {exact}"),
            format!("  {exact}"),
        ];
        return (texts, theme.strong());
    }
    if search.settling() {
        // The budget is spent but the analysis board goes on: how far it has got, and what the
        // budget's search cost.
        let budget = format!(
            "  analysing on… {exact} · budget: {} nodes, {}",
            thousands(done.stats.nodes),
            duration(done.elapsed),
        );
        let texts = vec![
            format!("{budget} ({algorithm})"),
            budget,
            format!("  analysing on… {exact}"),
            format!("  analysing… {exact}"),
            format!("  {exact}"),
        ];
        return (texts, theme.strong());
    }
    let limited = match done.depth {
        Some(depth) if !done.exact() => format!(
            ", {} exact, depth {depth}",
            done.moves.iter().filter(|m| m.value.is_exact()).count()
        ),
        _ => String::new(),
    };
    let moves = format!("  {}{limited}", count(done.moves.len() as u64, "move"));
    let work = format!(
        "{moves} · {} · {}",
        count(done.stats.nodes, "node"),
        duration(done.elapsed)
    );
    (
        vec![format!("{work} · {}", done.algorithm), work, moves],
        theme.dim(),
    )
}

/// Progress while the analysis runs: how deep, or on which moves, and how far it has got
/// (longest first, as `footer_texts`).
fn searching(search: &SearchView, algorithm: Algorithm) -> Vec<String> {
    let exact = format!("{} of {} exact", search.exact_count(), search.total);
    if search.exact_count() == search.total {
        // Every move is proven, its `Done` on the way: the depth of the first estimates would
        // read as a search going on.
        return vec![format!("  {exact}")];
    }
    match (search.depth, &search.live) {
        // Iterative deepening under way: how deep, how long, how much is already exact. Between
        // two depths the exact search runs on (its progress reports are newer than the last
        // estimate): which moves, how much work, and the time, which then goes on counting.
        (Some(depth), live) => {
            let newer = live.as_ref().filter(|live| live.elapsed > search.elapsed);
            let elapsed = newer.map_or(search.elapsed, |live| live.elapsed);
            let progress = format!(
                "  searching… depth {depth} · {} · {exact}",
                duration(elapsed)
            );
            let mut texts = Vec::new();
            if let Some(live) = newer {
                let nodes = format!("{} nodes", millions(live.nodes));
                texts.extend([
                    format!(
                        "  searching… depth {depth} · {}",
                        live_work(search, live, &exact)
                    ),
                    format!(
                        "  searching… depth {depth} · {exact} · {nodes} · {}",
                        duration(elapsed)
                    ),
                ]);
            }
            // While the exact search runs, its moves matter more than the depth of estimates
            // that stand still meanwhile.
            if let Some(live) = newer.filter(|live| !live.scoring.is_empty()) {
                let names = search.position.rules().move_names(&live.scoring);
                texts.extend([
                    format!("  searching… solving {} · {exact}", names.join(", ")),
                    format!("  solving {} · {exact}", names.join(", ")),
                    format!("  solving… {exact}"),
                ]);
                return texts;
            }
            texts.extend([
                format!("{progress} ({algorithm})"),
                progress,
                format!("  searching… depth {depth} · {exact}"),
                format!("  depth {depth} · {exact}"),
            ]);
            texts
        }
        // The exact search of a long analysis: which moves, how much work, how long.
        (None, Some(live)) => {
            let nodes = format!("{} nodes", millions(live.nodes));
            vec![
                format!("  searching… {}", live_work(search, live, &exact)),
                format!("  searching… {exact} · {nodes}"),
                format!("  searching… {exact}"),
                format!("  {exact}"),
            ]
        }
        (None, None) => {
            let scored = format!("{} of {}", search.moves.len(), search.total);
            vec![
                format!("  searching… {scored} moves scored ({algorithm})"),
                format!("  searching… {scored} scored"),
                format!("  {scored} scored"),
            ]
        }
    }
}
