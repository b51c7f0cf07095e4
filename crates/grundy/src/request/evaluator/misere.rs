//! The misère-play evaluator (the player who makes the last move loses): who wins by a search
//! over whole positions made of the families' parts ([`crate::misere::judge`]), each move tried
//! for a position the opponent loses, and Conway's genus when the position is small. Misère
//! Nim's closed form and a heap game's quotient answer without search where they reach.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::Evaluator;
use crate::games::contract::{FamilyGame, StopRaised};
use crate::games::game::Game;
use crate::games::move_list::JudgedMoveList;
use crate::games::parts::{Parts, TooLarge, MAX_MISERE_DEPTH};
use crate::games::registry::MISERE_SEQUENCE_POSITIONS;
use crate::games::sum::Summand;
use crate::limits::size_text;
use crate::misere::genus::{genus, Genus, GENUS_TERMS};
use crate::misere::judge::{judge_moves, root_moves, small_genus, JudgedMoves};
use crate::misere::nim::{NimGame, NIM_RULE};
use crate::misere::parallel::judge;
use crate::misere::parts::PartRules;
use crate::misere::search::MisereSearch;
use crate::misere::Convention;
use crate::report::{
    Command, FirstMoveSearch, GameReport, GenusReport, Move, MovesPart, PlayPart, Player,
    SearchCost, Standing, TableReport, ValuePart,
};
use crate::request::game_questions::load_sum;
use crate::request::play::seeded_index;
use crate::request::play_request::{Opponent, PlayRequest};
use crate::request::{
    thinking_time, Limits, Resume, RunError, SequenceAnswer, Stopped, TableRequest, LIST_LIMIT,
};
use crate::solver::{SearchObserver, SearchStats};
use crate::values::Nimber;
use crate::values::Outcome;
use crate::watch::{Event, Watch};

/// Misère play, within `limits`.
pub(super) struct MisereEvaluator {
    pub(super) limits: Limits,
}

fn too_large(error: TooLarge) -> RunError {
    RunError::input(error.0)
}

fn stopped(_: StopRaised) -> RunError {
    RunError::Stopped(Stopped::Nothing)
}

/// The keys of a misère report of `game`: its name and position as the normal report writes
/// them, the family's details, and `"convention": "misere"`.
fn misere_report(command: Command, game: &Game, wins: bool) -> GameReport {
    let outcome = if wins { Outcome::N } else { Outcome::P };
    let report = match game.as_single() {
        Some(single) => single.report(command, outcome),
        None => {
            let written = game.to_string();
            GameReport::new(command, written.clone(), written, outcome, Player::First)
        }
    };
    report.under_misere()
}

/// The report of `command` on a game of Nim heaps, answered by the closed form: who wins, and
/// `settled_by` naming the closed form.
fn nim_report(nim: &NimGame, command: Command, game: &Game, started: Instant) -> GameReport {
    GameReport {
        settled_by: Some(NIM_RULE.to_string()),
        cost: SearchCost::positions(0),
        seconds: started.elapsed().as_secs_f64(),
        ..misere_report(command, game, nim.wins())
    }
}

/// For a single game whose family has a theory of misère play (a heap game's misère
/// quotient): its moves judged by the theory, and a line naming it, without search. `None`
/// for other games, or when the theory does not reach the game; the search answers then.
fn by_theory(game: &Game, watch: &Watch) -> Result<Option<(JudgedMoveList, String)>, RunError> {
    let Some(single) = game.as_single() else {
        return Ok(None);
    };
    single
        .misere_moves_by_theory(watch.stop_flag())
        .map_err(stopped)
}

/// Tells the watch of progress, and stops on a flag of its own: the watch's, or the thinking
/// time's.
struct Thinking {
    watch: Watch,
    stop: Arc<AtomicBool>,
}

impl SearchObserver for Thinking {
    fn progress(&mut self, stats: &SearchStats) {
        self.watch.progress(stats);
    }

    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        Some(Arc::clone(&self.stop))
    }
}

impl MisereEvaluator {
    /// The threads of a misère search: one unless the request asks for more. Each thread has
    /// its own table (they share nothing), so a second thread repeats much of the first one's
    /// work and is slower on the boards measured (docs/PERFORMANCE.md, "Misère play").
    fn threads(&self) -> usize {
        self.limits.threads.unwrap_or(1)
    }

    /// What a misère search on the request's threads cost.
    fn cost(&self, stats: &SearchStats) -> SearchCost {
        SearchCost {
            positions_searched: Some(stats.positions),
            table_hits: Some(stats.table_hits),
            threads: Some(self.threads()),
            ..SearchCost::default()
        }
    }

    /// Judges `moves` on the request's threads, within `seconds` when given: each move's
    /// report with whether it wins; with `first_win_only`, only until a winning move is found.
    fn judge(
        &self,
        rules: &PartRules,
        moves: &[(Move, Parts)],
        first_win_only: bool,
        seconds: Option<f64>,
        watch: &Watch,
    ) -> Result<JudgedMoves, RunError> {
        let (judged, out_of_time) = thinking_time::within(seconds, watch, |stop| {
            let mut observer = Thinking {
                watch: watch.clone(),
                stop: Arc::clone(stop),
            };
            let judged = judge_moves(
                rules,
                moves,
                first_win_only,
                self.threads(),
                self.limits.memory,
                &mut observer,
            );
            (judged, seconds.is_some() && stop.load(Ordering::Relaxed))
        });
        if judged.out_of_memory {
            return Err(RunError::OutOfMemory {
                message: format!(
                    "the misère search holds every position one move on along its path, and they passed the {} of memory the request allows: give more memory",
                    size_text(self.limits.memory)
                ),
                kept: Box::new(Stopped::Nothing),
            });
        }
        // Out of thinking time the moves judged are kept; a stop of the watch, or a thread the
        // system would not start, keeps nothing.
        if watch.is_stopped() || (judged.stopped && !out_of_time) {
            return Err(RunError::Stopped(Stopped::Nothing));
        }
        Ok(judged)
    }

    /// The genus of `game` (the position `parts` of `rules`) when small enough to find, its
    /// normal-play nim-value asked of the normal evaluator.
    fn small_genus(
        &self,
        game: &Game,
        rules: PartRules,
        parts: &Parts,
        watch: &Watch,
    ) -> Result<Option<GenusReport>, RunError> {
        let found = small_genus(rules, parts, self.limits.memory, Box::new(watch.clone()))
            .map_err(stopped)?;
        let Some(found) = found else {
            return Ok(None);
        };
        // The base of the genus: the sum's normal-play nim-value, asked only of small games.
        let mut sum = load_sum(game, self.limits.memory, watch)?;
        let normal = sum.nim_value();
        if watch.is_stopped() {
            return Err(RunError::Stopped(Stopped::Nothing));
        }
        let found = Some(Genus {
            normal: normal.value(),
            ..found
        });
        Ok(found.as_ref().map(GenusReport::from))
    }
}

impl Evaluator for MisereEvaluator {
    fn value(&self, game: &Game, _resume: &Resume, watch: &Watch) -> Result<GameReport, RunError> {
        let started = Instant::now();
        if let Some(nim) = NimGame::of(game.summands()) {
            return Ok(GameReport {
                value: ValuePart::misere(Some(GenusReport::from(&nim.genus()))),
                ..nim_report(&nim, Command::Value, game, started)
            });
        }
        // One heap game is answered by its quotient, whatever its heaps' sizes; its genus is
        // still searched, when the heaps are small enough for a search.
        if let Some((judged, name)) = by_theory(game, watch)? {
            let wins = judged.legal == 0 || judged.winning > 0;
            let genus = match PartRules::of_summands(game.summands()) {
                Ok((rules, parts)) => self.small_genus(game, rules, &parts, watch)?,
                Err(_) => None,
            };
            return Ok(GameReport {
                value: ValuePart::misere(genus),
                settled_by: Some(name),
                cost: SearchCost::positions(0),
                seconds: started.elapsed().as_secs_f64(),
                ..misere_report(Command::Value, game, wins)
            });
        }
        let (mut rules, parts) = PartRules::of_summands(game.summands()).map_err(too_large)?;
        let moves = root_moves(&mut rules, game.summands()).map_err(too_large)?;
        let judged = self.judge(&rules, &moves, true, None, watch)?;
        let wins = moves.is_empty() || judged.moves.iter().any(|m| m.wins());
        let genus = self.small_genus(game, rules, &parts, watch)?;
        Ok(GameReport {
            value: ValuePart::misere(genus),
            cost: self.cost(&judged.stats),
            seconds: started.elapsed().as_secs_f64(),
            ..misere_report(Command::Value, game, wins)
        })
    }

    fn moves(
        &self,
        game: &Game,
        all: bool,
        seconds: Option<f64>,
        watch: &Watch,
    ) -> Result<GameReport, RunError> {
        let started = Instant::now();
        if let Some(nim) = NimGame::of(game.summands()) {
            let winning = nim.winning_moves();
            let legal = nim.legal_moves();
            let (shown, listable) = if all {
                // Read in order only until the list is as full as it will get.
                let mut list = JudgedMoveList::default();
                for judged in nim.moves_in_order() {
                    if list.is_full(winning.len()) {
                        break;
                    }
                    list.add(judged.winning, || judged);
                }
                (list.listed_all, legal)
            } else {
                (
                    winning.iter().take(LIST_LIMIT).cloned().collect(),
                    winning.len(),
                )
            };
            let unlisted = listable - shown.len();
            let report = nim_report(&nim, Command::Moves, game, started);
            return Ok(GameReport {
                listed: MovesPart {
                    moves_not_listed: (unlisted > 0).then_some(unlisted),
                    moves_unsettled: seconds.map(|_| 0),
                    ..MovesPart::listed(legal, winning.len(), shown)
                },
                cost: SearchCost {
                    table_hits: Some(0),
                    threads: Some(1),
                    ..report.cost
                },
                ..report
            });
        }
        let (judged, stats, settled_by) = match by_theory(game, watch)? {
            Some((judged, name)) => (judged, SearchStats::default(), Some(name)),
            None => {
                let (mut rules, _) = PartRules::of_summands(game.summands()).map_err(too_large)?;
                let moves = root_moves(&mut rules, game.summands()).map_err(too_large)?;
                let judged = self.judge(&rules, &moves, false, seconds, watch)?;
                (JudgedMoveList::of(judged.moves), judged.stats, None)
            }
        };
        let JudgedMoveList {
            legal,
            winning,
            unsettled,
            listed_all,
            first_winning,
            ..
        } = judged;
        let (shown, listable) = if all {
            (listed_all, legal)
        } else {
            (first_winning, winning)
        };
        let unlisted = listable - shown.len();
        // No move at all is a win under misère play: the other player made the last move. Out
        // of thinking time, who wins is known when a winning move was found or every move
        // judged.
        let wins = winning > 0 || legal == 0;
        let report = misere_report(Command::Moves, game, wins);
        let known = wins || unsettled == 0;
        Ok(GameReport {
            standing: Standing {
                outcome: report.outcome().filter(|_| known),
                ..report.standing
            },
            listed: MovesPart {
                moves_not_listed: (unlisted > 0).then_some(unlisted),
                moves_unsettled: seconds.map(|_| unsettled),
                ..MovesPart::listed(legal, winning, shown)
            },
            cost: self.cost(&stats),
            settled_by,
            seconds: started.elapsed().as_secs_f64(),
            ..report
        })
    }

    fn outcome(
        &self,
        game: &Game,
        _resume: &Resume,
        watch: &Watch,
    ) -> Result<GameReport, RunError> {
        let started = Instant::now();
        if let Some(nim) = NimGame::of(game.summands()) {
            return Ok(GameReport {
                first_move_search: FirstMoveSearch {
                    winning_move: nim.winning_moves().into_iter().next(),
                    first_moves: Some(nim.legal_moves()),
                    ..FirstMoveSearch::default()
                },
                ..nim_report(&nim, Command::Outcome, game, started)
            });
        }
        if let Some((judged, name)) = by_theory(game, watch)? {
            let first_moves = judged.legal;
            let winning_move = judged.winning_move().cloned();
            let wins = first_moves == 0 || winning_move.is_some();
            return Ok(GameReport {
                first_move_search: FirstMoveSearch {
                    winning_move,
                    first_moves: Some(first_moves),
                    ..FirstMoveSearch::default()
                },
                settled_by: Some(name),
                seconds: started.elapsed().as_secs_f64(),
                cost: SearchCost::positions(0),
                ..misere_report(Command::Outcome, game, wins)
            });
        }
        let (mut rules, _) = PartRules::of_summands(game.summands()).map_err(too_large)?;
        let moves = root_moves(&mut rules, game.summands()).map_err(too_large)?;
        let judged = self.judge(&rules, &moves, true, None, watch)?;
        let winning_move = judged.moves.into_iter().find(|m| m.wins());
        let wins = moves.is_empty() || winning_move.is_some();
        Ok(GameReport {
            first_move_search: FirstMoveSearch {
                winning_move,
                first_moves: Some(moves.len()),
                ..FirstMoveSearch::default()
            },
            cost: self.cost(&judged.stats),
            seconds: started.elapsed().as_secs_f64(),
            ..misere_report(Command::Outcome, game, wins)
        })
    }

    /// The perfect player's winning move (or, when every move loses, the one leaving the most
    /// replies; out of thinking time, the best it has), or a random one. No symmetry strategy
    /// survives misère play (docs/MISERE.md). Who wins after the move is always said: the
    /// search that chose the move found it.
    fn own_computer_reply(
        &self,
        request: &PlayRequest,
        single: &Summand,
        _value_after: bool,
        watch: &Watch,
    ) -> Result<GameReport, RunError> {
        if request.opponent == Opponent::Symmetry {
            return Err(RunError::input(crate::request::play::NO_MISERE_SYMMETRY));
        }
        let started = Instant::now();
        let whole = request.game.summands();
        let (mut rules, _) = PartRules::of_summands(whole).map_err(too_large)?;
        let moves = root_moves(&mut rules, whole).map_err(too_large)?;
        // The same moves in the same order, each with the game it leaves.
        let named = single.moves_after();
        if moves.is_empty() {
            return Err(RunError::input(format!(
                "no legal move in the position `{}`: the game is over, and under misère play the player to move has won",
                single.position_text()
            )));
        }
        let replies = |index: usize| named[index].1.moves_after().len();
        let (chosen, name, loses, stats) = thinking_time::within(
            request.seconds,
            watch,
            |stop| -> Result<_, RunError> {
                let mut thinking = Thinking {
                    watch: watch.clone(),
                    stop: Arc::clone(stop),
                };
                let (chosen, name, positions) = if request.opponent == Opponent::Random {
                    let chosen = single
                        .random_move(request.seed)
                        .unwrap_or_else(|| seeded_index(request.seed, moves.len()));
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
                    self.threads(),
                    self.limits.memory,
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
                // No move known to win: the one leaving the most replies, among those not
                // shown to lose.
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
                    .max_by_key(|&&index| (replies(index), std::cmp::Reverse(index)))
                    .expect("a move exists");
                // Out of thinking time or of memory the computer still moves, and says how far
                // it saw: a move not judged is not claimed to lose.
                let shown = judged.loses.iter().filter(|&&l| l == Some(false)).count();
                let name = if judged.out_of_memory {
                    format!(
                        "perfect play, out of memory: {shown} of {} moves shown to lose, no winning move found in {}",
                        moves.len(),
                        size_text(self.limits.memory)
                    )
                } else if judged.stopped {
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
        let (played, left) = &named[chosen];
        let facts = match loses {
            // The player to move after the computer's move loses, or wins.
            Some(true) => left.report(Command::Play, Outcome::P),
            Some(false) => left.report(Command::Play, Outcome::N),
            None => {
                let report = left.report(Command::Play, Outcome::N);
                GameReport {
                    standing: Standing {
                        outcome: None,
                        ..report.standing
                    },
                    ..report
                }
            }
        };
        let moves = loses.map(|loses| vec![played.clone().misere(loses)]);
        Ok(GameReport {
            value: ValuePart::misere(None),
            play: Some(PlayPart {
                played_by: name,
                played: Some(played.notation.clone()),
            }),
            listed: MovesPart {
                legal_moves: Some(left.moves_after().len()),
                moves,
                ..MovesPart::default()
            },
            cost: SearchCost::positions(stats.positions),
            seconds: started.elapsed().as_secs_f64(),
            ..facts
        })
    }

    /// Who wins each cell, each by the misère outcome search, cell after cell. A stop keeps
    /// the cells finished.
    fn table(
        &self,
        request: &TableRequest,
        rows: &[usize],
        cols: &[usize],
        watch: &Watch,
    ) -> Result<TableReport, RunError> {
        let game = &request.game;
        // Every cell is checked before the first is searched.
        let mut cells = Vec::new();
        for (i, &m) in rows.iter().enumerate() {
            for (j, &n) in cols.iter().enumerate() {
                cells.push((i, j, Game::single(game.misere_cell(m, n)?)));
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
            match self.outcome(&cell, &Resume::default(), watch) {
                Ok(report) => {
                    outcomes[i][j] = report.outcome().map(|outcome| outcome.to_string());
                    positions += report.cost.positions_searched.unwrap_or(0);
                    finished += 1;
                }
                Err(RunError::Stopped(_)) => {
                    interrupted = true;
                    break;
                }
                Err(error) => return Err(error),
            }
        }
        let (surface, rays) = game.surface_and_rays();
        let report = TableReport {
            nimbers: vec![vec![None; cols.len()]; rows.len()],
            convention: Some(Convention::Misere),
            outcomes: Some(outcomes),
            settled_by: None,
            positions_searched: Some(positions),
            interrupted,
            finished_cells: finished,
            seconds: started.elapsed().as_secs_f64(),
            ..TableReport::begun(game.to_string(), surface, rays, rows, cols)
        };
        if interrupted {
            return Err(RunError::Stopped(Stopped::Table(Box::new(report))));
        }
        Ok(report)
    }

    /// The genus of each heap of `answer`'s game from 0 up, by one misère search shared by all
    /// heaps, until the heaps asked for are done or the next one would pass
    /// [`MISERE_SEQUENCE_POSITIONS`] positions in all.
    fn heap_genera(
        &self,
        answer: &SequenceAnswer,
        watch: &Watch,
    ) -> Result<Option<Vec<Genus>>, RunError> {
        let heaps_of = |heap: usize| [answer.game_of_heap(heap)];
        let (rules, _) = PartRules::of_summands(&heaps_of(0)).map_err(too_large)?;
        let mut search = MisereSearch::new(rules, self.limits.memory);
        search.set_observer(Box::new(watch.clone()));
        search.set_position_limit(MISERE_SEQUENCE_POSITIONS);
        let last = answer.to.min((MAX_MISERE_DEPTH / 2) as usize - GENUS_TERMS);
        let mut genera = Vec::new();
        for heap in 0..=last {
            let parts = search
                .rules_mut()
                .parts_of(&heaps_of(heap))
                .map_err(too_large)?;
            match genus(&mut search, &parts, Nimber::new(answer.value(heap))) {
                Some(found) => genera.push(found),
                // Stopped, or past the search's positions: the genera found are kept, and
                // the caller tells a stop by its watch.
                None => break,
            }
        }
        Ok(Some(genera))
    }
}

#[cfg(test)]
mod tests {
    use crate::games::game::Game;
    use crate::request::{run, Answer, Request};
    use crate::values::Outcome;
    use crate::watch::Watch;

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
            assert_eq!(one.listed.moves, three.listed.moves, "{game}");
            assert_eq!(one.outcome(), three.outcome(), "{game}");
            let outcome = answer(&format!(
                r#"{{"question":"outcome","game":"{game}","convention":"misere","limits":{{"threads":2}}}}"#
            ));
            assert_eq!(outcome.outcome(), one.outcome(), "{game}");
            assert_eq!(
                outcome.first_move_search.winning_move.is_some(),
                one.listed.winning_moves > Some(0)
            );
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
            matches!(answer, Err(crate::request::RunError::Stopped(_))),
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
            assert_eq!(played.convention(), crate::misere::Convention::Misere);
            // The computer wins exactly when the player to move does: it leaves a lost position.
            let leaves_lost = played.outcome() == Some(crate::values::Outcome::P);
            assert_eq!(
                leaves_lost,
                outcome.outcome() == Some(crate::values::Outcome::N),
                "{game}"
            );
            let after = answer(&format!(
                r#"{{"question":"outcome","game":"{} at {}","convention":"misere"}}"#,
                game, played.position
            ));
            assert_eq!(after.outcome(), played.outcome(), "{game}");
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

    /// A misère search that runs out of memory ends every judging: the computer still moves,
    /// and says how far it saw, not that every move loses (it said so, in 13 s, of
    /// `play knights 16x16 --misere --reply --memory 1M`).
    #[test]
    fn out_of_memory_the_computer_moves_and_says_how_far_it_saw() {
        let played = answer(
            r#"{"question":"play","game":"knights 6x6","convention":"misere","limits":{"memory":4096,"threads":1}}"#,
        );
        assert_eq!(played.outcome(), None);
        let by = played.play.expect("a move is played").played_by;
        assert!(
            by.starts_with("perfect play, out of memory: 0 of 36 moves shown to lose"),
            "{by}"
        );
        let roomy = answer(
            r#"{"question":"play","game":"knights 6x6","convention":"misere","limits":{"threads":1}}"#,
        );
        let by = roomy.play.expect("a move is played").played_by;
        assert!(!by.contains("out of memory"), "{by}");
    }

    /// Issue "Faults found by trying grundy": `value --misere '*1500'` searched 45 s for the
    /// genus, and 'nim 1500 700' 40 s for the quotient of Nim's heaps to 1500. A game of Nim
    /// heaps is answered by the closed form: the same moves, winners and genus as the search.
    #[test]
    fn nim_heaps_are_answered_by_the_closed_form_as_the_search_answers_them() {
        use super::{MisereEvaluator, NIM_RULE};
        use crate::misere::judge::{judge_moves, root_moves};
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
            let moves = root_moves(&mut rules, game.summands()).unwrap();
            let mut searched = judge_moves(&rules, &moves, false, 1, 1 << 24, &mut ()).moves;
            crate::request::after::write_games_after(&game, &mut searched);
            assert_eq!(closed.listed.moves.as_ref(), Some(&searched), "{text}");
            assert_eq!(closed.listed.legal_moves, Some(searched.len()), "{text}");
            let winning = searched.iter().filter(|m| m.wins()).count();
            assert_eq!(closed.listed.winning_moves, Some(winning), "{text}");
            let wins = searched.is_empty() || winning > 0;
            let outcome = if wins { Outcome::N } else { Outcome::P };
            assert_eq!(closed.outcome(), Some(outcome), "{text}");
            let value = answer(&format!(
                r#"{{"question":"value","game":"{text}","convention":"misere"}}"#
            ));
            let searcher = MisereEvaluator {
                limits: Limits::default(),
            };
            let genus = searcher
                .small_genus(&game, rules, &parts, &Watch::new())
                .unwrap()
                .unwrap();
            assert_eq!(value.genus(), Some(&genus), "{text}");
            assert_eq!(value.outcome(), Some(outcome), "{text}");
            let first = answer(&format!(
                r#"{{"question":"outcome","game":"{text}","convention":"misere"}}"#
            ));
            assert_eq!(first.outcome(), Some(outcome), "{text}");
            assert_eq!(
                first.first_move_search.winning_move,
                searched.iter().find(|m| m.wins()).cloned(),
                "{text}"
            );
        }
    }

    #[test]
    fn large_nim_heaps_are_answered_without_search() {
        let heap = answer(r#"{"question":"value","game":"*1500","convention":"misere"}"#);
        assert_eq!(heap.outcome(), Some(Outcome::N));
        assert_eq!(heap.genus().unwrap().text, "1500^{1500,1502}");
        let heaps = answer(r#"{"question":"value","game":"nim 1500 700","convention":"misere"}"#);
        assert_eq!(heaps.genus().unwrap().text, "1888^{1888,1890}");
        // Past the 2,000 moves a misère search goes, and past Nim's quotient's heaps.
        let sum = answer(
            r#"{"question":"moves","game":"*4000000000 + nim 100000 + *1","convention":"misere"}"#,
        );
        assert_eq!(sum.listed.legal_moves, Some(4_000_100_001));
        assert_eq!(sum.listed.winning_moves, Some(1));
        let moves: Vec<&str> = sum
            .listed
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
                assert_eq!(report.outcome(), Some(expected), "{text}");
            }
        }
    }
}
