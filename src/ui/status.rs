//! The header line (game, players, algorithm) and the status bar (the keys that apply now).

use super::theme::Theme;
use crate::app::{App, Focus, Mode, Popup};
use crate::engine::{Player, Status};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

/// The title line.
pub struct Header<'a> {
    /// The app.
    pub app: &'a App,
    /// Styles.
    pub theme: Theme,
}

impl Widget for Header<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let rules = app.position().rules();
        let gravity = if rules.gravity { ", gravity" } else { "" };
        let ply = app.position().ply();
        // The move being played; once the game is over, how many were.
        let progress = match app.position().status() {
            Status::Ongoing => format!("move {}", ply + 1),
            _ if ply == 1 => "1 move, over".to_string(),
            _ => format!("{ply} moves, over"),
        };
        let line = Line::from(vec![
            Span::styled(" tictree ", self.theme.strong()),
            Span::raw(format!(
                " {} ({}×{}, {} in a row{gravity}) · X: {} · O: {} · {} · {progress}",
                rules,
                rules.width,
                rules.height,
                rules.k,
                app.seat_label(Player::X),
                app.seat_label(Player::O),
                app.options.algorithm,
            )),
        ]);
        line.render(area, buf);
    }
}

/// The status bar.
pub struct StatusBar<'a> {
    /// The app.
    pub app: &'a App,
    /// Styles.
    pub theme: Theme,
}

impl Widget for StatusBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut spans = Vec::new();
        if let Some(notice) = &self.app.notice {
            spans.push(Span::styled(format!(" {notice} "), self.theme.notice()));
            spans.push(Span::raw("│"));
        }
        for (key, what) in keys_now(self.app) {
            spans.push(Span::styled(format!(" {key}"), self.theme.strong()));
            spans.push(Span::raw(format!(" {what} ")));
        }
        Line::from(spans).render(area, buf);
    }
}

/// The keys that do something in the current state, most relevant first.
pub fn keys_now(app: &App) -> Vec<(&'static str, &'static str)> {
    match app.popup {
        Some(Popup::Help) => return vec![("↑↓", "scroll"), ("Esc", "close help"), ("q", "quit")],
        Some(Popup::Compare | Popup::Record) => return vec![("Esc", "close"), ("q", "quit")],
        Some(Popup::Settings) if app.settings_menu.draft.is_some() => {
            return vec![
                ("y", "new game"),
                ("n/Esc", "keep the rules"),
                ("q", "quit"),
            ];
        }
        Some(Popup::Settings) => {
            return vec![
                ("↑↓", "select"),
                ("←→", "change"),
                ("Esc", "close"),
                ("q", "quit"),
            ];
        }
        None => {}
    }
    if let Mode::Edit(_) = app.mode {
        return crate::app::EDIT_KEYS.to_vec();
    }
    if let Mode::Replay(state) = &app.mode {
        return vec![
            ("→/←", "step"),
            ("↓/↑", "over/out"),
            ("x", "cutoff"),
            ("e/g", "end/start"),
            ("p", if state.autoplay { "pause" } else { "play" }),
            ("+/-", "speed"),
            ("1/2/3", "algo"),
            ("Esc", "leave"),
            ("?", "help"),
        ];
    }
    let mut keys = Vec::new();
    let ongoing = app.position().status() == Status::Ongoing;
    match app.focus {
        Focus::Board if app.human_to_move() => {
            keys.push(("←↓↑→/hjkl", "move"));
            keys.push(("Enter", "place"));
        }
        Focus::Tree => {
            keys.push(("↑↓", "select"));
            keys.push(("→", "expand"));
            if !app.explorer.line.is_empty() {
                keys.push(("←", "up"));
                keys.push(("Esc", "back to board"));
            } else if app.human_to_move() {
                keys.push(("Enter", "play it"));
            }
            keys.push(("v", "show line"));
        }
        Focus::Log => keys.push(("↑↓", "scroll")),
        _ => {}
    }
    if ongoing && app.ai_to_move() {
        keys.push(("p", if app.paused { "resume AI" } else { "pause AI" }));
        keys.push((
            "f",
            if app.paused {
                "one AI move"
            } else {
                "move now"
            },
        ));
    }
    if !app.game.moves().is_empty() {
        keys.push(("u", "undo"));
    }
    if app.game.next_redo().is_some() {
        keys.push(("r", "redo"));
    }
    keys.push(("n", "new game"));
    // A finished game has no search to replay or compare.
    if ongoing {
        keys.push(("s", "replay"));
        keys.push(("c", "compare"));
    } else {
        keys.push(("g", "record"));
    }
    keys.push(("m", if app.heat { "no heat" } else { "heat" }));
    keys.push(("o", "settings"));
    keys.push(("Tab", "focus"));
    keys.push(("?", "help"));
    keys.push(("q", "quit"));
    keys
}
