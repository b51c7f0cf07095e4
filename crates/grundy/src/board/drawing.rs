//! A board drawn as SVG: squares light and dark, pieces, attacked and covered squares, framed
//! squares and dominoes, labels ([`board_picture`]). It knows no game: each family that plays
//! on a board says how its position looks ([`crate::games::contract::FamilyGame::picture`]),
//! and the pictures of answers (`crate::picture`) are drawn with it.

use std::fmt::Write;

use super::{BoardSize, Square};

/// The colour of a winning move's frame or bar: the page's (`values.js`, `WINNING_FRAME`),
/// so that a picture from the command line and the page speak one colour language.
pub(crate) const WINNING_FRAME: &str = "#111111";

/// The stroke of a winning move's frame or bar, as tests count it in a picture.
#[cfg(test)]
pub(crate) const WINNING_STROKE: &str = r##"stroke="#111111""##;

/// How one square of a board picture is drawn. The default is an empty, unattacked square.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SquareStyle {
    /// The letter of a piece standing on the square.
    pub(crate) piece: Option<char>,
    /// Whether the square is attacked (shaded).
    pub(crate) attacked: bool,
    /// Whether the square is marked, for example as a winning move (a dark frame).
    pub(crate) marked: bool,
    /// A short text in the square, for example the nim-value a move there leads to.
    pub(crate) label: Option<String>,
    /// Whether the square is covered (by a domino): drawn dark, as no move may use it.
    pub(crate) covered: bool,
}

/// A domino drawn across two neighbouring squares: a dark bar across their shared edge when
/// `marked` (a winning move), with its label on the edge the two squares share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DominoMark {
    /// The two squares, by index in the board's row-major order.
    pub(crate) squares: [usize; 2],
    /// Whether it is marked by a dark bar (a winning move).
    pub(crate) marked: bool,
    /// Whether it is drawn as a domino lying there (the move just played).
    pub(crate) placed: bool,
    /// A short text on the shared edge, for example the nim-value the move leads to.
    pub(crate) label: Option<String>,
}

/// A board to draw: its size, a title, and every square's style, row-major from row 1.
#[derive(Clone, Debug)]
pub struct BoardPicture {
    /// The title above the board.
    pub(crate) title: String,
    /// The board.
    pub(crate) board: BoardSize,
    /// One style per square, in the board's row-major order; squares past the end are drawn
    /// with the default style.
    pub(crate) squares: Vec<SquareStyle>,
    /// Dominoes drawn over the squares, in order.
    pub(crate) dominoes: Vec<DominoMark>,
}

impl BoardPicture {
    /// An empty board with `title`.
    #[must_use]
    pub(crate) fn new(title: &str, board: BoardSize) -> BoardPicture {
        BoardPicture {
            title: title.to_string(),
            board,
            squares: vec![SquareStyle::default(); board.squares()],
            dominoes: Vec::new(),
        }
    }

    /// The style of `square`, or `None` off the board.
    pub(crate) fn style_mut(&mut self, square: Square) -> Option<&mut SquareStyle> {
        self.board.square(square.row(), square.col())?;
        self.squares.get_mut(self.board.index_of(square))
    }
}

/// Draws `picture`: row 1 at the top and column letters above, as in the text boards; pieces as
/// dark discs with their letter, attacked squares shaded, marked squares framed in black, labels
/// in the lower corner of their square.
#[must_use]
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
        let name = board.square_at(col).to_string();
        let letters: String = name.chars().take_while(char::is_ascii_alphabetic).collect();
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle">{letters}</text>"#,
            margin + col * cell + cell / 2,
            top - 6
        );
    }
    let plain = SquareStyle::default();
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
            let style = picture
                .squares
                .get(row * board.cols() + col)
                .unwrap_or(&plain);
            let light = (row + col) % 2 == 0;
            let fill = match (style.covered, style.attacked, light) {
                (true, _, _) => "#5b4636",
                (false, true, true) => "#f2b8b5",
                (false, true, false) => "#e39a96",
                (false, false, true) => "#f0ead8",
                (false, false, false) => "#d9cfb4",
            };
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>"#
            );
            if style.marked {
                // A dark frame with a thin white line inside, seen on every square colour.
                let _ = writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{WINNING_FRAME}" stroke-width="3.5"/>"#,
                    x + 2,
                    y + 2,
                    cell - 4,
                    cell - 4
                );
                let _ = writeln!(
                    out,
                    r#"<rect x="{}.5" y="{}.5" width="{}" height="{}" fill="none" stroke="white" stroke-width="1"/>"#,
                    x + 4,
                    y + 4,
                    cell - 9,
                    cell - 9
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
    for domino in &picture.dominoes {
        draw_domino(&mut out, board, domino, (margin, top, cell));
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

/// Draws `domino` on `board`, whose squares are `cell` wide from (`left`, `top`): a dark
/// rounded piece when it is placed, a dark bar when it is marked, its label on the edge its
/// squares share. A domino off the board is left out.
fn draw_domino(
    out: &mut String,
    board: BoardSize,
    domino: &DominoMark,
    (left, top, cell): (usize, usize, usize),
) {
    let [a, b] = domino.squares;
    if a.max(b) >= board.squares() {
        return;
    }
    let corner = |index: usize| {
        (
            left + index % board.cols() * cell,
            top + index / board.cols() * cell,
        )
    };
    let ((x1, y1), (x2, y2)) = (corner(a.min(b)), corner(a.max(b)));
    let (width, height) = (x2 - x1 + cell, y2 - y1 + cell);
    if domino.placed {
        let _ = writeln!(
            out,
            r##"<rect x="{}" y="{}" width="{}" height="{}" rx="6" fill="#3b2c22" stroke="#f0ead8" stroke-width="2"/>"##,
            x1 + 4,
            y1 + 4,
            width - 8,
            height - 8
        );
    }
    if domino.marked {
        // A bar across the edge the two squares share, stopping short of their centres, so
        // that dominoes sharing a square stay apart where frames would overlap.
        let inset = cell / 5;
        let (ax, ay, bx, by) = if y1 == y2 {
            (
                x1 + cell / 2 + inset,
                y1 + cell / 2,
                x2 + cell / 2 - inset,
                y2 + cell / 2,
            )
        } else {
            (
                x1 + cell / 2,
                y1 + cell / 2 + inset,
                x2 + cell / 2,
                y2 + cell / 2 - inset,
            )
        };
        let _ = writeln!(
            out,
            r#"<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="{WINNING_FRAME}" stroke-width="6" stroke-linecap="round" stroke-opacity="0.85"/>"#
        );
    }
    if let Some(label) = &domino.label {
        // The middle of the edge the two squares share.
        let (x, y) = (x1 + width / 2, y1 + height / 2);
        let _ = writeln!(
            out,
            r##"<rect x="{}" y="{}" width="16" height="14" fill="white" fill-opacity="0.85"/><text x="{x}" y="{}" text-anchor="middle" font-size="11">{}</text>"##,
            x - 8,
            y - 7,
            y + 4,
            escape(label)
        );
    }
}

/// `text` safe inside an element: titles name games as people typed them.
#[must_use]
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::tests::well_formed_elements;

    #[test]
    fn a_board_picture_is_well_formed_and_shows_each_square() {
        let board: BoardSize = "3x4".parse().unwrap();
        let mut picture = BoardPicture::new("knights & <friends>", board);
        picture.squares[0].piece = Some('N');
        picture.squares[5].attacked = true;
        picture.squares[6].marked = true;
        picture.squares[7].label = Some("*2".to_string());
        let svg = board_picture(&picture);
        let elements = well_formed_elements(&svg).unwrap();
        assert_eq!(elements[0], "svg");
        // The background, twelve squares, the marked square's frame (dark, white inside) and
        // the border.
        assert_eq!(
            elements.iter().filter(|e| *e == "rect").count(),
            1 + 12 + 2 + 1
        );
        assert_eq!(elements.iter().filter(|e| *e == "circle").count(), 1);
        assert!(svg.contains("knights &amp; &lt;friends&gt;"));
        assert!(svg.contains(">*2</text>"));
        // Square b2 (row 2, column 2) is light and attacked.
        assert!(svg.contains("#f2b8b5"));
        // A picture whose styles stop short draws the rest plainly.
        picture.squares.truncate(3);
        let short = board_picture(&picture);
        assert_eq!(short.matches("<rect").count(), 1 + 12 + 1);
    }

    #[test]
    fn dominoes_are_drawn_across_their_two_squares() {
        let board: BoardSize = "2x3".parse().unwrap();
        let mut picture = BoardPicture::new("cram", board);
        picture.squares[0].covered = true;
        picture.squares[1].covered = true;
        picture.dominoes.push(DominoMark {
            squares: [0, 1],
            marked: false,
            placed: true,
            label: None,
        });
        picture.dominoes.push(DominoMark {
            squares: [2, 5],
            marked: true,
            placed: false,
            label: Some("0".to_string()),
        });
        // Off the board: left out.
        picture.dominoes.push(DominoMark {
            squares: [5, 6],
            marked: true,
            placed: false,
            label: None,
        });
        let svg = board_picture(&picture);
        well_formed_elements(&svg).unwrap();
        assert_eq!(svg.matches("#5b4636").count(), 2);
        // The placed domino spans a1 and b1: two 40-pixel squares less its margins.
        assert!(svg.contains(r##"width="72" height="32" rx="6" fill="#3b2c22""##));
        // The marked one crosses the edge of c1 and c2, its label on that edge.
        assert_eq!(svg.matches(WINNING_STROKE).count(), 1);
        assert!(svg.contains(r##"<line x1="130" y1="78" x2="130" y2="102" stroke="#111111""##));
        assert!(svg.contains(">0</text>"));
    }
}
