//! The rules of a placement game, as a value: which pieces may be placed, the surface of the
//! board, and whether lines of attack stop at occupied squares.

use thiserror::Error;

use crate::board::Surface;
use crate::board::{Piece, PieceError, RayRule};

/// The most pieces one game may offer.
pub const MAX_PIECES: usize = 5;

/// Why a set of pieces was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PieceSetError {
    /// One of the names is not a piece.
    #[error(transparent)]
    Piece(#[from] PieceError),
    /// Nothing between two `+`, or before the first or after the last.
    #[error(
        "`{0}` has an empty piece name: join pieces with a single `+`, for example bishops+knights"
    )]
    EmptyName(String),
    /// A piece named twice.
    #[error("`{text}` names {piece} twice: give each piece once, for example bishops+knights")]
    Repeated {
        /// The set as given.
        text: String,
        /// The piece named twice.
        piece: Piece,
    },
    /// Two pieces written with the same letter in positions.
    #[error("`{text}`: {first} and {second} are both written `{letter}` in positions, so a position could not say which is which; use at most one leaper other than the knight")]
    SameLetter {
        /// The set as given.
        text: String,
        /// One piece.
        first: Piece,
        /// Another with the same letter.
        second: Piece,
        /// The letter.
        letter: char,
    },
    /// Too many pieces.
    #[error("`{text}` names {count} pieces: a game may offer at most {MAX_PIECES}")]
    TooMany {
        /// The set as given.
        text: String,
        /// How many were named.
        count: usize,
    },
}

/// Reads `knights`, `bishops+knights`, `kings+knights+queens`, ...: the pieces a player may
/// choose from, in a canonical order (by name), each once.
pub fn parse_pieces(text: &str) -> Result<Vec<Piece>, PieceSetError> {
    let mut pieces = Vec::new();
    let names: Vec<&str> = text.split('+').collect();
    if names.len() > 1 && names.iter().any(|name| name.trim().is_empty()) {
        return Err(PieceSetError::EmptyName(text.to_string()));
    }
    for name in names {
        let piece: Piece = name.parse()?;
        if pieces.contains(&piece) {
            return Err(PieceSetError::Repeated {
                text: text.to_string(),
                piece,
            });
        }
        if let Some(&other) = pieces
            .iter()
            .find(|p: &&Piece| p.letter() == piece.letter())
        {
            return Err(PieceSetError::SameLetter {
                text: text.to_string(),
                first: other,
                second: piece,
                letter: piece.letter(),
            });
        }
        pieces.push(piece);
    }
    if pieces.len() > MAX_PIECES {
        return Err(PieceSetError::TooMany {
            text: text.to_string(),
            count: pieces.len(),
        });
    }
    pieces.sort_by_key(Piece::to_string);
    Ok(pieces)
}

/// The rules of a placement game apart from the board's size.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlacementRules {
    pieces: Vec<Piece>,
    surface: Surface,
    rays: RayRule,
}

impl PlacementRules {
    /// The game of one piece on a rectangle.
    #[must_use]
    pub fn single(piece: Piece) -> PlacementRules {
        PlacementRules {
            pieces: vec![piece],
            surface: Surface::Rectangle,
            rays: RayRule::Through,
        }
    }

    /// The game where each move places one of `pieces`, on `surface`, with lines of attack
    /// following `rays`. The pieces are put in canonical order (by name); there must be
    /// between 1 and [`MAX_PIECES`] of them, all different, with different letters.
    pub fn new(
        pieces: &[Piece],
        surface: Surface,
        rays: RayRule,
    ) -> Result<PlacementRules, PieceSetError> {
        let names: Vec<String> = pieces.iter().map(Piece::to_string).collect();
        let pieces = parse_pieces(&names.join("+"))?;
        Ok(PlacementRules {
            pieces,
            surface,
            rays,
        })
    }

    /// The pieces, in canonical order.
    #[must_use]
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The surface.
    #[must_use]
    pub fn surface(&self) -> Surface {
        self.surface
    }

    /// The ray rule.
    #[must_use]
    pub fn rays(&self) -> RayRule {
        self.rays
    }

    /// Whether the ray rule can matter: several pieces, one of which attacks along lines.
    #[must_use]
    pub fn rays_matter(&self) -> bool {
        self.pieces.len() > 1 && self.pieces.iter().any(|p| !p.rays().is_empty())
    }

    /// The game's name: the pieces joined by `+`, as in `bishops+knights`.
    #[must_use]
    pub fn name(&self) -> String {
        let names: Vec<String> = self.pieces.iter().map(Piece::to_string).collect();
        names.join("+")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_sets_are_canonical_and_checked() {
        let pieces = parse_pieces("knights+bishops").unwrap();
        assert_eq!(pieces, [Piece::Bishop, Piece::Knight]);
        let three = parse_pieces("queens+kings+knights").unwrap();
        assert_eq!(three, [Piece::King, Piece::Knight, Piece::Queen]);
        let rules = PlacementRules::new(&three, Surface::Torus, RayRule::Blocked).unwrap();
        assert_eq!(rules.name(), "kings+knights+queens");
        for (bad, needle) in [
            ("knights+knight", "twice"),
            ("camels+zebras", "`L`"),
            ("bishops+pawns", "pawns"),
            ("bishops+", "`bishops+` has an empty piece name"),
            (
                "knights++bishops",
                "`knights++bishops` has an empty piece name",
            ),
            ("knights+bishops+rooks+queens+kings+camels", "at most 5"),
        ] {
            let error = parse_pieces(bad).unwrap_err().to_string();
            assert!(error.contains(needle), "{bad}: {error}");
        }
    }

    #[test]
    fn ray_rules_round_trip() {
        for rule in [RayRule::Through, RayRule::Blocked] {
            assert_eq!(rule.to_string().parse::<RayRule>().unwrap(), rule);
        }
        assert!("stops"
            .parse::<RayRule>()
            .unwrap_err()
            .to_string()
            .contains("stops"));
    }
}
