//! The question `play`: the computer's move in a game's position, as a front end asks it.

use serde::{Deserialize, Serialize};

use super::Limits;
use crate::games::game::Game;
use crate::misere::Convention;
use crate::report::Player;

pub use crate::games::computer::Opponent;

/// The computer's move in a game's position.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "PlayFields")]
pub struct PlayRequest {
    /// The game, in the position the computer moves in (it plays the side to move; with
    /// `side` second, the position it will answer): any game or sum; the thinking time is for
    /// one placement game, the symmetry strategies for one placement game or one game of Cram.
    pub game: Game,
    /// The text of the graph a `graph NAME` of the game stands for, as in
    /// [`super::ValueRequest`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graph: Option<String>,
    /// How it plays.
    #[serde(default)]
    pub opponent: Opponent,
    /// The seed of [`Opponent::Random`]: the same seed plays the same moves.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// What the search may use.
    #[serde(default)]
    pub limits: Limits,
    /// Normal or misère play.
    #[serde(default, skip_serializing_if = "super::is_normal")]
    pub convention: Convention,
    /// How long the computer may think, in seconds (0 to 1e9); then it plays the best move it
    /// has found (see the module's documentation). `None`: until it knows, or the watch stops
    /// it.
    #[serde(
        default,
        deserialize_with = "super::thinking_time::deserialize",
        skip_serializing_if = "Option::is_none"
    )]
    pub seconds: Option<f64>,
    /// The side the computer plays from this position on, asked before a game starts:
    /// `first` (the player to move) or `second`. The opponent is first checked for that side,
    /// as `grundy play` checks it before the game: the symmetry opponent is refused where its
    /// family's strategies do not win for it. For `second` nothing is played: the answer names
    /// how the computer will play (`played_by`, no `played`), with the position's outcome and
    /// value only where that strategy settles them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Player>,
}

fn default_seed() -> u64 {
    1
}

/// A [`PlayRequest`] as JSON brings it: the game still text, read with its graph.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayFields {
    game: String,
    #[serde(default)]
    graph: Option<String>,
    #[serde(default)]
    opponent: Opponent,
    #[serde(default = "default_seed")]
    seed: u64,
    #[serde(default)]
    limits: Limits,
    #[serde(default)]
    convention: Convention,
    #[serde(default, deserialize_with = "super::thinking_time::deserialize")]
    seconds: Option<f64>,
    #[serde(default)]
    side: Option<Player>,
}

impl TryFrom<PlayFields> for PlayRequest {
    type Error = crate::games::game::GameError;

    fn try_from(fields: PlayFields) -> Result<PlayRequest, crate::games::game::GameError> {
        Ok(PlayRequest {
            game: super::read_game(&fields.game, fields.graph.as_deref())?,
            graph: fields.graph,
            opponent: fields.opponent,
            seed: fields.seed,
            limits: fields.limits,
            convention: fields.convention,
            seconds: fields.seconds,
            side: fields.side,
        })
    }
}
