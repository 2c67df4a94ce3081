//! The config file on disk: where it is, reading it at start-up (in `main`, before the app
//! exists) and writing changed settings (from the terminal loop, never inside `App::update`).
//!
//! Policy: a missing file means the defaults and is created only when a setting changes. A file
//! that cannot be used, in part or at all, costs one warning in the log and the defaults for what
//! could not be read. Writing rewrites only the keys that changed, so a bad value stays in the
//! file until its setting is changed here; a file that is not TOML is never written (the log
//! says so), so nothing a person wrote is lost. Only a regular file is read or replaced (a
//! symbolic link is followed, and stays), and never one its user could not write.

pub mod format;
mod lines;

use crate::app::SAVED_TO;
use crate::app::printable;
use crate::app::{LogKind, Settings, SettingsPatch};
use std::fs::{self, File, Metadata};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// `tictree/config.toml` in the user's config directory (`$XDG_CONFIG_HOME` or `~/.config` on
/// Linux, `~/Library/Application Support` on macOS, `%APPDATA%` on Windows); `None` without a
/// home directory.
pub fn default_path() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|dirs| dirs.config_dir().join("tictree").join("config.toml"))
}

/// The config file as read at start-up.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    /// Where the settings are saved (`None`: nowhere, no home directory).
    pub path: Option<PathBuf>,
    /// The settings the file gives.
    pub patch: SettingsPatch,
    /// One line for the log when the file could not be used, in part or at all.
    pub warning: Option<String>,
    /// Whether the file, as it is, takes no changes (it cannot be read, or is not TOML): the
    /// settings popup says so from the start, as the warning does.
    pub unsaved: bool,
}

/// Reads the config file: `explicit` (`--config PATH`) or the default one. A path given with
/// `--config` that cannot be read at all (a directory, a pipe, no permission) is an error, a
/// one-line message for the command line; anything else wrong is a warning and the defaults.
pub fn load(explicit: Option<&Path>) -> Result<Loaded, String> {
    let Some(path) = explicit.map(Path::to_path_buf).or_else(default_path) else {
        return Ok(Loaded::default());
    };
    let bytes = match read(&path) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return Ok(loaded(path, SettingsPatch::default(), None, false)),
        Err(why) if explicit.is_some() => {
            return Err(printable(&format!("--config {}: {why}", path.display())));
        }
        Err(why) => {
            let warning = format!("config {}: {why}; using the defaults", path.display());
            return Ok(loaded(path, SettingsPatch::default(), Some(warning), true));
        }
    };
    let unusable = |why: &str| {
        format!(
            "config {}: {why}; using the defaults; changes will not be saved until it is fixed",
            path.display()
        )
    };
    let Ok(text) = String::from_utf8(bytes) else {
        let warning = unusable("not UTF-8 text");
        return Ok(loaded(path, SettingsPatch::default(), Some(warning), true));
    };
    Ok(match format::read(&text) {
        Err(why) => {
            let warning = unusable(&format!("not valid TOML ({why})"));
            loaded(path, SettingsPatch::default(), Some(warning), true)
        }
        Ok(reading) if reading.problems.is_empty() => loaded(path, reading.patch, None, false),
        Ok(reading) => {
            let warning = format!(
                "config {}: {}; using the defaults for {}",
                path.display(),
                reading.problems.join("; "),
                if reading.problems.len() == 1 {
                    "it"
                } else {
                    "these"
                }
            );
            loaded(path, reading.patch, Some(warning), false)
        }
    })
}

fn loaded(path: PathBuf, patch: SettingsPatch, warning: Option<String>, unsaved: bool) -> Loaded {
    Loaded {
        path: Some(path),
        patch,
        // The path and the file's keys are the user's text: one line, no escape sequences.
        warning: warning.map(|warning| printable(&warning)),
        unsaved,
    }
}

/// The file's bytes, `None` if there is no file (or a link to none yet), or why it cannot be read.
fn read(path: &Path) -> Result<Option<Vec<u8>>, String> {
    // Only a regular file is opened: opening a pipe waits for a writer, and a device may never end.
    match fs::metadata(path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(format!("cannot be read ({error})")),
        Ok(meta) if meta.is_dir() => return Err("is a directory, not a file".into()),
        // `--config /dev/null`: the defaults and no file touched, as promised in docs/config.md.
        Ok(meta) if is_null_device(&meta) => return Ok(Some(Vec::new())),
        Ok(meta) if !meta.is_file() => return Err("is not a regular file".into()),
        Ok(_) => {}
    }
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(format!("cannot be read ({error})")),
    }
}

/// Whether saving settings to `path` throws them away: it is the null device, or a link to it
/// (`--config /dev/null`, the way to play with the defaults).
pub fn discards(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|meta| is_null_device(&meta))
}

/// Whether `meta` is of the null device (`/dev/null` or a link to it), which reads as empty.
fn is_null_device(meta: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, MetadataExt};
        meta.file_type().is_char_device()
            && fs::metadata("/dev/null").is_ok_and(|null| null.rdev() == meta.rdev())
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        false
    }
}

/// Writes changed settings to the config file, and says in the log what became of them.
#[derive(Clone, Debug)]
pub struct Store {
    path: Option<PathBuf>,
    /// The settings as the file has them (or as they started): what a save compares against.
    saved: Settings,
    /// The last failure reported, so a failure repeated on every change is logged once.
    failure: Option<String>,
    /// Whether the log has said where the file is.
    told: bool,
}

impl Store {
    /// A store for `path`, whose settings are `settings` as the app starts.
    pub fn new(path: Option<PathBuf>, settings: Settings) -> Store {
        Store {
            path,
            saved: settings,
            failure: None,
            told: false,
        }
    }

    /// Saves the settings that changed since the last save. Returns a line for the log: where
    /// the file is after the first save, and why a save failed (once per reason).
    pub fn save(&mut self, settings: &Settings) -> Option<(LogKind, String)> {
        match self.write(settings) {
            Ok(path) => {
                self.saved = *settings;
                self.failure = None;
                let first = !std::mem::replace(&mut self.told, true);
                first.then(|| {
                    (
                        LogKind::Info,
                        printable(&format!("{SAVED_TO}{}", path.display())),
                    )
                })
            }
            Err(why) => {
                let text = printable(&format!("settings not saved: {why}"));
                let new = self.failure.as_ref() != Some(&text);
                self.failure = Some(text.clone());
                new.then_some((LogKind::Warning, text))
            }
        }
    }

    /// Whether the last save failed.
    pub fn failed(&self) -> bool {
        self.failure.is_some()
    }

    fn write(&self, settings: &Settings) -> Result<PathBuf, String> {
        let path = self
            .path
            .clone()
            .ok_or("no config directory (no home directory); use --config PATH")?;
        let shown = path.display();
        let cannot_write = |error: io::Error| format!("cannot write {shown} ({error})");
        let target = resolve(&path).map_err(cannot_write)?;
        match fs::metadata(&target) {
            Err(error) if error.kind() == io::ErrorKind::NotFound => {}
            Err(error) => return Err(format!("{shown} cannot be read ({error})")),
            // A device or a pipe: saving swaps a new file in, which would put a regular file in
            // its place (and opening a pipe, to read or to write, waits for its other end).
            Ok(meta) if !meta.is_file() => return Err(format!("{shown} is not a regular file")),
            // The rename would replace it all the same; read-only means the person wants it kept.
            Ok(meta) if meta.permissions().readonly() => {
                return Err(format!("{shown} is read-only"));
            }
            // Nor is a file replaced that its user could not write in place.
            Ok(_) => {
                File::options()
                    .write(true)
                    .open(&target)
                    .map_err(cannot_write)?;
            }
        }
        // Two sessions saving at one instant would each patch the same old text, and the later
        // rename would drop the other's change: the read, the edit and the rename are done
        // holding the directory's lock.
        let _locked = DirectoryLock::take(&target);
        // Read again: the file may have been edited or fixed since the start.
        let old = read(&target).map_err(|why| format!("{shown} {why}"))?;
        let old = old
            .map(String::from_utf8)
            .transpose()
            .map_err(|_| format!("{shown} is not UTF-8 text; fix or delete it"))?;
        let text = format::edit(old.as_deref(), &self.saved, settings)
            .map_err(|why| format!("{shown}: {why}; fix or delete it"))?;
        replace(&target, &text).map_err(cannot_write)?;
        Ok(path)
    }
}

/// An exclusive lock on the directory of a config file, released when dropped. Advisory (other
/// tictree sessions take it too) and best effort: a directory that cannot be opened or locked,
/// or a system without `flock`, leaves the save unlocked, as it always was; the save itself then
/// says what is wrong, if anything.
struct DirectoryLock {
    _directory: Option<File>,
}

impl DirectoryLock {
    /// Waits for the lock on `file`'s directory (the current one for a bare file name).
    fn take(file: &Path) -> DirectoryLock {
        let dir = match file.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        // The first save creates the directory; two sessions creating it at once both succeed.
        let _ = fs::create_dir_all(dir);
        let directory = File::open(dir).ok();
        #[cfg(target_os = "linux")]
        if let Some(directory) = &directory {
            use std::os::fd::AsRawFd;
            // SAFETY: flock reads a file descriptor this function owns, open until it returns.
            let _ = unsafe { libc::flock(directory.as_raw_fd(), libc::LOCK_EX) };
        }
        DirectoryLock {
            _directory: directory,
        }
    }
}

/// The file that writing `path` changes: `path` itself, or the end of its chain of symbolic links,
/// which need not exist yet. A relative link is relative to the link's own directory. (`book
/// build --out` writes through links the same way.)
pub(crate) fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    // As many links as the kernel follows before it gives up on a loop.
    for _ in 0..40 {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&path)?;
                path = path.parent().unwrap_or(Path::new("")).join(target);
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Writes `text` to `target` (a file, never a link) through a temporary file in the same
/// directory and a rename, so a crash or a full disk never leaves half a file. A file that was
/// there keeps its permissions, owner and group.
fn replace(target: &Path, text: &str) -> io::Result<()> {
    if let Some(dir) = target.parent() {
        fs::create_dir_all(dir)?;
    }
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    let temporary = target.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let old = fs::metadata(target).ok();
    let written =
        write_new(&temporary, text, old.as_ref()).and_then(|()| fs::rename(&temporary, target));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// A new file at `path` holding `text`, with `old`'s permissions, owner and group if given.
fn write_new(path: &Path, text: &str, old: Option<&Metadata>) -> io::Result<()> {
    let mut file = File::create(path)?;
    file.write_all(text.as_bytes())?;
    let Some(old) = old else {
        return Ok(());
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let new = file.metadata()?;
        let uid = (new.uid() != old.uid()).then_some(old.uid());
        let gid = (new.gid() != old.gid()).then_some(old.gid());
        if uid.is_some() || gid.is_some() {
            // Before the permissions: a change of owner clears the set-id bits.
            std::os::unix::fs::fchown(&file, uid, gid).map_err(|error| {
                io::Error::new(
                    error.kind(),
                    format!("cannot keep its owner and group: {error}"),
                )
            })?;
        }
    }
    file.set_permissions(old.permissions())
}
