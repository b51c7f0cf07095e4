//! The placement games' answers to `moves`: every move searched to the end, or as far as a
//! thinking time allows (`moves --seconds`).
//!
//! Within a thinking time: what
//! the web page asks before a student may click, so that a board too hard to solve in the
//! time is still played on. Each legal move is first searched for whether it wins (an outcome
//! search, cheaper than a value); with `all` the moves are then valued one by one, without it
//! the position itself is valued, as `moves` reports its value. When the time runs out the
//! answer says what was settled: a move's value, or only whether it wins, or nothing; the
//! position's value and outcome when what was settled decides them.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use super::{MoveValue, Placement, PlacementMove, PlacementSolver};
use crate::games::contract::FamilyGame;
use crate::report::{Command, GameReport, Move, MovesPart, SearchCost, Standing, ValuePart};
use crate::solver::SearchObserver;
use crate::values::mex;
use crate::values::Nimber;
use crate::values::Outcome;

/// What the time given settled of one move.
#[derive(Clone, Copy, Debug)]
struct Known {
    placement: PlacementMove,
    /// Whether it wins (leaves 0), when searched.
    winning: Option<bool>,
    /// The value it leads to, when searched.
    nimber: Option<Nimber>,
}

/// The winning moves of `placed`, or with `all` every move and the value it leads to, each
/// searched to the end on a table of `memory` bytes.
pub(crate) fn moves(
    placed: &Placement,
    all: bool,
    memory: u64,
    observer: Box<dyn SearchObserver + Send>,
) -> GameReport {
    let (game, position) = (&placed.game, &placed.position);
    let mut solver = PlacementSolver::new(game, memory);
    solver.set_observer(observer);
    let started = Instant::now();
    // A second player's strategy (mirror play, the kings' answer in the same line) settles a
    // second-player win: nim-value 0 and no winning move, without search (the solver consults
    // the same check). With `all` each move's value is still searched: the strategy proves
    // only that every move leads to a non-zero value.
    let settled_by = solver
        .settlement(position)
        .filter(|settled| settled.outcome == Outcome::P)
        .map(|settled| settled.strategy);
    let nimber = solver.nim_value(position);
    let legal_moves = game.legal_placements(position).len();
    let several = game.pieces().len() > 1;
    // Without `all` only the winning moves are needed, and outcome searches find them faster
    // than full nimbers of every move.
    let moves: Vec<MoveValue> = if all {
        solver.move_values(position)
    } else {
        solver
            .winning_placements(position)
            .into_iter()
            .map(|placement| MoveValue {
                square: placement.square,
                piece: placement.piece,
                nimber: Nimber::ZERO,
            })
            .collect()
    };
    let seconds = started.elapsed().as_secs_f64();
    let stats = solver.stats();
    GameReport {
        value: ValuePart::normal(Some(nimber.value())),
        listed: MovesPart::listed(
            legal_moves,
            moves.iter().filter(|m| m.nimber == Nimber::ZERO).count(),
            moves
                .iter()
                .map(|m| Move::placement(m.square, m.piece, several, m.nimber))
                .collect(),
        ),
        cost: SearchCost {
            positions_searched: Some(stats.positions),
            table_hits: Some(stats.table_hits),
            endgame_positions: Some(stats.endgame_positions),
            ..SearchCost::default()
        },
        seconds,
        settled_by,
        ..placed.report(Command::Moves, nimber.outcome())
    }
}

/// The winning moves of `placed`, or with `all` every move and the value it leads to, as far
/// as the search settles them before `stop` is raised (the thinking time's end, or the
/// caller's stop: the caller tells the two apart).
pub(crate) fn moves_within(
    placed: &Placement,
    all: bool,
    memory: u64,
    stop: &Arc<AtomicBool>,
    observer: Box<dyn SearchObserver + Send>,
) -> GameReport {
    let (game, position) = (&placed.game, &placed.position);
    let started = Instant::now();
    let mut solver = PlacementSolver::new(game, memory);
    solver.set_observer(observer);
    let settled_by = solver
        .settlement(position)
        .filter(|settled| settled.outcome == Outcome::P)
        .map(|settled| settled.strategy);
    let mut known: Vec<Known> = game
        .legal_placements(position)
        .into_iter()
        .map(|placement| {
            // A strategy that wins for the second player leaves no winning move; a move
            // after which one does (a8 answering a1 on 8x8 knights, by mirror play) wins
            // without search, as the searches without a thinking time find.
            let leaves_strategy = settled_by.is_none()
                && game.play_move(position, placement).is_ok_and(|after| {
                    solver
                        .settlement(&after)
                        .is_some_and(|settled| settled.outcome == Outcome::P)
                });
            Known {
                placement,
                winning: if leaves_strategy {
                    Some(true)
                } else {
                    settled_by.as_ref().map(|_| false)
                },
                nimber: leaves_strategy.then_some(Nimber::ZERO),
            }
        })
        .collect();
    // Without `all` the position's own value is searched last, as `moves` reports it.
    let searched_value = (|| {
        let after = |placement| game.play_move(position, placement).expect("a legal move");
        for move_known in known.iter_mut().filter(|m| m.winning.is_none()) {
            let wins = solver.has_value_within(
                &after(move_known.placement),
                Nimber::ZERO,
                stop,
                u64::MAX,
            )?;
            move_known.winning = Some(wins);
            if wins {
                move_known.nimber = Some(Nimber::ZERO);
            }
        }
        if !all {
            return solver.nim_value_within(position, stop);
        }
        for move_known in known.iter_mut().filter(|m| m.nimber.is_none()) {
            let nimber = solver.nim_value_within(&after(move_known.placement), stop)?;
            move_known.nimber = Some(nimber);
            move_known.winning = Some(nimber == Nimber::ZERO);
        }
        None
    })();
    let nimber = if known.iter().all(|m| m.nimber.is_some()) {
        Some(mex(known.iter().filter_map(|m| m.nimber)))
    } else if known.iter().all(|m| m.winning == Some(false)) {
        Some(Nimber::ZERO)
    } else {
        searched_value
    };
    let outcome = match nimber {
        Some(nimber) => Some(nimber.outcome()),
        None if known.iter().any(|m| m.winning == Some(true)) => Some(Outcome::N),
        None => None,
    };
    let unsettled = known
        .iter()
        .filter(|m| {
            if all {
                m.nimber.is_none()
            } else {
                m.winning.is_none()
            }
        })
        .count();
    let several = game.pieces().len() > 1;
    let moves: Vec<Move> = known
        .iter()
        .filter(|m| all || m.winning == Some(true))
        .map(|m| {
            let shown = Move::placement(
                m.placement.square,
                m.placement.piece,
                several,
                m.nimber.unwrap_or(Nimber::ZERO),
            );
            if m.nimber.is_some() {
                shown
            } else {
                shown.partly_known(m.winning)
            }
        })
        .collect();
    let stats = solver.stats();
    let facts = placed.report(Command::Moves, outcome.unwrap_or(Outcome::N));
    let winning = known.iter().filter(|m| m.winning == Some(true)).count();
    GameReport {
        value: ValuePart::normal(nimber.map(Nimber::value)),
        standing: Standing {
            outcome,
            ..facts.standing
        },
        listed: MovesPart {
            moves_unsettled: Some(unsettled),
            ..MovesPart::listed(known.len(), winning, moves)
        },
        cost: SearchCost {
            positions_searched: Some(stats.positions),
            table_hits: Some(stats.table_hits),
            endgame_positions: Some(stats.endgame_positions),
            ..SearchCost::default()
        },
        seconds: started.elapsed().as_secs_f64(),
        settled_by,
        ..facts
    }
}
