//! `--svg FILE` for `value` and `moves`: the position is drawn by the library
//! ([`grundy::picture`]); this refuses the option for games that have no board.

use std::path::Path;

use anyhow::Result;

use crate::input::input_error;

/// Refuses `--svg` for games that have no board (heap, corner and graph games), before any
/// search starts.
pub fn refuse(svg: Option<&Path>) -> Result<()> {
    match svg {
        Some(_) => Err(input_error(
            "--svg draws boards: it works with the placement games (a piece and a board)",
        )),
        None => Ok(()),
    }
}
