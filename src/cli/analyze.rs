//! `tictree analyze`: the exact score of every legal move of a position.

use super::args::AnalyzeArgs;
use super::error::CliError;
use super::format::{AnalysisJson, analysis_table};
use crate::engine::{Algorithm, StopFlag, analyze};

/// Runs the subcommand, printing a table or the JSON object.
pub fn run(args: &AnalyzeArgs) -> Result<(), CliError> {
    let position = args.game.position(args.position.as_deref())?;
    if args.compare {
        return super::compare::run(&position, args.json);
    }
    let algorithm: Algorithm = args.algo.parse()?;
    let analysis = analyze(&position, algorithm, &StopFlag::default(), |_| {})
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
