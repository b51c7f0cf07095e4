//! `--svg FILE` for `value` and `moves`: the position is drawn by the library
//! ([`grundy::picture`]); this refuses the option for games that have no board.

use std::path::Path;

use anyhow::Result;

use crate::input::input_error;

/// Refuses `--svg` for a game that has no board (heap, corner and graph games, sums), before
/// any search starts.
pub fn refuse(svg: Option<&Path>) -> Result<()> {
    match svg {
        Some(_) => Err(input_error(
            "--svg draws boards: it works with the games played on a board (pieces, or Cram's dominoes)",
        )),
        None => Ok(()),
    }
}
