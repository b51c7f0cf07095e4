//! The bounds of a heap game valued from its nim-sequence: the sequence must reach the largest
//! heap, within limits checked before anything large is allocated.

use std::time::{Duration, Instant};

use super::HeapGame;
use crate::games::work_observer::WorkEnd;
use crate::games::work_observer::WorkObserver;

/// The most options the reference method may visit (codes with repeating digits or breaks into
/// three heaps): at 60 to 200 million a second, about half a minute to a minute and a half.
pub const MAX_REFERENCE_WORK: f64 = 5e9;

/// The largest heap a value or moves request accepts when no period is proven by then: every
/// smaller heap must be computed, and the fast method takes about 3 s per million heaps near
/// 10^6, growing faster than linearly.
pub const MAX_HEAP_WITHOUT_PERIOD: usize = 10_000_000;

/// How long a value or moves request computes a nim-sequence before giving up: a game without
/// a useful sparse-space mask (0.007) grows as n², so a heap within the limits above can still
/// need hours.
pub const HEAP_SECONDS: u64 = 60;

/// Refuses heap `largest` (given as `what`) when the reference method would visit more than
/// [`MAX_REFERENCE_WORK`] options to reach it, naming the largest heap it can reach.
///
/// # Errors
/// The message names the heap and the limit.
pub(crate) fn check_reference_work(
    game: &HeapGame,
    largest: usize,
    what: &str,
) -> Result<(), String> {
    let rule = game.rule();
    if rule.is_nim() {
        return match u32::try_from(largest) {
            Ok(_) => Ok(()),
            Err(_) => Err(format!(
                "{what} {largest} is too large for {}: nim's values are kept in 32 bits, so at most {}",
                game.name(),
                u32::MAX
            )),
        };
    }
    if rule.has_fast_sequence() || rule.reference_work(largest) <= MAX_REFERENCE_WORK {
        return Ok(());
    }
    // The work grows with the heap: the largest heap within it by bisection.
    let (mut within, mut beyond) = (0usize, largest);
    while beyond - within > 1 {
        let middle = within + (beyond - within) / 2;
        if rule.reference_work(middle) <= MAX_REFERENCE_WORK {
            within = middle;
        } else {
            beyond = middle;
        }
    }
    Err(format!(
        "{what} {largest} is too large for {}: its values are found by trying every move of every smaller heap (about {:.1e} moves, at most {MAX_REFERENCE_WORK:.0e}), so at most {within} for this game",
        game.name(),
        rule.reference_work(largest)
    ))
}

/// Passes a sequence's progress on, and stops it when `observer` does or when
/// [`HEAP_SECONDS`] have passed.
struct WithDeadline<'a> {
    observer: &'a mut dyn WorkObserver,
    deadline: Instant,
    /// Asked before every heap, `should_stop` looks at the clock and the observer only every
    /// so many heaps: a look costs about as much as a fast heap.
    heaps_since_look: u32,
    timed_out: bool,
}

impl WorkObserver for WithDeadline<'_> {
    fn progress(&mut self, done: usize, total: usize) {
        self.observer.progress(done, total);
    }

    fn should_stop(&mut self) -> bool {
        self.heaps_since_look += 1;
        if self.heaps_since_look < 64 {
            return false;
        }
        self.heaps_since_look = 0;
        if Instant::now() > self.deadline {
            self.timed_out = true;
            return true;
        }
        self.observer.should_stop()
    }
}

/// The game with its nim-sequence computed as far as `largest` needs, or why not: past
/// [`MAX_HEAP_WITHOUT_PERIOD`] only a period proven by then lets the value be read off, and
/// the computation is given [`HEAP_SECONDS`].
pub(crate) fn with_values_for(
    game: HeapGame,
    largest: usize,
    observer: &mut dyn WorkObserver,
) -> Result<HeapGame, WorkEnd> {
    if game.rule().is_nim() {
        // Nim's values are its heaps: nothing to compute (`HeapGame::values_for`).
        return Ok(game);
    }
    check_reference_work(&game, largest, "heap").map_err(WorkEnd::Refused)?;
    let rule = game.rule().clone();
    let name = game.name().to_string();
    let too_large = |why: String| {
        WorkEnd::Refused(format!(
            "heap {largest} is too large for {name}: {why}, so the value of every smaller heap would be needed; at most {MAX_HEAP_WITHOUT_PERIOD}"
        ))
    };
    if largest > MAX_HEAP_WITHOUT_PERIOD && !rule.is_finite_octal() {
        return Err(too_large(
            "its period cannot be proven (the Octal Periodicity Theorem needs finitely many digits below 8 and no condition on the parts)".to_string(),
        ));
    }
    let up_to = largest.min(MAX_HEAP_WITHOUT_PERIOD);
    let mut timed = WithDeadline {
        observer,
        deadline: Instant::now() + Duration::from_secs(HEAP_SECONDS),
        heaps_since_look: 0,
        timed_out: false,
    };
    let finished = game.with_values_to(up_to, &mut timed);
    let Some(game) = finished else {
        if !timed.timed_out {
            return Err(WorkEnd::Stopped);
        }
        return Err(WorkEnd::Refused(format!(
            "heap {largest} of {name} cannot be answered in reasonable time: the values of the smaller heaps were not finished within {HEAP_SECONDS} s (a `sequence` of {rule} with `to` {largest} computes them with progress, and keeps what is done when stopped)"
        )));
    };
    if largest > MAX_HEAP_WITHOUT_PERIOD && !game.has_proven_period() {
        return Err(too_large(format!(
            "no period is proven by heap {MAX_HEAP_WITHOUT_PERIOD}"
        )));
    }
    Ok(game)
}
