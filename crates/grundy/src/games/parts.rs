//! The parts a game splits into under misère play: the vocabulary of the contract's misère
//! hooks ([`crate::games::contract::FamilyGame::misere_start`]). A part is a game that does not
//! split further (a heap, a board of two-dimensional Kayles, the corner piece, a component of a
//! placement game or of a graph); its family says what it is ([`State`]), keys it canonically
//! ([`Shape`], [`PartKey`]) and moves it ([`PartFamily`]). The misère search gathers the parts
//! of whole positions in [`crate::misere::parts`].

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

use crate::games::placement::{Cells, RulesKey};
use crate::graph::VertexSet;
use crate::solver::{mix_words, TableKey};

/// Words of the bit sets of placement components and graph components: boards of at most 256
/// squares, graphs of at most 256 vertices.
pub(crate) const WORDS: usize = 4;

/// The most squares (or vertices) a misère search takes: 16x16.
pub(crate) const MAX_MISERE_SQUARES: usize = 64 * WORDS;

/// The most moves a misère position may have left before it ends (the search goes as deep as
/// the longest play).
pub(crate) const MAX_MISERE_DEPTH: u64 = 2_000;

/// The rules of one family of parts: how a game of the family splits into parts with canonical
/// keys, whether a part has a move, how long it can last and the parts each move leaves. A
/// family implements it in its own folder; the misère search asks it through [`PartRules`](crate::misere::parts::PartRules).
/// Its rules compare as values ([`SameRules`]: a family's rules type is [`PartialEq`]).
pub(crate) trait PartFamily: SameRules + Any + Debug + Send + Sync {
    /// Whether `state` has a move (a part without one is 0 and is left out of positions).
    fn has_moves(&self, state: State) -> bool;

    /// The most moves `state` can last.
    fn longest_play(&self, state: State) -> u64;

    /// Adds the parts of `state` (itself, or its components) to `parts`, made by `family`.
    fn add_parts(&self, family: Family, state: State, parts: &mut Parts);

    /// Calls `visit` with the parts each move on `state` leaves in its place (none, one or
    /// several, not sorted, each with a move). Different moves may leave the same parts.
    fn for_each_option(&self, family: Family, state: State, visit: &mut dyn FnMut(&mut Parts));
}

/// Whether two families' rules are the same, so that a part of either is a part of both: rules
/// of the same type that are equal. Every [`PartFamily`] whose rules are [`PartialEq`] has it.
pub(crate) trait SameRules {
    /// Whether `other` are these rules.
    fn same_rules(&self, other: &dyn PartFamily) -> bool;
}

impl<T: PartFamily + PartialEq> SameRules for T {
    fn same_rules(&self, other: &dyn PartFamily) -> bool {
        (other as &dyn Any).downcast_ref::<T>() == Some(self)
    }
}

/// What a part is, as a shape its family reads in its own terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// A count: the tokens of a heap.
    Count(u32),
    /// Two numbers: a board's rows and columns, a piece's coordinates.
    Pair(u32, u32),
    /// Cells of a board, some free.
    Cells(Cells<WORDS>),
    /// Vertices in play.
    Vertices(VertexSet<WORDS>),
    /// Squares of a board of at most 64 squares, one bit each.
    Squares(u64),
}

/// The family a part belongs to in a position's [`PartRules`](crate::misere::parts::PartRules), which makes its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Family(pub(crate) u16);

impl Family {
    /// The part of this family in `state`, its key made of `shape`.
    #[must_use]
    pub(crate) fn part(self, shape: Shape, state: State) -> Part {
        Part {
            key: PartKey::new(self.0, shape),
            state,
        }
    }

    /// The part of this family in `State::Count(count)`, keyed by the count.
    #[must_use]
    pub(crate) fn count_part(self, count: u32) -> Part {
        self.part(Shape::Count(count), State::Count(count))
    }
}

/// The canonical key of a part: equal keys of one family are the same game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Shape {
    /// A heap's size.
    Count(u32),
    /// A board's sides, the shorter first, or the corner piece's coordinates.
    Pair(u32, u32),
    /// A placement component up to the board's symmetries.
    Cells(RulesKey<WORDS>),
    /// A graph component's vertices.
    Vertices(VertexSet<WORDS>),
    /// A region of a grid packed into one word row by row, `width` bits a row, up to the
    /// grid's symmetries and translation.
    Packed {
        /// The region's squares.
        bits: u64,
        /// The bits of a row.
        width: u32,
    },
}

/// The key of a part: its family (an index into the position's rules) and shape, with a hash
/// of both made once, which orders parts (ties broken by the rest) and answers most
/// comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct PartKey {
    hash: u64,
    pub(crate) family: u16,
    shape: Shape,
}

impl PartKey {
    pub(crate) fn new(family: u16, shape: Shape) -> PartKey {
        let shape_hash = match shape {
            Shape::Count(count) => mix_words(1, &[u64::from(count)]),
            Shape::Pair(a, b) => mix_words(2, &[u64::from(a) << 32 | u64::from(b)]),
            Shape::Cells(key) => key.hash64(),
            Shape::Vertices(set) => set.hash64(),
            Shape::Packed { bits, width } => mix_words(u64::from(width), &[bits]),
        };
        PartKey {
            hash: mix_words(shape_hash, &[u64::from(family)]),
            family,
            shape,
        }
    }

    /// The hash of the part's family and shape.
    #[must_use]
    pub(crate) fn hash64(&self) -> u64 {
        self.hash
    }
}

/// One part of a misère position, with its key.
#[derive(Clone, Copy, Debug)]
pub struct Part {
    pub(crate) key: PartKey,
    pub(crate) state: State,
}

impl Part {
    /// The part's key.
    #[must_use]
    pub(crate) fn key(&self) -> PartKey {
        self.key
    }

    /// What the part is, in its family's terms.
    #[must_use]
    pub(crate) fn state(&self) -> State {
        self.state
    }
}

/// A position: its parts, sorted by key.
pub(crate) type Parts = Vec<Part>;

/// Why a game cannot be searched under misère play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TooLarge(pub String);

/// A game's misère rules and its position in them: the states its parts are made from.
pub struct MisereStart {
    /// The rules of the game's family.
    pub(crate) rules: Arc<dyn PartFamily>,
    /// The states of the game's position, each split into parts by the rules.
    pub(crate) states: Vec<State>,
}
