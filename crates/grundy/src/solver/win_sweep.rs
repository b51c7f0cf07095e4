//! Who wins small Node Kayles positions plus a nim heap, by a sweep with no table of its own.
//!
//! The outcome search ([`crate::games::placement::win_search`]) settles every position of a
//! few live squares here instead of in its table: most positions of a search are that small,
//! each is met about once, and a table probe costs a miss in memory where a sweep of a graph
//! renumbered into one machine word stays in the cache. A move takes a vertex and its
//! neighbours, so the options fall several sizes at once, and after a level or two they are
//! small enough to look up in the table of every graph of up to seven vertices
//! ([`SmallGraphs`], the one the dense nimber search uses).

use std::sync::OnceLock;

use super::dense::{
    adjacency_code, first_vertices, pext, SmallGraphs, LARGE_TABLE_AFTER, LARGE_VERTICES,
    SMALL_VERTICES,
};
use super::DENSE_CAPACITY;

/// Sets of at most this many vertices are expanded through their adjacency code, whose bits
/// (one per pair, 55 for 11 vertices) fit a word.
const CODED_VERTICES: usize = 11;

/// For `k` up to [`CODED_VERTICES`] and each subset `s` of `0..k`, the bits of the adjacency
/// code of a `k`-vertex graph that are pairs within `s`: one `pext` of a set's code with the
/// mask of an option's vertices is the option's code, in the table's layout, with no walk over
/// its vertices. Most options of a coded set are small enough to look up, and building each
/// one's code vertex by vertex took most of the sweep's time.
fn pair_masks() -> &'static [Vec<u64>] {
    static MASKS: OnceLock<Vec<Vec<u64>>> = OnceLock::new();
    MASKS.get_or_init(|| {
        (0..=CODED_VERTICES)
            .map(|k| {
                (0..1usize << k)
                    .map(|subset| {
                        let mut mask = 0u64;
                        for i in (0..k).filter(|i| subset >> i & 1 == 1) {
                            let later = k - 1 - i;
                            let field = later * later.saturating_sub(1) / 2;
                            for j in (i + 1..k).filter(|j| subset >> j & 1 == 1) {
                                mask |= 1 << (field + SmallGraphs::bit_in_field(j - i - 1, later));
                            }
                        }
                        mask
                    })
                    .collect()
            })
            .collect()
    })
}

/// Decides `G + *heap` for small graphs `G` given as closed neighbourhoods over their own
/// vertices: whether the player to move wins.
pub struct WinSweep {
    neighbourhoods: [u64; DENSE_CAPACITY],
    /// The table of small graphs in use: [`SmallGraphs::small`] until this sweep has expanded
    /// [`LARGE_TABLE_AFTER`] sets of seven vertices, then [`SmallGraphs::large`] (building it
    /// takes about half a second, more than a short search spends in all).
    small: &'static SmallGraphs,
    small_vertices: usize,
    large_expansions: u64,
    positions: u64,
    pair_masks: &'static [Vec<u64>],
    /// The vertex whose move won the set last decided, or [`NO_VERTEX`] when that set was
    /// lost, or looked up whole in the table, or won by a move in the heap: read by the
    /// caller of an expansion that returned `true`, and by the win search through
    /// [`WinSweep::refuter`]. (Refutation pairs rest on the graph's neighbourhoods being
    /// symmetric, as every attack graph is.)
    refuter: usize,
}

/// No vertex: the graph has at most 64.
const NO_VERTEX: usize = DENSE_CAPACITY;

impl Default for WinSweep {
    fn default() -> Self {
        WinSweep {
            neighbourhoods: [0; DENSE_CAPACITY],
            small: SmallGraphs::small(),
            small_vertices: SMALL_VERTICES,
            large_expansions: 0,
            positions: 0,
            pair_masks: pair_masks(),
            refuter: NO_VERTEX,
        }
    }
}

impl WinSweep {
    /// The closed neighbourhoods to fill before [`WinSweep::wins`]: bit `j` of entry `i` set
    /// when vertex `j` is `i` or adjacent to it.
    pub(crate) fn neighbourhoods_mut(&mut self) -> &mut [u64; DENSE_CAPACITY] {
        &mut self.neighbourhoods
    }

    /// Whether the player to move wins Node Kayles on the first `vertices` vertices of the
    /// graph just written by [`WinSweep::neighbourhoods_mut`], plus a nim heap of `heap`.
    pub(crate) fn wins(&mut self, vertices: usize, heap: u32) -> bool {
        debug_assert!(vertices <= DENSE_CAPACITY);
        let all = first_vertices(vertices);
        self.sweep(all, heap)
    }

    /// Whether the player to move wins the option left by taking `vertex` from the first
    /// `vertices` vertices of the graph written by [`WinSweep::neighbourhoods_mut`], plus a
    /// nim heap of `heap`: one graph serves every option of a position.
    pub(crate) fn wins_after(&mut self, vertices: usize, vertex: usize, heap: u32) -> bool {
        debug_assert!(vertex < vertices && vertices <= DENSE_CAPACITY);
        let all = first_vertices(vertices);
        self.sweep(all & !self.neighbourhoods[vertex], heap)
    }

    /// The vertex whose move won the set of the last call of [`WinSweep::wins`] or
    /// [`WinSweep::wins_after`]: none when that set was lost, or won by a move in the heap,
    /// or small enough to look up.
    #[must_use]
    pub(crate) fn refuter(&self) -> Option<usize> {
        (self.refuter != NO_VERTEX).then_some(self.refuter)
    }

    /// Sets of vertices expanded so far (those not looked up in the table).
    #[must_use]
    pub(crate) fn positions(&self) -> u64 {
        self.positions
    }

    /// Whether the small set `live` has nimber `heap`, from the table.
    #[inline]
    fn small_is(&self, live: u64, heap: u32) -> bool {
        let code = adjacency_code(live, &self.neighbourhoods);
        self.code_is(live.count_ones() as usize, code, heap)
    }

    /// Whether the graph of `vertices` vertices with adjacency code `code` has nimber `heap`:
    /// the bit table for 0, the nimbers otherwise.
    #[inline]
    fn code_is(&self, vertices: usize, code: u64, heap: u32) -> bool {
        if heap == 0 {
            self.small.code_is_zero(vertices, code)
        } else {
            self.small.code_value(vertices, code) == heap
        }
    }

    fn sweep(&mut self, live: u64, heap: u32) -> bool {
        let count = live.count_ones() as usize;
        if count <= self.small_vertices {
            self.refuter = NO_VERTEX;
            return !self.small_is(live, heap);
        }
        let code = if count <= CODED_VERTICES {
            adjacency_code(live, &self.neighbourhoods)
        } else {
            0
        };
        self.expand(live, count, code, heap)
    }

    /// Whether the player to move wins `live` (of `count` vertices, more than the table
    /// holds) plus `heap`; `code` is its adjacency code when it has at most
    /// [`CODED_VERTICES`] vertices.
    fn expand(&mut self, live: u64, count: usize, code: u64, heap: u32) -> bool {
        self.positions += 1;
        if count == LARGE_VERTICES {
            self.large_expansions += 1;
            if self.large_expansions == LARGE_TABLE_AFTER {
                self.small = SmallGraphs::large();
                self.small_vertices = LARGE_VERTICES;
            }
        }
        // Options small enough to look up are looked at as they are found; the rest wait, by
        // size, to be searched smallest first (lowest vertex first among equals): the most
        // constraining moves leave the fewest replies, so their searches are the cheapest and
        // the likeliest to end the sweep. A set of vertices per size, and a set of the sizes
        // met, order them with no comparisons.
        let mut waiting_by_size = [0u64; DENSE_CAPACITY];
        let mut waiting_sizes = 0u64;
        let coded = count <= CODED_VERTICES;
        let masks = if coded {
            self.pair_masks[count].as_slice()
        } else {
            &[][..]
        };
        let mut rest = live;
        while rest != 0 {
            let vertex = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let option = live & !self.neighbourhoods[vertex];
            let size = option.count_ones() as usize;
            if size > self.small_vertices {
                // An option leaves fewer vertices than `live`, so `size` < 64.
                waiting_by_size[size] |= 1 << vertex;
                waiting_sizes |= 1 << size;
            } else if coded {
                let option_code = pext(code, masks[pext(option, live) as usize]);
                if self.code_is(size, option_code, heap) {
                    self.refuter = vertex;
                    return true;
                }
            } else if self.small_is(option, heap) {
                self.refuter = vertex;
                return true;
            }
        }
        // Options known won for the opponent without a search of their own (below).
        let mut refuted = 0u64;
        while waiting_sizes != 0 {
            let size = waiting_sizes.trailing_zeros() as usize;
            waiting_sizes &= waiting_sizes - 1;
            let mut vertices = waiting_by_size[size] & !refuted;
            while vertices != 0 {
                let vertex = vertices.trailing_zeros() as usize;
                vertices &= vertices - 1;
                let option = live & !self.neighbourhoods[vertex];
                let wins = if coded {
                    let option_code = pext(code, masks[pext(option, live) as usize]);
                    self.expand(option, size, option_code, heap)
                } else {
                    self.sweep(option, heap)
                };
                if !wins {
                    self.refuter = vertex;
                    return true;
                }
                // The opponent won this option by taking `self.refuter`. Taking that vertex here
                // instead is answered by taking `vertex`, which leaves the same set (two
                // vertices not adjacent can be taken in either order), so it is refuted too.
                if self.refuter != NO_VERTEX {
                    refuted |= 1 << self.refuter;
                    vertices &= !refuted;
                }
            }
        }
        // Moves in the heap, last: each is a sweep of the whole set again.
        let won = (0..heap).any(|smaller| !self.expand(live, count, code, smaller));
        self.refuter = NO_VERTEX;
        won
    }
}

#[cfg(test)]
mod tests {
    use super::super::dense::tests::{by_subsets, random_graph};
    use super::*;

    /// The graph left when the vertices of `taken` go, numbered afresh in order.
    fn option_graph(closed: &[u64], taken: u64) -> Vec<u64> {
        let left: Vec<usize> = (0..closed.len()).filter(|&v| taken >> v & 1 == 0).collect();
        left.iter()
            .map(|&v| {
                left.iter()
                    .enumerate()
                    .filter(|&(_, &u)| closed[v] >> u & 1 == 1)
                    .fold(0, |set, (i, _)| set | 1 << i)
            })
            .collect()
    }

    proptest::proptest! {
        /// Random graphs of up to 15 vertices, sparse to dense, with heaps of 0 to 3: the
        /// player to move wins exactly when the graph's nimber is not the heap.
        #[test]
        fn the_sweep_wins_where_the_nimber_is_not_the_heap(
            vertices in 0usize..16,
            density in 0u64..=16,
            heap in 0u32..4,
            large in proptest::prelude::any::<bool>(),
            seed in proptest::prelude::any::<u64>(),
        ) {
            let closed = random_graph(vertices, density, seed);
            let nimber = by_subsets(&closed);
            let mut sweep = WinSweep::default();
            if large {
                sweep.small = SmallGraphs::large();
                sweep.small_vertices = LARGE_VERTICES;
            }
            sweep.neighbourhoods_mut()[..vertices].copy_from_slice(&closed);
            proptest::prop_assert_eq!(sweep.wins(vertices, heap), nimber != heap);
        }

        /// The option left by taking one vertex, swept in the graph of the whole position (as
        /// the win search sweeps every reply of a position in one numbering), against the
        /// recursion over subsets on that option's graph numbered afresh.
        #[test]
        fn an_option_is_swept_in_its_positions_graph(
            vertices in 1usize..16,
            density in 0u64..=16,
            heap in 0u32..4,
            taken in proptest::prelude::any::<usize>(),
            seed in proptest::prelude::any::<u64>(),
        ) {
            let closed = random_graph(vertices, density, seed);
            let taken = taken % vertices;
            let option = option_graph(&closed, closed[taken]);
            let mut sweep = WinSweep::default();
            sweep.neighbourhoods_mut()[..vertices].copy_from_slice(&closed);
            proptest::prop_assert_eq!(
                sweep.wins_after(vertices, taken, heap),
                by_subsets(&option) != heap
            );
        }

        /// The vertex the sweep names as having won a set (what refutation pairs rest on)
        /// leaves the opponent a lost position: one whose nimber is the heap; a lost set
        /// names none.
        #[test]
        fn the_vertex_named_as_the_winner_wins(
            vertices in 1usize..16,
            density in 0u64..=16,
            heap in 0u32..4,
            seed in proptest::prelude::any::<u64>(),
        ) {
            let closed = random_graph(vertices, density, seed);
            let mut sweep = WinSweep::default();
            sweep.neighbourhoods_mut()[..vertices].copy_from_slice(&closed);
            if sweep.wins(vertices, heap) {
                if let Some(winner) = sweep.refuter() {
                    proptest::prop_assert!(winner < vertices);
                    proptest::prop_assert_eq!(by_subsets(&option_graph(&closed, closed[winner])), heap);
                }
            } else {
                proptest::prop_assert_eq!(sweep.refuter(), None);
            }
        }
    }
}
