//! Which symmetry strategy answers for a player, among those of [`super::strategy`] and
//! [`KingsFourLines`]: the one choice `grundy play --opponent symmetry`, the web page and the
//! tests make.

use super::four_lines::KingsFourLines;
use super::strategy::{
    does_not_apply, CentreThenReflect, MirrorSecond, Player, QueensFour, Strategy, StrategyError,
};
use super::PlacementGame;

/// The symmetry strategy for `player` in `game`: [`MirrorSecond`] or else, for kings on a
/// side of 4, [`KingsFourLines`] (whose free squares stay symmetric in the middle line of the
/// side of 4) for the second player; [`CentreThenReflect`] or else [`QueensFour`] for the
/// first. The error gives the reason of the first strategy tried.
pub fn symmetry_strategy(
    game: &PlacementGame,
    player: Player,
) -> Result<Box<dyn Strategy>, StrategyError> {
    match player {
        Player::Second => match MirrorSecond::for_game(game) {
            Ok(strategy) => Ok(Box::new(strategy)),
            Err(mirror) => match KingsFourLines::for_game(game) {
                Ok(strategy) => Ok(Box::new(strategy)),
                Err(_) => Err(mirror),
            },
        },
        Player::First => {
            let centre = match CentreThenReflect::for_game(game) {
                Ok(strategy) => return Ok(Box::new(strategy)),
                Err(error) => error,
            };
            match QueensFour::for_game(game) {
                Ok(strategy) => Ok(Box::new(strategy)),
                Err(_) => Err(does_not_apply(
                    "a symmetry strategy for the first player",
                    centre.to_string(),
                )),
            }
        }
    }
}
