//! A corner game's table: `g(m, n)` with the piece on each square `(m, n)` asked, read from
//! one table of the game reaching the largest `m` and `n`.

use std::time::Instant;

use super::{CornerGame, CornerPiece, MAX_CORNER, MAX_CORNER_BYTES};
use crate::games::sum::Summand;
use crate::games::table_family::{TableAxes, TableFamily};
use crate::report::TableReport;

impl CornerGame {
    /// Refuses a table of `rows` by `cols` when it would take more than [`MAX_CORNER_BYTES`],
    /// before anything is allocated; `what` names the table in the message.
    ///
    /// # Errors
    /// Naming the table's size and the limit.
    pub(crate) fn check_table_memory(
        &self,
        rows: usize,
        cols: usize,
        what: &str,
    ) -> Result<(), String> {
        let bytes = self.table_bytes(rows, cols);
        if bytes <= MAX_CORNER_BYTES {
            return Ok(());
        }
        Err(format!(
            "{what} of {self} is too large: its table needs about {} MiB (the moves reach positions up to weight a·m + b·n with weights {}), at most {} MiB",
            bytes >> 20,
            match self {
                CornerGame::Steps(steps) => format!("{:?}", steps.weights()),
                CornerGame::Queen => "(1, 1)".to_string(),
            },
            MAX_CORNER_BYTES >> 20
        ))
    }
}

impl TableFamily for CornerGame {
    fn boxed(&self) -> Box<dyn TableFamily> {
        Box::new(self.clone())
    }

    fn axes(&self) -> TableAxes {
        TableAxes {
            lowest: 0,
            highest: MAX_CORNER,
            default_rows: 0..=15,
            default_cols: 0..=11,
            labels: "coordinates",
            labels_in_full: "the piece's coordinates",
            range_example: "0-15",
            list_example: "0,2,4",
            cell_value: "nim-value g(m, n)",
        }
    }

    fn cell(&self, m: usize, n: usize) -> Result<Summand, String> {
        Ok(Summand::from(CornerPiece {
            game: self.clone(),
            m,
            n,
        }))
    }

    fn searches_cells(&self) -> bool {
        false
    }

    fn whole_table(&self, rows: &[usize], cols: &[usize]) -> Option<Result<TableReport, String>> {
        let last_row = rows.iter().copied().max().unwrap_or(0);
        let last_col = cols.iter().copied().max().unwrap_or(0);
        if let Err(refused) = self.check_table_memory(
            last_row + 1,
            last_col + 1,
            &format!("the table to m = {last_row}, n = {last_col}"),
        ) {
            return Some(Err(refused));
        }
        let started = Instant::now();
        let table = self.table(last_row + 1, last_col + 1);
        let seconds = started.elapsed().as_secs_f64();
        let nimbers: Vec<Vec<Option<u32>>> = rows
            .iter()
            .map(|&m| {
                cols.iter()
                    .map(|&n| Some(table.get(m, n).value()))
                    .collect()
            })
            .collect();
        Some(Ok(TableReport {
            finished_cells: rows.len() * cols.len(),
            nimbers,
            seconds,
            ..TableReport::begun(self.to_string(), None, None, rows, cols)
        }))
    }
}
