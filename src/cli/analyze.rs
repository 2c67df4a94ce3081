//! `tictree analyze`: the score of every legal move of a position, exact unless a budget is given.

use super::args::{AnalyzeArgs, budget};
use super::error::CliError;
use super::format::{AnalysisJson, analysis_table};
use crate::engine::{Algorithm, Budget, StopFlag, analyze_within};

/// Runs the subcommand, printing a table or the JSON object.
pub fn run(args: &AnalyzeArgs) -> Result<(), CliError> {
    let position = args.game.position(args.position.as_deref())?;
    let table = args.table.bytes()?;
    if args.compare {
        return super::compare::run(&position, table, args.json);
    }
    let algorithm: Algorithm = args.algo.parse()?;
    let budget = Budget {
        table,
        ..budget(
            args.depth.as_deref(),
            args.time_ms.as_deref(),
            args.nodes.as_deref(),
        )?
    };
    let analysis = analyze_within(&position, algorithm, &budget, &StopFlag::default(), |_| {})
        .map_err(|_| CliError("the analysis was cancelled".into()))?;
    if args.json {
        let json = serde_json::to_string(&AnalysisJson::from(&analysis))
            .map_err(|e| CliError(format!("cannot write JSON: {e}")))?;
        println!("{json}");
    } else {
        print!("{}", analysis_table(&analysis));
    }
    Ok(())
}
