//! What one request may cost on a server that answers requests for others (`grundy serve`):
//! the numbers it enforces and tells its pages (`GET /api/limits`), as one typed answer.
//!
//! ```
//! use grundy::request::ServerLimits;
//!
//! let limits = ServerLimits::new(60, 1 << 30, 2);
//! assert_eq!(limits.memory, "1G");
//! assert!(limits.questions.starts_with("value, moves, outcome"));
//! let json = serde_json::to_string(&limits).unwrap();
//! assert!(json.starts_with(r#"{"body_seconds":10,"header_seconds":10,"jobs":2,"#));
//! ```

use serde::{Deserialize, Serialize};

use crate::board::MAX_SQUARES;
use crate::games::registry::MAX_CORNER;

use super::{memory_text, Request, RunError, MAX_DRAWN_VERTICES, QUESTIONS};

/// What one request may cost on a server, and how the server bounds its connections and the
/// jobs it keeps. The fields are in alphabetical order: the keys of `/api/limits` as it has
/// always written them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerLimits {
    /// [`ServerLimits::BODY_SECONDS`].
    pub body_seconds: u64,
    /// [`ServerLimits::HEADER_SECONDS`].
    pub header_seconds: u64,
    /// Requests answered at once; more wait for a free slot.
    pub jobs: usize,
    /// The most squares of a board the library takes (22x22 the largest square board): a
    /// page checks a board typed against it before drawing one square of it.
    pub max_board_squares: usize,
    /// [`ServerLimits::MAX_BODY_BYTES`].
    pub max_body_bytes: usize,
    /// [`ServerLimits::MAX_CONNECTIONS`].
    pub max_connections: usize,
    /// The largest coordinate of a corner game's piece the library takes
    /// ([`MAX_CORNER`]): a page checks a square typed against it before drawing the grid.
    pub max_corner_coordinate: usize,
    /// The most vertices of a graph drawn in an answer ([`MAX_DRAWN_VERTICES`]).
    pub max_drawn_vertices: usize,
    /// [`ServerLimits::MAX_JOBS_KEPT`].
    pub max_jobs_kept: usize,
    /// [`ServerLimits::MAX_JOBS_WAITING`].
    pub max_jobs_waiting: usize,
    /// [`ServerLimits::MAX_KEPT_ANSWER_BYTES`].
    pub max_kept_answer_bytes: usize,
    /// Seconds a request may run before it is stopped.
    pub max_seconds: u64,
    /// [`ServerLimits::memory_bytes`] as people write it (`1G`).
    pub memory: String,
    /// Bytes of transposition table a request may ask for (its `limits.memory`), and what one
    /// that does not ask gets.
    pub memory_bytes: u64,
    /// The questions a request may ask ([`QUESTIONS`]), separated by commas.
    pub questions: String,
    /// [`ServerLimits::WRITE_SECONDS`].
    pub write_seconds: u64,
}

impl ServerLimits {
    /// The largest request body read.
    pub const MAX_BODY_BYTES: usize = 64 << 10;
    /// How long a client may take to send a request's body once its headers are in.
    pub const BODY_SECONDS: u64 = 10;
    /// How long a client may take to send a request's headers, from the moment the connection
    /// is ready for one (so an idle connection is closed after it too).
    pub const HEADER_SECONDS: u64 = 10;
    /// How long a write to a client may wait without progress: a client that stops reading
    /// its answers (and asks for more) is cut off then, instead of holding its connection and
    /// the answers' memory for ever.
    pub const WRITE_SECONDS: u64 = 10;
    /// The most connections open at once; more are closed as soon as they are accepted, so
    /// that clients holding connections open cannot use up the server's files and memory.
    pub const MAX_CONNECTIONS: usize = 256;
    /// The largest answer returned: far more than any report a page draws (a 500x500 tour is
    /// about 3 MB of JSON).
    pub const MAX_ANSWER_BYTES: usize = 32 << 20;
    /// Jobs kept at most (finished ones are forgotten first, oldest first).
    pub const MAX_JOBS_KEPT: usize = 64;
    /// Jobs waiting for a free slot at most; more are refused until some finish.
    pub const MAX_JOBS_WAITING: usize = 16;
    /// The most bytes of answers kept for all the jobs together: past it the oldest finished
    /// jobs are forgotten first.
    pub const MAX_KEPT_ANSWER_BYTES: usize = 128 << 20;

    /// The limits of a server that stops a request after `max_seconds`, gives it at most
    /// `memory_bytes` of table and answers `jobs` at once.
    #[must_use]
    pub fn new(max_seconds: u64, memory_bytes: u64, jobs: usize) -> ServerLimits {
        ServerLimits {
            body_seconds: ServerLimits::BODY_SECONDS,
            header_seconds: ServerLimits::HEADER_SECONDS,
            jobs,
            max_board_squares: MAX_SQUARES,
            max_body_bytes: ServerLimits::MAX_BODY_BYTES,
            max_connections: ServerLimits::MAX_CONNECTIONS,
            max_corner_coordinate: MAX_CORNER,
            max_drawn_vertices: MAX_DRAWN_VERTICES,
            max_jobs_kept: ServerLimits::MAX_JOBS_KEPT,
            max_jobs_waiting: ServerLimits::MAX_JOBS_WAITING,
            max_kept_answer_bytes: ServerLimits::MAX_KEPT_ANSWER_BYTES,
            max_seconds,
            memory: memory_text(memory_bytes),
            memory_bytes,
            questions: QUESTIONS.join(", "),
            write_seconds: ServerLimits::WRITE_SECONDS,
        }
    }

    /// Bounds `request` by the server's memory and the largest answer it returns (less the
    /// newline a worker ends its answer with), on the parsed request before anything runs.
    ///
    /// # Errors
    /// [`RunError::TooLarge`] when the answer could not fit those bounds
    /// ([`Request::check_answer_room`]): refused at once, rather than by the worker after
    /// starting.
    pub fn bound(&self, request: &mut Request) -> Result<(), RunError> {
        request.bound_memory(self.memory_bytes);
        request.bound_answer(ServerLimits::MAX_ANSWER_BYTES as u64 - 1);
        request.check_answer_room()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answer docs/WEB.md shows for `grundy serve`'s defaults, byte for byte.
    #[test]
    fn the_limits_of_a_default_server_are_written_as_web_md_shows_them() {
        let json = serde_json::to_string(&ServerLimits::new(60, 1 << 30, 2)).unwrap();
        assert_eq!(
            json,
            r#"{"body_seconds":10,"header_seconds":10,"jobs":2,"max_board_squares":512,"max_body_bytes":65536,"max_connections":256,"max_corner_coordinate":5000,"max_drawn_vertices":144,"max_jobs_kept":64,"max_jobs_waiting":16,"max_kept_answer_bytes":134217728,"max_seconds":60,"memory":"1G","memory_bytes":1073741824,"questions":"value, moves, outcome, play, table, sequence, quotient, tour, tour_exists, tour_count, tour_verify, graph, conjecture, check","write_seconds":10}"#
        );
        assert_eq!(
            serde_json::from_str::<ServerLimits>(&json).unwrap(),
            ServerLimits::new(60, 1 << 30, 2)
        );
    }

    #[test]
    fn a_request_is_bounded_by_the_servers_memory_and_answer() {
        let limits = ServerLimits::new(60, 1 << 30, 2);
        let mut request: Request = serde_json::from_str(
            r#"{"question":"value","game":"kayles 5","limits":{"memory":4294967296}}"#,
        )
        .unwrap();
        limits.bound(&mut request).unwrap();
        let bounded = request.limits().unwrap();
        assert_eq!(bounded.memory, 1 << 30);
        assert_eq!(bounded.answer_bytes, Some((32 << 20) - 1));
        let mut huge: Request =
            serde_json::from_str(r#"{"question":"sequence","game":"kayles","to":100000000}"#)
                .unwrap();
        let refused = limits.bound(&mut huge).unwrap_err().to_string();
        assert!(refused.contains("ask for less"), "{refused}");
    }
}
