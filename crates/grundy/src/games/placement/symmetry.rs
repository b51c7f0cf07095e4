//! Which symmetry strategy answers for a player, among those of [`super::strategy`] and
//! [`KingsFourLines`]: the one choice `grundy play --opponent symmetry`, the web page and the
//! tests make, from the empty board ([`symmetry_strategy`]) and from a position set up
//! mid-game ([`strategy_taking_over`]).

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

/// The symmetry strategy that takes over a position set up mid-game for the game's `player`:
/// `player`'s own ([`symmetry_strategy`]) if `takes_over` accepts it, else the other
/// player's if it does; `built` turns a strategy that does not apply to the game into `E`.
/// The error is `player`'s own strategy's, which a user asked for that side expects.
///
/// A strategy belongs to a player counted from the empty board (the first player opens, the
/// second answers), but from a position set up mid-game the number of pieces does not say
/// whose argument holds: five kings on 4x7 can leave the free squares whole columns with the
/// game's second player to move, and then the game's first player wins by the second player's
/// answer in the same column. A strategy moves only where its move leaves a position its
/// argument wins from (symmetric with each image holding the same piece, whole free lines, no
/// free square), whoever counts as first, so trying both is sound; `takes_over` says what the
/// caller needs (a move now, or an answer to every move). The own strategy's failure is the
/// one said: where only the other's applies to the game, the caller's hint names that side.
///
/// # Errors
/// `player`'s strategy's failure, from `built` or `takes_over`, when neither strategy is taken.
pub(super) fn strategy_taking_over<T, E>(
    game: &PlacementGame,
    player: Player,
    built: impl Fn(StrategyError) -> E,
    mut takes_over: impl FnMut(&mut dyn Strategy) -> Result<T, E>,
) -> Result<(Box<dyn Strategy>, T), E> {
    let mut attempt = |player| {
        let mut strategy = symmetry_strategy(game, player).map_err(&built)?;
        let taken = takes_over(strategy.as_mut())?;
        Ok((strategy, taken))
    };
    attempt(player).or_else(|own| attempt(player.other()).map_err(|_| own))
}
