//! The answer of `grundy bench`.

use serde::{Deserialize, Serialize};

use super::Command;

/// One timed case of `grundy bench`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchCase {
    /// The piece.
    pub game: String,
    /// The board.
    pub board: String,
    /// Its nim-value.
    pub nimber: u32,
    /// Positions searched.
    pub positions_searched: u64,
    /// Positions answered from the transposition table.
    pub(crate) table_hits: u64,
    /// Positions valued by the endgame table.
    pub(crate) endgame_positions: u64,
    /// Bytes of the transposition table.
    pub table_bytes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The answer of `grundy bench`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub(crate) schema: u32,
    /// [`Command::Bench`].
    pub(crate) command: Command,
    /// The cases run.
    pub cases: Vec<BenchCase>,
}
