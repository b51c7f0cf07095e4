//! A knight's tour as a path over a chequered board.

use std::fmt::Write;

use crate::tour::Tour;

/// The most squares [`tour`] draws: each dark square is an element of its own, some 5 MB of
/// text at this bound.
pub const MAX_TOUR_SQUARES: usize = 250_000;

/// The tour as a path over a chequered board, from a green disc at its first square to a red
/// one at its last (back to the first when it is closed). `None` past [`MAX_TOUR_SQUARES`]
/// squares.
#[must_use]
pub fn tour(tour: &Tour) -> Option<String> {
    let board = tour.board();
    let (&first, &last) = (tour.path().first()?, tour.path().last()?);
    if board.squares() > MAX_TOUR_SQUARES {
        return None;
    }
    let cell = if board.squares() <= 4096 { 40.0 } else { 8.0 };
    let (width, height) = (
        f64::from(board.cols()) * cell,
        f64::from(board.rows()) * cell,
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let _ = writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#f0d9b5"/>"##
    );
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            if (row + col) % 2 == 1 {
                let _ = writeln!(
                    out,
                    r##"<rect x="{}" y="{}" width="{cell}" height="{cell}" fill="#b58863"/>"##,
                    f64::from(col) * cell,
                    f64::from(row) * cell
                );
            }
        }
    }
    let centre = |square: u32| {
        let (row, col) = board.position(square);
        ((f64::from(col) + 0.5) * cell, (f64::from(row) + 0.5) * cell)
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
