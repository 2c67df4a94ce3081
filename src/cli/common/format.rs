//! Output formats shared by the subcommands: the JSON of docs/cli.md and tables for people.

use crate::engine::game::notation::count;
use crate::engine::{Appraisal, MoveAppraisal, MoveValue, Player, Position, Rules, Status};
use serde::Serialize;

/// `{"width":3,"height":3,"k":3,"gravity":false}`.
#[derive(Serialize, Default)]
pub struct RulesJson {
    width: u8,
    height: u8,
    k: u8,
    gravity: bool,
}

impl From<&Rules> for RulesJson {
    fn from(rules: &Rules) -> RulesJson {
        RulesJson {
            width: rules.width,
            height: rules.height,
            k: rules.k,
            gravity: rules.gravity,
        }
    }
}

/// One move of `analyze --json`. An exact move has `score` (an integer), `outcome` and `plies`;
/// an estimated one has `score` (a fraction between -1 and 1) and `depth` instead.
#[derive(Serialize)]
pub struct MoveJson {
    #[serde(rename = "move")]
    mv: String,
    row: usize,
    col: usize,
    score: serde_json::Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    plies: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    depth: Option<u32>,
    pv: Vec<String>,
    nodes: u64,
    /// The score came mostly from stored results (`MoveAppraisal::stored`).
    stored: bool,
    /// The value came from the engine's estimating search, not the analysis's algorithm
    /// (`MoveAppraisal::by_estimator`).
    by_estimator: bool,
}

/// The whole `analyze --json` object (docs/cli.md).
#[derive(Serialize)]
pub struct AnalysisJson {
    rules: RulesJson,
    position: String,
    /// `null` once the game is over (`to_move_name`).
    to_move: Option<String>,
    status: &'static str,
    algorithm: &'static str,
    exact: bool,
    /// The depth every estimated move reached (only when some move is estimated).
    #[serde(skip_serializing_if = "Option::is_none")]
    depth: Option<u32>,
    moves: Vec<MoveJson>,
    best: Vec<String>,
    nodes: u64,
    elapsed_ms: f64,
    /// Only on an analysis stopped by Ctrl-C: `true`, with the moves that got no value.
    #[serde(skip_serializing_if = "Option::is_none")]
    partial: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unscored: Option<Vec<String>>,
}

impl AnalysisJson {
    /// Marks the object as a partial result: what was known when Ctrl-C stopped the analysis.
    /// It is not an exact analysis while some move has no value at all.
    pub fn partial(mut self, unscored: Vec<String>) -> AnalysisJson {
        self.exact &= unscored.is_empty();
        self.partial = Some(true);
        self.unscored = Some(unscored);
        self
    }
}

/// Milliseconds as the JSON gives them: to the microsecond, all a clock of this kind can tell
/// apart (`0.113`, never `0.11232300000000001`).
pub fn json_ms(milliseconds: f64) -> f64 {
    (milliseconds * 1e3).round() / 1e3
}

/// Under a budget minimax and alpha-beta leave what they could not prove to the engine's
/// estimating search: a line saying which exact values are its and whose nodes those rows count
/// (empty for the engine, whose estimates are its own search, and where the algorithm proved
/// every move itself).
fn estimator_note(analysis: &Appraisal) -> String {
    let algorithm = analysis.algorithm;
    let left = analysis.left_to_estimator().count();
    if left == 0 {
        return String::new();
    }
    if left == analysis.moves.len() {
        let empty = analysis.position.empty_cells() as u32;
        let why = if analysis.budget.runs_exact_search(empty) {
            // The algorithm tried first: its unfinished attempts count too.
            format!(
                "{algorithm} proved no move within the budget); the nodes are its and \
                 {algorithm}'s unfinished attempts'"
            )
        } else {
            format!(
                "{algorithm} searches to the end of the game, so it runs only under a time \
                 limit and no shorter depth limit); the nodes are its"
            )
        };
        return format!(
            "every value here is the depth-limited alpha-beta search's, which makes the \
             estimates ({why}\n"
        );
    }
    let rules = analysis.position.rules();
    let proven: Vec<String> = analysis
        .left_to_estimator()
        .filter(|m| m.value.is_exact())
        .map(|m| rules.move_name(m.mv))
        .collect();
    if proven.is_empty() {
        return String::new();
    }
    format!(
        "{}: proven within the horizon of the depth-limited alpha-beta search that makes the \
         estimates, not by {algorithm}; their nodes include its\n",
        crate::app::names(&proven, " ", 6),
    )
}

/// `ongoing`, `x_won`, `o_won` or `draw`.
pub fn status_name(position: &Position) -> &'static str {
    match position.status() {
        Status::Ongoing => "ongoing",
        Status::Won(Player::X) => "x_won",
        Status::Won(Player::O) => "o_won",
        Status::Draw => "draw",
    }
}

/// `win`, `draw` or `loss`: what a value (of any scale, or a weak solve's sign) says for its
/// side to move.
pub fn value_name(value: i32) -> &'static str {
    match value.signum() {
        1 => "win",
        -1 => "loss",
        _ => "draw",
    }
}

/// The side to move, for the JSON's `to_move`: `None` (`null`) once the game is over, where
/// nobody moves, so that it never stands next to a `status` saying the game ended.
pub fn to_move_name(position: &Position) -> Option<String> {
    (position.status() == Status::Ongoing).then(|| position.to_move().to_string())
}

/// How a finished game ended, in words.
pub fn status_words(position: &Position) -> String {
    match position.status() {
        Status::Ongoing => format!("{} to move", position.to_move()),
        Status::Won(player) => format!("game over: {player} won"),
        Status::Draw => "game over: draw".into(),
    }
}

impl From<&Appraisal> for AnalysisJson {
    fn from(analysis: &Appraisal) -> AnalysisJson {
        let position = &analysis.position;
        let rules = position.rules();
        AnalysisJson {
            rules: rules.into(),
            position: position.to_notation(),
            to_move: to_move_name(position),
            status: status_name(position),
            algorithm: analysis.algorithm.name(),
            exact: analysis.exact(),
            depth: if analysis.exact() {
                None
            } else {
                analysis.depth
            },
            moves: analysis
                .moves
                .iter()
                .map(|m| {
                    let (row, col) = m.mv.row_col(rules);
                    let (score, outcome, plies, depth) = match m.value {
                        MoveValue::Exact(s) => (
                            s.score.into(),
                            Some(s.outcome().kind()),
                            Some(s.plies),
                            None,
                        ),
                        MoveValue::Estimate(e) => {
                            // Two decimals, as shown everywhere else.
                            let fraction = (e.fraction() * 100.0).round() / 100.0;
                            (fraction.into(), None, None, Some(e.depth))
                        }
                    };
                    MoveJson {
                        mv: rules.move_name(m.mv),
                        row,
                        col,
                        score,
                        outcome,
                        plies,
                        depth,
                        pv: rules.move_names(&m.pv),
                        nodes: m.nodes,
                        stored: m.stored(),
                        by_estimator: m.by_estimator,
                    }
                })
                .collect(),
            best: rules.move_names(&analysis.best()),
            nodes: analysis.stats.nodes,
            elapsed_ms: json_ms(analysis.elapsed.as_secs_f64() * 1e3),
            partial: None,
            unscored: None,
        }
    }
}

/// The analysis as a table for people: one row per move, best first, then the totals. An
/// estimate reads `≈+0.35` with `depth 7` where an exact move has its outcome.
pub fn analysis_table(analysis: &Appraisal) -> String {
    table(analysis, false)
}

/// The table of an analysis Ctrl-C stopped, of the moves scored by then: its best moves are
/// only the best so far, and the totals line says so and how many moves that was among, so that
/// it never reads as the answer (the true best may be a move not scored yet).
pub fn partial_analysis_table(analysis: &Appraisal) -> String {
    table(analysis, true)
}

fn table(analysis: &Appraisal, partial: bool) -> String {
    let position = &analysis.position;
    let rules = position.rules();
    let mut out = format!(
        "{rules}  {}  {}\n",
        position.to_notation(),
        status_words(position)
    );
    if analysis.moves.is_empty() {
        return out;
    }
    out.push_str(&format!(
        "{:<5} {:>5}  {:<11} {:>10}  {}\n",
        "move", "score", "outcome", "nodes", "line"
    ));
    for m in &analysis.moves {
        let line = rules.move_names(&m.pv);
        let (score, outcome) = match m.value {
            MoveValue::Exact(s) => (format!(" {s:>5}"), s.outcome().to_string()),
            // One column wider, so the sign and digits line up with the exact scores.
            MoveValue::Estimate(e) => (format!("{:>6}", e.short()), format!("depth {}", e.depth)),
        };
        let nodes = if m.stored() {
            format!("{}*", m.nodes)
        } else {
            m.nodes.to_string()
        };
        out.push_str(&format!(
            "{:<5}{score}  {outcome:<11} {nodes:>10}  {}\n",
            rules.move_name(m.mv),
            line.join(" ")
        ));
    }
    if analysis.moves.iter().any(MoveAppraisal::stored) {
        out.push_str(
            "* known from earlier searches (the transposition table) or the opening book: \
             fewer nodes than plies to the end\n",
        );
    }
    out.push_str(&estimator_note(analysis));
    let best = rules.move_names(&analysis.best());
    let limited = match analysis.depth {
        Some(depth) if !analysis.exact() => format!(
            " (budget {}: estimates to depth {depth}, {} of {} moves exact)",
            analysis.budget,
            analysis.moves.iter().filter(|m| m.value.is_exact()).count(),
            analysis.moves.len()
        ),
        _ => String::new(),
    };
    let best = if partial {
        format!(
            "best so far {} ({} of {} moves scored)",
            best.join(" "),
            analysis.moves.len(),
            position.legal_moves().len()
        )
    } else {
        format!("best {}", best.join(" "))
    };
    out.push_str(&format!(
        "{}: {} in {:.3} ms{limited}; {best}\n",
        analysis.algorithm,
        count(analysis.stats.nodes, "node"),
        analysis.elapsed.as_secs_f64() * 1000.0,
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Algorithm, Budget, StopFlag, analyze_within};

    /// An interrupted analysis's best move is the best of the moves scored by then, and says so:
    /// the move not scored yet may be better.
    #[test]
    fn a_partial_table_names_its_best_move_as_the_best_so_far() {
        let position = Position::empty(Rules::CONNECT4).play_moves("4453").unwrap();
        let stop = StopFlag::default();
        let budget = Budget::depth(2);
        let mut analysis =
            analyze_within(&position, Algorithm::Engine, &budget, &stop, |_| {}).unwrap();
        analysis.moves.truncate(1);
        let best = position.rules().move_name(analysis.moves[0].mv);
        let partial = partial_analysis_table(&analysis);
        assert!(
            partial.ends_with(&format!("; best so far {best} (1 of 7 moves scored)\n")),
            "{partial}"
        );
        let whole = analysis_table(&analysis);
        assert!(whole.ends_with(&format!("; best {best}\n")), "{whole}");
    }

    /// Moves minimax proved are its own; the exact values the estimating search proved are named
    /// as its.
    #[test]
    fn the_table_names_the_values_the_estimating_search_proved() {
        let position = Position::empty("4x4k3".parse().unwrap());
        let budget = Budget::nodes(100_000);
        let stop = StopFlag::default();
        let mut analysis =
            analyze_within(&position, Algorithm::Minimax, &budget, &stop, |_| {}).unwrap();
        // As if minimax had proved the first move itself (a time budget's exact phase).
        analysis.moves[0].by_estimator = false;
        let table = analysis_table(&analysis);
        assert!(
            table.contains(
                "c3 b2 c2: proven within the horizon of the depth-limited alpha-beta search that \
                 makes the estimates, not by minimax; their nodes include its\n"
            ),
            "{table}"
        );
    }
}
