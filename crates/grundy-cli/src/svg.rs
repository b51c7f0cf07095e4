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

/// What a plot marks about a sequence's period: `g(n + period) = g(n)` for every
/// `n ≥ preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodMark {
    /// The period.
    pub period: usize,
    /// Where the periodic part starts.
    pub preperiod: usize,
}

/// The plot's width and height in pixels, inside the margins.
const PLOT_WIDTH: usize = 1000;
const PLOT_HEIGHT: usize = 400;

/// A column whose values fall into more separate runs of pixel rows than this is drawn as one
/// bar from its least to its largest value: it keeps the file a few hundred KB at any length.
const MOST_RUNS_PER_COLUMN: usize = 20;

/// A plot of `values[n]` against `n`, one pixel column per group of heaps (every heap in
/// exactly one column, so the data spans the whole axis), with a mark for each pixel row that a
/// value of the group falls on. Zeros (the P-positions) are drawn in red on their own row just
/// above the axis; a column with too many separate values is drawn as a pale bar from its
/// least to its largest. The periodic part, when known, is shaded and labelled.
pub fn sequence_plot(title: &str, values: &[u32], period: Option<PeriodMark>) -> String {
    let (left, top, bottom) = (60usize, 40usize, 50usize);
    let width = PLOT_WIDTH;
    let height = PLOT_HEIGHT;
    let heaps = values.len().max(1);
    let columns = values.len().clamp(1, width);
    let largest = values.iter().copied().max().unwrap_or(0).max(1) as usize;
    // Value v sits on pixel row `row(v)` counted up from the bottom of the plot; 0 has the
    // lowest row to itself, 4 pixels above the axis so that the axis line never hides it.
    let rows = height - 4;
    let row = |value: u32| match value as usize {
        0 => 0,
        value => 3 + (value - 1) * (rows - 4) / (largest - 1).max(1),
    };
    let y_of_row = |r: usize| top + height - 4 - r;
    // Where heap n is drawn: column c holds the heaps from ⌈c·len/columns⌉ on.
    let x_of_heap = |n: usize| left + n * width / heaps;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" font-family="sans-serif" font-size="12">"#,
        width + left + 20,
        height + top + bottom
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(out, r#"<text x="{left}" y="20">{}</text>"#, escape(title));
    if let Some(mark) = period {
        if mark.preperiod < values.len() {
            let x = x_of_heap(mark.preperiod);
            let _ = writeln!(
                out,
                r##"<rect x="{x}" y="{top}" width="{}" height="{height}" fill="#fff3c4"/><line x1="{x}" y1="{top}" x2="{x}" y2="{}" stroke="#b08800" stroke-dasharray="4 3"/><text x="{}" y="{}" fill="#805f00">period {} from n = {}</text>"##,
                left + width - x,
                top + height,
                (x + 4).min(left + width - 200),
                top + 14,
                mark.period,
                mark.preperiod
            );
        } else {
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" text-anchor="end" fill="#805f00">period {} from n = {} (past this plot)</text>"##,
                left + width,
                top - 6,
                mark.period,
                mark.preperiod
            );
        }
    }
    // Axes, with ticks at round heap numbers.
    let axis_y = top + height;
    let _ = writeln!(
        out,
        r#"<line x1="{left}" y1="{axis_y}" x2="{}" y2="{axis_y}" stroke="black"/><line x1="{left}" y1="{top}" x2="{left}" y2="{axis_y}" stroke="black"/>"#,
        left + width
    );
    let last = values.len().saturating_sub(1);
    let step = tick_step(last.max(1));
    let mut tick = 0;
    while tick <= last {
        let x = x_of_heap(tick);
        let _ = writeln!(
            out,
            r#"<line x1="{x}" y1="{axis_y}" x2="{x}" y2="{}" stroke="black"/><text x="{x}" y="{}" text-anchor="middle">{tick}</text>"#,
            axis_y + 4,
            axis_y + 16
        );
        tick += step;
    }
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="end">heap n (last {last})</text>"#,
        left + width,
        axis_y + 34
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="end">{largest}</text><text x="{}" y="{}" text-anchor="end">0</text><text x="{}" y="{}" text-anchor="end">g(n)</text>"#,
        left - 4,
        y_of_row(row(largest as u32)) + 4,
        left - 4,
        y_of_row(0) + 4,
        left - 4,
        top + height / 2
    );
    // One path per kind of mark, each a list of short vertical strokes `M x y v h`.
    let mut marks = String::new();
    let mut bars = String::new();
    let mut zeros = String::new();
    let mut occupied = vec![false; rows];
    let mut start = 0;
    for column in 0..columns {
        let end = ((column + 1) * values.len())
            .div_ceil(columns)
            .min(values.len());
        let group = &values[start..end.max(start)];
        start = end.max(start);
        if group.is_empty() {
            continue;
        }
        let x = left + column * width / columns;
        occupied.iter_mut().for_each(|o| *o = false);
        let mut has_zero = false;
        for &value in group {
            if value == 0 {
                has_zero = true;
            } else {
                occupied[row(value)] = true;
            }
        }
        if has_zero {
            let _ = write!(zeros, "M{x} {}v2", y_of_row(0) - 1);
        }
        let mut runs = Vec::new();
        let mut r = 0;
        while r < rows {
            if occupied[r] {
                let from = r;
                while r < rows && occupied[r] {
                    r += 1;
                }
                runs.push((from, r - 1));
            }
            r += 1;
        }
        if runs.len() > MOST_RUNS_PER_COLUMN {
            let (low, high) = (runs[0].0, runs[runs.len() - 1].1);
            let _ = write!(bars, "M{x} {}v{}", y_of_row(high) - 1, high - low + 2);
        } else {
            for (low, high) in runs {
                let _ = write!(marks, "M{x} {}v{}", y_of_row(high) - 1, high - low + 2);
            }
        }
    }
    for (path, colour) in [
        (&bars, "#9ab8d6"),
        (&marks, "steelblue"),
        (&zeros, "crimson"),
    ] {
        if !path.is_empty() {
            let _ = writeln!(
                out,
                r#"<path d="{path}" stroke="{colour}" stroke-width="{}" fill="none"/>"#,
                (width / columns).clamp(1, 3)
            );
        }
    }
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="11" fill="crimson">red: g(n) = 0</text>"#,
        left + 4,
        axis_y + 34
    );
    out.push_str("</svg>\n");
    out
}

/// A round step (1, 2 or 5 times a power of ten) giving at most ten ticks up to `last`.
fn tick_step(last: usize) -> usize {
    let mut step = 1;
    loop {
        for factor in [1, 2, 5] {
            if last / (step * factor) <= 10 {
                return step * factor;
            }
        }
        step *= 10;
    }
}

/// The most cells [`value_grid`] draws with their values written in them; larger grids are
/// drawn as heat maps.
const MOST_LABELLED_CELLS: usize = 40 * 40;

/// The most cells [`value_grid`] draws at all (a heat map of 200 x 200 is about 1 MB).
pub const MAX_GRID_CELLS: usize = 200 * 200;

/// A grid of values: row `i` is `row_labels[i]`, drawn with `n` across and `m` up, as in the
/// tables of Katayama and Koyama (2021), each cell coloured by its value. Up to 40 x 40 cells
/// each is labelled with its value; larger grids are heat maps, one path per value, with
/// cells shrunk to keep the picture about a thousand pixels wide.
///
/// # Panics
/// When the grid has more than [`MAX_GRID_CELLS`] cells: callers refuse those first.
pub fn value_grid(
    title: &str,
    row_labels: &[usize],
    col_labels: &[usize],
    values: &[Vec<u32>],
) -> String {
    let cells = row_labels.len() * col_labels.len();
    assert!(cells <= MAX_GRID_CELLS, "{cells} cells is too many to draw");
    let labelled = cells <= MOST_LABELLED_CELLS;
    let longest_side = row_labels.len().max(col_labels.len()).max(1);
    let cell = if labelled {
        28
    } else {
        (1000 / longest_side).clamp(2, 28)
    };
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
    // Row 0 at the bottom, as in the paper's tables.
    let y_of = |i: usize| margin + (row_labels.len() - 1 - i) * cell;
    // Labels on every row and column when there is room, else on about twenty of each.
    let label_step = |count: usize| {
        if labelled {
            1
        } else {
            count.div_ceil(20).max(1)
        }
    };
    for (i, label) in row_labels
        .iter()
        .enumerate()
        .step_by(label_step(row_labels.len()))
    {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="end">{label}</text>"#,
            margin - 4,
            y_of(i) + cell / 2 + 4
        );
    }
    if labelled {
        for (i, row) in values.iter().enumerate() {
            let y = y_of(i);
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
    } else {
        let mut paths: std::collections::BTreeMap<u32, String> = std::collections::BTreeMap::new();
        for (i, row) in values.iter().enumerate() {
            let y = y_of(i);
            for (j, &value) in row.iter().enumerate() {
                let x = margin + j * cell;
                let _ = write!(
                    paths.entry(value).or_default(),
                    "M{x} {y}h{cell}v{cell}h-{cell}z"
                );
            }
        }
        for (value, path) in paths {
            let _ = writeln!(out, r#"<path d="{path}" fill="{}"/>"#, colour(value));
        }
        let _ = writeln!(
            out,
            r#"<rect x="{margin}" y="{margin}" width="{}" height="{}" fill="none" stroke="gray"/>"#,
            col_labels.len() * cell,
            row_labels.len() * cell
        );
    }
    for (j, label) in col_labels
        .iter()
        .enumerate()
        .step_by(label_step(col_labels.len()))
    {
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

    /// The strokes `M x y v h` of the path drawn in `colour`.
    fn strokes(svg: &str, colour: &str) -> Vec<(usize, usize)> {
        let Some(path) = svg.lines().find(|line| {
            line.starts_with("<path") && line.contains(&format!("stroke=\"{colour}\""))
        }) else {
            return Vec::new();
        };
        let data = path.split('"').nth(1).unwrap();
        data.split('M')
            .filter(|stroke| !stroke.is_empty())
            .map(|stroke| {
                let (x, rest) = stroke.split_once(' ').unwrap();
                let (y, _) = rest.split_once('v').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn a_sequence_plot_spans_the_axis_and_shows_zeros_and_the_period() {
        for length in [7, 999, 1000, 1001, 1999, 2500, 1_000_000] {
            let values: Vec<u32> = (0..length as u32).map(|n| n % 5).collect();
            let mark = PeriodMark {
                period: 5,
                preperiod: length / 3,
            };
            let svg = sequence_plot("t", &values, Some(mark));
            well_formed_elements(&svg).unwrap();
            let marks = strokes(&svg, "steelblue");
            let zeros = strokes(&svg, "crimson");
            let rightmost = marks.iter().map(|&(x, _)| x).max().unwrap();
            // The last heaps (one of the last two is not 0) are drawn at the right end of the
            // axis, which runs from 60 to 1060, not halfway.
            assert!(
                rightmost >= 60 + 1000 * (length - 2) / length,
                "{length}: {rightmost}"
            );
            // Every fifth heap is 0: each column with one has a red mark below the others,
            // above the axis at y = 440.
            assert!(zeros.len() >= length.min(1000) / 5, "{length}");
            let lowest_other = marks.iter().map(|&(_, y)| y).max().unwrap();
            assert!(zeros.iter().all(|&(_, y)| y > lowest_other && y + 2 < 440));
            assert!(svg.contains(&format!("period 5 from n = {}", length / 3)));
            assert!(svg.contains(&format!(">{}</text>", tick_step(length - 1))) || length < 10);
        }
    }

    #[test]
    fn a_sequence_plot_stays_small_whatever_the_values() {
        // Values chosen so that columns hold many separate values.
        let values: Vec<u32> = (0..2_000_000u32).map(|n| (n * 7919) % 997).collect();
        let svg = sequence_plot("noise", &values, None);
        assert!(svg.len() < 400_000, "{} bytes", svg.len());
        well_formed_elements(&svg).unwrap();
    }

    #[test]
    fn large_grids_are_heat_maps_without_text() {
        let labels: Vec<usize> = (0..200).collect();
        let values: Vec<Vec<u32>> = labels
            .iter()
            .map(|&m| labels.iter().map(|&n| (m ^ n) as u32).collect())
            .collect();
        let svg = value_grid("heat", &labels, &labels, &values);
        well_formed_elements(&svg).unwrap();
        assert!(svg.len() < 1_500_000, "{} bytes", svg.len());
        assert!(svg.matches("<text").count() < 50);
        let small = value_grid("small", &labels[..3], &labels[..3], &vec![vec![0, 1, 2]; 3]);
        assert!(small.contains(">2</text>"));
    }

    #[test]
    fn the_checker_rejects_broken_svg() {
        assert!(well_formed_elements("<svg><rect></svg>").is_err());
        assert!(well_formed_elements("<svg>").is_err());
        assert!(well_formed_elements("<svg><text x=\"1>a</text></svg>").is_err());
    }
}
