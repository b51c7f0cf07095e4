//! Exact independence, domination and independent domination numbers, by branch and bound.
//!
//! - **Independence number** α: the largest set of pairwise non-adjacent vertices. On a
//!   bipartite graph (knights, and any leaper whose two steps have an odd sum) it is the number
//!   of vertices less a maximum matching (König's theorem), found by augmenting paths. On other
//!   graphs a branch and bound bounds each branch by a greedy cover of the candidates by
//!   cliques (a maximum-clique search in the complement, after Tomita's MCQ).
//! - **Domination number** γ and **independent domination number** i: the smallest dominating
//!   set, and the smallest dominating set that is also independent (= the smallest maximal
//!   independent set = the shortest possible placement game). The search always branches on an
//!   undominated vertex with the fewest possible dominators; the dominators tried in one branch
//!   are forbidden in the later ones, so no set is visited twice. A branch is cut when the
//!   chosen vertices plus a lower bound on the ones still needed cannot beat the best set
//!   found. The bound gives each undominated vertex `u` the weight `1 / c(u)`, where `c(u)` is
//!   the most undominated vertices any one of its possible dominators covers; the weights a
//!   single new vertex can pay for sum to at most 1, so their total bounds the vertices needed.
//!
//! Every search counts its nodes and stops at [`SearchLimit::nodes`]; it then reports the best
//! set found and a proven lower bound instead of a value.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::solver::{SearchObserver, SearchStats};

use super::{with_width, Graph, GraphError, VertexSet};

/// How much work a search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimit {
    /// The most branch-and-bound nodes.
    pub nodes: u64,
}

impl Default for SearchLimit {
    fn default() -> SearchLimit {
        SearchLimit { nodes: 10_000_000 }
    }
}

/// What a search established: the value lies in `lower..=upper`, and `witness` is a set of
/// size `upper` (for α, of size `lower`) with the property searched for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// A proven lower bound.
    pub(crate) lower: usize,
    /// A proven upper bound.
    pub(crate) upper: usize,
    /// The best set found, in increasing order.
    pub(crate) witness: Vec<usize>,
    /// Branch-and-bound nodes searched.
    pub(crate) nodes: u64,
}

impl Bounds {
    /// The value, when the search settled it.
    #[must_use]
    pub fn exact(&self) -> Option<usize> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// Tightens the bounds of three searches of one graph by γ ≤ i ≤ α: an independent dominating
/// set dominates, so i's witness bounds γ from above; γ's lower bound is one for i; and i's
/// witness is independent, so it bounds α from below. Each witness keeps the size its bound
/// names. (The searches stop separately at their node limits, so one may settle what another
/// only bounds.)
pub(crate) fn tighten_by_order(
    independence: &mut Bounds,
    domination: &mut Bounds,
    independent_domination: &mut Bounds,
) {
    if independent_domination.upper < domination.upper {
        domination.upper = independent_domination.upper;
        domination.witness = independent_domination.witness.clone();
    }
    independent_domination.lower = independent_domination.lower.max(domination.lower);
    if independent_domination.witness.len() > independence.lower {
        independence.lower = independent_domination.witness.len();
        independence.witness = independent_domination.witness.clone();
    }
}

/// How many nodes pass between reports to the observer.
const PROGRESS_INTERVAL: u64 = 1 << 18;

/// The independence number α of `graph`, and a largest independent set.
///
/// # Errors
/// When the graph has more than [`super::MAX_SEARCH_VERTICES`] vertices.
pub fn independence_number(graph: &Graph, limit: SearchLimit) -> Result<Bounds, GraphError> {
    independence_number_observed(graph, limit, &mut ())
}

/// [`independence_number`], reporting progress to `observer`.
///
/// # Errors
/// As [`independence_number`].
pub(crate) fn independence_number_observed(
    graph: &Graph,
    limit: SearchLimit,
    observer: &mut dyn SearchObserver,
) -> Result<Bounds, GraphError> {
    if let Some(side) = graph.bipartition() {
        let witness = konig_independent_set(graph, &side);
        return Ok(Bounds {
            lower: witness.len(),
            upper: witness.len(),
            witness,
            nodes: 0,
        });
    }
    with_width!(graph.vertex_count(), W => {
        let closed = graph.closed_neighbourhoods::<W>()?;
        Ok(MaxIndependent::<W>::run(&closed, limit, observer))
    }, Err(GraphError::TooLarge(graph.vertex_count())))
}

/// The domination number γ of `graph`, and a smallest dominating set.
///
/// # Errors
/// When the graph has more than [`super::MAX_SEARCH_VERTICES`] vertices.
pub fn domination_number(graph: &Graph, limit: SearchLimit) -> Result<Bounds, GraphError> {
    domination_observed(graph, false, limit, &mut ())
}

/// The independent domination number i of `graph` (the size of a smallest maximal independent
/// set), and such a set.
///
/// # Errors
/// When the graph has more than [`super::MAX_SEARCH_VERTICES`] vertices.
pub fn independent_domination_number(
    graph: &Graph,
    limit: SearchLimit,
) -> Result<Bounds, GraphError> {
    domination_observed(graph, true, limit, &mut ())
}

/// [`domination_number`] (or with `independent`, [`independent_domination_number`]),
/// reporting progress to `observer`.
///
/// # Errors
/// As [`domination_number`].
pub(crate) fn domination_observed(
    graph: &Graph,
    independent: bool,
    limit: SearchLimit,
    observer: &mut dyn SearchObserver,
) -> Result<Bounds, GraphError> {
    with_width!(graph.vertex_count(), W => {
        let closed = graph.closed_neighbourhoods::<W>()?;
        Ok(Domination::<W>::run(&closed, independent, limit, observer))
    }, Err(GraphError::TooLarge(graph.vertex_count())))
}

/// A largest independent set of a bipartite graph: the complement of a minimum vertex cover,
/// built from a maximum matching by König's construction.
fn konig_independent_set(graph: &Graph, side: &[u8]) -> Vec<usize> {
    let n = graph.vertex_count();
    let mut mate: Vec<Option<usize>> = vec![None; n];
    for left in (0..n).filter(|&v| side[v] == 0) {
        let mut visited = vec![false; n];
        augment(graph, left, &mut mate, &mut visited);
    }
    // Z: vertices reached from unmatched left vertices by alternating paths.
    let mut in_z = vec![false; n];
    let mut stack: Vec<usize> = (0..n)
        .filter(|&v| side[v] == 0 && mate[v].is_none())
        .collect();
    for &v in &stack {
        in_z[v] = true;
    }
    while let Some(left) = stack.pop() {
        for &right in graph.neighbours(left) {
            if mate[left] == Some(right) || in_z[right] {
                continue;
            }
            in_z[right] = true;
            if let Some(next) = mate[right] {
                if !in_z[next] {
                    in_z[next] = true;
                    stack.push(next);
                }
            }
        }
    }
    // The cover is (L \ Z) ∪ (R ∩ Z); its complement is independent.
    (0..n).filter(|&v| (side[v] == 0) == in_z[v]).collect()
}

/// Looks for an augmenting path from `left` (Kuhn's algorithm); iterative, so long paths in
/// large graphs cannot overflow the stack.
fn augment(graph: &Graph, left: usize, mate: &mut [Option<usize>], visited: &mut [bool]) -> bool {
    // Each frame: a left vertex and the index of its next neighbour to try.
    let mut path: Vec<(usize, usize)> = vec![(left, 0)];
    let mut via: Vec<usize> = Vec::new();
    while let Some(&mut (u, ref mut next)) = path.last_mut() {
        let neighbours = graph.neighbours(u);
        if *next == neighbours.len() {
            path.pop();
            via.pop();
            continue;
        }
        let right = neighbours[*next];
        *next += 1;
        if visited[right] {
            continue;
        }
        visited[right] = true;
        match mate[right] {
            None => {
                // Flip the path: each left vertex on it takes the right vertex it came by.
                via.push(right);
                for (&(l, _), &r) in path.iter().zip(&via) {
                    mate[l] = Some(r);
                    mate[r] = Some(l);
                }
                return true;
            }
            Some(other) => {
                via.push(right);
                path.push((other, 0));
            }
        }
    }
    false
}

struct Budget<'a> {
    nodes: u64,
    limit: u64,
    stopped: bool,
    /// The observer's stop flag: raised, the search ends as if its budget were spent.
    halt: Option<Arc<AtomicBool>>,
    observer: &'a mut dyn SearchObserver,
}

impl Budget<'_> {
    /// Counts a node, unless the budget is spent (its `limit` nodes searched, or the stop
    /// flag raised): then false, and the node is not searched.
    fn spend(&mut self) -> bool {
        if self.stopped
            || self.nodes >= self.limit
            || self
                .halt
                .as_ref()
                .is_some_and(|halt| halt.load(Ordering::Relaxed))
        {
            self.stopped = true;
            return false;
        }
        self.nodes += 1;
        if self.nodes % PROGRESS_INTERVAL == 0 {
            self.observer.progress(&SearchStats {
                positions: self.nodes,
                ..SearchStats::default()
            });
        }
        true
    }
}

struct MaxIndependent<'a, const W: usize> {
    closed: &'a [VertexSet<W>],
    best: Vec<usize>,
    budget: Budget<'a>,
}

impl<'a, const W: usize> MaxIndependent<'a, W> {
    fn run(
        closed: &'a [VertexSet<W>],
        limit: SearchLimit,
        observer: &'a mut dyn SearchObserver,
    ) -> Bounds {
        let all = VertexSet::<W>::first_n(closed.len());
        let mut search = MaxIndependent {
            closed,
            best: Vec::new(),
            budget: Budget {
                nodes: 0,
                limit: limit.nodes,
                stopped: false,
                halt: observer.stop_flag(),
                observer,
            },
        };
        let root_cover = search.clique_cover(all).last().map_or(0, |&(_, c)| c);
        search.expand(&mut Vec::new(), all);
        let mut witness = search.best.clone();
        witness.sort_unstable();
        Bounds {
            lower: witness.len(),
            upper: if search.budget.stopped {
                root_cover
            } else {
                witness.len()
            },
            witness,
            nodes: search.budget.nodes,
        }
    }

    /// The candidates in a greedy cover by cliques: each vertex with the number of its clique;
    /// the vertices up to one with number `k` hold no independent set larger than `k`.
    fn clique_cover(&self, candidates: VertexSet<W>) -> Vec<(usize, usize)> {
        let mut order = Vec::with_capacity(candidates.len());
        let mut rest = candidates;
        let mut clique = 0;
        while !rest.is_empty() {
            clique += 1;
            let mut joinable = rest;
            while let Some(v) = joinable.first() {
                rest.remove(v);
                order.push((v, clique));
                joinable &= self.closed[v];
                joinable.remove(v);
            }
        }
        order
    }

    fn expand(&mut self, current: &mut Vec<usize>, candidates: VertexSet<W>) {
        if !self.budget.spend() {
            return;
        }
        if candidates.is_empty() {
            if current.len() > self.best.len() {
                self.best.clone_from(current);
            }
            return;
        }
        let order = self.clique_cover(candidates);
        let mut remaining = candidates;
        for &(v, bound) in order.iter().rev() {
            if current.len() + bound <= self.best.len() || self.budget.stopped {
                return;
            }
            current.push(v);
            self.expand(current, remaining.without(self.closed[v]));
            current.pop();
            remaining.remove(v);
        }
    }
}

struct Domination<'a, const W: usize> {
    closed: &'a [VertexSet<W>],
    independent: bool,
    best: Vec<usize>,
    budget: Budget<'a>,
    /// Per vertex, how many undominated vertices it would dominate (scratch).
    cover: Vec<u32>,
}

impl<'a, const W: usize> Domination<'a, W> {
    fn run(
        closed: &'a [VertexSet<W>],
        independent: bool,
        limit: SearchLimit,
        observer: &'a mut dyn SearchObserver,
    ) -> Bounds {
        let all = VertexSet::<W>::first_n(closed.len());
        let mut search = Domination {
            closed,
            independent,
            best: Vec::new(),
            budget: Budget {
                nodes: 0,
                limit: limit.nodes,
                stopped: false,
                halt: observer.stop_flag(),
                observer,
            },
            cover: vec![0; closed.len()],
        };
        search.best = search.greedy(all);
        let root_bound = search.lower_bound(all, all).unwrap_or(0);
        search.branch(&mut Vec::new(), all, all);
        let mut witness = search.best.clone();
        witness.sort_unstable();
        Bounds {
            lower: if search.budget.stopped {
                root_bound.min(witness.len())
            } else {
                witness.len()
            },
            upper: witness.len(),
            witness,
            nodes: search.budget.nodes,
        }
    }

    /// A first solution: repeatedly take the allowed vertex that dominates the most.
    fn greedy(&self, all: VertexSet<W>) -> Vec<usize> {
        let (mut undominated, mut allowed) = (all, all);
        let mut chosen = Vec::new();
        while !undominated.is_empty() {
            let best = allowed
                .iter()
                .max_by_key(|&w| (self.closed[w] & undominated).len())
                .expect("an undominated vertex can always be chosen");
            chosen.push(best);
            undominated = undominated.without(self.closed[best]);
            allowed = if self.independent {
                allowed.without(self.closed[best])
            } else {
                allowed.without(VertexSet::single(best))
            };
        }
        chosen
    }

    /// A lower bound on the vertices still needed, and `None` when some undominated vertex can
    /// no longer be dominated. Fills `self.cover` for the allowed vertices.
    fn lower_bound(&mut self, undominated: VertexSet<W>, allowed: VertexSet<W>) -> Option<usize> {
        let mut useful = VertexSet::<W>::EMPTY;
        for u in undominated.iter() {
            useful |= self.closed[u];
        }
        useful &= allowed;
        for w in useful.iter() {
            self.cover[w] = (self.closed[w] & undominated).len() as u32;
        }
        // The small tolerance keeps a sum such as 3 * (1/3) from rounding up past 1.
        let mut total = 0f64;
        for u in undominated.iter() {
            let dominators = self.closed[u] & allowed;
            let most = dominators.iter().map(|w| self.cover[w]).max()?;
            total += 1.0 / f64::from(most);
        }
        Some((total - 1e-9).ceil().max(1.0) as usize)
    }

    fn branch(
        &mut self,
        chosen: &mut Vec<usize>,
        undominated: VertexSet<W>,
        allowed: VertexSet<W>,
    ) {
        if !self.budget.spend() {
            return;
        }
        if undominated.is_empty() {
            if chosen.len() < self.best.len() {
                self.best.clone_from(chosen);
            }
            return;
        }
        let Some(bound) = self.lower_bound(undominated, allowed) else {
            return;
        };
        if chosen.len() + bound >= self.best.len() {
            return;
        }
        // The undominated vertex with the fewest possible dominators.
        let target = undominated
            .iter()
            .min_by_key(|&u| (self.closed[u] & allowed).len())
            .expect("not empty");
        let mut dominators: Vec<(u32, usize)> = (self.closed[target] & allowed)
            .iter()
            .map(|w| (self.cover[w], w))
            .collect();
        dominators.sort_unstable_by(|a, b| b.cmp(a));
        let mut allowed = allowed;
        for (_, w) in dominators {
            if self.budget.stopped || chosen.len() + 1 >= self.best.len() {
                return;
            }
            chosen.push(w);
            let later = if self.independent {
                allowed.without(self.closed[w])
            } else {
                allowed.without(VertexSet::single(w))
            };
            self.branch(chosen, undominated.without(self.closed[w]), later);
            chosen.pop();
            allowed.remove(w);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Piece;

    fn square_board(piece: Piece, n: u32) -> Graph {
        Graph::attack_graph(piece, crate::board::BoardSize::new(n, n).unwrap())
    }

    /// The smallest set by brute force over all subsets, for tiny graphs.
    fn brute_force(graph: &Graph, wanted: impl Fn(&[usize]) -> bool, largest: bool) -> usize {
        let n = graph.vertex_count();
        let sizes = (0..1u32 << n).filter_map(|mask| {
            let set: Vec<usize> = (0..n).filter(|&v| mask >> v & 1 == 1).collect();
            wanted(&set).then_some(set.len())
        });
        if largest {
            sizes.max().unwrap()
        } else {
            sizes.min().unwrap()
        }
    }

    #[test]
    fn knights_domination_numbers_are_oeis_a006075() {
        // A006075: 1, 4, 4, 4, 5, 8, 10, 12 for n = 1..8.
        let expected = [1, 4, 4, 4, 5, 8, 10, 12];
        for (n, &gamma) in (1..).zip(&expected) {
            let graph = square_board(Piece::Knight, n);
            let found = domination_number(&graph, SearchLimit::default()).unwrap();
            assert_eq!(found.exact(), Some(gamma), "knights {n}x{n}");
            assert!(graph.is_dominating(&found.witness));
            assert_eq!(found.witness.len(), gamma);
        }
    }

    #[test]
    fn knights_independent_domination_numbers_are_oeis_a342576() {
        // A342576: 1, 4, 4, 4, 5, 8, 13, 14 for n = 1..8.
        let expected = [1, 4, 4, 4, 5, 8, 13, 14];
        for (n, &i) in (1..).zip(&expected) {
            let graph = square_board(Piece::Knight, n);
            let found = independent_domination_number(&graph, SearchLimit::default()).unwrap();
            assert_eq!(found.exact(), Some(i), "knights {n}x{n}");
            assert!(graph.is_dominating(&found.witness) && graph.is_independent(&found.witness));
        }
    }

    #[test]
    fn queens_domination_numbers_are_oeis_a075458_and_a075324() {
        // A075458 (domination): 1, 1, 1, 2, 3, 3, 4, 5; A075324 (independent): 1, 1, 1, 3, 3,
        // 4, 4, 5.
        let gamma = [1, 1, 1, 2, 3, 3, 4, 5];
        let independent = [1, 1, 1, 3, 3, 4, 4, 5];
        for n in 1..=8 {
            let graph = square_board(Piece::Queen, n);
            let found = domination_number(&graph, SearchLimit::default()).unwrap();
            assert_eq!(found.exact(), Some(gamma[n as usize - 1]), "queens {n}x{n}");
            let found = independent_domination_number(&graph, SearchLimit::default()).unwrap();
            assert_eq!(
                found.exact(),
                Some(independent[n as usize - 1]),
                "queens {n}x{n}"
            );
        }
    }

    #[test]
    fn independence_numbers_of_known_boards() {
        // Knights: ceil(mn/2) from 3x3 up (Boone (2016), section 1.3); 2x2 has no edges. Queens:
        // n from 4 up (the n-queens puzzle); kings: ceil(m/2) ceil(n/2).
        for n in 3..=9u32 {
            let knights =
                independence_number(&square_board(Piece::Knight, n), SearchLimit::default())
                    .unwrap();
            assert_eq!(knights.exact(), Some((n * n).div_ceil(2) as usize));
            let kings =
                independence_number(&square_board(Piece::King, n), SearchLimit::default()).unwrap();
            assert_eq!(
                kings.exact(),
                Some((n.div_ceil(2) * n.div_ceil(2)) as usize)
            );
        }
        for n in 4..=9u32 {
            let graph = square_board(Piece::Queen, n);
            let queens = independence_number(&graph, SearchLimit::default()).unwrap();
            assert_eq!(queens.exact(), Some(n as usize));
            assert!(graph.is_independent(&queens.witness));
        }
    }

    #[test]
    fn searches_agree_with_brute_force_on_small_boards() {
        for piece in [
            Piece::Knight,
            Piece::King,
            Piece::Bishop,
            Piece::Rook,
            Piece::Leaper(1, 3),
        ] {
            for (m, n) in [(2, 3), (3, 4), (2, 6), (4, 4), (3, 5)] {
                let graph = Graph::attack_graph(piece, crate::board::BoardSize::new(m, n).unwrap());
                let limit = SearchLimit::default();
                let alpha = independence_number(&graph, limit).unwrap();
                let gamma = domination_number(&graph, limit).unwrap();
                let i = independent_domination_number(&graph, limit).unwrap();
                let independent = |s: &[usize]| graph.is_independent(s);
                let dominating = |s: &[usize]| graph.is_dominating(s);
                let both = |s: &[usize]| independent(s) && dominating(s);
                let label = format!("{piece} {m}x{n}");
                assert_eq!(
                    alpha.exact(),
                    Some(brute_force(&graph, independent, true)),
                    "{label}"
                );
                assert_eq!(
                    gamma.exact(),
                    Some(brute_force(&graph, dominating, false)),
                    "{label}"
                );
                assert_eq!(i.exact(), Some(brute_force(&graph, both, false)), "{label}");
            }
        }
    }

    /// Stopped at different points, the three searches of one graph can each settle or bound
    /// what another could not; after tightening, γ ≤ i ≤ α holds for the printed bounds too and
    /// every witness still has its property and its size.
    #[test]
    fn bounds_obey_gamma_at_most_i_at_most_alpha() {
        for (n, nodes) in [(7, 2000), (9, 2000), (8, 10), (8, 100), (6, 50)] {
            let graph = square_board(Piece::Knight, n);
            let limit = SearchLimit { nodes };
            let mut alpha = independence_number(&graph, limit).unwrap();
            let mut gamma = domination_number(&graph, limit).unwrap();
            let mut i = independent_domination_number(&graph, limit).unwrap();
            let before = (gamma.upper, i.lower);
            tighten_by_order(&mut alpha, &mut gamma, &mut i);
            assert!(gamma.upper <= i.upper, "{n} {nodes}: {gamma:?} {i:?}");
            assert!(gamma.lower <= i.lower, "{n} {nodes}: {gamma:?} {i:?}");
            assert!(i.upper <= alpha.upper, "{n} {nodes}: {i:?} {alpha:?}");
            assert!(alpha.lower >= i.witness.len());
            assert!(gamma.upper <= before.0 && i.lower >= before.1);
            assert_eq!(gamma.witness.len(), gamma.upper);
            assert!(graph.is_dominating(&gamma.witness));
            assert_eq!(alpha.witness.len(), alpha.lower);
            assert!(graph.is_independent(&alpha.witness));
            for bounds in [&alpha, &gamma, &i] {
                assert!(bounds.lower <= bounds.upper, "{n} {nodes}: {bounds:?}");
            }
        }
        // Knights 9x9 at 2,000 nodes: i = 14 is settled while gamma's search still bounds it
        // by 15; knights 7x7: gamma = 10 is settled while i's search only knows 6.
        let graph = square_board(Piece::Knight, 9);
        let limit = SearchLimit { nodes: 2000 };
        let mut alpha = independence_number(&graph, limit).unwrap();
        let mut gamma = domination_number(&graph, limit).unwrap();
        let mut i = independent_domination_number(&graph, limit).unwrap();
        assert!(
            gamma.upper > i.upper,
            "the case still arises: {gamma:?} {i:?}"
        );
        tighten_by_order(&mut alpha, &mut gamma, &mut i);
        assert_eq!(gamma.upper, i.upper);
        let graph = square_board(Piece::Knight, 7);
        let mut alpha = independence_number(&graph, limit).unwrap();
        let mut gamma = domination_number(&graph, limit).unwrap();
        let mut i = independent_domination_number(&graph, limit).unwrap();
        assert!(
            i.lower < gamma.lower,
            "the case still arises: {gamma:?} {i:?}"
        );
        tighten_by_order(&mut alpha, &mut gamma, &mut i);
        assert_eq!(i.lower, gamma.lower);
    }

    #[test]
    fn a_spent_budget_gives_bounds_not_a_value() {
        let graph = square_board(Piece::Knight, 8);
        let found = domination_number(&graph, SearchLimit { nodes: 10 }).unwrap();
        assert!(found.lower < found.upper, "{found:?}");
        // The budget is the nodes searched: a search stopped by it searched that many.
        assert_eq!(found.nodes, 10, "{found:?}");
        assert!(found.lower <= 12 && found.upper >= 12);
        assert!(graph.is_dominating(&found.witness));
    }
}
