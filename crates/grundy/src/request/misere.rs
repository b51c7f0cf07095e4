//! The value, moves and outcome of any game under misère play (the player who makes the last
//! move loses): a whole-position search ([`crate::misere::search`]) for who wins, each move
//! tried for a position the opponent loses, and Conway's genus when the position is small.

use crate::games::corner::CornerPiece;
use crate::games::placement::Placement;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::play_request::{Opponent, PlayRequest};
use super::prepare::LIST_LIMIT;
use super::{Limits, RunError, Stopped, TableGame};
use crate::board::Surface;
use crate::games::contract::{FamilyGame, NimHeap};
use crate::games::parts::{Part, PartKey, Parts, TooLarge, MAX_MISERE_SQUARES};
use crate::games::placement::{PlacementGame, PlacementMove, PlacementPosition};
use crate::games::sum::{GameSum, Summand};
use crate::misere::genus::genus;
use crate::misere::nim::{self, NimPosition};
use crate::misere::parallel::judge;
use crate::misere::parts::PartRules;
use crate::misere::search::MisereSearch;
use crate::misere::Convention;
use crate::report::{Command, GameReport, GenusReport, Move, Player, TableReport, SCHEMA_VERSION};
use crate::solver::SearchObserver;
use crate::watch::{Event, Watch};
use crate::{BoardSize, Game, Nimber, Outcome};

/// The most positions a genus may take to find, beyond the outcome's search: a genus is
/// reported only for positions small enough.
const GENUS_POSITIONS: u64 = 250_000;

/// The threads of a misère search: one unless the request asks for more. Each thread has its
/// own table (they share nothing), so a second thread repeats much of the first one's work and
/// is slower on the boards measured (docs/PERFORMANCE.md, "Misère play").
fn misere_threads(limits: &Limits) -> usize {
    limits.threads.unwrap_or(1)
}

fn too_large(error: TooLarge) -> RunError {
    RunError::input(error.0)
}

/// The keys of a misère report of `game`: its name and position as the normal report writes
/// them, the family's details, and `"convention": "misere"`.
fn misere_report(command: Command, game: &Game, wins: bool) -> GameReport {
    let outcome = if wins { Outcome::N } else { Outcome::P };
    let report = match game.as_single() {
        Some(single) => single.report(command, outcome),
        None => {
            let written = game.games_text();
            GameReport::new(command, written.clone(), written, outcome, Player::First)
        }
    };
    GameReport {
        convention: Some(Convention::Misere),
        ..report
    }
}

/// For a single game whose family has a theory of misère play (a heap game's misère
/// quotient): its moves judged by the theory, and a line naming it, without search. `None`
/// for other games, or when the theory does not reach the game; the search answers then.
fn by_theory(game: &Game, watch: &Watch) -> Result<Option<(Vec<Move>, String)>, RunError> {
    let Some(single) = game.as_single() else {
        return Ok(None);
    };
    single
        .misere_moves_by_theory(watch.stop_flag())
        .map_err(|_| RunError::Stopped(Stopped::Nothing))
}

/// What names the closed form of misère Nim in a report's `settled_by`.
const NIM_RULE: &str =
    "misère Nim's closed form (Bouton's rule; the genus by Conway's), without search";

/// One heap of a game of misère Nim that a move is made on, with its summand (from 0).
struct MovedHeap {
    summand: usize,
    heap: NimHeap,
}

/// A game every summand of which is Nim heaps: nimbers (`*1500`) and heaps of Nim (`nim 3 4
/// 5`, `0.3...`), as their families say ([`FamilyGame::nim_heaps`]). Misère Nim has a closed
/// form ([`crate::misere::nim`]), so the game is answered at once whatever its heaps, where
/// the search goes a token a move to at most 2,000 moves and took 45 s for the genus of
/// `*1500`.
struct NimGame {
    heaps: Vec<u32>,
    position: NimPosition,
    /// The heaps moved on, in the order the moves are listed: a heap game's equal heaps are
    /// moved on once, at the first (as its moves are listed under normal play).
    moved: Vec<MovedHeap>,
    in_sum: bool,
}

impl NimGame {
    /// `game` as Nim heaps, or `None` when some summand is no Nim heap.
    fn of(game: &Game) -> Option<NimGame> {
        let mut heaps = Vec::new();
        let mut moved = Vec::new();
        for (summand, part) in game.summands().iter().enumerate() {
            for heap in part.nim_heaps()? {
                heaps.push(heap.size);
                if heap.moved_on {
                    moved.push(MovedHeap { summand, heap });
                }
            }
        }
        Some(NimGame {
            position: NimPosition::new(&heaps),
            heaps,
            moved,
            in_sum: game.summands().len() > 1,
        })
    }

    /// The move leaving `moved` at `to` tokens, named as the search names it, with whether it
    /// wins.
    fn named(&self, moved: &MovedHeap, to: u32) -> Move {
        let heap = &moved.heap;
        Move {
            summand: self.in_sum.then_some(moved.summand + 1),
            ..(heap.name)(heap, to).misere(!self.position.after(heap.size, to).wins())
        }
    }

    /// The sizes a move leaves `heap` at, in the order its game lists the moves.
    fn targets(heap: &NimHeap) -> Box<dyn Iterator<Item = u32>> {
        if heap.most_left_first {
            Box::new((0..heap.size).rev())
        } else {
            Box::new(0..heap.size)
        }
    }

    /// How many moves there are.
    fn legal_moves(&self) -> usize {
        self.moved
            .iter()
            .map(|moved| moved.heap.size as usize)
            .sum()
    }

    /// The first `most` moves, in the order they are listed.
    fn first_moves(&self, most: usize) -> Vec<Move> {
        self.moved
            .iter()
            .flat_map(|moved| Self::targets(&moved.heap).map(move |to| (moved, to)))
            .take(most)
            .map(|(moved, to)| self.named(moved, to))
            .collect()
    }

    /// The winning moves (at most one a heap), in the order they are listed.
    fn winning_moves(&self) -> Vec<Move> {
        self.moved
            .iter()
            .flat_map(|moved| {
                let mut targets = self.position.winning_targets(moved.heap.size);
                if moved.heap.most_left_first {
                    targets.reverse();
                }
                targets.into_iter().map(move |to| self.named(moved, to))
            })
            .collect()
    }

    /// The report of `command` with who wins, and `settled_by` naming the closed form.
    fn report(&self, command: Command, game: &Game, started: Instant) -> GameReport {
        GameReport {
            settled_by: Some(NIM_RULE.to_string()),
            positions_searched: Some(0),
            seconds: started.elapsed().as_secs_f64(),
            ..misere_report(command, game, self.position.wins())
        }
    }
}

/// Who wins `game` under misère play, and its genus when small enough to find.
///
/// # Errors
/// A game too large for a misère search, or a stop.
pub fn value(game: &Game, limits: &Limits, watch: &Watch) -> Result<GameReport, RunError> {
    let started = Instant::now();
    if let Some(nim) = NimGame::of(game) {
        return Ok(GameReport {
            genus: Some(GenusReport::from(&nim::genus(&nim.heaps))),
            ..nim.report(Command::Value, game, started)
        });
    }
    // One heap game is answered by its quotient, whatever its heaps' sizes; its genus is still
    // searched, when the heaps are small enough for a search.
    if let Some((judged, name)) = by_theory(game, watch)? {
        let wins = judged.is_empty() || judged.iter().any(|m| m.wins());
        let genus = match PartRules::of_summands(game.summands()) {
            Ok((rules, parts)) => small_genus(game, rules, &parts, limits, watch)?,
            Err(_) => None,
        };
        return Ok(GameReport {
            genus,
            settled_by: Some(name),
            positions_searched: Some(0),
            seconds: started.elapsed().as_secs_f64(),
            ..misere_report(Command::Value, game, wins)
        });
    }
    let (mut rules, parts) = PartRules::of_summands(game.summands()).map_err(too_large)?;
    let moves = root_moves(&mut rules, game).map_err(too_large)?;
    let (judged, stats) = judge_moves(&rules, &moves, true, limits, None, watch)?;
    let wins = moves.is_empty() || judged.iter().any(|m| m.wins());
    let genus = small_genus(game, rules, &parts, limits, watch)?;
    Ok(GameReport {
        genus,
        positions_searched: Some(stats.positions),
        table_hits: Some(stats.table_hits),
        threads: Some(misere_threads(limits)),
        seconds: started.elapsed().as_secs_f64(),
        ..misere_report(Command::Value, game, wins)
    })
}

/// The genus of `game` (the position `parts` of `rules`) when its searches fit in
/// [`GENUS_POSITIONS`]; `None` when they do not.
fn small_genus(
    game: &Game,
    rules: PartRules,
    parts: &Parts,
    limits: &Limits,
    watch: &Watch,
) -> Result<Option<GenusReport>, RunError> {
    let mut search = MisereSearch::new(rules, limits.memory);
    search.set_observer(Box::new(watch.clone()));
    search.set_position_limit(GENUS_POSITIONS);
    match genus(&mut search, parts, Nimber::ZERO) {
        Some(found) => {
            let normal = normal_value(game, limits, watch)?;
            Ok(Some(GenusReport::from(&crate::misere::genus::Genus {
                normal: normal.value(),
                ..found
            })))
        }
        None if search.reached_position_limit() => Ok(None),
        None => Err(RunError::Stopped(Stopped::Nothing)),
    }
}

/// The normal-play nim-value of `game`, the base of its genus (asked only of small games).
fn normal_value(game: &Game, limits: &Limits, watch: &Watch) -> Result<Nimber, RunError> {
    let summands = game
        .summands()
        .iter()
        .map(|summand| super::prepare::prepare(summand, watch))
        .collect::<Result<Vec<_>, _>>()?;
    let mut sum = GameSum::new(summands, limits.memory).map_err(RunError::input)?;
    sum.set_observer(watch);
    let nimber = sum.nim_value();
    if watch.is_stopped() {
        return Err(RunError::Stopped(Stopped::Nothing));
    }
    Ok(nimber)
}

/// Each legal move of `game` (whose parts are made in `rules`) as its report names it
/// (with `summand` set in a sum), and the position it leads to: the parts of the other
/// summands and those the move leaves of its own.
fn root_moves(rules: &mut PartRules, game: &Game) -> Result<Vec<(Move, Parts)>, TooLarge> {
    let summands = game.summands();
    let in_sum = summands.len() > 1;
    let mut moves = Vec::new();
    for (index, summand) in summands.iter().enumerate() {
        let mut others = summands.to_vec();
        others.remove(index);
        let rest = rules.parts_of(&others)?;
        let family = rules.add_game(summand, &mut Vec::new())?;
        for (named, left) in summand.misere_moves()? {
            let mut after = rest.clone();
            rules.add_states(family, &left, &mut after);
            rules.keep_parts_with_moves(&mut after);
            moves.push((
                Move {
                    summand: in_sum.then_some(index + 1),
                    ..named
                },
                after,
            ));
        }
    }
    Ok(moves)
}

/// Judges `moves` under misère play on the request's threads: each move's report with whether
/// it wins (leaves a position the opponent loses); with `first_win_only`, only until a winning
/// move is found (the moves not judged then are left out). Moves to the same position are
/// searched once.
fn judge_moves(
    rules: &PartRules,
    moves: &[(Move, Parts)],
    first_win_only: bool,
    limits: &Limits,
    seconds: Option<f64>,
    watch: &Watch,
) -> Result<(Vec<Move>, crate::solver::SearchStats), RunError> {
    let mut distinct: Vec<Parts> = Vec::new();
    let mut index_of: HashMap<Vec<PartKey>, usize> = HashMap::new();
    let positions: Vec<usize> = moves
        .iter()
        .map(|(_, after)| {
            let key: Vec<PartKey> = after.iter().map(Part::key).collect();
            *index_of.entry(key).or_insert_with(|| {
                distinct.push(after.clone());
                distinct.len() - 1
            })
        })
        .collect();
    let (judged, out_of_time) = super::thinking_time::within(seconds, watch, |stop| {
        let mut observer = Thinking {
            watch: watch.clone(),
            stop: Arc::clone(stop),
        };
        let judged = judge(
            rules,
            &distinct,
            misere_threads(limits),
            limits.memory,
            first_win_only,
            &mut observer,
        );
        (judged, seconds.is_some() && stop.load(Ordering::Relaxed))
    });
    // Out of thinking time the moves judged are kept; a stop of the watch, or a thread the
    // system would not start, keeps nothing.
    if watch.is_stopped() || (judged.stopped && !out_of_time) {
        return Err(RunError::Stopped(Stopped::Nothing));
    }
    let reports = moves
        .iter()
        .zip(positions)
        .filter(|&(_, position)| !first_win_only || judged.loses[position].is_some())
        .map(|((named, _), position)| named.clone().partly_known(judged.loses[position]))
        .collect();
    Ok((reports, judged.stats))
}

/// The winning moves of `game` under misère play, or with `all` every move and whether it wins.
/// With a thinking time (`seconds`) the moves not judged when it runs out are listed (with
/// `all`) without `winning`, and who wins is left out unless what was judged decides it.
///
/// # Errors
/// A game too large for a misère search, or a stop of the watch.
pub fn moves(
    game: &Game,
    all: bool,
    limits: &Limits,
    seconds: Option<f64>,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    let started = Instant::now();
    if let Some(nim) = NimGame::of(game) {
        let winning = nim.winning_moves();
        let legal = nim.legal_moves();
        let (shown, listable) = if all {
            (nim.first_moves(LIST_LIMIT), legal)
        } else {
            (
                winning.iter().take(LIST_LIMIT).cloned().collect(),
                winning.len(),
            )
        };
        let unlisted = listable.saturating_sub(LIST_LIMIT);
        return Ok(GameReport {
            legal_moves: Some(legal),
            winning_moves: Some(winning.len()),
            moves: Some(shown),
            moves_not_listed: (unlisted > 0).then_some(unlisted),
            moves_unsettled: seconds.map(|_| 0),
            table_hits: Some(0),
            threads: Some(1),
            ..nim.report(Command::Moves, game, started)
        });
    }
    let (judged, stats, settled_by) = match by_theory(game, watch)? {
        Some((judged, name)) => (judged, crate::solver::SearchStats::default(), Some(name)),
        None => {
            let (mut rules, _) = PartRules::of_summands(game.summands()).map_err(too_large)?;
            let moves = root_moves(&mut rules, game).map_err(too_large)?;
            let (judged, stats) = judge_moves(&rules, &moves, false, limits, seconds, watch)?;
            (judged, stats, None)
        }
    };
    let winning = judged.iter().filter(|m| m.wins()).count();
    let unsettled = judged.iter().filter(|m| m.winning.is_none()).count();
    let shown: Vec<Move> = judged.iter().filter(|m| all || m.wins()).cloned().collect();
    let unlisted = shown.len().saturating_sub(LIST_LIMIT);
    // No move at all is a win under misère play: the other player made the last move. Out of
    // thinking time, who wins is known when a winning move was found or every move judged.
    let wins = winning > 0 || judged.is_empty();
    let report = misere_report(Command::Moves, game, wins);
    let (outcome, winner) = if wins || unsettled == 0 {
        (report.outcome, report.winner)
    } else {
        (None, None)
    };
    Ok(GameReport {
        outcome,
        winner,
        legal_moves: Some(judged.len()),
        winning_moves: Some(winning),
        moves: Some(shown.into_iter().take(LIST_LIMIT).collect()),
        moves_not_listed: (unlisted > 0).then_some(unlisted),
        moves_unsettled: seconds.map(|_| unsettled),
        positions_searched: Some(stats.positions),
        table_hits: Some(stats.table_hits),
        threads: Some(misere_threads(limits)),
        settled_by,
        seconds: started.elapsed().as_secs_f64(),
        ..report
    })
}

/// Who wins `game` under misère play, and one winning move when the player to move wins.
///
/// # Errors
/// A game too large for a misère search, or a stop.
pub fn outcome(game: &Game, limits: &Limits, watch: &Watch) -> Result<GameReport, RunError> {
    let started = Instant::now();
    if let Some(nim) = NimGame::of(game) {
        return Ok(GameReport {
            winning_move: nim.winning_moves().into_iter().next(),
            first_moves: Some(nim.legal_moves()),
            ..nim.report(Command::Outcome, game, started)
        });
    }
    if let Some((judged, name)) = by_theory(game, watch)? {
        let first_moves = judged.len();
        let winning_move = judged.into_iter().find(|m| m.wins());
        let wins = first_moves == 0 || winning_move.is_some();
        return Ok(GameReport {
            winning_move,
            first_moves: Some(first_moves),
            settled_by: Some(name),
            seconds: started.elapsed().as_secs_f64(),
            positions_searched: Some(0),
            ..misere_report(Command::Outcome, game, wins)
        });
    }
    let (mut rules, _) = PartRules::of_summands(game.summands()).map_err(too_large)?;
    let moves = root_moves(&mut rules, game).map_err(too_large)?;
    let (judged, stats) = judge_moves(&rules, &moves, true, limits, None, watch)?;
    let winning_move = judged.into_iter().find(|m| m.wins());
    let wins = moves.is_empty() || winning_move.is_some();
    Ok(GameReport {
        winning_move,
        first_moves: Some(moves.len()),
        positions_searched: Some(stats.positions),
        table_hits: Some(stats.table_hits),
        threads: Some(misere_threads(limits)),
        seconds: started.elapsed().as_secs_f64(),
        ..misere_report(Command::Outcome, game, wins)
    })
}

/// Tells the watch of progress, and stops on a flag of its own: the watch's, or the thinking
/// time's.
struct Thinking {
    watch: Watch,
    stop: Arc<AtomicBool>,
}

impl SearchObserver for Thinking {
    fn progress(&mut self, stats: &crate::solver::SearchStats) {
        self.watch.progress(stats);
    }

    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        Some(Arc::clone(&self.stop))
    }
}

/// The computer's move under misère play in `position` of `game`, the placement game of
/// `request`: the perfect player's winning move (or, when every move loses, the one leaving the
/// most replies; out of thinking time, the best it has), or a random one. No symmetry strategy
/// survives misère play (docs/MISERE.md).
///
/// # Errors
/// A finished game, the symmetry opponent, or a stop of the watch (nothing played).
pub fn play(
    request: &PlayRequest,
    game: &PlacementGame,
    position: &PlacementPosition,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    if request.opponent == Opponent::Symmetry {
        return Err(RunError::input(
            "no symmetry strategy under misère play: mirror play makes the last move, which loses (docs/MISERE.md); try the perfect or the random opponent",
        ));
    }
    let started = Instant::now();
    let whole = Game::single(Summand::Placement(Placement {
        game: game.clone(),
        position: *position,
    }));
    let (mut rules, _) = PartRules::of_summands(whole.summands()).map_err(too_large)?;
    let moves = root_moves(&mut rules, &whole).map_err(too_large)?;
    let placements = game.legal_placements(position);
    if moves.is_empty() {
        return Err(RunError::input(format!(
            "no legal move in the position `{}`: the game is over, and under misère play the player to move has won",
            game.format_position(position)
        )));
    }
    let replies = |placement: PlacementMove| {
        let after = game.play_move(position, placement).expect("a legal move");
        game.available(&after).len()
    };
    let (chosen, name, loses, stats) = super::thinking_time::within(
        request.seconds,
        watch,
        |stop| -> Result<_, RunError> {
            let mut thinking = Thinking {
                watch: watch.clone(),
                stop: Arc::clone(stop),
            };
            let (chosen, name, positions) = if request.opponent == Opponent::Random {
                let chosen = random_choice(game, position, request.seed);
                (chosen, "random".to_string(), vec![moves[chosen].1.clone()])
            } else {
                (
                    usize::MAX,
                    String::new(),
                    moves.iter().map(|(_, after)| after.clone()).collect(),
                )
            };
            let first_loss_only = request.opponent == Opponent::Perfect;
            let judged = judge(
                &rules,
                &positions,
                misere_threads(&request.limits),
                request.limits.memory,
                first_loss_only,
                &mut thinking,
            );
            if watch.is_stopped() {
                return Err(RunError::Stopped(Stopped::Nothing));
            }
            if request.opponent == Opponent::Random {
                return Ok((chosen, name, judged.loses[0], judged.stats));
            }
            if let Some(winning) = judged.loses.iter().position(|&loses| loses == Some(true)) {
                return Ok((
                    winning,
                    "perfect play".to_string(),
                    Some(true),
                    judged.stats,
                ));
            }
            // No move known to win: the one leaving the most replies, among those not shown
            // to lose.
            let candidates: Vec<usize> = (0..moves.len())
                .filter(|&index| judged.loses[index] != Some(false))
                .collect();
            let pool = if candidates.is_empty() {
                (0..moves.len()).collect()
            } else {
                candidates
            };
            let best = *pool
                .iter()
                .max_by_key(|&&index| (replies(placements[index]), std::cmp::Reverse(index)))
                .expect("a move exists");
            let name = if judged.stopped {
                let shown = judged.loses.iter().filter(|&&l| l == Some(false)).count();
                format!(
                    "perfect play, out of time: {shown} of {} moves shown to lose, no winning move found in {} s",
                    moves.len(),
                    request.seconds.unwrap_or_default()
                )
            } else {
                "perfect play (every move loses)".to_string()
            };
            Ok((best, name, judged.loses[best], judged.stats))
        },
    )?;
    let placement = placements[chosen];
    let left = game
        .play_move(position, placement)
        .expect("a legal move can be played");
    let to_move = crate::games::placement::player_to_move(game, &left);
    let shown = game.format_position(&left);
    let facts = match loses {
        // The player to move after the computer's move loses, or wins.
        Some(true) => GameReport::new(Command::Play, game.name(), shown, Outcome::P, to_move),
        Some(false) => GameReport::new(Command::Play, game.name(), shown, Outcome::N, to_move),
        None => GameReport::unsettled(Command::Play, game.name(), shown, to_move),
    };
    let several = game.pieces().len() > 1;
    let moves = loses.map(|loses| {
        vec![
            Move::placement(placement.square, placement.piece, several, Nimber::ZERO).misere(loses),
        ]
    });
    Ok(GameReport {
        convention: Some(Convention::Misere),
        board: Some(game.board().to_string()),
        surface: Some(game.rules().surface().to_string()),
        rays: Some(game.rules().rays().to_string()),
        legal_moves: Some(game.legal_placements(&left).len()),
        moves,
        played: Some(game.move_name(placement)),
        played_by: Some(name),
        positions_searched: Some(stats.positions),
        seconds: started.elapsed().as_secs_f64(),
        ..facts
    })
}

/// Who wins each cell of a table under misère play: the empty board of each size of a
/// placement game, or a corner game's piece on each square, each by the misère outcome
/// search, cell after cell. A stop keeps the cells finished.
///
/// # Errors
/// A board too large for a misère search, or a stop ([`Stopped::Table`], the cells finished).
pub fn table(
    game: &TableGame,
    rows: &[usize],
    cols: &[usize],
    limits: &Limits,
    watch: &Watch,
) -> Result<TableReport, RunError> {
    let cell_game = |m: usize, n: usize| -> Result<Game, RunError> {
        Ok(Game::single(match game {
            TableGame::Placement(rules) => {
                let board = BoardSize::new(m as u32, n as u32).map_err(RunError::input)?;
                if board.squares() > MAX_MISERE_SQUARES {
                    return Err(RunError::input(format!(
                        "board {board} has {} squares: misère searches take boards of at most {MAX_MISERE_SQUARES} squares",
                        board.squares()
                    )));
                }
                let placement = PlacementGame::with_rules(rules.clone(), board);
                let position = placement.empty();
                Summand::Placement(Placement {
                    game: placement,
                    position,
                })
            }
            TableGame::Corner(corner) => Summand::Corner(CornerPiece {
                game: corner.clone(),
                m,
                n,
            }),
            TableGame::Cram => game.cell(m, n)?,
        }))
    };
    // Every cell is checked before the first is searched.
    let mut cells = Vec::new();
    for (i, &m) in rows.iter().enumerate() {
        for (j, &n) in cols.iter().enumerate() {
            cells.push((i, j, cell_game(m, n)?));
        }
    }
    let started = Instant::now();
    let task = format!("{game} misère table");
    let total = cells.len() as u64;
    let mut outcomes = vec![vec![None::<String>; cols.len()]; rows.len()];
    let (mut finished, mut positions, mut interrupted) = (0, 0, false);
    for (i, j, cell) in cells {
        watch.send(&Event::Steps {
            task: task.clone(),
            done: finished as u64,
            total,
        });
        match outcome(&cell, limits, watch) {
            Ok(report) => {
                outcomes[i][j] = report.outcome.map(|outcome| outcome.to_string());
                positions += report.positions_searched.unwrap_or(0);
                finished += 1;
            }
            Err(RunError::Stopped(_)) => {
                interrupted = true;
                break;
            }
            Err(error) => return Err(error),
        }
    }
    let (surface, rays) = match game {
        TableGame::Placement(rules) => (
            Some(rules.surface().to_string()),
            Some(rules.rays().to_string()),
        ),
        // A Cram board is a rectangle: the report says so, as a placement game's does.
        TableGame::Cram => (Some(Surface::Rectangle.to_string()), None),
        TableGame::Corner(_) => (None, None),
    };
    let report = TableReport {
        schema: SCHEMA_VERSION,
        command: Command::Table,
        game: game.to_string(),
        surface,
        rays,
        rows: rows.to_vec(),
        cols: cols.to_vec(),
        nimbers: vec![vec![None; cols.len()]; rows.len()],
        convention: Some(Convention::Misere),
        outcomes: Some(outcomes),
        settled_by: None,
        positions_searched: Some(positions),
        interrupted,
        finished_cells: finished,
        seconds: started.elapsed().as_secs_f64(),
    };
    if interrupted {
        return Err(RunError::Stopped(Stopped::Table(Box::new(report))));
    }
    Ok(report)
}

/// The index, among `game.legal_placements(position)`, of the random strategy's move with
/// `seed`: the move the random opponent plays.
fn random_choice(game: &PlacementGame, position: &PlacementPosition, seed: u64) -> usize {
    use crate::games::placement::Strategy;
    let chosen = crate::games::placement::Random::new(game, seed)
        .choose(position)
        .expect("a position with a legal move");
    game.legal_placements(position)
        .iter()
        .position(|&placement| placement == chosen)
        .expect("the strategy plays a legal move")
}

#[cfg(test)]
mod tests {
    use crate::request::{run, Answer, Request};
    use crate::watch::Watch;
    use crate::{Game, Outcome};

    fn answer(json: &str) -> crate::report::GameReport {
        let request: Request = serde_json::from_str(json).unwrap();
        let Ok(Answer::Game(report)) = run(&request, &Watch::new()) else {
            panic!("{json}")
        };
        report
    }

    #[test]
    fn threads_judge_the_first_moves_as_one_thread_does() {
        for game in [
            "knights 5x5",
            "kings 4x5",
            "kayles 3 4 5 + *2",
            "queens 6x6",
        ] {
            let one = answer(&format!(
                r#"{{"question":"moves","game":"{game}","all":true,"convention":"misere","limits":{{"threads":1}}}}"#
            ));
            let three = answer(&format!(
                r#"{{"question":"moves","game":"{game}","all":true,"convention":"misere","limits":{{"threads":3}}}}"#
            ));
            assert_eq!(one.moves, three.moves, "{game}");
            assert_eq!(one.outcome, three.outcome, "{game}");
            let outcome = answer(&format!(
                r#"{{"question":"outcome","game":"{game}","convention":"misere","limits":{{"threads":2}}}}"#
            ));
            assert_eq!(outcome.outcome, one.outcome, "{game}");
            assert_eq!(outcome.winning_move.is_some(), one.winning_moves > Some(0));
        }
    }

    #[test]
    fn a_misere_search_stops_when_the_flag_is_raised() {
        let request: Request = serde_json::from_str(
            r#"{"question":"outcome","game":"knights 8x8","convention":"misere","limits":{"threads":2}}"#,
        )
        .unwrap();
        let watch = Watch::new();
        let stopper = watch.clone();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            stopper.stop();
        });
        let started = std::time::Instant::now();
        let answer = run(&request, &watch);
        raiser.join().unwrap();
        assert!(
            matches!(answer, Err(crate::RunError::Stopped(_))),
            "{answer:?}"
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn the_computer_plays_a_misere_winning_move_when_there_is_one() {
        for game in ["knights 4x4", "kings 3x4", "queens 5x5", "knights 3x5"] {
            let outcome = answer(&format!(
                r#"{{"question":"outcome","game":"{game}","convention":"misere"}}"#
            ));
            let played = answer(&format!(
                r#"{{"question":"play","game":"{game}","convention":"misere"}}"#
            ));
            assert_eq!(played.convention, Some(crate::misere::Convention::Misere));
            // The computer wins exactly when the player to move does: it leaves a lost position.
            let leaves_lost = played.outcome == Some(crate::Outcome::P);
            assert_eq!(
                leaves_lost,
                outcome.outcome == Some(crate::Outcome::N),
                "{game}"
            );
            let after = answer(&format!(
                r#"{{"question":"outcome","game":"{} at {}","convention":"misere"}}"#,
                game, played.position
            ));
            assert_eq!(after.outcome, played.outcome, "{game}");
        }
        let request: Request = serde_json::from_str(
            r#"{"question":"play","game":"knights 4x4","convention":"misere","opponent":"symmetry"}"#,
        )
        .unwrap();
        let refused = run(&request, &Watch::new()).unwrap_err().to_string();
        assert!(
            refused.contains("no symmetry strategy under misère play"),
            "{refused}"
        );
    }

    /// Issue "Faults found by trying grundy": `value --misere '*1500'` searched 45 s for the
    /// genus, and 'nim 1500 700' 40 s for the quotient of Nim's heaps to 1500. A game of Nim
    /// heaps is answered by the closed form: the same moves, winners and genus as the search.
    #[test]
    fn nim_heaps_are_answered_by_the_closed_form_as_the_search_answers_them() {
        use super::{judge_moves, root_moves, small_genus, NIM_RULE};
        use crate::misere::parts::PartRules;
        use crate::request::Limits;
        for text in [
            "*0",
            "*1",
            "*2",
            "*7",
            "*1 + *1",
            "*1 + *1 + *1",
            "*3 + *5",
            "*2 + *2 + *1",
            "nim 3 4 5",
            "nim 1 1",
            "nim 2 2 2 1",
            "0.33... 6 1",
            "*2 + nim 2 2 1",
            "nim 6 + *6 + *1",
            "*4 + nim 3 + *4 + nim 1 1",
        ] {
            let closed = answer(&format!(
                r#"{{"question":"moves","game":"{text}","all":true,"convention":"misere"}}"#
            ));
            assert_eq!(closed.settled_by.as_deref(), Some(NIM_RULE), "{text}");
            let game: Game = text.parse().unwrap();
            let (mut rules, parts) = PartRules::of_summands(game.summands()).unwrap();
            let moves = root_moves(&mut rules, &game).unwrap();
            let (mut searched, _) = judge_moves(
                &rules,
                &moves,
                false,
                &Limits::default(),
                None,
                &Watch::new(),
            )
            .unwrap();
            crate::request::after::write_games_after(&game, &mut searched);
            assert_eq!(closed.moves.as_ref(), Some(&searched), "{text}");
            assert_eq!(closed.legal_moves, Some(searched.len()), "{text}");
            let winning = searched.iter().filter(|m| m.wins()).count();
            assert_eq!(closed.winning_moves, Some(winning), "{text}");
            let wins = searched.is_empty() || winning > 0;
            let outcome = if wins { Outcome::N } else { Outcome::P };
            assert_eq!(closed.outcome, Some(outcome), "{text}");
            let value = answer(&format!(
                r#"{{"question":"value","game":"{text}","convention":"misere"}}"#
            ));
            let genus = small_genus(&game, rules, &parts, &Limits::default(), &Watch::new())
                .unwrap()
                .unwrap();
            assert_eq!(value.genus, Some(genus), "{text}");
            assert_eq!(value.outcome, Some(outcome), "{text}");
            let first = answer(&format!(
                r#"{{"question":"outcome","game":"{text}","convention":"misere"}}"#
            ));
            assert_eq!(first.outcome, Some(outcome), "{text}");
            assert_eq!(
                first.winning_move,
                searched.iter().find(|m| m.wins()).cloned(),
                "{text}"
            );
        }
    }

    #[test]
    fn large_nim_heaps_are_answered_without_search() {
        let heap = answer(r#"{"question":"value","game":"*1500","convention":"misere"}"#);
        assert_eq!(heap.outcome, Some(Outcome::N));
        assert_eq!(heap.genus.unwrap().text, "1500^{1500,1502}");
        let heaps = answer(r#"{"question":"value","game":"nim 1500 700","convention":"misere"}"#);
        assert_eq!(heaps.genus.unwrap().text, "1888^{1888,1890}");
        // Past the 2,000 moves a misère search goes, and past Nim's quotient's heaps.
        let sum = answer(
            r#"{"question":"moves","game":"*4000000000 + nim 100000 + *1","convention":"misere"}"#,
        );
        assert_eq!(sum.legal_moves, Some(4_000_100_001));
        assert_eq!(sum.winning_moves, Some(1));
        let moves: Vec<&str> = sum
            .moves
            .iter()
            .flatten()
            .map(|m| m.notation.as_str())
            .collect();
        // The heaps of 100001 and 100000 then cancel, and the heap of one is left alone.
        assert_eq!(moves, ["*4000000000 -> *100001"]);
    }

    #[test]
    fn the_quotient_answers_heap_sums_as_the_search_does() {
        use crate::misere::parts::PartRules;
        use crate::misere::search::MisereSearch;
        let mut seed = 12345u64;
        let mut next = |below: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % below
        };
        for code in ["0.77", "0.07", "0.137", "0.75", "4.7"] {
            for _ in 0..40 {
                // Small enough for the plain search (4.7 also splits heaps without taking).
                let count = 1 + next(3) as usize;
                let heaps: Vec<String> = (0..count).map(|_| (1 + next(9)).to_string()).collect();
                let text = format!("{code} {}", heaps.join(" "));
                let report = answer(&format!(
                    r#"{{"question":"outcome","game":"{text}","convention":"misere"}}"#
                ));
                assert!(
                    report.settled_by.is_some(),
                    "{text}: answered by the quotient"
                );
                let game: Game = text.parse().unwrap();
                let (rules, parts) = PartRules::of_summands(game.summands()).unwrap();
                let wins = MisereSearch::new(rules, 1 << 24).wins(&parts).unwrap();
                let expected = if wins { Outcome::N } else { Outcome::P };
                assert_eq!(report.outcome, Some(expected), "{text}");
            }
        }
    }
}
