//! Files a command writes besides its report (`--svg`). They are written by `main` only after
//! the report is printed, so a file that cannot be written never costs the user a finished
//! answer; each is written to a temporary file beside it and then renamed, so a failure leaves
//! nothing half-written; and `wrote PATH` is said (on stderr, so that `--json` stays one
//! object) only once the file is in place, so no message claims a file that is not there.

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

/// Writes `contents` to a temporary file in `path`'s folder, then renames it to `path`. A new
/// file gets the mode the user's umask gives (as `>` in a shell would), not the temporary
/// file's private 0600; a file replaced keeps its mode.
fn write_whole(path: &Path, contents: &str) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    // The mode given to open(2), which the kernel narrows by the umask.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut temporary = builder.tempfile_in(folder)?;
    if let Ok(existing) = std::fs::metadata(path) {
        if existing.is_file() {
            temporary
                .as_file()
                .set_permissions(existing.permissions())?;
        }
    }
    temporary.write_all(contents.as_bytes())?;
    temporary.flush()?;
    temporary.persist(path).map_err(|error| error.error)?;
    Ok(())
}
