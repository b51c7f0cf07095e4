//! Divide and conquer: tours of any size in time linear in the number of squares.
//!
//! In the spirit of Parberry (1997) and Lin & Wei (2005), the board is cut into blocks whose
//! sides are 5 to 11 (at least one side even, so every block has a closed tour), each block
//! gets a closed tour found once by `super::backtrack` and copied wherever that block shape
//! occurs, and neighbouring blocks' cycles are joined by exchanges near their common border
//! (see the `links` module): along each band of blocks from left to right, and down the first
//! column of blocks, a spanning tree of the blocks, so the result is one cycle. Each block
//! lends a different corner region to each of its joins, so the joins never disturb each other.
//! The exchange for a pair of block shapes is searched for once and reused.
//!
//! The other boards:
//! - 3×n closed (n even ≥ 10): a closed tour of 3×10 or 3×12 is lengthened four columns at a
//!   time by cutting the move at its top-right corner and splicing in a path through a 3×4
//!   block;
//! - 3×n open: the construction of Bhutada and Meshram (2020), *Knights Tour*: open tours of
//!   3×4, 3×7, 3×9 and 3×10 from their top-left corners strung together, each ending a
//!   knight's move from the next one's start;
//! - 4×n open (n ≥ 5): Bhutada and Meshram's two phases: across the board on the "grey"
//!   squares, a searched path through the last 5 to 8 columns, and back on the "white" squares
//!   (see `four_row_open`);
//! - both sides odd (open only): a closed tour of all but a 5-wide strip (or corner) to which an
//!   open tour of the rest is attached at one end.
//!
//! Every board with a closed tour gets one (Schwenk), and every board with an open tour gets
//! one (Conrad et al.). Memory: one byte a square while assembling, then the 4-byte path.

use std::collections::HashMap;

use super::backtrack::{hamiltonian_path, KnightGraph, NodeBudget, Outcome};
use super::existence::{closed_tour_exists, open_tour_exists};
use super::links::Links;
use super::warnsdorff::TieBreak;
use super::{rotate_to_start, FindError, Tour, TourBoard};
use crate::board::Symmetry;

/// How a refusal of divide and conquer ends when a backtracking search may still find the
/// tour: the default method falls back on that search and cuts this advice off its note.
pub(crate) const TRY_BACKTRACK: &str = "; try `method` backtrack";

/// Bhutada and Meshram's (2020) open tours of 3×4, 3×7, 3×9 and 3×10, as move numbers row by
/// row. Each starts at the top-left corner and ends a knight's move from the square just right
/// of its top-right corner, so copies placed side by side join into one tour.
const PUBLISHED_THREE_ROW_TOURS: [(u32, &[u32]); 4] = [
    (4, &[1, 4, 7, 10, 8, 11, 2, 5, 3, 6, 9, 12]),
    (
        7,
        &[
            1, 14, 17, 20, 11, 8, 5, 16, 19, 12, 3, 6, 21, 10, 13, 2, 15, 18, 9, 4, 7,
        ],
    ),
    (
        9,
        &[
            1, 14, 17, 10, 7, 4, 19, 22, 25, 16, 9, 12, 3, 18, 23, 26, 5, 20, 13, 2, 15, 8, 11, 6,
            21, 24, 27,
        ],
    ),
    (
        10,
        &[
            1, 4, 7, 22, 15, 20, 13, 26, 29, 18, 8, 23, 2, 5, 10, 25, 16, 19, 12, 27, 3, 6, 9, 24,
            21, 14, 11, 28, 17, 30,
        ],
    ),
];

/// Builds a tour of `board` by divide and conquer: closed if `closed` (or whenever the board
/// has a closed tour), starting at `start` if given.
pub fn construct(board: TourBoard, closed: bool, start: Option<u32>) -> Result<Tour, FindError> {
    let closed_exists = closed_tour_exists(board);
    if closed && !closed_exists.exists {
        return Err(FindError::NoTour(closed_exists.reason));
    }
    let open_exists = open_tour_exists(board);
    if !open_exists.exists {
        return Err(FindError::NoTour(open_exists.reason));
    }
    let internal = |fault| FindError::MethodFailed(format!("internal error: {fault}"));
    if closed_exists.exists {
        let mut path = closed_cover(board).walk(0);
        rotate_to_start(&mut path, start.unwrap_or(0));
        return Tour::new(board, path, true).map_err(internal);
    }
    let path = open_path(board)?;
    let path = match start {
        None => path,
        Some(start) => starting_at(board, path, start).ok_or_else(|| {
            FindError::MethodFailed(format!(
                "divide and conquer builds the open tours of the {board} board from fixed squares, and none of its symmetric copies starts at {}{TRY_BACKTRACK}",
                board.square_name(start)
            ))
        })?,
    };
    Tour::new(board, path, false).map_err(internal)
}

/// A closed tour of a small board by backtracking, as links. Panics if there is none: callers
/// ask only for shapes Schwenk's theorem allows.
fn search_cover(
    board: TourBoard,
    closed: bool,
    start: u32,
    accept_end: &dyn Fn(u32) -> bool,
) -> Option<Vec<u32>> {
    let graph = KnightGraph::new(board);
    // Blocks of a few dozen squares, searched in a moment: no limit and nothing to stop.
    match hamiltonian_path(
        board,
        &graph,
        start,
        closed,
        accept_end,
        &mut NodeBudget::unbounded(),
    ) {
        Outcome::Found(path) => Some(path),
        Outcome::Exhausted | Outcome::Spent(_) => None,
    }
}

/// The links of a closed tour of a block, one code a square, row by row.
fn block_codes(rows: u32, cols: u32) -> Vec<u8> {
    let block = TourBoard::new(rows, cols).expect("blocks are small");
    let path = search_cover(block, true, 0, &|_| true)
        .unwrap_or_else(|| panic!("every block shape has a closed tour, {block} too"));
    let mut links = Links::new(block);
    for i in 0..path.len() {
        links.add(path[i], path[(i + 1) % path.len()]);
    }
    (0..block.squares() as u32)
        .map(|square| links.code(square))
        .collect()
}

/// Cuts a side into parts of 5 to 11 squares (6 wherever there is a choice); `even` asks for
/// even parts 6, 8 and 10 (the side must then be even and at least 6).
fn split_side(mut side: u32, even: bool) -> Vec<u32> {
    let largest = if even { 10 } else { 11 };
    let mut parts = Vec::new();
    while side > largest {
        parts.push(6);
        side -= 6;
    }
    parts.push(side);
    parts
}

/// Where the exchange joining two blocks is made, in each block's own coordinates:
/// `(a1, a2, b1, b2)` as `(row, col)` pairs, `a` in the first block, `b` in the second.
type Exchange = [(u32, u32); 4];

/// Finds an exchange joining block `a` (rows × cols of `a_shape`) to block `b` placed to its
/// right (`beside`) or below it. Each side of a join uses its own corner region: the move in
/// the block on the left lies in its last two columns, the one in the block on the right in its
/// first two; for a join downwards, the upper block's move lies in its last two rows and the
/// lower block's in its first two, both away from the last two columns when a block lies to
/// the right.
fn find_exchange(
    a_shape: (u32, u32),
    a_codes: &[u8],
    b_shape: (u32, u32),
    b_codes: &[u8],
    beside: bool,
    right_columns_free: bool,
) -> Option<Exchange> {
    // Joins downwards keep off the last two columns, which the joins to the right use, unless
    // there is no block to the right.
    let spare = if right_columns_free { 0 } else { 2 };
    let (frame, b_origin) = if beside {
        (
            TourBoard::new(a_shape.0, a_shape.1 + b_shape.1),
            (0, a_shape.1),
        )
    } else {
        (
            TourBoard::new(a_shape.0 + b_shape.0, a_shape.1),
            (a_shape.0, 0),
        )
    };
    let frame = frame.expect("two blocks are small");
    let mut links = Links::new(frame);
    for (shape, codes, origin) in [(a_shape, a_codes, (0, 0)), (b_shape, b_codes, b_origin)] {
        for row in 0..shape.0 {
            for col in 0..shape.1 {
                let code = codes[(row * shape.1 + col) as usize];
                links.set_code(frame.index(row + origin.0, col + origin.1), code);
            }
        }
    }
    let in_a_window = |square: u32| {
        let (row, col) = frame.position(square);
        if beside {
            col + 2 >= a_shape.1 && col < a_shape.1
        } else {
            row + 2 >= a_shape.0 && row < a_shape.0 && col + spare < a_shape.1
        }
    };
    let in_b_window = |square: u32| {
        let (row, col) = frame.position(square);
        if beside {
            col >= b_origin.1 && col < b_origin.1 + 2
        } else {
            row >= b_origin.0 && row < b_origin.0 + 2 && col + spare < b_shape.1
        }
    };
    for a1 in (0..frame.squares() as u32).filter(|&square| in_a_window(square)) {
        for a2 in links.neighbours(a1).filter(|&square| in_a_window(square)) {
            for b1 in frame.knight_moves(a1).filter(|&square| in_b_window(square)) {
                for b2 in links.neighbours(b1).filter(|&square| in_b_window(square)) {
                    if frame.is_knight_move(a2, b2) {
                        let local = |square: u32, origin: (u32, u32)| {
                            let (row, col) = frame.position(square);
                            (row - origin.0, col - origin.1)
                        };
                        return Some([
                            local(a1, (0, 0)),
                            local(a2, (0, 0)),
                            local(b1, b_origin),
                            local(b2, b_origin),
                        ]);
                    }
                }
            }
        }
    }
    None
}

/// A closed tour of `board` (which must have one), as links.
fn closed_cover(board: TourBoard) -> Links {
    let (rows, cols) = (board.rows(), board.cols());
    if rows == 3 {
        return three_row_closed(board);
    }
    if cols == 3 {
        return transpose(&three_row_closed(board.transposed()));
    }
    let (row_parts, col_parts) = if rows % 2 == 0 {
        (split_side(rows, true), split_side(cols, false))
    } else {
        (split_side(rows, false), split_side(cols, true))
    };
    let offsets = |parts: &[u32]| -> Vec<u32> {
        parts
            .iter()
            .scan(0, |sum, &part| {
                let at = *sum;
                *sum += part;
                Some(at)
            })
            .collect()
    };
    let (row_at, col_at) = (offsets(&row_parts), offsets(&col_parts));

    let mut bases: HashMap<(u32, u32), Vec<u8>> = HashMap::new();
    for &h in &row_parts {
        for &w in &col_parts {
            bases.entry((h, w)).or_insert_with(|| block_codes(h, w));
        }
    }
    let mut links = Links::new(board);
    for (i, &h) in row_parts.iter().enumerate() {
        for (j, &w) in col_parts.iter().enumerate() {
            let codes = &bases[&(h, w)];
            for row in 0..h {
                for col in 0..w {
                    let square = board.index(row_at[i] + row, col_at[j] + col);
                    links.set_code(square, codes[(row * w + col) as usize]);
                }
            }
        }
    }

    let right_columns_free = col_parts.len() == 1;
    let mut exchanges: HashMap<(u32, u32, u32, u32, bool), Exchange> = HashMap::new();
    let mut join =
        |links: &mut Links, a: (u32, u32, u32, u32), b: (u32, u32, u32, u32), beside: bool| {
            // a and b are (row offset, col offset, rows, cols) of the two blocks.
            let key = (a.2, a.3, b.2, b.3, beside);
            let exchange = *exchanges.entry(key).or_insert_with(|| {
                find_exchange(
                    (a.2, a.3),
                    &bases[&(a.2, a.3)],
                    (b.2, b.3),
                    &bases[&(b.2, b.3)],
                    beside,
                    right_columns_free,
                )
                .unwrap_or_else(|| {
                    panic!(
                        "no exchange joins a {}x{} block to a {}x{} block {}",
                        a.2,
                        a.3,
                        b.2,
                        b.3,
                        if beside { "beside it" } else { "below it" }
                    )
                })
            });
            let place = |(row, col): (u32, u32), block: (u32, u32, u32, u32)| {
                board.index(block.0 + row, block.1 + col)
            };
            links.exchange(
                (place(exchange[0], a), place(exchange[1], a)),
                (place(exchange[2], b), place(exchange[3], b)),
            );
        };
    for (i, &h) in row_parts.iter().enumerate() {
        for j in 1..col_parts.len() {
            let left = (row_at[i], col_at[j - 1], h, col_parts[j - 1]);
            let right = (row_at[i], col_at[j], h, col_parts[j]);
            join(&mut links, left, right, true);
        }
        if i > 0 {
            let above = (row_at[i - 1], 0, row_parts[i - 1], col_parts[0]);
            let below = (row_at[i], 0, h, col_parts[0]);
            join(&mut links, above, below, false);
        }
    }
    links
}

/// The same links on the transposed board.
fn transpose(links: &Links) -> Links {
    let board = links.board();
    let turned = board.transposed();
    let mut result = Links::new(turned);
    let flip = |square: u32| board.image(Symmetry::TRANSPOSE, square);
    for square in 0..board.squares() as u32 {
        for linked in links.neighbours(square) {
            if square < linked {
                result.add(flip(square), flip(linked));
            }
        }
    }
    result
}

/// A closed tour of 3×n (n even, at least 10): a closed tour of 3×10 or 3×12, then 3×4 blocks
/// spliced in one after another.
fn three_row_closed(board: TourBoard) -> Links {
    let cols = board.cols();
    let base_cols = if cols % 4 == 2 { 10 } else { 12 };
    let mut links = Links::new(board);
    let base = block_codes(3, base_cols);
    for row in 0..3 {
        for col in 0..base_cols {
            links.set_code(
                board.index(row, col),
                base[(row * base_cols + col) as usize],
            );
        }
    }
    // A path through 3×4 from (1,0) to (1,1) or (2,0): both ends are a knight's move from the
    // ends of the move (0,x-1)–(2,x-2) at the top-right corner of what is already built, which
    // every closed tour contains (the corner has no other moves), and so does this path,
    // whose ends are not that corner.
    let block = TourBoard::new(3, 4).expect("3x4 is small");
    let splice = search_cover(block, false, block.index(1, 0), &|end| {
        end == block.index(1, 1) || end == block.index(2, 0)
    })
    .expect("3x4 has a path from b2 to b1... checked by the tests");
    let mut x = base_cols;
    while x < cols {
        let a1 = board.index(0, x - 1);
        let a2 = board.index(2, x - 2);
        links.remove(a1, a2);
        let place = |square: u32| {
            let (row, col) = block.position(square);
            board.index(row, col + x)
        };
        for pair in splice.windows(2) {
            links.add(place(pair[0]), place(pair[1]));
        }
        links.add(a2, place(splice[0]));
        links.add(a1, place(splice[splice.len() - 1]));
        x += 4;
    }
    links
}

/// An open tour of a board with no closed tour (but an open one).
fn open_path(board: TourBoard) -> Result<Vec<u32>, FindError> {
    let (rows, cols) = (board.rows(), board.cols());
    if board.squares() == 1 {
        return Ok(vec![0]);
    }
    if rows > cols {
        let turned = open_path(board.transposed())?;
        let flip = |square: u32| board.transposed().image(Symmetry::TRANSPOSE, square);
        return Ok(turned.into_iter().map(flip).collect());
    }
    match rows {
        3 => Ok(three_row_open(board)),
        4 => four_row_open(board),
        _ => Ok(odd_open(board)),
    }
}

/// Bhutada and Meshram's (2020) 3×n construction.
fn three_row_open(board: TourBoard) -> Vec<u32> {
    let mut widths = Vec::new();
    let mut left = board.cols();
    while ![4, 7, 8, 9, 10].contains(&left) {
        widths.push(4);
        left -= 4;
    }
    if left == 8 {
        widths.extend([4, 4]);
    } else {
        widths.push(left);
    }
    let mut path = Vec::with_capacity(board.squares());
    let mut x = 0;
    for width in widths {
        let (_, numbers) = PUBLISHED_THREE_ROW_TOURS
            .iter()
            .find(|(w, _)| *w == width)
            .expect("widths come from the published list");
        let mut block = vec![0; numbers.len()];
        for (square, &number) in numbers.iter().enumerate() {
            block[number as usize - 1] = square as u32;
        }
        path.extend(block.into_iter().map(|square| {
            let (row, col) = (square / width, square % width);
            board.index(row, col + x)
        }));
        x += width;
    }
    path
}

/// 4×n, n ≥ 5, after the two-phase idea of Bhutada and Meshram (2020): colour the board in 2×1
/// stripes, rows 1–2 of even columns and rows 3–4 of odd columns "grey", the rest "white".
/// Each colour falls into two tracks along the board (grey: a1, c2… → the squares
/// `(0,c)`/`(2,c)` alternately, and `(1,c)`/`(3,c)`), consecutive squares of a track a
/// knight's move apart, and square `c` of one track a knight's move from squares `c ± 2` of
/// the other. With tracks A and B, the walk
/// `A0 A1 B3 B2 B1 B0 A2 A3`, repeated every four columns, covers both tracks from left to
/// right. So the knight crosses the first `L = 4K` columns on the grey squares, covers the
/// last 5 to 8 columns entirely by a path found by search (its ends fixed so it joins the two
/// phases), and comes back over the first `L` columns on the white squares by the same walk
/// mirrored: linear time. Blocks of full-height paths cannot be strung together on these
/// boards (search shows every path through a 4×w block, w = 5…8, leaves next to a square from
/// which none enters the next block), which is why the colours are needed.
fn four_row_open(board: TourBoard) -> Result<Vec<u32>, FindError> {
    let cols = board.cols();
    if cols >= 9 {
        if let Some(path) = four_row_two_phase(board) {
            return Ok(path);
        }
    }
    // Narrow boards (and a safety net): Warnsdorff walks from the first columns, then search.
    let starts = (0..cols.min(8)).flat_map(|col| (0..4).map(move |row| board.index(row, col)));
    for start in starts {
        for rule in TieBreak::ALL {
            let walk = super::warnsdorff::walk(board, start, rule);
            if walk.len() == board.squares() {
                return Ok(walk);
            }
        }
    }
    let budget = 50 * board.squares() as u64 + 1_000_000;
    super::backtrack::search(board, false, None, Some(budget))
        .map(|tour| tour.path().to_vec())
        .map_err(|error| {
            FindError::MethodFailed(format!(
                "divide and conquer could not build this 4xn tour: {error}"
            ))
        })
}

/// The squares of the walk `A0 A1 B3 B2 B1 B0 A2 A3`, four columns at a time, as track
/// positions: `(track, position)` with track 0 = A, 1 = B.
fn two_track_walk(length: u32) -> impl Iterator<Item = (u32, u32)> {
    (0..length / 4).flat_map(|block| {
        let at = 4 * block;
        [
            (0, 0),
            (0, 1),
            (1, 3),
            (1, 2),
            (1, 1),
            (1, 0),
            (0, 2),
            (0, 3),
        ]
        .into_iter()
        .map(move |(track, offset)| (track, at + offset))
    })
}

fn four_row_two_phase(board: TourBoard) -> Option<Vec<u32>> {
    let cols = board.cols();
    let blocks = (cols - 5) / 4;
    let crossed = 4 * blocks;
    let tail_width = cols - crossed;
    // Grey tracks: A = (0,c) for even c, (2,c) for odd c; B = (1,c) even, (3,c) odd.
    let grey = |(track, col): (u32, u32)| board.index(track + 2 * (col % 2), col);
    // White tracks, walked from column crossed-1 leftwards: A = (1,c) / (3,c) and B = (0,c) /
    // (2,c), where c odd takes the first row (crossed - 1 is odd).
    let white = |(track, back): (u32, u32)| {
        let col = crossed - 1 - back;
        let upper = col % 2 == 1;
        let row = match (track, upper) {
            (0, true) => 1,
            (0, false) => 3,
            (_, true) => 0,
            (_, false) => 2,
        };
        board.index(row, col)
    };
    let grey_part: Vec<u32> = two_track_walk(crossed).map(grey).collect();
    let white_part: Vec<u32> = two_track_walk(crossed).map(white).collect();
    let (grey_end, white_start) = (grey_part[grey_part.len() - 1], white_part[0]);
    let tail = TourBoard::new(4, tail_width).ok()?;
    let to_board = |square: u32| {
        let (row, col) = tail.position(square);
        board.index(row, col + crossed)
    };
    let graph = KnightGraph::new(tail);
    for start in 0..tail.squares() as u32 {
        if !board.is_knight_move(grey_end, to_board(start)) {
            continue;
        }
        let ends_well = |end: u32| board.is_knight_move(to_board(end), white_start);
        // A tail of four rows and a few columns, searched in a moment: nothing to stop.
        if let Outcome::Found(middle) = hamiltonian_path(
            tail,
            &graph,
            start,
            false,
            &ends_well,
            &mut NodeBudget::unbounded(),
        ) {
            let mut path = grey_part;
            path.extend(middle.into_iter().map(to_board));
            path.extend(white_part);
            return Some(path);
        }
    }
    None
}

/// Both sides odd, 5 ≤ rows ≤ cols: a closed tour of most of the board with an open tour of the
/// rest attached to it.
fn odd_open(board: TourBoard) -> Vec<u32> {
    let (rows, cols) = (board.rows(), board.cols());
    if cols <= 9 {
        return search_cover(board, false, 0, &|_| true)
            .expect("odd boards from 5x5 have open tours");
    }
    // The closed part: all but the last five columns, and, on tall boards, the top of those
    // five columns too, leaving a 5×5 (or rows×5) corner for the open part.
    let mut links = Links::new(board);
    let copy_into = |links: &mut Links, part: &Links, row_at: u32, col_at: u32| {
        let inner = part.board();
        for row in 0..inner.rows() {
            for col in 0..inner.cols() {
                let code = part.code(inner.index(row, col));
                links.set_code(board.index(row + row_at, col + col_at), code);
            }
        }
    };
    let left = TourBoard::new(rows, cols - 5).expect("smaller than the board");
    copy_into(&mut links, &closed_cover(left), 0, 0);
    let corner_row = if rows >= 11 { rows - 5 } else { 0 };
    if corner_row > 0 {
        let strip = TourBoard::new(corner_row, 5).expect("smaller than the board");
        copy_into(&mut links, &closed_cover(strip), 0, cols - 5);
        let in_strip = |square: u32| {
            let (row, col) = board.position(square);
            row < corner_row && col >= cols - 5
        };
        let joined = (0..corner_row).any(|row| {
            (cols - 7..cols - 5).any(|col| {
                let a1 = board.index(row, col);
                let moves: Vec<u32> = links.neighbours(a1).collect();
                moves.into_iter().any(|a2| {
                    board.position(a2).1 + 2 >= cols - 5 && links.join_at(a1, a2, &in_strip)
                })
            })
        });
        assert!(joined, "some exchange joins the strip to the rest");
    }
    let corner = TourBoard::new(rows - corner_row, 5).expect("smaller than the board");
    let open =
        search_cover(corner, false, 0, &|_| true).expect("the corner has an open tour from a1");
    let place = |square: u32| {
        let (row, col) = corner.position(square);
        board.index(row + corner_row, col + cols - 5)
    };
    for pair in open.windows(2) {
        links.add(place(pair[0]), place(pair[1]));
    }
    // Attach the corner's first square to a square of the cycle a knight's move away, and cut
    // the cycle just after that square.
    let entry = place(open[0]);
    let in_cycle = |square: u32| {
        let (row, col) = board.position(square);
        row < corner_row || col < cols - 5
    };
    let a1 = board
        .knight_moves(entry)
        .find(|&square| in_cycle(square))
        .expect("the corner's first square borders the closed part");
    let a2 = links
        .neighbours(a1)
        .next()
        .expect("cycle squares have links");
    links.remove(a1, a2);
    links.add(a1, entry);
    links.walk(a2)
}

/// The path, or a copy of it under one of the symmetries of every rectangle, that starts at
/// `start`.
fn starting_at(board: TourBoard, path: Vec<u32>, start: u32) -> Option<Vec<u32>> {
    let size = (board.rows() as usize, board.cols() as usize);
    for symmetry in Symmetry::ALL.into_iter().filter(|s| !s.transposes()) {
        debug_assert!(symmetry.keeps(size));
        let image = |square: u32| board.image(symmetry, square);
        if image(path[0]) == start {
            return Some(path.iter().map(|&square| image(square)).collect());
        }
        if image(path[path.len() - 1]) == start {
            return Some(path.iter().rev().map(|&square| image(square)).collect());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: u32, cols: u32) -> TourBoard {
        TourBoard::new(rows, cols).unwrap()
    }

    #[test]
    fn published_three_row_tours_are_valid() {
        for (width, numbers) in PUBLISHED_THREE_ROW_TOURS {
            let b = board(3, width);
            let mut path = vec![0; numbers.len()];
            for (square, &number) in numbers.iter().enumerate() {
                path[number as usize - 1] = square as u32;
            }
            assert_eq!(
                crate::tour::verify::verify(b, &path, false),
                Ok(()),
                "3x{width}"
            );
            assert_eq!(path[0], 0);
        }
    }

    /// Every board up to 20×20 gets a tour exactly when the theorems say it has one, closed
    /// exactly when Schwenk allows.
    #[test]
    fn every_board_up_to_20_by_20() {
        for rows in 1..=20 {
            for cols in 1..=20 {
                let b = board(rows, cols);
                let open = open_tour_exists(b).exists;
                let closed = closed_tour_exists(b).exists;
                match construct(b, false, None) {
                    Ok(tour) => {
                        assert!(open, "{b}");
                        assert_eq!(tour.is_closed(), closed, "{b}");
                    }
                    Err(FindError::NoTour(_)) => assert!(!open, "{b}"),
                    Err(other) => panic!("{b}: {other}"),
                }
                assert_eq!(construct(b, true, None).is_ok(), closed, "{b}");
            }
        }
    }

    #[test]
    fn long_thin_and_odd_boards() {
        for (rows, cols) in [
            (3, 50),
            (3, 51),
            (4, 57),
            (4, 60),
            (4, 1000),
            (5, 41),
            (13, 31),
            (33, 7),
            (6, 100),
            (100, 3),
        ] {
            let b = board(rows, cols);
            assert!(construct(b, false, None).is_ok(), "{b}");
        }
    }

    #[test]
    fn four_row_boards_use_the_two_phase_construction() {
        for cols in (9..=40).chain([101, 102, 103, 104, 1000]) {
            let b = board(4, cols);
            let path = four_row_two_phase(b).unwrap_or_else(|| panic!("{b}"));
            assert_eq!(crate::tour::verify::verify(b, &path, false), Ok(()), "{b}");
        }
    }

    #[test]
    fn large_boards() {
        for (rows, cols, closed) in [
            (1000, 1001, true),
            (999, 999, false),
            (3, 2002, true),
            (997, 4, false),
        ] {
            let b = board(rows, cols);
            let tour = construct(b, closed, None).unwrap();
            assert_eq!(tour.is_closed(), closed, "{b}");
            assert_eq!(crate::tour::verify::verify(b, tour.path(), closed), Ok(()));
        }
    }

    #[test]
    fn starts_where_asked() {
        let b = board(8, 8);
        let c3 = b.parse_square("c3").unwrap();
        assert_eq!(construct(b, true, Some(c3)).unwrap().path()[0], c3);
        let b = board(3, 7);
        let corner = b.index(2, 6);
        assert_eq!(construct(b, false, Some(corner)).unwrap().path()[0], corner);
    }
}
