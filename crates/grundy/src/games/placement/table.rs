//! A placement game's table: the pieces with their surface and ray rule, whose cells are the
//! empty boards, searched on every thread with one solver (and its table) per thread.

use std::fmt;

use super::root_search::{RootObserver, RootSearch};
use super::search_threads::uses_win_search;
use super::{
    parse_pieces, settled_by_strategy, Placement, PlacementGame, PlacementRules, PlacementSolver,
    RayRule,
};
use crate::board::{BoardSize, Surface, MAX_SQUARES};
use crate::games::answer_text::rules_note;
use crate::games::parts::MAX_MISERE_SQUARES;
use crate::games::sum::Summand;
use crate::games::table_family::{CellSearch, CellWatch, TableAxes, TableFamily};
use crate::values::Nimber;

/// The pieces of a placement game with their surface and ray rule, named without a board:
/// `knights`, `queens+rooks torus blocked`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementTable(pub PlacementRules);

impl PlacementTable {
    /// The pieces named `name` on a rectangle, lines passing occupied squares.
    ///
    /// # Errors
    /// A piece unknown, or pieces that do not go together.
    pub fn named(name: &str) -> Result<PlacementTable, String> {
        let pieces = parse_pieces(name).map_err(|error| error.to_string())?;
        PlacementRules::new(&pieces, Surface::Rectangle, RayRule::Through)
            .map(PlacementTable)
            .map_err(|error| error.to_string())
    }

    /// The game on the empty `m` x `n` board.
    fn board(&self, m: usize, n: usize) -> Result<PlacementGame, String> {
        // The sides are in the table's range, so within u32.
        let board = BoardSize::new(m as u32, n as u32).map_err(|error| error.to_string())?;
        Ok(PlacementGame::with_rules(self.0.clone(), board))
    }
}

impl fmt::Display for PlacementTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = &self.0;
        f.write_str(&rules.name())?;
        if rules.surface() != Surface::Rectangle {
            write!(f, " {}", rules.surface())?;
        }
        if rules.rays() != RayRule::default() {
            write!(f, " {}", rules.rays())?;
        }
        Ok(())
    }
}

impl TableFamily for PlacementTable {
    fn boxed(&self) -> Box<dyn TableFamily> {
        Box::new(self.clone())
    }

    fn axes(&self) -> TableAxes {
        TableAxes::board_sides(MAX_SQUARES)
    }

    fn report_name(&self) -> String {
        self.0.name()
    }

    fn rules_note(&self) -> String {
        rules_note(&self.0)
    }

    fn surface_and_rays(&self) -> (Option<String>, Option<String>) {
        (
            Some(self.0.surface().to_string()),
            Some(self.0.rays().to_string()),
        )
    }

    fn with_rules(
        &self,
        surface: Option<Surface>,
        rays: Option<RayRule>,
    ) -> Result<Box<dyn TableFamily>, String> {
        let rules = &self.0;
        PlacementRules::new(
            rules.pieces(),
            surface.unwrap_or(rules.surface()),
            rays.unwrap_or(rules.rays()),
        )
        .map(|rules| Box::new(PlacementTable(rules)) as Box<dyn TableFamily>)
        .map_err(|error| error.to_string())
    }

    fn cell(&self, m: usize, n: usize) -> Result<Summand, String> {
        let game = self.board(m, n)?;
        let position = game.empty();
        Ok(Summand::from(Placement { game, position }))
    }

    fn misere_cell(&self, m: usize, n: usize) -> Result<Summand, String> {
        let game = self.board(m, n)?;
        let board = game.board();
        if board.squares() > MAX_MISERE_SQUARES {
            return Err(format!(
                "board {board} has {} squares: misère searches take boards of at most {MAX_MISERE_SQUARES} squares",
                board.squares()
            ));
        }
        let position = game.empty();
        Ok(Summand::from(Placement { game, position }))
    }

    fn settled_cell(&self, m: usize, n: usize) -> Option<(Nimber, String)> {
        // Mirror play or the kings' answer in the same line: a second-player win, 0.
        let game = self.board(m, n).ok()?;
        let settlement = settled_by_strategy(&game, &game.empty())?;
        Some((settlement.nim_value()?, settlement.strategy))
    }

    fn cell_search(&self, largest: (usize, usize), budget_bytes: u64) -> Box<dyn CellSearch + '_> {
        Box::new(BoardSearch {
            rules: &self.0,
            largest,
            budget_bytes,
            solver: None,
        })
    }
}

/// The boards of one thread, searched with one solver, retargeted from board to board.
struct BoardSearch<'a> {
    rules: &'a PlacementRules,
    largest: (usize, usize),
    budget_bytes: u64,
    solver: Option<PlacementSolver>,
}

impl CellSearch for BoardSearch<'_> {
    fn value(
        &mut self,
        m: usize,
        n: usize,
        watch: &dyn CellWatch,
    ) -> Result<(Option<Nimber>, u64), String> {
        let board = |m: usize, n: usize| {
            BoardSize::new(m as u32, n as u32).map_err(|error| error.to_string())
        };
        let game = PlacementGame::with_rules(self.rules.clone(), board(m, n)?);
        if uses_win_search(&game) {
            // The queens boards go through the first-move search with its win search, as
            // `value` does: nine times faster over a table than the general solver
            // (docs/PERFORMANCE.md, the queens rectangles).
            let mut root = RootSearch::new(&game, &game.empty(), 1, self.budget_bytes);
            let answer = root.nim_value(&mut StopsWith(watch)).ok();
            return Ok((
                answer.as_ref().map(|value| value.nimber),
                answer.map_or(0, |value| value.report.positions),
            ));
        }
        // Component keys are shapes, valid on every board of the same rules: a thread's
        // solver is retargeted from board to board and keeps its table.
        let solver = match &mut self.solver {
            Some(solver) => {
                solver.retarget(&game);
                solver
            }
            None => {
                let largest = board(self.largest.0, self.largest.1)?;
                let mut fresh = PlacementSolver::for_boards(&game, largest, self.budget_bytes);
                if watch.is_listened_to() {
                    fresh.set_observer(watch.observer());
                }
                self.solver.insert(fresh)
            }
        };
        let before = solver.stats().positions;
        let nimber = solver.nim_value_within(&game.empty(), watch.stop_flag());
        Ok((nimber, solver.stats().positions - before))
    }
}

/// A first-move search's observer that only stops it when the table's flag is raised: a
/// table reports its cells, not each board's groups of first moves.
struct StopsWith<'a>(&'a dyn CellWatch);

impl RootObserver for StopsWith<'_> {
    fn should_stop(&mut self) -> bool {
        self.0
            .stop_flag()
            .load(std::sync::atomic::Ordering::Relaxed)
    }
}
