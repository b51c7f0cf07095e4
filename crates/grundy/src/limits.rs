//! How much of the machine a request may use, and memory sizes as people write them.

use serde::{Deserialize, Deserializer, Serialize};

/// The memory a request may use when it does not say: 1 GiB.
pub const DEFAULT_MEMORY: u64 = 1 << 30;

/// How much of the machine a request may use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// The most bytes of the transposition tables (they start small and double up to this).
    #[serde(default = "default_memory", deserialize_with = "memory_within_machine")]
    pub memory: u64,
    /// Worker threads, 1 to [`MAX_THREADS`]; `None` for one per core.
    #[serde(default, deserialize_with = "threads_within_bound")]
    pub threads: Option<usize>,
    /// The most bytes the answer may take written as JSON, when whoever asks caps it (a
    /// server's replies); `None`: only [`Limits::memory`] bounds it, which holds the answer's
    /// JSON beside the work. A request whose answer cannot fit is refused before it runs
    /// ([`crate::request::Request::check_answer_room`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_bytes: Option<u64>,
}

/// The most worker threads a request may ask for.
pub const MAX_THREADS: usize = 1024;

/// The least memory a size typed by people may give: the transposition tables' first size.
const MIN_MEMORY: u64 = 1 << 20;

/// A request's `memory`, refused past this machine's memory as [`parse_memory`] refuses a
/// size typed on a command line. A small size is the request's own business: a sequence's
/// values fit in a few kilobytes, and a search's tables start small whatever the size.
fn memory_within_machine<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    let bytes = u64::deserialize(deserializer)?;
    check_memory(bytes as f64, &bytes.to_string(), 0).map_err(serde::de::Error::custom)
}

/// A request's `threads`, refused outside 1 to [`MAX_THREADS`]: a thread is made for each.
fn threads_within_bound<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<usize>, D::Error> {
    let threads = Option::<usize>::deserialize(deserializer)?;
    match threads {
        Some(count) if !(1..=MAX_THREADS).contains(&count) => Err(serde::de::Error::custom(
            format!("threads {count}: expected 1 to {MAX_THREADS}"),
        )),
        _ => Ok(threads),
    }
}

fn default_memory() -> u64 {
    DEFAULT_MEMORY
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            memory: DEFAULT_MEMORY,
            threads: None,
            answer_bytes: None,
        }
    }
}

impl Limits {
    /// Limits with `memory` and `threads`, the answer bounded by the memory alone.
    #[must_use]
    pub fn new(memory: u64, threads: Option<usize>) -> Limits {
        Limits {
            memory,
            threads,
            answer_bytes: None,
        }
    }

    /// The most bytes the answer's JSON may take: [`Limits::answer_bytes`] when set, and
    /// never more than the memory.
    #[must_use]
    pub fn answer_room(&self) -> u64 {
        self.answer_bytes
            .map_or(self.memory, |cap| cap.min(self.memory))
    }

    /// The threads to use: as many as asked for, or one per core.
    #[must_use]
    pub fn thread_count(&self) -> usize {
        self.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            |threads| threads.max(1),
        )
    }
}

/// Reads a memory size such as `512M`, `2G` or `1073741824` (bytes; K, M, G, T are powers of
/// 1024).
pub fn parse_memory(text: &str) -> Result<u64, String> {
    let malformed = || {
        format!("memory size `{text}` is malformed: expected a number of bytes with an optional K, M, G or T suffix, for example 512M or 2G")
    };
    let trimmed = text.trim();
    let upper = trimmed.to_ascii_uppercase();
    let upper = upper
        .strip_suffix("IB")
        .or_else(|| upper.strip_suffix('B'))
        .unwrap_or(&upper);
    let (number, scale) = match upper.chars().last() {
        Some('K') => (&upper[..upper.len() - 1], 1u64 << 10),
        Some('M') => (&upper[..upper.len() - 1], 1 << 20),
        Some('G') => (&upper[..upper.len() - 1], 1 << 30),
        Some('T') => (&upper[..upper.len() - 1], 1 << 40),
        _ => (upper, 1),
    };
    let number: f64 = number.trim().parse().map_err(|_| malformed())?;
    if !number.is_finite() || number < 0.0 {
        return Err(malformed());
    }
    check_memory(number * scale as f64, text, MIN_MEMORY)
}

/// Bytes of memory as people write them, the way [`parse_memory`] reads them back: `1G`,
/// `512M`, or a number of bytes when no suffix divides it.
#[must_use]
pub fn memory_text(bytes: u64) -> String {
    for (shift, suffix) in [(40, 'T'), (30, 'G'), (20, 'M'), (10, 'K')] {
        if bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return format!("{}{suffix}", bytes >> shift);
        }
    }
    format!("{bytes} bytes")
}

/// `bytes`, when it is at least `least` and at most this machine's memory; `text` is how it
/// was written.
fn check_memory(bytes: f64, text: &str, least: u64) -> Result<u64, String> {
    if bytes < least as f64 {
        return Err(format!(
            "memory size `{text}` is too small: a search needs at least 1M"
        ));
    }
    // The tables double up to this size as a search stores positions, and each size is written
    // in full when it is made: more than the machine has would be swapped out or the program
    // killed once a long search reaches it.
    let (limit, whose) = machine_memory();
    if bytes > limit as f64 {
        return Err(format!(
            "memory size `{text}` is more than {whose}, {}: give at most that",
            size_text(limit)
        ));
    }
    Ok(bytes as u64)
}

/// The most memory a request may ask for, and whose bound it is: this machine's memory, or,
/// where the system does not say, a fixed bound that still stops a typo from asking for
/// petabytes.
pub(crate) fn machine_memory() -> (u64, &'static str) {
    match crate::solver::physical_memory() {
        Some(bytes) => (bytes, "this machine's memory"),
        None => (1u64 << 40, "the largest accepted"),
    }
}

/// A size for people: `381.5 MiB`, `12 bytes`.
pub(crate) fn size_text(bytes: u64) -> String {
    const UNITS: [(u32, &str); 4] = [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")];
    for (shift, unit) in UNITS {
        if bytes >= 1 << shift {
            return format!("{:.1} {unit}", bytes as f64 / (1u64 << shift) as f64);
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes() {
        assert_eq!(parse_memory("1G").unwrap(), 1 << 30);
        assert_eq!(parse_memory("512M").unwrap(), 512 << 20);
        assert_eq!(parse_memory("1.5GiB").unwrap(), 3 << 29);
        assert_eq!(parse_memory("2097152").unwrap(), 2 << 20);
        for bad in ["", "G", "abc", "-1G", "1Q", "10", "1000T", "1e30"] {
            assert!(parse_memory(bad).unwrap_err().contains(bad), "{bad}");
        }
    }

    #[test]
    fn memory_sizes_are_written_as_they_are_read() {
        assert_eq!(memory_text(1 << 30), "1G");
        assert_eq!(memory_text(3 << 29), "1536M");
        assert_eq!(memory_text(1000), "1000 bytes");
        for bytes in [1 << 20, 512 << 20, 3 << 29, (1 << 20) + (1 << 10)] {
            assert_eq!(parse_memory(&memory_text(bytes)).unwrap(), bytes);
        }
    }

    #[test]
    fn a_request_asks_for_no_more_threads_or_memory_than_there_can_be() {
        let limits = |json: &str| serde_json::from_str::<Limits>(json);
        assert_eq!(limits(r#"{"threads":2}"#).unwrap().threads, Some(2));
        assert_eq!(limits("{}").unwrap(), Limits::default());
        for bad in [r#"{"threads":0}"#, r#"{"threads":1025}"#] {
            let message = limits(bad).unwrap_err().to_string();
            assert!(message.contains("expected 1 to 1024"), "{message}");
        }
        let message = limits(r#"{"memory":18446744073709551615}"#)
            .unwrap_err()
            .to_string();
        assert!(message.contains("18446744073709551615"), "{message}");
        assert!(message.contains("give at most"), "{message}");
        assert_eq!(limits(r#"{"memory":100000}"#).unwrap().memory, 100_000);
    }
}
