//! One move in an answer, the same shape in every game family.

use serde::{Deserialize, Serialize};

use crate::values::Nimber;

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
}
