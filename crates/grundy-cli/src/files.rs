//! Files a command writes besides its report (`--svg`). They are written by `main` only after
//! the report is printed, so a file that cannot be written never costs the user a finished
//! answer, and each is written to a temporary file beside it and then renamed, so a failure
//! leaves nothing half-written.

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

/// Writes the files asked for, stopping at the first that cannot be written.
pub fn write_pending() -> Result<()> {
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
    }
    Ok(())
}

/// Writes `contents` to a temporary file in `path`'s folder, then renames it to `path`.
fn write_whole(path: &Path, contents: &str) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut temporary = tempfile::NamedTempFile::new_in(folder)?;
    temporary.write_all(contents.as_bytes())?;
    temporary.flush()?;
    temporary.persist(path).map_err(|error| error.error)?;
    Ok(())
}
