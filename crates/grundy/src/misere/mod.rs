//! Misère play, where the player who makes the last move loses.

pub mod quotient;
