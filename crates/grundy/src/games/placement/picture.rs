//! The pictures of a placement game: a position with its pieces and the squares they attack,
//! the winning moves framed and the value after each move written in its square
//! ([`position`]), the pictures of its answers ([`report_picture`]), and a smallest terminal
//! position ([`smallest_terminal`]), drawn on the board of [`crate::board::board_picture`].

use crate::board::{board_picture, BoardPicture, Square};
use crate::games::contract::value_title;
use crate::games::placement::{MoveValue, Placement, PlacementGame, PlacementPosition};
use crate::report::{Command, GameReport, Move};
use crate::values::Nimber;

/// The picture of `position`: pieces, attacked squares, `winning` squares framed, and the
/// nim-value after each move of `values` written in its square (with several pieces, the
/// values of the pieces' moves there in the game's order of pieces, such as `1/5`). Squares
/// off the board are left out.
#[must_use]
pub fn position(
    title: &str,
    game: &PlacementGame,
    position: &PlacementPosition,
    winning: &[Square],
    values: &[MoveValue],
) -> String {
    let board = game.board();
    let mut picture = BoardPicture::new(title, board);
    for square in board.all_squares() {
        let style = &mut picture.squares[board.index_of(square)];
        style.piece = game.piece_at(position, square).map(|piece| piece.letter());
        style.attacked = game.is_attacked(position, square);
        style.marked = winning.contains(&square);
    }
    for value in values {
        let Some(style) = picture.style_mut(value.square) else {
            continue;
        };
        // A nimber's value alone, `3` rather than `*3`: the squares are small.
        let text = value.nimber.value().to_string();
        match &mut style.label {
            Some(label) => {
                label.push('/');
                label.push_str(&text);
            }
            None => style.label = Some(text),
        }
    }
    board_picture(&picture)
}

/// `game` and its board as a title names them: `knights on 5x5`.
fn on_board(game: &PlacementGame) -> String {
    format!("{} on {}", game.name(), game.board())
}

/// The picture of `placement` itself, before any question is asked of it: its position with
/// the pieces and the squares they attack, titled with the game and the board, as the pictures
/// of its answers draw it.
#[must_use]
pub fn picture(placement: &Placement) -> String {
    let Placement { game, position: at } = placement;
    position(&on_board(game), game, at, &[], &[])
}

/// The picture of a report of `placement` answering a value, moves, outcome or play request: the
/// position, or for play the position after the computer's move, with the moves the report
/// names as winning framed (the winning moves of a moves report, the winning first move of
/// an outcome report and its images under the board's symmetries). With
/// `every_move_listed` (a moves request asking for every move), each move's value is written
/// in its square. Titled as the command line titles it: the game, the board and the
/// nim-value (or the winner, for an outcome).
///
/// `None` when the report answers another question. No search is run: a value report names no
/// winning move, so none is framed.
#[must_use]
pub fn report_picture(
    placement: &Placement,
    report: &GameReport,
    every_move_listed: bool,
) -> Option<String> {
    let Placement {
        game,
        position: asked,
    } = placement;
    let on_board = on_board(game);
    // A moves answer within a time may not have found every value (its unvalued moves, which
    // `placed` leaves out, are drawn unlabelled).
    let nim_value_title = value_title(&on_board, report);
    Some(match report.command {
        Command::Value => position(&nim_value_title, game, asked, &[], &[]),
        Command::Moves => {
            let listed = placed(game, report.moves().iter());
            let values = if every_move_listed { &listed[..] } else { &[] };
            position(
                &nim_value_title,
                game,
                asked,
                &winning_squares(&listed),
                values,
            )
        }
        Command::Outcome => {
            let first_moves = placed(
                game,
                report.first_move_search.winning_move.iter().chain(
                    report
                        .first_move_search
                        .symmetric_winning_moves
                        .iter()
                        .flatten(),
                ),
            );
            position(
                &report.winner().map_or_else(
                    || format!("{on_board}: who wins is not known"),
                    |winner| format!("{on_board}: the {winner} player wins"),
                ),
                game,
                asked,
                &winning_squares(&first_moves),
                &[],
            )
        }
        Command::Play => {
            // The report's position is the one the computer's move leaves; the moves it lists
            // are that move, from the position before, so none is framed.
            let after = game.parse_position(&report.position).unwrap_or(*asked);
            // Out of thinking time the computer may not have found the value it leaves.
            let value = report.nimber().map_or_else(
                || "not found".to_string(),
                |nimber| Nimber::new(nimber).to_string(),
            );
            let title = match report.played() {
                Some(played) => {
                    format!("{on_board} after the computer's {played}: nim-value {value}")
                }
                None => format!("{on_board}: nim-value {value}"),
            };
            position(&title, game, &after, &[], &[])
        }
        _ => return None,
    })
}

/// The moves of a report back on `game`'s board, read from their notation (`c3`, `Nc3`); a
/// move that names no square and piece of the game is left out, and so is a move with no
/// nim-value to draw (a misère move, or one a time given did not value).
fn placed<'a>(game: &PlacementGame, moves: impl Iterator<Item = &'a Move>) -> Vec<MoveValue> {
    moves
        .filter_map(|named| {
            let placement = game.parse_move(&named.notation).ok()?;
            Some(MoveValue {
                square: placement.square,
                piece: placement.piece,
                nimber: Nimber::new(named.nimber?),
            })
        })
        .collect()
}

/// The squares of the moves that leave 0.
fn winning_squares(moves: &[MoveValue]) -> Vec<Square> {
    moves
        .iter()
        .filter(|m| m.nimber == Nimber::ZERO)
        .map(|m| m.square)
        .collect()
}

/// A smallest terminal position of `game` drawn on its board: pieces on `squares` (by index,
/// row-major from 0; a graph answer's `smallest_terminal`), every other square attacked.
/// `None` when `squares` are not a position of the game: off the board, or not placeable in
/// turn (a terminal position is an independent set of the attack graph).
#[must_use]
pub fn smallest_terminal(game: &PlacementGame, squares: &[usize]) -> Option<String> {
    let board = game.board();
    let mut position = game.empty();
    for &index in squares {
        if index >= board.squares() {
            return None;
        }
        position = game.play(&position, board.square_at(index)).ok()?;
    }
    let title = format!(
        "{} on {}: a smallest terminal position, {} pieces",
        game.name(),
        board,
        squares.len()
    );
    let mut picture = BoardPicture::new(&title, board);
    for (index, style) in picture.squares.iter_mut().enumerate() {
        let square = board.square_at(index);
        if let Some(piece) = game.piece_at(&position, square) {
            style.piece = Some(piece.letter());
        } else {
            style.attacked = game.is_attacked(&position, square);
        }
    }
    Some(board_picture(&picture))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::placement::{Piece, PlacementSolver};

    #[test]
    fn the_position_shows_pieces_attacks_marks_and_values() {
        let game = PlacementGame::new(Piece::Queen, "4x4".parse().unwrap());
        let position = game.parse_position(".Q../..../..../....").unwrap();
        let mut solver = PlacementSolver::new(&game, 1 << 20);
        let winning = solver.winning_moves(&position);
        let values = solver.move_values(&position);
        let svg = super::position("queens", &game, &position, &winning, &values);
        assert_eq!(svg.matches("<circle").count(), 1);
        assert_eq!(
            svg.matches(crate::board::WINNING_STROKE).count(),
            winning.len()
        );
        // One label per legal move, each the move's nim-value.
        assert_eq!(
            svg.matches(r#"font-size="11""#).count(),
            game.legal_moves(&position).len()
        );
        for value in &values {
            assert!(svg.contains(&format!(">{}</text>", value.nimber.value())));
        }
        // b1 holds the queen; 9 squares are attacked (a1 c1 d1 a2 b2 c2 b3 b4 d3).
        let attacked = game
            .board()
            .all_squares()
            .filter(|&s| game.is_attacked(&position, s))
            .count();
        assert_eq!(attacked, 9);
        assert_eq!(
            svg.matches("#f2b8b5").count() + svg.matches("#e39a96").count(),
            attacked
        );
    }

    #[test]
    fn a_terminal_position_must_be_one_of_the_game() {
        let game = PlacementGame::new(Piece::King, "3x3".parse().unwrap());
        // A king in the middle attacks every other square.
        let svg = smallest_terminal(&game, &[4]).unwrap();
        assert_eq!(svg.matches("<circle").count(), 1);
        assert!(svg.contains("kings on 3x3: a smallest terminal position, 1 pieces"));
        assert_eq!(
            svg.matches("#f2b8b5").count() + svg.matches("#e39a96").count(),
            8
        );
        // Two kings side by side attack each other; square 9 is off the board.
        assert_eq!(smallest_terminal(&game, &[0, 1]), None);
        assert_eq!(smallest_terminal(&game, &[9]), None);
    }
}
