//! The computer's move in a placement game: what `grundy play --reply` prints and the web page's
//! opponent plays. A known strategy answers first (mirror play, the centre then the half turn:
//! their moves win, leaving 0); otherwise each move is searched for a win, under the watch,
//! until one wins or every one is shown to lose (then the move leaving the most replies).

use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::{Limits, RunError, Stopped};
use crate::games::placement::{
    symmetry_strategy, Perfect, PlacementGame, PlacementMove, PlacementPosition, PlacementSolver,
    Player, Random, Strategy, StrategyError,
};
use crate::games::sum::Summand;
use crate::report::{Command, GameReport, Move};
use crate::watch::Watch;
use crate::{Game, Nimber};

/// How the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// The solver's winning moves (a known strategy's where one applies).
    #[default]
    Perfect,
    /// Mirror play, or the centre then the half turn, where a symmetry strategy applies.
    Symmetry,
    /// Uniformly random legal moves, from a seed.
    Random,
}

/// The computer's move in a placement game's position.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// One placement game, in the position the computer moves in (it plays the side to move).
    pub game: Game,
    /// How it plays.
    #[serde(default)]
    pub opponent: Opponent,
    /// The seed of [`Opponent::Random`]: the same seed plays the same moves.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// What the search may use.
    #[serde(default)]
    pub limits: Limits,
}

fn default_seed() -> u64 {
    1
}

/// Why the computer has no strategy of the kind asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoStrategy {
    /// Why the strategy does not apply.
    pub why: StrategyError,
    /// Whether the other player has one.
    pub other_side_has_one: bool,
}

/// The computer's strategy of the kind `opponent` for `side` in `game`, its solver (if any)
/// within `budget` bytes.
///
/// # Errors
/// [`NoStrategy`] when `opponent` is symmetry and no symmetry strategy applies to `side`.
pub fn opponent_strategy(
    game: &PlacementGame,
    opponent: Opponent,
    side: Player,
    seed: u64,
    budget: u64,
) -> Result<Box<dyn Strategy>, NoStrategy> {
    Ok(match opponent {
        Opponent::Perfect => Box::new(Perfect::new(game, budget)),
        Opponent::Random => Box::new(Random::new(game, seed)),
        Opponent::Symmetry => symmetry_strategy(game, side).map_err(|why| NoStrategy {
            why,
            other_side_has_one: symmetry_strategy(game, side.other()).is_ok(),
        })?,
    })
}

/// A move for people: `c3 (3,3)`, `Nc3 (3,3)`.
#[must_use]
pub fn describe_move(game: &PlacementGame, placement: PlacementMove) -> String {
    let (row, col) = placement.square.coordinates();
    format!("{} ({row},{col})", game.move_name(placement))
}

/// The computer's move in `request.game`, the position it leaves and that position's value.
///
/// # Errors
/// A game that is not one placement game, a finished game, no strategy of the kind asked for,
/// or a stop (nothing played).
pub fn play(request: &PlayRequest, watch: &Watch) -> Result<GameReport, RunError> {
    let Some(Summand::Placement { game, position }) = request.game.as_single() else {
        return Err(RunError::input(format!(
            "the computer plays the placement games (pieces on a board), not `{}`",
            request.game
        )));
    };
    let side = Player::to_move(game, position);
    let started = Instant::now();
    let budget = request.limits.memory / 2;
    let mut solver = PlacementSolver::new(game, budget);
    solver.set_observer(Box::new(watch.clone()));
    let (placement, name, known) = if request.opponent == Opponent::Perfect {
        perfect_reply(game, position, &mut solver, watch)?
    } else {
        let mut computer =
            opponent_strategy(game, request.opponent, side, request.seed, budget).map_err(
                |NoStrategy {
                     why,
                     other_side_has_one,
                 }| {
                    let hint = if other_side_has_one {
                        format!("the {} player has one", side.other())
                    } else {
                        "neither player has one here: try the perfect opponent".to_string()
                    };
                    RunError::input(format!(
                        "no symmetry strategy for the computer as {side} player in {} on {}: {why}; {hint}",
                        game.name(),
                        game.board()
                    ))
                },
            )?;
        let placement = computer
            .choose(position)
            .map_err(|error| strategy_error(game, position, side, error))?;
        (placement, computer.name(), None)
    };
    let after = game
        .play_move(position, placement)
        .map_err(|error| RunError::input(format!("the strategy chose an illegal move: {error}")))?;
    let nimber = match known {
        Some(nimber) => nimber,
        None => solver
            .nim_value_within(&after, watch.stop_flag())
            .ok_or_else(|| {
                RunError::Stopped(Stopped::Described(format!(
                    "the computer plays {}, but the nim-value after it was not finished",
                    describe_move(game, placement)
                )))
            })?,
    };
    let several = game.pieces().len() > 1;
    let to_move = super::player_to_move(game, &after);
    Ok(GameReport {
        board: Some(game.board().to_string()),
        surface: Some(game.rules().surface().to_string()),
        rays: Some(game.rules().rays().to_string()),
        legal_moves: Some(game.legal_placements(&after).len()),
        moves: Some(vec![Move::placement(
            placement.square,
            placement.piece,
            several,
            nimber,
        )]),
        played_by: Some(name),
        positions_searched: Some(solver.stats().positions),
        seconds: started.elapsed().as_secs_f64(),
        ..GameReport::of_value(
            Command::Play,
            game.name(),
            game.format_position(&after),
            nimber,
            to_move,
        )
    })
}

/// The error of a strategy that cannot move in `position`.
fn strategy_error(
    game: &PlacementGame,
    position: &PlacementPosition,
    side: Player,
    error: StrategyError,
) -> RunError {
    match error {
        StrategyError::NoLegalMove => RunError::input(format!(
            "no legal move in the position `{}`: the game is over, the {side} player to move has lost",
            game.format_position(position)
        )),
        error => RunError::input(error),
    }
}

/// The perfect player's reply in `position`, its strategy's name, and the nim-value after it
/// when known without a search. A stop ends the search with nothing played, saying how far it
/// came.
fn perfect_reply(
    game: &PlacementGame,
    position: &PlacementPosition,
    solver: &mut PlacementSolver,
    watch: &Watch,
) -> Result<(PlacementMove, String, Option<Nimber>), RunError> {
    let side = Player::to_move(game, position);
    if let Ok(mut strategy) = symmetry_strategy(game, side) {
        if let Ok(placement) = strategy.choose(position) {
            let name = format!("perfect play: {}", strategy.name());
            return Ok((placement, name, Some(Nimber::ZERO)));
        }
    }
    let moves = game.legal_placements(position);
    if moves.is_empty() {
        return Err(strategy_error(
            game,
            position,
            side,
            StrategyError::NoLegalMove,
        ));
    }
    let mut best: Option<(usize, PlacementMove)> = None;
    for (searched, &placement) in moves.iter().enumerate() {
        let after = game.play_move(position, placement).expect("a legal move");
        match solver.has_value_within(&after, Nimber::ZERO, watch.stop_flag(), u64::MAX) {
            Some(true) => return Ok((placement, "perfect play".to_string(), Some(Nimber::ZERO))),
            Some(false) => {}
            None => {
                return Err(RunError::Stopped(Stopped::Described(format!(
                    "no move played; {searched} of the {} moves were shown to lose, and the search of {} was not finished",
                    moves.len(),
                    describe_move(game, placement)
                ))))
            }
        }
        let replies = game.available(&after).len();
        if best.is_none_or(|(most, _)| replies > most) {
            best = Some((replies, placement));
        }
    }
    let (_, placement) = best.expect("a move exists");
    Ok((placement, "perfect play".to_string(), None))
}
