//! The text forms shared by every board in the crate: sizes `MxN`, and square names made of
//! column letters (a..z, aa, ab, ... bijective base 26) and a row number from 1. Only the
//! syntax lives here; each board type checks the numbers against its own limits.

/// The sides of a size written `ROWSxCOLS`, read without a limit, so that a size too large for
/// any board is refused with its true number of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dimensions {
    /// The rows, `None` when the number is too long for `u128`.
    rows: Option<u128>,
    /// The columns, likewise.
    cols: Option<u128>,
}

impl Dimensions {
    /// Whether a side is zero.
    pub(crate) fn has_zero_side(self) -> bool {
        self.rows == Some(0) || self.cols == Some(0)
    }

    /// Both sides, when both fit in `u32`.
    pub(crate) fn sides(self) -> Option<(u32, u32)> {
        Some((
            u32::try_from(self.rows?).ok()?,
            u32::try_from(self.cols?).ok()?,
        ))
    }

    /// The number of squares, `None` when it is past `u128`.
    pub(crate) fn squares(self) -> Option<u128> {
        self.rows?.checked_mul(self.cols?)
    }
}

/// The sides of a size written `ROWSxCOLS` (`x`, `X` or `×`), or `None` when it is malformed.
pub(crate) fn split_dimensions(text: &str) -> Option<Dimensions> {
    let (rows, cols) = text.trim().split_once(['x', 'X', '×'])?;
    let side = |side: &str| {
        let side = side.trim();
        (!side.is_empty() && side.bytes().all(|b| b.is_ascii_digit()))
            .then(|| side.parse::<u128>().ok())
    };
    Some(Dimensions {
        rows: side(rows)?,
        cols: side(cols)?,
    })
}

/// A number of squares in a message: exact, or "more than" the largest `u128` when past it.
pub(crate) fn square_count(squares: Option<u128>) -> String {
    squares.map_or_else(|| format!("more than {}", u128::MAX), |n| n.to_string())
}

/// The column and row, both from 1, of a square name such as `c3` or `aa10`, or `None` when
/// it is malformed (at most 5 letters and 9 digits, row at least 1).
pub(crate) fn split_square_name(text: &str) -> Option<(u64, u64)> {
    let lower = text.trim().to_ascii_lowercase();
    let split = lower.find(|c: char| !c.is_ascii_lowercase())?;
    let (letters, digits) = lower.split_at(split);
    if letters.is_empty() || letters.len() > 5 || digits.is_empty() || digits.len() > 9 {
        return None;
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let col = letters
        .bytes()
        .fold(0u64, |acc, b| acc * 26 + u64::from(b - b'a') + 1);
    let row: u64 = digits.parse().ok()?;
    (row > 0).then_some((col, row))
}

/// The letters of column `col` (from 0): a..z, then aa, ab, ...
pub(crate) fn column_letters(col: u64) -> String {
    let mut number = col + 1;
    let mut letters = Vec::new();
    while number > 0 {
        letters.push(b'a' + ((number - 1) % 26) as u8);
        number = (number - 1) / 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("column letters are ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_sizes() {
        let sides = |text: &str| split_dimensions(text).and_then(Dimensions::sides);
        assert_eq!(sides("5x7"), Some((5, 7)));
        assert_eq!(sides(" 16 × 16 "), Some((16, 16)));
        assert_eq!(sides("99999999999x2"), None);
        let squares = |text: &str| split_dimensions(text).unwrap().squares();
        assert_eq!(squares("99999999999x2"), Some(199_999_999_998));
        assert_eq!(
            squares("99999999999999999999x1"),
            Some(99_999_999_999_999_999_999)
        );
        assert_eq!(squares(&format!("{}0x1", u128::MAX)), None);
        assert_eq!(squares(&format!("{}x2", u128::MAX)), None);
        assert!(split_dimensions(&format!("{}0x0", u128::MAX))
            .unwrap()
            .has_zero_side());
        for bad in ["", "5", "x5", "5x", "5x5x5", "-1x3", "5 by 5"] {
            assert_eq!(split_dimensions(bad), None, "{bad}");
        }
        for col in 0..1000 {
            let name = format!("{}7", column_letters(col));
            assert_eq!(split_square_name(&name), Some((col + 1, 7)), "{name}");
        }
        for bad in ["", "3c", "a0", "c", "7", "c3x"] {
            assert_eq!(split_square_name(bad), None, "{bad}");
        }
    }
}
