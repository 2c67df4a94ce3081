//! The settings a player changes in the popup and keeps in the config file.
//!
//! `list.rs` is the one list of settings (`SETTINGS`): each setting's key, help, values, what a
//! change does and its popup row; `values.rs` holds `Settings`, their fields and defaults, and
//! the app's own value types; `patch.rs` how the layers combine (defaults, file, flags);
//! `options.rs` what the TUI starts with, and the `Budget` a request gets; `steps.rs` the values
//! the popup steps through; `menu.rs` the popup's rows; `update.rs` its part of `App::update`.

pub(in crate::app) mod list;
pub(in crate::app) mod menu;
pub(in crate::app) mod options;
pub(in crate::app) mod patch;
pub(in crate::app) mod setting;
pub(in crate::app) mod steps;
pub(in crate::app) mod update;
pub(in crate::app) mod values;
