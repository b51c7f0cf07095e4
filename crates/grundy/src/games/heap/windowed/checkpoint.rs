//! A windowed run's state as bytes, for a run resumed from a checkpoint: the last `W` values,
//! the counts, a hash of the prefix, which is recomputed on resume and must agree, and why the
//! run could not go on, if it could not.

use super::{ValueCounts, WindowError, WindowedSequence, COMPACT_LIMIT, MAX_WINDOW, MIN_WINDOW};
use crate::games::heap::rule::TakeBreak;
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
    pub(crate) fn from_bytes_observed(
        rule: &TakeBreak,
        bytes: &[u8],
        observer: &mut impl WorkObserver,
    ) -> Result<WindowedSequence, WindowError> {
        let bad = |why: &str| WindowError::Checkpoint(why.to_string());
        if !bytes.starts_with(MAGIC) {
            return Err(bad(
                "it does not start as a windowed nim-sequence checkpoint",
            ));
        }
        if bytes.len() < MAGIC.len() + 12 {
            return Err(bad("it is cut short"));
        }
        let (body, tail) = bytes.split_at(bytes.len() - 8);
        let stored = u64::from_le_bytes(tail.try_into().expect("8 bytes"));
        if fnv(body) != stored {
            return Err(bad(
                "its checksum does not match (torn or edited): start again without it",
            ));
        }
        let mut reader = Reader {
            bytes: &body[MAGIC.len()..],
        };
        let version = reader.u32()?;
        if !(1..=FORMAT_VERSION).contains(&version) {
            return Err(WindowError::Checkpoint(format!(
                "format version {version}, this program reads 1 to {FORMAT_VERSION}"
            )));
        }
        let code_len = reader.u32()? as usize;
        let code = reader.take(code_len)?;
        let expected = rule.to_string();
        if code != expected.as_bytes() {
            return Err(WindowError::Checkpoint(format!(
                "it is of the game {}, not {expected}",
                String::from_utf8_lossy(code)
            )));
        }
        let window = reader.usize()?;
        let next = reader.usize()?;
        let (mask, domain, sparse_class) = (reader.u64()?, reader.u64()?, reader.u64()?);
        let prefix_hash = reader.u64()?;
        let rare_heaps = reader.usize()?;
        let last_rare = reader.u64()?;
        let (largest, largest_at, deepest) = (reader.u64()?, reader.usize()?, reader.usize()?);
        let ended_by = if version >= 2 {
            let length = reader.u32()? as usize;
            if length > MAX_REASON_BYTES {
                return Err(bad("the reason its run ended is too long"));
            }
            let reason = std::str::from_utf8(reader.take(length)?)
                .ok()
                .filter(|reason| !reason.chars().any(char::is_control))
                .ok_or_else(|| bad("the reason its run ended is not a line of text"))?;
            // Empty: no reason, as the first build of format 2 wrote it (1af7272).
            (!reason.is_empty()).then(|| reason.to_string())
        } else {
            None
        };
        if !(MIN_WINDOW..=MAX_WINDOW).contains(&window) || next < window {
            return Err(bad("its window or heap is out of range"));
        }
        let counts = reader.counts()?;
        let powers = reader.usize()?;
        if powers > 64 {
            return Err(bad("too many powers of two"));
        }
        let mut at_powers = Vec::with_capacity(powers);
        for _ in 0..powers {
            let up_to = reader.u64()?;
            at_powers.push(ValueCounts {
                up_to,
                counts: reader.counts()?,
            });
        }
        let recent_bytes = reader.take(2 * window)?;
        if !reader.bytes.is_empty() {
            return Err(bad("it has bytes past its end"));
        }
        let recent: Vec<u16> = recent_bytes
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        if counts.iter().sum::<u64>() != next as u64 - 1
            || usize::try_from(largest).ok() != counts.len().checked_sub(1)
        {
            return Err(bad("its counts do not add up to its heaps"));
        }
        let mut state = WindowedSequence::start_observed(rule, window, observer)?;
        if state.prefix_hash != prefix_hash
            || u64::from(state.mask) != mask
            || u64::from(state.domain) != domain
            || u64::from(state.sparse_class) != sparse_class
            || state.rare_heaps != rare_heaps
            || state.last_rare.map_or(u64::MAX, |heap| heap as u64) != last_rare
        {
            return Err(bad(
                "its first values or mask differ from those computed now (made by another version?)",
            ));
        }
        state.recent = Vec::with_capacity(2 * window);
        state.recent.extend_from_slice(&recent);
        state.base = next - window;
        state.next = next;
        state.limit = (u32::try_from(largest).expect("checked") + 1).next_power_of_two();
        state.largest =
            u16::try_from(largest).map_err(|_| bad("its largest value is too large"))?;
        state.largest_at = largest_at;
        state.deepest = deepest;
        state.counts = counts;
        state.at_powers = at_powers;
        state.ended_by = ended_by;
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

    fn usize(&mut self) -> Result<usize, WindowError> {
        usize::try_from(self.u64()?)
            .map_err(|_| WindowError::Checkpoint("a number is out of range".to_string()))
    }

    fn counts(&mut self) -> Result<Vec<u64>, WindowError> {
        let len = self.usize()?;
        if len > COMPACT_LIMIT {
            return Err(WindowError::Checkpoint(
                "more values counted than 16 bits hold".to_string(),
            ));
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
