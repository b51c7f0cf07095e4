//! Heap games and two-dimensional Kayles as grundy's families ([`crate::games::contract`]).

use std::sync::Arc;

use super::{HeapGame, Kayles2d, Rectangle, TakeBreak};
use super::{HeapMove, RectangleMove};
use std::sync::atomic::{AtomicBool, Ordering};

use super::quotient::{quotient, QuotientError};

use super::preparation::with_values_for;
use super::treblecross_winning_cells;
use crate::games::contract::{
    moves_report, no_such_move, plain_report, split_notation, valued_report, with_winning_move,
    AloneQuestion, FamilyGame, NimHeap, NormalPlay, StopRaised,
};
use crate::games::move_list::{JudgedMoveList, MoveOffers};
use crate::games::parts::{Family, MisereStart, PartFamily, Parts, Shape, State, TooLarge};
use crate::games::work_observer::{WorkEnd, WorkObserver};
use crate::graph::GraphError;
use crate::report::{Command, GameReport, Move, MovePart, MovesPart};
use crate::solver::SearchObserver;
use crate::values::{Nimber, Outcome};

/// A take-and-break game on heaps of these sizes.
#[derive(Clone, Debug)]
pub struct Heaps {
    /// The rules.
    pub(crate) game: HeapGame,
    /// The heap sizes.
    pub(crate) heaps: Vec<usize>,
}

/// Two-dimensional Kayles on these boards.
#[derive(Clone, Debug)]
pub struct Rectangles(pub Vec<Rectangle>);

/// `items` written one after the other with spaces between; `0` when none is left (the last
/// heap or board taken), which reads back as a game with no move: `kayles 0`, `kayles-2d 0`.
fn spaced<T: ToString>(items: &[T]) -> String {
    if items.is_empty() {
        return "0".to_string();
    }
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The moves of a heap game, each judged by its value, counted in full and listed as
/// [`JudgedMoveList`] keeps them. Each move to a different position once (a move on one of
/// several equal heaps is one move).
fn heap_moves(game: &HeapGame, heaps: &[usize]) -> JudgedMoveList {
    let mut list = JudgedMoveList::default();
    // Only the moves listed are made: a huge heap has millions of moves.
    game.for_each_move(heaps, |m| {
        list.add(Some(m.nimber == Nimber::ZERO), || Move::heap(&m));
    });
    list
}

/// `items` with the one at `index` replaced by `parts`, in its place: a move's position after,
/// whose heaps (or boards) keep their numbers up to the one moved on.
fn replaced<T: Copy>(items: &[T], index: usize, parts: &[T]) -> Vec<T> {
    let mut after = items.to_vec();
    after.splice(index..=index, parts.iter().copied());
    after
}

/// `items` sorted: a position of heaps (or boards) in any order.
fn sorted<T: Ord + Clone>(items: &[T]) -> Vec<T> {
    let mut items = items.to_vec();
    items.sort_unstable();
    items
}

impl FamilyGame for Heaps {
    fn name(&self) -> String {
        self.game.name().to_string()
    }

    fn prepared(&self, observer: &mut dyn WorkObserver) -> Result<Option<Heaps>, WorkEnd> {
        let largest = self.heaps.iter().copied().max().unwrap_or(0);
        Ok(Some(Heaps {
            game: with_values_for(self.game.clone(), largest, observer)?,
            heaps: self.heaps.clone(),
        }))
    }

    fn text(&self) -> String {
        format!("{} {}", self.game.name(), self.position_text())
    }

    fn position_text(&self) -> String {
        spaced(&self.heaps)
    }

    fn same_as(&self, other: &Heaps) -> bool {
        self.game.rule() == other.game.rule() && sorted(&self.heaps) == sorted(&other.heaps)
    }

    fn report(&self, command: Command, outcome: Outcome) -> GameReport {
        GameReport {
            code: Some(self.game.rule().to_string()),
            ..plain_report(self, command, outcome)
        }
    }

    fn moves_after(&self) -> Vec<(Move, Self)> {
        let Heaps { game, heaps } = self;
        game.moves(heaps)
            .iter()
            .map(|heap_move| {
                let after = replaced(heaps, heap_move.index, &heap_move.to);
                (
                    Move::heap(heap_move),
                    Heaps {
                        game: game.clone(),
                        heaps: after,
                    },
                )
            })
            .collect()
    }

    fn play(&self, notation: &str) -> Result<Self, String> {
        let Heaps { game, heaps } = self;
        let refused = || no_such_move(notation, self);
        let (from, parts) = split_notation(notation).ok_or_else(refused)?;
        let from: usize = from.parse().map_err(|_| refused())?;
        let mut to = parts
            .iter()
            .map(|part| part.parse::<usize>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| refused())?;
        to.sort_unstable();
        let index = heaps
            .iter()
            .position(|&heap| heap == from)
            .ok_or_else(refused)?;
        if !game.rule().allows(from, &to) {
            return Err(refused());
        }
        Ok(Heaps {
            game: game.clone(),
            heaps: replaced(heaps, index, &to),
        })
    }

    fn normal_play(&self, _budget_bytes: u64) -> Result<Box<dyn NormalPlay>, GraphError> {
        Ok(Box::new(self.clone()))
    }

    /// The heaps' values are read from the game's sequence, each heap's value reported too.
    fn answer_alone(
        &self,
        question: AloneQuestion,
        _budget_bytes: u64,
        _observer: Box<dyn SearchObserver + Send>,
    ) -> Option<Result<GameReport, String>> {
        let Heaps { game, heaps } = self;
        let valued = || {
            let values = game.heap_values(heaps);
            GameReport {
                heap_nimbers: Some(values.iter().map(|v| v.value()).collect()),
                ..valued_report(self, Command::Value, values.into_iter().sum())
            }
        };
        let report = match question {
            AloneQuestion::Value => valued(),
            AloneQuestion::Outcome => {
                let report = valued();
                // A winning move exists exactly when the value is not 0; asked of a position
                // of value 0 the search would try every option of every heap.
                let winning = (report.nimber() != Some(0))
                    .then(|| game.move_to_value(heaps, Nimber::ZERO))
                    .flatten()
                    .map(|found| Move::heap(&found));
                with_winning_move(report, winning, None)
            }
            AloneQuestion::Moves { all } => {
                let nimber = game.value_of_sum(heaps);
                let moves = heap_moves(game, heaps);
                let (legal, winning) = (moves.legal, moves.winning);
                let (shown, listed) = if all {
                    (legal, moves.listed_all)
                } else {
                    (winning, moves.first_winning)
                };
                // Treblecross is played on cells: name the cells as well as the heap changes.
                let cells = (game.name() == "treblecross" && heaps.len() == 1)
                    .then(|| treblecross_winning_cells(heaps[0]));
                let unlisted = shown - listed.len();
                GameReport {
                    listed: MovesPart {
                        moves_not_listed: Some(unlisted),
                        winning_cells: cells,
                        ..MovesPart::listed(legal, winning, listed)
                    },
                    ..valued_report(self, Command::Moves, nimber)
                }
            }
        };
        Some(Ok(report))
    }

    fn misere_start(&self) -> Result<MisereStart, TooLarge> {
        Ok(MisereStart {
            rules: Arc::new(self.game.rule().clone()),
            states: self
                .heaps
                .iter()
                .map(|&heap| State::Count(u32::try_from(heap).unwrap_or(u32::MAX)))
                .collect(),
        })
    }

    fn nim_heaps(&self) -> Option<Vec<NimHeap>> {
        if !self.game.rule().is_nim() {
            return None;
        }
        let heaps = &self.heaps;
        (0..heaps.len())
            .map(|index| {
                // Heaps of Nim are at most MAX_HEAP tokens.
                Some(NimHeap {
                    size: u32::try_from(heaps[index]).ok()?,
                    index,
                    moved_on: !heaps[..index].contains(&heaps[index]),
                    most_left_first: true,
                    name: |heap, to| {
                        Move::heap(&HeapMove {
                            index: heap.index,
                            from: heap.size as usize,
                            to: if to == 0 {
                                Vec::new()
                            } else {
                                vec![to as usize]
                            },
                            nimber: Nimber::ZERO,
                        })
                    },
                })
            })
            .collect()
    }

    /// The moves judged by the game's misère quotient, which decides any sum of its heaps. The
    /// search answers instead when the quotient cannot be built (it grew past its limits, or
    /// the heaps pass `QUOTIENT_HEAPS` with no proven period).
    fn misere_moves_by_theory(
        &self,
        stop: &AtomicBool,
    ) -> Result<Option<(JudgedMoveList, String)>, StopRaised> {
        let Heaps { game, heaps } = self;
        let largest = heaps.iter().copied().max().unwrap_or(0);
        if largest == 0 || largest > QUOTIENT_HEAPS {
            return Ok(None);
        }
        let found = match quotient(game.rule(), largest, stop) {
            Ok(found) => found,
            Err(QuotientError::Stopped { .. }) => return Err(StopRaised),
            Err(_) => return Ok(None),
        };
        // Each move judged as it comes, and only the few listed kept: a position of large heaps
        // has hundreds of millions of moves.
        let mut judged = JudgedMoveList::default();
        let mut beyond_theory = false;
        let mut stopped = false;
        game.for_each_move(heaps, |heap_move| {
            if beyond_theory || stopped {
                return;
            }
            if judged.legal % STOP_CHECK_MOVES == 0 && stop.load(Ordering::Relaxed) {
                stopped = true;
                return;
            }
            let mut after = heaps.clone();
            after.remove(heap_move.index);
            after.extend_from_slice(&heap_move.to);
            let Ok(outcome) = found.outcome(&after) else {
                beyond_theory = true;
                return;
            };
            let wins = outcome == Outcome::P;
            judged.add(Some(wins), || Move::heap(&heap_move).misere(wins));
        });
        if stopped {
            return Err(StopRaised);
        }
        if beyond_theory {
            return Ok(None);
        }
        let name = format!(
            "the misère quotient of {} for heaps 1 to {} (order {}), without search",
            game.rule(),
            found.up_to(),
            found.order()
        );
        Ok(Some((judged, name)))
    }
}

/// The most heaps a misère quotient is built for to answer a sum of heaps; past it, or when
/// the quotient outgrows its limits, the sum is searched.
const QUOTIENT_HEAPS: usize = 100_000;

/// Moves judged by the quotient between looks at the stop flag.
const STOP_CHECK_MOVES: usize = 1 << 12;

/// A heap of a take-and-break game as a part of a misère position: a count.
impl PartFamily for TakeBreak {
    fn has_moves(&self, state: State) -> bool {
        let State::Count(heap) = state else {
            return false;
        };
        let mut any = false;
        self.for_each_option(heap as usize, |_| any = true);
        any
    }

    fn longest_play(&self, state: State) -> u64 {
        let State::Count(count) = state else { return 0 };
        // A move takes a token, or (digit 4, 8 or 12 before the point) splits the heap without
        // taking one: at most one of each per token, and only the games with such a digit
        // have the second kind (nim and most octal games last a move a token).
        if self.digit(0) != 0 {
            2 * u64::from(count)
        } else {
            u64::from(count)
        }
    }

    fn add_parts(&self, family: Family, state: State, parts: &mut Parts) {
        if let State::Count(count) = state {
            parts.push(family.count_part(count));
        }
    }

    fn for_each_option(&self, family: Family, state: State, visit: &mut dyn FnMut(&mut Parts)) {
        let State::Count(heap) = state else { return };
        let mut left = Vec::new();
        TakeBreak::for_each_option(self, heap as usize, |heaps| {
            left.clear();
            left.extend(heaps.iter().map(|&h| family.count_part(h as u32)));
            left.retain(|part| PartFamily::has_moves(self, part.state()));
            visit(&mut left);
        });
    }
}

/// Heaps are valued by their game's table of heap values; their moves are offered as they are
/// counted, so a huge heap's are named only when listed.
impl NormalPlay for Heaps {
    fn nim_value(&mut self) -> Nimber {
        self.game.value_of_sum(&self.heaps)
    }

    fn offer_moves(&mut self, moves: &mut MoveOffers<'_>) {
        self.game.for_each_move(&self.heaps, |m| {
            moves.offer(m.nimber, || m.to_string());
        });
    }

    fn move_to_value(&mut self, target: Nimber) -> Option<String> {
        self.game
            .move_to_value(&self.heaps, target)
            .map(|found| found.to_string())
    }
}

impl FamilyGame for Rectangles {
    fn name(&self) -> String {
        "kayles-2d".to_string()
    }

    fn text(&self) -> String {
        format!("kayles-2d {}", self.position_text())
    }

    fn position_text(&self) -> String {
        spaced(&self.0)
    }

    fn same_as(&self, other: &Rectangles) -> bool {
        sorted(&self.0) == sorted(&other.0)
    }

    fn moves_after(&self) -> Vec<(Move, Self)> {
        Kayles2d
            .moves(&self.0)
            .iter()
            .map(|board_move| {
                let after = replaced(&self.0, board_move.index, &board_move.to);
                (Move::rectangle(board_move), Rectangles(after))
            })
            .collect()
    }

    fn play(&self, notation: &str) -> Result<Self, String> {
        let refused = || no_such_move(notation, self);
        let (from, parts) = split_notation(notation).ok_or_else(refused)?;
        let from: Rectangle = from.parse().map_err(|_| refused())?;
        let mut to = parts
            .iter()
            .map(|part| part.parse::<Rectangle>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| refused())?;
        to.sort_unstable();
        let index = self
            .0
            .iter()
            .position(|&board| board == from)
            .ok_or_else(refused)?;
        if !Kayles2d.options(from).contains(&to) {
            return Err(refused());
        }
        Ok(Rectangles(replaced(&self.0, index, &to)))
    }

    fn normal_play(&self, _budget_bytes: u64) -> Result<Box<dyn NormalPlay>, GraphError> {
        Ok(Box::new(self.clone()))
    }

    /// The boards' values are read from two-dimensional Kayles's table, each board's value
    /// reported too.
    fn answer_alone(
        &self,
        question: AloneQuestion,
        _budget_bytes: u64,
        _observer: Box<dyn SearchObserver + Send>,
    ) -> Option<Result<GameReport, String>> {
        let boards = &self.0;
        let valued = || {
            let side = boards.iter().map(|b| b.rows.max(b.cols)).max().unwrap_or(0);
            let table = Kayles2d.values(side, side);
            GameReport {
                heap_nimbers: Some(
                    boards
                        .iter()
                        .map(|b| table[b.rows][b.cols].value())
                        .collect(),
                ),
                ..valued_report(self, Command::Value, Kayles2d.value_of_sum(boards))
            }
        };
        let report = match question {
            AloneQuestion::Value => valued(),
            AloneQuestion::Outcome => {
                let moves = Kayles2d.moves(boards);
                let winning = moves
                    .iter()
                    .find(|board_move| board_move.nimber == Nimber::ZERO)
                    .map(Move::rectangle);
                with_winning_move(valued(), winning, Some(moves.len()))
            }
            AloneQuestion::Moves { all, .. } => {
                let moves = Kayles2d.moves(boards).iter().map(Move::rectangle).collect();
                moves_report(self, moves, all, Kayles2d.value_of_sum(boards))
            }
        };
        Some(Ok(report))
    }

    fn misere_start(&self) -> Result<MisereStart, TooLarge> {
        let side = |length: usize| u32::try_from(length).unwrap_or(u32::MAX);
        Ok(MisereStart {
            rules: Arc::new(Kayles2d),
            states: self
                .0
                .iter()
                .map(|board| State::Pair(side(board.rows), side(board.cols)))
                .collect(),
        })
    }
}

/// A board of two-dimensional Kayles as a part of a misère position: its rows and columns,
/// keyed by its sides (the shorter first), since a board and its transpose are one game.
impl PartFamily for Kayles2d {
    fn has_moves(&self, state: State) -> bool {
        matches!(state, State::Pair(..))
    }

    fn longest_play(&self, state: State) -> u64 {
        // Each move removes a row or column of one board, at least one cell, and may split
        // it: a board lasts at most one move a cell.
        let State::Pair(rows, cols) = state else {
            return 0;
        };
        u64::from(rows) * u64::from(cols)
    }

    fn add_parts(&self, family: Family, state: State, parts: &mut Parts) {
        if let State::Pair(rows, cols) = state {
            parts.push(board_part(family, rows as usize, cols as usize));
        }
    }

    fn for_each_option(&self, family: Family, state: State, visit: &mut dyn FnMut(&mut Parts)) {
        let State::Pair(rows, cols) = state else {
            return;
        };
        let board = Rectangle {
            rows: rows as usize,
            cols: cols as usize,
        };
        let mut left = Vec::new();
        for boards in self.options(board) {
            left.clear();
            left.extend(
                boards
                    .into_iter()
                    .map(|b| board_part(family, b.rows, b.cols)),
            );
            visit(&mut left);
        }
    }
}

/// The part of a board of `rows` by `cols`.
fn board_part(family: Family, rows: usize, cols: usize) -> crate::games::parts::Part {
    let (short, long) = (rows.min(cols), rows.max(cols));
    family.part(
        Shape::Pair(short as u32, long as u32),
        State::Pair(rows as u32, cols as u32),
    )
}

/// Boards of two-dimensional Kayles are valued by the table of board values.
impl NormalPlay for Rectangles {
    fn nim_value(&mut self) -> Nimber {
        Kayles2d.value_of_sum(&self.0)
    }

    fn offer_moves(&mut self, moves: &mut MoveOffers<'_>) {
        for board_move in Kayles2d.moves(&self.0) {
            moves.offer(board_move.nimber, || board_move.to_string());
        }
    }
}

/// The report of a move of this family.
impl Move {
    /// A move in a heap game; the heap is numbered from 1 in the report.
    #[must_use]
    pub fn heap(heap_move: &HeapMove) -> Move {
        Move::with_part(
            heap_move.to_string(),
            heap_move.nimber,
            MovePart::Heap {
                heap: heap_move.index + 1,
                from: heap_move.from,
                to: heap_move.to.clone(),
            },
        )
    }
    /// A move in two-dimensional Kayles; the board is numbered from 1 in the report.
    #[must_use]
    pub(crate) fn rectangle(board_move: &RectangleMove) -> Move {
        Move::with_part(
            board_move.to_string(),
            board_move.nimber,
            MovePart::Boards {
                heap: board_move.index + 1,
                from_board: board_move.from.to_string(),
                to_boards: board_move.to.iter().map(ToString::to_string).collect(),
            },
        )
    }
}
