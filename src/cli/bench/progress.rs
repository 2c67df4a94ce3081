//! `tictree bench`'s progress line: the row, the position within a Connect Four set, and the
//! solver's narrowing and nodes. The solver's progress is attached to the suite's engines only
//! while it is shown, so a run whose stderr is not a terminal searches exactly as before.

use crate::cli::common::narrowing;
use crate::cli::common::progress::{Live, rate, seconds};
use crate::engine::game::notation::thousands;
use crate::engine::{Rules, SearchProgress, StopFlag};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

/// Where the suite is.
struct Stage {
    row: String,
    /// The position being solved in a Connect Four set, n of count.
    position: Option<(usize, usize)>,
    /// When the row or the position started.
    since: Instant,
}

/// What the suite tells its progress line, and the flag Ctrl-C raises.
pub struct Watch {
    stop: StopFlag,
    solver: Option<Arc<SearchProgress>>,
    stage: Arc<Mutex<Stage>>,
}

impl Watch {
    /// Starts the progress line (shown only on a terminal) for a suite stopping on `stop`.
    pub fn start(stop: &StopFlag) -> (Watch, Live) {
        let stage = Arc::new(Mutex::new(Stage {
            row: String::new(),
            position: None,
            since: Instant::now(),
        }));
        let progress = Arc::new(SearchProgress::default());
        let live = Live::start({
            let (stage, progress) = (Arc::clone(&stage), Arc::clone(&progress));
            move || describe(&locked(&stage), &progress)
        });
        let watch = Watch {
            stop: stop.clone(),
            solver: live.is_on().then_some(progress),
            stage,
        };
        (watch, live)
    }

    /// The flag every search of the suite stops on.
    pub fn stop(&self) -> &StopFlag {
        &self.stop
    }

    /// The progress to attach to an engine (`None` when nobody watches).
    pub fn solver(&self) -> Option<Arc<SearchProgress>> {
        self.solver.clone()
    }

    /// A row starts.
    pub fn row(&self, name: &str) {
        let mut stage = locked(&self.stage);
        (stage.row, stage.position, stage.since) = (name.to_string(), None, Instant::now());
    }

    /// The row's position `index` of `count` starts.
    pub fn position(&self, index: usize, count: usize) {
        let mut stage = locked(&self.stage);
        (stage.position, stage.since) = (Some((index, count)), Instant::now());
    }

    /// The row under way.
    pub fn row_name(&self) -> String {
        locked(&self.stage).row.clone()
    }
}

fn locked(stage: &Mutex<Stage>) -> MutexGuard<'_, Stage> {
    stage.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `bench · connect4 Test_L1_R3 Begin-Hard · position 2 of 4 · Pons score -10..+9, not known
/// yet · asking: a win? · 12,345,678 nodes · 4.1 M nodes/s · 3.2 s`.
fn describe(stage: &Stage, solver: &SearchProgress) -> Vec<String> {
    let mut line = format!("bench · {}", stage.row);
    let nodes = solver.nodes();
    let counts = format!(
        "{} nodes · {}",
        thousands(nodes),
        rate(nodes, stage.since.elapsed())
    );
    if let Some((index, count)) = stage.position {
        let cells = Rules::CONNECT4.cells();
        let narrowing = narrowing::describe(solver.phase(), false, cells);
        line.push_str(&format!(
            " · position {index} of {count} · {narrowing} · {counts}"
        ));
    } else if stage.row.contains("weak") {
        line.push_str(&format!(" · {counts}"));
    }
    line.push_str(&format!(" · {}", seconds(stage.since.elapsed())));
    vec![line]
}
