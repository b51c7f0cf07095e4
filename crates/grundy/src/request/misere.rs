//! The value, moves and outcome of any game under misère play (the player who makes the last
//! move loses): a whole-position search ([`crate::misere::search`]) for who wins, each move
//! tried for a position the opponent loses, and Conway's genus when the position is small.

use std::time::Instant;

use super::game_questions::player_to_move;
use super::prepare::LIST_LIMIT;
use super::{Limits, RunError, Stopped};
use crate::games::game::{summand_name, summand_text};
use crate::games::heap::Kayles2d;
use crate::games::placement::PlacementMove;
use crate::games::sum::{GameSum, Summand};
use crate::misere::genus::genus;
use crate::misere::parts::{PartRules, Parts, TooLarge};
use crate::misere::search::MisereSearch;
use crate::misere::Convention;
use crate::report::{Command, GameReport, GenusReport, Move, Player};
use crate::watch::Watch;
use crate::{Game, Nimber, Outcome};

/// The most positions a genus may take to find, beyond the outcome's search: a genus is
/// reported only for positions small enough.
const GENUS_POSITIONS: u64 = 2_000_000;

/// A misère search of `game` within `limits`, under `watch`, and the parts of its position.
fn search_of(
    game: &Game,
    limits: &Limits,
    watch: &Watch,
) -> Result<(MisereSearch, Parts), RunError> {
    let (rules, parts) = PartRules::of_summands(game.summands()).map_err(too_large)?;
    let mut search = MisereSearch::new(rules, limits.memory);
    search.set_observer(Box::new(watch.clone()));
    Ok((search, parts))
}

fn too_large(error: TooLarge) -> RunError {
    RunError::input(error.0)
}

fn stopped<T>(answer: Option<T>) -> Result<T, RunError> {
    answer.ok_or(RunError::Stopped(Stopped::Nothing))
}

fn join<T: ToString>(items: &[T], separator: &str) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

/// The keys of a misère report of `game`: its name and position as the normal report writes
/// them, the family's details, and `"convention": "misere"`.
fn misere_report(command: Command, game: &Game, wins: bool) -> GameReport {
    let outcome = if wins { Outcome::N } else { Outcome::P };
    let report = match game.as_single() {
        Some(Summand::Placement { game, position }) => GameReport {
            board: Some(game.board().to_string()),
            surface: Some(game.rules().surface().to_string()),
            rays: Some(game.rules().rays().to_string()),
            ..GameReport::new(
                command,
                game.name(),
                game.format_position(position),
                outcome,
                player_to_move(game, position),
            )
        },
        Some(Summand::Graph { name, graph }) => GameReport {
            vertices: Some(graph.vertex_count()),
            edges: Some(graph.edge_count()),
            ..GameReport::new(
                command,
                "graph".to_string(),
                name.clone(),
                outcome,
                Player::First,
            )
        },
        Some(summand @ Summand::Heaps { game, heaps }) => GameReport {
            code: Some(game.rule().to_string()),
            ..GameReport::new(
                command,
                summand_name(summand),
                join(heaps, " "),
                outcome,
                Player::First,
            )
        },
        Some(summand @ Summand::Rectangles(boards)) => GameReport::new(
            command,
            summand_name(summand),
            join(boards, " "),
            outcome,
            Player::First,
        ),
        Some(summand @ Summand::Corner { m, n, .. }) => GameReport::new(
            command,
            summand_name(summand),
            format!("{m} {n}"),
            outcome,
            Player::First,
        ),
        _ => {
            let written = join(
                &game.summands().iter().map(summand_text).collect::<Vec<_>>(),
                " + ",
            );
            GameReport::new(command, written.clone(), written, outcome, Player::First)
        }
    };
    GameReport {
        convention: Some(Convention::Misere),
        ..report
    }
}

/// Who wins `game` under misère play, and its genus when small enough to find.
///
/// # Errors
/// A game too large for a misère search, or a stop.
pub fn value(game: &Game, limits: &Limits, watch: &Watch) -> Result<GameReport, RunError> {
    let started = Instant::now();
    let (mut search, parts) = search_of(game, limits, watch)?;
    let wins = stopped(search.wins(&parts))?;
    let searched = search.stats();
    search.set_position_limit(searched.positions + GENUS_POSITIONS);
    let genus = match genus(&mut search, &parts, Nimber::ZERO) {
        Some(found) => {
            let normal = normal_value(game, limits, watch)?;
            Some(GenusReport::from(&crate::misere::genus::Genus {
                normal: normal.value(),
                ..found
            }))
        }
        None if search.reached_position_limit() => None,
        None => return Err(RunError::Stopped(Stopped::Nothing)),
    };
    Ok(GameReport {
        genus,
        positions_searched: Some(searched.positions),
        table_hits: Some(searched.table_hits),
        seconds: started.elapsed().as_secs_f64(),
        ..misere_report(Command::Value, game, wins)
    })
}

/// The normal-play nim-value of `game`, the base of its genus (asked only of small games).
fn normal_value(game: &Game, limits: &Limits, watch: &Watch) -> Result<Nimber, RunError> {
    let summands = game
        .summands()
        .iter()
        .map(|summand| super::prepare::prepare(summand, watch))
        .collect::<Result<Vec<_>, _>>()?;
    let mut sum = GameSum::new(summands, limits.memory).map_err(RunError::input)?;
    sum.set_watch(watch.clone());
    let nimber = sum.nim_value();
    if watch.is_stopped() {
        return Err(RunError::Stopped(Stopped::Nothing));
    }
    Ok(nimber)
}

/// Each legal move of `game` as its report names it (with `summand` set in a sum), and the
/// game after it.
fn legal_moves(game: &Game) -> Vec<(Move, Game)> {
    let summands = game.summands();
    let in_sum = summands.len() > 1;
    let mut moves = Vec::new();
    for (index, summand) in summands.iter().enumerate() {
        for (named, after) in summand_moves(summand) {
            let mut after_summands = summands.to_vec();
            after_summands[index] = after;
            let named = if in_sum {
                Move {
                    summand: Some(index + 1),
                    ..named
                }
            } else {
                named
            };
            let after = Game::sum(after_summands).expect("a move keeps the sum's length");
            moves.push((named, after));
        }
    }
    moves
}

/// The moves of one game of any family, named as its normal-play report names them, with the
/// game after each. A move on one of several equal heaps or boards is listed once.
fn summand_moves(summand: &Summand) -> Vec<(Move, Summand)> {
    match summand {
        Summand::Placement { game, position } => {
            let several = game.pieces().len() > 1;
            game.legal_placements(position)
                .into_iter()
                .map(|placement: PlacementMove| {
                    let after = game
                        .play_move(position, placement)
                        .expect("legal moves can be played");
                    (
                        Move::placement(placement.square, placement.piece, several, Nimber::ZERO),
                        Summand::Placement {
                            game: game.clone(),
                            position: after,
                        },
                    )
                })
                .collect()
        }
        Summand::Heaps { game, heaps } => game
            .moves(heaps)
            .iter()
            .map(|heap_move| {
                let mut after = heaps.clone();
                after.remove(heap_move.index);
                after.extend_from_slice(&heap_move.to);
                (
                    Move::heap(heap_move),
                    Summand::Heaps {
                        game: game.clone(),
                        heaps: after,
                    },
                )
            })
            .collect(),
        Summand::Rectangles(boards) => Kayles2d
            .moves(boards)
            .iter()
            .map(|board_move| {
                let mut after = boards.clone();
                after.remove(board_move.index);
                after.extend_from_slice(&board_move.to);
                (Move::rectangle(board_move), Summand::Rectangles(after))
            })
            .collect(),
        Summand::Corner { game, m, n } => game
            .targets(*m, *n)
            .into_iter()
            .map(|(to_m, to_n)| {
                let step = crate::games::corner::CornerMove {
                    m: to_m,
                    n: to_n,
                    nimber: Nimber::ZERO,
                };
                (
                    Move::corner(*m, *n, &step),
                    Summand::Corner {
                        game: game.clone(),
                        m: to_m,
                        n: to_n,
                    },
                )
            })
            .collect(),
        Summand::Graph { name, graph } => (0..graph.vertex_count())
            .map(|vertex| {
                (
                    Move::vertex(graph.name(vertex), Nimber::ZERO),
                    Summand::Graph {
                        name: name.clone(),
                        graph: graph.after_taking(vertex),
                    },
                )
            })
            .collect(),
        Summand::Nimber(nimber) => (0..nimber.value())
            .map(|smaller| {
                (
                    Move::bare(format!("*{} -> *{smaller}", nimber.value()), Nimber::ZERO),
                    Summand::Nimber(Nimber::new(smaller)),
                )
            })
            .collect(),
    }
}

/// The legal moves of `game` under misère play, each with whether it wins (leaves a position
/// the opponent loses); `first_win_only` stops at the first winning move.
fn judged_moves(
    search: &mut MisereSearch,
    game: &Game,
    first_win_only: bool,
) -> Result<Vec<Move>, RunError> {
    let mut judged = Vec::new();
    for (named, after) in legal_moves(game) {
        let parts = search
            .rules_mut()
            .parts_of(after.summands())
            .map_err(too_large)?;
        let wins = !stopped(search.wins(&parts))?;
        judged.push(named.misere(wins));
        if wins && first_win_only {
            break;
        }
    }
    Ok(judged)
}

/// The winning moves of `game` under misère play, or with `all` every move and whether it wins.
///
/// # Errors
/// A game too large for a misère search, or a stop.
pub fn moves(
    game: &Game,
    all: bool,
    limits: &Limits,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    let started = Instant::now();
    let (mut search, _) = search_of(game, limits, watch)?;
    let judged = judged_moves(&mut search, game, false)?;
    let winning = judged.iter().filter(|m| m.winning).count();
    let shown: Vec<Move> = judged
        .iter()
        .filter(|m| all || m.winning)
        .cloned()
        .collect();
    let unlisted = shown.len().saturating_sub(LIST_LIMIT);
    let stats = search.stats();
    // No move at all is a win under misère play: the other player made the last move.
    let wins = winning > 0 || judged.is_empty();
    Ok(GameReport {
        legal_moves: Some(judged.len()),
        winning_moves: Some(winning),
        moves: Some(shown.into_iter().take(LIST_LIMIT).collect()),
        moves_not_listed: (unlisted > 0).then_some(unlisted),
        positions_searched: Some(stats.positions),
        table_hits: Some(stats.table_hits),
        seconds: started.elapsed().as_secs_f64(),
        ..misere_report(Command::Moves, game, wins)
    })
}

/// Who wins `game` under misère play, and one winning move when the player to move wins.
///
/// # Errors
/// A game too large for a misère search, or a stop.
pub fn outcome(game: &Game, limits: &Limits, watch: &Watch) -> Result<GameReport, RunError> {
    let started = Instant::now();
    let (mut search, parts) = search_of(game, limits, watch)?;
    let wins = stopped(search.wins(&parts))?;
    let winning_move = if wins {
        judged_moves(&mut search, game, true)?
            .into_iter()
            .find(|m| m.winning)
    } else {
        None
    };
    let stats = search.stats();
    Ok(GameReport {
        winning_move,
        first_moves: Some(legal_moves(game).len()),
        positions_searched: Some(stats.positions),
        table_hits: Some(stats.table_hits),
        seconds: started.elapsed().as_secs_f64(),
        ..misere_report(Command::Outcome, game, wins)
    })
}
