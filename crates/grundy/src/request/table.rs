//! The table of a game over many boards or squares: the nim-value of the cell (m, n) for every
//! m and n asked, such as the empty m x n board of a placement game searched on every core, or
//! a corner game's value with its piece on (m, n), read from its table. What a cell is, and
//! how its family values it, is the family's to say ([`TableFamily`]); this module fills any
//! family's table.
//!
//! ```
//! use grundy::request::{table, TableRequest};
//! use grundy::watch::Watch;
//!
//! let request: TableRequest =
//!     serde_json::from_str(r#"{"game":"knights","rows":[1,2,3],"cols":[3]}"#).unwrap();
//! let report = table(&request, &Watch::new()).unwrap();
//! assert_eq!(report.nimbers, [[Some(1)], [Some(0)], [Some(1)]]);
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::{Limits, RunError, Stopped};
use crate::board::{RayRule, Surface};
use crate::games::game::GameError;
use crate::games::registry::Family;
use crate::games::sum::Summand;
use crate::games::table_family::{CellSearch, CellWatch, TableAxes, TableFamily};
use crate::misere::Convention;
use crate::report::TableReport;
use crate::solver::SearchObserver;
use crate::values::Nimber;
use crate::watch::{Event, Watch};

/// The game of a table, named without a board: pieces with their surface and ray rule
/// (`knights`, `queens+rooks torus blocked`), whose cells are boards, a corner game
/// (`corner-knight`), whose cells are the piece's squares, or `cram`. Its family says what
/// its cells are ([`TableFamily`]).
///
/// ```
/// use grundy::request::TableGame;
///
/// let game: TableGame = "rooks+queens torus blocked".parse().unwrap();
/// assert_eq!(game.to_string(), "queens+rooks torus blocked");
/// assert!("kayles".parse::<TableGame>().unwrap_err().to_string().contains("grundy table"));
/// ```
#[derive(Debug)]
pub struct TableGame(Box<dyn TableFamily>);

impl Clone for TableGame {
    fn clone(&self) -> TableGame {
        TableGame(self.0.boxed())
    }
}

/// Two table games are the same when they are written the same, as each reads back.
impl PartialEq for TableGame {
    fn eq(&self, other: &TableGame) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for TableGame {}

impl TableGame {
    /// The same game on `surface` and with `rays` (each kept when `None`): a command line's
    /// `--board` and `--rays`.
    ///
    /// # Errors
    /// For a game without a board to glue or lines to block (a corner game).
    pub fn with_rules(
        self,
        surface: Option<Surface>,
        rays: Option<RayRule>,
    ) -> Result<TableGame, GameError> {
        self.0
            .with_rules(surface, rays)
            .map(TableGame)
            .map_err(GameError)
    }

    /// Whether the cells are searched one by one (boards), so that a table stopped early
    /// keeps the cells finished, rather than read at once from one table of the game (a
    /// corner game's).
    #[must_use]
    pub fn searches_cells(&self) -> bool {
        self.0.searches_cells()
    }

    /// How the game's rules differ from the plainest, for a table's title: "" or, for example,
    /// " (torus surface, lines blocked)".
    #[must_use]
    pub fn rules_note(&self) -> String {
        self.0.rules_note()
    }

    /// What a cell holds, for a title: `nim-value of the empty m x n board`.
    #[must_use]
    pub fn cell_value(&self) -> &'static str {
        self.0.axes().cell_value
    }

    /// Reads rows or columns written as `FROM-TO`, a single number, or a list like `2,4,8`:
    /// board sides from 1 for pieces, the piece's coordinates from 0 for a corner game.
    ///
    /// # Errors
    /// When `text` is malformed or a number is out of range; the message says which form
    /// and range this game takes.
    pub fn parse_labels(&self, text: &str) -> Result<Vec<usize>, GameError> {
        let axes = self.0.axes();
        let (lowest, highest) = (axes.lowest, axes.highest);
        // The part at fault is named, and the whole text too when it has several parts.
        let within = |part: &str| {
            if part == text.trim() {
                String::new()
            } else {
                format!(" (in `{text}`)")
            }
        };
        parse_number_list(text, lowest, highest).map_err(|fault| {
            GameError(match fault {
                LabelFault::NotANumber(part) => format!(
                    "`{part}` is not a number or a range{}: expected FROM-TO (for example {}), a single number, or a list like {}, with {} from {lowest} to {highest}",
                    within(&part),
                    axes.range_example,
                    axes.list_example,
                    axes.labels
                ),
                LabelFault::OutOfRange(part) => {
                    format!("{}{}", self.out_of_range(&axes, &part), within(&part))
                }
                LabelFault::Backwards(part) => format!(
                    "range `{part}` runs backwards{}: FROM-TO needs FROM at most TO",
                    within(&part)
                ),
            })
        })
    }

    /// Why `label` (a row or column as written) is refused as out of range: what the labels
    /// of this game are, and their range.
    fn out_of_range(&self, axes: &TableAxes, label: &str) -> String {
        format!(
            "{label} is out of range: {} go from {} to {} for {self}",
            axes.labels_in_full, axes.lowest, axes.highest
        )
    }

    /// The game of the cell at `m`, `n` alone, for a search that takes one game at a time
    /// (the misère evaluator): the empty `m` x `n` board, or the piece at (`m`, `n`).
    ///
    /// # Errors
    /// A board of more squares than a misère search takes.
    pub(super) fn misere_cell(&self, m: usize, n: usize) -> Result<Summand, RunError> {
        self.0.misere_cell(m, n).map_err(RunError::input)
    }

    /// The report's `surface` and `rays`: a board's, none for a game without a board.
    pub(super) fn surface_and_rays(&self) -> (Option<String>, Option<String>) {
        self.0.surface_and_rays()
    }

    /// The rows and the columns when a request names none: sides 1 to 6, or a corner game's
    /// m from 0 to 15 and n from 0 to 11.
    fn default_labels(&self) -> (Vec<usize>, Vec<usize>) {
        let axes = self.0.axes();
        (axes.default_rows.collect(), axes.default_cols.collect())
    }
}

impl FromStr for TableGame {
    type Err = GameError;

    fn from_str(text: &str) -> Result<TableGame, GameError> {
        let mut words = text.split_whitespace();
        let name = words.next().unwrap_or_default();
        let game = Family::of(name).table_family(name).map_err(GameError)?;
        let (mut surface, mut rays) = (None, None);
        for word in words {
            if surface.is_none() {
                if let Ok(parsed) = word.parse::<Surface>() {
                    surface = Some(parsed);
                    continue;
                }
            }
            if rays.is_none() {
                if let Ok(parsed) = word.parse::<RayRule>() {
                    rays = Some(parsed);
                    continue;
                }
            }
            return Err(GameError(format!(
                "unexpected `{word}` after the game `{name}`: a table's game is its pieces or corner game alone, then the surface and ray rule if any (for example `queens+rooks torus blocked`)"
            )));
        }
        TableGame(game).with_rules(surface, rays)
    }
}

impl fmt::Display for TableGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Serialize for TableGame {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TableGame {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TableGame, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Why a table with no row or no column is refused: named by the request's keys, which the
/// command line's flags (`--rows`, `--cols`) spell the same.
const NO_CELLS: &str =
    "the table has no cells: give at least one row (`rows`) and one column (`cols`)";

/// The nim-values of a game over rows and columns of boards or squares. In JSON the rows and
/// columns are lists of numbers or text as the command line takes it (`"1-6"`, `"2,4,8"`).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "TableFields")]
pub struct TableRequest {
    /// The game, without a board.
    pub game: TableGame,
    /// The rows: board heights (default 1 to 6), or a corner game's first coordinate m
    /// (default 0 to 15).
    #[serde(default)]
    pub rows: Option<Vec<usize>>,
    /// The columns: board widths (default 1 to 6), or the second coordinate n (default 0 to
    /// 11).
    #[serde(default)]
    pub cols: Option<Vec<usize>>,
    /// What the search may use: the memory is shared by the threads' transposition tables.
    #[serde(default)]
    pub limits: Limits,
    /// Normal or misère play (under misère play each cell is who wins, searched whole).
    #[serde(default, skip_serializing_if = "super::is_normal")]
    pub convention: Convention,
}

/// Rows or columns as JSON brings them: numbers, or a range as text.
enum Labels {
    Numbers(Vec<usize>),
    Text(String),
}

/// What a `rows` or `cols` value may be, for serde's message about one that is neither
/// (serde's untagged enum said only "data did not match any variant").
const LABELS_EXPECTED: &str =
    "a list of whole numbers such as [1, 2, 3], or text such as \"1-6\" or \"2,4,8\"";

impl<'de> Deserialize<'de> for Labels {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Labels, D::Error> {
        struct LabelsVisitor;

        impl<'de> serde::de::Visitor<'de> for LabelsVisitor {
            type Value = Labels;

            fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                formatter.write_str(LABELS_EXPECTED)
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Labels, E> {
                Ok(Labels::Text(text.to_string()))
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut items: A,
            ) -> Result<Labels, A::Error> {
                let mut numbers = Vec::new();
                loop {
                    // The item at fault is named by its place, counting from 1.
                    let place = numbers.len() + 1;
                    match items.next_element::<Label>() {
                        Ok(Some(Label(number))) => numbers.push(number),
                        Ok(None) => return Ok(Labels::Numbers(numbers)),
                        Err(error) => {
                            return Err(serde::de::Error::custom(format!(
                                "item {place} of the list: {error}"
                            )))
                        }
                    }
                }
            }
        }

        deserializer.deserialize_any(LabelsVisitor)
    }
}

/// One row or column of a list in JSON: a whole number (its range depends on the game and is
/// checked by [`table`]).
struct Label(usize);

impl<'de> Deserialize<'de> for Label {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Label, D::Error> {
        struct LabelVisitor;

        impl serde::de::Visitor<'_> for LabelVisitor {
            type Value = Label;

            fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                formatter.write_str("a whole number from 0 (a board side, or a coordinate)")
            }

            fn visit_u64<E: serde::de::Error>(self, number: u64) -> Result<Label, E> {
                usize::try_from(number)
                    .map(Label)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(number), &self))
            }

            fn visit_i64<E: serde::de::Error>(self, number: i64) -> Result<Label, E> {
                usize::try_from(number)
                    .map(Label)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(number), &self))
            }
        }

        deserializer.deserialize_any(LabelVisitor)
    }
}

/// A [`TableRequest`] as JSON brings it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableFields {
    game: TableGame,
    #[serde(default)]
    rows: Option<Labels>,
    #[serde(default)]
    cols: Option<Labels>,
    #[serde(default)]
    limits: Limits,
    #[serde(default)]
    convention: Convention,
}

impl TryFrom<TableFields> for TableRequest {
    type Error = GameError;

    fn try_from(fields: TableFields) -> Result<TableRequest, GameError> {
        let game = fields.game;
        let read = |labels: Option<Labels>| match labels {
            None => Ok(None),
            // Repeats dropped, the first kept, as the text's ranges drop them (`1-3,2-5`): a
            // table has each row and column once, so its cells are bounded by its range.
            Some(Labels::Numbers(mut numbers)) => {
                let mut seen = std::collections::HashSet::new();
                numbers.retain(|&number| seen.insert(number));
                Ok(Some(numbers))
            }
            Some(Labels::Text(text)) => game.parse_labels(&text).map(Some),
        };
        Ok(TableRequest {
            rows: read(fields.rows)?,
            cols: read(fields.cols)?,
            game,
            limits: fields.limits,
            convention: fields.convention,
        })
    }
}

impl TableRequest {
    /// The rows and columns asked for, or the game's defaults.
    #[must_use]
    pub fn labels(&self) -> (Vec<usize>, Vec<usize>) {
        let (rows, cols) = self.game.default_labels();
        (
            self.rows.clone().unwrap_or(rows),
            self.cols.clone().unwrap_or(cols),
        )
    }

    /// The threads a placement game's table is searched on: as many as the limits say, or
    /// rayon's (one per core unless `RAYON_NUM_THREADS` says otherwise).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.limits
            .threads
            .map_or_else(rayon::current_num_threads, |threads| threads.max(1))
    }
}

/// The rows and columns `request` asks for, each checked against its game's range.
pub(super) fn checked_labels(request: &TableRequest) -> Result<(Vec<usize>, Vec<usize>), RunError> {
    let (rows, cols) = request.labels();
    if rows.is_empty() || cols.is_empty() {
        return Err(RunError::input(NO_CELLS));
    }
    let axes = request.game.0.axes();
    for (key, labels) in [("rows", &rows), ("cols", &cols)] {
        if let Some(&bad) = labels
            .iter()
            .find(|&&label| label < axes.lowest || label > axes.highest)
        {
            return Err(RunError::input(format!(
                "`{key}`: {}",
                request.game.out_of_range(&axes, &bad.to_string())
            )));
        }
    }
    Ok((rows, cols))
}

/// The table of nim-values `request` asks for, its rows and columns `rows` and `cols` checked:
/// read whole when the family reads it from one table of its own, else searched cell by cell.
pub(super) fn normal_table(
    request: &TableRequest,
    rows: &[usize],
    cols: &[usize],
    watch: &Watch,
) -> Result<TableReport, RunError> {
    match request.game.0.whole_table(rows, cols) {
        Some(whole) => whole.map_err(RunError::input),
        None => searched_table(&request.game, rows, cols, request, watch),
    }
}

/// A cell of a searched table: its row and column, its value (`None` if stopped), the
/// strategy that settled it without search, and the positions its search visited.
struct Cell {
    row: usize,
    col: usize,
    nimber: Option<Nimber>,
    settled_by: Option<String>,
    positions: u64,
}

/// The table's watch as its family's search of a cell sees it.
impl CellWatch for Watch {
    fn stop_flag(&self) -> &Arc<AtomicBool> {
        Watch::stop_flag(self)
    }

    fn is_listened_to(&self) -> bool {
        Watch::is_listened_to(self)
    }

    fn observer(&self) -> Box<dyn SearchObserver + Send> {
        Box::new(self.clone())
    }
}

/// Every cell of `rows` by `cols`, largest first, on every thread, each thread keeping its
/// family's search ([`TableFamily::cell_search`]) for all its cells. The cells a strategy
/// settles (mirror play, the kings' answer in the same line: a second-player win, 0) are
/// filled first, without search: no thread waits behind a long search to reach them, and a
/// table stopped early still shows them.
fn searched_table(
    game: &TableGame,
    rows: &[usize],
    cols: &[usize],
    request: &TableRequest,
    watch: &Watch,
) -> Result<TableReport, RunError> {
    let family = &*game.0;
    // Every cell is checked before the first is searched.
    let mut cells = Vec::new();
    for (i, &m) in rows.iter().enumerate() {
        for (j, &n) in cols.iter().enumerate() {
            family.cell(m, n).map_err(RunError::input)?;
            cells.push((i, j, m, n));
        }
    }
    let largest = cells
        .iter()
        .map(|&(_, _, m, n)| (m, n))
        .max_by_key(|&(m, n)| m * n)
        .ok_or_else(|| RunError::input(NO_CELLS))?;
    // Largest cells first, so that no long job starts last.
    cells.sort_by_key(|&(_, _, m, n)| std::cmp::Reverse(m * n));
    let total = cells.len() as u64;
    let started = Instant::now();
    let mut settled: Vec<Cell> = Vec::new();
    cells.retain(|&(row, col, m, n)| {
        let Some((nimber, strategy)) = family.settled_cell(m, n) else {
            return true;
        };
        settled.push(Cell {
            row,
            col,
            nimber: Some(nimber),
            settled_by: Some(strategy),
            positions: 0,
        });
        false
    });
    let name = family.report_name();
    let task = format!("{name} table");
    let finished = AtomicU64::new(settled.len() as u64);
    watch.send(&Event::Steps {
        task: task.clone(),
        done: settled.len() as u64,
        total,
    });
    let threads = request.threads();
    let budget = (request.limits.memory / threads as u64).max(1 << 20);
    let search = |cell_search: &mut Box<dyn CellSearch + '_>,
                  &(row, col, m, n): &(usize, usize, usize, usize)|
     -> Result<Cell, RunError> {
        let mut cell = Cell {
            row,
            col,
            nimber: None,
            settled_by: None,
            positions: 0,
        };
        if watch.is_stopped() {
            return Ok(cell);
        }
        let (nimber, positions) = cell_search.value(m, n, watch).map_err(RunError::input)?;
        (cell.nimber, cell.positions) = (nimber, positions);
        if nimber.is_some() {
            watch.send(&Event::Steps {
                task: task.clone(),
                done: finished.fetch_add(1, Ordering::Relaxed) + 1,
                total,
            });
        }
        Ok(cell)
    };
    let search_all = || -> Result<Vec<Cell>, RunError> {
        cells
            .par_iter()
            .map_init(|| family.cell_search(largest, budget), search)
            .collect()
    };
    let mut cells = in_pool(request, threads, search_all)??;
    cells.append(&mut settled);
    let (surface, rays) = family.surface_and_rays();
    finish_table(
        cells,
        TableReport {
            seconds: started.elapsed().as_secs_f64(),
            ..TableReport::begun(name, surface, rays, rows, cols)
        },
        total,
    )
}

/// `work` on `threads` threads: rayon's own pool when that is its size, else a pool of that
/// many.
fn in_pool<T: Send>(
    request: &TableRequest,
    threads: usize,
    work: impl FnOnce() -> T + Send,
) -> Result<T, RunError> {
    Ok(match request.limits.threads {
        Some(_) if threads != rayon::current_num_threads() => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|error| RunError::input(format!("cannot start {threads} threads: {error}")))?
            .install(work),
        _ => work(),
    })
}

/// The report of a table's `cells` (of `total`) written into `report`: the values, the
/// strategies that settled cells, the positions searched, whether it was stopped first (then
/// an error holding the report).
fn finish_table(
    cells: Vec<Cell>,
    report: TableReport,
    total: u64,
) -> Result<TableReport, RunError> {
    let (rows, cols) = (report.rows.len(), report.cols.len());
    let mut nimbers = vec![vec![None::<u32>; cols]; rows];
    let mut settled_by = vec![vec![None::<String>; cols]; rows];
    let mut positions = 0;
    for cell in cells {
        nimbers[cell.row][cell.col] = cell.nimber.map(Nimber::value);
        settled_by[cell.row][cell.col] = cell.settled_by;
        positions += cell.positions;
    }
    let finished_cells = nimbers
        .iter()
        .flatten()
        .filter(|cell| cell.is_some())
        .count();
    let interrupted = (finished_cells as u64) < total;
    let report = TableReport {
        nimbers,
        settled_by: Some(settled_by),
        positions_searched: Some(positions),
        interrupted,
        finished_cells,
        ..report
    };
    if interrupted {
        return Err(RunError::Stopped(Stopped::Table(Box::new(report))));
    }
    Ok(report)
}

/// What is wrong with a list of rows or columns written as text, with the part at fault.
#[derive(Debug, PartialEq, Eq)]
enum LabelFault {
    /// A part that is neither a whole number nor `FROM-TO`.
    NotANumber(String),
    /// A number outside the game's range (written as it was, however long).
    OutOfRange(String),
    /// `FROM-TO` with FROM past TO.
    Backwards(String),
}

/// Reads a list of numbers written as ranges: `FROM-TO`, a single number, or several of these
/// separated by commas, each within `lowest..=highest`. A number given again (`1-3,2-5`) is
/// kept once, where it first came, so the list holds at most the range's numbers however
/// many times the text repeats them.
fn parse_number_list(text: &str, lowest: usize, highest: usize) -> Result<Vec<usize>, LabelFault> {
    let mut values = Vec::new();
    let mut listed = vec![false; highest - lowest + 1];
    for part in text.split(',') {
        let part = part.trim();
        // A negative number is out of range, not malformed.
        if part
            .strip_prefix('-')
            .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(LabelFault::OutOfRange(part.to_string()));
        }
        let (from, to) = match part.split_once('-') {
            Some((from, to)) => (from.trim(), to.trim()),
            None => (part, part),
        };
        let number = |written: &str| {
            if written.is_empty() || !written.bytes().all(|byte| byte.is_ascii_digit()) {
                return Err(LabelFault::NotANumber(part.to_string()));
            }
            // Digits that pass usize are out of range as surely as any number past `highest`.
            match written.parse::<usize>() {
                Ok(number) if (lowest..=highest).contains(&number) => Ok(number),
                _ => Err(LabelFault::OutOfRange(written.to_string())),
            }
        };
        let (from, to) = (number(from)?, number(to)?);
        if from > to {
            return Err(LabelFault::Backwards(part.to_string()));
        }
        for number in from..=to {
            if !std::mem::replace(&mut listed[number - lowest], true) {
                values.push(number);
            }
        }
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::table;

    #[test]
    fn table_games_read_and_write_back_the_same() {
        for text in [
            "knights",
            "bishops+knights",
            "queens torus",
            "queens+rooks cylinder blocked",
            "corner-knight",
            "corner-queen",
        ] {
            let game: TableGame = text
                .parse()
                .unwrap_or_else(|error| panic!("{text}: {error}"));
            assert_eq!(game.to_string(), text);
        }
    }

    #[test]
    fn mistakes_in_a_table_game_are_named() {
        for (text, named) in [
            ("kayles", "`grundy table` is for"),
            ("knightz", "knightz"),
            ("knights 5x5", "unexpected `5x5`"),
        ] {
            let error = text.parse::<TableGame>().unwrap_err().to_string();
            assert!(error.contains(named), "{text}: {error}");
        }
        let corner: TableGame = "corner-knight".parse().unwrap();
        let error = corner.with_rules(Some(Surface::Torus), None).unwrap_err();
        assert!(error.0.contains("not for `corner-knight`"), "{error}");
    }

    #[test]
    fn labels_take_the_family_s_range() {
        let knights: TableGame = "knights".parse().unwrap();
        let corner: TableGame = "corner-queen".parse().unwrap();
        assert_eq!(knights.parse_labels("2,4-5").unwrap(), [2, 4, 5]);
        assert_eq!(corner.parse_labels("0-2").unwrap(), [0, 1, 2]);
        for bad in ["", "0-3", "3-1", "a", "1-600", "1--2"] {
            assert!(knights.parse_labels(bad).is_err(), "{bad}");
        }
        assert!(corner.parse_labels("5001").is_err());
    }

    /// A row or column given again is kept once, where it first came, in the text and in a
    /// JSON list alike: however often a request repeats its ranges, a table has at most the
    /// range's rows and columns.
    #[test]
    fn repeated_labels_are_kept_once() {
        let corner: TableGame = "corner-queen".parse().unwrap();
        assert_eq!(
            corner.parse_labels("3-5,0-4,5,1").unwrap(),
            [3, 4, 5, 0, 1, 2]
        );
        let repeated = vec!["0-5000"; 3000].join(",");
        assert_eq!(
            corner.parse_labels(&repeated).unwrap(),
            (0..=5000).collect::<Vec<_>>()
        );
        let request: TableRequest =
            serde_json::from_str(r#"{"game":"knights","rows":[2,3,2,3,4],"cols":"1-2,2-3,1"}"#)
                .unwrap();
        assert_eq!(request.labels(), (vec![2, 3, 4], vec![1, 2, 3]));
    }

    #[test]
    fn a_bad_row_or_column_is_named_with_the_range() {
        let knights: TableGame = "knights".parse().unwrap();
        for (text, said) in [
            (
                "0,1",
                "0 is out of range: board sides go from 1 to 512 for knights (in `0,1`)",
            ),
            ("600", "600 is out of range: board sides go from 1 to 512"),
            (
                "99999999999999999999999",
                "99999999999999999999999 is out of range",
            ),
            (
                "1,x",
                "`x` is not a number or a range (in `1,x`): expected FROM-TO",
            ),
            ("", "`` is not a number or a range: expected FROM-TO"),
            (
                "5-3",
                "range `5-3` runs backwards: FROM-TO needs FROM at most TO",
            ),
            ("-1", "-1 is out of range: board sides go from 1 to 512"),
        ] {
            let error = knights.parse_labels(text).unwrap_err().to_string();
            assert!(error.contains(said), "{text}: {error}");
        }
    }

    /// Issue "Faults found by trying grundy": a `rows` value neither a list nor text was
    /// refused as "data did not match any variant of untagged enum Labels".
    #[test]
    fn a_rows_value_of_the_wrong_kind_says_what_rows_may_be() {
        for (json, said) in [
            (
                r#"{"game":"knights","rows":{}}"#,
                "invalid type: map, expected a list of whole numbers such as [1, 2, 3], or text such as \"1-6\" or \"2,4,8\"",
            ),
            (
                r#"{"game":"knights","rows":true}"#,
                "invalid type: boolean `true`, expected a list of whole numbers",
            ),
            (
                r#"{"game":"knights","cols":[2,-1]}"#,
                "item 2 of the list: invalid value: integer `-1`, expected a whole number from 0",
            ),
            (
                r#"{"game":"knights","rows":[1.5]}"#,
                "item 1 of the list: invalid type: floating point `1.5`, expected a whole number",
            ),
            (r#"{"game":"knights","rows":["1"]}"#, "invalid type: string \"1\""),
        ] {
            let error = serde_json::from_str::<TableRequest>(json)
                .unwrap_err()
                .to_string();
            assert!(error.contains(said), "{json}: {error}");
            assert!(!error.contains("untagged"), "{json}: {error}");
        }
        let request: TableRequest =
            serde_json::from_str(r#"{"game":"knights","rows":"2-3","cols":[4]}"#).unwrap();
        assert_eq!(request.labels(), (vec![2, 3], vec![4]));
    }

    #[test]
    fn one_thread_or_several_give_the_same_table() {
        let mut request: TableRequest =
            serde_json::from_str(r#"{"game":"kings","rows":[1,2,3,4],"cols":[3,4,5]}"#).unwrap();
        let several = table(&request, &Watch::new()).unwrap();
        request.limits.threads = Some(1);
        assert_eq!(request.threads(), 1);
        let one = table(&request, &Watch::new()).unwrap();
        assert_eq!(one.nimbers, several.nimbers);
        assert_eq!(one.nimbers[1], [Some(2), Some(0), Some(3)]);
    }

    #[test]
    fn a_corner_table_is_read_from_the_game_s_table() {
        let request: TableRequest =
            serde_json::from_str(r#"{"game":"corner-queen","rows":[0,1,2],"cols":[0,1,2]}"#)
                .unwrap();
        let report = table(&request, &Watch::new()).unwrap();
        // Wythoff's game: the P-positions (0, 0) and (1, 2), (2, 1).
        assert_eq!(report.nimbers[0][0], Some(0));
        assert_eq!(report.nimbers[1][2], Some(0));
        assert_eq!(report.nimbers[2][1], Some(0));
        assert_eq!(report.nimbers[1][1], Some(2));
        assert_eq!((report.surface, report.finished_cells), (None, 9));
    }

    #[test]
    fn a_request_out_of_range_is_refused_before_any_search() {
        let request: TableRequest =
            serde_json::from_str(r#"{"game":"knights","rows":[0,1],"cols":[3]}"#).unwrap();
        let error = table(&request, &Watch::new()).unwrap_err().to_string();
        assert!(
            error.contains("`rows`: 0 is out of range: board sides go from 1 to 512"),
            "{error}"
        );
        let unknown = serde_json::from_str::<TableRequest>(r#"{"game":"knights","size":3}"#);
        assert!(unknown.is_err());
    }
}
