//! Reading what the user typed: games, boards, positions, ranges and memory sizes. Every error
//! here is the user's to fix and ends the program with exit status 2.

use std::fmt;
use std::time::{Duration, Instant};

use anyhow::Result;
use grundy::board::MAX_SQUARES;
use grundy::games::corner::{CornerGame, CornerMove};
use grundy::games::heap::{HeapGame, HeapRuleset, Rectangle, SequenceObserver};
use grundy::games::placement::{
    parse_pieces, PieceSetError, PlacementGame, PlacementPosition, PlacementRules, RayRule, Surface,
};
use grundy::games::registry::{Family, Verb};
use grundy::graph::{parse_graph, Graph, GraphFormat, MAX_GRAPH_TEXT_BYTES, MAX_SEARCH_VERTICES};
use grundy::{BoardSize, Nimber};
use indicatif::ProgressBar;

use crate::progress::counting_bar;

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

/// A game as named on the command line, with its arguments.
pub enum GameSpec {
    /// A placement game of one piece or several on a board.
    Placement(PlacementGame),
    /// A take-and-break game and the sizes of its heaps.
    Heaps(HeapGame, Vec<usize>),
    /// Two-dimensional Kayles and its boards.
    Rectangles(Vec<Rectangle>),
    /// A corner game and the piece's position `(m, n)`.
    Corner(CornerGame, usize, usize),
}

/// The largest heap accepted on the command line.
pub const MAX_HEAP: usize = 100_000_000;

/// The largest coordinate accepted for a corner game's piece.
pub const MAX_CORNER: usize = 5000;

/// The most bytes a corner game's table may take (its size is known before it is computed).
pub const MAX_CORNER_BYTES: u128 = 1 << 30;

/// The most positions searched for a corner game's value when its table is too large (about
/// 250 MB and two seconds).
pub const MAX_CORNER_SEARCH: usize = 5_000_000;

/// The most options the reference method may visit (codes with repeating digits or breaks into
/// three heaps): at 60 to 200 million a second, about half a minute to a minute and a half.
pub const MAX_REFERENCE_WORK: f64 = 5e9;

/// The largest heap `value` and `moves` accept when no period is proven by then: every smaller
/// heap must be computed, and the fast method takes about 3 s per million heaps near 10^6,
/// growing faster than linearly.
pub const MAX_HEAP_WITHOUT_PERIOD: usize = 10_000_000;

/// How long `value` and `moves` compute a nim-sequence before giving up: a game without a
/// useful sparse-space mask (0.007) grows as n², so a heap within the limits above can still
/// need hours.
pub const HEAP_SECONDS: u64 = 60;

/// Refuses heap `largest` (given as `what`) when the reference method would visit more than
/// [`MAX_REFERENCE_WORK`] options to reach it, naming the largest heap it can reach.
pub fn check_reference_work(game: &HeapGame, largest: usize, what: &str) -> Result<()> {
    let rule = game.rule();
    if rule.has_fast_sequence() || rule.reference_work(largest) <= MAX_REFERENCE_WORK {
        return Ok(());
    }
    // The work grows with the heap: the largest heap within it by bisection.
    let (mut within, mut beyond) = (0usize, largest);
    while beyond - within > 1 {
        let middle = within + (beyond - within) / 2;
        if rule.reference_work(middle) <= MAX_REFERENCE_WORK {
            within = middle;
        } else {
            beyond = middle;
        }
    }
    Err(input_error(format!(
        "{what} {largest} is too large for {}: its values are found by trying every move of every smaller heap (about {:.1e} moves, at most {MAX_REFERENCE_WORK:.0e}), so at most {within} for this game",
        game.name(),
        rule.reference_work(largest)
    )))
}

/// The game with its nim-sequence computed as far as `largest` needs, or an error naming the
/// limit when that cannot finish: past [`MAX_HEAP_WITHOUT_PERIOD`] only a period proven by
/// then lets the value be read off, and the computation is given [`HEAP_SECONDS`].
fn with_values_for(game: HeapGame, largest: usize) -> Result<HeapGame> {
    check_reference_work(&game, largest, "heap")?;
    let rule = game.rule().clone();
    let name = game.name().to_string();
    let too_large = |why: String| {
        input_error(format!(
            "heap {largest} is too large for {name}: {why}, so the value of every smaller heap would be needed; at most {MAX_HEAP_WITHOUT_PERIOD}"
        ))
    };
    if largest > MAX_HEAP_WITHOUT_PERIOD && !rule.is_finite_octal() {
        return Err(too_large(
            "its period cannot be proven (the Octal Periodicity Theorem needs finitely many digits below 8 and no condition on the parts)".to_string(),
        ));
    }
    let up_to = largest.min(MAX_HEAP_WITHOUT_PERIOD);
    let bar = counting_bar(up_to as u64 + 1, &format!("{name} values"));
    let mut observer = DeadlineObserver {
        bar: bar.clone(),
        deadline: Instant::now() + Duration::from_secs(HEAP_SECONDS),
        heaps_since_look: 0,
    };
    let finished = game.with_values_to(up_to, &mut observer);
    bar.finish_and_clear();
    let Some(game) = finished else {
        return Err(input_error(format!(
            "heap {largest} of {name} cannot be answered in reasonable time: the values of the smaller heaps were not finished within {HEAP_SECONDS} s (`grundy sequence {rule} --to {largest}` computes them with progress, and Ctrl-C keeps what is done)"
        )));
    };
    if largest > MAX_HEAP_WITHOUT_PERIOD && !game.has_proven_period() {
        return Err(too_large(format!(
            "no period is proven by heap {MAX_HEAP_WITHOUT_PERIOD}"
        )));
    }
    Ok(game)
}

/// Shows the progress of a nim-sequence and stops it at a deadline.
struct DeadlineObserver {
    bar: ProgressBar,
    deadline: Instant,
    heaps_since_look: u32,
}

impl SequenceObserver for DeadlineObserver {
    fn progress(&mut self, computed: usize, _total: usize) {
        self.bar.set_position(computed as u64);
    }

    fn should_stop(&mut self) -> bool {
        // A look at the clock costs about as much as a fast heap: look every 64 heaps.
        self.heaps_since_look += 1;
        if self.heaps_since_look < 64 {
            return false;
        }
        self.heaps_since_look = 0;
        Instant::now() > self.deadline
    }
}

/// The value of the piece at `(m, n)` and its moves, within [`MAX_CORNER_BYTES`], or an error
/// naming the limit.
pub fn corner_value_and_moves(
    game: &CornerGame,
    m: usize,
    n: usize,
) -> Result<(Nimber, Vec<CornerMove>)> {
    game.value_and_moves_within(m, n, MAX_CORNER_BYTES, MAX_CORNER_SEARCH)
        .ok_or_else(|| {
            input_error(format!(
                "position ({m}, {n}) of {game} is too large: its table needs about {} MiB (at most {} MiB), and its moves reach more than {MAX_CORNER_SEARCH} positions (at most that many are searched)",
                game.value_bytes(m, n) >> 20,
                MAX_CORNER_BYTES >> 20,
            ))
        })
}

/// Refuses a corner game's table of `rows` by `cols` when it would take more than
/// [`MAX_CORNER_BYTES`], before anything is allocated.
pub fn check_corner_memory(game: &CornerGame, rows: usize, cols: usize, what: &str) -> Result<()> {
    let bytes = game.table_bytes(rows, cols);
    if bytes <= MAX_CORNER_BYTES {
        return Ok(());
    }
    Err(input_error(format!(
        "{what} of {game} is too large: its table needs about {} MiB (the moves reach positions up to weight a·m + b·n with weights {}), at most {} MiB",
        bytes >> 20,
        match game {
            CornerGame::Steps(steps) => format!("{:?}", steps.weights()),
            CornerGame::Queen => "(1, 1)".to_string(),
        },
        MAX_CORNER_BYTES >> 20
    )))
}

/// Reads `GAME ARGS...`: a corner game and a position `M N`, a heap game and heap sizes, or a
/// piece name and a board size, the family told by [`Family::of`] (so that a mistake in a code
/// is reported as such, not as an unknown piece). Graphs and nimbers are read where they apply.
pub fn parse_game(game: &str, args: &[String]) -> Result<GameSpec> {
    let family = Family::of(game);
    if matches!(family, Family::Graph | Family::Nimber) {
        return Err(input_error(format!(
            "`{game}` is {}: it works with grundy {} (and in a sum of games, G + H)",
            family.title(),
            family
                .verbs()
                .iter()
                .map(|verb| verb.command())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    if family == Family::Corner {
        let corner: CornerGame = game.parse().map_err(input_error)?;
        let coordinate = |text: &String| {
            text.parse::<usize>()
                .ok()
                .filter(|&c| c <= MAX_CORNER)
                .ok_or_else(|| {
                    input_error(format!(
                        "coordinate `{text}` is not valid: expected a whole number from 0 to {MAX_CORNER}"
                    ))
                })
        };
        return match args {
            [m, n] => Ok(GameSpec::Corner(corner, coordinate(m)?, coordinate(n)?)),
            _ => Err(input_error(format!(
                "{corner} needs the piece's position as two numbers M N, for example `grundy value {corner} 7 9`"
            ))),
        };
    }
    if family == Family::Heap {
        let ruleset: HeapRuleset = game.parse().map_err(input_error)?;
        if args.is_empty() {
            return Err(input_error(format!(
                "{game} needs at least one heap, for example `grundy value {game} 3 4 5`"
            )));
        }
        return match ruleset {
            HeapRuleset::Line(heap_game) => {
                let heaps = args
                    .iter()
                    .map(|text| parse_heap(text))
                    .collect::<Result<Vec<_>>>()?;
                let heap_game =
                    with_values_for(heap_game, heaps.iter().copied().max().unwrap_or(0))?;
                Ok(GameSpec::Heaps(heap_game, heaps))
            }
            HeapRuleset::Kayles2d(_) => {
                let boards = args
                    .iter()
                    .map(|text| text.parse::<Rectangle>().map_err(input_error))
                    .collect::<Result<Vec<_>>>()?;
                Ok(GameSpec::Rectangles(boards))
            }
        };
    }
    let pieces = parse_pieces(game).map_err(|error| match error {
        PieceSetError::Piece(_) => input_error(format!(
            "{error}; other games: {} ({}), {} ({}), `graph FILE` or a nimber *N",
            Family::Heap.title(),
            Family::Heap.names(),
            Family::Corner.title(),
            Family::Corner.names()
        )),
        other => input_error(other),
    })?;
    let rules =
        PlacementRules::new(&pieces, Surface::Rectangle, RayRule::Through).map_err(input_error)?;
    let name = rules.name();
    let board = match args {
        [board] => board.parse::<BoardSize>().map_err(input_error)?,
        [] => {
            return Err(input_error(format!(
                "the {name} game needs a board size, for example `grundy value {name} 5x5`"
            )))
        }
        [_, extra, ..] => {
            return Err(input_error(format!(
            "unexpected argument `{extra}`: the {name} game takes one board size, for example 5x5"
        )))
        }
    };
    Ok(GameSpec::Placement(PlacementGame::with_rules(rules, board)))
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

/// Whether the game named is Node Kayles on a graph read from a file: `graph FILE`.
pub fn is_graph_game(game: &str) -> bool {
    Family::of(game) == Family::Graph
}

/// Refuses `game` for `verb` when the verb does not apply to its family, naming the verbs that
/// do. A name that is no piece either is left to the verb's own parser, whose message says what
/// it expected (`sequence kayless`: an unknown heap game, not "a placement game").
pub fn require_verb(game: &str, verb: Verb) -> Result<()> {
    let family = Family::of(game);
    if family.supports(verb) || (family == Family::Placement && parse_pieces(game).is_err()) {
        Ok(())
    } else {
        Err(input_error(family.refusal(verb, game)))
    }
}

/// Reads the graph of `graph FILE`: the file's text, in `format` (`edges` or `dimacs`) or the
/// format its content shows. Errors name the file, and for bad text the line and its content.
pub fn read_graph(args: &[String], format: Option<&str>) -> Result<(String, Graph)> {
    let path = match args {
        [path] => path,
        [] => {
            return Err(input_error(
                "graph needs a file: an edge list (one `u v` per line) or DIMACS (`p edge N M`, `e u v`), for example `grundy value graph edges.txt`",
            ))
        }
        [_, extra, ..] => {
            return Err(input_error(format!(
                "unexpected argument `{extra}`: graph takes one file"
            )))
        }
    };
    let format = format
        .map(|text| text.parse::<GraphFormat>().map_err(input_error))
        .transpose()?;
    let text = read_graph_text(path)?;
    let graph = parse_graph(&text, format).map_err(|error| {
        if error.line == 0 {
            input_error(format!("graph file `{path}`: {}", error.problem))
        } else {
            input_error(format!("graph file `{path}`, {error}"))
        }
    })?;
    Ok((path.clone(), graph))
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

/// Reads a range of boards `AxB..CxD`: every board with `A..=C` rows and `B..=D` columns,
/// fewest squares first; a single board `AxB` is a range of one.
pub fn parse_board_range(text: &str) -> Result<Vec<BoardSize>> {
    let malformed = || {
        input_error(format!(
            "board range `{text}` is malformed: expected AxB..CxD (all boards with A to C rows and B to D columns, for example 3x3..8x8) or a single board such as 5x5"
        ))
    };
    let (from, to) = text.split_once("..").unwrap_or((text, text));
    if from.trim().is_empty() || to.trim().is_empty() {
        return Err(malformed());
    }
    // A bad end is named inside the range as typed, so the message quotes what was typed.
    let end = |end: &str| {
        end.trim().parse::<BoardSize>().map_err(|error| {
            if text.contains("..") {
                input_error(format!("board range `{text}`: {error}"))
            } else {
                input_error(error)
            }
        })
    };
    let (from, to) = (end(from)?, end(to)?);
    if from.rows() > to.rows() || from.cols() > to.cols() {
        return Err(malformed());
    }
    let mut boards = Vec::new();
    for rows in from.rows()..=to.rows() {
        for cols in from.cols()..=to.cols() {
            boards.push(BoardSize::new(rows as u32, cols as u32).map_err(input_error)?);
        }
    }
    boards.sort_by_key(|board| (board.squares(), board.rows()));
    Ok(boards)
}

/// Reads one heap size.
pub fn parse_heap(text: &str) -> Result<usize> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|&heap| heap <= MAX_HEAP)
        .ok_or_else(|| {
            input_error(format!(
                "heap `{text}` is not valid: expected a whole number of tokens from 0 to {MAX_HEAP}"
            ))
        })
}

/// Reads a list of numbers written as ranges: `FROM-TO`, a single number, or several of these
/// separated by commas. `None` when malformed or outside `lowest..=highest`.
fn parse_number_list(text: &str, lowest: usize, highest: usize) -> Option<Vec<usize>> {
    let mut values = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        let (from, to) = match part.split_once('-') {
            Some((from, to)) => (from.trim(), to.trim()),
            None => (part, part),
        };
        let from: usize = from.parse().ok()?;
        let to: usize = to.parse().ok()?;
        if from < lowest || to > highest || from > to {
            return None;
        }
        values.extend(from..=to);
    }
    values.dedup();
    Some(values)
}

/// Reads a range of coordinates from 0, for corner games: `0-15`, `4` or `0,2,4`.
pub fn parse_coordinates(text: &str) -> Result<Vec<usize>> {
    parse_number_list(text, 0, MAX_CORNER).ok_or_else(|| {
        input_error(format!("range `{text}` is malformed: expected FROM-TO (for example 0-15), a single number, or a list like 0,2,4, with coordinates from 0 to {MAX_CORNER}"))
    })
}

/// The position given with `--position`, or the empty board.
pub fn parse_position(game: &PlacementGame, text: Option<&str>) -> Result<PlacementPosition> {
    match text {
        None => Ok(game.empty()),
        Some(text) => game.parse_position(text).map_err(input_error),
    }
}

/// Reads a memory size such as `512M`, `2G` or `1073741824` (bytes; K, M, G, T are powers of
/// 1024).
pub fn parse_memory(text: &str) -> Result<u64, String> {
    let malformed = || {
        format!("memory size `{text}` is malformed: expected a number of bytes with an optional K, M, G or T suffix, for example 512M or 2G")
    };
    let trimmed = text.trim();
    let upper = trimmed.to_ascii_uppercase();
    let upper = upper
        .strip_suffix("IB")
        .or_else(|| upper.strip_suffix('B'))
        .unwrap_or(&upper);
    let (number, scale) = match upper.chars().last() {
        Some('K') => (&upper[..upper.len() - 1], 1u64 << 10),
        Some('M') => (&upper[..upper.len() - 1], 1 << 20),
        Some('G') => (&upper[..upper.len() - 1], 1 << 30),
        Some('T') => (&upper[..upper.len() - 1], 1 << 40),
        _ => (upper, 1),
    };
    let number: f64 = number.trim().parse().map_err(|_| malformed())?;
    if !number.is_finite() || number < 0.0 {
        return Err(malformed());
    }
    let bytes = number * scale as f64;
    if bytes < (1u64 << 20) as f64 {
        return Err(format!(
            "memory size `{text}` is too small: the transposition table needs at least 1M"
        ));
    }
    // The tables double up to this size as a search stores positions, and each size is written
    // in full when it is made: more than the machine has would be swapped out or the program
    // killed once a long search reaches it. Where the system does not say, a
    // fixed bound still stops a typo from asking for petabytes.
    let (limit, whose) = match grundy::solver::physical_memory() {
        Some(bytes) => (bytes, "this machine's memory"),
        None => (1u64 << 40, "the largest accepted"),
    };
    if bytes > limit as f64 {
        return Err(format!(
            "memory size `{text}` is more than {whose}, {}: give at most that",
            format_memory(limit)
        ));
    }
    Ok(bytes as u64)
}

/// A memory size for people: `23.4G`.
fn format_memory(bytes: u64) -> String {
    let (scale, suffix) = if bytes >= 1 << 40 {
        (1u64 << 40, 'T')
    } else if bytes >= 1 << 30 {
        (1 << 30, 'G')
    } else {
        (1 << 20, 'M')
    };
    format!("{:.1}{suffix}", bytes as f64 / scale as f64)
}

/// Reads a range of board sides: `1-6`, `4` or `2,4,8`.
pub fn parse_range(text: &str) -> Result<Vec<u32>> {
    let sides = parse_number_list(text, 1, MAX_SQUARES).ok_or_else(|| {
        input_error(format!("range `{text}` is malformed: expected FROM-TO (for example 1-6), a single number, or a list like 2,4,8, with sides from 1 to {MAX_SQUARES}"))
    })?;
    Ok(sides.into_iter().map(|side| side as u32).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes() {
        assert_eq!(parse_memory("1G").unwrap(), 1 << 30);
        assert_eq!(parse_memory("512M").unwrap(), 512 << 20);
        assert_eq!(parse_memory("1.5GiB").unwrap(), 3 << 29);
        assert_eq!(parse_memory("2097152").unwrap(), 2 << 20);
        for bad in ["", "G", "abc", "-1G", "1Q", "10", "1000T", "1e30"] {
            assert!(parse_memory(bad).unwrap_err().contains(bad), "{bad}");
        }
    }

    #[test]
    fn ranges() {
        assert_eq!(parse_range("1-6").unwrap(), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(parse_range("4").unwrap(), vec![4]);
        assert_eq!(parse_range("2,4, 8").unwrap(), vec![2, 4, 8]);
        for bad in ["", "0-3", "3-1", "a", "1-600", "1--2"] {
            assert!(parse_range(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn board_ranges() {
        let boards = parse_board_range("3x3..4x5").unwrap();
        let names: Vec<String> = boards.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["3x3", "3x4", "4x3", "3x5", "4x4", "4x5"]);
        assert_eq!(parse_board_range("5x5").unwrap().len(), 1);
        for bad in ["", "3x3..", "4x4..3x3", "3x3..23x23", "a..b"] {
            assert!(parse_board_range(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn coordinates_start_at_zero() {
        assert_eq!(parse_coordinates("0-3").unwrap(), vec![0, 1, 2, 3]);
        assert_eq!(parse_coordinates("0,2, 4").unwrap(), vec![0, 2, 4]);
        for bad in ["", "3-1", "a", "0-99999"] {
            assert!(parse_coordinates(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn heap_and_corner_games_come_before_pieces() {
        let args = |list: &[&str]| list.iter().map(|a| a.to_string()).collect::<Vec<_>>();
        assert!(matches!(
            parse_game("kayles", &args(&["3", "4"])),
            Ok(GameSpec::Heaps(_, heaps)) if heaps == vec![3, 4]
        ));
        assert!(matches!(
            parse_game("kayles-2d", &args(&["7x4"])),
            Ok(GameSpec::Rectangles(_))
        ));
        assert!(matches!(
            parse_game("corner-queen", &args(&["3", "5"])),
            Ok(GameSpec::Corner(_, 3, 5))
        ));
        assert!(matches!(
            parse_game("knights", &args(&["3x3"])),
            Ok(GameSpec::Placement(_))
        ));
        for (game, list) in [
            ("kayles", vec!["-1"]),
            ("2.7", vec!["3"]),
            ("corner-knight", vec!["1"]),
        ] {
            let error = parse_game(game, &args(&list)).err().unwrap();
            assert!(error.is::<InputError>(), "{game}");
        }
    }
}
