//! The interactive application: state, update and the search worker. It knows nothing of the
//! screen: `ui` draws the state, `tui` runs the terminal and the event loop.
//!
//! Data flows one way: terminal event → `Action` (keys.rs) → `App::update` (update.rs) → state →
//! `ui::draw`. Search results come back from the worker threads as `Action::Search` messages.

mod action;
mod ai_turn;
mod board_view;
mod clipboard;
mod comparing;
pub use comparing::best_score;
mod configuring;
mod editing;
mod engines;
mod explorer;
mod exploring;
mod game;
mod jobs;
mod keys;
mod log;
mod options;
mod record;
mod replaying;
mod search_view;
mod settings;
mod settings_menu;
mod state;
mod update;
mod worker;

pub use action::{Action, Direction};
pub use board_view::{BoardView, Ghost, Mark};
pub use clipboard::{Pasted, read_paste};
pub use editing::Editor;
pub use engines::Engines;
pub use explorer::{Analyses, CACHE_CAPACITY, Explorer};
pub use game::Game;
pub use jobs::{
    COMPARE_ALLOWANCE, ChoiceRequest, CompareRequest, Job, JobKey, Live, Reply, ReplyBody, Runner,
    SearchRequest, SurveyRequest, Surveyed,
};
pub use keys::{
    HELP, HelpSection, action_for_key, edit_key_action, key_action, replay_key_action,
    settings_key_action,
};
pub use log::{Log, LogKind, LogLine, duration, names, thousands};
pub use options::{AI_PACE, DEFAULT_TIME, Options, Seat};
pub use record::Record;
pub use replaying::{REPLAY_NODES, ReplayCommand, ReplayState, SEEK_SLICE, SPEEDS};
pub use search_view::{Choice, SearchView};
pub use settings::{
    MAX_DEPTH, MAX_PACE_MS, MAX_THREADS, MAX_TIME_MS, Palette, Settings, SettingsPatch, threads_for,
};
pub use settings_menu::{Field, RULE_PRESETS, SettingsMenu, fields, value_text};
pub use state::{App, Comparison, EXPLORE_JOBS, Focus, Mode, Popup};
pub use worker::Worker;
