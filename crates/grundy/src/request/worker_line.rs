//! The lines a worker writes beside its own words on stderr for the program that runs it
//! (`grundy serve` runs `grundy worker`): how far the work has come, and the error it met, as
//! the library's typed [`ProgressEvent`] and [`ErrorReport`]. Written and read here, so the
//! worker and the server cannot disagree on them.
//!
//! ```
//! use grundy::request::{ErrorKind, ErrorReport, WorkerLine};
//!
//! let line = WorkerLine::Error(ErrorReport::new(ErrorKind::Failed, "no tour")).to_line();
//! assert_eq!(line, r#"{"error":{"kind":"failed","message":"no tour","status":1}}"#);
//! assert!(matches!(WorkerLine::parse(&line), Some(WorkerLine::Error(_))));
//! assert_eq!(WorkerLine::parse("error: no tour"), None);
//! ```

use serde::{Deserialize, Serialize};

use super::ErrorReport;
use crate::watch::ProgressEvent;

/// A line of a worker's stderr that the program running it reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WorkerLine {
    /// How far the work has come: `{"progress":{"kind":"steps",...}}`.
    Progress(ProgressEvent),
    /// The error the work met: `{"error":{"kind":"input",...}}`, answered by its kind rather
    /// than by the worker's exit status.
    Error(ErrorReport),
}

impl WorkerLine {
    /// The line, without its newline, its keys in alphabetical order (as a JSON object of
    /// `serde_json` writes them).
    #[must_use]
    pub fn to_line(&self) -> String {
        serde_json::to_value(self)
            .expect("an event or an error of numbers and strings serialises")
            .to_string()
    }

    /// What `line` reports, when it is a progress or an error line; `None` for the worker's
    /// other words (a message for a terminal, a panic's backtrace) and for an event of a kind
    /// this library does not know.
    #[must_use]
    pub fn parse(line: &str) -> Option<WorkerLine> {
        if !line.starts_with("{\"progress\"") && !line.starts_with("{\"error\"") {
            return None;
        }
        serde_json::from_str(line).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::ErrorKind;
    use crate::watch::ProgressCounts;

    #[test]
    fn progress_lines_are_read_and_other_lines_are_not() {
        let line = r#"{"progress":{"kind":"first_moves","value":null,"done":3,"total":7,"positions":12,"searching":[]}}"#;
        let Some(WorkerLine::Progress(event)) = WorkerLine::parse(line) else {
            panic!("a progress line: {line}")
        };
        assert_eq!(
            ProgressCounts::of(&event),
            ProgressCounts {
                positions_searched: Some(12),
                first_moves_settled: Some(3),
                first_moves_total: Some(7),
                ..ProgressCounts::default()
            }
        );
        assert_eq!(
            WorkerLine::parse("error: board size `0x0` is malformed"),
            None
        );
        assert_eq!(
            WorkerLine::parse(r#"{"progress":{"kind":"unheard_of"}}"#),
            None
        );
    }

    #[test]
    fn a_line_written_is_read_back_as_it_was() {
        let steps = WorkerLine::Progress(ProgressEvent::Steps {
            task: "queens table".to_string(),
            done: 0,
            total: 64,
        });
        // The keys sorted, as the server has always been sent them.
        assert_eq!(
            steps.to_line(),
            r#"{"progress":{"done":0,"kind":"steps","task":"queens table","total":64}}"#
        );
        let error = WorkerLine::Error(ErrorReport::new(ErrorKind::Stopped, "interrupted"));
        for line in [steps, error] {
            assert_eq!(WorkerLine::parse(&line.to_line()), Some(line));
        }
    }
}
