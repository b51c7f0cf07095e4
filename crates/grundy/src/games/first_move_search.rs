//! The search by first move that keeps a checkpoint and spreads over the ranks of a job, as the
//! questions and the front ends see it: a game has one when its family's
//! [`FamilyGame::resumable_search`](super::contract::FamilyGame::resumable_search) gives it (the
//! placement games' search, written in their folder).

pub use super::placement::checkpoint::{CheckpointError, CheckpointText};
pub use super::placement::root_search::{
    GroupInSearch, ResumeError, RootObserver, RootProgress, RootReport, SettledRecord, TriedRecord,
};
pub use super::placement::unit_search::{
    Goal, SettledUnit, UnitBudget, UnitCounts, UnitResumeError, MAX_UNIT_TEXT_BYTES,
};
pub use super::placement::{
    coordinate_ranks, serve_rank, FirstMoveEnd, MessageKind, Ranks, RanksAnswer, RanksError,
    RanksObserver, RanksSearch, Refusal, ResumableSearch, Resume, RESUMABLE_GAMES,
};
