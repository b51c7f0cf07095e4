//! Normal play's answers to the value, the moves and the outcome of a game of any family, or
//! of a sum, which the normal-play evaluator gives the questions ([`super::questions`]): a
//! placement game is searched by first move on every thread; any other game alone is answered
//! by its family; a sum values each game once and takes the nim-sum.

use std::time::Instant;

use super::prepare::{prepare, LIST_LIMIT};
use super::{Limits, Resume, RunError, Stopped};
use crate::games::contract::FamilyGame;
use crate::games::contract::{valued_report, AloneQuestion};
use crate::games::game::Game;
use crate::games::placement::root_search::{
    Interrupted, RootOutcome, RootReport, RootSearch, RootValue, FACTS_KEPT,
};
use crate::games::placement::{
    MoveValue, Placement, PlacementGame, PlacementMove, PlacementPosition, PlacementSolver,
};
use crate::games::sum::{GameSum, Summand};
use crate::report::{
    Command, FirstMoveSearch, GameReport, Move, MovesPart, Player, SearchCost, SummandReport,
    ValuePart,
};
use crate::values::Nimber;
use crate::watch::{Event, RootWatch, Watch};

/// The nim-value and outcome of `game` under normal play.
pub(super) fn normal_value(
    game: &Game,
    limits: &Limits,
    resume: &Resume,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    if game.is_sum() {
        return sum_value(game, limits.memory, watch);
    }
    let single = &game.summands()[0];
    let Some(Placement { game, position }) = single.as_placement() else {
        return alone(single, AloneQuestion::Value, limits, watch);
    };
    let (answer, seconds) = first_move_search(
        game,
        position,
        limits,
        resume,
        watch,
        true,
        |root, observer| root.nim_value(observer),
    )?;
    Ok(placement_value_report(game, position, &answer, seconds))
}

/// `question` on `single`, the one game asked about and not a placement game, as its family
/// answers it alone (its heap game's sequence computed first); by its family's evaluator
/// ([`FamilyGame::normal_play`]) when the family has no answer of its own.
fn alone(
    single: &Summand,
    question: AloneQuestion,
    limits: &Limits,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    let prepared = prepare(single, watch)?;
    let started = Instant::now();
    match prepared.answer_alone(question, limits.memory, Box::new(watch.clone())) {
        Some(answer) => {
            let report = answer.map_err(RunError::input)?;
            unless_stopped(
                watch,
                GameReport {
                    seconds: started.elapsed().as_secs_f64(),
                    ..report
                },
            )
        }
        None => match question {
            AloneQuestion::Value => evaluated_value(&prepared, limits.memory, watch),
            AloneQuestion::Moves { all, .. } => {
                evaluated_moves(&prepared, all, limits.memory, watch)
            }
        },
    }
}

/// The winning moves of `game` under normal play, or with `all` every move and the value it
/// leads to.
pub(super) fn normal_moves(
    game: &Game,
    all: bool,
    limits: &Limits,
    seconds: Option<f64>,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    let memory = limits.memory;
    let placement = game.as_single().and_then(Summand::as_placement);
    if let Some(seconds) = seconds {
        let Some(Placement { game, position }) = placement else {
            return Err(RunError::input(format!(
                "seconds (moves within a time) is for one placement game under normal play (any game under misère play), not `{game}`"
            )));
        };
        return super::moves_in_time::placement_moves_in_time(
            game, position, all, memory, seconds, watch,
        );
    }
    if game.is_sum() {
        return sum_moves(game, all, memory, watch);
    }
    match placement {
        Some(Placement { game, position }) => placement_moves(game, position, all, memory, watch),
        None => {
            let question = AloneQuestion::Moves {
                all,
                limit: LIST_LIMIT,
            };
            alone(&game.summands()[0], question, limits, watch)
        }
    }
}

/// Who wins `game` under normal play: one placement game by an outcome search by first move,
/// any other game or a sum by its nim-value.
pub(super) fn normal_outcome(
    game: &Game,
    limits: &Limits,
    resume: &Resume,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    if let Some(single) = game.as_single() {
        // A strategy of the family that wins here (Cram's centre domino, then mirror play)
        // answers without search: the player to move wins by its move.
        let started = Instant::now();
        if let Some((notation, strategy)) = single.strategy_move() {
            return Ok(GameReport {
                first_move_search: FirstMoveSearch {
                    winning_move: Some(single.named_move(notation, Nimber::ZERO)),
                    first_moves: Some(single.moves_after().len()),
                    ..FirstMoveSearch::default()
                },
                settled_by: Some(strategy),
                cost: SearchCost::positions(0),
                seconds: started.elapsed().as_secs_f64(),
                ..single.report(Command::Outcome, crate::values::Outcome::N)
            });
        }
    }
    let Some(Placement { game, position }) = game.as_single().and_then(Summand::as_placement)
    else {
        // The player to move wins when the nim-value is not 0, so the value's answer is the
        // outcome's.
        let mut report = normal_value(game, limits, resume, watch)?;
        report.command = Command::Outcome;
        return Ok(report);
    };
    let (answer, seconds) = first_move_search(
        game,
        position,
        limits,
        resume,
        watch,
        false,
        |root, observer| root.outcome(observer),
    )?;
    Ok(placement_outcome_report(game, position, &answer, seconds))
}

/// Runs `search` (a nim-value or an outcome search by first move) of `position` within
/// `limits`, resuming from `resume`, under `watch` (`asks_values`: a nim-value search, whose
/// progress names the value it asks about): its answer and the seconds it took (the tables'
/// making left out, as docs/PERFORMANCE.md's figures are).
fn first_move_search<T>(
    game: &PlacementGame,
    position: &PlacementPosition,
    limits: &super::Limits,
    resume: &Resume,
    watch: &Watch,
    asks_values: bool,
    search: impl FnOnce(&mut RootSearch, &mut RootWatch) -> Result<T, Interrupted>,
) -> Result<(T, f64), RunError> {
    let mut root = RootSearch::new(game, position, limits.thread_count(), limits.memory);
    if !resume.records.is_empty() {
        root.resume(&resume.records)?;
    }
    if !resume.tries.is_empty() {
        root.resume_tries(&resume.tries)?;
    }
    if !resume.facts.is_empty() {
        root.learn(&resume.facts)?;
    }
    let started = Instant::now();
    let mut observer = RootWatch {
        watch,
        values: asks_values,
        facts_sent: Instant::now(),
    };
    let answer = search(&mut root, &mut observer).map_err(|Interrupted { report }| {
        if watch.keeps_facts() {
            watch.send(&Event::Learnt(root.costliest_facts(FACTS_KEPT)));
        }
        RunError::Stopped(Stopped::FirstMoves(report))
    })?;
    Ok((answer, started.elapsed().as_secs_f64()))
}

/// The keys of a placement game's report: board, surface, ray rule, position, who is to move.
pub(super) fn placement_report(
    command: Command,
    game: &PlacementGame,
    position: &PlacementPosition,
    nimber: Option<Nimber>,
    outcome: crate::values::Outcome,
) -> GameReport {
    let placement = Placement {
        game: game.clone(),
        position: *position,
    };
    GameReport {
        value: ValuePart::normal(nimber.map(Nimber::value)),
        ..placement.report(command, outcome)
    }
}

/// The report of a placement game's nim-value found by a first-move search (on this host's
/// threads or on the ranks of a cluster) in `seconds`.
#[must_use]
pub fn placement_value_report(
    game: &PlacementGame,
    position: &PlacementPosition,
    answer: &RootValue,
    seconds: f64,
) -> GameReport {
    let RootReport {
        groups,
        resumed,
        positions,
        stats,
        threads,
        ..
    } = answer.report;
    GameReport {
        first_move_search: FirstMoveSearch {
            first_moves_up_to_symmetry: Some(groups),
            resumed_from_checkpoint: Some(resumed),
            ..FirstMoveSearch::default()
        },
        cost: SearchCost {
            positions_searched: Some(positions),
            table_hits: Some(stats.table_hits),
            endgame_positions: Some(stats.endgame_positions),
            threads: Some(threads),
            ..SearchCost::default()
        },
        seconds,
        settled_by: answer.settled_by.clone(),
        ..placement_report(
            Command::Value,
            game,
            position,
            Some(answer.nimber),
            answer.nimber.outcome(),
        )
    }
}

/// The report of a placement game's outcome found by a first-move search in `seconds`.
#[must_use]
pub fn placement_outcome_report(
    game: &PlacementGame,
    position: &PlacementPosition,
    answer: &RootOutcome,
    seconds: f64,
) -> GameReport {
    let several = game.pieces().len() > 1;
    let as_move =
        |first: &PlacementMove| Move::placement(first.square, first.piece, several, Nimber::ZERO);
    let report = &answer.report;
    GameReport {
        first_move_search: FirstMoveSearch {
            winning_move: answer.winning_moves.first().map(as_move),
            symmetric_winning_moves: answer
                .winning_moves
                .split_first()
                .map(|(_, others)| others.iter().map(as_move).collect()),
            first_moves: Some(report.first_moves),
            first_moves_up_to_symmetry: Some(report.groups),
            first_moves_settled: Some(report.settled),
            resumed_from_checkpoint: Some(report.resumed),
        },
        cost: SearchCost {
            positions_searched: Some(report.positions),
            endgame_positions: Some(report.stats.endgame_positions),
            threads: Some(report.threads),
            ..SearchCost::default()
        },
        seconds,
        settled_by: answer.settled_by.clone(),
        ..placement_report(Command::Outcome, game, position, None, answer.outcome)
    }
}

fn placement_moves(
    game: &PlacementGame,
    position: &PlacementPosition,
    all: bool,
    memory: u64,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    let mut solver = PlacementSolver::new(game, memory);
    solver.set_observer(Box::new(watch.clone()));
    let started = Instant::now();
    // A second player's strategy (mirror play, the kings' answer in the same line) settles a
    // second-player win: nim-value 0 and no winning move, without
    // search (the solver consults the same check). With `all` each move's value is still
    // searched: the strategy proves only that every move leads to a non-zero value.
    let settled_by = solver
        .settlement(position)
        .filter(|settled| settled.outcome == crate::values::Outcome::P)
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
    let moves = unless_stopped(watch, moves)?;
    let seconds = started.elapsed().as_secs_f64();
    let stats = solver.stats();
    Ok(GameReport {
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
        ..placement_report(
            Command::Moves,
            game,
            position,
            Some(nimber),
            nimber.outcome(),
        )
    })
}

/// The value of a game its family's own evaluator answers ([`FamilyGame::normal_play`]), such
/// as Cram's search, with the positions it searched and the strategy that settled it, if one
/// did.
fn evaluated_value(summand: &Summand, memory: u64, watch: &Watch) -> Result<GameReport, RunError> {
    let mut values = summand.normal_play(memory).map_err(RunError::input)?;
    values.set_observer(Box::new(watch.clone()));
    let started = Instant::now();
    let nimber = unless_stopped(watch, values.nim_value())?;
    Ok(GameReport {
        cost: SearchCost::positions(values.positions_searched()),
        settled_by: values.settlement(),
        seconds: started.elapsed().as_secs_f64(),
        ..valued_report(summand, Command::Value, nimber)
    })
}

/// The moves of a game its family's own evaluator answers, counted in full and listed up to
/// [`LIST_LIMIT`], each valued by the search that valued the game.
fn evaluated_moves(
    summand: &Summand,
    all: bool,
    memory: u64,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    let mut one = GameSum::new(vec![summand.clone()], memory).map_err(RunError::input)?;
    one.set_observer(watch);
    let started = Instant::now();
    let nimber = one.nim_value();
    let moves = unless_stopped(watch, one.list_moves(all, LIST_LIMIT))?;
    let shown_total = if all { moves.legal } else { moves.winning };
    let unlisted = shown_total - moves.listed.len() as u64;
    Ok(GameReport {
        listed: MovesPart {
            moves_not_listed: (unlisted > 0).then_some(unlisted as usize),
            ..MovesPart::listed(
                moves.legal as usize,
                moves.winning as usize,
                moves
                    .listed
                    .iter()
                    .map(|listed| summand.named_move(listed.notation.clone(), listed.nimber))
                    .collect(),
            )
        },
        cost: SearchCost::positions(one.positions_searched()),
        settled_by: one.summand_settlements().pop().flatten(),
        seconds: started.elapsed().as_secs_f64(),
        ..valued_report(summand, Command::Moves, nimber)
    })
}

/// The summands made ready (heap sequences computed) and summed, with a table of `memory` for
/// each search.
pub(super) fn load_sum(game: &Game, memory: u64, watch: &Watch) -> Result<GameSum, RunError> {
    let summands = game
        .summands()
        .iter()
        .map(|summand| prepare(summand, watch))
        .collect::<Result<Vec<_>, _>>()?;
    let mut sum = GameSum::new(summands, memory).map_err(RunError::input)?;
    sum.set_observer(watch);
    Ok(sum)
}

/// A search under `watch` that saw its flag raised returns a meaningless answer: this refuses
/// it.
fn unless_stopped<T>(watch: &Watch, answer: T) -> Result<T, RunError> {
    if watch.is_stopped() {
        Err(RunError::Stopped(Stopped::Nothing))
    } else {
        Ok(answer)
    }
}

/// The keys every sum's report has: the sum as the game and the position (each game's own
/// position is in `summands`), each game with its value, the first player to move.
fn sum_report(command: Command, game: &Game, sum: &mut GameSum, nimber: Nimber) -> GameReport {
    let written = game.games_text();
    let values = sum.summand_values();
    let summands = game
        .summands()
        .iter()
        .zip(values)
        .zip(sum.summand_settlements())
        .map(|((summand, value), settled_by)| SummandReport {
            game: summand.text(),
            position: summand.position_text(),
            nimber: value.value(),
            settled_by,
        })
        .collect();
    GameReport {
        summands: Some(summands),
        cost: SearchCost::positions(sum.positions_searched()),
        ..GameReport::of_value(command, written.clone(), written, nimber, Player::First)
    }
}

fn sum_value(game: &Game, memory: u64, watch: &Watch) -> Result<GameReport, RunError> {
    let mut sum = load_sum(game, memory, watch)?;
    let started = Instant::now();
    let nimber = unless_stopped(watch, sum.nim_value())?;
    let seconds = started.elapsed().as_secs_f64();
    Ok(GameReport {
        seconds,
        ..sum_report(Command::Value, game, &mut sum, nimber)
    })
}

fn sum_moves(game: &Game, all: bool, memory: u64, watch: &Watch) -> Result<GameReport, RunError> {
    let mut sum = load_sum(game, memory, watch)?;
    let started = Instant::now();
    let nimber = sum.nim_value();
    let moves = unless_stopped(watch, sum.list_moves(all, LIST_LIMIT))?;
    let seconds = started.elapsed().as_secs_f64();
    let shown_total = if all { moves.legal } else { moves.winning };
    let unlisted = shown_total - moves.listed.len() as u64;
    Ok(GameReport {
        listed: MovesPart {
            moves_not_listed: (unlisted > 0).then_some(unlisted as usize),
            ..MovesPart::listed(
                moves.legal as usize,
                moves.winning as usize,
                moves.listed.iter().map(Move::in_sum).collect(),
            )
        },
        seconds,
        ..sum_report(Command::Moves, game, &mut sum, nimber)
    })
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::request::{run, Request};

    /// Runs `json` under a watch whose flag is raised after a tenth of a second.
    fn stopped_soon(json: &str) -> (Result<crate::request::Answer, RunError>, Duration) {
        let request: Request = serde_json::from_str(json).unwrap();
        let watch = Watch::new();
        let stopper = watch.clone();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stopper.stop();
        });
        let started = Instant::now();
        let answer = run(&request, &watch);
        raiser.join().unwrap();
        (answer, started.elapsed())
    }

    #[test]
    fn every_game_question_stops_when_the_flag_is_raised() {
        // Each takes minutes when let run: the 9x9 knights board is unsolved.
        for json in [
            r#"{"question":"moves","game":"knights 9x9"}"#,
            r#"{"question":"moves","game":"knights 9x9","all":true}"#,
            r#"{"question":"value","game":"knights 9x9 + *1"}"#,
            r#"{"question":"moves","game":"kayles 3 + knights 9x9"}"#,
            r#"{"question":"value","game":"knights 9x9"}"#,
            r#"{"question":"outcome","game":"queens 16x16"}"#,
        ] {
            let (answer, took) = stopped_soon(json);
            assert!(
                matches!(answer, Err(RunError::Stopped(_))),
                "{json}: {answer:?}"
            );
            assert!(took < Duration::from_secs(5), "{json}: {took:?}");
        }
    }

    #[test]
    fn a_question_answered_before_the_flag_is_raised_keeps_its_answer() {
        let (answer, _) = stopped_soon(r#"{"question":"moves","game":"knights 4x4","all":true}"#);
        let Ok(crate::request::Answer::Game(report)) = answer else {
            panic!("{answer:?}")
        };
        assert_eq!(report.listed.moves.map(|moves| moves.len()), Some(16));
    }
}
