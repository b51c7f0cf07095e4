//! The surfaces a board can be glued into (Boone (2016), section 4.2), and what a piece attacks on
//! each.
//!
//! Every surface is the quotient of a covering board by a group of translations:
//!
//! - **rectangle**: nothing is glued; the cover is the board itself.
//! - **torus**: the cover is the whole plane; `(r, c)` is the square `(r mod m, c mod n)`.
//! - **cylinder**: the left and right edges are glued; the cover is the strip of rows
//!   `0..m` and every column, and `(r, c)` is `(r, c mod n)`. The top and bottom edges stay
//!   edges.
//! - **mobius**: the left and right edges are glued with a flip; the cover is the same strip,
//!   and `(r, c)` is `(r, c mod n)` when `c div n` is even and `(m-1-r, c mod n)` when it is
//!   odd: leaving the right edge on row `r` enters the left edge on row `m-1-r`.
//!
//! A piece attacks what it attacks in the cover, seen on the board. A leaper on `(r, c)`
//! attacks the images of `(r ± a, c ± b)` and `(r ± b, c ± a)` that lie in the cover (so a
//! knight leaps across a seam), never its own square. A line piece's ray is the image of the
//! straight ray in the cover: it continues across seams and stops at an unglued edge or when
//! it comes back to its own square. (On a Möbius strip a ray may cross a square twice, once
//! in each vertical direction, before it returns; the square is attacked either way.)

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::{BoardSize, Square};
use crate::square_set::SquareSet;

use super::piece::Piece;

/// The surface the board is glued into.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Surface {
    /// The ordinary board: no edges glued.
    #[default]
    Rectangle,
    /// Left edge glued to right, top to bottom.
    Torus,
    /// Left edge glued to right.
    Cylinder,
    /// Left edge glued to right with a flip: row `r` continues on row `m-1-r`.
    Mobius,
}

/// Why a surface name was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown board surface `{0}`: expected rectangle, torus, cylinder or mobius")]
pub struct SurfaceError(pub String);

impl Surface {
    /// Every surface with its name.
    pub(crate) const ALL: [(&'static str, Surface); 4] = [
        ("rectangle", Surface::Rectangle),
        ("torus", Surface::Torus),
        ("cylinder", Surface::Cylinder),
        ("mobius", Surface::Mobius),
    ];

    /// The square that the cover's point `(row, col)` is, or `None` when the point lies
    /// beyond an edge that is not glued.
    #[must_use]
    pub fn wrap(self, board: BoardSize, row: isize, col: isize) -> Option<Square> {
        let (m, n) = (board.rows() as isize, board.cols() as isize);
        let in_strip = (0..m).contains(&row);
        let (r, c) = match self {
            Surface::Rectangle => {
                if !in_strip || !(0..n).contains(&col) {
                    return None;
                }
                (row, col)
            }
            Surface::Torus => (row.rem_euclid(m), col.rem_euclid(n)),
            Surface::Cylinder => {
                if !in_strip {
                    return None;
                }
                (row, col.rem_euclid(n))
            }
            Surface::Mobius => {
                if !in_strip {
                    return None;
                }
                let flipped = col.div_euclid(n).rem_euclid(2) == 1;
                (if flipped { m - 1 - row } else { row }, col.rem_euclid(n))
            }
        };
        board.square(r as usize, c as usize)
    }

    /// The squares a leaper with the given leaps attacks from `from`, each once, in leap order.
    #[must_use]
    pub(crate) fn leap_targets(
        self,
        board: BoardSize,
        from: Square,
        leaps: &[(isize, isize)],
    ) -> Vec<Square> {
        let mut targets = Vec::new();
        for &(dr, dc) in leaps {
            let to = self.wrap(board, from.row() as isize + dr, from.col() as isize + dc);
            if let Some(to) = to.filter(|&to| to != from && !targets.contains(&to)) {
                targets.push(to);
            }
        }
        targets
    }

    /// The squares of the ray from `from` in `direction`, in order: until an unglued edge or
    /// the return to `from`. A square may appear twice (on a Möbius strip).
    #[must_use]
    pub(crate) fn ray(
        self,
        board: BoardSize,
        from: Square,
        direction: (isize, isize),
    ) -> Vec<Square> {
        let mut squares = Vec::new();
        // A ray returns to its start within lcm(m, n) <= mn steps on a torus and leaves the
        // strip within m steps, or returns within 2n, elsewhere.
        for k in 1..=(2 * board.squares() as isize + 2) {
            let to = self.wrap(
                board,
                from.row() as isize + k * direction.0,
                from.col() as isize + k * direction.1,
            );
            match to {
                Some(to) if to != from => squares.push(to),
                _ => break,
            }
        }
        squares
    }

    /// The squares `piece` attacks from `from`: the targets of its leaps, then the squares of
    /// its rays, direction by direction (a square may appear twice on a Möbius strip). The one
    /// walk behind every attack set of the placement games.
    #[must_use]
    pub(crate) fn attacked_squares(
        self,
        board: BoardSize,
        from: Square,
        piece: Piece,
    ) -> Vec<Square> {
        let mut squares = self.leap_targets(board, from, &piece.leaps().unwrap_or_default());
        for &direction in piece.rays() {
            squares.extend(self.ray(board, from, direction));
        }
        squares
    }

    /// Whether the surface's seams wrap the rows (top to bottom) as well as the columns.
    #[must_use]
    pub(crate) const fn wraps_rows(self) -> bool {
        matches!(self, Surface::Torus)
    }
}

impl fmt::Display for Surface {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, _) = Surface::ALL
            .iter()
            .find(|(_, surface)| surface == self)
            .expect("every surface has a name");
        f.write_str(name)
    }
}

impl FromStr for Surface {
    type Err = SurfaceError;

    fn from_str(text: &str) -> Result<Surface, SurfaceError> {
        let lower = text.trim().to_ascii_lowercase();
        let lower = if lower == "möbius" {
            "mobius".to_string()
        } else {
            lower
        };
        Surface::ALL
            .iter()
            .find(|(name, _)| *name == lower)
            .map(|&(_, surface)| surface)
            .ok_or_else(|| SurfaceError(text.to_string()))
    }
}

/// A piece's attacks on the rectangle, walked by [`Surface::attacked_squares`] (the one walk
/// every surface shares), kept beside it so that the piece's own module knows no surface.
impl Piece {
    /// The squares of `board` this piece attacks from `from`: its leaps, then its rays, each
    /// walked on the rectangle by [`Surface::attacked_squares`], the one walk every surface
    /// shares.
    #[must_use]
    pub(crate) fn attacked_squares(self, board: BoardSize, from: Square) -> Vec<Square> {
        Surface::Rectangle.attacked_squares(board, from, self)
    }

    /// For every square of `board` (row-major), the square itself and the squares this piece
    /// attacks from it: what a piece placed there takes out of play.
    #[must_use]
    pub(crate) fn closed_neighbourhoods<const W: usize>(
        self,
        board: BoardSize,
    ) -> Vec<SquareSet<W>> {
        board
            .all_squares()
            .map(|square| {
                let mut set: SquareSet<W> = self
                    .attacked_squares(board, square)
                    .into_iter()
                    .map(|to| board.index_of(to))
                    .collect();
                set.insert(board.index_of(square));
                set
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One unit step (`dr`, `dc` in -1..=1) by the gluing rules alone, as Boone (2016) describes
    /// the surfaces: the new square and the new direction. Leaving the right or left edge of a
    /// Möbius strip lands on the mirrored row, heading the mirrored way vertically.
    fn glued_step(
        surface: Surface,
        board: BoardSize,
        (r, c): (isize, isize),
        (dr, dc): (isize, isize),
    ) -> Option<((isize, isize), (isize, isize))> {
        let (m, n) = (board.rows() as isize, board.cols() as isize);
        let (mut r2, mut c2, mut dr2) = (r + dr, c + dc, dr);
        if !(0..n).contains(&c2) {
            match surface {
                Surface::Rectangle => return None,
                Surface::Torus | Surface::Cylinder => c2 = (c2 + n) % n,
                Surface::Mobius => {
                    c2 = (c2 + n) % n;
                    r2 = m - 1 - r2;
                    dr2 = -dr2;
                }
            }
        }
        if !(0..m).contains(&r2) {
            match surface {
                Surface::Torus => r2 = (r2 + m) % m,
                _ => return None,
            }
        }
        Some(((r2, c2), (dr2, dc)))
    }

    fn walk(
        surface: Surface,
        board: BoardSize,
        start: (isize, isize),
        direction: (isize, isize),
        steps: usize,
    ) -> Option<((isize, isize), (isize, isize))> {
        let mut state = (start, direction);
        for _ in 0..steps {
            state = glued_step(surface, board, state.0, state.1)?;
        }
        Some(state)
    }

    fn square(board: BoardSize, (r, c): (isize, isize)) -> Square {
        board.square(r as usize, c as usize).unwrap()
    }

    /// Leaps as unit steps, vertical ones first (each at most one seam), then horizontal ones
    /// (which may cross seams, flipping the row on a Möbius strip).
    fn reference_leap(
        surface: Surface,
        board: BoardSize,
        from: Square,
        (dr, dc): (isize, isize),
    ) -> Option<Square> {
        let start = (from.row() as isize, from.col() as isize);
        let (middle, _) = walk(surface, board, start, (dr.signum(), 0), dr.unsigned_abs())?;
        let (end, _) = walk(surface, board, middle, (0, dc.signum()), dc.unsigned_abs())?;
        Some(square(board, end))
    }

    /// A ray as unit steps until an edge or the return to the start square.
    fn reference_ray(
        surface: Surface,
        board: BoardSize,
        from: Square,
        direction: (isize, isize),
    ) -> Vec<Square> {
        let mut state = ((from.row() as isize, from.col() as isize), direction);
        let mut squares = Vec::new();
        while let Some(next) = glued_step(surface, board, state.0, state.1) {
            let to = square(board, next.0);
            if to == from {
                break;
            }
            squares.push(to);
            state = next;
        }
        squares
    }

    const LEAPS: [(isize, isize); 12] = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (2, -1),
        (-2, -1),
        (-1, -2),
        (0, 1),
        (1, 1),
        (-1, 1),
        (1, 3),
        (-3, 2),
        (0, -4),
    ];
    #[test]
    fn cover_arithmetic_agrees_with_the_gluing_rules() {
        for (_, surface) in Surface::ALL {
            for rows in 1..=7 {
                for cols in 1..=7 {
                    let board = BoardSize::new(rows, cols).unwrap();
                    for from in board.all_squares() {
                        for leap in LEAPS {
                            let fast = surface.wrap(
                                board,
                                from.row() as isize + leap.0,
                                from.col() as isize + leap.1,
                            );
                            let slow = reference_leap(surface, board, from, leap);
                            assert_eq!(fast, slow, "{surface} {board} {from} leap {leap:?}");
                        }
                        for direction in crate::board::LINE_DIRECTIONS {
                            assert_eq!(
                                surface.ray(board, from, direction),
                                reference_ray(surface, board, from, direction),
                                "{surface} {board} {from} ray {direction:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn pictures_in_the_docs() {
        // docs/SURFACES.md: a knight on b1 of 4x5 leaps across the seams.
        let board = BoardSize::new(4, 5).unwrap();
        let knight = [
            (1, 2),
            (2, 1),
            (-1, 2),
            (2, -1),
            (-2, -1),
            (-1, -2),
            (1, -2),
            (-2, 1),
        ];
        let b1 = board.parse_square("b1").unwrap();
        let names = |surface: Surface| {
            let mut names: Vec<String> = surface
                .leap_targets(board, b1, &knight)
                .iter()
                .map(Square::to_string)
                .collect();
            names.sort();
            names
        };
        assert_eq!(names(Surface::Rectangle), ["a3", "c3", "d2"]);
        assert_eq!(names(Surface::Cylinder), ["a3", "c3", "d2", "e2"]);
        assert_eq!(names(Surface::Mobius), ["a3", "c3", "d2", "e3"]);
        assert_eq!(names(Surface::Torus), ["a3", "c3", "d2", "d4", "e2", "e4"]);
    }

    #[test]
    fn names_round_trip() {
        for (name, surface) in Surface::ALL {
            assert_eq!(name.parse::<Surface>().unwrap(), surface);
            assert_eq!(surface.to_string(), name);
        }
        assert_eq!("Möbius".parse::<Surface>().unwrap(), Surface::Mobius);
        let error = "sphere".parse::<Surface>().unwrap_err();
        assert!(error.to_string().contains("sphere"));
    }
}
