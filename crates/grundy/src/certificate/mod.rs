//! Certificates of placement-game values, and the small checker a stranger can trust.
//!
//! A certificate lists positions (sets of free squares) with a claimed nim-value each. The
//! checker verifies every claim one move deep, with its own move generator (`certificate/shape.rs`), and
//! imports nothing from the engine: not the search, the solver, the boards or the games. What
//! it relies on it computes itself: how the piece attacks, the options of a position, their
//! split into independent parts, and the canonical form under the grid's symmetries by which a
//! position is looked up.
//!
//! For each listed position `P` with claimed value `v` it checks, using only the claims listed
//! on the lines above `P`'s ("listed" below):
//! - (a) for each `k < v`, some option of `P` is worth `k`: all its parts are listed and their
//!   claims nim-add to `k`;
//! - (b) no option `Q` of `P` is worth `v`: either all of `Q`'s parts are listed and their
//!   claims nim-add to something other than `v`, or all but one are listed and a move in that
//!   one leaves parts, all listed, whose claims with the others' nim-add to `v`;
//!
//! and that the claims for the parts of the whole board (all listed) nim-add to the claimed
//! answer.
//!
//! Why that proves every claim: by induction on the lines. Suppose every claim above `P`'s line
//! is true. By the Sprague–Grundy theorem a sum of parts is worth the nim-sum of their values,
//! so (a) shows options worth each `k < v`, and (b) shows that no option is worth `v`: the
//! first way directly, the second because a position that has an option worth `v` is not worth
//! `v` itself. By the mex rule `P` is worth `v`. Two positions with the same canonical form
//! are the same game, since every piece's attacks are unchanged by moving the board and by the
//! grid's symmetries; so the checker may look a position up by its form. Because a claim rests
//! only on the lines above it, a certificate with one wrong value is refused at that value's
//! own line: every line above it is checked against true claims and passes.
//!
//! The file is plain text, one item a line (docs/ENGINE.md, "Certificates"):
//!
//! ```text
//! grundy-certificate 1
//! game knights 3x3
//! value 1
//! 1x1 1 1
//! 3x3 1ef 0
//! end 2
//! ```
//!
//! the format and its version, the game in the command line's notation (a piece on a
//! rectangle), the claimed value of the empty board, then one line per position: its shape's
//! rows and columns, its squares as a hexadecimal number (bit `row * columns + column`), and
//! its claimed value; last, the number of positions, so that a cut file is refused. (Knights
//! 3x3: the centre, which no knight reaches, is worth 1; the ring of eight around it, 0.)

pub(crate) mod shape;

use std::collections::HashMap;
use std::fmt;
use std::io::{BufRead, Read};

use shape::{canonical, option_after, parse_shape, parse_size, parts, Attack, Cell, MAX_LEAP};

/// The first word of a certificate.
pub const FORMAT: &str = "grundy-certificate";

/// The version of the format this checker reads and the writer writes.
pub const VERSION: u32 = 1;

/// The longest line a certificate may hold: a 16x16 shape in 64 hexadecimal digits with its
/// size and value takes under 80.
const MAX_LINE: usize = 200;

/// Bytes a listed position costs the checker besides its squares and its text: the table's
/// slot and the list's entry, each up to twice their size as the two grow by doubling, and
/// the allocator's least block for each of the two boxes. Set from the peak memory of checks
/// of two million positions, so that `--memory` bounds what the process takes.
const ENTRY_OVERHEAD: u64 = 176;

/// Lines read between chances to stop while the file is read: a file of many lines takes
/// seconds to read before the first position is checked.
const LINES_BETWEEN_STOPS: u64 = 1 << 16;

/// Why a certificate was not verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckError {
    /// The file is not a certificate this checker reads (a bad input).
    Malformed {
        /// The line, from 1; 0 for the file as a whole.
        line: u64,
        /// What is wrong and what was expected.
        message: String,
    },
    /// The certificate would take more memory than the check may use (a bad input).
    TooLarge {
        /// The line at which the limit was passed.
        line: u64,
        /// The limit, in bytes.
        limit: u64,
    },
    /// A claim does not hold one move deep: the certificate proves nothing.
    Refused {
        /// The game the certificate is about, as its header names it.
        game: String,
        /// The line of the position whose claim fails.
        line: u64,
        /// The position, its claim and what fails.
        message: String,
    },
    /// The check was stopped before it was finished.
    Stopped,
}

impl CheckError {
    /// The error, a refusal naming `game`.
    fn about(self, game: &str) -> CheckError {
        match self {
            CheckError::Refused { line, message, .. } => CheckError::Refused {
                game: game.to_string(),
                line,
                message,
            },
            other => other,
        }
    }

    /// Whether the certificate was read and found wrong, rather than unreadable or too large.
    #[must_use]
    pub fn is_refusal(&self) -> bool {
        matches!(self, CheckError::Refused { .. })
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Malformed { line: 0, message } => {
                write!(f, "not a certificate: {message}")
            }
            CheckError::Malformed { line, message } => {
                write!(f, "not a certificate: line {line}: {message}")
            }
            CheckError::TooLarge { line, limit } => write!(
                f,
                "the certificate needs more than {limit} bytes to check (at line {line}): allow more with --memory"
            ),
            CheckError::Refused { line, message, .. } => {
                write!(f, "refused: line {line}: {message}")
            }
            CheckError::Stopped => f.write_str("the check was stopped"),
        }
    }
}

impl std::error::Error for CheckError {}

/// What a verified certificate proves, and what checking it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// The game, as the certificate names it (`knights 7x7`).
    pub game: String,
    /// The nim-value of its empty board, now proved.
    pub value: u16,
    /// The positions listed (each claim verified).
    pub positions: u64,
    /// The options the checker generated and looked up, the replies it tried included.
    pub options: u64,
    /// The memory the listed positions took, in bytes (as the limit counts it).
    pub bytes: u64,
}

/// What the check has done so far, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckProgress {
    /// Positions verified.
    pub done: u64,
    /// Positions listed; 0 while the file is still being read.
    pub total: u64,
}

/// The certificate's first lines: the format, the game and the claimed value.
#[must_use]
pub fn header(game: &str, value: u16) -> String {
    format!("{FORMAT} {VERSION}\ngame {game}\nvalue {value}\n")
}

/// The line of one listed position (`RxC HEX VALUE`), its squares given by row and column.
#[must_use]
pub fn entry_line(squares: &[(u8, u8)], value: u16) -> String {
    let cells: Vec<Cell> = squares
        .iter()
        .map(|&(row, col)| Cell { row, col })
        .collect();
    format!("{} {value}\n", shape::shape_text(&cells))
}

/// The last line: how many positions were listed.
#[must_use]
pub fn end_line(positions: u64) -> String {
    format!("end {positions}\n")
}

/// The form by which a position of free squares (rows and columns below 16) is listed: two
/// positions with the same form are the same game, and a certificate lists each form once.
#[must_use]
pub fn listing_key(squares: &[(u8, u8)]) -> Vec<u8> {
    let cells: Vec<Cell> = squares
        .iter()
        .map(|&(row, col)| Cell { row, col })
        .collect();
    canonical(&cells)
}

/// The game a certificate is about, read from its header.
struct Header {
    game: String,
    attack: Attack,
    rows: usize,
    cols: usize,
    value: u16,
}

/// A listed claim: the value, and the line that made it.
#[derive(Clone, Copy)]
struct Claim {
    value: u16,
    line: u64,
}

/// Reads the certificate from `reader` and verifies it, taking at most `memory_limit` bytes
/// for the listed positions. `progress` hears how far the check is, now and then, and stops
/// it by returning `false`.
pub fn check(
    reader: impl BufRead,
    memory_limit: u64,
    progress: &mut dyn FnMut(CheckProgress) -> bool,
) -> Result<Verified, CheckError> {
    let mut lines = Lines {
        reader,
        number: 0,
        buffer: Vec::new(),
    };
    let header = read_header(&mut lines)?;
    let (claims, order, bytes) = read_entries(&mut lines, memory_limit, progress)
        .map_err(|error| error.about(&header.game))?;
    let total = order.len() as u64;
    let mut options = 0;
    for (done, (written, claim)) in order.iter().enumerate() {
        if done % 1024 == 0
            && !progress(CheckProgress {
                done: done as u64,
                total,
            })
        {
            return Err(CheckError::Stopped);
        }
        options += check_claim(header.attack, &claims, written, *claim)
            .map_err(|error| error.about(&header.game))?;
    }
    check_root(&header, &claims).map_err(|error| error.about(&header.game))?;
    progress(CheckProgress { done: total, total });
    Ok(Verified {
        game: header.game,
        value: header.value,
        positions: total,
        options,
        bytes,
    })
}

/// The lines of a certificate, each read with a bound on its length.
struct Lines<R> {
    reader: R,
    number: u64,
    buffer: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    /// The next line without its end, or `None` at the end of the file.
    fn next(&mut self) -> Result<Option<&str>, CheckError> {
        self.buffer.clear();
        self.number += 1;
        let line = self.number;
        let read = (&mut self.reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut self.buffer)
            .map_err(|error| CheckError::Malformed {
                line,
                message: format!("cannot read it: {error}"),
            })?;
        if read == 0 {
            return Ok(None);
        }
        if self.buffer.last() == Some(&b'\n') {
            self.buffer.pop();
            if self.buffer.last() == Some(&b'\r') {
                self.buffer.pop();
            }
        } else if self.buffer.len() > MAX_LINE {
            return Err(CheckError::Malformed {
                line,
                message: format!("longer than {MAX_LINE} bytes"),
            });
        }
        // Printable ASCII only, as the writer writes it: the messages quote lines, and a
        // control character quoted would reach the reader's terminal.
        if let Some(at) = self
            .buffer
            .iter()
            .position(|byte| !(b' '..=b'~').contains(byte))
        {
            return Err(CheckError::Malformed {
                line,
                message: format!(
                    "byte {} is {:#04x}: a certificate is printable ASCII text",
                    at + 1,
                    self.buffer[at]
                ),
            });
        }
        Ok(Some(
            std::str::from_utf8(&self.buffer).expect("printable ASCII is UTF-8"),
        ))
    }

    /// The next line, which must be there.
    fn expect(&mut self, what: &str) -> Result<(u64, String), CheckError> {
        let number = self.number + 1;
        match self.next()? {
            Some(text) => Ok((number, text.to_string())),
            None => Err(CheckError::Malformed {
                line: number,
                message: format!("the file ends where {what} was expected"),
            }),
        }
    }
}

fn malformed(line: u64, message: String) -> CheckError {
    CheckError::Malformed { line, message }
}

/// Reads the format line, the game and the claimed value.
fn read_header(lines: &mut Lines<impl BufRead>) -> Result<Header, CheckError> {
    let (line, text) = lines.expect("the format line")?;
    if text != format!("{FORMAT} {VERSION}") {
        return Err(malformed(
            line,
            format!(
                "`{text}`: expected `{FORMAT} {VERSION}` (this checker reads version {VERSION})"
            ),
        ));
    }
    let (line, text) = lines.expect("the game")?;
    let words: Vec<&str> = text.split(' ').collect();
    let ["game", piece, size] = words[..] else {
        return Err(malformed(
            line,
            format!("`{text}`: expected `game PIECES ROWSxCOLS` such as `game knights 7x7`"),
        ));
    };
    let attack = Attack::named(piece).ok_or_else(|| {
        malformed(
            line,
            format!("`{piece}`: expected knights, kings, bishops, rooks, queens, camels, zebras, giraffes or leaper:A,B with A and B from 0 to {MAX_LEAP}, not both 0"),
        )
    })?;
    let (rows, cols) = parse_size(size).map_err(|message| malformed(line, message))?;
    let (line, text) = lines.expect("the claimed value")?;
    let value = text
        .strip_prefix("value ")
        .and_then(|value| parse_value(value, rows * cols).ok())
        .ok_or_else(|| {
            malformed(
                line,
                format!(
                    "`{text}`: expected `value N`, N a nim-value from 0 to {}",
                    rows * cols
                ),
            )
        })?;
    Ok(Header {
        game: format!("{piece} {size}"),
        attack,
        rows,
        cols,
        value,
    })
}

/// A nim-value written in decimal, at most `most` (a position of `most` squares has at most
/// `most` options, so no larger value is possible): `Err(Some(value))` for a number past
/// that, a claim no such position can have; `Err(None)` for text that is no such number.
fn parse_value(text: &str, most: usize) -> Result<u16, Option<u64>> {
    let value: u64 = shape::decimal(text).ok_or(None)?;
    match u16::try_from(value) {
        Ok(narrow) if value <= most as u64 => Ok(narrow),
        _ => Err(Some(value)),
    }
}

/// The listed claims by canonical form, the positions as written (`4x4 1408`) in file order,
/// and the bytes they take. A refusal names a position as its line writes it, which the
/// canonical form, an image of it under some symmetry, need not be.
type Entries = (HashMap<Box<[u8]>, Claim>, Vec<(Box<str>, Claim)>, u64);

/// Reads the listed positions up to the end line, refusing a position listed twice (the
/// writer lists each once; repeats would let a file of endless lines be read for ever) and a
/// claim no position of its squares can have. `progress` may stop the reading.
fn read_entries(
    lines: &mut Lines<impl BufRead>,
    memory_limit: u64,
    progress: &mut dyn FnMut(CheckProgress) -> bool,
) -> Result<Entries, CheckError> {
    let mut claims: HashMap<Box<[u8]>, Claim> = HashMap::new();
    let mut order: Vec<(Box<str>, Claim)> = Vec::new();
    let mut bytes = 0u64;
    loop {
        let (line, text) = lines.expect("a position or the end line")?;
        if line % LINES_BETWEEN_STOPS == 0 && !progress(CheckProgress { done: 0, total: 0 }) {
            return Err(CheckError::Stopped);
        }
        let words: Vec<&str> = text.split(' ').collect();
        if let ["end", count] = words[..] {
            if shape::decimal::<u64>(count) != Some(order.len() as u64) {
                return Err(malformed(
                    line,
                    format!("`{text}`: the certificate lists {} positions", order.len()),
                ));
            }
            // Blank lines after the end line are an editor's, not a claim: skipped, with the
            // same stops as the positions so that a stream of them can be ended.
            while let Some(after) = lines.next()? {
                if !after.trim().is_empty() {
                    return Err(malformed(
                        lines.number,
                        "text after the end line".to_string(),
                    ));
                }
                if lines.number % LINES_BETWEEN_STOPS == 0
                    && !progress(CheckProgress { done: 0, total: 0 })
                {
                    return Err(CheckError::Stopped);
                }
            }
            return Ok((claims, order, bytes));
        }
        let [size, squares, value] = words[..] else {
            return Err(malformed(
                line,
                format!("`{text}`: expected `ROWSxCOLS HEX VALUE` or `end COUNT`"),
            ));
        };
        let cells = parse_shape(size, squares).map_err(|message| malformed(line, message))?;
        let value = match parse_value(value, cells.len()) {
            Ok(value) => value,
            Err(Some(impossible)) => {
                return Err(CheckError::Refused {
                    game: String::new(),
                    line,
                    message: format!(
                        "the position {size} {squares} is claimed worth {impossible}, more than its {} squares allow (it has at most one option a square)",
                        cells.len()
                    ),
                })
            }
            Err(None) => {
                return Err(malformed(
                    line,
                    format!("the value `{value}`: expected a nim-value in decimal"),
                ))
            }
        };
        let form: Box<[u8]> = canonical(&cells).into_boxed_slice();
        let claim = Claim { value, line };
        match claims.get(&form) {
            Some(earlier) if earlier.value != value => {
                return Err(CheckError::Refused {
                    game: String::new(),
                    line,
                    message: format!(
                        "the position {size} {squares} is claimed worth {} here and {} at line {}",
                        value, earlier.value, earlier.line
                    ),
                })
            }
            Some(earlier) => {
                return Err(malformed(
                    line,
                    format!(
                        "the position {size} {squares} is listed again (first at line {}, maybe as its mirror image or a turn of it)",
                        earlier.line
                    ),
                ))
            }
            None => {}
        }
        let written: Box<str> = format!("{size} {squares}").into_boxed_str();
        bytes += (form.len() + written.len()) as u64 + ENTRY_OVERHEAD;
        if bytes > memory_limit {
            return Err(CheckError::TooLarge {
                line,
                limit: memory_limit,
            });
        }
        claims.insert(form, claim);
        order.push((written, claim));
    }
}

/// A square of a position as messages name it: row and column within the position's shape
/// as its line writes it, from 1.
fn square_text(cell: Cell) -> String {
    format!("row {} column {}", cell.row + 1, cell.col + 1)
}

/// The nim-sum of the claims of `parts` listed before line `before`, and the parts that are
/// not listed there.
fn sum_of_listed(
    claims: &HashMap<Box<[u8]>, Claim>,
    parts: Vec<Vec<Cell>>,
    before: u64,
) -> (u16, Vec<Vec<Cell>>) {
    let mut sum = 0;
    let mut unlisted = Vec::new();
    for part in parts {
        match claims.get(canonical(&part).as_slice()) {
            Some(claim) if claim.line < before => sum ^= claim.value,
            _ => unlisted.push(part),
        }
    }
    (sum, unlisted)
}

/// Checks one claim one move deep ((a) and (b) of the module's description); returns the
/// options it looked at.
fn check_claim(
    attack: Attack,
    claims: &HashMap<Box<[u8]>, Claim>,
    written: &str,
    claim: Claim,
) -> Result<u64, CheckError> {
    let cells = written
        .split_once(' ')
        .ok_or_else(|| "no squares".to_string())
        .and_then(|(size, squares)| parse_shape(size, squares))
        .map_err(|message| malformed(claim.line, message))?;
    let value = claim.value;
    let refuse = |message: String| CheckError::Refused {
        game: String::new(),
        line: claim.line,
        message: format!("the position {written} is claimed worth {value}, but {message}"),
    };
    let mut reached = vec![false; usize::from(value)];
    let mut options = 0u64;
    for index in 0..cells.len() {
        options += 1;
        let (sum, unlisted) = sum_of_listed(
            claims,
            parts(attack, &option_after(attack, &cells, index)),
            claim.line,
        );
        let placed = square_text(cells[index]);
        match unlisted.as_slice() {
            [] if sum == value => {
                return Err(refuse(format!(
                    "a piece on {placed} leaves parts whose claims nim-add to {value} too"
                )))
            }
            [] => {
                if let Some(seen) = reached.get_mut(usize::from(sum)) {
                    *seen = true;
                }
            }
            [open] => {
                let target = value ^ sum;
                let (found, tried) = has_reply_worth(attack, claims, open, target, claim.line);
                options += tried;
                if !found {
                    return Err(refuse(format!(
                        "a piece on {placed} leaves a part that is not listed ({}) and no move in it leaves claims that nim-add to {target}",
                        shape::shape_text(open)
                    )));
                }
            }
            more => {
                return Err(refuse(format!(
                    "a piece on {placed} leaves {} parts that are not listed",
                    more.len()
                )))
            }
        }
    }
    match reached.iter().position(|&seen| !seen) {
        Some(missing) => Err(refuse(format!(
            "no option is shown to be worth {missing} (every part of it listed)"
        ))),
        None => Ok(options),
    }
}

/// Whether some move in `part` leaves parts, all listed, whose claims nim-add to `target`;
/// and the moves tried.
fn has_reply_worth(
    attack: Attack,
    claims: &HashMap<Box<[u8]>, Claim>,
    part: &[Cell],
    target: u16,
    before: u64,
) -> (bool, u64) {
    for index in 0..part.len() {
        let (sum, unlisted) = sum_of_listed(
            claims,
            parts(attack, &option_after(attack, part, index)),
            before,
        );
        if unlisted.is_empty() && sum == target {
            return (true, index as u64 + 1);
        }
    }
    (false, part.len() as u64)
}

/// Checks that the claims for the parts of the empty board nim-add to the claimed answer.
fn check_root(header: &Header, claims: &HashMap<Box<[u8]>, Claim>) -> Result<(), CheckError> {
    let board = shape::whole_board(header.rows, header.cols);
    let (sum, unlisted) = sum_of_listed(claims, parts(header.attack, &board), u64::MAX);
    if let Some(part) = unlisted.first() {
        return Err(CheckError::Refused {
            game: String::new(),
            line: 3,
            message: format!(
                "a part of the empty board ({}) is not listed",
                shape::shape_text(part)
            ),
        });
    }
    if sum != header.value {
        return Err(CheckError::Refused {
            game: String::new(),
            line: 3,
            message: format!(
                "the empty board is claimed worth {}, but the claims of its parts nim-add to {sum}",
                header.value
            ),
        });
    }
    Ok(())
}
