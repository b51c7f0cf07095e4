//! The pieces of the placement games and the squares each attacks.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::Square;

/// The eight directions of the line pieces, as `(rows, columns)` steps: the rook's four, then
/// the bishop's four.
pub(crate) const LINE_DIRECTIONS: [(isize, isize); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// A chess piece, or any leaper, as used in the placement games.
///
/// A leaper `(a, b)` attacks the squares `a` rows and `b` columns away, in every direction and
/// with `a` and `b` swapped: the knight is the `(1, 2)` leaper. Bishops, rooks and queens attack
/// every square of their lines across the whole board. In the single-piece games no piece can
/// stand between two others on a line (it would have been attacked), so whether a line stops at
/// an occupied square never matters there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// The `(1, 2)` leaper.
    Knight,
    /// Attacks along both diagonals.
    Bishop,
    /// Attacks along its row and column.
    Rook,
    /// Rook and bishop together.
    Queen,
    /// Attacks the eight neighbouring squares.
    King,
    /// The `(a, b)` leaper with `a <= b`, `b >= 1`.
    Leaper(u8, u8),
}

/// Why a piece name was refused: no piece has it, or it joins several pieces by `+` where one
/// piece is asked for (the parity conjecture: a game of several pieces is read by
/// `parse_pieces`, which asks for each name alone).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct PieceError(pub String);

impl fmt::Display for PieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let joined: Vec<&str> = self.0.split('+').collect();
        if joined.len() > 1 && joined.iter().all(|name| name.parse::<Piece>().is_ok()) {
            return write!(
                f,
                "`{}` joins {} pieces, and one piece is asked for here: try each piece alone",
                self.0,
                joined.len()
            );
        }
        let names = Piece::NAMED.map(|(name, _)| name).join(", ");
        write!(f, "unknown piece `{}`: expected {names} or leaper:A,B (for example leaper:1,3) with 0 <= A,B <= 15, not both 0", self.0)
    }
}

impl Piece {
    /// Every piece name with a fixed meaning, for help texts.
    pub(crate) const NAMED: [(&'static str, Piece); 8] = [
        ("knights", Piece::Knight),
        ("bishops", Piece::Bishop),
        ("rooks", Piece::Rook),
        ("queens", Piece::Queen),
        ("kings", Piece::King),
        ("camels", Piece::Leaper(1, 3)),
        ("zebras", Piece::Leaper(2, 3)),
        ("giraffes", Piece::Leaper(1, 4)),
    ];

    /// How each named piece attacks, in [`Piece::NAMED`]'s order: what a page says of the game
    /// played with it.
    pub(crate) const ATTACKS: [(&'static str, &'static str); 8] = [
        ("knights", "a knight attacks the squares an L-shaped jump away, two squares along one line and one across"),
        ("bishops", "a bishop attacks every square along its diagonals"),
        ("rooks", "a rook attacks every square of its row and its column"),
        ("queens", "a queen attacks every square of its row, its column and its diagonals"),
        ("kings", "a king attacks the eight squares next to it"),
        ("camels", "a camel (the 1,3 leaper) attacks the squares one square along one line and three across"),
        ("zebras", "a zebra (the 2,3 leaper) attacks the squares two squares along one line and three across"),
        ("giraffes", "a giraffe (the 1,4 leaper) attacks the squares one square along one line and four across"),
    ];

    /// The `(a, b)` leaper, with the knight under its own name.
    pub(crate) fn leaper(a: u8, b: u8) -> Result<Piece, PieceError> {
        let (a, b) = (a.min(b), a.max(b));
        if b == 0 || b > 15 {
            return Err(PieceError(format!("leaper:{a},{b}")));
        }
        Ok(if (a, b) == (1, 2) {
            Piece::Knight
        } else {
            Piece::Leaper(a, b)
        })
    }

    /// The letter that marks this piece in a position: N B R Q K, and L for other leapers.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Piece::Knight => 'N',
            Piece::Bishop => 'B',
            Piece::Rook => 'R',
            Piece::Queen => 'Q',
            Piece::King => 'K',
            Piece::Leaper(..) => 'L',
        }
    }

    /// The leaps of a leaper or king, one per direction; `None` for the line pieces.
    pub(crate) fn leaps(self) -> Option<Vec<(isize, isize)>> {
        let base: Vec<(isize, isize)> = match self {
            Piece::Knight => vec![(1, 2)],
            Piece::King => vec![(0, 1), (1, 1)],
            Piece::Leaper(a, b) => vec![(isize::from(a), isize::from(b))],
            Piece::Bishop | Piece::Rook | Piece::Queen => return None,
        };
        let mut leaps = Vec::new();
        for (a, b) in base {
            for (x, y) in [(a, b), (b, a)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let leap = (x * sx, y * sy);
                    if !leaps.contains(&leap) {
                        leaps.push(leap);
                    }
                }
            }
        }
        Some(leaps)
    }

    /// The directions of a line piece, as `(rows, columns)` steps: a slice of
    /// [`LINE_DIRECTIONS`].
    pub(crate) fn rays(self) -> &'static [(isize, isize)] {
        match self {
            Piece::Rook => &LINE_DIRECTIONS[..4],
            Piece::Bishop => &LINE_DIRECTIONS[4..],
            Piece::Queen => &LINE_DIRECTIONS,
            _ => &[],
        }
    }

    /// Whether a piece on `from` attacks `to` on a rectangle, straight from the definition of
    /// the piece: the slow reference that every table of attacks is tested against.
    #[must_use]
    pub(crate) fn attacks(self, from: Square, to: Square) -> bool {
        let dr = from.row().abs_diff(to.row());
        let dc = from.col().abs_diff(to.col());
        let leaper = |a: usize, b: usize| (dr, dc) == (a, b) || (dr, dc) == (b, a);
        if from == to {
            return false;
        }
        match self {
            Piece::Knight => leaper(1, 2),
            Piece::King => dr <= 1 && dc <= 1,
            Piece::Leaper(a, b) => leaper(usize::from(a), usize::from(b)),
            Piece::Rook => dr == 0 || dc == 0,
            Piece::Bishop => dr == dc,
            Piece::Queen => dr == 0 || dc == 0 || dr == dc,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Piece::Leaper(a, b) => match Piece::NAMED.iter().find(|(_, piece)| piece == self) {
                Some((name, _)) => f.write_str(name),
                None => write!(f, "leaper:{a},{b}"),
            },
            named => {
                let (name, _) = Piece::NAMED
                    .iter()
                    .find(|(_, piece)| piece == named)
                    .expect("every non-leaper piece has a name");
                f.write_str(name)
            }
        }
    }
}

impl FromStr for Piece {
    type Err = PieceError;

    fn from_str(text: &str) -> Result<Piece, PieceError> {
        let lower = text.trim().to_ascii_lowercase();
        let singular = lower.strip_suffix('s').unwrap_or(&lower);
        if let Some((_, piece)) = Piece::NAMED
            .iter()
            .find(|(name, _)| *name == lower || name.strip_suffix('s') == Some(singular))
        {
            return Ok(*piece);
        }
        let error = || PieceError(text.to_string());
        let leaps = lower.strip_prefix("leaper:").ok_or_else(error)?;
        let (a, b) = leaps.split_once(',').ok_or_else(error)?;
        let parse = |n: &str| n.trim().parse::<u8>().map_err(|_| error());
        Piece::leaper(parse(a)?, parse(b)?).map_err(|_| error())
    }
}

/// Whether the line of a bishop, rook or queen stops at an occupied square.
///
/// With one piece it makes no difference (no piece ever stands on another's line). With
/// several, a line that is blocked leaves the squares behind the blocking piece free.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RayRule {
    /// Lines pass through occupied squares and attack the whole line.
    #[default]
    Through,
    /// Lines stop at the first occupied square (which they attack).
    Blocked,
}

/// Why a ray rule was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown ray rule `{0}`: expected through (lines attack past occupied squares) or blocked (lines stop at the first occupied square)")]
pub struct RayRuleError(pub String);

impl fmt::Display for RayRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RayRule::Through => "through",
            RayRule::Blocked => "blocked",
        })
    }
}

impl FromStr for RayRule {
    type Err = RayRuleError;

    fn from_str(text: &str) -> Result<RayRule, RayRuleError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "through" => Ok(RayRule::Through),
            "blocked" => Ok(RayRule::Blocked),
            _ => Err(RayRuleError(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;

    fn all_pieces() -> Vec<Piece> {
        let mut pieces: Vec<Piece> = Piece::NAMED.iter().map(|(_, p)| *p).collect();
        pieces.extend([
            Piece::Leaper(0, 1),
            Piece::Leaper(1, 1),
            Piece::Leaper(0, 3),
        ]);
        pieces
    }

    #[test]
    fn attacked_squares_agree_with_the_definition() {
        for piece in all_pieces() {
            for rows in 1..=8 {
                for cols in 1..=8 {
                    let board = BoardSize::new(rows, cols).unwrap();
                    for from in board.all_squares() {
                        let mut fast = piece.attacked_squares(board, from);
                        fast.sort();
                        let slow: Vec<Square> = board
                            .all_squares()
                            .filter(|&to| piece.attacks(from, to))
                            .collect();
                        assert_eq!(fast, slow, "{piece} on {board} from {from}");
                    }
                }
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for piece in all_pieces() {
            assert_eq!(piece.to_string().parse::<Piece>().unwrap(), piece);
        }
        assert_eq!("leaper:2,1".parse::<Piece>().unwrap(), Piece::Knight);
        assert_eq!("Knight".parse::<Piece>().unwrap(), Piece::Knight);
        assert_eq!("leaper:3,1".parse::<Piece>().unwrap(), Piece::Leaper(1, 3));
        for bad in [
            "pawns",
            "leaper:0,0",
            "leaper:1",
            "leaper:a,b",
            "leaper:1,16",
            "",
        ] {
            let error = bad.parse::<Piece>().unwrap_err();
            assert!(error.to_string().contains(bad), "{error}");
        }
    }
}
