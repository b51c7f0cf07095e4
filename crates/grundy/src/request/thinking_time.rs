//! A request's time to think (`seconds`): how long a search may go on before the answer is
//! given from what it knows then. The computer's move (`play`) and the moves of a position
//! (`moves`) take one; a stop of the watch still ends the work at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use serde::{Deserialize, Deserializer};

use crate::watch::Watch;

/// The longest thinking time a request may give: about 32 years, as the Python package's
/// `seconds=` allows.
pub const MAX_THINKING_SECONDS: f64 = 1e9;

/// A request's `seconds`, refused unless a number of seconds from 0 to
/// [`MAX_THINKING_SECONDS`] (a duration is made of it).
pub(super) fn deserialize<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<f64>, D::Error> {
    let seconds = Option::<f64>::deserialize(deserializer)?;
    check(seconds).map_err(serde::de::Error::custom)
}

/// `seconds`, or why it is not a thinking time: a request built in Rust, not read from JSON,
/// is checked with this.
pub(super) fn check(seconds: Option<f64>) -> Result<Option<f64>, String> {
    match seconds {
        Some(seconds) if !(0.0..=MAX_THINKING_SECONDS).contains(&seconds) => Err(format!(
            "seconds {}: expected a thinking time from 0 to {MAX_THINKING_SECONDS:e} seconds",
            shown(seconds)
        )),
        _ => Ok(seconds),
    }
}

/// A number of seconds as people read it: `1e308`, not its 309 digits.
fn shown(seconds: f64) -> String {
    if seconds.is_finite() && seconds.abs() < 1e9 {
        format!("{seconds}")
    } else {
        format!("{seconds:e}")
    }
}

/// Runs `think` with a stop flag raised when the watch stops or, with a thinking time, when it
/// runs out: a timer thread raises it, looking at the watch between slices of the time, and
/// ends as soon as `think` returns. `think` tells the two apart by asking the watch.
pub(super) fn within<T>(
    seconds: Option<f64>,
    watch: &Watch,
    think: impl FnOnce(&Arc<AtomicBool>) -> T,
) -> T {
    let Some(seconds) = seconds else {
        return think(watch.stop_flag());
    };
    // How soon a stop of the watch reaches a search that looks only at this flag.
    const SLICE: Duration = Duration::from_millis(50);
    let deadline = Instant::now().checked_add(Duration::from_secs_f64(seconds));
    let stop = Arc::new(AtomicBool::new(false));
    let (finished, wait) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let raise = Arc::clone(&stop);
        let watch_stopped = Arc::clone(watch.stop_flag());
        scope.spawn(move || loop {
            let left = deadline.map_or(SLICE, |deadline| {
                deadline.saturating_duration_since(Instant::now())
            });
            if left.is_zero() || watch_stopped.load(Ordering::Relaxed) {
                raise.store(true, Ordering::Relaxed);
                return;
            }
            if wait.recv_timeout(left.min(SLICE)) != Err(mpsc::RecvTimeoutError::Timeout) {
                return;
            }
        });
        let answer = think(&stop);
        drop(finished);
        answer
    })
}
