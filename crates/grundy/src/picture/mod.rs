//! Pictures of answers, as SVG text: a placement game's position with its attacked squares,
//! winning moves and move values, a table as a coloured grid, a nim-sequence as a plot, a
//! knight's tour, a smallest terminal position. Only strings are built here: the command line
//! writes them to its `--svg` files, and any other front end shows the same picture for the
//! same answer by asking [`of_answer`] (and for a game before any question, [`of_game`]).
//!
//! ```
//! use grundy::watch::Watch;
//! use grundy::{picture, Request};
//!
//! let request: Request =
//!     serde_json::from_str(r#"{"question":"moves","game":"queens 4x4","all":true}"#).unwrap();
//! let answer = grundy::run(&request, &Watch::new()).unwrap();
//! let svg = picture::of_answer(&request, &answer).unwrap();
//! assert!(svg.starts_with("<svg") && svg.contains("queens on 4x4: nim-value *1"));
//! ```

mod grid;
mod knight_tour;
mod plot;

pub use crate::board::{board_picture, BoardPicture};

pub use grid::{table, value_grid, MAX_GRID_CELLS};
pub use knight_tour::{tour, MAX_TOUR_SQUARES};
pub use plot::{sequence, sequence_plot, PeriodMark, MAX_PLOTTED_HEAPS};

use crate::board::escape;
use crate::games::contract::FamilyGame;
use crate::games::game::Game;
use crate::report::GameReport;
use crate::request::{Answer, GraphAnswer, Request, TourAnswer};

/// The picture a front end shows for `answer` to `request`, titled as the command line titles
/// it:
/// - a value, moves, outcome or play answer of one placement game: the position (for play, the
///   one the computer's move leaves) with the winning moves the report names framed, and for
///   a moves request asking for every move each move's value in its square
///   ([`of_game_report`]);
/// - a table: its values as a grid, cells a stop left unfinished marked `?` ([`table`]);
/// - a nim-sequence: its plot, the proven period shaded ([`sequence`]);
/// - a knight's tour found: the tour ([`tour`]);
/// - a graph of a piece on a board: a smallest terminal position
///   ([`FamilyGame::smallest_terminal_picture`]).
///
/// `None` for the other answers (heap, corner and graph games and sums have no board; whether
/// tours exist, their counts and verdicts have nothing to draw), for an answer that does not
/// answer `request`, and for one too big to draw: a grid of more than [`MAX_GRID_CELLS`]
/// cells, a tour of more than [`MAX_TOUR_SQUARES`] squares, a sequence of more than
/// [`MAX_PLOTTED_HEAPS`] heaps. Nothing is searched: what is drawn is what the answer holds.
#[must_use]
pub fn of_answer(request: &Request, answer: &Answer) -> Option<String> {
    match (request, answer) {
        (Request::Value(request), Answer::Game(report)) => {
            of_game_report(&request.game, report, false)
        }
        (Request::Moves(request), Answer::Game(report)) => {
            of_game_report(&request.game, report, request.all)
        }
        (Request::Outcome(request), Answer::Game(report)) => {
            of_game_report(&request.game, report, false)
        }
        (Request::Play(request), Answer::Game(report)) => {
            of_game_report(&request.game, report, false)
        }
        (Request::Table(request), Answer::Table(report)) => table(&request.game, report),
        // Only the caller knows whether the watch or the memory stopped a sequence.
        (Request::Sequence(_), Answer::Sequence(answer)) => (answer.finished <= MAX_PLOTTED_HEAPS)
            .then(|| sequence(answer, &answer.heading("stopped"))),
        (Request::Tour(_), Answer::Tour(TourAnswer::Found(found))) => tour(&found.tour),
        (Request::Graph(request), Answer::Graph(answer)) => of_graph_answer(&request.game, answer),
        _ => None,
    }
}

/// The picture of a graph answer about `game`: a smallest terminal position drawn on its board
/// ([`FamilyGame::smallest_terminal_picture`]); `None` for a graph read from a file, which has
/// no board.
#[must_use]
pub fn of_graph_answer(game: &Game, answer: &GraphAnswer) -> Option<String> {
    game.as_single()?
        .smallest_terminal_picture(&answer.smallest_terminal)
}

/// The colour of a value: 0 (a P-position) is white, larger values run through hues so that
/// neighbours differ. The web page's grids use the same colours.
fn colour(value: u32) -> String {
    if value == 0 {
        return "#ffffff".to_string();
    }
    let hue = (u64::from(value) * 137) % 360;
    format!("hsl({hue}, 65%, 60%)")
}

/// The picture of `game` itself, before any question is asked of it: one game played on a
/// board (pieces, dominoes) drawn as the pictures of its answers draw it. `None` for any other
/// game or a sum, which have no board.
#[must_use]
pub fn of_game(game: &Game) -> Option<String> {
    game.as_single()?.picture()
}

/// The picture of a report of `game` answering a value, moves, outcome or play request, drawn
/// by the game's family ([`FamilyGame::report_picture`]): the position, or for play the
/// position after the computer's move, with the winning moves the report names framed, and
/// with `every_move_listed` (a moves request asking for every move) each move's value. `None`
/// when `game` is not one game played on a board or the report answers another question. No
/// search is run.
#[must_use]
pub fn of_game_report(game: &Game, report: &GameReport, every_move_listed: bool) -> Option<String> {
    game.as_single()?.report_picture(report, every_move_listed)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::report::{GameReport, TableReport};
    use crate::request::{RunError, Stopped};
    use crate::watch::Watch;

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
    fn the_checker_rejects_broken_svg() {
        assert!(well_formed_elements("<svg><rect></svg>").is_err());
        assert!(well_formed_elements("<svg>").is_err());
        assert!(well_formed_elements("<svg><text x=\"1>a</text></svg>").is_err());
    }

    /// The request read from its JSON, and its answer.
    fn asked(json: &str) -> (Request, Answer) {
        let request: Request = serde_json::from_str(json).unwrap();
        let answer = crate::request::run(&request, &Watch::new()).unwrap();
        (request, answer)
    }

    /// The picture of the answer to `json`, checked to be one well-formed SVG document.
    fn drawn(json: &str) -> (String, Answer) {
        let (request, answer) = asked(json);
        let svg = of_answer(&request, &answer).unwrap_or_else(|| panic!("no picture: {json}"));
        let elements = well_formed_elements(&svg).unwrap();
        assert_eq!(elements[0], "svg", "{json}");
        (svg, answer)
    }

    fn game_report(answer: &Answer) -> &GameReport {
        match answer {
            Answer::Game(report) => report,
            other => panic!("not a game's report: {other:?}"),
        }
    }

    fn table_report(answer: &Answer) -> &TableReport {
        match answer {
            Answer::Table(report) => report,
            other => panic!("not a table: {other:?}"),
        }
    }

    const FRAME: &str = crate::board::WINNING_STROKE;
    const LABEL: &str = r#"font-size="11""#;

    #[test]
    fn a_moves_answer_frames_each_winning_move_and_writes_every_value_when_all_are_listed() {
        let (svg, answer) =
            drawn(r#"{"question":"moves","game":"queens 4x4 at .Q../..../..../....","all":true}"#);
        let report = game_report(&answer);
        let moves = report.listed.moves.as_deref().unwrap();
        assert_eq!(
            svg.matches(FRAME).count(),
            report.listed.winning_moves.unwrap()
        );
        assert!(report.listed.winning_moves.unwrap() > 0);
        // One value per legal move, each in the square the report names.
        assert_eq!(
            svg.matches(LABEL).count(),
            report.listed.legal_moves.unwrap()
        );
        for m in moves {
            assert!(
                svg.contains(&format!(">{}</text>", m.value().value())),
                "{m:?}"
            );
        }
        assert_eq!(svg.matches("<circle").count(), 1);
        assert!(svg.contains("queens on 4x4: nim-value "));

        // Only the winning moves: the same frames, no values.
        let (winning_only, _) =
            drawn(r#"{"question":"moves","game":"queens 4x4 at .Q../..../..../...."}"#);
        assert_eq!(
            winning_only.matches(FRAME).count(),
            moves.iter().filter(|m| m.wins()).count()
        );
        assert_eq!(winning_only.matches(LABEL).count(), 0);
    }

    #[test]
    fn a_title_says_what_is_known_of_the_value() {
        // Misère play has no nim-value, only who wins.
        let (misere, _) =
            drawn(r#"{"question":"moves","game":"knights 4x4","convention":"misere"}"#);
        assert!(misere.contains("knights on 4x4: misère play, the player to move wins"));
        // Within a time too short to value the position: said so, not drawn as 0.
        let (hurried, answer) = drawn(
            r#"{"question":"moves","all":true,"seconds":0.05,"game":"knights 8x8 at NN....../......../......../......../......../......../......../........"}"#,
        );
        assert_eq!(game_report(&answer).nimber(), None);
        assert!(hurried.contains("knights on 8x8: nim-value not found in the time given"));
    }

    #[test]
    fn moves_of_several_pieces_are_read_back_with_their_piece() {
        let (svg, answer) =
            drawn(r#"{"question":"moves","game":"bishops+knights 3x3","all":true}"#);
        let moves = game_report(&answer).listed.moves.as_deref().unwrap();
        // Each square's label lists the values of its moves, in the game's order of pieces.
        let mut labels: Vec<(String, String)> = Vec::new();
        for m in moves {
            let square = m.square().unwrap().to_string();
            match labels.iter_mut().find(|(named, _)| *named == square) {
                Some((_, label)) => *label = format!("{label}/{}", m.value().value()),
                None => labels.push((square, m.value().value().to_string())),
            }
        }
        assert_eq!(svg.matches(LABEL).count(), labels.len());
        for (square, label) in &labels {
            assert!(
                svg.contains(&format!(">{label}</text>")),
                "{square}: {label}"
            );
        }
        assert!(labels.iter().any(|(_, label)| label.contains('/')));
    }

    #[test]
    fn a_value_answer_draws_the_position_without_searching_for_winning_moves() {
        let (svg, answer) = drawn(r#"{"question":"value","game":"knights 3x3 at N../.../..."}"#);
        let nimber = crate::values::Nimber::new(game_report(&answer).nimber().unwrap());
        assert!(svg.contains(&format!("knights on 3x3: nim-value {nimber}")));
        assert_eq!(svg.matches("<circle").count(), 1);
        // The knight on a1 attacks b3 and c2.
        assert_eq!(
            svg.matches("#f2b8b5").count() + svg.matches("#e39a96").count(),
            2
        );
        assert_eq!(svg.matches(FRAME).count(), 0);
    }

    #[test]
    fn a_placement_game_is_drawn_as_its_answers_draw_its_board_and_other_games_are_not() {
        let game: crate::games::game::Game = "knights 3x3 at N../.../...".parse().unwrap();
        let svg = of_game(&game).unwrap();
        assert_eq!(well_formed_elements(&svg).unwrap()[0], "svg");
        assert!(svg.contains(">knights on 3x3</text>"));
        // The knight on a1, and the two squares it attacks (b3 and c2).
        assert_eq!(svg.matches("<circle").count(), 1);
        assert_eq!(
            svg.matches("#f2b8b5").count() + svg.matches("#e39a96").count(),
            2
        );
        // The same board as the value answer's picture, whose title adds the value.
        let (value, _) = drawn(r#"{"question":"value","game":"knights 3x3 at N../.../..."}"#);
        let board = |svg: &str| svg.lines().skip(3).collect::<Vec<_>>().join("\n");
        assert!(value
            .lines()
            .nth(2)
            .unwrap()
            .contains("knights on 3x3: nim-value"));
        assert_eq!(board(&svg), board(&value));
        for other in [
            "kayles 3 4",
            "corner-knight 7 9",
            "*3",
            "knights 3x3 + kayles 3",
        ] {
            assert_eq!(of_game(&other.parse().unwrap()), None, "{other}");
        }
    }

    #[test]
    fn an_outcome_answer_frames_the_winning_first_move_and_its_images() {
        let (svg, answer) = drawn(r#"{"question":"outcome","game":"queens 4x4"}"#);
        let report = game_report(&answer);
        let images = report
            .first_move_search
            .symmetric_winning_moves
            .as_deref()
            .unwrap_or_default();
        assert!(report.first_move_search.winning_move.is_some());
        assert_eq!(svg.matches(FRAME).count(), 1 + images.len());
        assert!(svg.contains("queens on 4x4: the first player wins"));
    }

    #[test]
    fn a_play_answer_draws_the_position_the_computers_move_leaves() {
        let (svg, answer) = drawn(r#"{"question":"play","game":"knights 3x3 at N../.../..."}"#);
        let report = game_report(&answer);
        let played = &report.listed.moves.as_deref().unwrap()[0].notation;
        assert_eq!(svg.matches("<circle").count(), 2);
        assert!(svg.contains(&format!(
            "knights on 3x3 after the computer's {played}: nim-value "
        )));
        assert_eq!(svg.matches(FRAME).count(), 0);

        // Out of thinking time, the value the computer did not find is not drawn as 0.
        let (svg, answer) = drawn(
            r#"{"question":"play","game":"knights 8x8 at NN....../......../......../......../......../......../......../........","seconds":0.05}"#,
        );
        let played = game_report(&answer).played().unwrap().to_string();
        assert!(svg.contains(&format!(
            "knights on 8x8 after the computer's {played}: nim-value not found"
        )));
    }

    #[test]
    fn a_misere_table_has_no_picture_of_nim_values_it_does_not_have() {
        let (request, answer) = asked(
            r#"{"question":"table","game":"knights","rows":"1-2","cols":"1-2","convention":"misere"}"#,
        );
        assert!(table_report(&answer)
            .nimbers
            .iter()
            .flatten()
            .all(Option::is_none));
        assert_eq!(of_answer(&request, &answer), None);
    }

    #[test]
    fn a_corner_table_is_a_grid_of_one_cell_per_value() {
        let (svg, answer) =
            drawn(r#"{"question":"table","game":"corner-queen","rows":"0-9","cols":"0-6"}"#);
        let report = table_report(&answer);
        assert_eq!(svg.matches(r#"stroke="gray""#).count(), 10 * 7);
        assert!(svg.contains("corner-queen: nim-value g(m, n), m down, n across"));
        // The P-positions of Wythoff's game, (0, 0), (1, 2), (3, 5), ... and their mirror
        // images, are the white cells.
        let zeros = report
            .nimbers
            .iter()
            .flatten()
            .filter(|&&v| v == Some(0))
            .count();
        assert!(zeros > 1);
        // The white cells, and the legend's 0.
        assert_eq!(svg.matches(r##"fill="#ffffff""##).count(), zeros + 1);
    }

    #[test]
    fn a_placement_table_draws_its_values_and_a_stopped_one_its_unfinished_cells_as_unknown() {
        let json = r#"{"question":"table","game":"knights","rows":"1-4","cols":"2-5"}"#;
        let (svg, answer) = drawn(json);
        let report = table_report(&answer);
        assert_eq!(svg.matches(r#"stroke="gray""#).count(), 16);
        assert_eq!(svg.matches(">?</text>").count(), 0);
        for value in report.nimbers.iter().flatten() {
            assert!(svg.contains(&format!(">{}</text>", value.unwrap())));
        }
        assert!(svg.contains("knights: nim-value of the empty m x n board"));

        // Stopped before it starts: only the cells a strategy settles without search are
        // finished, the others are drawn as unknown, not as 0.
        let request: Request = serde_json::from_str(json).unwrap();
        let watch = Watch::new();
        watch.stop();
        let Err(RunError::Stopped(Stopped::Table(stopped))) = crate::request::run(&request, &watch)
        else {
            panic!("the table was not stopped");
        };
        let unfinished = 16 - stopped.finished_cells;
        assert!(unfinished > 0);
        let svg = of_answer(&request, &Answer::Table(*stopped)).unwrap();
        assert_eq!(svg.matches(">?</text>").count(), unfinished);
        assert_eq!(svg.matches(r#"stroke="gray""#).count(), 16);
    }

    #[test]
    fn a_grid_past_the_bound_is_not_drawn() {
        let (request, answer) =
            asked(r#"{"question":"table","game":"corner-queen","rows":"0-200","cols":"0-199"}"#);
        assert_eq!(table_report(&answer).nimbers.len(), 201);
        assert_eq!(of_answer(&request, &answer), None);
    }

    #[test]
    fn a_sequence_is_plotted_with_its_period() {
        let (svg, _) = drawn(r#"{"question":"sequence","game":"kayles","to":100}"#);
        assert!(svg.contains("kayles (0.77): nim-values of heaps 0 to 100"));
        // Kayles' last exception is at heap 70: the periodic part is shaded from heap 71.
        assert!(svg.contains("period 12 from n = 71"));
        assert!(svg.contains("crimson"));
    }

    #[test]
    fn a_tour_is_drawn_as_a_path_through_every_square_within_its_bound() {
        for json in [
            r#"{"question":"tour","board":"3x4"}"#,
            r#"{"question":"tour","board":"6x6","closed":true}"#,
        ] {
            let (svg, answer) = drawn(json);
            let Answer::Tour(TourAnswer::Found(found)) = &answer else {
                panic!("no tour: {json}")
            };
            // Every square once, and a closed tour back to its first.
            let points = found.tour.path().len() + usize::from(found.tour.is_closed());
            let polyline = svg
                .lines()
                .find(|line| line.starts_with("<polyline"))
                .unwrap();
            let path = polyline.split('"').nth(1).unwrap();
            assert_eq!(path.split(' ').count(), points, "{json}");
            assert_eq!(found.tour.path().len(), found.tour.board().squares());
            // The dark squares, half the board.
            let dark = svg.matches("#b58863").count();
            assert_eq!(dark, found.tour.board().squares() / 2, "{json}");
        }
        let (request, answer) = asked(r#"{"question":"tour","board":"501x500"}"#);
        assert!(matches!(answer, Answer::Tour(TourAnswer::Found(_))));
        assert_eq!(of_answer(&request, &answer), None);
    }

    #[test]
    fn a_graph_of_a_piece_draws_a_smallest_terminal_position() {
        let (svg, answer) = drawn(r#"{"question":"graph","game":"knights 5x5"}"#);
        let Answer::Graph(graph) = &answer else {
            panic!("not a graph")
        };
        let smallest = graph.report.numbers.independent_domination_number.unwrap();
        assert_eq!(svg.matches("<circle").count(), smallest);
        assert!(svg.contains(&format!("a smallest terminal position, {smallest} pieces")));
        // Every square without a piece is attacked.
        assert_eq!(
            svg.matches("#f2b8b5").count() + svg.matches("#e39a96").count(),
            25 - smallest
        );
    }

    #[test]
    fn answers_without_a_board_or_anything_to_draw_have_no_picture() {
        for json in [
            r#"{"question":"value","game":"kayles 3 4 5"}"#,
            r#"{"question":"moves","game":"kayles 3 4 5","all":true}"#,
            r#"{"question":"value","game":"corner-knight 7 9"}"#,
            r#"{"question":"moves","game":"graph sent","graph":"a b\nb c\n"}"#,
            r#"{"question":"value","game":"knights 3x3 + kayles 3"}"#,
            r#"{"question":"graph","game":"graph sent","graph":"a b\nb c\n"}"#,
            r#"{"question":"tour","board":"3x3"}"#,
            r#"{"question":"tour_exists","board":"5x5"}"#,
            r#"{"question":"tour_count","board":"3x4"}"#,
        ] {
            let (request, answer) = asked(json);
            assert_eq!(of_answer(&request, &answer), None, "{json}");
        }
        let tour = "1 4 7\n6 9 2\n3 8 5\n".to_string();
        let verify = Request::TourVerify(crate::request::TourVerifyRequest {
            text: tour,
            closed: false,
        });
        let answer = crate::request::run(&verify, &Watch::new()).unwrap();
        assert_eq!(of_answer(&verify, &answer), None);
    }

    #[test]
    fn an_answer_to_another_request_has_no_picture() {
        let (moves, moves_answer) = asked(r#"{"question":"moves","game":"knights 3x3"}"#);
        let (sequence, sequence_answer) = asked(r#"{"question":"sequence","game":"kayles"}"#);
        assert_eq!(of_answer(&moves, &sequence_answer), None);
        assert_eq!(of_answer(&sequence, &moves_answer), None);
    }
}
