//! A request's time to think (`seconds`): how long a search may go on before the answer is
//! given from what it knows then. The computer's move (`play`) and the moves of a position
//! (`moves`) take one; a stop of the watch still ends the work at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

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
            "seconds {seconds}: expected a thinking time from 0 to {MAX_THINKING_SECONDS:e} seconds"
        )),
        _ => Ok(seconds),
    }
}

/// Runs `think` with a stop flag raised when the watch stops or, with a thinking time, when it
/// runs out (a timer thread raises it; it ends as soon as `think` returns). The searches also
/// halt on the watch's own flag, which their solver observes: `think` tells the two apart by
/// asking the watch.
pub(super) fn within<T>(
    seconds: Option<f64>,
    watch: &Watch,
    think: impl FnOnce(&Arc<AtomicBool>) -> T,
) -> T {
    let Some(seconds) = seconds else {
        return think(watch.stop_flag());
    };
    let out_of_time = Arc::new(AtomicBool::new(false));
    let (finished, wait) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let raise = Arc::clone(&out_of_time);
        scope.spawn(move || {
            if wait.recv_timeout(Duration::from_secs_f64(seconds))
                == Err(mpsc::RecvTimeoutError::Timeout)
            {
                raise.store(true, Ordering::Relaxed);
            }
        });
        let answer = think(&out_of_time);
        drop(finished);
        answer
    })
}
