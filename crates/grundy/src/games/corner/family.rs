//! Corner games as one of grundy's families ([`crate::games::contract`]).

use std::sync::Arc;

use super::{CornerGame, CornerMove};

use crate::games::contract::{
    moves_report, no_such_move, split_notation, valued_report, with_winning_move, AloneQuestion,
    FamilyGame, NormalPlay,
};
use crate::games::move_list::MoveOffers;
use crate::games::parts::{Family, MisereStart, PartFamily, Parts, Shape, State, TooLarge};
use crate::graph::GraphError;
use crate::report::{Command, GameReport};
use crate::report::{Move, MovePart};
use crate::solver::SearchObserver;
use crate::values::Nimber;

/// A corner game with its piece at `(m, n)`.
#[derive(Clone, Debug)]
pub struct CornerPiece {
    /// The rules.
    pub(crate) game: CornerGame,
    /// The piece's first coordinate.
    pub(crate) m: usize,
    /// The piece's second coordinate.
    pub(crate) n: usize,
}

impl CornerPiece {
    /// Whether the piece may step to `to`: the queen's lines told by arithmetic (its targets
    /// are as many as the board is long, so a list of them per move checked would be slow),
    /// another piece's few steps listed.
    fn reaches(&self, to: (usize, usize)) -> bool {
        let (m, n) = (self.m, self.n);
        match self.game {
            CornerGame::Queen => {
                let (a, b) = to;
                (a < m && b == n) || (a == m && b < n) || (a < m && b < n && m - a == n - b)
            }
            CornerGame::Steps(_) => self.game.targets(m, n).contains(&to),
        }
    }
}

impl FamilyGame for CornerPiece {
    fn name(&self) -> String {
        self.game.to_string()
    }

    fn text(&self) -> String {
        format!("{} {} {}", self.game, self.m, self.n)
    }

    fn position_text(&self) -> String {
        format!("{} {}", self.m, self.n)
    }

    fn same_as(&self, other: &CornerPiece) -> bool {
        self.game == other.game && (self.m, self.n) == (other.m, other.n)
    }

    fn moves_after(&self) -> Vec<(Move, Self)> {
        let CornerPiece { game, m, n } = self;
        game.targets(*m, *n)
            .into_iter()
            .map(|(to_m, to_n)| {
                let step = CornerMove {
                    m: to_m,
                    n: to_n,
                    nimber: Nimber::ZERO,
                };
                (
                    Move::corner(*m, *n, &step),
                    CornerPiece {
                        game: game.clone(),
                        m: to_m,
                        n: to_n,
                    },
                )
            })
            .collect()
    }

    fn play(&self, notation: &str) -> Result<Self, String> {
        let refused = || no_such_move(notation, self);
        let square = |text: &str| -> Option<(usize, usize)> {
            let (m, n) = text
                .trim()
                .strip_prefix('(')?
                .strip_suffix(')')?
                .split_once(',')?;
            Some((m.trim().parse().ok()?, n.trim().parse().ok()?))
        };
        let (from, parts) = split_notation(notation).ok_or_else(refused)?;
        let ([to], Some(from)) = (parts.as_slice(), square(from)) else {
            return Err(refused());
        };
        let to = square(to).ok_or_else(refused)?;
        if from != (self.m, self.n) || !self.reaches(to) {
            return Err(refused());
        }
        Ok(CornerPiece {
            game: self.game.clone(),
            m: to.0,
            n: to.1,
        })
    }

    fn normal_play(&self, _budget_bytes: u64) -> Result<Box<dyn NormalPlay>, GraphError> {
        Ok(Box::new(self.clone()))
    }

    /// The piece's value and moves are read from the game's table, or searched from its
    /// square when the table would be too large.
    fn answer_alone(
        &self,
        question: AloneQuestion,
        _budget_bytes: u64,
        _observer: Box<dyn SearchObserver + Send>,
    ) -> Option<Result<GameReport, String>> {
        let CornerPiece { game, m, n } = self;
        let (nimber, steps) = match game.value_and_moves_within_limits(*m, *n) {
            Ok(found) => found,
            Err(why) => return Some(Err(why)),
        };
        let report = match question {
            AloneQuestion::Value => valued_report(self, Command::Value, nimber),
            AloneQuestion::Outcome => {
                let winning = steps
                    .iter()
                    .find(|step| step.nimber == Nimber::ZERO)
                    .map(|step| Move::corner(*m, *n, step));
                with_winning_move(
                    valued_report(self, Command::Value, nimber),
                    winning,
                    Some(steps.len()),
                )
            }
            AloneQuestion::Moves { all, .. } => {
                let moves = steps
                    .iter()
                    .map(|step| Move::corner(*m, *n, step))
                    .collect();
                moves_report(self, moves, all, nimber)
            }
        };
        Some(Ok(report))
    }

    fn misere_start(&self) -> Result<MisereStart, TooLarge> {
        let coordinate = |c: usize| u32::try_from(c).unwrap_or(u32::MAX);
        Ok(MisereStart {
            rules: Arc::new(self.game.clone()),
            states: vec![State::Pair(coordinate(self.m), coordinate(self.n))],
        })
    }
}

/// Where the corner piece at `(m, n)` may go.
fn corner_targets(game: &CornerGame, m: u32, n: u32) -> impl Iterator<Item = (u32, u32)> {
    game.targets(m as usize, n as usize)
        .into_iter()
        .map(|(m, n)| (m as u32, n as u32))
}

/// The corner piece as a part of a misère position: its square.
impl PartFamily for CornerGame {
    fn has_moves(&self, state: State) -> bool {
        let State::Pair(m, n) = state else {
            return false;
        };
        corner_targets(self, m, n).next().is_some()
    }

    fn longest_play(&self, state: State) -> u64 {
        let State::Pair(m, n) = state else { return 0 };
        self.longest_play_from(u64::from(m), u64::from(n))
    }

    fn add_parts(&self, family: Family, state: State, parts: &mut Parts) {
        if let State::Pair(m, n) = state {
            parts.push(family.part(Shape::Pair(m, n), state));
        }
    }

    fn for_each_option(&self, family: Family, state: State, visit: &mut dyn FnMut(&mut Parts)) {
        let State::Pair(m, n) = state else { return };
        let mut left = Vec::new();
        for (m, n) in corner_targets(self, m, n) {
            left.clear();
            let after = State::Pair(m, n);
            if self.has_moves(after) {
                left.push(family.part(Shape::Pair(m, n), after));
            }
            visit(&mut left);
        }
    }
}

/// A corner game's piece is valued by its game's formula or table of steps.
impl NormalPlay for CornerPiece {
    fn nim_value(&mut self) -> Nimber {
        self.game.value(self.m, self.n)
    }

    fn offer_moves(&mut self, moves: &mut MoveOffers<'_>) {
        let (m, n) = (self.m, self.n);
        for to in self.game.moves(m, n) {
            moves.offer(to.nimber, || format!("({m}, {n}) -> ({}, {})", to.m, to.n));
        }
    }
}

/// The report of a move of this family.
impl Move {
    /// The corner piece's step from `(m, n)`.
    #[must_use]
    pub(crate) fn corner(m: usize, n: usize, step: &CornerMove) -> Move {
        Move::with_part(
            format!("({m}, {n}) -> ({}, {})", step.m, step.n),
            step.nimber,
            MovePart::Corner {
                corner: [step.m, step.n],
            },
        )
    }
}
