//! Kings on a board with a side of 4: a second-player win, by answering each king in its own
//! line across that side.
//!
//! Call the lines across the side of 4 the board's *lines*: the columns of a board 4 rows
//! high, the rows of one 4 columns wide. A king takes the squares of its line and of the
//! lines beside it within one step of it: three of the four squares of each of those three
//! lines at most, never all four. Two kings in one line stand at least two squares apart, and
//! then between them they take all four squares of all three lines. So when the free squares
//! are whole lines, the second player answers a king with a king in the same line, two or
//! three squares away (the far end of the line: the first square with the fourth, the second
//! with the fourth, the third with the first, the fourth with the first). That square was
//! free, since its whole line was, and the king just placed does not touch it; afterwards the
//! two kings have taken three whole lines, so the free squares are whole lines again. The
//! second player always has an answer, and the first runs out of moves first.
//!
//! The empty board is whole lines, so kings on 4×n and n×4 are second-player wins (nim-value
//! 0) for every n: the column of 4s and the row of 4s of docs/DISCOVERIES.md's kings table,
//! which the searches had found cell by cell. No other height works: with 1, 2 or 3 a single
//! king can take a whole line and the answer has nothing to restore; with 5 or 6 some king has
//! no partner that completes its line (the middle square of 5, an end square of 6); from 7 on
//! two kings cannot cover a line (a king takes three squares of it).

use crate::board::{Square, Surface};

use super::strategy::{does_not_apply, ensure_moves_left, Strategy, StrategyError};
use super::{BoardSet, Piece, PlacementGame, PlacementMove, PlacementPosition};

/// Where the answer to a king on the `i`-th square of a line goes (0-based): the far end.
const ANSWER: [usize; 4] = [3, 3, 0, 0];

/// The lines across the side of 4 of a kings game's board: what both the strategy and the
/// settlement check ([`whole_free_lines`]) look at, borrowed so that the check, which every
/// search makes first, copies nothing.
#[derive(Clone, Copy)]
struct Lines<'a> {
    game: &'a PlacementGame,
    /// Whether the lines are the columns (a board 4 rows high) or the rows (4 columns wide).
    columns: bool,
}

impl<'a> Lines<'a> {
    /// The lines of `game`, or why it has none: it must be kings alone on a rectangle with a
    /// side of 4.
    fn of(game: &'a PlacementGame) -> Result<Lines<'a>, String> {
        if game.single_piece() != Some(Piece::King) {
            return Err(format!("it is for kings alone, not {}", game.name()));
        }
        if game.rules().surface() != Surface::Rectangle {
            return Err(format!(
                "it is for a rectangle, not a {}, whose glued edges join lines that the argument keeps apart",
                game.rules().surface()
            ));
        }
        let board = game.board();
        let columns = match (board.rows(), board.cols()) {
            (4, _) => true,
            (_, 4) => false,
            _ => return Err(format!("{board} has no side of 4")),
        };
        Ok(Lines { game, columns })
    }

    /// The strategy's name, which also names a settlement by it.
    fn strategy_name(self) -> String {
        let (lines, across) = if self.columns {
            ("column", "4 rows")
        } else {
            ("row", "4 columns")
        };
        format!("kings on {across}: the answer in the same {lines}")
    }

    fn count(self) -> usize {
        let board = self.game.board();
        if self.columns {
            board.cols()
        } else {
            board.rows()
        }
    }

    /// The square `along` squares into line `line`.
    fn square(self, line: usize, along: usize) -> Square {
        let (row, col) = if self.columns {
            (along, line)
        } else {
            (line, along)
        };
        self.game
            .board()
            .square(row, col)
            .expect("lines and places along them are on the board")
    }

    /// The line of `square`, and how far along it the square is.
    fn line_of(self, square: Square) -> (usize, usize) {
        if self.columns {
            (square.col(), square.row())
        } else {
            (square.row(), square.col())
        }
    }

    /// How many squares of line `line` are in `available`.
    fn free_in(self, available: &BoardSet, line: usize) -> usize {
        let board = self.game.board();
        (0..4)
            .filter(|&along| available.contains(board.index_of(self.square(line, along))))
            .count()
    }

    /// Whether the squares of `available` are whole lines.
    fn all_whole(self, available: &BoardSet) -> bool {
        (0..self.count()).all(|line| matches!(self.free_in(available, line), 0 | 4))
    }
}

/// The name of the kings' answer in the same line when it settles `position` as a
/// second-player win: `game` is kings alone on a rectangle with a side of 4, and the free
/// squares are whole lines, at least one. `None` otherwise.
pub(super) fn whole_free_lines(
    game: &PlacementGame,
    position: &PlacementPosition,
) -> Option<String> {
    let lines = Lines::of(game).ok()?;
    let available = game.available(position);
    (!available.is_empty() && lines.all_whole(&available)).then(|| lines.strategy_name())
}

/// The second player's strategy for kings on a board with a side of 4: answer each king with
/// a king at the far end of the same line across that side (see the module's argument).
///
/// ```
/// use grundy::games::placement::{play_out, KingsFourLines, Perfect, Piece, PlacementGame, Player};
///
/// let game = PlacementGame::new(Piece::King, "4x9".parse().unwrap());
/// let mut answer = KingsFourLines::for_game(&game).unwrap();
/// let mut perfect = Perfect::new(&game, 1 << 20);
/// let record = play_out(&game, &mut perfect, &mut answer).unwrap();
/// assert_eq!(record.winner, Player::Second);
/// ```
#[derive(Clone, Debug)]
pub struct KingsFourLines {
    game: PlacementGame,
    /// Whether the lines are the columns (a board 4 rows high) or the rows (4 columns wide).
    columns: bool,
}

impl KingsFourLines {
    /// The strategy for `game`, which must be kings alone on a rectangle with a side of 4.
    pub fn for_game(game: &PlacementGame) -> Result<KingsFourLines, StrategyError> {
        let columns = Lines::of(game)
            .map_err(|why| does_not_apply("the kings' answer in the same line", why))?
            .columns;
        Ok(KingsFourLines {
            game: game.clone(),
            columns,
        })
    }

    /// Whether the free squares of `position` are whole lines: then the player to move loses
    /// against this strategy, so the position is a second-player win.
    #[must_use]
    pub fn free_squares_are_whole_lines(&self, position: &PlacementPosition) -> bool {
        self.lines().all_whole(&self.game.available(position))
    }

    fn lines(&self) -> Lines<'_> {
        Lines {
            game: &self.game,
            columns: self.columns,
        }
    }
}

impl Strategy for KingsFourLines {
    fn name(&self) -> String {
        self.lines().strategy_name()
    }

    fn choose(&mut self, position: &PlacementPosition) -> Result<PlacementMove, StrategyError> {
        ensure_moves_left(&self.game, position)?;
        let lines = self.lines();
        // The king to answer stands in the one line that holds a king and still has a free
        // square: a line of two kings is taken whole, and so is a line whose lone king an
        // earlier answer's pair of kings beside it has closed.
        let available = self.game.available(position);
        let to_answer: Vec<(usize, usize)> = self
            .game
            .occupied(position)
            .map(|square| lines.line_of(square))
            .filter(|&(line, _)| lines.free_in(&available, line) > 0)
            .collect();
        let (line, along) = match to_answer.as_slice() {
            [one] => *one,
            [] => {
                return Err(does_not_apply(
                    &self.name(),
                    "no king's line has a free square: the strategy answers the opponent's king, it does not start"
                        .to_string(),
                ))
            }
            several => {
                return Err(does_not_apply(
                    &self.name(),
                    format!(
                        "{} kings have free squares in their lines: the position is not one king away from whole free lines",
                        several.len()
                    ),
                ))
            }
        };
        let answer = PlacementMove {
            square: lines.square(line, ANSWER[along]),
            piece: Piece::King,
        };
        let after = self.game.play_move(position, answer).map_err(|error| {
            does_not_apply(
                &self.name(),
                format!("the answer {} cannot be played: {error}", answer.square),
            )
        })?;
        if !self.free_squares_are_whole_lines(&after) {
            return Err(does_not_apply(
                &self.name(),
                format!(
                    "after the answer {} the free squares are not whole lines: the position did not come from whole lines",
                    answer.square
                ),
            ));
        }
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::placement::strategy::tests::wins_against_every_reply;
    use crate::games::placement::{parse_pieces, PlacementRules, Player, RayRule};

    fn kings(board: &str) -> PlacementGame {
        PlacementGame::new(Piece::King, board.parse().unwrap())
    }

    /// The strategy wins against every sequence of the first player's moves, on every board
    /// with a side of 4 up to 4×9 and 9×4: the argument checked move by move.
    #[test]
    fn the_answer_in_the_same_line_wins_every_line_of_play() {
        for other in 1..=9 {
            for board in [format!("4x{other}"), format!("{other}x4")] {
                let game = kings(&board);
                let mut strategy = KingsFourLines::for_game(&game).unwrap();
                let positions = wins_against_every_reply(&game, &mut strategy, Player::Second)
                    .unwrap_or_else(|why| panic!("kings {board}: {why}"));
                assert!(positions > other, "kings {board}: {positions}");
            }
        }
    }

    #[test]
    fn other_boards_pieces_and_surfaces_are_refused() {
        for board in ["3x5", "5x5", "2x7", "8x8"] {
            let error = KingsFourLines::for_game(&kings(board)).unwrap_err();
            assert!(
                error.to_string().contains("no side of 4"),
                "{board}: {error}"
            );
        }
        let knights = PlacementGame::new(Piece::Knight, "4x6".parse().unwrap());
        assert!(KingsFourLines::for_game(&knights).is_err());
        let torus = PlacementRules::new(
            &parse_pieces("kings").unwrap(),
            Surface::Torus,
            RayRule::Through,
        )
        .unwrap();
        let game = PlacementGame::with_rules(torus, "4x6".parse().unwrap());
        let error = KingsFourLines::for_game(&game).unwrap_err();
        assert!(error.to_string().contains("rectangle"), "{error}");
    }

    #[test]
    fn a_position_not_from_whole_lines_is_refused_not_answered_badly() {
        let game = kings("4x6");
        let mut strategy = KingsFourLines::for_game(&game).unwrap();
        // Nothing to answer on the empty board.
        assert!(strategy.choose(&game.empty()).is_err());
        // Two kings whose lines have free squares.
        let two = game.parse_position("K...K./....../....../......").unwrap();
        assert!(strategy.choose(&two).is_err());
        // Whole free lines with lone kings in closed lines (a1 and b4 close columns a to c,
        // d1 and d4 close c to e): the king on f2 is the one to answer, with f4.
        let closed = game.parse_position("K..K../.....K/....../.K.K..").unwrap();
        let answer = strategy.choose(&closed).unwrap();
        assert_eq!(answer.square.to_string(), "f4");
        // One king to answer (the last row of the text is row 4): a4 is answered by a1.
        let one = game.parse_position("....../....../....../K.....").unwrap();
        let answer = strategy.choose(&one).unwrap();
        assert_eq!(answer.square.to_string(), "a1");
    }
}
