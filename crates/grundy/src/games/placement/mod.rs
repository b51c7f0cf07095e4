//! Placement games: players take turns putting a piece on a square of an `m×n` board that is
//! neither occupied nor attacked by a piece already placed; whoever cannot move loses.
//!
//! ```
//! use grundy::games::placement::{PlacementGame, PlacementSolver, Piece};
//! use grundy::{BoardSize, Nimber};
//!
//! let game = PlacementGame::new(Piece::Knight, "3x5".parse::<BoardSize>().unwrap());
//! let mut solver = PlacementSolver::new(&game, 1 << 24);
//! assert_eq!(solver.nim_value(&game.empty()), Nimber::new(4));
//! ```
//!
//! The rules are a value ([`PlacementRules`]): several pieces to choose from at each move, a
//! board glued into a torus, cylinder or Möbius strip ([`Surface`]), and lines that pass or
//! stop at occupied squares ([`RayRule`]).
//!
//! ```
//! use grundy::games::placement::{
//!     parse_pieces, PlacementGame, PlacementRules, PlacementSolver, RayRule, Surface,
//! };
//! use grundy::Nimber;
//!
//! // Boone (2016), Figure A.1.6: bishops+queens on 2x3 is *4 (with lines stopped by pieces).
//! let pieces = parse_pieces("bishops+queens").unwrap();
//! let rules = PlacementRules::new(&pieces, Surface::Rectangle, RayRule::Blocked).unwrap();
//! let game = PlacementGame::with_rules(rules, "2x3".parse().unwrap());
//! let mut solver = PlacementSolver::new(&game, 1 << 24);
//! assert_eq!(solver.nim_value(&game.empty()), Nimber::new(4));
//! // A bishop on a1 attacks b2: four squares stay free, each for either piece.
//! let position = game.parse_position("B../...").unwrap();
//! assert_eq!(game.legal_moves(&position).len(), 4);
//! assert_eq!(game.legal_placements(&position).len(), 8);
//! ```

pub(crate) mod as_text;
mod attack_graph;
pub(crate) mod bench;
mod certificate;
pub mod checkpoint;
pub(crate) mod conjecture;
mod family;
mod four_lines;
mod moves;
mod multi;
mod node_kayles;
mod notation;
pub mod picture;
mod play_view;
mod question_turns;
mod ranks;
mod reply;
mod resumable;
pub mod root_search;
mod rules;
pub mod search_threads;
mod settle;
mod solve;
mod strategy;
mod symmetry;
mod table;
pub mod unit_search;
pub mod win_search;

pub use crate::board::{Piece, PieceError};
pub use crate::board::{RayRule, RayRuleError};
pub use crate::board::{Surface, SurfaceError};
pub use certificate::{
    certifiable, write_certificate, write_game_certificate, CertificateError, CertificateSummary,
};
pub use family::{board_part, player_to_move, Placement};
pub use four_lines::KingsFourLines;
pub use multi::{Cells, RulesKayles, RulesKey};
pub use node_kayles::{NodeKayles, ShapeKey};
pub use notation::MoveError;
pub use play_view::describe_move;
pub use ranks::{
    coordinate_ranks, serve_rank, MessageKind, Ranks, RanksAnswer, RanksError, RanksObserver,
    RanksSearch,
};
pub use resumable::{FirstMoveEnd, Refusal, ResumableSearch, Resume, RESUMABLE_GAMES};
pub use rules::{parse_pieces, PieceSetError, PlacementRules, MAX_PIECES};
pub use settle::{mirror_settlement, second_player_settlement, settled_by_strategy, Settlement};
pub use solve::{MoveValue, PlacementSolver};
pub use strategy::{
    play_out, CentreThenReflect, GameRecord, MirrorSecond, Perfect, Player, QueensFour, Random,
    Strategy, StrategyError,
};
pub use symmetry::symmetry_strategy;
pub use table::PlacementTable;

/// The symmetries of the board, which the strategies answer with (kept here for callers that
/// found them beside the strategies).
pub use crate::board::Symmetry;

use std::collections::HashMap;
use std::sync::Arc;

use thiserror::Error;

use crate::board::{BoardSize, Square};
use crate::solver::naive_value_by;
use crate::square_set::SquareSet;
use crate::values::Nimber;

use crate::board::LINE_DIRECTIONS;

/// Sets of squares on any board the placement games allow.
pub type BoardSet = SquareSet<8>;

/// The rules of one placement game, configured once: the pieces a player may place, the
/// surface, the ray rule and the board, with every attack set computed once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementGame {
    rules: PlacementRules,
    board: BoardSize,
    /// Shared by every copy: a game is copied into each position one move on, and the sets
    /// of a large board (knights 16x16: 32 KiB of sets and 2,048 rays) cost more to copy
    /// than the move.
    attacks: Arc<AttackTables>,
}

/// A placement game's attack sets, computed once per rules and board.
#[derive(Debug, PartialEq, Eq)]
struct AttackTables {
    /// Per piece (in the rules' order) and square: the square itself and every square the
    /// piece attacks from it when lines pass through occupied squares.
    closed_neighbourhood: Vec<Vec<BoardSet>>,
    /// Per piece and square: the squares its leaps (or king steps) reach.
    leaps: Vec<Vec<BoardSet>>,
    /// Per square and direction (of [`LINE_DIRECTIONS`]): the squares of the ray, in order.
    rays: Vec<Vec<Vec<u16>>>,
    /// Per piece: the directions (indices into [`LINE_DIRECTIONS`]) it attacks along.
    directions: Vec<Vec<usize>>,
}

/// A move: a piece of the game put on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlacementMove {
    /// Where the piece goes.
    pub square: Square,
    /// Which piece.
    pub piece: Piece,
}

/// A position: which piece stands on each occupied square. The next player is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlacementPosition {
    /// Per piece of the game (in the rules' order), the squares it stands on.
    by_piece: [BoardSet; MAX_PIECES],
}

/// Why a position or a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The text has the wrong number of rows.
    #[error("position `{text}` has {found} {} but the board has {expected}: give one row per board row, separated by `/`", if *found == 1 { "row" } else { "rows" })]
    RowCount {
        /// The position as given.
        text: String,
        /// Rows found.
        found: usize,
        /// Rows of the board.
        expected: usize,
    },
    /// A row of the wrong length.
    #[error("row {row} of the position, `{found}`, has {length} squares but the board has {expected} columns")]
    RowLength {
        /// The row, from 1.
        row: usize,
        /// Its text.
        found: String,
        /// Its length.
        length: usize,
        /// Columns of the board.
        expected: usize,
    },
    /// A character that is neither `.` nor the letter of one of the game's pieces.
    #[error("square {square} of the position holds `{found}`: expected `.` for an empty square or {letters}")]
    BadSquare {
        /// The square.
        square: Square,
        /// The character found.
        found: char,
        /// The letters the game allows, described, such as "`B` (bishops) or `N` (knights)".
        letters: String,
    },
    /// Two pieces attack each other: no sequence of legal moves produces that.
    #[error(
        "the position cannot arise in play: the pieces on {first} and {second} attack each other"
    )]
    Unreachable {
        /// One piece.
        first: Square,
        /// A piece it attacks.
        second: Square,
    },
    /// Pieces that attack each other in a cycle: the one placed last of them would have gone
    /// on an attacked square, whatever the order.
    #[error("the position cannot arise in play: {}; whichever of them was placed last would have gone on a square attacked by a piece placed before it", describe_cycle(.cycle))]
    AttackCycle {
        /// The squares of the pieces, each attacking the next and the last the first.
        cycle: Vec<Square>,
    },
    /// A move to a square that is occupied or attacked.
    #[error("{square} is not a legal move: it is {reason}")]
    IllegalMove {
        /// The square.
        square: Square,
        /// "occupied" or "attacked by the piece on ...".
        reason: String,
    },
    /// A move with a piece the game does not have.
    #[error("{piece} are not played in {game}")]
    NotInGame {
        /// The piece.
        piece: Piece,
        /// The game's name.
        game: String,
    },
    /// A move by square alone in a game of several pieces.
    #[error("{game} has several pieces: say which goes on {square}")]
    PieceNeeded {
        /// The square.
        square: Square,
        /// The game's name.
        game: String,
    },
}

/// The squares of `ray` (in order) up to and with the first occupied one: what a line
/// attacks when pieces stop it.
#[inline]
fn ray_until_blocked<const W: usize>(ray: &[u16], occupied: &SquareSet<W>) -> SquareSet<W> {
    let mut set = SquareSet::EMPTY;
    for &to in ray {
        set.insert(usize::from(to));
        if occupied.contains(usize::from(to)) {
            break;
        }
    }
    set
}

fn describe_cycle(cycle: &[Square]) -> String {
    let mut parts: Vec<String> = cycle
        .iter()
        .zip(cycle.iter().cycle().skip(1))
        .map(|(from, to)| format!("{from} attacks {to}"))
        .collect();
    parts[0] = format!("the piece on {}", parts[0]);
    let last = parts.pop().expect("a cycle has at least two pieces");
    format!("{} and {last}", parts.join(", "))
}

impl PlacementGame {
    /// The game of `piece` on the rectangle `board`.
    #[must_use]
    pub fn new(piece: Piece, board: BoardSize) -> PlacementGame {
        PlacementGame::with_rules(PlacementRules::single(piece), board)
    }

    /// The game of `rules` on `board`.
    #[must_use]
    pub fn with_rules(rules: PlacementRules, board: BoardSize) -> PlacementGame {
        let surface = rules.surface();
        let rays: Vec<Vec<Vec<u16>>> = board
            .all_squares()
            .map(|from| {
                LINE_DIRECTIONS
                    .iter()
                    .map(|&direction| {
                        surface
                            .ray(board, from, direction)
                            .into_iter()
                            .map(|to| board.index_of(to) as u16)
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let mut leaps = Vec::new();
        let mut directions = Vec::new();
        let mut closed_neighbourhood = Vec::new();
        for &piece in rules.pieces() {
            let piece_leaps = piece.leaps().unwrap_or_default();
            let piece_directions: Vec<usize> = piece
                .rays()
                .iter()
                .map(|ray| {
                    LINE_DIRECTIONS
                        .iter()
                        .position(|d| d == ray)
                        .expect("a line piece's directions are among the eight")
                })
                .collect();
            let reach: Vec<BoardSet> = board
                .all_squares()
                .map(|from| {
                    surface
                        .leap_targets(board, from, &piece_leaps)
                        .into_iter()
                        .map(|to| board.index_of(to))
                        .collect()
                })
                .collect();
            let closed = board
                .all_squares()
                .map(|from| {
                    let mut set: BoardSet = surface
                        .attacked_squares(board, from, piece)
                        .into_iter()
                        .map(|to| board.index_of(to))
                        .collect();
                    set.insert(board.index_of(from));
                    set
                })
                .collect();
            leaps.push(reach);
            directions.push(piece_directions);
            closed_neighbourhood.push(closed);
        }
        PlacementGame {
            rules,
            board,
            attacks: Arc::new(AttackTables {
                closed_neighbourhood,
                leaps,
                rays,
                directions,
            }),
        }
    }

    /// The game's piece when it has only one; `None` for a game of several pieces, whose
    /// callers must say which piece they mean (see [`PlacementGame::pieces`]).
    #[must_use]
    pub fn single_piece(&self) -> Option<Piece> {
        match self.rules.pieces() {
            [piece] => Some(*piece),
            _ => None,
        }
    }

    /// The pieces a player may place, in canonical order.
    #[must_use]
    pub fn pieces(&self) -> &[Piece] {
        self.rules.pieces()
    }

    /// The rules apart from the board.
    #[must_use]
    pub fn rules(&self) -> &PlacementRules {
        &self.rules
    }

    /// The game's name: its pieces joined by `+`, such as `bishops+knights`.
    #[must_use]
    pub fn name(&self) -> String {
        self.rules.name()
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> BoardSize {
        self.board
    }

    /// The empty board, where the game starts.
    #[must_use]
    pub fn empty(&self) -> PlacementPosition {
        PlacementPosition {
            by_piece: [BoardSet::EMPTY; MAX_PIECES],
        }
    }

    /// The occupied squares of `position`, row by row.
    pub fn occupied<'a>(
        &'a self,
        position: &PlacementPosition,
    ) -> impl Iterator<Item = Square> + 'a {
        self.occupied_set(position)
            .into_iter()
            .map(|index| self.board.square_at(index))
    }

    /// The occupied squares of `position` as a set of square indices.
    #[must_use]
    pub fn occupied_set(&self, position: &PlacementPosition) -> BoardSet {
        position
            .by_piece
            .iter()
            .fold(BoardSet::EMPTY, |all, &set| all | set)
    }

    /// The piece on `square`, if any.
    #[must_use]
    pub fn piece_at(&self, position: &PlacementPosition, square: Square) -> Option<Piece> {
        let index = self.board.index_of(square);
        self.pieces()
            .iter()
            .zip(&position.by_piece)
            .find(|(_, set)| set.contains(index))
            .map(|(&piece, _)| piece)
    }

    /// The square `square` and every square a `piece` (index into the pieces) there attacks
    /// when `occupied` are the occupied squares: with blocked rays, each line stops at the
    /// first occupied square, which it attacks.
    #[must_use]
    pub fn attack_set(&self, piece: usize, square: usize, occupied: &BoardSet) -> BoardSet {
        let attacks = &*self.attacks;
        match self.rules.rays() {
            RayRule::Through => attacks.closed_neighbourhood[piece][square],
            RayRule::Blocked => {
                let mut set = attacks.leaps[piece][square];
                set.insert(square);
                for &d in &attacks.directions[piece] {
                    set |= ray_until_blocked(&attacks.rays[square][d], occupied);
                }
                set
            }
        }
    }

    /// The pieces of `position` as (square index, piece index) pairs.
    fn placed(&self, position: &PlacementPosition) -> Vec<(usize, usize)> {
        let mut placed: Vec<(usize, usize)> = (0..self.pieces().len())
            .flat_map(|p| position.by_piece[p].iter().map(move |s| (s, p)))
            .collect();
        placed.sort_unstable();
        placed
    }

    /// The squares that are neither occupied nor attacked: where the next piece may go.
    #[must_use]
    pub fn available(&self, position: &PlacementPosition) -> BoardSet {
        let occupied = self.occupied_set(position);
        let mut blocked = occupied;
        for (square, piece) in self.placed(position) {
            blocked |= self.attack_set(piece, square, &occupied);
        }
        BoardSet::first_n(self.board.squares()).without(blocked)
    }

    /// Whether `square` is attacked by some piece of `position` (occupied squares excluded).
    #[must_use]
    pub fn is_attacked(&self, position: &PlacementPosition, square: Square) -> bool {
        let index = self.board.index_of(square);
        !self.available(position).contains(index) && !self.occupied_set(position).contains(index)
    }

    /// The squares where a piece may go in `position`, row by row (any of the game's pieces
    /// may go on each).
    #[must_use]
    pub fn legal_moves(&self, position: &PlacementPosition) -> Vec<Square> {
        self.available(position)
            .iter()
            .map(|index| self.board.square_at(index))
            .collect()
    }

    /// Every legal move of `position`: each free square with each piece, row by row.
    #[must_use]
    pub fn legal_placements(&self, position: &PlacementPosition) -> Vec<PlacementMove> {
        self.legal_moves(position)
            .into_iter()
            .flat_map(|square| {
                self.pieces()
                    .iter()
                    .map(move |&piece| PlacementMove { square, piece })
            })
            .collect()
    }

    /// The nim-value of `position` by the mex rule over every legal move (every free square
    /// with every piece) and nothing else: the slow, obviously correct reference the solvers
    /// are tested against (see [`naive_value_by`]). `memo` keeps the values found, which later
    /// questions about the same game may share.
    pub fn naive_nim_value(
        &self,
        position: &PlacementPosition,
        memo: &mut HashMap<PlacementPosition, Nimber>,
    ) -> Nimber {
        let after_each_move = |position: &PlacementPosition| {
            self.legal_placements(position)
                .into_iter()
                .map(|placement| {
                    self.play_move(position, placement)
                        .expect("legal moves can be played")
                })
                .collect()
        };
        naive_value_by(position, &after_each_move, memo)
    }

    /// The position after the game's only piece is put on `square`; a game of several pieces
    /// needs [`PlacementGame::play_move`].
    pub fn play(
        &self,
        position: &PlacementPosition,
        square: Square,
    ) -> Result<PlacementPosition, PositionError> {
        match self.pieces() {
            [piece] => self.play_move(
                position,
                PlacementMove {
                    square,
                    piece: *piece,
                },
            ),
            _ => Err(PositionError::PieceNeeded {
                square,
                game: self.name(),
            }),
        }
    }

    /// The position after `placement`.
    pub fn play_move(
        &self,
        position: &PlacementPosition,
        placement: PlacementMove,
    ) -> Result<PlacementPosition, PositionError> {
        let PlacementMove { square, piece } = placement;
        let piece_index = self
            .pieces()
            .iter()
            .position(|&p| p == piece)
            .ok_or_else(|| PositionError::NotInGame {
                piece,
                game: self.name(),
            })?;
        let index = self.board.index_of(square);
        let occupied = self.occupied_set(position);
        if occupied.contains(index) {
            return Err(PositionError::IllegalMove {
                square,
                reason: "occupied".to_string(),
            });
        }
        if let Some((attacker, _)) = self
            .placed(position)
            .into_iter()
            .find(|&(from, p)| self.attack_set(p, from, &occupied).contains(index))
        {
            return Err(PositionError::IllegalMove {
                square,
                reason: format!(
                    "attacked by the piece on {}",
                    self.board.square_at(attacker)
                ),
            });
        }
        let mut after = *position;
        after.by_piece[piece_index].insert(index);
        Ok(after)
    }

    /// Reads a position: rows separated by `/`, row 1 first, `.` for an empty square and a
    /// piece's letter (N B R Q K, L for another leaper) for an occupied one. Spaces are
    /// ignored. A position that no order of legal moves produces is refused.
    pub fn parse_position(&self, text: &str) -> Result<PlacementPosition, PositionError> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != self.board.rows() {
            return Err(PositionError::RowCount {
                text: text.to_string(),
                found: rows.len(),
                expected: self.board.rows(),
            });
        }
        let mut position = self.empty();
        for (row, row_text) in rows.iter().enumerate() {
            let cells: Vec<char> = row_text.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != self.board.cols() {
                return Err(PositionError::RowLength {
                    row: row + 1,
                    found: row_text.to_string(),
                    length: cells.len(),
                    expected: self.board.cols(),
                });
            }
            for (col, &cell) in cells.iter().enumerate() {
                let square = self
                    .board
                    .square(row, col)
                    .expect("row and column were checked against the board");
                if cell == '.' {
                    continue;
                }
                match self
                    .pieces()
                    .iter()
                    .position(|piece| piece.letter() == cell.to_ascii_uppercase())
                {
                    Some(piece) => position.by_piece[piece].insert(self.board.index_of(square)),
                    None => {
                        let letters: Vec<String> = self
                            .pieces()
                            .iter()
                            .map(|piece| format!("`{}` for a {piece} piece", piece.letter()))
                            .collect();
                        return Err(PositionError::BadSquare {
                            square,
                            found: cell,
                            letters: letters.join(" or "),
                        });
                    }
                }
            }
        }
        if let Some(cycle) = self.attack_cycle(&position) {
            return Err(if let [first, second] = cycle[..] {
                PositionError::Unreachable { first, second }
            } else {
                PositionError::AttackCycle { cycle }
            });
        }
        Ok(position)
    }

    /// A cycle of pieces each attacking the next, if the position has one: then no order of
    /// play produces it. Without one, placing the pieces so that every piece comes before
    /// the pieces attacking it (a topological order) is a legal order of play, with either
    /// ray rule: a piece attacked when placed, by a line that a later piece blocks, would put
    /// the nearest such later piece on the line of an earlier piece, which attacks it.
    fn attack_cycle(&self, position: &PlacementPosition) -> Option<Vec<Square>> {
        let placed = self.placed(position);
        let occupied = self.occupied_set(position);
        let attacks: Vec<Vec<usize>> = placed
            .iter()
            .map(|&(square, piece)| {
                let set = self.attack_set(piece, square, &occupied);
                (0..placed.len())
                    .filter(|&j| placed[j].0 != square && set.contains(placed[j].0))
                    .collect()
            })
            .collect();
        // Depth-first search: 0 unvisited, 1 on the current path, 2 done.
        let mut state = vec![0u8; placed.len()];
        let mut path: Vec<usize> = Vec::new();
        for start in 0..placed.len() {
            if state[start] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
            state[start] = 1;
            path.push(start);
            while let Some(&mut (node, ref mut next)) = stack.last_mut() {
                if let Some(&to) = attacks[node].get(*next) {
                    *next += 1;
                    match state[to] {
                        0 => {
                            state[to] = 1;
                            path.push(to);
                            stack.push((to, 0));
                        }
                        1 => {
                            let from = path.iter().position(|&p| p == to).expect("on the path");
                            return Some(
                                path[from..]
                                    .iter()
                                    .map(|&i| self.board.square_at(placed[i].0))
                                    .collect(),
                            );
                        }
                        _ => {}
                    }
                } else {
                    state[node] = 2;
                    path.pop();
                    stack.pop();
                }
            }
        }
        None
    }

    /// Writes a position in the form [`PlacementGame::parse_position`] reads.
    #[must_use]
    pub fn format_position(&self, position: &PlacementPosition) -> String {
        let rows: Vec<String> = (0..self.board.rows())
            .map(|row| {
                (0..self.board.cols())
                    .map(|col| {
                        let square = self.board.square(row, col).expect("on the board");
                        self.piece_at(position, square)
                            .map_or('.', |piece| piece.letter())
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(piece: Piece, board: &str) -> PlacementGame {
        PlacementGame::new(piece, board.parse().unwrap())
    }

    #[test]
    fn positions_round_trip() {
        let queens = game(Piece::Queen, "4x4");
        let text = ".Q../..../..../....";
        let position = queens.parse_position(text).unwrap();
        assert_eq!(queens.format_position(&position), text);
        let knights = game(Piece::Knight, "3x5");
        let position = knights
            .play(&knights.empty(), "c2".parse().unwrap())
            .unwrap();
        let text = knights.format_position(&position);
        assert_eq!(text, "...../..N../.....");
        assert_eq!(knights.parse_position(&text).unwrap(), position);
    }

    #[test]
    fn impossible_positions_are_refused() {
        let queens = game(Piece::Queen, "4x4");
        let errors = [
            "Q.Q./..../..../....",
            "..../..../....",
            "..../..../..../.....",
            "..N./..../..../....",
        ];
        for text in errors {
            assert!(queens.parse_position(text).is_err(), "{text}");
        }
        let error = queens.parse_position("Q..Q/..../..../....").unwrap_err();
        assert!(error.to_string().contains("a1") && error.to_string().contains("d1"));
    }

    /// On the rectangle the surface's cover arithmetic gives exactly the attack sets the Node
    /// Kayles engine builds from the pieces' own definitions.
    #[test]
    fn rectangle_attacks_are_the_pieces_own() {
        let pieces = [
            Piece::Knight,
            Piece::Bishop,
            Piece::Rook,
            Piece::Queen,
            Piece::King,
            Piece::Leaper(1, 3),
            Piece::Leaper(0, 2),
        ];
        for piece in pieces {
            for rows in 1..=7 {
                for cols in 1..=7 {
                    let board = BoardSize::new(rows, cols).unwrap();
                    let game = PlacementGame::new(piece, board);
                    let expected: Vec<BoardSet> = piece.closed_neighbourhoods(board);
                    assert_eq!(
                        game.attacks.closed_neighbourhood[0], expected,
                        "{piece} {board}"
                    );
                }
            }
        }
    }

    /// With blocked lines, a piece attacks what the definition says, unless an occupied
    /// square stands strictly between (the first occupied square on a line is attacked).
    #[test]
    fn blocked_attack_sets_agree_with_the_definition() {
        let pieces = [Piece::Queen, Piece::Knight, Piece::Bishop, Piece::Rook];
        let rules = PlacementRules::new(&pieces, Surface::Rectangle, RayRule::Blocked).unwrap();
        for board in ["5x5", "4x6", "1x7"] {
            let board: BoardSize = board.parse().unwrap();
            let game = PlacementGame::with_rules(rules.clone(), board);
            for seed in 0..40u64 {
                let occupied: BoardSet = (0..board.squares())
                    .filter(|&s| (seed.wrapping_mul(0x9E37_79B9) >> (s % 29)) % 3 == 0)
                    .collect();
                for (index, &piece) in game.pieces().iter().enumerate() {
                    for from in board.all_squares() {
                        let between = |to: Square| {
                            let (r0, c0) = (from.row() as isize, from.col() as isize);
                            let (dr, dc) = (to.row() as isize - r0, to.col() as isize - c0);
                            let steps = dr.abs().max(dc.abs());
                            (1..steps).any(|k| {
                                let square = board
                                    .square(
                                        (r0 + k * dr / steps) as usize,
                                        (c0 + k * dc / steps) as usize,
                                    )
                                    .unwrap();
                                occupied.contains(board.index_of(square))
                            })
                        };
                        let expected: BoardSet = board
                            .all_squares()
                            .filter(|&to| {
                                to == from
                                    || piece.attacks(from, to)
                                        && (piece.leaps().is_some() || !between(to))
                            })
                            .map(|to| board.index_of(to))
                            .collect();
                        let fast = game.attack_set(index, board.index_of(from), &occupied);
                        assert_eq!(fast, expected, "{piece} {board} {from}");
                    }
                }
            }
        }
    }

    #[test]
    fn moves_follow_the_attacks() {
        let knights = game(Piece::Knight, "3x3");
        let centre = knights
            .play(&knights.empty(), "b2".parse().unwrap())
            .unwrap();
        // The centre of 3x3 attacks nothing: every other square stays free.
        assert_eq!(knights.legal_moves(&centre).len(), 8);
        let corner = knights
            .play(&knights.empty(), "a1".parse().unwrap())
            .unwrap();
        assert_eq!(knights.legal_moves(&corner).len(), 6);
        assert!(knights.play(&corner, "b3".parse().unwrap()).is_err());
        assert!(knights.play(&corner, "a1".parse().unwrap()).is_err());
    }
}
