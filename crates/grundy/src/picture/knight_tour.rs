//! A knight's tour as a path over a chequered board.

use std::fmt::Write;

use crate::notation::column_letters;
use crate::tour::Tour;

/// The most squares [`tour`] draws (`crate::tour::MAX_DRAWN_TOUR_SQUARES`, where the text
/// of a tour answer reads it too).
pub const MAX_TOUR_SQUARES: usize = crate::tour::MAX_DRAWN_TOUR_SQUARES;

/// The margins around the board: the title above, the row numbers on the left and the column
/// letters below.
const TITLE_HEIGHT: f64 = 28.0;
const LEFT_MARGIN: f64 = 36.0;
const BOTTOM_MARGIN: f64 = 20.0;

/// The tour as a path over a chequered board, from a green disc at its first square to a red
/// one at its last (back to the first when it is closed), under a title naming the board, the
/// kind of tour and its first square, with the rows numbered (row 1 at the top) and the columns
/// lettered as squares are named. `None` past [`MAX_TOUR_SQUARES`] squares.
#[must_use]
pub fn tour(tour: &Tour) -> Option<String> {
    let board = tour.board();
    let (&first, &last) = (tour.path().first()?, tour.path().last()?);
    if board.squares() > MAX_TOUR_SQUARES {
        return None;
    }
    let cell = if board.squares() <= 4096 { 40.0 } else { 8.0 };
    let (board_width, board_height) = (
        f64::from(board.cols()) * cell,
        f64::from(board.rows()) * cell,
    );
    let title = format!(
        "{} knight's tour of {board} from {}",
        if tour.is_closed() {
            "A closed"
        } else {
            "An open"
        },
        board.square_name(first)
    );
    // About 7 pixels a character at 13 px: the picture is at least as wide as its title.
    let width = (LEFT_MARGIN + board_width + 8.0).max(LEFT_MARGIN + 7.0 * title.len() as f64);
    let height = TITLE_HEIGHT + board_height + BOTTOM_MARGIN;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{LEFT_MARGIN}" y="18" font-size="13">{}</text>"#,
        super::escape(&title)
    );
    let _ = writeln!(
        out,
        r##"<rect x="{LEFT_MARGIN}" y="{TITLE_HEIGHT}" width="{board_width}" height="{board_height}" fill="#f0d9b5"/>"##
    );
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            if (row + col) % 2 == 1 {
                let _ = writeln!(
                    out,
                    r##"<rect x="{}" y="{}" width="{cell}" height="{cell}" fill="#b58863"/>"##,
                    LEFT_MARGIN + f64::from(col) * cell,
                    TITLE_HEIGHT + f64::from(row) * cell
                );
            }
        }
    }
    // Every row and column labelled on a small board; on a large one about twenty of each.
    let step = |count: u32| {
        if cell >= 40.0 {
            1
        } else {
            count.div_ceil(20).max(1)
        }
    };
    for row in (0..board.rows()).step_by(step(board.rows()) as usize) {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
            LEFT_MARGIN - 4.0,
            TITLE_HEIGHT + (f64::from(row) + 0.5) * cell + 4.0,
            row + 1
        );
    }
    for col in (0..board.cols()).step_by(step(board.cols()) as usize) {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
            LEFT_MARGIN + (f64::from(col) + 0.5) * cell,
            TITLE_HEIGHT + board_height + 14.0,
            column_letters(u64::from(col))
        );
    }
    let centre = |square: u32| {
        let (row, col) = board.position(square);
        (
            LEFT_MARGIN + (f64::from(col) + 0.5) * cell,
            TITLE_HEIGHT + (f64::from(row) + 0.5) * cell,
        )
    };
    let mut points = String::new();
    for &square in tour.path() {
        let (x, y) = centre(square);
        let _ = write!(points, "{x},{y} ");
    }
    if tour.is_closed() {
        let (x, y) = centre(first);
        let _ = write!(points, "{x},{y}");
    }
    let stroke = (cell / 12.0).max(1.0);
    let _ = writeln!(
        out,
        r##"<polyline points="{}" fill="none" stroke="#1f3a93" stroke-width="{stroke}" stroke-linejoin="round"/>"##,
        points.trim_end()
    );
    let (x, y) = centre(first);
    let _ = writeln!(
        out,
        r##"<circle cx="{x}" cy="{y}" r="{}" fill="#2e8b57"/>"##,
        cell / 5.0
    );
    let (x, y) = centre(last);
    let _ = writeln!(
        out,
        r##"<circle cx="{x}" cy="{y}" r="{}" fill="#c0392b"/>"##,
        cell / 5.0
    );
    out.push_str("</svg>\n");
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::super::tests::well_formed_elements;
    use crate::tour::divide;

    #[test]
    fn a_tour_has_its_title_and_the_squares_names() {
        let board = "6x8".parse().unwrap();
        let found = divide::construct(board, true, None).unwrap();
        let svg = super::tour(&found).unwrap();
        well_formed_elements(&svg).unwrap();
        assert!(svg.contains("A closed knight's tour of 6x8 from "), "{svg}");
        for label in [">1</text>", ">6</text>", ">a</text>", ">h</text>"] {
            assert!(svg.contains(label), "{label}");
        }
        assert!(!svg.contains(">7</text>") && !svg.contains(">i</text>"));
    }
}
