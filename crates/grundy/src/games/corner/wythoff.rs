//! Corner the Queen, which is Wythoff's game: the queen moves any distance left, down or
//! diagonally down-left.

use super::CornerTable;

/// The bytes [`wythoff_table`] allocates for `rows` by `cols`: the values and the bit sets of
/// the columns and diagonals.
#[must_use]
pub(crate) fn wythoff_table_bytes(rows: usize, cols: usize) -> u128 {
    let (rows, cols) = (rows as u128, cols as u128);
    let words = (2 * (rows + cols)) / 64 + 1;
    4 * rows * cols + 8 * words * (cols + rows + cols + 1)
}

/// The nim-values of Wythoff's game for `m < rows`, `n < cols`.
///
/// Each value is the mex of the values already seen in its row, its column and its diagonal;
/// those are kept as bit sets, so a cell costs `O((rows + cols) / 64)` rather than a scan of
/// its whole row, column and diagonal.
#[must_use]
pub(crate) fn wythoff_table(rows: usize, cols: usize) -> CornerTable {
    // A value is at most the number of options, m + n + min(m, n) < 2 (rows + cols).
    let words = (2 * (rows + cols)) / 64 + 1;
    let mut columns = vec![0u64; cols * words];
    let mut diagonals = vec![0u64; (rows + cols) * words];
    let mut values = Vec::with_capacity(rows * cols);
    for m in 0..rows {
        let mut row = vec![0u64; words];
        for n in 0..cols {
            let diagonal = (n + rows - m) * words;
            let column = n * words;
            let mut value = 0;
            for word in 0..words {
                let taken = row[word] | columns[column + word] | diagonals[diagonal + word];
                if taken != u64::MAX {
                    value = word * 64 + (!taken).trailing_zeros() as usize;
                    break;
                }
            }
            let (word, bit) = (value / 64, 1u64 << (value % 64));
            row[word] |= bit;
            columns[column + word] |= bit;
            diagonals[diagonal + word] |= bit;
            values.push(value as u32);
        }
    }
    CornerTable::from_values(rows, cols, values)
}

/// The `k`-th Wythoff pair `(⌊kφ⌋, ⌊kφ²⌋)`, φ the golden ratio, in exact integer arithmetic:
/// `⌊kφ⌋ = ⌊(k + ⌊k√5⌋) / 2⌋` and `⌊kφ²⌋ = ⌊kφ⌋ + k`.
#[must_use]
pub(crate) fn wythoff_pair(k: u64) -> (u64, u64) {
    let root = integer_sqrt(5 * k * k);
    let low = (k + root) / 2;
    (low, low + k)
}

fn integer_sqrt(value: u64) -> u64 {
    let mut root = (value as f64).sqrt() as u64;
    while root * root > value {
        root -= 1;
    }
    while (root + 1) * (root + 1) <= value {
        root += 1;
    }
    root
}
