//! The answers of `grundy tour` and its questions: find, exists, verify, count.

use serde::{Deserialize, Serialize};

use super::{Command, Count};

/// The answer of `grundy tour` (find a knight's tour).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub schema: u32,
    /// [`Command::Tour`].
    pub command: Command,
    /// The board, `ROWSxCOLS`.
    pub board: String,
    /// Whether a closed tour was asked for (found tours: whether it closes).
    pub closed: bool,
    /// The starting square asked for, or the tour's first square; `null` when none was asked
    /// and none found.
    pub start: Option<String>,
    /// Whether a tour was found.
    pub exists: bool,
    /// Found tours: the board's rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<usize>,
    /// Found tours: the board's columns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cols: Option<usize>,
    /// Found tours: the method that found it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Found tours: the squares in order, each `[row, col]` counting from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<[usize; 2]>>,
    /// No tour: why, citing the theorem or the search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Found tours: wall-clock seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
}

/// The answer of `grundy tour exists`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourExistsReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub schema: u32,
    /// [`Command::TourExists`].
    pub command: Command,
    /// The board, `ROWSxCOLS`.
    pub board: String,
    /// Whether the question is about closed tours.
    pub closed: bool,
    /// The starting square asked for, or `null`.
    pub start: Option<String>,
    /// Yes or no; `null` when a bounded search could not decide.
    pub exists: Option<bool>,
    /// Why: the theorem cited, or what the search found.
    pub reason: String,
}

/// The answer of `grundy tour verify`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourVerifyReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub schema: u32,
    /// [`Command::TourVerify`].
    pub command: Command,
    /// The board, `ROWSxCOLS`.
    pub board: String,
    /// Whether the file holds a valid tour.
    pub valid: bool,
    /// Valid tours: whether the last square is a knight's move from the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed: Option<bool>,
    /// Invalid tours: the first fault found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault: Option<String>,
}

/// The answer of `grundy tour count`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourCountReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub schema: u32,
    /// [`Command::TourCount`].
    pub command: Command,
    /// The board, `ROWSxCOLS`.
    pub board: String,
    /// Whether closed tours are counted.
    pub closed: bool,
    /// Whether a tour and its reverse count twice.
    pub directed: bool,
    /// The starting square asked for, or `null`.
    pub start: Option<String>,
    /// The count (a lower bound when `complete` is false).
    pub count: Count,
    /// Whether the count is finished (false when Ctrl-C stopped it).
    pub complete: bool,
    /// How it was counted: `theorem`, `frontier` or `search`.
    pub method: String,
    /// `theorem`: the theorem that gives 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// `search`: the nodes of the backtracking search (partial paths tried).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search_nodes: Option<u64>,
    /// `frontier`: the most frontier states held at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_states: Option<u64>,
    /// Wall-clock seconds (not for `theorem`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
}
