//! What a batch prints: a line (or a JSON object) per position on stdout, a numbered error per
//! bad or disagreeing line on stderr, and the counts behind the progress and the exit status.

use super::line::Entry;
use super::solving::{Answer, Scores};
use crate::cli::common::error::Ending;
use crate::cli::common::format::{RulesJson, json_ms, status_name, to_move_name, value_name};
use crate::cli::common::narrowing;
use crate::cli::common::progress::{Live, rate, seconds};
use crate::engine::game::notation::thousands;
use crate::engine::{Move, Rules, SearchProgress};
use serde::Serialize;
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// Something that happened to a line.
pub enum Tallied {
    /// Line n is being read.
    Reading(usize),
    /// Line n is not a position: why.
    Bad(usize, String),
    /// Line n was solved.
    Solved(usize, Entry, Answer),
    /// Ctrl-C stopped the batch during line n.
    Interrupted(usize),
}

/// The batch so far.
pub struct Tally {
    rules: Rules,
    weak: bool,
    analyze: bool,
    /// Lines in the input, when known (a file; standard input is read as it comes).
    total: Option<usize>,
    line: usize,
    solved: usize,
    bad: usize,
    disagreed: usize,
    started: Instant,
    /// When the line being worked on was read; `None` while the batch waits for the next line
    /// (standard input fed as it comes).
    working_since: Option<Instant>,
    /// Time spent on the lines done, not waiting for them: the rate is the search's.
    worked: Duration,
}

/// What a line's JSON says of the position, or with `--analyze` of each column (`null` for a
/// full one): `score` is the depth-aware score, `pons_score` Pons' (docs/cli.md, "Scores and
/// their names"); a weak solve knows neither, only the `value`.
#[derive(Serialize)]
#[serde(untagged)]
enum Found {
    One {
        value: &'static str,
        score: Option<i32>,
        pons_score: Option<i32>,
    },
    Columns {
        values: Vec<Option<&'static str>>,
        scores: Option<Vec<Option<i32>>>,
        pons_scores: Option<Vec<Option<i32>>>,
    },
}

impl Found {
    fn new(answer: &Answer, weak: bool) -> Found {
        match (&answer.scores, &answer.depth_aware) {
            (Scores::One(pons), depth_aware) => Found::One {
                value: value_name(*pons),
                score: match depth_aware {
                    Some(Scores::One(score)) => Some(*score),
                    _ => None,
                },
                pons_score: (!weak).then_some(*pons),
            },
            (Scores::Columns(pons), depth_aware) => Found::Columns {
                values: pons.iter().map(|s| s.map(value_name)).collect(),
                scores: match depth_aware {
                    Some(Scores::Columns(scores)) => Some(scores.clone()),
                    _ => None,
                },
                pons_scores: (!weak).then(|| pons.clone()),
            },
        }
    }
}

/// One line of `--batch --json`.
#[derive(Serialize)]
struct LineJson<'a> {
    line: usize,
    moves: &'a str,
    rules: RulesJson,
    position: String,
    /// `null` once the game is over, whose `status` says how it ended (as `solve --json`).
    to_move: Option<String>,
    status: &'static str,
    weak: bool,
    #[serde(flatten)]
    found: Found,
    /// The expected score(s) as the line gave them: a number, or an array of several.
    #[serde(skip_serializing_if = "Option::is_none")]
    expected: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    agrees: Option<bool>,
    nodes: u64,
    explored: u64,
    elapsed_ms: f64,
}

impl Tally {
    /// Nothing read yet.
    pub fn new(rules: Rules, total: Option<usize>, weak: bool, analyze: bool) -> Tally {
        Tally {
            rules,
            weak,
            analyze,
            total,
            line: 0,
            solved: 0,
            bad: 0,
            disagreed: 0,
            started: Instant::now(),
            working_since: None,
            worked: Duration::ZERO,
        }
    }

    /// Counts an event and prints what it says, with the progress off the screen meanwhile. An
    /// error is standard output's (a closed pipe).
    pub fn add(&mut self, event: Tallied, live: &Live, json: bool) -> io::Result<()> {
        if !matches!(event, Tallied::Reading(_))
            && let Some(since) = self.working_since.take()
        {
            self.worked += since.elapsed();
        }
        match event {
            Tallied::Reading(number) => {
                self.line = number;
                self.working_since = Some(Instant::now());
            }
            Tallied::Bad(number, why) => {
                self.bad += 1;
                live.above(|| crate::errln!("tictree: line {number}: {why}"));
            }
            Tallied::Solved(number, entry, answer) => {
                self.solved += 1;
                let agrees = (!entry.expected.is_empty())
                    .then(|| answer.scores.agrees(&entry.expected, self.weak));
                let text = if json {
                    self.json(number, &entry, &answer, agrees)
                } else {
                    text(&entry, &answer, self.analyze)
                };
                let disagreement = self.disagreement(&entry.expected, &answer.scores);
                if agrees == Some(false) {
                    self.disagreed += 1;
                }
                live.above(|| -> io::Result<()> {
                    let mut out = io::stdout().lock();
                    writeln!(out, "{text}")?;
                    // Each line as soon as it is known, even into a pipe.
                    out.flush()?;
                    if agrees == Some(false) {
                        crate::errln!("tictree: line {number}: {disagreement}");
                    }
                    Ok(())
                })?;
            }
            Tallied::Interrupted(number) => live.above(|| {
                crate::errln!(
                    "tictree: batch interrupted ({cause}) at line {number}, after {} and {} \
                     position(s) solved",
                    seconds(self.started.elapsed()),
                    self.solved,
                    cause = crate::cli::common::interrupt::cause()
                );
            }),
        }
        Ok(())
    }

    /// What a line expected and what was found. One score checked against `--analyze`'s
    /// columns is the best column's: that score is named, and where it was found, before all
    /// of them, so the number compared is never left to be picked out of a list.
    fn disagreement(&self, expected: &[i32], scores: &Scores) -> String {
        let wanted: Vec<String> = expected.iter().map(i32::to_string).collect();
        let found = scores.words().join(" ");
        let ([wanted], Scores::Columns(_)) = (expected, scores) else {
            return format!("expected {}, found {found}", wanted.join(" "));
        };
        let gravity = self.rules.gravity;
        let names: Vec<String> = scores
            .best_columns()
            .into_iter()
            .map(|i| {
                if gravity {
                    (i + 1).to_string()
                } else {
                    self.rules.move_name(Move(i as u8))
                }
            })
            .collect();
        let (place, all) = if gravity {
            ("column ", "all columns")
        } else {
            ("", "all cells")
        };
        format!(
            "expected {wanted}, found {} (best move: {place}{}); {all}: {found}",
            scores.best(),
            either(&names)
        )
    }

    fn json(&self, number: usize, entry: &Entry, answer: &Answer, agrees: Option<bool>) -> String {
        let expected = match entry.expected.as_slice() {
            [] => None,
            [one] => Some((*one).into()),
            many => Some(many.into()),
        };
        let object = LineJson {
            line: number,
            moves: &entry.moves,
            rules: (&self.rules).into(),
            position: entry.position.to_notation(),
            to_move: to_move_name(&entry.position),
            status: status_name(&entry.position),
            weak: self.weak,
            found: Found::new(answer, self.weak),
            expected,
            agrees,
            nodes: answer.nodes,
            explored: answer.explored,
            // Microseconds are all this clock tells apart.
            elapsed_ms: json_ms(answer.elapsed.as_secs_f64() * 1e3),
        };
        // Plain numbers, strings and booleans: serialising cannot fail.
        serde_json::to_string(&object).unwrap_or_default()
    }

    /// The progress lines: how far the batch is, and (one position at a time) the narrowing of
    /// the one being solved.
    pub fn lines(&self, progress: &SearchProgress) -> Vec<String> {
        let elapsed = self.started.elapsed();
        let worked = self.worked + self.working_since.map_or(Duration::ZERO, |t| t.elapsed());
        let nodes = progress.nodes();
        let of = self.total.map(|t| format!(" of {t}")).unwrap_or_default();
        let mut lines = vec![format!(
            "batch {} · {}{of} {} read · {} solved · {} failed · {} nodes · {} · {}",
            self.rules,
            self.line,
            if self.line == 1 && of.is_empty() {
                "line"
            } else {
                "lines"
            },
            self.solved,
            self.bad + self.disagreed,
            thousands(nodes),
            rate(nodes, worked),
            seconds(elapsed)
        )];
        if self.working_since.is_none() {
            lines.push(format!("waiting for line {}", self.line + 1));
        } else if !self.analyze {
            let cells = self.rules.cells();
            lines.push(format!(
                "line {}: {}",
                self.line,
                narrowing::describe(progress.phase(), self.weak, cells)
            ));
        }
        lines
    }

    /// How the batch ended: the exit status, and a summary on stderr when some line failed.
    pub fn finish(&self) -> Ending {
        let failed = self.bad + self.disagreed;
        if failed == 0 {
            return Ending::Done;
        }
        crate::errln!(
            "tictree: {failed} line(s) failed: {} could not be solved, {} disagreed with the \
             expected score; {} solved",
            self.bad,
            self.disagreed,
            self.solved
        );
        Ending::Failed
    }
}

/// `3`, `3 or 7`, `1, 3 or 7`.
fn either(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// `4453626 -2 1859294 1859307 248213.6`: the moves, Pons' score, nodes, positions explored and
/// microseconds; with `--analyze` the moves and one score per column, exactly Pons' `-a` output.
fn text(entry: &Entry, answer: &Answer, analyze: bool) -> String {
    let scores = answer.scores.words().join(" ");
    if analyze {
        return format!("{} {scores}", entry.moves);
    }
    format!(
        "{} {scores} {} {} {:.1}",
        entry.moves,
        answer.nodes,
        answer.explored,
        answer.elapsed.as_secs_f64() * 1e6
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Between lines fed as they come, the progress says the batch waits, not what the line
    /// just done was asking.
    #[test]
    fn between_lines_the_progress_says_it_waits() {
        let mut tally = Tally::new(Rules::CONNECT4, None, false, false);
        let progress = SearchProgress::default();
        assert_eq!(tally.lines(&progress)[1], "waiting for line 1");
        tally.add(Tallied::Reading(1), &Live::off(), false).unwrap();
        assert!(tally.lines(&progress)[1].starts_with("line 1: "));
        let why = "not a position".to_string();
        tally
            .add(Tallied::Bad(1, why), &Live::off(), false)
            .unwrap();
        assert_eq!(tally.lines(&progress)[1], "waiting for line 2");
    }
}
