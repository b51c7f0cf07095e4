//! Positions a known strategy settles without search: the one place the searches of values,
//! outcomes, winning moves and tables consult before searching.
//!
//! - **Mirror play** (Boone (2016), Lemma 2.1.2 and Theorem 2.2.2 (a)): when a symmetry of
//!   the board that undoes itself maps the free squares onto themselves, and no free square
//!   onto itself or onto a square some piece there attacks, the second player answers every
//!   move with its image and never runs out of moves. The position is a second-player win, so
//!   its nim-value is exactly 0: both the outcome and the value are settled. The same holds
//!   for each part of the free squares on its own (a sum of second-player wins is one), each
//!   part with the symmetry of its own bounding box.
//! - **Kings on a side of 4** ([`KingsFourLines`](super::KingsFourLines)): when the game is kings alone on a
//!   rectangle with a side of 4 and the free squares are whole lines across that side (the
//!   empty board among them), the second player answers each king in its own line and wins:
//!   a second-player win, so the nim-value 0, as for mirror play.
//! - **One move to mirror play** ([`CentreThenReflect`]'s centre on an odd board, or any move
//!   that leaves a position of the first two kinds): the player to move wins by that move. This
//!   settles the outcome (N) and gives a winning move, but *not* the nim-value: the strategy
//!   proves only that it is not 0.
//! - [`QueensFour`]: queens on 4×4 is a first-player win by b2 (Jenrich (2014)); again the
//!   outcome, not the value.
//!
//! Checking costs a pass over the free squares per symmetry (five at most), so the searches
//! ask at every position they are given. Inside a search the solver looks for mirror play in
//! large components by itself (`NodeKayles::known_value`).
//!
//! ```
//! use grundy::games::placement::{settled_by_strategy, Piece, PlacementGame};
//! use grundy::{Nimber, Outcome};
//!
//! let game = PlacementGame::new(Piece::Knight, "8x9".parse().unwrap());
//! let settled = settled_by_strategy(&game, &game.empty()).unwrap();
//! assert_eq!(settled.outcome, Outcome::P);
//! assert_eq!(settled.nim_value(), Some(Nimber::ZERO));
//! assert_eq!(settled.strategy, "mirror play (reflection in the horizontal middle line)");
//!
//! let odd = PlacementGame::new(Piece::Knight, "9x9".parse().unwrap());
//! let settled = settled_by_strategy(&odd, &odd.empty()).unwrap();
//! assert_eq!(settled.outcome, Outcome::N);
//! assert_eq!(settled.nim_value(), None); // not 0, but which nimber needs a search
//! assert_eq!(settled.winning_move.unwrap().square.to_string(), "e5");
//! ```

use crate::board::Symmetry;
use crate::values::{Nimber, Outcome};

use super::strategy::{CentreThenReflect, QueensFour, Strategy};
use super::{BoardSet, PlacementGame, PlacementMove, PlacementPosition, RayRule, Surface};

/// The symmetries mirror play is looked for under, in order: those of [`MirrorSecond`] first
/// (so that the name given is the strategy `grundy play --opponent symmetry` plays), then the
/// reflections in the diagonals of a square board.
///
/// [`MirrorSecond`]: super::MirrorSecond
const MIRRORS: [Symmetry; 5] = [
    Symmetry::ROW_MIRROR,
    Symmetry::COLUMN_MIRROR,
    Symmetry::HALF_TURN,
    Symmetry::TRANSPOSE,
    Symmetry::ANTI_TRANSPOSE,
];

/// What a strategy proves about a position, found without search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// Who wins: P when the second player mirrors, N when the player to move has a move to
    /// such a position (or another first-player strategy).
    pub outcome: Outcome,
    /// For N: the move the strategy plays, which wins.
    pub winning_move: Option<PlacementMove>,
    /// The strategy, for people: `mirror play (half turn about the centre)`,
    /// `centre e5 then half turn`, ...
    pub strategy: String,
}

impl Settlement {
    /// The nim-value the strategy proves: 0 for a second-player win; `None` for a first-player
    /// win, whose nim-value the strategy shows only to be non-zero.
    #[must_use]
    pub fn nim_value(&self) -> Option<Nimber> {
        (self.outcome == Outcome::P).then_some(Nimber::ZERO)
    }

    fn second_player_wins(strategy: String) -> Settlement {
        Settlement {
            outcome: Outcome::P,
            winning_move: None,
            strategy,
        }
    }
}

/// Whether `position` is a second-player win by mirror play, and under which symmetry: the
/// cheap check (a pass over the free squares per symmetry) that every search makes first.
/// `None` for a position with no free square (no strategy is needed there) and on surfaces
/// other than the rectangle (whose wrapped attacks the argument has not been checked for).
#[must_use]
pub fn mirror_settlement(game: &PlacementGame, position: &PlacementPosition) -> Option<Settlement> {
    if game.rules().surface() != Surface::Rectangle {
        return None;
    }
    let available = game.available(position);
    if available.is_empty() {
        return None;
    }
    if let Some(symmetry) = board_mirror(game, position, &available) {
        return Some(Settlement::second_player_wins(format!(
            "mirror play ({symmetry})"
        )));
    }
    parts_mirror(game, &available).map(Settlement::second_player_wins)
}

/// Whether `position` is a second-player win by a strategy of the second player: mirror
/// play ([`mirror_settlement`]), or for kings on a side of 4 the answer in the same line
/// ([`KingsFourLines`](super::KingsFourLines)). `None` for a position with no free square.
#[must_use]
pub fn second_player_settlement(
    game: &PlacementGame,
    position: &PlacementPosition,
) -> Option<Settlement> {
    if let Some(settled) = mirror_settlement(game, position) {
        return Some(settled);
    }
    super::four_lines::whole_free_lines(game, position).map(Settlement::second_player_wins)
}

/// What a strategy settles about `position`: a second-player win by mirror play or by the
/// kings' answer in the same line (outcome and nim-value 0), or a first-player win by a move
/// to such a position (outcome and a winning move; the nim-value still needs a search).
/// `None` when no strategy here applies.
#[must_use]
pub fn settled_by_strategy(
    game: &PlacementGame,
    position: &PlacementPosition,
) -> Option<Settlement> {
    if let Some(settled) = second_player_settlement(game, position) {
        return Some(settled);
    }
    if game.rules().surface() != Surface::Rectangle {
        return None;
    }
    let first_player_wins = |winning_move: PlacementMove, strategy: String| Settlement {
        outcome: Outcome::N,
        winning_move: Some(winning_move),
        strategy,
    };
    if *position == game.empty() {
        if let Ok(strategy) = CentreThenReflect::for_game(game) {
            let centre = strategy.centre();
            let after = game.play_move(position, centre).ok()?;
            // The constructor proved this already; checked again so that what is claimed here
            // rests on the same test as every other settlement.
            if mirror_settlement(game, &after).is_some() {
                return Some(first_player_wins(centre, strategy.name()));
            }
        }
        if let Ok(mut strategy) = QueensFour::for_game(game) {
            let opening = strategy.choose(position).ok()?;
            return Some(first_player_wins(opening, strategy.name()));
        }
    }
    game.legal_placements(position)
        .into_iter()
        .find_map(|placement| {
            let after = game.play_move(position, placement).ok()?;
            let second = second_player_settlement(game, &after)?;
            Some(first_player_wins(
                placement,
                format!("{} then {}", game.move_name(placement), second.strategy),
            ))
        })
}

/// A symmetry of the whole board that maps the free squares onto themselves, fixes none of
/// them and maps none onto a square some piece there attacks. With blocked lines the pieces
/// must be symmetric too (same piece on the image square), since what stops a line depends on
/// where they stand; with lines passing through, only the free squares matter.
fn board_mirror(
    game: &PlacementGame,
    position: &PlacementPosition,
    available: &BoardSet,
) -> Option<Symmetry> {
    let board = game.board();
    MIRRORS
        .into_iter()
        .filter(|symmetry| symmetry.keeps((board.rows(), board.cols())))
        .find(|&symmetry| {
            let image = symmetry.permutation(board);
            if available.permuted(&image) != *available {
                return false;
            }
            if game.rules().rays() == RayRule::Blocked
                && position
                    .by_piece
                    .iter()
                    .any(|pieces| pieces.permuted(&image) != *pieces)
            {
                return false;
            }
            available.iter().all(|square| {
                let mirror = usize::from(image[square]);
                mirror != square
                    && game
                        .attacks
                        .closed_neighbourhood
                        .iter()
                        .all(|attacks| !attacks[square].contains(mirror))
            })
        })
}

/// Mirror play in each connected part of the free squares, each part under a symmetry of its
/// own bounding box: a sum of second-player wins is a second-player win. Attacks on the
/// rectangle depend only on the difference of two squares (lines passing through, or a single
/// piece, whose lines never cross another piece's), so a symmetry of a box inside the board
/// maps attacks to attacks as one of the whole board does. The strategy's name, or `None`.
fn parts_mirror(game: &PlacementGame, available: &BoardSet) -> Option<String> {
    if game.rules().rays() == RayRule::Blocked && game.single_piece().is_none() {
        return None;
    }
    let reach = |square: usize| {
        game.attacks
            .closed_neighbourhood
            .iter()
            .fold(BoardSet::EMPTY, |all, attacks| all | attacks[square])
    };
    let mut symmetries = Vec::new();
    let mut every_part = true;
    available.for_each_connected_part(reach, |part| {
        if every_part {
            match part_mirror(game, &part) {
                Some(symmetry) => symmetries.push(symmetry),
                None => every_part = false,
            }
        }
    });
    if !every_part {
        return None;
    }
    let names: Vec<String> = symmetries.iter().map(ToString::to_string).collect();
    Some(match names.as_slice() {
        [only] => format!("mirror play ({only} of the free squares' bounding box)"),
        all => format!(
            "mirror play in each of the {} parts of the free squares ({})",
            all.len(),
            all.join("; ")
        ),
    })
}

/// A symmetry of `part`'s bounding box that maps `part` onto itself, fixes none of its squares
/// and maps none onto a square some piece there attacks.
fn part_mirror(game: &PlacementGame, part: &BoardSet) -> Option<Symmetry> {
    let board = game.board();
    let cols = board.cols();
    let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
    for square in part.iter() {
        let (row, col) = (square / cols, square % cols);
        top = top.min(row);
        bottom = bottom.max(row);
        left = left.min(col);
        right = right.max(col);
    }
    let size = (bottom + 1 - top, right + 1 - left);
    MIRRORS
        .into_iter()
        .filter(|symmetry| symmetry.keeps(size))
        .find(|symmetry| {
            part.iter().all(|square| {
                let (row, col) = symmetry.map(size, (square / cols - top, square % cols - left));
                let mirror = (row + top) * cols + col + left;
                mirror != square
                    && part.contains(mirror)
                    && game
                        .attacks
                        .closed_neighbourhood
                        .iter()
                        .all(|attacks| !attacks[square].contains(mirror))
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::placement::{parse_pieces, Piece, PlacementRules};

    fn game(pieces: &str, board: &str) -> PlacementGame {
        let pieces = parse_pieces(pieces).unwrap();
        let rules = PlacementRules::new(&pieces, Surface::Rectangle, RayRule::Through).unwrap();
        PlacementGame::with_rules(rules, board.parse().unwrap())
    }

    #[test]
    fn even_knight_boards_are_mirror_wins_for_the_second_player() {
        for board in ["8x9", "9x8", "10x10", "6x11", "2x2", "16x16"] {
            let game = PlacementGame::new(Piece::Knight, board.parse().unwrap());
            let settled = mirror_settlement(&game, &game.empty()).expect(board);
            assert_eq!(settled.outcome, Outcome::P, "{board}");
        }
        let game = PlacementGame::new(Piece::Knight, "9x9".parse().unwrap());
        assert!(mirror_settlement(&game, &game.empty()).is_none());
    }

    #[test]
    fn kings_and_queens_on_even_boards_are_not_claimed() {
        for (piece, board) in [
            (Piece::King, "8x8"),
            (Piece::Queen, "8x8"),
            (Piece::Queen, "6x7"),
        ] {
            let game = PlacementGame::new(piece, board.parse().unwrap());
            assert!(
                mirror_settlement(&game, &game.empty()).is_none(),
                "{piece} {board}"
            );
        }
        // Queens on 4x4 is a first-player win by b2, without a mirror.
        let game = PlacementGame::new(Piece::Queen, "4x4".parse().unwrap());
        let settled = settled_by_strategy(&game, &game.empty()).unwrap();
        assert_eq!(settled.outcome, Outcome::N);
        assert_eq!(settled.winning_move.unwrap().square.to_string(), "b2");
    }

    #[test]
    fn the_centre_of_an_odd_board_wins_and_is_named() {
        let game = PlacementGame::new(Piece::Queen, "9x9".parse().unwrap());
        let settled = settled_by_strategy(&game, &game.empty()).unwrap();
        assert_eq!(settled.outcome, Outcome::N);
        assert_eq!(settled.strategy, "centre e5 then half turn");
        assert_eq!(settled.nim_value(), None);
    }

    #[test]
    fn parts_of_the_free_squares_mirror_each_on_its_own() {
        // The free squares need not be symmetric on the board, only in their own box.
        let rooks = game("rooks", "4x4");
        // Rooks on a1 and b2 leave the 2x2 block c3-d4, a part mirrored by its half turn.
        let position = rooks.parse_position("..../..../.R../R...").unwrap();
        let settled = mirror_settlement(&rooks, &position).unwrap();
        assert!(
            settled.strategy.contains("bounding box"),
            "{}",
            settled.strategy
        );
        // A single free square has no mirror.
        let position = rooks.parse_position("..../.R../..R./R...").unwrap();
        assert!(mirror_settlement(&rooks, &position).is_none());
    }

    #[test]
    fn several_pieces_mirror_with_the_same_piece() {
        let game = game("bishops+knights", "4x4");
        let settled = mirror_settlement(&game, &game.empty()).unwrap();
        assert_eq!(settled.outcome, Outcome::P);
    }
}
