//! The word that holds a Cram board's free squares, one bit a square: `u64` for boards of up to
//! 64 squares, `u128` up to 128. The search is written once over [`Word`] and monomorphised
//! for each, so a board that fits one 64-bit word pays for one word only.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use crate::solver::mix_words;

/// An unsigned integer used as a set of squares.
pub(crate) trait Word:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The number of bits.
    const BITS: u32;
    /// No square.
    const ZERO: Self;
    /// Square 0.
    const ONE: Self;

    /// The number of squares.
    fn count_ones(self) -> u32;
    /// The index of the first square; `BITS` for none.
    fn trailing_zeros(self) -> u32;
    /// `BITS` less one less the index of the last square; `BITS` for none.
    fn leading_zeros(self) -> u32;
    /// The bits in reverse order.
    fn reverse_bits(self) -> Self;
    /// The first square alone.
    fn lowest(self) -> Self;
    /// The word shifted left by `by`, 0 when `by` is the width or more.
    fn shl_or_zero(self, by: u32) -> Self;
    /// The word shifted right by `by`, 0 when `by` is the width or more.
    fn shr_or_zero(self, by: u32) -> Self;
    /// The low 64 bits.
    fn low_u64(self) -> u64;
    /// A well-mixed hash of the word.
    fn hash64(self) -> u64;

    /// The lowest `count` bits (all of them when `count` is `BITS` or more).
    fn low_bits(count: u32) -> Self;
}

macro_rules! word {
    ($type:ty, $hash:expr) => {
        impl Word for $type {
            const BITS: u32 = <$type>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;

            #[inline]
            fn count_ones(self) -> u32 {
                <$type>::count_ones(self)
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$type>::trailing_zeros(self)
            }
            #[inline]
            fn leading_zeros(self) -> u32 {
                <$type>::leading_zeros(self)
            }
            #[inline]
            fn reverse_bits(self) -> Self {
                <$type>::reverse_bits(self)
            }
            #[inline]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline]
            fn shl_or_zero(self, by: u32) -> Self {
                self.checked_shl(by).unwrap_or(0)
            }
            #[inline]
            fn shr_or_zero(self, by: u32) -> Self {
                self.checked_shr(by).unwrap_or(0)
            }
            #[inline]
            fn low_u64(self) -> u64 {
                self as u64
            }
            #[inline]
            fn hash64(self) -> u64 {
                let hash: fn($type) -> u64 = $hash;
                hash(self)
            }
            #[inline]
            fn low_bits(count: u32) -> Self {
                if count >= <$type>::BITS {
                    !0
                } else {
                    (1 << count) - 1
                }
            }
        }
    };
}

word!(u64, |bits| mix_words(0x4352_414d, &[bits]));
word!(u128, |bits| mix_words(
    0x4352_414d,
    &[bits as u64, (bits >> 64) as u64]
));
