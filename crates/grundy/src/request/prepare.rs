//! The bounds of the games answered from a table or a nim-sequence rather than by search: a
//! heap game's sequence must reach the largest heap, a corner game's table the piece's square.
//! Each is checked, or computed under the watch, before anything large is allocated.

use crate::games::heap::Heaps;
use std::time::{Duration, Instant};

use super::RunError;
use crate::games::heap::HeapGame;
use crate::games::sum::Summand;
use crate::watch::{SequenceWatch, Watch};

pub use crate::games::move_list::LIST_LIMIT;

pub use crate::games::corner::{MAX_CORNER_BYTES, MAX_CORNER_SEARCH};

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
/// [`RunError::Input`] naming the heap and the limit.
pub fn check_reference_work(game: &HeapGame, largest: usize, what: &str) -> Result<(), RunError> {
    let rule = game.rule();
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
    Err(RunError::input(format!(
        "{what} {largest} is too large for {}: its values are found by trying every move of every smaller heap (about {:.1e} moves, at most {MAX_REFERENCE_WORK:.0e}), so at most {within} for this game",
        game.name(),
        rule.reference_work(largest)
    )))
}

/// The game with its nim-sequence computed as far as `largest` needs, or an error naming the
/// limit when that cannot finish: past [`MAX_HEAP_WITHOUT_PERIOD`] only a period proven by
/// then lets the value be read off, and the computation is given [`HEAP_SECONDS`].
pub(super) fn with_values_for(
    game: HeapGame,
    largest: usize,
    watch: &Watch,
) -> Result<HeapGame, RunError> {
    check_reference_work(&game, largest, "heap")?;
    let rule = game.rule().clone();
    let name = game.name().to_string();
    let too_large = |why: String| {
        RunError::input(format!(
            "heap {largest} is too large for {name}: {why}, so the value of every smaller heap would be needed; at most {MAX_HEAP_WITHOUT_PERIOD}"
        ))
    };
    if largest > MAX_HEAP_WITHOUT_PERIOD && !rule.is_finite_octal() {
        return Err(too_large(
            "its period cannot be proven (the Octal Periodicity Theorem needs finitely many digits below 8 and no condition on the parts)".to_string(),
        ));
    }
    let up_to = largest.min(MAX_HEAP_WITHOUT_PERIOD);
    let mut observer = SequenceWatch {
        watch,
        task: format!("{name} values"),
        deadline: Some(Instant::now() + Duration::from_secs(HEAP_SECONDS)),
        heaps_since_look: 0,
        timed_out: false,
    };
    let finished = game.with_values_to(up_to, &mut observer);
    let Some(game) = finished else {
        if !observer.timed_out {
            return Err(RunError::Stopped(super::Stopped::Nothing));
        }
        return Err(RunError::input(format!(
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

/// `summand` ready to be valued: a heap game with its nim-sequence computed far enough.
pub(super) fn prepare(summand: &Summand, watch: &Watch) -> Result<Summand, RunError> {
    let mut prepared = summand.clone();
    if let Some(Heaps { game, heaps }) = prepared.as_heaps_mut() {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        *game = with_values_for(game.clone(), largest, watch)?;
    }
    Ok(prepared)
}
