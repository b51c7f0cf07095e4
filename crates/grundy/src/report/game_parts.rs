//! The parts a [`GameReport`](super::GameReport) is made of: each groups the keys that say one
//! thing (the family's facts, the value, who wins, the computer's move, the moves asked for,
//! the first-move search, the search's cost). The report flattens them, so the JSON keeps one
//! flat object whose keys come in the order docs/JSON.md shows; each part is declared where
//! its keys are written.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{GenusReport, GraphDrawing, Move, Player};
use crate::values::{Convention, Outcome};

/// What a family says about the position beyond its text, written after `position`. Heap
/// games' `code` and `heap_nimbers` are the report's own keys: the JSON places them apart
/// (before `position` and after the value), where no part written here can put them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum FamilyPart {
    /// Placement games: the board, its surface and the ray rule.
    Placement {
        /// The board size, `ROWSxCOLS`.
        board: String,
        /// The board's surface (`rectangle`, `torus`, ...).
        surface: String,
        /// Whether lines pass occupied squares (`through`) or stop (`blocked`).
        rays: String,
    },
    /// Cram: the board, which has no surface or rays to choose.
    Board {
        /// The board size, `ROWSxCOLS`.
        board: String,
    },
    /// Graph games: the graph's size, and the graph itself, its vertices by name and its
    /// edges, for a front end to draw it without reading the edge list.
    Graph {
        /// The number of vertices.
        vertices: usize,
        /// The number of edges.
        edges: usize,
        /// The graph, drawn by names.
        graph: GraphDrawing,
    },
    /// Heap games, corner games, Nim heaps and sums: no keys here.
    Plain {},
}

/// The value of the position under the convention it was played by.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub(crate) enum ValuePart {
    /// Misère play: `"convention": "misere"`, and no nim-value.
    Misere {
        /// Always `misere`.
        convention: MisereMark,
        /// `grundy value --misere`: Conway's genus, when the position is small enough to
        /// find it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        genus: Option<GenusReport>,
    },
    /// Normal play: no `convention` key.
    Normal {
        /// The nim-value; `grundy outcome` leaves it out (it finds only who wins), and so
        /// does an answer within a time whose findings do not decide it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nimber: Option<u32>,
    },
}

impl ValuePart {
    /// Normal play's part with the nim-value `nimber` when it is known.
    #[must_use]
    pub(crate) const fn normal(nimber: Option<u32>) -> ValuePart {
        ValuePart::Normal { nimber }
    }

    /// Misère play's part, with Conway's genus when it was found.
    #[must_use]
    pub(crate) const fn misere(genus: Option<GenusReport>) -> ValuePart {
        ValuePart::Misere {
            convention: MisereMark,
            genus,
        }
    }
}

/// The key `"convention": "misere"` of a misère answer (normal play's answers have no
/// `convention` key): it reads back from `misere` only, so a misère answer is never taken for
/// a normal one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MisereMark;

impl Serialize for MisereMark {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Convention::Misere.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for MisereMark {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MisereMark, D::Error> {
        match Convention::deserialize(deserializer)? {
            Convention::Misere => Ok(MisereMark),
            Convention::Normal => Err(serde::de::Error::custom(
                "`convention` is written only under misère play, as `misere`",
            )),
        }
    }
}

/// Who is to move and, when it is known, the outcome. The winner follows from the two, so it
/// is not held apart from them: [`Standing::winner`] gives it, and the JSON writes it as
/// `winner` after `to_move`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "StandingKeys", try_from = "StandingKeys")]
pub(crate) struct Standing {
    /// N when the player to move wins, P when they lose; `None` only in a play report whose
    /// thinking time ran out before the position was valued.
    pub(crate) outcome: Option<Outcome>,
    /// Who is to move.
    pub(crate) to_move: Player,
}

impl Standing {
    /// Who wins with perfect play, when the outcome is known.
    #[must_use]
    pub(crate) fn winner(self) -> Option<Player> {
        self.outcome.map(|outcome| self.to_move.winner(outcome))
    }
}

/// [`Standing`]'s keys as the JSON writes them, `winner` included.
#[derive(Serialize, Deserialize)]
struct StandingKeys {
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "outcome_letter"
    )]
    outcome: Option<Outcome>,
    to_move: Player,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    winner: Option<Player>,
}

impl From<Standing> for StandingKeys {
    fn from(standing: Standing) -> StandingKeys {
        StandingKeys {
            outcome: standing.outcome,
            to_move: standing.to_move,
            winner: standing.winner(),
        }
    }
}

impl TryFrom<StandingKeys> for Standing {
    type Error = String;

    fn try_from(keys: StandingKeys) -> Result<Standing, String> {
        let standing = Standing {
            outcome: keys.outcome,
            to_move: keys.to_move,
        };
        if keys.winner == standing.winner() {
            Ok(standing)
        } else {
            Err(format!(
                "`winner` {:?} does not follow from `outcome` {:?} with `to_move` {}",
                keys.winner, keys.outcome, keys.to_move
            ))
        }
    }
}

/// Outcomes travel as the letters `"N"` and `"P"`, as they are written in the literature; an
/// outcome not known is left out.
mod outcome_letter {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::values::Outcome;

    pub(crate) fn serialize<S: Serializer>(
        outcome: &Option<Outcome>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match outcome {
            Some(Outcome::N) => serializer.serialize_str("N"),
            Some(Outcome::P) => serializer.serialize_str("P"),
            None => serializer.serialize_none(),
        }
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Outcome>, D::Error> {
        match Option::<String>::deserialize(deserializer)?.as_deref() {
            None => Ok(None),
            Some("N") => Ok(Some(Outcome::N)),
            Some("P") => Ok(Some(Outcome::P)),
            Some(other) => Err(serde::de::Error::custom(format!(
                "outcome `{other}`: expected N or P"
            ))),
        }
    }
}

/// `grundy play --reply`: the computer's move and what chose it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PlayPart {
    /// The strategy that chose the move (`perfect play`, `perfect play: mirror play (...)`,
    /// `random`), and when its thinking time ran out what it had found (`perfect play, out of
    /// time: ...`).
    pub(crate) played_by: String,
    /// The move as written (`c3`, `Nc3`); the report's `moves` holds it with its value when
    /// the value is known. Left out when the computer was asked about the side not to move
    /// (`side: second`, before a game): it names how it will play and plays nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) played: Option<String>,
}

/// The moves an answer lists: `grundy moves`, and a play report's move. Every key is
/// optional: a play report lists the computer's move alone, with the legal moves it leaves
/// when the family counts them, and its value only when that is known.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovesPart {
    /// `grundy moves`: how many legal moves there are (heap games and sums: moves that lead
    /// to different games, a move on one of several equal heaps or summands counted once); a
    /// play report: the legal moves left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<usize>,
    /// `grundy moves`: how many of them win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winning_moves: Option<usize>,
    /// `grundy moves`: the winning moves, or every move with `--all`; a play report: the
    /// computer's move with its value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<Move>>,
    /// `grundy moves`: moves left out of `moves` because the list is capped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_not_listed: Option<usize>,
    /// `grundy moves --seconds`: how many legal moves the time given did not settle: with
    /// `--all` the moves whose value was not found (their `nimber` left out, and `winning` too
    /// unless that was found; under misère play the moves without `winning`), without it the
    /// moves not yet known to win or to lose. 0 when the answer is complete; left out when no
    /// time was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_unsettled: Option<usize>,
    /// `grundy moves treblecross N`: the cells (numbered from 1) where a cross wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) winning_cells: Option<Vec<usize>>,
}

impl MovesPart {
    /// The part of `grundy moves` listing `shown` of `legal` moves, `winning` of which win.
    #[must_use]
    pub(crate) fn listed(legal: usize, winning: usize, shown: Vec<Move>) -> MovesPart {
        MovesPart {
            legal_moves: Some(legal),
            winning_moves: Some(winning),
            moves: Some(shown),
            ..MovesPart::default()
        }
    }
}

/// What the search of the first moves found and did. Every key is optional: `grundy outcome`
/// names a winning move only when there is one, and a search by first move says how it
/// divided and resumed its work.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstMoveSearch {
    /// `grundy outcome`: one winning first move, when the player to move wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winning_move: Option<Move>,
    /// `grundy outcome`: the images of `winning_move` under the board's symmetries (they win
    /// too).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) symmetric_winning_moves: Option<Vec<Move>>,
    /// `grundy outcome`: the legal first moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) first_moves: Option<usize>,
    /// Searches by first move: the first moves up to the board's symmetries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) first_moves_up_to_symmetry: Option<usize>,
    /// `grundy outcome`: the classes of first moves settled before the search stopped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) first_moves_settled: Option<usize>,
    /// Searches with `--checkpoint`: answers read back from the checkpoint file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) resumed_from_checkpoint: Option<usize>,
}

/// What a search cost; each figure is there when the search that answered counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchCost {
    /// Searched games: positions whose value was computed (search effort).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions_searched: Option<u64>,
    /// Searched games: positions answered from the transposition table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) table_hits: Option<u64>,
    /// Placement games: positions valued by the endgame table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) endgame_positions: Option<u64>,
    /// Searches on several threads: how many.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
    /// Searches spread over the ranks of an MPI job: the ranks, the coordinator's included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranks: Option<usize>,
    /// Searches spread over the ranks of an MPI job: the units the workers answered in this run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units_settled: Option<u64>,
}

impl SearchCost {
    /// The cost of a search that visited `positions` positions and counted nothing else.
    #[must_use]
    pub(crate) fn positions(positions: u64) -> SearchCost {
        SearchCost {
            positions_searched: Some(positions),
            ..SearchCost::default()
        }
    }
}
