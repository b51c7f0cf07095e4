//! Progress passed on at most so often for each kind of event, without losing the last: a
//! front end that writes a line (or redraws a bar) per event would be flooded by a search's
//! threads, and one that drops the events between its lines could stop at stale counts.

use std::time::Duration;

use super::ProgressEvent;

/// Decides which [`ProgressEvent`]s to pass on: at most one of each kind per interval, an
/// event that comes sooner held back (the newest of its kind replacing an older one) until
/// [`ProgressThrottle::due`] hands it on. Times are what the caller's clock says since the
/// work began, so the decisions can be tested without waiting.
#[derive(Debug)]
pub struct ProgressThrottle {
    interval: Duration,
    kinds: Vec<KindPassed>,
}

/// When an event of one kind was passed on last, and the newest one held back.
#[derive(Debug)]
struct KindPassed {
    kind: &'static str,
    passed: Duration,
    held: Option<ProgressEvent>,
}

impl ProgressThrottle {
    /// A throttle passing on an event of each kind at most every `interval`.
    #[must_use]
    pub const fn new(interval: Duration) -> ProgressThrottle {
        ProgressThrottle {
            interval,
            kinds: Vec::new(),
        }
    }

    /// `event`, sent at `now`, when it is to be passed on at once; otherwise it is held back
    /// until [`ProgressThrottle::due`] (replacing any event of its kind held before).
    pub fn offer(&mut self, event: ProgressEvent, now: Duration) -> Option<ProgressEvent> {
        let kind = event.kind();
        match self.kinds.iter_mut().find(|kept| kept.kind == kind) {
            Some(kept) if now < kept.passed + self.interval => {
                kept.held = Some(event);
                None
            }
            Some(kept) => {
                kept.passed = now;
                kept.held = None;
                Some(event)
            }
            None => {
                self.kinds.push(KindPassed {
                    kind,
                    passed: now,
                    held: None,
                });
                Some(event)
            }
        }
    }

    /// The events held back whose interval is over at `now`, to be passed on now: without a
    /// call every interval, the last counts of a kind would wait for its next event (eight
    /// small table cells finished within the interval, then a board that takes minutes, must
    /// not leave the front end saying no cell is finished).
    pub fn due(&mut self, now: Duration) -> Vec<ProgressEvent> {
        let interval = self.interval;
        self.kinds
            .iter_mut()
            .filter(|kept| now >= kept.passed + interval)
            .filter_map(|kept| {
                let event = kept.held.take()?;
                kept.passed = now;
                Some(event)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(done: u64) -> ProgressEvent {
        ProgressEvent::Steps {
            task: "cells".to_string(),
            done,
            total: 9,
        }
    }

    fn searched(positions: u64) -> ProgressEvent {
        ProgressEvent::Searched {
            positions,
            table_bytes: 0,
        }
    }

    #[test]
    fn one_event_of_each_kind_passes_per_interval_and_the_newest_held_follows() {
        let at = Duration::from_millis;
        let mut throttle = ProgressThrottle::new(at(250));
        assert_eq!(throttle.offer(steps(1), at(0)), Some(steps(1)));
        // Another kind has its own interval.
        assert_eq!(throttle.offer(searched(5), at(10)), Some(searched(5)));
        assert_eq!(throttle.offer(steps(2), at(100)), None);
        assert_eq!(throttle.offer(steps(3), at(200)), None);
        assert!(throttle.due(at(240)).is_empty());
        // The newest held back, once its interval is over; nothing held after it.
        assert_eq!(throttle.due(at(260)), [steps(3)]);
        assert!(throttle.due(at(600)).is_empty());
        assert_eq!(throttle.offer(steps(4), at(400)), None);
        assert_eq!(throttle.offer(steps(5), at(600)), Some(steps(5)));
        assert!(throttle.due(at(1000)).is_empty());
    }
}
