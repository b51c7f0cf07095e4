//! Misère play: the player who makes the last move loses.
//!
//! Under normal play a sum's nim-value is the nim-sum of its parts'; under misère play there is
//! no such rule, so who wins a position is searched over whole positions
//! (`search::MisereSearch`), which are kept as multisets of parts that do not split further
//! (`parts`). What theory survives is used where it is exact: misère Nim in closed form
//! (`nim`: Bouton's rule and the genus of any Nim position), Conway's genus (`genus`) of
//! small positions, and for heap games the misère quotient, which decides any sum of heaps
//! without search (the heap family's own theory, [`crate::games::heap::quotient`]).
//!
//! ```
//! use grundy::misere::{parts::PartRules, search::MisereSearch};
//! use grundy::Game;
//!
//! // Kayles 3 4 5 is a first-player win in normal play (nim-value 3 ⊕ 1 ⊕ 4 = 6) and also
//! // under misère play.
//! let game: Game = "kayles 3 4 5".parse().unwrap();
//! let (rules, position) = PartRules::of_summands(game.summands()).unwrap();
//! let mut search = MisereSearch::new(rules, 1 << 24);
//! assert_eq!(search.wins(&position), Some(true));
//! ```

pub(crate) mod genus;
pub(crate) mod judge;
pub mod nim;
pub(crate) mod parallel;
pub mod parts;
pub mod search;

pub use crate::values::Convention;

#[cfg(test)]
mod tests;
