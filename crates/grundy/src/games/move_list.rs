//! The moves of a sum as they are counted and listed: each summand's evaluator offers its moves
//! ([`crate::games::contract::NormalPlay::offer_moves`]) to a [`MoveOffers`], which counts every
//! one and lists those the answer has room for.

use crate::report::Move;
use crate::values::Nimber;

/// The most moves listed for a heap game or a sum (winning moves and, with `all`, the others);
/// the rest are counted.
pub const LIST_LIMIT: usize = 1000;

/// Moves judged one at a time (win or not, or not known) and kept within a listing's room
/// whatever their number: how many there are, win and are not known, and the moves listed
/// as a sum's [`Lister`] lists them: the first [`LIST_LIMIT`] that win and, when every move
/// is asked for, the first [`LIST_LIMIT`] of the others. A heap of 100,000 tokens has about
/// as many moves, and a position of a thousand such heaps a hundred million.
#[derive(Clone, Debug, Default)]
pub struct JudgedMoveList {
    /// Every legal move.
    pub legal: usize,
    /// The moves that win.
    pub winning: usize,
    /// The moves not judged (out of thinking time).
    pub unsettled: usize,
    /// Every move asked for: the first [`LIST_LIMIT`] winning moves and the first
    /// [`LIST_LIMIT`] others (lost or not judged), in order.
    pub listed_all: Vec<Move>,
    /// The first winning moves, at most [`LIST_LIMIT`].
    pub first_winning: Vec<Move>,
    /// How many moves that do not win `listed_all` holds.
    others_listed: usize,
}

impl JudgedMoveList {
    /// Counts a move whose verdict is `winning` (`None`: not judged), made by `judged` only
    /// when it is kept.
    pub(crate) fn add(&mut self, winning: Option<bool>, judged: impl FnOnce() -> Move) {
        self.legal += 1;
        let wins = winning == Some(true);
        self.winning += usize::from(wins);
        self.unsettled += usize::from(winning.is_none());
        if wins {
            if self.first_winning.len() < LIST_LIMIT {
                let judged = judged();
                self.first_winning.push(judged.clone());
                self.listed_all.push(judged);
            }
        } else if self.others_listed < LIST_LIMIT {
            self.others_listed += 1;
            self.listed_all.push(judged());
        }
    }

    /// Whether no move more would be listed, when `winning` moves win in all: every winning
    /// move listed (or the most listed) and the most others.
    pub(crate) fn is_full(&self, winning: usize) -> bool {
        self.others_listed == LIST_LIMIT && self.first_winning.len() == winning.min(LIST_LIMIT)
    }

    /// The moves judged, each kept as [`JudgedMoveList::add`] keeps them.
    pub(crate) fn of(moves: Vec<Move>) -> JudgedMoveList {
        let mut list = JudgedMoveList::default();
        for judged in moves {
            list.add(judged.winning, || judged);
        }
        list
    }

    /// The first winning move, if one was judged so.
    pub(crate) fn winning_move(&self) -> Option<&Move> {
        self.first_winning.first()
    }
}

/// A move in one summand of a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMove {
    /// Which summand it is played in, counting from 0 in the order given.
    pub(crate) summand: usize,
    /// The move as its own family writes it (`c3`, `Nc3`, `7 -> 2 + 4`, `(7, 9) -> (5, 8)`, a
    /// vertex's name, `*3 -> *1`).
    pub(crate) notation: String,
    /// The nim-value of the summand after the move.
    pub(crate) summand_value: Nimber,
    /// The nim-value of the whole sum after the move: 0 for a winning move.
    pub(crate) nimber: Nimber,
}

/// The moves of a sum: all counted, some listed (`crate::games::sum::GameSum::list_moves`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMoves {
    /// Every legal move.
    pub(crate) legal: u64,
    /// The moves to a sum of value 0.
    pub(crate) winning: u64,
    /// The moves listed, in the order of the summands.
    pub(crate) listed: Vec<SumMove>,
}

/// Counts the moves of a sum and keeps those to be listed.
pub(crate) struct Lister {
    pub(crate) all: bool,
    pub(crate) limit: usize,
    pub(crate) winning_listed: usize,
    pub(crate) others_listed: usize,
    pub(crate) moves: SumMoves,
}

impl Lister {
    /// A lister that counts every move and lists the first `limit` winning ones and, with
    /// `all`, the first `limit` of the others.
    pub(crate) fn new(all: bool, limit: usize) -> Lister {
        Lister {
            all,
            limit,
            winning_listed: 0,
            others_listed: 0,
            moves: SumMoves {
                legal: 0,
                winning: 0,
                listed: Vec::new(),
            },
        }
    }

    /// Counts the move of summand `summand` to `to`, the rest of the sum being `rest`, and
    /// lists it (named by `notation`, called only then) if there is room.
    pub(crate) fn offer(
        &mut self,
        summand: usize,
        rest: Nimber,
        to: Nimber,
        notation: impl FnOnce() -> String,
    ) {
        let nimber = rest + to;
        let wins = nimber == Nimber::ZERO;
        self.moves.legal += 1;
        self.moves.winning += u64::from(wins);
        let listed = if wins {
            &mut self.winning_listed
        } else {
            &mut self.others_listed
        };
        if (wins || self.all) && *listed < self.limit {
            *listed += 1;
            self.moves.listed.push(SumMove {
                summand,
                notation: notation(),
                summand_value: to,
                nimber,
            });
        }
    }
}

/// Where one summand's evaluator offers its moves ([`NormalPlay::offer_moves`](crate::games::contract::NormalPlay::offer_moves)): each is
/// counted, and listed if the sum's list has room for it.
pub struct MoveOffers<'a> {
    pub(crate) lister: &'a mut Lister,
    pub(crate) summand: usize,
    /// The nim-sum of the other summands, unchanged by a move here.
    pub(crate) rest: Nimber,
}

impl MoveOffers<'_> {
    /// Counts the move to a summand of value `to` and lists it, named by `notation` (called
    /// only then), if there is room.
    pub(crate) fn offer(&mut self, to: Nimber, notation: impl FnOnce() -> String) {
        self.lister.offer(self.summand, self.rest, to, notation);
    }

    /// The value the summand must move to for the whole sum to be 0: its winning move's.
    #[must_use]
    pub(crate) fn winning_value(&self) -> Nimber {
        self.rest
    }

    /// How many more moves that do not win can be listed.
    #[must_use]
    pub(crate) fn room(&self) -> usize {
        if self.lister.all {
            self.lister.limit.saturating_sub(self.lister.others_listed)
        } else {
            0
        }
    }

    /// Counts `count` more legal moves, none of them winning, without offering them.
    pub(crate) fn count_unlisted(&mut self, count: u64) {
        self.lister.moves.legal += count;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// However many moves are judged, the list keeps their counts and only the first
    /// [`LIST_LIMIT`] winning ones and of the others, in order, making no other move.
    #[test]
    fn judged_moves_are_counted_and_the_first_kept() {
        let mut list = JudgedMoveList::default();
        let mut made = 0;
        for index in 0..5 * LIST_LIMIT {
            let winning = match index % 5 {
                0 => Some(true),
                1 => None,
                _ => Some(false),
            };
            list.add(winning, || {
                made += 1;
                Move::bare(index.to_string(), Nimber::ZERO).partly_known(winning)
            });
        }
        assert_eq!(
            (list.legal, list.winning, list.unsettled),
            (5 * LIST_LIMIT, LIST_LIMIT, LIST_LIMIT)
        );
        let notation = |moves: &[Move]| -> Vec<usize> {
            moves.iter().map(|m| m.notation.parse().unwrap()).collect()
        };
        let others: Vec<usize> = (0..5 * LIST_LIMIT)
            .filter(|index| index % 5 != 0)
            .take(LIST_LIMIT)
            .collect();
        let mut listed: Vec<usize> = (0..LIST_LIMIT).map(|k| 5 * k).chain(others).collect();
        listed.sort_unstable();
        assert_eq!(notation(&list.listed_all), listed);
        assert_eq!(
            notation(&list.first_winning),
            (0..LIST_LIMIT).map(|k| 5 * k).collect::<Vec<_>>()
        );
        // Each move listed is made once.
        assert_eq!(made, 2 * LIST_LIMIT);
        assert_eq!(list.winning_move().map(|m| m.notation.as_str()), Some("0"));
    }
}
