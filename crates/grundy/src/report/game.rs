//! The answer of `grundy value`, `grundy outcome`, `grundy moves` and `grundy play --reply`
//! for any game family, and the parts it is made of.

use serde::{Deserialize, Serialize};

use super::{Command, Move, Player, SCHEMA_VERSION};
use crate::values::{Convention, Nimber, Outcome};

/// Outcomes travel as the letters `"N"` and `"P"`, as they are written in the literature; an
/// outcome not known is left out.
mod outcome_letter {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::values::Outcome;

    pub fn serialize<S: Serializer>(
        outcome: &Option<Outcome>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match outcome {
            Some(Outcome::N) => serializer.serialize_str("N"),
            Some(Outcome::P) => serializer.serialize_str("P"),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
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

/// Conway's genus of a game ([`crate::misere::genus`]): `text` as Winning Ways writes it
/// (`1^031`), the normal-play nim-value, and the misère nim-values γ₀, γ₁, … of the game plus
/// 0, 1, … copies of `*2`, as far as computed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenusReport {
    /// The genus written as Winning Ways does: `1^031`, `0^120`, `2^20`.
    pub text: String,
    /// The normal-play nim-value.
    pub normal: u32,
    /// γ₀, γ₁, …: the misère nim-values; the game is a misère second-player win exactly when
    /// γ₀ is 0.
    pub misere: Vec<u32>,
}

/// A graph as a report draws it ([`GameReport::graph`]): its vertices by name, in order, and
/// its edges as pairs of names, each edge once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphDrawing {
    /// The vertices' names, in the order the graph numbers them.
    pub vertices: Vec<String>,
    /// The edges, each as the names of its two ends.
    pub edges: Vec<[String; 2]>,
}

/// One game of a sum of games, in [`GameReport::summands`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummandReport {
    /// The game as typed in the sum: `knights 5x5`, `kayles 7`, `*3`.
    pub game: String,
    /// Its position: a placement game's rows, the heaps, the corner piece's square, `*3`.
    pub position: String,
    /// Its nim-value.
    pub nimber: u32,
    /// Placement games: the strategy that settled its value without search (mirror play:
    /// value 0); left out when it was searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settled_by: Option<String>,
}

/// The answer of `grundy value`, `grundy outcome` and `grundy moves` for any game family: the
/// game and position, its value and outcome, who is to move and who wins, the moves asked for,
/// and what the search cost. Keys that do not apply to a family or command are left out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameReport {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// Which command answered.
    pub command: Command,
    /// The game as the user types it: `knights`, `bishops+knights`, `kayles`, `0.137`,
    /// `corner-knight`, `graph`.
    pub game: String,
    /// Heap games: the octal code of the rules (`0.77` for kayles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The position as the user types it: placement rows separated by `/`, heaps `3 4 5`,
    /// boards `2x3 4x4`, a corner square `7 9`, a graph's file name.
    pub position: String,
    /// Placement games: the board size, `ROWSxCOLS`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Placement games: the board's surface (`rectangle`, `torus`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surface: Option<String>,
    /// Placement games: whether lines pass occupied squares (`through`) or stop (`blocked`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rays: Option<String>,
    /// Graph games: the number of vertices.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vertices: Option<usize>,
    /// Graph games: the number of edges.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edges: Option<usize>,
    /// Graph games: the graph itself, its vertices by name and its edges, for a front end to
    /// draw it without reading the edge list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graph: Option<GraphDrawing>,
    /// `misere` when the game was played under misère play (the player who makes the last
    /// move loses); left out under normal play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub convention: Option<Convention>,
    /// The nim-value; `grundy outcome` leaves it out (it finds only who wins), and so does
    /// misère play (see `genus`) and an answer within a time whose findings do not decide it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nimber: Option<u32>,
    /// `grundy value --misere`: Conway's genus, when the position is small enough to find it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub genus: Option<GenusReport>,
    /// Heap games: the nim-value of each heap (or board), in the order given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heap_nimbers: Option<Vec<u32>>,
    /// N when the player to move wins, P when they lose. Always known but in a play report
    /// whose thinking time ran out before it was (see [`GameReport::unsettled`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "outcome_letter"
    )]
    pub outcome: Option<Outcome>,
    /// Who is to move.
    pub to_move: Player,
    /// Who wins with perfect play; known when `outcome` is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Player>,
    /// Placement games: the known strategy that settled the answer without search, such as
    /// `mirror play (reflection in the horizontal middle line)` (a second-player win, so the
    /// nim-value 0) or `centre e5 then half turn` (`grundy outcome`: a first-player win and
    /// the winning move; the nim-value is then searched). Left out when the answer was searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settled_by: Option<String>,
    /// `grundy play --reply`: the strategy that chose the computer's move (`perfect play`,
    /// `perfect play: mirror play (...)`, `random`), and when its thinking time ran out what
    /// it had found (`perfect play, out of time: ...`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played_by: Option<String>,
    /// `grundy play --reply`: the computer's move as written (`c3`, `Nc3`), in every play
    /// report; `moves` holds it with its value when the value is known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<String>,
    /// Sums of games: each game of the sum with its nim-value, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summands: Option<Vec<SummandReport>>,
    /// `grundy moves`: how many legal moves there are (heap games: moves that differ, a move
    /// on one of several equal heaps counted once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<usize>,
    /// `grundy moves`: how many of them win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winning_moves: Option<usize>,
    /// `grundy moves`: the winning moves, or every move with `--all`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<Move>>,
    /// `grundy moves` for heap games: moves left out of `moves` because the list is capped.
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
    pub winning_cells: Option<Vec<usize>>,
    /// `grundy outcome`: one winning first move, when the player to move wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winning_move: Option<Move>,
    /// `grundy outcome`: the images of `winning_move` under the board's symmetries (they win
    /// too).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symmetric_winning_moves: Option<Vec<Move>>,
    /// `grundy outcome`: the legal first moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_moves: Option<usize>,
    /// Searches by first move: the first moves up to the board's symmetries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_moves_up_to_symmetry: Option<usize>,
    /// `grundy outcome`: the classes of first moves settled before the search stopped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_moves_settled: Option<usize>,
    /// Searches with `--checkpoint`: answers read back from the checkpoint file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resumed_from_checkpoint: Option<usize>,
    /// Searched games: positions whose value was computed (search effort).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions_searched: Option<u64>,
    /// Searched games: positions answered from the transposition table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table_hits: Option<u64>,
    /// Placement games: positions valued by the endgame table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endgame_positions: Option<u64>,
    /// Searches on several threads: how many.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
    /// Searches spread over the ranks of an MPI job: the ranks, the coordinator's included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranks: Option<usize>,
    /// Searches spread over the ranks of an MPI job: the units the workers answered in this run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units_settled: Option<u64>,
    /// Wall-clock seconds of the answer.
    pub seconds: f64,
}

impl GameReport {
    /// A report with only the keys every game has; the caller fills in the rest.
    #[must_use]
    pub fn new(
        command: Command,
        game: String,
        position: String,
        outcome: Outcome,
        to_move: Player,
    ) -> GameReport {
        GameReport {
            schema: SCHEMA_VERSION,
            command,
            game,
            code: None,
            position,
            board: None,
            surface: None,
            rays: None,
            vertices: None,
            edges: None,
            graph: None,
            convention: None,
            nimber: None,
            genus: None,
            heap_nimbers: None,
            outcome: Some(outcome),
            summands: None,
            to_move,
            winner: Some(to_move.winner(outcome)),
            settled_by: None,
            played_by: None,
            played: None,
            legal_moves: None,
            winning_moves: None,
            moves: None,
            moves_not_listed: None,
            moves_unsettled: None,
            winning_cells: None,
            winning_move: None,
            symmetric_winning_moves: None,
            first_moves: None,
            first_moves_up_to_symmetry: None,
            first_moves_settled: None,
            resumed_from_checkpoint: None,
            positions_searched: None,
            table_hits: None,
            endgame_positions: None,
            threads: None,
            ranks: None,
            units_settled: None,
            seconds: 0.0,
        }
    }

    /// A report of a position whose outcome is not known: the computer's move when its
    /// thinking time ran out before it valued the position the move leaves.
    #[must_use]
    pub fn unsettled(
        command: Command,
        game: String,
        position: String,
        to_move: Player,
    ) -> GameReport {
        GameReport {
            outcome: None,
            winner: None,
            ..GameReport::new(command, game, position, Outcome::N, to_move)
        }
    }

    /// A report of `nimber`, with its outcome and winner.
    #[must_use]
    pub fn of_value(
        command: Command,
        game: String,
        position: String,
        nimber: Nimber,
        to_move: Player,
    ) -> GameReport {
        GameReport {
            nimber: Some(nimber.value()),
            ..GameReport::new(command, game, position, nimber.outcome(), to_move)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(value: &impl Serialize) -> serde_json::Value {
        serde_json::to_value(value).unwrap()
    }

    #[test]
    fn a_report_carries_the_schema_and_leaves_out_what_does_not_apply() {
        let report = GameReport::of_value(
            Command::Value,
            "kayles".into(),
            "3 4 5".into(),
            Nimber::new(6),
            Player::First,
        );
        let value = json(&report);
        assert_eq!(value["schema"], SCHEMA_VERSION);
        assert_eq!(value["command"], "value");
        assert_eq!(value["nimber"], 6);
        assert_eq!(value["outcome"], "N");
        assert_eq!(value["winner"], "first");
        assert!(value.get("board").is_none());
        assert!(value.get("moves").is_none());
        let back: GameReport = serde_json::from_value(value).unwrap();
        assert_eq!(back, report);
    }

    #[test]
    fn outcomes_read_back_and_refuse_other_letters() {
        let mut value = json(&GameReport::new(
            Command::Outcome,
            "knights".into(),
            ".../.../...".into(),
            Outcome::P,
            Player::Second,
        ));
        assert_eq!(value["winner"], "first");
        let back: GameReport = serde_json::from_value(value.clone()).unwrap();
        assert_eq!(back.outcome, Some(Outcome::P));
        value["outcome"] = "Q".into();
        assert!(serde_json::from_value::<GameReport>(value).is_err());
    }
}
