//! A search of a position's outcome or nim-value cut into *units*, for workers that do not
//! share tables (the ranks of an MPI job, say): one [`UnitCoordinator`] hands the units out and
//! puts the answers together, and [`UnitWorker`]s, as many as there are threads on each
//! machine, answer them. This module does no I/O and knows nothing of the transport: units and
//! answers are values, with a compact text ([`encode_unit`], [`encode_answer`]) for messages
//! and for the lines of a checkpoint.
//!
//! A unit is the question "is the position after `path` (moves from the root), plus a nim
//! heap of `heap`, a second-player win?", asked within a budget of positions. The first units
//! are those of [`RootSearch`](super::root_search::RootSearch): one per group of symmetric
//! first moves and value asked. A unit that comes back over its budget is split one move
//! deeper, as the outcome rule reads, by the answer it is expected to have:
//!
//! - "X + *h is P" holds when every move from it (board moves up to symmetry, and heap moves to
//!   `*j`, `j < h`) leaves a position that is not P: a question expected P is split into a
//!   unit per move, all handed out at once;
//! - "Y is not P" holds when some reply from it leaves a position that is P: a question
//!   expected not P (a first move, or a move of a question split over every move: in a
//!   position few moves win) is split into its replies, tried in the win search's order (the
//!   reply leaving the fewest live squares first, heap moves last), first one at a time.
//!   When the reply chosen turns out not to win, the next is issued, and each reply that
//!   does not win doubles how many are tried at once: a P-position, where none wins, soon has
//!   all its replies searched side by side.
//!
//! A question expected not P is thus first asked whole, and the worker tries its replies
//! with its tables, which is far cheaper than a unit per reply; only a question too large for
//! its budget is split. The units below a split have larger budgets (twice for every move), and from
//! [`UnitBudget::unbounded_from`] moves on they run to the end, so that no question is cut
//! without end. What is decided is remembered by position, so a question met twice, or settled
//! by an earlier run (see [`UnitCoordinator::resume`]), is not asked again.
//!
//! ```
//! use grundy::games::placement::unit_search::{
//!     run_in_process, Goal, UnitBudget, UnitCoordinator, UnitResult,
//! };
//! use grundy::games::placement::search_threads::SearchThreads;
//! use grundy::games::placement::{Piece, PlacementGame};
//! use grundy::Nimber;
//! use std::sync::atomic::AtomicBool;
//!
//! let game = PlacementGame::new(Piece::Queen, "5x5".parse().unwrap());
//! let budget = UnitBudget { first: 16, unbounded_from: 5 };
//! let mut coordinator = UnitCoordinator::new(&game, &game.empty(), Goal::NimValue, budget);
//! let mut threads = SearchThreads::new(&game, 2, 1 << 24);
//! let result = run_in_process(&mut coordinator, &mut threads, &AtomicBool::new(false), |_| {});
//! assert_eq!(result, Some(UnitResult::NimValue(Nimber::new(3))));
//! ```

use thiserror::Error;

use crate::values::{Nimber, Outcome};

use super::root_search::SettledRecord;
use super::PlacementMove;

/// What a distributed search is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Who wins: does some first move leave a second-player win?
    Outcome,
    /// The nim-value: the least value that no first move leaves.
    NimValue,
}

/// The answer of a distributed search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnitResult {
    /// The outcome, with the group of symmetric first moves found winning (empty when the
    /// position is a second-player win).
    Outcome {
        /// N when some first move leaves a second-player win.
        outcome: Outcome,
        /// A group of winning first moves, symmetric to each other.
        winning_moves: Vec<PlacementMove>,
    },
    /// The nim-value.
    NimValue(Nimber),
}

/// The position budgets of units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitBudget {
    /// The positions a unit of one move (a first move) may search before it is split; each
    /// move deeper doubles it.
    pub first: u64,
    /// Units of this many moves or more run to the end, however long.
    pub unbounded_from: usize,
}

impl Default for UnitBudget {
    /// First units of 2^20 positions (about five seconds of one core on the Queens game,
    /// docs/PERFORMANCE_HISTORY.md measures 195 thousand positions per CPU-second on 16×16), doubling
    /// with each move, unbounded from eight moves down (2^27 positions and more, over ten
    /// minutes). On 16×16 a first move takes up to 45 million positions: split, no unit
    /// comes near it.
    fn default() -> UnitBudget {
        UnitBudget {
            first: 1 << 20,
            unbounded_from: 8,
        }
    }
}

impl UnitBudget {
    /// The budget of a unit `plies` moves (board or heap) below the root; `None`: unbounded.
    #[must_use]
    pub fn for_plies(&self, plies: usize) -> Option<u64> {
        if plies >= self.unbounded_from {
            return None;
        }
        let doublings = u32::try_from(plies.saturating_sub(1)).unwrap_or(u32::MAX);
        Some(
            self.first
                .max(1)
                .saturating_mul(1u64.checked_shl(doublings).unwrap_or(u64::MAX)),
        )
    }
}

/// A question handed to a worker: is the position after `path` plus `*heap` a second-player
/// win?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Names the unit in its answer.
    pub id: u64,
    /// Legal moves from the root, in order.
    pub path: Vec<PlacementMove>,
    /// The nim heap beside the position.
    pub heap: u32,
    /// The positions the worker may search before it gives up; `None`: no limit.
    pub budget: Option<u64>,
}

/// A worker's answer to a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitAnswer {
    /// The unit answered.
    pub id: u64,
    /// Whether the position plus the heap is a second-player win; `None` when the worker gave
    /// up (over its budget, or told to abandon the unit).
    pub is_p: Option<bool>,
    /// The positions searched for it.
    pub positions: u64,
}

/// A question settled: what a front end keeps (one checkpoint line each) so that a stopped
/// search can resume.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettledUnit {
    /// Legal moves from the root.
    pub path: Vec<PlacementMove>,
    /// The nim heap beside the position.
    pub heap: u32,
    /// Whether the position plus the heap is a second-player win.
    pub is_p: bool,
    /// The positions it took (0 when put together from the answers of units below it).
    pub positions: u64,
}

impl From<SettledRecord> for SettledUnit {
    /// A first move's record of [`RootSearch`](super::root_search::RootSearch) asks the same
    /// question as the unit of that one move.
    fn from(record: SettledRecord) -> SettledUnit {
        SettledUnit {
            path: vec![record.first_move],
            heap: record.value.value(),
            is_p: record.leaves_value,
            positions: record.positions,
        }
    }
}

impl SettledUnit {
    /// The record of [`RootSearch`](super::root_search::RootSearch) asking the same question,
    /// for a unit of one move.
    #[must_use]
    pub fn as_first_move_record(&self) -> Option<SettledRecord> {
        match self.path[..] {
            [first_move] => Some(SettledRecord {
                value: Nimber::new(self.heap),
                first_move,
                leaves_value: self.is_p,
                positions: self.positions,
            }),
            _ => None,
        }
    }
}

/// How far a distributed search has got, for progress displays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitCounts {
    /// The value being asked about (0 for the outcome).
    pub value: u32,
    /// The groups of first moves settled for `value`: known to leave it or not.
    pub first_moves_settled: u64,
    /// Units answered by workers in this run.
    pub settled: u64,
    /// Units handed out and not answered yet.
    pub running: u64,
    /// Units handed out in this run.
    pub issued: u64,
    /// Units that came back over their budget and were split.
    pub split: u64,
    /// Replies tried after the one before them turned out not to win.
    pub next_replies: u64,
    /// Questions taken from an earlier run's records.
    pub resumed: u64,
    /// Positions searched by the units answered in this run.
    pub positions: u64,
}

/// Why records given to [`UnitCoordinator::resume`] were refused. Indices count from 0 in the
/// records given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UnitResumeError {
    /// A move of the record's path is not legal where it is played.
    #[error("record {index}: its moves are not legal moves from this position")]
    IllegalPath {
        /// The record.
        index: usize,
    },
    /// The record says of a position what an earlier record contradicts: the same question
    /// answered two ways, or two values for one position.
    #[error("record {index} contradicts an earlier one")]
    Contradiction {
        /// The record.
        index: usize,
    },
}

mod coordinator;
#[cfg(test)]
mod tests;
mod text;
mod worker;

pub use coordinator::UnitCoordinator;
pub use text::{
    decode_answer, decode_unit, encode_answer, encode_unit, parse_path, path_text, UnitTextError,
    MAX_UNIT_TEXT_BYTES,
};
pub use worker::{run_in_process, serve_units, UnitQueue, UnitWorker};
