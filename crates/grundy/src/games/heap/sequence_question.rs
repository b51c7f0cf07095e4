//! The nim-sequence of a take-and-break game, with its period when the Octal Periodicity
//! Theorem proves one, within the memory a request allows.
//!
//! The answer keeps the values computed and the period, and reads every other value from it:
//! a sequence asked to heap 10^8 whose period is proven by heap 5000 is not listed whole until
//! its report is made.
//!
//! ```
//! use grundy::request::{sequence, SequenceRequest};
//! use grundy::watch::Watch;
//!
//! let request: SequenceRequest = serde_json::from_str(r#"{"game":"kayles","to":20}"#).unwrap();
//! let answer = sequence(&request, &Watch::new()).unwrap();
//! assert_eq!(answer.values(13), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
//! assert_eq!(answer.report().period, Some(12));
//! ```

use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::preparation::check_reference_work;
use super::{nim_sequence_until_settled, HeapGame, HeapRuleset, Heaps, NimSequence, Periodicity};
use crate::games::work_observer::WorkObserver;
use crate::limits::Limits;
use crate::report::{Command, GenusReport, SequenceReport, SCHEMA_VERSION};
use crate::values::{Convention, Genus};

/// Short sequences of finite octal codes are computed at least this far, so that a period can
/// be proven even when only a few values are asked for.
pub const PERIOD_HORIZON: usize = 4096;

/// The values a text report shows unless the request says otherwise.
pub const DEFAULT_SHOWN: usize = 1000;

/// What one computed heap costs in resident memory: its value in 16 bits (2 bytes) and, at
/// most, a 32-bit entry for every second heap in the table of the period's proof (zeroed
/// pages, mostly never written). The store of values grows by doubling, but only what is
/// written is resident. A game whose values pass 65,535 keeps them in 32 bits and takes up to
/// 6 bytes a heap, more than this counts; no octal game within reach does. Values past a
/// proven period are read from it, not stored.
pub const BYTES_PER_COMPUTED_HEAP: u64 = 4;

/// The largest heap a sequence may be asked to: `--memory` is what really bounds it (2^30 heaps
/// need 4 GiB), this only keeps the arithmetic far from overflow.
pub const MAX_SEQUENCE_HEAP: usize = 1 << 40;

/// What one value printed costs at most beyond its digits: 4 bytes as a number in the report,
/// and its text (digits and a separator) twice over while the output string doubles.
pub const BYTES_PER_PRINTED_VALUE: u64 = 4;

/// The nim-sequence of a heap game to heap `to`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SequenceRequest {
    /// The heap game: a code (`0.137`) or a name (`kayles`, `sub:1,2,3`).
    #[serde(with = "game_by_name")]
    pub game: HeapGame,
    /// The largest heap (default [`DEFAULT_SEQUENCE_TO`]).
    #[serde(default = "default_to")]
    pub to: usize,
    /// How many values a text report shows (default [`DEFAULT_SHOWN`]): the memory keeps
    /// room for their text, so that a computation the memory stops still shows what it
    /// finished.
    #[serde(default)]
    pub show: Option<usize>,
    /// Compute keeping only the first and the last `window` heaps' values, in memory that does
    /// not grow with `to` (for games whose rare values all lie in the first `window`, such as
    /// 0.6): the answer is then a [`WindowedReport`](crate::request::WindowedReport) (counts at every
    /// power of two, rare values, the last values), not every value. Not with misère play or
    /// `show`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<usize>,
    /// The memory for the values computed and the text shown; the threads only with a
    /// `window` (two are used), the whole sequence being computed on one.
    #[serde(default)]
    pub limits: Limits,
    /// Misère play adds each heap's genus, as far as a bounded search reaches.
    #[serde(default, skip_serializing_if = "Convention::is_normal")]
    pub convention: Convention,
}

/// The most positions the misère search of a sequence's genera may take: heaps whose genus
/// needs more are left out (each heap's genus searches every sum of the heaps it breaks into,
/// plus up to seven `*2`s).
pub(crate) const MISERE_SEQUENCE_POSITIONS: u64 = 5_000_000;

/// The largest heap of a sequence when none is asked for.
pub const DEFAULT_SEQUENCE_TO: usize = 100;

fn default_to() -> usize {
    DEFAULT_SEQUENCE_TO
}

/// A heap game in JSON: its name, read back as [`heap_game_of_sequence`] reads it.
pub(crate) mod game_by_name {
    use super::{heap_game_of_sequence, HeapGame};
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(
        game: &HeapGame,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(game.name())
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<HeapGame, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        heap_game_of_sequence(&name).map_err(serde::de::Error::custom)
    }
}

/// The heap game named `name`, whose nim-sequence a [`SequenceRequest`] asks for (the
/// registry's `sequence_game` first refuses a name of another family by the questions it
/// takes).
///
/// # Errors
/// A bad code, or `kayles-2d`, whose positions are boards rather than heaps.
pub(crate) fn heap_game_of_sequence(name: &str) -> Result<HeapGame, String> {
    match name
        .parse::<HeapRuleset>()
        .map_err(|error| error.to_string())?
    {
        HeapRuleset::Line(game) => Ok(game),
        HeapRuleset::Kayles2d(_) => Err(
            "kayles-2d has boards, not heaps, so it has no nim-sequence and no misère quotient of heaps: use `grundy value kayles-2d 7x4`".to_string(),
        ),
    }
}

impl SequenceRequest {
    /// The values a text report shows: [`SequenceRequest::show`], at most `to + 1`.
    #[must_use]
    pub fn shown(&self) -> usize {
        self.show.unwrap_or(DEFAULT_SHOWN).min(self.to + 1)
    }

    /// The last heap computed unless a proof comes first: only a proof can use values past
    /// `to`, and only finite octal codes have one, which is looked for to at least
    /// [`PERIOD_HORIZON`].
    #[must_use]
    pub fn horizon(&self) -> usize {
        if self.game.rule().is_finite_octal() {
            self.to.max(PERIOD_HORIZON)
        } else {
            self.to
        }
    }

    /// The most heaps the memory holds beside the text of the values shown, kept room for
    /// (at most 10 digits a value) so that a computation stopped by the memory can still show
    /// what it finished.
    #[must_use]
    pub fn heaps_allowed(&self) -> usize {
        let text_room = self.shown() as u64 * (BYTES_PER_PRINTED_VALUE + 2 * 11);
        usize::try_from(self.limits.memory.saturating_sub(text_room) / BYTES_PER_COMPUTED_HEAP)
            .unwrap_or(usize::MAX)
    }
}

/// A nim-sequence as far as it was asked for, or finished before a stop: the values computed
/// and, past them, the period that gives the rest. Serialised as its [`SequenceReport`].
#[derive(Clone, Debug, PartialEq)]
pub struct SequenceAnswer {
    /// The game.
    pub game: HeapGame,
    /// The last heap asked for.
    pub to: usize,
    /// The values computed, and the period when one is proven.
    pub sequence: NimSequence,
    /// The heaps answered, `0..finished`: to `to`, or fewer when stopped.
    pub finished: usize,
    /// How many values were computed rather than copied from the period.
    pub computed: usize,
    /// The last heap computed unless a proof came first ([`SequenceRequest::horizon`]).
    pub horizon: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Whether the watch or the memory stopped the computation.
    pub stopped: bool,
    /// Misère play: the genus of heaps `0..genera.len()`, as far as the search reached.
    pub genera: Option<Vec<Genus>>,
}

impl SequenceAnswer {
    /// The game's name, and its code when the name is not the code: `kayles (0.77)`, `0.137`.
    #[must_use]
    pub fn label(&self) -> String {
        let code = self.game.rule().to_string();
        if self.game.name() == code {
            code
        } else {
            format!("{} ({code})", self.game.name())
        }
    }

    /// The heading of the sequence's text and picture: which heaps, and when stopped why
    /// fewer than asked. `why_stopped` names what stopped it (`interrupted`, `stopped at
    /// --memory`): the answer says only that it stopped.
    #[must_use]
    pub fn heading(&self, why_stopped: &str) -> String {
        let (label, to) = (self.label(), self.to);
        match self.finished {
            _ if !self.stopped || self.finished == to + 1 => {
                format!("{label}: nim-values of heaps 0 to {to}")
            }
            0 => format!("{label}: {why_stopped} before any value (asked to {to})"),
            count => format!(
                "{label}: nim-values of heaps 0 to {} ({why_stopped}; asked to {to})",
                count - 1
            ),
        }
    }

    /// The period and pre-period, when proven.
    #[must_use]
    pub fn periodicity(&self) -> Option<Periodicity> {
        self.sequence.periodicity
    }

    /// Under misère play, how far the genera reached, after what is said of the values:
    /// ", with the genus of heaps 0 to K" or ", but no heap's genus"; empty under normal play.
    #[must_use]
    pub fn genera_reached(&self) -> String {
        match self.genera.as_deref().map(<[_]>::len) {
            None => String::new(),
            Some(0) => ", but no heap's genus".to_string(),
            Some(count) => format!(", with the genus of heaps 0 to {}", count - 1),
        }
    }

    /// The nim-value of heap `heap < finished`.
    #[must_use]
    pub fn value(&self, heap: usize) -> u32 {
        self.sequence.value(heap).value()
    }

    /// The values of heaps `0..count`, `count <= finished`.
    #[must_use]
    pub fn values(&self, count: usize) -> Vec<u32> {
        (0..count).map(|heap| self.value(heap)).collect()
    }

    /// The game of one heap of size `heap`, as a game of the family: what a misère search
    /// takes to find the heap's genus.
    #[must_use]
    pub(crate) fn game_of_heap(&self, heap: usize) -> Heaps {
        Heaps {
            game: self.game.clone(),
            heaps: vec![heap],
        }
    }

    /// The memory the answer keeps for its values computed, beside the JSON written of them.
    #[must_use]
    pub fn held_bytes(&self) -> u64 {
        (self.computed as u64).saturating_mul(BYTES_PER_COMPUTED_HEAP)
    }

    /// The largest value answered: past the values computed, the period repeats some of them.
    #[must_use]
    pub fn largest(&self) -> u32 {
        self.largest_at().1
    }

    /// The first heap with the largest value answered, and that value.
    #[must_use]
    pub fn largest_at(&self) -> (usize, u32) {
        let computed = self.finished.min(self.sequence.values.len());
        let values = self.sequence.values.iter().take(computed).enumerate();
        values.fold((0, 0), |best, (heap, value)| {
            if value.value() > best.1 {
                (heap, value.value())
            } else {
                best
            }
        })
    }

    /// The report, listing every value answered.
    #[must_use]
    pub fn report(&self) -> SequenceReport {
        SequenceReport {
            schema: SCHEMA_VERSION,
            command: Command::Sequence,
            game: self.game.name().to_string(),
            code: self.game.rule().to_string(),
            to: self.to,
            values: self.values(self.finished),
            period: self.periodicity().map(|p| p.period),
            preperiod: self.periodicity().map(|p| p.preperiod),
            computed: self.computed,
            largest: self.largest(),
            largest_at: self.largest_at().0,
            rare: self.sequence.rare,
            interrupted: self.stopped,
            convention: self.genera.as_ref().map(|_| Convention::Misere),
            genera: self
                .genera
                .as_ref()
                .map(|genera| genera.iter().map(GenusReport::from).collect()),
            seconds: self.seconds,
        }
    }
}

/// The keys of [`SequenceReport`], in its order, with the values written one by one from
/// the answer: a sequence of 10^8 heaps read from its period is never listed in memory.
impl Serialize for SequenceAnswer {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let periodicity = self.periodicity();
        let mut report = serializer.serialize_struct("SequenceReport", 16)?;
        report.serialize_field("schema", &SCHEMA_VERSION)?;
        report.serialize_field("command", &Command::Sequence)?;
        report.serialize_field("game", self.game.name())?;
        report.serialize_field("code", &self.game.rule().to_string())?;
        report.serialize_field("to", &self.to)?;
        report.serialize_field("values", &ListedValues(self))?;
        report.serialize_field("period", &periodicity.map(|p| p.period))?;
        report.serialize_field("preperiod", &periodicity.map(|p| p.preperiod))?;
        report.serialize_field("computed", &self.computed)?;
        report.serialize_field("largest", &self.largest())?;
        report.serialize_field("largest_at", &self.largest_at().0)?;
        match &self.sequence.rare {
            Some(rare) => report.serialize_field("rare", rare)?,
            None => report.skip_field("rare")?,
        }
        report.serialize_field("interrupted", &self.stopped)?;
        match &self.genera {
            Some(genera) => {
                report.serialize_field("convention", &Convention::Misere)?;
                let genera: Vec<GenusReport> = genera.iter().map(GenusReport::from).collect();
                report.serialize_field("genera", &genera)?;
            }
            None => {
                report.skip_field("convention")?;
                report.skip_field("genera")?;
            }
        }
        report.serialize_field("seconds", &self.seconds)?;
        report.end()
    }
}

/// The values a [`SequenceAnswer`] answers, written one by one.
struct ListedValues<'a>(&'a SequenceAnswer);

impl Serialize for ListedValues<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((0..self.0.finished).map(|heap| self.0.value(heap)))
    }
}

/// Why a nim-sequence ended without the whole answer asked for.
#[derive(Debug)]
pub enum SequenceEnd {
    /// The request asks for more than the limits allow: the message names the value and
    /// the limit.
    Refused(String),
    /// The observer stopped the computation: the values finished.
    Stopped(Box<SequenceAnswer>),
    /// The memory allowed ran out before a period was proven: `message` says how far it
    /// reached, `kept` the values finished.
    OutOfMemory {
        /// The memory allowed and what it held.
        message: String,
        /// The values finished.
        kept: Box<SequenceAnswer>,
    },
}

/// Passes the heaps computed on to the observer, and stops the computation when the observer
/// does or the heaps computed would pass the memory allowed.
struct HeapBudget<'a> {
    observer: &'a mut dyn WorkObserver,
    /// The most heaps the memory holds, and the heaps begun so far (one call a heap).
    heaps_allowed: usize,
    heaps_begun: usize,
    /// Whether the observer (not the memory) stopped it.
    stopped_by_observer: bool,
}

impl WorkObserver for HeapBudget<'_> {
    fn progress(&mut self, done: usize, total: usize) {
        self.observer.progress(done, total);
    }

    fn should_stop(&mut self) -> bool {
        self.heaps_begun += 1;
        if self.heaps_begun > self.heaps_allowed {
            return true;
        }
        self.stopped_by_observer = self.observer.should_stop();
        self.stopped_by_observer
    }
}

/// The nim-sequence `request` asks for, without what its convention adds (the genera),
/// telling `observer` the heaps computed.
///
/// # Errors
/// [`SequenceEnd::Refused`] for a heap past [`MAX_SEQUENCE_HEAP`] or past what the reference
/// method or the memory can reach; [`SequenceEnd::Stopped`] when `observer` stopped it and
/// [`SequenceEnd::OutOfMemory`] when the memory did, each with the values finished.
pub(crate) fn nim_sequence(
    request: &SequenceRequest,
    observer: &mut dyn WorkObserver,
) -> Result<SequenceAnswer, SequenceEnd> {
    let game = &request.game;
    let to = request.to;
    let memory = request.limits.memory;
    if to > MAX_SEQUENCE_HEAP {
        return Err(SequenceEnd::Refused(format!(
            "`to` {to} is too large: at most {MAX_SEQUENCE_HEAP}"
        )));
    }
    check_reference_work(game, to, "`to`").map_err(SequenceEnd::Refused)?;
    let horizon = request.horizon();
    let heaps_allowed = request.heaps_allowed();
    if !game.rule().is_finite_octal() && horizon >= heaps_allowed {
        // No period can cut this short: every heap to `to` is computed and kept.
        return Err(SequenceEnd::Refused(format!(
            "`to` {to} needs the values of every heap computed and kept ({} has no provable period), about {} MiB at {BYTES_PER_COMPUTED_HEAP} bytes a heap, more than `memory` {} MiB: give more `memory` or `to` at most {}",
            game.name(),
            ((horizon as u64 + 1) * BYTES_PER_COMPUTED_HEAP) >> 20,
            memory >> 20,
            heaps_allowed.saturating_sub(1)
        )));
    }
    let mut budget = HeapBudget {
        observer,
        heaps_allowed,
        heaps_begun: 0,
        stopped_by_observer: false,
    };
    budget.progress(0, horizon + 1);
    let started = Instant::now();
    let sequence = nim_sequence_until_settled(game.rule(), horizon, &mut budget);
    let seconds = started.elapsed().as_secs_f64();
    let interrupted = budget.stopped_by_observer;
    let out_of_memory = sequence.stopped && !interrupted;
    let finished = if sequence.stopped {
        sequence.values.len().min(to + 1)
    } else {
        to + 1
    };
    let computed = sequence
        .periodicity
        .map_or(sequence.values.len(), |found| found.computed);
    let answer = Box::new(SequenceAnswer {
        game: game.clone(),
        to,
        sequence,
        finished,
        computed,
        horizon,
        seconds,
        stopped: out_of_memory || interrupted,
        genera: None,
    });
    if out_of_memory {
        return Err(SequenceEnd::OutOfMemory {
            message: format!(
                "`memory` {} MiB holds the values of {heaps_allowed} heaps ({BYTES_PER_COMPUTED_HEAP} bytes each) beside the text printed, and no period was proven by then",
                memory >> 20
            ),
            kept: answer,
        });
    }
    if interrupted {
        return Err(SequenceEnd::Stopped(answer));
    }
    Ok(*answer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::registry::sequence_game;
    use crate::request::{sequence, RunError, Stopped};
    use crate::watch::Watch;

    fn request(json: &str) -> SequenceRequest {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn a_proven_period_gives_the_values_past_those_computed() {
        let answer = sequence(
            &request(r#"{"game":"kayles","to":100000000}"#),
            &Watch::new(),
        )
        .unwrap();
        assert!(answer.computed < 10_000, "{}", answer.computed);
        assert_eq!(answer.finished, 100_000_001);
        // Kayles: period 12 from heap 71.
        assert_eq!(
            answer.value(100_000_000),
            answer.value(71 + (100_000_000 - 71) % 12)
        );
        assert_eq!(answer.label(), "kayles (0.77)");
    }

    #[test]
    fn the_answer_writes_the_keys_and_values_of_its_report() {
        for json in [
            r#"{"game":"kayles","to":200}"#,
            r#"{"game":"0.6","to":5000}"#,
            r#"{"game":"0.312","to":6,"convention":"misere"}"#,
        ] {
            let answer = sequence(&request(json), &Watch::new()).unwrap();
            assert_eq!(
                serde_json::to_string(&answer).unwrap(),
                serde_json::to_string(&answer.report()).unwrap(),
                "{json}"
            );
        }
        let watch = Watch::new();
        watch.stop();
        let Err(RunError::Stopped(Stopped::Sequence(stopped))) =
            sequence(&request(r#"{"game":"0.6","to":1000000}"#), &watch)
        else {
            panic!("a stopped sequence keeps its values");
        };
        assert_eq!(
            serde_json::to_string(&stopped).unwrap(),
            serde_json::to_string(&stopped.report()).unwrap()
        );
    }

    #[test]
    fn games_without_a_sequence_are_refused_by_name() {
        for (name, said) in [
            ("kayles-2d", "boards, not heaps"),
            ("knights", "`grundy sequence` is for"),
            ("corner-knight", "`grundy sequence` is for"),
            ("0.9x", "0.9x"),
        ] {
            let error = sequence_game(name).unwrap_err().to_string();
            assert!(error.contains(said), "{name}: {error}");
        }
        let unknown = serde_json::from_str::<SequenceRequest>(r#"{"game":"kayles","from":3}"#);
        assert!(unknown.is_err());
    }

    #[test]
    fn the_memory_stops_a_sequence_and_keeps_what_it_finished() {
        // 0.007 has no period known, and 100000 bytes hold 18500 heaps (4 bytes each) beside
        // the text of 1000 values (26 bytes each).
        let asked = request(r#"{"game":"0.007","to":1000000,"limits":{"memory":100000}}"#);
        match sequence(&asked, &Watch::new()) {
            Err(RunError::OutOfMemory { message, kept }) => {
                let Stopped::Sequence(answer) = *kept else {
                    panic!("a sequence keeps its values");
                };
                assert!(message.contains("the values of 18500 heaps"), "{message}");
                assert!(answer.stopped);
                assert_eq!(answer.finished, asked.heaps_allowed());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_stopped_watch_stops_the_sequence() {
        let watch = Watch::new();
        watch.stop();
        match sequence(&request(r#"{"game":"0.6","to":1000000}"#), &watch) {
            Err(RunError::Stopped(Stopped::Sequence(answer))) => {
                assert!(answer.stopped && answer.finished < 1_000_001);
                assert!(answer.report().interrupted);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn misere_play_adds_the_genus_of_each_heap() {
        let answer = sequence(
            &request(r#"{"game":"0.312","to":6,"convention":"misere"}"#),
            &Watch::new(),
        )
        .unwrap();
        let written: Vec<String> = answer
            .genera
            .as_ref()
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        // Plambeck's page on 0.312 prints heaps 2 to 6 (and heap 1 as 1^03131, the same
        // sequence written further).
        assert_eq!(
            written,
            ["0^120", "1^031", "2^20", "0^02", "2^1420", "0^02", "1^13"]
        );
        let report = serde_json::to_value(answer.report()).unwrap();
        assert_eq!(report["convention"], "misere");
        assert_eq!(report["genera"][4]["text"], "2^1420");
    }
}
