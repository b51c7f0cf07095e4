//! Tours read back from text: the JSON a tour answer is written as, the text it is printed as
//! (a first line naming the tour, column letters, rows of move numbers each after its row
//! number), or bare rows of move numbers. What is read is checked by `super::verify`.

use super::TourBoard;

/// A board, the squares of a path on it in order, and whether the text says the tour is
/// closed.
pub(crate) type ReadTour = (TourBoard, ReadPath, Option<bool>);

/// The squares a tour's text gives, in order, as far as they make a path. A text read whole
/// whose numbers make no path (a move off the board, a move number written twice) is not a
/// tour, as a path with a square visited twice is not; a text that cannot be read is an error.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct ReadPath {
    /// The squares before the first that makes no path (all of them when every one does).
    pub(crate) squares: Vec<u32>,
    /// Why the next square makes no path.
    pub(crate) broken: Option<String>,
}

/// Whether a tour's text is JSON, from its first bytes: the first that is not white space is
/// `{`.
#[must_use]
pub(crate) fn is_json_tour(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .find(|byte| !byte.is_ascii_whitespace())
        .is_some_and(|&byte| byte == b'{')
}

/// The largest tour read from a JSON file, in squares (10000x10000).
pub(crate) const MAX_JSON_TOUR_SQUARES: u64 = 100_000_000;

/// Tour files are read whole, so they are refused beyond what a tour answer's JSON takes for
/// a tour of [`MAX_JSON_TOUR_SQUARES`] (about 14 bytes a square).
pub(crate) const MAX_TOUR_FILE_BYTES: u64 = MAX_JSON_TOUR_SQUARES * 16;

/// Text grids are read word by word (some 20 bytes a word in memory); the command line draws
/// boards up to 10000 squares, and this leaves room for grids far larger, written by hand.
pub(crate) const MAX_TEXT_TOUR_BYTES: u64 = 64 << 20;

/// The UTF-8 byte-order mark some editors put at the start of a text file: not part of the
/// tour.
const UTF8_BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// How many bytes at the start of a tour file tell its kind, JSON or text, and whether it is
/// binary: a front end reads these first.
pub const FIRST_TOUR_BYTES: u64 = 4096;

/// The most bytes of a tour file's text its kind allows, from its first bytes:
/// [`MAX_TOUR_FILE_BYTES`] for JSON, [`MAX_TEXT_TOUR_BYTES`] for text.
fn tour_file_limit(bytes: &[u8]) -> u64 {
    let first = &bytes[..bytes.len().min(FIRST_TOUR_BYTES as usize)];
    if is_json_tour(without_byte_order_mark(first)) {
        MAX_TOUR_FILE_BYTES
    } else {
        MAX_TEXT_TOUR_BYTES
    }
}

/// How many bytes of a tour file to read at most, from its first [`FIRST_TOUR_BYTES`]: one
/// past what its kind allows (and a byte-order mark), so that a file too long is told. A
/// front end reads no more, whatever the file says its size is: a device such as `/dev/zero`
/// says 0.
#[must_use]
pub fn tour_file_read_limit(first_bytes: &[u8]) -> u64 {
    let mark = (first_bytes.len() - without_byte_order_mark(first_bytes).len()) as u64;
    tour_file_limit(first_bytes) + 1 + mark
}

fn without_byte_order_mark(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(UTF8_BYTE_ORDER_MARK).unwrap_or(bytes)
}

/// Refuses the bytes read of a tour file, its first bytes or all of it, when they are not
/// text: binary files (a NUL byte) are refused at their first bytes.
///
/// # Errors
/// What follows the file's name in the refusal: where the NUL byte is.
pub fn refuse_binary_tour(bytes: &[u8]) -> Result<(), String> {
    match without_byte_order_mark(bytes)
        .iter()
        .position(|&byte| byte == 0)
    {
        Some(offset) => Err(format!(
            "is not text: byte {offset} is NUL; give a tour as `grundy tour` prints it (text or --json)"
        )),
        None => Ok(()),
    }
}

/// The text of a tour file read up to its [`tour_file_read_limit`]: a leading byte-order
/// mark dropped.
///
/// # Errors
/// What follows the file's name in the refusal: the file is too long for its kind, binary,
/// or not UTF-8.
pub fn tour_file_text(mut bytes: Vec<u8>) -> Result<String, String> {
    let limit = tour_file_limit(&bytes);
    if bytes.starts_with(UTF8_BYTE_ORDER_MARK) {
        bytes.drain(..UTF8_BYTE_ORDER_MARK.len());
    }
    if bytes.len() as u64 > limit {
        return Err(if limit == MAX_TOUR_FILE_BYTES {
            format!("has more than {limit} bytes: JSON tours are limited to {limit} bytes (a {MAX_JSON_TOUR_SQUARES}-square tour as `grundy tour --json` writes it)")
        } else {
            format!("has more than {limit} bytes: text tours are limited to {limit} bytes (JSON tours to {MAX_TOUR_FILE_BYTES})")
        });
    }
    refuse_binary_tour(&bytes)?;
    String::from_utf8(bytes).map_err(|error| {
        format!(
            "is not UTF-8 text (byte {} is not part of a character)",
            error.utf8_error().valid_up_to()
        )
    })
}

/// The tour in `text`, JSON or text as [`is_json_tour`] tells.
///
/// # Errors
/// What in the text is not a tour, in words.
pub(crate) fn read_tour(text: &str) -> Result<ReadTour, String> {
    if is_json_tour(text.as_bytes()) {
        read_json_tour(text)
    } else {
        read_text_tour(text)
    }
}

/// The keys of a JSON tour that `verify` reads; others (`method`, `seconds`, ...) are passed
/// over. Read straight into pairs: 8 bytes a square, where a `serde_json::Value` takes about
/// a hundred.
#[derive(serde::Deserialize)]
struct JsonTour {
    path: Vec<(u32, u32)>,
    rows: Option<u32>,
    cols: Option<u32>,
    closed: Option<bool>,
}

fn read_json_tour(text: &str) -> Result<ReadTour, String> {
    let tour: JsonTour = serde_json::from_str(text).map_err(|error| {
        format!("not a JSON tour ({}): expected {{\"path\": [[row, column], ...]}} with rows and columns from 1", crate::serde_words::in_words(&error.to_string()))
    })?;
    let coordinates = tour.path;
    if coordinates.is_empty() {
        return Err("the path is empty".to_string());
    }
    if let Some(at) = coordinates
        .iter()
        .position(|&(row, col)| row == 0 || col == 0)
    {
        let (row, col) = coordinates[at];
        return Err(format!(
            "path entry {} is [{row}, {col}]: rows and columns are counted from 1",
            at + 1
        ));
    }
    let rows = tour
        .rows
        .unwrap_or_else(|| coordinates.iter().map(|&(row, _)| row).max().unwrap_or(1));
    let cols = tour
        .cols
        .unwrap_or_else(|| coordinates.iter().map(|&(_, col)| col).max().unwrap_or(1));
    let board = TourBoard::new(rows, cols).map_err(|error| error.to_string())?;
    let mut path = ReadPath {
        squares: Vec::with_capacity(coordinates.len()),
        broken: None,
    };
    for (at, &(row, col)) in coordinates.iter().enumerate() {
        if row > rows || col > cols {
            path.broken = Some(format!(
                "move {} is to [{row}, {col}], which is off the {board} board",
                at + 1
            ));
            break;
        }
        path.squares.push(board.index(row - 1, col - 1));
    }
    Ok((board, path, tour.closed))
}

/// A tour as text: what `grundy tour` prints (a first line naming the tour, column letters,
/// rows of move numbers each after its row number, then `verified ...` lines), or bare rows of
/// move numbers. Lines of words before and after the grid are passed over; inside it they are
/// an error, as is any word in a row.
fn read_text_tour(text: &str) -> Result<ReadTour, String> {
    let lines: Vec<(usize, Vec<&str>)> = text
        .lines()
        .enumerate()
        .map(|(at, line)| (at + 1, line.split_whitespace().collect::<Vec<_>>()))
        .filter(|(_, words)| !words.is_empty())
        .collect();
    let starts_with_number =
        |words: &[&str]| words[0].chars().next().is_some_and(|c| c.is_ascii_digit());
    let Some(first_row) = lines
        .iter()
        .position(|(_, words)| starts_with_number(words))
    else {
        return Err(if text.contains("too many to draw") {
            "the tour is summarised, not drawn (boards of more than 10000 squares): give it as JSON, which lists every square (what a `tour` request and `grundy tour --json` answer)".to_string()
        } else {
            "no rows of move numbers: expected a JSON tour, the text `grundy tour` prints, or rows of move numbers".to_string()
        });
    };
    let last_row = lines
        .iter()
        .rposition(|(_, words)| starts_with_number(words))
        .expect("there is a first row");
    if let Some((line, words)) = lines[first_row..=last_row]
        .iter()
        .find(|(_, words)| !starts_with_number(words))
    {
        return Err(format!(
            "line {line} (`{}`) interrupts the rows of move numbers",
            words.join(" ")
        ));
    }
    let before = &lines[..first_row];
    // What the printed tour claims: "closed knight's tour of 8x8 ..." and the column letters.
    let mut claimed_closed = None;
    let mut claimed_board = None;
    for (_, words) in before {
        if words.len() >= 5 && words[1] == "knight's" && words[2] == "tour" && words[3] == "of" {
            claimed_closed = match words[0] {
                "closed" => Some(true),
                "open" => Some(false),
                _ => None,
            };
            claimed_board = Some(words[4].trim_end_matches(',').to_string());
        }
    }
    let letters = before
        .last()
        .map(|(_, words)| words.clone())
        .filter(|words| {
            words
                .iter()
                .all(|word| word.chars().all(|c| c.is_ascii_lowercase()))
        });
    let mut rows: Vec<Vec<&str>> = lines[first_row..=last_row]
        .iter()
        .map(|(_, words)| words.clone())
        .collect();
    if let Some(letters) = &letters {
        // Printed rows carry their row number first, one word more than the column letters.
        for (at, row) in rows.iter_mut().enumerate() {
            if row.len() == letters.len() + 1 {
                if row[0] != (at + 1).to_string() {
                    return Err(format!(
                        "row {} is labelled `{}`: expected its row number {}",
                        at + 1,
                        row[0],
                        at + 1
                    ));
                }
                row.remove(0);
            }
        }
        if let Some((at, row)) = rows
            .iter()
            .enumerate()
            .find(|(_, row)| row.len() != letters.len())
        {
            return Err(format!(
                "row {} has {} numbers but there are {} column letters",
                at + 1,
                row.len(),
                letters.len()
            ));
        }
    }
    let (board, path, _) = read_grid_rows(&rows)?;
    if let Some(letters) = &letters {
        let expected: Vec<String> = (0..board.cols())
            .map(|col| {
                let name = board.square_name(board.index(0, col));
                name.trim_end_matches(|c: char| c.is_ascii_digit())
                    .to_string()
            })
            .collect();
        if *letters != expected {
            return Err(format!(
                "the column letters `{}` are not those of the {board} board",
                letters.join(" ")
            ));
        }
    }
    if let Some(claimed) = claimed_board {
        if claimed != board.to_string() {
            return Err(format!(
                "the first line says the board is {claimed}, but the grid is {board}"
            ));
        }
    }
    Ok((board, path, claimed_closed))
}

/// Rows of move numbers, each row as many as the first.
fn read_grid_rows(rows: &[Vec<&str>]) -> Result<ReadTour, String> {
    let cols = rows[0].len();
    if let Some((at, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != cols) {
        return Err(format!(
            "row {} has {} numbers but row 1 has {cols}: every row of the grid must be as long",
            at + 1,
            row.len()
        ));
    }
    let board =
        TourBoard::new(rows.len() as u32, cols as u32).map_err(|error| error.to_string())?;
    let squares = board.squares();
    // Each number's square; the first number out of range or written twice is kept, and the
    // rest read on, since a word further on makes the text unreadable, which comes first.
    let mut at_number: Vec<Option<u32>> = vec![None; squares];
    let mut broken = None;
    for (row, line) in rows.iter().enumerate() {
        for (col, token) in line.iter().enumerate() {
            let square = board.index(row as u32, col as u32);
            let number: usize = token.parse().map_err(|_| {
                format!(
                    "square {} holds `{token}`: expected a move number from 1 to {squares}",
                    board.square_name(square)
                )
            })?;
            if broken.is_some() {
                continue;
            }
            if number == 0 || number > squares {
                broken = Some(format!(
                    "square {} holds {number}: a move number is from 1 to {squares}",
                    board.square_name(square)
                ));
            } else if let Some(earlier) = at_number[number - 1] {
                broken = Some(format!(
                    "move {number} is written on two squares, {} and {}",
                    board.square_name(earlier),
                    board.square_name(square)
                ));
            } else {
                at_number[number - 1] = Some(square);
            }
        }
    }
    let path = match broken {
        Some(broken) => ReadPath {
            squares: Vec::new(),
            broken: Some(broken),
        },
        // Every number appears once: as many squares as numbers, and none repeats.
        None => ReadPath {
            squares: at_number.into_iter().flatten().collect(),
            broken: None,
        },
    };
    Ok((board, path, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::verify::verify;

    #[test]
    fn a_tour_file_is_read_as_far_as_its_kind_allows_and_binary_is_refused() {
        let marked = b"\xef\xbb\xbf{\"path\": []}".to_vec();
        assert_eq!(tour_file_read_limit(&marked), MAX_TOUR_FILE_BYTES + 4);
        assert_eq!(tour_file_read_limit(b"1 2"), MAX_TEXT_TOUR_BYTES + 1);
        assert_eq!(tour_file_text(marked).unwrap(), "{\"path\": []}");
        let binary = b"\xef\xbb\xbf1 2\0".to_vec();
        let refusal = refuse_binary_tour(&binary).unwrap_err();
        assert!(refusal.contains("byte 3 is NUL"), "{refusal}");
        assert_eq!(tour_file_text(binary).unwrap_err(), refusal);
        let too_long = vec![b' '; MAX_TEXT_TOUR_BYTES as usize + 1];
        let refusal = tour_file_text(too_long).unwrap_err();
        assert!(refusal.contains("text tours are limited to"), "{refusal}");
        let refusal = tour_file_text(b"1 \xff".to_vec()).unwrap_err();
        assert!(
            refusal.contains("byte 2 is not part of a character"),
            "{refusal}"
        );
    }

    #[test]
    fn grids_read_back() {
        let (board, path, _) = read_text_tour("1 4 7 10\n8 11 2 5\n3 6 9 12\n").unwrap();
        assert_eq!(board.to_string(), "3x4");
        assert_eq!(verify(board, &path.squares, false), Ok(()));
        // A grid read whole but holding no path is no tour; one not read whole is an error.
        let (_, path, _) = read_text_tour("1 4 7 10\n8 11 2 5\n3 6 9 9\n").unwrap();
        assert_eq!(
            path.broken.as_deref(),
            Some("move 9 is written on two squares, c3 and d3")
        );
        let (_, path, _) = read_text_tour("1 4 7 10\n8 11 2 5\n3 6 99 12\n").unwrap();
        assert_eq!(
            path.broken.as_deref(),
            Some("square c3 holds 99: a move number is from 1 to 12")
        );
        let error = read_text_tour("1 4 7 10\n8 11 2 5\n3 6 99 x\n").unwrap_err();
        assert_eq!(
            error,
            "square d3 holds `x`: expected a move number from 1 to 12"
        );
    }

    #[test]
    fn json_is_told_by_its_first_brace() {
        assert!(is_json_tour(b"  \n{\"path\": []}"));
        assert!(!is_json_tour(b"1 4 7 10"));
        let (board, path, closed) =
            read_tour(r#"{"rows":1,"cols":1,"path":[[1,1]],"closed":false}"#).unwrap();
        assert_eq!(
            (board.to_string(), path, closed),
            (
                "1x1".to_string(),
                ReadPath {
                    squares: vec![0],
                    broken: None
                },
                Some(false)
            )
        );
        let error = read_tour(r#"{"path":[[1,1],[-1,2]]}"#).unwrap_err();
        assert!(
            error.contains("integer `-1`, expected a whole number from 0 to 4294967295"),
            "{error}"
        );
    }
}
