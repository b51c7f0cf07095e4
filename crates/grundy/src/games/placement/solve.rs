//! Solving placement games: the generic solver on the Node Kayles engine, at the narrowest bit
//! width that holds the board.

use crate::board::{BoardSize, Square};
use crate::solver::{ImpartialGame, SearchObserver, SearchStats, Solver};
use crate::values::Nimber;

use super::node_kayles::NodeKayles;
use super::{BoardSet, Piece, PlacementGame, PlacementPosition};

/// A legal move and the nimber of the position it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// Where the piece goes.
    pub square: Square,
    /// The nimber of the position after the move; the move wins when it is 0.
    pub nimber: Nimber,
}

/// Computes nimbers and move values of placement-game positions, keeping a transposition table
/// between calls (and between boards, with [`PlacementSolver::retarget`]).
pub struct PlacementSolver {
    game: PlacementGame,
    engine: Engine,
}

enum Engine {
    One(Solver<NodeKayles<1>>),
    Two(Solver<NodeKayles<2>>),
    Four(Solver<NodeKayles<4>>),
}

/// Runs `$body` with `$solver` bound to the engine's solver, whatever its width, and `$width`
/// to that width as a const.
macro_rules! with_engine {
    ($engine:expr, $solver:ident => $body:expr) => {
        match $engine {
            Engine::One($solver) => $body,
            Engine::Two($solver) => $body,
            Engine::Four($solver) => $body,
        }
    };
}

/// The component size up to which the plain mex rule beats outcome probes, measured by
/// instruction counts on the benchmark boards (docs/PERFORMANCE.md): the dense attack graphs
/// of the line pieces make every full expansion dear, so probing pays from smaller components.
fn full_mex_size(piece: Piece) -> usize {
    match piece {
        Piece::Bishop | Piece::Rook | Piece::Queen => 5,
        Piece::Knight | Piece::King | Piece::Leaper(..) => 12,
    }
}

/// The component size up to which the dense endgame search beats the main search, measured by
/// instruction counts on the benchmark boards and time on queens 12×12 to 14×14
/// (docs/PERFORMANCE.md): it pays most where endgames are dense and each expansion of the main
/// search dear.
fn dense_size(piece: Piece) -> usize {
    match piece {
        Piece::Bishop | Piece::Rook | Piece::Queen => 12,
        Piece::Knight | Piece::King | Piece::Leaper(..) => 6,
    }
}

fn words_for(board: BoardSize) -> usize {
    board.squares().div_ceil(64).next_power_of_two()
}

impl PlacementSolver {
    /// A solver for `game` whose transposition table may use `budget_bytes`.
    #[must_use]
    pub fn new(game: &PlacementGame, budget_bytes: u64) -> PlacementSolver {
        PlacementSolver::for_boards(game, game.board(), budget_bytes)
    }

    /// A solver for `game` that can later be [retargeted](PlacementSolver::retarget) to boards
    /// of up to as many squares as `largest` without losing its table.
    #[must_use]
    pub fn for_boards(
        game: &PlacementGame,
        largest: BoardSize,
        budget_bytes: u64,
    ) -> PlacementSolver {
        let words = words_for(largest).max(words_for(game.board()));
        let (piece, board) = (game.piece(), game.board());
        let engine = match words {
            1 => Engine::One(Solver::new(NodeKayles::new(piece, board), budget_bytes)),
            2 => Engine::Two(Solver::new(NodeKayles::new(piece, board), budget_bytes)),
            _ => Engine::Four(Solver::new(NodeKayles::new(piece, board), budget_bytes)),
        };
        let mut solver = PlacementSolver {
            game: game.clone(),
            engine,
        };
        solver.set_full_mex_size(full_mex_size(piece));
        solver.set_dense_size(dense_size(piece));
        solver
    }

    /// Another solver of the same game, for another thread: it shares this solver's table of
    /// components (what one learns the other can use) and has its own table of exact
    /// positions of `exact_budget` bytes.
    #[must_use]
    pub fn sharing(&self, exact_budget: u64) -> PlacementSolver {
        let (piece, board) = (self.game.piece(), self.game.board());
        let engine = match &self.engine {
            Engine::One(solver) => Engine::One(Solver::with_table(
                NodeKayles::new(piece, board),
                solver.shared_table(),
                exact_budget,
            )),
            Engine::Two(solver) => Engine::Two(Solver::with_table(
                NodeKayles::new(piece, board),
                solver.shared_table(),
                exact_budget,
            )),
            Engine::Four(solver) => Engine::Four(Solver::with_table(
                NodeKayles::new(piece, board),
                solver.shared_table(),
                exact_budget,
            )),
        };
        let mut solver = PlacementSolver {
            game: self.game.clone(),
            engine,
        };
        solver.set_full_mex_size(full_mex_size(piece));
        solver.set_dense_size(dense_size(piece));
        solver
    }

    /// Points the solver at another game with the same piece, keeping what the table knows:
    /// component keys are shapes, which mean the same on every board. A different piece or a
    /// board too large for the solver's width starts a fresh table of the same budget.
    pub fn retarget(&mut self, game: &PlacementGame) {
        let fits = words_for(game.board()) <= self.words();
        if game.piece() != self.game.piece() || !fits {
            let budget = self.stats().table.budget;
            *self = PlacementSolver::for_boards(game, game.board(), budget);
            return;
        }
        let (piece, board) = (game.piece(), game.board());
        with_engine!(&mut self.engine, solver => solver.replace_game(NodeKayles::new(piece, board)));
        self.game = game.clone();
        self.set_full_mex_size(full_mex_size(piece));
        self.set_dense_size(dense_size(piece));
    }

    fn words(&self) -> usize {
        match self.engine {
            Engine::One(_) => 1,
            Engine::Two(_) => 2,
            Engine::Four(_) => 4,
        }
    }

    /// Reports progress to `observer` during searches.
    pub fn set_observer(&mut self, observer: Box<dyn SearchObserver + Send>) {
        with_engine!(&mut self.engine, solver => solver.set_observer(observer));
    }

    /// Components of at most `squares` free squares are valued by the plain mex rule, larger
    /// ones by outcome probes; any value gives the same answers at a different speed.
    pub fn set_full_mex_size(&mut self, squares: usize) {
        with_engine!(&mut self.engine, solver => solver.set_full_mex_size(squares));
    }

    /// Components of at most `squares` free squares are valued by the dense endgame search;
    /// 0 turns it off. Any value gives the same answers at a different speed.
    pub fn set_dense_size(&mut self, squares: usize) {
        with_engine!(&mut self.engine, solver => solver.set_dense_size(squares));
    }

    /// The counters so far.
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        with_engine!(&self.engine, solver => solver.stats())
    }

    /// The game being solved.
    #[must_use]
    pub fn game(&self) -> &PlacementGame {
        &self.game
    }

    /// The nimber of `position`.
    pub fn nim_value(&mut self, position: &PlacementPosition) -> Nimber {
        let available: BoardSet = self.game.available(position);
        with_engine!(&mut self.engine, solver => solver.nim_value(&available.resize()))
    }

    /// The winning moves of `position` (those to a position of nimber 0), row by row. Decided
    /// by outcome searches, without the full nimbers of the other moves.
    pub fn winning_moves(&mut self, position: &PlacementPosition) -> Vec<Square> {
        let game = &self.game;
        let available = game.available(position);
        let mut winning = Vec::new();
        for index in available.iter() {
            let after = available.without(game.closed_neighbourhood[index]);
            let wins = with_engine!(&mut self.engine, solver => solver.has_value(&after.resize(), Nimber::ZERO));
            if wins {
                winning.push(game.board.square_at(index));
            }
        }
        winning
    }

    /// Whether the nimber of `position` is `value`, by an outcome search; with 0, whether the
    /// player to move loses.
    pub fn has_value(&mut self, position: &PlacementPosition, value: Nimber) -> bool {
        let available = self.game.available(position);
        with_engine!(&mut self.engine, solver => solver.has_value(&available.resize(), value))
    }

    /// The legal moves of `position` grouped by symmetry: moves in one group lead to positions
    /// that are translations, rotations or reflections of each other (as sets of free squares),
    /// so they have the same value. Groups and their members come row by row.
    #[must_use]
    pub fn moves_up_to_symmetry(&self, position: &PlacementPosition) -> Vec<Vec<Square>> {
        let game = &self.game;
        let available = game.available(position);
        let moves: Vec<usize> = available.iter().collect();
        let class_of: Vec<usize> = with_engine!(&self.engine, solver => {
            let keys: Vec<_> = moves
                .iter()
                .map(|&index| {
                    let after = available.without(game.closed_neighbourhood[index]);
                    solver.game().key(&after.resize())
                })
                .collect();
            let mut representatives: Vec<usize> = Vec::new();
            keys.iter()
                .enumerate()
                .map(|(i, key)| {
                    match representatives.iter().position(|&r| keys[r] == *key) {
                        Some(class) => class,
                        None => {
                            representatives.push(i);
                            representatives.len() - 1
                        }
                    }
                })
                .collect()
        });
        let classes = class_of.iter().max().map_or(0, |&last| last + 1);
        let mut groups = vec![Vec::new(); classes];
        for (&index, &class) in moves.iter().zip(&class_of) {
            groups[class].push(game.board.square_at(index));
        }
        groups
    }

    /// A winning move of `position`, the first row by row, or `None` when it has none.
    pub fn first_winning_move(&mut self, position: &PlacementPosition) -> Option<Square> {
        let game = &self.game;
        let available = game.available(position);
        available.iter().find_map(|index| {
            let after = available.without(game.closed_neighbourhood[index]);
            let wins = with_engine!(&mut self.engine, solver => solver.has_value(&after.resize(), Nimber::ZERO));
            wins.then(|| game.board.square_at(index))
        })
    }

    /// Every legal move of `position` with the nimber of the position it leads to, row by row.
    pub fn move_values(&mut self, position: &PlacementPosition) -> Vec<MoveValue> {
        let game = &self.game;
        let available = game.available(position);
        let mut values = Vec::new();
        for index in available.iter() {
            let after = available.without(game.closed_neighbourhood[index]);
            let nimber =
                with_engine!(&mut self.engine, solver => solver.nim_value(&after.resize()));
            values.push(MoveValue {
                square: game.board.square_at(index),
                nimber,
            });
        }
        values
    }
}
