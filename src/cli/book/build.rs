//! `tictree book build`: solves the plan's last ply on every core, remembering each answer in a
//! checkpoint (`FILE.partial`, one `key score` line per position, flushed as it comes) so that an
//! interrupted build resumes where it stopped; then writes the book (to `FILE.tmp`, renamed over
//! FILE once complete, so FILE is never half-written) and removes the checkpoint. The book depends
//! only on the rules and the plies: a resumed build writes the same bytes as an uninterrupted one.

use super::lock::BuildLock;
use super::solve_live;
use crate::cli::args::BookBuildArgs;
use crate::cli::common::error::{CliError, Ending, as_typed, named};
use crate::cli::common::interrupt::Interrupt;
use crate::cli::common::progress::{Live, seconds};
use crate::engine::analysis::book_build::{BYTES_PER_LISTED, Listing, Plan, Unlisted};
use crate::engine::book::{Header, score_fits};
use crate::engine::game::notation::{self, count, thousands};
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Runs `tictree book build`.
pub fn run(args: &BookBuildArgs) -> Result<Ending, CliError> {
    // Caught first: listing the positions and writing the book take seconds on deep books too.
    let interrupt = Interrupt::catch();
    let rules = args.rules.rules()?;
    let plies = args.plies;
    // A book of more plies than cells would be refused by every reader.
    if plies as usize > rules.cells() {
        return Err(CliError(format!(
            "--plies {plies}: more than the {} cells of {rules}; every game is over by then",
            rules.cells()
        )));
    }
    let threads = args.threads.count();
    let hash = args.table_bytes(threads);
    // Said before the search, which can take hours, and not after it.
    let out = &book_file(Path::new(&args.out))?;
    let tmp = tmp_path(out);
    if std::fs::symlink_metadata(&tmp).is_ok_and(|metadata| !metadata.is_file()) {
        return Err(CliError(format!(
            "--out {}: {} is in the way (the book is written there, then renamed): it is not a \
             regular file; remove it",
            as_typed(&args.out),
            named(&tmp)
        )));
    }
    // Every write that fails from now on is said as a problem of `--out`, as the refusals above.
    let writes = Writes {
        typed: &args.out,
        book: out,
    };
    // Before the listing, which takes minutes on deep books: the other build may be listing too.
    let lock = BuildLock::take(out, &args.out)?;
    let checkpoint = out.with_file_name(format!("{}.partial", file_name(out)));
    let listing = Arc::new(Listing::default());
    let shown = Arc::clone(&listing);
    let listing_line = Live::start(move || {
        vec![format!(
            "book: listing the positions · ply {} of {plies} · {} so far",
            shown.ply.load(Ordering::Relaxed),
            thousands(shown.positions.load(Ordering::Relaxed) as u64)
        )]
    });
    let most = args.listing_most();
    let plan = Plan::new(rules, plies, most, interrupt.flag(), &listing);
    listing_line.finish();
    let plan = match plan {
        Ok(plan) => plan,
        Err(Unlisted::Stopped) => {
            crate::errln!(
                "tictree: book build interrupted ({cause}) while listing the positions: nothing searched yet",
                cause = crate::cli::common::interrupt::cause()
            );
            return Ok(Ending::Interrupted);
        }
        Err(Unlisted::TooMany { ply, listed }) => {
            return Err(CliError(format!(
                "--plies {plies}: too many positions for the memory available: {} by ply {ply} \
                 already take the {} MiB a listing may use (half the memory available); build \
                 fewer plies",
                thousands(listed as u64),
                thousands((most.saturating_mul(BYTES_PER_LISTED) >> 20) as u64)
            )));
        }
    };
    let heading = format!("tictree book checkpoint: rules {rules}, plies {plies}");
    let mut solved = read_checkpoint(&checkpoint, &heading, &plan)?;
    let taken = take_version_1_values(out, &plan, &mut solved);
    let resumed = solved.len();
    // Rewritten whole, so a line cut short by a crash is not continued by the next one.
    rewrite_checkpoint(&checkpoint, &heading, &solved, &writes)?;
    let todo: Vec<usize> = (0..plan.frontier().len())
        .filter(|&i| !solved.contains_key(&plan.frontier()[i].0))
        .collect();
    let positions: Vec<_> = todo.iter().map(|&i| plan.frontier()[i].1).collect();
    let writer = Mutex::new(Checkpoint::append(&checkpoint, &writes)?);
    let total = plan.frontier().len();
    let started = Instant::now();
    let found = Mutex::new(Vec::with_capacity(positions.len()));
    let outcome = solve_live(
        &positions,
        threads,
        hash,
        move |done, elapsed| progress_line(total, resumed, resumed + done, elapsed),
        &|index, score| {
            let key = plan.frontier()[todo[index]].0;
            locked(&writer).record(key, score);
            locked(&found).push((key, score));
        },
        interrupt.flag(),
    );
    let searched_in = started.elapsed();
    if let Some(error) = locked(&writer).failed.take() {
        return Err(writes.failed(&checkpoint, error));
    }
    solved.extend(locked(&found).drain(..));
    if outcome.is_err() {
        crate::errln!(
            "tictree: stopped after {} of {} positions; run the same command again to resume from {}",
            thousands(solved.len() as u64),
            thousands(total as u64),
            named(&checkpoint)
        );
        return Ok(Ending::Interrupted);
    }
    let writing = Live::start(move || {
        vec![format!(
            "book: {} positions searched · the plies above them from their values…",
            thousands(total as u64)
        )]
    });
    let book = plan.finish(&solved, interrupt.flag());
    writing.finish();
    let Some(book) = book? else {
        crate::errln!(
            "tictree: stopped after all {} positions were searched, before the book was written; run the same command again to write it from {}",
            thousands(total as u64),
            named(&checkpoint)
        );
        return Ok(Ending::Interrupted);
    };
    write_whole(out, book.bytes(), &writes)?;
    let _ = std::fs::remove_file(&checkpoint);
    // The build is over: its lock goes before the last line is written, as writing it can end
    // the process (its reader gone, a full disk: `output::out`), with no drop run after that.
    drop(lock);
    let taken = match taken {
        0 => String::new(),
        n => format!(
            " ({} taken from the version-1 book it replaces)",
            thousands(n as u64)
        ),
    };
    crate::cli::common::output::out(&format!(
        "wrote {}: {rules}, {}, {}, {} bytes; {} searched in {} on {}{taken}\n",
        named(out),
        notation::plies(plies),
        entries(book.len()),
        thousands(book.bytes().len() as u64),
        count((total - resumed) as u64, "position"),
        took(searched_in),
        count(threads as u64, "thread"),
    ));
    Ok(Ending::Done)
}

/// A book of format version 1 at `out` for the same rules and plies (its checksum left the
/// header out, so this tictree reads it no more) is rebuilt in the current format from its
/// values: those of the positions the build would search are taken into `solved`, unless the
/// checkpoint has them, rather than searched again. How many were taken.
fn take_version_1_values(out: &Path, plan: &Plan, solved: &mut HashMap<u128, i8>) -> usize {
    if !out.exists() {
        return 0;
    }
    // A version-1 book that cannot serve is said so before a search that may take hours.
    let searching_afresh = |why: &str| {
        crate::cli::common::output::err_line(&format!(
            "tictree: warning: {}: {why}: its values are not taken, every position is searched",
            named(out)
        ));
    };
    let old = match super::read_any_version(out) {
        Ok(old) if old.is_version_1() => old,
        Ok(_) => return 0,
        Err(e) => {
            if version_1_header(out) {
                searching_afresh(&format!("a version-1 book that cannot be read ({})", e.0));
            }
            return 0;
        }
    };
    if old.rules() != plan.rules() || old.plies() != plan.plies() {
        searching_afresh(&format!(
            "a version-1 book of {}, {}, not of this build",
            old.rules(),
            notation::plies(old.plies())
        ));
        return 0;
    }
    let cells = plan.rules().cells() as u32;
    let mut taken = 0;
    for (key, position) in plan.frontier() {
        if let Some(score) = old.score_of(*key)
            && score_fits(score, position.ply(), cells)
            && !solved.contains_key(key)
        {
            solved.insert(*key, score);
            taken += 1;
        }
    }
    taken
}

/// `1 entry`, `10,501 entries`.
fn entries(n: usize) -> String {
    match n {
        1 => "1 entry".into(),
        n => format!("{} entries", thousands(n as u64)),
    }
}

/// `850 ms`, `12.3 s`, `39.1 min`, `2.4 h`: a build's time at a glance.
fn took(elapsed: Duration) -> String {
    match elapsed.as_secs_f64() {
        s if s < 120.0 => seconds(elapsed),
        s if s < 7200.0 => format!("{:.1} min", s / 60.0),
        s => format!("{:.1} h", s / 3600.0),
    }
}

/// Where `--out` writes: the path itself, or the end of the chain of links there (the book
/// replaces that file and the links stay, as the config file is written). Refused before any
/// search: an empty path, a name ending with `/`, a directory that is not there, a directory, a
/// device or a pipe (the book is written beside the path and renamed over it, which would replace
/// `/dev/null` itself), a read-only file or one that cannot be written.
fn book_file(out: &Path) -> Result<PathBuf, CliError> {
    let refuse = |why: &str| CliError(format!("--out {}: {why}", named(out)));
    if out.as_os_str().is_empty() {
        return Err(CliError(
            "--out is empty: name the book file to write".into(),
        ));
    }
    // `x.book/` names a directory, which the book could never be renamed to: said now, not
    // after the search (with a checkpoint `x.book.partial` left beside it).
    if out.to_string_lossy().ends_with(std::path::is_separator) {
        return Err(refuse(
            "ends with a '/', so names a directory; --out names the book file to write",
        ));
    }
    let target = crate::config::resolve(out).map_err(|e| refuse(&e.to_string()))?;
    let metadata = match std::fs::metadata(&target) {
        // Not there yet: its directory must be, or the checkpoint's first write would fail
        // after the positions are listed.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return match target.parent() {
                Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => Err(refuse(&format!(
                    "no directory {}: create it first",
                    named(dir)
                ))),
                _ => Ok(target),
            };
        }
        Err(e) => return Err(refuse(&e.to_string())),
        Ok(metadata) => metadata,
    };
    if metadata.is_dir() {
        return Err(refuse("is a directory; --out names the book file to write"));
    }
    if !metadata.is_file() {
        return Err(refuse(
            "is not a regular file (a device or a pipe); --out names the book file to write",
        ));
    }
    if metadata.permissions().readonly() {
        return Err(refuse("is read-only; remove it or name another file"));
    }
    // Opened to write, neither truncated nor written, as a probe: a file that refuses it whatever
    // its permissions say (immutable, append-only) would refuse the book's rename over it too.
    OpenOptions::new()
        .write(true)
        .open(&target)
        .map_err(|e| refuse(&e.to_string()))?;
    Ok(target)
}

/// Whether the file at `path` starts with the header of a book of format version 1.
fn version_1_header(path: &Path) -> bool {
    let mut start = [0u8; Header::SIZE];
    File::open(path)
        .and_then(|mut file| file.read_exact(&mut start))
        .is_ok_and(|()| Header::peek(&start).is_ok_and(|header| header.version == 1))
}

/// The writes of a build, for the messages of those that fail: each is said as a problem of
/// `--out`, as the ones refused before the search are, naming the file it failed on unless that
/// is the book itself (`--out c4.book: c4.book.partial: No space left on device`).
struct Writes<'a> {
    /// `--out` as typed.
    typed: &'a str,
    /// The file it resolved to (`book_file`).
    book: &'a Path,
}

impl Writes<'_> {
    fn failed(&self, on: &Path, error: impl std::fmt::Display) -> CliError {
        let out = as_typed(self.typed);
        if on == self.book {
            CliError(format!("--out {out}: {error}"))
        } else {
            CliError(format!("--out {out}: {}: {error}", named(on)))
        }
    }
}

/// Where `write_whole` writes before it renames over `path`.
fn tmp_path(path: &Path) -> PathBuf {
    path.with_file_name(format!("{}.tmp", file_name(path)))
}

/// The last part of `path`, `book` if it has none.
pub(super) fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| "book".into(), |name| name.to_string_lossy().into_owned())
}

fn locked<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `412 of 8,123 positions · 3.1 per s · 40 min left`.
fn progress_line(total: usize, resumed: usize, done: usize, elapsed: Duration) -> String {
    let fresh = done - resumed;
    let rate = fresh as f64 / elapsed.as_secs_f64().max(1e-3);
    let left = if fresh == 0 {
        "time left unknown".to_string()
    } else {
        let secs = (total - done) as f64 / rate;
        match secs {
            s if s < 120.0 => format!("{s:.0} s left"),
            s if s < 7200.0 => format!("{:.0} min left", s / 60.0),
            s => format!("{:.1} h left", s / 3600.0),
        }
    };
    // `3.1 per s` on a deep book, `205,362 per s` on a small board.
    let rate = if rate < 100.0 {
        format!("{rate:.1}")
    } else {
        thousands(rate as u64)
    };
    format!(
        "book: {} of {} positions ({:.1}%) · {rate} per s · {left}",
        thousands(done as u64),
        thousands(total as u64),
        100.0 * done as f64 / total.max(1) as f64
    )
}

/// The checkpoint being appended to; the first write error stops further writes and is
/// reported when the search ends.
struct Checkpoint {
    file: File,
    failed: Option<std::io::Error>,
}

impl Checkpoint {
    /// The checkpoint at `path`, open to append the positions solved from now on.
    fn append(path: &Path, writes: &Writes) -> Result<Checkpoint, CliError> {
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| writes.failed(path, e))?;
        Ok(Checkpoint { file, failed: None })
    }

    fn record(&mut self, key: u128, score: i8) {
        if self.failed.is_some() {
            return;
        }
        if let Err(e) = writeln!(self.file, "{key:x} {score}").and_then(|()| self.file.flush()) {
            self.failed = Some(e);
        }
    }
}

/// What an earlier, interrupted build of the same book solved (nothing if there is no checkpoint).
fn read_checkpoint(path: &Path, heading: &str, plan: &Plan) -> Result<HashMap<u128, i8>, CliError> {
    let mut solved = HashMap::new();
    // Looked at before opening: opening a pipe waits for a writer, maybe forever.
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(solved),
        Ok(metadata) if !metadata.is_file() => {
            return Err(CliError(format!(
                "{}: the checkpoint is not a regular file; remove it to start the build afresh",
                named(path)
            )));
        }
        _ => {}
    }
    let mut file = File::open(path).map_err(|e| CliError(format!("{}: {e}", named(path))))?;
    let damaged = |why: &str| {
        CliError(format!(
            "{}: {why}; remove it to start the build afresh",
            named(path)
        ))
    };
    // Read whole (a few MB for the deepest books): the last line's end decides what to trust.
    let mut text = Vec::new();
    file.read_to_end(&mut text)
        .map_err(|e| damaged(&e.to_string()))?;
    // Each answer is written as one line and its newline: a crash can cut the last line short
    // (`2f6 -1` of `2f6 -12`), so a last line without its newline is not trusted and that
    // position is solved again.
    let whole = text.len() - text.iter().rev().take_while(|&&b| b != b'\n').count();
    if whole == 0 && heading.as_bytes().starts_with(&text) {
        // Empty, or this build's heading cut short: a build stopped before it had written a
        // line; nothing to take, and the file is rewritten below.
        return Ok(solved);
    }
    let mut lines = text[..whole].split(|&b| b == b'\n');
    let cells = plan.rules().cells() as u32;
    let frontier: HashMap<u128, u32> = plan
        .frontier()
        .iter()
        .map(|(key, position)| (*key, position.ply()))
        .collect();
    match lines.next() {
        Some(first) if first == heading.as_bytes() => {}
        _ => {
            // As the file has it, ended by its newline or not.
            let first = text.split(|&b| b == b'\n').next().unwrap_or_default();
            let first: String = String::from_utf8_lossy(first).chars().take(80).collect();
            let this = heading.trim_start_matches("tictree book checkpoint: ");
            return Err(damaged(&format!(
                "the checkpoint of another build (its first line: '{first}'; this build: {this})"
            )));
        }
    }
    // What the build itself writes, and nothing else: a line it could not have written (an
    // edit, a disk error) would put a wrong value in the book unseen.
    // Each position's value and the line that gave it first.
    let mut given: HashMap<u128, (i8, usize)> = HashMap::new();
    for (number, line) in (2..).zip(lines) {
        if line.is_empty() {
            continue;
        }
        let parsed = std::str::from_utf8(line).ok().and_then(|text| {
            let (key, score) = text.split_once(' ')?;
            let key = u128::from_str_radix(key, 16).ok()?;
            let score: i8 = score.parse().ok()?;
            let ply = *frontier.get(&key)?;
            score_fits(score, ply, cells).then_some((key, score))
        });
        let Some((key, score)) = parsed else {
            return Err(CliError(format!(
                "{}: line {number} is not a position of this book with a value it can have; remove that line to resume, or the file to start the build afresh",
                named(path)
            )));
        };
        match given.get(&key) {
            Some(&(before, first)) if before != score => {
                return Err(CliError(format!(
                    "{}: lines {first} and {number} give one position two values; remove the file to start the build afresh",
                    named(path)
                )));
            }
            Some(_) => {}
            None => {
                given.insert(key, (score, number));
            }
        }
    }
    solved.extend(given.into_iter().map(|(key, (score, _))| (key, score)));
    Ok(solved)
}

/// Writes the checkpoint afresh: its heading and every position solved so far.
fn rewrite_checkpoint(
    path: &Path,
    heading: &str,
    solved: &HashMap<u128, i8>,
    writes: &Writes,
) -> Result<(), CliError> {
    let mut entries: Vec<_> = solved.iter().collect();
    entries.sort_unstable();
    let mut text = format!("{heading}\n");
    for (key, score) in entries {
        text.push_str(&format!("{key:x} {score}\n"));
    }
    write_whole(path, text.as_bytes(), writes)
}

/// Writes `bytes` to `path` all or nothing: to `path.tmp`, synced, then renamed over `path`.
fn write_whole(path: &Path, bytes: &[u8], writes: &Writes) -> Result<(), CliError> {
    let tmp = tmp_path(path);
    // Each step's error names the file it failed on.
    let fail = |on: &Path, e: std::io::Error| writes.failed(on, e);
    let mut file = File::create(&tmp).map_err(|e| fail(&tmp, e))?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(|e| fail(&tmp, e))
        .and_then(|()| std::fs::rename(&tmp, path).map_err(|e| fail(path, e)));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}
