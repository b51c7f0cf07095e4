//! The independent check of a tour. It shares nothing with the methods that build tours except
//! the board's geometry, so a bug in a method cannot hide itself here.

use thiserror::Error;

use super::TourBoard;

/// What is wrong with a claimed tour. Squares are named (`c3`) and moves numbered from 1, as
/// the board is printed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum TourFault {
    /// A square index beyond the board.
    #[error("move {move_number} is to square number {square}, which is off the {board} board")]
    OffBoard {
        /// The move, from 1.
        move_number: usize,
        /// The index given.
        square: u64,
        /// The board.
        board: TourBoard,
    },
    /// A square visited twice.
    #[error("square {square} is visited twice: at move {first} and again at move {again}")]
    Repeated {
        /// The square's name.
        square: String,
        /// The first visit.
        first: usize,
        /// The second visit.
        again: usize,
    },
    /// Two consecutive squares that are not a knight's move apart.
    #[error("illegal jump at move {move_number}: {from} to {to} is not a knight's move")]
    IllegalJump {
        /// The move that makes the jump (the number of the square jumped to), from 1.
        move_number: usize,
        /// The square jumped from.
        from: String,
        /// The square jumped to.
        to: String,
    },
    /// Too few or too many squares.
    #[error("wrong length: the tour visits {visited} squares but the {board} board has {expected}{missing}")]
    WrongLength {
        /// Squares in the tour.
        visited: usize,
        /// Squares on the board.
        expected: usize,
        /// The first square never visited, as `; e.g. b3 is never visited`, or empty.
        missing: String,
        /// The board.
        board: TourBoard,
    },
    /// A tour said to be closed whose last square is not a knight's move from its first.
    #[error(
        "not closed: the last square {last} is not a knight's move from the first square {first}"
    )]
    NotClosed {
        /// The last square.
        last: String,
        /// The first square.
        first: String,
    },
}

/// Checks that `path` visits every square of `board` exactly once by knight's moves, and, when
/// `closed`, that it returns to its first square. Uses one bit a square of extra memory.
pub(crate) fn verify(board: TourBoard, path: &[u32], closed: bool) -> Result<(), TourFault> {
    let squares = board.squares();
    let mut seen = vec![0u64; squares.div_ceil(64)];
    for (at, &square) in path.iter().enumerate() {
        let move_number = at + 1;
        if square as usize >= squares {
            return Err(TourFault::OffBoard {
                move_number,
                square: u64::from(square),
                board,
            });
        }
        let (word, bit) = (square as usize / 64, square % 64);
        if seen[word] >> bit & 1 == 1 {
            let first = path
                .iter()
                .position(|&earlier| earlier == square)
                .expect("a square seen before is in the path");
            return Err(TourFault::Repeated {
                square: board.square_name(square),
                first: first + 1,
                again: move_number,
            });
        }
        seen[word] |= 1 << bit;
        if at > 0 && !board.is_knight_move(path[at - 1], square) {
            return Err(TourFault::IllegalJump {
                move_number,
                from: board.square_name(path[at - 1]),
                to: board.square_name(square),
            });
        }
    }
    if path.len() != squares {
        let missing = (0..squares as u32)
            .find(|&square| seen[square as usize / 64] >> (square % 64) & 1 == 0)
            .map(|square| format!("; e.g. {} is never visited", board.square_name(square)))
            .unwrap_or_default();
        return Err(TourFault::WrongLength {
            visited: path.len(),
            expected: squares,
            missing,
            board,
        });
    }
    if closed {
        let (first, last) = (path[0], path[path.len() - 1]);
        // A single square is not a cycle: the knight has nowhere to return from.
        if squares == 1 || !board.is_knight_move(last, first) {
            return Err(TourFault::NotClosed {
                last: board.square_name(last),
                first: board.square_name(first),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bhutada and Meshram's (2020) open tour of the 3×4 board, as move numbers row by row.
    const PUBLISHED_3X4: [u32; 12] = [1, 4, 7, 10, 8, 11, 2, 5, 3, 6, 9, 12];

    fn published_path() -> (TourBoard, Vec<u32>) {
        let board = TourBoard::new(3, 4).unwrap();
        let mut path = vec![0; 12];
        for (square, &number) in PUBLISHED_3X4.iter().enumerate() {
            path[number as usize - 1] = square as u32;
        }
        (board, path)
    }

    #[test]
    fn the_published_tour_is_valid_and_open() {
        let (board, path) = published_path();
        assert_eq!(verify(board, &path, false), Ok(()));
        assert!(matches!(
            verify(board, &path, true),
            Err(TourFault::NotClosed { .. })
        ));
    }

    #[test]
    fn faults_are_named_precisely() {
        let (board, path) = published_path();
        let mut repeated = path.clone();
        repeated[5] = repeated[1];
        let fault = verify(board, &repeated, false).unwrap_err();
        assert_eq!(
            fault.to_string(),
            "square c2 is visited twice: at move 2 and again at move 6"
        );
        let mut swapped = path.clone();
        swapped.swap(3, 4);
        let fault = verify(board, &swapped, false).unwrap_err();
        assert!(
            matches!(fault, TourFault::IllegalJump { move_number: 4, .. }),
            "{fault}"
        );
        let short = &path[..11];
        let fault = verify(board, short, false).unwrap_err();
        assert_eq!(
            fault.to_string(),
            "wrong length: the tour visits 11 squares but the 3x4 board has 12; e.g. d3 is never visited"
        );
        let mut off = path.clone();
        off[0] = 12;
        assert!(matches!(
            verify(board, &off, false),
            Err(TourFault::OffBoard { move_number: 1, .. })
        ));
    }

    #[test]
    fn a_single_square_is_an_open_tour_only() {
        let board = TourBoard::new(1, 1).unwrap();
        assert_eq!(verify(board, &[0], false), Ok(()));
        assert!(verify(board, &[0], true).is_err());
    }
}
