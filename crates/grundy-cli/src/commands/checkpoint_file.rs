//! The checkpoint file of a resumable search, as the command line keeps it: locked for one
//! run, read within a bound, appended to line by line, cut back after a torn line. The lines
//! themselves (their format and checksums) are the library's
//! ([`grundy::request::ResumableSearch`]); this module does their I/O, for the search on one
//! host ([`super::value_search`]) and over MPI ranks ([`super::cluster`]).
//!
//! Each line of the checkpoint is written whole by one write, so a run killed at any moment
//! leaves at most a torn last line, which the next run drops (that question was never settled)
//! and cuts off the file before carrying on. A run holds an advisory lock on the file from
//! before it reads it until it ends, so a second run on the same file is refused before it has
//! written anything, instead of both writing headers and lines into one file.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use anyhow::Result;
use grundy::request::{CheckpointText, Refusal, ResumableSearch};
use grundy::solver::Fact;
use grundy::watch::Event;

use crate::input::input_error;

/// The largest checkpoint read. A line is about 70 bytes, and the largest search has at most a
/// few thousand groups of first moves (512 squares, 4 pieces) times a few values: a few
/// megabytes. A larger file is not a checkpoint of this program.
const MAX_CHECKPOINT_BYTES: u64 = 64 << 20;

/// The command line that ran this program, for the user to run again: `grundy` and the
/// arguments, those with spaces or quotes quoted.
fn this_command() -> String {
    let arguments = std::env::args().skip(1).map(|argument| {
        if !argument.is_empty()
            && argument
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.,:/=+@%".contains(c))
        {
            argument
        } else {
            format!("'{}'", argument.replace('\'', "'\\''"))
        }
    });
    std::iter::once("grundy".to_string())
        .chain(arguments)
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a stopped search says of what it settled: where it is kept and how to resume
/// (`again`: how the command is run again, such as "run the same command again").
pub(crate) fn kept_message(checkpoint: Option<&Checkpoint>, again: &str) -> String {
    match checkpoint {
        Some(checkpoint) if checkpoint.failure.is_none() => {
            let facts = match &checkpoint.facts_kept {
                Some((path, count)) => format!(
                    ", and the {count} costliest facts it had learnt of the question it was searching in {}",
                    path.display()
                ),
                None => String::new(),
            };
            format!(
                "they are in {}{facts}: {again} to resume:\n  {}",
                checkpoint.path.display(),
                this_command()
            )
        }
        Some(checkpoint) => format!(
            "the checkpoint {} holds those settled before writing it failed",
            checkpoint.path.display()
        ),
        None => "nothing was kept: give --checkpoint FILE to keep what is settled".to_string(),
    }
}

/// Where the facts of the checkpoint at `path` are kept: beside it, `.facts` added to its name.
pub(crate) fn facts_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".facts");
    PathBuf::from(name)
}

/// A checkpoint file being appended to.
pub(crate) struct Checkpoint {
    pub(crate) path: PathBuf,
    /// `None` once a write has failed: the search goes on without the checkpoint.
    file: Option<File>,
    /// Bytes of whole lines in the file: a failed write is cut back to this.
    written: u64,
    /// Why writing failed, if it did.
    pub(crate) failure: Option<String>,
    /// The search kept, which writes and reads its lines.
    search: ResumableSearch,
    /// Whether the checkpoint is a regular file: only then are facts kept beside it.
    regular: bool,
    /// The facts kept by this run, and where.
    pub(crate) facts_kept: Option<(PathBuf, usize)>,
    /// Whether this run made the file.
    created: bool,
    /// The file's length before this run wrote its header, when it did.
    header_written_at: Option<u64>,
    /// The lock on the file, held until the search ends (even after a write failed).
    _lock: Option<HeldLock>,
}

impl Checkpoint {
    /// Opens the checkpoint at `path` for `search`: locks it (refusing a file
    /// another run holds), reads what it holds (the settled records with the line of each),
    /// drops a torn last line, and writes the header to a new or empty file. A file that is not
    /// a regular file (`/dev/null`) is only written to.
    pub(crate) fn open(
        path: &Path,
        search: &ResumableSearch,
    ) -> Result<(Checkpoint, CheckpointText)> {
        let shown = path.display();
        let cannot_open =
            |e: std::io::Error| input_error(format!("cannot open the checkpoint {shown}: {e}"));
        // Made here or found: a run refused later removes only a file it made.
        let (file, created) = match OpenOptions::new()
            .create_new(true)
            .read(true)
            .append(true)
            .open(path)
        {
            Ok(file) => (file, true),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
                let file = OpenOptions::new()
                    .create(true)
                    .read(true)
                    .append(true)
                    .open(path)
                    .map_err(cannot_open)?;
                (file, false)
            }
            Err(error) => return Err(cannot_open(error)),
        };
        let lock = lock(&file, path)?;
        if lock.is_some() && !still_named(path, &file) {
            // Another run made this file and removed it, refused, between our open and our
            // lock: what this run wrote would go to a file without a name.
            return Err(input_error(format!(
                "checkpoint {shown} was removed or replaced while this run opened it (another run on the same file was refused meanwhile): run the command again"
            )));
        }
        let (read, regular) = match Checkpoint::read_locked(path, &file, search) {
            Ok(read) => read,
            Err(error) => {
                if created {
                    // A refused run leaves nothing behind, not even the empty file it made to
                    // lock. The lock is still held: a run that opened the file meanwhile finds
                    // it no longer named by the path once it holds the lock, and is refused.
                    let _ = std::fs::remove_file(path);
                }
                return Err(error);
            }
        };
        let mut checkpoint = Checkpoint {
            path: path.to_path_buf(),
            file: Some(file),
            written: read.whole_bytes,
            failure: None,
            search: search.clone(),
            regular,
            facts_kept: None,
            created,
            header_written_at: None,
            _lock: lock,
        };
        if !read.has_header {
            checkpoint.header_written_at = Some(checkpoint.written);
            checkpoint.write_line(checkpoint.search.header_line());
        }
        Ok((checkpoint, read))
    }

    /// Undoes what opening wrote, for a run refused once the search has read what the file
    /// and its facts hold (a fact about no component of this game): a file this run made is
    /// removed, and a header it wrote to an empty file is cut off, so that a refused run leaves
    /// nothing behind. A file with more than that is left as it is.
    pub(crate) fn withdraw(&mut self) {
        let Some(before) = self.header_written_at else {
            return;
        };
        let header = self.search.header_line().len() as u64;
        if self.written != before + header {
            return;
        }
        if self.created {
            // The lock is still held: a run that opened the file meanwhile finds it no longer
            // named by the path once it holds the lock, and is refused.
            let _ = std::fs::remove_file(&self.path);
        } else if let Some(file) = &self.file {
            let _ = file.set_len(before);
        }
        self.file = None;
    }

    /// What the locked checkpoint `file` and the facts beside it hold, with the torn last line
    /// cut off; and whether it is a regular file.
    fn read_locked(
        path: &Path,
        file: &File,
        search: &ResumableSearch,
    ) -> Result<(CheckpointText, bool)> {
        let shown = path.display();
        let regular = file.metadata().is_ok_and(|metadata| metadata.is_file());
        let contents = if regular {
            read_bounded(file, path, "checkpoint")?
        } else {
            Vec::new()
        };
        let mut read = search
            .read(&contents)
            .map_err(|why| input_error(format!("checkpoint {shown} {why}")))?;
        // Read before anything is written, so that a refused file of facts leaves the
        // checkpoint as it was.
        if regular {
            let facts = read_facts(search, &facts_path(path))?;
            (read.facts, read.fact_lines) = (facts.facts, facts.fact_lines);
        }
        if let Some(line) = read.torn_line {
            errln!(
                "note: checkpoint {shown} line {line} was cut short (the run writing it was stopped); dropped, its question will be searched again"
            );
        }
        if regular && read.whole_bytes < contents.len() as u64 {
            file.set_len(read.whole_bytes).map_err(|e| {
                input_error(format!(
                    "cannot cut the torn last line off the checkpoint {shown}: {e}"
                ))
            })?;
        }
        Ok((read, regular))
    }

    /// Keeps `facts`, learnt by the search before it was stopped, beside the checkpoint in
    /// place of those kept before: written whole to a new file that then takes the old one's
    /// name, so that a run stopped while writing leaves the old facts or the new, never a mix.
    /// On failure says why, and the checkpoint goes on without them.
    pub(crate) fn keep_facts(&mut self, facts: &[Fact]) {
        let path = facts_path(&self.path);
        if !self.keeps_facts() || facts.is_empty() {
            return;
        }
        let mut temporary = path.clone().into_os_string();
        temporary.push(".new");
        let text = self.search.facts_text(facts);
        let written = crate::files::replace_through(&path, Path::new(&temporary), text.as_bytes());
        match written {
            Ok(()) => self.facts_kept = Some((path, facts.len())),
            Err(error) => {
                errln!(
                    "warning: cannot keep what the search learnt in {}: {error}; the checkpoint is whole, and the question being searched is searched from the start next time",
                    path.display()
                );
            }
        }
    }

    /// Whether facts are kept beside the checkpoint: when it is a regular file.
    pub(crate) fn keeps_facts(&self) -> bool {
        self.regular
    }

    /// Writes the line `event` adds to the checkpoint, if any (a question settled, or
    /// searched long without an answer).
    pub(crate) fn record(&mut self, event: &Event) {
        if let Some(line) = grundy::request::checkpoint_line(&self.search, event) {
            self.write_line(line);
        }
    }

    /// The search kept, to write lines of other kinds.
    #[cfg_attr(not(feature = "mpi"), allow(dead_code))]
    pub(crate) fn search(&self) -> &ResumableSearch {
        &self.search
    }

    /// The error for a file the search refused: the checkpoint, or the facts beside it, and
    /// why by its line.
    pub(crate) fn refused(&self, refusal: Refusal) -> anyhow::Error {
        match refusal {
            Refusal::Checkpoint(why) => {
                input_error(format!("checkpoint {}: {why}", self.path.display()))
            }
            Refusal::Facts(why) => {
                input_error(format!("facts {} {why}", facts_path(&self.path).display()))
            }
        }
    }

    /// Writes `line` (ending in a newline) by one write, so that no other line and no stop
    /// can split it. On failure (a full disk) says so once, cuts off what was written of the
    /// line, and writes no more.
    pub(crate) fn write_line(&mut self, line: String) {
        let Some(file) = self.file.as_mut() else {
            return;
        };
        match file.write_all(line.as_bytes()).and_then(|()| file.flush()) {
            Ok(()) => self.written += line.len() as u64,
            Err(error) => {
                // Best effort: a device cannot be cut, and then holds nothing to resume.
                let _ = file.set_len(self.written);
                errln!(
                    "warning: cannot write the checkpoint {}: {error}; the search goes on, but the checkpoint lacks what is settled from now on",
                    self.path.display()
                );
                self.failure = Some(error.to_string());
                self.file = None;
            }
        }
    }

    pub(crate) fn warn_if_incomplete(&self) {
        if let Some(failure) = &self.failure {
            errln!(
                "warning: the checkpoint {} is incomplete (writing it failed: {failure}); the answer printed is complete",
                self.path.display()
            );
        }
    }
}

/// The advisory lock a run holds on its checkpoint: on unix, `flock(2)` on the file's open
/// description, let go when dropped (or when the process ends, however it ends).
#[cfg(unix)]
pub(crate) type HeldLock = nix::fcntl::Flock<File>;
#[cfg(not(unix))]
pub(crate) type HeldLock = ();

/// Takes the advisory lock on the checkpoint `file` at `path`, refusing it when another run
/// holds it. Where the file system cannot lock (some network file systems), says so and goes
/// on without: one run on a file is then the user's to ensure. (`nix`'s flock rather than
/// std's `File::try_lock`, which needs Rust 1.89 where the workspace's rust-version is 1.82.)
#[cfg(unix)]
pub(crate) fn lock(file: &File, path: &Path) -> Result<Option<HeldLock>> {
    use nix::errno::Errno;
    use nix::fcntl::{Flock, FlockArg};
    let cannot_lock = |error: &dyn std::fmt::Display| {
        errln!(
            "warning: cannot lock the checkpoint {}: {error}; a second run on the same file would not be refused",
            path.display()
        );
    };
    // A second handle on the same open file: the lock is the description's, so it holds
    // for `file` too.
    let handle = match file.try_clone() {
        Ok(handle) => handle,
        Err(error) => {
            cannot_lock(&error);
            return Ok(None);
        }
    };
    match Flock::lock(handle, FlockArg::LockExclusiveNonblock) {
        Ok(held) => Ok(Some(held)),
        Err((_, Errno::EWOULDBLOCK)) => Err(input_error(format!(
            "checkpoint {} is in use: another grundy run holds its lock and writes to it; wait for that run to end (or stop it), or give another file. Nothing was written to it",
            path.display()
        ))),
        Err((_, error)) => {
            cannot_lock(&error);
            Ok(None)
        }
    }
}

/// Elsewhere the checkpoint is not locked: one run on a file is the user's to ensure.
#[cfg(not(unix))]
pub(crate) fn lock(_file: &File, _path: &Path) -> Result<Option<HeldLock>> {
    Ok(None)
}

/// The lock of a checkpoint that is replaced whole at each save, held on a file beside it
/// (`FILE.lock`; a lock on the checkpoint itself would go with the first file replaced): made
/// if absent, locked for the run, and removed when the run ends. A run killed leaves the file,
/// whose lock the system lets go, so the next run takes it.
pub(crate) struct LockBeside {
    path: PathBuf,
    _held: Option<HeldLock>,
}

impl LockBeside {
    /// Takes the lock of `checkpoint`, refusing it when another run holds it.
    pub(crate) fn take(checkpoint: &Path) -> Result<LockBeside> {
        let mut name = checkpoint.as_os_str().to_owned();
        name.push(".lock");
        let path = PathBuf::from(name);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|error| {
                input_error(format!(
                    "cannot make the lock {} of the checkpoint: {error}",
                    path.display()
                ))
            })?;
        let held = lock(&file, checkpoint)?;
        if held.is_some() && !still_named(&path, &file) {
            // The run that held it ended, removing it, between our open and our lock.
            return Err(input_error(format!(
                "the lock {} was removed while this run took it (another run on the same checkpoint ended meanwhile): run the command again",
                path.display()
            )));
        }
        Ok(LockBeside { path, _held: held })
    }
}

impl Drop for LockBeside {
    fn drop(&mut self) {
        // Removed while still held: a run that opened it meanwhile finds, once it holds the
        // lock, that the path no longer names it, and is refused.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Whether `path` still names the open `file` (the same file, not one made in its place).
#[cfg(unix)]
pub(crate) fn still_named(path: &Path, file: &File) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(path), file.metadata()) {
        (Ok(named), Ok(open)) => named.dev() == open.dev() && named.ino() == open.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
pub(crate) fn still_named(_path: &Path, _file: &File) -> bool {
    true
}

/// The facts kept beside a checkpoint ([`Checkpoint::keep_facts`]) at `path`, with the line of
/// each; none when there is no such file. A file that is not of this search, or damaged, is
/// refused by its line.
fn read_facts(search: &ResumableSearch, path: &Path) -> Result<CheckpointText> {
    let shown = path.display();
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Ok(CheckpointText::default())
        }
        Err(error) => {
            return Err(input_error(format!(
                "cannot read the facts {shown}: {error}"
            )))
        }
    };
    let contents = read_bounded(&file, path, "facts")?;
    let read = search
        .read_facts(&contents)
        .map_err(|why| input_error(format!("facts {shown} {why}")))?;
    if !read.facts.is_empty() {
        errln!(
            "note: taking the {} facts in {shown}, what the run before had learnt of the question it was searching",
            read.facts.len()
        );
    }
    Ok(read)
}

/// The bytes of `file` at `path` (the checkpoint or its facts, as `what` says), refused when
/// there are more than either can hold.
fn read_bounded(file: &File, path: &Path, what: &str) -> Result<Vec<u8>> {
    let too_large = || {
        input_error(format!(
            "{what} {} is larger than {} MiB, more than any {what} file of this program: is it the right file?",
            path.display(),
            MAX_CHECKPOINT_BYTES >> 20
        ))
    };
    if file
        .metadata()
        .is_ok_and(|m| m.len() > MAX_CHECKPOINT_BYTES)
    {
        return Err(too_large());
    }
    let mut contents = Vec::new();
    file.take(MAX_CHECKPOINT_BYTES + 1)
        .read_to_end(&mut contents)
        .map_err(|e| input_error(format!("cannot read the {what} {}: {e}", path.display())))?;
    if contents.len() as u64 > MAX_CHECKPOINT_BYTES {
        return Err(too_large());
    }
    Ok(contents)
}
