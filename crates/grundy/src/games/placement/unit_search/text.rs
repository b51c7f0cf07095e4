//! The compact text of units, answers and paths, for messages and checkpoint lines.

use thiserror::Error;

use crate::games::placement::{PlacementGame, PlacementMove, PlacementPosition};

use super::*;

/// The most bytes of a unit's or an answer's text: a unit names at most one move per square
/// of the largest board (a few bytes each) besides three numbers.
pub const MAX_UNIT_TEXT_BYTES: usize = 64 << 10;

/// Why the text of a unit, an answer or a path was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct UnitTextError(String);

/// A move as units write it: its square, and in a game of several pieces the piece's place
/// in the game's list before it (`1c3`); letters alone are ambiguous between leapers.
fn move_text(step: PlacementMove, game: &PlacementGame) -> String {
    if game.pieces().len() > 1 {
        let index = game
            .pieces()
            .iter()
            .position(|&p| p == step.piece)
            .unwrap_or(0);
        format!("{index}{}", step.square)
    } else {
        step.square.to_string()
    }
}

/// The moves of `path`, separated by spaces.
#[must_use]
pub fn path_text(path: &[PlacementMove], game: &PlacementGame) -> String {
    path.iter()
        .map(|&step| move_text(step, game))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads moves written by [`path_text`], checking that each is legal where it is played from
/// `root`.
pub fn parse_path(
    text: &str,
    game: &PlacementGame,
    root: &PlacementPosition,
) -> Result<Vec<PlacementMove>, UnitTextError> {
    if text.split_whitespace().count() > game.board().squares() {
        return Err(UnitTextError(format!(
            "more moves than the {} board has squares",
            game.board()
        )));
    }
    let mut path = Vec::new();
    let mut position = *root;
    for word in text.split_whitespace() {
        let digits = word
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(word.len());
        let piece = match (&word[..digits], game.pieces()) {
            ("", [only]) => *only,
            (index, pieces) => index
                .parse::<usize>()
                .ok()
                .and_then(|i| pieces.get(i).copied())
                .filter(|_| pieces.len() > 1)
                .ok_or_else(|| {
                    UnitTextError(format!("`{word}` is not a move of {}", game.name()))
                })?,
        };
        let square = game
            .board()
            .parse_square(&word[digits..])
            .map_err(|e| UnitTextError(format!("`{word}`: {e}")))?;
        let step = PlacementMove { square, piece };
        position = game
            .play_move(&position, step)
            .map_err(|e| UnitTextError(format!("`{word}`: {e}")))?;
        path.push(step);
    }
    Ok(path)
}

/// The text of `unit`: `id heap budget moves...`, the budget `-` when unbounded.
#[must_use]
pub fn encode_unit(unit: &Unit, game: &PlacementGame) -> String {
    let budget = unit
        .budget
        .map_or_else(|| "-".to_string(), |b| b.to_string());
    let mut text = format!("{} {} {budget}", unit.id, unit.heap);
    if !unit.path.is_empty() {
        text.push(' ');
        text.push_str(&path_text(&unit.path, game));
    }
    text
}

/// Reads a unit written by [`encode_unit`], checking its moves from `root`.
pub fn decode_unit(
    text: &str,
    game: &PlacementGame,
    root: &PlacementPosition,
) -> Result<Unit, UnitTextError> {
    if text.len() > MAX_UNIT_TEXT_BYTES {
        return Err(UnitTextError(format!(
            "a unit of {} bytes, more than {MAX_UNIT_TEXT_BYTES}",
            text.len()
        )));
    }
    let mut words = text.splitn(4, ' ');
    let mut number = |what: &str| {
        words
            .next()
            .ok_or_else(|| UnitTextError(format!("a unit without its {what}: `{text}`")))
    };
    let id = number("id")?
        .parse()
        .map_err(|_| UnitTextError(format!("a unit's id is a number: `{text}`")))?;
    let heap = number("heap")?
        .parse()
        .map_err(|_| UnitTextError(format!("a unit's heap is a number: `{text}`")))?;
    let budget =
        match number("budget")? {
            "-" => None,
            b => Some(b.parse().map_err(|_| {
                UnitTextError(format!("a unit's budget is a number or -: `{text}`"))
            })?),
        };
    let path = parse_path(words.next().unwrap_or(""), game, root)?;
    Ok(Unit {
        id,
        path,
        heap,
        budget,
    })
}

/// The text of `answer`: `id p|n|- positions` (`-`: given up).
#[must_use]
pub fn encode_answer(answer: &UnitAnswer) -> String {
    let is_p = match answer.is_p {
        Some(true) => "p",
        Some(false) => "n",
        None => "-",
    };
    format!("{} {is_p} {}", answer.id, answer.positions)
}

/// Reads an answer written by [`encode_answer`].
pub fn decode_answer(text: &str) -> Result<UnitAnswer, UnitTextError> {
    let bad = || {
        UnitTextError(format!(
            "not an answer to a unit: `{}`",
            text.chars().take(80).collect::<String>()
        ))
    };
    let words: Vec<&str> = text.split(' ').collect();
    let [id, is_p, positions] = words[..] else {
        return Err(bad());
    };
    Ok(UnitAnswer {
        id: id.parse().map_err(|_| bad())?,
        is_p: match is_p {
            "p" => Some(true),
            "n" => Some(false),
            "-" => None,
            _ => return Err(bad()),
        },
        positions: positions.parse().map_err(|_| bad())?,
    })
}
