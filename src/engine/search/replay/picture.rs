//! The explored tree as a Graphviz picture (DOT text), for `tictree trace --format dot` and the
//! replay's `d`. One node per position
//! entered, labelled with the move into it and its value for the side that played it; the
//! principal variation in bold blue, the reply that caused a cutoff on a red edge, the moves a
//! cutoff pruned as dashed grey nodes that were never entered, table hits with a double border,
//! estimates at the horizon in italics; a legend says which is which.

use super::counters::ReplayLimits;
use super::event::LeafKind;
use super::explored::{ExploredNode, ExploredTree};
use super::trace::Trace;
use crate::engine::game::notation::count;
use crate::engine::game::position::Position;
use crate::engine::game::rules::Rules;
use crate::engine::search::{Algorithm, StopFlag};
use std::collections::HashSet;
use std::fmt::{self, Write};

/// Positions entered beyond which a picture is no longer readable: a trace asked for more, or
/// a search that would enter more, is refused with a way to make it smaller.
pub const MAX_PICTURE_NODES: u64 = 1_000;

/// The picture of `algorithm`'s search of `root` within `limits`, and whether `stop` cut it short;
/// `None` when the search would enter more than `MAX_PICTURE_NODES` positions, or `limits` allow
/// more than that.
pub fn picture(
    root: Position,
    algorithm: Algorithm,
    limits: ReplayLimits,
    stop: &StopFlag,
) -> Option<(String, bool)> {
    if limits.nodes.is_some_and(|n| n > MAX_PICTURE_NODES) {
        return None;
    }
    // One node more than a picture may hold tells that the search would go beyond it.
    let bounded = ReplayLimits {
        nodes: limits.nodes.or(Some(MAX_PICTURE_NODES + 1)),
        ..limits
    };
    let mut trace = Trace::new(root, algorithm, bounded);
    let (tree, partial) = explore(&mut trace, stop)?;
    if limits.nodes.is_none() && trace.truncated() {
        return None;
    }
    Some((dot(&tree, &trace, partial), partial))
}

/// Runs `trace` to its end (or `stop`), building the explored tree; `None` when it would enter
/// more than `MAX_PICTURE_NODES` positions (the trace's own limit must allow one more to tell).
fn explore(trace: &mut Trace, stop: &StopFlag) -> Option<(ExploredTree, bool)> {
    let mut tree = ExploredTree::new();
    let mut partial = false;
    while trace.forward() {
        if let Some(event) = trace.event() {
            tree.record(event);
        }
        if tree.nodes.len() as u64 > MAX_PICTURE_NODES + 1 {
            return None;
        }
        if stop.is_stopped() {
            partial = true;
            break;
        }
    }
    tree.finish();
    Some((tree, partial))
}

/// The picture of `tree`, the search of `trace` (`partial`: stopped before its end by the user).
fn dot(tree: &ExploredTree, trace: &Trace, partial: bool) -> String {
    let mut out = String::new();
    // Writing into a `String` cannot fail.
    let _ = write_dot(&mut out, tree, trace, partial);
    out
}

fn write_dot(out: &mut String, tree: &ExploredTree, trace: &Trace, partial: bool) -> fmt::Result {
    let rules = *trace.root().rules();
    let counters = trace.counters();
    let stopped = if partial {
        ", interrupted"
    } else if trace.truncated() {
        ", stopped at its node limit"
    } else {
        ""
    };
    // A search cut at a depth is another tree than the whole search: its title says so.
    // A depth past the last empty cell cuts nothing: that is the whole search.
    let depth = match trace.limits().depth {
        Some(depth) if (depth as usize) < trace.root().empty_cells() => {
            format!(" to depth {depth}")
        }
        _ => String::new(),
    };
    writeln!(out, "digraph search {{")?;
    // `ordering=out` keeps each node's children in the order written: the order tried, the
    // pruned moves after them, as the replay lists them.
    writeln!(
        out,
        "  graph [label=\"{}{depth} on {} ({}), {} to move: {}, {}, {}{stopped}\", labelloc=t, \
         fontname=\"Helvetica\", nodesep=0.15, ranksep=0.35, ordering=out];",
        trace.algorithm(),
        trace.root().to_notation(),
        rules,
        trace.root().to_move(),
        count(counters.nodes, "node"),
        count(counters.cutoffs, "cutoff"),
        count(counters.tt_hits, "table hit")
    )?;
    writeln!(
        out,
        "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];"
    )?;
    writeln!(out, "  edge [fontname=\"Helvetica\", fontsize=9];")?;
    // A search cut short has no settled line through the nodes it did not finish.
    let pv: HashSet<usize> = tree
        .principal_variation()
        .into_iter()
        .take_while(|&id| tree.nodes[id].value.is_some())
        .collect();
    // The pruned moves come after every entered node, so that each node's edges to its tried
    // children come before its edges to the moves it pruned.
    let mut pruned = String::new();
    for (id, node) in tree.nodes.iter().enumerate() {
        let on_pv = pv.contains(&id) || (id == 0 && node.value.is_some());
        write_node(out, id, node, &rules, on_pv)?;
        if let Some(parent) = node.parent {
            write_edge(
                out,
                (parent, &tree.nodes[parent]),
                (id, node),
                pv.contains(&id),
            )?;
        }
        // The pruned moves are the node's side to move's: the opposite of the mover into it.
        let side = match node.entered_by {
            Some((_, mover)) => mover.opponent(),
            None => trace.root().to_move(),
        };
        for (index, &mv) in node.pruned.iter().enumerate() {
            writeln!(
                pruned,
                "  p{id}_{index} [label=\"{side} {}\\npruned\", style=\"rounded,dashed\", \
                 color=gray50, fontcolor=gray50];",
                rules.move_name(mv)
            )?;
            writeln!(
                pruned,
                "  n{id} -> p{id}_{index} [style=dashed, color=gray50];"
            )?;
        }
    }
    out.push_str(&pruned);
    write_legend(out)?;
    writeln!(out, "}}")
}

/// The value shown on a node: for the side that played the move into it (the root: for its side
/// to move), as the game-tree pane shows moves; `≤+6` for a node that stopped early.
fn shown_value(node: &ExploredNode) -> String {
    match (node.value, node.entered_by) {
        (None, _) => "not finished".into(),
        (Some(value), Some(_)) => format!("{}{}", node.bound.flipped().sign(), -value),
        (Some(value), None) => value.to_string(),
    }
}

fn write_node(
    out: &mut String,
    id: usize,
    node: &ExploredNode,
    rules: &Rules,
    on_pv: bool,
) -> fmt::Result {
    let mut label = match node.entered_by {
        Some((mv, player)) => format!("{player} {}\\n{}", rules.move_name(mv), shown_value(node)),
        None => format!("start\\n{}", shown_value(node)),
    };
    let mut style = vec!["rounded"];
    let mut extra = String::new();
    match node.leaf {
        Some(LeafKind::Won(player)) => label += &format!("\\n{player} wins"),
        Some(LeafKind::Draw) => label += "\\ndraw",
        Some(LeafKind::Horizon) => {
            label += "\\nestimate";
            extra += ", fontname=\"Helvetica-Oblique\"";
        }
        None => {}
    }
    if let Some((bound, ended)) = node.table_hit {
        label += &format!("\\ntable: {}", bound.name());
        if ended {
            label += " (ends it)";
        }
        extra += ", peripheries=2";
    }
    if node.cutoff.is_some() {
        label += "\\ncutoff";
    }
    if on_pv {
        style.push("bold");
        extra += ", color=blue3, fontcolor=blue3, penwidth=2";
    }
    writeln!(
        out,
        "  n{id} [label=\"{label}\", style=\"{}\"{extra}];",
        style.join(",")
    )
}

/// The edge into a node: red with the β it reached if its move caused the parent's cutoff (a
/// cutoff ends a node, so that is the parent's last child), blue on the principal variation.
fn write_edge(
    out: &mut String,
    (parent, above): (usize, &ExploredNode),
    (id, node): (usize, &ExploredNode),
    on_pv: bool,
) -> fmt::Result {
    let refuting = above.cutoff.filter(|&(mv, _)| {
        above.children.last() == Some(&id) && node.entered_by.map(|(m, _)| m) == Some(mv)
    });
    let attributes = match refuting {
        Some((_, beta)) => {
            format!(" [color=red3, fontcolor=red3, penwidth=2, label=\" ≥ β {beta}\"]")
        }
        None if on_pv => " [color=blue3, penwidth=2.5]".to_string(),
        None => String::new(),
    };
    writeln!(out, "  n{parent} -> n{id}{attributes};")
}

/// The legend: one sample of each style, in a box of its own.
fn write_legend(out: &mut String) -> fmt::Result {
    let lines = [
        "  subgraph cluster_legend {",
        "    label=\"legend\"; fontname=\"Helvetica\"; fontsize=10; color=gray70;",
        "    l_pv [label=\"principal variation\", style=\"rounded,bold\", color=blue3, fontcolor=blue3, penwidth=2];",
        "    l_node [label=\"position entered\\nvalue for the side that moved\\n(≤, ≥: a bound, as it stopped early)\"];",
        "    l_cut [label=\"reply that reached β\\n(cutoff)\"];",
        "    l_pruned [label=\"pruned: never entered\", style=\"rounded,dashed\", color=gray50, fontcolor=gray50];",
        "    l_table [label=\"table hit\", peripheries=2];",
        "    l_estimate [label=\"estimate at the horizon\", fontname=\"Helvetica-Oblique\"];",
        "    l_pv -> l_node [color=blue3, penwidth=2.5];",
        "    l_node -> l_cut [color=red3, fontcolor=red3, penwidth=2, label=\" ≥ β\"];",
        "    l_node -> l_pruned [style=dashed, color=gray50];",
        "    l_table -> l_estimate [style=invis];",
        "  }",
    ];
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(())
}
