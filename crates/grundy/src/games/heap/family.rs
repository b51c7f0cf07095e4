//! Heap games and two-dimensional Kayles as grundy's families ([`crate::games::contract`]).

use super::{HeapGame, Kayles2d, Rectangle};
use super::{HeapMove, RectangleMove};
use crate::games::contract::{no_such_move, plain_report, split_notation, FamilyGame};
use crate::report::{Command, GameReport, Move};
use crate::values::Outcome;

/// A take-and-break game on heaps of these sizes.
#[derive(Clone, Debug)]
pub struct Heaps {
    /// The rules.
    pub game: HeapGame,
    /// The heap sizes.
    pub heaps: Vec<usize>,
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
                let mut after = heaps.clone();
                after.remove(heap_move.index);
                after.extend_from_slice(&heap_move.to);
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
        let mut after = heaps.clone();
        after.remove(index);
        after.extend_from_slice(&to);
        Ok(Heaps {
            game: game.clone(),
            heaps: after,
        })
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
                let mut after = self.0.clone();
                after.remove(board_move.index);
                after.extend_from_slice(&board_move.to);
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
        let mut after = self.0.clone();
        after.remove(index);
        after.extend_from_slice(&to);
        Ok(Rectangles(after))
    }
}

/// The report of a move of this family.
impl Move {
    /// A move in a heap game; the heap is numbered from 1 in the report.
    #[must_use]
    pub fn heap(heap_move: &HeapMove) -> Move {
        Move {
            heap: Some(heap_move.index + 1),
            from: Some(heap_move.from),
            to: Some(heap_move.to.clone()),
            ..Move::bare(heap_move.to_string(), heap_move.nimber)
        }
    }
    /// A move in two-dimensional Kayles; the board is numbered from 1 in the report.
    #[must_use]
    pub fn rectangle(board_move: &RectangleMove) -> Move {
        Move {
            heap: Some(board_move.index + 1),
            from_board: Some(board_move.from.to_string()),
            to_boards: Some(board_move.to.iter().map(ToString::to_string).collect()),
            ..Move::bare(board_move.to_string(), board_move.nimber)
        }
    }
}
