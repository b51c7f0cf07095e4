//! The game each move of an answer leaves, written into the move (`after`, `after_graph`), so
//! that a front end goes on from there without rules of its own.

use crate::games::contract::FamilyGame;
use crate::report::Move;
use crate::Game;

/// Sets each move's `after` (and `after_graph`): the game `game` becomes when the move is
/// played in its summand, asked of the summand's family by the move's notation.
pub(super) fn write_games_after(game: &Game, moves: &mut [Move]) {
    for listed in moves {
        let written = match listed.summand {
            Some(summand) if game.summands().len() > 1 => {
                format!("{summand}: {}", listed.notation)
            }
            _ => listed.notation.clone(),
        };
        let Ok(after) = game.play(&written) else {
            debug_assert!(false, "{game}: a listed move `{written}` did not play");
            continue;
        };
        let index = listed.summand.map_or(0, |summand| summand - 1);
        listed.after_graph = after.summands()[index].edge_list();
        listed.after = Some(after.to_string());
    }
}
