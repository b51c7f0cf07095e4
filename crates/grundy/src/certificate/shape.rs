//! The checker's own move generator: how a piece attacks, the options of a set of free squares,
//! its split into independent parts, and the canonical form under which equal games are
//! looked up. Written apart from the engine (`board`, `games::placement`) on purpose, from the
//! rules as docs/ENGINE.md states them, and tested against the engine on many boards
//! (`games/placement/certificate.rs`).

/// The longest side a certificate's board or shape may have: a square's row and column each
/// fit in four bits of a canonical form.
pub(crate) const MAX_SIDE: usize = 16;

/// How a piece attacks, from its name in the command line's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Attack {
    /// Leaps `(a, b)` in any of the eight ways (a knight is `(1, 2)`).
    Leaper(u8, u8),
    /// One step in any of the eight directions.
    King,
    /// Whole lines across the board: along ranks and files, along diagonals, or both. In a game
    /// of one piece no piece ever stands between two others on a line, so a line never stops.
    Lines {
        /// Ranks and files (rooks, queens).
        straight: bool,
        /// Diagonals (bishops, queens).
        diagonal: bool,
    },
}

/// The longest leap a `leaper:a,b` may make: beyond it no two squares of a board the
/// certificate allows attack each other.
pub(crate) const MAX_LEAP: u8 = 15;

impl Attack {
    /// The piece a certificate names (`knights`, `kings`, `leaper:1,3`), or `None`.
    #[must_use]
    pub(crate) fn named(name: &str) -> Option<Attack> {
        let attack = match name {
            "knights" => Attack::Leaper(1, 2),
            "kings" => Attack::King,
            "bishops" => Attack::Lines {
                straight: false,
                diagonal: true,
            },
            "rooks" => Attack::Lines {
                straight: true,
                diagonal: false,
            },
            "queens" => Attack::Lines {
                straight: true,
                diagonal: true,
            },
            "camels" => Attack::Leaper(1, 3),
            "zebras" => Attack::Leaper(2, 3),
            "giraffes" => Attack::Leaper(1, 4),
            other => {
                let (a, b) = other.strip_prefix("leaper:")?.split_once(',')?;
                let (a, b): (u8, u8) = (decimal(a)?, decimal(b)?);
                if (a, b) == (0, 0) || a > MAX_LEAP || b > MAX_LEAP {
                    return None;
                }
                Attack::Leaper(a, b)
            }
        };
        Some(attack)
    }

    /// Whether a piece on `from` attacks `to` (never its own square).
    #[must_use]
    pub(crate) fn attacks(self, from: Cell, to: Cell) -> bool {
        let rows = from.row.abs_diff(to.row);
        let cols = from.col.abs_diff(to.col);
        if (rows, cols) == (0, 0) {
            return false;
        }
        match self {
            Attack::Leaper(a, b) => (rows, cols) == (a, b) || (rows, cols) == (b, a),
            Attack::King => rows <= 1 && cols <= 1,
            Attack::Lines { straight, diagonal } => {
                (straight && (rows == 0 || cols == 0)) || (diagonal && rows == cols)
            }
        }
    }
}

/// A square of a shape: its row and column, each below [`MAX_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Cell {
    /// Row, from 0 at the top.
    pub(crate) row: u8,
    /// Column, from 0 at the left.
    pub(crate) col: u8,
}

/// The free squares left after a piece goes on `cells[index]`: every square but that one and
/// those it attacks.
#[must_use]
pub(crate) fn option_after(attack: Attack, cells: &[Cell], index: usize) -> Vec<Cell> {
    let placed = cells[index];
    cells
        .iter()
        .copied()
        .filter(|&cell| cell != placed && !attack.attacks(placed, cell))
        .collect()
}

/// The independent parts of a set of free squares: the connected components of the attack
/// graph among them. A move in one part changes no other, so the set's value is the nim-sum of
/// its parts' values.
#[must_use]
pub(crate) fn parts(attack: Attack, cells: &[Cell]) -> Vec<Vec<Cell>> {
    let mut part_of = vec![usize::MAX; cells.len()];
    let mut found: Vec<Vec<Cell>> = Vec::new();
    for start in 0..cells.len() {
        if part_of[start] != usize::MAX {
            continue;
        }
        let part = found.len();
        part_of[start] = part;
        let mut members = vec![start];
        let mut next = 0;
        while next < members.len() {
            let from = cells[members[next]];
            next += 1;
            for (index, &cell) in cells.iter().enumerate() {
                if part_of[index] == usize::MAX && attack.attacks(from, cell) {
                    part_of[index] = part;
                    members.push(index);
                }
            }
        }
        members.sort_unstable();
        found.push(members.into_iter().map(|index| cells[index]).collect());
    }
    found
}

/// The canonical form of a set of free squares: of its eight images under the symmetries of
/// the grid, each moved to touch the top and left edges, the one whose sorted squares (as
/// bytes `row * 16 + col`) compare least. Every piece's attacks are unchanged by moving the
/// board and by its symmetries, so two sets with the same form are the same game.
#[must_use]
pub(crate) fn canonical(cells: &[Cell]) -> Vec<u8> {
    let mut best: Option<Vec<u8>> = None;
    let mut image: Vec<(i16, i16)> = Vec::with_capacity(cells.len());
    let mut bytes: Vec<u8> = Vec::with_capacity(cells.len());
    for symmetry in 0..8u8 {
        image.clear();
        image.extend(cells.iter().map(|cell| {
            let (mut row, mut col) = (i16::from(cell.row), i16::from(cell.col));
            if symmetry & 1 != 0 {
                row = -row;
            }
            if symmetry & 2 != 0 {
                col = -col;
            }
            if symmetry & 4 != 0 {
                (row, col) = (col, row);
            }
            (row, col)
        }));
        let top = image.iter().map(|&(row, _)| row).min().unwrap_or(0);
        let left = image.iter().map(|&(_, col)| col).min().unwrap_or(0);
        bytes.clear();
        // The image of a set within MAX_SIDE x MAX_SIDE fits again once moved to the corner.
        bytes.extend(
            image
                .iter()
                .map(|&(row, col)| ((row - top) as u8) << 4 | (col - left) as u8),
        );
        bytes.sort_unstable();
        if best.as_ref().is_none_or(|least| bytes < *least) {
            best = Some(bytes.clone());
        }
    }
    best.unwrap_or_default()
}

/// A shape as a certificate writes it: `RxC HEX`, its bounding box's rows and columns, and the
/// squares it holds as a hexadecimal number whose bit `row * C + col` is the square's.
#[must_use]
pub(crate) fn shape_text(cells: &[Cell]) -> String {
    let top = cells.iter().map(|cell| cell.row).min().unwrap_or(0);
    let left = cells.iter().map(|cell| cell.col).min().unwrap_or(0);
    let rows = cells
        .iter()
        .map(|cell| cell.row - top + 1)
        .max()
        .unwrap_or(1);
    let cols = cells
        .iter()
        .map(|cell| cell.col - left + 1)
        .max()
        .unwrap_or(1);
    let mut nibbles = vec![0u8; (usize::from(rows) * usize::from(cols)).div_ceil(4)];
    for cell in cells {
        let bit = usize::from(cell.row - top) * usize::from(cols) + usize::from(cell.col - left);
        nibbles[bit / 4] |= 1 << (bit % 4);
    }
    while nibbles.len() > 1 && nibbles.last() == Some(&0) {
        nibbles.pop();
    }
    let hex: String = nibbles
        .iter()
        .rev()
        .map(|&nibble| char::from_digit(u32::from(nibble), 16).unwrap_or('0'))
        .collect();
    format!("{rows}x{cols} {hex}")
}

/// The squares of a shape written `RxC HEX` ([`shape_text`]), or why it is not one.
pub(crate) fn parse_shape(size: &str, hex: &str) -> Result<Vec<Cell>, String> {
    let (rows, cols) = parse_size(size)?;
    let squares = rows * cols;
    if hex.is_empty() || hex.len() > squares.div_ceil(4) {
        return Err(format!(
            "the squares `{hex}` of a {rows}x{cols} shape: expected 1 to {} hexadecimal digits",
            squares.div_ceil(4)
        ));
    }
    let mut cells = Vec::new();
    for (place, digit) in hex.chars().rev().enumerate() {
        let nibble = digit
            .to_digit(16)
            .ok_or_else(|| format!("`{digit}` in `{hex}` is not a hexadecimal digit"))?;
        for bit in 0..4 {
            if nibble & (1 << bit) == 0 {
                continue;
            }
            let index = place * 4 + bit;
            if index >= squares {
                return Err(format!(
                    "`{hex}` holds square {index}, but a {rows}x{cols} shape has {squares}"
                ));
            }
            cells.push(Cell {
                row: (index / cols) as u8,
                col: (index % cols) as u8,
            });
        }
    }
    Ok(cells)
}

/// A number written as the writer writes it: decimal digits, no sign, no leading zero (so that
/// the report names the game as the file's text does, and that text is the writer's).
pub(crate) fn decimal<T: std::str::FromStr>(text: &str) -> Option<T> {
    let canonical = !text.is_empty()
        && text.bytes().all(|byte| byte.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    canonical.then(|| text.parse().ok()).flatten()
}

/// A board or shape size `RxC` with both sides from 1 to [`MAX_SIDE`].
pub(crate) fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let sides = text.split_once('x').and_then(|(rows, cols)| {
        let side = |side: &str| decimal::<usize>(side).filter(|side| (1..=MAX_SIDE).contains(side));
        Some((side(rows)?, side(cols)?))
    });
    sides.ok_or_else(|| {
        format!("size `{text}`: expected ROWSxCOLS with each side from 1 to {MAX_SIDE}")
    })
}

/// Every square of a `rows x cols` board.
#[must_use]
pub(crate) fn whole_board(rows: usize, cols: usize) -> Vec<Cell> {
    (0..rows)
        .flat_map(|row| {
            (0..cols).map(move |col| Cell {
                row: row as u8,
                col: col as u8,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(list: &[(u8, u8)]) -> Vec<Cell> {
        list.iter().map(|&(row, col)| Cell { row, col }).collect()
    }

    #[test]
    fn a_shape_reads_back_as_it_was_written() {
        for list in [
            vec![(0, 0)],
            vec![(0, 0), (1, 1), (2, 0), (2, 2)],
            vec![(3, 5), (15, 15), (0, 9)],
            (0..16).flat_map(|r| (0..16).map(move |c| (r, c))).collect(),
        ] {
            let set = cells(&list);
            let text = shape_text(&set);
            let (size, hex) = text.split_once(' ').unwrap();
            let back = parse_shape(size, hex).unwrap();
            assert_eq!(canonical(&back), canonical(&set), "{text}");
        }
    }

    #[test]
    fn every_image_of_a_shape_has_its_canonical_form() {
        let set = cells(&[(0, 0), (0, 1), (1, 3), (2, 2), (4, 1)]);
        let form = canonical(&set);
        let turned: Vec<Cell> = set
            .iter()
            .map(|cell| Cell {
                row: cell.col + 3,
                col: 9 - cell.row,
            })
            .collect();
        let mirrored: Vec<Cell> = set
            .iter()
            .map(|cell| Cell {
                row: cell.row,
                col: 7 - cell.col,
            })
            .collect();
        assert_eq!(canonical(&turned), form);
        assert_eq!(canonical(&mirrored), form);
        assert_ne!(canonical(&set[1..]), form);
    }

    #[test]
    fn bad_shapes_are_named() {
        assert!(parse_shape("2x2", "1f").is_err());
        assert!(parse_shape("2x2", "g").is_err());
        assert!(parse_shape("0x2", "1").is_err());
        assert!(parse_shape("17x2", "1").is_err());
        assert!(parse_shape("2x2", "").is_err());
        assert!(parse_size("3x").is_err());
        // Numbers as the writer writes them only: no sign, no leading zero.
        for size in ["+5x5", "05x5", "5x+5", "5x05"] {
            assert!(parse_size(size).is_err(), "{size}");
        }
        assert_eq!(parse_size("10x16"), Ok((10, 16)));
        assert_eq!(decimal::<u32>("0"), Some(0));
        assert_eq!(decimal::<u32>("00"), None);
        assert_eq!(Attack::named("leaper:+1,3"), None);
        assert_eq!(Attack::named("leaper:0,0"), None);
        assert_eq!(Attack::named("leaper:3,1"), Some(Attack::Leaper(3, 1)));
    }

    #[test]
    fn a_knight_splits_a_small_board_by_colour_of_its_reach() {
        // On 2x2 no knight attacks another: four parts of one square each.
        assert_eq!(parts(Attack::Leaper(1, 2), &whole_board(2, 2)).len(), 4);
        // Bishops never leave their colour: two parts on 3x3.
        let bishops = Attack::Lines {
            straight: false,
            diagonal: true,
        };
        assert_eq!(parts(bishops, &whole_board(3, 3)).len(), 2);
        assert_eq!(option_after(Attack::King, &whole_board(3, 3), 4), vec![]);
    }
}
