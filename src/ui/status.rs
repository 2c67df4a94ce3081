//! The header line (game, players, algorithm) and the status bar (the keys that apply now).

use super::theme::Theme;
use crate::app::{App, Focus, Mode, Popup, ReviewState};
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
        // The move being played; once the game is over, how many were (counted from the empty
        // board, as the turns are), or that none was: a position set up finished.
        let progress = match app.position().status() {
            Status::Ongoing => format!("move {}", ply + 1),
            _ if !app.has_moves_from_origin() => "set up finished".to_string(),
            _ if ply == 1 => "1 move, over".to_string(),
            _ => format!("{ply} moves, over"),
        };
        let algorithm = app.options.settings.algorithm;
        let players = format!(
            "X: {} · O: {} · {algorithm} · {progress}",
            app.seat_label(Player::X),
            app.seat_label(Player::O),
        );
        let name = " tictree ";
        // The rules' name says what their detail says, and the board and the log name the
        // players: these go first, so the move number at the end stays.
        let rest = super::wrap::first_fitting(
            vec![
                format!(
                    " {rules} ({}×{}, {} in a row{gravity}) · {players}",
                    rules.width, rules.height, rules.k
                ),
                format!(" {rules} · {players}"),
                format!(" {rules} · {algorithm} · {progress}"),
            ],
            area.width.saturating_sub(name.len() as u16),
        );
        Line::from(vec![
            Span::styled(name, self.theme.strong()),
            Span::raw(rest),
        ])
        .render(area, buf);
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
        let mut hints = keys_now(self.app);
        let mut spans = Vec::new();
        if let Some(notice) = &self.app.notice {
            // The notice comes first and leaves the help and quit keys their room if it fits
            // beside them; a longer one takes the whole bar for as long as it shows (the next key
            // clears it), and only beyond that ends in `…`.
            let width = usize::from(area.width);
            let notice_width = Span::raw(notice.as_str()).width();
            let beside = |hints: &[Hint]| width.saturating_sub(always_width(hints) + 3);
            // Beside the keys that always show; else beside the help and quit alone, the two
            // that find the rest; else alone.
            let room = if notice_width <= beside(&hints) {
                beside(&hints)
            } else {
                hints.retain(|hint| [help(), quit()].contains(hint));
                if notice_width <= beside(&hints) {
                    beside(&hints)
                } else {
                    hints.clear();
                    width.saturating_sub(1)
                }
            } as u16;
            let text = super::wrap::wrap(&Line::raw(notice.clone()), room, 0);
            let text = super::wrap::cut(text, 1, room);
            spans.push(Span::raw(" "));
            spans.extend(
                text.into_iter()
                    .flat_map(|line| line.spans)
                    .map(|span| span.patch_style(self.theme.notice())),
            );
            if !hints.is_empty() {
                spans.push(Span::raw(" │"));
            }
        }
        let room = usize::from(area.width).saturating_sub(Line::from(spans.clone()).width());
        for (key, what) in fit(&hints, room) {
            spans.push(Span::styled(format!(" {key}"), self.theme.strong()));
            spans.push(Span::raw(format!(" {what} ")));
        }
        Line::from(spans).render(area, buf);
    }
}

/// A key the status bar names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The key or keys.
    pub key: &'static str,
    /// What it does.
    pub what: &'static str,
    /// The same said shorter, for a narrow terminal.
    pub short: Option<(&'static str, &'static str)>,
    /// Shown at any width: the help, the way out of what is open, and quit. With these the user
    /// can always find the rest.
    pub always: bool,
}

impl Hint {
    const fn new(key: &'static str, what: &'static str) -> Self {
        Self {
            key,
            what,
            short: None,
            always: false,
        }
    }

    const fn short(self, key: &'static str, what: &'static str) -> Self {
        Self {
            short: Some((key, what)),
            ..self
        }
    }

    const fn always(self) -> Self {
        Self {
            always: true,
            ..self
        }
    }
}

/// Columns one key takes in the bar: ` key what `.
fn cost((key, what): (&str, &str)) -> usize {
    Span::raw(key).width() + Span::raw(what).width() + 3
}

/// The keys to show in `width` columns: every one as it is if they fit; else said shorter, the
/// least relevant (the last listed) first, until they fit; else without the least relevant. The
/// `always` ones stay, in their places, at any width a game can be shown at; narrower still
/// (a popup over the "too small" message) they go too, the way out (Esc) after the others, and
/// help and quit never: below their 16 columns the bar's edge cuts them.
fn fit(hints: &[Hint], width: usize) -> Vec<(&'static str, &'static str)> {
    // Each hint with what it says now (in full or short).
    let mut kept: Vec<(&Hint, (&str, &str))> = hints.iter().map(|h| (h, (h.key, h.what))).collect();
    let fits =
        |kept: &[(&Hint, (&str, &str))]| kept.iter().map(|&(_, k)| cost(k)).sum::<usize>() <= width;
    for (index, hint) in hints.iter().enumerate().rev() {
        if fits(&kept) {
            break;
        }
        if let Some(short) = hint.short {
            kept[index].1 = short;
        }
    }
    let is_help_or_quit = |hint: &Hint| *hint == help() || *hint == quit();
    let is_way_out = |hint: &Hint| hint.key.contains("Esc");
    while !fits(&kept) {
        let last = kept
            .iter()
            .rposition(|&(hint, _)| !hint.always)
            .or_else(|| {
                kept.iter()
                    .rposition(|&(hint, _)| !is_help_or_quit(hint) && !is_way_out(hint))
            })
            .or_else(|| kept.iter().rposition(|&(hint, _)| !is_help_or_quit(hint)));
        let Some(last) = last else {
            break;
        };
        kept.remove(last);
    }
    kept.into_iter().map(|(_, k)| k).collect()
}

/// Columns the keys shown at every width take, said short.
fn always_width(hints: &[Hint]) -> usize {
    hints
        .iter()
        .filter(|h| h.always)
        .map(|h| cost(h.short.unwrap_or((h.key, h.what))))
        .sum()
}

/// The keys that do something in the current state, most relevant first (the status bar drops
/// the last ones first when it is short of room).
pub fn keys_now(app: &App) -> Vec<Hint> {
    if let Some(popup) = app.popup {
        return popup_keys(app, popup);
    }
    match &app.mode {
        Mode::Edit(_) => edit_keys(),
        Mode::Replay(state) => replay_keys(state.autoplay, state.replay.algorithm()),
        Mode::Review(state) => review_keys(state),
        Mode::Quiz(state) => quiz_keys(state),
        Mode::Game => game_keys(app),
    }
}

fn quit() -> Hint {
    Hint::new("q", "quit").always()
}

fn help() -> Hint {
    Hint::new("?", "help").always()
}

/// A popup takes the keys: only its own, and quit.
fn popup_keys(app: &App, popup: Popup) -> Vec<Hint> {
    let close = Hint::new("Esc", "close").always();
    match popup {
        // The page first: the arrows' scrolling is found without being told.
        Popup::Help => vec![
            Hint::new(
                "Tab",
                if app.help_glossary {
                    "keys"
                } else {
                    "glossary"
                },
            ),
            Hint::new("↑↓ PgUp PgDn", "scroll").short("↑↓", "scroll"),
            Hint::new("Esc", "close help")
                .short("Esc", "close")
                .always(),
            quit(),
        ],
        Popup::Compare | Popup::Record => vec![close, help(), quit()],
        Popup::Settings if app.settings_menu.draft.is_some() => vec![
            Hint::new("y", "new game").always(),
            Hint::new("Enter", "new game, close"),
            Hint::new("n/Esc", "keep the rules")
                .short("n", "keep")
                .always(),
            help(),
            quit(),
        ],
        // Changing is what the popup is for: its key stays at any width.
        Popup::Settings => vec![
            Hint::new("↑↓", "select"),
            Hint::new("←→", "change").always(),
            close,
            help(),
            quit(),
        ],
    }
}

/// The position editor's keys.
fn edit_keys() -> Vec<Hint> {
    vec![
        // The marks first: the cursor's keys go before them on a narrow bar (the cursor shows).
        Hint::new("x/o", "put").always(),
        Hint::new(".", "clear"),
        Hint::new("c", "clear all"),
        Hint::new("←↓↑→", "move"),
        Hint::new("Enter", "play here")
            .short("Enter", "play")
            .always(),
        Hint::new("Esc", "cancel").always(),
        help(),
        quit(),
    ]
}

/// The search replay's keys; `p` says what it would do to autoplay; `x` only where a cutoff can
/// come (minimax never cuts off).
fn replay_keys(autoplay: bool, algorithm: crate::engine::Algorithm) -> Vec<Hint> {
    let mut keys = vec![Hint::new("→/←", "step"), Hint::new("↓/↑", "over/out")];
    if algorithm != crate::engine::Algorithm::Minimax {
        keys.push(Hint::new("x", "cutoff"));
    }
    keys.extend([
        Hint::new("e/g", "end/start").short("e", "end"),
        Hint::new("1/2/3", "algo"),
        Hint::new("v", "view"),
        Hint::new("p", if autoplay { "pause" } else { "play" }),
        Hint::new("+/-", "speed"),
        Hint::new("Esc", "leave").always(),
        help(),
        quit(),
    ]);
    keys
}

/// The review's keys; Enter only where it can go (not to a move of the opening).
fn review_keys(state: &ReviewState) -> Vec<Hint> {
    let mut keys = vec![
        Hint::new("↑↓", "move"),
        Hint::new("←→", "next flagged").short("←→", "flagged"),
    ];
    if state.can_go_to_selected() {
        keys.push(Hint::new("Enter", "go there").short("Enter", "go"));
    }
    keys.extend([
        Hint::new("s", "replay"),
        Hint::new("Esc", "leave").always(),
        help(),
        quit(),
    ]);
    keys
}

/// The game's keys: the focused pane's first, then the game's and the app's.
fn game_keys(app: &App) -> Vec<Hint> {
    let mut keys = focus_keys(app);
    let ongoing = app.position().status() == Status::Ongoing;
    // Paused on your turn too (a review's Enter pauses it, and `r` may hand you the move): the
    // key that resumes it says the AI will not answer until then.
    if ongoing && (app.ai_to_move() || app.ai_paused()) {
        keys.push(Hint::new(
            "p",
            if app.paused { "resume AI" } else { "pause AI" },
        ));
    }
    if ongoing && app.ai_to_move() {
        keys.push(Hint::new(
            "f",
            if app.paused {
                "one AI move"
            } else {
                "move now"
            },
        ));
    }
    if app.can_undo() {
        keys.push(Hint::new("u", "undo"));
    }
    if app.game.next_redo().is_some() {
        keys.push(Hint::new("r", "redo"));
    }
    keys.push(Hint::new("n", "new game").short("n", "new"));
    // A finished game has no search to replay or compare.
    // Once the game is over its review is what matters next; during it, one key among many.
    let review = Hint::new("R", "review");
    if ongoing {
        keys.push(Hint::new("s", "replay"));
        keys.push(Hint::new("c", "compare"));
    } else {
        keys.push(Hint::new("g", "record"));
        // A game set up finished has no move to review; a `--moves` opening is one to review.
        if app.has_moves_from_origin() {
            keys.push(review);
        }
        keys.push(Hint::new("Q", "quiz"));
    }
    keys.push(Hint::new("o", "settings"));
    keys.push(Hint::new(
        "m",
        if app.options.settings.heat_map {
            "heat off"
        } else {
            "heat"
        },
    ));
    keys.push(Hint::new("Tab", "focus"));
    // A `--moves` opening is reviewed as the moves played are.
    if ongoing && app.has_moves_from_origin() {
        keys.push(review);
    }
    // Last of the game's own keys while it goes on: named where the bar has room (wide
    // terminals), in the help popup always.
    if ongoing {
        keys.push(Hint::new("Q", "quiz"));
    }
    keys.push(help());
    keys.push(quit());
    keys
}

/// The keys of the focused pane: the board's when a human is to move, the tree's, the log's.
fn focus_keys(app: &App) -> Vec<Hint> {
    let mut keys = Vec::new();
    let ongoing = app.position().status() == Status::Ongoing;
    match app.focus {
        Focus::Board if app.human_to_move() => {
            keys.push(Hint::new("←↓↑→/hjkl", "move").short("←↓↑→", "move"));
            keys.push(Hint::new("Enter", "place"));
        }
        // Over, the game has no moves to explore: its banner stands in the tree's place.
        Focus::Tree if app.explorer.line.is_empty() && !ongoing => {}
        Focus::Tree => {
            // At the end of an explored line (a game over) there is nothing to select or expand.
            if app.explored_position().status() == Status::Ongoing {
                keys.push(Hint::new("↑↓", "select"));
                keys.push(Hint::new("→", "expand"));
            }
            if !app.explorer.line.is_empty() {
                keys.push(Hint::new("←", "up"));
                keys.push(
                    Hint::new("Esc", "back to board")
                        .short("Esc", "back")
                        .always(),
                );
            } else if app.human_to_move() {
                keys.push(Hint::new("Enter", "play it").short("Enter", "play"));
            }
            keys.push(Hint::new("v", "show line").short("v", "line"));
        }
        Focus::Log => keys.push(Hint::new("↑↓", "scroll")),
        _ => {}
    }
    keys
}

/// The quiz's keys where it is (the pane's border says how the question shown is answered).
fn quiz_keys(state: &crate::app::QuizState) -> Vec<Hint> {
    use crate::app::QuizPhase;
    use crate::engine::quiz::Entry;
    let mut keys = match &state.phase {
        QuizPhase::Start => vec![
            Hint::new("↑↓", "choose"),
            Hint::new("Enter", "start").always(),
        ],
        QuizPhase::Making => Vec::new(),
        // A question answered on the board names its keys too: the cursor, and Space to mark
        // a pruned move.
        QuizPhase::Asking => match state.question().map(|q| q.entry()) {
            Some(Entry::Cell) => vec![
                Hint::new("←↓↑→", "move"),
                Hint::new("Enter", "answer").always(),
            ],
            Some(Entry::Cells) => vec![
                Hint::new("←↓↑→", "move"),
                Hint::new("Space", "mark").always(),
                Hint::new("Enter", "answer").always(),
            ],
            _ => vec![Hint::new("Enter", "answer").always()],
        },
        QuizPhase::Answered(_) => vec![
            Hint::new("n", "next").always(),
            Hint::new("s", "replay there").short("s", "replay"),
        ],
        // ↑↓ where the summary is taller than its pane (drawn before this bar).
        QuizPhase::Summary => (state.summary_most.get() > 0)
            .then(|| Hint::new("↑↓", "scroll"))
            .into_iter()
            .chain([Hint::new("Enter", "another quiz").short("Enter", "again")])
            .collect(),
    };
    // A first Esc that asked: the bar says what the second does.
    let leave = if state.leaving {
        "leave for good"
    } else {
        "leave"
    };
    keys.extend([Hint::new("Esc", leave).always(), help(), quit()]);
    keys
}
