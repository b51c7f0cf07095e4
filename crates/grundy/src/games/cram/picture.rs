//! The pictures of a game of Cram: the board with its covered squares dark, and the pictures of
//! its answers, each domino a move names drawn across its two squares (winning ones barred in black, the
//! value after each move on the edge its squares share, the computer's domino laid down),
//! drawn on the board of [`crate::board::board_picture`].

use super::{CramGame, Domino};
use crate::board::{board_picture, BoardPicture, DominoMark, Square};
use crate::games::contract::{value_title, FamilyGame};
use crate::report::{Command, GameReport, Move};

/// The game and its board as a title names them: `cram on 4x5`.
fn on_board(game: &CramGame) -> String {
    format!("{} on {}", game.name(), game.rules.board())
}

/// The board of `game` with its covered squares drawn dark, titled `title`.
fn board(game: &CramGame, title: &str) -> BoardPicture {
    let board = game.rules.board();
    let mut picture = BoardPicture::new(title, board);
    let free = game.position.bits();
    for (index, style) in picture.squares.iter_mut().enumerate() {
        style.covered = free >> index & 1 == 0;
    }
    picture
}

/// The picture of `game` before any question: its board, covered squares dark.
#[must_use]
pub(crate) fn picture(game: &CramGame) -> String {
    board_picture(&board(game, &on_board(game)))
}

/// The squares of the domino `notation` names (`a1-b1`) on `game`'s board, by index; `None`
/// when it names no domino of the board.
fn domino_squares(game: &CramGame, notation: &str) -> Option<[usize; 2]> {
    let domino: Domino = notation.parse().ok()?;
    let board = game.rules.board();
    let index = |square: Square| {
        board
            .square(square.row(), square.col())
            .map(|square| board.index_of(square))
    };
    Some([index(domino.first)?, index(domino.second)?])
}

/// The dominoes of `moves` on `game`'s board: marked with a black bar when they win, labelled with the value
/// they leave when `labelled` and the value is known. A move that names no domino of the
/// board is left out.
fn dominoes<'a>(
    game: &CramGame,
    moves: impl Iterator<Item = &'a Move>,
    labelled: bool,
) -> Vec<DominoMark> {
    moves
        .filter_map(|named| {
            Some(DominoMark {
                squares: domino_squares(game, &named.notation)?,
                marked: named.wins(),
                placed: false,
                label: named
                    .nimber
                    .filter(|_| labelled)
                    .map(|value| value.to_string()),
            })
        })
        .collect()
}

/// The picture of `report`, an answer about `game`: for value the board, for moves the
/// dominoes that win marked (every domino listed, each with the value it leaves, with
/// `every_move_listed`), for outcome the winning first domino and its images, for play the
/// board after the computer's domino, which is drawn laid down. `None` for another question.
#[must_use]
pub(crate) fn report_picture(
    game: &CramGame,
    report: &GameReport,
    every_move_listed: bool,
) -> Option<String> {
    let subject = on_board(game);
    let picture = match report.command {
        Command::Value => board(game, &value_title(&subject, report)),
        Command::Moves => {
            let listed = report.moves().iter();
            let mut picture = board(game, &value_title(&subject, report));
            picture.dominoes = dominoes(game, listed, every_move_listed);
            if !every_move_listed {
                picture.dominoes.retain(|domino| domino.marked);
            }
            picture
        }
        Command::Outcome => {
            let title = report.winner().map_or_else(
                || format!("{subject}: who wins is not known"),
                |winner| format!("{subject}: the {winner} player wins"),
            );
            let search = &report.first_move_search;
            let first_moves = search
                .winning_move
                .iter()
                .chain(search.symmetric_winning_moves.iter().flatten());
            let mut picture = board(game, &title);
            picture.dominoes = dominoes(game, first_moves, false);
            picture
        }
        Command::Play => {
            let after = game.rules.parse_position(&report.position).map_or_else(
                |_| game.clone(),
                |position| CramGame {
                    rules: game.rules.clone(),
                    position,
                },
            );
            let value = value_title("", report);
            let title = match report.played() {
                Some(played) => format!("{subject} after the computer's {played}{value}"),
                None => format!("{subject}{value}"),
            };
            let mut picture = board(&after, &title);
            let played = report.played().into_iter().filter_map(|notation| {
                Some(DominoMark {
                    squares: domino_squares(&after, notation)?,
                    marked: false,
                    placed: true,
                    label: None,
                })
            });
            picture.dominoes = played.collect();
            picture
        }
        _ => return None,
    };
    Some(board_picture(&picture))
}

#[cfg(test)]
mod tests {
    use crate::picture::tests::well_formed_elements;
    use crate::watch::Watch;
    use crate::{picture, Request};

    /// The picture of the answer to `request` (JSON).
    fn drawn(request: &str) -> String {
        let request: Request = serde_json::from_str(request).unwrap();
        let answer = crate::run(&request, &Watch::new()).unwrap();
        let svg = picture::of_answer(&request, &answer).unwrap();
        well_formed_elements(&svg).unwrap();
        svg
    }

    #[test]
    fn a_position_shows_its_covered_squares_and_winning_dominoes() {
        let game = "cram 4x5 at ##.../..#../..#../.....";
        let before: crate::Game = game.parse().unwrap();
        let board = picture::of_game(&before).unwrap();
        assert!(board.contains("cram on 4x5"));
        assert_eq!(board.matches("#5b4636").count(), 4);
        let moves = drawn(&format!(r#"{{"question":"moves","game":"{game}"}}"#));
        assert!(moves.contains("cram on 4x5: nim-value *1"));
        // 14 dominoes win here (the moves answer lists them), each one bar.
        let request: Request =
            serde_json::from_str(&format!(r#"{{"question":"moves","game":"{game}"}}"#)).unwrap();
        let crate::request::Answer::Game(report) = crate::run(&request, &Watch::new()).unwrap()
        else {
            panic!("a moves answer")
        };
        let winning = report.listed.winning_moves.unwrap();
        assert!(winning > 0);
        assert_eq!(moves.matches(crate::board::WINNING_STROKE).count(), winning);
        // Every move, each with the value it leaves on its shared edge.
        let all = drawn(&format!(
            r#"{{"question":"moves","game":"{game}","all":true}}"#
        ));
        assert_eq!(
            all.matches(r#"font-size="11">"#).count(),
            report.listed.legal_moves.unwrap()
        );
    }

    #[test]
    fn the_computers_domino_is_laid_down_and_the_first_winning_domino_marked() {
        let play = drawn(r#"{"question":"play","game":"cram 4x4"}"#);
        assert!(play.contains("cram on 4x4 after the computer's"));
        assert_eq!(play.matches(r##"fill="#3b2c22""##).count(), 1);
        assert_eq!(play.matches("#5b4636").count(), 2);
        let outcome = drawn(r#"{"question":"outcome","game":"cram 4x5"}"#);
        assert!(outcome.contains("cram on 4x5: the first player wins"));
        assert!(outcome.matches(crate::board::WINNING_STROKE).count() >= 1);
        let value = drawn(r#"{"question":"value","game":"cram 3x3"}"#);
        assert!(value.contains("cram on 3x3: nim-value 0"));
    }
}
