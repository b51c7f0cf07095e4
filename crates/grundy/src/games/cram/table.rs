//! Cram's table: the empty boards of at most [`MAX_CRAM_SQUARES`] squares, each valued by
//! Cram's own search; the boards the second player wins by mirror play are settled first.

use std::fmt;

use super::{CramGame, CRAM_NAME, MAX_CRAM_SQUARES};
use crate::board::{BoardSize, Surface};
use crate::games::sum::Summand;
use crate::games::table_family::{TableAxes, TableFamily};
use crate::values::Nimber;

/// Cram named without a board, as a table names it: `cram`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CramTable;

impl CramTable {
    /// The empty `m` x `n` board.
    fn board(m: usize, n: usize) -> Result<CramGame, String> {
        // The sides are in the table's range, so within u32.
        let board = BoardSize::new(m as u32, n as u32).map_err(|error| error.to_string())?;
        CramGame::empty(board).map_err(|error| error.to_string())
    }
}

impl fmt::Display for CramTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(CRAM_NAME)
    }
}

impl TableFamily for CramTable {
    fn boxed(&self) -> Box<dyn TableFamily> {
        Box::new(*self)
    }

    fn axes(&self) -> TableAxes {
        TableAxes::board_sides(MAX_CRAM_SQUARES)
    }

    fn surface_and_rays(&self) -> (Option<String>, Option<String>) {
        // A Cram board is a rectangle, as a placement game's report would say.
        (Some(Surface::Rectangle.to_string()), None)
    }

    fn cell(&self, m: usize, n: usize) -> Result<Summand, String> {
        CramTable::board(m, n).map(Summand::from)
    }

    fn settled_cell(&self, m: usize, n: usize) -> Option<(Nimber, String)> {
        let strategy = CramTable::board(m, n).ok()?.second_player_strategy()?;
        Some((Nimber::ZERO, strategy))
    }
}
