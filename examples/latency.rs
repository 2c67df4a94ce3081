//! Responsiveness of the real game, measured as a user feels it: the release binary in a
//! pseudo-terminal, a key that changes the screen pressed again and again while the heaviest
//! searches run, and the time from each key press to the first byte of the new frame. Also: how
//! fast a search on the biggest board gives up when cancelled, how much CPU an idle game uses, and
//! how soon after it starts the Connect Four game shows all seven first moves exact (the book).
//!
//! `cargo build --release && cargo run --release --example latency` (figures in
//! docs/benchmarks.md); `… --example latency -- first` runs only the last measurement. A
//! benchmark, not a test: the numbers depend on the machine.

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};
use tictree::engine::{Algorithm, Budget, Position, Rules, StopFlag, analyze_within};

/// Key presses per scenario, and the pause between them (a fast key repeat).
const PRESSES: usize = 200;
const BETWEEN: Duration = Duration::from_millis(30);

fn main() {
    let binary = std::env::current_dir()
        .expect("a working directory")
        .join("target/release/tictree");
    assert!(binary.exists(), "build it first: cargo build --release");
    let binary = binary.to_str().expect("a UTF-8 path").to_string();
    first_answer(&binary);
    if std::env::args().nth(1).as_deref() == Some("first") {
        return;
    }
    println!("key press → first byte of the new frame, {PRESSES} presses {BETWEEN:?} apart");
    // Without the book, so the opening's search is the heavy one it measures.
    let connect4 = ["--rules", "connect4", "--time-ms", "0", "--no-book"];
    let eight = ["--rules", "8x8k5", "--time-ms", "0"];
    // The cursor keys move the board cursor: every press changes the frame.
    latency(
        &binary,
        "Connect Four opening, exact hint search running",
        &connect4,
        &[],
        b"\x1b[C",
        b"\x1b[D",
    );
    latency(
        &binary,
        "8x8 k=5, exact hint search running",
        &eight,
        &[],
        b"\x1b[C",
        b"\x1b[D",
    );
    // `s` opens the replay and its million-node count runs in the background; → and ← step.
    latency(
        &binary,
        "Connect Four replay, counted in the background",
        &["--rules", "connect4", "--no-book"],
        b"s3",
        b"\x1b[C",
        b"\x1b[D",
    );
    cancellation();
    idle(&binary);
}

/// From the start of the process to the screen showing the empty Connect Four board's seven moves
/// all exact (the tree's footer `7 moves · … nodes`, written once the analysis is done), with the
/// built-in book and two threads, as `tictree --rules connect4` starts.
fn first_answer(binary: &str) {
    const RUNS: usize = 20;
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let started = Instant::now();
        let game = Game::start(binary, &["--rules", "connect4", "--threads", "2"]);
        let mut screen = vt100::Parser::new(
            40.try_into().expect("rows"),
            120.try_into().expect("cols"),
            0,
        );
        let deadline = started + Duration::from_secs(60);
        let mut done = false;
        while !done && Instant::now() < deadline {
            if let Ok(bytes) = game.output.recv_timeout(Duration::from_millis(50)) {
                screen.process(&bytes);
                done = screen.screen().contents().contains("7 moves · ");
            }
        }
        assert!(done, "no exact analysis within a minute");
        times.push(started.elapsed());
        game.quit();
    }
    times.sort();
    println!(
        "Connect Four start → all 7 moves exact on screen: median {:.0} ms, max {:.0} ms ({RUNS} runs)",
        times[RUNS / 2].as_secs_f64() * 1e3,
        times[RUNS - 1].as_secs_f64() * 1e3
    );
}

/// A game in a pseudo-terminal and the bytes it writes.
struct Game {
    child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
}

impl Game {
    fn start(binary: &str, args: &[&str]) -> Game {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: 40,
                cols: 120,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(binary);
        command.args(args);
        command.arg("--no-mouse");
        command.env("TERM", "xterm-256color");
        // No user config file: the flags alone decide.
        command.env(
            "XDG_CONFIG_HOME",
            std::env::temp_dir().join("tictree-latency"),
        );
        let child = pty.slave.spawn_command(command).expect("tictree starts");
        let mut reader = pty.master.try_clone_reader().expect("a reader");
        let writer = pty.master.take_writer().expect("a writer");
        let (sender, output) = channel();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 65536];
            while let Ok(n) = reader.read(&mut buffer) {
                if n == 0 || sender.send(buffer[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Game {
            child,
            _master: pty.master,
            writer,
            output,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("a key");
        self.writer.flush().expect("sent");
    }

    /// Drops everything written so far (frames of the search's progress).
    fn drain(&self) {
        while self.output.try_recv().is_ok() {}
    }

    fn quit(mut self) {
        self.send(b"q");
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
    }
}

/// Presses `forth` and `back` in turn and reports the key-to-frame latencies.
fn latency(binary: &str, name: &str, args: &[&str], setup: &[u8], forth: &[u8], back: &[u8]) {
    let mut game = Game::start(binary, args);
    std::thread::sleep(Duration::from_millis(1500));
    for &key in setup {
        game.send(&[key]);
        std::thread::sleep(Duration::from_millis(200));
    }
    let mut samples = Vec::with_capacity(PRESSES);
    for press in 0..PRESSES {
        game.drain();
        let key = if press % 2 == 0 { forth } else { back };
        let sent = Instant::now();
        game.send(key);
        // The first bytes after the key: the frame it changed (the search's own redraws were
        // drained just before, and arrive at most every few milliseconds anyway).
        if game.output.recv_timeout(Duration::from_secs(2)).is_ok() {
            samples.push(sent.elapsed());
        }
        std::thread::sleep(BETWEEN);
    }
    game.quit();
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    println!(
        "{name}: {} answered, median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        samples.len(),
        ms(at(0.5)),
        ms(at(0.99)),
        ms(*samples.last().expect("answers"))
    );
}

/// How long the exact analysis of the empty 8×8 k=5 board takes to give up once stopped.
fn cancellation() {
    let position = Position::empty(Rules::new(8, 8, 5, false).expect("8x8k5"));
    let mut worst = Duration::ZERO;
    for _ in 0..10 {
        let stop = StopFlag::default();
        let flag = stop.clone();
        let search = std::thread::spawn(move || {
            let _ = analyze_within(
                &position,
                Algorithm::Engine,
                &Budget::UNLIMITED,
                &flag,
                |_| {},
            );
            Instant::now()
        });
        std::thread::sleep(Duration::from_millis(300));
        let stopped = Instant::now();
        stop.stop();
        let ended = search.join().expect("the search ends");
        worst = worst.max(ended - stopped);
    }
    println!(
        "8x8 k=5 exact analysis, stop → returned: worst of 10 {:.2} ms",
        ms(worst)
    );
}

/// CPU seconds the game uses over 10 idle seconds on the 3×3 board (its analysis long done).
fn idle(binary: &str) {
    let game = Game::start(binary, &[]);
    std::thread::sleep(Duration::from_secs(2));
    let pid = game.child.process_id().expect("a process id");
    let before = cpu_seconds(pid);
    std::thread::sleep(Duration::from_secs(10));
    let after = cpu_seconds(pid);
    game.quit();
    println!("idle 3×3 game: {:.3} CPU seconds in 10 s", after - before);
}

/// User plus system time of a process, from /proc (Linux).
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc");
    // Fields after the command name (which may hold spaces, so split after its closing paren).
    let rest = &stat[stat.rfind(')').expect("a command name") + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 =
        fields[11].parse::<f64>().expect("utime") + fields[12].parse::<f64>().expect("stime");
    // SAFETY: sysconf has no memory-safety preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    ticks / per_second
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}
