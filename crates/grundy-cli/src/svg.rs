//! SVG pictures: a nim-sequence as a scatter plot, a table of values as a coloured grid, and a
//! board with pieces, attacked squares and per-square labels ([`board_picture`]).

use std::fmt::Write;

/// A colour for value `value` out of `0..=largest`: 0 (a P-position) is white, larger values run
/// through hues so that neighbours differ.
fn colour(value: u32) -> String {
    if value == 0 {
        return "#ffffff".to_string();
    }
    let hue = (u64::from(value) * 137) % 360;
    format!("hsl({hue}, 65%, 60%)")
}

/// A plot of `values[n]` against `n`. Long sequences are drawn one pixel column per group of
/// heaps, with a dot for each value that occurs in the group.
pub fn sequence_plot(title: &str, values: &[u32]) -> String {
    let width = 1000usize;
    let height = 400usize;
    let margin = 40usize;
    let largest = values.iter().copied().max().unwrap_or(0).max(1) as usize;
    let columns = values.len().clamp(1, width);
    let per_column = values.len().div_ceil(columns).max(1);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" font-family="sans-serif" font-size="12">"#,
        width + 2 * margin,
        height + 2 * margin
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(out, r#"<text x="{margin}" y="20">{}</text>"#, escape(title));
    let _ = writeln!(
        out,
        r#"<line x1="{margin}" y1="{y}" x2="{x}" y2="{y}" stroke="black"/><line x1="{margin}" y1="{margin}" x2="{margin}" y2="{y}" stroke="black"/>"#,
        y = margin + height,
        x = margin + width
    );
    let _ = writeln!(
        out,
        r#"<text x="{margin}" y="{}">0</text><text x="{}" y="{}" text-anchor="end">n = {}</text><text x="5" y="{}">{largest}</text>"#,
        margin + height + 15,
        margin + width,
        margin + height + 15,
        values.len().saturating_sub(1),
        margin + 5
    );
    let mut seen = vec![false; largest + 1];
    for (column, chunk) in values.chunks(per_column).enumerate() {
        seen.iter_mut().for_each(|s| *s = false);
        for &value in chunk {
            seen[value as usize] = true;
        }
        let x = margin + column * width / columns;
        for (value, _) in seen.iter().enumerate().filter(|(_, &s)| s) {
            let y = margin + height - value * height / largest;
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{}" width="2" height="2" fill="steelblue"/>"#,
                y.saturating_sub(1)
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// A grid of values: row `i` is `row_labels[i]`, drawn with `n` across and `m` up, as in seed
/// 001's tables, each cell coloured by its value and labelled with it.
pub fn value_grid(
    title: &str,
    row_labels: &[usize],
    col_labels: &[usize],
    values: &[Vec<u32>],
) -> String {
    let cell = 28usize;
    let margin = 40usize;
    let width = col_labels.len() * cell + 2 * margin;
    let height = row_labels.len() * cell + 2 * margin;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(out, r#"<text x="{margin}" y="20">{}</text>"#, escape(title));
    for (i, row) in values.iter().enumerate() {
        // Row 0 at the bottom, like the seed's table.
        let y = margin + (row_labels.len() - 1 - i) * cell;
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
            margin - 4,
            y + cell / 2 + 4,
            row_labels[i]
        );
        for (j, &value) in row.iter().enumerate() {
            let x = margin + j * cell;
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{}" stroke="gray"/><text x="{}" y="{}" text-anchor="middle">{value}</text>"#,
                colour(value),
                x + cell / 2,
                y + cell / 2 + 4
            );
        }
    }
    for (j, label) in col_labels.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle">{label}</text>"#,
            margin + j * cell + cell / 2,
            margin + row_labels.len() * cell + 14
        );
    }
    out.push_str("</svg>\n");
    out
}

/// How one square of a board picture is drawn. The default is an empty, unattacked square.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SquareStyle {
    /// The letter of a piece standing on the square.
    pub piece: Option<char>,
    /// Whether the square is attacked (shaded).
    pub attacked: bool,
    /// Whether the square is marked, for example as a winning move (a green frame).
    pub marked: bool,
    /// A short text in the square, for example the nim-value a move there leads to.
    pub label: Option<String>,
}

/// A board to draw: its size, a title, and every square's style, row-major from row 1.
#[derive(Clone, Debug)]
pub struct BoardPicture {
    /// The title above the board.
    pub title: String,
    /// The board.
    pub board: grundy::BoardSize,
    /// One style per square, in the board's row-major order.
    pub squares: Vec<SquareStyle>,
}

impl BoardPicture {
    /// An empty board with `title`.
    pub fn new(title: &str, board: grundy::BoardSize) -> BoardPicture {
        BoardPicture {
            title: title.to_string(),
            board,
            squares: vec![SquareStyle::default(); board.squares()],
        }
    }
}

/// Draws `picture`: row 1 at the top and column letters above, as in the text boards; pieces as
/// dark discs with their letter, attacked squares shaded, marked squares framed in green, labels
/// in the lower corner of their square.
pub fn board_picture(picture: &BoardPicture) -> String {
    let board = picture.board;
    let cell = 40usize;
    let margin = 30usize;
    let top = margin + 20;
    let width = board.cols() * cell + 2 * margin;
    let height = board.rows() * cell + top + margin;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{margin}" y="18">{}</text>"#,
        escape(&picture.title)
    );
    for col in 0..board.cols() {
        let name = board.square(0, col).expect("on the board").to_string();
        let letters: String = name.chars().take_while(char::is_ascii_alphabetic).collect();
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle">{letters}</text>"#,
            margin + col * cell + cell / 2,
            top - 6
        );
    }
    for row in 0..board.rows() {
        let y = top + row * cell;
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
            margin - 6,
            y + cell / 2 + 4,
            row + 1
        );
        for col in 0..board.cols() {
            let x = margin + col * cell;
            let style = &picture.squares[row * board.cols() + col];
            let light = (row + col) % 2 == 0;
            let fill = match (style.attacked, light) {
                (true, true) => "#f2b8b5",
                (true, false) => "#e39a96",
                (false, true) => "#f0ead8",
                (false, false) => "#d9cfb4",
            };
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>"#
            );
            if style.marked {
                let _ = writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="green" stroke-width="3"/>"#,
                    x + 2,
                    y + 2,
                    cell - 4,
                    cell - 4
                );
            }
            if let Some(piece) = style.piece {
                let _ = writeln!(
                    out,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="#222222"/><text x="{}" y="{}" text-anchor="middle" fill="white" font-weight="bold">{}</text>"##,
                    x + cell / 2,
                    y + cell / 2,
                    cell / 3,
                    x + cell / 2,
                    y + cell / 2 + 4,
                    escape(&piece.to_string())
                );
            }
            if let Some(label) = &style.label {
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{}" text-anchor="end" font-size="11">{}</text>"#,
                    x + cell - 3,
                    y + cell - 4,
                    escape(label)
                );
            }
        }
    }
    let _ = writeln!(
        out,
        r#"<rect x="{margin}" y="{top}" width="{}" height="{}" fill="none" stroke="black"/>"#,
        board.cols() * cell,
        board.rows() * cell
    );
    out.push_str("</svg>\n");
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The element names of `svg` in document order, checking that every tag is closed in the
    /// order it was opened (self-closing tags count as opened and closed).
    pub(crate) fn well_formed_elements(svg: &str) -> Result<Vec<String>, String> {
        let mut open: Vec<String> = Vec::new();
        let mut seen = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let end = rest[start..].find('>').ok_or("a tag is not closed")? + start;
            let tag = &rest[start + 1..end];
            if let Some(name) = tag.strip_prefix('/') {
                match open.pop() {
                    Some(opened) if opened == name.trim() => {}
                    other => return Err(format!("</{name}> closes {other:?}")),
                }
            } else {
                let name: String = tag
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .collect();
                if tag.matches('"').count() % 2 != 0 {
                    return Err(format!("unbalanced quotes in <{tag}>"));
                }
                seen.push(name.clone());
                if !tag.ends_with('/') {
                    open.push(name);
                }
            }
            rest = &rest[end + 1..];
        }
        if open.is_empty() {
            Ok(seen)
        } else {
            Err(format!("unclosed: {open:?}"))
        }
    }

    #[test]
    fn a_board_picture_is_well_formed_and_shows_each_square() {
        let board: grundy::BoardSize = "3x4".parse().unwrap();
        let mut picture = BoardPicture::new("knights & <friends>", board);
        picture.squares[0].piece = Some('N');
        picture.squares[5].attacked = true;
        picture.squares[6].marked = true;
        picture.squares[7].label = Some("*2".to_string());
        let svg = board_picture(&picture);
        let elements = well_formed_elements(&svg).unwrap();
        assert_eq!(elements[0], "svg");
        // The background, twelve squares, one frame for the marked square and the border.
        assert_eq!(
            elements.iter().filter(|e| *e == "rect").count(),
            1 + 12 + 1 + 1
        );
        assert_eq!(elements.iter().filter(|e| *e == "circle").count(), 1);
        assert!(svg.contains("knights &amp; &lt;friends&gt;"));
        assert!(svg.contains(">*2</text>"));
        // Square b2 (row 2, column 2) is light and attacked.
        assert!(svg.contains("#f2b8b5"));
    }

    #[test]
    fn the_checker_rejects_broken_svg() {
        assert!(well_formed_elements("<svg><rect></svg>").is_err());
        assert!(well_formed_elements("<svg>").is_err());
        assert!(well_formed_elements("<svg><text x=\"1>a</text></svg>").is_err());
    }
}
