//! Warnsdorff's rule (1823): always move to the unvisited square with the fewest unvisited
//! neighbours. It never backtracks, so it runs in time linear in the number of squares, but it
//! can walk into a dead end. How often depends on how ties are broken:
//! - [`TieBreak::FirstListed`]: the first square in a fixed move order (the plain rule);
//! - [`TieBreak::Pohl`]: Pohl (1967) applies the rule again one level down, taking the tied
//!   square whose own unvisited neighbours have the smallest total count;
//! - [`TieBreak::Roth`]: Arnd Roth's rule, the tied square farthest from the centre of the board.
//!
//! `docs/PERFORMANCE.md` records how far each succeeds.

use std::fmt;
use std::str::FromStr;

use super::backtrack::distance_from_centre;
use super::{FindError, Tour, TourBoard, KNIGHT_STEPS};

/// How to choose among squares with equally few onward moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreak {
    /// The first tied square in the fixed move order.
    FirstListed,
    /// The tied square whose unvisited neighbours have the fewest onward moves in total.
    Pohl,
    /// The tied square farthest from the centre of the board.
    Roth,
}

impl TieBreak {
    /// Every rule, for measurements.
    pub(crate) const ALL: [TieBreak; 3] = [TieBreak::FirstListed, TieBreak::Pohl, TieBreak::Roth];
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TieBreak::FirstListed => "first",
            TieBreak::Pohl => "pohl",
            TieBreak::Roth => "roth",
        })
    }
}

impl FromStr for TieBreak {
    type Err = String;

    fn from_str(text: &str) -> Result<TieBreak, String> {
        match text {
            "first" => Ok(TieBreak::FirstListed),
            "pohl" => Ok(TieBreak::Pohl),
            "roth" => Ok(TieBreak::Roth),
            _ => Err(format!(
                "tie-break `{text}` is unknown: expected first, pohl or roth"
            )),
        }
    }
}

/// A rule is written by its name in requests: `first`, `pohl`, `roth`.
impl serde::Serialize for TieBreak {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for TieBreak {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TieBreak, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Walks Warnsdorff's rule from `start`. Returns the squares visited, which cover the board
/// exactly when the walk succeeded. Memory: one byte a square besides the path.
#[must_use]
pub(crate) fn walk(board: TourBoard, start: u32, tie_break: TieBreak) -> Vec<u32> {
    let squares = board.squares();
    // Unvisited-neighbour counts; visited squares are marked with u8::MAX.
    let mut degree: Vec<u8> = (0..squares as u32)
        .map(|square| board.knight_moves(square).count() as u8)
        .collect();
    let mut path = Vec::with_capacity(squares);
    let mut current = start;
    loop {
        path.push(current);
        degree[current as usize] = u8::MAX;
        for next in board.knight_moves(current) {
            if degree[next as usize] != u8::MAX {
                degree[next as usize] -= 1;
            }
        }
        let mut best: Option<(u32, u8)> = None;
        for step in KNIGHT_STEPS {
            let Some(next) = board.step(current, step) else {
                continue;
            };
            let onward = degree[next as usize];
            if onward == u8::MAX {
                continue;
            }
            best = match best {
                Some((held, held_onward))
                    if onward > held_onward
                        || (onward == held_onward
                            && !prefer(board, &degree, tie_break, next, held)) =>
                {
                    Some((held, held_onward))
                }
                _ => Some((next, onward)),
            };
        }
        match best {
            Some((next, _)) => current = next,
            None => return path,
        }
    }
}

/// Whether `challenger` beats `held` under the tie-break.
fn prefer(
    board: TourBoard,
    degree: &[u8],
    tie_break: TieBreak,
    challenger: u32,
    held: u32,
) -> bool {
    match tie_break {
        TieBreak::FirstListed => false,
        TieBreak::Pohl => {
            onward_total(board, degree, challenger) < onward_total(board, degree, held)
        }
        TieBreak::Roth => {
            distance_from_centre(board, challenger) > distance_from_centre(board, held)
        }
    }
}

fn onward_total(board: TourBoard, degree: &[u8], square: u32) -> u32 {
    board
        .knight_moves(square)
        .map(|next| degree[next as usize])
        .filter(|&onward| onward != u8::MAX)
        .map(u32::from)
        .sum()
}

/// A tour by Warnsdorff's rule from `start` (default: the corner a1), verified. A closed tour is
/// claimed only when the walk happens to end a knight's move from its start.
pub(crate) fn find(
    board: TourBoard,
    closed: bool,
    start: Option<u32>,
    tie_break: TieBreak,
) -> Result<Tour, FindError> {
    let first = start.unwrap_or(0);
    let path = walk(board, first, tie_break);
    let squares = board.squares();
    if path.len() < squares {
        return Err(FindError::MethodFailed(format!(
            "Warnsdorff's rule ({tie_break} tie-break) from {} reached a dead end after {} of {squares} squares; try `method` divide or backtrack",
            board.square_name(first),
            path.len()
        )));
    }
    if closed && !(squares > 1 && board.is_knight_move(path[squares - 1], first)) {
        return Err(FindError::MethodFailed(format!(
            "Warnsdorff's rule ({tie_break} tie-break) from {} found an open tour, but it does not close; try `method` divide or backtrack",
            board.square_name(first)
        )));
    }
    Tour::new(board, path, closed)
        .map_err(|fault| FindError::MethodFailed(format!("internal error: {fault}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roth_succeeds_on_the_chessboard_from_every_square() {
        let board = TourBoard::new(8, 8).unwrap();
        for start in 0..64 {
            let tour = find(board, false, Some(start), TieBreak::Roth).unwrap();
            assert_eq!(tour.path()[0], start);
        }
    }

    #[test]
    fn dead_ends_are_reported_not_hidden() {
        // 4×4 has no tour at all, so every rule must stop short.
        let board = TourBoard::new(4, 4).unwrap();
        for rule in TieBreak::ALL {
            assert!(matches!(
                find(board, false, None, rule),
                Err(FindError::MethodFailed(_))
            ));
        }
    }
}
