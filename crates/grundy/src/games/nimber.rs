//! Nim heaps written as nimbers (`*3`) as one of grundy's families
//! ([`crate::games::contract`]): a summand of sums of games.

use std::sync::Arc;

use crate::games::contract::{no_such_move, split_notation, FamilyGame, NimHeap, NormalPlay};
use crate::games::move_list::MoveOffers;
use crate::games::parts::{Family, MisereStart, PartFamily, Parts, State, TooLarge};
use crate::graph::GraphError;
use crate::report::Move;
use crate::values::Nimber;

impl FamilyGame for Nimber {
    fn name(&self) -> String {
        format!("*{}", self.value())
    }

    fn text(&self) -> String {
        self.name()
    }

    fn position_text(&self) -> String {
        self.name()
    }

    fn same_as(&self, other: &Nimber) -> bool {
        self == other
    }

    fn moves_after(&self) -> Vec<(Move, Self)> {
        (0..self.value())
            .map(|to| {
                let to = Nimber::new(to);
                (Move::bare(format!("{self} -> {to}"), Nimber::ZERO), to)
            })
            .collect()
    }

    fn play(&self, notation: &str) -> Result<Self, String> {
        let refused = || no_such_move(notation, self);
        let (from, parts) = split_notation(notation).ok_or_else(refused)?;
        if from.parse::<Nimber>().ok() != Some(*self) {
            return Err(refused());
        }
        let to = match parts.as_slice() {
            [] => Nimber::ZERO,
            [to] => to.parse::<Nimber>().map_err(|_| refused())?,
            _ => return Err(refused()),
        };
        if to >= *self {
            return Err(refused());
        }
        Ok(to)
    }

    fn normal_play(&self, _budget_bytes: u64) -> Result<Box<dyn NormalPlay>, GraphError> {
        Ok(Box::new(*self))
    }

    fn misere_start(&self) -> Result<MisereStart, TooLarge> {
        Ok(MisereStart {
            rules: Arc::new(NimHeaps),
            states: vec![State::Count(self.value())],
        })
    }

    fn nim_heaps(&self) -> Option<Vec<NimHeap>> {
        Some(vec![NimHeap {
            size: self.value(),
            index: 0,
            moved_on: true,
            most_left_first: false,
            name: |heap, to| {
                Move::bare(
                    format!("{} -> {}", Nimber::new(heap.size), Nimber::new(to)),
                    Nimber::ZERO,
                )
            },
        }])
    }
}

/// Nim heaps as parts of a misère position: a heap moves to every smaller one.
#[derive(Debug, PartialEq)]
pub(crate) struct NimHeaps;

impl PartFamily for NimHeaps {
    fn has_moves(&self, state: State) -> bool {
        matches!(state, State::Count(count) if count > 0)
    }

    fn longest_play(&self, state: State) -> u64 {
        match state {
            State::Count(count) => u64::from(count),
            _ => 0,
        }
    }

    fn add_parts(&self, family: Family, state: State, parts: &mut Parts) {
        if let State::Count(count) = state {
            parts.push(family.count_part(count));
        }
    }

    fn for_each_option(&self, family: Family, state: State, visit: &mut dyn FnMut(&mut Parts)) {
        let State::Count(count) = state else { return };
        let mut left = Vec::new();
        for smaller in 0..count {
            left.clear();
            if smaller > 0 {
                left.push(family.count_part(smaller));
            }
            visit(&mut left);
        }
    }
}

/// A nimber is its own value; its moves, to every smaller nimber, are counted rather than made,
/// so `*4294967295` costs no more than `*3`: those that can still be listed are made, and the
/// winning one (to the value that cancels the rest of the sum) is found directly.
impl NormalPlay for Nimber {
    fn nim_value(&mut self) -> Nimber {
        *self
    }

    fn offer_moves(&mut self, moves: &mut MoveOffers<'_>) {
        let (n, target) = (self.value(), moves.winning_value().value());
        let shown = n.min(u32::try_from(moves.room()).unwrap_or(u32::MAX));
        let name = |to: u32| format!("{self} -> {}", Nimber::new(to));
        for to in 0..shown {
            moves.offer(Nimber::new(to), || name(to));
        }
        let winning_unshown = (shown..n).contains(&target);
        if winning_unshown {
            moves.offer(Nimber::new(target), || name(target));
        }
        moves.count_unlisted(u64::from(n - shown) - u64::from(winning_unshown));
    }
}
