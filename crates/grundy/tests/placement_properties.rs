//! The optimised placement solver against the plain mex recursion, and Boone (2016)'s
//! theorems against the search.

use grundy::games::placement::{
    NodeKayles, Piece, PlacementGame, PlacementPosition, PlacementSolver,
};
use grundy::solver::{naive_nim_value, Pruning};
use grundy::square_set::SquareSet;
use grundy::{BoardSize, Nimber, Outcome};
use proptest::prelude::*;

mod common;
use common::play_until_few;

const PIECES: [Piece; 10] = [
    Piece::Knight,
    Piece::Bishop,
    Piece::Rook,
    Piece::Queen,
    Piece::King,
    Piece::Leaper(1, 3),
    Piece::Leaper(2, 3),
    Piece::Leaper(1, 4),
    Piece::Leaper(0, 1),
    Piece::Leaper(1, 1),
];

/// Plays the moves picked by `choices` (each an index into the legal moves, modulo their
/// number) for as long as there are moves and choices.
fn play_some(game: &PlacementGame, choices: &[usize]) -> PlacementPosition {
    let mut position = game.empty();
    for &choice in choices {
        let moves = game.legal_moves(&position);
        if moves.is_empty() {
            break;
        }
        position = game
            .play(&position, moves[choice % moves.len()])
            .expect("legal moves can be played");
    }
    position
}

fn naive(game: &PlacementGame, position: &PlacementPosition) -> Nimber {
    let engine = NodeKayles::<1>::new(game.single_piece().expect("one piece"), game.board());
    let available: SquareSet<1> = game.available(position).resize();
    naive_nim_value(&engine, &available)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// On random boards of up to 20 squares and random positions, for every piece, the solver
    /// (components, canonical shapes, bounded table) agrees with the plain mex recursion, and
    /// so do the values of all moves.
    #[test]
    fn solver_equals_plain_mex_recursion(
        piece in 0..PIECES.len(),
        rows in 1u32..=5,
        cols in 1u32..=5,
        choices in proptest::collection::vec(0usize..64, 0..5),
        tiny_table in any::<bool>(),
        full_mex_size in prop_oneof![Just(0usize), Just(3), Just(10), Just(1000)],
        dense_size in prop_oneof![Just(0usize), Just(6), Just(20)],
        skip in any::<bool>(),
    ) {
        prop_assume!(rows * cols <= 20);
        let game = PlacementGame::new(PIECES[piece], BoardSize::new(rows, cols).unwrap());
        let position = play_some(&game, &choices);
        // A table of 1 MiB on these boards never fills; the tiny one exercises eviction.
        let budget = if tiny_table { 0 } else { 1 << 20 };
        let mut solver = PlacementSolver::new(&game, budget);
        // 0: every component is probed; 1000: every component gets the plain mex rule.
        solver.set_full_mex_size(full_mex_size);
        // 0: no dense endgames; 20: every component of these boards is one.
        solver.set_dense_size(dense_size);
        // With and without the skip of values that options of known value rule out.
        let pruning = Pruning { skip };
        solver.set_pruning(pruning);
        prop_assert_eq!(solver.nim_value(&position), naive(&game, &position));
        let mut winning = Vec::new();
        for mv in solver.move_values(&position) {
            let after = game.play(&position, mv.square).unwrap();
            prop_assert_eq!(mv.nimber, naive(&game, &after), "move {}", mv.square);
            if mv.nimber == Nimber::ZERO {
                winning.push(mv.square);
            }
        }
        let mut fresh = PlacementSolver::new(&game, budget);
        fresh.set_full_mex_size(full_mex_size);
        fresh.set_dense_size(dense_size);
        fresh.set_pruning(pruning);
        prop_assert_eq!(fresh.winning_moves(&position), winning);
    }
}

#[test]
fn a_solver_reused_across_boards_gives_the_same_values() {
    for piece in PIECES {
        let largest = BoardSize::new(5, 6).unwrap();
        let mut shared: Option<PlacementSolver> = None;
        for rows in 1..=5 {
            for cols in 1..=6 {
                let game = PlacementGame::new(piece, BoardSize::new(rows, cols).unwrap());
                let solver = match shared.as_mut() {
                    Some(solver) => {
                        solver.retarget(&game);
                        solver
                    }
                    None => shared.insert(PlacementSolver::for_boards(&game, largest, 1 << 22)),
                };
                let fresh = PlacementSolver::new(&game, 1 << 22).nim_value(&game.empty());
                assert_eq!(
                    solver.nim_value(&game.empty()),
                    fresh,
                    "{piece} {rows}x{cols}"
                );
            }
        }
    }
}

/// Boone (2016), Theorem 2.2.2: on an m x n board the empty Knights position is 0 when m (or, by
/// symmetry, n) is even, and not 0 when both are odd. Checked by search, not assumed.
#[test]
fn knights_symmetry_theorem_holds_on_every_board_searched() {
    for rows in 1..=7u32 {
        for cols in 1..=7u32 {
            if rows * cols > 42 {
                continue;
            }
            let game = PlacementGame::new(Piece::Knight, BoardSize::new(rows, cols).unwrap());
            let value = PlacementSolver::new(&game, 1 << 26).nim_value(&game.empty());
            let expected = if rows % 2 == 0 || cols % 2 == 0 {
                Outcome::P
            } else {
                Outcome::N
            };
            assert_eq!(value.outcome(), expected, "knights {rows}x{cols} = {value}");
        }
    }
}

/// The strategy behind the theorem, checked move by move: on an odd x odd board the centre is
/// a winning first move, and on an even board every first move can be answered by its mirror
/// image.
#[test]
fn symmetry_strategies_are_winning_moves() {
    for (rows, cols) in [(3, 3), (3, 5), (5, 5), (5, 7), (3, 7)] {
        let game = PlacementGame::new(Piece::Knight, BoardSize::new(rows, cols).unwrap());
        let centre = game
            .board()
            .square(rows as usize / 2, cols as usize / 2)
            .unwrap();
        let after = game.play(&game.empty(), centre).unwrap();
        let mut solver = PlacementSolver::new(&game, 1 << 24);
        assert_eq!(solver.nim_value(&after), Nimber::ZERO, "{rows}x{cols}");
    }
    for (rows, cols) in [(4, 4), (4, 5), (6, 3), (2, 7)] {
        let game = PlacementGame::new(Piece::Knight, BoardSize::new(rows, cols).unwrap());
        let board = game.board();
        let mut solver = PlacementSolver::new(&game, 1 << 24);
        for first in game.legal_moves(&game.empty()) {
            // Reflect about the horizontal axis between the middle rows.
            let mirror = board
                .square(board.rows() - 1 - first.row(), first.col())
                .unwrap();
            let after_first = game.play(&game.empty(), first).unwrap();
            let reply = game
                .play(&after_first, mirror)
                .expect("the mirror reply is legal");
            assert_eq!(
                solver.nim_value(&reply),
                Nimber::ZERO,
                "{rows}x{cols} {first}"
            );
        }
    }
}

/// Boone (2016), Lemma 3.2.1 (Noon): Bishops is a second-player win exactly when mn is even.
#[test]
fn bishops_outcome_follows_the_parity_of_the_area() {
    for rows in 1..=7u32 {
        for cols in 1..=7u32 {
            let game = PlacementGame::new(Piece::Bishop, BoardSize::new(rows, cols).unwrap());
            let value = PlacementSolver::new(&game, 1 << 26).nim_value(&game.empty());
            let expected = if (rows * cols) % 2 == 0 {
                Outcome::P
            } else {
                Outcome::N
            };
            assert_eq!(value.outcome(), expected, "bishops {rows}x{cols} = {value}");
        }
    }
}

/// OEIS A344227, the nim-values of the queens game on n x n boards (n = 1..12 here; the
/// sequence is published to n = 13, which `grundy value queens 13x13` also reproduces).
#[test]
fn queens_values_match_oeis_a344227() {
    let published = [1, 1, 2, 1, 3, 1, 2, 3, 1, 0, 1, 0];
    for (n, &expected) in (1..).zip(published.iter()) {
        let game = PlacementGame::new(Piece::Queen, BoardSize::new(n, n).unwrap());
        let value = PlacementSolver::new(&game, 1 << 28).nim_value(&game.empty());
        assert_eq!(value, Nimber::new(expected), "queens {n}x{n}");
    }
}

/// The smallest table really is small: a search that outgrows it evicts entries and still
/// gets the right value (so the property test's tiny tables exercise eviction).
#[test]
fn a_tiny_table_evicts_and_stays_right() {
    // An odd board: on an even one mirror play settles the empty board without search.
    let game = PlacementGame::new(Piece::Knight, BoardSize::new(5, 7).unwrap());
    let mut tiny = PlacementSolver::new(&game, 0);
    let value = tiny.nim_value(&game.empty());
    assert!(tiny.stats().table.evictions > 0, "{:?}", tiny.stats());
    assert_eq!(
        value,
        PlacementSolver::new(&game, 1 << 26).nim_value(&game.empty())
    );
}

/// The outcome search (is the empty board a second-player win?) and the nim-value search agree
/// on every queens board up to 10 x 10 and every knights and bishops board up to 7 x 7, each
/// in a solver of its own so neither can lean on the other's table.
#[test]
fn outcome_searches_agree_with_nim_values() {
    for (piece, largest) in [(Piece::Queen, 10), (Piece::Knight, 7), (Piece::Bishop, 7)] {
        for rows in 1..=largest {
            for cols in rows..=largest {
                let game = PlacementGame::new(piece, BoardSize::new(rows, cols).unwrap());
                let value = PlacementSolver::new(&game, 1 << 26).nim_value(&game.empty());
                let second_player_wins =
                    PlacementSolver::new(&game, 1 << 26).has_value(&game.empty(), Nimber::ZERO);
                assert_eq!(
                    second_player_wins,
                    value == Nimber::ZERO,
                    "{piece} {rows}x{cols} = {value}"
                );
                let has_its_value =
                    PlacementSolver::new(&game, 1 << 26).has_value(&game.empty(), value);
                assert!(has_its_value, "{piece} {rows}x{cols} = {value}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    /// Boards of more than 256 squares, whose positions take eight words (every shape from
    /// 1 row to 32, up to 512 squares): the solver agrees with the plain mex recursion on
    /// positions played down to a few free squares, and so do the values of all moves.
    #[test]
    fn solver_equals_plain_mex_recursion_on_large_boards(
        piece in 0..PIECES.len(),
        rows in 1u32..=32,
        squares in 257u32..=512,
        seed in any::<u64>(),
        few in 8usize..=18,
    ) {
        let cols = squares / rows;
        prop_assume!(rows * cols > 256);
        let game = PlacementGame::new(PIECES[piece], BoardSize::new(rows, cols).unwrap());
        let position = play_until_few(&game, seed, few);
        let piece = game.single_piece().expect("one piece");
        let reference = NodeKayles::<8>::new(piece, game.board());
        let naive = |position: &PlacementPosition| {
            let available: SquareSet<8> = game.available(position).resize();
            naive_nim_value(&reference, &available)
        };
        let mut solver = PlacementSolver::new(&game, 1 << 20);
        prop_assert_eq!(solver.nim_value(&position), naive(&position));
        for mv in solver.move_values(&position) {
            let after = game.play(&position, mv.square).unwrap();
            prop_assert_eq!(mv.nimber, naive(&after), "move {}", mv.square);
        }
    }
}
