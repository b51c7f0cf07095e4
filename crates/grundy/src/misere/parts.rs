//! Misère positions as multisets of parts. A part is a game that does not split further: one
//! heap, one board of two-dimensional Kayles, the corner piece, a Nim heap, or one component of
//! a placement game or of Node Kayles on a graph. Under misère play the parts cannot be valued
//! apart (values do not add), but a position is still the sum of its parts, so it is kept as
//! their multiset: two positions with the same parts, in any order, are the same position.
//! Each part carries the canonical key its family gives it (a placement component's shape up
//! to the board's symmetries and translation, a graph component's vertex set), and a
//! position's key is the sorted list of its parts' keys.
//!
//! What a part is and how it moves is its family's to say ([`PartFamily`], implemented in each
//! family's folder under [`crate::games`]); this module only keeps the families of a position
//! apart and gathers their parts.

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

use crate::games::contract::FamilyGame;
use crate::games::nimber::NimHeaps;
use crate::games::placement::{Cells, RulesKey};
use crate::graph::VertexSet;
use crate::solver::{mix_words, TableKey};

/// Words of the bit sets of placement components and graph components: boards of at most 256
/// squares, graphs of at most 256 vertices.
pub const WORDS: usize = 4;

/// The most squares (or vertices) a misère search takes: 16x16.
pub const MAX_MISERE_SQUARES: usize = 64 * WORDS;

/// The most moves a misère position may have left before it ends (the search goes as deep as
/// the longest play).
pub const MAX_MISERE_DEPTH: u64 = 2_000;

/// The rules of one family of parts: how a game of the family splits into parts with canonical
/// keys, whether a part has a move, how long it can last and the parts each move leaves. A
/// family implements it in its own folder; the misère search asks it through [`PartRules`].
pub trait PartFamily: Debug + Send + Sync {
    /// The rules as [`Any`], for [`PartFamily::same_rules`].
    fn as_any(&self) -> &dyn Any;

    /// Whether `other` are these rules, so that a part of either is a part of both.
    fn same_rules(&self, other: &dyn PartFamily) -> bool;

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

/// The family a part belongs to in a position's [`PartRules`], which makes its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Family(u16);

impl Family {
    /// The part of this family in `state`, its key made of `shape`.
    #[must_use]
    pub fn part(self, shape: Shape, state: State) -> Part {
        Part {
            key: PartKey::new(self.0, shape),
            state,
        }
    }

    /// The part of this family in `State::Count(count)`, keyed by the count.
    #[must_use]
    pub fn count_part(self, count: u32) -> Part {
        self.part(Shape::Count(count), State::Count(count))
    }
}

/// The canonical key of a part: equal keys of one family are the same game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
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
pub struct PartKey {
    hash: u64,
    family: u16,
    shape: Shape,
}

impl PartKey {
    fn new(family: u16, shape: Shape) -> PartKey {
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
    pub fn hash64(&self) -> u64 {
        self.hash
    }
}

/// One part of a misère position, with its key.
#[derive(Clone, Copy, Debug)]
pub struct Part {
    key: PartKey,
    state: State,
}

impl Part {
    /// The part's key.
    #[must_use]
    pub fn key(&self) -> PartKey {
        self.key
    }

    /// What the part is, in its family's terms.
    #[must_use]
    pub fn state(&self) -> State {
        self.state
    }
}

/// A position: its parts, sorted by key.
pub type Parts = Vec<Part>;

/// Why a game cannot be searched under misère play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TooLarge(pub String);

/// The rules of every family in a game, and the parts of its positions.
#[derive(Clone, Debug)]
pub struct PartRules {
    families: Vec<Arc<dyn PartFamily>>,
}

/// A game's misère rules and its position in them: the states its parts are made from.
pub struct MisereStart {
    /// The rules of the game's family.
    pub rules: Arc<dyn PartFamily>,
    /// The states of the game's position, each split into parts by the rules.
    pub states: Vec<State>,
}

impl PartRules {
    /// The rules of the families of `games` and the parts of their positions, sorted.
    ///
    /// # Errors
    /// A board of more than [`MAX_MISERE_SQUARES`] squares, a graph of more than that many
    /// vertices, or a game whose longest play passes [`MAX_MISERE_DEPTH`] moves.
    pub fn of_summands(games: &[impl FamilyGame]) -> Result<(PartRules, Parts), TooLarge> {
        let mut rules = PartRules {
            families: Vec::new(),
        };
        let mut parts = Vec::new();
        for game in games {
            rules.add_game(game, &mut parts)?;
        }
        let depth: u64 = parts.iter().map(|part| rules.longest_play(part)).sum();
        if depth > MAX_MISERE_DEPTH {
            return Err(TooLarge(format!(
                "the game can last up to {depth} moves: a misère search goes as deep as the longest play, at most {MAX_MISERE_DEPTH} moves"
            )));
        }
        parts.retain(|part| rules.has_moves(part));
        sort(&mut parts);
        Ok((rules, parts))
    }

    /// The parts of more games, in the same rules: the position after a move in a sum.
    ///
    /// # Errors
    /// As [`PartRules::of_summands`].
    pub fn parts_of(&mut self, games: &[impl FamilyGame]) -> Result<Parts, TooLarge> {
        let mut parts = Vec::new();
        for game in games {
            self.add_game(game, &mut parts)?;
        }
        self.keep_parts_with_moves(&mut parts);
        Ok(parts)
    }

    /// The family of `rules` in this position, added if it is new.
    pub fn family(&mut self, rules: Arc<dyn PartFamily>) -> Family {
        let index = self
            .families
            .iter()
            .position(|known| known.same_rules(rules.as_ref()))
            .unwrap_or_else(|| {
                self.families.push(rules);
                self.families.len() - 1
            });
        Family(u16::try_from(index).expect("a sum has at most 64 games"))
    }

    /// Adds the parts of `game` to `parts`, and its family to the rules; the family.
    ///
    /// # Errors
    /// As [`PartRules::of_summands`].
    pub fn add_game(
        &mut self,
        game: &impl FamilyGame,
        parts: &mut Parts,
    ) -> Result<Family, TooLarge> {
        let MisereStart { rules, states } = game.misere_start()?;
        let family = self.family(rules);
        self.add_states(family, &states, parts);
        Ok(family)
    }

    /// Adds the parts of `states` of `family` to `parts`.
    pub fn add_states(&self, family: Family, states: &[State], parts: &mut Parts) {
        let rules = &self.families[usize::from(family.0)];
        for &state in states {
            rules.add_parts(family, state, parts);
        }
    }

    /// Leaves out of `parts` those without a move, and sorts the rest: a position.
    pub fn keep_parts_with_moves(&self, parts: &mut Parts) {
        parts.retain(|part| self.has_moves(part));
        sort(parts);
    }

    fn rules_of(&self, part: &Part) -> &dyn PartFamily {
        self.families[usize::from(part.key.family)].as_ref()
    }

    /// Whether `part` has a move (a part without one is 0 and is left out of positions).
    fn has_moves(&self, part: &Part) -> bool {
        self.rules_of(part).has_moves(part.state)
    }

    /// The most moves `part` can last.
    fn longest_play(&self, part: &Part) -> u64 {
        self.rules_of(part).longest_play(part.state)
    }

    /// Calls `visit` with the parts each move on `part` leaves in its place (none, one or
    /// several, not sorted). Different moves may leave the same parts.
    pub fn for_each_option(&self, part: &Part, mut visit: impl FnMut(&mut Parts)) {
        let family = Family(part.key.family);
        self.rules_of(part)
            .for_each_option(family, part.state, &mut visit);
    }

    /// A Nim heap of `size`, for positions with Nim heaps added (the genus adds `*2`s).
    pub fn nim_heap(&mut self, size: u32) -> Part {
        self.family(Arc::new(NimHeaps)).count_part(size)
    }
}

/// Sorts `parts` by key: the canonical order of a position.
pub fn sort(parts: &mut Parts) {
    parts.sort_unstable_by_key(Part::key);
}
