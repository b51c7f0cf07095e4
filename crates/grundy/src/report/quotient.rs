//! The answer of `grundy quotient`.

use serde::{Deserialize, Serialize};

use super::Command;

/// The answer of `grundy quotient`: the misère quotient of a heap game's sums of heaps up to
/// `heaps` ([`crate::games::heap::quotient`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuotientReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub(crate) schema: u32,
    /// [`Command::Quotient`].
    pub(crate) command: Command,
    /// The game as typed back (`kayles`, `0.137`).
    pub game: String,
    /// The octal code of its rules.
    pub code: String,
    /// The largest heap asked for.
    pub(crate) heaps_asked: usize,
    /// The largest heap the quotient holds: `heaps_asked`, or fewer when `stopped_by` says why.
    pub heaps: usize,
    /// The number of elements.
    pub order: usize,
    /// The elements whose sums are misère P-positions, as words in the generators.
    pub p_portion: Vec<String>,
    /// The generators: the heaps not equivalent to sums of smaller heaps, named `a`, `b`, ...
    pub generators: Vec<QuotientGenerator>,
    /// Relations that rewrite every word to its element's normal form (`a² = 1`, `b³ = b`).
    pub relations: Vec<String>,
    /// `heap_words[n - 1]` is the element of a heap of `n`, as a word.
    pub heap_words: Vec<String>,
    /// `orders[n - 1]` is the order of the quotient of heaps `1..=n`, for the heaps computed
    /// (past a proven period the rest are copied).
    pub(crate) orders: Vec<usize>,
    /// The heap from which the quotient stopped changing.
    pub stable_from: usize,
    /// A period of the heaps' elements proven by the misère periodicity theorem (finite octal
    /// games): the quotient is then the quotient of the whole game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period: Option<usize>,
    /// Where that period starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preperiod: Option<usize>,
    /// Why the quotient stops short of `heaps_asked` (too large, too many states to verify, or
    /// interrupted); absent when it reached it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<String>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// One generator of a misère quotient: its name and the heap it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuotientGenerator {
    /// `a`, `b`, ...
    pub name: String,
    /// The heap size.
    pub heap: usize,
}
