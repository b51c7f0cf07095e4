//! Nim heaps written as nimbers (`*3`) as one of grundy's families
//! ([`crate::games::contract`]): a summand of sums of games.

use crate::games::contract::{no_such_move, split_notation, FamilyGame};
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
}
