//! One build at a time per book file. Two builds with the same `--out` would append to, and
//! rewrite, the same checkpoint: each would report progress the other had thrown away. A build
//! holds an exclusive lock on `FILE.lock` from its start to its end (the file is removed then);
//! the lock dies with the process, so a build that crashed never blocks the next one.

use crate::cli::common::error::{CliError, as_typed, named};
use std::fs::File;
use std::path::{Path, PathBuf};

/// The lock of one book file, released (and its file removed) when dropped.
pub struct BuildLock {
    path: PathBuf,
    _file: Option<File>,
}

impl BuildLock {
    /// Takes the lock of the book `out` (`--out` as typed in `typed`), or says which build holds
    /// it.
    pub fn take(out: &Path, typed: &str) -> Result<BuildLock, CliError> {
        let path = out.with_file_name(format!("{}.lock", super::build::file_name(out)));
        let file = hold(&path).map_err(|e| match e {
            LockRefused::Busy => CliError(format!(
                "--out {}: another build of this book is running (it holds {}); wait for it, \
                 or stop it and run this command again to resume",
                as_typed(typed),
                named(&path)
            )),
            // As every write of the build that fails: a problem of `--out`.
            LockRefused::Failed(e) => {
                CliError(format!("--out {}: {}: {e}", as_typed(typed), named(&path)))
            }
        })?;
        Ok(BuildLock { path, _file: file })
    }
}

impl Drop for BuildLock {
    fn drop(&mut self) {
        // Removed while still held: a build waiting to start finds no lock, or takes a fresh one.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Why the lock could not be taken.
enum LockRefused {
    /// Another process holds it.
    Busy,
    /// The lock file could not be opened.
    Failed(std::io::Error),
}

/// Opens `path` and locks it without waiting. The file locked must still be the one at `path`:
/// a build ending meanwhile removes it, and a lock on a removed file would let a third build in.
#[cfg(target_os = "linux")]
fn hold(path: &Path) -> Result<Option<File>, LockRefused> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::MetadataExt;
    loop {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .map_err(LockRefused::Failed)?;
        // SAFETY: flock reads a file descriptor this function owns, open while it runs.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            let error = std::io::Error::last_os_error();
            if error.kind() == std::io::ErrorKind::WouldBlock {
                return Err(LockRefused::Busy);
            }
            // A file system without locks (some network and FUSE mounts): the build goes on
            // unlocked, as it would elsewhere, rather than be refused for nothing.
            let _ = std::fs::remove_file(path);
            return Ok(None);
        }
        let locked = file.metadata().map_err(LockRefused::Failed)?;
        match std::fs::metadata(path) {
            Ok(now) if now.dev() == locked.dev() && now.ino() == locked.ino() => {
                return Ok(Some(file));
            }
            // Removed or replaced since it was opened: lock the file there now.
            _ => continue,
        }
    }
}

/// Elsewhere builds are not locked: the checkpoint's own checks are all there is.
#[cfg(not(target_os = "linux"))]
fn hold(_path: &Path) -> Result<Option<File>, LockRefused> {
    Ok(None)
}
