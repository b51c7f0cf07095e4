//! Corner games as one of grundy's families ([`crate::games::contract`]).

use super::{CornerGame, CornerMove};
use crate::games::contract::{no_such_move, split_notation, FamilyGame};
use crate::report::Move;
use crate::values::Nimber;

/// A corner game with its piece at `(m, n)`.
#[derive(Clone, Debug)]
pub struct CornerPiece {
    /// The rules.
    pub game: CornerGame,
    /// The piece's first coordinate.
    pub m: usize,
    /// The piece's second coordinate.
    pub n: usize,
}

impl CornerPiece {
    /// Whether the piece may step to `to`: the queen's lines told by arithmetic (its targets
    /// are as many as the board is long, so a list of them per move checked would be slow),
    /// another piece's few steps listed.
    fn reaches(&self, to: (usize, usize)) -> bool {
        let (m, n) = (self.m, self.n);
        match self.game {
            CornerGame::Queen => {
                let (a, b) = to;
                (a < m && b == n) || (a == m && b < n) || (a < m && b < n && m - a == n - b)
            }
            CornerGame::Steps(_) => self.game.targets(m, n).contains(&to),
        }
    }
}

impl FamilyGame for CornerPiece {
    fn name(&self) -> String {
        self.game.to_string()
    }

    fn text(&self) -> String {
        format!("{} {} {}", self.game, self.m, self.n)
    }

    fn position_text(&self) -> String {
        format!("{} {}", self.m, self.n)
    }

    fn same_as(&self, other: &CornerPiece) -> bool {
        self.game == other.game && (self.m, self.n) == (other.m, other.n)
    }

    fn moves_after(&self) -> Vec<(Move, Self)> {
        let CornerPiece { game, m, n } = self;
        game.targets(*m, *n)
            .into_iter()
            .map(|(to_m, to_n)| {
                let step = CornerMove {
                    m: to_m,
                    n: to_n,
                    nimber: Nimber::ZERO,
                };
                (
                    Move::corner(*m, *n, &step),
                    CornerPiece {
                        game: game.clone(),
                        m: to_m,
                        n: to_n,
                    },
                )
            })
            .collect()
    }

    fn play(&self, notation: &str) -> Result<Self, String> {
        let refused = || no_such_move(notation, self);
        let square = |text: &str| -> Option<(usize, usize)> {
            let (m, n) = text
                .trim()
                .strip_prefix('(')?
                .strip_suffix(')')?
                .split_once(',')?;
            Some((m.trim().parse().ok()?, n.trim().parse().ok()?))
        };
        let (from, parts) = split_notation(notation).ok_or_else(refused)?;
        let ([to], Some(from)) = (parts.as_slice(), square(from)) else {
            return Err(refused());
        };
        let to = square(to).ok_or_else(refused)?;
        if from != (self.m, self.n) || !self.reaches(to) {
            return Err(refused());
        }
        Ok(CornerPiece {
            game: self.game.clone(),
            m: to.0,
            n: to.1,
        })
    }
}

/// The report of a move of this family.
impl Move {
    /// The corner piece's step from `(m, n)`.
    #[must_use]
    pub fn corner(m: usize, n: usize, step: &CornerMove) -> Move {
        Move {
            corner: Some([step.m, step.n]),
            ..Move::bare(
                format!("({m}, {n}) -> ({}, {})", step.m, step.n),
                step.nimber,
            )
        }
    }
}
