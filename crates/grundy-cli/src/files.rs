//! Files a command writes besides its report (`--svg`), and the way a file is replaced whole
//! (also used for a checkpoint's facts, mid-search). The files beside the report are written
//! by `main` only after the report is printed, so a file that cannot be written never costs
//! the user a finished answer; each is written to a temporary file beside it and then
//! renamed, so a failure leaves nothing half-written; and `wrote PATH` is said (on stderr, so
//! that `--json` stays one object) only once the file is in place, so no message claims a file
//! that is not there.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Context, Result};

/// What the running command asked to write, in order.
static PENDING: Mutex<Vec<(PathBuf, String)>> = Mutex::new(Vec::new());

/// Writes `contents` to `path` once the report is printed.
pub fn write_after_report(path: &Path, contents: String) {
    PENDING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .push((path.to_path_buf(), contents));
}

/// Writes the files asked for, saying `wrote PATH` on `said` after each, and stopping at the
/// first that cannot be written.
pub fn write_pending(said: &mut dyn Write) -> Result<()> {
    let pending = std::mem::take(
        &mut *PENDING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    );
    for (path, contents) in pending {
        write_whole(&path, &contents).with_context(|| {
            format!(
                "cannot write {} (the answer above is complete; only the file is missing)",
                path.display()
            )
        })?;
        // The file is written; a closed stderr must not turn that into a failure.
        let _ = writeln!(said, "wrote {}", path.display());
    }
    Ok(())
}

/// Writes `contents` to `path` whole ([`WholeFile`]).
fn write_whole(path: &Path, contents: &str) -> std::io::Result<()> {
    let mut file = WholeFile::create(path)?;
    file.write_all(contents.as_bytes())?;
    file.finish()
}

/// A file written in pieces that appears at its path only whole: the pieces go to a temporary
/// file in the path's folder, which [`WholeFile::finish`] syncs and renames to the path, then
/// syncs the folder, so that after a crash the path names either the old file or the new one,
/// whole. Dropped unfinished (an error, Ctrl-C), the temporary file is removed and the path
/// left as it was. A new file gets the mode the user's umask gives (as `>` in a shell would),
/// not the temporary file's private 0600; a file replaced keeps its mode. A link is followed,
/// so that the file it names is replaced and the link kept; and what is not a regular file
/// (`/dev/stdout`, a named pipe) is written into as it is, since a rename would put a file in
/// its place.
pub(crate) struct WholeFile {
    target: PathBuf,
    into: Destination,
}

/// Where a [`WholeFile`]'s pieces go.
enum Destination {
    Temporary(tempfile::NamedTempFile),
    Special(std::fs::File),
}

impl WholeFile {
    /// Starts the file that will be `path`.
    pub(crate) fn create(path: &Path) -> std::io::Result<WholeFile> {
        let target = match std::fs::symlink_metadata(path) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                match std::fs::canonicalize(path) {
                    Ok(target) => target,
                    // A link to nothing yet: the file is made where it points.
                    Err(_) => path.to_path_buf(),
                }
            }
            _ => path.to_path_buf(),
        };
        let existing = std::fs::metadata(&target).ok();
        if existing
            .as_ref()
            .is_some_and(|metadata| !metadata.is_file())
        {
            let file = std::fs::OpenOptions::new().write(true).open(&target)?;
            return Ok(WholeFile {
                target,
                into: Destination::Special(file),
            });
        }
        // Named after the file it becomes, should a killed run leave it behind.
        let prefix = target
            .file_name()
            .map_or_else(String::new, |name| format!(".{}.", name.to_string_lossy()));
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        // The mode given to open(2), which the kernel narrows by the umask.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let temporary = builder
            .tempfile_in(folder_of(&target))
            .map_err(without_path)?;
        if let Some(existing) = existing {
            temporary
                .as_file()
                .set_permissions(existing.permissions())?;
        }
        Ok(WholeFile {
            target,
            into: Destination::Temporary(temporary),
        })
    }

    /// Puts the file, written whole, at its path.
    pub(crate) fn finish(self) -> std::io::Result<()> {
        match self.into {
            Destination::Special(mut file) => file.flush(),
            Destination::Temporary(temporary) => {
                temporary.as_file().sync_all()?;
                temporary
                    .persist(&self.target)
                    .map_err(|error| error.error)?;
                sync_folder(folder_of(&self.target));
                Ok(())
            }
        }
    }
}

impl Write for WholeFile {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match &mut self.into {
            Destination::Temporary(temporary) => temporary.write(bytes),
            Destination::Special(file) => file.write(bytes),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.into {
            Destination::Temporary(temporary) => temporary.flush(),
            Destination::Special(file) => file.flush(),
        }
    }
}

/// Replaces `path` by a file holding `contents`, written first to `temporary` beside it and
/// synced, then renamed: after a crash `path` names the old file or the new one, whole. For a
/// writer that owns `temporary` (a checkpoint's facts, under the checkpoint's lock), so that a
/// file a killed run left there is simply written over the next time.
pub(crate) fn replace_through(
    path: &Path,
    temporary: &Path,
    contents: &[u8],
) -> std::io::Result<()> {
    let written = std::fs::write(temporary, contents)
        .and_then(|()| std::fs::File::open(temporary)?.sync_all())
        .and_then(|()| std::fs::rename(temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(temporary);
    }
    written?;
    sync_folder(folder_of(path));
    Ok(())
}

/// The folder `path` is in: its parent, or the working folder for a bare name.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Syncs the entries of `folder`, where a rename was made. Best effort: the file is in place
/// already, and some file systems refuse to open or sync a folder.
fn sync_folder(folder: &Path) {
    if let Ok(entries) = std::fs::File::open(folder) {
        let _ = entries.sync_all();
    }
}

/// `error` without the temporary file's name that tempfile adds to its message (`... at path
/// ".tmpXXXXXX"`): the message names the file the user asked for.
fn without_path(error: std::io::Error) -> std::io::Error {
    let text = error.to_string();
    match text.rsplit_once(" at path ") {
        Some((cause, _)) => std::io::Error::new(error.kind(), cause.to_string()),
        None => error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// A file written in pieces appears only when finished; dropped unfinished, it leaves the
    /// old file as it was and no temporary file.
    #[test]
    fn a_whole_file_appears_only_when_finished() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        std::fs::write(&path, "old\n").unwrap();
        let mut file = WholeFile::create(&path).unwrap();
        file.write_all(b"new, ").unwrap();
        file.write_all(b"in pieces\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
        drop(file);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
        assert_eq!(names(dir.path()), ["out.txt"]);
        let mut file = WholeFile::create(&path).unwrap();
        file.write_all(b"new, ").unwrap();
        file.write_all(b"in pieces\n").unwrap();
        file.finish().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new, in pieces\n");
        assert_eq!(names(dir.path()), ["out.txt"]);
    }
}
