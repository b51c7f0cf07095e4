//! The answers of `value` and `moves` as text for people, as the command line prints them:
//! how each family's game, position and moves are written, a board drawn in letters, a sum's
//! summands one a line. Front ends print what these give; the JSON of the same answers is the
//! report itself.

use std::collections::HashMap;

use crate::board::Square;
use crate::board::Surface;
use crate::games::contract::FamilyGame;
use crate::games::corner::CornerPiece;
use crate::games::game::Game;
use crate::games::graph::GraphGame;
use crate::games::move_list::LIST_LIMIT;
use crate::games::placement::{Piece, Placement, PlacementGame, PlacementPosition, PlacementRules};
use crate::games::sum::Summand;
use crate::report::{Command, FamilyPart, GameReport, Move, Player};
use crate::values::Nimber;
use crate::values::Outcome;

/// The text of `value` or `outcome` (as `command` says) of `game` under normal play. One
/// placement game is answered by its first-move search, whose text shows the position when the
/// user gave one (`position_given`) or it is not the empty board, and `units`, the line about
/// the units of a search spread over ranks; any other game, and a sum, by its value (which
/// says who wins too).
#[must_use]
pub fn answer_text(
    game: &Game,
    command: Command,
    report: &GameReport,
    position_given: bool,
    units: Option<&str>,
) -> String {
    let Some(Summand::Placement(Placement { game, position })) = game.as_single() else {
        return value_text(game, report);
    };
    let shows_position = position_given || *position != game.empty();
    match command {
        Command::Outcome => placement_outcome_text(game, report, shows_position, units),
        _ => placement_value_text(game, position, report, shows_position, units),
    }
}

/// The text of `value` for a game that is not one placement game (whose first-move search
/// [`answer_text`] words).
fn value_text(game: &Game, report: &GameReport) -> String {
    match game.as_single() {
        Some(Summand::Graph(GraphGame { .. })) => graph_value_text(report),
        Some(summand) if !game.is_sum() => heap_value_text(summand, report),
        _ => sum_value_text(game, report),
    }
}

/// The text of `moves`: the winning moves, or with `all` every move and what it leads to.
#[must_use]
pub fn moves_text(game: &Game, report: &GameReport, all: bool) -> String {
    match game.as_single() {
        Some(Summand::Placement(Placement { game, position })) => {
            placement_text(game, position, report, all)
        }
        Some(Summand::Graph(GraphGame { .. })) => graph_moves_text(report, all),
        Some(summand) if !game.is_sum() => heap_moves_text(summand, report, all),
        _ => sum_moves_text(game, report),
    }
}

/// The first line of an answer that names the game: one placement game by its pieces, board
/// and rules (`knights on 5x5 (torus surface)`), any other game as written.
#[must_use]
pub fn game_line(game: &Game) -> String {
    match game.as_single() {
        Some(Summand::Placement(Placement { game, .. })) => format!(
            "game       {} on {}{}\n",
            game.name(),
            game.board(),
            rules_note(game.rules())
        ),
        _ => format!("game       {game}\n"),
    }
}

fn nimber(report: &GameReport) -> Nimber {
    Nimber::new(report.nimber().unwrap_or(0))
}

/// The game for people: `kayles (0.77)`, `0.137`, `kayles-2d`, `corner-knight`, and a board
/// game with its board: `cram 3x4`.
fn describe(report: &GameReport) -> String {
    match (&report.code, report.board()) {
        (Some(code), _) if *code != report.game => format!("{} ({code})", report.game),
        (_, Some(board)) => format!("{} {board}", report.game),
        _ => report.game.clone(),
    }
}

/// The position for people: the heaps `3 4 5`, the boards, the corner piece's square `(7, 9)`.
fn heap_position(summand: &Summand, report: &GameReport) -> String {
    match summand {
        Summand::Corner(CornerPiece { m, n, .. }) => format!("({m}, {n})"),
        _ => report.position.clone(),
    }
}

/// The text of `value` for a heap or corner game.
fn heap_value_text(summand: &Summand, report: &GameReport) -> String {
    let mut out = format!(
        "game       {}\nposition   {}\n",
        describe(report),
        heap_position(summand, report)
    );
    if let Some(parts) = report
        .heap_nimbers
        .as_ref()
        .filter(|parts| !parts.is_empty())
    {
        let shown: Vec<String> = parts.iter().map(|&v| Nimber::new(v).to_string()).collect();
        out.push_str(&format!("heaps      {}\n", shown.join(" + ")));
    }
    out.push_str(&parts_line(report));
    // An outcome a strategy settled comes without the value.
    if report.nimber().is_some() {
        out.push_str(&format!("nim-value  {}\n", nimber(report)));
    }
    out.push_str(&format!("outcome    {}\n", outcome_words(report.outcome())));
    if let Some(winning) = &report.first_move_search.winning_move {
        out.push_str(&format!("winning    {}\n", winning.notation));
    }
    out.push_str(&searched_lines(report));
    out
}

/// For a game its family searches (Cram): the strategy that settled it without search, and the
/// positions searched. A game read from its sequence or table has neither.
fn searched_lines(report: &GameReport) -> String {
    let mut out = report
        .settled_by
        .as_deref()
        .map_or_else(String::new, settled_line);
    if let Some(positions) = report.cost.positions_searched {
        out.push_str(&format!(
            "searched   {} in {:.3} s\n",
            positions_text(positions),
            report.seconds
        ));
    }
    out
}

/// The text of `moves` for a heap or corner game.
fn heap_moves_text(summand: &Summand, report: &GameReport, all: bool) -> String {
    let (legal, winning) = (
        report.listed.legal_moves.unwrap_or(0),
        report.listed.winning_moves.unwrap_or(0),
    );
    let mut out = format!(
        "{} at {}: nim-value {}, {legal} different moves, {winning} winning\n",
        describe(report),
        heap_position(summand, report),
        nimber(report)
    );
    if legal == 0 {
        out.push_str("no legal moves: the player to move has lost\n");
    } else if winning == 0 && !all {
        out.push_str("no winning move: every move leads to a position the opponent wins\n");
    }
    if let Some(strategy) = &report.settled_by {
        out.push_str(&settled_line(strategy));
    }
    for m in report.listed.moves.as_deref().unwrap_or_default() {
        let verdict = if m.wins() { "  wins" } else { "" };
        out.push_str(&format!(
            "  {:<24} leaves {}{verdict}\n",
            m.notation,
            m.value()
        ));
    }
    let unlisted = report.listed.moves_not_listed.unwrap_or(0);
    if unlisted > 0 {
        out.push_str(&format!(
            "  ... and {unlisted} more (the first {LIST_LIMIT} winning moves and, with --all, the first {LIST_LIMIT} others are listed)\n"
        ));
    }
    if let Some(cells) = report
        .listed
        .winning_cells
        .as_ref()
        .filter(|c| !c.is_empty())
    {
        let cells: Vec<String> = cells.iter().map(ToString::to_string).collect();
        out.push_str(&format!(
            "winning cells (numbered from 1): {}\n",
            cells.join(", ")
        ));
    }
    out
}

/// A summand for people: `knights on 5x5 at N..../...`, `graph edges.txt (12 vertices)`.
fn title(summand: &Summand) -> String {
    match summand {
        Summand::Placement(Placement { game, position }) => {
            let mut title = format!(
                "{} on {}{}",
                game.name(),
                game.board(),
                rules_note(game.rules())
            );
            if *position != game.empty() {
                title.push_str(&format!(" at {}", game.format_position(position)));
            }
            title
        }
        Summand::Graph(GraphGame { name, graph }) => {
            format!("graph {name} ({} vertices)", graph.vertex_count())
        }
        other => other.written(),
    }
}

/// The text of `grundy value` on a sum.
fn sum_value_text(game: &Game, report: &GameReport) -> String {
    let titles: Vec<String> = game.summands().iter().map(title).collect();
    let width = titles.iter().map(String::len).max().unwrap_or(0);
    let mut out = format!("game       {}\n", report.game);
    // A nimber alone is answered by the sum's rule, but its one part is the game itself.
    let summands = match report.summands.as_deref().unwrap_or_default() {
        [_] => &[],
        summands => summands,
    };
    for (index, (title, summand)) in titles.iter().zip(summands).enumerate() {
        let label = if index == 0 { "summands" } else { "" };
        let settled = summand
            .settled_by
            .as_ref()
            .map_or_else(String::new, |strategy| format!("  (by {strategy})"));
        out.push_str(&format!(
            "{label:<10} {title:<width$}  {}{settled}\n",
            Nimber::new(summand.nimber)
        ));
    }
    out.push_str(&format!("nim-value  {}\n", nimber(report)));
    out.push_str(&format!("outcome    {}\n", outcome_words(report.outcome())));
    if let Some(winning) = &report.first_move_search.winning_move {
        out.push_str(&format!("winning    {}\n", move_in_game(game, winning)));
    }
    out.push_str(&format!(
        "searched   {} in {:.3} s\n",
        positions_text(report.cost.positions_searched.unwrap_or(0)),
        report.seconds
    ));
    out
}

/// The text of `grundy moves` on a sum: the winning moves, or with `all` every move.
fn sum_moves_text(game: &Game, report: &GameReport) -> String {
    let (legal, winning) = (
        report.listed.legal_moves.unwrap_or(0),
        report.listed.winning_moves.unwrap_or(0),
    );
    let mut out = format!(
        "{}: nim-value {}, {legal} different moves, {winning} winning\n",
        report.game,
        nimber(report),
    );
    if winning == 0 && legal > 0 {
        out.push_str(
            "no winning move: the sum has nim-value 0, so every move loses against perfect play\n",
        );
    }
    let listed = report.listed.moves.as_deref().unwrap_or_default();
    let shown: Vec<String> = listed.iter().map(|m| move_in_game(game, m)).collect();
    let width = shown.iter().map(String::len).max().unwrap_or(0);
    for (m, shown) in listed.iter().zip(&shown) {
        let verdict = if m.wins() { "  wins" } else { "" };
        // A nimber alone is answered as a sum of one game: its moves are written as a heap's.
        let line = if game.summands().len() == 1 {
            format!("  {shown:<24} leaves {}{verdict}\n", m.value())
        } else {
            format!(
                "  {shown:<width$}  -> {} in its game, {} in all{verdict}\n",
                Nimber::new(m.summand_nimber().unwrap_or(0)),
                m.value(),
            )
        };
        out.push_str(&line);
    }
    if let Some(unlisted) = report.listed.moves_not_listed {
        out.push_str(&format!(
            "  ... and {unlisted} more (the first {LIST_LIMIT} winning moves and, with --all, the first {LIST_LIMIT} others are listed)\n"
        ));
    }
    out.push_str(&format!(
        "searched   {} in {:.3} s\n",
        positions_text(report.cost.positions_searched.unwrap_or(0)),
        report.seconds
    ));
    out
}

fn graph_describe(report: &GameReport) -> String {
    let (vertices, edges) = match report.family {
        FamilyPart::Graph {
            vertices, edges, ..
        } => (vertices, edges),
        _ => (0, 0),
    };
    format!(
        "Node Kayles on {} ({vertices} vertices, {edges} edges)",
        report.position
    )
}

/// The line of the parts a position splits into, each value with what the part is made of
/// (`parts      *2 (a1 c1 b2 a3 c3) + 0 (b1 a2 c2 b3)`), whose nim-sum is the value; nothing
/// for a position of one part.
fn parts_line(report: &GameReport) -> String {
    if report.parts().is_empty() {
        return String::new();
    }
    let shown: Vec<String> = report
        .parts()
        .iter()
        .map(|part| format!("{} ({})", part.nimber(), part.position()))
        .collect();
    format!("parts      {}\n", shown.join(" + "))
}

/// The text of `grundy value graph FILE`.
fn graph_value_text(report: &GameReport) -> String {
    let winning = report
        .first_move_search
        .winning_move
        .as_ref()
        .map_or_else(String::new, |winning| {
            format!("winning    {}\n", winning.notation)
        });
    format!(
        "game       {}\n{}nim-value  {}\noutcome    {}\n{winning}searched   {} positions ({} table hits) in {:.3} s\n",
        graph_describe(report),
        parts_line(report),
        nimber(report),
        outcome_sentence(report.to_move(), report.outcome()),
        report.cost.positions_searched.unwrap_or(0),
        report.cost.table_hits.unwrap_or(0),
        report.seconds,
    )
}

/// The text of `grundy moves graph FILE`: the winning first moves, or with `all` every vertex
/// and the nim-value a move there leads to.
fn graph_moves_text(report: &GameReport, all: bool) -> String {
    let (legal, winning) = (
        report.listed.legal_moves.unwrap_or(0),
        report.listed.winning_moves.unwrap_or(0),
    );
    let moves = report.listed.moves.as_deref().unwrap_or_default();
    let mut out = format!(
        "{}: nim-value {}, {legal} legal moves, {winning} winning\n",
        graph_describe(report),
        nimber(report)
    );
    if legal == 0 {
        out.push_str("no legal moves: the player to move has lost\n");
    } else if moves.is_empty() {
        out.push_str("no winning move: every move leads to a position the opponent wins\n");
    }
    let width = moves.iter().map(|m| m.notation.len()).max().unwrap_or(0);
    for m in moves {
        let verdict = if m.wins() { "  wins" } else { "" };
        out.push_str(&format!(
            "  {:<width$} -> {}{verdict}\n",
            m.notation,
            m.value()
        ));
    }
    if report.outcome() == Some(Outcome::N) && !all {
        out.push_str("(a move on a vertex takes it and its neighbours out of play)\n");
    }
    out.push_str(&format!(
        "searched {} in {:.3} s\n",
        positions_text(report.cost.positions_searched.unwrap_or(0)),
        report.seconds
    ));
    out
}

/// A placement move of a report, back on the board, with what is known of it.
struct PlacedMove {
    square: Square,
    piece: Piece,
    nimber: Option<Nimber>,
    winning: Option<bool>,
}

/// The placement moves of a report, back on the board.
fn placed_moves(game: &PlacementGame, report: &GameReport) -> Vec<PlacedMove> {
    let board = game.board();
    report
        .listed
        .moves
        .as_deref()
        .unwrap_or_default()
        .iter()
        .filter_map(|m| {
            let (row, col) = m.row_and_col()?;
            Some(PlacedMove {
                square: board.square(row - 1, col - 1)?,
                piece: m.piece()?.parse::<Piece>().ok()?,
                nimber: m.nimber.map(Nimber::new),
                winning: m.winning,
            })
        })
        .collect()
}

/// The text of `grundy moves` for one placement game: the board with the winning moves (or
/// every move's value) marked, and the moves listed.
fn placement_text(
    game: &PlacementGame,
    position: &PlacementPosition,
    report: &GameReport,
    all: bool,
) -> String {
    let moves = placed_moves(game, report);
    let several = game.pieces().len() > 1;
    let legal_moves = report.listed.legal_moves.unwrap_or(0);
    let winning = report.listed.winning_moves.unwrap_or(0);
    let unsettled = report.listed.moves_unsettled.unwrap_or(0);
    let value = match (report.nimber(), report.outcome()) {
        (Some(nimber), _) => Nimber::new(nimber).to_string(),
        (None, Some(Outcome::N)) => "not 0 (not found in the time given)".to_string(),
        (None, _) => "? (not found in the time given)".to_string(),
    };
    // Moves left unsearched may win too: the count is then what was found, not a fact.
    let winning_text = if unsettled > 0 && !(all && report.nimber().is_some()) {
        format!("{winning} winning found ({unsettled} not settled in the time given)")
    } else {
        format!("{winning} winning")
    };
    let mut out = String::new();
    out.push_str(&format!(
        "{} on {}{}: nim-value {value}, {legal_moves} legal moves, {winning_text}\n",
        game.name(),
        game.board(),
        rules_note(game.rules()),
    ));
    let listed: Vec<&PlacedMove> = moves
        .iter()
        .filter(|m| all || m.winning == Some(true))
        .collect();
    let mut labels: HashMap<_, String> = HashMap::new();
    for m in &listed {
        let label = match (all, m.nimber) {
            (false, _) => "*".to_string(),
            (true, Some(nimber)) => plain(nimber),
            (true, None) => "?".to_string(),
        };
        labels
            .entry(m.square)
            .and_modify(|text| {
                if all {
                    text.push('/');
                    text.push_str(&label);
                }
            })
            .or_insert(label);
    }
    out.push_str(&draw_board(game, position, &labels));
    if all && several {
        let letters: Vec<String> = game
            .pieces()
            .iter()
            .map(|piece| piece.letter().to_string())
            .collect();
        out.push_str(&format!(
            "(each free square shows the nim-values after a {} is put there; 0 wins)\n",
            letters.join("/")
        ));
    } else if all {
        out.push_str("(each free square shows the nim-value after a piece is put there; 0 wins)\n");
    } else if winning > 0 {
        out.push_str("(* marks a winning move)\n");
    }
    if unsettled > 0 {
        let what = if all { "valued" } else { "searched" };
        out.push_str(&format!(
            "{unsettled} of {legal_moves} moves not {what} to the end in the time given{}\n",
            if all { " (? on the board)" } else { "" }
        ));
    }
    if legal_moves == 0 {
        out.push_str("no legal moves: the player to move has lost\n");
    } else if listed.is_empty() && report.outcome() == Some(Outcome::P) {
        out.push_str("no winning move: every move leads to a position the opponent wins\n");
    } else if listed.is_empty() {
        out.push_str("no winning move found in the time given\n");
    }
    if let Some(strategy) = &report.settled_by {
        out.push_str(&settled_line(strategy));
    }
    for m in &listed {
        let (row, col) = m.square.coordinates();
        let (value, verdict) = match (m.nimber, m.winning) {
            (Some(nimber), _) => (
                nimber.to_string(),
                if nimber == Nimber::ZERO { "  wins" } else { "" },
            ),
            (None, Some(false)) => ("?".to_string(), "  loses (value not found in time)"),
            (None, _) => ("?".to_string(), "  (not searched to the end in time)"),
        };
        let piece = if several {
            format!("{} ", m.piece.letter())
        } else {
            String::new()
        };
        out.push_str(&format!(
            "  {piece}{:<4} ({row},{col}) -> {value}{verdict}\n",
            m.square.to_string(),
        ));
    }
    out.push_str(&format!(
        "searched {} in {:.3} s\n",
        positions_text(report.cost.positions_searched.unwrap_or(0)),
        report.seconds
    ));
    out
}

/// One line saying who wins, for people.
#[must_use]
pub fn outcome_sentence(to_move: Player, outcome: Option<Outcome>) -> String {
    match outcome {
        Some(Outcome::N) => format!("N: the player to move ({to_move} player) wins"),
        Some(Outcome::P) => format!("P: the player to move ({to_move} player) loses"),
        None => "not known".to_string(),
    }
}

/// The outcome and who wins, `N: first player wins`, for people.
#[must_use]
pub(crate) fn outcome_words(outcome: Option<Outcome>) -> String {
    outcome.map_or_else(
        || "not known".to_string(),
        |outcome| format!("{outcome}: {}", outcome.winner_description()),
    )
}

/// Draws the board: row 1 at the top, column letters above, the piece letter on occupied
/// squares, `x` on attacked ones, and on each free square either `.` or the label given.
#[must_use]
pub(crate) fn draw_board(
    game: &PlacementGame,
    position: &PlacementPosition,
    labels: &HashMap<Square, String>,
) -> String {
    let board = game.board();
    let width = labels.values().map(String::len).max().unwrap_or(1).max(1);
    let row_label_width = board.rows().to_string().len();
    let mut out = String::new();
    out.push_str(&" ".repeat(row_label_width + 1));
    for col in 0..board.cols() {
        let name = board.square(0, col).expect("on the board").to_string();
        let letters: String = name.chars().take_while(char::is_ascii_alphabetic).collect();
        out.push_str(&format!(" {letters:>width$}"));
    }
    out.push('\n');
    for row in 0..board.rows() {
        out.push_str(&format!("{:>row_label_width$} ", row + 1));
        for col in 0..board.cols() {
            let square = board.square(row, col).expect("on the board");
            let cell = if let Some(piece) = game.piece_at(position, square) {
                piece.letter().to_string()
            } else if game.is_attacked(position, square) {
                "x".to_string()
            } else {
                labels
                    .get(&square)
                    .cloned()
                    .unwrap_or_else(|| ".".to_string())
            };
            out.push_str(&format!(" {cell:>width$}"));
        }
        out.push('\n');
    }
    out
}

/// A nimber written as a plain number, as in the published tables (Boone (2016)).
#[must_use]
pub(crate) fn plain(nimber: Nimber) -> String {
    nimber.value().to_string()
}

/// How the rules of `game` differ from one piece on a rectangle, for titles: "" or, for
/// example, " on a torus, lines blocked".
#[must_use]
pub(crate) fn rules_note(rules: &PlacementRules) -> String {
    let mut parts = Vec::new();
    if rules.surface() != Surface::Rectangle {
        parts.push(format!("{} surface", rules.surface()));
    }
    if rules.rays_matter() {
        parts.push(format!("lines {}", rules.rays()));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(", "))
    }
}

/// The "settled" line of an answer a known strategy gave without search.
#[must_use]
pub(crate) fn settled_line(strategy: &str) -> String {
    format!("settled    by {strategy}, without search\n")
}

/// The text of `value` for one placement game, as its first-move search answers it: the
/// position drawn when `shows_position`; `units`, the line about the units of a search spread
/// over ranks (which counts what it resumed from a checkpoint).
#[must_use]
fn placement_value_text(
    game: &PlacementGame,
    position: &PlacementPosition,
    report: &GameReport,
    shows_position: bool,
    units: Option<&str>,
) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "game       {} on {}{}\n",
        game.name(),
        game.board(),
        rules_note(game.rules())
    ));
    if shows_position {
        out.push_str(&format!("position   {}\n", report.position));
        out.push_str(&draw_board(game, position, &HashMap::new()));
    }
    out.push_str(&parts_line(report));
    out.push_str(&format!("nim-value  {}\n", nimber(report)));
    out.push_str(&format!(
        "outcome    {}\n",
        outcome_sentence(report.to_move(), report.outcome())
    ));
    if let Some(strategy) = &report.settled_by {
        out.push_str(&settled_line(strategy));
    }
    // A distributed search counts what it resumed on its `units` line.
    let resumed = report
        .first_move_search
        .resumed_from_checkpoint
        .unwrap_or(0);
    if resumed > 0 && units.is_none() {
        out.push_str(&format!(
            "resumed    {resumed} answers from the checkpoint (whether a first move leaves a value)\n"
        ));
    }
    out.push_str(&closing_lines(report, units));
    out
}

/// The text of `outcome` for one placement game, as its first-move search answers it, as
/// [`placement_value_text`] writes `value`'s.
#[must_use]
fn placement_outcome_text(
    game: &PlacementGame,
    report: &GameReport,
    shows_position: bool,
    units: Option<&str>,
) -> String {
    let mut out = format!(
        "game       {} on {}{}\n",
        game.name(),
        game.board(),
        rules_note(game.rules())
    );
    if shows_position {
        out.push_str(&format!("position   {}\n", report.position));
    }
    out.push_str(&format!(
        "outcome    {}\n",
        outcome_sentence(report.to_move(), report.outcome())
    ));
    if let Some(first) = &report.first_move_search.winning_move {
        let others: Vec<&str> = report
            .first_move_search
            .symmetric_winning_moves
            .as_deref()
            .unwrap_or_default()
            .iter()
            .filter_map(Move::square)
            .collect();
        let symmetric = if others.is_empty() {
            String::new()
        } else {
            format!(", and by symmetry {}", others.join(" "))
        };
        // With several pieces the move names its piece by letter, before the square.
        let square = first.square().unwrap_or_default();
        let (row, col) = first.row_and_col().unwrap_or_default();
        let piece = match first.notation.strip_suffix(square) {
            Some(letter) if !letter.is_empty() => format!("{letter} "),
            _ => String::new(),
        };
        out.push_str(&format!(
            "winning    {piece}{square} ({row},{col}){symmetric}\n",
        ));
    }
    if let Some(strategy) = &report.settled_by {
        out.push_str(&settled_line(strategy));
    }
    let resumed = report
        .first_move_search
        .resumed_from_checkpoint
        .unwrap_or(0);
    out.push_str(&format!(
        "first      {} moves, {} up to symmetry, {} settled{}\n",
        report.first_move_search.first_moves.unwrap_or(0),
        report
            .first_move_search
            .first_moves_up_to_symmetry
            .unwrap_or(0),
        report.first_move_search.first_moves_settled.unwrap_or(0),
        // A distributed search counts what it resumed on its `units` line.
        if resumed > 0 && units.is_none() {
            format!(" ({resumed} from the checkpoint)")
        } else {
            String::new()
        }
    ));
    out.push_str(&closing_lines(report, units));
    out
}

/// The last lines of a first-move search's text: the units of a distributed search, then the
/// positions searched.
fn closing_lines(report: &GameReport, units: Option<&str>) -> String {
    units.unwrap_or_default().to_string()
        + &searched_line(
            report.cost.positions_searched.unwrap_or(0),
            report.cost.endgame_positions.unwrap_or(0),
            report.seconds,
            report.cost.threads.unwrap_or(1),
        )
}

/// The "searched" line of a search's report: positions, endgame positions when there were any
/// (games whose endgames all fit the small-graph table have none), time and threads.
#[must_use]
pub fn searched_line(nodes: u64, endgame_positions: u64, seconds: f64, threads: usize) -> String {
    let endgames = if endgame_positions == 0 {
        String::new()
    } else {
        format!(" and {endgame_positions} endgame positions")
    };
    let plural = if threads == 1 { "" } else { "s" };
    format!(
        "searched   {nodes} positions{endgames} in {seconds:.3} s on {threads} thread{plural}\n"
    )
}

/// A move as written in an answer about `game`: in a sum, after the game it is played in
/// (`kayles 3 4: 3 -> 1 + 1`); alone, its notation.
#[must_use]
pub fn move_in_game(game: &Game, m: &Move) -> String {
    let played_in = m
        .summand()
        .filter(|_| game.summands().len() > 1)
        .and_then(|number| game.summands().get(number.checked_sub(1)?));
    match played_in {
        Some(summand) => format!("{}: {}", summand.text(), m.notation),
        None => m.notation.clone(),
    }
}

/// `count` positions, in words: "1 position", "2 positions".
fn positions_text(count: u64) -> String {
    if count == 1 {
        "1 position".to_string()
    } else {
        format!("{count} positions")
    }
}
