//! The placement games' own computer: what `grundy play --reply` prints and the web page's
//! opponent plays. A known strategy answers first (mirror play, the centre then the half turn:
//! their moves win, leaving 0); otherwise each move is searched for a win until one wins or
//! every one is shown to lose (then the move leaving the most replies).
//!
//! A request may give the computer a thinking time. When it runs out first, the computer plays
//! what it knows: the winning move if one was found, otherwise among the moves not shown to
//! lose the one leaving the most replies, and the report says so; the value of the position
//! the move leaves, and perhaps who wins from there, are then left out.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::play_view::side_strategy;
use super::symmetry::strategy_taking_over;
use super::{
    board_part, describe_move, player_to_move, Placement, PlacementGame, PlacementMove,
    PlacementPosition, PlacementSolver, Player, Random, Strategy, StrategyError,
};
use crate::games::computer::{ComputerAsked, NoReply, NoStrategy, Opponent};
use crate::report::{Command, GameReport, Move, MovesPart, PlayPart, SearchCost};
use crate::solver::SearchObserver;
use crate::values::Nimber;
use crate::values::Outcome;

/// What the computer knows of the position its move leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum After {
    /// Its nim-value.
    Value(Nimber),
    /// That it is not 0 (the move was shown to lose), but not its value.
    NotZero,
    /// Nothing: the thinking time ran out before the move was searched to the end.
    Unknown,
}

/// The computer's move under normal play in `placed`, as `asked`: a symmetry strategy's, the
/// perfect player's or a random one, and with `value_after` the value of the position it
/// leaves as far as it is found before `stop` is raised (without, only what choosing the move
/// showed). `stop` is raised by the thinking time's end or by a stop of the caller, which
/// raises `stopped` too: that one plays nothing.
pub(crate) fn reply(
    placed: &Placement,
    asked: &ComputerAsked,
    stop: &Arc<AtomicBool>,
    stopped: &AtomicBool,
    observer: Box<dyn SearchObserver + Send>,
) -> Result<GameReport, NoReply> {
    let (game, position) = (&placed.game, &placed.position);
    let value_after = asked.value_after;
    let side = Player::to_move(game, position);
    let started = Instant::now();
    let budget = asked.memory / 2;
    let mut solver = PlacementSolver::new(game, budget);
    solver.set_observer(observer);
    let (placement, left, name, after) = (|| {
        let (placement, name, after) = match asked.opponent {
            Opponent::Perfect => {
                perfect_reply(game, position, &mut solver, stopped, stop, asked.seconds)?
            }
            Opponent::Symmetry => {
                let (placement, name) = symmetry_reply(placed, side)?;
                (placement, name, After::Unknown)
            }
            Opponent::Random => {
                let mut random = Random::new(game, asked.seed);
                let placement = random
                    .choose(position)
                    .map_err(|error| strategy_error(game, position, side, error))?;
                (placement, random.name(), After::Unknown)
            }
        };
        let left = game.play_move(position, placement).map_err(|error| {
            NoReply::refused(format!("the strategy chose an illegal move: {error}"))
        })?;
        if matches!(after, After::Value(_)) || !value_after {
            return Ok((placement, left, name, after));
        }
        if let Some(nimber) = solver.nim_value_within(&left, stop) {
            return Ok((placement, left, name, After::Value(nimber)));
        }
        if stopped.load(Ordering::Relaxed) {
            return Err(NoReply::Stopped(format!(
                "the computer plays {}, but the nim-value after it was not finished",
                describe_move(game, placement)
            )));
        }
        // The thinking time ran out (only a thinking time raises `stop` but not `stopped`).
        // A perfect player out of time before it chose has said so in its name.
        let seconds = asked.seconds.unwrap_or_default();
        let name = if asked.opponent == Opponent::Perfect && after == After::Unknown {
            name
        } else {
            format!("{name}; out of time: the nim-value after it not found in {seconds} s")
        };
        Ok((placement, left, name, after))
    })()?;
    let several = game.pieces().len() > 1;
    let to_move = player_to_move(game, &left);
    let (command, name_of_game, shown) = (Command::Play, game.name(), game.format_position(&left));
    let facts = match after {
        After::Value(nimber) => GameReport::of_value(command, name_of_game, shown, nimber, to_move),
        // The move loses: the opponent, to move, wins.
        After::NotZero => GameReport::new(command, name_of_game, shown, Outcome::N, to_move),
        After::Unknown => GameReport::unsettled(command, name_of_game, shown, to_move),
    };
    let moves = match after {
        After::Value(nimber) => Some(vec![Move::placement(
            placement.square,
            placement.piece,
            several,
            nimber,
        )]),
        After::NotZero | After::Unknown => None,
    };
    Ok(GameReport {
        family: board_part(game),
        play: Some(PlayPart {
            played_by: name,
            played: Some(game.move_name(placement)),
        }),
        listed: MovesPart {
            legal_moves: Some(game.legal_placements(&left).len()),
            moves,
            ..MovesPart::default()
        },
        cost: SearchCost::positions(solver.stats().positions),
        seconds: started.elapsed().as_secs_f64(),
        ..facts
    })
}

/// The symmetry strategy's move and name: `side`'s own strategy or, from a position set up
/// mid-game, the other player's if only that one moves there ([`strategy_taking_over`]). A
/// refusal says whether the player not to move has a strategy from this position on
/// ([`side_strategy`]), not from the empty board: a knight set down on a1 of 5x5 is no
/// centre, and the first player's strategy no longer holds.
fn symmetry_reply(placed: &Placement, side: Player) -> Result<(PlacementMove, String), NoReply> {
    let (game, position) = (&placed.game, &placed.position);
    let no_strategy = |why: StrategyError| {
        let refused = NoStrategy::for_side(
            side,
            format!("{} on {}", game.name(), game.board()),
            why,
            side_strategy(placed, crate::report::Player::Second).is_ok(),
        );
        NoReply::refused(refused.refusal(side.other(), "", ": try the perfect opponent"))
    };
    let (strategy, placement) = strategy_taking_over(game, side, no_strategy, |strategy| {
        strategy
            .choose(position)
            .map_err(|error| strategy_error(game, position, side, error))
    })?;
    Ok((placement, strategy.name()))
}

/// The error of a strategy that cannot move in `position`.
fn strategy_error(
    game: &PlacementGame,
    position: &PlacementPosition,
    side: Player,
    error: StrategyError,
) -> NoReply {
    match error {
        StrategyError::NoLegalMove => NoReply::refused(format!(
            "no legal move in the position `{}`: the game is over, the {side} player to move has lost",
            game.format_position(position)
        )),
        error => NoReply::refused(error),
    }
}

/// The perfect player's reply in `position`, its strategy's name, and what it knows of the
/// position after it. A stop of the caller (`stopped`) ends the search with nothing played,
/// saying how far it came; the end of the thinking time (`stop` raised, `stopped` not) plays
/// the best move found: a winning move, or among those not shown to lose the one leaving the
/// most replies.
fn perfect_reply(
    game: &PlacementGame,
    position: &PlacementPosition,
    solver: &mut PlacementSolver,
    stopped: &AtomicBool,
    stop: &Arc<AtomicBool>,
    seconds: Option<f64>,
) -> Result<(PlacementMove, String, After), NoReply> {
    let side = Player::to_move(game, position);
    if let Ok((strategy, placement)) = strategy_taking_over(
        game,
        side,
        |_| (),
        |strategy| strategy.choose(position).map_err(|_| ()),
    ) {
        let name = format!("perfect play: {}", strategy.name());
        return Ok((placement, name, After::Value(Nimber::ZERO)));
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
    let replies = |placement: PlacementMove| {
        let after = game.play_move(position, placement).expect("a legal move");
        game.available(&after).len()
    };
    // The move leaving the most replies (the first of those), of `candidates`.
    let most_replies = |candidates: &[PlacementMove]| {
        let mut best: Option<(usize, PlacementMove)> = None;
        for &placement in candidates {
            let count = replies(placement);
            if best.is_none_or(|(most, _)| count > most) {
                best = Some((count, placement));
            }
        }
        best.map(|(_, placement)| placement)
    };
    for (searched, &placement) in moves.iter().enumerate() {
        let after = game.play_move(position, placement).expect("a legal move");
        match solver.has_value_within(&after, Nimber::ZERO, stop, u64::MAX) {
            Some(true) => {
                return Ok((
                    placement,
                    "perfect play".to_string(),
                    After::Value(Nimber::ZERO),
                ))
            }
            Some(false) => {}
            None if stopped.load(Ordering::Relaxed) => {
                return Err(NoReply::Stopped(format!(
                    "no move played; {searched} of the {} moves were shown to lose, and the search of {} was not finished",
                    moves.len(),
                    describe_move(game, placement)
                )))
            }
            None => {
                // Out of thinking time: the moves from this one on are not shown to lose.
                let placement = most_replies(&moves[searched..]).expect("a move is left");
                let seconds = seconds.unwrap_or_default();
                let name = format!(
                    "perfect play, out of time: {searched} of {} moves shown to lose, no winning move found in {seconds} s; played the move leaving the most replies of those left",
                    moves.len()
                );
                return Ok((placement, name, After::Unknown));
            }
        }
    }
    let placement = most_replies(&moves).expect("a move exists");
    Ok((placement, "perfect play".to_string(), After::NotZero))
}
