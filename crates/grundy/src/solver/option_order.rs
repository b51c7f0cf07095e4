//! The order in which a search tries the options of a component.
//!
//! Options wait as `(key << 32) | index` words, `index` being the option's place on the
//! solver's option stack, so that sorting the words sorts the options by key, ties in the
//! order the game listed them.

/// The mask of a word's option index.
const INDEX: u64 = u32::MAX as u64;

/// The word of option `index` with sort key `key`.
pub(super) fn word(key: u64, index: usize) -> u64 {
    key << 32 | index as u64
}

/// The option index of a word.
pub(super) fn index(word: u64) -> usize {
    (word & INDEX) as usize
}

/// Writes to `order` the options of `guessed` and `by_size`, two sorted orders of the same
/// options, taking turns: the first from `guessed`, the next from `by_size`, and so on, each
/// list passing over the options the other has already given.
///
/// Why: seeking an option of value 0, the game's guess (mirror replies, say) is often right
/// and then saves most of the search, but when it is wrong the options it prefers can be
/// large and dear to refute, while the smallest options are the cheapest to settle. Taking
/// turns, an option that either order puts `k`-th is tried by the `2k`-th turn at the
/// latest: a wrong guess costs at most as many tries again. (Queens 16x16, first move c1:
/// the guess ranks the winning reply h9 34th and its first move costs 82 M positions;
/// the smallest reply is h9, and taking turns settles c1 in 21 M.)
///
/// `taken` is scratch indexed by option index, at least as long as the largest index;
/// it must be all `false` and is left so.
pub(super) fn take_turns(order: &mut [u64], guessed: &[u64], by_size: &[u64], taken: &mut [bool]) {
    debug_assert_eq!(guessed.len(), order.len());
    debug_assert_eq!(by_size.len(), order.len());
    let mut next = [0, 0];
    let lists = [guessed, by_size];
    let mut turn = 0;
    for slot in order.iter_mut() {
        // Each list holds every option, so the one whose turn it is has one left untaken.
        let list = lists[turn];
        let mut at = next[turn];
        while taken[index(list[at])] {
            at += 1;
        }
        let option = index(list[at]);
        taken[option] = true;
        next[turn] = at + 1;
        *slot = word(0, option);
        turn ^= 1;
    }
    for &slot in order.iter() {
        taken[index(slot)] = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(keys_and_indices: &[(u64, usize)]) -> Vec<u64> {
        keys_and_indices.iter().map(|&(k, i)| word(k, i)).collect()
    }

    fn indices(order: &[u64]) -> Vec<usize> {
        order.iter().map(|&w| index(w)).collect()
    }

    #[test]
    fn the_orders_take_turns_and_skip_what_the_other_gave() {
        // Options 10..=15: the guess prefers 13, 12, 10, 11, 14, 15; the sizes 10, 13, 14, 11, 12, 15.
        let guessed = words(&[(0, 13), (5, 12), (6, 10), (7, 11), (8, 14), (9, 15)]);
        let by_size = words(&[(1, 10), (2, 13), (2, 14), (3, 11), (4, 12), (5, 15)]);
        let mut order = vec![0; 6];
        let mut taken = vec![false; 16];
        take_turns(&mut order, &guessed, &by_size, &mut taken);
        assert_eq!(indices(&order), [13, 10, 12, 14, 11, 15]);
        assert!(taken.iter().all(|&t| !t));
    }

    #[test]
    fn equal_orders_are_left_as_they_are() {
        let both = words(&[(1, 2), (1, 0), (3, 1), (4, 3)]);
        let mut order = vec![0; 4];
        let mut taken = vec![false; 4];
        take_turns(&mut order, &both, &both, &mut taken);
        assert_eq!(indices(&order), [2, 0, 1, 3]);
    }

    #[test]
    fn an_option_is_tried_by_twice_its_place_in_either_order() {
        // Every permutation pair of five options: each option's place in the merged order
        // is at most 2k for its place k in the guess and 2k + 1 for its place in the sizes.
        let permutations = permutations_of(5);
        let mut taken = vec![false; 5];
        for first in &permutations {
            for second in &permutations {
                let guessed: Vec<u64> = first.iter().map(|&i| word(0, i)).collect();
                let by_size: Vec<u64> = second.iter().map(|&i| word(0, i)).collect();
                let mut order = vec![0; 5];
                take_turns(&mut order, &guessed, &by_size, &mut taken);
                let merged = indices(&order);
                let mut sorted = merged.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, [0, 1, 2, 3, 4]);
                for (place, option) in merged.iter().enumerate() {
                    let in_guess = first.iter().position(|o| o == option).unwrap();
                    let in_sizes = second.iter().position(|o| o == option).unwrap();
                    assert!(place <= (2 * in_guess).min(2 * in_sizes + 1));
                }
            }
        }
    }

    fn permutations_of(n: usize) -> Vec<Vec<usize>> {
        if n == 0 {
            return vec![Vec::new()];
        }
        let mut all = Vec::new();
        for shorter in permutations_of(n - 1) {
            for at in 0..=shorter.len() {
                let mut longer = shorter.clone();
                longer.insert(at, n - 1);
                all.push(longer);
            }
        }
        all
    }
}
