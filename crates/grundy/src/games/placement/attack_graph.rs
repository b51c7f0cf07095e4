//! A piece's attack graph as the `graph` question sees it: the graph whose independent sets are
//! the positions of one piece's game on an empty rectangular board, and those positions drawn
//! on the board.

use std::collections::HashMap;

use super::{Placement, PlacementGame, PlacementPosition, RayRule, Surface};
use crate::games::answer_text::draw_board;
use crate::games::contract::{FamilyGame, PositionsGraph};
use crate::graph::terminal::board_orders;
use crate::graph::Graph;

/// The attack graph of `placed`'s piece, or why its positions are not one graph's
/// independent sets (several kinds of piece, another surface or ray rule, pieces placed).
pub(crate) fn positions_graph(placed: &Placement) -> Result<PositionsGraph, String> {
    let Placement { game, position } = placed;
    let Some(piece) = game.single_piece() else {
        return Err(several_pieces_refused(game));
    };
    let rules = game.rules();
    if rules.surface() != Surface::Rectangle
        || rules.rays() != RayRule::default()
        || *position != game.empty()
    {
        return Err(format!(
            "graph describes the attack graph of a piece on an empty rectangular board, not `{}`: try `grundy graph {} {}`",
            placed.written(),
            game.name(),
            game.board()
        ));
    }
    Ok(PositionsGraph {
        graph: Graph::attack_graph(piece, game.board()),
        game: game.name(),
        board: Some(game.board().to_string()),
        source: None,
        orders: board_orders(game.board()),
    })
}

/// Why `graph` refuses a game of several pieces: its facts are those of one graph whose
/// independent sets are the game's positions, and with pieces of different kinds there is no
/// such graph.
fn several_pieces_refused(game: &PlacementGame) -> String {
    let (name, board) = (game.name(), game.board());
    let each: Vec<String> = game
        .pieces()
        .iter()
        .map(|piece| format!("`grundy graph {piece} {board}`"))
        .collect();
    format!(
        "graph describes the attack graph of one piece, whose independent sets are the positions of its game; \
{name} has pieces that attack differently, and a piece may go on a square from which it attacks a piece of another kind \
placed before it (only the square it goes on must be unattacked), so its positions are not the independent sets of one graph \
and alpha, gamma, i and the terminal counts would not describe it. Try {} for each piece's graph, or `grundy value {name} {board}` for the game",
        each.join(" or ")
    )
}

/// The position with pieces on `squares` (an independent set of the attack graph, so each
/// placement is legal); `None` for a set that is not one.
fn position_of(game: &PlacementGame, squares: &[usize]) -> Option<PlacementPosition> {
    let board = game.board();
    squares.iter().try_fold(game.empty(), |position, &index| {
        if index >= board.squares() {
            return None;
        }
        game.play(&position, board.square_at(index)).ok()
    })
}

/// The position with pieces on `squares` drawn on the board, for people.
pub(crate) fn vertex_set_text(game: &PlacementGame, squares: &[usize]) -> Option<String> {
    let position = position_of(game, squares)?;
    Some(draw_board(game, &position, &HashMap::new()))
}
