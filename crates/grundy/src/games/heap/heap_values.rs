//! The nim-values of heaps `0, 1, 2, …` as a nim-sequence keeps them: 16 bits each while every
//! value fits, 32 bits once one does not.
//!
//! A long run holds every value it computed (the breaks of a heap pair values from the whole
//! sequence), so their size is the run's memory: 0.6 reaches 319 by 2^21, and 16 bits keep
//! 2^30 heaps in 2 GiB. Nearly every octal game stays far below 2^16; one that passes it is
//! widened once, by a copy.

use std::fmt;

use crate::values::Nimber;

/// The values of heaps `0..len()`, in 16 or 32 bits.
#[derive(Clone)]
pub struct HeapValues {
    store: Store,
}

#[derive(Clone)]
enum Store {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

/// The values as one slice of 16-bit or of 32-bit numbers, for a loop to be written once over
/// [`StoredValue`] and compiled for each.
pub(crate) enum Slices<'a> {
    Narrow(&'a [u16]),
    Wide(&'a [u32]),
}

/// A value as the store keeps it.
pub(crate) trait StoredValue: Copy + PartialEq {
    /// The value.
    fn get(self) -> u32;

    /// The values as 16 bits, when that is how they are kept: the vector scans need them so.
    fn narrow(values: &[Self]) -> Option<&[u16]>;
}

impl StoredValue for u16 {
    fn get(self) -> u32 {
        u32::from(self)
    }

    fn narrow(values: &[u16]) -> Option<&[u16]> {
        Some(values)
    }
}

impl StoredValue for u32 {
    fn get(self) -> u32 {
        self
    }

    fn narrow(_: &[u32]) -> Option<&[u16]> {
        None
    }
}

impl HeapValues {
    /// No values yet, with room for `capacity` before the store grows.
    #[must_use]
    pub(crate) fn with_capacity(capacity: usize) -> HeapValues {
        HeapValues {
            store: Store::Narrow(Vec::with_capacity(capacity)),
        }
    }

    /// No values yet, kept in 32 bits from the start (the tests reach the 32-bit loops on small
    /// heaps this way).
    pub(crate) fn wide_with_capacity(capacity: usize) -> HeapValues {
        HeapValues {
            store: Store::Wide(Vec::with_capacity(capacity)),
        }
    }

    /// How many heaps have a value: `0..len()`.
    #[must_use]
    pub(crate) fn len(&self) -> usize {
        match &self.store {
            Store::Narrow(values) => values.len(),
            Store::Wide(values) => values.len(),
        }
    }

    /// The value of heap `heap`, if computed.
    #[must_use]
    pub(crate) fn get(&self, heap: usize) -> Option<Nimber> {
        let value = match &self.store {
            Store::Narrow(values) => u32::from(*values.get(heap)?),
            Store::Wide(values) => *values.get(heap)?,
        };
        Some(Nimber::new(value))
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = Nimber> + '_ {
        (0..self.len()).map(|heap| self.get(heap).expect("below len"))
    }

    /// The values in order, one [`Nimber`] each.
    #[must_use]
    pub(crate) fn to_vec(&self) -> Vec<Nimber> {
        self.iter().collect()
    }

    /// Bytes a value takes now: 2 or 4.
    #[must_use]
    #[cfg(test)]
    pub(crate) fn bytes_per_value(&self) -> usize {
        match self.store {
            Store::Narrow(_) => 2,
            Store::Wide(_) => 4,
        }
    }

    /// Appends the value of heap `len()`, widening the store when it needs more than 16 bits.
    pub(crate) fn push(&mut self, value: Nimber) {
        let value = value.value();
        match &mut self.store {
            Store::Narrow(values) => match u16::try_from(value) {
                Ok(narrow) => values.push(narrow),
                Err(_) => {
                    let mut wide = Vec::with_capacity(values.capacity().max(values.len() + 1));
                    wide.extend(values.iter().map(|&v| u32::from(v)));
                    wide.push(value);
                    self.store = Store::Wide(wide);
                }
            },
            Store::Wide(values) => values.push(value),
        }
    }

    pub(crate) fn slices(&self) -> Slices<'_> {
        match &self.store {
            Store::Narrow(values) => Slices::Narrow(values),
            Store::Wide(values) => Slices::Wide(values),
        }
    }
}

impl FromIterator<Nimber> for HeapValues {
    fn from_iter<I: IntoIterator<Item = Nimber>>(iter: I) -> HeapValues {
        let mut values = HeapValues::with_capacity(0);
        for value in iter {
            values.push(value);
        }
        values
    }
}

/// Equal when the values are, however they are kept.
impl PartialEq for HeapValues {
    fn eq(&self, other: &HeapValues) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for HeapValues {}

impl PartialEq<[Nimber]> for HeapValues {
    fn eq(&self, other: &[Nimber]) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter().copied())
    }
}

impl PartialEq<Vec<Nimber>> for HeapValues {
    fn eq(&self, other: &Vec<Nimber>) -> bool {
        *self == other[..]
    }
}

impl fmt::Debug for HeapValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_past_sixteen_bits_widens_the_store_and_keeps_the_rest() {
        let mut values: HeapValues = [3, 65_535].into_iter().map(Nimber::new).collect();
        assert_eq!(values.bytes_per_value(), 2);
        values.push(Nimber::new(1 << 16));
        values.push(Nimber::new(7));
        assert_eq!(values.bytes_per_value(), 4);
        let expected: Vec<Nimber> = [3, 65_535, 1 << 16, 7].map(Nimber::new).to_vec();
        assert_eq!(values, expected);
        assert_eq!(values.get(2), Some(Nimber::new(1 << 16)));
        assert_eq!(values.get(4), None);
        let narrow: HeapValues = expected.iter().copied().take(2).collect();
        let mut wide = HeapValues::wide_with_capacity(2);
        wide.push(Nimber::new(3));
        wide.push(Nimber::new(65_535));
        assert_eq!(wide, narrow, "equal however they are kept");
    }
}
