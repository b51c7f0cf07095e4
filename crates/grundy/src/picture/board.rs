//! Boards: pieces, attacked squares, framed squares and labels ([`board_picture`]), and the
//! positions of the placement games drawn with it: a position with its winning moves and the
//! value after each move ([`position`]), the picture of a game's report ([`of_game_report`]),
//! and a smallest terminal position ([`smallest_terminal`]).

use crate::games::placement::Placement;
use std::fmt::Write;

use super::escape;
use crate::board::BoardSize;
use crate::board::Square;
use crate::games::game::Game;
use crate::games::placement::{MoveValue, PlacementGame, PlacementPosition};
use crate::misere::Convention;
use crate::report::{Command, GameReport, Move, PlayPart};
use crate::values::Nimber;
use crate::values::Outcome;

/// How one square of a board picture is drawn. The default is an empty, unattacked square.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SquareStyle {
    /// The letter of a piece standing on the square.
    pub piece: Option<char>,
    /// Whether the square is attacked (shaded).
    pub attacked: bool,
    /// Whether the square is marked, for example as a winning move (a green frame).
    pub marked: bool,
    /// A short text in the square, for example the nim-value a move there leads to.
    pub label: Option<String>,
}

/// A board to draw: its size, a title, and every square's style, row-major from row 1.
#[derive(Clone, Debug)]
pub struct BoardPicture {
    /// The title above the board.
    pub title: String,
    /// The board.
    pub board: BoardSize,
    /// One style per square, in the board's row-major order; squares past the end are drawn
    /// with the default style.
    pub squares: Vec<SquareStyle>,
}

impl BoardPicture {
    /// An empty board with `title`.
    #[must_use]
    pub fn new(title: &str, board: BoardSize) -> BoardPicture {
        BoardPicture {
            title: title.to_string(),
            board,
            squares: vec![SquareStyle::default(); board.squares()],
        }
    }

    /// The style of `square`, or `None` off the board.
    fn style_mut(&mut self, square: Square) -> Option<&mut SquareStyle> {
        self.board.square(square.row(), square.col())?;
        self.squares.get_mut(self.board.index_of(square))
    }
}

/// Draws `picture`: row 1 at the top and column letters above, as in the text boards; pieces as
/// dark discs with their letter, attacked squares shaded, marked squares framed in green, labels
/// in the lower corner of their square.
#[must_use]
pub fn board_picture(picture: &BoardPicture) -> String {
    let board = picture.board;
    let cell = 40usize;
    let margin = 30usize;
    let top = margin + 20;
    let width = board.cols() * cell + 2 * margin;
    let height = board.rows() * cell + top + margin;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{margin}" y="18">{}</text>"#,
        escape(&picture.title)
    );
    for col in 0..board.cols() {
        let name = board.square_at(col).to_string();
        let letters: String = name.chars().take_while(char::is_ascii_alphabetic).collect();
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle">{letters}</text>"#,
            margin + col * cell + cell / 2,
            top - 6
        );
    }
    let plain = SquareStyle::default();
    for row in 0..board.rows() {
        let y = top + row * cell;
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
            margin - 6,
            y + cell / 2 + 4,
            row + 1
        );
        for col in 0..board.cols() {
            let x = margin + col * cell;
            let style = picture
                .squares
                .get(row * board.cols() + col)
                .unwrap_or(&plain);
            let light = (row + col) % 2 == 0;
            let fill = match (style.attacked, light) {
                (true, true) => "#f2b8b5",
                (true, false) => "#e39a96",
                (false, true) => "#f0ead8",
                (false, false) => "#d9cfb4",
            };
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>"#
            );
            if style.marked {
                let _ = writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="green" stroke-width="3"/>"#,
                    x + 2,
                    y + 2,
                    cell - 4,
                    cell - 4
                );
            }
            if let Some(piece) = style.piece {
                let _ = writeln!(
                    out,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="#222222"/><text x="{}" y="{}" text-anchor="middle" fill="white" font-weight="bold">{}</text>"##,
                    x + cell / 2,
                    y + cell / 2,
                    cell / 3,
                    x + cell / 2,
                    y + cell / 2 + 4,
                    escape(&piece.to_string())
                );
            }
            if let Some(label) = &style.label {
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{}" text-anchor="end" font-size="11">{}</text>"#,
                    x + cell - 3,
                    y + cell - 4,
                    escape(label)
                );
            }
        }
    }
    let _ = writeln!(
        out,
        r#"<rect x="{margin}" y="{top}" width="{}" height="{}" fill="none" stroke="black"/>"#,
        board.cols() * cell,
        board.rows() * cell
    );
    out.push_str("</svg>\n");
    out
}

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

/// The picture of `game` itself, before any question is asked of it: for one placement game,
/// its position with the pieces and the squares they attack, titled with the game and the
/// board, as the pictures of its answers draw it. `None` for any other game or a sum, which
/// have no board.
#[must_use]
pub fn of_game(game: &Game) -> Option<String> {
    let Placement { game, position: at } = game.as_single()?.as_placement()?;
    Some(position(&on_board(game), game, at, &[], &[]))
}

/// The picture of a report of `game` answering a value, moves, outcome or play request: the
/// position, or for play the position after the computer's move, with the moves the report
/// names as winning framed (the winning moves of a moves report, the winning first move of
/// an outcome report and its images under the board's symmetries). With
/// `every_move_listed` (a moves request asking for every move), each move's value is written
/// in its square. Titled as the command line titles it: the game, the board and the
/// nim-value (or the winner, for an outcome).
///
/// `None` when `game` is not one placement game or the report answers another question. No
/// search is run: a value report names no winning move, so none is framed.
#[must_use]
pub fn of_game_report(game: &Game, report: &GameReport, every_move_listed: bool) -> Option<String> {
    let Placement {
        game,
        position: asked,
    } = game.as_single()?.as_placement()?;
    let on_board = on_board(game);
    // Misère play has no nim-value, only who wins; a moves answer within a time may not have
    // found the value (its unvalued moves, which `placed` leaves out, are drawn unlabelled).
    let nim_value_title = match (report.nimber(), report.convention(), report.outcome()) {
        (Some(nimber), _, _) => format!("{on_board}: nim-value {}", Nimber::new(nimber)),
        (None, Convention::Misere, Some(Outcome::N)) => {
            format!("{on_board}: misère play, the player to move wins")
        }
        (None, Convention::Misere, Some(Outcome::P)) => {
            format!("{on_board}: misère play, the player to move loses")
        }
        (None, Convention::Misere, None) => {
            format!("{on_board}: misère play, who wins not found in the time given")
        }
        (None, _, _) => format!("{on_board}: nim-value not found in the time given"),
    };
    Some(match report.command {
        Command::Value => position(&nim_value_title, game, asked, &[], &[]),
        Command::Moves => {
            let listed = placed(game, report.listed.moves.iter().flatten());
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
            let title = match &report.play {
                Some(PlayPart { played, .. }) => {
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
    use super::super::tests::well_formed_elements;
    use super::*;
    use crate::games::placement::{Piece, PlacementSolver};

    #[test]
    fn a_board_picture_is_well_formed_and_shows_each_square() {
        let board: BoardSize = "3x4".parse().unwrap();
        let mut picture = BoardPicture::new("knights & <friends>", board);
        picture.squares[0].piece = Some('N');
        picture.squares[5].attacked = true;
        picture.squares[6].marked = true;
        picture.squares[7].label = Some("*2".to_string());
        let svg = board_picture(&picture);
        let elements = well_formed_elements(&svg).unwrap();
        assert_eq!(elements[0], "svg");
        // The background, twelve squares, one frame for the marked square and the border.
        assert_eq!(
            elements.iter().filter(|e| *e == "rect").count(),
            1 + 12 + 1 + 1
        );
        assert_eq!(elements.iter().filter(|e| *e == "circle").count(), 1);
        assert!(svg.contains("knights &amp; &lt;friends&gt;"));
        assert!(svg.contains(">*2</text>"));
        // Square b2 (row 2, column 2) is light and attacked.
        assert!(svg.contains("#f2b8b5"));
        // A picture whose styles stop short draws the rest plainly.
        picture.squares.truncate(3);
        let short = board_picture(&picture);
        assert_eq!(short.matches("<rect").count(), 1 + 12 + 1);
    }

    #[test]
    fn the_position_shows_pieces_attacks_marks_and_values() {
        let game = PlacementGame::new(Piece::Queen, "4x4".parse().unwrap());
        let position = game.parse_position(".Q../..../..../....").unwrap();
        let mut solver = PlacementSolver::new(&game, 1 << 20);
        let winning = solver.winning_moves(&position);
        let values = solver.move_values(&position);
        let svg = super::position("queens", &game, &position, &winning, &values);
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
