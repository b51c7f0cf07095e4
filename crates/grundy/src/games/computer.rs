//! The computer as a player: how it is asked to move, and why it may not. Most families' computer
//! plays by the answer to `moves` (the questions do that for them); a family with a player of
//! its own (the placement games: symmetry strategies chosen for a side, a search within a
//! thinking time) answers [`FamilyGame::computer_reply`](super::contract::FamilyGame::computer_reply).

use serde::{Deserialize, Serialize};

/// How the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// The solver's winning moves (a known strategy's where one applies).
    #[default]
    Perfect,
    /// Mirror play, or the centre then the half turn, where a symmetry strategy applies.
    Symmetry,
    /// Uniformly random legal moves, from a seed.
    Random,
}

/// What the computer is asked to do in a game whose family has a player of its own.
#[derive(Clone, Copy, Debug)]
pub struct ComputerAsked {
    /// How it plays.
    pub opponent: Opponent,
    /// The seed of [`Opponent::Random`].
    pub seed: u64,
    /// Its thinking time, if it has one: the flag given with the question is raised when it
    /// runs out.
    pub seconds: Option<f64>,
    /// The bytes its tables may take.
    pub memory: u64,
    /// Whether the value of the position its move leaves is searched too.
    pub value_after: bool,
}

/// Why the computer played no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoReply {
    /// The question cannot be answered as asked (no legal move, no strategy for this side):
    /// the message says why.
    Refused(String),
    /// A stop of the watch came first: what was found by then, for people.
    Stopped(String),
}

impl NoReply {
    /// A refusal saying `why`.
    pub(crate) fn refused(why: impl std::fmt::Display) -> NoReply {
        NoReply::Refused(why.to_string())
    }
}

/// Why the computer has no symmetry strategy for its side of a whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoStrategy {
    /// What is missing and why: `no symmetry strategy for the computer as second player in
    /// knights on 5x5: ...`.
    pub why: String,
    /// Whether the other player has one.
    pub other_side_has_one: bool,
}

impl NoStrategy {
    /// No strategy for the computer as the `side` player in `game` (as people read it),
    /// because of `why`.
    pub(crate) fn for_side(
        side: impl std::fmt::Display,
        game: impl std::fmt::Display,
        why: impl std::fmt::Display,
        other_side_has_one: bool,
    ) -> NoStrategy {
        NoStrategy {
            why: format!("no symmetry strategy for the computer as {side} player in {game}: {why}"),
            other_side_has_one,
        }
    }

    /// The refusal for people: why, whether the `other` player (named) has a strategy, and the
    /// front end's advice in either case (`: let the computer play that side`, `: try the
    /// perfect opponent`), each with its own leading words.
    #[must_use]
    pub fn refusal(
        &self,
        other: impl std::fmt::Display,
        other_side: &str,
        neither: &str,
    ) -> String {
        if self.other_side_has_one {
            format!("{}; the {other} player has one{other_side}", self.why)
        } else {
            format!("{}; neither player has one here{neither}", self.why)
        }
    }
}
