//! A property test of the whole app: long random sequences of keys (through the event loop's own
//! translation), mouse events, resizes down to 1×1, actions with arguments no key gives, and
//! search replies delivered at once, late, interleaved or never, on random boards and players.
//! After every step: no panic, a legal game, the right side to move, undo and redo consistent,
//! no stale analysis shown, the AI never stalled, and the screen drawn at the current size.
//!
//! Reproducible: the seed is fixed unless `PROPTEST_RNG_SEED` is set (`PROPTEST_CASES` changes
//! the number of cases); a failure is shrunk and its seed kept in `tests/tui/props.regressions`
//! (`support/proptest_config.rs`).

use crate::proptest_config::config;
use crate::sessions::{Harness, check, human_moves_added, render, seats};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::time::Duration;
use tictree::app::{Action, App, Direction, Field, Focus, LogKind, Options, ReplayCommand, Seat};
use tictree::engine::{Algorithm, Move, Player, Position, Rules, Skill, Status};

/// Cases run by default: about 25 s in the test profile on a 2-core machine.
const CASES: u32 = 512;

/// One step of a session.
#[derive(Clone, Debug)]
enum Step {
    /// A key, through `tui::action` as the event loop translates it in the current mode.
    Key(KeyCode, KeyModifiers, KeyEventKind),
    /// A mouse event at a place on the screen (taken modulo a little more than the screen).
    Mouse(MouseEventKind, u16, u16),
    /// The terminal takes a new size; the screen is drawn at it.
    Resize(u16, u16),
    /// A click on a cell of the board (the cell number modulo the board's cells).
    Click(u8),
    /// Any other action, straight to `App::update`.
    Act(Action),
    /// Undo then redo: a position undo left is given back by redo.
    UndoRedo,
    /// Copy the position (`y`) and paste what was copied: the same position comes back.
    CopyPaste,
    /// Focus the game tree and go down a few levels (`n` times down, then right), the replies
    /// arriving after each level: deep lines are rare in random keys alone.
    Explore(u8, u8),
    /// The worker runs every pending job and its replies arrive at once.
    RunPending,
    /// The worker runs the oldest pending job; its replies wait.
    Hold,
    /// Some replies of one held job arrive now.
    Deliver(usize, usize),
    /// One held job's remaining replies never arrive.
    Drop(usize),
}

/// How a session starts.
#[derive(Clone, Debug)]
struct Setup {
    rules: Rules,
    x: Seat,
    o: Seat,
    algorithm: Algorithm,
    depth: Option<u32>,
    opening: usize,
    seed: u64,
    heat: bool,
    hints: bool,
    mouse: bool,
    size: (u16, u16),
}

fn rules() -> impl Strategy<Value = Rules> {
    let named = |text: &'static str| text.parse::<Rules>().expect("valid rules");
    prop_oneof![
        6 => Just(Rules::TICTACTOE),
        2 => Just(named("4x4")),
        1 => Just(named("4x3k3")),
        1 => Just(named("3x3g")),
        1 => Just(named("5x5k4")),
        1 => Just(Rules::CONNECT4),
        1 => Just(named("8x8k5")),
        1 => Just(named("3x8k3")),
    ]
}

fn seat() -> impl Strategy<Value = Seat> {
    prop_oneof![
        3 => Just(Seat::Human),
        1 => Just(Seat::Ai(Skill::Random)),
        1 => Just(Seat::Ai(Skill::WinOrBlock)),
        1 => (1u32..=3).prop_map(|d| Seat::Ai(Skill::Shallow(d))),
        2 => Just(Seat::Ai(Skill::Perfect)),
    ]
}

fn size() -> impl Strategy<Value = (u16, u16)> {
    prop_oneof![
        2 => (1u16..=30, 1u16..=12),
        3 => (60u16..=160, 20u16..=50),
        1 => (1u16..=250, 1u16..=80),
    ]
}

fn setup() -> impl Strategy<Value = Setup> {
    (
        (rules(), seat(), seat()),
        prop::sample::select(Algorithm::ALL.to_vec()),
        prop::option::weighted(0.2, 1u32..=6),
        (0usize..=4, any::<u64>()),
        (any::<bool>(), any::<bool>(), prop::bool::weighted(0.9)),
        size(),
    )
        .prop_map(
            |((rules, x, o), algorithm, depth, (opening, seed), (heat, hints, mouse), size)| {
                Setup {
                    rules,
                    x,
                    o,
                    algorithm,
                    depth,
                    opening,
                    seed,
                    heat,
                    hints,
                    mouse,
                    size,
                }
            },
        )
}

fn key() -> impl Strategy<Value = (KeyCode, KeyModifiers, KeyEventKind)> {
    use KeyCode::*;
    let named = vec![
        Up, Down, Left, Right, Enter, Backspace, Esc, Tab, BackTab, PageUp, PageDown, Home, End,
        Delete,
    ];
    // Every letter some mode uses, except q (quitting is rare, below).
    let letters: Vec<char> = "hjkl uvrnpmcfwgso?yx+-=123456789e.XOQ".chars().collect();
    let code = prop_oneof![
        6 => prop::sample::select(named),
        10 => prop::sample::select(letters).prop_map(Char),
        1 => any::<char>().prop_map(Char),
        1 => (1u8..=12).prop_map(F),
    ];
    let modifiers = prop_oneof![
        12 => Just(KeyModifiers::NONE),
        1 => Just(KeyModifiers::SHIFT),
        1 => Just(KeyModifiers::CONTROL),
        1 => Just(KeyModifiers::ALT),
    ];
    let kind = prop_oneof![
        10 => Just(KeyEventKind::Press),
        1 => Just(KeyEventKind::Repeat),
        1 => Just(KeyEventKind::Release),
    ];
    prop_oneof![
        40 => (code, modifiers, kind),
        1 => Just((Char('q'), KeyModifiers::NONE, KeyEventKind::Press)),
        1 => Just((Char('c'), KeyModifiers::CONTROL, KeyEventKind::Press)),
    ]
}

fn mouse() -> impl Strategy<Value = MouseEventKind> {
    prop::sample::select(vec![
        MouseEventKind::Down(MouseButton::Left),
        MouseEventKind::Down(MouseButton::Left),
        MouseEventKind::Down(MouseButton::Left),
        MouseEventKind::Down(MouseButton::Right),
        MouseEventKind::Up(MouseButton::Left),
        MouseEventKind::Drag(MouseButton::Left),
        MouseEventKind::Moved,
        MouseEventKind::ScrollUp,
        MouseEventKind::ScrollDown,
    ])
}

fn field() -> impl Strategy<Value = Field> {
    let mut fields = vec![
        Field::Setting("rules"),
        Field::Width,
        Field::Height,
        Field::K,
        Field::Gravity,
        Field::Setting("pace_ms"),
        Field::Setting("algorithm"),
        Field::Setting("time_ms"),
        Field::Setting("depth"),
        Field::Setting("hints"),
        Field::Setting("heat_map"),
        Field::Setting("mouse"),
        Field::Setting("theme"),
    ];
    fields.extend([Field::Setting("x"), Field::Setting("o")]);
    for player in [Player::X, Player::O] {
        fields.push(Field::ShallowDepth(player));
    }
    prop::sample::select(fields)
}

fn replay_command() -> impl Strategy<Value = ReplayCommand> {
    prop::sample::select(vec![
        ReplayCommand::Forward,
        ReplayCommand::Back,
        ReplayCommand::Over,
        ReplayCommand::Out,
        ReplayCommand::NextCutoff,
        ReplayCommand::End,
        ReplayCommand::Restart,
        ReplayCommand::Autoplay,
        ReplayCommand::Faster,
        ReplayCommand::Slower,
        ReplayCommand::Algorithm(Algorithm::Minimax),
        ReplayCommand::Algorithm(Algorithm::Engine),
        ReplayCommand::Close,
    ])
}

/// Actions with arguments, or that keys give only in some modes: sent whatever the mode.
fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        3 => field().prop_map(Action::SettingsClick),
        2 => any::<bool>().prop_map(Action::Answer),
        3 => replay_command().prop_map(Action::Replay),
        3 => (0u64..=2_000).prop_map(|ms| Action::Tick(Duration::from_millis(ms))),
        1 => (prop::sample::select(vec![LogKind::Info, LogKind::Warning]), ".{0,80}")
            .prop_map(|(kind, text)| Action::Log(kind, text)),
        1 => Just(Action::OpenReplay),
        1 => Just(Action::ToggleSettings),
        1 => Just(Action::MoveNow),
        1 => Just(Action::SwapSides),
        1 => (0usize..10).prop_map(Action::Drop),
        1 => Just(Action::Edit),
        1 => prop::option::of(prop::sample::select(vec![Player::X, Player::O]))
            .prop_map(Action::EditMark),
        1 => Just(Action::ClearBoard),
        2 => paste().prop_map(Action::Paste),
    ]
}

/// Pasted text: positions and move lists for some boards (legal or not on the one being
/// played), and anything at all.
fn paste() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(vec![
            "x.o/.x./..o",
            "xxx/oo./...",
            "xx./.../...",
            "x..\n.o.\n...",
            "b2 a3",
            "a1 b1 a2 b2 a3",
            "4453",
            "1111111",
            "......./......./......./......./......./...x...",
            "..../..../.x../.o..",
            "d",
        ])
        .prop_map(String::from),
        1 => ".{0,40}",
    ]
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        30 => key().prop_map(|(code, modifiers, kind)| Step::Key(code, modifiers, kind)),
        6 => (mouse(), any::<u16>(), any::<u16>()).prop_map(|(k, x, y)| Step::Mouse(k, x, y)),
        3 => size().prop_map(|(w, h)| Step::Resize(w, h)),
        5 => any::<u8>().prop_map(Step::Click),
        6 => action().prop_map(Step::Act),
        3 => Just(Step::UndoRedo),
        1 => Just(Step::CopyPaste),
        2 => (1u8..=4, 0u8..=3).prop_map(|(levels, down)| Step::Explore(levels, down)),
        10 => Just(Step::RunPending),
        6 => Just(Step::Hold),
        6 => (any::<usize>(), 1usize..=6).prop_map(|(w, n)| Step::Deliver(w, n)),
        1 => any::<usize>().prop_map(Step::Drop),
    ]
}

/// The app a setup describes: its opening played at random (seeded), the game still running.
fn app(setup: &Setup) -> App {
    let mut options = Options::new(setup.rules);
    let mut rng = StdRng::seed_from_u64(setup.seed);
    let mut start = Position::empty(setup.rules);
    for _ in 0..setup.opening {
        let Some(&mv) = start.legal_moves().choose(&mut rng) else {
            break;
        };
        let next = start.play(mv).expect("a legal move");
        if next.status() != Status::Ongoing {
            break;
        }
        start = next;
        options.opening.push(mv);
    }
    options.start = start;
    options.settings.x = setup.x;
    options.settings.o = setup.o;
    options.settings.algorithm = setup.algorithm;
    options.seed = Some(rng.random());
    options.settings.time_ms = 0;
    options.settings.depth = setup.depth.unwrap_or(0);
    // One thread, as the engine's default.
    options.settings.threads = 1;
    options.settings.heat_map = setup.heat;
    options.settings.hints = setup.hints;
    options.settings.mouse = setup.mouse;
    App::new(options, true)
}

/// Runs one step; checks what only this step can tell.
fn apply(harness: &mut Harness, size: &mut (u16, u16), step: &Step) -> Result<(), TestCaseError> {
    let event = match *step {
        Step::Key(code, modifiers, kind) => {
            Some(Event::Key(KeyEvent::new_with_kind(code, modifiers, kind)))
        }
        Step::Mouse(kind, x, y) => Some(Event::Mouse(MouseEvent {
            kind,
            column: x % (size.0 + 2),
            row: y % (size.1 + 2),
            modifiers: KeyModifiers::NONE,
        })),
        Step::Resize(width, height) => {
            *size = (width, height);
            Some(Event::Resize(width, height))
        }
        _ => None,
    };
    if let Some(event) = event {
        let screen = Rect::new(0, 0, size.0, size.1);
        if let Some(action) = tictree::tui::action(&event, &harness.app, screen) {
            harness.app.update(action);
        }
        harness.submit();
        return Ok(());
    }
    let app = &mut harness.app;
    match step {
        Step::Click(cell) => {
            let cells = app.position().rules().cells();
            app.update(Action::Click(Move((usize::from(*cell) % cells) as u8)));
        }
        Step::Act(action) => app.update(action.clone()),
        Step::UndoRedo => {
            let before = (*app.position(), app.game.moves().to_vec());
            app.update(Action::Undo);
            let undone = *app.position() != before.0;
            app.update(Action::Redo);
            if undone {
                let after = (*app.position(), app.game.moves().to_vec());
                prop_assert_eq!(after, before, "redo did not give back what undo took");
            }
        }
        Step::CopyPaste => {
            let before = *app.position();
            app.update(Action::Copy);
            match app.take_clipboard() {
                Some(text) => {
                    app.update(Action::Paste(text));
                    prop_assert_eq!(*app.position(), before, "a copied position pasted back");
                }
                // Only the game copies: under a popup, in the editor or a replay `y` is not Copy.
                None => prop_assert!(
                    app.popup.is_some() || !matches!(app.mode, tictree::app::Mode::Game)
                ),
            }
        }
        Step::Explore(levels, down) => {
            for _ in 0..3 {
                if harness.app.focus != Focus::Tree {
                    harness.app.update(Action::FocusNext);
                }
            }
            for _ in 0..*levels {
                for _ in 0..*down {
                    harness.app.update(Action::Move(Direction::Down));
                }
                harness.app.update(Action::Move(Direction::Right));
                harness.submit();
                harness.run_pending();
            }
        }
        Step::RunPending | Step::Hold | Step::Deliver(..) | Step::Drop(_) => {
            // Replies alone: any move they make is the AI's, never a human's.
            let (moves, seats_before) = (app.game.moves().len(), seats(app));
            match *step {
                Step::RunPending => harness.run_pending(),
                Step::Hold => harness.hold(),
                Step::Deliver(which, count) => harness.deliver(which, count),
                Step::Drop(which) => harness.drop_held(which),
                _ => unreachable!("matched above"),
            }
            prop_assert_eq!(seats(&harness.app), seats_before);
            prop_assert_eq!(
                human_moves_added(&harness.app, moves),
                0,
                "a search reply played a human's move"
            );
        }
        Step::Key(..) | Step::Mouse(..) | Step::Resize(..) => unreachable!("handled above"),
    }
    harness.submit();
    Ok(())
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn any_session_keeps_the_app_consistent(
        setup in setup(),
        steps in prop::collection::vec(step(), 40..240),
    ) {
        let mut harness = Harness::new(app(&setup));
        let mut size = setup.size;
        check(&harness.app)?;
        render(&harness.app, size.0, size.1);
        for step in &steps {
            apply(&mut harness, &mut size, step)?;
            check(&harness.app)?;
            render(&harness.app, size.0, size.1);
        }
        // Whatever was held arrives in the end, and the game is still sound.
        while !harness.held.is_empty() {
            harness.deliver(0, usize::MAX);
        }
        harness.run_pending();
        check(&harness.app)?;
        for (width, height) in [(1, 1), (2, 1), (1, 2), (20, 5), (80, 24), (200, 60)] {
            render(&harness.app, width, height);
        }
    }
}
