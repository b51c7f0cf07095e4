//! Terminal positions: the positions of a placement game (or of Node Kayles on any graph)
//! where no move is left. They are exactly the maximal independent sets of the graph, which
//! are the independent dominating sets.
//!
//! They are counted by size with a **frontier dynamic programme**, not by listing them (knights
//! on 8×8 have billions). The vertices are taken in a fixed order; after the first `t`, only
//! the *frontier* matters — the decided vertices that still have undecided neighbours — and of
//! each only whether it is occupied, free but already dominated, or free and still waiting for
//! an occupied neighbour. A vertex leaves the frontier once its last neighbour is decided, and
//! is dropped then if it is still waiting. Partial sets with the same frontier statuses and the
//! same size are merged, their counts added (as `u128`), and one of them kept as an example.
//!
//! The work grows like the number of frontier states, up to `3^width` for a frontier of
//! `width` vertices: for a board taken row by row along its shorter side, about two rows for
//! knights, one for kings, and the whole board for the line pieces (whose states stay few only
//! because few queens fit). [`TerminalLimit`] caps the states; beyond it the count is refused,
//! never guessed.

use std::collections::BTreeMap;

use thiserror::Error;

use crate::board::BoardSize;

use super::{with_width, Graph, GraphError, VertexSet};

/// The most frontier vertices the programme handles: two bits each in a `u128`.
pub(crate) const MAX_FRONTIER: usize = 64;

/// How many (frontier state, size) entries the programme may hold at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerminalLimit {
    /// The most entries in one layer.
    pub entries: usize,
}

impl Default for TerminalLimit {
    fn default() -> TerminalLimit {
        TerminalLimit { entries: 4_000_000 }
    }
}

/// What one entry of the count takes at most, measured with the default limit (4,000,000
/// entries) on knights 16x32: about 1.24 GB, so about 310 bytes, rounded up (knights 16x16,
/// whose example sets are half as long: 0.89 GB).
pub(crate) const BYTES_PER_TERMINAL_STATE: u64 = 320;

impl TerminalLimit {
    /// The most states `bytes` of memory hold.
    pub(crate) fn states_in(bytes: u64) -> usize {
        usize::try_from(bytes / BYTES_PER_TERMINAL_STATE).unwrap_or(usize::MAX)
    }

    /// At most `entries` states, as a request asks: refused when they could take more than
    /// this machine's memory (the default limit is always accepted: a count stops at it), and
    /// when none, under which every count would be reported undecided.
    ///
    /// # Errors
    /// The message names the states asked, their bytes and the most accepted.
    pub fn within_machine(entries: usize) -> Result<TerminalLimit, String> {
        let (memory, whose) = crate::limits::machine_memory();
        let most = TerminalLimit::states_in(memory).max(TerminalLimit::default().entries);
        if entries == 0 {
            return Err(format!(
                "`states` 0: a count of terminal positions needs at least 1 (the default is {})",
                TerminalLimit::default().entries
            ));
        }
        if entries > most {
            return Err(format!(
                "`states` {entries} could take {} ({BYTES_PER_TERMINAL_STATE} bytes a state), more than {whose}, {}: give at most {most}",
                crate::limits::size_text((entries as u64).saturating_mul(BYTES_PER_TERMINAL_STATE)),
                crate::limits::size_text(memory)
            ));
        }
        Ok(TerminalLimit { entries })
    }
}

/// The terminal positions of size `size`: how many, and one of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeClass {
    /// The number of occupied vertices.
    pub size: usize,
    /// How many maximal independent sets have this size.
    pub count: u128,
    /// One of them, in increasing order.
    pub example: Vec<usize>,
}

/// All the terminal positions of a graph, by size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerminalSets {
    /// One entry per size that occurs, smallest first.
    pub sizes: Vec<SizeClass>,
    /// The largest number of entries held at once.
    pub(crate) peak_entries: usize,
    /// The largest frontier, in vertices.
    pub(crate) frontier_width: usize,
}

impl TerminalSets {
    /// The number of terminal positions, `None` if it overflows `u128`.
    #[must_use]
    pub(crate) fn total(&self) -> Option<u128> {
        self.sizes
            .iter()
            .try_fold(0u128, |sum, class| sum.checked_add(class.count))
    }
}

/// Why the terminal positions were not counted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TerminalError {
    /// The graph is too large for the vertex sets.
    #[error(transparent)]
    Graph(#[from] GraphError),
    /// Some frontier holds more vertices than a state can.
    #[error("the frontier reaches {width} vertices in the best order found: at most {MAX_FRONTIER} are handled")]
    FrontierTooWide {
        /// The widest frontier.
        width: usize,
    },
    /// The entries outgrew the limit.
    #[error("more than {limit} frontier states after {done} of {vertices} vertices (frontier of {width}): too many to count exactly within the limit: a larger `states` (--states) tries harder")]
    TooManyStates {
        /// The limit.
        limit: usize,
        /// Vertices decided when it was reached.
        done: usize,
        /// All vertices.
        vertices: usize,
        /// The frontier width then.
        width: usize,
    },
    /// A count passed `u128`.
    #[error("a count passed 2^128")]
    Overflow,
}

/// The widest frontier when the vertices are taken in `order` (a permutation of all of them).
#[must_use]
pub(crate) fn frontier_width(graph: &Graph, order: &[usize]) -> usize {
    let position = positions(order);
    let last = last_neighbour(graph, &position);
    let mut width = 0usize;
    let mut widest = 0;
    let mut leaving_at = vec![0usize; order.len()];
    for &t in &last {
        leaving_at[t] += 1;
    }
    for &leaving in &leaving_at {
        width += 1;
        widest = widest.max(width);
        // The vertices whose last neighbour this is leave the frontier.
        width -= leaving;
    }
    widest
}

/// Orders that suit a board: row by row, and column by column.
#[must_use]
pub(crate) fn board_orders(board: BoardSize) -> Vec<Vec<usize>> {
    let (rows, cols) = (board.rows(), board.cols());
    let by_rows = (0..rows * cols).collect();
    let by_cols = (0..cols)
        .flat_map(|c| (0..rows).map(move |r| r * cols + c))
        .collect();
    vec![by_rows, by_cols]
}

/// Of `candidates` (each a permutation of the vertices) and a breadth-first order, the one
/// with the narrowest frontier.
#[must_use]
pub fn narrowest_order(graph: &Graph, candidates: Vec<Vec<usize>>) -> Vec<usize> {
    let mut options = candidates;
    options.push(breadth_first_order(graph));
    options.push((0..graph.vertex_count()).collect());
    options
        .into_iter()
        .min_by_key(|order| frontier_width(graph, order))
        .expect("at least one order")
}

/// Components one after another, each breadth first from a vertex of least degree.
fn breadth_first_order(graph: &Graph) -> Vec<usize> {
    let mut order = Vec::with_capacity(graph.vertex_count());
    let mut seen = vec![false; graph.vertex_count()];
    for component in graph.components() {
        let start = *component
            .iter()
            .min_by_key(|&&v| graph.degree(v))
            .expect("components are not empty");
        seen[start] = true;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(u) = queue.pop_front() {
            order.push(u);
            for &v in graph.neighbours(u) {
                if !seen[v] {
                    seen[v] = true;
                    queue.push_back(v);
                }
            }
        }
    }
    order
}

fn positions(order: &[usize]) -> Vec<usize> {
    let mut position = vec![0; order.len()];
    for (t, &v) in order.iter().enumerate() {
        position[v] = t;
    }
    position
}

/// For each vertex, the position in the order of the last of it and its neighbours.
fn last_neighbour(graph: &Graph, position: &[usize]) -> Vec<usize> {
    (0..graph.vertex_count())
        .map(|v| {
            graph
                .neighbours(v)
                .iter()
                .map(|&u| position[u])
                .chain([position[v]])
                .max()
                .expect("includes the vertex itself")
        })
        .collect()
}

/// Counts the terminal positions (maximal independent sets) of `graph` by size, taking the
/// vertices in `order` (a permutation of all of them; see [`narrowest_order`]). `progress` is
/// called after each vertex with the vertices done and the entries held.
///
/// # Errors
/// When the graph is too large, the frontier too wide, the states too many, or a count
/// overflows.
///
/// # Panics
/// When `order` is not a permutation of the vertices: a caller error.
pub fn terminal_sets(
    graph: &Graph,
    order: &[usize],
    limit: TerminalLimit,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<TerminalSets, TerminalError> {
    let mut check = order.to_vec();
    check.sort_unstable();
    assert!(
        check.iter().copied().eq(0..graph.vertex_count()),
        "the order must list every vertex once"
    );
    let width = frontier_width(graph, order);
    if width > MAX_FRONTIER {
        return Err(TerminalError::FrontierTooWide { width });
    }
    with_width!(graph.vertex_count(), W => {
        count::<W>(graph, order, limit, progress)
    }, Err(GraphError::TooLarge(graph.vertex_count()).into()))
}

const UNDOMINATED: u128 = 0;
const DOMINATED: u128 = 1;
const OCCUPIED: u128 = 2;

/// One partial set: the statuses of the frontier (two bits per slot), its size, how many
/// partial sets share both, and one of them.
#[derive(Clone, Copy)]
struct Entry<const W: usize> {
    state: u128,
    size: u16,
    count: u128,
    example: VertexSet<W>,
}

fn status(state: u128, slot: usize) -> u128 {
    state >> (2 * slot) & 3
}

fn count<const W: usize>(
    graph: &Graph,
    order: &[usize],
    limit: TerminalLimit,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<TerminalSets, TerminalError> {
    let position = positions(order);
    let last = last_neighbour(graph, &position);
    let mut frontier: Vec<usize> = Vec::new();
    let mut entries = vec![Entry::<W> {
        state: 0,
        size: 0,
        count: 1,
        example: VertexSet::EMPTY,
    }];
    let mut peak = 1;
    let mut widest = 0;
    let mut next: Vec<Entry<W>> = Vec::new();
    for (t, &v) in order.iter().enumerate() {
        // The slots of v's neighbours on the frontier (all its decided neighbours are there).
        let neighbour_slots: Vec<usize> = frontier
            .iter()
            .enumerate()
            .filter(|&(_, &u)| graph.adjacent(u, v))
            .map(|(slot, _)| slot)
            .collect();
        let neighbour_mask: u128 = neighbour_slots.iter().map(|&s| 3u128 << (2 * s)).sum();
        let dominated_pattern: u128 = neighbour_slots.iter().map(|&s| DOMINATED << (2 * s)).sum();
        let mut extended = frontier.clone();
        extended.push(v);
        let new_slot = frontier.len();
        // Who stays: the frontier with v, less those whose last neighbour is v.
        let staying: Vec<usize> = (0..extended.len())
            .filter(|&slot| last[extended[slot]] > t)
            .collect();
        let leaving: Vec<usize> = (0..extended.len())
            .filter(|&slot| last[extended[slot]] == t)
            .collect();
        widest = widest.max(extended.len());
        next.clear();
        for entry in &entries {
            let any_occupied = neighbour_slots
                .iter()
                .any(|&s| status(entry.state, s) == OCCUPIED);
            // v free.
            let free_status = if any_occupied { DOMINATED } else { UNDOMINATED };
            let choices = [
                Some((entry.state | free_status << (2 * new_slot), 0u16, false)),
                (!any_occupied).then(|| {
                    // v occupied: its frontier neighbours become dominated (none is occupied).
                    let state = (entry.state & !neighbour_mask)
                        | (dominated_pattern & neighbour_mask)
                        | OCCUPIED << (2 * new_slot);
                    (state, 1, true)
                }),
            ];
            for (state, added, occupies) in choices.into_iter().flatten() {
                if leaving.iter().any(|&s| status(state, s) == UNDOMINATED) {
                    continue;
                }
                let mut packed = 0u128;
                for (new, &old) in staying.iter().enumerate() {
                    packed |= status(state, old) << (2 * new);
                }
                let mut example = entry.example;
                if occupies {
                    example.insert(v);
                }
                next.push(Entry {
                    state: packed,
                    size: entry.size + added,
                    count: entry.count,
                    example,
                });
            }
        }
        next.sort_unstable_by_key(|e| (e.state, e.size));
        entries.clear();
        for e in next.drain(..) {
            match entries.last_mut() {
                Some(last) if last.state == e.state && last.size == e.size => {
                    last.count = last
                        .count
                        .checked_add(e.count)
                        .ok_or(TerminalError::Overflow)?;
                }
                _ => entries.push(e),
            }
        }
        frontier = staying.iter().map(|&slot| extended[slot]).collect();
        peak = peak.max(entries.len());
        if entries.len() > limit.entries {
            return Err(TerminalError::TooManyStates {
                limit: limit.entries,
                done: t + 1,
                vertices: order.len(),
                width: extended.len(),
            });
        }
        progress(t + 1, entries.len());
    }
    // Every vertex has left the frontier: one state remains, one entry per size.
    let mut by_size: BTreeMap<usize, SizeClass> = BTreeMap::new();
    for entry in entries {
        let class = by_size
            .entry(entry.size.into())
            .or_insert_with(|| SizeClass {
                size: entry.size.into(),
                count: 0,
                example: entry.example.iter().collect(),
            });
        class.count = class
            .count
            .checked_add(entry.count)
            .ok_or(TerminalError::Overflow)?;
    }
    Ok(TerminalSets {
        sizes: by_size.into_values().collect(),
        peak_entries: peak,
        frontier_width: widest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Piece;

    /// The default limit is always accepted; a limit past any machine's memory is refused
    /// naming it and the most accepted, which is itself accepted.
    #[test]
    fn a_limit_past_the_machines_memory_is_refused() {
        let default = TerminalLimit::default().entries;
        assert_eq!(
            TerminalLimit::within_machine(default).unwrap().entries,
            default
        );
        let refused = TerminalLimit::within_machine(usize::MAX).unwrap_err();
        assert!(
            refused.starts_with(&format!("`states` {} could take", usize::MAX)),
            "{refused}"
        );
        let most: usize = refused
            .rsplit("give at most ")
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(most >= default);
        assert_eq!(TerminalLimit::within_machine(most).unwrap().entries, most);
        assert!(TerminalLimit::within_machine(most + 1).is_err());
        let refused = TerminalLimit::within_machine(0).unwrap_err();
        assert!(refused.starts_with("`states` 0: "), "{refused}");
    }

    /// Every maximal independent set, by plain recursion: each vertex in or out, keeping the
    /// sets that are independent and dominating.
    fn naive_sizes(graph: &Graph) -> BTreeMap<usize, u128> {
        fn walk(graph: &Graph, v: usize, set: &mut Vec<usize>, out: &mut BTreeMap<usize, u128>) {
            if v == graph.vertex_count() {
                if graph.is_dominating(set) {
                    *out.entry(set.len()).or_insert(0) += 1;
                }
                return;
            }
            walk(graph, v + 1, set, out);
            if set.iter().all(|&u| !graph.adjacent(u, v)) {
                set.push(v);
                walk(graph, v + 1, set, out);
                set.pop();
            }
        }
        let mut out = BTreeMap::new();
        walk(graph, 0, &mut Vec::new(), &mut out);
        out
    }

    fn counted(graph: &Graph, order: &[usize]) -> TerminalSets {
        terminal_sets(graph, order, TerminalLimit::default(), &mut |_, _| {}).unwrap()
    }

    #[test]
    fn counts_match_plain_enumeration_in_every_order() {
        for piece in [
            Piece::Knight,
            Piece::Queen,
            Piece::King,
            Piece::Bishop,
            Piece::Leaper(1, 3),
        ] {
            for (m, n) in [(1, 1), (2, 3), (3, 3), (3, 5), (4, 4), (4, 5), (2, 9)] {
                let board = BoardSize::new(m, n).unwrap();
                let graph = Graph::attack_graph(piece, board);
                let expected = naive_sizes(&graph);
                let mut orders = board_orders(board);
                orders.push(breadth_first_order(&graph));
                orders.push((0..graph.vertex_count()).rev().collect());
                for order in orders {
                    let found = counted(&graph, &order);
                    let sizes: BTreeMap<usize, u128> =
                        found.sizes.iter().map(|c| (c.size, c.count)).collect();
                    assert_eq!(sizes, expected, "{piece} {board}");
                    for class in &found.sizes {
                        assert_eq!(class.example.len(), class.size);
                        assert!(graph.is_independent(&class.example));
                        assert!(graph.is_dominating(&class.example));
                    }
                }
            }
        }
    }

    #[test]
    fn knights_3x3_has_terminal_sets_of_both_parities() {
        // The centre is isolated and must be occupied; the other eight squares form a cycle
        // whose maximal independent sets have 3 or 4 vertices.
        let graph = Graph::attack_graph(Piece::Knight, "3x3".parse().unwrap());
        let found = counted(&graph, &narrowest_order(&graph, vec![]));
        let sizes: Vec<(usize, u128)> = found.sizes.iter().map(|c| (c.size, c.count)).collect();
        // C8 has 8 maximal independent sets of size 3 and 2 of size 4.
        assert_eq!(sizes, vec![(4, 8), (5, 2)]);
    }

    #[test]
    fn knight_counts_are_oeis_a289201() {
        // A289201: maximal independent sets of the n x n knight graph, n = 1..7.
        let expected = [1u128, 1, 10, 31, 172, 2253, 50652];
        for (n, &total) in (1..).zip(&expected) {
            let board = BoardSize::new(n, n).unwrap();
            let graph = Graph::attack_graph(Piece::Knight, board);
            let found = counted(&graph, &narrowest_order(&graph, board_orders(board)));
            assert_eq!(found.total(), Some(total), "knights {n}x{n}");
        }
    }

    #[test]
    fn a_small_limit_refuses_rather_than_guesses() {
        let graph = Graph::attack_graph(Piece::Knight, "6x6".parse().unwrap());
        let order = narrowest_order(&graph, board_orders("6x6".parse().unwrap()));
        let error = terminal_sets(
            &graph,
            &order,
            TerminalLimit { entries: 10 },
            &mut |_, _| {},
        );
        assert!(matches!(error, Err(TerminalError::TooManyStates { .. })));
    }
}
