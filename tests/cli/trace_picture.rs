//! `tictree trace --format dot` through the real binary: a graph Graphviz's grammar accepts, with
//! one node per position entered, one dashed edge per pruned move and the principal variation
//! marked, agreeing with the same search's events; too big a search refused with the way out.

use crate::binary::tictree;
use graphviz_rust::dot_structures::{Attribute, EdgeTy, Graph, Id, Node, NodeId, Stmt, Vertex};
use serde_json::Value;

/// The DOT of a trace, parsed by Graphviz's grammar.
fn picture(args: &[&str]) -> Graph {
    let (code, out, err) = tictree(&[&["trace", "--format", "dot"][..], args].concat());
    assert_eq!(code, 0, "{err}");
    graphviz_rust::parse(&out).unwrap_or_else(|why| panic!("not DOT: {why}\n{out}"))
}

/// The same search's JSON events.
fn events(args: &[&str]) -> Vec<Value> {
    let (code, out, _) = tictree(&[&["trace"][..], args].concat());
    assert_eq!(code, 0);
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn text(id: &Id) -> String {
    match id {
        Id::Html(s) | Id::Escaped(s) | Id::Plain(s) | Id::Anonymous(s) => s.clone(),
    }
}

fn has(attributes: &[Attribute], key: &str, value: &str) -> bool {
    attributes
        .iter()
        .any(|Attribute(k, v)| text(k) == key && text(v).trim_matches('"').contains(value))
}

/// An edge: from, to, its attributes.
type Edge<'a> = (String, String, &'a [Attribute]);

/// The graph's top-level nodes and edges (the legend is a subgraph of its own).
fn statements(graph: &Graph) -> (Vec<&Node>, Vec<Edge<'_>>) {
    let Graph::DiGraph { stmts, .. } = graph else {
        panic!("not a digraph")
    };
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    for stmt in stmts {
        match stmt {
            Stmt::Node(node) => nodes.push(node),
            Stmt::Edge(edge) => {
                let EdgeTy::Pair(Vertex::N(NodeId(a, _)), Vertex::N(NodeId(b, _))) = &edge.ty
                else {
                    panic!("an edge between two nodes")
                };
                edges.push((text(a), text(b), &edge.attributes[..]));
            }
            _ => {}
        }
    }
    (nodes, edges)
}

#[test]
fn one_node_per_position_entered_and_one_dashed_edge_per_pruned_move() {
    for algo in ["minimax", "alphabeta", "engine"] {
        let args = ["--algo", algo, "xo./.x./o.."];
        let graph = picture(&args);
        let events = events(&args);
        let entered = events.iter().filter(|e| e["event"] == "enter").count();
        let pruned: usize = events
            .iter()
            .filter(|e| e["event"] == "cutoff")
            .map(|e| e["pruned"].as_array().unwrap().len())
            .sum();
        let (nodes, edges) = statements(&graph);
        let positions = nodes
            .iter()
            .filter(|n| text(&n.id.0).starts_with('n'))
            .count();
        assert_eq!(
            positions,
            entered + 1,
            "{algo}: the root and every child entered"
        );
        let dashed = edges.iter().filter(|e| has(e.2, "style", "dashed")).count();
        assert_eq!(dashed, pruned, "{algo}");
        let pruned_nodes = nodes
            .iter()
            .filter(|n| text(&n.id.0).starts_with('p'))
            .count();
        assert_eq!(
            pruned_nodes, pruned,
            "{algo}: a node for each move never entered"
        );
        let red = edges.iter().filter(|e| has(e.2, "color", "red3")).count();
        let cutoffs = events.iter().filter(|e| e["event"] == "cutoff").count();
        assert_eq!(red, cutoffs, "{algo}: each cutoff's reply on a red edge");
        if algo == "minimax" {
            assert_eq!((pruned, cutoffs), (0, 0));
        } else {
            assert!(pruned > 0 && cutoffs > 0, "{algo} prunes here");
        }
    }
}

#[test]
fn the_principal_variation_starts_with_the_best_move_and_is_one_line_down() {
    let graph = picture(&["xo./.o./x.x"]);
    let (nodes, edges) = statements(&graph);
    let on_line: Vec<String> = edges
        .iter()
        .filter(|e| has(e.2, "color", "blue3"))
        .map(|e| format!("{}>{}", e.0, e.1))
        .collect();
    // O wins at once with b1: the line is the root's one edge.
    assert_eq!(on_line.len(), 1, "{on_line:?}");
    let (_, first) = on_line[0].split_once('>').unwrap();
    let node = nodes.iter().find(|n| text(&n.id.0) == first).unwrap();
    assert!(
        has(&node.attributes, "label", "O b1"),
        "{:?}",
        node.attributes
    );
    assert!(has(&node.attributes, "label", "O wins"));
}

#[test]
fn a_search_too_big_for_a_picture_is_refused_with_the_way_to_make_it_smaller() {
    let (code, out, err) = tictree(&["trace", "--format", "dot"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "tictree: the search enters more than 1,000 positions, too many for a readable \
         picture: use --depth N or --limit N (at most 1,000), or a position nearer the end\n"
    );
    // A limit above what a picture holds is named as the reason, even for a small search.
    for position in [".../.../...", "xo./.o./x.x"] {
        let args = ["trace", "--format", "dot", "--limit", "5000", position];
        let (code, out, err) = tictree(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert_eq!(
            err,
            "tictree: --limit 5000: a picture holds at most 1,000 positions\n"
        );
    }
    // A limit makes any search drawable: the part searched, and the title says so.
    let graph = picture(&["--limit", "40"]);
    let (nodes, _) = statements(&graph);
    assert_eq!(
        nodes
            .iter()
            .filter(|n| text(&n.id.0).starts_with('n'))
            .count(),
        41
    );
    let (_, out, _) = tictree(&["trace", "--format", "dot", "--limit", "40"]);
    assert!(out.contains("stopped at its node limit"), "{out}");
}

/// Each node's tried children are written before the moves it pruned, and the graph keeps that
/// order (`ordering=out`), so the picture reads left to right as the search went; a node cut off
/// shows its value as the bound it is. In `xx./.o./..o`, after c3 a2 (X to move), X's b1 is cut
/// off by O's c2: at most -7 for X (`≤-7`), not -7.
#[test]
fn pruned_moves_come_after_the_tried_ones_and_a_node_cut_off_shows_a_bound() {
    let (code, out, err) = tictree(&["trace", "--format", "dot", "xx./.o./..o"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("ordering=out"), "{out}");
    let graph = graphviz_rust::parse(&out).unwrap();
    let (nodes, edges) = statements(&graph);
    for (index, (from, to, _)) in edges.iter().enumerate() {
        if to.starts_with('p') {
            assert!(
                !edges[index..]
                    .iter()
                    .any(|(f, t, _)| f == from && t.starts_with('n')),
                "{from}: a tried child after the pruned {to}"
            );
        }
    }
    let label = |node: &Node| {
        node.attributes
            .iter()
            .find(|Attribute(k, _)| text(k) == "label")
            .map(|Attribute(_, v)| text(v))
            .unwrap_or_default()
    };
    // Every node that pruned a move stopped early: its value is a bound.
    let pruning: Vec<&String> = edges
        .iter()
        .filter(|(_, to, _)| to.starts_with('p'))
        .map(|(from, _, _)| from)
        .collect();
    let cut: Vec<String> = nodes
        .iter()
        .filter(|n| pruning.contains(&&text(&n.id.0)))
        .map(|n| label(n))
        .collect();
    assert!(
        cut.contains(&r#""X b1\n≤-7\ncutoff""#.to_string()),
        "{cut:?}"
    );
    assert!(
        cut.iter().all(|l| l.contains('≤') || l.contains('≥')),
        "{cut:?}"
    );
    // A cutoff at the last move pruned nothing: every child was searched and exact, so the
    // value is exact (O's b1 after c3 a2 c2: X's last reply, a1, wins and reaches β: -6 for O).
    assert!(
        nodes.iter().any(|n| label(n) == r#""O b1\n-6\ncutoff""#),
        "{out}"
    );
}

/// A depth past the last empty cell is the whole search, and says so by not naming a depth; a
/// search cut short by `--limit` has no settled line, so nothing is drawn as one.
#[test]
fn the_title_names_a_depth_only_where_it_cuts_and_a_cut_search_has_no_line() {
    let title = |args: &[&str]| {
        let (code, out, err) = tictree(&[&["trace", "--format", "dot"][..], args].concat());
        assert_eq!(code, 0, "{err}");
        out
    };
    // Five empty cells.
    let whole = title(&["--depth", "9", "xo./.x./..o"]);
    assert!(
        whole.contains("label=\"alphabeta on xo./.x./..o"),
        "{whole}"
    );
    let cut = title(&["--depth", "2", "xo./.x./..o"]);
    assert!(
        cut.contains("label=\"alphabeta to depth 2 on xo./.x./..o"),
        "{cut}"
    );
    let partial = title(&["--limit", "10", "xo./.x./..o"]);
    let graph = graphviz_rust::parse(&partial).unwrap();
    let (nodes, _) = statements(&graph);
    assert!(
        nodes.iter().all(|n| !has(&n.attributes, "color", "blue3")),
        "{partial}"
    );
}

/// `--format` is read in any case, as `--algo`, `--rules` and the players are.
#[test]
fn the_format_is_read_in_any_case() {
    let (code, upper, err) = tictree(&["trace", "--format", "DOT", "xo./.o./x.x"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        upper,
        tictree(&["trace", "--format", "dot", "xo./.o./x.x"]).1
    );
    let (code, mixed, err) = tictree(&["trace", "--format", "Json", "xo./.o./x.x"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(mixed, tictree(&["trace", "xo./.o./x.x"]).1);
}
