//! Rulesets, one folder per family of games.

pub mod corner;
pub mod heap;
pub mod placement;
pub mod registry;
pub mod sum;
