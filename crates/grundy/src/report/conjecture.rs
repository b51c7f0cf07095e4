//! The answer of `grundy conjecture`.

use serde::{Deserialize, Serialize};

use super::Command;

/// A smallest terminal position of the wrong parity.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParityCounterexample {
    /// Its board.
    pub board: String,
    /// Its occupied squares.
    pub squares: Vec<String>,
    /// How many pieces.
    pub size: usize,
    /// The board's squares (m·n).
    pub area: usize,
    /// The position, rows separated by `/`.
    pub position: String,
}

/// A board the check could not decide.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Undecided {
    /// The board.
    pub board: String,
    /// Why.
    pub reason: String,
}

/// The answer of `grundy conjecture`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConjectureReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub schema: u32,
    /// [`Command::Conjecture`].
    pub command: Command,
    /// Which conjecture (`parity`).
    pub conjecture: String,
    /// What it says.
    pub statement: String,
    /// The piece, by plural name.
    pub game: String,
    /// The boards asked for, as typed.
    pub boards: String,
    /// Whether it held on every board checked and none was undecided.
    pub holds: bool,
    /// The counterexample found, or `null`.
    pub counterexample: Option<ParityCounterexample>,
    /// The boards checked, in order.
    pub boards_checked: Vec<String>,
    /// The boards left undecided.
    pub undecided: Vec<Undecided>,
}
