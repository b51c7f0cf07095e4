//! Typed reports: one serde-derived type per answer, with the same keys for the same facts in
//! every command and game family. The command line prints them with `--json`; a web page or a
//! binding serves the same types. The contract (every key, its type, whether it is always
//! present) is written down in `docs/JSON.md`, and `SCHEMA_VERSION` numbers it.
//!
//! Nothing here does I/O: a report is built from the answers of the searches and serialized by
//! the caller.
//!
//! ```
//! use grundy::games::heap::HeapGame;
//! use grundy::report::{Command, GameReport, Player};
//!
//! let kayles = HeapGame::from_rule("0.77".parse().unwrap());
//! let nimber = kayles.value_of_sum(&[3, 4, 5]);
//! let position = "3 4 5".to_string();
//! let report = GameReport::of_value(Command::Value, "kayles".into(), position, nimber, Player::First);
//! let json = serde_json::to_string(&report).unwrap();
//! assert!(json.starts_with(r#"{"schema":1,"command":"value","game":"kayles","position":"3 4 5","nimber":6,"#));
//! assert!(json.contains(r#""outcome":"N","to_move":"first","winner":"first""#));
//! ```

mod bench;
mod check;
mod command;
mod conjecture;
mod count;
mod game;
mod game_move;
mod game_parts;
mod graph;
mod quotient;
mod sequence;
mod table;
mod tour;
mod verify;

pub use bench::{BenchCase, BenchReport};
pub use check::{CheckReport, Checked};
pub use command::{Command, Player};
pub(crate) use conjecture::{ConjectureReport, ParityCounterexample, Undecided};
pub(crate) use count::Count;
pub use game::{GameReport, GenusReport, GraphDrawing, PartReport, SummandReport};
pub use game_move::{AfterPart, Move, MovePart, SumPart};
pub(crate) use game_parts::{FamilyPart, FirstMoveSearch, PlayPart, Standing, ValuePart};
pub use game_parts::{MovesPart, SearchCost};
pub use graph::{
    BoundsReport, DegreeReport, GraphNumbers, GraphReport, TerminalCount, TerminalSize,
};
pub use quotient::{QuotientGenerator, QuotientReport};
pub use sequence::{RareValues, SequenceReport};
pub use table::TableReport;
pub use tour::{TourCountReport, TourExistsReport, TourReport, TourVerifyReport};
pub use verify::VerifyReport;

/// The version of the JSON contract, printed as `"schema"` in every report. It goes up only
/// when a key is removed or renamed or changes its type or meaning; new optional keys do not
/// change it.
pub(crate) const SCHEMA_VERSION: u32 = 1;
