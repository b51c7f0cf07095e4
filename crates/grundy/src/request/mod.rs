//! The questions every front end asks, as typed requests, and [`run`], which answers them.
//! The command line builds a [`Request`] from its arguments, a server deserialises one from
//! JSON (`{"question":"value","game":"knights 5x5"}`), the Python package from keyword
//! arguments; each renders the typed answer its own way. Limits (memory, threads) travel in
//! the request; progress and stopping go through one [`Watch`].
//!
//! ```
//! use grundy::request::{run, Answer, Request};
//! use grundy::watch::Watch;
//!
//! let request: Request = serde_json::from_str(r#"{"question":"value","game":"knights 5x5"}"#).unwrap();
//! let Answer::Game(report) = run(&request, &Watch::new()).unwrap() else { unreachable!() };
//! assert_eq!(report.nimber(), Some(1));
//! assert_eq!(report.winner().map(|winner| winner.as_str()), Some("first"));
//! ```

mod after;
mod answer_size;
mod error_report;
mod evaluator;
mod game_questions;
mod graph;
mod graph_text;

mod moves_in_time;
mod play;
mod play_request;
mod play_session;
mod prepare;
mod questions;
mod read;
mod server_limits;
mod table;
mod table_text;
mod thinking_time;
mod tour;
mod tour_text;
mod worker_line;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::games::computer::NoReply;
use crate::games::first_move_search::{FirstMoveEnd, ResumeError, RootReport};
use crate::games::game::Game;
use crate::games::game::GameError;
use crate::games::work_observer::WorkEnd;
use crate::misere::Convention;
use crate::report::{
    CheckReport, Command, ConjectureReport, GameReport, QuotientReport, TableReport,
    TourExistsReport, TourVerifyReport,
};
use crate::watch::Watch;

pub use crate::games::first_move_search::{
    coordinate_ranks, serve_rank, CheckpointError, CheckpointText, Goal, MessageKind, Ranks,
    RanksAnswer, RanksError, RanksObserver, RanksSearch, Refusal, ResumableSearch, Resume,
    SettledUnit, UnitBudget, UnitCounts, UnitResumeError, MAX_UNIT_TEXT_BYTES, RESUMABLE_GAMES,
};
pub use crate::games::registry::{check_game, CheckRequest};
pub use crate::games::registry::{
    parity_text, BoardRange, Conjecture, ConjectureRequest, PARITY_STATEMENT,
};
pub use crate::games::registry::{
    quotient_game, sequence_game, SequenceAnswer, SequenceRequest, BYTES_PER_COMPUTED_HEAP,
    BYTES_PER_PRINTED_VALUE, DEFAULT_SEQUENCE_TO, DEFAULT_SHOWN, MAX_SEQUENCE_HEAP, PERIOD_HORIZON,
};
pub use crate::games::registry::{BenchRequest, BENCH_CASES, MAX_DENSE_SIZE};
pub use crate::games::registry::{
    Kept, NotKept, StateKeeper, ValueCounts, WindowError, WindowedEnd, WindowedReport,
    WindowedRequest, WindowedRun, WindowedSequence, BYTES_PER_WINDOW_HEAP, DEFAULT_WINDOW,
    KEEP_EVERY, MARKS_AHEAD_BYTES, MAX_WINDOW, MIN_WINDOW,
};
pub use crate::games::registry::{QuotientRequest, MAX_QUOTIENT_HEAPS};
pub use crate::limits::{memory_text, parse_memory, Limits, DEFAULT_MEMORY, MAX_THREADS};
pub use after::game_after;
pub use answer_size::{check_written_size, json_bytes, json_line, LEAST_JSON_BYTES_PER_VALUE};
pub use error_report::{ErrorKind, ErrorReport, STOPPED_STATUS};
pub use graph::{graph, GraphAnswer, GraphRequest, MAX_DRAWN_VERTICES};
pub use graph_text::graph_text;
pub use play::{computer_name, ComputerTurn, NoStrategy, Opponent, PlayRequest};
pub use play_session::PlaySession;
pub use prepare::LIST_LIMIT;
pub use questions::{
    bench, check, computer_turn, conjecture, moves, outcome, play, quotient, sequence,
    sequence_in_window, table, value, windowed_request, windowed_sequence,
};
pub use read::{read_request, request_from_value};
pub use server_limits::ServerLimits;
pub use table::{TableGame, TableRequest};
pub use table_text::table_text;
pub use thinking_time::MAX_THINKING_SECONDS;
pub use tour::{
    tour, tour_count, tour_exists, tour_verify, FoundTour, TourAnswer, TourCountAnswer,
    TourCountRequest, TourExistsRequest, TourMethod, TourRequest, TourVerifyRequest,
    DEFAULT_SEARCH_NODES, FRONTIER_BYTES_PER_STATE, MAX_CLOSED_COUNT_LENGTH,
    MAX_CLOSED_COUNT_LENGTH_AT_SIX, MAX_CLOSED_COUNT_NARROW_SIDE, MAX_NEURAL_WORK,
    MAX_OPEN_COUNT_NARROW_SIDE, MAX_OPEN_COUNT_SQUARES, MAX_SEARCH_SQUARES,
};
pub use worker_line::WorkerLine;

/// The nim-value and outcome of a game.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "GameFields")]
pub struct ValueRequest {
    /// The game, in its position.
    pub game: Game,
    /// The text of the graph a `graph NAME` of the game stands for, when the request brought
    /// it (an edge list or DIMACS): a request names no file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graph: Option<String>,
    /// Normal or misère play.
    #[serde(default, skip_serializing_if = "is_normal")]
    pub convention: Convention,
    /// What the search may use.
    #[serde(default)]
    pub limits: Limits,
    /// A single placement game: what an earlier run of the same search left (a checkpoint).
    #[serde(skip)]
    pub resume: Resume,
}

/// Whether `convention` is normal play, which requests leave out when they are written.
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
fn is_normal(convention: &Convention) -> bool {
    *convention == Convention::Normal
}

/// The winning moves of a game, or every move with the value it leads to.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "MovesFields")]
pub struct MovesRequest {
    /// The game, in its position.
    pub game: Game,
    /// The text of the graph a `graph NAME` of the game stands for, as in [`ValueRequest`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graph: Option<String>,
    /// Every legal move, not only the winning ones.
    #[serde(default)]
    pub all: bool,
    /// Normal or misère play.
    #[serde(default, skip_serializing_if = "is_normal")]
    pub convention: Convention,
    /// What the search may use.
    #[serde(default)]
    pub limits: Limits,
    /// One placement game under normal play, any game under misère play: search at most this
    /// many seconds (0 to 1e9), then answer with what is settled
    /// ([`MovesPart::moves_unsettled`](crate::report::MovesPart::moves_unsettled) says how much is not). `None`: until every move is
    /// settled, or the watch stops the search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
}

impl MovesRequest {
    /// The winning moves of `game` under normal play within `limits`, with no graph text
    /// and no thinking time: the fields a front end then sets are public.
    #[must_use]
    pub fn new(game: Game, limits: Limits) -> MovesRequest {
        MovesRequest {
            game,
            graph: None,
            all: false,
            convention: Convention::Normal,
            limits,
            seconds: None,
        }
    }
}

/// A [`ValueRequest`] or an [`OutcomeRequest`] as JSON brings it: the game still text, read
/// with its graph. The two questions take the same fields.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameFields {
    game: String,
    #[serde(default)]
    graph: Option<String>,
    #[serde(default)]
    convention: Convention,
    #[serde(default)]
    limits: Limits,
}

impl TryFrom<GameFields> for ValueRequest {
    type Error = GameError;

    fn try_from(fields: GameFields) -> Result<ValueRequest, GameError> {
        Ok(ValueRequest {
            game: read_game(&fields.game, fields.graph.as_deref())?,
            graph: fields.graph,
            convention: fields.convention,
            limits: fields.limits,
            resume: Resume::default(),
        })
    }
}

impl TryFrom<GameFields> for OutcomeRequest {
    type Error = GameError;

    fn try_from(fields: GameFields) -> Result<OutcomeRequest, GameError> {
        ValueRequest::try_from(fields).map(OutcomeRequest::from)
    }
}

/// Who wins the game a value request asks about: the two questions take the same fields.
impl From<ValueRequest> for OutcomeRequest {
    fn from(request: ValueRequest) -> OutcomeRequest {
        let ValueRequest {
            game,
            graph,
            convention,
            limits,
            resume,
        } = request;
        OutcomeRequest {
            game,
            graph,
            convention,
            limits,
            resume,
        }
    }
}

/// A [`MovesRequest`] as JSON brings it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MovesFields {
    game: String,
    #[serde(default)]
    graph: Option<String>,
    #[serde(default)]
    all: bool,
    #[serde(default)]
    convention: Convention,
    #[serde(default)]
    limits: Limits,
    #[serde(default, deserialize_with = "thinking_time::deserialize")]
    seconds: Option<f64>,
}

impl TryFrom<MovesFields> for MovesRequest {
    type Error = GameError;

    fn try_from(fields: MovesFields) -> Result<MovesRequest, GameError> {
        Ok(MovesRequest {
            game: read_game(&fields.game, fields.graph.as_deref())?,
            graph: fields.graph,
            all: fields.all,
            convention: fields.convention,
            limits: fields.limits,
            seconds: fields.seconds,
        })
    }
}

/// Reads `text`, each `graph NAME` in it standing for the graph of `graph_text` (refused when
/// the request brought none).
pub fn read_game(text: &str, graph_text: Option<&str>) -> Result<Game, GameError> {
    let Some(graph_text) = graph_text else {
        return text.parse();
    };
    let mut named = false;
    let game = Game::parse_with(text, &mut |_| {
        named = true;
        crate::graph::parse_graph(graph_text, None).map_err(|error| {
            if error.line == 0 {
                format!("the graph sent: {}", error.problem)
            } else {
                format!("the graph sent, {error}")
            }
        })
    })?;
    if !named {
        return Err(GameError(format!(
            "the request sends a graph, but its game `{text}` plays on none: name it `graph NAME` (`graph sent`)"
        )));
    }
    Ok(game)
}

/// Who wins a placement game, and a winning first move, by outcome searches; under misère
/// play, who wins any game or sum.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "GameFields")]
pub struct OutcomeRequest {
    /// The game: one placement game, in its position (any game under misère play).
    pub game: Game,
    /// The text of the graph a `graph NAME` of the game stands for, as in [`ValueRequest`]
    /// (misère play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graph: Option<String>,
    /// Normal or misère play.
    #[serde(default, skip_serializing_if = "is_normal")]
    pub convention: Convention,
    /// What the search may use.
    #[serde(default)]
    pub limits: Limits,
    /// What an earlier run of the same search left (a checkpoint).
    #[serde(skip)]
    pub resume: Resume,
}

/// The questions a [`Request`] asks, as its JSON's `"question"` names them: the commands of
/// [`Command::ALL`] that are requests, in its order. What a front end lists (the server's
/// `/api/limits`, Python's functions), tested against the enum's own tags.
pub const QUESTIONS: [&str; 14] = questions_of(Command::ALL);

/// The questions of `commands`, in order; a count other than `N` fails the build.
const fn questions_of<const N: usize>(commands: [Command; 16]) -> [&'static str; N] {
    let mut questions = [""; N];
    let mut found = 0;
    let mut index = 0;
    while index < commands.len() {
        if let Some(question) = commands[index].question() {
            assert!(found < N, "more questions than QUESTIONS holds");
            questions[found] = question;
            found += 1;
        }
        index += 1;
    }
    assert!(found == N, "fewer questions than QUESTIONS holds");
    questions
}

/// A question, tagged by `"question"` in JSON.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "question", rename_all = "snake_case")]
pub enum Request {
    /// [`ValueRequest`].
    Value(ValueRequest),
    /// [`MovesRequest`].
    Moves(MovesRequest),
    /// [`OutcomeRequest`].
    Outcome(OutcomeRequest),
    /// [`PlayRequest`].
    Play(PlayRequest),
    /// [`TourRequest`].
    Tour(TourRequest),
    /// [`TourExistsRequest`].
    TourExists(TourExistsRequest),
    /// [`TourCountRequest`].
    TourCount(TourCountRequest),
    /// [`TourVerifyRequest`].
    TourVerify(TourVerifyRequest),
    /// [`GraphRequest`].
    Graph(GraphRequest),
    /// [`TableRequest`].
    Table(TableRequest),
    /// [`SequenceRequest`].
    Sequence(SequenceRequest),
    /// [`QuotientRequest`].
    Quotient(QuotientRequest),
    /// [`ConjectureRequest`].
    Conjecture(ConjectureRequest),
    /// [`CheckRequest`].
    Check(CheckRequest),
}

/// The answer to a [`Request`]: the report of its kind, serialised as the report itself (each
/// report names its command).
// One answer is made per request and moved once or twice: boxing the largest report would
// save nothing worth the indirection at every match.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// The answer of a value, moves, outcome or play request.
    Game(GameReport),
    /// A knight's tour, or why there is none.
    Tour(TourAnswer),
    /// Whether a knight's tour exists.
    TourExists(TourExistsReport),
    /// How many knight's tours there are.
    TourCount(TourCountAnswer),
    /// Whether a text holds a knight's tour.
    TourVerify(TourVerifyReport),
    /// The facts of an attack graph.
    Graph(GraphAnswer),
    /// The answer of a table request.
    Table(TableReport),
    /// The answer of a sequence request, serialised as its report.
    Sequence(SequenceAnswer),
    /// The answer of a sequence request with a window: counts, rare values, the last values.
    WindowedSequence(WindowedReport),
    /// The answer of a quotient request.
    Quotient(QuotientReport),
    /// A conjecture tested on a range of boards.
    Conjecture(ConjectureReport),
    /// The theorems of a corner game checked.
    Check(CheckReport),
}

/// Why a request has no answer.
#[derive(Debug, Error)]
pub enum RunError {
    /// The request asks for something that cannot be answered as asked: the message names
    /// the bad value and the limit.
    #[error("{0}")]
    Input(String),
    /// The answer cannot fit the room its limits give it: its JSON within
    /// [`Limits::answer_room`], or its JSON beside what it holds within the memory. The
    /// message names the answer's size and the limit: a request for less, or with more
    /// room, is answered.
    #[error("{0}")]
    TooLarge(String),
    /// The records to resume from contradict each other or the position.
    #[error(transparent)]
    Resume(#[from] ResumeError),
    /// The watch's flag stopped the work before it had an answer.
    #[error("stopped before the answer")]
    Stopped(Stopped),
    /// The work found no answer within bounds of its own: a search's node budget, a method
    /// that does not apply to the board, a count past what its numbers hold. The message says
    /// which.
    #[error("{0}")]
    Failed(String),
    /// The memory the request allows ran out before the answer: `message` says how far it
    /// reached, `kept` what was finished.
    #[error("{message}")]
    OutOfMemory {
        /// The memory allowed and what it held.
        message: String,
        /// What was finished (boxed: an error is moved often, a stop rarely).
        kept: Box<Stopped>,
    },
}

/// The line `event` adds to `search`'s checkpoint, newline included: a question settled, or
/// searched long without an answer; `None` for events a checkpoint does not keep.
#[must_use]
pub fn checkpoint_line(search: &ResumableSearch, event: &crate::watch::Event) -> Option<String> {
    use crate::watch::Event;
    match event {
        Event::Settled(record) => Some(search.settled_line(record)),
        Event::Tried(record) => Some(search.tried_line(record)),
        _ => None,
    }
}

impl From<WorkEnd> for RunError {
    fn from(end: WorkEnd) -> RunError {
        match end {
            WorkEnd::Refused(message) => RunError::Input(message),
            WorkEnd::Stopped => RunError::Stopped(Stopped::Nothing),
        }
    }
}

impl From<NoReply> for RunError {
    fn from(no_reply: NoReply) -> RunError {
        match no_reply {
            NoReply::Refused(why) => RunError::Input(why),
            NoReply::Stopped(found) => RunError::Stopped(Stopped::Described(found)),
        }
    }
}

/// The error of a first-move search's end; what a stopped search learnt is not kept here
/// (`game_questions::first_moves_ended` sends it to the watch first).
impl From<FirstMoveEnd> for RunError {
    fn from(end: FirstMoveEnd) -> RunError {
        match end {
            FirstMoveEnd::Stopped(report, _) => RunError::Stopped(Stopped::FirstMoves(*report)),
            FirstMoveEnd::Resume(error) => RunError::Resume(error),
        }
    }
}

/// What stopped work had done.
#[derive(Clone, Debug, PartialEq)]
pub enum Stopped {
    /// A first-move search: its groups and what it settled (told to the watch one by one).
    FirstMoves(RootReport),
    /// A frontier count, which has no partial count (its states hold partial tours): how many
    /// squares of how many it had processed.
    Frontier {
        /// Squares processed.
        square: usize,
        /// Squares in all.
        squares: usize,
    },
    /// A table: the cells finished, the others `None`.
    Table(Box<TableReport>),
    /// A nim-sequence: the values finished.
    Sequence(Box<SequenceAnswer>),
    /// A nim-sequence in a window: the report of the heaps finished.
    WindowedSequence(Box<WindowedReport>),
    /// A misère quotient: the quotient of the heaps finished.
    Quotient(Box<QuotientReport>),
    /// Work that keeps nothing.
    Nothing,
    /// Work whose state at the stop is said for people: how far a search for the computer's
    /// move came.
    Described(String),
}

impl Stopped {
    /// How far the work came before the stop, for people (`3 of 10 cells finished`); `None`
    /// when it kept nothing to tell.
    #[must_use]
    pub fn how_far(&self) -> Option<String> {
        Some(match self {
            Stopped::FirstMoves(report) => format!(
                "{} questions about the {} groups of first moves were settled",
                report.settled, report.groups
            ),
            Stopped::Frontier { square, squares } => format!(
                "{square} of {squares} squares processed, and a frontier count has no partial result"
            ),
            Stopped::Table(report) => format!(
                "{} of {} cells finished",
                report.finished_cells,
                report.rows.len() * report.cols.len()
            ),
            Stopped::Sequence(answer) => {
                let values = match answer.finished {
                    0 => "no value was finished".to_string(),
                    count => format!("the values of heaps 0 to {} were finished", count - 1),
                };
                // Under misère play the genera follow the values.
                format!("{values}{}", answer.genera_reached())
            }
            Stopped::WindowedSequence(report) => format!(
                "the heaps 0 to {} were finished",
                report.finished - 1
            ),
            Stopped::Quotient(report) => format!(
                "the quotient of heaps up to {} was finished",
                report.heaps
            ),
            Stopped::Described(how_far) => how_far.clone(),
            Stopped::Nothing => return None,
        })
    }

    /// What the work finished that is an answer in itself, marked as interrupted (a table's
    /// cells, a sequence's values, a quotient's heaps): what a front end prints or hands on
    /// after a stop.
    #[must_use]
    pub fn into_answer(self) -> Option<Answer> {
        match self {
            Stopped::Table(table) => Some(Answer::Table(*table)),
            Stopped::Sequence(sequence) => Some(Answer::Sequence(*sequence)),
            Stopped::WindowedSequence(report) => Some(Answer::WindowedSequence(*report)),
            Stopped::Quotient(quotient) => Some(Answer::Quotient(*quotient)),
            Stopped::FirstMoves(_)
            | Stopped::Frontier { .. }
            | Stopped::Nothing
            | Stopped::Described(_) => None,
        }
    }
}

impl RunError {
    pub(crate) fn input(message: impl std::fmt::Display) -> RunError {
        RunError::Input(message.to_string())
    }
}

impl Request {
    /// The limits the request runs within, when it has any.
    pub(super) fn limits(&self) -> Option<&Limits> {
        match self {
            Request::Value(request) => Some(&request.limits),
            Request::Moves(request) => Some(&request.limits),
            Request::Outcome(request) => Some(&request.limits),
            Request::Play(request) => Some(&request.limits),
            Request::TourCount(request) => Some(&request.limits),
            Request::Table(request) => Some(&request.limits),
            Request::Sequence(request) => Some(&request.limits),
            Request::Tour(request) => Some(&request.limits),
            // A graph and a conjecture are bounded by their states, a quotient by its largest
            // order and its verification's states, a check by its square (at most 100 MB);
            // the other questions' answers are a few kilobytes.
            Request::TourExists(_)
            | Request::TourVerify(_)
            | Request::Graph(_)
            | Request::Quotient(_)
            | Request::Conjecture(_)
            | Request::Check(_) => None,
        }
    }

    /// [`Request::limits`], to change.
    fn limits_mut(&mut self) -> Option<&mut Limits> {
        match self {
            Request::Value(request) => Some(&mut request.limits),
            Request::Moves(request) => Some(&mut request.limits),
            Request::Outcome(request) => Some(&mut request.limits),
            Request::Play(request) => Some(&mut request.limits),
            Request::TourCount(request) => Some(&mut request.limits),
            Request::Table(request) => Some(&mut request.limits),
            Request::Sequence(request) => Some(&mut request.limits),
            Request::Tour(request) => Some(&mut request.limits),
            Request::TourExists(_)
            | Request::TourVerify(_)
            | Request::Graph(_)
            | Request::Quotient(_)
            | Request::Conjecture(_)
            | Request::Check(_) => None,
        }
    }

    /// Bounds what the request may take to about `bytes` of memory: its tables' budget, and
    /// for a count of terminal positions (a graph's, a conjecture's) its states. A server applies its own bound
    /// this way, on the parsed request, before anything runs.
    pub fn bound_memory(&mut self, bytes: u64) {
        let states = crate::graph::terminal::TerminalLimit::states_in(bytes);
        match self {
            Request::Graph(request) => request.states = request.states.min(states),
            Request::Conjecture(request) => request.states = request.states.min(states),
            _ => {}
        }
        if let Some(limits) = self.limits_mut() {
            limits.memory = limits.memory.min(bytes);
        }
    }

    /// Caps the answer's JSON at `bytes` ([`Limits::answer_bytes`]): a server applies the
    /// most it sends this way, on the parsed request, so that an answer too large for it is
    /// refused before it is computed rather than after. Questions whose answers are a few
    /// kilobytes are left as they are.
    pub fn bound_answer(&mut self, bytes: u64) {
        if let Some(limits) = self.limits_mut() {
            limits.answer_bytes = Some(limits.answer_bytes.map_or(bytes, |cap| cap.min(bytes)));
        }
    }
}

/// Answers `request`, telling `watch` how it goes and stopping when its flag is raised. An
/// answer that could not fit its limits written as JSON is refused, before the work when the
/// request says so much, else once it is made ([`Request::check_answer_room`]).
///
/// # Errors
/// [`RunError`]: a request that cannot be answered within its limits, or a stop.
pub fn run(request: &Request, watch: &Watch) -> Result<Answer, RunError> {
    request.check_answer_room()?;
    let answer = match request {
        Request::Value(request) => value(request, watch).map(Answer::Game),
        Request::Moves(request) => moves(request, watch).map(Answer::Game),
        Request::Outcome(request) => outcome(request, watch).map(Answer::Game),
        Request::Play(request) => play(request, watch).map(Answer::Game),
        Request::Tour(request) => tour(request, watch).map(Answer::Tour),
        Request::TourExists(request) => tour_exists(request, watch).map(Answer::TourExists),
        Request::TourCount(request) => tour_count(request, watch).map(Answer::TourCount),
        Request::TourVerify(request) => tour_verify(request, watch).map(Answer::TourVerify),
        Request::Graph(request) => graph(request, watch).map(Answer::Graph),
        Request::Table(request) => table(request, watch).map(Answer::Table),
        Request::Sequence(request) if request.window.is_some() => {
            sequence_in_window(request, watch).map(Answer::WindowedSequence)
        }
        Request::Sequence(request) => sequence(request, watch).map(Answer::Sequence),
        Request::Quotient(request) => quotient(request, watch).map(Answer::Quotient),
        Request::Conjecture(request) => conjecture(request, watch).map(Answer::Conjecture),
        Request::Check(request) => check(request, watch).map(Answer::Check),
    }?;
    if let Some(limits) = request.limits() {
        // A sequence keeps its values computed beside the JSON written of them.
        let held = match &answer {
            Answer::Sequence(sequence) => sequence.held_bytes(),
            _ => 0,
        };
        check_written_size(&answer, limits, held)?;
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`QUESTIONS`] are the enum's tags, each once: serde names them all when a question is
    /// unknown.
    #[test]
    fn the_questions_listed_are_the_requests_tags() {
        let error = serde_json::from_str::<Request>(r#"{"question":"none"}"#)
            .unwrap_err()
            .to_string();
        let expected = error
            .split("expected one of ")
            .nth(1)
            .unwrap_or_else(|| panic!("{error}"));
        let mut tags: Vec<&str> = expected
            .split(", ")
            .map(|tag| tag.trim_matches(|c: char| c == '`' || !c.is_ascii_graphic()))
            .map(|tag| tag.split('`').next().unwrap_or(tag))
            .collect();
        let mut listed = QUESTIONS.to_vec();
        tags.sort_unstable();
        listed.sort_unstable();
        assert_eq!(tags, listed, "{error}");
    }
}
