//! Normal play's answers to the value, the moves and the outcome of a game of any family, or
//! of a sum, which the normal-play evaluator gives the questions ([`super::questions`]): a
//! placement game is searched by first move on every thread; any other game alone is answered
//! by its family; a sum values each game once and takes the nim-sum.

use std::time::Instant;

use super::prepare::{prepare, LIST_LIMIT};
use super::{Limits, Resume, RunError, Stopped};
use crate::games::contract::FamilyGame;
use crate::games::contract::{valued_report, with_winning_move, AloneQuestion, NormalPlay};
use crate::games::first_move_search::{FirstMoveEnd, Goal, ResumableSearch};
use crate::games::game::Game;
use crate::games::sum::{GameSum, Summand};
use crate::report::{
    Command, FirstMoveSearch, GameReport, Move, MovesPart, Player, SearchCost, SummandReport,
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
    match single.resumable_search() {
        Some(search) => by_first_move(&search, Goal::NimValue, limits, resume, watch),
        None => alone(single, AloneQuestion::Value, limits, watch),
    }
}

/// The error of a first-move search that ended without its answer; a stopped one first tells
/// `watch` what it learnt, for the checkpoint.
fn first_moves_ended(end: FirstMoveEnd, watch: &Watch) -> RunError {
    if let FirstMoveEnd::Stopped(_, Some(learnt)) = &end {
        watch.send(&Event::Learnt(learnt.clone()));
    }
    RunError::from(end)
}

/// `question` on `single`, the one game asked about (its value when it has no first-move
/// search), as its family answers it alone (its heap game's sequence computed first); by its family's evaluator
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
            AloneQuestion::Outcome => evaluated_outcome(&prepared, limits.memory, watch),
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
    if let Some(seconds) = seconds {
        return super::moves_in_time::moves_in_time(game, all, memory, seconds, watch);
    }
    if game.is_sum() {
        return sum_moves(game, all, memory, watch);
    }
    let question = AloneQuestion::Moves { all };
    alone(&game.summands()[0], question, limits, watch)
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
    let Some(search) = game.as_single().and_then(Summand::resumable_search) else {
        // The player to move wins when the nim-value is not 0, so the value's answer is the
        // outcome's, with a winning move.
        let mut report = if game.is_sum() {
            sum_outcome(game, limits.memory, watch)?
        } else {
            alone(&game.summands()[0], AloneQuestion::Outcome, limits, watch)?
        };
        // The outcome's answer says who wins; the parts are the value's.
        report.parts = None;
        return Ok(report);
    };
    by_first_move(&search, Goal::Outcome, limits, resume, watch)
}

/// The value of a game its family's own evaluator answers ([`FamilyGame::normal_play`]), as
/// [`evaluated_value`] gives it, and when it is not 0 a winning move, found by the same
/// evaluator, which values the moves with the table that valued the game.
fn evaluated_outcome(
    summand: &Summand,
    memory: u64,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    let mut values = evaluator_of(summand, memory, watch)?;
    let started = Instant::now();
    let report = value_by(summand, values.as_mut(), watch)?;
    let winning = if report.nimber() == Some(0) {
        None
    } else {
        unless_stopped(watch, values.move_to_value(Nimber::ZERO))?
            .map(|notation| summand.named_move(notation, Nimber::ZERO))
    };
    Ok(GameReport {
        // The value's search and the winning move's.
        cost: SearchCost::positions(values.positions_searched()),
        seconds: started.elapsed().as_secs_f64(),
        ..with_winning_move(report, winning, None)
    })
}

/// The value of a sum and, when it is not 0, a winning move ([`GameSum::winning_move`]).
fn sum_outcome(game: &Game, memory: u64, watch: &Watch) -> Result<GameReport, RunError> {
    let mut sum = load_sum(game, memory, watch)?;
    let started = Instant::now();
    let nimber = unless_stopped(watch, sum.nim_value())?;
    let winning = unless_stopped(watch, sum.winning_move())?;
    let seconds = started.elapsed().as_secs_f64();
    let report = sum_report(Command::Outcome, game, &mut sum, nimber);
    Ok(GameReport {
        seconds,
        ..with_winning_move(report, winning.as_ref().map(Move::in_sum), None)
    })
}

/// The answer of a game's first-move search for `goal`, within `limits`, carrying on from
/// `resume`, told to the watch (with the values asked when it asks for the nim-value).
fn by_first_move(
    search: &ResumableSearch,
    goal: Goal,
    limits: &Limits,
    resume: &Resume,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    let mut observer = RootWatch::new(watch, goal == Goal::NimValue);
    let (threads, memory, keep_facts) = (limits.thread_count(), limits.memory, watch.keeps_facts());
    match goal {
        Goal::NimValue => search.value(threads, memory, resume, &mut observer, keep_facts),
        Goal::Outcome => search.outcome(threads, memory, resume, &mut observer, keep_facts),
    }
    .map_err(|end| first_moves_ended(end, watch))
}

/// The value of a game its family's own evaluator answers ([`FamilyGame::normal_play`]), such
/// as Cram's search, with the positions it searched and the strategy that settled it, if one
/// did.
fn evaluated_value(summand: &Summand, memory: u64, watch: &Watch) -> Result<GameReport, RunError> {
    let mut values = evaluator_of(summand, memory, watch)?;
    value_by(summand, values.as_mut(), watch)
}

/// The evaluator of `summand`'s family, with a table of `memory`, telling `watch`.
fn evaluator_of(
    summand: &Summand,
    memory: u64,
    watch: &Watch,
) -> Result<Box<dyn NormalPlay>, RunError> {
    let mut values = summand.normal_play(memory).map_err(RunError::input)?;
    values.set_observer(Box::new(watch.clone()));
    Ok(values)
}

/// The value of `summand` by `values`, its family's evaluator, as [`evaluated_value`] gives it.
fn value_by(
    summand: &Summand,
    values: &mut dyn NormalPlay,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    let started = Instant::now();
    let nimber = unless_stopped(watch, values.nim_value())?;
    let settled_by = values.settlement();
    // What the value cost, the parts' values (mostly the table's) left out.
    let cost = SearchCost::positions(values.positions_searched());
    // A value settled by a strategy was not searched, and neither were its parts.
    let parts = match settled_by {
        Some(_) => None,
        None => unless_stopped(watch, values.parts())?,
    };
    Ok(GameReport {
        cost,
        settled_by,
        parts,
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

/// The keys every sum's report has: the sum as written, each game in its position, as the
/// game and the position (each game's own position is in `summands` too), each game with its
/// value, the first player to move.
fn sum_report(command: Command, game: &Game, sum: &mut GameSum, nimber: Nimber) -> GameReport {
    let written = game.to_string();
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
pub(super) mod tests {
    use std::time::{Duration, Instant};

    use proptest::prelude::*;

    use super::*;
    use crate::report::PartReport;
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

    /// The value answer of `game` (with the edge list `graph` for a graph).
    fn value_of(game: &str, graph: Option<&str>) -> GameReport {
        let request: crate::request::ValueRequest =
            serde_json::from_value(serde_json::json!({ "game": game, "graph": graph }))
                .unwrap_or_else(|why| panic!("{game}: {why}"));
        crate::request::value(&request, &Watch::new()).unwrap()
    }

    /// The parts of a value answer, when it lists them: at least two, none sharing a square
    /// (vertex), their values' nim-sum the position's value.
    fn check_parts(report: &GameReport) -> Result<(), TestCaseError> {
        let parts = report.parts();
        if parts.is_empty() {
            return Ok(());
        }
        prop_assert!(parts.len() > 1, "{:?}", report);
        let names: Vec<&str> = parts
            .iter()
            .flat_map(|part| part.position().split(' '))
            .collect();
        let distinct: std::collections::HashSet<&str> = names.iter().copied().collect();
        prop_assert_eq!(names.len(), distinct.len(), "{:?}", report);
        let sum = parts
            .iter()
            .map(PartReport::nimber)
            .fold(Nimber::ZERO, |a, b| a + b);
        prop_assert_eq!(Some(sum.value()), report.nimber(), "{:?}", report);
        Ok(())
    }

    /// `game` after the moves `placed` picks (each an index into the moves left), as written:
    /// a random position of a small game, for the property tests of the questions.
    pub(in crate::request) fn after_moves(game: &str, placed: &[prop::sample::Index]) -> String {
        let game: Game = game.parse().unwrap();
        let mut single = game.as_single().unwrap().clone();
        for index in placed {
            let mut moves = single.moves_after();
            if moves.is_empty() {
                break;
            }
            single = moves.swap_remove(index.index(moves.len())).1;
        }
        single.written()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Placement games with pieces placed: the parts' values add up to the value.
        #[test]
        fn a_placement_position_s_parts_add_up_to_its_value(
            piece in prop::sample::select(vec!["knights", "bishops", "kings", "rooks", "bishops+knights"]),
            rows in 1_usize..5,
            cols in 1_usize..6,
            placed in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
        ) {
            let written = after_moves(&format!("{piece} {rows}x{cols}"), &placed);
            check_parts(&value_of(&written, None))?;
        }

        /// Cram with dominoes laid: the regions' values add up to the value, and each region
        /// is worth what it is worth alone (the board with its other squares covered).
        #[test]
        fn a_cram_position_s_regions_add_up_to_its_value(
            rows in 1_usize..5,
            cols in 1_usize..6,
            placed in prop::collection::vec(any::<prop::sample::Index>(), 0..5),
        ) {
            let written = after_moves(&format!("cram {rows}x{cols}"), &placed);
            let report = value_of(&written, None);
            check_parts(&report)?;
            for part in report.parts() {
                let free: Vec<&str> = part.position().split(' ').collect();
                let rows_text: Vec<String> = (1..=rows)
                    .map(|row| {
                        (0..cols)
                            .map(|col| {
                                let square = format!("{}{row}", char::from(b'a' + col as u8));
                                if free.contains(&square.as_str()) { '.' } else { '#' }
                            })
                            .collect()
                    })
                    .collect();
                let alone = value_of(&format!("cram {rows}x{cols} at {}", rows_text.join("/")), None);
                prop_assert_eq!(alone.nimber(), Some(part.nimber().value()), "{}: {:?}", written, part);
            }
        }

        /// Graphs of several components: the components' values add up to the value, and each
        /// is worth what it is worth alone.
        #[test]
        fn a_graph_s_components_add_up_to_its_value(
            vertices in 2_usize..10,
            edges in prop::collection::vec((0_usize..10, 0_usize..10), 0..12),
        ) {
            let edges: Vec<(usize, usize)> = edges
                .into_iter()
                .map(|(a, b)| (a % vertices, b % vertices))
                .filter(|(a, b)| a != b)
                .collect();
            // Every vertex named on a line of its own, so that lone vertices are in the graph.
            let text: String = (0..vertices)
                .map(|v| format!("v{v}\n"))
                .chain(edges.iter().map(|(a, b)| format!("v{a} v{b}\n")))
                .collect();
            let report = value_of("graph g", Some(&text));
            check_parts(&report)?;
            for part in report.parts() {
                let inside: Vec<&str> = part.position().split(' ').collect();
                let alone: String = inside
                    .iter()
                    .map(|v| format!("{v}\n"))
                    .chain(
                        edges
                            .iter()
                            .map(|(a, b)| (format!("v{a}"), format!("v{b}")))
                            .filter(|(a, b)| inside.contains(&a.as_str()) && inside.contains(&b.as_str()))
                            .map(|(a, b)| format!("{a} {b}\n")),
                    )
                    .collect();
                let worth = value_of("graph part", Some(&alone)).nimber();
                prop_assert_eq!(worth, Some(part.nimber().value()), "{}: {:?}", text, part);
            }
        }
    }

    #[test]
    fn a_position_in_parts_lists_them_and_one_part_does_not() {
        let bishops = value_of("bishops 3x3", None);
        let written: Vec<(&str, u32)> = bishops
            .parts()
            .iter()
            .map(|part| (part.position(), part.nimber().value()))
            .collect();
        assert_eq!(written, [("a1 c1 b2 a3 c3", 2), ("b1 a2 c2 b3", 0)]);
        assert!(value_of("knights 3x4", None).parts().is_empty());
        assert!(value_of("cram 3x5", None).parts().is_empty());
        assert!(value_of("kayles 3 4", None).parts().is_empty());
    }

    #[test]
    fn a_question_answered_before_the_flag_is_raised_keeps_its_answer() {
        let (answer, _) = stopped_soon(r#"{"question":"moves","game":"knights 4x4","all":true}"#);
        let Ok(crate::request::Answer::Game(report)) = answer else {
            panic!("{answer:?}")
        };
        assert_eq!(report.listed.moves.map(|moves| moves.len()), Some(16));
    }

    /// The report of the game question `json` asks.
    fn game_answer(json: &str) -> GameReport {
        let request: Request = serde_json::from_str(json).unwrap();
        match run(&request, &Watch::new()) {
            Ok(crate::request::Answer::Game(report)) => report,
            other => panic!("{json}: {other:?}"),
        }
    }

    /// `outcome` names a winning move for a game of every family without a first-move
    /// search, and for sums (where only a summand the nim-sum lowers is searched): one exactly
    /// when the value is not 0, and the game it leaves has value 0.
    #[test]
    fn the_outcome_of_every_family_and_of_a_sum_names_a_winning_move() {
        for game in [
            "kayles 3 4 5",
            "kayles 3 3",
            "corner-knight 7 9",
            "corner-queen 3 5",
            "cram 3x5",
            "cram 3x3",
            "cram 4x5 at ##.../...../...../.....",
            "kayles-2d 3x4 2x2",
            "*5",
            "knights 3x3 + *3",
            "knights 3x3 + *1",
            "kayles 3 + cram 2x3 + corner-knight 4 4",
            "cram 3x5 + cram 3x5 + *2",
            "0.07 9 + queens 3x3 + wythoff 2 7",
        ] {
            let asked = |question: &str, game: &str| {
                game_answer(&format!(r#"{{"question":"{question}","game":"{game}"}}"#))
            };
            let value = asked("value", game).nimber().unwrap();
            let outcome = asked("outcome", game);
            assert_eq!(outcome.nimber(), Some(value), "{game}");
            let winning = outcome.first_move_search.winning_move.as_ref();
            assert_eq!(winning.is_some(), value != 0, "{game}: {winning:?}");
            if let Some(winning) = winning {
                assert!(winning.wins(), "{game}: {winning:?}");
                let after = &winning.after.as_ref().unwrap().after;
                assert_eq!(asked("value", after).nimber(), Some(0), "{game}: {after}");
            }
        }
    }

    /// A list of moves longer than the most listed still counts every winning move and lists
    /// each of them (up to the most listed of the winning ones), with or without the others:
    /// a line of heaps as a sum of two games, whose lister is the sum's.
    #[test]
    fn a_long_list_of_every_move_still_counts_and_lists_every_winning_move() {
        for game in [
            "kayles 2000 7",
            "kayles 2000 + kayles 7",
            "kayles 2999 1000 3",
        ] {
            let asked = |all: bool| {
                game_answer(&format!(
                    r#"{{"question":"moves","game":"{game}","all":{all}}}"#
                ))
            };
            let (winning, every) = (asked(false), asked(true));
            let count = winning.listed.winning_moves.unwrap();
            assert!(count > 0, "{game}");
            assert_eq!(every.listed.winning_moves, Some(count), "{game}");
            let listed_winning = every.moves().iter().filter(|m| m.wins()).count();
            assert_eq!(listed_winning, count, "{game}");
            let legal = every.listed.legal_moves.unwrap();
            assert!(legal > LIST_LIMIT + count, "{game}: {legal}");
            assert_eq!(every.moves().len(), LIST_LIMIT + count, "{game}");
            assert_eq!(
                every.listed.moves_not_listed,
                Some(legal - LIST_LIMIT - count),
                "{game}"
            );
        }
    }
}
