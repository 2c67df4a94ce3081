//! `tictree book`: build, check and describe opening books (docs/book.md), and the choice of
//! the book every other command consults (`--book`, `--no-book`, the built-in one).

mod build;
mod lock;
mod verify;

use super::args::{BookArgs, BookChoice, BookCommand, BookInfoArgs};
use crate::cli::common::error::{CliError, Ending, as_typed, named};
use crate::cli::common::format::RulesJson;
use crate::cli::common::progress::Live;
use crate::engine::Rules;
use crate::engine::analysis::book_build::solve_positions;
use crate::engine::book::{self, Book, Header};
use crate::engine::game::notation::thousands;
use crate::engine::{Cancelled, Position, StopFlag};
use serde::Serialize;
use std::borrow::Cow;
use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Runs `tictree book …`.
pub fn run(args: &BookArgs) -> Result<Ending, CliError> {
    match &args.command {
        BookCommand::Build(args) => build::run(args),
        BookCommand::Verify(args) => verify::run(args),
        BookCommand::Info(args) => info(args).map(|()| Ending::Done),
    }
}

/// Solves `positions` as `solve_positions` does, stopped by `stop` (the command's Ctrl-C, caught
/// when it started), with a progress line on a terminal: `line(positions solved so far, time
/// since the start)`.
fn solve_live(
    positions: &[Position],
    threads: usize,
    hash: usize,
    line: impl Fn(usize, Duration) -> String + Send + 'static,
    on_solved: &(dyn Fn(usize, i8) + Sync),
    stop: &StopFlag,
) -> Result<(), Cancelled> {
    let done = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let live = {
        let done = Arc::clone(&done);
        Live::start(move || vec![line(done.load(Ordering::Relaxed), started.elapsed())])
    };
    let outcome = solve_positions(positions, threads, hash, stop, &|index, score| {
        on_solved(index, score);
        done.fetch_add(1, Ordering::Relaxed);
    });
    live.finish();
    outcome
}

/// Reads a book file, or says in one line why it cannot be used. The header is read first and
/// says how long the file is: no more than that (and one byte, to tell a padded file) is read, so
/// a path that never ends (`/dev/zero`, a pipe) cannot fill the memory.
pub fn read(path: &str) -> Result<Book, CliError> {
    let book = read_any_version(Path::new(path))?;
    if book.is_version_1() {
        let Header { rules, plies, .. } = book.header();
        // `--out=` where the path could be read as an option.
        let out = match shell_word(path) {
            word if word.starts_with('-') => format!("--out={word}"),
            word => format!("--out {word}"),
        };
        return Err(CliError(format!(
            "{}: book format version 1, whose checksum leaves out its rules and plies: \
             rebuild it with `tictree book build --rules {rules} --plies {plies} {out}`, which \
             takes its values instead of searching them",
            as_typed(path)
        )));
    }
    Ok(book)
}

/// `path` as one word a shell reads back as it: quoted where it holds anything but letters,
/// digits and `/._+-`.
fn shell_word(path: &str) -> String {
    let plain = !path.is_empty()
        && path
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._+-".contains(c));
    if plain {
        path.to_string()
    } else {
        format!("'{}'", path.replace('\'', r"'\''"))
    }
}

/// `read`, taking a book of format version 1 too (`book build` rebuilds it from its values).
pub(super) fn read_any_version(path: &Path) -> Result<Book, CliError> {
    let shown = named(path);
    let fail = |why: String| CliError(format!("{shown}: {why}"));
    let file = open_without_waiting(path).map_err(|e| fail(e.to_string()))?;
    let pipe = file.metadata().is_ok_and(|m| is_pipe(&m));
    let mut bytes = Vec::new();
    let mut reader = file.take(Header::SIZE as u64);
    reader
        .read_to_end(&mut bytes)
        .map_err(|e| fail(e.to_string()))?;
    if bytes.is_empty() {
        // A pipe nobody writes to reads as empty too: the one case that needs saying why.
        let why = if pipe {
            "empty (a named pipe reads so when nothing writes to it)"
        } else {
            "empty: no book in it"
        };
        return Err(fail(why.into()));
    }
    let length = Header::peek(&bytes)
        .map_err(fail)?
        .file_length()
        .ok_or_else(|| fail("the book's header says more entries than a file holds".into()))?;
    let rest = length + 1 - bytes.len() as u64;
    let mut reader = reader.into_inner().take(rest);
    reader
        .read_to_end(&mut bytes)
        .map_err(|e| fail(e.to_string()))?;
    Book::of_any_version(Cow::Owned(bytes)).map_err(fail)
}

/// Opens a file to read, without waiting for a writer where it is a named pipe (an open of one
/// waits for a writer, maybe forever): such a pipe then reads as empty. A book may come through
/// a pipe (`--book <(…)`), so pipes are read, not refused as the build's checkpoint refuses them.
fn open_without_waiting(path: &Path) -> std::io::Result<File> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        use std::os::unix::fs::OpenOptionsExt;
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)?;
        // Blocking again, so a pipe with a writer is read to its end.
        // SAFETY: fcntl on a descriptor this function owns.
        let flags = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_GETFL) };
        // SAFETY: as above.
        if flags == -1
            || unsafe { libc::fcntl(file.as_raw_fd(), libc::F_SETFL, flags & !libc::O_NONBLOCK) }
                == -1
        {
            return Err(std::io::Error::last_os_error());
        }
        Ok(file)
    }
    #[cfg(not(target_os = "linux"))]
    File::open(path)
}

/// Installs the book a command's searches consult (`engine::book::install`): `--book FILE`, else
/// the built-in one (Connect Four's: engines of other games ignore it, and the game may change
/// to Connect Four while it runs), none with `--no-book` or when `enabled` is false (the
/// game's config file says `book = false`). A book that cannot be used (missing, damaged, for
/// other rules) is not an error: the warning returned says so in one line, and the searches
/// run without a book.
pub fn install(choice: &BookChoice, rules: Rules, enabled: bool) -> Option<String> {
    book::install(None);
    if choice.no_book || !enabled {
        return None;
    }
    let chosen = match &choice.book {
        Some(path) => read(path).map_err(|e| e.0).and_then(|book| {
            if book.rules() == rules {
                Ok(book)
            } else {
                Err(format!(
                    "{}: a book for {}, not {rules}",
                    as_typed(path),
                    book.rules()
                ))
            }
        }),
        None => book::built_in().map_err(|why| format!("the built-in book: {why}")),
    };
    match chosen {
        Ok(chosen) => {
            book::install(Some(Arc::new(chosen)));
            None
        }
        Err(why) => Some(format!("{why}; searching without a book")),
    }
}

/// `install` for a command: the warning, if any, goes to standard error.
pub fn consult(choice: &BookChoice, rules: Rules) {
    if let Some(warning) = install(choice, rules, true) {
        crate::cli::common::output::err_line(&format!("tictree: warning: {warning}"));
    }
}

/// `book info --json`.
#[derive(Serialize)]
struct InfoJson {
    /// `null` for the book built into tictree.
    file: Option<String>,
    /// An object, as in every command's JSON.
    rules: RulesJson,
    plies: u32,
    entries: u64,
    bytes: usize,
    checksum: String,
}

fn info(args: &BookInfoArgs) -> Result<(), CliError> {
    let book = match &args.file {
        Some(file) => read(file)?,
        None => book::built_in().map_err(|why| CliError(format!("the built-in book: {why}")))?,
    };
    let header = book.header();
    let json = InfoJson {
        file: args.file.clone(),
        rules: (&header.rules).into(),
        plies: header.plies,
        entries: header.entries,
        bytes: book.bytes().len(),
        // Checked against the entries when the book was read: the file is intact.
        checksum: format!("{:016x}", header.checksum),
    };
    let text = if args.json {
        serde_json::to_string(&json).map_err(|e| CliError(e.to_string()))? + "\n"
    } else {
        format!(
            "book      {}\nrules     {}\nplies     {} (every position reachable in at most {} plies)\nentries   {}\nsize      {} bytes\nchecksum  {} (FNV-1a of the header and the entries: intact)\n",
            json.file.as_deref().map_or_else(
                || "built into tictree (data/book/connect4.book)".into(),
                as_typed
            ),
            header.rules,
            json.plies,
            json.plies,
            thousands(json.entries),
            thousands(json.bytes as u64),
            json.checksum
        )
    };
    crate::cli::common::output::out(&text);
    Ok(())
}

/// Whether `metadata` is a named pipe's (FIFO).
fn is_pipe(metadata: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        metadata.file_type().is_fifo()
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn paths_are_given_as_one_shell_word() {
        assert_eq!(shell_word("books/c4.book"), "books/c4.book");
        assert_eq!(shell_word("my book"), "'my book'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word(""), "''");
        assert_eq!(shell_word("-x.book"), "-x.book");
    }
}
