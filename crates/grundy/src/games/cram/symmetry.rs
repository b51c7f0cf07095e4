//! The symmetry strategies of Cram, which settle a position without search.
//!
//! Let `σ` be a symmetry of the board that undoes itself (a half turn, a reflection in a
//! middle line or, on a square board, in a diagonal). If the free squares are mapped onto
//! themselves by `σ` and no legal domino meets its own image, the player to move loses: each
//! domino they put down is answered by its image, which is still free and does not meet it,
//! and the position after the two is again of the same kind (its dominoes are among the
//! earlier ones). So on an even × even board the second player wins by the half turn (no
//! domino is its own image, the centre being a corner of four squares), and on an even × odd
//! board the first player wins by the domino on the centre, the only one its own image under
//! the half turn, and then mirrors.

use super::{Cram, CramPosition, Domino};
use crate::board::Symmetry;

/// How a symmetry strategy settles a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SymmetrySettlement {
    /// The player to move loses: the other answers every domino by its image under the
    /// symmetry.
    SecondPlayerMirrors(Symmetry),
    /// The player to move wins: by `domino`, then answering every domino by its image under
    /// `symmetry`.
    FirstPlayerMirrors {
        /// The first move.
        domino: Domino,
        /// The symmetry of the position it leaves.
        symmetry: Symmetry,
    },
}

#[cfg(test)]
impl SymmetrySettlement {
    /// Who wins.
    #[must_use]
    pub(crate) const fn outcome(self) -> crate::values::Outcome {
        match self {
            SymmetrySettlement::SecondPlayerMirrors(_) => crate::values::Outcome::P,
            SymmetrySettlement::FirstPlayerMirrors { .. } => crate::values::Outcome::N,
        }
    }
}

/// A symmetry of the board that undoes itself, as a table of square images.
struct Mirror {
    symmetry: Symmetry,
    image_of: Vec<u16>,
}

impl Mirror {
    fn image(&self, squares: u128) -> u128 {
        let mut rest = squares;
        let mut image = 0;
        while rest != 0 {
            image |= 1 << self.image_of[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        image
    }

    /// Whether the second player wins `free` by answering each domino with its image.
    fn second_player_mirrors(&self, cram: &Cram, free: u128) -> bool {
        if self.image(free) != free {
            return false;
        }
        let mut meets_its_image = false;
        cram.for_each_domino_bits(free, |domino| {
            meets_its_image |= self.image(domino) & domino != 0;
        });
        !meets_its_image
    }
}

/// The board's symmetries other than the identity that undo themselves.
fn mirrors(cram: &Cram) -> Vec<Mirror> {
    let board = cram.board();
    Symmetry::of_board(board)
        .filter(|&symmetry| symmetry != Symmetry::IDENTITY && symmetry.inverse() == symmetry)
        .map(|symmetry| Mirror {
            symmetry,
            image_of: symmetry.permutation(board),
        })
        .collect()
}

/// The symmetry strategy that settles `position`, if one does: the second player's when the
/// position itself is symmetric as the module describes, else the first player's when some
/// move leaves such a position. `None` when neither does (the position may still be won by
/// either; only a search tells).
#[must_use]
pub(crate) fn symmetry_settlement(
    cram: &Cram,
    position: &CramPosition,
) -> Option<SymmetrySettlement> {
    let mirrors = mirrors(cram);
    let free = position.bits();
    if let Some(mirror) = mirrors
        .iter()
        .find(|mirror| mirror.second_player_mirrors(cram, free))
    {
        return Some(SymmetrySettlement::SecondPlayerMirrors(mirror.symmetry));
    }
    // The winning first move must be its own image, or the position after it would not be
    // symmetric while the one before was; try those first, then every move.
    let moves = cram.legal_moves(position);
    for mirror in &mirrors {
        for &domino in &moves {
            let bits = cram.domino_bits(domino);
            if mirror.second_player_mirrors(cram, free & !bits) {
                return Some(SymmetrySettlement::FirstPlayerMirrors {
                    domino,
                    symmetry: mirror.symmetry,
                });
            }
        }
    }
    None
}

/// The domino that answers `domino` under `symmetry` on `cram`'s board.
#[must_use]
#[cfg(test)]
pub(crate) fn mirror_reply(cram: &Cram, symmetry: Symmetry, domino: Domino) -> Domino {
    let board = cram.board();
    Domino::new(
        symmetry.image(board, domino.first()),
        symmetry.image(board, domino.second()),
    )
    .expect("a symmetry keeps neighbours side by side")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::values::{Nimber, Outcome};
    use std::collections::HashMap;

    fn cram(rows: u32, cols: u32) -> Cram {
        Cram::new(BoardSize::new(rows, cols).unwrap()).unwrap()
    }

    /// Every position of every board of up to 12 squares: a settlement is never wrong.
    #[test]
    fn settlements_agree_with_the_plain_recursion_on_every_small_position() {
        let mut settled = [0, 0];
        for rows in 1..=12u32 {
            for cols in 1..=12 / rows {
                let game = cram(rows, cols);
                let options = |position: &CramPosition| game.options(position);
                let mut memo = HashMap::new();
                for free in 0..=game.empty().bits() {
                    let position = CramPosition::from_bits(free);
                    let Some(settlement) = symmetry_settlement(&game, &position) else {
                        continue;
                    };
                    let value = crate::solver::naive_value_by(&position, &options, &mut memo);
                    assert_eq!(
                        settlement.outcome(),
                        value.outcome(),
                        "{rows}x{cols} {}",
                        game.format_position(&position)
                    );
                    if let SymmetrySettlement::FirstPlayerMirrors { domino, .. } = settlement {
                        let after = game.play(&position, domino).unwrap();
                        let after_value =
                            crate::solver::naive_value_by(&after, &options, &mut memo);
                        assert_eq!(after_value, Nimber::ZERO);
                    }
                    settled[usize::from(settlement.outcome() == Outcome::N)] += 1;
                }
            }
        }
        assert!(settled[0] > 1000 && settled[1] > 1000, "{settled:?}");
    }

    /// Even × even: the second player mirrors by the half turn; even × odd: the first player
    /// takes the centre domino and mirrors. Odd × odd boards are not settled this way.
    #[test]
    fn the_empty_board_is_settled_by_the_parity_of_its_sides() {
        for rows in 1..=8u32 {
            for cols in 1..=8 {
                let game = cram(rows, cols);
                let settlement = symmetry_settlement(&game, &game.empty());
                match (rows % 2, cols % 2) {
                    (0, 0) => assert_eq!(
                        settlement,
                        Some(SymmetrySettlement::SecondPlayerMirrors(Symmetry::HALF_TURN)),
                        "{rows}x{cols}"
                    ),
                    (0, 1) | (1, 0) => {
                        let Some(SymmetrySettlement::FirstPlayerMirrors { domino, symmetry }) =
                            settlement
                        else {
                            panic!("{rows}x{cols}: {settlement:?}")
                        };
                        assert_eq!(mirror_reply(&game, symmetry, domino), domino);
                    }
                    _ => {
                        if rows > 1 && cols > 1 {
                            assert_eq!(settlement, None, "{rows}x{cols}");
                        }
                    }
                }
            }
        }
        // 1×n boards: 1x3 is won by either domino (one move, then nothing), found by search
        // elsewhere; here only the settlement's truth matters, checked above.
        let game = cram(2, 3);
        let reply = mirror_reply(&game, Symmetry::HALF_TURN, "a1-b1".parse().unwrap());
        assert_eq!(reply.to_string(), "b2-c2");
    }
}
