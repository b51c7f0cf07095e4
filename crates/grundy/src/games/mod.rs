//! Rulesets, one folder per family of games, and [`game::Game`]: any of them, or a sum.

pub mod corner;
pub mod game;
pub mod heap;
pub mod placement;
pub mod registry;
pub mod sum;
