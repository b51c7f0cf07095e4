//! The answers of `grundy tour` and its questions: find, exists, verify, count.

use serde::{Deserialize, Serialize};

use super::{Command, Count};

/// The answer of `grundy tour` (find a knight's tour).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub(crate) schema: u32,
    /// [`Command::Tour`].
    pub(crate) command: Command,
    /// The board, `ROWSxCOLS`.
    pub(crate) board: String,
    /// Whether a closed tour was asked for (found tours: whether it closes).
    pub(crate) closed: bool,
    /// The starting square asked for, or the tour's first square; `null` when none was asked
    /// and none found.
    pub(crate) start: Option<String>,
    /// Whether a tour was found.
    pub(crate) exists: bool,
    /// Found tours: the board's rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) rows: Option<usize>,
    /// Found tours: the board's columns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) cols: Option<usize>,
    /// Found tours: the method that found it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) method: Option<String>,
    /// Found tours: the squares in order, each `[row, col]` counting from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) path: Option<Vec<[usize; 2]>>,
    /// No tour: why, citing the theorem or the search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    /// Found tours: wall-clock seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) seconds: Option<f64>,
}

/// The answer of `grundy tour exists`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourExistsReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub(crate) schema: u32,
    /// [`Command::TourExists`].
    pub(crate) command: Command,
    /// The board, `ROWSxCOLS`.
    pub(crate) board: String,
    /// Whether the question is about closed tours.
    pub(crate) closed: bool,
    /// The starting square asked for, or `null`.
    pub(crate) start: Option<String>,
    /// Yes or no; `null` when a bounded search could not decide.
    pub exists: Option<bool>,
    /// Why: the theorem cited, or what the search found.
    pub(crate) reason: String,
}

/// The answer of `grundy tour verify`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourVerifyReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub(crate) schema: u32,
    /// [`Command::TourVerify`].
    pub(crate) command: Command,
    /// The board, `ROWSxCOLS`.
    pub(crate) board: String,
    /// Whether the file holds a valid tour.
    pub valid: bool,
    /// Valid tours: whether the last square is a knight's move from the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) closed: Option<bool>,
    /// Invalid tours: the first fault found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) fault: Option<String>,
}

/// The answer of `grundy tour count`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourCountReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub(crate) schema: u32,
    /// [`Command::TourCount`].
    pub(crate) command: Command,
    /// The board, `ROWSxCOLS`.
    pub(crate) board: String,
    /// Whether closed tours are counted.
    pub(crate) closed: bool,
    /// Whether a tour and its reverse count twice.
    pub(crate) directed: bool,
    /// The starting square asked for, or `null`.
    pub(crate) start: Option<String>,
    /// The count (a lower bound when `complete` is false).
    pub(crate) count: Count,
    /// Whether the count is finished (false when Ctrl-C stopped it).
    pub complete: bool,
    /// How it was counted: `theorem`, `frontier` or `search`.
    pub(crate) method: String,
    /// `theorem`: the theorem that gives 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    /// `search`: the nodes of the backtracking search (partial paths tried).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) search_nodes: Option<u64>,
    /// `frontier`: the most frontier states held at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) peak_states: Option<u64>,
    /// Wall-clock seconds (not for `theorem`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) seconds: Option<f64>,
}
