//! Writes the strong Connect Four games that `tictree bench --only realtime` analyses along
//! (docs/benchmarks.md, "Real time along strong games"): N games between players who pick at
//! random among their best moves, and sometimes among the moves within 2 points of the best on
//! Pons' scale (`engine::skill::Strong::BENCH`), every position analysed exactly.
//!
//! ```text
//! cargo run --release --example strong_games -- [--games 10] [--seed 1] [--threads 1]
//!     [--hash 512] [--out data/realtime/connect4-games.txt]
//! ```
//!
//! Equal seeds give equal files: the choices depend only on the exact scores and the seed, not on
//! the threads, the table or the book (which only make the analyses faster). The file is rewritten
//! after every game, so an interrupted run leaves the games finished. It costs minutes of CPU:
//! positions of 3 to 10 plies take seconds to tens of seconds each.

use rand::SeedableRng;
use rand::rngs::StdRng;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;
use tictree::cli::bench::realtime::GameLine;
use tictree::engine::skill::Strong;
use tictree::engine::{
    Algorithm, Analysis, Player, Position, Rules, Solver, Status, StopFlag, Table,
    analyze_parallel, book,
};

struct Options {
    games: u32,
    seed: u64,
    threads: usize,
    hash_mb: usize,
    out: String,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        games: 10,
        seed: 1,
        threads: 1,
        hash_mb: 512,
        out: "data/realtime/connect4-games.txt".into(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let number = |what: &str| -> Result<u64, String> {
            value
                .parse()
                .map_err(|_| format!("{what} {value}: not a whole number"))
        };
        match flag.as_str() {
            "--games" => options.games = number("--games")? as u32,
            "--seed" => options.seed = number("--seed")?,
            "--threads" => options.threads = number("--threads")?.max(1) as usize,
            "--hash" => options.hash_mb = number("--hash")?.max(1) as usize,
            "--out" => options.out = value,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(options)
}

fn main() -> Result<(), String> {
    let options = options()?;
    let built_in = book::built_in()?;
    let book_plies = built_in.plies();
    book::install(Some(Arc::new(built_in)));
    let rules = Rules::CONNECT4;
    let stop = StopFlag::default();
    // One table for the whole run: a game's positions share most of their subtrees.
    let mut solver = Solver::with_hash(
        Position::empty(rules).layout(),
        stop.clone(),
        options.hash_mb << 20,
    );
    let mut rng = StdRng::seed_from_u64(options.seed);
    let strong = Strong::BENCH;
    let mut text = header(&options, strong, book_plies);
    let mut written = HashSet::new();
    let started = Instant::now();
    for game in 1..=options.games {
        let (mut position, mut moves) = (Position::empty(rules), String::new());
        let mut lines = Vec::new();
        while position.status() == Status::Ongoing {
            let analysed = Instant::now();
            let analysis = analyze_parallel(
                &position,
                Algorithm::Engine,
                Table::Kept(&mut solver),
                options.threads,
                &stop,
                |_| {},
            )
            .map_err(|_| "cancelled".to_string())?;
            if written.insert(moves.clone()) {
                lines.push(GameLine::of(&analysis, &moves).to_string());
            }
            let mv = strong.choose(&analysis, &mut rng).ok_or("no move")?;
            eprintln!(
                "game {game} ply {:>2}: {:>7.2} s ({:.0} s in all), plays {}",
                position.ply(),
                analysed.elapsed().as_secs_f64(),
                started.elapsed().as_secs_f64(),
                column(&analysis, mv)
            );
            moves.push_str(&column(&analysis, mv));
            position = position.play(mv).map_err(|e| e.to_string())?;
        }
        let result = match position.status() {
            Status::Won(Player::X) => "first player wins",
            Status::Won(Player::O) => "second player wins",
            _ => "draw",
        };
        text.push_str(&format!("# game {game}: {moves} ({result})\n"));
        for line in lines {
            text.push_str(&line);
            text.push('\n');
        }
        // Whole, then renamed: the file is never half-written.
        let partial = format!("{}.tmp", options.out);
        std::fs::write(&partial, &text).map_err(|e| format!("{partial}: {e}"))?;
        std::fs::rename(&partial, &options.out).map_err(|e| format!("{}: {e}", options.out))?;
    }
    eprintln!(
        "{} positions in {:.0} s, written to {}",
        written.len(),
        started.elapsed().as_secs_f64(),
        options.out
    );
    Ok(())
}

/// A move's column digit.
fn column(analysis: &Analysis, mv: tictree::engine::Move) -> String {
    (mv.row_col(analysis.position.rules()).1 + 1).to_string()
}

/// The `#` lines at the top of the file: what it holds, and the command that wrote it.
fn header(options: &Options, strong: Strong, book_plies: u32) -> String {
    format!(
        "# Strong Connect Four games for `tictree bench --only realtime` (docs/benchmarks.md,\n\
         # \"Real time along strong games\"), written by\n\
         #   cargo run --release --example strong_games -- --games {games} --seed {seed} --threads {threads} --hash {hash}\n\
         # Seed {seed}. Each side picks at random among its moves with the best exact score, except\n\
         # that with probability {chance} it picks at random among the moves within {slack} points of\n\
         # the best on Pons' scale (engine::skill::Strong::BENCH; rand's StdRng from the seed). The\n\
         # exact scores, hence the games, do not depend on --threads, --hash or the book ({book}\n\
         # plies, built in), which only make the analyses faster.\n\
         # One line per position, each once (where it first occurs), in the order played: the moves\n\
         # from the empty board in column digits (1 = left; `-` for the empty board), then the exact\n\
         # depth-aware score of each column 1..7 for the side to move (docs/algorithms.md: +N a win,\n\
         # -N a loss, 0 a draw; `.` a full column). A `# game` line gives each game whole before\n\
         # its new positions.\n",
        games = options.games,
        seed = options.seed,
        threads = options.threads,
        hash = options.hash_mb,
        chance = strong.chance,
        slack = strong.slack,
        book = book_plies,
    )
}
