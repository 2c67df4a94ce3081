//! The search worker. Several jobs can run at once, each on its own thread and under its own
//! `StopFlag`, identified by a `JobKey`: the AI's analysis of the position on the board, the
//! explorer's queries, a comparison of the algorithms. A new job replaces (cancels) the running job
//! with the same key and leaves the others alone, so exploring never disturbs the AI's own search.
//! Results travel back over a channel, tagged with their key and the generation of the request, so
//! the app routes each to where it belongs and drops stale ones. The exact engines outlive their
//! jobs (`Engines`), so an explore query reuses the transposition table of the searches before it.

use super::engines::Engines;
use crate::engine::analysis::compare::ALLOWANCE;
use crate::engine::player::choose;
use crate::engine::search::replay::Replay;
use crate::engine::{
    Algorithm, Appraisal, Budget, Cancelled, CompareRow, MoveAppraisal, Position, StopFlag, Table,
    analyze_within, analyze_within_table, compare, settle,
};
use crate::engine::{Move, Reach, SearchProgress, Skill};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::thread;
use std::time::{Duration, Instant};

/// Which slot of the worker a job runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JobKey {
    /// The analysis of the position on the board: the AI's move and the hints.
    Play,
    /// The explorer's analysis of a position below the one on the board.
    Explore(Position),
    /// The comparison of every algorithm.
    Compare,
    /// A search replay run to its end.
    Replay,
    /// The move of an AI below level 4, chosen as its level chooses.
    Choice,
}

/// What the app asks the worker to analyse.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// The slot the job runs in; replies carry it back.
    pub key: JobKey,
    /// Tag of the request; replies carry it back.
    pub generation: u64,
    /// The position whose moves are scored.
    pub position: Position,
    /// The algorithm to use.
    pub algorithm: Algorithm,
    /// How long and how deep to search before answering.
    pub budget: Budget,
    /// The least time before the final result is delivered (the pace of AI-vs-AI games).
    pub pace: Duration,
    /// Whether to go on past the budget until every move is exact (the analysis board: a human's
    /// turn, the explorer), delivering the exact scores as `Move`s and then a second `Done`.
    pub settle: bool,
}

/// A comparison of every algorithm on one position.
#[derive(Clone, Debug)]
pub struct CompareRequest {
    /// Tag of the request; replies carry it back.
    pub generation: u64,
    /// The position compared on.
    pub position: Position,
    /// Bytes for the engine's transposition table (`None`: the default).
    pub table: Option<usize>,
    /// To the end of the game, or to a depth.
    pub reach: Reach,
    /// How long each algorithm may run.
    pub allowance: Duration,
}

/// The move of an AI below level 4: its level's own choice, which needs no analysis (level 3
/// searches a few plies under a node limit), so it costs what the level needs, not the budget.
#[derive(Clone, Debug)]
pub struct ChoiceRequest {
    /// Tag of the request (the analysis's generation of the same position); the reply carries it.
    pub generation: u64,
    /// The position to move in.
    pub position: Position,
    /// The level choosing.
    pub skill: Skill,
    /// Seeds the level's random choices, drawn from the app's generator so a `--seed` game
    /// replays the same.
    pub seed: u64,
    /// The least time before the reply (the pace of AI-vs-AI games).
    pub pace: Duration,
}

/// A search replay to run to its end, so its totals and checkpoints are known.
#[derive(Clone)]
pub struct SurveyRequest {
    /// Tag of the request; the reply carries it back.
    pub generation: u64,
    /// The replay, at its start.
    pub replay: Box<Replay>,
}

impl std::fmt::Debug for SurveyRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SurveyRequest({})", self.generation)
    }
}

/// A replay run to its end (a wrapper so messages can be printed in test failures without
/// printing a whole replay).
#[derive(Clone)]
pub struct Surveyed(pub Box<Replay>);

impl std::fmt::Debug for Surveyed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Surveyed(step {})", self.0.step())
    }
}

/// What the app wants from the worker next.
#[derive(Clone, Debug)]
pub enum Job {
    /// Cancel whatever runs under the request's key and analyse this instead.
    Analyze(SearchRequest),
    /// Cancel a running comparison and start this one.
    Compare(CompareRequest),
    /// Cancel a running survey and start this one.
    Survey(SurveyRequest),
    /// Cancel a running choice and make this one.
    Choose(ChoiceRequest),
    /// Cancel the job running under this key, if any.
    Cancel(JobKey),
}

impl Job {
    /// The slot the job concerns.
    pub fn key(&self) -> JobKey {
        match self {
            Job::Analyze(request) => request.key,
            Job::Compare(_) => JobKey::Compare,
            Job::Survey(_) => JobKey::Replay,
            Job::Choose(_) => JobKey::Choice,
            Job::Cancel(key) => *key,
        }
    }
}

/// A reply from the worker.
#[derive(Clone, Debug)]
pub enum SearchMessage {
    /// One candidate move is scored, or its estimate improved.
    Move {
        /// The slot of the request.
        key: JobKey,
        /// The generation of the request.
        generation: u64,
        /// The move's analysis.
        analysis: MoveAppraisal,
    },
    /// Every candidate move is scored (exactly, or as well as the budget allowed). A request that
    /// settles gets a second one when every move is exact.
    Done {
        /// The slot of the request.
        key: JobKey,
        /// The generation of the request.
        generation: u64,
        /// The whole analysis (boxed: it is far larger than the other messages).
        analysis: Box<Appraisal>,
    },
    /// A replay has been run to its end.
    Surveyed {
        /// The generation of the request.
        generation: u64,
        /// The replay, at its end.
        replay: Surveyed,
    },
    /// How far a long `engine` analysis has got, about twice a second while it runs.
    Progress {
        /// The slot of the request.
        key: JobKey,
        /// The generation of the request.
        generation: u64,
        /// Nodes, time and the moves being scored.
        live: Live,
    },
    /// An AI below level 4 has chosen its move.
    Chosen {
        /// The generation of the request.
        generation: u64,
        /// The level that chose.
        skill: Skill,
        /// Its move (`None`: no legal move).
        mv: Option<Move>,
        /// How long the choice took (the pace not included).
        elapsed: Duration,
    },
    /// One algorithm of a comparison has finished or run out of time.
    Compared {
        /// The generation of the request.
        generation: u64,
        /// Its row (boxed: a finished row holds a whole analysis).
        row: Box<CompareRow>,
    },
}

impl SearchMessage {
    /// The slot and the generation of the request this message answers.
    pub fn tag(&self) -> (JobKey, u64) {
        match self {
            SearchMessage::Move {
                key, generation, ..
            }
            | SearchMessage::Done {
                key, generation, ..
            }
            | SearchMessage::Progress {
                key, generation, ..
            } => (*key, *generation),
            SearchMessage::Compared { generation, .. } => (JobKey::Compare, *generation),
            SearchMessage::Surveyed { generation, .. } => (JobKey::Replay, *generation),
            SearchMessage::Chosen { generation, .. } => (JobKey::Choice, *generation),
        }
    }
}

/// A running analysis as its progress reader sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Live {
    /// Nodes searched since the request started, by every thread, across the budgeted search
    /// and the settling after it.
    pub nodes: u64,
    /// Time since the request started.
    pub elapsed: Duration,
    /// The moves being scored now.
    pub scoring: Vec<Move>,
}

/// How often a running analysis says how far it has got.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// An analysis's callback for `request`: each new move value goes out as a `Move` message.
fn moves_of(
    request: &SearchRequest,
    mut send: impl FnMut(SearchMessage),
) -> impl FnMut(&MoveAppraisal) {
    move |analysis| {
        send(SearchMessage::Move {
            key: request.key,
            generation: request.generation,
            analysis: analysis.clone(),
        })
    }
}

/// Runs one analysis on the calling thread, sending a `Move` message per new value; returns the
/// analysis (the caller sends `Done`, so tests can fix its elapsed time and threads can pace it).
/// The `engine` algorithm runs on an engine from `engines`, returned there afterwards.
pub fn run_job(
    request: &SearchRequest,
    engines: &Engines,
    stop: &StopFlag,
    send: impl FnMut(SearchMessage),
) -> Result<Appraisal, Cancelled> {
    run_job_watched(request, engines, stop, None, send)
}

/// `run_job` with the engine's searches reporting to `progress`.
fn run_job_watched(
    request: &SearchRequest,
    engines: &Engines,
    stop: &StopFlag,
    progress: Option<&Arc<SearchProgress>>,
    send: impl FnMut(SearchMessage),
) -> Result<Appraisal, Cancelled> {
    let on_update = moves_of(request, send);
    let (position, budget) = (&request.position, &request.budget);
    if request.algorithm != Algorithm::Engine {
        return analyze_within(position, request.algorithm, budget, stop, on_update);
    }
    let mut engine = engines.take(request.key, position, budget.table);
    engine.set_progress(progress.cloned());
    let table = Table::Kept(&mut engine);
    let result = analyze_within_table(position, request.algorithm, budget, table, stop, on_update);
    engine.set_progress(None);
    engines.give(engine);
    result
}

/// Carries a request's analysis on past its budget until every move is exact (`settle`), sending a
/// `Move` message per move proven; returns the analysis with every move exact. Runs on a kept
/// engine, so it starts from what the budgeted search stored.
pub fn run_settle(
    request: &SearchRequest,
    appraisal: &Appraisal,
    engines: &Engines,
    stop: &StopFlag,
    send: impl FnMut(SearchMessage),
) -> Result<Appraisal, Cancelled> {
    run_settle_watched(request, appraisal, engines, stop, None, send)
}

/// `run_settle` with the engine's searches reporting to `progress`.
fn run_settle_watched(
    request: &SearchRequest,
    appraisal: &Appraisal,
    engines: &Engines,
    stop: &StopFlag,
    progress: Option<&Arc<SearchProgress>>,
    send: impl FnMut(SearchMessage),
) -> Result<Appraisal, Cancelled> {
    let on_update = moves_of(request, send);
    if request.algorithm != Algorithm::Engine {
        return settle(appraisal, Table::New(request.budget.table), stop, on_update);
    }
    let mut engine = engines.take_kept(&request.position, request.budget.table);
    engine.set_progress(progress.cloned());
    let result = settle(appraisal, Table::Kept(&mut engine), stop, on_update);
    engine.set_progress(None);
    engines.give(engine);
    result
}

/// Sends a `Progress` message for `request` every `PROGRESS_EVERY` from a thread of its own, read
/// from `progress`, until the returned flag is raised (or `stop` is).
fn report_progress(
    request: &SearchRequest,
    progress: &Arc<SearchProgress>,
    stop: &StopFlag,
    send: impl Fn(SearchMessage) + Send + 'static,
) -> StopFlag {
    let finished = StopFlag::with_deadline(stop);
    let (key, generation, position) = (request.key, request.generation, request.position);
    let (progress, until) = (Arc::clone(progress), finished.clone());
    let started = Instant::now();
    thread::spawn(move || {
        loop {
            thread::sleep(PROGRESS_EVERY);
            if until.is_stopped() {
                break;
            }
            let scoring = progress
                .scoring()
                .into_iter()
                .map(|cell| Move(cell as u8))
                .filter(|&mv| position.check(mv).is_ok())
                .collect();
            let live = Live {
                nodes: progress.work(),
                elapsed: started.elapsed(),
                scoring,
            };
            send(SearchMessage::Progress {
                key,
                generation,
                live,
            });
        }
    });
    finished
}

/// Runs one comparison on the calling thread, sending a `Compared` message per row.
pub fn run_comparison(
    request: &CompareRequest,
    stop: &StopFlag,
    mut send: impl FnMut(SearchMessage),
) -> Result<(), Cancelled> {
    compare(
        &request.position,
        request.table,
        request.reach,
        request.allowance,
        stop,
        |row| {
            send(SearchMessage::Compared {
                generation: request.generation,
                row: Box::new(row.clone()),
            })
        },
    )
    .map(|_| ())
}

/// Runs a replay to its end on the calling thread and sends it back.
pub fn run_survey(
    request: SurveyRequest,
    stop: &StopFlag,
    send: impl FnOnce(SearchMessage),
) -> Result<(), Cancelled> {
    let mut replay = request.replay;
    replay.run_to_end(stop)?;
    send(SearchMessage::Surveyed {
        generation: request.generation,
        replay: Surveyed(replay),
    });
    Ok(())
}

/// Makes an AI's choice of move on the calling thread and sends it, not before `pace` has
/// passed since the start.
pub fn run_choice(
    request: &ChoiceRequest,
    stop: &StopFlag,
    send: impl FnOnce(SearchMessage),
) -> Result<(), Cancelled> {
    let started = Instant::now();
    let mut rng = StdRng::seed_from_u64(request.seed);
    let mv = choose(
        request.skill,
        &request.position,
        Table::New(None),
        &mut rng,
        stop,
    )?;
    let elapsed = started.elapsed();
    wait_for_pace(started, request.pace, stop)?;
    send(SearchMessage::Chosen {
        generation: request.generation,
        skill: request.skill,
        mv,
        elapsed,
    });
    Ok(())
}

/// Waits until `pace` has passed since `started`, or the job is stopped.
fn wait_for_pace(started: Instant, pace: Duration, stop: &StopFlag) -> Result<(), Cancelled> {
    while started.elapsed() < pace {
        stop.check()?;
        thread::sleep(Duration::from_millis(10));
    }
    Ok(())
}

/// The allowance of a comparison started from the app.
pub const COMPARE_ALLOWANCE: Duration = ALLOWANCE;

/// Owns the running jobs, one per key.
pub struct Worker {
    replies: Sender<SearchMessage>,
    running: HashMap<JobKey, StopFlag>,
    engines: Engines,
}

impl Worker {
    /// A worker that sends its replies to `replies`.
    pub fn new(replies: Sender<SearchMessage>) -> Worker {
        Worker {
            replies,
            running: HashMap::new(),
            engines: Engines::default(),
        }
    }

    /// Carries out what the app asked for: cancels the job of the same key, starts the new one.
    pub fn submit(&mut self, job: Job) {
        let key = job.key();
        self.cancel(key);
        let stop = StopFlag::default();
        let replies = self.replies.clone();
        // The receiver is gone only when the app is quitting: nothing left to tell.
        let send = move |message| {
            let _ = replies.send(message);
        };
        let running = stop.clone();
        // A cancelled thread winds down on its own within milliseconds; nobody joins it.
        match job {
            Job::Cancel(_) => return,
            Job::Analyze(request) => {
                let engines = self.engines.clone();
                thread::spawn(move || analyze_paced(&request, &engines, &running, send));
            }
            Job::Compare(request) => {
                thread::spawn(move || run_comparison(&request, &running, send));
            }
            Job::Survey(request) => {
                thread::spawn(move || run_survey(request, &running, send));
            }
            Job::Choose(request) => {
                thread::spawn(move || run_choice(&request, &running, send));
            }
        }
        self.running.insert(key, stop);
    }

    /// Raises the stop flag of the job running under `key`, if any.
    pub fn cancel(&mut self, key: JobKey) {
        if let Some(stop) = self.running.remove(&key) {
            stop.stop();
        }
    }

    /// Raises every stop flag.
    pub fn cancel_all(&mut self) {
        for (_, stop) in self.running.drain() {
            stop.stop();
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel_all();
    }
}

/// Runs an analysis, then holds its final result back until `pace` has passed since the start;
/// then, if the request settles and some move is only estimated, goes on until all are exact.
fn analyze_paced(
    request: &SearchRequest,
    engines: &Engines,
    stop: &StopFlag,
    send: impl Fn(SearchMessage) + Clone + Send + 'static,
) {
    let started = Instant::now();
    // Only the `engine` reports its nodes as it goes; the textbook algorithms' analyses are over
    // in moments wherever they can finish at all.
    let progress =
        (request.algorithm == Algorithm::Engine).then(|| Arc::new(SearchProgress::default()));
    let _reporting = progress
        .as_ref()
        .map(|progress| Reporting(report_progress(request, progress, stop, send.clone())));
    let Ok(analysis) = run_job_watched(request, engines, stop, progress.as_ref(), &send) else {
        return;
    };
    if wait_for_pace(started, request.pace, stop).is_err() {
        return;
    }
    let done = |analysis: Appraisal| SearchMessage::Done {
        key: request.key,
        generation: request.generation,
        analysis: Box::new(analysis),
    };
    if !request.settle || analysis.exact() {
        return send(done(analysis));
    }
    send(done(analysis.clone()));
    if let Ok(settled) =
        run_settle_watched(request, &analysis, engines, stop, progress.as_ref(), &send)
    {
        send(done(settled));
    }
}

/// Stops the progress reports when the analysis ends, however it ends.
struct Reporting(StopFlag);

impl Drop for Reporting {
    fn drop(&mut self) {
        self.0.stop();
    }
}
