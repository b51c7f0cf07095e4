//! The answer of `grundy table`.

use serde::{Deserialize, Serialize};

use super::{Command, SCHEMA_VERSION};
use crate::values::Convention;

/// The answer of `grundy table`: the nim-values of a family of boards or positions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableReport {
    /// [`SCHEMA_VERSION`].
    pub(crate) schema: u32,
    /// [`Command::Table`].
    pub(crate) command: Command,
    /// The game as typed.
    pub game: String,
    /// Placement games: the boards' surface.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) surface: Option<String>,
    /// Placement games: the ray rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) rays: Option<String>,
    /// The row labels: board heights, or a corner game's first coordinates.
    pub rows: Vec<usize>,
    /// The column labels: board widths, or the second coordinates.
    pub cols: Vec<usize>,
    /// `nimbers[i][j]` is the value at `rows[i]`, `cols[j]`; `null` where an interrupted
    /// search did not finish it.
    pub nimbers: Vec<Vec<Option<u32>>>,
    /// `misere` when the table was asked under misère play; left out under normal play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) convention: Option<Convention>,
    /// Misère play: `outcomes[i][j]` is who wins the cell, `N` or `P` (`null` where a stop
    /// came first); `nimbers` is then all `null`, misère play having no nim-values that add.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) outcomes: Option<Vec<Vec<Option<String>>>>,
    /// Placement games: `settled_by[i][j]` names the strategy that settled the cell without
    /// search (mirror play: a second-player win, value 0), `null` where the cell was searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settled_by: Option<Vec<Vec<Option<String>>>>,
    /// Placement games: positions searched for the whole table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) positions_searched: Option<u64>,
    /// Whether Ctrl-C stopped the search before every cell was finished.
    pub interrupted: bool,
    /// How many cells were finished.
    pub finished_cells: usize,
    /// Wall-clock seconds.
    pub(crate) seconds: f64,
}

impl TableReport {
    /// The keys every table has, of `game` on `surface` with `rays` (placement games), its
    /// rows and columns `rows` and `cols`, before any cell is found: normal play, no cell
    /// finished, nothing searched.
    #[must_use]
    pub(crate) fn begun(
        game: String,
        surface: Option<String>,
        rays: Option<String>,
        rows: &[usize],
        cols: &[usize],
    ) -> TableReport {
        TableReport {
            schema: SCHEMA_VERSION,
            command: Command::Table,
            game,
            surface,
            rays,
            rows: rows.to_vec(),
            cols: cols.to_vec(),
            nimbers: Vec::new(),
            convention: None,
            outcomes: None,
            settled_by: None,
            positions_searched: None,
            interrupted: false,
            finished_cells: 0,
            seconds: 0.0,
        }
    }
}
