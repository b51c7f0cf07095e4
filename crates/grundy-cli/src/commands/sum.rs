//! `grundy value` and `grundy moves` on a sum of games from different families, written as
//! CGSuite users write it: `grundy value "knights 5x5 + kayles 7 + *3"` (quoted or not). The
//! values and moves come from the library's [`GameSum`]; this module reads the expression and
//! prints the report.

use std::time::Instant;

use anyhow::Result;
use grundy::games::sum::{GameSum, Summand};
use grundy::report::{Command, GameReport, Move, Player, SummandReport};
use grundy::Nimber;

use super::{rules_note, GameArgs, SearchOptions};
use crate::input::{input_error, parse_game, parse_position, read_graph, GameSpec};
use crate::render::json_line;

/// The most games one sum may hold.
const MAX_SUMMANDS: usize = 64;

/// The words of a sum of games, when the command line names one: a `+` standing alone between
/// games (`knights 5x5 + kayles 7`, quoted as one argument or typed as several), or a nimber
/// such as `*3`. `bishops+knights` is one game, not a sum.
pub fn sum_words(target: &GameArgs) -> Option<Vec<String>> {
    let words: Vec<String> = std::iter::once(target.game.as_str())
        .chain(target.args.iter().map(String::as_str))
        .flat_map(str::split_whitespace)
        .map(str::to_string)
        .collect();
    let is_sum = words.iter().any(|word| word == "+") || target.game.trim().starts_with('*');
    is_sum.then_some(words)
}

/// One summand as typed, and what it became.
struct Part {
    /// As typed: `knights 5x5`, `kayles 7`, `*3`.
    text: String,
    /// For people: `knights on 5x5 at N..../...`.
    title: String,
    /// Its position: a placement game's rows, the heaps, the corner piece's square, `*3`.
    position: String,
}

/// Reads the summands of `words` (split at each `+`), giving the placement games the
/// `--position`s in order.
fn parse_sum(words: &[String], target: &GameArgs) -> Result<(Vec<Part>, Vec<Summand>)> {
    let groups: Vec<&[String]> = words.split(|word| word == "+").collect();
    if groups.len() > MAX_SUMMANDS {
        return Err(input_error(format!(
            "a sum of {} games is too long: at most {MAX_SUMMANDS}",
            groups.len()
        )));
    }
    let mut positions = target.positions.iter();
    let mut parts = Vec::new();
    let mut summands = Vec::new();
    for (index, group) in groups.iter().enumerate() {
        let Some((game, args)) = group.split_first() else {
            return Err(input_error(format!(
                "summand {} of the sum is empty: write games joined by ` + `, for example \"knights 5x5 + kayles 7 + *3\"",
                index + 1
            )));
        };
        let text = group.join(" ");
        let mut position_text = args.join(" ");
        let (title, summand) = if game.starts_with('*') {
            if let Some(extra) = args.first() {
                return Err(input_error(format!(
                    "unexpected `{extra}` after the nimber {game}: a nimber stands alone in a sum"
                )));
            }
            let nimber: Nimber = game.parse().map_err(input_error)?;
            // A summand as typed: `*0`, though the value 0 is written `0`.
            position_text = format!("*{}", nimber.value());
            (position_text.clone(), Summand::Nimber(nimber))
        } else if game.eq_ignore_ascii_case("graph") {
            let (path, graph) = read_graph(args, target.format.as_deref())?;
            let title = format!("graph {path} ({} vertices)", graph.vertex_count());
            (title, Summand::Graph(graph))
        } else {
            match parse_game(game, args)? {
                GameSpec::Placement(game) => {
                    let game = target.rules.apply(game)?;
                    let position = parse_position(&game, positions.next().map(String::as_str))?;
                    let mut title = format!(
                        "{} on {}{}",
                        game.name(),
                        game.board(),
                        rules_note(game.rules())
                    );
                    position_text = game.format_position(&position);
                    if position != game.empty() {
                        title.push_str(&format!(" at {position_text}"));
                    }
                    (title, Summand::Placement { game, position })
                }
                GameSpec::Heaps(game, heaps) => (text.clone(), Summand::Heaps { game, heaps }),
                GameSpec::Rectangles(boards) => (text.clone(), Summand::Rectangles(boards)),
                GameSpec::Corner(game, m, n) => (text.clone(), Summand::Corner { game, m, n }),
            }
        };
        parts.push(Part {
            text,
            title,
            position: position_text,
        });
        summands.push(summand);
    }
    if let Some(extra) = positions.next() {
        return Err(input_error(format!(
            "--position `{extra}` has no placement game to go to: the sum has {} placement games, one --position each at most",
            summands
                .iter()
                .filter(|s| matches!(s, Summand::Placement { .. }))
                .count()
        )));
    }
    Ok((parts, summands))
}

/// The sum of `words` with its searches' tables.
fn load(
    words: &[String],
    target: &GameArgs,
    search: &SearchOptions,
) -> Result<(Vec<Part>, GameSum)> {
    let (parts, summands) = parse_sum(words, target)?;
    let sum = GameSum::new(summands, search.memory).map_err(input_error)?;
    Ok((parts, sum))
}

/// The expression as one line, the summands joined by ` + `.
fn expression(parts: &[Part]) -> String {
    parts
        .iter()
        .map(|part| part.text.as_str())
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The report's keys every sum has: the expression as the game and the position (each game's
/// own position is in `summands`), with the first player to move.
fn sum_report(command: Command, parts: &[Part], nimber: Nimber) -> GameReport {
    let written = expression(parts);
    GameReport::of_value(command, written.clone(), written, nimber, Player::First)
}

/// Each game of the sum with its value, for the JSON report.
fn summand_reports(
    parts: &[Part],
    values: &[Nimber],
    settlements: &[Option<String>],
) -> Vec<SummandReport> {
    parts
        .iter()
        .zip(values)
        .zip(settlements)
        .map(|((part, value), settled_by)| SummandReport {
            game: part.text.clone(),
            position: part.position.clone(),
            nimber: value.value(),
            settled_by: settled_by.clone(),
        })
        .collect()
}

/// The report of `grundy value` on a sum.
pub fn value_report(words: &[String], target: &GameArgs, search: &SearchOptions) -> Result<String> {
    let (parts, mut sum) = load(words, target, search)?;
    let started = Instant::now();
    let values = sum.summand_values();
    let nimber: Nimber = values.iter().copied().sum();
    let seconds = started.elapsed().as_secs_f64();
    let outcome = nimber.outcome();
    if search.json {
        let report = GameReport {
            summands: Some(summand_reports(&parts, &values, &sum.summand_settlements())),
            positions_searched: Some(sum.positions_searched()),
            seconds,
            ..sum_report(Command::Value, &parts, nimber)
        };
        return Ok(json_line(&report));
    }
    let width = parts.iter().map(|part| part.title.len()).max().unwrap_or(0);
    let mut out = format!("game       {}\n", expression(&parts));
    let settlements = sum.summand_settlements();
    for (index, ((part, value), settled_by)) in
        parts.iter().zip(&values).zip(&settlements).enumerate()
    {
        let label = if index == 0 { "summands" } else { "" };
        let settled = settled_by
            .as_ref()
            .map_or_else(String::new, |strategy| format!("  (by {strategy})"));
        out.push_str(&format!(
            "{label:<10} {:<width$}  {value}{settled}\n",
            part.title
        ));
    }
    out.push_str(&format!("nim-value  {nimber}\n"));
    out.push_str(&format!(
        "outcome    {outcome}: {}\n",
        outcome.winner_description()
    ));
    out.push_str(&format!(
        "searched   {} positions in {seconds:.3} s\n",
        sum.positions_searched()
    ));
    Ok(out)
}

/// The report of `grundy moves` on a sum: the winning moves, or with `all` every move.
pub fn moves_report(
    words: &[String],
    target: &GameArgs,
    all: bool,
    search: &SearchOptions,
) -> Result<String> {
    let (parts, mut sum) = load(words, target, search)?;
    let started = Instant::now();
    let values = sum.summand_values();
    let nimber: Nimber = values.iter().copied().sum();
    let moves = sum.list_moves(all, super::heaps::LIST_LIMIT);
    let seconds = started.elapsed().as_secs_f64();
    let listed: Vec<_> = moves.listed.iter().collect();
    let shown_total = if all { moves.legal } else { moves.winning };
    let unlisted = shown_total - listed.len() as u64;
    if search.json {
        let report = GameReport {
            summands: Some(summand_reports(&parts, &values, &sum.summand_settlements())),
            legal_moves: Some(moves.legal as usize),
            winning_moves: Some(moves.winning as usize),
            moves: Some(listed.iter().map(|m| Move::in_sum(m)).collect()),
            moves_not_listed: (unlisted > 0).then_some(unlisted as usize),
            positions_searched: Some(sum.positions_searched()),
            seconds,
            ..sum_report(Command::Moves, &parts, nimber)
        };
        return Ok(json_line(&report));
    }
    let mut out = format!(
        "{}: nim-value {nimber}, {} legal moves, {} winning\n",
        expression(&parts),
        moves.legal,
        moves.winning
    );
    if moves.winning == 0 && moves.legal > 0 {
        out.push_str(
            "no winning move: the sum has nim-value 0, so every move loses against perfect play\n",
        );
    }
    let width = listed
        .iter()
        .map(|m| parts[m.summand].text.len() + m.notation.len())
        .max()
        .unwrap_or(0);
    for m in listed {
        let part = &parts[m.summand];
        let shown = format!("{}: {}", part.text, m.notation);
        let verdict = if m.nimber == Nimber::ZERO {
            "  wins"
        } else {
            ""
        };
        out.push_str(&format!(
            "  {shown:<w$}  -> {} in its game, {} in all{verdict}\n",
            m.summand_value,
            m.nimber,
            w = width + 2
        ));
    }
    if unlisted > 0 {
        out.push_str(&format!(
            "  ... and {unlisted} more (only the first {} are listed)\n",
            super::heaps::LIST_LIMIT
        ));
    }
    out.push_str(&format!(
        "searched   {} positions in {seconds:.3} s\n",
        sum.positions_searched()
    ));
    Ok(out)
}
