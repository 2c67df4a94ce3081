//! `tictree review`: every move of a game judged against the best move of its position (best,
//! inaccuracy, mistake), as a table or one JSON object per move. Each row is printed as soon as
//! its position is analysed; on a terminal the move being analysed shows on stderr, and Ctrl-C
//! ends the review after the moves judged so far, counted under the table (status 130).

use super::args::ReviewArgs;
use crate::cli::common::error::{CliError, Ending};
use crate::cli::common::interrupt::Interrupt;
use crate::cli::common::progress::{Live, seconds};
use crate::engine::game::score::signed;
use crate::engine::search::solver::DEFAULT_HASH_BYTES;
use crate::engine::{
    Algorithm, Judgement, Move, MoveReview, Player, Position, ReviewEvent, ReviewSearch, Rules,
    Solver, Table, Verdict, review,
};
use serde::Serialize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Best moves listed in a table row before the rest are counted.
const BEST_SHOWN: usize = 4;

/// One move of `review --json`.
#[derive(Serialize)]
struct MoveJson {
    ply: u32,
    player: String,
    #[serde(rename = "move")]
    mv: String,
    /// What the analysis found; absent (`"verdict": "unjudged"`) when it ran out of time.
    #[serde(flatten)]
    judgement: JudgementJson,
}

/// A judged move's fields, or the verdict `unjudged` alone.
#[derive(Serialize)]
#[serde(untagged)]
enum JudgementJson {
    Judged {
        /// The move's depth-aware score for the side that played it, and in words.
        score: i32,
        outcome: String,
        /// Every move with the best score there, their score and its words.
        best: Vec<String>,
        best_score: i32,
        best_outcome: String,
        verdict: &'static str,
        /// The outcome for the player before the move (under best play) and after it.
        before: &'static str,
        after: &'static str,
        /// Nodes the analysis of the position searched.
        nodes: u64,
    },
    Unjudged {
        verdict: &'static str,
    },
}

fn to_json(reviewed: &MoveReview, rules: &Rules) -> MoveJson {
    let judgement = match &reviewed.judgement {
        Some(judged) => {
            let (before, after) = judged.outcomes();
            JudgementJson::Judged {
                score: judged.score.score,
                outcome: judged.score.outcome().to_string(),
                best: rules.move_names(&judged.best),
                best_score: judged.best_score.score,
                best_outcome: judged.best_score.outcome().to_string(),
                verdict: judged.verdict.name(),
                before: before.kind(),
                after: after.kind(),
                nodes: judged.nodes,
            }
        }
        None => JudgementJson::Unjudged {
            verdict: "unjudged",
        },
    };
    MoveJson {
        ply: reviewed.ply,
        player: reviewed.player.to_string(),
        mv: rules.move_name(reviewed.mv),
        judgement,
    }
}

/// Runs the subcommand.
pub fn run(args: &ReviewArgs) -> Result<Ending, CliError> {
    let rules = args.game.rules()?;
    let start = match args.position.as_deref() {
        Some(text) => Position::parse(rules, text)?,
        None => Position::empty(rules),
    };
    let Some(text) = args.game.moves.as_deref() else {
        return Err(CliError(
            "review needs the game: give its moves with --moves \"...\"".into(),
        ));
    };
    let (_, moves) = start.play_line(text)?;
    if moves.is_empty() {
        return Err(CliError("--moves has no moves to review".into()));
    }
    let algorithm: Algorithm = args.algo.parse()?;
    super::book::consult(&args.book, rules);
    let interrupt = Interrupt::catch();
    let mut solver = (algorithm == Algorithm::Engine).then(|| {
        let bytes = args.table.bytes().unwrap_or(DEFAULT_HASH_BYTES);
        Solver::with_hash(start.layout(), interrupt.flag().clone(), bytes)
    });
    let table = match &mut solver {
        Some(solver) => Table::Kept(solver),
        None => Table::New(args.table.bytes()),
    };
    let judged = Arc::new(AtomicUsize::new(0));
    let live = progress(&start, &moves, Arc::clone(&judged));
    if !args.json {
        crate::outln!("{}", heading(&start, moves.len()));
    }
    let mut summary = Summary::of(&moves, start.to_move() == Player::X);
    let search = ReviewSearch {
        algorithm,
        threads: args.threads.count(),
        limit: args.time_ms.filter(|&ms| ms > 0).map(Duration::from_millis),
    };
    let result = review(&start, &moves, search, table, interrupt.flag(), |event| {
        if let ReviewEvent::Judged(m) = event {
            judged.fetch_add(1, Ordering::Relaxed);
            summary.add(m);
            live.above(|| print_move(m, &rules, args.json));
        }
    });
    live.finish();
    let done = judged.load(Ordering::Relaxed);
    let interrupted = result.is_err();
    if args.json {
        if interrupted {
            crate::errln!(
                "tictree: review interrupted ({cause}) after {done} of {} moves",
                moves.len(),
                cause = crate::cli::common::interrupt::cause()
            );
        }
    } else {
        // Interrupted, the counts cover the moves judged so far, as `selfplay`'s tally does.
        if done > 0 {
            crate::outln!("{}", summary.line(&rules));
        }
        if interrupted {
            crate::outln!(
                "partial: interrupted ({cause}) after {done} of {} moves",
                moves.len(),
                cause = crate::cli::common::interrupt::cause()
            );
        }
    }
    Ok(if interrupted {
        Ending::Interrupted
    } else {
        Ending::Done
    })
}

/// The status line while a position is being analysed: which move, and for how long.
fn progress(start: &Position, moves: &[Move], judged: Arc<AtomicUsize>) -> Live {
    let rules = *start.rules();
    let names = rules.move_names(moves);
    let began = Arc::new(Mutex::new((0, Instant::now())));
    Live::start(move || {
        let done = judged.load(Ordering::Relaxed);
        let mut since = began.lock().unwrap_or_else(PoisonError::into_inner);
        if since.0 != done {
            *since = (done, Instant::now());
        }
        let Some(name) = names.get(done) else {
            return Vec::new();
        };
        vec![format!(
            "reviewing move {} of {} ({name}) · {}",
            done + 1,
            names.len(),
            seconds(since.1.elapsed())
        )]
    })
}

/// The line above the table: what is reviewed, and how to read the scores.
fn heading(start: &Position, count: usize) -> String {
    let from = if start.ply() == 0 {
        "the empty board".to_string()
    } else {
        start.to_notation()
    };
    format!(
        "{} from {from} ({}), each scored for the side that played it:\n\
         {:>4}  {:<6} {:<4} {:>5}  {:<11} {:<20} {:>5}  verdict",
        crate::app::count(count as u64, "move"),
        start.rules(),
        "ply",
        "player",
        "move",
        "score",
        "outcome",
        "best moves",
        "score"
    )
}

fn print_move(reviewed: &MoveReview, rules: &Rules, json: bool) {
    if json {
        let line = serde_json::to_string(&to_json(reviewed, rules)).unwrap_or_default();
        crate::outln!("{line}");
        return;
    }
    let Some(judged) = &reviewed.judgement else {
        crate::outln!(
            "{:>4}  {:<6} {:<4} {:>5}  unjudged: no exact score within the time per position",
            reviewed.ply,
            reviewed.player.to_string(),
            rules.move_name(reviewed.mv),
            "?",
        );
        return;
    };
    print_judged(reviewed, judged, rules);
}

fn print_judged(reviewed: &MoveReview, judged: &Judgement, rules: &Rules) {
    let (before, after) = judged.outcomes();
    let verdict = match judged.verdict {
        Verdict::Best => "best".to_string(),
        other => format!("{}: {before} → {after}", other.name()),
    };
    crate::outln!(
        "{:>4}  {:<6} {:<4} {:>5}  {:<11} {:<20} {:>5}  {verdict}",
        reviewed.ply,
        reviewed.player.to_string(),
        rules.move_name(reviewed.mv),
        signed(judged.score.score),
        judged.score.outcome().to_string(),
        best_list(&rules.move_names(&judged.best)),
        signed(judged.best_score.score),
    );
}

/// `a1 a3 c1 c3`, or the first few and `(N more)`, in as many columns.
fn best_list(names: &[String]) -> String {
    crate::app::names_within(names, " ", BEST_SHOWN)
}

/// Each player's mistakes and inaccuracies, for the line under the table.
#[derive(Default)]
struct Summary {
    /// X's moves, then O's.
    sides: [Side; 2],
}

/// One player's moves in the review.
#[derive(Default)]
struct Side {
    /// The moves judged not best, as (ply, move, verdict).
    flagged: Vec<(u32, Move, Verdict)>,
    /// The moves left unjudged (out of time).
    unjudged: usize,
    /// The moves judged, best or not.
    judged: usize,
    /// The moves of the game, reviewed or not yet (Ctrl-C may come first).
    played: usize,
}

impl Summary {
    /// Nothing judged yet of a game of `moves`, X's first if `x_first`.
    fn of(moves: &[Move], x_first: bool) -> Summary {
        let mut summary = Summary::default();
        for ply in 0..moves.len() {
            summary.sides[usize::from((ply % 2 == 0) != x_first)].played += 1;
        }
        summary
    }

    fn add(&mut self, reviewed: &MoveReview) {
        let side = &mut self.sides[usize::from(reviewed.player != Player::X)];
        match reviewed.verdict() {
            None => side.unjudged += 1,
            Some(Verdict::Best) => side.judged += 1,
            Some(verdict) => {
                side.judged += 1;
                side.flagged.push((reviewed.ply, reviewed.mv, verdict));
            }
        }
    }

    /// `X: every move best · O: 1 mistake (2. a2)`; moves out of time, and moves not reached
    /// before Ctrl-C, are counted apart.
    fn line(&self, rules: &Rules) -> String {
        format!(
            "{} · {}",
            self.sides[0].line("X", rules),
            self.sides[1].line("O", rules)
        )
    }
}

impl Side {
    fn line(&self, name: &str, rules: &Rules) -> String {
        // Moves after the review's interruption (Ctrl-C), never reached.
        let unreached = self.played - self.judged - self.unjudged;
        let mut apart = String::new();
        if self.unjudged > 0 {
            apart.push_str(&format!(", {} unjudged", self.unjudged));
        }
        if unreached > 0 {
            apart.push_str(&format!(", {unreached} not reviewed"));
        }
        if self.played == 0 {
            return format!("{name}: no move played");
        }
        if self.judged == 0 && self.unjudged == 0 {
            return format!("{name}: no move reviewed yet");
        }
        if self.judged == 0 {
            return format!("{name}: no move judged{apart}");
        }
        if self.flagged.is_empty() {
            let every = if apart.is_empty() {
                "every move"
            } else {
                "every judged move"
            };
            return format!("{name}: {every} best{apart}");
        }
        let counts: Vec<String> = [Verdict::Mistake, Verdict::Inaccuracy]
            .into_iter()
            .map(|verdict| {
                (
                    verdict,
                    self.flagged.iter().filter(|f| f.2 == verdict).count(),
                )
            })
            .filter(|&(_, n)| n > 0)
            .map(|(verdict, n)| verdict.counted(n))
            .collect();
        let moves: Vec<String> = self
            .flagged
            .iter()
            .map(|(ply, mv, _)| format!("{ply}. {}", rules.move_name(*mv)))
            .collect();
        format!(
            "{name}: {} ({}){apart}",
            counts.join(", "),
            moves.join(", ")
        )
    }
}
