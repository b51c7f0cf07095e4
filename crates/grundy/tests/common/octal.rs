//! What the tables of octal-game runs print about a nim-sequence, recomputed from its values:
//! shared by the published table (Czajka's) and docs/DISCOVERIES.md's.

/// The largest value and its first heap, and the heaps whose value has `rare_parity` (0 even,
/// 1 odd) 1-bits in `value & mask`: how many, and the last.
pub fn frontier_figures(values: &[u32], mask: u32, rare_parity: u32) -> [String; 4] {
    let top = *values.iter().max().expect("some values");
    let top_at = values.iter().position(|&v| v == top).expect("the largest");
    let rare: Vec<usize> = (0..values.len())
        .filter(|&n| (values[n] & mask).count_ones() % 2 == rare_parity)
        .collect();
    [
        top.to_string(),
        top_at.to_string(),
        rare.len().to_string(),
        rare.last().expect("a rare heap").to_string(),
    ]
}
