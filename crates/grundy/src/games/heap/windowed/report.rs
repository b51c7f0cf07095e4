//! What a windowed run reports: the count of each value at every power of two, the rare
//! values, the last values; as JSON and as text.

use serde::{Deserialize, Serialize};

use super::{WindowedSequence, LAST_VALUES_SHOWN};
use crate::report::{Command, RareValues, SCHEMA_VERSION};

/// The count of each value over heaps `1..=up_to`: `counts[v]` heaps have value `v`. This is
/// the form of Rogalski's published histograms, whose file `N` counts heaps 1 to `N` (heap 0,
/// value 0, left out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueCounts {
    /// The last heap counted: heaps 1 to `up_to` are.
    pub up_to: u64,
    /// By value.
    pub counts: Vec<u64>,
}

/// The report of a windowed sequence: what a user wants of a sequence too long to list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WindowedReport {
    /// The version of the report's schema (1).
    pub schema: u32,
    /// [`Command::Sequence`].
    pub command: Command,
    /// The game as typed back.
    pub game: String,
    /// Its octal code.
    pub code: String,
    /// The last heap asked for.
    pub to: usize,
    /// The heaps answered: `0..finished`.
    pub finished: usize,
    /// The window: the prefix kept and the recent values kept.
    pub window: usize,
    /// The bytes the state takes, whatever the heap.
    pub memory_bytes: u64,
    /// The largest value, and the first heap with it.
    pub largest: u32,
    /// See `largest`.
    pub largest_at: usize,
    /// The rare values (all in the prefix).
    pub rare: RareValues,
    /// The most pairs any heap past the prefix read from the small end, counting the first
    /// 1,024 (or as many as the window reaches) whole for a heap whose values all turn up
    /// there: past them, a window smaller than this (plus the most tokens a move takes) would
    /// have stopped.
    pub deepest_scan: usize,
    /// The count of each value over heaps 1 to every power of two reached, then to the last
    /// heap answered.
    pub counts: Vec<ValueCounts>,
    /// The heap of `last_values[0]`.
    pub last_values_from: usize,
    /// The last values (at most twenty).
    pub last_values: Vec<u32>,
    /// Whether the computation was stopped before `to`.
    pub interrupted: bool,
    /// Why the run ended before `to` by itself (a heap that needed values outside the
    /// window): the heaps before it are reported. Read back from a checkpoint, why the run
    /// that wrote it ended there, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<String>,
    /// Wall-clock seconds of this run (not of the runs before a resume).
    pub seconds: f64,
}

impl WindowedReport {
    /// The report as text: the heaps reached, the largest value, the rare values, the last
    /// values and the count of each value over all heaps answered (every power of two is in
    /// the JSON).
    #[must_use]
    pub fn text(&self) -> String {
        use std::fmt::Write;
        let label = if self.game == self.code {
            self.code.clone()
        } else {
            format!("{} ({})", self.game, self.code)
        };
        let mut out = format!(
            "{label}: nim-values of heaps 0 to {}{} with a window of {} heaps ({} KiB whatever the heap)\n",
            self.finished - 1,
            if self.interrupted {
                format!(" (stopped; asked to {})", self.to)
            } else {
                String::new()
            },
            self.window,
            self.memory_bytes >> 10
        );
        let rare = &self.rare;
        let _ = writeln!(
            out,
            "largest value {}, first at heap {}\nrare values: {} heaps (mask {:#x}, {} 1-bits{}), the last at heap {}\ndeepest scan from the small end: {} pairs",
            self.largest,
            self.largest_at,
            rare.heaps,
            rare.mask,
            if rare.odd { "odd" } else { "even" },
            if rare.domain { " on even heaps" } else { "" },
            rare.last.map_or("none".to_string(), |heap| heap.to_string()),
            self.deepest_scan,
        );
        let values: Vec<String> = self.last_values.iter().map(u32::to_string).collect();
        let _ = writeln!(
            out,
            "last values (heaps {} to {}): {}",
            self.last_values_from,
            self.finished - 1,
            values.join(" ")
        );
        if let Some(last) = self.counts.last() {
            let counts: Vec<String> = last
                .counts
                .iter()
                .enumerate()
                .filter(|&(_, &count)| count > 0)
                .map(|(value, count)| format!("{value}:{count}"))
                .collect();
            let _ = writeln!(
                out,
                "count of each value over heaps 1 to {} (value:count): {}",
                last.up_to,
                counts.join(" ")
            );
        }
        if let Some(reason) = &self.stopped_by {
            let _ = writeln!(out, "the run stopped there: {reason}");
        }
        out
    }
}

impl WindowedSequence {
    /// The report of heaps `0..finished()`, asked to `to`, after `seconds` of this run.
    #[must_use]
    pub fn report(&self, to: usize, seconds: f64) -> WindowedReport {
        let mut counts = self.at_powers.clone();
        let last = self.next - 1;
        if !last.is_power_of_two() {
            counts.push(ValueCounts {
                up_to: last as u64,
                counts: self.counts.clone(),
            });
        }
        let shown = LAST_VALUES_SHOWN.min(self.next);
        let recent_end = self.next - self.base;
        WindowedReport {
            schema: SCHEMA_VERSION,
            command: Command::Sequence,
            game: self.name.clone(),
            code: self.rule.to_string(),
            to,
            finished: self.next,
            window: self.window,
            memory_bytes: self.memory_bytes(),
            largest: u32::from(self.largest),
            largest_at: self.largest_at,
            rare: RareValues {
                mask: self.mask,
                domain: self.domain,
                odd: self.sparse_class,
                heaps: self.rare_heaps,
                last: self.last_rare,
                used: true,
            },
            deepest_scan: self.deepest,
            counts,
            last_values_from: self.next - shown,
            last_values: self.recent[recent_end - shown..recent_end]
                .iter()
                .map(|&v| u32::from(v))
                .collect(),
            interrupted: self.next <= to,
            stopped_by: self.ended_by.clone(),
            seconds,
        }
    }
}
