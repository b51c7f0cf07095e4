//! One move in an answer, the same shape in every game family.

use serde::{Deserialize, Serialize};

use crate::values::Nimber;

/// One move, the same shape in every game family: how to write it, the nim-value of the whole
/// position after it, whether it wins, then its parts: the family's details, the game of a sum
/// it is played in, and the game it leaves. The parts are flattened, so the JSON is one flat
/// object whose keys come in the order docs/JSON.md shows.
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
    pub(crate) nimber: Option<u32>,
    /// Whether the move wins: it leaves nim-value 0 (under misère play: a position the player
    /// to move loses). Left out only in an answer given within a time (`moves --seconds`)
    /// for a move not searched to the end in that time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winning: Option<bool>,
    /// What the family says about the move (the square, the heap, the corner, the vertex).
    #[serde(flatten)]
    pub(crate) family: MovePart,
    /// Sums of games: which game of the sum the move is played in.
    #[serde(flatten)]
    pub(crate) in_sum: Option<SumPart>,
    /// The game the move leaves, when the answer writes it.
    #[serde(flatten)]
    pub(crate) after: Option<AfterPart>,
}

/// What a family says about a move beyond its notation. Each variant holds the keys its family
/// writes; a family with nothing to add writes no key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum MovePart {
    /// Placement games: the piece and the square it is put on.
    Placement {
        /// The square, as written on the board (`c3`).
        square: String,
        /// The piece put there, by its plural name (`knights`).
        piece: String,
        /// The square's row, counting from 1 (row 1 is drawn at the top).
        row: usize,
        /// The square's column, counting from 1 (column a).
        col: usize,
    },
    /// Heap games: the heap played and what it becomes.
    Heap {
        /// Which heap is played, counting from 1 in the order given.
        heap: usize,
        /// The heap's size before the move.
        from: usize,
        /// The heaps it becomes, smallest first (empty when it is taken away).
        to: Vec<usize>,
    },
    /// Two-dimensional Kayles: the board played and the boards it becomes.
    Boards {
        /// Which board is played, counting from 1 in the order given (the key heap games use).
        heap: usize,
        /// The board played on, `ROWSxCOLS`.
        from_board: String,
        /// The boards it becomes.
        to_boards: Vec<String>,
    },
    /// Corner games: where the piece goes.
    Corner {
        /// The piece's square `[m, n]` after the move.
        corner: [usize; 2],
    },
    /// Graph games: the vertex taken.
    Vertex {
        /// The vertex taken (with its neighbours) by the move.
        vertex: String,
    },
    /// Cram: the two squares the domino covers, top or left first.
    Domino {
        /// The squares, as written on the board (`["a1", "a2"]`).
        squares: [String; 2],
        /// Their rows, counting from 1 (row 1 is drawn at the top).
        rows: [usize; 2],
        /// Their columns, counting from 1 (column a).
        cols: [usize; 2],
    },
    /// A Nim heap's move, and a sum's move: nothing beyond the notation. Listed last, as any
    /// move reads back as it.
    Bare {},
}

/// Sums of games: the game of the sum a move is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SumPart {
    /// Which game of the sum the move is played in, counting from 1.
    pub(crate) summand: usize,
    /// The nim-value of that game after the move (`nimber` is the whole sum's); left out
    /// where the move's `nimber` is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) summand_nimber: Option<u32>,
}

/// The game a move leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AfterPart {
    /// The game after the move, as grundy writes a game (`kayles 2 4`, `knights 5x5 at
    /// N..../...`, `*1 + corner-knight 5 8`): what a front end asks about next to go on from
    /// there, with no rules of its own.
    pub(crate) after: String,
    /// Games on a graph: the graph after the move as an edge list, sent as the request's
    /// `graph` with `after` (whose text names the graph, not its edges).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) after_graph: Option<String>,
}

impl Move {
    /// A move named `notation`, leading to `nimber`, with no family's details (a Nim heap's
    /// `*3 -> *1`).
    #[must_use]
    pub(crate) fn bare(notation: String, nimber: Nimber) -> Move {
        Move::with_part(notation, nimber, MovePart::Bare {})
    }

    /// A move named `notation`, leading to `nimber`, with the family's details `family`.
    #[must_use]
    pub(crate) fn with_part(notation: String, nimber: Nimber, family: MovePart) -> Move {
        Move {
            notation,
            nimber: Some(nimber.value()),
            winning: Some(nimber == Nimber::ZERO),
            family,
            in_sum: None,
            after: None,
        }
    }

    /// The same move played in game `summand` (counting from 1) of a sum, which it leaves at
    /// `summand_nimber` when that is known.
    #[must_use]
    pub(crate) fn played_in_summand(self, summand: usize, summand_nimber: Option<Nimber>) -> Move {
        Move {
            in_sum: Some(SumPart {
                summand,
                summand_nimber: summand_nimber.map(Nimber::value),
            }),
            ..self
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
    pub(crate) fn partly_known(self, winning: Option<bool>) -> Move {
        Move {
            nimber: None,
            winning,
            in_sum: self.in_sum.map(|in_sum| SumPart {
                summand_nimber: None,
                ..in_sum
            }),
            ..self
        }
    }

    /// Writes the game the move leaves, `after`, and the graph it leaves as an edge list when
    /// it is a game on a graph.
    pub(crate) fn set_after(&mut self, after: String, after_graph: Option<String>) {
        self.after = Some(AfterPart { after, after_graph });
    }

    /// Whether the move is known to win.
    #[must_use]
    pub(crate) fn wins(&self) -> bool {
        self.winning == Some(true)
    }

    /// The nim-value after the move, 0 when it is not known (a misère move): for pictures
    /// and tables that colour moves by value.
    #[must_use]
    pub(crate) fn value(&self) -> Nimber {
        Nimber::new(self.nimber.unwrap_or(0))
    }

    /// Placement games: the square the piece is put on.
    #[must_use]
    pub(crate) fn square(&self) -> Option<&str> {
        match &self.family {
            MovePart::Placement { square, .. } => Some(square),
            _ => None,
        }
    }

    /// Placement games: the piece put on the square, by its plural name.
    #[must_use]
    pub(crate) fn piece(&self) -> Option<&str> {
        match &self.family {
            MovePart::Placement { piece, .. } => Some(piece),
            _ => None,
        }
    }

    /// Placement games: the square's row and column, each counting from 1.
    #[must_use]
    pub(crate) fn row_and_col(&self) -> Option<(usize, usize)> {
        match self.family {
            MovePart::Placement { row, col, .. } => Some((row, col)),
            _ => None,
        }
    }

    /// Cram: the two squares the domino covers, top or left first.
    #[must_use]
    #[cfg(test)]
    pub(crate) fn domino_squares(&self) -> Option<[&str; 2]> {
        match &self.family {
            MovePart::Domino { squares, .. } => Some([&squares[0], &squares[1]]),
            _ => None,
        }
    }

    /// Heap games and two-dimensional Kayles: which heap (or board) is played, counting from 1.
    #[must_use]
    #[cfg(test)]
    pub(crate) fn heap_number(&self) -> Option<usize> {
        match self.family {
            MovePart::Heap { heap, .. } | MovePart::Boards { heap, .. } => Some(heap),
            _ => None,
        }
    }

    /// Corner games: the piece's square `[m, n]` after the move.
    #[must_use]
    #[cfg(test)]
    pub(crate) fn corner_square(&self) -> Option<[usize; 2]> {
        match self.family {
            MovePart::Corner { corner } => Some(corner),
            _ => None,
        }
    }

    /// Graph games: the vertex taken.
    #[must_use]
    #[cfg(test)]
    pub(crate) fn vertex_taken(&self) -> Option<&str> {
        match &self.family {
            MovePart::Vertex { vertex } => Some(vertex),
            _ => None,
        }
    }

    /// Sums of games: which game of the sum the move is played in, counting from 1.
    #[must_use]
    pub fn summand(&self) -> Option<usize> {
        self.in_sum.map(|in_sum| in_sum.summand)
    }

    /// Sums of games: the nim-value of the game played in after the move, when it is known.
    #[must_use]
    pub(crate) fn summand_nimber(&self) -> Option<u32> {
        self.in_sum.and_then(|in_sum| in_sum.summand_nimber)
    }

    /// The game after the move, as grundy writes a game, when the answer writes it.
    #[must_use]
    pub(crate) fn game_after(&self) -> Option<&str> {
        self.after.as_ref().map(|after| after.after.as_str())
    }

    /// Games on a graph: the graph after the move as an edge list, when the answer writes it.
    #[must_use]
    #[cfg(test)]
    pub(crate) fn graph_after(&self) -> Option<&str> {
        self.after.as_ref()?.after_graph.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::games::corner::CornerMove;
    use crate::games::heap::{HeapMove, RectangleMove};
    use crate::games::move_list::SumMove;
    use crate::games::placement::Piece;

    fn json(value: &impl Serialize) -> serde_json::Value {
        serde_json::to_value(value).unwrap()
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

    /// A move of each family and of each part, with the JSON text each was written as before
    /// the parts were typed (when every key was an optional field of `Move`): the keys, their
    /// order and the bytes must not change, as docs/JSON.md promises them to every front end.
    fn moves_with_their_text() -> Vec<(Move, &'static str)> {
        let c3 = BoardSize::new(5, 5).unwrap().square(2, 2).unwrap();
        let heap_move = HeapMove {
            index: 0,
            from: 5,
            to: vec![2, 2],
            nimber: Nimber::ZERO,
        };
        let board_move = RectangleMove {
            index: 1,
            from: "2x3".parse().unwrap(),
            to: vec!["2x1".parse().unwrap(), "2x1".parse().unwrap()],
            nimber: Nimber::new(1),
        };
        let step = CornerMove {
            m: 5,
            n: 8,
            nimber: Nimber::new(3),
        };
        let sum_move = SumMove {
            summand: 1,
            notation: "7 -> 6".into(),
            summand_value: Nimber::new(3),
            nimber: Nimber::ZERO,
        };
        let mut vertex = Move::vertex("v1", Nimber::new(1));
        vertex.set_after("graph g".into(), Some("# edge list\nv2 v3\n".into()));
        let mut in_misere_sum = Move::heap(&heap_move)
            .misere(true)
            .played_in_summand(2, None);
        in_misere_sum.set_after("kayles 2 2 + *1".into(), None);
        let mut domino = Move::bare("a1-a2".into(), Nimber::ZERO);
        domino.set_after("cram 2x3 at #../#..".into(), None);
        vec![
            (
                Move::placement(c3, Piece::Knight, false, Nimber::new(2)),
                r#"{"move":"c3","nimber":2,"winning":false,"square":"c3","piece":"knights","row":3,"col":3}"#,
            ),
            (
                Move::placement(c3, Piece::Queen, true, Nimber::ZERO),
                r#"{"move":"Qc3","nimber":0,"winning":true,"square":"c3","piece":"queens","row":3,"col":3}"#,
            ),
            (
                Move::heap(&heap_move),
                r#"{"move":"5 -> 2 + 2","nimber":0,"winning":true,"heap":1,"from":5,"to":[2,2]}"#,
            ),
            (
                Move::rectangle(&board_move),
                r#"{"move":"2x3 -> 2x1 + 2x1","nimber":1,"winning":false,"heap":2,"from_board":"2x3","to_boards":["2x1","2x1"]}"#,
            ),
            (
                Move::corner(7, 9, &step),
                r#"{"move":"(7, 9) -> (5, 8)","nimber":3,"winning":false,"corner":[5,8]}"#,
            ),
            (
                vertex,
                r##"{"move":"v1","nimber":1,"winning":false,"vertex":"v1","after":"graph g","after_graph":"# edge list\nv2 v3\n"}"##,
            ),
            (
                Move::bare("*3 -> *1".into(), Nimber::new(1)),
                r#"{"move":"*3 -> *1","nimber":1,"winning":false}"#,
            ),
            (
                Move::in_sum(&sum_move),
                r#"{"move":"7 -> 6","nimber":0,"winning":true,"summand":2,"summand_nimber":3}"#,
            ),
            (
                Move::in_sum(&sum_move).partly_known(None),
                r#"{"move":"7 -> 6","summand":2}"#,
            ),
            (
                in_misere_sum,
                r#"{"move":"5 -> 2 + 2","winning":true,"heap":1,"from":5,"to":[2,2],"summand":2,"after":"kayles 2 2 + *1"}"#,
            ),
            (
                Move::placement(c3, Piece::Knight, false, Nimber::new(2)).partly_known(Some(false)),
                r#"{"move":"c3","winning":false,"square":"c3","piece":"knights","row":3,"col":3}"#,
            ),
            (
                domino,
                r##"{"move":"a1-a2","nimber":0,"winning":true,"after":"cram 2x3 at #../#.."}"##,
            ),
        ]
    }

    #[test]
    fn every_part_keeps_its_keys_in_order_byte_for_byte() {
        for (listed, text) in moves_with_their_text() {
            assert_eq!(serde_json::to_string(&listed).unwrap(), text);
        }
    }

    #[test]
    fn every_part_reads_back_as_it_was_written() {
        for (listed, text) in moves_with_their_text() {
            let read: Move = serde_json::from_str(text).unwrap();
            assert_eq!(read, listed, "{text}");
        }
    }

    #[test]
    fn the_accessors_read_each_family_s_part() {
        let moves: Vec<Move> = moves_with_their_text()
            .into_iter()
            .map(|(m, _)| m)
            .collect();
        assert_eq!(moves[1].square(), Some("c3"));
        assert_eq!(moves[1].piece(), Some("queens"));
        assert_eq!(moves[1].row_and_col(), Some((3, 3)));
        assert_eq!(moves[2].heap_number(), Some(1));
        assert_eq!(moves[3].heap_number(), Some(2));
        assert_eq!(moves[4].corner_square(), Some([5, 8]));
        assert_eq!(moves[5].vertex_taken(), Some("v1"));
        assert_eq!(moves[5].game_after(), Some("graph g"));
        assert_eq!(moves[5].graph_after(), Some("# edge list\nv2 v3\n"));
        assert_eq!(
            (moves[7].summand(), moves[7].summand_nimber()),
            (Some(2), Some(3))
        );
        assert_eq!(
            (moves[8].summand(), moves[8].summand_nimber()),
            (Some(2), None)
        );
        let bare = &moves[6];
        assert_eq!(
            (
                bare.square(),
                bare.heap_number(),
                bare.vertex_taken(),
                bare.summand()
            ),
            (None, None, None, None)
        );
        assert_eq!(bare.game_after(), None);
    }
}
