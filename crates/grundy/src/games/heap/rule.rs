//! Take-and-break rules written as codes: `0.77` (Kayles), `0.07`, `4.7`, hexadecimal digits,
//! and the named games that are codes in disguise.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use thiserror::Error;

/// The most heaps a single move may leave: digits go up to 15 (hexadecimal), whose bit 3 allows
/// three heaps.
pub const MAX_PARTS: usize = 3;

/// A take-and-break game given by its code `d0.d1d2d3...`.
///
/// Digit `dk` says what may happen when `k` tokens are taken from one heap: bit `j` of `dk` set
/// means the rest may be left as exactly `j` non-empty heaps. So `0.77` (Kayles) takes one or
/// two tokens and leaves nothing, one heap or two; digit `d0` (before the point) allows breaking
/// a heap without taking anything.
///
/// ```
/// use grundy::games::heap::TakeBreak;
/// let kayles: TakeBreak = "0.77".parse().unwrap();
/// assert_eq!(kayles.to_string(), "0.77");
/// let hex: TakeBreak = "0.F".parse().unwrap();
/// assert_eq!(hex.digits(), &[0, 15]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreak {
    digits: Vec<u8>,
    /// The last digit holds for every larger removal too (Nim is `0.3...`).
    repeats: bool,
    /// Two heaps left by a move must differ in size (Grundy's game).
    unequal_parts: bool,
}

/// Why a code was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CodeError {
    /// Not of the form `D.DDD`.
    #[error("code `{0}` is malformed: expected digits, a point, then digits, like 0.77, 0.137, 4.7 or 0.3... (hexadecimal digits A-F, or [12] for a digit past 9; `...` or `!` after the last digit makes it repeat for ever)")]
    Malformed(String),
    /// A digit larger than 15.
    #[error("code `{code}` has digit {digit}: digits go from 0 to 15 (a move leaves at most {MAX_PARTS} heaps)")]
    DigitTooLarge {
        /// The code.
        code: String,
        /// The digit.
        digit: u32,
    },
    /// The digit before the point allows taking nothing and leaving the heap as it was, or
    /// removing an empty heap: a move that changes nothing.
    #[error("code `{0}` is refused: the digit before the point may only be 0, 4, 8 or 12 (breaking a heap without taking tokens); 1 or 2 there would allow moves that change nothing")]
    PassMove(String),
    /// A code that repeats a zero digit, or nothing at all.
    #[error("code `{0}` is refused: `...` must follow a non-zero digit")]
    EmptyRepeat(String),
}

impl TakeBreak {
    /// A game from its digits, `digits[k]` being the digit for taking `k` tokens.
    pub(crate) fn from_digits(digits: Vec<u8>) -> Result<TakeBreak, CodeError> {
        let rule = TakeBreak {
            digits,
            repeats: false,
            unequal_parts: false,
        };
        rule.validated(None)
    }

    fn validated(mut self, text: Option<&str>) -> Result<TakeBreak, CodeError> {
        let code = || text.map_or_else(|| self.to_string(), str::to_string);
        if let Some(&digit) = self.digits.iter().find(|&&d| d > 15) {
            return Err(CodeError::DigitTooLarge {
                code: code(),
                digit: u32::from(digit),
            });
        }
        if self.digits.first().is_some_and(|&d0| d0 & 3 != 0) {
            return Err(CodeError::PassMove(code()));
        }
        if self.repeats && self.digits.last().is_none_or(|&d| d == 0) {
            return Err(CodeError::EmptyRepeat(code()));
        }
        if self.digits.is_empty() {
            self.digits.push(0);
        }
        if !self.repeats {
            while self.digits.len() > 2 && self.digits.last() == Some(&0) {
                self.digits.pop();
            }
        }
        Ok(self)
    }

    /// The digits, `d0` first.
    #[must_use]
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Whether the two heaps a move leaves must have different sizes (Grundy's game).
    #[must_use]
    pub(crate) fn unequal_parts(&self) -> bool {
        self.unequal_parts
    }

    /// Grundy's game: split a heap into two heaps of different sizes.
    #[must_use]
    pub(crate) fn grundys_game() -> TakeBreak {
        TakeBreak {
            digits: vec![4],
            repeats: false,
            unequal_parts: true,
        }
    }

    /// A code whose last digit repeats for ever, such as Nim (`0.3...`) and Lasker's Nim
    /// (`4.3...`).
    #[cfg(test)]
    pub(crate) fn repeating(digits: Vec<u8>) -> Result<TakeBreak, CodeError> {
        TakeBreak {
            digits,
            repeats: true,
            unequal_parts: false,
        }
        .validated(None)
    }

    /// Whether this is Nim, however written (`0.3...`, `0.33...`): any number of tokens taken
    /// from a heap, the rest left as one heap or none. Misère Nim has a closed form
    /// ([`crate::misere::nim`]).
    #[must_use]
    pub(crate) fn is_nim(&self) -> bool {
        self.repeats
            && !self.unequal_parts
            && self.digits.len() >= 2
            && self.digits[0] == 0
            && self.digits[1..].iter().all(|&digit| digit == 3)
    }

    /// The digit for taking `taken` tokens.
    #[must_use]
    pub(crate) fn digit(&self, taken: usize) -> u8 {
        match self.digits.get(taken) {
            Some(&digit) => digit,
            None if self.repeats => *self.digits.last().expect("codes have a digit"),
            None => 0,
        }
    }

    /// The largest number of tokens one move takes, or `None` when there is no bound.
    #[must_use]
    pub(crate) fn max_taken(&self) -> Option<usize> {
        (!self.repeats).then(|| self.digits.len() - 1)
    }

    /// Whether a move may leave more than two heaps.
    #[must_use]
    pub(crate) fn breaks_into_three(&self) -> bool {
        self.digits.iter().any(|&d| d >= 8)
    }

    /// Whether this is an octal game in the strict sense the Octal Periodicity Theorem needs:
    /// finitely many digits, each below 8, and no condition on the sizes of the parts.
    #[must_use]
    pub(crate) fn is_finite_octal(&self) -> bool {
        !self.repeats && !self.unequal_parts && !self.breaks_into_three()
    }

    /// Whether nim-sequences of this code are computed by the fast (sparse-space) method:
    /// finitely many digits and at most two heaps left by a move. The others take the mex over
    /// every option of every heap, see [`TakeBreak::reference_work`].
    #[must_use]
    pub(crate) fn has_fast_sequence(&self) -> bool {
        !self.repeats && !self.breaks_into_three()
    }

    /// About how many options the reference method visits to compute the values of heaps
    /// `0..=up_to`: per digit, `n` for taking all or leaving one heap, `n²/4` for two heaps and
    /// `n³/36` for three, summed over the heaps up to `n`; a repeating digit counts once for
    /// every number taken, which adds a power of `n`. An estimate to refuse what cannot finish
    /// before it starts, within a factor of two or so.
    #[must_use]
    pub(crate) fn reference_work(&self, up_to: usize) -> f64 {
        let n = up_to as f64 + 1.0;
        let digit_work = |digit: u8, scale: f64| {
            let mut work = 0.0;
            if digit & 3 != 0 {
                work += n * scale;
            }
            if digit & 4 != 0 {
                work += n * n / 4.0 * scale;
            }
            if digit & 8 != 0 {
                work += n * n * n / 36.0 * scale;
            }
            work
        };
        let mut work: f64 = self
            .digits
            .iter()
            .map(|&digit| digit_work(digit, 1.0))
            .sum();
        if self.repeats {
            // Taking k tokens for every k up to the heap: a sum over k of what one digit costs,
            // about n/(power + 1) times the cost of one digit at the full heap.
            let last = *self.digits.last().expect("codes have a digit");
            if last & 3 != 0 {
                work += n * n / 2.0;
            }
            if last & 4 != 0 {
                work += n * n * n / 12.0;
            }
            if last & 8 != 0 {
                work += n * n * n * n / 144.0;
            }
        }
        work
    }

    /// Calls `visit` with the heaps left by each move from a heap of `heap` tokens (sizes in
    /// non-decreasing order, none empty). The same result may be visited more than once when
    /// different moves lead to it.
    pub(crate) fn for_each_option(&self, heap: usize, mut visit: impl FnMut(&[usize])) {
        let _every = self.try_for_each_option(heap, |parts| {
            visit(parts);
            ControlFlow::Continue(())
        });
    }

    /// [`TakeBreak::for_each_option`] until `visit` breaks: a search for one move (a winning
    /// move of a heap of a hundred million tokens) stops at the first that fits.
    pub(crate) fn try_for_each_option(
        &self,
        heap: usize,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let most = self.max_taken().map_or(heap, |most| most.min(heap));
        for taken in 0..=most {
            let digit = self.digit(taken);
            let rest = heap - taken;
            if digit & 1 != 0 && rest == 0 {
                visit(&[])?;
            }
            if digit & 2 != 0 && rest >= 1 {
                visit(&[rest])?;
            }
            if digit & 4 != 0 {
                for small in 1..=rest / 2 {
                    if self.unequal_parts && 2 * small == rest {
                        continue;
                    }
                    visit(&[small, rest - small])?;
                }
            }
            if digit & 8 != 0 {
                for first in 1..=rest / 3 {
                    for second in first..=(rest - first) / 2 {
                        visit(&[first, second, rest - first - second])?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

impl TakeBreak {
    /// Whether a move from a heap of `heap` tokens may leave the heaps `parts` (sizes in
    /// non-decreasing order, none empty): one of the options [`TakeBreak::for_each_option`]
    /// visits, told at once from the digit of the tokens taken, however large the heap.
    #[must_use]
    pub(crate) fn allows(&self, heap: usize, parts: &[usize]) -> bool {
        // Parts typed by a person may be huge: their sum is checked, never wrapped.
        let Some(rest) = parts
            .iter()
            .try_fold(0usize, |sum, &part| sum.checked_add(part))
        else {
            return false;
        };
        if rest > heap || parts.contains(&0) || !parts.is_sorted() {
            return false;
        }
        let taken = heap - rest;
        if self.max_taken().is_some_and(|most| taken > most) {
            return false;
        }
        let digit = self.digit(taken);
        match parts {
            [] => digit & 1 != 0,
            [_] => digit & 2 != 0,
            [small, large] => digit & 4 != 0 && !(self.unequal_parts && small == large),
            [_, _, _] => digit & 8 != 0,
            _ => false,
        }
    }
}

impl fmt::Display for TakeBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digit = |d: u8| match d {
            0..=9 => char::from(b'0' + d).to_string(),
            _ => char::from(b'A' + d - 10).to_string(),
        };
        write!(f, "{}.", digit(self.digits[0]))?;
        for &d in &self.digits[1..] {
            f.write_str(&digit(d))?;
        }
        if self.digits.len() == 1 {
            f.write_str("0")?;
        }
        if self.repeats {
            f.write_str("...")?;
        }
        if self.unequal_parts {
            f.write_str(" with unequal parts")?;
        }
        Ok(())
    }
}

impl FromStr for TakeBreak {
    type Err = CodeError;

    fn from_str(text: &str) -> Result<TakeBreak, CodeError> {
        let malformed = || CodeError::Malformed(text.to_string());
        let trimmed = text.trim();
        let (body, repeats) = if let Some(body) = trimmed.strip_suffix("...") {
            (body, true)
        } else if let Some(body) = trimmed.strip_suffix('!') {
            (body, true)
        } else {
            (trimmed, false)
        };
        let (before, after) = match body.split_once('.') {
            Some((before, after)) => (before, after),
            None => return Err(malformed()),
        };
        let before = if before.is_empty() { "0" } else { before };
        let mut digits = Vec::new();
        for part in [before, after] {
            let mut chars = part.chars();
            let start = digits.len();
            while let Some(c) = chars.next() {
                let digit = match c {
                    '0'..='9' | 'a'..='f' | 'A'..='F' => c.to_digit(16).ok_or_else(malformed)?,
                    '[' | '&' => {
                        let close = if c == '[' { ']' } else { ';' };
                        let number: String = chars.by_ref().take_while(|&d| d != close).collect();
                        number.trim().parse::<u32>().map_err(|_| malformed())?
                    }
                    _ => return Err(malformed()),
                };
                if digit > 15 {
                    return Err(CodeError::DigitTooLarge {
                        code: text.to_string(),
                        digit,
                    });
                }
                digits.push(digit as u8);
            }
            // Exactly one digit goes before the point.
            if start == 0 && digits.len() != 1 {
                return Err(malformed());
            }
        }
        if digits.len() == 1 && !repeats {
            return Err(malformed());
        }
        TakeBreak {
            digits,
            repeats,
            unequal_parts: false,
        }
        .validated(Some(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for text in [
            "0.77", "0.07", "0.137", "4.7", "0.6", "0.007", "0.3...", "4.3...", "0.F1", "C.7",
            "8.1",
        ] {
            let rule: TakeBreak = text.parse().unwrap();
            assert_eq!(rule.to_string(), text);
            assert_eq!(rule.to_string().parse::<TakeBreak>().unwrap(), rule);
        }
        assert_eq!(
            "0.[12]3".parse::<TakeBreak>().unwrap().digits(),
            &[0, 12, 3]
        );
        assert_eq!(
            "0.&12;3".parse::<TakeBreak>().unwrap().digits(),
            &[0, 12, 3]
        );
        assert_eq!(".77".parse::<TakeBreak>().unwrap().to_string(), "0.77");
        assert_eq!("0.3!".parse::<TakeBreak>().unwrap().to_string(), "0.3...");
    }

    #[test]
    fn bad_codes_are_refused_with_reasons() {
        for bad in [
            "", "77", "0.7x", "1.7", "2.3", "0.[16]", "0.G", "0.0...", "00.7", "0.",
        ] {
            let error = bad.parse::<TakeBreak>().unwrap_err().to_string();
            assert!(error.contains(bad), "{bad}: {error}");
        }
    }

    #[test]
    fn the_reference_work_grows_with_the_power_the_digits_allow() {
        let work =
            |code: &str, up_to: usize| code.parse::<TakeBreak>().unwrap().reference_work(up_to);
        // Nim visits about n²/2 options, a digit 8 about n³/36, Kayles about n²/4 per digit.
        assert!((work("0.3...", 9999) / 5e7 - 1.0).abs() < 0.01);
        assert!((work("0.8", 5999) / 6e9 - 1.0).abs() < 0.01);
        assert!(work("0.77", 1000) < 1e6);
        assert!(work("C.7", 1000) > work("4.7", 1000));
    }

    #[test]
    fn nim_is_known_however_written() {
        for (code, nim) in [
            ("0.3...", true),
            ("0.33...", true),
            ("0.3", false),
            ("4.3...", false),
            ("0.7...", false),
            ("0.2...", false),
            ("0.03...", false),
        ] {
            assert_eq!(code.parse::<TakeBreak>().unwrap().is_nim(), nim, "{code}");
        }
        assert!(!TakeBreak::grundys_game().is_nim());
    }

    #[test]
    fn kayles_options_of_a_heap_of_four() {
        let kayles: TakeBreak = "0.77".parse().unwrap();
        let mut options = Vec::new();
        kayles.for_each_option(4, |parts| options.push(parts.to_vec()));
        let expected: Vec<Vec<usize>> = vec![vec![3], vec![1, 2], vec![2], vec![1, 1]];
        assert_eq!(options, expected);
    }
}
