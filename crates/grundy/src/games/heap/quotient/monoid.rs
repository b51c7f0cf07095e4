//! Finite commutative monoids given by how their generators act, and the reduction of a
//! bipartite monoid (a monoid with a marked subset, here the P-positions) by indistinguishability.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

/// Past this order a monoid keeps no full multiplication table (it would take `order²` entries)
/// and multiplies by walking a word of the right-hand factor instead.
pub(crate) const FULL_TABLE_LIMIT: usize = 2048;

/// A finite commutative monoid on the elements `0..order`, `0` being the identity.
///
/// It is given by the action of a few generators (`x ↦ x·g`) and, for every element, one way
/// of reaching it from the identity by generators (a spanning tree), which is enough to multiply
/// any two elements: `x·y` follows the path of `y` starting from `x`.
#[derive(Clone, Debug)]
pub(crate) struct Monoid {
    /// `actions[g][x]` is `x·g` for generator `g`.
    actions: Vec<Vec<u32>>,
    /// `x = parent[x]·generator[via[x]]` for every `x` but the identity.
    parent: Vec<u32>,
    via: Vec<u32>,
    /// `table[x * order + y] = x·y`, kept when the order is at most [`FULL_TABLE_LIMIT`].
    table: Option<Vec<u32>>,
}

impl Monoid {
    /// The monoid whose generators act by `actions` (each a map of `0..order` into itself, with
    /// every element reachable from `0`). The caller vouches that the actions commute and come
    /// from a monoid; they always do here, being built from one.
    pub(crate) fn from_actions(actions: Vec<Vec<u32>>, order: usize) -> Monoid {
        debug_assert!(actions.iter().all(|action| action.len() == order));
        let mut parent = vec![u32::MAX; order];
        let mut via = vec![u32::MAX; order];
        parent[0] = 0;
        let mut queue = vec![0u32];
        let mut next = 0;
        while next < queue.len() {
            let x = queue[next];
            next += 1;
            for (g, action) in actions.iter().enumerate() {
                let y = action[x as usize];
                if parent[y as usize] == u32::MAX {
                    parent[y as usize] = x;
                    via[y as usize] = g as u32;
                    queue.push(y);
                }
            }
        }
        assert_eq!(
            queue.len(),
            order,
            "every element of a monoid is reached from the identity by its generators"
        );
        // Parents in breadth-first order come before their children: the table is filled in
        // that order, row by row.
        let table = (order <= FULL_TABLE_LIMIT).then(|| {
            let mut table = vec![0u32; order * order];
            for x in 0..order {
                let row = &mut table[x * order..(x + 1) * order];
                row[0] = x as u32;
                for &y in &queue[1..] {
                    let y = y as usize;
                    row[y] = actions[via[y] as usize][row[parent[y] as usize] as usize];
                }
            }
            table
        });
        Monoid {
            actions,
            parent,
            via,
            table,
        }
    }

    /// The trivial monoid `{1}`.
    pub(crate) fn trivial() -> Monoid {
        Monoid::from_actions(Vec::new(), 1)
    }

    /// How many elements.
    pub(crate) fn order(&self) -> usize {
        self.parent.len()
    }

    /// The generators' actions.
    pub(crate) fn actions(&self) -> &[Vec<u32>] {
        &self.actions
    }

    /// `x·y`.
    pub(crate) fn mul(&self, x: u32, y: u32) -> u32 {
        if let Some(table) = &self.table {
            return table[x as usize * self.order() + y as usize];
        }
        let mut product = x;
        let mut rest = y;
        while rest != 0 {
            product = self.actions[self.via[rest as usize] as usize][product as usize];
            rest = self.parent[rest as usize];
        }
        product
    }

    /// The map `x ↦ x·y` for every `x`.
    pub(crate) fn action_of(&self, y: u32) -> Vec<u32> {
        (0..self.order() as u32).map(|x| self.mul(x, y)).collect()
    }

    /// The full table `x·y` at `x * order + y`, when the order is small enough to keep one.
    #[cfg(test)]
    pub(crate) fn table(&self) -> Option<&[u32]> {
        self.table.as_deref()
    }

    /// The index `i` and period `p` of the powers of `x`: `x^(i + p) = x^i`, both least.
    pub(crate) fn index_and_period(&self, x: u32) -> (usize, usize) {
        let mut seen = HashMap::new();
        let mut power = 0u32;
        for exponent in 0.. {
            if let Some(&first) = seen.get(&power) {
                return (first, exponent - first);
            }
            seen.insert(power, exponent);
            power = self.mul(power, x);
        }
        unreachable!("the powers of an element of a finite monoid repeat")
    }
}

/// The reduction of a monoid with a marked subset `marked` (the P-portion): two elements `x`
/// and `y` are indistinguishable when `x·z` and `y·z` are both marked or both unmarked for
/// every `z`, and the reduction identifies them. Returns the class of each element (the
/// identity's class is 0, classes numbered in order of their least element), the reduced
/// monoid and its marked subset.
///
/// Since every `z` is a product of generators, this is the minimisation of the automaton whose
/// states are the elements, whose letters are the generators and whose accepting states are
/// the marked ones: classes are split by the classes of their images until nothing changes.
/// `None` when `stop` is raised (it is read once a round).
pub(crate) fn reduce(
    monoid: &Monoid,
    marked: &[bool],
    stop: &AtomicBool,
) -> Option<(Vec<u32>, Monoid, Vec<bool>)> {
    let order = monoid.order();
    let actions = monoid.actions();
    let mut class: Vec<u32> = marked.iter().map(|&m| u32::from(m)).collect();
    let mut classes = renumber(&mut class);
    let width = actions.len() + 1;
    let mut signatures = vec![0u32; order * width];
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        for x in 0..order {
            let signature = &mut signatures[x * width..(x + 1) * width];
            signature[0] = class[x];
            for (g, action) in actions.iter().enumerate() {
                signature[g + 1] = class[action[x] as usize];
            }
        }
        let mut ids: HashMap<&[u32], u32> = HashMap::with_capacity(classes * 2);
        let mut refined = vec![0u32; order];
        for (x, slot) in refined.iter_mut().enumerate() {
            let next = ids.len() as u32;
            *slot = *ids
                .entry(&signatures[x * width..(x + 1) * width])
                .or_insert(next);
        }
        let count = ids.len();
        class = refined;
        if count == classes {
            break;
        }
        classes = count;
    }
    let mut representative = vec![u32::MAX; classes];
    for (x, &c) in class.iter().enumerate().rev() {
        representative[c as usize] = x as u32;
    }
    let reduced_actions: Vec<Vec<u32>> = actions
        .iter()
        .map(|action| {
            representative
                .iter()
                .map(|&x| class[action[x as usize] as usize])
                .collect()
        })
        .collect();
    let reduced_marked = representative.iter().map(|&x| marked[x as usize]).collect();
    Some((
        class,
        Monoid::from_actions(reduced_actions, classes),
        reduced_marked,
    ))
}

/// Renumbers class labels in order of first appearance (so element 0 is in class 0); returns
/// how many classes there are.
fn renumber(class: &mut [u32]) -> usize {
    let mut ids: HashMap<u32, u32> = HashMap::new();
    for c in class.iter_mut() {
        let next = ids.len() as u32;
        *c = *ids.entry(*c).or_insert(next);
    }
    ids.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cyclic monoid `{1, g, ..., g^(index + period - 1)}` with `g^(index + period) = g^index`.
    fn cyclic(index: usize, period: usize) -> Monoid {
        let order = index + period;
        let action = (0..order)
            .map(|k| if k + 1 < order { k + 1 } else { index } as u32)
            .collect();
        Monoid::from_actions(vec![action], order)
    }

    #[test]
    fn a_cyclic_monoid_multiplies_exponents() {
        let monoid = cyclic(1, 2);
        // b·b² = b³ = b.
        assert_eq!(monoid.mul(1, 2), 1);
        assert_eq!(monoid.mul(2, 2), 2);
        assert_eq!(monoid.index_and_period(1), (1, 2));
        assert_eq!(monoid.index_and_period(2), (1, 1));
        assert_eq!(monoid.index_and_period(0), (0, 1));
    }

    #[test]
    fn the_walk_agrees_with_the_table() {
        let order = FULL_TABLE_LIMIT + 2;
        let big = cyclic(3, order - 3);
        assert!(big.table().is_none());
        let small = cyclic(3, 7);
        let table = small.table().unwrap();
        for x in 0..10u32 {
            for y in 0..10u32 {
                let expected = if x + y < 10 {
                    x + y
                } else {
                    3 + (x + y - 3) % 7
                };
                assert_eq!(small.mul(x, y), expected);
                assert_eq!(table[x as usize * 10 + y as usize], expected);
            }
        }
        assert_eq!(big.mul(5, 7), 12);
    }

    #[test]
    fn reduction_merges_what_no_product_tells_apart() {
        // Misère Nim with heaps of one token: g^k is a P-position for odd k. With g^6 = g^4
        // the reduction leaves {1, g}, g² = 1.
        let monoid = cyclic(4, 2);
        let marked: Vec<bool> = (0..6).map(|k| k % 2 == 1).collect();
        let (class, reduced, reduced_marked) =
            reduce(&monoid, &marked, &AtomicBool::new(false)).unwrap();
        assert_eq!(class, vec![0, 1, 0, 1, 0, 1]);
        assert_eq!(reduced.order(), 2);
        assert_eq!(reduced.mul(1, 1), 0);
        assert_eq!(reduced_marked, vec![false, true]);
    }
}
