//! Progress for people: what a front end writes beside its bar, or on a line of a log, for a
//! [`ProgressEvent`]. The front end keeps the bars and the writes; the words are the same in
//! every one.

use super::{GroupSearched, ProgressEvent};
use crate::values::Nimber;

impl ProgressEvent {
    /// The label of the bar counting this event's steps: `first moves settled` (`moves to
    /// value *2: first moves settled` in a nim-value search, which asks value after value),
    /// the task of counted steps, `counting`, `squares` or `restarts`; empty for an event
    /// counting no steps.
    #[must_use]
    pub fn bar_label(&self) -> String {
        match self {
            ProgressEvent::FirstMoves {
                value: Some(value), ..
            } => format!(
                "moves to value {}: first moves settled",
                Nimber::new(*value)
            ),
            ProgressEvent::FirstMoves { value: None, .. } => "first moves settled".to_string(),
            ProgressEvent::Steps { task, .. } => task.clone(),
            ProgressEvent::TourCount { .. } => "counting".to_string(),
            ProgressEvent::Frontier { .. } => "squares".to_string(),
            ProgressEvent::Restarts { .. } => "restarts".to_string(),
            ProgressEvent::Searched { .. } | ProgressEvent::QuotientTrial { .. } => String::new(),
        }
    }

    /// The words beside the bar, the work having run `seconds` (for its rate): positions
    /// searched and the table's size, the groups of first moves being searched, nodes,
    /// frontier states, restarts settled, a quotient's candidate; empty for counted steps.
    #[must_use]
    pub fn bar_message(&self, seconds: f64) -> String {
        let rate = |count: u64| count as f64 / seconds.max(1e-9);
        match self {
            ProgressEvent::Searched {
                positions,
                table_bytes,
            } => format!(
                "{positions} positions searched ({:.0}/s), table {} MiB",
                rate(*positions),
                table_bytes >> 20
            ),
            ProgressEvent::FirstMoves {
                value,
                positions,
                searching,
                ..
            } => format!(
                "{positions} positions ({:.0}/s){}",
                rate(*positions),
                searching_text(searching, value.is_some())
            ),
            ProgressEvent::Steps { .. } => String::new(),
            ProgressEvent::TourCount { nodes, .. } => format!("{nodes} nodes searched"),
            ProgressEvent::Frontier { states, .. } => format!("{states} frontier states"),
            ProgressEvent::Restarts {
                settled,
                single_cycle,
                ..
            } => format!("{settled} settled, {single_cycle} a single cycle"),
            ProgressEvent::QuotientTrial {
                heap,
                trial,
                elements,
                limit,
            } => format!(
                "heap {heap}: trial {trial}, a candidate of {elements} elements (at most {limit})"
            ),
        }
    }

    /// A line of progress for a log, where no bar is drawn, the work having run `seconds`:
    /// what is done of what, and the words beside the bar (`counting: 3 of 8 done, 1234
    /// nodes searched`).
    #[must_use]
    pub fn log_line(&self, seconds: f64) -> String {
        match self {
            ProgressEvent::Searched {
                positions,
                table_bytes,
            } => format!(
                "{positions} positions searched, table {} MiB",
                table_bytes >> 20
            ),
            ProgressEvent::FirstMoves {
                value, done, total, ..
            } => {
                let asking = value.map_or(String::new(), |value| {
                    format!("moves to value {}: ", Nimber::new(value))
                });
                format!(
                    "{asking}{done} of {total} first moves settled, {}",
                    self.bar_message(seconds)
                )
            }
            ProgressEvent::Steps { task, done, total } => format!("{task}: {done} of {total} done"),
            ProgressEvent::TourCount { .. }
            | ProgressEvent::Frontier { .. }
            | ProgressEvent::Restarts { .. } => {
                let (done, total) = self.steps().unwrap_or_default();
                format!(
                    "{}: {done} of {total} done, {}",
                    self.bar_label(),
                    self.bar_message(seconds)
                )
            }
            ProgressEvent::QuotientTrial { .. } => self.bar_message(seconds),
        }
    }
}

/// The groups of first moves being searched, for a line of progress: `; searching a1 for *2
/// (41 min), b1 for 0 (12 s)` (`for ...` only in a nim-value search, whose questions differ),
/// or nothing when no thread is on one.
fn searching_text(searching: &[GroupSearched], values: bool) -> String {
    let groups: Vec<String> = searching
        .iter()
        .map(|group| {
            let asked = if values {
                format!(" for {}", Nimber::new(group.asked))
            } else {
                String::new()
            };
            format!("{}{asked} ({})", group.first_move, span(group.seconds))
        })
        .collect();
    if groups.is_empty() {
        String::new()
    } else {
        format!("; searching {}", groups.join(", "))
    }
}

/// A length of time for people: `12 s`, `41 min`, `3 h 05 min`.
fn span(seconds: f64) -> String {
    let seconds = seconds.max(0.0).round() as u64;
    match seconds {
        0..120 => format!("{seconds} s"),
        120..7_200 => format!("{} min", seconds / 60),
        _ => format!("{} h {:02} min", seconds / 3_600, seconds / 60 % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_progress_names_the_groups_being_searched() {
        let group = |first_move: &str, asked, seconds| GroupSearched {
            first_move: first_move.to_string(),
            asked,
            seconds,
        };
        let searching = [group("a1", 2, 2_470.0), group("b1", 0, 11.6)];
        assert_eq!(
            searching_text(&searching, true),
            "; searching a1 for *2 (41 min), b1 for 0 (12 s)"
        );
        assert_eq!(
            searching_text(&searching, false),
            "; searching a1 (41 min), b1 (12 s)"
        );
        assert_eq!(searching_text(&[], true), "");
        assert_eq!(span(119.4), "119 s");
        assert_eq!(span(7_199.0), "119 min");
        assert_eq!(span(11_100.0), "3 h 05 min");
    }

    #[test]
    fn a_log_line_of_counted_steps_says_how_many_are_done() {
        let count = ProgressEvent::TourCount {
            done: 3,
            total: 8,
            nodes: 1_234,
        };
        assert_eq!(count.steps(), Some((3, 8)));
        assert_eq!(
            count.log_line(1.0),
            "counting: 3 of 8 done, 1234 nodes searched"
        );
        let restarts = ProgressEvent::Restarts {
            done: 2,
            total: 10,
            settled: 1,
            single_cycle: 0,
        };
        assert_eq!(
            restarts.log_line(1.0),
            "restarts: 2 of 10 done, 1 settled, 0 a single cycle"
        );
    }

    #[test]
    fn a_search_of_first_moves_says_which_value_it_asks_about() {
        let progress = ProgressEvent::FirstMoves {
            value: Some(2),
            done: 3,
            total: 10,
            positions: 500,
            searching: Vec::new(),
        };
        assert_eq!(
            progress.bar_label(),
            "moves to value *2: first moves settled"
        );
        assert_eq!(progress.bar_message(2.0), "500 positions (250/s)");
        assert_eq!(
            progress.log_line(2.0),
            "moves to value *2: 3 of 10 first moves settled, 500 positions (250/s)"
        );
    }
}
