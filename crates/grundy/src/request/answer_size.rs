//! The room an answer takes written whole, as JSON: what the worker, the server, Python and
//! `--json` hand on. Most answers are a few hundred bytes, but a sequence lists every heap
//! asked for, a tour every square and a table every cell, so the request alone can ask for
//! gigabytes. The least an answer can take is known from the request before anything runs
//! ([`Request::check_answer_room`]); the exact size is counted once it is made
//! ([`check_written_size`]), without writing it. [`super::run`] does both, so every front
//! end gets the same bounds and the same messages.

use serde::Serialize;

use super::{Limits, Request, RunError};
use crate::limits::size_text;
use crate::tour::existence;
use crate::tour::TourBoard;

/// The fewest bytes a value listed in JSON takes: a digit and a comma.
pub const LEAST_JSON_BYTES_PER_VALUE: u64 = 2;

/// What a table's report holds for each cell beside its JSON: the nim-value (`Option<u32>`,
/// 8 bytes) and the row of the cell's other facts.
const TABLE_BYTES_PER_CELL: u64 = 8;

/// What a tour holds for each square beside its JSON: the square's number in the path.
const TOUR_BYTES_PER_SQUARE: u64 = 4;

/// What an answer needs before its work is done: the least bytes of its JSON, and the least
/// memory it holds beside them while it is written.
struct AnswerNeeds {
    /// What the answer lists, for the message: `100000001 values (heaps 0 to 100000000)`.
    listing: String,
    /// The least bytes of its JSON.
    json: u64,
    /// The least bytes it holds beside its JSON.
    held: u64,
}

impl Request {
    /// What the answer needs at least, for the requests whose answers grow with what they
    /// ask: the others are a few kilobytes, bounded by their own limits.
    fn answer_needs(&self) -> Option<AnswerNeeds> {
        match self {
            // A windowed sequence lists its counts, not its values.
            Request::Sequence(request) if request.window.is_none() => {
                let values = (request.to as u64).saturating_add(1);
                Some(AnswerNeeds {
                    listing: format!("{values} values (heaps 0 to {})", request.to),
                    json: values.saturating_mul(LEAST_JSON_BYTES_PER_VALUE),
                    held: 0,
                })
            }
            Request::Tour(request) => {
                // A board the theorems give no tour answers in a few hundred bytes; a bad
                // start square is named by the tour's own check.
                let (board, closed) = (request.board, request.closed);
                let decided = match request.start.as_deref().map(|s| board.parse_square(s)) {
                    Some(Ok(first)) => existence::tour_from(board, closed, first),
                    Some(Err(_)) => return None,
                    None => Some(existence::tour_exists(board, closed)),
                };
                if decided.is_some_and(|existence| !existence.exists) {
                    return None;
                }
                let squares = board.squares() as u64;
                Some(AnswerNeeds {
                    listing: format!("the {squares} squares of a tour of {}", request.board),
                    json: path_json_bytes(request.board),
                    held: squares.saturating_mul(TOUR_BYTES_PER_SQUARE),
                })
            }
            Request::Table(request) => {
                let (rows, cols) = request.labels();
                let cells = (rows.len() as u64).saturating_mul(cols.len() as u64);
                Some(AnswerNeeds {
                    listing: format!(
                        "{cells} cells ({} rows by {} columns)",
                        rows.len(),
                        cols.len()
                    ),
                    json: cells.saturating_mul(LEAST_JSON_BYTES_PER_VALUE),
                    held: cells.saturating_mul(TABLE_BYTES_PER_CELL),
                })
            }
            _ => None,
        }
    }

    /// Refuses the request when its answer cannot fit its limits, before anything is
    /// computed or allocated: its JSON within [`Limits::answer_room`], and its JSON with
    /// what the answer holds within [`Limits::memory`].
    ///
    /// # Errors
    /// [`RunError::TooLarge`] naming what the answer lists, its least size and the limit.
    pub fn check_answer_room(&self) -> Result<(), RunError> {
        let (Some(limits), Some(needs)) = (self.limits(), self.answer_needs()) else {
            return Ok(());
        };
        let room = limits.answer_room();
        let whose = room_owner(limits);
        if needs.json > room {
            return Err(RunError::TooLarge(format!(
                "the answer would list {}, at least {} of JSON, more than the {} {whose}: ask for less{}",
                needs.listing,
                size_text(needs.json),
                size_text(room),
                more_memory_hint(limits),
            )));
        }
        let total = needs.json.saturating_add(needs.held);
        if total > limits.memory {
            return Err(RunError::TooLarge(format!(
                "the answer would list {}, at least {} of JSON beside the {} it holds, more than the {} of memory the request allows: ask for less or give more memory",
                needs.listing,
                size_text(needs.json),
                size_text(needs.held),
                size_text(limits.memory),
            )));
        }
        Ok(())
    }
}

/// Who sets the room an answer has, for messages.
fn room_owner(limits: &Limits) -> &'static str {
    match limits.answer_bytes {
        Some(cap) if cap < limits.memory => "an answer may take here",
        _ => "of memory the request allows",
    }
}

/// What to say after "ask for less": more memory helps only when the memory is the bound.
fn more_memory_hint(limits: &Limits) -> &'static str {
    match limits.answer_bytes {
        Some(cap) if cap < limits.memory => "",
        _ => " or give more memory",
    }
}

/// Refuses an answer made whose JSON would take more than its room
/// ([`Limits::answer_room`]), or more than the memory beside the `held` bytes the answer
/// keeps (a sequence's values computed): counted without writing it. [`super::run`] checks
/// every answer so; a front end that writes an answer it asked for by a question's own
/// function does the same.
///
/// # Errors
/// [`RunError::TooLarge`] naming the answer's size and the limit.
pub fn check_written_size<T: Serialize>(
    answer: &T,
    limits: &Limits,
    held: u64,
) -> Result<(), RunError> {
    let room = limits.answer_room();
    let bytes = json_bytes(answer);
    if bytes > room {
        return Err(RunError::TooLarge(format!(
            "the answer takes {} as JSON, more than the {} {}: ask for less{}",
            size_text(bytes),
            size_text(room),
            room_owner(limits),
            more_memory_hint(limits),
        )));
    }
    if bytes.saturating_add(held) > limits.memory {
        return Err(RunError::TooLarge(format!(
            "the answer takes {} as JSON beside the {} it holds, more than the {} of memory the request allows: ask for less or give more memory",
            size_text(bytes),
            size_text(held),
            size_text(limits.memory),
        )));
    }
    Ok(())
}

/// The bytes of `answer` written as JSON, counted without writing them.
#[must_use]
pub fn json_bytes<T: Serialize>(answer: &T) -> u64 {
    struct Counter(u64);
    impl std::io::Write for Counter {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len() as u64;
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut counter = Counter(0);
    // The answers hold only strings, numbers, booleans and lists of them: writing one to a
    // counter cannot fail.
    let _ = serde_json::to_writer(&mut counter, answer);
    counter.0
}

/// `answer` as one line of JSON ending in a newline, in a string made once at its size (a
/// string that doubles as it grows would need up to twice the answer's size).
#[must_use]
pub fn json_line<T: Serialize>(answer: &T) -> String {
    let size = usize::try_from(json_bytes(answer)).unwrap_or(0);
    let mut line = Vec::with_capacity(size + 1);
    // As in `json_bytes`: the answers always serialise.
    let _ = serde_json::to_writer(&mut line, answer);
    line.push(b'\n');
    // serde_json writes UTF-8.
    String::from_utf8(line).unwrap_or_default()
}

/// The bytes of the path of a tour of `board` in JSON: `[row,col]` and a comma for each
/// square, the rows and columns counted from 1.
fn path_json_bytes(board: TourBoard) -> u64 {
    let (rows, cols) = (u64::from(board.rows()), u64::from(board.cols()));
    let squares = rows * cols;
    // "[", ",", "]" and the comma after it: 4 bytes a square, then the digits.
    (squares * 4)
        .saturating_add(cols.saturating_mul(digits_from_one_to(rows)))
        .saturating_add(rows.saturating_mul(digits_from_one_to(cols)))
}

/// The digits of the numbers 1 to `last` written one after another.
fn digits_from_one_to(last: u64) -> u64 {
    let (mut total, mut width, mut first) = (0, 1, 1u64);
    while first <= last {
        let end = last.min(first.saturating_mul(10) - 1);
        total += (end - first + 1) * width;
        width += 1;
        first = first.saturating_mul(10);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::watch::Watch;

    fn request(json: &str) -> Request {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn the_digits_of_one_to_n_are_counted_as_written() {
        for last in [0u64, 1, 9, 10, 99, 100, 12345] {
            let written: u64 = (1..=last).map(|n| n.to_string().len() as u64).sum();
            assert_eq!(digits_from_one_to(last), written, "{last}");
        }
    }

    #[test]
    fn a_tour_path_takes_the_bytes_counted() {
        let answer = super::super::run(
            &request(r#"{"question":"tour","board":"12x11"}"#),
            &Watch::new(),
        )
        .unwrap();
        let json = serde_json::to_value(&answer).unwrap();
        let path = serde_json::to_string(&json["path"]).unwrap();
        // The count gives every square a comma after it; the list has none after the last
        // square and two brackets around all.
        let board: TourBoard = "12x11".parse().unwrap();
        assert_eq!(path_json_bytes(board) + 1, path.len() as u64);
    }

    #[test]
    fn answers_too_large_for_their_memory_are_refused_before_any_work() {
        for (json, said) in [
            (
                r#"{"question":"sequence","game":"kayles","to":99999999999}"#,
                "100000000000 values (heaps 0 to 99999999999)",
            ),
            (
                r#"{"question":"sequence","game":"kayles","to":1000000000}"#,
                "at least 1.9 GiB of JSON",
            ),
            (
                r#"{"question":"sequence","game":"kayles","to":300000000,"limits":{"memory":1048576}}"#,
                "more than the 1.0 MiB of memory the request allows",
            ),
            (
                r#"{"question":"tour","board":"10000x10000","limits":{"memory":268435456}}"#,
                "the 100000000 squares of a tour of 10000x10000",
            ),
            (
                r#"{"question":"table","game":"corner-knight","rows":"0-5000","cols":"0-5000","limits":{"memory":104857600}}"#,
                "25010001 cells (5001 rows by 5001 columns)",
            ),
        ] {
            let asked = request(json);
            let message = asked.check_answer_room().unwrap_err().to_string();
            assert!(message.contains(said), "{json}: {message}");
            // `run` refuses it too, with the same words, before it starts: a stopped watch
            // would otherwise answer "stopped".
            let watch = Watch::new();
            watch.stop();
            let refused = super::super::run(&asked, &watch).unwrap_err().to_string();
            assert_eq!(refused, message);
        }
    }

    /// A tour the theorems rule out is answered in a few hundred bytes, whatever the board.
    #[test]
    fn boards_without_a_tour_need_no_room_for_one() {
        for json in [
            r#"{"question":"tour","board":"3001x3001","closed":true}"#,
            r#"{"question":"tour","board":"1x100000000"}"#,
        ] {
            let mut asked = request(json);
            asked.bound_answer(32 << 20);
            assert!(asked.check_answer_room().is_ok(), "{json}");
            let answer = super::super::run(&asked, &Watch::new()).unwrap();
            assert!(json_bytes(&answer) < 1000, "{json}");
        }
        let sequence =
            request(r#"{"question":"sequence","game":"kayles","to":18446744073709551615}"#);
        assert!(sequence.check_answer_room().is_err());
    }

    #[test]
    fn a_cap_on_the_answer_refuses_what_the_memory_would_hold() {
        let mut asked = request(r#"{"question":"tour","board":"2000x2000"}"#);
        assert!(asked.check_answer_room().is_ok());
        asked.bound_answer(32 << 20);
        let message = asked.check_answer_room().unwrap_err().to_string();
        assert!(
            message.contains("more than the 32.0 MiB an answer may take here"),
            "{message}"
        );
        assert!(!message.contains("memory"), "{message}");
    }

    #[test]
    fn an_answer_within_the_least_size_but_over_its_room_is_refused_once_counted() {
        // 3000 values take at least 6000 bytes, and in fact more (two-digit values, a
        // period): 7000 bytes pass the first check and not the count.
        let mut asked = request(r#"{"question":"sequence","game":"grundys-game","to":2999}"#);
        asked.bound_answer(7000);
        assert!(asked.check_answer_room().is_ok());
        let message = super::super::run(&asked, &Watch::new())
            .unwrap_err()
            .to_string();
        assert!(message.contains("the answer takes"), "{message}");
        assert!(
            message.contains("6.8 KiB an answer may take here"),
            "{message}"
        );
    }

    #[test]
    fn a_line_of_json_is_the_answer_and_a_newline() {
        let answer = super::super::run(
            &request(r#"{"question":"sequence","game":"kayles","to":30}"#),
            &Watch::new(),
        )
        .unwrap();
        let line = json_line(&answer);
        assert_eq!(line, serde_json::to_string(&answer).unwrap() + "\n");
        assert_eq!(json_bytes(&answer) + 1, line.len() as u64);
        assert_eq!(line.capacity(), line.len());
    }
}
