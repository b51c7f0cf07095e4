//! Who wins a position of one piece on a board of up to 22 rows and 32 columns, plus a nim heap,
//! by a search that keeps one bit per position.
//!
//! The general solver ([`crate::solver::Solver`]) splits positions into components, keys each
//! by its shape and learns nimbers or values they are not. On the Queens game that generality
//! costs more than it gives: the attack graph is so dense that a position stays one component
//! until the last few moves, so the only question the first-move search asks, "is this
//! position plus `*h` a second-player win?", is best answered directly. Following the 2026
//! solver of Rudd (queens-nimbers, whose paper measures each of these choices):
//! - a position is its set of live squares, laid out 16 to a row (32 on boards over 16 × 16,
//!   which then take eleven words rather than four), and is keyed by the least of its images
//!   under the board's symmetries, so that rotated and reflected positions share a slot of a
//!   lock-free table of one word each ([`WinTable`]), shared by every thread;
//! - positions of at most [`DEFAULT_SWEEP_SIZE`] live squares never touch the table: they are
//!   renumbered into one machine word and decided by [`WinSweep`];
//! - the replies are tried most constraining first (fewest live squares left), except in the
//!   position asked about, where after the two most constraining the most and the least
//!   constraining of the rest take turns (`take_ends_in_turn`), and one and two moves below
//!   it, where the squares that won most often at that depth come first (`HISTORY_DEPTHS`);
//!   near the root,
//!   a reply the table already knows to win is taken before any is searched (an enhanced
//!   transposition cut-off);
//! - a move in the heap to a size the table already knows lost for the opponent is taken at
//!   once; other moves in the heap come last;
//! - when the opponent answers a reply by a square, the reply to that square is lost too (the
//!   two moves, in either order, leave the same position) and is not searched: a refutation
//!   pair, found by this search and the sweep alike (not from the 2026 solver).
//!
//! Two orderings that pay elsewhere cost more positions than they saved here
//! (docs/PERFORMANCE_HISTORY.md): the mirror image of the move just made first (what made the general
//! solver fast on even boards), and killer replies at every depth (the reply that refuted the
//! last position at the same depth).

use std::cmp::Reverse;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use crate::board::BoardSize;
use crate::solver::{renumber, WinSlots, WinSweep, WinTable, DENSE_CAPACITY};
use crate::square_set::SquareSet;
use crate::values::Nimber;

use super::{BoardSet, PlacementGame, Surface};
use crate::board::Piece;

/// Live squares, square `(row, col)` at bit `stride * row + col`, in `W` words: 4 words of
/// 16 rows of 16 ([`Geometry::STRIDE`] 16) or 11 words of 22 rows of 32 (stride 32). Rows of a
/// power of two make each symmetry a few shifts and masks of whole words.
type Rows<const W: usize> = SquareSet<W>;

/// The words of the layout for boards of up to 16 rows and columns.
const NARROW_WORDS: usize = 4;

/// The words of the layout for boards of up to 22 rows and 32 columns: 22 × 22, the largest
/// square board, in eleven words rather than the sixteen of a full 32 × 32 (every word is
/// hashed and compared at every position).
const WIDE_WORDS: usize = 11;

/// The most words of a layout's full square matrix (32 × 32), which the transposition needs.
const SQUARE_WORDS: usize = 16;

/// Positions of at most this many live squares are decided by [`WinSweep`], without the
/// table. Measured on the Queens game in docs/PERFORMANCE_HISTORY.md: the time falls to about 30
/// squares and is flat beyond, and the table's use falls with it. (The sweep's positions are
/// each met about once, so keeping them would fill the table for little.)
pub const DEFAULT_SWEEP_SIZE: usize = 30;

/// Positions of at least this many live squares look their replies up in the table before
/// searching any (see [`WinSearch::wins`]): near the root, where a cut-off saves most
/// (measured in docs/PERFORMANCE_HISTORY.md).
const CUT_OFF_LOOKUP_SIZE: usize = 40;

/// The depths below the position asked about (a first move's, in the first-move search) at
/// which replies are tried in the order of how often each square won at that depth before.
/// At depth 1 the player who asked looks for a refutation of a reply: on 16 × 16 the winning
/// replies to a first move are mostly the most constraining, but when they are not, the
/// refutations of the wrong ones are mostly on the border, among the least constraining
/// moves, and the same few squares refute many replies (measured in
/// docs/PERFORMANCE_HISTORY.md). At depth 2 the opponent answers each move after its winning
/// reply, and there too a few squares answer many (docs/PERFORMANCE.md); to depth 3 or 4 the
/// counts did better on 16 × 16 but worse on 15 × 15.
const HISTORY_DEPTHS: usize = 2;

/// In the position asked about, how many of the most constraining replies are tried before
/// the least constraining ones take turns with the rest (see [`take_ends_in_turn`]).
pub(super) const CENTRAL_REPLIES: usize = 2;

/// Reorders replies sorted most constraining first: the first `leading` stay first, then the
/// most and the least constraining of the rest take turns. On 16 × 16 a first move's winning
/// reply is one of the two most constraining (central) replies, except after a1 and b1, where
/// it is one of the least constraining, far from the first move (k6 and l10, the 23rd and 26th
/// in the plain order): with this order they are tried fourth, and b1's question fell from
/// 14.2 M positions to 5.1 M (docs/PERFORMANCE_HISTORY.md).
pub(super) fn take_ends_in_turn<T: Copy>(replies: &mut [T], leading: usize) {
    let rest = &replies[leading.min(replies.len())..];
    let mut order = Vec::with_capacity(rest.len());
    let (mut low, mut high) = (0, rest.len());
    while low < high {
        order.push(rest[low]);
        low += 1;
        if low < high {
            high -= 1;
            order.push(rest[high]);
        }
    }
    let start = replies.len() - order.len();
    replies[start..].copy_from_slice(&order);
}

/// How many positions pass between looks at the stop flag and reports of the count.
const POLL_INTERVAL: u64 = 1 << 12;

/// A reply waiting to be searched is one word: the squares it leaves (from bit
/// [`LEFT_SHIFT`]), then its square's rank among the live squares (from bit [`RANK_SHIFT`],
/// for positions of at most [`DENSE_CAPACITY`] squares, else 0), then its square. Sorted as
/// numbers, the replies that leave least come first, in the order of their squares.
const LEFT_SHIFT: u32 = 16;
const RANK_SHIFT: u32 = 10;
const SQUARE_MASK: u32 = (1 << RANK_SHIFT) - 1;
const RANK_MASK: u32 = (1 << (LEFT_SHIFT - RANK_SHIFT)) - 1;

/// Seeds of the two independent hashes of a position: one picks its bucket, the other is its
/// fingerprint.
const INDEX_SEED: u64 = 0x243F_6A88_85A3_08D3;
const CHECK_SEED: u64 = 0x1319_8A2E_0370_7344;

/// The finaliser of SplitMix64: every bit of the result depends on every bit of `value`.
fn mix64(value: u64) -> u64 {
    let value = (value ^ value >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let value = (value ^ value >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
    value ^ value >> 31
}

/// The board as the search sees it: neighbourhoods and symmetries in the [`Rows`] layout.
#[derive(Debug)]
struct Geometry<const W: usize> {
    rows: usize,
    cols: usize,
    /// The closed neighbourhood of each square, by its [`Rows`] index.
    closed: Vec<Rows<W>>,
    /// The low `cols` bits of each row of a word.
    row_mask: u64,
}

impl<const W: usize> Geometry<W> {
    /// Squares a row has room for, and so the most rows and columns of a board: the square
    /// root of the layout's bits.
    const STRIDE: usize = if W == NARROW_WORDS { 16 } else { 32 };

    /// Rows in one word.
    const ROWS_PER_WORD: usize = 64 / Self::STRIDE;

    /// Rows in the layout.
    const ROWS: usize = W * Self::ROWS_PER_WORD;

    /// Words of the full `STRIDE` × `STRIDE` matrix.
    const SQUARE_WORDS: usize = Self::STRIDE * Self::STRIDE / 64;

    /// Squares in the layout.
    const SQUARES: usize = W * 64;

    /// Whether a board fits the layout.
    fn fits(board: BoardSize) -> bool {
        board.rows() <= Self::ROWS && board.cols() <= Self::STRIDE
    }

    fn new(piece: Piece, board: BoardSize) -> Geometry<W> {
        debug_assert!(Self::SQUARE_WORDS <= SQUARE_WORDS && Self::fits(board));
        let (rows, cols) = (board.rows(), board.cols());
        let packed: Vec<BoardSet> = piece.closed_neighbourhoods(board);
        let mut closed = vec![Rows::EMPTY; Self::SQUARES];
        for square in board.all_squares() {
            let (row, col) = (square.row(), square.col());
            closed[row * Self::STRIDE + col] = packed[row * cols + col]
                .iter()
                .map(|index| index / cols * Self::STRIDE + index % cols)
                .collect();
        }
        let lane = (1u64 << cols) - 1;
        let row_mask =
            (0..Self::ROWS_PER_WORD).fold(0, |mask, i| mask | lane << (i * Self::STRIDE));
        Geometry {
            rows,
            cols,
            closed,
            row_mask,
        }
    }

    /// The set laid out `STRIDE` to a row, from the game's layout (`cols` to a row).
    fn rows_of(&self, set: &BoardSet) -> Rows<W> {
        set.iter()
            .map(|index| index / self.cols * Self::STRIDE + index % self.cols)
            .collect()
    }

    /// The rows of a word in the opposite order, each row as it was.
    #[inline]
    fn reverse_rows_of_word(word: u64) -> u64 {
        let halves = word.rotate_left(32);
        if Self::STRIDE == 16 {
            (halves & 0x0000_FFFF_0000_FFFF) << 16 | halves >> 16 & 0x0000_FFFF_0000_FFFF
        } else {
            halves
        }
    }

    /// The set with each row read backwards: the columns mirrored.
    fn mirror_cols(&self, set: &Rows<W>) -> Rows<W> {
        let mut words = *set.words();
        for word in &mut words {
            // Every bit of the word reversed, then its rows put back in order: each row
            // reversed, its squares now in the top `cols` bits.
            let reversed = Self::reverse_rows_of_word(word.reverse_bits());
            *word = reversed >> (Self::STRIDE - self.cols) & self.row_mask;
        }
        Rows::from_words(words)
    }

    /// The set with its rows in the opposite order: the rows mirrored.
    fn mirror_rows(&self, set: &Rows<W>) -> Rows<W> {
        let words = set.words();
        // All the layout's rows reversed (the words in the opposite order, the rows within
        // each word too), then moved down so that the board's last row comes first.
        let mut reversed = [0u64; W];
        for (to, &from) in reversed.iter_mut().zip(words.iter().rev()) {
            *to = Self::reverse_rows_of_word(from);
        }
        let shift = (Self::ROWS - self.rows) * Self::STRIDE;
        let (word_shift, bit_shift) = (shift / 64, shift % 64);
        let mut words = [0u64; W];
        for (i, word) in words.iter_mut().enumerate() {
            let Some(&low) = reversed.get(i + word_shift) else {
                break;
            };
            *word = low >> bit_shift;
            if bit_shift != 0 {
                if let Some(&high) = reversed.get(i + word_shift + 1) {
                    *word |= high << (64 - bit_shift);
                }
            }
        }
        Rows::from_words(words)
    }

    /// The set reflected in the main diagonal (square boards only): square `(r, c)` to
    /// `(c, r)`, by swapping ever smaller blocks of the `STRIDE` × `STRIDE` bit matrix. For
    /// blocks of `b` rows and columns, the columns with bit `b` set in the rows with bit `b`
    /// clear trade places with the columns with bit `b` clear in the rows `b` further on.
    fn transpose(set: &Rows<W>) -> Rows<W> {
        // The layout's rows, then the empty rows that make up the square matrix.
        let mut matrix = [0u64; SQUARE_WORDS];
        matrix[..W].copy_from_slice(set.words());
        let words = &mut matrix[..Self::SQUARE_WORDS];
        let mut block = Self::STRIDE / 2;
        while block > 0 {
            // The columns with bit `block` clear, in every row of a word.
            let low_cols = u64::MAX / ((1u64 << (2 * block)) - 1) * ((1u64 << block) - 1);
            let distance = block * Self::STRIDE;
            if distance >= 64 {
                // The rows `block` further on are in the word `distance / 64` further on.
                let apart = distance / 64;
                for upper in (0..Self::SQUARE_WORDS).filter(|i| i / apart % 2 == 0) {
                    let lower = upper + apart;
                    let t = (words[upper] >> block ^ words[lower]) & low_cols;
                    words[upper] ^= t << block;
                    words[lower] ^= t;
                }
            } else {
                // Both rows are in one word: the rows with bit `block` clear, `distance` bits
                // below their partners.
                let upper_rows = (0..Self::ROWS_PER_WORD)
                    .filter(|row| row & block == 0)
                    .fold(0u64, |mask, row| {
                        mask | (u64::MAX >> (64 - Self::STRIDE)) << (row * Self::STRIDE)
                    });
                let mask = low_cols & upper_rows;
                for word in words.iter_mut() {
                    let t = (*word >> block ^ *word >> distance) & mask;
                    *word ^= t << block ^ t << distance;
                }
            }
            block /= 2;
        }
        // A square board's transpose stays within its rows, which the layout holds.
        let mut words = [0u64; W];
        words.copy_from_slice(&matrix[..W]);
        Rows::from_words(words)
    }

    /// The least of the set's images under the board's symmetries (eight on a square board,
    /// four on another rectangle): one key for a position and all its turns and reflections.
    fn canonical(&self, set: &Rows<W>) -> Rows<W> {
        let least = |a: Rows<W>, b: Rows<W>| if b.words() < a.words() { b } else { a };
        let cols_mirrored = self.mirror_cols(set);
        let rows_mirrored = self.mirror_rows(set);
        let mut best = least(*set, cols_mirrored);
        best = least(best, rows_mirrored);
        best = least(best, self.mirror_cols(&rows_mirrored));
        if self.rows == self.cols {
            let transposed = Self::transpose(set);
            let rows_mirrored = self.mirror_rows(&transposed);
            best = least(best, transposed);
            best = least(best, self.mirror_cols(&transposed));
            best = least(best, rows_mirrored);
            best = least(best, self.mirror_cols(&rows_mirrored));
        }
        best
    }
}

/// Decides positions of one piece's placement game on a rectangle plus a nim heap, keeping
/// what it learns in a table it may share with searches on other threads. Boards of up to
/// 16 × 16 are laid out in four words, larger ones (up to 22 rows of 32) in eleven.
pub enum WinSearch {
    /// Boards of up to 16 rows and columns.
    Narrow(RowsSearch<NARROW_WORDS>),
    /// Boards of up to 22 rows and 32 columns.
    Wide(RowsSearch<WIDE_WORDS>),
}

/// Runs `$body` with `$search` bound to the search, whatever its layout (the body is compiled
/// once per layout). With `$same`, the body is also given the variant it came from, to wrap a
/// new search of the same layout. (As the placement solver's `with_engine`.)
macro_rules! with_layout {
    ($win_search:expr, $search:ident => $body:expr) => {
        with_layout!($win_search, ($search, _same) => $body)
    };
    ($win_search:expr, ($search:ident, $same:ident) => $body:expr) => {
        match $win_search {
            WinSearch::Narrow($search) => {
                let $same = WinSearch::Narrow;
                $body
            }
            WinSearch::Wide($search) => {
                let $same = WinSearch::Wide;
                $body
            }
        }
    };
}

impl WinSearch {
    /// Whether this search plays `game`: one piece on a rectangle of at most 22 rows and 32
    /// columns (taller boards, up to 32 × 16, are left to the general solver). It is
    /// used for the Queens game, where it is measured faster (docs/PERFORMANCE_HISTORY.md); the
    /// sparse attack graphs of the leapers split into components early, which the general
    /// solver values far faster.
    #[must_use]
    pub fn plays(game: &PlacementGame) -> bool {
        game.single_piece().is_some()
            && game.rules().surface() == Surface::Rectangle
            && Geometry::<WIDE_WORDS>::fits(game.board())
    }

    /// A search of `game` (which it must [play](WinSearch::plays)) storing what it learns in
    /// `table`.
    ///
    /// # Panics
    /// When the search does not play `game`: a caller error.
    #[must_use]
    pub fn new(game: &PlacementGame, table: Arc<WinTable>) -> WinSearch {
        assert!(
            WinSearch::plays(game),
            "the win search does not play {}",
            game.name()
        );
        let piece = game.single_piece().expect("a single piece");
        let board = game.board();
        if Geometry::<NARROW_WORDS>::fits(board) {
            WinSearch::Narrow(RowsSearch::new(piece, board, table))
        } else {
            WinSearch::Wide(RowsSearch::new(piece, board, table))
        }
    }

    /// Another search of the same game on the same table, for another thread.
    #[must_use]
    pub fn another(&self) -> WinSearch {
        with_layout!(self, (search, same) => same(search.another()))
    }

    /// Positions of at most `squares` live squares are decided by the sweep; any value gives
    /// the same answers at another speed.
    pub fn set_sweep_size(&mut self, squares: usize) {
        with_layout!(self, search => search.sweep_size = squares.min(crate::solver::DENSE_CAPACITY));
    }

    /// Adds the positions this search expands to `total` as it goes.
    pub fn count_into(&mut self, total: Arc<AtomicU64>) {
        with_layout!(self, search => search.searched = Some(total));
    }

    /// The square (in the game's numbering) whose move won the position of the last question,
    /// when a move of a square searched here won it: what refutation pairs rest on.
    #[cfg(test)]
    fn refuter_square(&self) -> Option<usize> {
        with_layout!(self, search => search.refuter_in_game())
    }

    /// Positions expanded so far: those neither swept nor found in the table (including those
    /// settled by a heap move found in the table).
    #[must_use]
    pub fn positions(&self) -> u64 {
        with_layout!(self, search => search.positions)
    }

    /// Positions decided by the sweep's own expansions so far.
    #[must_use]
    pub fn sweep_positions(&self) -> u64 {
        with_layout!(self, search => search.sweep.positions())
    }

    /// Whether the position whose live squares are `available` (in the game's numbering) has
    /// the nim-value `value`, that is whether it plus `*value` is a second-player win.
    pub fn has_value(&mut self, available: &BoardSet, value: Nimber) -> bool {
        with_layout!(self, search => search.has_value(available, value))
    }

    /// Like [`WinSearch::has_value`], but gives up, returning `None`, when `stop` is raised or
    /// after expanding `max_positions` positions. What was learnt before stays in the table.
    pub fn has_value_within(
        &mut self,
        available: &BoardSet,
        value: Nimber,
        stop: &Arc<AtomicBool>,
        max_positions: u64,
    ) -> Option<bool> {
        with_layout!(self, search => search.has_value_within(available, value, stop, max_positions))
    }
}

/// The search in one layout of `Rows`.
pub struct RowsSearch<const W: usize> {
    geometry: Arc<Geometry<W>>,
    table: Arc<WinTable>,
    /// The table's slots as this search took them last.
    slots: Arc<WinSlots>,
    /// Slots this search filled in `slots` and has not reported to `table`.
    filled: u64,
    sweep: WinSweep,
    sweep_size: usize,
    scratch: Vec<u8>,
    /// The replies of the positions being searched, as (rank, square) words, deepest last.
    waiting: Vec<u32>,
    positions: u64,
    /// Positions already added to `searched`.
    reported: u64,
    searched: Option<Arc<AtomicU64>>,
    stop: Option<Arc<AtomicBool>>,
    /// The current question was given up: from here on answers mean nothing and nothing is
    /// stored.
    stopped: bool,
    position_limit: u64,
    /// Moves from the position asked about to the one being searched.
    depth: usize,
    /// By depth from 1 to [`HISTORY_DEPTHS`], then by square: how often the square won a
    /// position at that depth, over every question this search was asked.
    wins_at_depth: [Vec<u32>; HISTORY_DEPTHS],
    /// The position whose live squares, numbered in order, are the sweep's graph now: its
    /// replies small enough to sweep are swept in that graph, with no numbering of their own.
    swept_graph: Option<Rows<W>>,
    /// The square of each vertex of the sweep's graph, by its number there.
    swept_squares: [u16; DENSE_CAPACITY],
    /// The hashes and squares of the replies looked up for a cut-off, kept between calls so
    /// that its allocation is reused.
    cut_off_lookups: Vec<(u64, u64, usize)>,
    /// The square whose move won the position of the last call of [`RowsSearch::wins`] (or
    /// [`RowsSearch::sweep_reply`]): none when it was lost, or found in the table, or won by
    /// a move in the heap.
    refuter: Option<usize>,
}

impl<const W: usize> RowsSearch<W> {
    /// A search of `piece` on `board`, which must fit the layout.
    fn new(piece: Piece, board: BoardSize, table: Arc<WinTable>) -> RowsSearch<W> {
        RowsSearch::sharing(Arc::new(Geometry::new(piece, board)), table)
    }

    fn sharing(geometry: Arc<Geometry<W>>, table: Arc<WinTable>) -> RowsSearch<W> {
        let layout_squares = Geometry::<W>::SQUARES;
        RowsSearch {
            geometry,
            slots: table.slots(),
            table,
            filled: 0,
            sweep: WinSweep::default(),
            sweep_size: DEFAULT_SWEEP_SIZE,
            scratch: vec![0; layout_squares],
            waiting: Vec::new(),
            positions: 0,
            reported: 0,
            searched: None,
            stop: None,
            stopped: false,
            position_limit: u64::MAX,
            depth: 0,
            wins_at_depth: std::array::from_fn(|_| vec![0; layout_squares]),
            swept_graph: None,
            swept_squares: [0; DENSE_CAPACITY],
            cut_off_lookups: Vec::new(),
            refuter: None,
        }
    }

    /// [`RowsSearch::refuter`] in the game's numbering (`cols` squares to a row).
    #[cfg(test)]
    fn refuter_in_game(&self) -> Option<usize> {
        let stride = Geometry::<W>::STRIDE;
        self.refuter
            .map(|square| square / stride * self.geometry.cols + square % stride)
    }

    fn another(&self) -> RowsSearch<W> {
        RowsSearch::sharing(Arc::clone(&self.geometry), Arc::clone(&self.table))
    }

    fn has_value(&mut self, available: &BoardSet, value: Nimber) -> bool {
        let live = self.geometry.rows_of(available);
        let answer = !self.wins(live, value.value());
        self.report();
        answer
    }

    fn has_value_within(
        &mut self,
        available: &BoardSet,
        value: Nimber,
        stop: &Arc<AtomicBool>,
        max_positions: u64,
    ) -> Option<bool> {
        self.stop = Some(Arc::clone(stop));
        self.stopped = stop.load(Ordering::Relaxed);
        self.position_limit = self.positions.saturating_add(max_positions);
        let answer = self.has_value(available, value);
        self.stop = None;
        self.position_limit = u64::MAX;
        let stopped = std::mem::replace(&mut self.stopped, false);
        (!stopped).then_some(answer)
    }

    fn report(&mut self) {
        self.slots = self
            .table
            .report_filled(&self.slots, std::mem::take(&mut self.filled));
        if let Some(total) = &self.searched {
            total.fetch_add(self.positions - self.reported, Ordering::Relaxed);
            self.reported = self.positions;
        }
    }

    /// Counts a position expanded; every [`POLL_INTERVAL`] looks whether to give up.
    fn count_position(&mut self) {
        self.positions += 1;
        if self.positions % POLL_INTERVAL == 0 {
            self.report();
            if let Some(stop) = &self.stop {
                self.stopped |=
                    stop.load(Ordering::Relaxed) || self.positions >= self.position_limit;
            }
        }
    }

    /// The two hashes of a position plus a heap, through its canonical image.
    fn hashes(&self, live: &Rows<W>, heap: u32) -> (u64, u64) {
        Self::key_hashes(&self.geometry.canonical(live), heap)
    }

    /// The two hashes of a canonical image plus a heap. Each chains the words through a full
    /// mix, from its own seed and with its own way of taking a word in, so that neither is a
    /// function of the other: two keys that share a bucket by chance agree in the
    /// fingerprint only by another chance. (Two sums of the words under one set of multipliers,
    /// finished alike, would be one 64-bit hash twice.)
    fn key_hashes(key: &Rows<W>, heap: u32) -> (u64, u64) {
        let mut index = INDEX_SEED;
        let mut check = CHECK_SEED;
        for &word in key.words() {
            index = mix64(index ^ word);
            check = mix64(check.wrapping_add(word).rotate_left(29));
        }
        let heap = u64::from(heap);
        (
            mix64(index.wrapping_add(heap.wrapping_mul(0x9E37_79B9_7F4A_7C15))),
            mix64(check ^ heap.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)),
        )
    }

    /// Whether the player to move wins `live` plus a heap of `heap`. When a move of a square
    /// searched here won it, that square is left in [`RowsSearch::refuter`].
    fn wins(&mut self, live: Rows<W>, heap: u32) -> bool {
        self.refuter = None;
        if self.stopped {
            // Unwinding a given-up search: no answer is wanted.
            return true;
        }
        let size = live.len();
        if size <= self.sweep_size {
            self.give_sweep_the_graph_of(&live);
            let wins = self.sweep.wins(size, heap);
            self.refuter = self.swept_refuter();
            return wins;
        }
        let key = self.geometry.canonical(&live);
        let (index_hash, check_hash) = Self::key_hashes(&key, heap);
        if let Some(wins) = self.slots.get(index_hash, check_hash) {
            return wins;
        }
        self.count_position();
        if self.stopped {
            return true;
        }
        // A move in the heap to a size the table knows lost for the opponent wins at once:
        // one lookup each, where the heap moves' searches come last.
        if (0..heap).any(|smaller| {
            let (index_hash, check_hash) = Self::key_hashes(&key, smaller);
            self.slots.get(index_hash, check_hash) == Some(false)
        }) {
            self.filled += u64::from(self.slots.put(index_hash, check_hash, true, size));
            return true;
        }
        // The replies as (size, square) words, the most constraining (fewest squares left)
        // first: they leave the opponent least, so their searches are the cheapest, and they
        // end the search soonest when the position is won.
        let first = self.waiting.len();
        let ranked = size <= DENSE_CAPACITY;
        for (rank, square) in live.iter().enumerate() {
            let left = live.without(self.geometry.closed[square]).len();
            let rank = if ranked { rank } else { 0 };
            self.waiting
                .push((left << LEFT_SHIFT | rank << RANK_SHIFT | square) as u32);
        }
        self.waiting[first..].sort_unstable();
        let depth = self.depth;
        if depth == 0 {
            take_ends_in_turn(&mut self.waiting[first..], CENTRAL_REPLIES);
        } else if (1..=HISTORY_DEPTHS).contains(&depth) {
            // The squares that won most often at this depth go first, the rest as above.
            let wins = &self.wins_at_depth[depth - 1];
            self.waiting[first..]
                .sort_by_key(|&word| (Reverse(wins[(word & SQUARE_MASK) as usize]), word));
        }
        let mut winning = None;
        if size >= CUT_OFF_LOOKUP_SIZE {
            // An enhanced transposition cut-off: a reply whose position the table knows lost
            // (for the player then to move) wins at once, before any reply is searched.
            // The bucket of every reply not swept is asked for before any is read, so that
            // the misses in memory overlap.
            self.cut_off_lookups.clear();
            for &word in &self.waiting[first..] {
                let square = (word & SQUARE_MASK) as usize;
                let option = live.without(self.geometry.closed[square]);
                if option.len() > self.sweep_size {
                    let (index_hash, check_hash) = self.hashes(&option, heap);
                    self.slots.prefetch(index_hash);
                    self.cut_off_lookups.push((index_hash, check_hash, square));
                }
            }
            winning = self
                .cut_off_lookups
                .iter()
                .find_map(|&(index_hash, check_hash, square)| {
                    (self.slots.get(index_hash, check_hash) == Some(false)).then_some(square)
                });
        }
        // Replies known lost without a search of their own: when the opponent answers a reply
        // by a square, that square's reply is answered by the first one, to the same position.
        let mut refuted = Rows::<W>::EMPTY;
        for next in first..self.waiting.len() {
            if winning.is_some() || self.stopped {
                break;
            }
            let word = self.waiting[next];
            let square = (word & SQUARE_MASK) as usize;
            if refuted.contains(square) {
                continue;
            }
            let option_wins = if ranked && (word >> LEFT_SHIFT) as usize <= self.sweep_size {
                self.sweep_reply(&live, (word >> RANK_SHIFT & RANK_MASK) as usize, heap)
            } else {
                let option = live.without(self.geometry.closed[square]);
                self.depth += 1;
                let option_wins = self.wins(option, heap);
                self.depth -= 1;
                option_wins
            };
            if let (true, Some(refuter)) = (option_wins, self.refuter) {
                refuted.insert(refuter);
            }
            if !option_wins {
                winning = Some(square);
                if (1..=HISTORY_DEPTHS).contains(&depth) && !self.stopped {
                    self.wins_at_depth[depth - 1][square] += 1;
                }
            }
        }
        self.waiting.truncate(first);
        self.depth += 1;
        let won = winning.is_some() || (0..heap).any(|smaller| !self.wins(live, smaller));
        self.depth -= 1;
        if !self.stopped {
            self.filled += u64::from(self.slots.put(index_hash, check_hash, won, size));
        }
        self.refuter = winning;
        won
    }

    /// Whether the player to move wins the reply at the square of rank `rank` in `live` (a
    /// position of at most [`DENSE_CAPACITY`] squares whose reply is small enough to sweep),
    /// plus `heap`: swept in the graph of `live`, numbered once for all its replies. Sets
    /// [`RowsSearch::refuter`] as [`RowsSearch::wins`] does.
    fn sweep_reply(&mut self, live: &Rows<W>, rank: usize, heap: u32) -> bool {
        self.give_sweep_the_graph_of(live);
        let wins = self.sweep.wins_after(live.len(), rank, heap);
        self.refuter = self.swept_refuter();
        wins
    }

    /// The square of the sweep's [refuter](WinSweep::refuter), after a sweep in the graph of
    /// [`RowsSearch::give_sweep_the_graph_of`].
    fn swept_refuter(&self) -> Option<usize> {
        self.sweep
            .refuter()
            .map(|vertex| usize::from(self.swept_squares[vertex]))
    }

    /// Writes the graph of `live` (at most [`DENSE_CAPACITY`] squares, numbered in order) as
    /// the sweep's, unless it is the sweep's graph already.
    fn give_sweep_the_graph_of(&mut self, live: &Rows<W>) {
        if self.swept_graph.as_ref() != Some(live) {
            renumber(
                &self.geometry.closed,
                live,
                &mut self.scratch,
                self.sweep.neighbourhoods_mut(),
            )
            .expect("a swept position has at most 64 squares");
            for (vertex, square) in live.iter().enumerate() {
                // A square of the layout is below 2^10 (11 words of 64 bits).
                self.swept_squares[vertex] = square as u16;
            }
            self.swept_graph = Some(*live);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Symmetry;
    use crate::games::placement::node_kayles::NodeKayles;
    use crate::solver::naive_nim_value;

    fn board(text: &str) -> BoardSize {
        text.parse().unwrap()
    }

    /// A pseudo-random subset of the board's squares, each kept with probability `keep`/16.
    fn random_subset(board: BoardSize, keep: u64, state: &mut u64) -> BoardSet {
        board
            .all_squares()
            .map(|square| square.row() * board.cols() + square.col())
            .filter(|_| {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                *state % 16 < keep
            })
            .collect()
    }

    /// The order of the replies to the position asked about: the leading ones, then the ends
    /// of the rest in turn, every reply once.
    #[test]
    fn the_ends_take_turns_after_the_leading_replies() {
        let mut replies: Vec<u32> = (0..7).collect();
        take_ends_in_turn(&mut replies, 2);
        assert_eq!(replies, [0, 1, 2, 6, 3, 5, 4]);
        let mut replies: Vec<u32> = (0..6).collect();
        take_ends_in_turn(&mut replies, 2);
        assert_eq!(replies, [0, 1, 2, 5, 3, 4]);
        let mut few: Vec<u32> = vec![7];
        take_ends_in_turn(&mut few, 2);
        assert_eq!(few, [7]);
    }

    /// The symmetries' images in the layout of `W` words against the geometric reference,
    /// [`Symmetry::permutation`], on each of `boards`.
    fn check_images<const W: usize>(boards: &[(u32, u32)]) {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for &(rows, cols) in boards {
            let board = BoardSize::new(rows, cols).unwrap();
            let geometry = Geometry::<W>::new(Piece::Queen, board);
            for _ in 0..40 {
                let set = random_subset(board, 7, &mut state);
                let image = |symmetry: Symmetry| {
                    geometry.rows_of(&set.permuted(&symmetry.permutation(board)))
                };
                let rows_set = geometry.rows_of(&set);
                let name = format!("{board} in {W} words");
                assert_eq!(
                    geometry.mirror_cols(&rows_set),
                    image(Symmetry::COLUMN_MIRROR),
                    "{name}"
                );
                assert_eq!(
                    geometry.mirror_rows(&rows_set),
                    image(Symmetry::ROW_MIRROR),
                    "{name}"
                );
                if rows == cols {
                    assert_eq!(
                        Geometry::transpose(&rows_set),
                        image(Symmetry::TRANSPOSE),
                        "{name}"
                    );
                }
                let canonical = geometry.canonical(&rows_set);
                for symmetry in Symmetry::of_board(board) {
                    assert_eq!(geometry.canonical(&image(symmetry)), canonical, "{name}");
                }
            }
        }
    }

    #[test]
    fn the_images_are_the_boards_symmetries() {
        let small = [
            (1, 1),
            (3, 5),
            (5, 3),
            (6, 6),
            (7, 7),
            (11, 16),
            (16, 9),
            (16, 16),
        ];
        check_images::<NARROW_WORDS>(&small);
        check_images::<WIDE_WORDS>(&small);
        check_images::<WIDE_WORDS>(&[
            (17, 17),
            (18, 18),
            (19, 19),
            (20, 20),
            (22, 22),
            (17, 30),
            (22, 23),
            (16, 32),
            (1, 32),
            (22, 1),
        ]);
    }

    /// Every answer of `search` against the naive recursion on `available`, heaps 0 to 3.
    fn check_answers(search: &mut WinSearch, game: &PlacementGame, available: &BoardSet) {
        let piece = game.single_piece().unwrap();
        let reference = NodeKayles::<8>::new(piece, game.board());
        let value = naive_nim_value(&reference, available);
        let closed: Vec<BoardSet> = piece.closed_neighbourhoods(game.board());
        for heap in 0..4 {
            let has_value = search.has_value(available, Nimber::new(heap));
            assert_eq!(
                has_value,
                value == Nimber::new(heap),
                "{} {}, heap {heap}, {} live squares",
                game.name(),
                game.board(),
                available.len()
            );
            // The square named as the winning move (refutation pairs rest on it) leaves a
            // position of exactly the heap's value: a lost one for the opponent.
            if let (false, Some(square)) = (has_value, search.refuter_square()) {
                assert!(available.contains(square));
                assert_eq!(
                    naive_nim_value(&reference, &available.without(closed[square])),
                    Nimber::new(heap),
                    "{} {}, heap {heap}: the named winner {square}",
                    game.name(),
                    game.board()
                );
            }
        }
    }

    /// Every answer against the naive recursion, for several pieces and boards, in both
    /// layouts, heaps 0 to 3, the sweep taking everything, nothing, or the positions of up to
    /// 8 squares.
    #[test]
    fn answers_agree_with_the_naive_recursion() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for (piece, size) in [
            (Piece::Queen, "5x5"),
            (Piece::Queen, "4x6"),
            (Piece::Rook, "4x5"),
            (Piece::Bishop, "5x5"),
            (Piece::Knight, "4x5"),
            (Piece::King, "5x4"),
        ] {
            let game = PlacementGame::new(piece, board(size));
            for sweep_size in [0, 8, 64] {
                let table = || Arc::new(WinTable::with_budget(1 << 16));
                for mut search in [
                    WinSearch::Narrow(RowsSearch::new(piece, game.board(), table())),
                    WinSearch::Wide(RowsSearch::new(piece, game.board(), table())),
                ] {
                    search.set_sweep_size(sweep_size);
                    for keep in [8, 12, 16] {
                        let available = random_subset(game.board(), keep, &mut state);
                        check_answers(&mut search, &game, &available);
                    }
                }
            }
        }
    }

    /// The same on boards larger than 16 × 16, which take the wide layout: a few live squares
    /// spread over the whole board, and a block in the corner far from a1, where the last
    /// rows and columns of the layout are.
    #[test]
    fn answers_agree_with_the_naive_recursion_on_large_boards() {
        let mut state = 0x5851_F42D_4C95_7F2Du64;
        for (piece, size) in [
            (Piece::Queen, "17x17"),
            (Piece::Queen, "18x18"),
            (Piece::Queen, "20x20"),
            (Piece::Queen, "17x24"),
            (Piece::Rook, "22x22"),
            (Piece::Bishop, "19x19"),
            (Piece::Queen, "16x32"),
            (Piece::Queen, "22x23"),
        ] {
            let game = PlacementGame::new(piece, board(size));
            let board = game.board();
            let far_corner: BoardSet = random_subset(board, 10, &mut state)
                .iter()
                .filter(|&index| {
                    index / board.cols() + 6 >= board.rows()
                        && index % board.cols() + 6 >= board.cols()
                })
                .collect();
            for sweep_size in [0, 8, 64] {
                let mut search = WinSearch::new(&game, Arc::new(WinTable::with_budget(1 << 16)));
                assert!(matches!(search, WinSearch::Wide(_)));
                search.set_sweep_size(sweep_size);
                for _ in 0..3 {
                    // 18 squares: few enough for the naive recursion, whatever the piece (a
                    // number drawn around 18 reached 25 scattered rooks, 2^25 positions).
                    let mut spread = BoardSet::EMPTY;
                    while spread.len() < 18 {
                        state = mix64(state);
                        spread.insert((state % board.squares() as u64) as usize);
                    }
                    check_answers(&mut search, &game, &spread);
                }
                check_answers(&mut search, &game, &far_corner);
            }
        }
    }
}
