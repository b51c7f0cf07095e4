//! The text of a checkpoint of a [`RootSearch`](super::root_search::RootSearch) or of a
//! distributed search ([`UnitCoordinator`](super::unit_search::UnitCoordinator)): JSON lines,
//! a header naming the format, the game and the position, then one line per settled question
//! ("does this first move leave the value asked about?", or for a distributed search "is the
//! position after these moves, plus this heap, a second-player win?"; the questions of one
//! move are written as the first-move search writes them, so either search resumes from the
//! other's file). A front end writes each line whole,
//! by one write, so a run stopped at any moment leaves at most a torn last line, which
//! [`parse_checkpoint`] drops (that question was never settled). This module is text only:
//! reading and writing the file is the front end's.

use serde_json::{json, Map, Value};
use thiserror::Error;

use super::root_search::SettledRecord;
use super::unit_search::{parse_path, path_text, SettledUnit};
use super::{Piece, PlacementGame, PlacementMove, PlacementPosition, Surface};
use crate::values::Nimber;

/// The checkpoint format written, named in the header: a reader of another format refuses the
/// file rather than misreading it. Files written before the header named a format hold the
/// same lines and are read as this one.
pub const CHECKPOINT_FORMAT: u64 = 1;

/// A line of a checkpoint that cannot be read, by its number from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {why}")]
pub struct CheckpointError {
    /// The line, counting from 1.
    pub line: usize,
    /// What is wrong with it.
    pub why: String,
}

/// The header line of the checkpoint of a search of `position`, newline included.
#[must_use]
pub fn header_line(game: &PlacementGame, position: &PlacementPosition) -> String {
    format!("{}\n", header(game, position))
}

/// The line of the checkpoint for `record` of a search of `game`, newline included: formatted
/// whole, to be written by one write. Lines name the piece placed only in games of several
/// pieces (those of one piece leave it out, as their lines did before games of several pieces
/// had checkpoints).
#[must_use]
pub fn record_line(record: &SettledRecord, game: &PlacementGame) -> String {
    let names_pieces = game.pieces().len() > 1;
    let mut line = json!({
        "value": record.value.value(),
        "square": record.first_move.square.to_string(),
        "leaves_value": record.leaves_value,
        "nodes": record.positions,
    });
    if names_pieces {
        line["piece"] = json!(record.first_move.piece.to_string());
    }
    format!("{line}\n")
}

/// The line of the checkpoint for a question settled by a distributed search, newline
/// included. A question about one move is written as [`record_line`] writes it; a deeper one as
/// `{"path":"c1 h9 e4","heap":0,"is_p":true,"nodes":123}`, the moves from the searched position
/// as [`path_text`] writes them.
#[must_use]
pub fn unit_line(unit: &SettledUnit, game: &PlacementGame) -> String {
    if let Some(record) = unit.as_first_move_record() {
        return record_line(&record, game);
    }
    let line = json!({
        "path": path_text(&unit.path, game),
        "heap": unit.heap,
        "is_p": unit.is_p,
        "nodes": unit.positions,
    });
    format!("{line}\n")
}

/// The header of the checkpoint of a search of `position`.
fn header(game: &PlacementGame, position: &PlacementPosition) -> Value {
    let mut header = json!({
        "format": CHECKPOINT_FORMAT,
        "game": game.name(),
        "board": game.board().to_string(),
        "position": game.format_position(position),
    });
    if game.rules().surface() != Surface::Rectangle {
        header["surface"] = json!(game.rules().surface().to_string());
    }
    if game.rules().rays_matter() {
        header["rays"] = json!(game.rules().rays().to_string());
    }
    header
}

/// What a checkpoint holds.
#[derive(Debug, Default)]
pub struct CheckpointText {
    /// Whether the header was there (a new or empty file, or one whose header was torn, gets
    /// it written afresh).
    pub has_header: bool,
    /// The settled records, in the file's order.
    pub records: Vec<SettledRecord>,
    /// The line of each record, from 1.
    pub lines: Vec<usize>,
    /// The deeper questions settled by a distributed search, in the file's order (the
    /// first-move search has no use for them).
    pub units: Vec<SettledUnit>,
    /// The line of each of `units`, from 1.
    pub unit_lines: Vec<usize>,
    /// The bytes up to the end of the last whole line kept: the file is cut back to them.
    pub whole_bytes: u64,
    /// The torn last line dropped, if any.
    pub torn_line: Option<usize>,
}

/// Reads the text of a checkpoint of a search of `position`. The last line is torn when it has
/// no newline or is not JSON: it is dropped. A line for another search, a line that is not a
/// record of this one, or one damaged in the middle of the file is refused by its number.
///
/// # Errors
/// The first line that cannot be read, and why.
pub fn parse_checkpoint(
    contents: &[u8],
    game: &PlacementGame,
    position: &PlacementPosition,
) -> Result<CheckpointText, CheckpointError> {
    let header = &header(game, position);
    let mut read = CheckpointText::default();
    let mut start = 0;
    let mut number = 0;
    while start < contents.len() {
        number += 1;
        let (line, end, whole) = match contents[start..].iter().position(|&b| b == b'\n') {
            Some(at) => (&contents[start..start + at], start + at + 1, true),
            None => (&contents[start..], contents.len(), false),
        };
        let last = end == contents.len();
        let json = std::str::from_utf8(line)
            .ok()
            .and_then(|text| serde_json::from_str::<Value>(text).ok());
        let blank = line.iter().all(u8::is_ascii_whitespace);
        if last && !blank && (!whole || json.is_none()) {
            read.torn_line = Some(number);
            break;
        }
        start = end;
        read.whole_bytes = end as u64;
        if blank {
            continue;
        }
        let bad = |why: &str| CheckpointError {
            line: number,
            why: why.to_string(),
        };
        let Some(value) = json else {
            return Err(bad(
                "not a line of JSON; the file was damaged or is not a checkpoint",
            ));
        };
        if !read.has_header {
            check_header(value, header).map_err(|why| bad(&why))?;
            read.has_header = true;
            continue;
        }
        if value.get("path").is_some() {
            read.units
                .push(parse_unit(&value, game, position).map_err(|why| bad(&why))?);
            read.unit_lines.push(number);
            continue;
        }
        read.records
            .push(parse_record(&value, game).map_err(|why| bad(&why))?);
        read.lines.push(number);
    }
    if !read.has_header {
        // Nothing whole to keep: the header is written afresh.
        read.whole_bytes = 0;
    }
    Ok(read)
}

/// Checks that a checkpoint's header is for the search whose header is `expected`.
fn check_header(mut found: Value, expected: &Value) -> Result<(), String> {
    let Some(fields) = found.as_object_mut() else {
        return Err("expected the header, a JSON object naming the game".to_string());
    };
    let format = fields.remove("format").unwrap_or(json!(CHECKPOINT_FORMAT));
    if format != json!(CHECKPOINT_FORMAT) {
        return Err(format!(
            "the checkpoint is in format {format}, and this grundy reads format {CHECKPOINT_FORMAT}: use the grundy that wrote it, or another file"
        ));
    }
    let mut expected: Map<String, Value> = expected.as_object().cloned().unwrap_or_default();
    expected.remove("format");
    if *fields != expected {
        return Err(format!(
            "it is for {found}, not for this search ({}); use another file",
            Value::Object(expected)
        ));
    }
    Ok(())
}

/// Reads one settled question.
fn parse_record(value: &Value, game: &PlacementGame) -> Result<SettledRecord, String> {
    let asked = value["value"]
        .as_u64()
        .and_then(|v| u32::try_from(v).ok())
        .ok_or("expected a \"value\" (a nim-value)")?;
    let square = value["square"]
        .as_str()
        .and_then(|s| game.board().parse_square(s).ok())
        .ok_or_else(|| format!("expected a \"square\" on the {} board", game.board()))?;
    let piece = match (value.get("piece"), game.pieces()) {
        (None, [only]) => *only,
        (None, _) => return Err(format!("expected a \"piece\" of {}", game.name())),
        (Some(name), pieces) => name
            .as_str()
            .and_then(|name| name.parse::<Piece>().ok())
            .filter(|piece| pieces.contains(piece))
            .ok_or_else(|| format!("expected a \"piece\" of {}", game.name()))?,
    };
    let leaves_value = value["leaves_value"]
        .as_bool()
        .ok_or("expected \"leaves_value\": true or false")?;
    Ok(SettledRecord {
        value: Nimber::new(asked),
        first_move: PlacementMove { square, piece },
        leaves_value,
        positions: value["nodes"].as_u64().unwrap_or(0),
    })
}

/// Reads one question settled by a distributed search.
fn parse_unit(
    value: &Value,
    game: &PlacementGame,
    position: &PlacementPosition,
) -> Result<SettledUnit, String> {
    let path = value["path"]
        .as_str()
        .ok_or_else(|| "expected a \"path\" of moves".to_string())
        .and_then(|text| {
            parse_path(text, game, position).map_err(|e| {
                format!("expected a \"path\" of legal moves from the position searched: {e}")
            })
        })?;
    if path.len() < 2 {
        return Err("expected a \"path\" of two moves or more".to_string());
    }
    let heap = value["heap"]
        .as_u64()
        .and_then(|v| u32::try_from(v).ok())
        .ok_or("expected a \"heap\" (a nim-value)")?;
    let is_p = value["is_p"]
        .as_bool()
        .ok_or("expected \"is_p\": true or false")?;
    Ok(SettledUnit {
        path,
        heap,
        is_p,
        positions: value["nodes"].as_u64().unwrap_or(0),
    })
}

#[cfg(test)]
mod tests {
    use super::super::{parse_pieces, PlacementRules, RayRule};
    use super::*;

    fn queens(size: &str) -> PlacementGame {
        PlacementGame::new(Piece::Queen, size.parse().unwrap())
    }

    fn text_of(game: &PlacementGame, lines: &[&str]) -> Vec<u8> {
        let mut text = header_line(game, &game.empty());
        for line in lines {
            text.push_str(line);
        }
        text.into_bytes()
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_a_torn_middle_line_refused() {
        let game = queens("5x5");
        let whole = r#"{"value":0,"square":"a1","leaves_value":false,"nodes":5}"#;
        let text = text_of(&game, &[whole, "\n", r#"{"value":0,"squ"#]);
        let read = parse_checkpoint(&text, &game, &game.empty()).unwrap();
        assert_eq!(read.records.len(), 1);
        assert_eq!(read.lines, [2]);
        assert_eq!(read.torn_line, Some(3));
        assert_eq!(
            read.whole_bytes as usize,
            text.len() - r#"{"value":0,"squ"#.len()
        );
        // A whole record lacking only its newline was cut just before it: dropped too.
        let text = text_of(&game, &[whole]);
        let read = parse_checkpoint(&text, &game, &game.empty()).unwrap();
        assert!(read.records.is_empty() && read.torn_line == Some(2));
        let text = text_of(&game, &[r#"{"value":0,"squ"#, "\n", whole, "\n"]);
        let error = parse_checkpoint(&text, &game, &game.empty()).unwrap_err();
        assert_eq!(error.line, 2, "{error}");
        // A torn header leaves nothing: the header is written afresh.
        let read = parse_checkpoint(br#"{"format":1,"ga"#, &game, &game.empty()).unwrap();
        assert!(!read.has_header);
        assert_eq!(read.whole_bytes, 0);
        let read = parse_checkpoint(b"", &game, &game.empty()).unwrap();
        assert!(!read.has_header);
    }

    #[test]
    fn records_round_trip_through_their_lines() {
        for (pieces, names_pieces) in [("queens", false), ("bishops+knights", true)] {
            let rules = PlacementRules::new(
                &parse_pieces(pieces).unwrap(),
                Surface::Rectangle,
                RayRule::Through,
            )
            .unwrap();
            let game = PlacementGame::with_rules(rules, "5x6".parse().unwrap());
            for &piece in game.pieces() {
                let record = SettledRecord {
                    value: Nimber::new(3),
                    first_move: PlacementMove {
                        square: game.board().parse_square("f5").unwrap(),
                        piece,
                    },
                    leaves_value: true,
                    positions: 123_456_789_012,
                };
                let line = record_line(&record, &game);
                assert_eq!(line.contains("\"piece\""), names_pieces, "{line}");
                assert_eq!(line.matches('\n').count(), 1, "{line}");
                assert!(line.ends_with('\n'), "{line}");
                let value: Value = serde_json::from_str(&line).unwrap();
                assert_eq!(parse_record(&value, &game), Ok(record), "{line}");
            }
        }
    }

    #[test]
    fn headers_name_the_format_and_the_search() {
        let game = queens("5x5");
        let header = header(&game, &game.empty());
        // Files from before the format was named are read as format 1.
        let mut old = header.clone();
        old.as_object_mut().unwrap().remove("format");
        assert!(check_header(old, &header).is_ok());
        let mut future = header.clone();
        future["format"] = json!(2);
        let error = check_header(future, &header).unwrap_err();
        assert!(error.contains("format 2"), "{error}");
        let other = self::header(&queens("6x6"), &queens("6x6").empty());
        let error = check_header(other, &header).unwrap_err();
        assert!(error.contains("not for this search"), "{error}");
    }

    #[test]
    fn questions_of_a_distributed_search_round_trip_through_their_lines() {
        let game = queens("6x6");
        let empty = game.empty();
        let path = parse_path("a1 b3 c5", &game, &empty).unwrap();
        let deep = SettledUnit {
            path: path.clone(),
            heap: 2,
            is_p: true,
            positions: 99,
        };
        let first = SettledUnit {
            path: path[..1].to_vec(),
            heap: 1,
            is_p: false,
            positions: 7,
        };
        let deep_line = unit_line(&deep, &game);
        let first_line = unit_line(&first, &game);
        // A question of one move is the first-move search's record.
        assert_eq!(
            first_line,
            record_line(&first.as_first_move_record().unwrap(), &game)
        );
        let text = text_of(&game, &[&first_line, &deep_line]);
        let read = parse_checkpoint(&text, &game, &empty).unwrap();
        assert_eq!(read.records, [first.as_first_move_record().unwrap()]);
        assert_eq!(read.units, [deep]);
        assert_eq!((read.lines, read.unit_lines), (vec![2], vec![3]));
        // A path that is not legal, or too short, is refused by its line.
        for bad in [
            r#"{"path":"a1 b2","heap":0,"is_p":true,"nodes":1}"#,
            r#"{"path":"a1","heap":0,"is_p":true,"nodes":1}"#,
            r#"{"path":"a1 b3","heap":-1,"is_p":true,"nodes":1}"#,
            r#"{"path":"a1 b3","heap":0,"nodes":1}"#,
        ] {
            let text = text_of(&game, &[bad, "\n"]);
            let error = parse_checkpoint(&text, &game, &empty).unwrap_err();
            assert_eq!(error.line, 2, "{bad}: {error}");
        }
    }
}
