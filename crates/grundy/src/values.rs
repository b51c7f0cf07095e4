//! The values of impartial games: nimbers, outcome classes, mex and nim-sum.

use std::fmt;
use std::ops::{Add, AddAssign};

use serde::{Deserialize, Serialize};

/// A nim-value (Grundy value) `*n`.
///
/// By the Sprague–Grundy theorem every impartial game under normal play is equivalent to a single
/// Nim heap; its size is the game's nimber. Adding nimbers is the nim-sum, a bitwise XOR, so `+`
/// on `Nimber` is XOR.
///
/// ```
/// use grundy::Nimber;
/// assert_eq!(Nimber::new(3) + Nimber::new(5), Nimber::new(6));
/// assert_eq!(Nimber::new(3).to_string(), "*3");
/// assert_eq!(Nimber::ZERO.to_string(), "0");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nimber(u32);

impl Nimber {
    /// The nimber of a second-player win, `0`.
    pub const ZERO: Nimber = Nimber(0);

    /// The nimber `*value`.
    #[must_use]
    pub const fn new(value: u32) -> Nimber {
        Nimber(value)
    }

    /// The size of the equivalent Nim heap.
    #[must_use]
    pub const fn value(self) -> u32 {
        self.0
    }

    /// The outcome class of a game with this nimber.
    #[must_use]
    pub const fn outcome(self) -> Outcome {
        if self.0 == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            f.write_str("0")
        } else {
            write!(f, "*{}", self.0)
        }
    }
}

/// Why text is not a nimber.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a nimber: expected `*N` for a whole number N below 2^32 (`*` is *1, `0` or `*0` is 0)")]
pub struct NimberError(pub String);

/// Reads a nimber as it is written: `*3`, `*` (which is `*1`), `0` or `*0`.
///
/// ```
/// use grundy::Nimber;
/// assert_eq!("*3".parse::<Nimber>(), Ok(Nimber::new(3)));
/// assert_eq!("*".parse::<Nimber>(), Ok(Nimber::new(1)));
/// assert_eq!("0".parse::<Nimber>(), Ok(Nimber::ZERO));
/// assert!("3".parse::<Nimber>().is_err());
/// ```
impl std::str::FromStr for Nimber {
    type Err = NimberError;

    fn from_str(text: &str) -> Result<Nimber, NimberError> {
        let error = || NimberError(text.to_string());
        match text.trim() {
            "0" | "*0" => Ok(Nimber::ZERO),
            "*" => Ok(Nimber(1)),
            trimmed => {
                let digits = trimmed.strip_prefix('*').ok_or_else(error)?;
                if !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(error());
                }
                digits.parse::<u32>().map(Nimber).map_err(|_| error())
            }
        }
    }
}

impl Add for Nimber {
    type Output = Nimber;

    /// The nim-sum.
    #[allow(clippy::suspicious_arithmetic_impl)] // nim addition is XOR
    fn add(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }
}

impl AddAssign for Nimber {
    #[allow(clippy::suspicious_op_assign_impl)] // nim addition is XOR
    fn add_assign(&mut self, other: Nimber) {
        self.0 ^= other.0;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

/// Who wins an impartial game under normal play with perfect play from both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The next player (the one to move) wins.
    N,
    /// The previous player wins: the player to move loses.
    P,
}

impl Outcome {
    /// A short phrase for people: "first player wins" when the player to move wins.
    #[must_use]
    pub(crate) const fn winner_description(self) -> &'static str {
        match self {
            Outcome::N => "the player to move wins",
            Outcome::P => "the player to move loses",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::N => "N",
            Outcome::P => "P",
        })
    }
}

/// The minimum excludant: the least nimber not among `values`.
///
/// ```
/// use grundy::{mex, Nimber};
/// let values = [0, 1, 3].map(Nimber::new);
/// assert_eq!(mex(values), Nimber::new(2));
/// assert_eq!(mex([]), Nimber::ZERO);
/// ```
#[must_use]
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    let mut seen = MexSet::default();
    for value in values {
        seen.insert(value);
    }
    seen.mex()
}

/// An accumulator for the mex of a stream of nimbers.
///
/// Small nimbers are kept in a bit mask, so the common case costs no allocation.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    low: u128,
    high: Vec<u32>,
}

impl MexSet {
    /// Records that some option has nimber `value`.
    pub(crate) fn insert(&mut self, value: Nimber) {
        if value.0 < 128 {
            self.low |= 1u128 << value.0;
        } else {
            self.high.push(value.0);
        }
    }

    /// The least nimber not recorded.
    #[must_use]
    pub fn mex(&self) -> Nimber {
        let low = (!self.low).trailing_zeros();
        if low < 128 {
            return Nimber(low);
        }
        let mut high = self.high.clone();
        high.sort_unstable();
        high.dedup();
        let mut candidate = 128;
        for value in high {
            if value != candidate {
                break;
            }
            candidate += 1;
        }
        Nimber(candidate)
    }
}

/// Who wins when no move is left: the play convention of a request.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// The player who makes the last move wins.
    #[default]
    Normal,
    /// The player who makes the last move loses.
    Misere,
}

impl Convention {
    /// Whether this is normal play: a request leaves its convention out then.
    #[must_use]
    pub(crate) fn is_normal(&self) -> bool {
        *self == Convention::Normal
    }

    /// Whether this is misère play.
    #[must_use]
    pub(crate) fn is_misere(self) -> bool {
        self == Convention::Misere
    }
}

/// A game's genus: its normal-play nim-value and the misère nim-values γ₀ … γₖ computed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Genus {
    /// The normal-play nim-value `g`.
    pub normal: u32,
    /// γ₀, γ₁, …: the misère nim-value of the game plus that many copies of `*2`, as far as
    /// computed (the last two alternate from where the written genus ends).
    pub misere: Vec<u32>,
}

impl Genus {
    /// The superscript as Conway writes it: the γs up to and including the first two of the
    /// tail that alternates to the last term computed.
    #[must_use]
    pub(crate) fn written(&self) -> &[u32] {
        let terms = &self.misere;
        // The first index from which every computed term equals the one two before it.
        let mut start = terms.len();
        while start >= 3 && terms[start - 1] == terms[start - 3] {
            start -= 1;
        }
        let start = start.saturating_sub(2);
        &terms[..(start + 2).min(terms.len())]
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let written = self.written();
        write!(f, "{}^", self.normal)?;
        if written.iter().all(|&gamma| gamma < 10) {
            for gamma in written {
                write!(f, "{gamma}")?;
            }
            Ok(())
        } else {
            let terms: Vec<String> = written.iter().map(u32::to_string).collect();
            write!(f, "{{{}}}", terms.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_sum_is_xor_and_self_inverse() {
        for a in 0..64 {
            for b in 0..64 {
                let (x, y) = (Nimber::new(a), Nimber::new(b));
                assert_eq!((x + y).value(), a ^ b);
                assert_eq!(x + y + y, x);
            }
        }
    }

    #[test]
    fn mex_handles_values_past_the_bit_mask() {
        let values = (0..200).map(Nimber::new);
        assert_eq!(mex(values), Nimber::new(200));
        let gap = (0..200).filter(|&v| v != 150).map(Nimber::new);
        assert_eq!(mex(gap), Nimber::new(150));
    }

    #[test]
    fn nimbers_round_trip_through_their_text() {
        for value in (0..300).chain([u32::MAX - 1, u32::MAX]) {
            let nimber = Nimber::new(value);
            assert_eq!(nimber.to_string().parse::<Nimber>(), Ok(nimber));
        }
        for bad in ["", "3", "**3", "*-1", "*+1", "*3x", "*4294967296", "* 3"] {
            assert!(bad.parse::<Nimber>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn outcome_follows_zero() {
        assert_eq!(Nimber::ZERO.outcome(), Outcome::P);
        assert_eq!(Nimber::new(4).outcome(), Outcome::N);
    }
}
