//! Placement games as one of grundy's families ([`crate::games::contract`]).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::{
    second_player_settlement, PlacementGame, PlacementMove, PlacementPosition, PlacementSolver,
    Random, RayRule, ResumableSearch, RulesKayles, Strategy, Surface,
};
use crate::board::{Piece, Square};
use crate::games::computer::{ComputerAsked, NoReply};
use crate::games::contract::PlayView;
use crate::games::contract::{AloneQuestion, FamilyGame, NormalPlay, PositionsGraph};
use crate::games::move_list::MoveOffers;
use crate::games::parts::{
    Family, MisereStart, PartFamily, Parts, Shape, State, TooLarge, MAX_MISERE_SQUARES, WORDS,
};
use crate::graph::GraphError;
use crate::report::{Command, FamilyPart, GameReport, Move, MovePart, Player};
use crate::solver::{ImpartialGame, SearchObserver};
use crate::values::{Nimber, Outcome};

/// A placement game in a position.
#[derive(Clone, Debug)]
pub struct Placement {
    /// The rules and the board.
    pub game: PlacementGame,
    /// The position.
    pub position: PlacementPosition,
}

/// Which player is to move in `position`: the first player when an even number of pieces has
/// been placed.
#[must_use]
pub fn player_to_move(game: &PlacementGame, position: &PlacementPosition) -> Player {
    if game.occupied(position).count() % 2 == 0 {
        Player::First
    } else {
        Player::Second
    }
}

/// What a report says about a placement game's board: its size, surface and ray rule.
#[must_use]
pub fn board_part(game: &PlacementGame) -> FamilyPart {
    FamilyPart::Placement {
        board: game.board().to_string(),
        surface: game.rules().surface().to_string(),
        rays: game.rules().rays().to_string(),
    }
}

impl FamilyGame for Placement {
    fn name(&self) -> String {
        self.game.name()
    }

    fn text(&self) -> String {
        let rules = self.game.rules();
        let mut text = format!("{} {}", self.game.name(), self.game.board());
        if rules.surface() != Surface::Rectangle {
            text.push_str(&format!(" {}", rules.surface()));
        }
        if rules.rays() != RayRule::default() {
            text.push_str(&format!(" {}", rules.rays()));
        }
        text
    }

    fn written(&self) -> String {
        if self.position == self.game.empty() {
            self.text()
        } else {
            format!("{} at {}", self.text(), self.position_text())
        }
    }

    fn position_text(&self) -> String {
        self.game.format_position(&self.position)
    }

    fn at_position(&self, rows: &str) -> Option<Result<Placement, String>> {
        Some(
            self.game
                .parse_position(rows)
                .map(|position| Placement {
                    game: self.game.clone(),
                    position,
                })
                .map_err(|error| error.to_string()),
        )
    }

    fn at_start(&self) -> bool {
        self.position == self.game.empty()
    }

    fn same_as(&self, other: &Placement) -> bool {
        self.game == other.game && self.position == other.position
    }

    fn report(&self, command: Command, outcome: Outcome) -> GameReport {
        let Placement { game, position } = self;
        GameReport {
            family: board_part(game),
            ..GameReport::new(
                command,
                game.name(),
                game.format_position(position),
                outcome,
                player_to_move(game, position),
            )
        }
    }

    fn moves_after(&self) -> Vec<(Move, Self)> {
        let Placement { game, position } = self;
        let several = game.pieces().len() > 1;
        game.legal_placements(position)
            .into_iter()
            .map(|placement| {
                let after = game
                    .play_move(position, placement)
                    .expect("legal moves can be played");
                (
                    Move::placement(placement.square, placement.piece, several, Nimber::ZERO),
                    Placement {
                        game: game.clone(),
                        position: after,
                    },
                )
            })
            .collect()
    }

    fn play(&self, notation: &str) -> Result<Self, String> {
        let Placement { game, position } = self;
        let placement = game.parse_move(notation).map_err(|e| e.to_string())?;
        let after = game
            .play_move(position, placement)
            .map_err(|e| e.to_string())?;
        Ok(Placement {
            game: game.clone(),
            position: after,
        })
    }

    fn normal_play(&self, budget_bytes: u64) -> Result<Box<dyn NormalPlay>, GraphError> {
        Ok(Box::new(PlacementValues {
            solver: PlacementSolver::new(&self.game, budget_bytes),
            placement: self.clone(),
        }))
    }

    fn side_strategy(&self, side: Player) -> Option<Result<String, String>> {
        Some(super::play_view::side_strategy(self, side))
    }

    fn board_view(&self) -> Option<Box<dyn PlayView>> {
        Some(Box::new(super::play_view::BoardView(self.clone())))
    }

    fn answer_alone(
        &self,
        question: AloneQuestion,
        budget_bytes: u64,
        observer: Box<dyn SearchObserver + Send>,
    ) -> Option<Result<GameReport, String>> {
        // The value is the first-move search's (`resumable_search`), on every thread.
        let AloneQuestion::Moves { all, .. } = question else {
            return None;
        };
        Some(Ok(super::moves::moves(self, all, budget_bytes, observer)))
    }

    fn moves_within(
        &self,
        all: bool,
        budget_bytes: u64,
        stop: &Arc<AtomicBool>,
        observer: Box<dyn SearchObserver + Send>,
    ) -> Option<GameReport> {
        Some(super::moves::moves_within(
            self,
            all,
            budget_bytes,
            stop,
            observer,
        ))
    }

    fn positions_graph(&self) -> Option<Result<PositionsGraph, String>> {
        Some(super::attack_graph::positions_graph(self))
    }

    fn vertex_set_text(&self, vertices: &[usize]) -> Option<String> {
        super::attack_graph::vertex_set_text(&self.game, vertices)
    }

    fn smallest_terminal_picture(&self, vertices: &[usize]) -> Option<String> {
        super::picture::smallest_terminal(&self.game, vertices)
    }

    fn has_own_computer(&self) -> bool {
        true
    }

    fn computer_reply(
        &self,
        asked: &ComputerAsked,
        stop: &Arc<AtomicBool>,
        stopped: &AtomicBool,
        observer: Box<dyn SearchObserver + Send>,
    ) -> Result<GameReport, NoReply> {
        super::reply::reply(self, asked, stop, stopped, observer)
    }

    fn random_move(&self, seed: u64) -> Option<usize> {
        let Placement { game, position } = self;
        let chosen = Random::new(game, seed).choose(position).ok()?;
        game.legal_placements(position)
            .iter()
            .position(|&placement| placement == chosen)
    }

    fn resumable_search(&self) -> Option<ResumableSearch> {
        Some(ResumableSearch::of_placement(self))
    }

    fn misere_start(&self) -> Result<MisereStart, TooLarge> {
        let Placement { game, position } = self;
        let squares = game.board().squares();
        if squares > MAX_MISERE_SQUARES {
            return Err(TooLarge(format!(
                "board {} has {squares} squares: misère searches take boards of at most {MAX_MISERE_SQUARES} squares",
                game.board()
            )));
        }
        let engine = RulesKayles::<WORDS>::new(game);
        let cells = engine.cells(
            game.available(position).resize(),
            game.occupied_set(position).resize(),
        );
        Ok(MisereStart {
            rules: Arc::new(PlacementParts {
                game: game.clone(),
                engine,
            }),
            states: vec![State::Cells(cells)],
        })
    }

    fn picture(&self) -> Option<String> {
        Some(super::picture::picture(self))
    }

    fn report_picture(&self, report: &GameReport, every_move_listed: bool) -> Option<String> {
        super::picture::report_picture(self, report, every_move_listed)
    }
}

/// A placement game's components as parts of a misère position: the free cells of each,
/// keyed by its shape up to the board's symmetries.
#[derive(Debug)]
struct PlacementParts {
    game: PlacementGame,
    engine: RulesKayles<WORDS>,
}

/// The same game makes the same engine: the rules are the game.
impl PartialEq for PlacementParts {
    fn eq(&self, other: &PlacementParts) -> bool {
        self.game == other.game
    }
}

impl PartFamily for PlacementParts {
    fn has_moves(&self, state: State) -> bool {
        matches!(state, State::Cells(cells) if !cells.available.is_empty())
    }

    fn longest_play(&self, state: State) -> u64 {
        match state {
            State::Cells(cells) => cells.available.len() as u64,
            _ => 0,
        }
    }

    fn add_parts(&self, family: Family, state: State, parts: &mut Parts) {
        let State::Cells(cells) = state else { return };
        self.engine.for_each_component(&cells, |component| {
            parts.push(family.part(
                Shape::Cells(self.engine.key(&component)),
                State::Cells(component),
            ));
        });
    }

    fn for_each_option(&self, family: Family, state: State, visit: &mut dyn FnMut(&mut Parts)) {
        let State::Cells(cells) = state else { return };
        let mut left = Vec::new();
        self.engine.for_each_option(&cells, |after| {
            left.clear();
            self.add_parts(family, State::Cells(after), &mut left);
            visit(&mut left);
        });
    }
}

/// A placement game valued by its search, which values its moves with the same table.
struct PlacementValues {
    placement: Placement,
    solver: PlacementSolver,
}

impl NormalPlay for PlacementValues {
    fn nim_value(&mut self) -> Nimber {
        self.solver.nim_value(&self.placement.position)
    }

    fn offer_moves(&mut self, moves: &mut MoveOffers<'_>) {
        let Placement { game, position } = &self.placement;
        for m in self.solver.move_values(position) {
            let placement = PlacementMove {
                square: m.square,
                piece: m.piece,
            };
            moves.offer(m.nimber, || game.move_name(placement));
        }
    }

    fn set_observer(&mut self, observer: Box<dyn SearchObserver + Send>) {
        self.solver.set_observer(observer);
    }

    fn positions_searched(&self) -> u64 {
        self.solver.stats().positions
    }

    fn settlement(&self) -> Option<String> {
        let Placement { game, position } = &self.placement;
        second_player_settlement(game, position).map(|settled| settled.strategy)
    }
}

/// The report of a move of this family.
impl Move {
    /// Putting `piece` on `square`; `several_pieces` says whether the game has more than one
    /// piece, when the notation names the piece (`Nc3`).
    #[must_use]
    pub fn placement(square: Square, piece: Piece, several_pieces: bool, nimber: Nimber) -> Move {
        let notation = if several_pieces {
            format!("{}{square}", piece.letter())
        } else {
            square.to_string()
        };
        let (row, col) = square.coordinates();
        Move::with_part(
            notation,
            nimber,
            MovePart::Placement {
                square: square.to_string(),
                piece: piece.to_string(),
                row,
                col,
            },
        )
    }
}
