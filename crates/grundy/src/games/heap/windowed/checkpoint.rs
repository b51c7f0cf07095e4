//! A windowed run's state as bytes, for a run resumed from a checkpoint: the last `W` values,
//! the counts, a hash of the prefix, which is recomputed on resume and must agree, and why the
//! run could not go on, if it could not.

use super::{ValueCounts, WindowError, WindowedSequence, COMPACT_LIMIT, MAX_WINDOW, MIN_WINDOW};
use crate::games::heap::rule::TakeBreak;
use crate::games::heap::sequence_question::MAX_SEQUENCE_HEAP;
use crate::games::work_observer::WorkObserver;

/// The first bytes of a checkpoint, and its format's latest version. Version 2 adds the reason
/// for the end of its run after the counts' header; a state with no such reason is written in
/// version 1, which builds before version 2 read too (the committed runs are timed against
/// older builds on their own checkpoints).
const MAGIC: &[u8] = b"grundy windowed nim-sequence\n";
const FORMAT_VERSION: u32 = 2;

/// The longest reason for a run's end read back: the messages of [`WindowError`] are far
/// shorter.
const MAX_REASON_BYTES: usize = 1024;

/// FNV-1a, 64 bits: a checksum against torn or edited files, not against an adversary.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

pub(super) fn hash_values(values: &[u16]) -> u64 {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    fnv(&bytes)
}

impl WindowedSequence {
    /// The state as bytes: what a run resumed from them reads back. About
    /// `2 · window` bytes, plus the counts.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(2 * self.window + 4096);
        out.extend_from_slice(MAGIC);
        let version = if self.ended_by.is_some() {
            FORMAT_VERSION
        } else {
            1
        };
        out.extend_from_slice(&version.to_le_bytes());
        let code = self.rule.to_string();
        out.extend_from_slice(&(code.len() as u32).to_le_bytes());
        out.extend_from_slice(code.as_bytes());
        for word in [
            self.window as u64,
            self.next as u64,
            u64::from(self.mask),
            u64::from(self.domain),
            u64::from(self.sparse_class),
            self.prefix_hash,
            self.rare_heaps as u64,
            self.last_rare.map_or(u64::MAX, |heap| heap as u64),
            u64::from(self.largest),
            self.largest_at as u64,
            self.deepest as u64,
        ] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        if let Some(reason) = &self.ended_by {
            out.extend_from_slice(&(reason.len() as u32).to_le_bytes());
            out.extend_from_slice(reason.as_bytes());
        }
        let write_counts = |out: &mut Vec<u8>, counts: &[u64]| {
            out.extend_from_slice(&(counts.len() as u64).to_le_bytes());
            for count in counts {
                out.extend_from_slice(&count.to_le_bytes());
            }
        };
        write_counts(&mut out, &self.counts);
        out.extend_from_slice(&(self.at_powers.len() as u64).to_le_bytes());
        for power in &self.at_powers {
            out.extend_from_slice(&power.up_to.to_le_bytes());
            write_counts(&mut out, &power.counts);
        }
        let recent_end = self.next - self.base;
        for value in &self.recent[recent_end - self.window..recent_end] {
            out.extend_from_slice(&value.to_le_bytes());
        }
        let checksum = fnv(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        out
    }

    /// The state `bytes` hold, for `rule`: the prefix is computed again and must agree with
    /// the one the checkpoint was made with.
    ///
    /// # Errors
    /// [`WindowError::Checkpoint`] for bytes that are not a whole checkpoint of this game (torn,
    /// edited, another game or format), or what [`WindowedSequence::start_observed`] refuses.
    #[cfg(test)]
    pub(crate) fn from_bytes_observed(
        rule: &TakeBreak,
        bytes: &[u8],
        observer: &mut impl WorkObserver,
    ) -> Result<WindowedSequence, WindowError> {
        SavedState::read(rule, bytes)?.resume(rule, observer)
    }
}

/// A checkpoint read and checked, before its first window of values is computed again to
/// resume it: that takes seconds and the window's memory, which the caller may refuse first.
pub(crate) struct SavedState {
    window: usize,
    next: usize,
    mask: u64,
    domain: u64,
    sparse_class: u64,
    prefix_hash: u64,
    rare_heaps: usize,
    last_rare: u64,
    largest: u16,
    largest_at: usize,
    deepest: usize,
    ended_by: Option<String>,
    counts: Vec<u64>,
    at_powers: Vec<ValueCounts>,
    recent: Vec<u16>,
}

/// The sum of `counts`, or None past 64 bits.
fn total(counts: &[u64]) -> Option<u64> {
    counts
        .iter()
        .try_fold(0u64, |sum, &count| sum.checked_add(count))
}

/// The sum of `counts` as a refusal names it.
fn total_text(counts: &[u64]) -> String {
    total(counts).map_or("more than 64 bits hold".to_string(), |sum| sum.to_string())
}

impl SavedState {
    /// The checkpoint `bytes` hold, for `rule`, with every field checked against the others:
    /// fields that contradict one another (an edited file whose checksum was made good again)
    /// are refused naming the field, never read into a state that would fail later. The
    /// checksum guards against torn files; an edit that keeps the fields consistent (one value
    /// of the window for another below the largest) cannot be told from the run's own.
    ///
    /// # Errors
    /// [`WindowError::Checkpoint`] for bytes that are not a whole checkpoint of this game.
    pub(crate) fn read(rule: &TakeBreak, bytes: &[u8]) -> Result<SavedState, WindowError> {
        let bad = |why: String| WindowError::Checkpoint(why);
        if !bytes.starts_with(MAGIC) {
            return Err(bad(
                "it does not start as a windowed nim-sequence checkpoint".to_string(),
            ));
        }
        if bytes.len() < MAGIC.len() + 12 {
            return Err(bad("it is cut short".to_string()));
        }
        let (body, tail) = bytes.split_at(bytes.len() - 8);
        let stored = u64::from_le_bytes(tail.try_into().expect("8 bytes"));
        if fnv(body) != stored {
            return Err(bad(
                "its checksum does not match (torn or edited): start again without it".to_string(),
            ));
        }
        let mut reader = Reader {
            bytes: &body[MAGIC.len()..],
        };
        let version = reader.u32()?;
        if !(1..=FORMAT_VERSION).contains(&version) {
            return Err(bad(format!(
                "format version {version}, this program reads 1 to {FORMAT_VERSION}"
            )));
        }
        let code_len = reader.u32()? as usize;
        let code = reader.take(code_len)?;
        let expected = rule.to_string();
        if code != expected.as_bytes() {
            return Err(bad(format!(
                "it is of the game {}, not {expected}",
                String::from_utf8_lossy(code)
            )));
        }
        let window = reader.usize("window")?;
        let next = reader.usize("count of heaps")?;
        let (mask, domain, sparse_class) = (reader.u64()?, reader.u64()?, reader.u64()?);
        let prefix_hash = reader.u64()?;
        let rare_heaps = reader.usize("count of rare heaps")?;
        let last_rare = reader.u64()?;
        let largest = reader.u64()?;
        let largest_at = reader.usize("heap of the largest value")?;
        let deepest = reader.usize("deepest scan")?;
        let ended_by = if version >= 2 {
            let length = reader.u32()? as usize;
            if length > MAX_REASON_BYTES {
                return Err(bad(format!(
                    "the reason its run ended is too long: {length} bytes, at most {MAX_REASON_BYTES}"
                )));
            }
            let reason = std::str::from_utf8(reader.take(length)?)
                .ok()
                .filter(|reason| !reason.chars().any(char::is_control))
                .ok_or_else(|| bad("the reason its run ended is not a line of text".to_string()))?;
            // Empty: no reason, as the first build of format 2 wrote it (1af7272).
            (!reason.is_empty()).then(|| reason.to_string())
        } else {
            None
        };
        if !(MIN_WINDOW..=MAX_WINDOW).contains(&window) {
            return Err(bad(format!(
                "its window {window} is out of range: from {MIN_WINDOW} to {MAX_WINDOW}"
            )));
        }
        if next < window || next > MAX_SEQUENCE_HEAP + 1 {
            return Err(bad(format!(
                "it holds {next} heaps, not from its window {window} to {}",
                MAX_SEQUENCE_HEAP + 1
            )));
        }
        let largest = u16::try_from(largest)
            .map_err(|_| bad(format!("its largest value {largest} is past 16 bits")))?;
        let counts = reader.counts()?;
        let powers = reader.usize("count of powers of two")?;
        // The counts at every power of two from 1 up to the last heap.
        let expected_powers = (usize::BITS - (next - 1).leading_zeros()) as usize;
        if powers != expected_powers {
            return Err(bad(format!(
                "it has the counts at {powers} powers of two, not at the {expected_powers} up to its last heap {}",
                next - 1
            )));
        }
        let mut at_powers = Vec::with_capacity(powers);
        for power in 0..powers {
            let up_to = reader.u64()?;
            let counts_to = reader.counts()?;
            if up_to != 1 << power || total(&counts_to) != Some(up_to) {
                return Err(bad(format!(
                    "its counts at the power of two {} are of heap {up_to}, adding up to {}",
                    1u64 << power,
                    total_text(&counts_to)
                )));
            }
            at_powers.push(ValueCounts {
                up_to,
                counts: counts_to,
            });
        }
        let recent_bytes = reader.take(2 * window)?;
        if !reader.bytes.is_empty() {
            return Err(bad(format!(
                "it has {} bytes past its end",
                reader.bytes.len()
            )));
        }
        let recent: Vec<u16> = recent_bytes
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        let heaps = next as u64 - 1;
        if total(&counts) != Some(heaps) {
            return Err(bad(format!(
                "its counts add up to {}, not to its {heaps} heaps from heap 1",
                total_text(&counts)
            )));
        }
        if counts.len() != usize::from(largest) + 1 || counts.last() == Some(&0) {
            return Err(bad(format!(
                "its counts run to the value {}, and its largest value is {largest}",
                counts.iter().rposition(|&count| count > 0).unwrap_or(0)
            )));
        }
        let base = next - window;
        if let Some(at) = recent.iter().position(|&value| value > largest) {
            return Err(bad(format!(
                "its window has the value {} at heap {}, above its largest value {largest}",
                recent[at],
                base + at
            )));
        }
        let largest_in_window = largest_at
            .checked_sub(base)
            .and_then(|at| recent.get(at))
            .is_none_or(|&value| value == largest);
        // Heap 0 stands for "none" while every value is 0 (a game without moves).
        if (largest_at == 0) != (largest == 0) || largest_at >= next || !largest_in_window {
            return Err(bad(format!(
                "its largest value {largest} is said to be at heap {largest_at}, which does not have it"
            )));
        }
        if deepest > window {
            return Err(bad(format!(
                "its deepest scan {deepest} is past its window {window}"
            )));
        }
        Ok(SavedState {
            window,
            next,
            mask,
            domain,
            sparse_class,
            prefix_hash,
            rare_heaps,
            last_rare,
            largest,
            largest_at,
            deepest,
            ended_by,
            counts,
            at_powers,
            recent,
        })
    }

    /// The window of the run the checkpoint keeps.
    pub(crate) fn window(&self) -> usize {
        self.window
    }

    /// The state to go on from: the first window of values computed again, which must agree
    /// with the one the checkpoint was made with.
    ///
    /// # Errors
    /// [`WindowError::Checkpoint`] when the first values differ (another version of the
    /// program), or what [`WindowedSequence::start_observed`] refuses.
    pub(crate) fn resume(
        self,
        rule: &TakeBreak,
        observer: &mut impl WorkObserver,
    ) -> Result<WindowedSequence, WindowError> {
        let mut state = WindowedSequence::start_observed(rule, self.window, observer)?;
        if state.prefix_hash != self.prefix_hash
            || u64::from(state.mask) != self.mask
            || u64::from(state.domain) != self.domain
            || u64::from(state.sparse_class) != self.sparse_class
            || state.rare_heaps != self.rare_heaps
            || state.last_rare.map_or(u64::MAX, |heap| heap as u64) != self.last_rare
        {
            return Err(WindowError::Checkpoint(
                "its first values or mask differ from those computed now (made by another version?)"
                    .to_string(),
            ));
        }
        // What the first window computed again says of the rest: its largest value is no
        // larger, and the heaps the window shares with it have the same values.
        let base = self.next - self.window;
        let shared = self.window.saturating_sub(base);
        let agrees = state.largest <= self.largest
            && (self.largest_at >= self.window || state.prefix[self.largest_at] == self.largest)
            && (shared == 0 || state.prefix[base..] == self.recent[..shared]);
        if !agrees {
            return Err(WindowError::Checkpoint(format!(
                "its largest value {} at heap {} or its window disagrees with the first {} values computed now",
                self.largest, self.largest_at, self.window
            )));
        }
        state.recent = Vec::with_capacity(2 * self.window);
        state.recent.extend_from_slice(&self.recent);
        state.base = base;
        state.next = self.next;
        state.limit = (u32::from(self.largest) + 1).next_power_of_two();
        state.largest = self.largest;
        state.largest_at = self.largest_at;
        state.deepest = self.deepest;
        state.counts = self.counts;
        state.at_powers = self.at_powers;
        state.ended_by = self.ended_by;
        Ok(state)
    }
}

/// Reads a checkpoint's fields in order, refusing any that would run past its end.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Result<&'a [u8], WindowError> {
        if self.bytes.len() < count {
            return Err(WindowError::Checkpoint("it is cut short".to_string()));
        }
        let (taken, rest) = self.bytes.split_at(count);
        self.bytes = rest;
        Ok(taken)
    }

    fn u32(&mut self) -> Result<u32, WindowError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4")))
    }

    fn u64(&mut self) -> Result<u64, WindowError> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("8")))
    }

    /// A count or heap, `what` it is named in the refusal of one past the machine's words.
    fn usize(&mut self, what: &str) -> Result<usize, WindowError> {
        let number = self.u64()?;
        usize::try_from(number)
            .map_err(|_| WindowError::Checkpoint(format!("its {what} {number} is out of range")))
    }

    fn counts(&mut self) -> Result<Vec<u64>, WindowError> {
        let len = self.usize("count of values")?;
        if len > COMPACT_LIMIT {
            return Err(WindowError::Checkpoint(format!(
                "it counts {len} values, more than 16 bits hold ({COMPACT_LIMIT})"
            )));
        }
        (0..len).map(|_| self.u64()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_resumes_to_the_same_state_and_refuses_damage() {
        let rule: TakeBreak = "0.6".parse().unwrap();
        let mut whole = WindowedSequence::start_observed(&rule, 1 << 17, &mut ()).unwrap();
        whole.advance_observed(200_000, 2, &mut ()).unwrap();
        let mut first = WindowedSequence::start_observed(&rule, 1 << 17, &mut ()).unwrap();
        first.advance_observed(77_777, 1, &mut ()).unwrap();
        let bytes = first.to_bytes();
        let mut resumed = WindowedSequence::from_bytes_observed(&rule, &bytes, &mut ()).unwrap();
        resumed.advance_observed(200_000, 2, &mut ()).unwrap();
        assert_eq!(resumed.report(1, 0.0), whole.report(1, 0.0));
        assert_eq!(resumed.to_bytes(), whole.to_bytes());
        let mut torn = bytes.clone();
        torn.truncate(bytes.len() - 3);
        let mut edited = bytes.clone();
        edited[MAGIC.len() + 40] ^= 1;
        for damaged in [&torn[..], &edited[..], b"hello", &[]] {
            assert!(matches!(
                WindowedSequence::from_bytes_observed(&rule, damaged, &mut ()),
                Err(WindowError::Checkpoint(_))
            ));
        }
        let other: TakeBreak = "0.161".parse().unwrap();
        let foreign = WindowedSequence::from_bytes_observed(&other, &bytes, &mut ()).unwrap_err();
        assert!(foreign.to_string().contains("of the game 0.6"), "{foreign}");
    }

    /// `bytes` edited by `edit` (given the checkpoint without its checksum), the checksum made
    /// good again: an edit only the checks of the fields can catch.
    fn resealed(bytes: &[u8], edit: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
        let mut body = bytes[..bytes.len() - 8].to_vec();
        edit(&mut body);
        let checksum = fnv(&body);
        body.extend_from_slice(&checksum.to_le_bytes());
        body
    }

    /// Where the `k`-th word of the header lies (0: the window, 1: the heaps, …, 10: the deepest
    /// scan).
    fn word_at(bytes: &[u8], k: usize) -> usize {
        let code_length =
            u32::from_le_bytes(bytes[MAGIC.len() + 4..MAGIC.len() + 8].try_into().unwrap());
        MAGIC.len() + 8 + code_length as usize + 8 * k
    }

    fn set_word(body: &mut [u8], at: usize, word: u64) {
        body[at..at + 8].copy_from_slice(&word.to_le_bytes());
    }

    #[test]
    fn an_edited_checkpoint_with_a_good_checksum_is_refused_naming_the_field() {
        let rule: TakeBreak = "0.6".parse().unwrap();
        let window = 1 << 15;
        let mut state = WindowedSequence::start_observed(&rule, window, &mut ()).unwrap();
        state.advance_observed(40_000, 1, &mut ()).unwrap();
        let bytes = state.to_bytes();
        let header = |k| word_at(&bytes, k);
        let counts_at = header(11);
        let first_count = counts_at + 8;
        // The first power of two's entry: after the counts' length and its counts.
        let powers_at = counts_at + 8 + 8 * state.counts.len();
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (
                resealed(&bytes, |body| {
                    let last = body.len() - 2;
                    body[last..].copy_from_slice(&u16::MAX.to_le_bytes());
                }),
                "its window has the value 65535 at heap 40000, above its largest value",
            ),
            (
                resealed(&bytes, |body| set_word(body, header(1), u64::MAX)),
                "heaps, not from its window",
            ),
            (
                resealed(&bytes, |body| set_word(body, header(0), 3)),
                "its window 3 is out of range",
            ),
            (
                resealed(&bytes, |body| set_word(body, header(9), 1 << 62)),
                "is said to be at heap 4611686018427387904",
            ),
            (
                resealed(&bytes, |body| set_word(body, header(10), window as u64 + 1)),
                "its deepest scan 32769 is past its window 32768",
            ),
            (
                resealed(&bytes, |body| {
                    // Summed with wrapping, the counts would still come to the heaps.
                    let read = |body: &[u8], at: usize| {
                        u64::from_le_bytes(body[at..at + 8].try_into().unwrap())
                    };
                    let (first, second) = (read(body, first_count), read(body, first_count + 8));
                    set_word(body, first_count, u64::MAX - 4);
                    set_word(body, first_count + 8, first + second + 5);
                }),
                "its counts add up to more than 64 bits hold",
            ),
            (
                resealed(&bytes, |body| set_word(body, powers_at + 8, 7)),
                "its counts at the power of two 1 are of heap 7",
            ),
        ];
        for (edited, refusal) in cases {
            let error = SavedState::read(&rule, &edited).err().expect(refusal);
            assert!(
                matches!(&error, WindowError::Checkpoint(why) if why.contains(refusal)),
                "{refusal}: {error}"
            );
        }
        // The file as written reads back.
        assert!(SavedState::read(&rule, &bytes).is_ok());
        // A window value changed for another no larger than the largest passes the reading,
        // but where the window overlaps the first values computed again it is refused.
        let overlapping = resealed(&bytes, |body| {
            let at = body.len() - 2 * window;
            let value = u16::from_le_bytes([body[at], body[at + 1]]);
            body[at..at + 2].copy_from_slice(&(value ^ 1).to_le_bytes());
        });
        let saved = SavedState::read(&rule, &overlapping).unwrap();
        let refused = saved.resume(&rule, &mut ()).err().unwrap();
        assert!(
            refused.to_string().contains("disagrees with the first"),
            "{refused}"
        );
        // A game without moves: every value 0, its largest value at heap 0, standing for none.
        let still: TakeBreak = "0.0".parse().unwrap();
        let mut none = WindowedSequence::start_observed(&still, MIN_WINDOW, &mut ()).unwrap();
        none.advance_observed(1000, 1, &mut ()).unwrap();
        let resumed = WindowedSequence::from_bytes_observed(&still, &none.to_bytes(), &mut ());
        assert_eq!(resumed.unwrap().to_bytes(), none.to_bytes());
    }

    /// `plain` (a checkpoint of format 1) with `reason` put where format 2 keeps it, and the
    /// checksum made good.
    fn with_reason(plain: &[u8], reason: &[u8]) -> Vec<u8> {
        let code_length =
            u32::from_le_bytes(plain[MAGIC.len() + 4..MAGIC.len() + 8].try_into().unwrap());
        let reason_at = MAGIC.len() + 8 + code_length as usize + 11 * 8;
        let mut bytes = plain[..reason_at].to_vec();
        bytes[MAGIC.len()..MAGIC.len() + 4].copy_from_slice(&2u32.to_le_bytes());
        bytes.extend_from_slice(&(reason.len() as u32).to_le_bytes());
        bytes.extend_from_slice(reason);
        bytes.extend_from_slice(&plain[reason_at..plain.len() - 8]);
        let checksum = fnv(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        bytes
    }

    fn version_of(bytes: &[u8]) -> u32 {
        u32::from_le_bytes(bytes[MAGIC.len()..MAGIC.len() + 4].try_into().unwrap())
    }

    #[test]
    fn a_checkpoint_keeps_why_its_run_ended_in_the_second_format_only() {
        let rule: TakeBreak = "0.6".parse().unwrap();
        let mut state = WindowedSequence::start_observed(&rule, 1 << 14, &mut ()).unwrap();
        let plain = state.to_bytes();
        assert_eq!(version_of(&plain), 1, "no reason: the first format");
        let reason = "heap 16563 has a rare value";
        state.ended_by = Some(reason.to_string());
        let bytes = state.to_bytes();
        assert_eq!(bytes, with_reason(&plain, reason.as_bytes()));
        let read = WindowedSequence::from_bytes_observed(&rule, &bytes, &mut ()).unwrap();
        assert_eq!(read.ended_by(), Some(reason));
        assert_eq!(read.report(1, 0.0).stopped_by.as_deref(), Some(reason));
        assert_eq!(read.to_bytes(), bytes);
        let read_plain = WindowedSequence::from_bytes_observed(&rule, &plain, &mut ()).unwrap();
        assert_eq!(read_plain.ended_by(), None);
        assert_eq!(read_plain.to_bytes(), plain);
        // A heap finished past the state forgets the reason.
        let mut goes_on = read;
        goes_on.advance_observed(1 << 14, 1, &mut ()).unwrap();
        assert_eq!(goes_on.ended_by(), None);
        assert_eq!(version_of(&goes_on.to_bytes()), 1);
        // An empty reason is none, as the first build of format 2 wrote it.
        let empty =
            WindowedSequence::from_bytes_observed(&rule, &with_reason(&plain, b""), &mut ());
        assert_eq!(empty.unwrap().to_bytes(), plain);
        // A reason too long, not UTF-8 or not one line is refused.
        let too_long = vec![b'x'; MAX_REASON_BYTES + 1];
        for bad in [&too_long[..], &[0xff, 0xfe], b"one\nline\x1b[2J"] {
            let refused =
                WindowedSequence::from_bytes_observed(&rule, &with_reason(&plain, bad), &mut ())
                    .unwrap_err();
            assert!(
                refused.to_string().contains("the reason its run ended"),
                "{refused}"
            );
        }
    }
}
