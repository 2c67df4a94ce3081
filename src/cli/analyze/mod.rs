//! `tictree analyze`: the score of every legal move of a position, exact unless a budget is given.
//! On a terminal it shows its progress on stderr; Ctrl-C prints what is known, marked partial.

mod compare;
mod watch;

use super::args::{AnalyzeArgs, budget};
use crate::cli::common::error::{CliError, Ending};
use crate::cli::common::format::{AnalysisJson, analysis_table, partial_analysis_table};
use crate::cli::common::interrupt::Interrupt;
use crate::cli::common::output::ReaderWatch;
use crate::cli::common::progress::Live;
use crate::engine::search::solver::DEFAULT_HASH_BYTES;
use crate::engine::{
    Algorithm, Appraisal, Budget, Reach, SearchProgress, Solver, Table, analyze_within_table,
};
use std::sync::{Arc, Mutex, PoisonError};
use watch::Watch;

/// Runs the subcommand, printing a table or the JSON object.
pub fn run(args: &AnalyzeArgs) -> Result<Ending, CliError> {
    let position = args.game.position(args.position.as_deref())?;
    let table = args.table.bytes();
    super::book::consult(&args.book, *position.rules());
    if args.compare {
        let reach = args.depth.map_or(Reach::Exact, Reach::Depth);
        return compare::run(&position, table, reach, args.json);
    }
    let algorithm: Algorithm = args.algo.parse()?;
    let budget = Budget {
        table,
        threads: Some(args.threads.count()),
        ..budget(args.depth, args.time_ms, args.nodes)
    };
    let interrupt = Interrupt::catch();
    // Nothing is written until the analysis is done, which may be minutes away.
    let reader = ReaderWatch::start(interrupt.flag());
    // The engine is made here rather than inside the analysis so that its progress can be read:
    // a new engine's table is empty, so the nodes and scores are a cold start's, as always.
    let progress = Arc::new(SearchProgress::default());
    let mut solver = (algorithm == Algorithm::Engine).then(|| {
        let bytes = table.unwrap_or(DEFAULT_HASH_BYTES);
        let mut solver = Solver::with_hash(position.layout(), interrupt.flag().clone(), bytes);
        solver.set_progress(Some(Arc::clone(&progress)));
        solver
    });
    let followed = solver.is_some().then(|| Arc::clone(&progress));
    let watch = Arc::new(Mutex::new(Watch::new(&position, budget, followed)));
    let shown = Arc::clone(&watch);
    let live = Live::start(move || {
        let watch = shown.lock().unwrap_or_else(PoisonError::into_inner);
        watch.lines()
    });
    let table = match &mut solver {
        Some(solver) => Table::Kept(solver),
        None => Table::New(table),
    };
    let result = analyze_within_table(
        &position,
        algorithm,
        &budget,
        table,
        interrupt.flag(),
        |m| {
            let mut watch = watch.lock().unwrap_or_else(PoisonError::into_inner);
            watch.record(m);
        },
    );
    live.finish();
    reader.finish();
    let watch = watch.lock().unwrap_or_else(PoisonError::into_inner);
    match result {
        Ok(analysis) => {
            print(&analysis, args.json, None)?;
            Ok(Ending::Done)
        }
        Err(_) => {
            let partial = watch.partial(algorithm);
            let unscored = position.rules().move_names(&watch.unscored());
            print(&partial, args.json, Some((unscored, watch.partial_note())))?;
            Ok(Ending::Interrupted)
        }
    }
}

/// Prints the analysis; a partial one (`partial`: the moves with no value, and the note saying
/// how far it got) is marked as such in the table and in the JSON.
fn print(
    analysis: &Appraisal,
    json: bool,
    partial: Option<(Vec<String>, String)>,
) -> Result<(), CliError> {
    if json {
        let mut object = AnalysisJson::from(analysis);
        if let Some((unscored, _)) = partial {
            object = object.partial(unscored);
        }
        let text = serde_json::to_string(&object)
            .map_err(|e| CliError(format!("cannot write JSON: {e}")))?;
        crate::outln!("{text}");
    } else {
        match partial {
            None => crate::out!("{}", analysis_table(analysis)),
            Some((_, note)) => {
                crate::out!("{}", partial_analysis_table(analysis));
                crate::outln!("{note}");
            }
        }
    }
    Ok(())
}
