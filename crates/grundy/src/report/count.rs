//! Counts past what JSON readers hold exactly.

use serde::{Deserialize, Serialize};

/// A count that may pass what JSON readers hold exactly (2^53): a number when it fits in 64
/// bits, its decimal digits as a string beyond.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub(crate) enum Count {
    /// A count that fits in 64 bits.
    Exact(u64),
    /// A larger count, in decimal.
    Decimal(String),
}

impl From<u128> for Count {
    fn from(count: u128) -> Count {
        u64::try_from(count).map_or_else(|_| Count::Decimal(count.to_string()), Count::Exact)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(value: &impl Serialize) -> serde_json::Value {
        serde_json::to_value(value).unwrap()
    }

    #[test]
    fn counts_past_64_bits_stay_exact_as_decimal_strings() {
        assert_eq!(json(&Count::from(1728)), 1728);
        assert_eq!(json(&Count::from(u128::from(u64::MAX))), u64::MAX);
        let big = u128::from(u64::MAX) + 1;
        assert_eq!(json(&Count::from(big)), "18446744073709551616");
        let back: Count = serde_json::from_value(json(&Count::from(big))).unwrap();
        assert_eq!(back, Count::Decimal(big.to_string()));
    }
}
