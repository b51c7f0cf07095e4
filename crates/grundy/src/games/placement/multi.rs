//! The engine for every placement game that is not one piece on a rectangle: several pieces,
//! other surfaces, lines blocked by occupied squares.
//!
//! With lines passing through occupied squares, a position is again just the set `A` of free
//! (neither occupied nor attacked) squares, and the move "piece `p` on `v`" leads to
//! `A \ N_p[v]`: Node Kayles with one closed neighbourhood per piece. Two free squares interact
//! when some piece on one would attack the other, so the position splits into the components
//! of the union of the pieces' attack graphs.
//!
//! With blocked lines a piece's attacks are fixed when it is placed (no later piece can go on
//! its lines before the first piece on them, those squares are attacked), but a new piece
//! stops the lines of pieces placed after it, so the occupied squares are part of the
//! position. They split it just as well: if a piece placed on `u` would block a line between
//! two free squares `v` and `w`, then the piece on `v` attacking along that line attacks `u`,
//! so `u`, `v` and `w` are in one component. A component keeps only the occupied squares that
//! matter to it: the first occupied square of a line from one of its squares, when one of its
//! squares lies further along the line.
//!
//! Components are keyed up to the symmetries of the board:
//! - on a rectangle with lines passing through, by the [`ShapeKey`] of the free squares (every
//!   piece's attacks are unchanged by translation and the eight symmetries of the grid);
//! - on a rectangle with blocked lines, by the same kind of canonical form of the free and
//!   the relevant occupied squares together;
//! - on the other surfaces, by the least image of the free and relevant occupied squares under
//!   the surface's symmetries, each checked when the game is built to map every piece's leaps
//!   and lines (in order) onto leaps and lines of the same piece.

use crate::board::Symmetry;
use crate::solver::{mix_words, ImpartialGame, TableKey};
use crate::square_set::SquareSet;
use crate::values::Nimber;

use super::node_kayles::ShapeKey;
use super::{ray_until_blocked, PlacementGame, RayRule, Surface};

/// A position of [`RulesKayles`]: the free squares and (with blocked lines) the occupied
/// squares that can stop a line between two of them; with lines passing through, `occupied`
/// is always empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cells<const W: usize> {
    /// The squares neither occupied nor attacked.
    pub available: SquareSet<W>,
    /// Occupied squares that stop lines (blocked rule only).
    pub occupied: SquareSet<W>,
}

impl<const W: usize> TableKey for Cells<W> {
    #[inline]
    fn hash64(&self) -> u64 {
        mix_words(
            mix_words(0x5EED, self.available.words()),
            self.occupied.words(),
        )
    }
}

/// A line of squares from one square, in order, and the same squares as a set.
#[derive(Clone, Debug)]
struct Ray<const W: usize> {
    squares: Vec<u16>,
    all: SquareSet<W>,
}

/// How components are keyed.
#[derive(Clone, Debug)]
enum KeyMode {
    /// Rectangle, lines through: the shape of the free squares.
    Shape {
        narrow_cols: Option<usize>,
        row: Vec<u16>,
        col: Vec<u16>,
    },
    /// Rectangle, blocked lines: the shape of free and occupied squares together.
    Pattern { row: Vec<u16>, col: Vec<u16> },
    /// Other surfaces: the least image under the surface's symmetries.
    Image {
        board: u32,
        symmetries: Vec<Vec<u16>>,
    },
}

/// The canonical key of a component of [`RulesKayles`]. Equal keys are the same game up to the
/// board's symmetries and translation (isomorphic components), so they serve misère play too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RulesKey<const W: usize> {
    /// The shape of the free squares.
    Shape(ShapeKey<W>),
    /// Free and occupied squares in their bounding box (`height` × `width`, row-major), in
    /// the orientation that compares least; or, on other surfaces, their least image, with
    /// the board's size in `height` and `width`.
    Pattern {
        /// Height of the box (or rows of the board).
        height: u16,
        /// Width of the box (or columns of the board).
        width: u16,
        /// The free squares.
        available: [u64; W],
        /// The occupied squares that matter.
        occupied: [u64; W],
    },
}

impl<const W: usize> TableKey for RulesKey<W> {
    #[inline]
    fn hash64(&self) -> u64 {
        match self {
            RulesKey::Shape(shape) => shape.hash64(),
            RulesKey::Pattern {
                height,
                width,
                available,
                occupied,
            } => mix_words(
                mix_words(
                    0xB10C_0000 | u64::from(*height) << 16 | u64::from(*width),
                    available,
                ),
                occupied,
            ),
        }
    }
}

/// A placement game of any rules as an impartial game on [`Cells`].
#[derive(Clone, Debug)]
pub struct RulesKayles<const W: usize> {
    blocked: bool,
    /// Per piece and square: the square and its attacks with lines passing through.
    closed: Vec<Vec<SquareSet<W>>>,
    /// Per square: the union over the pieces of `closed`.
    union: Vec<SquareSet<W>>,
    /// Per piece and square: the square and its leaps.
    leaps: Vec<Vec<SquareSet<W>>>,
    /// Per piece: the directions of its lines.
    directions: Vec<Vec<usize>>,
    /// The directions of any piece's lines.
    all_directions: Vec<usize>,
    /// Per square and direction: the ray.
    rays: Vec<Vec<Ray<W>>>,
    keys: KeyMode,
}

impl<const W: usize> RulesKayles<W> {
    /// The engine of `game`, whose board must fit in `W` words.
    #[must_use]
    pub fn new(game: &PlacementGame) -> RulesKayles<W> {
        let board = game.board();
        assert!(board.squares() <= SquareSet::<W>::CAPACITY);
        let squares = board.squares();
        let closed: Vec<Vec<SquareSet<W>>> = game
            .attacks
            .closed_neighbourhood
            .iter()
            .map(|sets| sets.iter().map(|set| set.resize()).collect())
            .collect();
        let union = (0..squares)
            .map(|s| {
                closed
                    .iter()
                    .fold(SquareSet::EMPTY, |all, sets| all | sets[s])
            })
            .collect();
        let leaps = game
            .attacks
            .leaps
            .iter()
            .map(|sets| {
                sets.iter()
                    .enumerate()
                    .map(|(s, set)| set.resize() | SquareSet::single(s))
                    .collect()
            })
            .collect();
        let rays = game
            .attacks
            .rays
            .iter()
            .map(|lines| {
                lines
                    .iter()
                    .map(|squares| Ray {
                        squares: squares.clone(),
                        all: squares.iter().map(|&s| usize::from(s)).collect(),
                    })
                    .collect()
            })
            .collect();
        let mut all_directions: Vec<usize> =
            game.attacks.directions.iter().flatten().copied().collect();
        all_directions.sort_unstable();
        all_directions.dedup();
        let blocked = game.rules().rays() == RayRule::Blocked && game.rules().rays_matter();
        let row: Vec<u16> = board.all_squares().map(|s| s.row() as u16).collect();
        let col: Vec<u16> = board.all_squares().map(|s| s.col() as u16).collect();
        let keys = match (game.rules().surface(), blocked) {
            (Surface::Rectangle, false) => KeyMode::Shape {
                narrow_cols: (board.rows() <= 16 && board.cols() <= 16).then_some(board.cols()),
                row,
                col,
            },
            (Surface::Rectangle, true) => KeyMode::Pattern { row, col },
            (_, _) => KeyMode::Image {
                board: (board.rows() as u32) << 16 | board.cols() as u32,
                symmetries: Vec::new(),
            },
        };
        let mut engine = RulesKayles {
            blocked,
            closed,
            union,
            leaps,
            directions: game.attacks.directions.clone(),
            all_directions,
            rays,
            keys,
        };
        if let KeyMode::Image { symmetries, .. } = &mut engine.keys {
            *symmetries = surface_symmetries(game)
                .into_iter()
                .filter(|map| is_symmetry(game, map))
                .collect();
        }
        engine
    }

    /// The engine's position for the free squares `available` and the occupied squares
    /// `occupied` of a whole board.
    #[must_use]
    pub fn cells(&self, available: SquareSet<W>, occupied: SquareSet<W>) -> Cells<W> {
        Cells {
            available,
            occupied: if self.blocked {
                occupied
            } else {
                SquareSet::EMPTY
            },
        }
    }

    /// The number of symmetries used for keys on surfaces other than the rectangle (for tests
    /// and statistics); 8 means the rectangle's.
    #[must_use]
    pub fn symmetry_count(&self) -> usize {
        match &self.keys {
            KeyMode::Image { symmetries, .. } => symmetries.len(),
            _ => 8,
        }
    }

    /// The square `square` and what `piece` there attacks with `occupied` occupied.
    #[inline]
    fn attack(&self, piece: usize, square: usize, occupied: &SquareSet<W>) -> SquareSet<W> {
        if !self.blocked {
            return self.closed[piece][square];
        }
        let mut set = self.leaps[piece][square];
        for &d in &self.directions[piece] {
            set |= self.ray_until_blocked(&self.rays[square][d], occupied);
        }
        set
    }

    /// [`ray_until_blocked`], with the whole ray at once when nothing stands on it.
    #[inline]
    fn ray_until_blocked(&self, ray: &Ray<W>, occupied: &SquareSet<W>) -> SquareSet<W> {
        if !ray.all.intersects(occupied) {
            return ray.all;
        }
        ray_until_blocked(&ray.squares, occupied)
    }

    /// Everything any piece on `square` attacks, with the square.
    fn reach(&self, square: usize, occupied: &SquareSet<W>) -> SquareSet<W> {
        if !self.blocked {
            return self.union[square];
        }
        let mut set = SquareSet::single(square);
        for leaps in &self.leaps {
            set |= leaps[square];
        }
        for &d in &self.all_directions {
            set |= self.ray_until_blocked(&self.rays[square][d], occupied);
        }
        set
    }

    /// The occupied squares that stop a line from a square of `component` before another of
    /// its squares: all of `occupied` that matters to the component's game.
    fn relevant_blockers(&self, component: &SquareSet<W>, occupied: &SquareSet<W>) -> SquareSet<W> {
        let mut relevant = SquareSet::EMPTY;
        if occupied.is_empty() {
            return relevant;
        }
        for square in component.iter() {
            for &d in &self.all_directions {
                let ray = &self.rays[square][d];
                if !ray.all.intersects(occupied) || !ray.all.intersects(component) {
                    continue;
                }
                if let Some(first) = ray
                    .squares
                    .iter()
                    .position(|&s| occupied.contains(usize::from(s)))
                {
                    let beyond = ray.squares[first + 1..]
                        .iter()
                        .any(|&s| component.contains(usize::from(s)));
                    if beyond {
                        relevant.insert(usize::from(ray.squares[first]));
                    }
                }
            }
        }
        relevant
    }

    fn is_clique(&self, cells: &Cells<W>) -> bool {
        let set = cells.available;
        set.iter().all(|v| {
            (0..self.closed.len()).all(|p| set.is_subset(&self.attack(p, v, &cells.occupied)))
        })
    }
}

impl<const W: usize> ImpartialGame for RulesKayles<W> {
    type Position = Cells<W>;
    type Key = RulesKey<W>;

    fn for_each_option(&self, cells: &Cells<W>, mut visit: impl FnMut(Cells<W>)) {
        let mut seen = [SquareSet::<W>::EMPTY; super::MAX_PIECES];
        for square in cells.available.iter() {
            let occupied = if self.blocked {
                cells.occupied | SquareSet::single(square)
            } else {
                cells.occupied
            };
            // Two pieces that take the same free squares from here make the same move.
            let mut count = 0;
            for piece in 0..self.closed.len() {
                let available =
                    cells
                        .available
                        .without(self.attack(piece, square, &cells.occupied));
                if seen[..count].contains(&available) {
                    continue;
                }
                seen[count] = available;
                count += 1;
                visit(Cells {
                    available,
                    occupied,
                });
            }
        }
    }

    fn for_each_component(&self, cells: &Cells<W>, mut visit: impl FnMut(Cells<W>)) {
        cells.available.for_each_connected_part(
            |square| self.reach(square, &cells.occupied),
            |component| {
                let occupied = if self.blocked {
                    self.relevant_blockers(&component, &cells.occupied)
                } else {
                    SquareSet::EMPTY
                };
                visit(Cells {
                    available: component,
                    occupied,
                });
            },
        );
    }

    fn size(&self, cells: &Cells<W>) -> usize {
        cells.available.len()
    }

    fn key(&self, cells: &Cells<W>) -> RulesKey<W> {
        match &self.keys {
            KeyMode::Shape {
                narrow_cols: Some(cols),
                ..
            } => RulesKey::Shape(ShapeKey::of_rows(&cells.available, *cols)),
            KeyMode::Shape { row, col, .. } => {
                RulesKey::Shape(ShapeKey::of(&cells.available, row, col))
            }
            KeyMode::Pattern { row, col } => pattern_key(cells, row, col),
            KeyMode::Image { board, symmetries } => {
                let mut best: Option<([u64; W], [u64; W])> = None;
                for map in symmetries {
                    let candidate = (
                        *cells.available.permuted(map).words(),
                        *cells.occupied.permuted(map).words(),
                    );
                    if best.is_none_or(|best| candidate < best) {
                        best = Some(candidate);
                    }
                }
                let (available, occupied) =
                    best.unwrap_or((*cells.available.words(), *cells.occupied.words()));
                RulesKey::Pattern {
                    height: (board >> 16) as u16,
                    width: *board as u16,
                    available,
                    occupied,
                }
            }
        }
    }

    fn known_value(&self, cells: &Cells<W>) -> Option<Nimber> {
        match cells.available.len() {
            0 => Some(Nimber::ZERO),
            1 => Some(Nimber::new(1)),
            2..=12 if self.is_clique(cells) => Some(Nimber::new(1)),
            _ => None,
        }
    }
}

/// The canonical form of free and occupied squares on a rectangle: both in the bounding box of
/// their union, in the least of the orientations that lie flat.
fn pattern_key<const W: usize>(cells: &Cells<W>, rows: &[u16], cols: &[u16]) -> RulesKey<W> {
    let all = cells.available | cells.occupied;
    if all.is_empty() {
        return RulesKey::Pattern {
            height: 0,
            width: 0,
            available: [0; W],
            occupied: [0; W],
        };
    }
    let (mut top, mut bottom, mut left, mut right) = (u16::MAX, 0, u16::MAX, 0);
    for square in all.iter() {
        top = top.min(rows[square]);
        bottom = bottom.max(rows[square]);
        left = left.min(cols[square]);
        right = right.max(cols[square]);
    }
    let size = (usize::from(bottom - top + 1), usize::from(right - left + 1));
    let (height, width, available, occupied) =
        Symmetry::least_flat_image(size, |symmetry, (h, w)| {
            let place = |set: &SquareSet<W>| -> [u64; W] {
                let mut bits = [0u64; W];
                for square in set.iter() {
                    let cell = (
                        usize::from(rows[square] - top),
                        usize::from(cols[square] - left),
                    );
                    let (r, c) = symmetry.map(size, cell);
                    let index = r * w + c;
                    bits[index / 64] |= 1 << (index % 64);
                }
                bits
            };
            (
                h as u16,
                w as u16,
                place(&cells.available),
                place(&cells.occupied),
            )
        });
    RulesKey::Pattern {
        height,
        width,
        available,
        occupied,
    }
}

/// Candidate symmetries of the game's surface, as maps of square indices: the symmetries of
/// the board ([`Symmetry::of_board`]) followed by the translations along the
/// glued directions. Not all need be symmetries of every game; [`is_symmetry`] checks.
fn surface_symmetries(game: &PlacementGame) -> Vec<Vec<u16>> {
    let board = game.board();
    let surface = game.rules().surface();
    let (m, n) = (board.rows(), board.cols());
    let row_shifts = if surface.wraps_rows() { m } else { 1 };
    let col_shifts = if surface == Surface::Rectangle { 1 } else { n };
    let mut maps: Vec<Vec<u16>> = Vec::new();
    for symmetry in Symmetry::of_board(board) {
        for dr in 0..row_shifts {
            for dc in 0..col_shifts {
                let map: Option<Vec<u16>> = board
                    .all_squares()
                    .map(|square| {
                        let (r, c) = symmetry.map((m, n), (square.row(), square.col()));
                        surface
                            .wrap(board, (r + dr) as isize, (c + dc) as isize)
                            .map(|to| board.index_of(to) as u16)
                    })
                    .collect();
                if let Some(map) = map.filter(|map| !maps.contains(map)) {
                    maps.push(map);
                }
            }
        }
    }
    maps
}

/// Whether `map` is a symmetry of the game: a permutation of the squares that takes every
/// piece's leaps from each square onto its leaps from the image square, and each of its lines,
/// square by square in order, onto one of its lines from the image square.
fn is_symmetry(game: &PlacementGame, map: &[u16]) -> bool {
    let squares = game.board().squares();
    let mut hit = vec![false; squares];
    for &to in map {
        if std::mem::replace(&mut hit[usize::from(to)], true) {
            return false;
        }
    }
    let image = |set: &super::BoardSet| set.permuted(map);
    for piece in 0..game.pieces().len() {
        for from in 0..squares {
            let to = usize::from(map[from]);
            if image(&game.attacks.leaps[piece][from]) != game.attacks.leaps[piece][to] {
                return false;
            }
            if image(&game.attacks.closed_neighbourhood[piece][from])
                != game.attacks.closed_neighbourhood[piece][to]
            {
                return false;
            }
            for &d in &game.attacks.directions[piece] {
                let moved: Vec<u16> = game.attacks.rays[from][d]
                    .iter()
                    .map(|&s| map[usize::from(s)])
                    .collect();
                if !game.attacks.directions[piece]
                    .iter()
                    .any(|&e| game.attacks.rays[to][e] == moved)
                {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::games::placement::{Piece, PlacementRules};

    fn game(pieces: &[Piece], surface: Surface, rays: RayRule, board: &str) -> PlacementGame {
        let board: BoardSize = board.parse().unwrap();
        PlacementGame::with_rules(PlacementRules::new(pieces, surface, rays).unwrap(), board)
    }

    #[test]
    fn surfaces_keep_their_symmetries() {
        let count = |pieces: &[Piece], surface, board| {
            RulesKayles::<1>::new(&game(pieces, surface, RayRule::Through, board)).symmetry_count()
        };
        // The torus: every translation and the eight symmetries of the square.
        assert_eq!(count(&[Piece::Knight], Surface::Torus, "5x5"), 8 * 25);
        assert_eq!(count(&[Piece::Queen], Surface::Torus, "4x6"), 4 * 24);
        // The cylinder: turns about its axis and the four reflections of the rectangle.
        assert_eq!(count(&[Piece::Knight], Surface::Cylinder, "4x5"), 4 * 5);
        // The Möbius strip: its twisted turns, and the reflections.
        assert_eq!(
            count(&[Piece::Bishop, Piece::Knight], Surface::Mobius, "3x4"),
            2 * 2 * 4
        );
    }

    /// The rectangle's keys forget where a component lies and how it is turned: right only if
    /// every piece's leaps and rays are unchanged by the eight symmetries of the grid (and by
    /// translation, which the definition of the pieces by differences of coordinates gives).
    #[test]
    fn every_piece_keeps_the_symmetries_of_the_grid() {
        let all = [
            Piece::Bishop,
            Piece::King,
            Piece::Knight,
            Piece::Queen,
            Piece::Rook,
            Piece::Leaper(1, 3),
        ];
        for board in ["6x6", "7x7", "5x8"] {
            for rays in [RayRule::Through, RayRule::Blocked] {
                let game = game(&all[..5], Surface::Rectangle, rays, board);
                let maps = surface_symmetries(&game);
                let expected = if board == "5x8" { 4 } else { 8 };
                assert_eq!(maps.len(), expected, "{board}");
                assert!(maps.iter().all(|map| is_symmetry(&game, map)), "{board}");
                let camel = self::game(&all[5..], Surface::Rectangle, rays, board);
                assert!(maps.iter().all(|map| is_symmetry(&camel, map)), "{board}");
            }
        }
    }
}
