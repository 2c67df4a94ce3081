//! `tictree selfplay`: AI against AI without a screen, many games, and the tally: wins, draws and
//! losses, game lengths, thinking time per move. Progress goes to stderr, only on a terminal;
//! Ctrl-C ends the series early and prints the tally of the games finished, marked partial.

use super::args::SelfplayArgs;
use crate::cli::common::error::{CliError, Ending};
use crate::cli::common::format::{RulesJson, json_ms};
use crate::cli::common::interrupt::Interrupt;
use crate::cli::common::progress::StatusLines;
use crate::engine::skill::{Played, play_game};
use crate::engine::{Player, Position, Rules, Skill, Solver, Status};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::Serialize;
use std::time::{Duration, Instant};

/// The results of a series of games, as `--json` prints them.
#[derive(Serialize, Default)]
struct Tally {
    rules: RulesJson,
    start: String,
    x: String,
    o: String,
    seed: u64,
    /// Level 4's time a move, in milliseconds; `null`: no limit (exact play).
    time_ms: Option<u64>,
    games: u64,
    x_wins: u64,
    o_wins: u64,
    draws: u64,
    /// The shortest, longest and mean game; `null` when no game finished (Ctrl-C during the first).
    plies_min: Option<u32>,
    plies_max: Option<u32>,
    plies_mean: Option<f64>,
    /// Mean thinking time per move of each side, in milliseconds.
    /// `null` when the side played no move of a finished game.
    x_ms_per_move: Option<f64>,
    o_ms_per_move: Option<f64>,
    elapsed_ms: f64,
    /// Present (true) only when Ctrl-C ended the series before `games` were played.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    partial: bool,
    #[serde(skip)]
    plies_total: u64,
    #[serde(skip)]
    thinking: [Duration; 2],
    #[serde(skip)]
    moves: [u64; 2],
}

impl Tally {
    fn add(&mut self, played: &Played, start: &Position) {
        self.games += 1;
        match played.status {
            Status::Won(Player::X) => self.x_wins += 1,
            Status::Won(Player::O) => self.o_wins += 1,
            _ => self.draws += 1,
        }
        let plies = played.moves.len() as u32;
        self.plies_min = Some(self.plies_min.map_or(plies, |min| min.min(plies)));
        self.plies_max = Some(self.plies_max.map_or(plies, |max| max.max(plies)));
        self.plies_total += u64::from(plies);
        // X moves first from an even number of marks.
        let x_first = start.to_move() == Player::X;
        let x_moves = if x_first {
            plies.div_ceil(2)
        } else {
            plies / 2
        };
        self.moves[0] += u64::from(x_moves);
        self.moves[1] += u64::from(plies - x_moves);
        self.thinking[0] += played.thinking[0];
        self.thinking[1] += played.thinking[1];
    }

    fn finish(&mut self, elapsed: Duration) {
        // Three decimals, as the times are: the text shows one, scripts need no more.
        let mean = self.plies_total as f64 / self.games.max(1) as f64;
        self.plies_mean = (self.games > 0).then_some((mean * 1e3).round() / 1e3);
        let per_move = |time: Duration, moves: u64| {
            (moves > 0).then(|| json_ms(time.as_secs_f64() * 1e3 / moves as f64))
        };
        self.x_ms_per_move = per_move(self.thinking[0], self.moves[0]);
        self.o_ms_per_move = per_move(self.thinking[1], self.moves[1]);
        self.elapsed_ms = json_ms(elapsed.as_secs_f64() * 1e3);
    }

    fn percent(&self, count: u64) -> f64 {
        100.0 * count as f64 / self.games.max(1) as f64
    }
}

/// Plays the games and prints the tally (partial after Ctrl-C: the games finished by then).
pub fn run(args: &SelfplayArgs) -> Result<Ending, CliError> {
    let start = args.game.position(None)?;
    if start.status() != Status::Ongoing {
        return Err(CliError(
            "the game is already over in that position: nothing to play".into(),
        ));
    }
    let [x, o] = args.skills()?;
    let games = args.games;
    super::book::consult(&args.book, *start.rules());
    // A random seed is printed to be given back: below 2^32, short to type and exact in any
    // JSON reader (doubles hold whole numbers to 2^53).
    let seed = args
        .seed
        .unwrap_or_else(|| u64::from(rand::random::<u32>()));
    let mut tally = Tally {
        rules: start.rules().into(),
        start: start.to_notation(),
        x: format!("ai:{x}"),
        o: format!("ai:{o}"),
        seed,
        time_ms: args.limit().map(|_| args.time_ms),
        ..Tally::default()
    };
    if !args.json {
        // Written at once: a reader that wants only the heading has it, and one that goes away
        // ends the series (`end_if_reader_gone` after each game).
        crate::out!("{}", heading(&tally, *start.rules(), [x, o]));
    }
    let interrupt = Interrupt::catch();
    let stop = interrupt.flag();
    let mut solver = Solver::new(start.layout(), stop.clone());
    let mut rng = StdRng::seed_from_u64(seed);
    let mut progress = Progress::new(games);
    let started = Instant::now();
    for _ in 0..games {
        // A game cut short by Ctrl-C has no result: it is left out of the tally.
        let Ok(played) = play_game(&start, [x, o], args.limit(), &mut solver, &mut rng, stop)
        else {
            break;
        };
        tally.add(&played, &start);
        crate::cli::common::output::end_if_reader_gone();
        progress.show(&tally);
        if stop.is_stopped() {
            break;
        }
    }
    progress.clear();
    // A Ctrl-C after the last game changes nothing.
    tally.partial = tally.games < games;
    tally.finish(started.elapsed());
    if args.json {
        let text = serde_json::to_string(&tally)
            .map_err(|e| CliError(format!("cannot write JSON: {e}")))?;
        crate::outln!("{text}");
    } else {
        crate::out!("{}", table(&tally));
        if tally.partial {
            crate::outln!(
                "partial: interrupted ({cause}) after {} of {games} games",
                tally.games,
                cause = crate::cli::common::interrupt::cause()
            );
        }
    }
    Ok(if tally.partial {
        Ending::Interrupted
    } else {
        Ending::Done
    })
}

/// The lines of the table known before any game: what is played, by whom, from where.
fn heading(tally: &Tally, rules: Rules, [x, o]: [Skill; 2]) -> String {
    // Level 4 within a time limit plays the best it found, not always a perfect move.
    let describe = |skill: Skill| match (skill, tally.time_ms) {
        (Skill::Perfect, Some(ms)) => format!("level 4, the best found in {ms} ms a move"),
        _ => skill.describe().to_string(),
    };
    format!(
        "selfplay  {}  from {}  seed {}\nX         {} ({})\nO         {} ({})\n",
        rules,
        tally.start,
        tally.seed,
        tally.x,
        describe(x),
        tally.o,
        describe(o),
    )
}

/// The rest of the table: the tally of the games played.
fn table(tally: &Tally) -> String {
    let row =
        |name: &str, count: u64| format!("{name:<9} {count:>7}  {:>5.1}%\n", tally.percent(count));
    let mut out = format!("games     {:>7}\n", tally.games);
    out.push_str(&row("X wins", tally.x_wins));
    out.push_str(&row("O wins", tally.o_wins));
    out.push_str(&row("draws", tally.draws));
    let plies = match (tally.plies_min, tally.plies_mean, tally.plies_max) {
        (Some(min), Some(mean), Some(max)) => format!("min {min}  mean {mean:.1}  max {max}"),
        _ => "none: no game finished".into(),
    };
    // Only finished games count: a side with no move in one has no time a move.
    let per_move = |ms: Option<f64>| ms.map_or("-".into(), |ms| format!("{ms:.3} ms/move"));
    out.push_str(&format!(
        "plies     {plies}\nthinking  X {}  O {}  ({:.2} s in all)\n",
        per_move(tally.x_ms_per_move),
        per_move(tally.o_ms_per_move),
        tally.elapsed_ms / 1e3
    ));
    out
}

/// A progress bar on stderr, only when it is a terminal (`progress::StatusLines`).
struct Progress {
    games: u64,
    lines: StatusLines,
}

impl Progress {
    fn new(games: u64) -> Progress {
        Progress {
            games,
            lines: StatusLines::new(),
        }
    }

    fn show(&mut self, tally: &Tally) {
        let games = self.games;
        self.lines.show(|| {
            let width = 30;
            let done = (tally.games * width / games) as usize;
            let bar = format!("{}{}", "█".repeat(done), "░".repeat(width as usize - done));
            vec![format!(
                "{bar} {} of {games} games played · X {} · O {} · draws {}",
                tally.games, tally.x_wins, tally.o_wins, tally.draws
            )]
        });
    }

    fn clear(&mut self) {
        self.lines.clear();
    }
}
