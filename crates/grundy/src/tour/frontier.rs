//! Counting closed knight's tours by a frontier (transfer-matrix) dynamic program.
//!
//! Search visits every tour; this visits squares instead. Squares are taken row by row along
//! the narrow side. When square `v` is taken, the program decides which of its knight moves to
//! earlier squares belong to the tour. A knight move reaches back at most two rows, so only the
//! last `2w + 2` squares (the frontier, `w` the narrow side) can still gain tour edges; the
//! state records, for each of them, whether it has no tour edge yet, is the end of a partial
//! path (and which other frontier square is that path's other end), or is done with two edges.
//! States with the same frontier are merged and their counts added, which is what makes 6×7 and
//! 5×8 a matter of seconds where search takes hours.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use thiserror::Error;

use super::TourBoard;

/// A frontier square with no tour edge yet.
const FREE: u8 = 0;
/// A frontier square with both its tour edges.
const DONE: u8 = 15;
/// The label of a path begun at the square being processed, before `normalise`.
const FRESH: u8 = 14;
/// Bits per frontier square in a state.
const LABEL_BITS: u32 = 4;
/// In an open count, the end of a partial path whose other end is already an end of the whole
/// tour (so joining two of these completes the tour, and renaming leaves it alone).
const TO_END: u8 = 13;
/// In an open count, the number of tour ends fixed so far (0, 1 or 2), kept above the frontier.
const ENDS_SHIFT: u32 = 124;

const OPEN: bool = true;
const CLOSED: bool = false;

/// The widest narrow side the open count's encoding holds: `2w + 2` squares with path labels 1
/// to 12 (13 marks a path to a tour end).
pub(crate) const MAX_OPEN_NARROW_SIDE: u32 = 11;

/// The widest narrow side the state encoding holds: `2w + 2` squares of 4 bits in 128 bits,
/// with path labels 1 to 14.
pub(crate) const MAX_NARROW_SIDE: u32 = 12;

/// Why a count by the frontier method was refused or stopped.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum FrontierError {
    /// Both sides too long for the state encoding.
    #[error("the frontier count needs a side of at most {MAX_NARROW_SIDE} squares; {0} has none")]
    TooWide(TourBoard),
    /// More distinct frontier states than the caller allowed.
    #[error("the frontier count of {board} passed {limit} states at square {square} of {squares}: it needs more memory than allowed")]
    TooManyStates {
        /// The board.
        board: TourBoard,
        /// The state limit given.
        limit: usize,
        /// The square being processed, from 1.
        square: usize,
        /// All squares.
        squares: usize,
    },
    /// A count passed 2^128 - 1, which the count type holds; no wrong number is returned.
    #[error("the number of closed tours of {0} passes 2^128 - 1 = 340282366920938463463374607431768211455, the largest count this program holds")]
    Overflow(TourBoard),
    /// The caller asked the count to stop ([`FrontierProgress::should_stop`]). No partial count
    /// is a bound on the whole: the states hold partial tours, not finished ones.
    #[error(
        "the frontier count of {board} was stopped after square {square} of {squares}: no count"
    )]
    Stopped {
        /// The board.
        board: TourBoard,
        /// The squares processed.
        square: usize,
        /// All squares.
        squares: usize,
    },
}

/// Reports how far the count has got: squares processed and the live states.
pub(crate) trait FrontierProgress {
    /// Called after each square.
    fn square_done(&mut self, _square: usize, _squares: usize, _states: usize) {}

    /// Polled after each square: `true` stops the count.
    fn should_stop(&self) -> bool {
        false
    }
}

impl FrontierProgress for () {}

/// The number of closed knight's tours of `board` (Hamiltonian cycles of the knight's graph,
/// each counted once whatever its direction and start), keeping at most `max_states` frontier
/// states alive at once.
pub(crate) fn closed_tours_by_frontier(
    board: TourBoard,
    max_states: usize,
    progress: &mut dyn FrontierProgress,
) -> Result<u128, FrontierError> {
    let (height, width) = narrow_side_across(board, MAX_NARROW_SIDE)?;
    if height * width < 3 {
        return Ok(0);
    }
    let mut closed = 0u128;
    let squares = height * width;
    run_sweep(
        board,
        (height, width),
        max_states,
        progress,
        CLOSED,
        |labels, finished| {
            finished
                .iter()
                .all(|&d| label(labels, d) == DONE)
                .then_some(labels)
        },
        |square, cycle, count, window| {
            // A cycle may close only at the last square, through every square.
            if square + 1 == squares && (0..window).all(|d| label(cycle, d) == DONE) {
                closed = closed
                    .checked_add(count)
                    .ok_or(FrontierError::Overflow(board))?;
            }
            Ok(())
        },
    )?;
    Ok(closed)
}

/// The number of open knight's tours of `board`: Hamiltonian paths of the knight's graph, each
/// counted once whatever its direction (OEIS A169696 on 3×n), closed tours included once per
/// edge left out. At most `max_states` frontier states are kept alive at once.
///
/// The program is the closed count's, with tour ends: a square that can gain no more tour
/// edges with only one is an end of the tour (at most two), and the other end of its path is
/// marked as leading to a tour end; two such path ends joined complete the tour, which must
/// then hold every square.
pub(crate) fn open_tours_by_frontier(
    board: TourBoard,
    max_states: usize,
    progress: &mut dyn FrontierProgress,
) -> Result<u128, FrontierError> {
    let (height, width) = narrow_side_across(board, MAX_OPEN_NARROW_SIDE)?;
    if height * width == 1 {
        // One square is one tour of no moves.
        return Ok(1);
    }
    let window = 2 * width + 2;
    let last = run_sweep(
        board,
        (height, width),
        max_states,
        progress,
        OPEN,
        |labels, finished| finish_with_ends(labels, finished, window),
        // A cycle is never part of an open tour.
        |_, _, _, _| Ok(()),
    )?;
    // Every square is finished now: a whole tour has both its ends and nothing open.
    let whole = (all_done(window) & window_mask(window)) | (2u128 << ENDS_SHIFT);
    Ok(last.get(&whole).copied().unwrap_or(0))
}

/// The board's sides as `(height, width)` with the narrow side across, so that the frontier is
/// as short as it can be; refused when even the narrow side is wider than `max_side`.
fn narrow_side_across(board: TourBoard, max_side: u32) -> Result<(usize, usize), FrontierError> {
    let (height, width) = if board.cols() <= board.rows() {
        (board.rows() as usize, board.cols() as usize)
    } else {
        (board.cols() as usize, board.rows() as usize)
    };
    if width > max_side as usize {
        return Err(FrontierError::TooWide(board));
    }
    Ok((height, width))
}

/// The bits of a state's labels for a frontier of `window` slots (the rest hold the open
/// count's tour ends).
fn window_mask(window: usize) -> u128 {
    if window * LABEL_BITS as usize == 128 {
        u128::MAX
    } else {
        (1u128 << (window * LABEL_BITS as usize)) - 1
    }
}

/// The sweep both counts share: square by square along the board, each state gains no tour
/// edge, one or two back to earlier squares (joined by `open`'s rule), and is kept when
/// `finish` settles the slots no square can reach any more (`None` drops it); an edge that
/// closes a cycle is handed to `on_cycle` (the square, the state, its count, the window). At
/// most `max_states` states are kept at once. Returns the states after the last square.
fn run_sweep(
    board: TourBoard,
    (height, width): (usize, usize),
    max_states: usize,
    progress: &mut dyn FrontierProgress,
    open: bool,
    finish: impl Fn(u128, &[usize]) -> Option<u128>,
    mut on_cycle: impl FnMut(usize, u128, u128, usize) -> Result<(), FrontierError>,
) -> Result<StateMap, FrontierError> {
    let squares = height * width;
    let window = 2 * width + 2;
    let mask = window_mask(window);
    let sweep = Sweep::new(height, width, window);

    // Before square 0 every frontier slot is a square off the board: done.
    let mut states: StateMap = StateMap::default();
    states.insert(all_done(window) & !0xF, 1);
    for v in 0..squares {
        let (back, finished) = (&sweep.back[v], &sweep.finished[v]);
        let mut next: StateMap = StateMap::default();
        let mut overflowed = false;
        for (&state, &count) in &states {
            // Checked as the map grows, not after the square: one square can multiply the
            // states several times over.
            if next.len() > max_states {
                return Err(FrontierError::TooManyStates {
                    board,
                    limit: max_states,
                    square: v + 1,
                    squares,
                });
            }
            let mut add = |labels: u128| {
                if let Some(labels) = finish(labels, finished) {
                    let entry = next.entry(normalise(labels, window)).or_insert(0);
                    match entry.checked_add(count) {
                        Some(sum) => *entry = sum,
                        None => overflowed = true,
                    }
                }
            };
            add(state);
            for (i, &first) in back.iter().enumerate() {
                let Some(Joined::Open(one)) = join(state, first, 0, window, open) else {
                    continue;
                };
                add(one);
                for &second in &back[i + 1..] {
                    match join(one, second, 0, window, open) {
                        Some(Joined::Open(two)) => add(two),
                        Some(Joined::Closed(cycle)) => on_cycle(v, cycle, count, window)?,
                        None => {}
                    }
                }
            }
        }
        if overflowed {
            return Err(FrontierError::Overflow(board));
        }
        progress.square_done(v + 1, squares, next.len());
        if v + 1 == squares {
            return Ok(next);
        }
        if progress.should_stop() {
            return Err(FrontierError::Stopped {
                board,
                square: v + 1,
                squares,
            });
        }
        // Move the frontier one square on: the oldest slot leaves (done, as checked), the new
        // square enters free; the open count's tour ends stay.
        states = StateMap::default();
        for (state, count) in next {
            states.insert(((state << LABEL_BITS) & mask) | (state & !mask), count);
        }
    }
    unreachable!("the last square returns")
}

/// Settles the slots `finished` (distances back) of an open count's state, which can gain no
/// more tour edges: a square with none is lost (`None`), one with a single edge becomes an end
/// of the tour (at most two), and the other end of its path then leads to a tour end.
fn finish_with_ends(mut state: u128, finished: &[usize], window: usize) -> Option<u128> {
    for &slot in finished {
        let path = label(state, slot);
        match path {
            DONE => continue,
            FREE => return None,
            _ => {}
        }
        let ends = (state >> ENDS_SHIFT) as u8 + 1;
        if ends > 2 {
            return None;
        }
        state = with_label(state, slot, DONE);
        state = (state & !(3u128 << ENDS_SHIFT)) | (u128::from(ends) << ENDS_SHIFT);
        if path != TO_END {
            let partner = (0..window).find(|&other| label(state, other) == path)?;
            state = with_label(state, partner, TO_END);
        }
    }
    Some(state)
}

/// The result of adding a tour edge.
enum Joined {
    /// The edge extends or joins paths.
    Open(u128),
    /// The edge joins the two ends of one path into a cycle.
    Closed(u128),
}

fn label(state: u128, slot: usize) -> u8 {
    (state >> (slot as u32 * LABEL_BITS)) as u8 & 0xF
}

fn with_label(state: u128, slot: usize, value: u8) -> u128 {
    let shift = slot as u32 * LABEL_BITS;
    (state & !(0xFu128 << shift)) | (u128::from(value) << shift)
}

fn all_done(window: usize) -> u128 {
    (0..window).fold(0, |state, slot| with_label(state, slot, DONE))
}

/// Adds the tour edge between slot `a` and slot `b` of a frontier of `window` squares; `None`
/// when either already has two. In an `open` count, label [`TO_END`] marks a path to a tour
/// end; a closed count uses it as a path label like the others.
fn join(state: u128, a: usize, b: usize, window: usize, open: bool) -> Option<Joined> {
    let (la, lb) = (label(state, a), label(state, b));
    if la == DONE || lb == DONE {
        return None;
    }
    Some(match (la, lb) {
        // States are normalised to labels 1..=13 (a frontier of at most 26 squares holds at
        // most 13 path ends pairs), and a square gains at most one new path per step, so 14 is
        // always free for it; `normalise` renames it.
        (FREE, FREE) => Joined::Open(with_label(with_label(state, a, FRESH), b, FRESH)),
        (FREE, path) => Joined::Open(with_label(with_label(state, a, path), b, DONE)),
        (path, FREE) => Joined::Open(with_label(with_label(state, a, DONE), b, path)),
        // Two paths that each lead to an end of the tour: joined, the tour is whole.
        (TO_END, TO_END) if open => Joined::Open(with_label(with_label(state, a, DONE), b, DONE)),
        (first, TO_END) if open => {
            // The far end of the first path now leads to a tour end too.
            let mut joined = with_label(with_label(state, a, DONE), b, DONE);
            for slot in 0..window {
                if label(joined, slot) == first {
                    joined = with_label(joined, slot, TO_END);
                }
            }
            Joined::Open(joined)
        }
        (first, second) if first == second => {
            Joined::Closed(with_label(with_label(state, a, DONE), b, DONE))
        }
        (first, second) => {
            // Two paths become one: the far end of the second takes the first's label.
            let mut joined = with_label(with_label(state, a, DONE), b, DONE);
            for slot in 0..window {
                if label(joined, slot) == second {
                    joined = with_label(joined, slot, first);
                }
            }
            Joined::Open(joined)
        }
    })
}

/// Renames path labels in order of first appearance, so equal frontiers have equal states.
fn normalise(state: u128, window: usize) -> u128 {
    let mut renamed = [0u8; 16];
    let mut next_label = 1;
    let mut out = state;
    for slot in 0..window {
        let value = label(state, slot);
        if value == FREE || value == DONE || value == TO_END {
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

/// A hasher for 128-bit states: one multiply-and-fold per half is plenty, and far cheaper
/// than the default SipHash on this hot path.
#[derive(Default)]
struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x100_0000_01B3);
        }
    }

    fn write_u128(&mut self, value: u128) {
        let mixed = (value as u64 ^ ((value >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = mixed ^ (mixed >> 32);
    }
}

type StateMap = HashMap<u128, u128, BuildHasherDefault<StateHasher>>;

/// Knight moves as a sweep of the board square by square, row by row, sees them: for each
/// square, the moves back to earlier squares (as distances in squares), and the squares
/// (as distances back, within the `window` the sweep remembers) that can gain no tour edge
/// after it and so must be finished once it is placed. Shared by the sweeps that count tours
/// and that find one from a given square.
pub(super) struct Sweep {
    /// Per square, the distances back to the squares a knight's move reaches.
    pub(super) back: Vec<Vec<usize>>,
    /// Per square, the distances back to the squares finished with it.
    pub(super) finished: Vec<Vec<usize>>,
}

impl Sweep {
    pub(super) fn new(height: usize, width: usize, window: usize) -> Sweep {
        let squares = height * width;
        // (rows up, distance in squares, column shift) of the moves back to earlier squares.
        let backward: [(usize, usize, isize); 4] = [
            (1, width + 2, -2),
            (1, width - 2, 2),
            (2, 2 * width + 1, -1),
            (2, 2 * width - 1, 1),
        ];
        let on_board =
            |col: usize, shift: isize| (0..width as isize).contains(&(col as isize + shift));
        // The last square from which a tour edge can reach each square.
        let last_reach: Vec<usize> = (0..squares)
            .map(|u| {
                let (row, col) = (u / width, u % width);
                backward
                    .iter()
                    .filter(|&&(rows_down, _, shift)| {
                        row + rows_down < height && on_board(col, -shift)
                    })
                    .map(|&(_, distance, _)| u + distance)
                    .fold(u, usize::max)
            })
            .collect();
        let back = (0..squares)
            .map(|v| {
                let (row, col) = (v / width, v % width);
                backward
                    .iter()
                    .filter(|&&(rows_up, _, shift)| row >= rows_up && on_board(col, shift))
                    .map(|&(_, distance, _)| distance)
                    .collect()
            })
            .collect();
        let finished = (0..squares)
            .map(|v| {
                (0..window.min(v + 1))
                    .filter(|&d| last_reach[v - d] == v)
                    .collect()
            })
            .collect();
        Sweep { back, finished }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::count;

    fn frontier(rows: u32, cols: u32) -> u128 {
        closed_tours_by_frontier(TourBoard::new(rows, cols).unwrap(), 1 << 24, &mut ()).unwrap()
    }

    #[test]
    fn agrees_with_search_on_small_boards() {
        for rows in 1..=5 {
            for cols in rows..=6 {
                let board = TourBoard::new(rows, cols).unwrap();
                let searched = count::closed_tours(board, &mut ());
                assert_eq!(frontier(rows, cols), searched, "{board}");
                assert_eq!(frontier(cols, rows), searched, "{board} turned");
            }
        }
    }

    #[test]
    fn stops_at_the_state_limit() {
        let board = TourBoard::new(6, 6).unwrap();
        let error = closed_tours_by_frontier(board, 1000, &mut ()).unwrap_err();
        let long = TourBoard::new(3, 400).unwrap();
        assert_eq!(
            closed_tours_by_frontier(long, 1 << 20, &mut ()),
            Err(FrontierError::Overflow(long)),
            "a count beyond 128 bits is refused, not wrapped"
        );
        assert!(matches!(
            error,
            FrontierError::TooManyStates { limit: 1000, .. }
        ));
    }

    #[test]
    fn reproduces_published_counts() {
        // OEIS A001230 (n x n), A175855 (3 x 2n, from 3x10 on), A193054 / A079137 (5 x n).
        assert_eq!(frontier(6, 6), 9_862);
        assert_eq!(frontier(3, 10), 16);
        assert_eq!(frontier(3, 12), 176);
        assert_eq!(frontier(5, 8), 44_202);
        assert_eq!(frontier(6, 7), 1_067_638);
    }

    fn open(rows: u32, cols: u32) -> u128 {
        open_tours_by_frontier(TourBoard::new(rows, cols).unwrap(), 1 << 24, &mut ()).unwrap()
    }

    #[test]
    fn open_counts_agree_with_search_on_small_boards() {
        for rows in 1..=5 {
            for cols in rows..=6 {
                let board = TourBoard::new(rows, cols).unwrap();
                // The search counts directed paths: each undirected one from both ends.
                let directed = count::directed_paths(board, &mut ());
                let undirected = if board.squares() == 1 {
                    directed
                } else {
                    directed / 2
                };
                assert_eq!(open(rows, cols), undirected, "{board}");
                assert_eq!(open(cols, rows), undirected, "{board} turned");
            }
        }
    }

    #[test]
    fn open_counts_reproduce_published_values() {
        // OEIS A169696, "Number of undirected Knight's tours on a 3 X n board" (open tours,
        // those whose ends are a knight's move apart included), a(1) to a(20), from
        // https://oeis.org/A169696 (D. E. Knuth's first 100 terms).
        let a169696: [u128; 20] = [
            0,
            0,
            0,
            8,
            0,
            0,
            52,
            396,
            560,
            3_048,
            10_672,
            57_248,
            128_864,
            646_272,
            1_838_784,
            8_636_880,
            23_400_992,
            105_865_688,
            305_753_680,
            1_322_849_752,
        ];
        for (n, &expected) in (1..).zip(&a169696) {
            assert_eq!(open(3, n), expected, "3x{n}");
        }
        // OEIS A165134: 1,728 directed open tours on 5x5, each undirected path from both ends.
        assert_eq!(open(5, 5) * 2, 1_728);
    }

    #[test]
    fn open_counts_stop_at_the_state_limit_and_at_128_bits() {
        let board = TourBoard::new(6, 6).unwrap();
        assert!(matches!(
            open_tours_by_frontier(board, 1000, &mut ()),
            Err(FrontierError::TooManyStates { limit: 1000, .. })
        ));
        let long = TourBoard::new(3, 400).unwrap();
        assert_eq!(
            open_tours_by_frontier(long, 1 << 20, &mut ()),
            Err(FrontierError::Overflow(long))
        );
    }
}
