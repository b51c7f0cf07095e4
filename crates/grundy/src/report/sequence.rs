//! The answer of `grundy sequence`.

use serde::{Deserialize, Serialize};

use super::{Command, GenusReport};
use crate::values::Convention;

/// The answer of `grundy sequence`: the nim-sequence of a heap game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SequenceReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub(crate) schema: u32,
    /// [`Command::Sequence`].
    pub(crate) command: Command,
    /// The game as typed back (`kayles`, `0.137`).
    pub(crate) game: String,
    /// The octal code of its rules.
    pub(crate) code: String,
    /// The last heap size asked for.
    pub(crate) to: usize,
    /// `values[n]` is the nim-value of a heap of `n`.
    pub(crate) values: Vec<u32>,
    /// The period, when one is proved; `null` otherwise.
    pub period: Option<usize>,
    /// Where the period starts, when one is proved; `null` otherwise.
    pub(crate) preperiod: Option<usize>,
    /// How many values were computed (past `to` when the proof of a period needs them).
    pub(crate) computed: usize,
    /// The largest value listed.
    pub(crate) largest: u32,
    /// The first heap with that value.
    pub(crate) largest_at: usize,
    /// The rare values of the heaps computed, when the sparse-space method took over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) rare: Option<RareValues>,
    /// Whether Ctrl-C stopped the computation (the values listed are then those finished).
    pub(crate) interrupted: bool,
    /// `misere` when the sequence was asked under misère play; left out under normal play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) convention: Option<Convention>,
    /// Misère play: `genera[n]` is the genus of a heap of `n`, for the heaps a bounded
    /// search reached (possibly fewer than `values`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) genera: Option<Vec<GenusReport>>,
    /// Wall-clock seconds.
    pub(crate) seconds: f64,
}

/// The *rare values* of a nim-sequence: the heaps whose values fall in the class of the
/// sparse-space method's mask that was the smaller when the mask was last chosen (see
/// [`crate::games::heap::NimSequence`]). In most
/// octal games they stop turning up early; a game whose rare values died out, and whose other
/// values stay bounded, is periodic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RareValues {
    /// The mask `m`: a value's class is the parity of the number of 1-bits of `value & m`.
    pub mask: u32,
    /// Whether the class also flips on odd heaps ("sparse in the domain").
    pub domain: bool,
    /// Whether the rare class is that of an odd number of 1-bits (on even heaps, when
    /// `domain`).
    pub odd: bool,
    /// How many heaps from 0 on have a rare value.
    pub(crate) heaps: usize,
    /// The last heap with a rare value, if any.
    pub(crate) last: Option<usize>,
    /// Whether the computation enumerated them: false when scanning every break was estimated
    /// cheaper, as where even the best mask leaves many rare heaps (0.007) or in a short
    /// sequence.
    pub(crate) used: bool,
}

impl RareValues {
    /// How many heaps from 0 on have a rare value.
    #[must_use]
    pub fn heaps(&self) -> usize {
        self.heaps
    }

    /// The last heap with a rare value, if any.
    #[must_use]
    pub fn last(&self) -> Option<usize> {
        self.last
    }
}
