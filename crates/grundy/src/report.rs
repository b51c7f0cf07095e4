//! Typed reports: one serde-derived type per answer, with the same keys for the same facts in
//! every command and game family. The command line prints them with `--json`; a web page or a
//! binding serves the same types. The contract (every key, its type, whether it is always
//! present) is written down in `docs/JSON.md`, and [`SCHEMA_VERSION`] numbers it.
//!
//! Nothing here does I/O: a report is built from the answers of the searches and serialized by
//! the caller.
//!
//! ```
//! use grundy::games::heap::HeapGame;
//! use grundy::report::{Command, GameReport, Player};
//!
//! let kayles = HeapGame::from_rule("0.77".parse().unwrap());
//! let nimber = kayles.value_of_sum(&[3, 4, 5]);
//! let position = "3 4 5".to_string();
//! let report = GameReport::of_value(Command::Value, "kayles".into(), position, nimber, Player::First);
//! let json = serde_json::to_string(&report).unwrap();
//! assert!(json.starts_with(r#"{"schema":1,"command":"value","game":"kayles","position":"3 4 5","nimber":6,"#));
//! assert!(json.contains(r#""outcome":"N","to_move":"first","winner":"first""#));
//! ```

use serde::{Deserialize, Serialize};

use crate::values::{Convention, Nimber, Outcome};

/// The version of the JSON contract, printed as `"schema"` in every report. It goes up only
/// when a key is removed or renamed or changes its type or meaning; new optional keys do not
/// change it.
pub const SCHEMA_VERSION: u32 = 1;

/// A question grundy answers: one of its commands, printed as `"command"` in its report. This
/// is the one list of them: the questions a request asks ([`crate::request::QUESTIONS`]), the
/// commands that apply to each family ([`crate::games::registry::Family::verbs`]), and what
/// the front ends offer are read from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// `grundy value`: the nim-value and who wins.
    Value,
    /// `grundy outcome`: who wins, by outcome searches that stop at the first winning reply.
    Outcome,
    /// `grundy moves`: the winning moves, or every move with the value it leaves.
    Moves,
    /// `grundy table`: a table of values over a range of sizes.
    Table,
    /// `grundy sequence`: the nim-sequence of heap sizes and its period.
    Sequence,
    /// `grundy tour` (or `grundy tour find`): a knight's tour.
    Tour,
    /// `grundy tour exists`: whether a knight's tour exists.
    TourExists,
    /// `grundy tour verify`: whether a text holds a knight's tour.
    TourVerify,
    /// `grundy tour count`: how many knight's tours there are.
    TourCount,
    /// `grundy graph`: the facts of the attack graph (independence and domination numbers,
    /// terminal positions).
    Graph,
    /// `grundy conjecture`: tests a conjecture on a range of boards.
    Conjecture,
    /// `grundy check`: checks a family's theorems over many positions.
    Check,
    /// `grundy bench`: times the solver on the benchmark boards.
    Bench,
    /// `grundy play --reply`: the computer's move (`grundy play`: a game against it).
    Play,
    /// `grundy quotient`: the misère quotient of a heap game.
    Quotient,
}

impl Command {
    /// Every command, in the order the requests list them.
    pub const ALL: [Command; 15] = [
        Command::Value,
        Command::Moves,
        Command::Outcome,
        Command::Play,
        Command::Table,
        Command::Sequence,
        Command::Quotient,
        Command::Tour,
        Command::TourExists,
        Command::TourCount,
        Command::TourVerify,
        Command::Graph,
        Command::Conjecture,
        Command::Check,
        Command::Bench,
    ];

    /// The command as its report prints it and as it is typed after `grundy`: `value`,
    /// `tour exists`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Command::Value => "value",
            Command::Outcome => "outcome",
            Command::Moves => "moves",
            Command::Table => "table",
            Command::Sequence => "sequence",
            Command::Tour => "tour",
            Command::TourExists => "tour exists",
            Command::TourVerify => "tour verify",
            Command::TourCount => "tour count",
            Command::Graph => "graph",
            Command::Conjecture => "conjecture",
            Command::Check => "check",
            Command::Bench => "bench",
            Command::Play => "play",
            Command::Quotient => "quotient",
        }
    }

    /// The `"question"` a request asks for this command (`tour_exists`), or `None` for
    /// `bench`, which times this machine's searches on the command line alone and is not a
    /// request.
    #[must_use]
    pub const fn question(self) -> Option<&'static str> {
        match self {
            Command::Value => Some("value"),
            Command::Outcome => Some("outcome"),
            Command::Moves => Some("moves"),
            Command::Table => Some("table"),
            Command::Sequence => Some("sequence"),
            Command::Tour => Some("tour"),
            Command::TourExists => Some("tour_exists"),
            Command::TourVerify => Some("tour_verify"),
            Command::TourCount => Some("tour_count"),
            Command::Graph => Some("graph"),
            Command::Play => Some("play"),
            Command::Quotient => Some("quotient"),
            Command::Conjecture => Some("conjecture"),
            Command::Check => Some("check"),
            Command::Bench => None,
        }
    }
}

impl std::fmt::Display for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Command {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Command {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Command, D::Error> {
        let name = String::deserialize(deserializer)?;
        Command::ALL
            .into_iter()
            .find(|command| command.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Command::ALL.iter().map(|command| command.name()).collect();
                serde::de::Error::custom(format!(
                    "command `{name}`: expected one of {}",
                    names.join(", ")
                ))
            })
    }
}

/// A player, named by the order of play from the position's start: printed `"first"` or
/// `"second"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The player who moves first from the empty board (or from the position as given).
    First,
    /// The other player.
    Second,
}

impl Player {
    /// The player who wins when `self` is to move and the position has `outcome`.
    #[must_use]
    pub const fn winner(self, outcome: Outcome) -> Player {
        match (self, outcome) {
            (Player::First, Outcome::N) | (Player::Second, Outcome::P) => Player::First,
            _ => Player::Second,
        }
    }

    /// `"first"` or `"second"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Player::First => "first",
            Player::Second => "second",
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

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

/// One move, the same shape in every game family: how to write it, the nim-value of the whole
/// position after it, whether it wins, and the family's details in fixed optional keys.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The move as a person writes it: `c3` (or `Nc3` when several pieces are played), the
    /// heap change `5 -> 2 + 2`, the corner piece's step `(7, 9) -> (5, 8)`, a vertex's name.
    #[serde(rename = "move")]
    pub notation: String,
    /// The nim-value of the whole position after the move; left out under misère play, where
    /// a move's worth is only whether it wins, and in an answer within a time for a move not
    /// valued in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nimber: Option<u32>,
    /// Whether the move wins: it leaves nim-value 0 (under misère play: a position the player
    /// to move loses). Left out only in an answer given within a time (`moves --seconds`)
    /// for a move not searched to the end in that time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winning: Option<bool>,
    /// Placement games: the square the piece is put on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
    /// Placement games: the piece put there, by its plural name (`knights`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// Placement games: the square's row, counting from 1 (row 1 is drawn at the top).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row: Option<usize>,
    /// Placement games: the square's column, counting from 1 (column a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub col: Option<usize>,
    /// Heap games (and two-dimensional Kayles): which heap (or board) is played, counting
    /// from 1 in the order given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heap: Option<usize>,
    /// Heap games: the heap's size before the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<usize>,
    /// Heap games: the heaps it becomes, smallest first (empty when it is taken away).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Vec<usize>>,
    /// Two-dimensional Kayles: the board played on, `ROWSxCOLS`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_board: Option<String>,
    /// Two-dimensional Kayles: the boards it becomes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_boards: Option<Vec<String>>,
    /// Corner games: the piece's square `[m, n]` after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corner: Option<[usize; 2]>,
    /// Graph games: the vertex taken (with its neighbours) by the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vertex: Option<String>,
    /// Sums of games: which game of the sum the move is played in, counting from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summand: Option<usize>,
    /// Sums of games: the nim-value of that game after the move (`nimber` is the whole sum's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summand_nimber: Option<u32>,
    /// The game after the move, as grundy writes a game (`kayles 2 4`, `knights 5x5 at
    /// N..../...`, `*1 + corner-knight 5 8`): what a front end asks about next to go on from
    /// there, with no rules of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
    /// Games on a graph: the graph after the move as an edge list, sent as the request's
    /// `graph` with `after` (whose text names the graph, not its edges).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_graph: Option<String>,
}

impl Move {
    /// A move named `notation`, leading to `nimber`, with no family's details (a Nim heap's
    /// `*3 -> *1`).
    #[must_use]
    pub fn bare(notation: String, nimber: Nimber) -> Move {
        Move {
            notation,
            nimber: Some(nimber.value()),
            winning: Some(nimber == Nimber::ZERO),
            square: None,
            piece: None,
            row: None,
            col: None,
            heap: None,
            from: None,
            to: None,
            from_board: None,
            to_boards: None,
            corner: None,
            vertex: None,
            summand: None,
            summand_nimber: None,
            after: None,
            after_graph: None,
        }
    }

    /// The same move under misère play: whether it wins, and no nim-value.
    #[must_use]
    pub fn misere(self, winning: bool) -> Move {
        self.partly_known(Some(winning))
    }

    /// The same move with no nim-value, and only what is known of whether it wins: a move an
    /// answer within a time did not value (`winning` is known when the move was shown to win
    /// or to lose), or a misère move.
    #[must_use]
    pub fn partly_known(self, winning: Option<bool>) -> Move {
        Move {
            nimber: None,
            summand_nimber: None,
            winning,
            ..self
        }
    }

    /// Whether the move is known to win.
    #[must_use]
    pub fn wins(&self) -> bool {
        self.winning == Some(true)
    }

    /// The nim-value after the move, 0 when it is not known (a misère move): for pictures
    /// and tables that colour moves by value.
    #[must_use]
    pub fn value(&self) -> Nimber {
        Nimber::new(self.nimber.unwrap_or(0))
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

/// A count that may pass what JSON readers hold exactly (2^53): a number when it fits in 64
/// bits, its decimal digits as a string beyond.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Count {
    /// A count that fits in 64 bits.
    Exact(u64),
    /// A larger count, in decimal.
    Decimal(String),
}

impl From<u128> for Count {
    fn from(count: u128) -> Count {
        u64::try_from(count).map_or_else(|_| Count::Decimal(count.to_string()), Count::Exact)
    }
}

/// The answer of `grundy table`: the nim-values of a family of boards or positions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableReport {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// [`Command::Table`].
    pub command: Command,
    /// The game as typed.
    pub game: String,
    /// Placement games: the boards' surface.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surface: Option<String>,
    /// Placement games: the ray rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rays: Option<String>,
    /// The row labels: board heights, or a corner game's first coordinates.
    pub rows: Vec<usize>,
    /// The column labels: board widths, or the second coordinates.
    pub cols: Vec<usize>,
    /// `nimbers[i][j]` is the value at `rows[i]`, `cols[j]`; `null` where an interrupted
    /// search did not finish it.
    pub nimbers: Vec<Vec<Option<u32>>>,
    /// `misere` when the table was asked under misère play; left out under normal play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub convention: Option<Convention>,
    /// Misère play: `outcomes[i][j]` is who wins the cell, `N` or `P` (`null` where a stop
    /// came first); `nimbers` is then all `null`, misère play having no nim-values that add.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcomes: Option<Vec<Vec<Option<String>>>>,
    /// Placement games: `settled_by[i][j]` names the strategy that settled the cell without
    /// search (mirror play: a second-player win, value 0), `null` where the cell was searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settled_by: Option<Vec<Vec<Option<String>>>>,
    /// Placement games: positions searched for the whole table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions_searched: Option<u64>,
    /// Whether Ctrl-C stopped the search before every cell was finished.
    pub interrupted: bool,
    /// How many cells were finished.
    pub finished_cells: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl TableReport {
    /// The keys every table has, of `game` on `surface` with `rays` (placement games), its
    /// rows and columns `rows` and `cols`, before any cell is found: normal play, no cell
    /// finished, nothing searched.
    #[must_use]
    pub fn begun(
        game: String,
        surface: Option<String>,
        rays: Option<String>,
        rows: &[usize],
        cols: &[usize],
    ) -> TableReport {
        TableReport {
            schema: SCHEMA_VERSION,
            command: Command::Table,
            game,
            surface,
            rays,
            rows: rows.to_vec(),
            cols: cols.to_vec(),
            nimbers: Vec::new(),
            convention: None,
            outcomes: None,
            settled_by: None,
            positions_searched: None,
            interrupted: false,
            finished_cells: 0,
            seconds: 0.0,
        }
    }
}

/// The answer of `grundy sequence`: the nim-sequence of a heap game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SequenceReport {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// [`Command::Sequence`].
    pub command: Command,
    /// The game as typed back (`kayles`, `0.137`).
    pub game: String,
    /// The octal code of its rules.
    pub code: String,
    /// The last heap size asked for.
    pub to: usize,
    /// `values[n]` is the nim-value of a heap of `n`.
    pub values: Vec<u32>,
    /// The period, when one is proved; `null` otherwise.
    pub period: Option<usize>,
    /// Where the period starts, when one is proved; `null` otherwise.
    pub preperiod: Option<usize>,
    /// How many values were computed (past `to` when the proof of a period needs them).
    pub computed: usize,
    /// The largest value listed.
    pub largest: u32,
    /// The first heap with that value.
    pub largest_at: usize,
    /// The rare values of the heaps computed, when the sparse-space method took over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rare: Option<RareValues>,
    /// Whether Ctrl-C stopped the computation (the values listed are then those finished).
    pub interrupted: bool,
    /// `misere` when the sequence was asked under misère play; left out under normal play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub convention: Option<Convention>,
    /// Misère play: `genera[n]` is the genus of a heap of `n`, for the heaps a bounded
    /// search reached (possibly fewer than `values`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub genera: Option<Vec<GenusReport>>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The answer of `grundy quotient`: the misère quotient of a heap game's sums of heaps up to
/// `heaps` ([`crate::games::heap::quotient`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuotientReport {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// [`Command::Quotient`].
    pub command: Command,
    /// The game as typed back (`kayles`, `0.137`).
    pub game: String,
    /// The octal code of its rules.
    pub code: String,
    /// The largest heap asked for.
    pub heaps_asked: usize,
    /// The largest heap the quotient holds: `heaps_asked`, or fewer when `stopped_by` says why.
    pub heaps: usize,
    /// The number of elements.
    pub order: usize,
    /// The elements whose sums are misère P-positions, as words in the generators.
    pub p_portion: Vec<String>,
    /// The generators: the heaps not equivalent to sums of smaller heaps, named `a`, `b`, ...
    pub generators: Vec<QuotientGenerator>,
    /// Relations that rewrite every word to its element's normal form (`a² = 1`, `b³ = b`).
    pub relations: Vec<String>,
    /// `heap_words[n - 1]` is the element of a heap of `n`, as a word.
    pub heap_words: Vec<String>,
    /// `orders[n - 1]` is the order of the quotient of heaps `1..=n`, for the heaps computed
    /// (past a proven period the rest are copied).
    pub orders: Vec<usize>,
    /// The heap from which the quotient stopped changing.
    pub stable_from: usize,
    /// A period of the heaps' elements proven by the misère periodicity theorem (finite octal
    /// games): the quotient is then the quotient of the whole game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period: Option<usize>,
    /// Where that period starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preperiod: Option<usize>,
    /// Why the quotient stops short of `heaps_asked` (too large, too many states to verify, or
    /// interrupted); absent when it reached it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<String>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// One generator of a misère quotient: its name and the heap it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuotientGenerator {
    /// `a`, `b`, ...
    pub name: String,
    /// The heap size.
    pub heap: usize,
}

/// The answer of `grundy tour` (find a knight's tour).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourReport {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// [`Command::Tour`].
    pub command: Command,
    /// The board, `ROWSxCOLS`.
    pub board: String,
    /// Whether a closed tour was asked for (found tours: whether it closes).
    pub closed: bool,
    /// The starting square asked for, or the tour's first square; `null` when none was asked
    /// and none found.
    pub start: Option<String>,
    /// Whether a tour was found.
    pub exists: bool,
    /// Found tours: the board's rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<usize>,
    /// Found tours: the board's columns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cols: Option<usize>,
    /// Found tours: the method that found it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Found tours: the squares in order, each `[row, col]` counting from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<[usize; 2]>>,
    /// No tour: why, citing the theorem or the search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Found tours: wall-clock seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
}

/// The answer of `grundy tour exists`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourExistsReport {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// [`Command::TourExists`].
    pub command: Command,
    /// The board, `ROWSxCOLS`.
    pub board: String,
    /// Whether the question is about closed tours.
    pub closed: bool,
    /// The starting square asked for, or `null`.
    pub start: Option<String>,
    /// Yes or no; `null` when a bounded search could not decide.
    pub exists: Option<bool>,
    /// Why: the theorem cited, or what the search found.
    pub reason: String,
}

/// The answer of `grundy tour verify`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourVerifyReport {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// [`Command::TourVerify`].
    pub command: Command,
    /// The board, `ROWSxCOLS`.
    pub board: String,
    /// Whether the file holds a valid tour.
    pub valid: bool,
    /// Valid tours: whether the last square is a knight's move from the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed: Option<bool>,
    /// Invalid tours: the first fault found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault: Option<String>,
}

/// The answer of `grundy tour count`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourCountReport {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// [`Command::TourCount`].
    pub command: Command,
    /// The board, `ROWSxCOLS`.
    pub board: String,
    /// Whether closed tours are counted.
    pub closed: bool,
    /// Whether a tour and its reverse count twice.
    pub directed: bool,
    /// The starting square asked for, or `null`.
    pub start: Option<String>,
    /// The count (a lower bound when `complete` is false).
    pub count: Count,
    /// Whether the count is finished (false when Ctrl-C stopped it).
    pub complete: bool,
    /// How it was counted: `theorem`, `frontier` or `search`.
    pub method: String,
    /// `theorem`: the theorem that gives 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// `search`: the nodes of the backtracking search (partial paths tried).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search_nodes: Option<u64>,
    /// `frontier`: the most frontier states held at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_states: Option<u64>,
    /// Wall-clock seconds (not for `theorem`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
}

/// A search's proven bounds on a graph number, and the best set found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoundsReport {
    /// A proven lower bound.
    pub lower: usize,
    /// A proven upper bound.
    pub upper: usize,
    /// The best set found, by vertex (square) names.
    pub witness: Vec<String>,
    /// Branch-and-bound nodes searched.
    pub search_nodes: u64,
}

/// The three graph numbers `grundy graph` bounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphNumbers<T> {
    /// The largest independent set.
    pub independence_number: T,
    /// The smallest dominating set.
    pub domination_number: T,
    /// The smallest independent dominating set: the fewest pieces of a terminal position.
    pub independent_domination_number: T,
}

/// How many vertices have each degree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DegreeReport {
    /// The smallest degree (`null` for an empty graph).
    pub min: Option<usize>,
    /// The largest degree (`null` for an empty graph).
    pub max: Option<usize>,
    /// Degree (as a string key) to the number of vertices with it.
    pub counts: std::collections::BTreeMap<String, usize>,
}

/// Terminal positions (maximal independent sets) counted by size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerminalCount {
    /// How many there are in all (`null` past what the count holds).
    pub total: Option<Count>,
    /// One entry per size that occurs.
    pub sizes: Vec<TerminalSize>,
    /// The widest frontier of the count's sweep.
    pub frontier_width: usize,
    /// The most states held at once.
    pub peak_states: usize,
}

/// Terminal positions of one size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerminalSize {
    /// The number of pieces (vertices).
    pub size: usize,
    /// How many terminal positions have it.
    pub count: Count,
    /// One of them, by vertex names.
    pub example: Vec<String>,
}

/// The answer of `grundy graph`: the attack graph of a board, or a graph from a file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GraphReport {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// [`Command::Graph`].
    pub command: Command,
    /// The piece(s) (`knights`), or `graph` for a file.
    pub game: String,
    /// Boards: `ROWSxCOLS`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Files: the file name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Vertices (squares).
    pub vertices: usize,
    /// Edges (pairs of squares that attack each other).
    pub edges: usize,
    /// The degree distribution.
    pub degree: DegreeReport,
    /// Connected components.
    pub components: usize,
    /// Their sizes.
    pub component_sizes: Vec<usize>,
    /// Whether the graph is two-coloured.
    pub bipartite: bool,
    /// The graph numbers when the searches settled them (`null` each one that was not).
    #[serde(flatten)]
    pub numbers: GraphNumbers<Option<usize>>,
    /// The searches' bounds and witnesses.
    pub bounds: GraphNumbers<BoundsReport>,
    /// The count of terminal positions; `null` when it could not be made.
    pub terminal_positions: Option<TerminalCount>,
    /// Why the count could not be made, or `null`.
    pub terminal_error: Option<String>,
    /// Seconds of the three searches.
    pub search_seconds: f64,
    /// Seconds of the count.
    pub count_seconds: f64,
    /// The graph itself, its vertices and edges by name, when the request asked for it
    /// ([`crate::request::GraphRequest::drawing`]) and the graph is small enough to draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawing: Option<GraphDrawing>,
}

/// A smallest terminal position of the wrong parity.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParityCounterexample {
    /// Its board.
    pub board: String,
    /// Its occupied squares.
    pub squares: Vec<String>,
    /// How many pieces.
    pub size: usize,
    /// The board's squares (m·n).
    pub area: usize,
    /// The position, rows separated by `/`.
    pub position: String,
}

/// A board the check could not decide.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Undecided {
    /// The board.
    pub board: String,
    /// Why.
    pub reason: String,
}

/// The answer of `grundy conjecture`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConjectureReport {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// [`Command::Conjecture`].
    pub command: Command,
    /// Which conjecture (`parity`).
    pub conjecture: String,
    /// What it says.
    pub statement: String,
    /// The piece, by plural name.
    pub game: String,
    /// The boards asked for, as typed.
    pub boards: String,
    /// Whether it held on every board checked and none was undecided.
    pub holds: bool,
    /// The counterexample found, or `null`.
    pub counterexample: Option<ParityCounterexample>,
    /// The boards checked, in order.
    pub boards_checked: Vec<String>,
    /// The boards left undecided.
    pub undecided: Vec<Undecided>,
}

/// One statement `grundy check` tested.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checked {
    /// The statement.
    pub statement: String,
    /// How many positions it was tested on.
    pub cases: usize,
}

/// The answer of `grundy check`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckReport {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// [`Command::Check`].
    pub command: Command,
    /// The corner game.
    pub game: String,
    /// Every position `(m, n)` with `m, n` below this was checked.
    pub to: usize,
    /// The statements and their cases.
    pub checked: Vec<Checked>,
    /// Whether every statement held.
    pub holds: bool,
    /// The failing cases, described (at most 20).
    pub failures: Vec<String>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// One timed case of `grundy bench`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchCase {
    /// The piece.
    pub game: String,
    /// The board.
    pub board: String,
    /// Its nim-value.
    pub nimber: u32,
    /// Positions searched.
    pub positions_searched: u64,
    /// Positions answered from the transposition table.
    pub table_hits: u64,
    /// Positions valued by the endgame table.
    pub endgame_positions: u64,
    /// Bytes of the transposition table.
    pub table_bytes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The answer of `grundy bench`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchReport {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// [`Command::Bench`].
    pub command: Command,
    /// The cases run.
    pub cases: Vec<BenchCase>,
}

/// The *rare values* of a nim-sequence: the heaps whose values fall in the class of the
/// sparse-space method's mask that was the smaller when the mask was last chosen (see
/// [`crate::games::heap::NimSequence`]). In most
/// octal games they stop turning up early; a game whose rare values died out, and whose other
/// values stay bounded, is periodic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RareValues {
    /// The mask `m`: a value's class is the parity of the number of 1-bits of `value & m`.
    pub mask: u32,
    /// Whether the class also flips on odd heaps ("sparse in the domain").
    pub domain: bool,
    /// Whether the rare class is that of an odd number of 1-bits (on even heaps, when
    /// `domain`).
    pub odd: bool,
    /// How many heaps from 0 on have a rare value.
    pub heaps: usize,
    /// The last heap with a rare value, if any.
    pub last: Option<usize>,
    /// Whether the computation enumerated them: false when scanning every break was estimated
    /// cheaper, as where even the best mask leaves many rare heaps (0.007) or in a short
    /// sequence.
    pub used: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::games::heap::HeapMove;
    use crate::games::placement::Piece;

    fn json(value: &impl Serialize) -> serde_json::Value {
        serde_json::to_value(value).unwrap()
    }

    #[test]
    fn commands_are_named_as_typed() {
        assert_eq!(json(&Command::TourExists), "tour exists");
        assert_eq!(json(&Command::Value), "value");
        assert_eq!(json(&Player::Second), "second");
    }

    #[test]
    fn the_winner_follows_the_outcome_and_the_player_to_move() {
        assert_eq!(Player::First.winner(Outcome::N), Player::First);
        assert_eq!(Player::First.winner(Outcome::P), Player::Second);
        assert_eq!(Player::Second.winner(Outcome::N), Player::Second);
        assert_eq!(Player::Second.winner(Outcome::P), Player::First);
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
    fn heap_moves_count_heaps_from_one() {
        let heap_move = HeapMove {
            index: 0,
            from: 5,
            to: vec![2, 2],
            nimber: Nimber::ZERO,
        };
        let value = json(&Move::heap(&heap_move));
        assert_eq!(value["heap"], 1);
        assert_eq!(value["move"], "5 -> 2 + 2");
        assert_eq!(value["winning"], true);
        assert_eq!(value["to"], serde_json::json!([2, 2]));
    }

    #[test]
    fn placement_moves_name_the_piece_only_when_there_are_several() {
        let c3 = BoardSize::new(5, 5).unwrap().square(2, 2).unwrap();
        let alone = json(&Move::placement(c3, Piece::Knight, false, Nimber::new(2)));
        assert_eq!(alone["move"], "c3");
        assert_eq!(alone["winning"], false);
        assert_eq!(
            (alone["row"].clone(), alone["col"].clone()),
            (3.into(), 3.into())
        );
        let several = Move::placement(c3, Piece::Knight, true, Nimber::ZERO);
        assert_eq!(several.notation, "Nc3");
        assert!(json(&several).get("heap").is_none());
    }

    #[test]
    fn counts_past_64_bits_stay_exact_as_decimal_strings() {
        assert_eq!(json(&Count::from(1728)), 1728);
        assert_eq!(json(&Count::from(u128::from(u64::MAX))), u64::MAX);
        let big = u128::from(u64::MAX) + 1;
        assert_eq!(json(&Count::from(big)), "18446744073709551616");
        let back: Count = serde_json::from_value(json(&Count::from(big))).unwrap();
        assert_eq!(back, Count::Decimal(big.to_string()));
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
