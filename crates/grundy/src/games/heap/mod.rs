//! Heap games: take-and-break games such as Nim, Kayles and Grundy's game, played on a row of
//! heaps; a move changes one heap (takes tokens from it and may break the rest into several
//! heaps). A position is the sum of its heaps, so its nim-value is the nim-sum of the heaps'
//! values, read off the game's *nim-sequence*.
//!
//! ```
//! use grundy::games::heap::HeapRuleset;
//! use grundy::Nimber;
//!
//! let kayles: HeapRuleset = "kayles".parse().unwrap();
//! let HeapRuleset::Line(kayles) = kayles else { unreachable!() };
//! // Combinatorial Game Theory IV (lesson 4): the heaps 3, 4, 5, 2, 5 have nim-sum 0, a
//! // second-player win.
//! assert_eq!(kayles.value_of_sum(&[3, 4, 5, 2, 5]), Nimber::ZERO);
//! ```

mod family;
mod heap_values;
mod kayles_2d;
mod preparation;
pub mod quotient;
pub(crate) mod quotient_question;
mod rule;
mod sequence;
pub(crate) mod sequence_question;
mod sequence_text;
mod sparse_space;
pub(crate) mod windowed;
pub(crate) mod windowed_question;

pub(crate) use family::{Heaps, Rectangles};
pub(crate) use kayles_2d::RectangleMove;
pub(crate) use kayles_2d::{Kayles2d, Rectangle};
pub use preparation::{HEAP_SECONDS, MAX_HEAP_WITHOUT_PERIOD, MAX_REFERENCE_WORK};
pub use rule::{CodeError, TakeBreak, MAX_PARTS};
pub use sequence::{
    naive_nim_sequence, nim_sequence, nim_sequence_until_settled, prove_period, NimSequence,
    Periodicity, RareValues,
};

use std::borrow::Cow;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::Arc;

use thiserror::Error;

use crate::games::work_observer::WorkObserver;
use crate::values::Nimber;

/// The game names understood besides codes, with what each is.
pub(crate) const NAMED_GAMES: [(&str, &str); 9] = [
    ("nim", "0.3... : take any number of tokens from a heap"),
    ("kayles", "0.77 : knock down one or two adjacent pins"),
    (
        "dawsons-kayles",
        "0.07 : knock down exactly two adjacent pins",
    ),
    (
        "grundys-game",
        "split a heap into two heaps of different sizes",
    ),
    (
        "laskers-nim",
        "4.3... : take any number from a heap, or split it into two non-empty heaps",
    ),
    (
        "sub:A,B,...",
        "subtraction game: take A, B, ... tokens (0.333 for sub:1,2,3)",
    ),
    (
        "treblecross",
        "0.11337 : one-dimensional tic-tac-toe on a row of n empty cells",
    ),
    (
        "dawsons-chess",
        "0.137 : pawns on a 3 x n board, captures obligatory",
    ),
    (
        "kayles-2d",
        "heaps are rectangles MxN; remove a full row or column",
    ),
];

/// Why a game name or a heap was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HeapGameError {
    /// A malformed or refused code.
    #[error(transparent)]
    Code(#[from] CodeError),
    /// A name that is neither a known heap game nor a code.
    #[error("unknown heap game `{0}`: expected a code like 0.77 or 4.7, or one of {names}", names = NAMED_GAMES.map(|(name, _)| name).join(", "))]
    UnknownName(String),
    /// A subtraction set that is not a list of positive numbers.
    #[error("subtraction set `{0}` is malformed: expected positive whole numbers separated by commas, at most 4096, for example sub:1,2,3")]
    Subtraction(String),
}

/// A heap game as named on the command line: a row game of heaps of tokens, or two-dimensional
/// Kayles whose heaps are rectangles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapRuleset {
    /// Heaps of tokens under a take-and-break code.
    Line(HeapGame),
    /// Two-dimensional Kayles (*Combinatorial Game Theory IV*, lesson 4, exercise 5).
    Kayles2d(Kayles2d),
}

impl FromStr for HeapRuleset {
    type Err = HeapGameError;

    fn from_str(text: &str) -> Result<HeapRuleset, HeapGameError> {
        let lower = text.trim().to_ascii_lowercase();
        let named = |name: &'static str, code: &str| {
            Ok(HeapRuleset::Line(HeapGame {
                rule: code.parse().expect("the named codes are valid"),
                name: name.to_string(),
                known: None,
            }))
        };
        match lower.as_str() {
            "nim" => named("nim", "0.3..."),
            "kayles" => named("kayles", "0.77"),
            "dawsons-kayles" => named("dawsons-kayles", "0.07"),
            "laskers-nim" => named("laskers-nim", "4.3..."),
            "treblecross" => named("treblecross", "0.11337"),
            "dawsons-chess" => named("dawsons-chess", "0.137"),
            "grundys-game" => Ok(HeapRuleset::Line(HeapGame {
                rule: TakeBreak::grundys_game(),
                name: "grundys-game".to_string(),
                known: None,
            })),
            "kayles-2d" => Ok(HeapRuleset::Kayles2d(Kayles2d)),
            _ => {
                if let Some(set) = lower.strip_prefix("sub:") {
                    return HeapGame::subtraction(set).map(HeapRuleset::Line);
                }
                if looks_like_code(&lower) {
                    let rule: TakeBreak = text.trim().parse()?;
                    return Ok(HeapRuleset::Line(HeapGame {
                        name: rule.to_string(),
                        rule,
                        known: None,
                    }));
                }
                Err(HeapGameError::UnknownName(text.to_string()))
            }
        }
    }
}

/// Whether `text` names a heap game, so that an error in it should be reported as such rather
/// than as an unknown piece or ruleset.
#[must_use]
pub(crate) fn looks_like_heap_game(text: &str) -> bool {
    let lower = text.trim().to_ascii_lowercase();
    lower.starts_with("sub:")
        || looks_like_code(&lower)
        || NAMED_GAMES.iter().any(|(name, _)| *name == lower)
}

/// Whether `lower` (lower case) is written like a code: a decimal digit or the point first, or
/// a hexadecimal digit before the point (`c.7`), or a digit past 9 in brackets (`[12].7`).
fn looks_like_code(lower: &str) -> bool {
    let mut chars = lower.chars();
    match (chars.next(), chars.next()) {
        (Some(first), _) if first.is_ascii_digit() || first == '.' || first == '[' => true,
        (Some('a'..='f'), Some('.')) => true,
        _ => false,
    }
}

/// A take-and-break game played on heaps of tokens, with the name it was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapGame {
    rule: TakeBreak,
    name: String,
    /// A nim-sequence computed already, see [`HeapGame::with_values_to`].
    known: Option<Arc<NimSequence>>,
}

/// The values of a game's heaps, as [`HeapGame::values_for`] reads them.
enum ValuesOfHeaps<'a> {
    /// Nim: a heap's value is its number of tokens.
    Nim,
    /// Any other game: its nim-sequence.
    Sequence(Cow<'a, NimSequence>),
}

impl ValuesOfHeaps<'_> {
    fn value(&self, heap: usize) -> Nimber {
        match self {
            ValuesOfHeaps::Nim => sequence::nim_heap_value(heap),
            ValuesOfHeaps::Sequence(sequence) => sequence.value(heap),
        }
    }
}

/// One move in a sum of heaps: heap number `index` (from 0), of `from` tokens, becomes the heaps
/// `to` (none when it is cleared).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMove {
    /// Which heap, counting from 0 in the order given.
    pub(crate) index: usize,
    /// Its size before the move.
    pub(crate) from: usize,
    /// The heaps it becomes, smallest first.
    pub(crate) to: Vec<usize>,
    /// The nim-value of the whole position after the move: 0 for a winning move.
    pub(crate) nimber: Nimber,
}

impl fmt::Display for HeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_split(f, &self.from, &self.to)
    }
}

/// Writes a heap (or board) becoming parts, as `5 -> 1 + 2`, or `3 -> 0` when none is left.
pub(crate) fn write_split<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    from: &T,
    to: &[T],
) -> fmt::Result {
    write!(f, "{from} -> ")?;
    if to.is_empty() {
        return f.write_str("0");
    }
    for (i, part) in to.iter().enumerate() {
        if i > 0 {
            f.write_str(" + ")?;
        }
        write!(f, "{part}")?;
    }
    Ok(())
}

impl HeapGame {
    /// A game from its code, named by the code.
    #[must_use]
    pub fn from_rule(rule: TakeBreak) -> HeapGame {
        HeapGame {
            name: rule.to_string(),
            rule,
            known: None,
        }
    }

    /// The subtraction game taking any number of tokens in `set` (`"1,2,3"`): code `0.333`.
    pub(crate) fn subtraction(set: &str) -> Result<HeapGame, HeapGameError> {
        let bad = || HeapGameError::Subtraction(format!("sub:{set}"));
        let mut takes = Vec::new();
        for part in set.split(',') {
            let take: usize = part.trim().parse().map_err(|_| bad())?;
            if take == 0 || take > 4096 {
                return Err(bad());
            }
            takes.push(take);
        }
        let largest = *takes.iter().max().ok_or_else(bad)?;
        let mut digits = vec![0u8; largest + 1];
        for take in &takes {
            digits[*take] = 3;
        }
        takes.sort_unstable();
        takes.dedup();
        let list: Vec<String> = takes.iter().map(usize::to_string).collect();
        Ok(HeapGame {
            rule: TakeBreak::from_digits(digits)?,
            name: format!("sub:{}", list.join(",")),
            known: None,
        })
    }

    /// The rules as a code.
    #[must_use]
    pub fn rule(&self) -> &TakeBreak {
        &self.rule
    }

    /// The name the game was given (its code when it has no other).
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The nim-values of heaps `0..=up_to`.
    #[must_use]
    pub(crate) fn nim_values(&self, up_to: usize) -> Vec<Nimber> {
        nim_sequence(&self.rule, up_to, &mut ()).values.to_vec()
    }

    /// Computes the nim-sequence to heap `up_to` (or to the proof of its period) under
    /// `observer`, and keeps it for the values and moves asked later: a caller can show
    /// progress or give up (when `observer` stops it, `None`) before answering. The same game
    /// with the sequence kept.
    pub(crate) fn with_values_to(
        mut self,
        up_to: usize,
        observer: &mut impl WorkObserver,
    ) -> Option<HeapGame> {
        let sequence = nim_sequence_until_settled(&self.rule, up_to, observer);
        if sequence.stopped {
            return None;
        }
        self.known = Some(Arc::new(sequence));
        Some(self)
    }

    /// Whether the sequence kept by [`HeapGame::with_values_to`] has a proven period, so that
    /// every heap's value is known.
    #[must_use]
    pub(crate) fn has_proven_period(&self) -> bool {
        self.known
            .as_ref()
            .is_some_and(|known| known.periodicity.is_some())
    }

    /// Where the values of `heaps` and their parts are read: Nim's are the heaps themselves
    /// (Bouton), any other game's come from its nim-sequence, computed far enough for `heaps`
    /// (for periodic games only up to the proof).
    fn values_for(&self, heaps: &[usize]) -> ValuesOfHeaps<'_> {
        if self.rule.is_nim() {
            return ValuesOfHeaps::Nim;
        }
        let largest = heaps.iter().copied().max().unwrap_or(0);
        ValuesOfHeaps::Sequence(match &self.known {
            Some(known) if known.values.len() > largest || known.periodicity.is_some() => {
                Cow::Borrowed(known)
            }
            _ => Cow::Owned(nim_sequence_until_settled(&self.rule, largest, &mut ())),
        })
    }

    /// The nim-value of each of `heaps`.
    ///
    /// # Panics
    /// For Nim, on a heap past `u32::MAX` tokens, whose value no [`Nimber`] holds.
    #[must_use]
    pub(crate) fn heap_values(&self, heaps: &[usize]) -> Vec<Nimber> {
        let sequence = self.values_for(heaps);
        heaps.iter().map(|&heap| sequence.value(heap)).collect()
    }

    /// The nim-value of the sum of `heaps`.
    ///
    /// # Panics
    /// For Nim, on a heap past `u32::MAX` tokens, whose value no [`Nimber`] holds.
    #[must_use]
    pub fn value_of_sum(&self, heaps: &[usize]) -> Nimber {
        self.heap_values(heaps).into_iter().sum()
    }

    /// Calls `visit` with every move of the sum of `heaps` to a different position, and the
    /// nim-value it leads to. A move on a heap of the same size as an earlier one leads where
    /// the same move on the earlier heap leads, so only the first heap of each size is moved on.
    /// No other two moves meet: different moves of one heap leave different parts, and a move
    /// leaves only parts smaller than its heap (so never the size of another heap it removed).
    pub(crate) fn for_each_move(&self, heaps: &[usize], mut visit: impl FnMut(HeapMove)) {
        let sequence = self.values_for(heaps);
        let total: Nimber = heaps.iter().map(|&heap| sequence.value(heap)).sum();
        for (index, heap) in first_of_each_size(heaps) {
            let rest = total + sequence.value(heap);
            self.rule.for_each_option(heap, |parts| {
                let after: Nimber = parts.iter().map(|&part| sequence.value(part)).sum();
                visit(HeapMove {
                    index,
                    from: heap,
                    to: parts.to_vec(),
                    nimber: rest + after,
                });
            });
        }
    }

    /// A move of the sum of `heaps` to a position of value `target`, if one leads there: with
    /// `target` 0, a winning move. By nim's rule a heap of value `g` leads there when its
    /// options hold `g + total + target` (the sum's `total`), which they do when that is less
    /// than `g`: such heaps are tried first, and each heap's options only until one fits, so a
    /// heap of a hundred million tokens gives its move at once.
    #[must_use]
    pub(crate) fn move_to_value(&self, heaps: &[usize], target: Nimber) -> Option<HeapMove> {
        let sequence = self.values_for(heaps);
        let total: Nimber = heaps.iter().map(|&heap| sequence.value(heap)).sum();
        let wanted = |heap: usize| sequence.value(heap) + total + target;
        let mut order: Vec<(usize, usize)> = first_of_each_size(heaps).collect();
        order.sort_by_key(|&(_, heap)| wanted(heap) >= sequence.value(heap));
        for (index, heap) in order {
            let wanted = wanted(heap);
            let mut found = None;
            let _ = self.rule.try_for_each_option(heap, |parts| {
                let after: Nimber = parts.iter().map(|&part| sequence.value(part)).sum();
                if after == wanted {
                    found = Some(parts.to_vec());
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            if let Some(to) = found {
                return Some(HeapMove {
                    index,
                    from: heap,
                    to,
                    nimber: target,
                });
            }
        }
        None
    }

    /// Every move of the sum of `heaps` to a different position, with the nim-value it leads
    /// to (see [`HeapGame::for_each_move`]).
    #[must_use]
    pub(crate) fn moves(&self, heaps: &[usize]) -> Vec<HeapMove> {
        let mut moves = Vec::new();
        self.for_each_move(heaps, |m| moves.push(m));
        moves
    }

    /// The winning moves of the sum of `heaps`: those to nim-value 0. Heaps of equal size are
    /// moved on once, at their first occurrence.
    #[must_use]
    #[cfg(test)]
    pub(crate) fn winning_moves(&self, heaps: &[usize]) -> Vec<HeapMove> {
        let mut moves = Vec::new();
        self.for_each_move(heaps, |m| {
            if m.nimber == Nimber::ZERO {
                moves.push(m);
            }
        });
        moves
    }
}

/// The heaps of a sum moved on, with their indices: the first of each size, since a move on a
/// later heap of the same size leads where the same move on the first leads.
fn first_of_each_size(heaps: &[usize]) -> impl Iterator<Item = (usize, usize)> + '_ {
    heaps
        .iter()
        .copied()
        .enumerate()
        .filter(|&(index, heap)| !heaps[..index].contains(&heap))
}

/// Treblecross on a row of `cells` empty cells: the cells (numbered from 1) where the first X
/// wins. A cross on cell `i` makes its two neighbours on each side unplayable (a cross there lets
/// the opponent complete three), so the row falls apart into the free cells on either side: this
/// is why Treblecross is the octal game 0.11337.
#[must_use]
pub(crate) fn treblecross_winning_cells(cells: usize) -> Vec<usize> {
    let game = HeapGame::from_rule("0.11337".parse().expect("valid code"));
    let values = game.nim_values(cells);
    (0..cells)
        .filter(|&cell| {
            let left = cell.saturating_sub(2);
            let right = (cells - cell).saturating_sub(3);
            values[left] + values[right] == Nimber::ZERO
        })
        .map(|cell| cell + 1)
        .collect()
}

#[cfg(test)]
mod tests;
