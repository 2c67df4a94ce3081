//! The interactive application: state, update and the background jobs. It knows nothing of the
//! screen: `ui` draws the state, `tui` runs the terminal and the event loop.
//!
//! Data flows one way: terminal event → `Action` (`tui::input`) → `App::update` (update.rs) → state →
//! `ui::draw`. Replies come back from the jobs' threads (`jobs/`) as `Action::Search`.
//!
//! One folder per feature, each with its state and its part of `update`: `play/` (the game, its
//! record, the human's moves, the analysis on the board, the AI's turn), `explorer/`, `replay/`,
//! `review/` (the post-game review), `quiz/`, `compare/`, `settings/` (the settings, the options
//! they make, the popup), `editor/` (the position editor, paste and copy), and `jobs/` (the work
//! done in the background and the worker that runs it); `popups.rs` has the keys of the help,
//! compare and record popups.

mod action;
mod compare;
mod editor;
mod explorer;
mod glossary;
mod help;
mod jobs;
mod log;
mod play;
mod popups;
mod quiz;
mod replay;
mod review;
mod settings;
mod state;
mod update;

pub use action::{Action, Direction};
pub use compare::best_score;
pub use editor::Editor;
pub use editor::clipboard::{Pasted, read_paste};
pub use explorer::{Analyses, CACHE_CAPACITY, Explorer};
pub use glossary::{GLOSSARY, Term, glossary_length};
pub use help::{HELP, HelpSection, HelpTop};
pub use jobs::kept_solvers::KeptSolvers;
pub use jobs::worker::Worker;
pub use jobs::{
    COMPARE_ALLOWANCE, ChoiceRequest, CompareRequest, Job, JobKey, Live, QuizRequest, Reply,
    ReplyBody, ReviewRequest, Runner, SearchRequest, SurveyRequest, Surveyed,
};
pub use log::{
    Log, LogKind, LogLayout, LogLine, SAVED_TO, count, duration, names, names_within, printable,
    shortened, thousands,
};
pub use play::board_view::{BoardView, Ghost, Mark};
pub use play::game::Game;
pub use play::record::Record;
pub use play::search_view::{Choice, SearchView};
pub use quiz::{DEFAULT_SOURCE, QuizKey, QuizPhase, QuizSource, QuizState, SOURCES};
pub use replay::{ReplayCommand, ReplayFrom, ReplayState, SEEK_SLICE, SPEEDS};
pub use review::{REVIEW_LIMIT, ReviewState};
pub use settings::list::{SETTINGS, setting};
pub use settings::menu::{Field, SettingsMenu, fields, value_text};
pub use settings::options::Options;
pub use settings::patch::SettingsPatch;
pub use settings::setting::{Change, Kind, Row, Section, Setting, Value};
pub use settings::steps::RULE_PRESETS;
pub use settings::values::{
    MAX_DEPTH, MAX_PACE_MS, MAX_REPLAY_NODES, MAX_THREADS, MAX_TIME_MS, MIN_REPLAY_NODES, Palette,
    REPLAY_NODES, ReplayDepth, Seat, Settings, threads_for,
};
pub use state::{App, Comparison, EXPLORE_JOBS, Focus, Mode, Popup};
