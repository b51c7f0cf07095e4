//! Misère Nim in closed form: who wins (Bouton 1902), the misère nim-value and Conway's genus
//! (On Numbers and Games, ch. 12) of any position of Nim heaps, and the moves that win, with
//! no search. The search would go as deep as the longest play, a move a token, and finds the
//! genus of `*1500` only after some 45 s.
//!
//! The misère nim-value of a Nim position is its nim-sum when some heap has more than one
//! token; when none has, the heaps are of one token or none, every move takes one, and the
//! value is the nim-sum with its last bit flipped (0 exactly when an odd number of heaps of one
//! is left). Adding `*2`s adds heaps of two, so the genus of a position of nim-sum `s` is
//! `s^{s, s ⊕ 2}` (alternating) when some heap has more than one token, and `s^{s ⊕ 1, s ⊕ 2,
//! s, s ⊕ 2, …}` when none has: `0^120` for no heap, `1^031` for `*1`, `2^20`, `3^31`, `4^46`,
//! … for `*n` from 2 on. The tests check all of it against the search ([`super::search`]) for
//! every heap to 12 and every position of up to four heaps of at most 5 tokens.
//!
//! ```
//! use grundy::misere::nim::{genus, nim_wins, NimPosition};
//!
//! assert!(!nim_wins(&[1]));
//! assert!(nim_wins(&[1500, 700]));
//! assert_eq!(genus(&[1500]).to_string(), "1500^{1500,1502}");
//! assert_eq!(genus(&[]).to_string(), "0^120");
//! // From 1500 + 700 the winning move leaves heaps of equal size.
//! assert_eq!(NimPosition::new(&[1500, 700]).winning_targets(1500), [700]);
//! ```

use super::genus::{Genus, GENUS_TERMS};
use crate::games::contract::{FamilyGame, NimHeap};
use crate::report::{Move, SumPart};

/// Bouton's rule for misère Nim: the player to move in the Nim heaps `heaps` wins unless every
/// heap has at most one token and their number is odd, or some heap has more and the nim-sum
/// is 0. (Bouton, "Nim, a game with a complete mathematical theory", 1902.)
#[must_use]
pub fn nim_wins(heaps: &[u32]) -> bool {
    NimPosition::new(heaps).wins()
}

/// The misère nim-value (Conway's γ⁻) of the Nim heaps `heaps`.
#[must_use]
#[cfg(test)]
pub(crate) fn misere_value(heaps: &[u32]) -> u32 {
    NimPosition::new(heaps).misere_value()
}

/// The genus of the Nim heaps `heaps`: their nim-sum, and the misère nim-values of the heaps
/// plus 0, 1, … copies of `*2`, as many terms as `super::genus::genus` computes.
#[must_use]
pub fn genus(heaps: &[u32]) -> Genus {
    let position = NimPosition::new(heaps);
    Genus {
        normal: position.nim_sum,
        misere: (0..GENUS_TERMS)
            .map(|twos| position.with_twos(twos).misere_value())
            .collect(),
    }
}

/// What decides a Nim position under misère play: its nim-sum, how many heaps have more than
/// one token, and how many have one. A move on one heap changes each in a step, so the
/// position after any move is judged at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NimPosition {
    nim_sum: u32,
    large: u64,
    ones: u64,
}

impl NimPosition {
    /// The position of the heaps `heaps` (heaps of no token count for nothing).
    #[must_use]
    pub fn new(heaps: &[u32]) -> NimPosition {
        heaps.iter().fold(
            NimPosition {
                nim_sum: 0,
                large: 0,
                ones: 0,
            },
            |position, &heap| position.with_heap(heap),
        )
    }

    /// This position with one more heap of `heap` tokens.
    fn with_heap(self, heap: u32) -> NimPosition {
        NimPosition {
            nim_sum: self.nim_sum ^ heap,
            large: self.large + u64::from(heap > 1),
            ones: self.ones + u64::from(heap == 1),
        }
    }

    /// This position with `twos` more heaps of two.
    fn with_twos(self, twos: usize) -> NimPosition {
        NimPosition {
            nim_sum: self.nim_sum ^ if twos % 2 == 1 { 2 } else { 0 },
            large: self.large + twos as u64,
            ones: self.ones,
        }
    }

    /// The misère nim-value.
    #[must_use]
    pub(crate) fn misere_value(self) -> u32 {
        if self.large > 0 {
            self.nim_sum
        } else {
            // Heaps of one: the nim-sum is their count's parity, and the last to move loses.
            self.nim_sum ^ 1
        }
    }

    /// Whether the player to move wins.
    #[must_use]
    pub(crate) fn wins(self) -> bool {
        self.misere_value() != 0
    }

    /// The position after a heap of `from` tokens (one of this position's) becomes `to`.
    #[must_use]
    pub(crate) fn after(self, from: u32, to: u32) -> NimPosition {
        NimPosition {
            nim_sum: self.nim_sum ^ from ^ to,
            large: self.large - u64::from(from > 1) + u64::from(to > 1),
            ones: self.ones - u64::from(from == 1) + u64::from(to == 1),
        }
    }

    /// The sizes, increasing, that a heap of `from` tokens (one of this position's) may be
    /// left at to win: those after which the player to move loses. A losing position after
    /// the move has either nim-sum 0 with a heap above one token, which only `to = nim-sum ⊕
    /// from` gives, or no heap above one token, which only `to` of 0 or 1 gives.
    #[must_use]
    pub fn winning_targets(self, from: u32) -> Vec<u32> {
        let mut targets = vec![0, 1, self.nim_sum ^ from];
        targets.sort_unstable();
        targets.dedup();
        targets.retain(|&to| to < from && !self.after(from, to).wins());
        targets
    }
}

/// What names the closed form of misère Nim in a report's `settled_by`.
pub(crate) const NIM_RULE: &str =
    "misère Nim's closed form (Bouton's rule; the genus by Conway's), without search";

/// One heap of a game of misère Nim that a move is made on, with its summand (from 0).
struct MovedHeap {
    summand: usize,
    heap: NimHeap,
}

/// A game every summand of which is Nim heaps: nimbers (`*1500`) and heaps of Nim (`nim 3 4
/// 5`, `0.3...`), as their families say ([`FamilyGame::nim_heaps`]). Misère Nim has a closed
/// form, so the game is answered at once whatever its heaps, where the search goes a token a
/// move to at most 2,000 moves and took 45 s for the genus of `*1500`.
pub(crate) struct NimGame {
    heaps: Vec<u32>,
    position: NimPosition,
    /// The heaps moved on, in the order the moves are listed: a heap game's equal heaps are
    /// moved on once, at the first (as its moves are listed under normal play).
    moved: Vec<MovedHeap>,
    in_sum: bool,
}

impl NimGame {
    /// The sum `summands` as Nim heaps, or `None` when some summand is no Nim heap.
    #[must_use]
    pub(crate) fn of(summands: &[impl FamilyGame]) -> Option<NimGame> {
        let mut heaps = Vec::new();
        let mut moved = Vec::new();
        for (summand, part) in summands.iter().enumerate() {
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
            in_sum: summands.len() > 1,
        })
    }

    /// Whether the player to move wins.
    #[must_use]
    pub(crate) fn wins(&self) -> bool {
        self.position.wins()
    }

    /// The game's genus.
    #[must_use]
    pub(crate) fn genus(&self) -> Genus {
        genus(&self.heaps)
    }

    /// The move leaving `moved` at `to` tokens, named as the search names it, with whether it
    /// wins.
    fn named(&self, moved: &MovedHeap, to: u32) -> Move {
        let heap = &moved.heap;
        Move {
            in_sum: self.in_sum.then_some(SumPart {
                summand: moved.summand + 1,
                summand_nimber: None,
            }),
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
    #[must_use]
    pub(crate) fn legal_moves(&self) -> usize {
        self.moved
            .iter()
            .map(|moved| moved.heap.size as usize)
            .sum()
    }

    /// Every move, judged, in the order they are listed; made one at a time as they are read
    /// (a heap of 10^8 tokens has as many).
    pub(crate) fn moves_in_order(&self) -> impl Iterator<Item = Move> + '_ {
        self.moved
            .iter()
            .flat_map(|moved| Self::targets(&moved.heap).map(move |to| (moved, to)))
            .map(|(moved, to)| self.named(moved, to))
    }

    /// The winning moves (at most one a heap), in the order they are listed.
    #[must_use]
    pub(crate) fn winning_moves(&self) -> Vec<Move> {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::game::Game;
    use crate::misere::genus::genus as searched_genus;
    use crate::misere::parts::PartRules;
    use crate::misere::search::MisereSearch;
    use crate::values::Nimber;

    /// The position `*a + *b + …` of the search, and the search.
    fn searched(heaps: &[u32]) -> (MisereSearch, crate::games::parts::Parts) {
        let text = if heaps.is_empty() {
            "*0".to_string()
        } else {
            heaps
                .iter()
                .map(|heap| format!("*{heap}"))
                .collect::<Vec<_>>()
                .join(" + ")
        };
        let game: Game = text.parse().unwrap();
        let (rules, parts) = PartRules::of_summands(game.summands()).unwrap();
        (MisereSearch::new(rules, 1 << 26), parts)
    }

    /// Every multiset of up to `count` heaps of at most `largest` tokens, as sorted lists.
    fn positions(count: usize, largest: u32) -> Vec<Vec<u32>> {
        let mut all = vec![Vec::new()];
        let mut last = vec![Vec::new()];
        for _ in 0..count {
            let mut next = Vec::new();
            for position in &last {
                let from = position.last().copied().unwrap_or(0);
                for heap in from..=largest {
                    let mut longer = position.clone();
                    longer.push(heap);
                    next.push(longer);
                }
            }
            all.extend(next.iter().cloned());
            last = next;
        }
        all
    }

    #[test]
    fn the_genus_of_each_heap_to_12_is_the_searched_one() {
        for heap in 0..=12u32 {
            let (mut search, parts) = searched(&[heap]);
            let slow = searched_genus(&mut search, &parts, Nimber::new(heap)).unwrap();
            assert_eq!(genus(&[heap]), slow, "*{heap}");
        }
        let written: Vec<String> = (0..=9).map(|heap| genus(&[heap]).to_string()).collect();
        assert_eq!(
            written,
            [
                "0^120", "1^031", "2^20", "3^31", "4^46", "5^57", "6^64", "7^75", "8^{8,10}",
                "9^{9,11}"
            ]
        );
    }

    #[test]
    fn small_positions_have_the_searched_values_genera_and_winning_moves() {
        for heaps in positions(4, 5) {
            let (mut search, parts) = searched(&heaps);
            let nim_sum = heaps.iter().fold(0, |sum, &heap| sum ^ heap);
            let slow = searched_genus(&mut search, &parts, Nimber::new(nim_sum)).unwrap();
            assert_eq!(genus(&heaps), slow, "{heaps:?}");
            assert_eq!(misere_value(&heaps), slow.misere[0], "{heaps:?}");
            assert_eq!(nim_wins(&heaps), search.wins(&parts).unwrap(), "{heaps:?}");
            // Each heap's winning sizes are those the search finds losing for the opponent.
            let position = NimPosition::new(&heaps);
            for (index, &from) in heaps.iter().enumerate() {
                let losing: Vec<u32> = (0..from)
                    .filter(|&to| {
                        let mut after = heaps.clone();
                        after[index] = to;
                        let (mut search, parts) = searched(&after);
                        !search.wins(&parts).unwrap()
                    })
                    .collect();
                assert_eq!(position.winning_targets(from), losing, "{heaps:?}, {from}");
            }
        }
    }

    #[test]
    fn large_heaps_are_answered_without_search() {
        assert_eq!(genus(&[1500]).to_string(), "1500^{1500,1502}");
        assert_eq!(genus(&[1500, 700]).normal, 1500 ^ 700);
        assert!(nim_wins(&[u32::MAX, 1]));
        // Leaving the heap of one alone: the opponent must take it.
        assert_eq!(
            NimPosition::new(&[u32::MAX, 1]).winning_targets(u32::MAX),
            [0]
        );
        assert_eq!(NimPosition::new(&[7, 1]).winning_targets(7), [0]);
    }
}
