//! Small endgames of Node Kayles, valued on a graph of at most 64 vertices numbered afresh.
//!
//! Most positions a search visits are small endgames: a component of a dozen or two free
//! vertices. Valued through the main tables, each of their sub-positions costs a canonical form
//! and a few lookups in tables far larger than the cache. Renumbered `0..k`, the same endgame is a
//! graph whose vertex sets are single machine words: an option is one AND-NOT, a component one
//! short flood fill, and the sub-positions fit a small table that stays in the cache. The table
//! is cleared (by a new stamp) for every endgame, since numbers mean different vertices in each.

use std::sync::OnceLock;

use crate::square_set::SquareSet;
use crate::values::Nimber;

/// The most vertices an endgame may have.
pub(crate) const DENSE_CAPACITY: usize = 64;

/// log2 of the number of memo slots: 2^10 slots of 16 bytes, 16 KB, within L1. An endgame has
/// at most a few hundred sub-positions, so collisions are rare (on queens 12×12, 220 more
/// expansions in 930 thousand than with 2^15 slots), and a slot is found without a cache miss
/// (with 2^15 slots, half a megabyte, the memo's loads took a sixth of the dense search's time).
const MEMO_BITS: u32 = 10;

/// Writes the closed neighbourhoods of the vertices of `component`, numbered `0..k` in order,
/// as masks over those numbers, and returns `k`; `None` when `k` exceeds [`DENSE_CAPACITY`].
/// `closed[v]` is the closed neighbourhood of vertex `v` in the whole graph; `scratch` needs a
/// byte for every vertex of the graph. This is [`crate::solver::ImpartialGame::local_graph`]
/// for games that are Node Kayles on a graph of sets.
pub(crate) fn renumber<const W: usize>(
    closed: &[SquareSet<W>],
    component: &SquareSet<W>,
    scratch: &mut [u8],
    neighbourhoods: &mut [u64; DENSE_CAPACITY],
) -> Option<usize> {
    let count = component.len();
    if count > DENSE_CAPACITY {
        return None;
    }
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // With `pext` a neighbourhood is gathered a word at a time: each word of
        // `closed[vertex]` packed down to the bits where the component has vertices, at the
        // count of the component's vertices in the words before it.
        let _ = scratch;
        let words = component.words();
        let mut before = [0u32; W];
        let mut seen = 0;
        for (word, start) in words.iter().zip(before.iter_mut()) {
            *start = seen;
            seen += word.count_ones();
        }
        component.iter().enumerate().for_each(|(i, vertex)| {
            let mut mask = 0u64;
            for (w, &word) in words.iter().enumerate() {
                if word != 0 {
                    mask |= pext(closed[vertex].words()[w], word) << before[w];
                }
            }
            neighbourhoods[i] = mask;
        });
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        // `for_each` rather than `for`: the set iterator's fold keeps each word in a register.
        component
            .iter()
            .enumerate()
            .for_each(|(i, vertex)| scratch[vertex] = i as u8);
        component.iter().enumerate().for_each(|(i, vertex)| {
            let mut mask = 0u64;
            (closed[vertex] & *component)
                .iter()
                .for_each(|neighbour| mask |= 1 << scratch[neighbour]);
            neighbourhoods[i] = mask;
        });
    }
    Some(count)
}

/// The set of vertices `0..count` (`count` at most [`DENSE_CAPACITY`]).
#[inline]
pub(super) fn first_vertices(count: usize) -> u64 {
    if count == DENSE_CAPACITY {
        u64::MAX
    } else {
        (1 << count) - 1
    }
}

/// The bits of `value` at the places of `mask`, packed into the low bits (BMI2's `pext`).
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline]
pub(super) fn pext(value: u64, mask: u64) -> u64 {
    #[allow(unsafe_code)]
    // SAFETY: compiled only when the build enables BMI2 for the whole program, which then runs
    // only on processors that have it.
    unsafe {
        std::arch::x86_64::_pext_u64(value, mask)
    }
}

/// The bits of `value` at the places of `mask`, packed into the low bits: `pext` a bit at a
/// time, for processors without BMI2.
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
#[inline]
pub(super) fn pext(value: u64, mask: u64) -> u64 {
    let mut packed = 0;
    let mut place = 0;
    let mut rest = mask;
    while rest != 0 {
        if value & rest & rest.wrapping_neg() != 0 {
            packed |= 1 << place;
        }
        place += 1;
        rest &= rest - 1;
    }
    packed
}

/// Vertex sets of at most this many vertices, connected or not, are valued by looking their graph
/// up in [`SmallGraphs`]. Most sub-positions of an endgame are this small: on queens 12×12 four
/// in five expansions of the dense search were of 3 to 6 vertices, each a flood fill and a memo
/// probe per option, where a lookup costs a few dozen instructions.
pub(super) const SMALL_VERTICES: usize = 6;

/// Long searches also look up sets of this many vertices, in a larger table ([`SmallGraphs::
/// large`]). Sets of seven vertices are the commonest expansions left (on queens 14×14, 24 of
/// 55 million), and each costs seven lookups of its options; the table of their 2^21 graphs
/// takes about half a second to build, too long for a short search to pay.
pub(super) const LARGE_VERTICES: usize = 7;

/// Expansions of [`LARGE_VERTICES`]-vertex sets after which a search builds the larger table.
/// Building it costs about as much as this many expansions (1.6 billion instructions against
/// some 400 saved by each lookup), so a search pays at most about twice the better of the two
/// ways, and short searches (queens 12×12 expands some 400 thousand) never build it.
pub(super) const LARGE_TABLE_AFTER: u64 = 1 << 22;

/// The nimber of Node Kayles on every labelled graph of at most a few vertices.
///
/// A graph on `k` vertices is indexed by its adjacency bits, one per pair `i < j`: vertex `i`
/// has a field of `k - 1 - i` bits, one for each later vertex, and the field of vertex 0 is
/// the highest. Within a field the bits lie in the order in which [`append_neighbours`] finds
/// them fastest ([`SmallGraphs::bit_in_field`]). The graphs of `k` vertices start at
/// `offsets[k]`. A nimber takes four bits (a graph of `k` vertices has nimber at most `k`), so
/// the graphs of up to six vertices fill 17 KB and those of seven 1 MB, within the level-2
/// cache.
pub(super) struct SmallGraphs {
    offsets: [usize; LARGE_VERTICES + 1],
    nibbles: Vec<u8>,
    /// Bit `i` set when graph `i` has nimber 0: the same answers for the outcome searches in an
    /// eighth of the memory (256 KB for the graphs of seven vertices), which keeps more of it
    /// in the cache.
    zeros: Vec<u64>,
}

impl SmallGraphs {
    /// The table of graphs of up to [`SMALL_VERTICES`] vertices.
    pub(super) fn small() -> &'static SmallGraphs {
        static TABLE: OnceLock<SmallGraphs> = OnceLock::new();
        TABLE.get_or_init(|| SmallGraphs::compute(SMALL_VERTICES))
    }

    /// The table of graphs of up to [`LARGE_VERTICES`] vertices.
    pub(super) fn large() -> &'static SmallGraphs {
        static TABLE: OnceLock<SmallGraphs> = OnceLock::new();
        TABLE.get_or_init(|| SmallGraphs::compute(LARGE_VERTICES))
    }

    fn compute(most_vertices: usize) -> SmallGraphs {
        let mut offsets = [0; LARGE_VERTICES + 1];
        let mut graphs = 0;
        for (vertices, offset) in offsets.iter_mut().enumerate().take(most_vertices + 1) {
            *offset = graphs;
            graphs += 1 << (vertices * vertices.saturating_sub(1) / 2);
        }
        let mut table = SmallGraphs {
            offsets,
            nibbles: vec![0; graphs.div_ceil(2)],
            zeros: vec![0; graphs.div_ceil(64)],
        };
        for vertices in 0..=most_vertices {
            let pairs = vertices * vertices.saturating_sub(1) / 2;
            let all = (1u64 << vertices) - 1;
            for adjacency in 0..1usize << pairs {
                let closed = Self::closed_neighbourhoods(vertices, adjacency);
                // Every option has fewer vertices, so its graph is already in the table.
                let mut seen = 0u64;
                for neighbourhood in &closed[..vertices] {
                    seen |= 1 << table.value(all & !neighbourhood, &closed);
                }
                let at = table.offsets[vertices] + adjacency;
                let value = (!seen).trailing_zeros();
                table.nibbles[at / 2] |= (value as u8) << (at % 2 * 4);
                table.zeros[at / 64] |= u64::from(value == 0) << (at % 64);
            }
        }
        table
    }

    /// The closed neighbourhoods of the graph of `vertices` vertices with adjacency bits
    /// `adjacency`, in the order of the index.
    fn closed_neighbourhoods(vertices: usize, adjacency: usize) -> [u64; LARGE_VERTICES] {
        let mut closed = [0u64; LARGE_VERTICES];
        for i in 0..vertices {
            closed[i] |= 1 << i;
            // The fields of the later vertices lie below this one's.
            let later = vertices - 1 - i;
            let field = later * later.saturating_sub(1) / 2;
            for j in i + 1..vertices {
                if adjacency >> (field + Self::bit_in_field(j - i - 1, later)) & 1 == 1 {
                    closed[i] |= 1 << j;
                    closed[j] |= 1 << i;
                }
            }
        }
        closed
    }

    /// Where the pair of a vertex with its `nth` later vertex (from 0) lies in the vertex's
    /// field of `later` bits: the order in which [`append_neighbours`] gathers them.
    pub(super) fn bit_in_field(nth: usize, later: usize) -> usize {
        if cfg!(all(target_arch = "x86_64", target_feature = "bmi2")) {
            nth
        } else {
            later - 1 - nth
        }
    }

    /// The nimber of the subgraph induced on `vertices` (no more of them than the table's
    /// graphs have) of the graph with closed neighbourhoods `closed`.
    #[inline]
    pub(super) fn value(&self, vertices: u64, closed: &[u64]) -> u32 {
        let at = self.index(vertices, closed);
        u32::from(self.nibbles[at / 2] >> (at % 2 * 4) & 15)
    }

    /// Where the subgraph induced on `vertices` lies in the table.
    #[inline]
    fn index(&self, vertices: u64, closed: &[u64]) -> usize {
        self.offsets[vertices.count_ones() as usize] + adjacency_code(vertices, closed) as usize
    }

    /// Whether the graph of `vertices` vertices with adjacency bits `code` has nimber 0.
    #[inline]
    pub(super) fn code_is_zero(&self, vertices: usize, code: u64) -> bool {
        let at = self.offsets[vertices] + code as usize;
        self.zeros[at / 64] >> (at % 64) & 1 == 1
    }

    /// The nimber of the graph of `vertices` vertices with adjacency bits `code`.
    #[inline]
    pub(super) fn code_value(&self, vertices: usize, code: u64) -> u32 {
        let at = self.offsets[vertices] + code as usize;
        u32::from(self.nibbles[at / 2] >> (at % 2 * 4) & 15)
    }
}

/// The adjacency bits of the subgraph induced on `vertices` (at most 11 of them, so that the
/// bits fit a word) in the layout of the table of small graphs.
#[inline]
pub(super) fn adjacency_code(vertices: u64, closed: &[u64]) -> u64 {
    let mut code = 0;
    let mut rest = vertices;
    while rest != 0 {
        let neighbourhood = closed[rest.trailing_zeros() as usize];
        rest &= rest - 1;
        code = append_neighbours(code, neighbourhood, rest);
    }
    code
}

/// `index` followed by the bits of `neighbourhood` at the vertices of `later`: one `pext` with
/// BMI2 (a build for the machine it runs on has it where the processor does, see
/// `.cargo/config.toml`), a loop over `later` otherwise. Finding the small-graph table's index
/// bit by bit took a quarter of the dense search's time.
#[inline]
fn append_neighbours(index: u64, neighbourhood: u64, later: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        index << later.count_ones() | pext(neighbourhood, later)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        // One bit at a time, the lowest vertex's first, so the bits lie in the opposite order
        // to `pext`'s (see `SmallGraphs::bit_in_field`).
        let mut index = index;
        let mut rest = later;
        while rest != 0 {
            index = index << 1 | (neighbourhood >> rest.trailing_zeros() & 1);
            rest &= rest - 1;
        }
        index
    }
}

#[derive(Clone, Copy, Default)]
struct MemoSlot {
    vertices: u64,
    stamp: u32,
    value: u32,
}

/// Values Node Kayles endgames given as closed neighbourhoods over their own vertices.
pub(crate) struct DenseNodeKayles {
    neighbourhoods: [u64; DENSE_CAPACITY],
    /// The table of small graphs in use: [`SmallGraphs::small`] until this endgame search has
    /// expanded [`LARGE_TABLE_AFTER`] sets of seven vertices, then [`SmallGraphs::large`].
    small: &'static SmallGraphs,
    /// Sets of at most this many vertices are looked up in `small`: the most vertices of its
    /// graphs, kept here because every sub-position tests it, and a field saves a load
    /// through `small` on that path.
    small_vertices: usize,
    /// Sets of [`LARGE_VERTICES`] vertices expanded so far.
    large_expansions: u64,
    memo: Vec<MemoSlot>,
    stamp: u32,
    positions: u64,
}

impl Default for DenseNodeKayles {
    fn default() -> Self {
        DenseNodeKayles {
            neighbourhoods: [0; DENSE_CAPACITY],
            small: SmallGraphs::small(),
            small_vertices: SMALL_VERTICES,
            large_expansions: 0,
            memo: vec![MemoSlot::default(); 1 << MEMO_BITS],
            stamp: 0,
            positions: 0,
        }
    }
}

impl DenseNodeKayles {
    /// Looks up sets of [`LARGE_VERTICES`] vertices from now on instead of expanding them.
    fn use_large_table(&mut self) {
        self.small = SmallGraphs::large();
        self.small_vertices = LARGE_VERTICES;
    }

    /// The closed neighbourhoods to fill before [`DenseNodeKayles::value`]: bit `j` of entry
    /// `i` set when vertex `j` is `i` or adjacent to it.
    pub(crate) fn neighbourhoods_mut(&mut self) -> &mut [u64; DENSE_CAPACITY] {
        &mut self.neighbourhoods
    }

    /// The nimber of Node Kayles on the first `vertices` vertices of the graph just written by
    /// [`DenseNodeKayles::neighbourhoods_mut`].
    pub(crate) fn value(&mut self, vertices: usize) -> Nimber {
        debug_assert!(vertices <= DENSE_CAPACITY);
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // A stamp is about to be reused: forget the slots that carry it.
            self.memo.fill(MemoSlot::default());
            self.stamp = 1;
        }
        let all = first_vertices(vertices);
        Nimber::new(self.sum_value(all))
    }

    /// Sub-positions expanded so far, over all endgames.
    #[must_use]
    pub(crate) fn positions(&self) -> u64 {
        self.positions
    }

    /// The nim-sum of the values of the components of `vertices`.
    fn sum_value(&mut self, vertices: u64) -> u32 {
        if vertices.count_ones() as usize <= self.small_vertices {
            return self.small_value(vertices);
        }
        // A connected set met again (the same moves in another order) is in the memo: look
        // for it there before splitting. Only connected sets are remembered: the sets of
        // sparse graphs have so many components that remembering their unions would crowd
        // the components out of the small memo.
        if let Some(value) = self.recall(vertices) {
            return value;
        }
        let mut component = self.component_of(vertices);
        if component == vertices {
            let value = self.expand(vertices);
            self.memorise(vertices, value);
            return value;
        }
        let mut total = 0;
        let mut rest = vertices;
        loop {
            rest &= !component;
            total ^= self.component_value(component);
            if rest.count_ones() as usize <= self.small_vertices {
                return total ^ self.small_value(rest);
            }
            component = self.component_of(rest);
        }
    }

    /// The nimber of a set of at most `small_vertices` vertices, from the table.
    fn small_value(&self, vertices: u64) -> u32 {
        self.small.value(vertices, &self.neighbourhoods)
    }

    /// The component of `vertices` that holds its lowest vertex.
    fn component_of(&self, vertices: u64) -> u64 {
        let mut component = vertices & vertices.wrapping_neg();
        let mut frontier = component;
        while frontier != 0 {
            let mut reach = 0;
            let mut bits = frontier;
            while bits != 0 {
                reach |= self.neighbourhoods[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            frontier = reach & vertices & !component;
            component |= frontier;
        }
        component
    }

    /// The nimber of a connected set.
    fn component_value(&mut self, component: u64) -> u32 {
        if component.count_ones() as usize <= self.small_vertices {
            return self.small_value(component);
        }
        if let Some(value) = self.recall(component) {
            return value;
        }
        let value = self.expand(component);
        self.memorise(component, value);
        value
    }

    /// The nimber of a connected set by the mex rule over its options.
    fn expand(&mut self, component: u64) -> u32 {
        self.positions += 1;
        if component.count_ones() as usize == LARGE_VERTICES {
            self.large_expansions += 1;
            if self.large_expansions == LARGE_TABLE_AFTER {
                self.use_large_table();
            }
        }
        // An option has fewer vertices than the component, so its value is below 64.
        let mut seen = 0u64;
        let mut bits = component;
        while bits != 0 {
            let vertex = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            seen |= 1 << self.sum_value(component & !self.neighbourhoods[vertex]);
        }
        (!seen).trailing_zeros()
    }

    fn memo_slot(vertices: u64) -> usize {
        (vertices.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - MEMO_BITS)) as usize
    }

    /// The value of `vertices` if it is in the memo for this endgame.
    fn recall(&self, vertices: u64) -> Option<u32> {
        let remembered = self.memo[Self::memo_slot(vertices)];
        (remembered.stamp == self.stamp && remembered.vertices == vertices)
            .then_some(remembered.value)
    }

    fn memorise(&mut self, vertices: u64, value: u32) {
        self.memo[Self::memo_slot(vertices)] = MemoSlot {
            vertices,
            stamp: self.stamp,
            value,
        };
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    fn path(dense: &mut DenseNodeKayles, vertices: usize) {
        let neighbourhoods = dense.neighbourhoods_mut();
        for (i, set) in neighbourhoods.iter_mut().enumerate().take(vertices) {
            *set = 1 << i;
            if i > 0 {
                *set |= 1 << (i - 1);
            }
            if i + 1 < vertices {
                *set |= 1 << (i + 1);
            }
        }
    }

    /// Node Kayles on a path takes one vertex and its neighbours: Dawson's Chess (octal 0.137),
    /// whose value on n vertices is Dawson's Kayles (0.07) on n + 1 (OEIS A002187).
    #[test]
    fn node_kayles_on_a_path_is_dawsons_chess() {
        let dawsons_kayles = [
            0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
            0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2,
        ];
        let mut dense = DenseNodeKayles::default();
        for vertices in 0..dawsons_kayles.len() - 1 {
            path(&mut dense, vertices);
            assert_eq!(
                dense.value(vertices),
                Nimber::new(dawsons_kayles[vertices + 1]),
                "path of {vertices}"
            );
        }
    }

    /// Node Kayles by the mex rule over every vertex subset, with no components, memo or
    /// table: the reference for the dense search and the win sweep.
    pub(in crate::solver) fn by_subsets(closed: &[u64]) -> u32 {
        let vertices = closed.len();
        let mut value = vec![0u32; 1 << vertices];
        for subset in 1..1usize << vertices {
            let mut seen = 0u64;
            for (vertex, &neighbourhood) in closed.iter().enumerate() {
                if subset >> vertex & 1 == 1 {
                    seen |= 1 << value[subset & !(neighbourhood as usize)];
                }
            }
            value[subset] = (!seen).trailing_zeros();
        }
        value[(1 << vertices) - 1]
    }

    /// The closed neighbourhoods of a pseudo-random graph on `vertices` vertices, each edge
    /// present with probability `density`/16.
    pub(in crate::solver) fn random_graph(vertices: usize, density: u64, seed: u64) -> Vec<u64> {
        let mut state = seed | 1;
        let mut closed = vec![0u64; vertices];
        for i in 0..vertices {
            closed[i] |= 1 << i;
            for j in i + 1..vertices {
                // xorshift: a cheap stream of pseudo-random bits for the edges.
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if state % 16 < density {
                    closed[i] |= 1 << j;
                    closed[j] |= 1 << i;
                }
            }
        }
        closed
    }

    proptest::proptest! {
        /// Random graphs of up to 13 vertices, sparse to dense, so that the small-graph table
        /// is used both for whole endgames and for the parts of larger ones.
        #[test]
        fn dense_search_equals_the_subset_recursion(
            vertices in 0usize..14,
            density in 0u64..=16,
            seed in proptest::prelude::any::<u64>(),
        ) {
            let closed = random_graph(vertices, density, seed);
            let expected = by_subsets(&closed);
            let mut dense = DenseNodeKayles::default();
            dense.neighbourhoods_mut()[..vertices].copy_from_slice(&closed);
            proptest::prop_assert_eq!(dense.value(vertices).value(), expected);
            // The same with the table of seven-vertex graphs that long searches switch to.
            let mut dense = DenseNodeKayles::default();
            dense.use_large_table();
            dense.neighbourhoods_mut()[..vertices].copy_from_slice(&closed);
            proptest::prop_assert_eq!(dense.value(vertices).value(), expected);
        }
    }
}
