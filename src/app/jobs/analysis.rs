//! The analysis of a position: every move scored within the budget, then, for an analysis board,
//! on past it until every move is exact. Replies: a `Move` per new value, `Done` with the whole
//! analysis (after the AI-against-AI pace), and for a request that settles the exact moves as
//! they are proven and a second `Done`; `Progress` twice a second while the `engine` runs, when
//! someone watches.

use super::reply::{JobKey, Live, Reply, ReplyBody};
use super::runner::{Runner, wait_for_pace};
use crate::engine::{
    Algorithm, Appraisal, Budget, Cancelled, MoveAppraisal, Position, SearchProgress, StopFlag,
    Table, analyze_within, analyze_within_table, settle,
};
use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::thread;
use std::time::{Duration, Instant};

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

/// How often a running analysis says how far it has got.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// Runs the analysis and sends its whole sequence of replies.
pub(super) fn run(
    request: &SearchRequest,
    runner: &Runner,
    stop: &StopFlag,
    send: &mut dyn FnMut(Reply),
) -> Result<(), Cancelled> {
    let started = Instant::now();
    // Only the `engine` reports its nodes as it goes; the textbook algorithms' analyses are over
    // in moments wherever they can finish at all.
    let progress = (request.algorithm == Algorithm::Engine && runner.live.is_some())
        .then(|| Arc::new(SearchProgress::default()));
    let _reporting = match (&progress, &runner.live) {
        (Some(progress), Some(live)) => Some(Reporting(report_progress(
            request,
            progress,
            stop,
            live.clone(),
        ))),
        _ => None,
    };
    let reply = |body| Reply {
        key: request.key,
        generation: request.generation,
        body,
    };
    let mut on_update = |m: &MoveAppraisal| send(reply(ReplyBody::Move(m.clone())));
    let analysis = budgeted(request, runner, stop, progress.as_ref(), &mut on_update)?;
    if started.elapsed() < request.pace {
        send(reply(ReplyBody::Pacing));
    }
    wait_for_pace(runner, started, request.pace, stop)?;
    let exact = analysis.exact();
    send(reply(ReplyBody::Done(Box::new(analysis.clone()))));
    if !request.settle || exact {
        return Ok(());
    }
    let mut on_update = |m: &MoveAppraisal| send(reply(ReplyBody::Move(m.clone())));
    let settled = settled(
        request,
        &analysis,
        runner,
        stop,
        progress.as_ref(),
        &mut on_update,
    )?;
    send(reply(ReplyBody::Done(Box::new(settled))));
    Ok(())
}

/// The analysis within the budget. The `engine` algorithm runs on an engine from the runner's,
/// returned there afterwards.
fn budgeted(
    request: &SearchRequest,
    runner: &Runner,
    stop: &StopFlag,
    progress: Option<&Arc<SearchProgress>>,
    on_update: &mut dyn FnMut(&MoveAppraisal),
) -> Result<Appraisal, Cancelled> {
    let (position, budget) = (&request.position, &request.budget);
    if request.algorithm != Algorithm::Engine {
        return analyze_within(position, request.algorithm, budget, stop, on_update);
    }
    let mut solver = runner
        .solvers
        .take(request.key, position, budget.table, stop)?;
    solver.set_progress(progress.cloned());
    let table = Table::Kept(&mut solver);
    let result = analyze_within_table(position, request.algorithm, budget, table, stop, on_update);
    solver.set_progress(None);
    runner.solvers.give(solver);
    result
}

/// The analysis carried on past its budget until every move is exact (`settle`), on a kept
/// engine, so it starts from what the budgeted search stored.
fn settled(
    request: &SearchRequest,
    appraisal: &Appraisal,
    runner: &Runner,
    stop: &StopFlag,
    progress: Option<&Arc<SearchProgress>>,
    on_update: &mut dyn FnMut(&MoveAppraisal),
) -> Result<Appraisal, Cancelled> {
    if request.algorithm != Algorithm::Engine {
        return settle(appraisal, Table::New(request.budget.table), stop, on_update);
    }
    let mut solver = runner
        .solvers
        .take_kept(&request.position, request.budget.table, stop)?;
    solver.set_progress(progress.cloned());
    let result = settle(appraisal, Table::Kept(&mut solver), stop, on_update);
    solver.set_progress(None);
    runner.solvers.give(solver);
    result
}

/// Sends a `Progress` reply for `request` every `PROGRESS_EVERY` from a thread of its own, read
/// from `progress`, until the returned flag is raised (or `stop` is).
fn report_progress(
    request: &SearchRequest,
    progress: &Arc<SearchProgress>,
    stop: &StopFlag,
    live: Sender<Reply>,
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
            let scoring = progress.scoring(&position);
            let live_now = Live {
                nodes: progress.work(),
                elapsed: started.elapsed(),
                scoring,
            };
            let body = ReplyBody::Progress(live_now);
            // The receiver is gone only when the app is quitting: nothing left to tell.
            if live
                .send(Reply {
                    key,
                    generation,
                    body,
                })
                .is_err()
            {
                break;
            }
        }
    });
    finished
}

/// Stops the progress reports when the analysis ends, however it ends.
struct Reporting(StopFlag);

impl Drop for Reporting {
    fn drop(&mut self) {
        self.0.stop();
    }
}
