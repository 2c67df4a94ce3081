//! Where `tictree book build` writes: a `--out` the book could never be written to is refused
//! before any search, a write that fails is said as a problem of `--out`, and the lock file goes
//! with the build however its last line is written.

use crate::binary::{tictree, tictree_command};
use std::path::Path;
use std::process::Stdio;

/// `book build --plies 2 --out OUT` on one thread (tic-tac-toe: milliseconds).
fn build(out: &str) -> Vec<&str> {
    vec![
        "book",
        "build",
        "--plies",
        "2",
        "--out",
        out,
        "--threads",
        "1",
    ]
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `x.book/` names a directory, which the book could never be renamed to: refused at once,
/// rather than after the search with `Not a directory` and a checkpoint left behind.
#[test]
fn a_name_ending_with_a_slash_is_refused_before_the_search() {
    let dir = tempfile::tempdir().unwrap();
    let out = format!("{}/x.book/", dir.path().display());
    let (status, stdout, err) = tictree(&build(&out));
    assert_eq!((status, stdout.as_str()), (2, ""), "{err}");
    assert_eq!(
        err,
        format!(
            "tictree: --out {out}: ends with a '/', so names a directory; --out names the book \
             file to write\n"
        )
    );
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
}

/// A file marked immutable while the test holds it (removed again however the test ends).
#[cfg(target_os = "linux")]
struct Immutable<'a>(&'a Path);

#[cfg(target_os = "linux")]
impl<'a> Immutable<'a> {
    /// `None` where the flag cannot be set: it takes root, and a file system that has it.
    fn set(path: &'a Path) -> Option<Immutable<'a>> {
        let set = std::process::Command::new("chattr")
            .arg("+i")
            .arg(path)
            .stderr(Stdio::null())
            .status();
        set.ok()?.success().then_some(Immutable(path))
    }
}

#[cfg(target_os = "linux")]
impl Drop for Immutable<'_> {
    fn drop(&mut self) {
        let _ = std::process::Command::new("chattr")
            .arg("-i")
            .arg(self.0)
            .status();
    }
}

/// A book file that refuses to be written whatever its permissions say (immutable) would refuse
/// the book's rename over it after the search: refused before it, as `--out`'s problem, the
/// file untouched.
#[cfg(target_os = "linux")]
#[test]
fn a_book_file_that_cannot_be_written_is_refused_before_the_search() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fixed.book");
    std::fs::write(&file, "kept").unwrap();
    let Some(_immutable) = Immutable::set(&file) else {
        eprintln!("skipped: chattr +i is not allowed here");
        return;
    };
    let out = file.to_str().unwrap();
    let (status, stdout, err) = tictree(&build(out));
    assert_eq!((status, stdout.as_str()), (2, ""), "{err}");
    assert_eq!(
        err,
        format!("tictree: --out {out}: Operation not permitted (os error 1)\n")
    );
    assert_eq!(names(dir.path()), ["fixed.book"]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "kept");
}

/// The lock file goes when the build ends, also when its last line cannot be written: on a full
/// disk (status 2) and with its reader gone (status 0, as for any command). Writing that line
/// ends the process, so the lock has to go before it.
#[cfg(target_os = "linux")]
#[test]
fn the_lock_goes_when_the_last_line_cannot_be_written() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("pb.book");
    let out = book.to_str().unwrap();
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = tictree_command()
        .args(build(out))
        .stdin(Stdio::null())
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot write the output"), "{err}");
    assert_eq!(names(dir.path()), ["pb.book"]);

    std::fs::remove_file(&book).unwrap();
    let mut child = tictree_command()
        .args(build(out))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!((output.status.code(), err.as_ref()), (Some(0), ""));
    assert_eq!(names(dir.path()), ["pb.book"]);
}

/// A write of the build that fails is said as a problem of `--out`, as the refusals before the
/// search are, naming the file it failed on: here the lock file, a directory.
#[cfg(target_os = "linux")]
#[test]
fn a_write_that_fails_is_said_as_a_problem_of_out() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("d.book");
    let lock = dir.path().join("d.book.lock");
    std::fs::create_dir(&lock).unwrap();
    let out = book.to_str().unwrap();
    let (status, _, err) = tictree(&build(out));
    assert_eq!(status, 2, "{err}");
    assert_eq!(
        err,
        format!(
            "tictree: --out {out}: {}: Is a directory (os error 21)\n",
            lock.display()
        )
    );
}
