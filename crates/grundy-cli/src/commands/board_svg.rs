//! `--svg FILE` for `value` and `moves` on the placement games: the position drawn with the
//! shared board writer ([`crate::svg::board_picture`]), attacked squares shaded, winning moves
//! framed, and optionally the nim-value each move leads to written in its square.

use std::path::Path;

use anyhow::Result;
use grundy::games::placement::{MoveValue, PlacementGame, PlacementPosition};
use grundy::Square;

use crate::input::input_error;
use crate::render::plain;
use crate::svg::{board_picture, BoardPicture};

/// Refuses `--svg` for games that have no board (heap, corner and graph games), before any
/// search starts.
pub fn refuse(svg: Option<&Path>) -> Result<()> {
    match svg {
        Some(_) => Err(input_error(
            "--svg draws boards: it works with the placement games (a piece and a board)",
        )),
        None => Ok(()),
    }
}

/// The picture of `position`: pieces, attacked squares, `winning` squares marked, and the
/// nim-value after each move of `values` written in its square (with several pieces, the
/// values of the pieces' moves there in the game's order of pieces, such as `1/5`).
pub fn placement_svg(
    title: &str,
    game: &PlacementGame,
    position: &PlacementPosition,
    winning: &[Square],
    values: &[MoveValue],
) -> String {
    let board = game.board();
    let mut picture = BoardPicture::new(title, board);
    for square in game.occupied(position) {
        picture.squares[board.index_of(square)].piece =
            game.piece_at(position, square).map(|piece| piece.letter());
    }
    for square in board.all_squares() {
        let style = &mut picture.squares[board.index_of(square)];
        style.attacked = game.is_attacked(position, square);
        style.marked = winning.contains(&square);
    }
    for value in values {
        let label = &mut picture.squares[board.index_of(value.square)].label;
        match label {
            Some(text) => {
                text.push('/');
                text.push_str(&plain(value.nimber));
            }
            None => *label = Some(plain(value.nimber)),
        }
    }
    board_picture(&picture)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::games::placement::{Piece, PlacementSolver};

    #[test]
    fn the_picture_shows_pieces_attacks_marks_and_values() {
        let game = PlacementGame::new(Piece::Queen, "4x4".parse().unwrap());
        let position = game.parse_position(".Q../..../..../....").unwrap();
        let mut solver = PlacementSolver::new(&game, 1 << 20);
        let winning = solver.winning_moves(&position);
        let values = solver.move_values(&position);
        let svg = placement_svg("queens", &game, &position, &winning, &values);
        assert_eq!(svg.matches("<circle").count(), 1);
        assert_eq!(svg.matches(r#"stroke="green""#).count(), winning.len());
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
}
