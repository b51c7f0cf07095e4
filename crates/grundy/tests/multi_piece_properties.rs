//! Several pieces, other surfaces and blocked lines: the solver against a plain reference
//! written from the rules alone.
//!
//! The reference keeps the board as it is (which piece on which square), decides attacks the
//! way a chess player would, at the moment of each move, with lines stopping at whatever stands
//! on the board then (blocked rule) or passing everything (through rule), and takes the mex of
//! the values of every move. It knows nothing of free-square sets, components, keys or the
//! argument that a piece's attacks never change once placed.

use std::collections::HashMap;

use grundy::games::placement::{
    Piece, PlacementGame, PlacementMove, PlacementPosition, PlacementRules, PlacementSolver,
    RayRule, Surface,
};
use grundy::solver::Pruning;
use grundy::{mex, BoardSize, Nimber, Square};
use proptest::prelude::*;

mod common;
use common::play_until_few;

const PIECES: [Piece; 6] = [
    Piece::Bishop,
    Piece::King,
    Piece::Knight,
    Piece::Queen,
    Piece::Rook,
    Piece::Leaper(0, 1),
];

const SURFACES: [Surface; 4] = [
    Surface::Rectangle,
    Surface::Torus,
    Surface::Cylinder,
    Surface::Mobius,
];

/// The reference game: a board of `Option<piece>` per square.
struct Reference {
    pieces: Vec<Piece>,
    surface: Surface,
    rays: RayRule,
    board: BoardSize,
}

type Board = Vec<Option<u8>>;

impl Reference {
    fn of(game: &PlacementGame) -> Reference {
        Reference {
            pieces: game.pieces().to_vec(),
            surface: game.rules().surface(),
            rays: game.rules().rays(),
            board: game.board(),
        }
    }

    fn leaps(piece: Piece) -> Vec<(isize, isize)> {
        let (a, b) = match piece {
            Piece::Knight => (1, 2),
            Piece::Leaper(a, b) => (isize::from(a), isize::from(b)),
            Piece::King => return Self::directions(Piece::Queen),
            _ => return Vec::new(),
        };
        let mut leaps = Vec::new();
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                leaps.push((x * sx, y * sy));
            }
        }
        leaps
    }

    fn directions(piece: Piece) -> Vec<(isize, isize)> {
        let orthogonal = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match piece {
            Piece::Rook => orthogonal.to_vec(),
            Piece::Bishop => diagonal.to_vec(),
            Piece::Queen => orthogonal.iter().chain(&diagonal).copied().collect(),
            _ => Vec::new(),
        }
    }

    /// Whether `piece` on `from` attacks `to` on the board as it stands.
    fn attacks(&self, board: &Board, piece: Piece, from: Square, to: Square) -> bool {
        if from == to {
            return false;
        }
        let (r, c) = (from.row() as isize, from.col() as isize);
        let at = |dr: isize, dc: isize| self.surface.wrap(self.board, r + dr, c + dc);
        if Self::leaps(piece)
            .iter()
            .any(|&(dr, dc)| at(dr, dc) == Some(to))
        {
            return true;
        }
        for (dr, dc) in Self::directions(piece) {
            let mut k = 1;
            while let Some(square) = at(k * dr, k * dc) {
                if square == from {
                    break;
                }
                if square == to {
                    return true;
                }
                if self.rays == RayRule::Blocked && board[self.board.index_of(square)].is_some() {
                    break;
                }
                k += 1;
            }
        }
        false
    }

    fn is_free(&self, board: &Board, square: Square) -> bool {
        board[self.board.index_of(square)].is_none()
            && self.board.all_squares().all(|from| {
                board[self.board.index_of(from)]
                    .is_none_or(|p| !self.attacks(board, self.pieces[usize::from(p)], from, square))
            })
    }

    fn value(&self, board: &Board, memo: &mut HashMap<Board, Nimber>) -> Nimber {
        if let Some(&value) = memo.get(board) {
            return value;
        }
        let mut values = Vec::new();
        for square in self.board.all_squares() {
            if !self.is_free(board, square) {
                continue;
            }
            for piece in 0..self.pieces.len() {
                let mut after = board.clone();
                after[self.board.index_of(square)] = Some(piece as u8);
                values.push(self.value(&after, memo));
            }
        }
        let value = mex(values);
        memo.insert(board.clone(), value);
        value
    }

    fn board_of(&self, game: &PlacementGame, position: &PlacementPosition) -> Board {
        self.board
            .all_squares()
            .map(|square| {
                game.piece_at(position, square)
                    .map(|piece| self.pieces.iter().position(|&p| p == piece).unwrap() as u8)
            })
            .collect()
    }

    /// Whether some order of legal moves puts exactly these pieces on the board.
    fn reachable(&self, board: &Board) -> bool {
        let placed: Vec<usize> = (0..board.len()).filter(|&i| board[i].is_some()).collect();
        let mut current: Board = vec![None; board.len()];
        self.place_in_some_order(board, &placed, &mut current)
    }

    fn place_in_some_order(&self, target: &Board, left: &[usize], current: &mut Board) -> bool {
        if left.is_empty() {
            return true;
        }
        for (i, &index) in left.iter().enumerate() {
            let square = self.board.square_at(index);
            if self.is_free(current, square) {
                current[index] = target[index];
                let rest: Vec<usize> = left
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &s)| s)
                    .collect();
                let found = self.place_in_some_order(target, &rest, current);
                current[index] = None;
                if found {
                    return true;
                }
            }
        }
        false
    }
}

fn rules(piece_bits: u8, surface: usize, blocked: bool) -> PlacementRules {
    let mut pieces: Vec<Piece> = (0..PIECES.len())
        .filter(|i| piece_bits >> i & 1 == 1)
        .map(|i| PIECES[i])
        .collect();
    if pieces.is_empty() {
        pieces.push(Piece::Queen);
    }
    pieces.truncate(3);
    let rays = if blocked {
        RayRule::Blocked
    } else {
        RayRule::Through
    };
    PlacementRules::new(&pieces, SURFACES[surface], rays).unwrap()
}

fn play_some(game: &PlacementGame, choices: &[usize]) -> PlacementPosition {
    let mut position = game.empty();
    for &choice in choices {
        let moves = game.legal_placements(&position);
        if moves.is_empty() {
            break;
        }
        position = game
            .play_move(&position, moves[choice % moves.len()])
            .expect("legal moves can be played");
    }
    position
}

/// The solver's nimber of `position`, the free squares and the nimbers of all moves against
/// the reference's.
fn check_against_reference(
    solver: &mut PlacementSolver,
    game: &PlacementGame,
    position: &PlacementPosition,
) -> Result<(), TestCaseError> {
    let reference = Reference::of(game);
    let mut memo = HashMap::new();
    let board = reference.board_of(game, position);
    prop_assert_eq!(
        solver.nim_value(position),
        reference.value(&board, &mut memo)
    );
    let free: Vec<Square> = game
        .board()
        .all_squares()
        .filter(|&s| reference.is_free(&board, s))
        .collect();
    prop_assert_eq!(game.legal_moves(position), free);
    for mv in solver.move_values(position) {
        let placement = PlacementMove {
            square: mv.square,
            piece: mv.piece,
        };
        let after = game.play_move(position, placement).unwrap();
        let expected = reference.value(&reference.board_of(game, &after), &mut memo);
        prop_assert_eq!(mv.nimber, expected, "{} {}", mv.piece, mv.square);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every ruleset, random small boards and positions: the solver's nimber and the nimbers
    /// of all moves equal the reference's.
    #[test]
    fn solver_equals_the_reference(
        piece_bits in 1u8..64,
        surface in 0..SURFACES.len(),
        blocked in any::<bool>(),
        rows in 1u32..=4,
        cols in 1u32..=4,
        choices in proptest::collection::vec(0usize..64, 0..4),
        tiny_table in any::<bool>(),
        full_mex_size in prop_oneof![Just(0usize), Just(3), Just(1000)],
        skip in any::<bool>(),
    ) {
        prop_assume!(rows * cols <= 12);
        let game = PlacementGame::with_rules(
            rules(piece_bits, surface, blocked),
            BoardSize::new(rows, cols).unwrap(),
        );
        let position = play_some(&game, &choices);
        let budget = if tiny_table { 0 } else { 1 << 20 };
        let mut solver = PlacementSolver::new(&game, budget);
        solver.set_full_mex_size(full_mex_size);
        // With and without the skip of values that options of known value rule out.
        solver.set_pruning(Pruning { skip });
        check_against_reference(&mut solver, &game, &position)?;
    }

    /// A position is accepted exactly when some order of legal moves produces it.
    #[test]
    fn positions_are_accepted_exactly_when_reachable(
        piece_bits in 1u8..64,
        surface in 0..SURFACES.len(),
        blocked in any::<bool>(),
        rows in 1u32..=5,
        cols in 1u32..=5,
        cells in proptest::collection::vec((0usize..25, 0usize..3), 1..6),
    ) {
        let game = PlacementGame::with_rules(
            rules(piece_bits, surface, blocked),
            BoardSize::new(rows, cols).unwrap(),
        );
        let reference = Reference::of(&game);
        let board_size = game.board();
        let mut board: Board = vec![None; board_size.squares()];
        for (square, piece) in cells {
            board[square % board_size.squares()] = Some((piece % game.pieces().len()) as u8);
        }
        let text: Vec<String> = (0..board_size.rows())
            .map(|r| {
                (0..board_size.cols())
                    .map(|c| match board[r * board_size.cols() + c] {
                        Some(p) => game.pieces()[usize::from(p)].letter(),
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        let parsed = game.parse_position(&text.join("/"));
        let reachable = reference.reachable(&board);
        prop_assert_eq!(parsed.is_ok(), reachable, "{}: {:?}", text.join("/"), parsed.err().map(|e| e.to_string()));
        if let Ok(position) = parsed {
            let free: Vec<Square> = board_size.all_squares().filter(|&s| reference.is_free(&board, s)).collect();
            prop_assert_eq!(game.legal_moves(&position), free);
        }
    }
}

/// One piece on a rectangle goes to the Node Kayles engine, every other ruleset to the rules
/// engine; where they overlap (one piece, either ray rule) they agree.
#[test]
fn one_piece_is_the_same_game_under_either_ray_rule() {
    for piece in [Piece::Queen, Piece::Knight, Piece::Bishop] {
        for (rows, cols) in [(3, 4), (4, 4), (2, 5)] {
            let board = BoardSize::new(rows, cols).unwrap();
            let plain = PlacementGame::new(piece, board);
            let blocked = PlacementGame::with_rules(
                PlacementRules::new(&[piece], Surface::Rectangle, RayRule::Blocked).unwrap(),
                board,
            );
            let value = PlacementSolver::new(&plain, 1 << 22).nim_value(&plain.empty());
            let other = PlacementSolver::new(&blocked, 1 << 22).nim_value(&blocked.empty());
            assert_eq!(value, other, "{piece} {board}");
        }
    }
}

/// Larger cases than the property test reaches, still against the reference: the empty board
/// of every surface and ray rule for two pairs of pieces.
#[test]
fn empty_boards_equal_the_reference() {
    for pieces in [[Piece::Bishop, Piece::Knight], [Piece::Queen, Piece::Rook]] {
        for surface in SURFACES {
            for rays in [RayRule::Through, RayRule::Blocked] {
                for (rows, cols) in [(3, 4), (4, 3), (2, 6)] {
                    let game = PlacementGame::with_rules(
                        PlacementRules::new(&pieces, surface, rays).unwrap(),
                        BoardSize::new(rows, cols).unwrap(),
                    );
                    let reference = Reference::of(&game);
                    let expected = reference.value(
                        &reference.board_of(&game, &game.empty()),
                        &mut HashMap::new(),
                    );
                    let value = PlacementSolver::new(&game, 1 << 22).nim_value(&game.empty());
                    assert_eq!(
                        value,
                        expected,
                        "{} {surface} {rays} {rows}x{cols}",
                        game.name()
                    );
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Boards of more than 256 squares, whose positions take eight words, played down to a few
    /// free squares: the solver's nimber and the nimbers of all moves equal the reference's.
    /// (Few cases: the reference scans the whole board for every square it looks at.)
    #[test]
    fn solver_equals_the_reference_on_large_boards(
        piece_bits in 1u8..64,
        surface in 0..SURFACES.len(),
        blocked in any::<bool>(),
        rows in 17u32..=20,
        cols in 16u32..=25,
        seed in any::<u64>(),
    ) {
        prop_assume!(rows * cols > 256 && rows * cols <= 512);
        let game = PlacementGame::with_rules(
            rules(piece_bits, surface, blocked),
            BoardSize::new(rows, cols).unwrap(),
        );
        let position = play_until_few(&game, seed, 6);
        let mut solver = PlacementSolver::new(&game, 1 << 20);
        check_against_reference(&mut solver, &game, &position)?;
    }
}
