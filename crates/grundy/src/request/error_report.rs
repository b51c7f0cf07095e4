//! A [`RunError`] as it crosses from one process to another: its kind, its message and the
//! exit status a command line ends with, serialised. `grundy worker` writes it for
//! `grundy serve`, which answers by the kind rather than guessing from an exit status.
//!
//! ```
//! use grundy::request::{ErrorKind, ErrorReport, RunError};
//!
//! let report = ErrorReport::of(&RunError::Input("board size `0x5` is malformed".into()));
//! assert_eq!(report.kind, ErrorKind::Input);
//! assert_eq!(report.status, 2);
//! let line = serde_json::to_string(&report).unwrap();
//! assert_eq!(line, r#"{"kind":"input","message":"board size `0x5` is malformed","status":2}"#);
//! assert_eq!(serde_json::from_str::<ErrorReport>(&line).unwrap(), report);
//! ```

use serde::{Deserialize, Serialize};

use super::RunError;

/// What kind of error a request met: what a front end tells its user (a message to fix the
/// input, a search that found nothing, a stop), written as JSON in snake case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The request cannot be answered as asked ([`RunError::Input`]): the user's to fix.
    Input,
    /// The answer cannot fit the room its limits give it ([`RunError::TooLarge`]): a request
    /// for less is answered.
    TooLarge,
    /// The records to resume from do not fit the search ([`RunError::Resume`]).
    Resume,
    /// The work was stopped before its answer ([`RunError::Stopped`]).
    Stopped,
    /// The work found no answer within its own bounds ([`RunError::Failed`]).
    Failed,
    /// The memory allowed ran out ([`RunError::OutOfMemory`]): a larger limit may answer.
    OutOfMemory,
}

/// The exit status of a stop (Ctrl-C, SIGTERM): 128 plus SIGINT's number, as shells give it.
pub const STOPPED_STATUS: u8 = 130;

impl ErrorKind {
    /// The exit status a command line ends with: 2 for what the user is to fix (the input,
    /// the memory allowed, the file resumed from), 1 for a search that found no answer,
    /// [`STOPPED_STATUS`] for a stop.
    #[must_use]
    pub const fn exit_status(self) -> u8 {
        match self {
            ErrorKind::Input | ErrorKind::TooLarge | ErrorKind::Resume | ErrorKind::OutOfMemory => {
                2
            }
            ErrorKind::Failed => 1,
            ErrorKind::Stopped => STOPPED_STATUS,
        }
    }

    /// The HTTP status a server answers with: 400 for what the user is to fix, 422 for an
    /// answer past the room it has and for a search that found no answer within its bounds
    /// (as for a stop at the server's time limit: the request is well formed, its answer
    /// is past a bound), 500 for a stop (a server answers the stops it asks for, its time
    /// limit or a page's cancel, itself: a stop it did not ask for is a failure like a
    /// crash).
    #[must_use]
    pub const fn http_status(self) -> u16 {
        match self {
            ErrorKind::Input | ErrorKind::Resume | ErrorKind::OutOfMemory => 400,
            ErrorKind::TooLarge | ErrorKind::Failed => 422,
            ErrorKind::Stopped => 500,
        }
    }
}

/// An error as one front end hands it to another: its kind, its message, its exit status.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorReport {
    /// What kind of error.
    pub kind: ErrorKind,
    /// The message for people, naming the bad value and the limit.
    pub message: String,
    /// [`ErrorKind::exit_status`].
    pub status: u8,
}

impl ErrorReport {
    /// The report of an error of `kind` saying `message`.
    #[must_use]
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ErrorReport {
        ErrorReport {
            kind,
            message: message.into(),
            status: kind.exit_status(),
        }
    }

    /// The report of `error`.
    #[must_use]
    pub fn of(error: &RunError) -> ErrorReport {
        ErrorReport::new(error.kind(), error.to_string())
    }
}

impl RunError {
    /// What kind of error this is.
    #[must_use]
    pub fn kind(&self) -> ErrorKind {
        match self {
            RunError::Input(_) => ErrorKind::Input,
            RunError::TooLarge(_) => ErrorKind::TooLarge,
            RunError::Resume(_) => ErrorKind::Resume,
            RunError::Stopped(_) => ErrorKind::Stopped,
            RunError::Failed(_) => ErrorKind::Failed,
            RunError::OutOfMemory { .. } => ErrorKind::OutOfMemory,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::Stopped;

    #[test]
    fn each_kind_has_the_status_the_command_line_ends_with() {
        let stopped = RunError::Stopped(Stopped::Nothing);
        let failed = RunError::Failed("no tour within 1000 nodes".into());
        let memory = RunError::OutOfMemory {
            message: "1 GiB ran out".into(),
            kept: Box::new(Stopped::Nothing),
        };
        assert_eq!(ErrorReport::of(&stopped).status, 130);
        assert_eq!(ErrorReport::of(&failed).status, 1);
        assert_eq!(ErrorReport::of(&memory).status, 2);
        assert_eq!(
            serde_json::to_string(&ErrorReport::of(&memory)).unwrap(),
            r#"{"kind":"out_of_memory","message":"1 GiB ran out","status":2}"#
        );
    }

    /// What the user is to fix is a bad request; a search that found nothing is a request
    /// that could not be processed; a stop a server did not ask for is its own failure.
    #[test]
    fn each_kind_has_the_http_status_a_server_answers_with() {
        for (kind, status) in [
            (ErrorKind::Input, 400),
            (ErrorKind::TooLarge, 422),
            (ErrorKind::Resume, 400),
            (ErrorKind::OutOfMemory, 400),
            (ErrorKind::Failed, 422),
            (ErrorKind::Stopped, 500),
        ] {
            assert_eq!(kind.http_status(), status, "{kind:?}");
        }
    }
}
