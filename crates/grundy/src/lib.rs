//! grundy: nim-values, outcomes and winning moves of impartial combinatorial games, above all
//! the games played by placing chess pieces on grids.
//!
//! The crate does no I/O. Its public face is what the front ends (the command line, its
//! server and worker, the Python binding) use; the rest stays inside the crate. Its layers:
//! - nimbers, outcome classes, mex and nim-sum ([`Nimber`], [`Outcome`], [`mex`]), and
//!   rectangular boards, squares and the eight symmetries of the grid ([`BoardSize`],
//!   [`Square`], [`Symmetry`]), all at the crate's root; [`square_set`]: bit sets of squares;
//! - [`solver`]: a generic memoising solver for impartial games that splits positions into
//!   independent components and keys them by canonical forms;
//! - [`games`]: the rulesets: [`games::placement`], [`games::heap`] (take-and-break games and
//!   their nim-sequences) and [`games::corner`] (Corner the Knight, Wythoff's game);
//! - [`misere`]: misère play (the last player to move loses): whole-position searches, the
//!   genus, and the misère quotient of a take-and-break game;
//! - [`tour`]: knight's tours: existence, four ways to find one, verification and counting;
//! - [`graph`]: attack graphs and any other graph: independence and domination numbers,
//!   terminal positions (maximal independent sets), Node Kayles;
//! - [`request`] and [`report`]: the questions every front end asks and their typed answers;
//!   [`picture`] draws an answer as SVG text, the same for every front end.
//!
//! ```
//! use grundy::games::placement::{PlacementGame, PlacementSolver, Piece};
//! use grundy::{BoardSize, Outcome};
//!
//! let game = PlacementGame::new(Piece::Queen, "4x4".parse::<BoardSize>().unwrap());
//! let mut solver = PlacementSolver::new(&game, 1 << 24);
//! let value = solver.nim_value(&game.empty());
//! assert_eq!(value.to_string(), "*1");
//! assert_eq!(value.outcome(), Outcome::N);
//! ```
#![warn(missing_docs)]
#![warn(unreachable_pub)]

pub(crate) mod board;
pub mod certificate;
pub mod games;
pub mod graph;
pub(crate) mod limits;
pub mod misere;
mod notation;
pub mod picture;
pub mod report;
pub mod request;
mod serde_words;
pub mod solver;
pub mod square_set;
pub mod tour;
pub(crate) mod values;
pub mod watch;

pub use board::{BoardError, BoardSize, Square, Symmetry};
pub use games::game::{Game, GameError};
pub use request::{run, Answer, Request, RunError};
pub use values::{mex, MexSet, Nimber, NimberError, Outcome};
