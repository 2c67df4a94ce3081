//! `tictree book` through the binary: a build resumed after a crash writes the same bytes as one
//! that was never interrupted, `verify` and `info` read what `build` wrote, a damaged book is
//! refused by `info` and costs only a warning elsewhere, and the searches answer the same with a
//! book as without.

use crate::binary::{tictree, tictree_command};
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

fn build(rules: &str, plies: &str, out: &Path) -> (i32, String, String) {
    tictree(&[
        "book",
        "build",
        "--rules",
        rules,
        "--plies",
        plies,
        "--out",
        out.to_str().unwrap(),
        "--threads",
        "1",
    ])
}

fn path(dir: &tempfile::TempDir, name: &str) -> String {
    dir.path().join(name).to_str().unwrap().to_string()
}

#[test]
fn a_build_killed_halfway_resumes_to_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.book");
    let (status, out, err) = build("5x5k4g", "6", &whole);
    assert_eq!(status, 0, "{err}");
    assert!(
        out.starts_with(&format!(
            "wrote {}: 5x5k4g, 6 plies, 2,348 entries, 14,120 bytes; 1,560 positions searched in",
            whole.display()
        )),
        "{out}"
    );

    // The same build, killed (no chance to tidy up) once some positions are in its checkpoint.
    let resumed = dir.path().join("resumed.book");
    let checkpoint = dir.path().join("resumed.book.partial");
    let mut child = tictree_command()
        .args([
            "book",
            "build",
            "--rules",
            "5x5k4g",
            "--plies",
            "6",
            "--threads",
            "1",
        ])
        .arg("--out")
        .arg(&resumed)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while std::fs::read_to_string(&checkpoint).map_or(0, |t| t.lines().count()) < 50 {
        assert!(started.elapsed() < Duration::from_secs(60), "no checkpoint");
        std::thread::sleep(Duration::from_millis(1));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        !resumed.exists(),
        "the book must not exist before the build ends"
    );
    // A crash in the middle of a write leaves half a line, which may read as a line: `2f6 -1` of
    // `2f6 -12`. Here a solved position's key with another value, and no newline.
    let mut text = std::fs::read_to_string(&checkpoint).unwrap();
    // Its whole lines (the kill may have cut the last one short).
    text.truncate(text.rfind('\n').map_or(0, |end| end + 1));
    let killed = text.clone();
    let solved = text.lines().count() - 1;
    assert!(solved < 1_560, "the build finished before it was killed");
    let (key, _) = text
        .lines()
        .skip(1)
        .filter_map(|line| line.split_once(' '))
        .find(|(_, score)| *score != "0")
        .expect("a position not drawn");
    text.push_str(&format!("{key} 0"));
    std::fs::write(&checkpoint, text).unwrap();

    let (status, out, err) = build("5x5k4g", "6", &resumed);
    assert_eq!(status, 0, "{err}");
    let searched = out.split("; ").nth(1).unwrap().split(' ').next().unwrap();
    let searched: usize = searched.replace(',', "").parse().unwrap();
    assert!(
        searched <= 1_560 - solved + 1 && searched < 1_560,
        "{out}: {solved} were in the checkpoint"
    );
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&resumed).unwrap()
    );
    assert!(
        !checkpoint.exists(),
        "the checkpoint is removed once the book is written"
    );

    // Whole lines the build could not have written are refused, not put in the book: a second
    // value for a position, a value no game from there can end with.
    let (key, score) = killed.lines().nth(1).unwrap().split_once(' ').unwrap();
    let other = if score == "0" { "1" } else { "0" };
    for (line, says) in [
        (format!("{key} {other}"), "lines 2 and "),
        (
            format!("{key} 100"),
            "is not a position of this book with a value it can have",
        ),
    ] {
        std::fs::write(&checkpoint, format!("{killed}{line}\n")).unwrap();
        let (status, _, err) = build("5x5k4g", "6", &resumed);
        assert_eq!((status, err.lines().count()), (2, 1), "{err}");
        assert!(err.contains(says), "{err}");
    }
}

/// Ctrl-C early in a build (while it lists the positions, before any search) ends it as Ctrl-C
/// ends every command: status 130 and one line, never the signal's silent death.
#[cfg(unix)]
#[test]
fn ctrl_c_at_the_start_of_a_build_is_one_line_and_status_130() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("early.book");
    let child = tictree_command()
        .args([
            "book",
            "build",
            "--rules",
            "4x4",
            "--plies",
            "9",
            "--threads",
            "1",
        ])
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    // SAFETY: kill has no memory-safety preconditions.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
        0
    );
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(130), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("tictree: "), "{err}");
    assert!(!out.exists());
}

/// A build of 5x5k4g's 6-ply book into `out` on one thread, once its checkpoint holds a position.
fn build_under_way(out: &Path, checkpoint: &Path) -> std::process::Child {
    let child = tictree_command()
        .args(["book", "build", "--rules", "5x5k4g", "--plies", "6"])
        .args(["--threads", "1", "--out"])
        .arg(out)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while std::fs::read_to_string(checkpoint).map_or(0, |t| t.lines().count()) < 2 {
        assert!(started.elapsed() < Duration::from_secs(60), "no checkpoint");
        std::thread::sleep(Duration::from_millis(1));
    }
    child
}

/// SIGTERM (`timeout`, `kill`) stops a build as Ctrl-C does: it says how far it got and how to go
/// on, keeps its checkpoint and takes its lock file away, with status 143 (128 + SIGTERM).
#[cfg(unix)]
#[test]
fn sigterm_during_a_build_says_how_to_resume_and_keeps_the_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("term.book");
    let checkpoint = dir.path().join("term.book.partial");
    let child = build_under_way(&out, &checkpoint);
    // SAFETY: kill has no memory-safety preconditions.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) },
        0
    );
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(143), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("tictree: stopped after ")
            && err.contains(" of 1,560 positions; run the same command again to resume from "),
        "{err}"
    );
    assert!(checkpoint.exists(), "the checkpoint is kept");
    assert!(!dir.path().join("term.book.lock").exists(), "the lock goes");
    assert!(!out.exists());
}

/// Two builds of one book would append to and rewrite one checkpoint, each claiming progress the
/// other threw away: the second is refused at once, and the lock goes with the first build.
#[test]
fn a_second_build_of_the_same_book_is_refused_while_the_first_runs() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("twice.book");
    let checkpoint = dir.path().join("twice.book.partial");
    let first = build_under_way(&out, &checkpoint);
    let (code, _, err) = build("5x5k4g", "6", &out);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("tictree: --out ")
            && err.contains("another build of this book is running (it holds ")
            && err.ends_with(
                "twice.book.lock); wait for it, or stop it and run this command again to resume\n"
            ),
        "{err}"
    );
    assert!(
        checkpoint.exists(),
        "the first build's checkpoint is left alone"
    );
    // SAFETY: kill has no memory-safety preconditions.
    assert_eq!(
        unsafe { libc::kill(first.id() as libc::pid_t, libc::SIGINT) },
        0
    );
    let output = first.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    assert!(!dir.path().join("twice.book.lock").exists());
}

#[test]
fn a_checkpoint_of_another_build_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.book");
    std::fs::write(
        dir.path().join("b.book.partial"),
        "tictree book checkpoint: rules 5x4k4g, plies 3\n",
    )
    .unwrap();
    let (status, _, err) = build("5x4k4g", "4", &out);
    assert_eq!(status, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("the checkpoint of another build (its first line: 'tictree book checkpoint: rules 5x4k4g, plies 3'; this build: rules 5x4k4g, plies 4)"),
        "{err}"
    );
    assert!(err.contains("remove it"), "{err}");
    // A line that is no position of the book is named, and the progress before it can be kept.
    let checkpoint = dir.path().join("b.book.partial");
    std::fs::write(
        &checkpoint,
        "tictree book checkpoint: rules 5x4k4g, plies 4\nnonsense\n0 0\n",
    )
    .unwrap();
    let (status, _, err) = build("5x4k4g", "4", &out);
    assert_eq!((status, err.lines().count()), (2, 1), "{err}");
    assert!(
        err.contains(
            "line 2 is not a position of this book with a value it can have; remove that line"
        ),
        "{err}"
    );
    // And --out naming a directory is refused before any search.
    let (status, _, err) = build("5x4k4g", "4", dir.path());
    assert_eq!(status, 2);
    assert!(
        err.contains("is a directory; --out names the book file"),
        "{err}"
    );
}

/// The book is written beside `--out` and renamed over it: only a regular file may be replaced
/// (a pipe or a device such as `/dev/null` would become a regular file), a link's target is, and
/// every refusal comes before the search.
#[cfg(unix)]
#[test]
fn out_names_a_regular_file_or_a_link_to_one() {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("pipe");
    crate::binary::make_pipe(&pipe);
    let (status, out, err) = build("5x4k4g", "4", &pipe);
    assert_eq!((status, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("is not a regular file (a device or a pipe)"),
        "{err}"
    );
    let still = std::fs::symlink_metadata(&pipe).unwrap().file_type();
    assert!(still.is_fifo(), "the pipe was replaced");

    let read_only = dir.path().join("read-only.book");
    std::fs::write(&read_only, "kept").unwrap();
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).unwrap();
    let (status, _, err) = build("5x4k4g", "4", &read_only);
    assert_eq!(status, 2);
    assert!(err.contains("is read-only"), "{err}");
    assert_eq!(std::fs::read_to_string(&read_only).unwrap(), "kept");

    let (status, _, err) = build("5x4k4g", "4", Path::new(""));
    assert_eq!(status, 2);
    assert_eq!(
        err,
        "tictree: --out is empty: name the book file to write\n"
    );

    let target = dir.path().join("target.book");
    let link = dir.path().join("link.book");
    std::fs::write(&target, "old").unwrap();
    symlink(&target, &link).unwrap();
    let (status, _, err) = build("5x4k4g", "4", &link);
    assert_eq!(status, 0, "{err}");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let (status, out, _) = tictree(&["book", "info", target.to_str().unwrap()]);
    assert_eq!(status, 0);
    assert!(out.contains("5x4k4g"), "{out}");

    // A chain of links to a file not written yet is followed to its end, every link staying; a
    // directory that is not there is named before the search.
    let later = dir.path().join("later.book");
    let middle = dir.path().join("middle.book");
    let dangling = dir.path().join("dangling.book");
    symlink("later.book", &middle).unwrap();
    symlink("middle.book", &dangling).unwrap();
    let (status, _, err) = build("5x4k4g", "4", &dangling);
    assert_eq!(status, 0, "{err}");
    assert!(later.is_file());
    for link in [&dangling, &middle] {
        let kind = std::fs::symlink_metadata(link).unwrap().file_type();
        assert!(kind.is_symlink(), "{}", link.display());
    }
    // A checkpoint that is a pipe is refused at once (opening it would wait for a writer).
    let piped = dir.path().join("piped.book");
    crate::binary::make_pipe(&dir.path().join("piped.book.partial"));
    let (status, _, err) = build("5x4k4g", "4", &piped);
    assert_eq!(status, 2);
    assert!(
        err.contains("the checkpoint is not a regular file"),
        "{err}"
    );
    let nowhere = dir.path().join("nodir").join("x.book");
    let (status, _, err) = build("5x4k4g", "4", &nowhere);
    assert_eq!(status, 2);
    assert!(err.contains("nodir: create it first"), "{err}");
}

/// A book of format version 1 (its checksum left the header out) is read no more, with the
/// command that rebuilds it; that command takes its values instead of searching them and writes
/// the same bytes as a build from scratch.
#[test]
fn a_version_1_book_is_refused_and_rebuilt_from_its_values() {
    let dir = tempfile::tempdir().unwrap();
    let file = path(&dir, "small.book");
    assert_eq!(build("5x4k4g", "6", Path::new(&file)).0, 0);
    let current = std::fs::read(&file).unwrap();
    // The same book as version 1 wrote it: the version byte, and FNV-1a of the entries alone.
    let mut old = current.clone();
    old[8] = 1;
    let checksum = old[32..]
        .iter()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        });
    old[24..32].copy_from_slice(&checksum.to_le_bytes());
    std::fs::write(&file, &old).unwrap();
    let (status, _, err) = tictree(&["book", "info", &file]);
    assert_eq!(status, 2, "{err}");
    // The command given rebuilds it where it is: pasted, it runs as it reads.
    assert_eq!(
        err,
        format!(
            "tictree: {file}: book format version 1, whose checksum leaves out its rules and \
             plies: rebuild it with `tictree book build --rules 5x4k4g --plies 6 --out {file}`, \
             which takes its values instead of searching them\n"
        )
    );
    // A build of other plies over it says it searches afresh, before it does.
    let other = path(&dir, "other.book");
    std::fs::write(&other, &old).unwrap();
    let (status, _, err) = build("5x4k4g", "3", Path::new(&other));
    assert_eq!(status, 0, "{err}");
    assert_eq!(
        err,
        format!(
            "tictree: warning: {other}: a version-1 book of 5x4k4g, 6 plies, not of this build: \
             its values are not taken, every position is searched\n"
        )
    );
    let (status, out, err) = build("5x4k4g", "6", Path::new(&file));
    assert_eq!(status, 0, "{err}");
    assert!(
        out.contains("; 0 positions searched in")
            && out.contains("(1,500 taken from the version-1 book it replaces)"),
        "{out}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), current);
}

/// The file the book is written to before it replaces FILE is looked at before any search, so a
/// directory there fails the build at its start, not after hours of search.
#[test]
fn a_directory_where_the_book_is_first_written_is_refused_before_the_search() {
    let dir = tempfile::tempdir().unwrap();
    let file = path(&dir, "e.book");
    std::fs::create_dir(format!("{file}.tmp")).unwrap();
    let (status, _, err) = build("5x4k4g", "4", Path::new(&file));
    assert_eq!((status, err.lines().count()), (2, 1), "{err}");
    assert!(err.contains("e.book.tmp is in the way"), "{err}");
    assert!(
        !Path::new(&format!("{file}.partial")).exists(),
        "nothing searched"
    );
}

/// A file name's control characters are shown escaped, as in errors, never sent to the
/// terminal (an escape sequence would act on it).
#[test]
fn file_names_are_printed_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let file = path(&dir, "e\u{1b}[31mx\nbook");
    let (status, out, err) = build("5x4k4g", "2", Path::new(&file));
    assert_eq!(status, 0, "{err}");
    assert!(
        out.starts_with("wrote ")
            && out.contains("e\\u{1b}[31mx\\nbook': 5x4k4g")
            && !out.contains('\u{1b}'),
        "{out:?}"
    );
    let (status, out, _) = tictree(&["book", "info", &file]);
    assert_eq!(status, 0);
    assert!(
        out.lines()
            .next()
            .unwrap()
            .ends_with("e\\u{1b}[31mx\\nbook'"),
        "{out:?}"
    );
    // Quoted, a typed line break and a typed backslash and n read apart.
    let (_, _, broken) = tictree(&["book", "info", "no\nsuch"]);
    let (_, _, backslash) = tictree(&["book", "info", "no\\nsuch"]);
    assert_eq!(
        (broken.as_str(), backslash.as_str()),
        (
            "tictree: 'no\\nsuch': No such file or directory (os error 2)\n",
            "tictree: no\\nsuch: No such file or directory (os error 2)\n"
        )
    );
}

/// A checkpoint with no whole line (empty, or this build's heading cut short) is a build
/// stopped before it wrote anything: the build starts afresh, and is not told it is another's.
#[test]
fn a_checkpoint_without_a_whole_line_starts_the_build_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.book");
    for cut_short in ["", "tictree book checkpoint: rul"] {
        std::fs::write(dir.path().join("b.book.partial"), cut_short).unwrap();
        let (status, written, err) = build("5x4k4g", "2", &out);
        assert_eq!(status, 0, "{cut_short:?}: {err}");
        assert!(written.starts_with("wrote "), "{written}");
        std::fs::remove_file(&out).unwrap();
    }
    // Anything else there is another file's, and is left alone.
    std::fs::write(dir.path().join("b.book.partial"), "hello").unwrap();
    let (status, _, err) = build("5x4k4g", "2", &out);
    assert_eq!(status, 2);
    assert!(err.contains("(its first line: 'hello';"), "{err}");
}

/// Without a file, `book info` describes the book built into tictree.
#[test]
fn info_without_a_file_describes_the_built_in_book() {
    let (status, out, err) = tictree(&["book", "info", "--json"]);
    assert_eq!(status, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["file"], serde_json::Value::Null);
    assert_eq!(
        (&json["plies"], &json["entries"], &json["bytes"]),
        (
            &serde_json::json!(8),
            &serde_json::json!(113_934),
            &serde_json::json!(1_139_372)
        )
    );
    let (status, out, _) = tictree(&["book", "info"]);
    assert_eq!(status, 0);
    assert!(
        out.starts_with(
            "book      built into tictree (data/book/connect4.book)\nrules     connect4\n"
        ),
        "{out}"
    );
}

#[test]
fn info_and_verify_read_what_build_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let file = path(&dir, "small.book");
    assert_eq!(build("5x4k4g", "6", Path::new(&file)).0, 0);
    let (status, out, _) = tictree(&["book", "info", &file, "--json"]);
    assert_eq!(status, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    // An object, as in every command's JSON.
    assert_eq!(
        json["rules"],
        serde_json::json!({"width": 5, "height": 4, "k": 4, "gravity": true})
    );
    assert_eq!(json["plies"], 6);
    assert_eq!(json["entries"], 2_285);
    assert_eq!(json["bytes"], 32 + 2_285 * 5);
    assert_eq!(json["checksum"], "c9f913ad0be9bcdc");

    let (status, out, err) = tictree(&["book", "verify", &file, "--sample", "300", "--seed", "7"]);
    assert_eq!(status, 0, "{err}");
    assert!(
        out.ends_with("every one agrees with the book\n") && out.starts_with("300 of 300 sampled"),
        "{out}"
    );
}

#[test]
fn a_damaged_book_is_an_error_for_info_and_a_warning_for_a_search() {
    let dir = tempfile::tempdir().unwrap();
    let file = path(&dir, "small.book");
    assert_eq!(build("5x4k4g", "6", Path::new(&file)).0, 0);
    let bytes = std::fs::read(&file).unwrap();
    let cut = path(&dir, "cut.book");
    std::fs::write(&cut, &bytes[..bytes.len() - 3]).unwrap();
    let mut flipped = bytes.clone();
    flipped[100] ^= 0x10;
    let flipped_path = path(&dir, "flipped.book");
    std::fs::write(&flipped_path, &flipped).unwrap();
    let other = path(&dir, "other.book");
    assert_eq!(build("5x5k4g", "2", Path::new(&other)).0, 0);

    let (status, _, err) = tictree(&["book", "info", &cut]);
    assert_eq!((status, err.lines().count()), (2, 1), "{err}");
    assert!(err.contains("truncated"), "{err}");
    let (status, _, err) = tictree(&["book", "info", &flipped_path]);
    assert_eq!((status, err.lines().count()), (2, 1), "{err}");
    assert!(err.contains("checksum"), "{err}");
    // The header's rules and plies are checked too: k (at 11), gravity (12), plies (13) changed
    // would give wrong values for other rules, with the entries intact.
    for (at, value) in [(11, 3), (12, 0), (13, 7)] {
        let mut header = bytes.clone();
        header[at] = value;
        let changed = path(&dir, "header.book");
        std::fs::write(&changed, &header).unwrap();
        let (status, _, err) = tictree(&["book", "info", &changed]);
        assert_eq!((status, err.lines().count()), (2, 1), "{at}: {err}");
        assert!(err.contains("checksum does not match"), "{at}: {err}");
    }
    // An empty file is said to be empty, without the pipe's case.
    let empty = path(&dir, "empty.book");
    std::fs::write(&empty, b"").unwrap();
    let (status, _, err) = tictree(&["book", "info", &empty]);
    assert_eq!(
        (status, err),
        (2, format!("tictree: {empty}: empty: no book in it\n"))
    );
    // A named pipe no one writes to reads as empty rather than waiting for a writer for ever.
    #[cfg(target_os = "linux")]
    {
        let fifo = path(&dir, "fifo");
        let name = std::ffi::CString::new(fifo.clone()).unwrap();
        // SAFETY: a valid C string, for the duration of the call.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let (status, _, err) = tictree(&["book", "info", &fifo]);
        assert_eq!(
            (status, err),
            (
                2,
                format!(
                    "tictree: {fifo}: empty (a named pipe reads so when nothing writes to it)\n"
                )
            )
        );
    }
    let padded = path(&dir, "padded.book");
    std::fs::write(&padded, [bytes.as_slice(), b"\n"].concat()).unwrap();
    let (status, _, err) = tictree(&["book", "info", &padded]);
    assert_eq!((status, err.lines().count()), (2, 1), "{err}");
    assert!(err.contains("padded"), "{err}");
    // A path that never ends is read no further than a header's length: read whole, it would
    // fill the memory.
    let (status, _, err) = tictree(&["book", "info", "/dev/zero"]);
    assert_eq!(err, "tictree: /dev/zero: not a tictree book\n");
    assert_eq!(status, 2);
    // An empty name is named as one.
    let (status, _, err) = tictree(&["book", "info", ""]);
    assert!(err.starts_with("tictree: '': No such file"), "{err}");
    assert_eq!(status, 2);

    let analyze = |book: &[&str]| {
        let mut args = vec![
            "analyze",
            "--rules",
            "5x4k4g",
            "--moves",
            "3 3",
            "--threads",
            "1",
        ];
        args.extend_from_slice(book);
        tictree(&args)
    };
    let (status, searched, err) = analyze(&["--no-book"]);
    assert_eq!((status, err.as_str()), (0, ""));
    let scores = |table: &str| -> Vec<String> {
        table
            .lines()
            .skip(2)
            .filter_map(|l| {
                let cells: Vec<&str> = l.split_whitespace().collect();
                (cells.len() > 2).then(|| format!("{} {}", cells[0], cells[1]))
            })
            // Up to the legend of the `*` marks, or the totals.
            .take_while(|l| !l.starts_with("engine:") && !l.starts_with("* "))
            .collect()
    };
    let expected = scores(&searched);
    assert_eq!(expected.len(), 5, "{searched}");
    let (status, from_book, err) = analyze(&["--book", &file]);
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(scores(&from_book), expected);
    for (bad, why) in [
        (cut.as_str(), "truncated"),
        (flipped_path.as_str(), "checksum"),
        (other.as_str(), "a book for 5x5k4g, not 5x4k4g"),
        ("/nonexistent/x.book", "No such file"),
    ] {
        let (status, out, err) = analyze(&["--book", bad]);
        assert_eq!(status, 0, "{bad}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("tictree: warning: ") && err.contains(why),
            "{err}"
        );
        assert!(
            err.trim_end().ends_with("searching without a book"),
            "{err}"
        );
        assert_eq!(scores(&out), expected, "{bad}");
    }
}

#[test]
fn the_built_in_book_answers_the_empty_connect_four_board() {
    let (status, out, err) =
        tictree(&["analyze", "--rules", "connect4", "--json", "--threads", "1"]);
    assert_eq!(status, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let moves = json["moves"].as_array().unwrap();
    let scores: Vec<(String, i64)> = moves
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_string(),
                m["score"].as_i64().unwrap(),
            )
        })
        .collect();
    // d1 wins with X's 21st disc (the 41st of the game); c1 and e1 draw; the others lose, b1 and
    // f1 to O's 21st disc (the 42nd), a1 and g1 to O's 20th (the 40th): ±(43 − plies after the
    // move), as docs/algorithms.md defines the score.
    assert_eq!(
        scores,
        [
            ("d1", 3),
            ("c1", 0),
            ("e1", 0),
            ("b1", -2),
            ("f1", -2),
            ("a1", -4),
            ("g1", -4)
        ]
        .map(|(m, s)| (m.to_string(), s))
    );
}

/// A score no game from its position can end with, under a checksum that matches (a book
/// written wrong, not damaged), is refused as the book is read: `info` does not call it intact,
/// `verify` never shows it as a win in two billion plies, and a search that would consult it
/// warns and goes on without it.
#[test]
fn a_score_the_board_cannot_give_is_refused_where_the_book_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let file = path(&dir, "t.book");
    assert_eq!(build("tictactoe", "2", Path::new(&file)).0, 0);
    let mut bytes = std::fs::read(&file).unwrap();
    // After the 32-byte header, entries of a 2-byte key and a score: the first, the empty
    // board's (at most +5 on Pons' scale), gets +100; then the checksum is made to match.
    bytes[34] = 100;
    let checksum = bytes[..24]
        .iter()
        .chain(&bytes[32..])
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        });
    bytes[24..32].copy_from_slice(&checksum.to_le_bytes());
    std::fs::write(&file, &bytes).unwrap();
    let says = "entry 1 of 16 (.../.../..., ply 0) holds the score +100, which no game from there \
                can end with (-4 to +5 on Pons' scale): the book was written wrong";
    for command in [
        &["book", "info", &file][..],
        &["book", "verify", &file, "--sample", "3", "--threads", "1"],
    ] {
        let (status, out, err) = tictree(command);
        assert_eq!((status, out.as_str()), (2, ""), "{command:?}: {err}");
        assert_eq!(err, format!("tictree: {file}: {says}\n"), "{command:?}");
    }
    let (status, out, err) = tictree(&["analyze", "--book", &file, "--threads", "1"]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(
        err,
        format!("tictree: warning: {file}: {says}; searching without a book\n")
    );
    assert!(!out.contains("2147483"), "{out}");
}
