//! Which boards have knight's tours, by the two classical theorems.
//!
//! - Closed tours: Schwenk (1991). An `m×n` board with `m ≤ n` has a closed tour unless `m` and
//!   `n` are both odd, or `m ∈ {1, 2, 4}`, or `m = 3` and `n ∈ {4, 6, 8}`.
//! - Open tours (Hamiltonian paths): Cull & De Curtins (1978) for `m, n ≥ 5`, completed for thin
//!   boards by Conrad, Hindrichs, Morsy & Wegener (1994). An `m×n` board with `m ≤ n` has an open
//!   tour unless `m = 1 < n`, or `m = 2`, or `m = 3` and `n ∈ {3, 5, 6}`, or `m = n = 4`. The
//!   1×1 board is toured by standing still.

use super::TourBoard;

/// A yes/no answer with the theorem that settles it, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Existence {
    /// Whether a tour of the kind asked about exists.
    pub exists: bool,
    /// The theorem and the case of it that applies.
    pub reason: String,
}

const SCHWENK: &str = "Schwenk (1991): an m×n board with m ≤ n has a closed knight's tour unless m and n are both odd, or m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8";

const OPEN_CLASSIFICATION: &str = "Cull & De Curtins (1978) and Conrad et al. (1994): an m×n board with m ≤ n has an open knight's tour unless m = 1 < n, or m = 2, or m = 3 and n is 3, 5 or 6, or m = n = 4";

/// Whether `board` has a closed tour (a Hamiltonian cycle of knight's moves), by Schwenk.
#[must_use]
pub fn closed_tour_exists(board: TourBoard) -> Existence {
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
pub fn open_tour_exists(board: TourBoard) -> Existence {
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
pub fn tour_exists(board: TourBoard, closed: bool) -> Existence {
    if closed {
        closed_tour_exists(board)
    } else {
        open_tour_exists(board)
    }
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
            reason: format!("the {board} board has an {kind} knight's tour by {theorem}, and none of the exceptions applies."),
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
