//! Reading what the user typed: games, boards, positions, ranges and memory sizes. Every error
//! here is the user's to fix and ends the program with exit status 2.

use std::fmt;

use anyhow::Result;
use grundy::games::registry::Family;
use grundy::graph::{parse_graph, Graph, GraphFormat, MAX_GRAPH_TEXT_BYTES, MAX_SEARCH_VERTICES};
use grundy::report::Command;
pub use grundy::request::parse_memory;
use grundy::request::RunError;
use grundy::Game;

/// An error in the user's input (as opposed to a failure of the program).
#[derive(Debug)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// Turns any displayable error into an [`InputError`].
pub fn input_error(error: impl fmt::Display) -> anyhow::Error {
    anyhow::Error::new(InputError(error.to_string()))
}

/// The library's refusal as the command line reports it: a request that cannot be answered as
/// asked is the user's to fix (exit status 2), and a stop by Ctrl-C (or SIGTERM) that the
/// command kept nothing of says how far it came (exit status 130); a stop nobody asked for
/// is the library's failure (exit status 1).
pub fn run_error(error: RunError) -> anyhow::Error {
    match error {
        RunError::Input(message)
        | RunError::TooLarge(message)
        | RunError::OutOfMemory { message, .. } => input_error(message),
        RunError::Stopped(kept) if crate::interrupt::was_stopped() => {
            let how_far = kept
                .how_far()
                .unwrap_or_else(|| "nothing was finished".to_string());
            anyhow::Error::new(crate::interrupt::Interrupted(format!(
                "interrupted by {}: {how_far}",
                crate::interrupt::stopped_by()
            )))
        }
        other => anyhow::Error::new(other),
    }
}

/// Reads a game from the command line's words (the game, quoted whole or not, and its
/// arguments), the graph of `graph FILE` from its file in `format` (`edges` or `dimacs`, or as
/// its content shows).
pub fn read_game(words: &[String], format: Option<&str>) -> Result<Game> {
    Game::from_words(words, &mut |path| read_graph_file(path, format)).map_err(input_error)
}

/// Refuses `--format` (the format of a graph file) for `game` when no graph file is read
/// (`reads_graph` false), naming where it applies.
pub fn refuse_format_without_graph(
    format: Option<&str>,
    game: &str,
    reads_graph: bool,
) -> Result<()> {
    match format {
        Some(format) if !reads_graph => Err(input_error(format!(
            "--format `{format}` is the format of a graph file: it applies only to `graph FILE` (in value, moves and graph, alone or in a sum), not to `{game}`"
        ))),
        _ => Ok(()),
    }
}

/// Whether the game named is read from a file (a graph: `graph FILE`).
pub fn is_graph_game(game: &str) -> bool {
    Family::of(game).reads_file()
}

/// Refuses `game` for `verb` when the verb does not apply to its family
/// ([`Family::check_verb`]).
pub fn require_verb(game: &str, verb: Command) -> Result<()> {
    Family::check_verb(game, verb).map_err(input_error)
}

/// Reads the graph file `path`, in `format` (`edges` or `dimacs`) or the format its content
/// shows. Errors name the file, and for bad text the line and its content.
pub fn read_graph_file(path: &str, format: Option<&str>) -> Result<Graph, String> {
    let format = format
        .map(|text| {
            text.parse::<GraphFormat>()
                .map_err(|error| error.to_string())
        })
        .transpose()?;
    let text = read_graph_text(path).map_err(|error| error.to_string())?;
    parse_graph(&text, format).map_err(|error| {
        if error.line == 0 {
            format!("graph file `{path}`: {}", error.problem)
        } else {
            format!("graph file `{path}`, {error}")
        }
    })
}

/// The text of the graph file `path`, read only up to [`MAX_GRAPH_TEXT_BYTES`] (so `/dev/zero`
/// or a huge file costs no more) and refused if it is binary (a NUL byte), longer, or not UTF-8.
fn read_graph_text(path: &str) -> Result<String> {
    use std::io::Read;
    let cannot_read =
        |error: std::io::Error| input_error(format!("cannot read graph file `{path}`: {error}"));
    let file = std::fs::File::open(path).map_err(cannot_read)?;
    let mut bytes = Vec::new();
    file.take(MAX_GRAPH_TEXT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot_read)?;
    if let Some(offset) = bytes.iter().position(|&byte| byte == 0) {
        return Err(input_error(format!(
            "graph file `{path}` is not text: byte {offset} is NUL; give an edge list or DIMACS"
        )));
    }
    if bytes.len() > MAX_GRAPH_TEXT_BYTES {
        return Err(input_error(format!(
            "graph file `{path}` is longer than {MAX_GRAPH_TEXT_BYTES} bytes (8 MiB), the most a graph file may have: enough for the complete graph on {MAX_SEARCH_VERTICES} vertices, the most a graph may have"
        )));
    }
    String::from_utf8(bytes).map_err(|error| {
        input_error(format!(
            "graph file `{path}` is not UTF-8 text (byte {} is not part of a character); give an edge list or DIMACS",
            error.utf8_error().valid_up_to()
        ))
    })
}
