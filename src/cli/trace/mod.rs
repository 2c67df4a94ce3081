//! `tictree trace`: the events of a search, one JSON object per line, exactly the steps the
//! replay view walks through, then a summary line. Ctrl-C or SIGTERM ends the trace early: the
//! summary then covers the events written so far and says `"partial": true`. `--format dot`
//! draws the explored tree instead (`engine::search::replay::picture`).

use super::args::{TraceArgs, TraceFormat};
use crate::cli::common::error::{CliError, Ending};
use crate::cli::common::format::status_words;
use crate::cli::common::interrupt::Interrupt;
use crate::engine::game::notation::thousands;
use crate::engine::search::replay::{
    self, EventKind, LeafKind, MAX_PICTURE_NODES, Origin, ReplayLimits, Trace,
};
use crate::engine::{
    Algorithm, Event, Move, Player, Position, ReplayValue, Rules, Status, StopFlag,
};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use std::io::{self, BufWriter, Write};

/// A value in the JSON: an exact score is an integer, an estimate a fraction (always written
/// with a decimal point), an open window end `null`.
#[derive(Clone, Copy)]
struct Value(ReplayValue);

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.is_infinite() {
            serializer.serialize_none()
        } else if let Some(fraction) = self.0.fraction() {
            serializer.serialize_f64((fraction * 10_000.0).round() / 10_000.0)
        } else {
            serializer.serialize_i32(self.0.score().unwrap_or(0))
        }
    }
}

/// One event line. Absent fields do not apply to the event; `null` α or β is infinite.
#[derive(Serialize, Default)]
struct EventJson {
    event: &'static str,
    ply: u32,
    path: Vec<String>,
    /// The side to move at the node the event is about: `value` is from its point of view.
    to_move: &'static str,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    player: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    new_best: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    raised_alpha: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    alpha: Option<Option<Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    beta: Option<Option<Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pruned: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ended: Option<bool>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    estimate: bool,
    // Last, so the fields before them read as they always have.
    #[serde(skip_serializing_if = "Option::is_none")]
    alpha_from: Option<Option<OriginJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    beta_from: Option<Option<OriginJson>>,
}

/// Where a bound came from: a move chosen at a node of the path (`source` `move`, with who chose
/// it, at which ply, and its value for that side) or the table's entry for the node at `ply`
/// (`source` `table`). `null` in the event: nothing set it yet (the bound is infinite).
#[derive(Serialize)]
struct OriginJson {
    source: &'static str,
    ply: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    player: Option<&'static str>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<Value>,
}

/// An origin as a field: present, `null` when open.
fn origin(from: Origin, rules: &Rules) -> Option<Option<OriginJson>> {
    Some(match from {
        Origin::Open => None,
        Origin::Move {
            ply,
            player,
            mv,
            value,
        } => Some(OriginJson {
            source: "move",
            ply,
            player: Some(side(player)),
            mv: Some(rules.move_name(mv)),
            value: Some(Value(value)),
        }),
        Origin::Table { ply } => Some(OriginJson {
            source: "table",
            ply,
            player: None,
            mv: None,
            value: None,
        }),
    })
}

fn side(player: Player) -> &'static str {
    match player {
        Player::X => "X",
        Player::O => "O",
    }
}

/// α or β as a field: present, `null` when infinite.
fn window(value: ReplayValue) -> Option<Option<Value>> {
    Some(Some(Value(value)))
}

fn event_json(event: &Event, rules: &Rules) -> EventJson {
    let mut json = EventJson {
        event: event.name(),
        ply: event.ply,
        path: rules.move_names(&event.path),
        to_move: side(event.to_move),
        value: event.value().map(Value),
        estimate: event.value().is_some_and(ReplayValue::is_estimate),
        ..EventJson::default()
    };
    match event.kind {
        EventKind::Enter {
            mv,
            player,
            alpha,
            beta,
            alpha_from,
            beta_from,
        } => {
            json.mv = Some(rules.move_name(mv));
            json.player = Some(side(player));
            (json.alpha, json.beta) = (window(alpha), window(beta));
            json.alpha_from = origin(alpha_from, rules);
            json.beta_from = origin(beta_from, rules);
        }
        EventKind::Leaf { kind, .. } => {
            json.result = Some(match kind {
                LeafKind::Won(Player::X) => "x_won",
                LeafKind::Won(Player::O) => "o_won",
                LeafKind::Draw => "draw",
                LeafKind::Horizon => "horizon",
            });
        }
        EventKind::Return {
            mv,
            bound,
            parent_best,
            new_best,
            raised_alpha,
            parent_alpha,
            parent_beta,
            ..
        } => {
            json.mv = Some(rules.move_name(mv));
            json.bound = Some(bound.name());
            json.best = Some(Value(parent_best));
            json.new_best = Some(new_best);
            json.raised_alpha = Some(raised_alpha);
            (json.alpha, json.beta) = (window(parent_alpha), window(parent_beta));
        }
        EventKind::Cutoff {
            mv,
            bound,
            beta,
            beta_from,
            pruned,
            ..
        } => {
            json.mv = Some(rules.move_name(mv));
            json.bound = Some(bound.name());
            json.beta = window(beta);
            json.beta_from = origin(beta_from, rules);
            json.pruned = Some(rules.move_names(&pruned));
        }
        EventKind::TtHit {
            bound,
            ended,
            alpha,
            beta,
            ..
        } => {
            json.bound = Some(bound.name());
            json.ended = Some(ended);
            (json.alpha, json.beta) = (window(alpha), window(beta));
        }
    }
    json
}

/// Root moves and their scores, in search order (a JSON object keeps the order it is written in).
struct Scores<'a>(&'a [(Move, ReplayValue)], &'a Rules);

impl Serialize for Scores<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for &(mv, value) in self.0 {
            map.serialize_entry(&self.1.move_name(mv), &Value(value))?;
        }
        map.end()
    }
}

#[derive(Serialize)]
struct SummaryJson<'a> {
    event: &'static str,
    algorithm: &'static str,
    nodes: u64,
    cutoffs: u64,
    tt_hits: u64,
    max_depth: u32,
    events: u64,
    truncated: bool,
    scores: Scores<'a>,
    best: Vec<String>,
    /// Present (true) only when Ctrl-C ended the trace before the search did.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    partial: bool,
}

/// Writes one JSON line.
fn line(out: &mut impl Write, json: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, json).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// Runs the subcommand.
pub fn run(args: &TraceArgs) -> Result<Ending, CliError> {
    let position = args.game.position(args.position.as_deref())?;
    let algorithm: Algorithm = args.algo.parse()?;
    let limits = args.limits();
    if position.status() != Status::Ongoing {
        return Err(CliError(format!(
            "{}: there is no search to trace",
            status_words(&position)
        )));
    }
    if args.format == TraceFormat::Dot {
        return picture(position, algorithm, limits);
    }
    // Forward only: a trace's memory must not grow with its length (docs/cli.md).
    let mut trace = Trace::new(position, algorithm, limits);
    let interrupt = Interrupt::catch();
    let mut out = BufWriter::new(io::stdout().lock());
    finish_writing(
        write_trace(&mut trace, interrupt.flag(), &mut out).and_then(|partial| {
            out.flush()?;
            Ok(partial)
        }),
    )
}

/// `--format dot`: the explored tree drawn, if it is small enough to read.
fn picture(
    position: Position,
    algorithm: Algorithm,
    limits: ReplayLimits,
) -> Result<Ending, CliError> {
    let interrupt = Interrupt::catch();
    if let Some(limit) = limits.nodes.filter(|&n| n > MAX_PICTURE_NODES) {
        // The limit as it is typed: `--limit 1,001` would be refused as not a number.
        return Err(CliError(format!(
            "--limit {limit}: a picture holds at most {} positions",
            thousands(MAX_PICTURE_NODES)
        )));
    }
    let Some((text, partial)) = replay::picture(position, algorithm, limits, interrupt.flag())
    else {
        return Err(CliError(format!(
            "the search enters more than {} positions, too many for a readable picture: use \
             --depth N or --limit N (at most {}), or a position nearer the end",
            thousands(MAX_PICTURE_NODES),
            thousands(MAX_PICTURE_NODES)
        )));
    };
    let mut out = BufWriter::new(io::stdout().lock());
    finish_writing(out.write_all(text.as_bytes()).and_then(|()| {
        out.flush()?;
        Ok(partial)
    }))
}

/// The command's ending once its output is written (`Ok(true)`: Ctrl-C cut it short).
fn finish_writing(written: io::Result<bool>) -> Result<Ending, CliError> {
    match written {
        // A reader that stops early (`| head`) is a normal end, not an error.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(Ending::Done),
        Err(error) => Err(CliError(format!("cannot write the trace: {error}"))),
        Ok(true) => Ok(Ending::Interrupted),
        Ok(false) => Ok(Ending::Done),
    }
}

/// Writes the events until the search ends or `stop` is raised, then the summary; `Ok(true)`
/// when `stop` cut it short.
fn write_trace(trace: &mut Trace, stop: &StopFlag, out: &mut impl Write) -> io::Result<bool> {
    let rules = *trace.root().rules();
    let mut partial = false;
    while trace.forward() {
        if let Some(event) = trace.event() {
            line(out, &event_json(event, &rules))?;
        }
        if stop.is_stopped() {
            partial = true;
            break;
        }
    }
    let counters = trace.counters();
    let scores = trace.root_scores();
    let top = scores.iter().map(|&(_, v)| v.key()).max();
    let best: Vec<Move> = scores
        .iter()
        .filter(|&&(_, v)| Some(v.key()) == top)
        .map(|&(mv, _)| mv)
        .collect();
    let summary = SummaryJson {
        event: "summary",
        algorithm: trace.algorithm().name(),
        nodes: counters.nodes,
        cutoffs: counters.cutoffs,
        tt_hits: counters.tt_hits,
        max_depth: counters.max_depth,
        events: trace.step(),
        truncated: trace.truncated(),
        scores: Scores(scores, &rules),
        best: rules.move_names(&best),
        partial,
    };
    line(out, &summary)?;
    Ok(partial)
}
