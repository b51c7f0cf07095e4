//! Solving placement games: the generic solver on the Node Kayles engine (one piece on a
//! rectangle) or the rules engine (everything else), at the narrowest bit width that holds the
//! board.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::board::{BoardSize, Square};
use crate::solver::{
    Fact, FactSource, ImpartialGame, Pruning, SearchObserver, SearchStats, Solver,
};
use crate::square_set::SquareSet;
use crate::values::Nimber;

use super::multi::{Cells, RulesKayles};
use super::node_kayles::NodeKayles;
use super::settle::{second_player_settlement, settled_by_strategy, Settlement};
use super::{Piece, PlacementGame, PlacementMove, PlacementPosition, Surface};

/// A legal move and the nimber of the position it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// Where the piece goes.
    pub square: Square,
    /// Which piece goes there.
    pub piece: Piece,
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
    Eight(Solver<NodeKayles<8>>),
    RulesOne(Solver<RulesKayles<1>>),
    RulesTwo(Solver<RulesKayles<2>>),
    RulesFour(Solver<RulesKayles<4>>),
    RulesEight(Solver<RulesKayles<8>>),
}

/// What the solver needs of an engine besides the game: how it is built for a placement game,
/// how many words its bit sets take, and how a position of the placement game becomes one of
/// the engine's positions.
trait PlacementEngine: ImpartialGame {
    /// The engine for `game` (for Node Kayles, its first piece on its board).
    fn for_game(game: &PlacementGame) -> Self;
    /// The words of its bit sets: the largest board it holds.
    fn words(&self) -> usize;
    fn encode(&self, game: &PlacementGame, position: &PlacementPosition) -> Self::Position;
    /// The free squares of one of the engine's positions, by their index on the board: what
    /// a person sees of a part.
    fn free_squares(component: &Self::Position) -> Vec<usize>;
}

impl<const W: usize> PlacementEngine for NodeKayles<W> {
    fn for_game(game: &PlacementGame) -> NodeKayles<W> {
        // The first piece is the only one wherever a Node Kayles engine is built.
        NodeKayles::new(game.pieces()[0], game.board())
    }

    fn words(&self) -> usize {
        W
    }

    #[inline]
    fn encode(&self, game: &PlacementGame, position: &PlacementPosition) -> SquareSet<W> {
        game.available(position).resize()
    }

    fn free_squares(component: &SquareSet<W>) -> Vec<usize> {
        component.iter().collect()
    }
}

impl<const W: usize> PlacementEngine for RulesKayles<W> {
    fn for_game(game: &PlacementGame) -> RulesKayles<W> {
        RulesKayles::new(game)
    }

    fn words(&self) -> usize {
        W
    }

    #[inline]
    fn encode(&self, game: &PlacementGame, position: &PlacementPosition) -> Cells<W> {
        self.cells(
            game.available(position).resize(),
            game.occupied_set(position).resize(),
        )
    }

    fn free_squares(component: &Cells<W>) -> Vec<usize> {
        component.available.iter().collect()
    }
}

/// Runs `$body` with `$solver` bound to the engine's solver, whatever its engine and width:
/// the one place the eight kinds of engine are told apart once built. The body is compiled
/// once per kind, so the searches below it stay monomorphised. With `$same`, the body is also
/// given the variant it came from, to wrap a new solver of the same engine and width.
macro_rules! with_engine {
    ($engine:expr, $solver:ident => $body:expr) => {
        with_engine!($engine, ($solver, _same) => $body)
    };
    ($engine:expr, ($solver:ident, $same:ident) => $body:expr) => {
        with_engine!(@each $engine, ($solver, $same) => $body;
            One Two Four Eight RulesOne RulesTwo RulesFour RulesEight)
    };
    (@each $engine:expr, ($solver:ident, $same:ident) => $body:expr; $($variant:ident)*) => {
        match $engine {
            $(Engine::$variant($solver) => {
                let $same = Engine::$variant;
                $body
            })*
        }
    };
}

/// The component size up to which the plain mex rule beats outcome probes, measured by
/// instruction counts on the benchmark boards (docs/PERFORMANCE_HISTORY.md): the dense attack graphs
/// of the line pieces make every full expansion dear, so probing pays from smaller components.
fn full_mex_size(piece: Piece) -> usize {
    match piece {
        Piece::Bishop | Piece::Rook | Piece::Queen => 5,
        // Measured side by side on kings 8x10 and 9x9: 18 takes 7 % and 8 % less CPU than 12
        // (knights 5x11: 3 % more).
        Piece::King => 18,
        Piece::Knight | Piece::Leaper(..) => 12,
    }
}

/// The component size up to which the dense endgame search beats the main search, measured by
/// instruction counts on the benchmark boards and time on queens 12×12 to 14×14
/// (docs/PERFORMANCE_HISTORY.md): it pays most where endgames are dense and each expansion of the main
/// search dear. (Only the single-piece engine offers dense endgames.)
fn dense_size(piece: Piece) -> usize {
    match piece {
        Piece::Bishop | Piece::Rook | Piece::Queen => 14,
        Piece::Knight | Piece::King | Piece::Leaper(..) => 6,
    }
}

/// The same for a game: the smallest over its pieces.
fn game_dense_size(game: &PlacementGame) -> usize {
    game.pieces()
        .iter()
        .map(|&piece| dense_size(piece))
        .min()
        .unwrap_or(6)
}

/// The same for a game: the smallest over its pieces.
fn game_full_mex_size(game: &PlacementGame) -> usize {
    game.pieces()
        .iter()
        .map(|&piece| full_mex_size(piece))
        .min()
        .unwrap_or(12)
}

/// Whether the game is one piece on a rectangle, solved by plain Node Kayles.
fn is_node_kayles(game: &PlacementGame) -> bool {
    game.pieces().len() == 1 && game.rules().surface() == Surface::Rectangle
}

/// A fresh engine for `game` at `words` words with a table of `budget_bytes`: where the
/// engine and width are chosen, by the game's rules and the largest board.
fn engine_for(game: &PlacementGame, words: usize, budget_bytes: u64) -> Engine {
    fn fresh<G: PlacementEngine>(game: &PlacementGame, budget_bytes: u64) -> Solver<G> {
        Solver::new(G::for_game(game), budget_bytes)
    }
    match (is_node_kayles(game), words) {
        (true, 1) => Engine::One(fresh(game, budget_bytes)),
        (true, 2) => Engine::Two(fresh(game, budget_bytes)),
        (true, 4) => Engine::Four(fresh(game, budget_bytes)),
        (true, _) => Engine::Eight(fresh(game, budget_bytes)),
        (false, 1) => Engine::RulesOne(fresh(game, budget_bytes)),
        (false, 2) => Engine::RulesTwo(fresh(game, budget_bytes)),
        (false, 4) => Engine::RulesFour(fresh(game, budget_bytes)),
        (false, _) => Engine::RulesEight(fresh(game, budget_bytes)),
    }
}

/// The free squares of `component`, a position of `_solver`'s engine (named for the engine's
/// type, which the macro's body cannot name).
fn free_squares_of<G: PlacementEngine>(_solver: &Solver<G>, component: &G::Position) -> Vec<usize> {
    G::free_squares(component)
}

fn words_for(board: BoardSize) -> usize {
    board.squares().div_ceil(64).next_power_of_two()
}

/// The Node Kayles solver under a [`PlacementSolver`] of one piece on a rectangle, at its
/// width: what the certificate writer walks (`certificate.rs`).
pub(super) enum NodeKaylesSolver<'a> {
    One(&'a mut Solver<NodeKayles<1>>),
    Two(&'a mut Solver<NodeKayles<2>>),
    Four(&'a mut Solver<NodeKayles<4>>),
    Eight(&'a mut Solver<NodeKayles<8>>),
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
        let mut solver = PlacementSolver {
            game: game.clone(),
            engine: engine_for(game, words, budget_bytes),
        };
        solver.use_default_sizes();
        solver
    }

    /// Another solver of the same game, for another thread: it shares this solver's table of
    /// components (what one learns the other can use) and has its own table of exact
    /// positions of `exact_budget` bytes.
    #[must_use]
    pub fn sharing(&self, exact_budget: u64) -> PlacementSolver {
        let game = &self.game;
        let engine = with_engine!(&self.engine, (solver, same) => {
            let table = solver.shared_table();
            same(Solver::with_table(PlacementEngine::for_game(game), table, exact_budget))
        });
        let mut solver = PlacementSolver {
            game: self.game.clone(),
            engine,
        };
        solver.use_default_sizes();
        solver
    }

    /// Points the solver at another game with the same rules, keeping what the table knows:
    /// component keys are shapes (or, on surfaces other than the rectangle, carry the board's
    /// size), which mean the same on every board. Other rules or a board too large for the
    /// solver's width start a fresh table of the same budget.
    pub fn retarget(&mut self, game: &PlacementGame) {
        let fits = words_for(game.board()) <= self.words();
        if game.rules() != self.game.rules() || !fits {
            let budget = self.stats().table.budget;
            *self = PlacementSolver::for_boards(game, game.board(), budget);
            return;
        }
        with_engine!(&mut self.engine, solver => {
            solver.replace_game(PlacementEngine::for_game(game));
        });
        self.game = game.clone();
        self.use_default_sizes();
    }

    /// Sets the sizes of the plain mex rule and of the dense endgame search to those measured
    /// best for the game's pieces.
    fn use_default_sizes(&mut self) {
        self.set_full_mex_size(game_full_mex_size(&self.game));
        self.set_dense_size(game_dense_size(&self.game));
    }

    fn words(&self) -> usize {
        with_engine!(&self.engine, solver => solver.game().words())
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

    /// Which cut-offs the outcome probes use (both by default); any choice gives the same
    /// answers at a different speed.
    pub fn set_pruning(&mut self, pruning: Pruning) {
        with_engine!(&mut self.engine, solver => solver.set_pruning(pruning));
    }

    /// Components of at most `squares` free squares are valued by the dense endgame search;
    /// 0 turns it off. Any value gives the same answers at a different speed.
    pub fn set_dense_size(&mut self, squares: usize) {
        with_engine!(&mut self.engine, solver => solver.set_dense_size(squares));
    }

    /// The `limit` costliest facts its table of components holds, costliest first (see
    /// [`Fact`]); none for games whose keys are not kept (several pieces, other surfaces).
    #[must_use]
    pub fn costliest_facts(&self, limit: usize) -> Vec<Fact> {
        with_engine!(&self.engine, solver => solver.costliest_facts(limit))
    }

    /// Takes what a checkpoint's record says of `position`: that its value is `value`
    /// (`has_it`) or is not, found by a search of `work` positions (see
    /// [`Solver::take_settled`]).
    pub fn take_settled(
        &mut self,
        position: &PlacementPosition,
        value: Nimber,
        has_it: bool,
        work: u64,
    ) {
        let game = &self.game;
        with_engine!(&mut self.engine, solver => {
            let encoded = solver.game().encode(game, position);
            solver.take_settled(&encoded, value, has_it, work);
        });
    }

    /// [`PlacementSolver::costliest_facts`] for another thread to call while this solver
    /// searches.
    #[must_use]
    pub fn fact_source(&self) -> FactSource {
        with_engine!(&self.engine, solver => solver.fact_source())
    }

    /// Adds `facts` from [`PlacementSolver::costliest_facts`] of a solver of the same game to
    /// its table, and returns how many there were.
    ///
    /// # Errors
    /// The index of the first fact that is not about a component of this game.
    pub fn learn(&mut self, facts: &[Fact]) -> Result<usize, usize> {
        with_engine!(&mut self.engine, solver => solver.learn(facts))
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

    /// What a known strategy settles about `position` without search (see
    /// [`settled_by_strategy`]): every search of this solver consults the same check, so a
    /// front end asks here only to name the strategy that answered.
    #[must_use]
    pub fn settlement(&self, position: &PlacementPosition) -> Option<Settlement> {
        settled_by_strategy(&self.game, position)
    }

    /// Whether a strategy of the second player (mirror play, the kings' answer in the same
    /// line) settles `position` as a second-player win (nim-value 0): the check every search
    /// below makes before searching.
    fn second_player_settles(&self, position: &PlacementPosition) -> bool {
        second_player_settlement(&self.game, position).is_some()
    }

    /// How many independent parts `position` splits into, as the solver splits it: the
    /// position's value is the nim-sum of theirs (the two colours of an empty bishops board;
    /// the sides of a wall of placed pieces).
    #[must_use]
    pub fn parts(&self, position: &PlacementPosition) -> usize {
        let game = &self.game;
        with_engine!(&self.engine, solver => {
            let encoded = solver.game().encode(game, position);
            let mut parts = 0;
            solver.game().for_each_component(&encoded, |_| parts += 1);
            parts
        })
    }

    /// The Node Kayles solver beneath, when the game is one piece on a rectangle; `None` for
    /// the games of several pieces, blocked lines or other surfaces.
    pub(super) fn node_kayles(&mut self) -> Option<NodeKaylesSolver<'_>> {
        match &mut self.engine {
            Engine::One(solver) => Some(NodeKaylesSolver::One(solver)),
            Engine::Two(solver) => Some(NodeKaylesSolver::Two(solver)),
            Engine::Four(solver) => Some(NodeKaylesSolver::Four(solver)),
            Engine::Eight(solver) => Some(NodeKaylesSolver::Eight(solver)),
            _ => None,
        }
    }

    /// The independent parts `position` splits into, as the solver splits it (see
    /// [`PlacementSolver::parts`]), each as its free squares in board order with its nimber,
    /// or `None` when `stop` is raised before every part is valued. Asked after the whole
    /// position was valued, the parts' values are the table's.
    pub fn part_values_within(
        &mut self,
        position: &PlacementPosition,
        stop: &Arc<AtomicBool>,
    ) -> Option<Vec<(Vec<Square>, Nimber)>> {
        let game = &self.game;
        let board = game.board();
        with_engine!(&mut self.engine, solver => {
            let encoded = solver.game().encode(game, position);
            let mut components = Vec::new();
            solver.game().for_each_component(&encoded, |component| components.push(component));
            components
                .iter()
                .map(|component| {
                    let squares = free_squares_of(solver, component)
                        .into_iter()
                        .map(|index| board.square_at(index))
                        .collect();
                    Some((squares, solver.nim_value_within(component, stop)?))
                })
                .collect()
        })
    }

    /// The nimber of `position`.
    pub fn nim_value(&mut self, position: &PlacementPosition) -> Nimber {
        if self.second_player_settles(position) {
            return Nimber::ZERO;
        }
        let game = &self.game;
        with_engine!(&mut self.engine, solver => {
            let encoded = solver.game().encode(game, position);
            solver.nim_value(&encoded)
        })
    }

    /// [`PlacementSolver::nim_value`] that gives up, with `None`, when `stop` is raised (see
    /// [`Solver::nim_value_within`]).
    pub fn nim_value_within(
        &mut self,
        position: &PlacementPosition,
        stop: &Arc<AtomicBool>,
    ) -> Option<Nimber> {
        if self.second_player_settles(position) {
            return Some(Nimber::ZERO);
        }
        let game = &self.game;
        with_engine!(&mut self.engine, solver => {
            let encoded = solver.game().encode(game, position);
            solver.nim_value_within(&encoded, stop)
        })
    }

    /// Whether the nimber of `position` is `value`, by an outcome search; with 0, whether the
    /// player to move loses.
    pub fn has_value(&mut self, position: &PlacementPosition, value: Nimber) -> bool {
        if self.second_player_settles(position) {
            return value == Nimber::ZERO;
        }
        let game = &self.game;
        with_engine!(&mut self.engine, solver => {
            let encoded = solver.game().encode(game, position);
            solver.has_value(&encoded, value)
        })
    }

    /// [`PlacementSolver::has_value`] that gives up, with `None`, when `stop` is raised or
    /// after `max_positions` positions (see [`Solver::has_value_within`]).
    pub fn has_value_within(
        &mut self,
        position: &PlacementPosition,
        value: Nimber,
        stop: &Arc<AtomicBool>,
        max_positions: u64,
    ) -> Option<bool> {
        if self.second_player_settles(position) {
            return Some(value == Nimber::ZERO);
        }
        let game = &self.game;
        with_engine!(&mut self.engine, solver => {
            let encoded = solver.game().encode(game, position);
            solver.has_value_within(&encoded, value, stop, max_positions)
        })
    }

    /// The nimber of `position` when it is known without searching (see
    /// [`Solver::value_without_search`]); `None` when finding it needs a search.
    pub fn value_without_search(&mut self, position: &PlacementPosition) -> Option<Nimber> {
        if self.second_player_settles(position) {
            return Some(Nimber::ZERO);
        }
        let game = &self.game;
        with_engine!(&mut self.engine, solver => {
            let encoded = solver.game().encode(game, position);
            solver.value_without_search(&encoded)
        })
    }

    /// The positions after each legal move of `position`, row by row and piece by piece.
    fn after_each_move(
        &self,
        position: &PlacementPosition,
    ) -> Vec<(PlacementMove, PlacementPosition)> {
        self.game
            .legal_placements(position)
            .into_iter()
            .map(|placement| {
                let after = self
                    .game
                    .play_move(position, placement)
                    .expect("legal moves can be played");
                (placement, after)
            })
            .collect()
    }

    /// The winning moves of `position` (those to a position of nimber 0), row by row and
    /// piece by piece. Decided by outcome searches, without the full nimbers of the other moves;
    /// none, without search, when a strategy (mirror play, the kings' answer in the same line)
    /// settles `position` as a second-player win.
    pub fn winning_placements(&mut self, position: &PlacementPosition) -> Vec<PlacementMove> {
        if self.second_player_settles(position) {
            return Vec::new();
        }
        self.after_each_move(position)
            .into_iter()
            .filter(|(_, after)| self.has_value(after, Nimber::ZERO))
            .map(|(placement, _)| placement)
            .collect()
    }

    /// The squares of the winning moves of `position`, row by row (with several pieces, a
    /// square where some piece wins).
    pub fn winning_moves(&mut self, position: &PlacementPosition) -> Vec<Square> {
        let mut squares: Vec<Square> = self
            .winning_placements(position)
            .into_iter()
            .map(|placement| placement.square)
            .collect();
        squares.dedup();
        squares
    }

    /// The legal moves of `position` grouped by symmetry: moves in one group lead to positions
    /// that are translations, rotations or reflections of each other (as sets of free squares),
    /// so they have the same value. Groups and their members come row by row. A game of
    /// several pieces groups the squares where the moves of every piece are alike.
    #[must_use]
    pub fn moves_up_to_symmetry(&self, position: &PlacementPosition) -> Vec<Vec<Square>> {
        let game = &self.game;
        let after = self.after_each_move(position);
        let squares: Vec<Square> = game.legal_moves(position);
        let pieces = game.pieces().len();
        let class_of: Vec<usize> = with_engine!(&self.engine, solver => {
            // The keys of the moves from each square, one per piece.
            let keys: Vec<Vec<_>> = after
                .chunks(pieces)
                .map(|moves| {
                    moves
                        .iter()
                        .map(|(_, after)| {
                            let encoded = solver.game().encode(game, after);
                            solver.game().key(&encoded)
                        })
                        .collect()
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
        for (&square, &class) in squares.iter().zip(&class_of) {
            groups[class].push(square);
        }
        groups
    }

    /// A winning move of `position`, the first row by row, or `None` when it has none. When a
    /// strategy settles `position`, its move (the centre of an odd board, say) instead, which
    /// need not be the first row by row.
    pub fn first_winning_move(&mut self, position: &PlacementPosition) -> Option<Square> {
        if let Some(settled) = self.settlement(position) {
            return settled.winning_move.map(|placement| placement.square);
        }
        self.after_each_move(position)
            .into_iter()
            .find(|(_, after)| self.has_value(after, Nimber::ZERO))
            .map(|(placement, _)| placement.square)
    }

    /// Every legal move of `position` with the nimber of the position it leads to, row by row
    /// and piece by piece.
    pub fn move_values(&mut self, position: &PlacementPosition) -> Vec<MoveValue> {
        self.after_each_move(position)
            .into_iter()
            .map(|(placement, after)| MoveValue {
                square: placement.square,
                piece: placement.piece,
                nimber: self.nim_value(&after),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Facts taken from one solver's table and given to a fresh solver of the same game: the
    /// fresh one gives the same values, searching fewer positions for them.
    #[test]
    fn a_solver_given_another_solvers_facts_agrees_and_searches_less() {
        let game = PlacementGame::new(Piece::King, "7x8".parse().unwrap());
        let mut teacher = PlacementSolver::new(&game, 1 << 26);
        let value = teacher.nim_value(&game.empty());
        let mut facts = teacher.costliest_facts(500);
        assert_eq!(facts.len(), 500);
        assert!(facts.windows(2).all(|pair| pair[0].work >= pair[1].work));
        // Without the dearest, the whole board's among them: what a search stopped before its
        // answer gives.
        facts.drain(..20);
        let mut fresh = PlacementSolver::new(&game, 1 << 26);
        let mut taught = PlacementSolver::new(&game, 1 << 26);
        assert_eq!(taught.learn(&facts), Ok(480));
        assert_eq!(fresh.nim_value(&game.empty()), value);
        assert_eq!(taught.nim_value(&game.empty()), value);
        let (fresh, taught) = (fresh.stats().positions, taught.stats().positions);
        // 7,562 against 30,061 when this was written.
        assert!(
            taught * 3 < fresh,
            "{taught} positions taught, {fresh} fresh"
        );
        // Every position after two moves is valued alike by a solver that learnt the facts.
        let mut reference = PlacementSolver::new(&game, 1 << 26);
        let mut learner = PlacementSolver::new(&game, 1 << 26);
        learner.learn(&facts).unwrap();
        for first in game.legal_placements(&game.empty()) {
            let after = game.play_move(&game.empty(), first).unwrap();
            for second in game.legal_placements(&after).into_iter().step_by(5) {
                let position = game.play_move(&after, second).unwrap();
                assert_eq!(
                    learner.nim_value(&position),
                    reference.nim_value(&position),
                    "{}",
                    game.format_position(&position)
                );
            }
        }
    }

    /// A fact whose key is not a shape of this solver's width is refused by its index.
    #[test]
    fn facts_of_another_width_are_refused() {
        let small = PlacementGame::new(Piece::King, "6x6".parse().unwrap());
        let large = PlacementGame::new(Piece::King, "9x9".parse().unwrap());
        let mut teacher = PlacementSolver::new(&small, 1 << 24);
        teacher.nim_value(&small.empty());
        let facts = teacher.costliest_facts(10);
        let mut other = PlacementSolver::new(&large, 1 << 24);
        assert_eq!(other.learn(&facts), Err(0));
        // A fact contradicting one taken before is refused by its index: another value, or
        // a value the other excludes.
        let mut fresh = PlacementSolver::new(&small, 1 << 24);
        let known = facts
            .iter()
            .find(|fact| fact.value.is_some())
            .unwrap()
            .clone();
        let value = known.value.unwrap().value();
        let other_value = Fact {
            value: Some(Nimber::new(value + 1)),
            ..known.clone()
        };
        let excluding = Fact {
            value: None,
            not_values: 1 << value,
            ..known.clone()
        };
        assert_eq!(fresh.learn(&[known.clone(), other_value]), Err(1));
        assert_eq!(fresh.learn(std::slice::from_ref(&excluding)), Err(0));
        let mut fresh = PlacementSolver::new(&small, 1 << 24);
        assert_eq!(fresh.learn(&[excluding, known]), Err(1));
        // Several pieces: keys are not kept, so there are no facts to give.
        let pieces = super::super::parse_pieces("kings+knights").unwrap();
        let rules = super::super::PlacementRules::new(
            &pieces,
            Surface::Rectangle,
            super::super::RayRule::Through,
        )
        .unwrap();
        let multi = PlacementGame::with_rules(rules, "3x4".parse().unwrap());
        let mut solver = PlacementSolver::new(&multi, 1 << 24);
        solver.nim_value(&multi.empty());
        assert!(solver.costliest_facts(10).is_empty());
    }
}
