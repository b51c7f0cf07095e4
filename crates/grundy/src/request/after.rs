//! The game each move of an answer leaves, written into the move (`after`, `after_graph`), so
//! that a front end goes on from there without rules of its own.

use crate::games::contract::FamilyGame;
use crate::games::game::Game;
use crate::games::game::GameError;
use crate::report::Move;

/// The most bytes of `after` (and `after_graph`) text one answer carries: a long game (a row
/// of 200,000 heaps) times a thousand listed moves would otherwise hold hundreds of MB before
/// the answer's size is checked. Past it the remaining moves are listed without them.
pub(crate) const AFTER_BYTES: usize = 16 << 20;

/// The game `game` becomes when `listed` (one of its moves, as an answer lists it) is played.
///
/// # Errors
/// When the move is not one of `game`'s (an answer's moves always are).
pub fn game_after(game: &Game, listed: &Move) -> Result<Game, GameError> {
    match listed.summand() {
        Some(summand) if game.summands().len() > 1 => {
            game.play(&format!("{summand}: {}", listed.notation))
        }
        _ => game.play(&listed.notation),
    }
}

/// The graph a request sends with `after`'s text: the edge list of its one game on a graph;
/// `None` without one, and with several (a request sends one graph, which every `graph NAME`
/// of its game stands for, so after a move in one of them it cannot say both).
pub(crate) fn graph_after(after: &Game) -> Option<String> {
    let mut graphs = after.summands().iter().filter_map(FamilyGame::edge_list);
    match (graphs.next(), graphs.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// Sets each move's `after` (and `after_graph`), until [`AFTER_BYTES`] of them are written.
pub(super) fn write_games_after(game: &Game, moves: &mut [Move]) {
    let mut written = 0usize;
    for listed in moves {
        if written > AFTER_BYTES {
            break;
        }
        let Ok(after) = game_after(game, listed) else {
            debug_assert!(
                false,
                "{game}: a listed move `{}` did not play",
                listed.notation
            );
            continue;
        };
        let graph = graph_after(&after);
        let text = after.to_string();
        written += text.len() + graph.as_ref().map_or(0, String::len);
        listed.set_after(text, graph);
    }
}
