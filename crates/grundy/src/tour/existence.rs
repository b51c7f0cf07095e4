//! Which boards have knight's tours, by the two classical theorems.
//!
//! - Closed tours: Schwenk (1991). An `m×n` board with `m ≤ n` has a closed tour unless `m` and
//!   `n` are both odd, or `m ∈ {1, 2, 4}`, or `m = 3` and `n ∈ {4, 6, 8}`.
//! - Open tours (Hamiltonian paths): Cull & De Curtins (1978) for `m, n ≥ 5`, completed for thin
//!   boards by Conrad, Hindrichs, Morsy & Wegener (1994). An `m×n` board with `m ≤ n` has an open
//!   tour unless `m = 1 < n`, or `m = 2`, or `m = 3` and `n ∈ {3, 5, 6}`, or `m = n = 4`. The
//!   1×1 board is toured by standing still.
//! - From a given first square ([`tour_from`]): a closed tour passes through every square,
//!   so where Schwenk gives one, every square starts a tour. Otherwise two necessary conditions
//!   decide many squares at once: on a board of odd area an open tour alternates colours and so
//!   begins and ends on the colour with one square more; on a 4×n board it begins and ends on
//!   one of the two outer rows (the argument Schwenk (1991) uses against closed 4×n tours,
//!   see [`tour_from`]). Checked against exhaustive search on every small board in the tests.
//!   What these leave open (the majority colour of odd boards, the two outer lines of 4×n) is left
//!   to a search; on 4×n boards [`super::four_rows`] finds a tour from every edge square tried.

use super::TourBoard;

/// A yes/no answer with the theorem that settles it, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Existence {
    /// Whether a tour of the kind asked about exists.
    pub(crate) exists: bool,
    /// The theorem and the case of it that applies.
    pub(crate) reason: String,
}

const SCHWENK: &str = "Schwenk (1991): an m×n board with m ≤ n has a closed knight's tour unless m and n are both odd, or m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8";

const OPEN_CLASSIFICATION: &str = "Cull & De Curtins (1978) and Conrad et al. (1994): an m×n board with m ≤ n has an open knight's tour unless m = 1 < n, or m = 2, or m = 3 and n is 3, 5 or 6, or m = n = 4";

/// Whether `board` has a closed tour (a Hamiltonian cycle of knight's moves), by Schwenk.
#[must_use]
pub(crate) fn closed_tour_exists(board: TourBoard) -> Existence {
    let (m, n) = sides(board);
    let refusal = if m % 2 == 1 && n % 2 == 1 {
        Some("both sides are odd".to_string())
    } else if matches!(m, 1 | 2 | 4) {
        Some(format!("the shorter side is {m}"))
    } else if m == 3 && matches!(n, 4 | 6 | 8) {
        Some(format!("the board is 3 by {n}"))
    } else {
        None
    };
    answer(board, "closed", SCHWENK, refusal)
}

/// Whether `board` has an open tour (a Hamiltonian path of knight's moves; every closed tour
/// gives one), by Cull & De Curtins and Conrad et al.
#[must_use]
pub(crate) fn open_tour_exists(board: TourBoard) -> Existence {
    let (m, n) = sides(board);
    let refusal = if m == 1 && n > 1 {
        Some("a knight cannot move at all on a board one square wide".to_string())
    } else if m == 2 {
        Some("the shorter side is 2".to_string())
    } else if m == 3 && matches!(n, 3 | 5 | 6) {
        Some(format!("the board is 3 by {n}"))
    } else if m == 4 && n == 4 {
        Some("the board is 4 by 4".to_string())
    } else {
        None
    };
    answer(board, "open", OPEN_CLASSIFICATION, refusal)
}

/// The existence answer for a closed (`closed = true`) or any tour.
#[must_use]
pub(crate) fn tour_exists(board: TourBoard, closed: bool) -> Existence {
    if closed {
        closed_tour_exists(board)
    } else {
        open_tour_exists(board)
    }
}

/// Whether a tour (closed if `closed`) can start on `start`, where theory decides it: `None`
/// when it does not, and a search has to.
///
/// The 4×n rule: each square of the two outer rows moves only into the two middle rows,
/// which hold exactly half the board. In an open tour no two edge squares are consecutive, so
/// the tour either alternates edge and middle squares throughout, or begins and ends on an edge
/// square with a single step between two middle squares somewhere. Knight's moves alternate
/// colours, so alternating throughout would put every edge square on one colour; but each
/// edge row holds both colours. Hence every open tour of a 4×n board begins (and ends) on an
/// outer row.
#[must_use]
pub(crate) fn tour_from(board: TourBoard, closed: bool, start: u32) -> Option<Existence> {
    let square = board.square_name(start);
    let whole_board = tour_exists(board, closed);
    if !whole_board.exists {
        return Some(whole_board);
    }
    let closed_board = closed_tour_exists(board);
    if closed_board.exists {
        let kind = if closed { "a closed" } else { "an open" };
        return Some(Existence {
            exists: true,
            reason: format!("{kind} knight's tour of the {board} board starts on {square}: a closed tour passes through every square and may start on any of them, and {board} has one by {SCHWENK}."),
        });
    }
    let (rows, cols) = (board.rows(), board.cols());
    let (row, col) = board.position(start);
    let odd_area = rows % 2 == 1 && cols % 2 == 1;
    // The corner a1 has the majority colour on a board of odd area.
    if odd_area && (row + col) % 2 == 1 {
        return Some(Existence {
            exists: false,
            reason: format!("no open knight's tour of the {board} board starts on {square}: the board has one square more of the colour of a1 than of the other, every knight's move changes colour, so an open tour of its {} squares begins and ends on the colour of a1, and {square} has the other colour.", board.squares()),
        });
    }
    let middle_row = |side: u32, at: u32| side == 4 && (at == 1 || at == 2);
    if middle_row(rows, row) || middle_row(cols, col) {
        let edges = if rows == 4 {
            "rows 1 and 4"
        } else {
            "the first and last columns"
        };
        return Some(Existence {
            exists: false,
            reason: format!("no open knight's tour of the {board} board starts on {square}: on a board with a side of 4 every open tour begins and ends on one of the two lines at the ends of that side ({edges}), because their squares move only to the two middle lines, which hold half the board, and knight's moves alternate colours (the argument of Schwenk (1991) against closed 4×n tours)."),
        });
    }
    None
}

fn sides(board: TourBoard) -> (u32, u32) {
    let (rows, cols) = (board.rows(), board.cols());
    (rows.min(cols), rows.max(cols))
}

fn answer(board: TourBoard, kind: &str, theorem: &str, refusal: Option<String>) -> Existence {
    match refusal {
        Some(case) => Existence {
            exists: false,
            reason: format!("the {board} board has no {kind} knight's tour: {case}. {theorem}."),
        },
        None => Existence {
            exists: true,
            reason: format!("the {board} board has {} {kind} knight's tour by {theorem}, and none of the exceptions applies.", if kind.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::backtrack;

    fn board(rows: u32, cols: u32) -> TourBoard {
        TourBoard::new(rows, cols).unwrap()
    }

    #[test]
    fn classical_cases() {
        assert!(closed_tour_exists(board(8, 8)).exists);
        assert!(!closed_tour_exists(board(5, 5)).exists);
        assert!(!closed_tour_exists(board(4, 9)).exists);
        assert!(!closed_tour_exists(board(8, 3)).exists);
        assert!(closed_tour_exists(board(3, 10)).exists);
        assert!(open_tour_exists(board(5, 5)).exists);
        assert!(open_tour_exists(board(3, 4)).exists);
        assert!(!open_tour_exists(board(3, 5)).exists);
        assert!(!open_tour_exists(board(4, 4)).exists);
        assert!(open_tour_exists(board(1, 1)).exists);
        assert!(!closed_tour_exists(board(1, 1)).exists);
        assert!(closed_tour_exists(board(8, 3))
            .reason
            .contains("Schwenk (1991)"));
    }

    /// Every answer [`tour_from`] gives agrees with exhaustive search from that square, on every
    /// board small enough for the search to finish.
    #[test]
    fn start_rules_agree_with_exhaustive_search_on_small_boards() {
        let mut decided = 0;
        for (rows, cols) in [
            (1, 1),
            (3, 4),
            (3, 5),
            (3, 7),
            (3, 8),
            (3, 9),
            (4, 5),
            (4, 6),
            (4, 7),
            (5, 5),
            (5, 6),
            (6, 6),
        ] {
            let board = board(rows, cols);
            for start in 0..board.squares() as u32 {
                for closed in [false, true] {
                    let Some(claim) = tour_from(board, closed, start) else {
                        continue;
                    };
                    decided += 1;
                    // Where the rules say yes the search finds a tour quickly; where they say no
                    // it must exhaust every branch, which the budget is ample for on these boards.
                    let found = backtrack::search(board, closed, Some(start), Some(200_000_000));
                    let square = board.square_name(start);
                    match found {
                        Ok(_) => assert!(claim.exists, "{board} {square} closed={closed}"),
                        Err(crate::tour::FindError::NoTour(_)) => {
                            assert!(!claim.exists, "{board} {square} closed={closed}")
                        }
                        Err(other) => panic!("{board} {square} closed={closed}: {other}"),
                    }
                }
            }
        }
        assert!(decided > 300, "the rules decide most of these squares");
    }

    #[test]
    fn start_rules_name_their_reason() {
        let b1 = |b: TourBoard| b.parse_square("b1").unwrap();
        let seven = board(7, 7);
        let no = tour_from(seven, false, b1(seven)).unwrap();
        assert!(!no.exists && no.reason.contains("colour of a1"));
        let a3 = board(4, 10).parse_square("a3").unwrap();
        let no = tour_from(board(4, 10), false, a3).unwrap();
        assert!(!no.exists && no.reason.contains("Schwenk (1991)"));
        let sideways = board(12, 4);
        let no = tour_from(sideways, false, sideways.parse_square("b5").unwrap()).unwrap();
        assert!(!no.exists && no.reason.contains("first and last columns"));
        assert!(tour_from(board(8, 8), false, 9).unwrap().exists);
        // Theory leaves the majority colour of odd boards and the edges of 4×n to a search.
        assert!(tour_from(seven, false, 0).is_none());
        assert!(tour_from(board(4, 10), false, 0).is_none());
    }

    /// Both theorems checked against exhaustive search on every board small enough for it.
    #[test]
    fn theorems_agree_with_exhaustive_search_on_small_boards() {
        for rows in 1..=5u32 {
            for cols in rows..=6u32 {
                let board = board(rows, cols);
                for closed in [false, true] {
                    let claim = tour_exists(board, closed).exists;
                    let found = backtrack::search(board, closed, None, None);
                    match found {
                        Ok(tour) => assert!(claim, "{board} closed={closed}: {tour:?}"),
                        Err(crate::tour::FindError::NoTour(_)) => {
                            assert!(!claim, "{board} closed={closed}")
                        }
                        Err(other) => panic!("{board} closed={closed}: {other}"),
                    }
                }
            }
        }
    }
}
