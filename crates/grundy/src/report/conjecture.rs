//! The answer of `grundy conjecture`.

use serde::{Deserialize, Serialize};

use super::Command;

/// A smallest terminal position of the wrong parity.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ParityCounterexample {
    /// Its board.
    pub(crate) board: String,
    /// Its occupied squares.
    pub(crate) squares: Vec<String>,
    /// How many pieces.
    pub(crate) size: usize,
    /// The board's squares (m·n).
    pub(crate) area: usize,
    /// The position, rows separated by `/`.
    pub(crate) position: String,
}

/// A board the check could not decide.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Undecided {
    /// The board.
    pub(crate) board: String,
    /// Why.
    pub(crate) reason: String,
}

/// The answer of `grundy conjecture`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConjectureReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub(crate) schema: u32,
    /// [`Command::Conjecture`].
    pub(crate) command: Command,
    /// Which conjecture (`parity`).
    pub(crate) conjecture: String,
    /// What it says.
    pub(crate) statement: String,
    /// The piece, by plural name.
    pub(crate) game: String,
    /// The boards asked for, as typed.
    pub(crate) boards: String,
    /// Whether it held on every board checked and none was undecided.
    pub(crate) holds: bool,
    /// The counterexample found, or `null`.
    pub(crate) counterexample: Option<ParityCounterexample>,
    /// The boards checked, in order.
    pub(crate) boards_checked: Vec<String>,
    /// The boards left undecided.
    pub(crate) undecided: Vec<Undecided>,
}
