//! Skill levels: how an AI of each strength picks its move (the tutorials' levels). The
//! analysis says what every move is worth; a level decides how much of that the player sees.
//!
//! 1. random; 2. a win if there is one, else a block of the opponent's immediate win, else random;
//! 3. a depth-limited search (two plies unless told) with the heuristic beyond it, random among
//!    its equally valued best moves; 4. perfect: random among the moves with the best exact score.
//!
//! `Strong` is the rule of the strong games that `bench --only realtime` analyses along.

use crate::engine::analysis::appraisal::{Appraisal, best_of};
use crate::engine::analysis::budget::Budget;
use crate::engine::analysis::budgeted::analyze_within_table;
use crate::engine::analysis::exact::Analysis;
use crate::engine::analysis::scorer::Table;
use crate::engine::game::notation::plies;
use crate::engine::game::position::{Move, Player, Position, Status};
use crate::engine::game::score::{Score, WIN, pons};
use crate::engine::search::solver::Solver;
use crate::engine::search::{Algorithm, Cancelled, StopFlag};
use rand::Rng;
use rand::seq::IndexedRandom;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// The depth of level 3 unless told otherwise: its own move and the reply.
pub const SHALLOW_DEPTH: u32 = 2;
/// Skill 3 searches at most this many nodes for one choice, so that even a deep setting on an 8×8
/// board answers within a fraction of a second; a node limit, not a clock, so that equal seeds
/// still give equal games (the deepest depth finished decides).
pub const SHALLOW_NODES: u64 = 400_000;

/// How strong an AI plays: its skill level, 1 to 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Skill {
    /// 1: any legal move.
    Random,
    /// 2: wins at once if it can, else blocks the opponent's immediate win, else random.
    WinOrBlock,
    /// 3: minimax this many plies deep with the heuristic beyond.
    Shallow(u32),
    /// 4: perfect play.
    Perfect,
}

impl Skill {
    /// The level's number, 1 to 4.
    pub fn number(self) -> u8 {
        match self {
            Skill::Random => 1,
            Skill::WinOrBlock => 2,
            Skill::Shallow(_) => 3,
            Skill::Perfect => 4,
        }
    }

    /// A few words for the log: `level 3, 2 plies`.
    pub fn describe(self) -> String {
        match self {
            Skill::Random => "level 1, random".into(),
            Skill::WinOrBlock => "level 2, win or block".into(),
            Skill::Shallow(depth) => format!("level 3, {}", plies(depth)),
            Skill::Perfect => "level 4, perfect".into(),
        }
    }
}

impl fmt::Display for Skill {
    /// `1`, `2`, `3` (or `3:D` at another depth than the default), `4`: what `--x ai:…` takes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skill::Shallow(depth) if *depth != SHALLOW_DEPTH => write!(f, "3:{depth}"),
            level => write!(f, "{}", level.number()),
        }
    }
}

impl FromStr for Skill {
    type Err = String;

    /// `1`, `2`, `3`, `3:D` (D from 1 to 20: level 3 searching D plies), `4`; numbers as every
    /// other number is read, leading zeros too (`01`, `3:05`).
    fn from_str(text: &str) -> Result<Skill, String> {
        let (number, depth) = match text.trim().split_once(':') {
            Some((number, depth)) => (number.trim(), Some(depth.trim())),
            None => (text.trim(), None),
        };
        if number.is_empty() {
            return Err("no level: use 1, 2, 3, 3:DEPTH or 4".into());
        }
        let digits = |text: &str| text.bytes().all(|b| b.is_ascii_digit());
        let level = digits(number).then(|| number.parse::<u32>().ok()).flatten();
        let level = match (level, depth) {
            (Some(1), None) => Skill::Random,
            (Some(2), None) => Skill::WinOrBlock,
            (Some(3), None) => Skill::Shallow(SHALLOW_DEPTH),
            (Some(3), Some("")) => return Err("no depth after '3:': use 1 to 20".into()),
            (Some(3), Some(typed)) => match typed.parse::<u32>() {
                Ok(depth @ 1..=20) if digits(typed) => Skill::Shallow(depth),
                _ => {
                    return Err(format!(
                        "level 3:{typed}: the depth is a number from 1 to 20"
                    ));
                }
            },
            (Some(4), None) => Skill::Perfect,
            _ => return Err(format!("unknown level '{text}': use 1, 2, 3, 3:DEPTH or 4")),
        };
        Ok(level)
    }
}

/// The moves that complete a line for the side to move at once.
pub fn winning_moves(position: &Position) -> Vec<Move> {
    completing(position, position.to_move())
}

/// The moves that take a cell where the opponent would complete a line on its next move.
pub fn blocking_moves(position: &Position) -> Vec<Move> {
    completing(position, position.to_move().opponent())
}

/// The legal moves of the side to move that are cells completing a line of `player`.
fn completing(position: &Position, player: Player) -> Vec<Move> {
    let layout = position.layout();
    let marks = position.marks(player);
    position
        .legal_moves()
        .into_iter()
        .filter(|mv| layout.has_line(marks | layout.bit(mv.cell())))
        .collect()
}

/// Picks the move of a player of `skill` (`None` once the game is over). Perfect play analyses
/// every move exactly with the `engine` algorithm on `table` (a kept engine's table lets a whole
/// game search each position once); on big boards that takes long, so a `limit` makes it think
/// at most that long and play the best it found (exact where it could be), as the game's level
/// 4 does; the clock then decides, so equal seeds may give other moves. `Err(Cancelled)` when
/// `stop` is raised.
pub fn choose(
    skill: Skill,
    position: &Position,
    table: Table<'_>,
    limit: Option<Duration>,
    rng: &mut impl Rng,
    stop: &StopFlag,
) -> Result<Option<Move>, Cancelled> {
    let moves = position.legal_moves();
    let pick = match skill {
        Skill::Random => moves.choose(rng).copied(),
        Skill::WinOrBlock => {
            let wins = winning_moves(position);
            let blocks = blocking_moves(position);
            let pool = [wins, blocks, moves].into_iter().find(|m| !m.is_empty());
            pool.and_then(|pool| pool.choose(rng).copied())
        }
        Skill::Shallow(depth) => {
            let budget = Budget {
                depth: Some(depth),
                nodes: Some(SHALLOW_NODES),
                ..Budget::UNLIMITED
            };
            // Without a clock only the depth-limited search runs: `table` is not used.
            let appraisal =
                analyze_within_table(position, Algorithm::Engine, &budget, table, stop, |_| {})?;
            choose_among(&appraisal, rng)
        }
        Skill::Perfect => {
            let budget = limit.map_or(Budget::UNLIMITED, Budget::time);
            let appraisal =
                analyze_within_table(position, Algorithm::Engine, &budget, table, stop, |_| {})?;
            choose_among(&appraisal, rng)
        }
    };
    Ok(pick)
}

/// A random move among the best of an analysis (exact or budgeted): perfect play as far as the
/// analysis knows.
pub fn choose_among(appraisal: &Appraisal, rng: &mut impl Rng) -> Option<Move> {
    best_of(&appraisal.moves).choose(rng).copied()
}

/// How the strong players of the real-time benchmark pick their moves (`examples/strong_games.rs`,
/// docs/benchmarks.md, "Real time along strong games"): at random among the moves with the best
/// exact score, except that with probability `chance` they pick at random among every move within
/// `slack` points of the best on Pons' scale (`score::pons`), as a strong human might when the
/// difference is a few stones of a long game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strong {
    /// Points below the best on Pons' scale a sometimes-pick may lose.
    pub slack: i32,
    /// Probability, each move, of choosing among the moves within the slack.
    pub chance: f64,
}

impl Strong {
    /// The players of `data/realtime/connect4-games.txt`: within 2 points, one move in five.
    pub const BENCH: Strong = Strong {
        slack: 2,
        chance: 0.2,
    };

    /// The move of a strong player given the exact analysis of its position (`None` once the game
    /// is over). Draws from `rng` exactly twice, whatever the analysis: equal seeds, equal games.
    pub fn choose(&self, analysis: &Analysis, rng: &mut impl Rng) -> Option<Move> {
        let loose = rng.random_bool(self.chance.clamp(0.0, 1.0));
        let pool = self.pool(analysis, loose);
        let pick = rng.random_range(0..pool.len().max(1));
        pool.get(pick).copied()
    }

    /// The moves `choose` picks among: the best ones, or (`loose`) those within the slack.
    pub fn pool(&self, analysis: &Analysis, loose: bool) -> Vec<Move> {
        if !loose {
            return analysis.best();
        }
        let position = &analysis.position;
        let on_pons = |score: Score| pons_of(score, position);
        let Some(best) = analysis.moves.iter().map(|m| on_pons(m.score)).max() else {
            return Vec::new();
        };
        analysis
            .moves
            .iter()
            .filter(|m| on_pons(m.score) >= best - self.slack)
            .map(|m| m.mv)
            .collect()
    }
}

/// A move's exact score on Pons' scale: ±(cells + 2 − T) / 2 for a game ending with T marks, as
/// the column values of the empty Connect Four board, -2 -1 0 1 0 -1 -2.
pub fn pons_of(score: Score, position: &Position) -> i32 {
    let ended = position.ply() + score.plies;
    let value = score.score.signum() * (WIN - ended as i32);
    pons(value, position.rules().cells())
}

/// One game between two players, as `play_game` played it.
#[derive(Clone, Debug)]
pub struct Played {
    /// The moves from the start position.
    pub moves: Vec<Move>,
    /// How the game ended.
    pub status: Status,
    /// Time each side spent choosing, X then O.
    pub thinking: [Duration; 2],
}

/// Plays `start` out between a player of skill `x` and one of skill `o`, all choices drawn from
/// `rng` (equal seeds, equal games, unless a `limit` lets the clock decide perfect play's moves:
/// see `choose`). Perfect play runs on `solver`, kept across moves and games.
pub fn play_game(
    start: &Position,
    [x, o]: [Skill; 2],
    limit: Option<Duration>,
    solver: &mut Solver,
    rng: &mut impl Rng,
    stop: &StopFlag,
) -> Result<Played, Cancelled> {
    let mut position = *start;
    let mut moves = Vec::new();
    let mut thinking = [Duration::ZERO; 2];
    while position.status() == Status::Ongoing {
        let side = position.to_move();
        let skill = if side == Player::X { x } else { o };
        let started = Instant::now();
        let Some(mv) = choose(skill, &position, Table::Kept(solver), limit, rng, stop)? else {
            break;
        };
        thinking[usize::from(side == Player::O)] += started.elapsed();
        position = position.play(mv).map_err(|_| Cancelled)?;
        moves.push(mv);
    }
    Ok(Played {
        moves,
        status: position.status(),
        thinking,
    })
}
