//! Rulesets, one folder per family of games.

pub mod placement;
