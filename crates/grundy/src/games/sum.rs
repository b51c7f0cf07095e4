//! Sums of games from different families: a placement game beside a row of Kayles pins and a
//! Nim heap, as CGSuite writes `G + H + *3`. A move in a sum is a move in exactly one summand,
//! so by the Sprague–Grundy theorem the sum's nim-value is the nim-sum of the summands' values,
//! and a move wins exactly when it takes its summand to the value that makes the total 0.
//!
//! ```
//! use grundy::games::sum::GameSum;
//! use grundy::{Game, Nimber};
//!
//! let game: Game = "knights 5x5 + kayles 7 + *3".parse().unwrap();
//! let mut sum = GameSum::new(game.into_summands(), 1 << 24).unwrap();
//! // knights on 5x5 is *1, a Kayles row of 7 is *2: *1 + *2 + *3 = 0.
//! assert_eq!(sum.nim_value(), Nimber::ZERO);
//! assert!(sum.winning_moves().is_empty());
//! ```

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::games::computer::{ComputerAsked, NoReply};
use crate::games::contract::PlayView;
use crate::games::contract::{
    AloneQuestion, FamilyGame, NimHeap, NormalPlay, PositionsGraph, StopRaised,
};
use crate::games::corner::CornerPiece;
use crate::games::cram::CramGame;
use crate::games::graph::GraphGame;
use crate::games::heap::{Heaps, Rectangles};
use crate::games::move_list::{JudgedMoveList, Lister};
pub use crate::games::move_list::{MoveOffers, SumMove, SumMoves};
use crate::games::parts::{MisereStart, State, TooLarge};
use crate::games::placement::{Placement, ResumableSearch};
use crate::games::work_observer::{WorkEnd, WorkObserver};
use crate::graph::GraphError;
use crate::report::{Command, GameReport, Move, Player};
use crate::solver::SearchObserver;
use crate::values::{Nimber, Outcome};

/// One game of a sum, in its position: a game of one of grundy's families, each in its own
/// folder behind the contract [`FamilyGame`]. This is the list of the families; the rest of
/// grundy asks a summand through the contract and never matches on its family.
// A sum holds a few summands, made once: boxing the large placement position would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Summand {
    /// Pieces placed on a board.
    Placement(Placement),
    /// A take-and-break game on heaps.
    Heaps(Heaps),
    /// Two-dimensional Kayles.
    Rectangles(Rectangles),
    /// A corner game's piece.
    Corner(CornerPiece),
    /// Node Kayles on a graph.
    Graph(GraphGame),
    /// Dominoes put on a board (Cram).
    Cram(CramGame),
    /// A Nim heap, written as its nimber `*n`.
    Nimber(Nimber),
}

/// `$body` with `$part` bound to the family's game in `$summand`, whatever its family: the
/// one place a summand's family is told apart for the contract's questions.
/// With `$family`, the body may also make a summand of the same family (`$family(game)`).
macro_rules! each_family {
    ($summand:expr, $part:ident => $body:expr) => {
        each_family!($summand, $part, _family => $body)
    };
    ($summand:expr, $part:ident, $family:ident => $body:expr) => {
        match $summand {
            Summand::Placement($part) => {
                let $family = Summand::Placement;
                $body
            }
            Summand::Heaps($part) => {
                let $family = Summand::Heaps;
                $body
            }
            Summand::Rectangles($part) => {
                let $family = Summand::Rectangles;
                $body
            }
            Summand::Corner($part) => {
                let $family = Summand::Corner;
                $body
            }
            Summand::Graph($part) => {
                let $family = Summand::Graph;
                $body
            }
            Summand::Cram($part) => {
                let $family = Summand::Cram;
                $body
            }
            Summand::Nimber($part) => {
                let $family = Summand::Nimber;
                $body
            }
        }
    };
}

impl FamilyGame for Summand {
    fn name(&self) -> String {
        each_family!(self, part => part.name())
    }

    fn text(&self) -> String {
        each_family!(self, part => part.text())
    }

    fn written(&self) -> String {
        each_family!(self, part => part.written())
    }

    fn position_text(&self) -> String {
        each_family!(self, part => part.position_text())
    }

    fn same_as(&self, other: &Summand) -> bool {
        match (self, other) {
            (Summand::Placement(a), Summand::Placement(b)) => a.same_as(b),
            (Summand::Heaps(a), Summand::Heaps(b)) => a.same_as(b),
            (Summand::Rectangles(a), Summand::Rectangles(b)) => a.same_as(b),
            (Summand::Corner(a), Summand::Corner(b)) => a.same_as(b),
            (Summand::Graph(a), Summand::Graph(b)) => a.same_as(b),
            (Summand::Cram(a), Summand::Cram(b)) => a.same_as(b),
            (Summand::Nimber(a), Summand::Nimber(b)) => a.same_as(b),
            _ => false,
        }
    }

    fn report(&self, command: Command, outcome: Outcome) -> GameReport {
        each_family!(self, part => part.report(command, outcome))
    }

    fn moves_after(&self) -> Vec<(Move, Summand)> {
        each_family!(self, part, family => part
            .moves_after()
            .into_iter()
            .map(|(named, after)| (named, family(after)))
            .collect())
    }

    fn play(&self, notation: &str) -> Result<Summand, String> {
        each_family!(self, part, family => part.play(notation).map(family))
    }

    fn edge_list(&self) -> Option<String> {
        each_family!(self, part => part.edge_list())
    }

    fn normal_play(&self, budget_bytes: u64) -> Result<Box<dyn NormalPlay>, GraphError> {
        each_family!(self, part => part.normal_play(budget_bytes))
    }

    fn answer_alone(
        &self,
        question: AloneQuestion,
        budget_bytes: u64,
        observer: Box<dyn SearchObserver + Send>,
    ) -> Option<Result<GameReport, String>> {
        each_family!(self, part => part.answer_alone(question, budget_bytes, observer))
    }

    fn moves_within(
        &self,
        all: bool,
        budget_bytes: u64,
        stop: &Arc<AtomicBool>,
        observer: Box<dyn SearchObserver + Send>,
    ) -> Option<GameReport> {
        each_family!(self, part => part.moves_within(all, budget_bytes, stop, observer))
    }

    fn positions_graph(&self) -> Option<Result<PositionsGraph, String>> {
        each_family!(self, part => part.positions_graph())
    }

    fn vertex_set_text(&self, vertices: &[usize]) -> Option<String> {
        each_family!(self, part => part.vertex_set_text(vertices))
    }

    fn smallest_terminal_picture(&self, vertices: &[usize]) -> Option<String> {
        each_family!(self, part => part.smallest_terminal_picture(vertices))
    }

    fn has_own_computer(&self) -> bool {
        each_family!(self, part => part.has_own_computer())
    }

    fn computer_reply(
        &self,
        asked: &ComputerAsked,
        stop: &Arc<AtomicBool>,
        stopped: &AtomicBool,
        observer: Box<dyn SearchObserver + Send>,
    ) -> Result<GameReport, NoReply> {
        each_family!(self, part => part.computer_reply(asked, stop, stopped, observer))
    }

    fn random_move(&self, seed: u64) -> Option<usize> {
        each_family!(self, part => part.random_move(seed))
    }

    fn prepared(&self, observer: &mut dyn WorkObserver) -> Result<Option<Summand>, WorkEnd> {
        each_family!(self, part, family => part
            .prepared(observer)
            .map(|ready| ready.map(family)))
    }

    fn resumable_search(&self) -> Option<ResumableSearch> {
        each_family!(self, part => part.resumable_search())
    }

    fn misere_start(&self) -> Result<MisereStart, TooLarge> {
        each_family!(self, part => part.misere_start())
    }

    fn misere_moves(&self) -> Result<Vec<(Move, Vec<State>)>, TooLarge> {
        each_family!(self, part => part.misere_moves())
    }

    fn nim_heaps(&self) -> Option<Vec<NimHeap>> {
        each_family!(self, part => part.nim_heaps())
    }

    fn named_move(&self, notation: String, nimber: Nimber) -> Move {
        each_family!(self, part => part.named_move(notation, nimber))
    }

    fn strategy_move(&self) -> Option<(String, String)> {
        each_family!(self, part => part.strategy_move())
    }

    fn at_position(&self, rows: &str) -> Option<Result<Summand, String>> {
        each_family!(self, part, family => part
            .at_position(rows)
            .map(|read| read.map(family)))
    }

    fn at_start(&self) -> bool {
        each_family!(self, part => part.at_start())
    }

    fn side_strategy(&self, side: Player) -> Option<Result<String, String>> {
        each_family!(self, part => part.side_strategy(side))
    }

    fn board_view(&self) -> Option<Box<dyn PlayView>> {
        each_family!(self, part => part.board_view())
    }

    fn misere_moves_by_theory(
        &self,
        stop: &AtomicBool,
    ) -> Result<Option<(JudgedMoveList, String)>, StopRaised> {
        each_family!(self, part => part.misere_moves_by_theory(stop))
    }

    fn picture(&self) -> Option<String> {
        each_family!(self, part => part.picture())
    }

    fn report_picture(&self, report: &GameReport, every_move_listed: bool) -> Option<String> {
        each_family!(self, part => part.report_picture(report, every_move_listed))
    }
}

/// A game of each family is a summand of its family.
macro_rules! summand_from {
    ($($family:ident($game:ty)),*) => {
        $(impl From<$game> for Summand {
            fn from(game: $game) -> Summand {
                Summand::$family(game)
            }
        })*
    };
}

summand_from!(
    Placement(Placement),
    Heaps(Heaps),
    Rectangles(Rectangles),
    Corner(CornerPiece),
    Graph(GraphGame),
    Cram(CramGame),
    Nimber(Nimber)
);

/// A sum of games, each valued once and then kept.
pub struct GameSum {
    summands: Vec<Summand>,
    values: Vec<Option<Nimber>>,
    /// The evaluator of each summand, made with the sum and kept, so that a summand's moves
    /// are valued with the search that valued the summand.
    evaluators: Vec<Box<dyn NormalPlay>>,
}

impl GameSum {
    /// The sum of `summands`; the searches of placement games and graphs each get a table of
    /// `budget_bytes`.
    ///
    /// # Errors
    /// When a graph has more vertices than the search handles.
    pub fn new(summands: Vec<Summand>, budget_bytes: u64) -> Result<GameSum, GraphError> {
        let evaluators = summands
            .iter()
            .map(|summand| summand.normal_play(budget_bytes))
            .collect::<Result<_, _>>()?;
        Ok(GameSum {
            values: vec![None; summands.len()],
            summands,
            evaluators,
        })
    }

    /// Searches made from now on tell `observer` (a copy each) their progress and stop when
    /// its flag is raised; the values then found are meaningless, and the caller, who raised
    /// the flag, does not believe them.
    pub(crate) fn set_observer<O: SearchObserver + Clone + Send + 'static>(
        &mut self,
        observer: &O,
    ) {
        for evaluator in &mut self.evaluators {
            evaluator.set_observer(Box::new(observer.clone()));
        }
    }

    /// The nim-value of each summand.
    pub(crate) fn summand_values(&mut self) -> Vec<Nimber> {
        (0..self.summands.len())
            .map(|index| self.summand_value(index))
            .collect()
    }

    /// For each summand, the strategy that settles its value without search (mirror play or
    /// the kings' answer in the same line: a second-player win, value 0), as its solver finds
    /// it; `None` for a summand searched or valued by a formula.
    #[must_use]
    pub(crate) fn summand_settlements(&self) -> Vec<Option<String>> {
        self.evaluators
            .iter()
            .map(|evaluator| evaluator.settlement())
            .collect()
    }

    /// The nim-value of the sum: the nim-sum of the summands' values.
    pub fn nim_value(&mut self) -> Nimber {
        self.summand_values().into_iter().sum()
    }

    /// The positions the searches of placement games and graphs have visited so far.
    #[must_use]
    pub(crate) fn positions_searched(&self) -> u64 {
        self.evaluators
            .iter()
            .map(|evaluator| evaluator.positions_searched())
            .sum()
    }

    /// Every legal move of the sum to a different sum, with the value it leads to, summand by
    /// summand. Moves that lead to the same sum are listed once, as a game of heaps lists them:
    /// a move on one of several equal heaps (or boards) of a summand is one move, and a summand
    /// the same as an earlier one ([`Summand::same_as`]) is not moved in. The list has one entry
    /// per move, so a huge heap or nimber makes it huge: [`GameSum::list_moves`] bounds it.
    #[cfg(test)]
    pub(crate) fn moves(&mut self) -> Vec<SumMove> {
        self.list_moves(true, usize::MAX).listed
    }

    /// The moves to a sum of value 0.
    pub fn winning_moves(&mut self) -> Vec<SumMove> {
        self.list_moves(false, usize::MAX).listed
    }

    /// The moves of the sum counted in full and listed up to `limit`: the winning moves (the
    /// first `limit` of them) and, if `all`, the first `limit` of the others too, in the order
    /// of the summands. Nothing is allocated for a move not listed, so `*4294967295` costs no
    /// more than `*3`: a nimber's moves are counted, not made, and its one winning move (to
    /// the value that cancels the rest of the sum) is found directly.
    pub(crate) fn list_moves(&mut self, all: bool, limit: usize) -> SumMoves {
        let total = self.nim_value();
        let mut lister = Lister::new(all, limit);
        for index in 0..self.summands.len() {
            // A move in a summand the same as an earlier one leads where the same move there
            // leads.
            if self.summands[..index]
                .iter()
                .any(|earlier| earlier.same_as(&self.summands[index]))
            {
                continue;
            }
            let rest = total + self.summand_value(index);
            self.evaluators[index].offer_moves(&mut MoveOffers {
                lister: &mut lister,
                summand: index,
                rest,
            });
        }
        lister.moves
    }

    /// A move to a sum of value 0, found by nim's rule: only a summand whose value the sum's
    /// value lowers (`value + total < value`) has one, to the value `value + total`, so only
    /// such a summand's moves are valued, and only until one leads there. `None` when the sum
    /// has value 0.
    pub(crate) fn winning_move(&mut self) -> Option<SumMove> {
        let total = self.nim_value();
        if total == Nimber::ZERO {
            return None;
        }
        for index in 0..self.summands.len() {
            let value = self.summand_value(index);
            let target = value + total;
            if target >= value {
                continue;
            }
            if let Some(notation) = self.evaluators[index].move_to_value(target) {
                return Some(SumMove {
                    summand: index,
                    notation,
                    summand_value: target,
                    nimber: Nimber::ZERO,
                });
            }
        }
        None
    }

    fn summand_value(&mut self, index: usize) -> Nimber {
        *self.values[index].get_or_insert_with(|| self.evaluators[index].nim_value())
    }
}

/// The report of a move of this family.
impl Move {
    /// A move of a sum of games: `sum_move` in game `sum_move.summand` (from 0) of the sum.
    #[must_use]
    pub(crate) fn in_sum(sum_move: &SumMove) -> Move {
        Move::bare(sum_move.notation.clone(), sum_move.nimber)
            .played_in_summand(sum_move.summand + 1, Some(sum_move.summand_value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heap::{HeapGame, HeapRuleset, Rectangle};
    use crate::games::placement::{Piece, PlacementGame};
    use crate::values::mex;

    fn kayles() -> HeapGame {
        match "kayles".parse() {
            Ok(HeapRuleset::Line(game)) => game,
            other => panic!("kayles is a game of heaps: {other:?}"),
        }
    }

    fn knights(board: &str) -> Summand {
        let game = PlacementGame::new(Piece::Knight, board.parse().unwrap());
        let position = game.empty();
        Summand::Placement(Placement { game, position })
    }

    /// The slow, obviously right value of a sum: the mex of the values after every move,
    /// each computed as a sum of its own.
    fn value_by_mex(summands: &[Summand]) -> Nimber {
        let mut sum = GameSum::new(summands.to_vec(), 1 << 22).unwrap();
        let values: Vec<Nimber> = sum.moves().iter().map(|m| m.nimber).collect();
        mex(values)
    }

    #[test]
    fn the_sum_is_the_nim_sum_of_its_parts_and_the_mex_of_its_moves() {
        let cases: Vec<Vec<Summand>> = vec![
            vec![knights("3x3"), Summand::Nimber(Nimber::new(2))],
            vec![
                knights("2x3"),
                Summand::Heaps(Heaps {
                    game: kayles(),
                    heaps: vec![4, 2],
                }),
            ],
            vec![
                Summand::Corner(CornerPiece {
                    game: "corner-knight".parse().unwrap(),
                    m: 5,
                    n: 4,
                }),
                Summand::Nimber(Nimber::new(1)),
                Summand::Rectangles(Rectangles(vec!["2x3".parse().unwrap()])),
            ],
        ];
        for summands in cases {
            let mut sum = GameSum::new(summands.clone(), 1 << 22).unwrap();
            let parts = sum.summand_values();
            assert_eq!(sum.nim_value(), parts.iter().copied().sum());
            assert_eq!(sum.nim_value(), value_by_mex(&summands));
        }
    }

    #[test]
    fn winning_moves_lead_to_zero_and_exist_exactly_when_the_sum_is_not_zero() {
        let summands = vec![
            knights("5x5"),
            Summand::Heaps(Heaps {
                game: kayles(),
                heaps: vec![7],
            }),
            Summand::Nimber(Nimber::new(2)),
        ];
        let mut sum = GameSum::new(summands, 1 << 24).unwrap();
        // *1 + *2 + *2 = *1: the winning moves take the knights to 0 or Kayles to *3, or the
        // heap *2 to *3 (impossible), so some exist and each leaves 0.
        assert_eq!(sum.nim_value(), Nimber::new(1));
        let winning = sum.winning_moves();
        assert!(!winning.is_empty());
        for m in &winning {
            assert_eq!(m.nimber, Nimber::ZERO);
            assert_ne!(m.summand, 2, "{m:?}");
        }
    }

    /// The one winning move `outcome` names, found by nim's rule, is one of the winning moves
    /// listed, and there is one exactly when the sum is not 0.
    #[test]
    fn the_winning_move_by_nim_s_rule_is_a_winning_move() {
        let heaps = |list: &[usize]| {
            Summand::Heaps(Heaps {
                game: kayles(),
                heaps: list.to_vec(),
            })
        };
        let nimber = |n: u32| Summand::Nimber(Nimber::new(n));
        for summands in [
            vec![knights("5x5"), heaps(&[7]), nimber(2)],
            vec![knights("3x3"), nimber(1)],
            vec![knights("3x3"), nimber(3)],
            vec![heaps(&[3, 4]), heaps(&[5]), nimber(6)],
            vec![heaps(&[3]), heaps(&[3])],
            vec![knights("2x3"), knights("3x3"), heaps(&[9, 2])],
        ] {
            let mut sum = GameSum::new(summands.clone(), 1 << 22).unwrap();
            let winning = sum.winning_moves();
            let found = sum.winning_move();
            assert_eq!(
                found.is_some(),
                sum.nim_value() != Nimber::ZERO,
                "{summands:?}"
            );
            if let Some(found) = found {
                assert!(winning.contains(&found), "{found:?} not in {winning:?}");
            }
        }
    }

    #[test]
    fn a_move_to_the_same_sum_is_listed_once() {
        let heaps = |list: &[usize]| {
            Summand::Heaps(Heaps {
                game: kayles(),
                heaps: list.to_vec(),
            })
        };
        // Kayles 5 5 alone moves as kayles 5 does; beside *0, and beside itself, no differently.
        let alone = GameSum::new(vec![heaps(&[5])], 0).unwrap().moves().len();
        for summands in [
            vec![heaps(&[5, 5])],
            vec![heaps(&[5, 5]), Summand::Nimber(Nimber::ZERO)],
            vec![heaps(&[5]), heaps(&[5])],
            vec![heaps(&[5]), Summand::Nimber(Nimber::ZERO), heaps(&[5])],
        ] {
            let moves = GameSum::new(summands.clone(), 0).unwrap().moves();
            assert_eq!(moves.len(), alone, "{summands:?}");
        }
        // Different heaps, and different games, each move.
        let moves = GameSum::new(vec![heaps(&[5, 4]), heaps(&[5])], 0)
            .unwrap()
            .moves();
        let kayles_5 = GameSum::new(vec![heaps(&[5])], 0).unwrap().moves().len();
        let kayles_4 = GameSum::new(vec![heaps(&[4])], 0).unwrap().moves().len();
        assert_eq!(moves.len(), 2 * kayles_5 + kayles_4);
        // Two 2x3 boards of two-dimensional Kayles move as one.
        let board: Rectangle = "2x3".parse().unwrap();
        let one = GameSum::new(vec![Summand::Rectangles(Rectangles(vec![board]))], 0)
            .unwrap()
            .moves()
            .len();
        let two = GameSum::new(vec![Summand::Rectangles(Rectangles(vec![board, board]))], 0)
            .unwrap()
            .moves()
            .len();
        assert_eq!(one, two);
    }

    #[test]
    fn a_nim_heap_moves_to_every_smaller_heap() {
        let mut sum = GameSum::new(vec![Summand::Nimber(Nimber::new(3))], 0).unwrap();
        let moves: Vec<String> = sum.moves().into_iter().map(|m| m.notation).collect();
        assert_eq!(moves, ["*3 -> 0", "*3 -> *1", "*3 -> *2"]);
    }

    #[test]
    fn a_huge_nimber_is_counted_and_its_winning_move_found_directly() {
        let huge = Nimber::new(u32::MAX);
        let mut sum = GameSum::new(
            vec![Summand::Nimber(huge), Summand::Nimber(Nimber::new(7))],
            0,
        )
        .unwrap();
        let winning = sum.list_moves(false, 10);
        assert_eq!(winning.legal, u64::from(u32::MAX) + 7);
        assert_eq!(winning.winning, 1);
        let names: Vec<&str> = winning.listed.iter().map(|m| m.notation.as_str()).collect();
        assert_eq!(names, [format!("{huge} -> *7")]);
        let all = sum.list_moves(true, 10);
        assert_eq!(all.legal, winning.legal);
        assert!(all.listed.len() <= 20, "{}", all.listed.len());
        // The first moves of the huge heap, in order, the winning one (to *7) among them.
        let first: Vec<String> = (0..10)
            .map(|to| format!("{huge} -> {}", Nimber::new(to)))
            .collect();
        let listed: Vec<&String> = all.listed[..10].iter().map(|m| &m.notation).collect();
        assert_eq!(listed, first.iter().collect::<Vec<_>>());
        assert_eq!(all.listed[7].nimber, Nimber::ZERO);
    }
}
