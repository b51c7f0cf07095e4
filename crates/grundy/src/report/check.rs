//! The answer of `grundy check`.

use serde::{Deserialize, Serialize};

use super::Command;

/// One statement `grundy check` tested.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checked {
    /// The statement.
    pub statement: String,
    /// How many positions it was tested on.
    pub cases: usize,
}

/// The answer of `grundy check`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub(crate) schema: u32,
    /// [`Command::Check`].
    pub(crate) command: Command,
    /// The corner game.
    pub game: String,
    /// Every position `(m, n)` with `m, n` below this was checked.
    pub to: usize,
    /// The statements and their cases.
    pub checked: Vec<Checked>,
    /// Whether every statement held.
    pub holds: bool,
    /// The failing cases, described (at most 20).
    pub failures: Vec<String>,
    /// Wall-clock seconds.
    pub seconds: f64,
}
