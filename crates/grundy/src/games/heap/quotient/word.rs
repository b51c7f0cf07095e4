//! Words in the generators of a quotient (`ab²c`), relations between them (`b³ = b`), and sums
//! of heaps compared in the order that picks each element's normal form.

use std::cmp::Ordering;
use std::fmt;

/// An element of a misère quotient, numbered from 0 (the identity, the class of the empty
/// position) to the order minus one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Element(pub(crate) u32);

impl Element {
    /// The identity: the class of the empty position (and of every position with no move).
    pub(crate) const IDENTITY: Element = Element(0);

    /// The element's number, from 0 to the quotient's order minus one: the index into
    /// [`MisereQuotient::multiplication_table`](super::MisereQuotient::multiplication_table).
    #[must_use]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A product of generators, each to a positive power, generators in increasing order: `ab²c`.
/// The empty product is the identity, written `1`.
///
/// Generators are named `a`, `b`, `c`, ... in the order of their heaps, as Plambeck and Siegel
/// name them; past `z` they are `g27`, `g28`, ... `{}` writes powers with superscripts
/// (`ab²`), `{:#}` in plain text (`a*b^2`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Word {
    /// `(generator, exponent)` pairs, generators counted from 0, increasing, exponents ≥ 1.
    factors: Vec<(usize, u32)>,
}

impl Word {
    /// The word with the exponent `exponents[g]` on generator `g`.
    pub(crate) fn from_exponents(exponents: &[u32]) -> Word {
        Word {
            factors: exponents
                .iter()
                .enumerate()
                .filter(|(_, &e)| e > 0)
                .map(|(g, &e)| (g, e))
                .collect(),
        }
    }

    /// The identity, `1`.
    #[must_use]
    #[cfg(test)]
    pub(crate) fn identity() -> Word {
        Word::default()
    }

    /// The `(generator, exponent)` pairs, generators numbered from 0 in increasing order.
    #[must_use]
    #[cfg(test)]
    pub(crate) fn factors(&self) -> &[(usize, u32)] {
        &self.factors
    }

    /// The exponent of generator `generator` (0 when absent).
    #[must_use]
    #[cfg(test)]
    pub(crate) fn exponent(&self, generator: usize) -> u32 {
        self.factors
            .iter()
            .find(|(g, _)| *g == generator)
            .map_or(0, |&(_, e)| e)
    }
}

/// The name of generator `index` (from 0): `a` to `z`, then `g27`, `g28`, ...
#[must_use]
pub(crate) fn generator_name(index: usize) -> String {
    if index < 26 {
        char::from(b'a' + index as u8).to_string()
    } else {
        format!("g{}", index + 1)
    }
}

fn superscript(number: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    number
        .to_string()
        .bytes()
        .map(|digit| DIGITS[usize::from(digit - b'0')])
        .collect()
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.factors.is_empty() {
            return f.write_str("1");
        }
        let plain = f.alternate();
        for (i, &(generator, exponent)) in self.factors.iter().enumerate() {
            let name = generator_name(generator);
            // Names past z end in digits, which a superscript or a neighbour would run into.
            let spaced = generator >= 26;
            if i > 0 && (plain || spaced) {
                f.write_str(if plain { "*" } else { " " })?;
            }
            f.write_str(&name)?;
            match (exponent, plain) {
                (1, _) => {}
                (_, true) => write!(f, "^{exponent}")?,
                (_, false) => f.write_str(&superscript(exponent))?,
            }
        }
        Ok(())
    }
}

/// One defining relation of a quotient's presentation, `left = right`: `left` is a word that is
/// not the normal form of its element though every word dividing it is, and `right` is that
/// normal form. Together the relations rewrite every word to its normal form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Relation {
    /// The word rewritten.
    pub(crate) left: Word,
    /// Its normal form.
    pub(crate) right: Word,
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "{:#} = {:#}", self.left, self.right)
        } else {
            write!(f, "{} = {}", self.left, self.right)
        }
    }
}

/// Compares two sums of heaps given as exponents (`exponents[h]` heaps of size `h`, the shorter
/// padded with zeros) in the order that chooses normal forms: the one with more of the largest
/// heap where they differ is the larger. Adding the same heaps to both keeps the order, and
/// replacing a heap by smaller ones makes a sum smaller, so the least sum of each element uses
/// only heaps that are not equivalent to sums of smaller ones.
pub(crate) fn compare_sums(left: &[u32], right: &[u32]) -> Ordering {
    let len = left.len().max(right.len());
    for h in (0..len).rev() {
        let (a, b) = (
            left.get(h).copied().unwrap_or(0),
            right.get(h).copied().unwrap_or(0),
        );
        match a.cmp(&b) {
            Ordering::Equal => {}
            unequal => return unequal,
        }
    }
    Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_written_as_plambeck_and_siegel_write_them() {
        assert_eq!(Word::identity().to_string(), "1");
        let word = Word::from_exponents(&[1, 2, 0, 13]);
        assert_eq!(word.to_string(), "ab²d¹³");
        assert_eq!(format!("{word:#}"), "a*b^2*d^13");
        assert_eq!(word.exponent(1), 2);
        assert_eq!(word.exponent(2), 0);
        let mut far = vec![0; 28];
        far[26] = 2;
        far[27] = 1;
        assert_eq!(Word::from_exponents(&far).to_string(), "g27² g28");
        let relation = Relation {
            left: Word::from_exponents(&[0, 3]),
            right: Word::from_exponents(&[0, 1]),
        };
        assert_eq!(relation.to_string(), "b³ = b");
        assert_eq!(format!("{relation:#}"), "b^3 = b");
    }

    #[test]
    fn sums_compare_by_their_largest_heaps_first() {
        // 1 + 2 < 3, 3 < 1 + 1 + 1 + 3, 2 + 2 > 1 + 2.
        assert_eq!(compare_sums(&[0, 1, 1], &[0, 0, 0, 1]), Ordering::Less);
        assert_eq!(compare_sums(&[0, 0, 0, 1], &[0, 3, 0, 1]), Ordering::Less);
        assert_eq!(compare_sums(&[0, 0, 2], &[0, 1, 1]), Ordering::Greater);
        assert_eq!(compare_sums(&[0, 1], &[0, 1, 0, 0]), Ordering::Equal);
    }
}
