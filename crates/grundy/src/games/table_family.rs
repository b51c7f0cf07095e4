//! The table's side of the family contract: what `grundy table` asks of a family whose games
//! make a table, a game named without its board or square whose cell `(m, n)` is a game of the
//! family (the empty `m` x `n` board, or the piece on `(m, n)`). A family keeps it in its own
//! folder (`placement/table.rs`, `corner/table.rs`, `cram/table.rs`), the registry reads its
//! name (`crate::games::registry::Family::table_family`), and the table request fills any
//! family's table through it without knowing which family it is.

use std::fmt;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::board::{RayRule, Surface};
use crate::games::contract::FamilyGame;
use crate::games::sum::Summand;
use crate::report::TableReport;
use crate::solver::SearchObserver;
use crate::values::Nimber;

/// A game named without a board, whose cells make a table: pieces with their surface and ray
/// rule, a corner game, Cram. Written ([`fmt::Display`]) as it is read back.
pub trait TableFamily: fmt::Display + fmt::Debug + Send + Sync {
    /// The same game, boxed: a table request is cloned whole.
    fn boxed(&self) -> Box<dyn TableFamily>;

    /// What the rows and columns are and which of them a table takes.
    fn axes(&self) -> TableAxes;

    /// The game as a normal-play table's report names it (a placement game by its pieces
    /// alone; the report's `surface` and `rays` say the rest).
    fn report_name(&self) -> String {
        self.to_string()
    }

    /// How the game's rules differ from the plainest, for a table's title: "" or, for example,
    /// " (torus surface, lines blocked)".
    fn rules_note(&self) -> String {
        String::new()
    }

    /// The report's `surface` and `rays`: a board's, or none for a game without a board.
    fn surface_and_rays(&self) -> (Option<String>, Option<String>) {
        (None, None)
    }

    /// The same game on `surface` and with `rays`, each kept when `None`: a command line's
    /// `--board` and `--rays`.
    ///
    /// # Errors
    /// For a game that has no board to glue or no lines to block, or rules that do not go
    /// together.
    fn with_rules(
        &self,
        surface: Option<Surface>,
        rays: Option<RayRule>,
    ) -> Result<Box<dyn TableFamily>, String> {
        if surface.is_none() && rays.is_none() {
            return Ok(self.boxed());
        }
        Err(format!(
            "a surface or a ray rule is for the placement games (pieces on a board), not for `{self}`"
        ))
    }

    /// The game of the cell in row `m` and column `n`.
    ///
    /// # Errors
    /// A cell its family does not take (a board of too many squares).
    fn cell(&self, m: usize, n: usize) -> Result<Summand, String>;

    /// The game of the cell in row `m` and column `n` for a misère search, which takes smaller
    /// boards than some families' normal-play searches.
    ///
    /// # Errors
    /// As [`TableFamily::cell`], or a board past the misère search's bound.
    fn misere_cell(&self, m: usize, n: usize) -> Result<Summand, String> {
        self.cell(m, n)
    }

    /// The whole table of nim-values at once, when the family reads it from one table of its
    /// own (a corner game's) rather than searching cell by cell: the report's values, keys
    /// and seconds. `None` for a family whose cells are searched.
    ///
    /// # Errors
    /// A table too large for the family's means.
    fn whole_table(&self, _rows: &[usize], _cols: &[usize]) -> Option<Result<TableReport, String>> {
        None
    }

    /// Whether the cells are searched one by one, so that a table stopped early keeps the
    /// cells finished; `false` for a family that answers [`TableFamily::whole_table`].
    fn searches_cells(&self) -> bool {
        true
    }

    /// The value of cell `(m, n)` and the strategy that settles it without search (mirror
    /// play: a second-player win), when one does.
    fn settled_cell(&self, _m: usize, _n: usize) -> Option<(Nimber, String)> {
        None
    }

    /// What searches the cells on one thread, keeping what it learns from cell to cell;
    /// `largest`, the cell of most squares, and `budget_bytes` for its tables. By default each
    /// cell is valued by its own evaluator ([`FamilyGame::normal_play`]).
    fn cell_search(&self, _largest: (usize, usize), budget_bytes: u64) -> Box<dyn CellSearch + '_> {
        Box::new(EachCellAlone {
            family: self,
            budget_bytes,
        })
    }
}

/// What a table's rows and columns are: their range, the rows and columns a table takes when
/// none are named, and how messages and titles name them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableAxes {
    /// The smallest row or column.
    pub(crate) lowest: usize,
    /// The largest row or column.
    pub(crate) highest: usize,
    /// The rows when none are named.
    pub(crate) default_rows: RangeInclusive<usize>,
    /// The columns when none are named.
    pub(crate) default_cols: RangeInclusive<usize>,
    /// The labels in a short message: `board sides`.
    pub(crate) labels: &'static str,
    /// The labels in a sentence about their range: `the piece's coordinates`.
    pub(crate) labels_in_full: &'static str,
    /// A range a person may write: `1-6`.
    pub(crate) range_example: &'static str,
    /// A list a person may write: `2,4,8`.
    pub(crate) list_example: &'static str,
    /// What a cell holds, for a picture's title: `nim-value of the empty m x n board`.
    pub(crate) cell_value: &'static str,
}

impl TableAxes {
    /// The axes of a table whose cells are the empty boards with sides from 1 to `highest`,
    /// 1 to 6 when none are named.
    #[must_use]
    pub(crate) fn board_sides(highest: usize) -> TableAxes {
        TableAxes {
            lowest: 1,
            highest,
            default_rows: 1..=6,
            default_cols: 1..=6,
            labels: "board sides",
            labels_in_full: "board sides",
            range_example: "1-6",
            list_example: "2,4,8",
            cell_value: "nim-value of the empty m x n board",
        }
    }
}

/// What a table's search of one cell may look at: the flag that stops it, and the progress
/// of its search for whoever listens.
pub trait CellWatch: Sync {
    /// The flag that stops the table.
    fn stop_flag(&self) -> &Arc<AtomicBool>;

    /// Whether anyone listens to the searches' progress (a search without a listener is not
    /// told of one).
    fn is_listened_to(&self) -> bool;

    /// An observer of one search: its progress for the listener, and the stop flag.
    fn observer(&self) -> Box<dyn SearchObserver + Send>;
}

/// The search of a table's cells on one thread ([`TableFamily::cell_search`]).
pub trait CellSearch {
    /// The nim-value of cell `(m, n)`, `None` if `watch` stopped it first, with the positions
    /// its search visited.
    ///
    /// # Errors
    /// A cell too large for the family's search.
    fn value(
        &mut self,
        m: usize,
        n: usize,
        watch: &dyn CellWatch,
    ) -> Result<(Option<Nimber>, u64), String>;
}

/// Each cell valued by its own evaluator, as a question on the game alone would value it.
struct EachCellAlone<'a, F: ?Sized> {
    family: &'a F,
    budget_bytes: u64,
}

impl<F: TableFamily + ?Sized> CellSearch for EachCellAlone<'_, F> {
    fn value(
        &mut self,
        m: usize,
        n: usize,
        watch: &dyn CellWatch,
    ) -> Result<(Option<Nimber>, u64), String> {
        let cell = self.family.cell(m, n)?;
        let mut evaluator = cell
            .normal_play(self.budget_bytes)
            .map_err(|error| error.to_string())?;
        evaluator.set_observer(watch.observer());
        let nimber = evaluator.nim_value();
        // A search stopped by the watch returns a value nobody should believe.
        let stopped = watch.stop_flag().load(Ordering::Relaxed);
        Ok(((!stopped).then_some(nimber), evaluator.positions_searched()))
    }
}
