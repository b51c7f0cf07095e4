//! The answer of `grundy value`, `grundy outcome`, `grundy moves` and `grundy play --reply`
//! for any game family, and the parts it is made of.

use serde::{Deserialize, Serialize};

use super::{
    Command, FamilyPart, FirstMoveSearch, Move, MovesPart, PlayPart, Player, SearchCost, Standing,
    ValuePart, SCHEMA_VERSION,
};
use crate::values::{Convention, Nimber, Outcome};

/// Conway's genus of a game (`crate::misere::genus`): `text` as Winning Ways writes it
/// (`1^031`), the normal-play nim-value, and the misère nim-values γ₀, γ₁, … of the game plus
/// 0, 1, … copies of `*2`, as far as computed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenusReport {
    /// The genus written as Winning Ways does: `1^031`, `0^120`, `2^20`.
    pub text: String,
    /// The normal-play nim-value.
    pub(crate) normal: u32,
    /// γ₀, γ₁, …: the misère nim-values; the game is a misère second-player win exactly when
    /// γ₀ is 0.
    pub misere: Vec<u32>,
}

/// A graph as a report draws it ([`GameReport::graph`]): its vertices by name, in order, and
/// its edges as pairs of names, each edge once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphDrawing {
    /// The vertices' names, in the order the graph numbers them.
    pub(crate) vertices: Vec<String>,
    /// The edges, each as the names of its two ends.
    pub(crate) edges: Vec<[String; 2]>,
}

/// One game of a sum of games, in `GameReport::summands`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummandReport {
    /// The game as typed in the sum: `knights 5x5`, `kayles 7`, `*3`.
    pub(crate) game: String,
    /// Its position: a placement game's rows, the heaps, the corner piece's square, `*3`.
    pub(crate) position: String,
    /// Its nim-value.
    pub(crate) nimber: u32,
    /// Placement games: the strategy that settled its value without search (mirror play:
    /// value 0); left out when it was searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) settled_by: Option<String>,
}

/// One of the independent parts a position splits into, in `GameReport::parts`: the
/// position's value is the nim-sum of its parts' values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartReport {
    /// The part as the family names what it is made of, in board (or graph) order: a
    /// placement game's free squares that attack one another (`a1 c1 b2`), a region of Cram's
    /// free squares, a component's vertices.
    pub(crate) position: String,
    /// Its nim-value.
    pub(crate) nimber: u32,
}

impl PartReport {
    /// The part made of `names` (squares or vertices, in order) whose nim-value is `nimber`.
    #[must_use]
    pub(crate) fn new(
        names: impl IntoIterator<Item = impl std::fmt::Display>,
        nimber: Nimber,
    ) -> PartReport {
        let names: Vec<String> = names.into_iter().map(|name| name.to_string()).collect();
        PartReport {
            position: names.join(" "),
            nimber: nimber.value(),
        }
    }

    /// What the part is made of, as written in the report.
    #[must_use]
    pub fn position(&self) -> &str {
        &self.position
    }

    /// Its nim-value.
    #[must_use]
    pub fn nimber(&self) -> Nimber {
        Nimber::new(self.nimber)
    }
}

/// The answer of `grundy value`, `grundy outcome`, `grundy moves` and `grundy play --reply`
/// for any game family: the game and position, the family's facts, its value and outcome, who
/// is to move and who wins, the computer's move, the moves asked for, the first-move search and
/// what the search cost. Keys that do not apply to a family or command are left out.
///
/// The parts are flattened into one JSON object, declared in the order their keys are written
/// (docs/JSON.md), so a part's keys stay where the contract puts them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameReport {
    /// [`SCHEMA_VERSION`].
    pub(crate) schema: u32,
    /// Which command answered.
    pub command: Command,
    /// The game as the user types it: `knights`, `bishops+knights`, `kayles`, `0.137`,
    /// `corner-knight`, `graph`.
    pub(crate) game: String,
    /// Heap games: the octal code of the rules (`0.77` for kayles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) code: Option<String>,
    /// The position as the user types it: placement rows separated by `/`, heaps `3 4 5`,
    /// boards `2x3 4x4`, a corner square `7 9`, a graph's file name.
    pub position: String,
    /// The family's facts about the position: a board, a graph.
    #[serde(flatten)]
    pub(crate) family: FamilyPart,
    /// The nim-value, or under misère play the genus.
    #[serde(flatten)]
    pub(crate) value: ValuePart,
    /// Heap games: the nim-value of each heap (or board), in the order given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) heap_nimbers: Option<Vec<u32>>,
    /// `grundy value` of a placement game, Cram or a graph whose position splits into
    /// independent parts (the two colours of a bishops board, the regions a placed piece cuts
    /// off, Cram's regions of free squares, a graph's components): each part with its value,
    /// in board (graph) order, from the search that valued the position. Left out when the
    /// position is one part, when a strategy settled its value without search, and for heap
    /// games, whose parts are their heaps (`heap_nimbers`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) parts: Option<Vec<PartReport>>,
    /// The outcome, who is to move and who wins.
    #[serde(flatten)]
    pub(crate) standing: Standing,
    /// Placement games: the known strategy that settled the answer without search, such as
    /// `mirror play (reflection in the horizontal middle line)` (a second-player win, so the
    /// nim-value 0) or `centre e5 then half turn` (`grundy outcome`: a first-player win and
    /// the winning move; the nim-value is then searched). Left out when the answer was searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settled_by: Option<String>,
    /// `grundy play --reply`: the computer's move and what chose it.
    #[serde(flatten)]
    pub(crate) play: Option<PlayPart>,
    /// Sums of games: each game of the sum with its nim-value, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) summands: Option<Vec<SummandReport>>,
    /// The moves asked for (`grundy moves`), or the computer's move with its value.
    #[serde(flatten)]
    pub listed: MovesPart,
    /// What the search of the first moves found and did.
    #[serde(flatten)]
    pub first_move_search: FirstMoveSearch,
    /// What the search cost.
    #[serde(flatten)]
    pub cost: SearchCost,
    /// Wall-clock seconds of the answer.
    pub seconds: f64,
}

impl GameReport {
    /// A report with only the keys every game has; the caller fills in the rest.
    #[must_use]
    pub(crate) fn new(
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
            family: FamilyPart::Plain {},
            value: ValuePart::normal(None),
            heap_nimbers: None,
            parts: None,
            standing: Standing {
                outcome: Some(outcome),
                to_move,
            },
            settled_by: None,
            play: None,
            summands: None,
            listed: MovesPart::default(),
            first_move_search: FirstMoveSearch::default(),
            cost: SearchCost::default(),
            seconds: 0.0,
        }
    }

    /// A report of a position whose outcome is not known: the computer's move when its
    /// thinking time ran out before it valued the position the move leaves.
    #[must_use]
    pub(crate) fn unsettled(
        command: Command,
        game: String,
        position: String,
        to_move: Player,
    ) -> GameReport {
        GameReport {
            standing: Standing {
                outcome: None,
                to_move,
            },
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
            value: ValuePart::normal(Some(nimber.value())),
            ..GameReport::new(command, game, position, nimber.outcome(), to_move)
        }
    }

    /// The same report with the nim-value `nimber` under normal play.
    #[must_use]
    pub(crate) fn with_nimber(self, nimber: Nimber) -> GameReport {
        GameReport {
            value: ValuePart::normal(Some(nimber.value())),
            ..self
        }
    }

    /// The same report under misère play: `"convention": "misere"` and no nim-value.
    #[must_use]
    pub(crate) fn under_misere(self) -> GameReport {
        GameReport {
            value: ValuePart::misere(None),
            ..self
        }
    }

    /// The nim-value, when the answer has one (normal play, and not an outcome alone).
    #[must_use]
    pub fn nimber(&self) -> Option<u32> {
        match self.value {
            ValuePart::Normal { nimber } => nimber,
            ValuePart::Misere { .. } => None,
        }
    }

    /// Misère play: Conway's genus, when it was found.
    #[must_use]
    pub fn genus(&self) -> Option<&GenusReport> {
        match &self.value {
            ValuePart::Misere { genus, .. } => genus.as_ref(),
            ValuePart::Normal { .. } => None,
        }
    }

    /// The play convention the answer was found under.
    #[must_use]
    pub(crate) fn convention(&self) -> Convention {
        match self.value {
            ValuePart::Misere { .. } => Convention::Misere,
            ValuePart::Normal { .. } => Convention::Normal,
        }
    }

    /// N when the player to move wins, P when they lose; `None` only in a play report whose
    /// thinking time ran out before it was known (see `GameReport::unsettled`).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.standing.outcome
    }

    /// Who is to move.
    #[must_use]
    pub fn to_move(&self) -> Player {
        self.standing.to_move
    }

    /// Who wins with perfect play; known when the outcome is.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        self.standing.winner()
    }

    /// The moves listed: the moves asked for, or the computer's move; none when the answer
    /// lists no moves.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        self.listed.moves.as_deref().unwrap_or_default()
    }

    /// `grundy play --reply`: the computer's move as written.
    #[must_use]
    pub(crate) fn played(&self) -> Option<&str> {
        self.play.as_ref().and_then(|play| play.played.as_deref())
    }

    /// `grundy play --reply`: the strategy that chose the computer's move.
    #[must_use]
    pub(crate) fn played_by(&self) -> Option<&str> {
        self.play.as_ref().map(|play| play.played_by.as_str())
    }

    /// Placement games and Cram: the board, `ROWSxCOLS`.
    #[must_use]
    pub fn board(&self) -> Option<&str> {
        match &self.family {
            FamilyPart::Placement { board, .. } | FamilyPart::Board { board } => Some(board),
            FamilyPart::Graph { .. } | FamilyPart::Plain {} => None,
        }
    }

    /// The independent parts the position splits into, each with its value, when the answer
    /// lists them (see the field's documentation); empty otherwise.
    #[must_use]
    pub fn parts(&self) -> &[PartReport] {
        self.parts.as_deref().unwrap_or_default()
    }

    /// Graph games: the graph, drawn by names.
    #[must_use]
    pub fn graph(&self) -> Option<&GraphDrawing> {
        match &self.family {
            FamilyPart::Graph { graph, .. } => Some(graph),
            _ => None,
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
        assert_eq!(back.outcome(), Some(Outcome::P));
        value["outcome"] = "Q".into();
        assert!(serde_json::from_value::<GameReport>(value).is_err());
    }

    /// A report with every key of a part set, as far as one report can hold them.
    fn full(family: FamilyPart, value: ValuePart) -> GameReport {
        let moved = Move::bare("*3 -> *1".into(), Nimber::new(1));
        GameReport {
            code: Some("0.77".into()),
            family,
            value,
            heap_nimbers: Some(vec![3, 1]),
            parts: Some(vec![PartReport::new(["a1", "c1"], Nimber::new(1))]),
            settled_by: Some("mirror play".into()),
            play: Some(PlayPart {
                played_by: "perfect play".into(),
                played: Some("c3".into()),
            }),
            summands: Some(vec![SummandReport {
                game: "*3".into(),
                position: "*3".into(),
                nimber: 3,
                settled_by: None,
            }]),
            listed: MovesPart {
                moves_not_listed: Some(0),
                moves_unsettled: Some(0),
                winning_cells: Some(vec![1]),
                ..MovesPart::listed(2, 1, vec![moved.clone()])
            },
            first_move_search: FirstMoveSearch {
                winning_move: Some(moved.clone()),
                symmetric_winning_moves: Some(vec![moved]),
                first_moves: Some(2),
                first_moves_up_to_symmetry: Some(1),
                first_moves_settled: Some(1),
                resumed_from_checkpoint: Some(0),
            },
            cost: SearchCost {
                positions_searched: Some(1),
                table_hits: Some(2),
                endgame_positions: Some(3),
                threads: Some(4),
                ranks: Some(5),
                units_settled: Some(6),
            },
            seconds: 0.5,
            ..GameReport::new(
                Command::Value,
                "kayles".into(),
                "3 4".into(),
                Outcome::N,
                Player::Second,
            )
        }
    }

    /// The top-level keys of a report in the order they are written (a `serde_json::Map`
    /// would sort them).
    fn keys(report: &GameReport) -> Vec<String> {
        let text = serde_json::to_string(report).unwrap();
        let (mut keys, mut depth, mut in_string, mut escaped) = (Vec::new(), 0, false, false);
        let mut current: Option<String> = None;
        let mut after_open_or_comma = false;
        for c in text.chars() {
            if in_string {
                if let Some(key) = current.as_mut() {
                    if escaped || (c != '"' && c != '\\') {
                        key.push(c);
                    }
                }
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    in_string = false;
                    keys.extend(current.take());
                }
                continue;
            }
            match c {
                '"' => {
                    in_string = true;
                    if depth == 1 && after_open_or_comma {
                        current = Some(String::new());
                    }
                }
                '{' | '[' => depth += 1,
                '}' | ']' => depth -= 1,
                _ => {}
            }
            after_open_or_comma = depth == 1 && (c == '{' || c == ',');
        }
        keys
    }

    #[test]
    fn the_parts_write_their_keys_in_the_order_of_the_contract() {
        // The order of docs/JSON.md's examples, which the flat report of old wrote.
        let order = [
            "schema",
            "command",
            "game",
            "code",
            "position",
            "board",
            "surface",
            "rays",
            "vertices",
            "edges",
            "graph",
            "convention",
            "nimber",
            "genus",
            "heap_nimbers",
            "parts",
            "outcome",
            "to_move",
            "winner",
            "settled_by",
            "played_by",
            "played",
            "summands",
            "legal_moves",
            "winning_moves",
            "moves",
            "moves_not_listed",
            "moves_unsettled",
            "winning_cells",
            "winning_move",
            "symmetric_winning_moves",
            "first_moves",
            "first_moves_up_to_symmetry",
            "first_moves_settled",
            "resumed_from_checkpoint",
            "positions_searched",
            "table_hits",
            "endgame_positions",
            "threads",
            "ranks",
            "units_settled",
            "seconds",
        ];
        let genus = GenusReport {
            text: "1^031".into(),
            normal: 1,
            misere: vec![0, 3, 1],
        };
        let graph = GraphDrawing {
            vertices: vec!["a".into(), "b".into()],
            edges: vec![["a".into(), "b".into()]],
        };
        for report in [
            full(
                FamilyPart::Placement {
                    board: "5x5".into(),
                    surface: "rectangle".into(),
                    rays: "through".into(),
                },
                ValuePart::normal(Some(2)),
            ),
            full(
                FamilyPart::Graph {
                    vertices: 2,
                    edges: 1,
                    graph,
                },
                ValuePart::misere(Some(genus)),
            ),
            full(
                FamilyPart::Board {
                    board: "4x4".into(),
                },
                ValuePart::normal(None),
            ),
            full(FamilyPart::Plain {}, ValuePart::misere(None)),
        ] {
            let written = keys(&report);
            let expected: Vec<&str> = order
                .iter()
                .copied()
                .filter(|key| written.iter().any(|w| w == key))
                .collect();
            assert_eq!(written, expected);
            let back: GameReport =
                serde_json::from_str(&serde_json::to_string(&report).unwrap()).unwrap();
            assert_eq!(back, report);
        }
    }

    #[test]
    fn a_report_without_a_part_reads_back_without_it() {
        for report in [
            GameReport::unsettled(Command::Play, "knights".into(), "..".into(), Player::First),
            GameReport::new(
                Command::Outcome,
                "graph".into(),
                "g".into(),
                Outcome::P,
                Player::First,
            )
            .under_misere(),
        ] {
            let text = serde_json::to_string(&report).unwrap();
            let back: GameReport = serde_json::from_str(&text).unwrap();
            assert_eq!(back, report, "{text}");
            assert_eq!(back.play, None);
        }
    }

    #[test]
    fn a_winner_that_does_not_follow_from_the_outcome_is_refused() {
        let mut value = json(&GameReport::new(
            Command::Value,
            "kayles".into(),
            "3".into(),
            Outcome::N,
            Player::First,
        ));
        value["winner"] = "second".into();
        assert!(serde_json::from_value::<GameReport>(value.clone()).is_err());
        value["convention"] = "normal".into();
        value["winner"] = "first".into();
        let back: GameReport = serde_json::from_value(value).unwrap();
        // `"convention": "normal"` is never written; read back, it is normal play.
        assert_eq!(back.convention(), Convention::Normal);
    }
}
