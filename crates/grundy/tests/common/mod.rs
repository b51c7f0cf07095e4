//! Helpers shared by the property tests.

use grundy::games::placement::{PlacementGame, PlacementPosition};

/// Plays moves picked by a generator seeded with `seed` until at most `few` squares are free:
/// a position deep in the game on a board too large to play down by hand-picked choices.
pub fn play_until_few(game: &PlacementGame, seed: u64, few: usize) -> PlacementPosition {
    let mut position = game.empty();
    let mut state = seed | 1;
    while game.legal_moves(&position).len() > few {
        let moves = game.legal_placements(&position);
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let pick = moves[(state % moves.len() as u64) as usize];
        position = game
            .play_move(&position, pick)
            .expect("legal moves can be played");
    }
    position
}
