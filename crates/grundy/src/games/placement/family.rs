//! Placement games as one of grundy's families ([`crate::games::contract`]).

use super::{PlacementGame, PlacementPosition, RayRule, Surface};
use crate::board::{Piece, Square};
use crate::games::contract::FamilyGame;
use crate::report::{Command, GameReport, Move, Player};
use crate::values::{Nimber, Outcome};

/// A placement game in a position.
#[derive(Clone, Debug)]
pub struct Placement {
    /// The rules and the board.
    pub game: PlacementGame,
    /// The position.
    pub position: PlacementPosition,
}

/// Which player is to move in `position`: the first player when an even number of pieces has
/// been placed.
#[must_use]
pub fn player_to_move(game: &PlacementGame, position: &PlacementPosition) -> Player {
    if game.occupied(position).count() % 2 == 0 {
        Player::First
    } else {
        Player::Second
    }
}

impl FamilyGame for Placement {
    fn name(&self) -> String {
        self.game.name()
    }

    fn text(&self) -> String {
        let rules = self.game.rules();
        let mut text = format!("{} {}", self.game.name(), self.game.board());
        if rules.surface() != Surface::Rectangle {
            text.push_str(&format!(" {}", rules.surface()));
        }
        if rules.rays() != RayRule::default() {
            text.push_str(&format!(" {}", rules.rays()));
        }
        text
    }

    fn position_text(&self) -> String {
        self.game.format_position(&self.position)
    }

    fn same_as(&self, other: &Placement) -> bool {
        self.game == other.game && self.position == other.position
    }

    fn report(&self, command: Command, outcome: Outcome) -> GameReport {
        let Placement { game, position } = self;
        GameReport {
            board: Some(game.board().to_string()),
            surface: Some(game.rules().surface().to_string()),
            rays: Some(game.rules().rays().to_string()),
            ..GameReport::new(
                command,
                game.name(),
                game.format_position(position),
                outcome,
                player_to_move(game, position),
            )
        }
    }

    fn moves_after(&self) -> Vec<(Move, Self)> {
        let Placement { game, position } = self;
        let several = game.pieces().len() > 1;
        game.legal_placements(position)
            .into_iter()
            .map(|placement| {
                let after = game
                    .play_move(position, placement)
                    .expect("legal moves can be played");
                (
                    Move::placement(placement.square, placement.piece, several, Nimber::ZERO),
                    Placement {
                        game: game.clone(),
                        position: after,
                    },
                )
            })
            .collect()
    }

    fn play(&self, notation: &str) -> Result<Self, String> {
        let Placement { game, position } = self;
        let placement = game.parse_move(notation).map_err(|e| e.to_string())?;
        let after = game
            .play_move(position, placement)
            .map_err(|e| e.to_string())?;
        Ok(Placement {
            game: game.clone(),
            position: after,
        })
    }
}

/// The report of a move of this family.
impl Move {
    /// Putting `piece` on `square`; `several_pieces` says whether the game has more than one
    /// piece, when the notation names the piece (`Nc3`).
    #[must_use]
    pub fn placement(square: Square, piece: Piece, several_pieces: bool, nimber: Nimber) -> Move {
        let notation = if several_pieces {
            format!("{}{square}", piece.letter())
        } else {
            square.to_string()
        };
        let (row, col) = square.coordinates();
        Move {
            square: Some(square.to_string()),
            piece: Some(piece.to_string()),
            row: Some(row),
            col: Some(col),
            ..Move::bare(notation, nimber)
        }
    }
}
