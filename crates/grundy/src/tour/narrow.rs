//! Whether an open tour starts on a given square of a narrow board, decided exactly by a
//! frontier program, however long the board.
//!
//! Squares are taken row by row along the narrow side, as in [`super::frontier`]; when square
//! `v` is taken the program decides which of its knight's moves to earlier squares the tour
//! uses. The state records, for each of the last `2w + 2` squares (`w` the narrow side),
//! whether it has no tour edge yet, both of them, or one (it is the end of a partial path, and
//! the state says where that path's other end is). A square that can gain no more edges with
//! only one is an end of the whole tour: the given first square, or the one last square.
//! States are sets, not counts: the question is only whether some tour exists.

use std::collections::HashMap;

use thiserror::Error;

use super::frontier::Sweep;
use super::{Tour, TourBoard};

/// The widest narrow side the program takes: a frontier of `2w + 2 = 12` squares.
pub(crate) const MAX_NARROW_SIDE: u32 = 5;

/// A square with no tour edge yet.
const FREE: u8 = 0;
/// A square whose path is new this step, before renaming.
const FRESH: u8 = 13;
/// The end of a path whose other end is an end of the whole tour.
const TO_END: u8 = 14;
/// A square with all its tour edges.
const DONE: u8 = 15;
const BITS: u32 = 4;
/// Flags above the frontier: the last square of the tour has been fixed; the tour is complete.
const LAST_FIXED: u64 = 1 << 60;
const COMPLETE: u64 = 1 << 61;

/// Why the program gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum NarrowError {
    /// Both sides wider than the program takes.
    #[error(
        "the frontier program needs a side of at most {MAX_NARROW_SIDE} squares; {0} has none"
    )]
    TooWide(TourBoard),
    /// The tour read back failed the independent check: a bug, reported rather than hidden.
    #[error("internal error: the frontier program's tour of {0} is not a tour: {1}")]
    Internal(TourBoard, String),
    /// More states than the caller allowed.
    #[error("the frontier program for {0} passed {1} states")]
    TooManyStates(TourBoard, usize),
}

fn label(state: u64, slot: usize) -> u8 {
    (state >> (slot as u32 * BITS)) as u8 & 0xF
}

fn with_label(state: u64, slot: usize, value: u8) -> u64 {
    let shift = slot as u32 * BITS;
    (state & !(0xFu64 << shift)) | (u64::from(value) << shift)
}

/// The other slot holding `value` (a path's far end), if any.
fn partner(state: u64, slot: usize, value: u8, window: usize) -> Option<usize> {
    (0..window).find(|&other| other != slot && label(state, other) == value)
}

/// The path end in `slot` becomes an end of the whole tour: its path's far end now leads to
/// one. `None` if that makes a state no tour can come from.
fn end_tour_at(state: u64, slot: usize, window: usize) -> Option<u64> {
    let value = label(state, slot);
    let mut next = with_label(state, slot, DONE);
    if value == TO_END {
        // Both ends of this path are ends of the tour: it is the whole tour, so nothing else
        // may be left unjoined.
        if (0..window).any(|other| !matches!(label(next, other), DONE | FREE)) {
            return None;
        }
        return Some(next | COMPLETE);
    }
    let far = partner(state, slot, value, window).expect("a path has two ends");
    next = with_label(next, far, TO_END);
    Some(next)
}

/// Adds the tour edge between the squares in slots `a` and `b`; `None` if it cannot be one.
fn join(state: u64, a: usize, b: usize, window: usize) -> Option<u64> {
    let (la, lb) = (label(state, a), label(state, b));
    if la == DONE || lb == DONE || state & COMPLETE != 0 {
        return None;
    }
    Some(match (la, lb) {
        (FREE, FREE) => with_label(with_label(state, a, FRESH), b, FRESH),
        (FREE, path) => with_label(with_label(state, a, path), b, DONE),
        (path, FREE) => with_label(with_label(state, a, DONE), b, path),
        (TO_END, TO_END) => {
            let joined = with_label(with_label(state, a, DONE), b, DONE);
            if (0..window).any(|other| !matches!(label(joined, other), DONE | FREE)) {
                return None;
            }
            joined | COMPLETE
        }
        (first, second) if first == second => return None, // a cycle
        (TO_END, second) => {
            let far = partner(state, b, second, window).expect("a path has two ends");
            with_label(with_label(with_label(state, a, DONE), b, DONE), far, TO_END)
        }
        (first, TO_END) => {
            let far = partner(state, a, first, window).expect("a path has two ends");
            with_label(with_label(with_label(state, a, DONE), b, DONE), far, TO_END)
        }
        (first, second) => {
            let far = partner(state, b, second, window).expect("a path has two ends");
            with_label(with_label(with_label(state, a, DONE), b, DONE), far, first)
        }
    })
}

/// Renames paired path labels in order of first appearance, so equal frontiers are equal.
fn normalise(state: u64, window: usize) -> u64 {
    let mut renamed = [0u8; 16];
    let mut next_label = 1;
    let mut out = state;
    for slot in 0..window {
        let value = label(state, slot);
        if matches!(value, FREE | DONE | TO_END) {
            continue;
        }
        if renamed[value as usize] == 0 {
            renamed[value as usize] = next_label;
            next_label += 1;
        }
        out = with_label(out, slot, renamed[value as usize]);
    }
    out
}

/// Whether an open knight's tour of `board` starts on `start`, keeping at most `max_states`
/// states at once.
#[cfg(test)]
pub(crate) fn open_tour_starts_on(
    board: TourBoard,
    start: u32,
    max_states: usize,
) -> Result<bool, NarrowError> {
    Ok(program(board, start, max_states, None)?.is_some())
}

/// An open knight's tour of `board` from `start`, if there is one, read back from the
/// program's steps. Each step's states are kept with the state and edges they came from, so
/// memory grows with the board: `max_kept` bounds the states kept over all steps.
pub(crate) fn open_tour_from(
    board: TourBoard,
    start: u32,
    max_states: usize,
    max_kept: usize,
) -> Result<Option<Tour>, NarrowError> {
    let Some(path) = program(board, start, max_states, Some(max_kept))?.flatten() else {
        return Ok(None);
    };
    Tour::new(board, path, false)
        .map(Some)
        .map_err(|fault| NarrowError::Internal(board, fault.to_string()))
}

/// Where a state came from: the previous step's state and which backward moves were taken.
type Parents = HashMap<u64, (u64, u8)>;

/// The program itself: `None` if no tour starts on `start`; otherwise `Some`, holding the
/// tour (board squares in order) if `record` (at most that many states kept over all steps).
fn program(
    board: TourBoard,
    start_square: u32,
    max_states: usize,
    record: Option<usize>,
) -> Result<Option<Option<Vec<u32>>>, NarrowError> {
    let mut kept = 0usize;
    let start = start_square;
    // Walk along the long side, so that the frontier is as short as it can be.
    let (height, width, start) = if board.cols() <= board.rows() {
        (board.rows() as usize, board.cols() as usize, start as usize)
    } else {
        let (row, col) = board.position(start);
        let turned = col as usize * board.rows() as usize + row as usize;
        (board.cols() as usize, board.rows() as usize, turned)
    };
    if width > MAX_NARROW_SIDE as usize {
        return Err(NarrowError::TooWide(board));
    }
    let squares = height * width;
    if squares == 1 {
        return Ok(Some(record.map(|_| vec![start_square])));
    }
    let window = 2 * width + 2;
    let mask: u64 = (1u64 << (window as u32 * BITS)) - 1;
    let sweep = Sweep::new(height, width, window);
    // Before square 0 every slot is a square off the board: done.
    let all_done = (1..window).fold(0u64, |state, slot| with_label(state, slot, DONE));
    // Each live state, with the previous step's state (before the shift) it stands for.
    let mut states: HashMap<u64, u64> = HashMap::from([(all_done, all_done)]);
    let mut history: Vec<Parents> = Vec::new();
    for v in 0..squares {
        let (back, finished) = (&sweep.back[v], &sweep.finished[v]);
        // The first square is sealed as an end of the tour as soon as it has its one edge.
        let seal = |state: u64| -> Option<u64> {
            let Some(slot) = v.checked_sub(start).filter(|&d| d < window) else {
                return Some(state);
            };
            match label(state, slot) {
                FREE | DONE => Some(state),
                _ => end_tour_at(state, slot, window),
            }
        };
        let mut next: Parents = HashMap::new();
        for (&state, &before_shift) in &states {
            if next.len() > max_states {
                return Err(NarrowError::TooManyStates(board, max_states));
            }
            // Each candidate with the backward moves it takes, as bits of `back`.
            let mut candidates = vec![(state, 0u8)];
            for (i, &first) in back.iter().enumerate() {
                let Some(one) = join(state, 0, first, window).and_then(&seal) else {
                    continue;
                };
                candidates.push((one, 1 << i));
                for (j, &second) in back.iter().enumerate().skip(i + 1) {
                    if let Some(two) = join(one, 0, second, window).and_then(&seal) {
                        candidates.push((two, (1 << i) | (1 << j)));
                    }
                }
            }
            'candidate: for (mut candidate, moves) in candidates {
                // Squares that can gain no more edges: none may be bare, and one with a single
                // edge is the last square of the tour.
                for &d in finished {
                    match label(candidate, d) {
                        DONE => {}
                        FREE => continue 'candidate,
                        _ => {
                            if candidate & LAST_FIXED != 0 {
                                continue 'candidate;
                            }
                            match end_tour_at(candidate | LAST_FIXED, d, window) {
                                Some(ended) => candidate = ended,
                                None => continue 'candidate,
                            }
                        }
                    }
                }
                next.entry(normalise(candidate, window))
                    .or_insert((before_shift, moves));
            }
        }
        if v + 1 == squares {
            let Some(&complete) = next.keys().find(|&&state| state & COMPLETE != 0) else {
                return Ok(None);
            };
            if record.is_none() {
                return Ok(Some(None));
            }
            history.push(next);
            return Ok(Some(Some(read_back(
                board,
                &history,
                &sweep.back,
                complete,
                width,
                start,
            ))));
        }
        // The oldest slot leaves (done, as checked) and the next square enters free.
        let flags = LAST_FIXED | COMPLETE;
        states = next
            .keys()
            .map(|&state| ((state & flags) | ((state << BITS) & mask), state))
            .collect();
        if let Some(max_kept) = record {
            kept += next.len();
            if kept > max_kept {
                return Err(NarrowError::TooManyStates(board, max_kept));
            }
            history.push(next);
        }
    }
    unreachable!("the last square returns")
}

/// The tour the recorded steps lead to, from the complete final state: each step's moves
/// give the tour's edges, and the tour is walked from `start` (squares along the long side).
fn read_back(
    board: TourBoard,
    history: &[Parents],
    backs: &[Vec<usize>],
    complete: u64,
    width: usize,
    start: usize,
) -> Vec<u32> {
    let squares = history.len();
    let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); squares];
    let mut state = complete;
    for v in (0..squares).rev() {
        let (before, moves) = history[v][&state];
        for (i, &distance) in backs[v].iter().enumerate() {
            if moves & (1 << i) != 0 {
                neighbours[v].push(v - distance);
                neighbours[v - distance].push(v);
            }
        }
        state = before;
    }
    // Back to board squares: the program walked along the long side.
    let to_board = |square: usize| -> u32 {
        let (along, across) = ((square / width) as u32, (square % width) as u32);
        if board.cols() as usize == width {
            board.index(along, across)
        } else {
            board.index(across, along)
        }
    };
    let mut path = vec![to_board(start)];
    let (mut previous, mut current) = (usize::MAX, start);
    while let Some(&next) = neighbours[current].iter().find(|&&next| next != previous) {
        path.push(to_board(next));
        (previous, current) = (current, next);
        if path.len() > squares {
            break;
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::{backtrack, FindError};

    /// Long thin boards: every square of the majority colour of 3×n (n odd) starts a tour,
    /// squares the plain search could not settle within 100,000,000 nodes (3x21 i1, e3).
    #[test]
    fn long_three_row_boards() {
        for cols in [13, 19, 21] {
            let board = TourBoard::new(3, cols).unwrap();
            for start in 0..board.squares() as u32 {
                let (row, col) = board.position(start);
                assert_eq!(
                    open_tour_starts_on(board, start, 1 << 20).unwrap(),
                    (row + col) % 2 == 0,
                    "{board} {}",
                    board.square_name(start)
                );
            }
        }
        let long = TourBoard::new(3, 1001).unwrap();
        let tour = open_tour_from(long, long.parse_square("i1").unwrap(), 1 << 20, 1 << 24)
            .unwrap()
            .expect("a tour from i1");
        assert_eq!(tour.path().len(), 3003);
        // 3x7 has one square of the majority colour that starts no tour.
        let board = TourBoard::new(3, 7).unwrap();
        assert!(!open_tour_starts_on(board, board.parse_square("d2").unwrap(), 1 << 20).unwrap());
    }

    /// The program agrees with exhaustive search from every square of every small narrow board.
    #[test]
    fn agrees_with_exhaustive_search() {
        for (rows, cols) in [
            (1, 1),
            (1, 3),
            (2, 5),
            (3, 3),
            (3, 4),
            (3, 5),
            (3, 6),
            (3, 7),
            (3, 8),
            (3, 9),
            (4, 5),
            (5, 4),
            (5, 5),
            (7, 3),
            (5, 6),
        ] {
            let board = TourBoard::new(rows, cols).unwrap();
            for start in 0..board.squares() as u32 {
                let exact = open_tour_starts_on(board, start, 1 << 22).unwrap();
                let searched = match backtrack::search(board, false, Some(start), None) {
                    Ok(_) => true,
                    Err(FindError::NoTour(_)) => false,
                    Err(other) => panic!("{other}"),
                };
                assert_eq!(exact, searched, "{board} {}", board.square_name(start));
                let tour = open_tour_from(board, start, 1 << 22, 1 << 24).unwrap();
                assert_eq!(tour.is_some(), exact);
                if let Some(tour) = tour {
                    assert_eq!(tour.path()[0], start, "{board}");
                }
            }
        }
    }
}
