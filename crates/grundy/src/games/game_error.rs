//! What is wrong with a game as written, as every family's parser and the registry say it.

use std::fmt;

/// What is wrong with a game as written: the message names the bad word and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct GameError(pub String);

impl GameError {
    pub(crate) fn new(message: impl fmt::Display) -> GameError {
        GameError(message.to_string())
    }
}
