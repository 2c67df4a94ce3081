//! The app on ratatui's `TestBackend`: `App::update` driven key by key with its jobs run inline
//! (`support/inline_app.rs`), its screens as text and insta snapshots (`tui/snapshots/`), one
//! module per feature; and a property test of whole random sessions.

#[path = "../support/inline_app.rs"]
mod inline_app;
#[path = "../support/proptest_config.rs"]
mod proptest_config;
#[path = "../support/sessions.rs"]
mod sessions;

mod budget;
mod compare;
mod editor;
mod explorer;
mod help;
mod play;
mod props;
mod quiz;
mod replay;
mod replay_depth;
mod review;
mod screens;
mod settings;
mod turns;
