//! Cram as one of grundy's families ([`crate::games::contract`]).

use super::{Cram, CramPosition};
use crate::games::contract::{no_such_move, FamilyGame};
use crate::report::Move;
use crate::values::Nimber;

/// A game of Cram in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CramGame {
    /// The rules and the board.
    pub rules: Cram,
    /// The free squares.
    pub position: CramPosition,
}

impl FamilyGame for CramGame {
    fn name(&self) -> String {
        "cram".to_string()
    }

    fn text(&self) -> String {
        format!("cram {}", self.rules.board())
    }

    fn position_text(&self) -> String {
        self.rules.format_position(&self.position)
    }

    fn same_as(&self, other: &CramGame) -> bool {
        self == other
    }

    fn moves_after(&self) -> Vec<(Move, CramGame)> {
        self.rules
            .legal_moves(&self.position)
            .into_iter()
            .map(|domino| {
                let after = CramGame {
                    rules: self.rules.clone(),
                    position: CramPosition::from_bits(
                        self.position.bits() & !self.rules.domino_bits(domino),
                    ),
                };
                (Move::bare(domino.to_string(), Nimber::ZERO), after)
            })
            .collect()
    }

    fn play(&self, notation: &str) -> Result<CramGame, String> {
        let domino = notation
            .parse()
            .map_err(|error| format!("{}: {error}", no_such_move(notation, self)))?;
        let position = self
            .rules
            .play(&self.position, domino)
            .map_err(|error| error.to_string())?;
        Ok(CramGame {
            rules: self.rules.clone(),
            position,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_move_played_from_its_notation_leads_where_the_list_says() {
        let rules = Cram::new("3x3".parse().unwrap()).unwrap();
        let game = CramGame {
            position: rules.parse_position("#../.../..#").unwrap(),
            rules,
        };
        assert_eq!(game.text(), "cram 3x3");
        assert_eq!(game.position_text(), "#../.../..#");
        let moves = game.moves_after();
        assert_eq!(moves.len(), 8);
        for (named, after) in &moves {
            assert!(game.play(&named.notation).unwrap().same_as(after));
        }
        for bogus in ["", "a1-b1", "a1-c1", "zz9", "b2-b2", "c3-c2"] {
            assert!(game.play(bogus).is_err(), "{bogus}");
        }
    }
}
