//! The text of a checkpoint of a [`RootSearch`](super::root_search::RootSearch) or of a
//! distributed search ([`UnitCoordinator`](super::unit_search::UnitCoordinator)): JSON lines,
//! a header naming the format, the game and the position, then one line per settled question
//! ("does this first move leave the value asked about?", or for a distributed search "is the
//! position after these moves, plus this heap, a second-player win?"; the questions of one
//! move are written as the first-move search writes them, so either search resumes from the
//! other's file). A front end writes each line whole,
//! by one write, so a run stopped at any moment leaves at most a torn last line, which
//! [`CheckpointLines::parse`] drops (that question was never settled). This module is text only:
//! reading and writing the file is the front end's.
//!
//! Every line carries a checksum (`"check"`, the last key: a 64-bit FNV-1a hash of the line
//! without it, seeded with the hash of the search) and the header names the search's hash
//! (`"search"`, a hash of the game, board, rules and position). A line edited by hand, damaged
//! on disk or copied from another search's checkpoint fails its checksum and is refused by its
//! number. This guards against accidents, not against a forger: the hash is not secret and
//! anyone can compute it. A checkpoint records what a run computed; it is no proof of it.

use serde_json::{json, Map, Value};
use thiserror::Error;

use super::root_search::{SettledRecord, TriedRecord};
use super::unit_search::{parse_path, path_text, SettledUnit};
use super::{Piece, PlacementGame, PlacementMove, PlacementPosition, Surface};
use crate::solver::Fact;
use crate::values::Nimber;

/// The checkpoint format written, named in the header: a reader of another format refuses the
/// file rather than misreading it. Format 2 added the checksums; files of format 1 (and those
/// written before the header named a format) have none and are refused, to be started anew.
pub const CHECKPOINT_FORMAT: u64 = 2;

/// The layout of the keys of facts (the words of a shape key, see
/// [`crate::solver::ImpartialGame::key_words`]), named in the header of a file of facts. A
/// change to how shapes are keyed (their orientation, their words) must raise it: facts written
/// under another layout would be taken for other shapes. A test in `node_kayles.rs` pins the
/// words of a few shapes.
pub const FACTS_FORMAT: u64 = 1;

/// The key of a line's checksum, written last.
const CHECK_KEY: &str = ",\"check\":\"";

/// The UTF-8 byte-order mark an editor may put before the first line: not part of it.
const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// The 64-bit FNV-1a hash of `parts` one after the other: a few lines that catch any change
/// of a byte (and almost every larger change), which is all a checksum against accidents needs.
fn fnv1a(parts: &[&[u8]]) -> u64 {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    parts
        .iter()
        .flat_map(|part| part.iter())
        .fold(OFFSET_BASIS, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(PRIME)
        })
}

/// The checksum of a line's `object` in the checkpoint of the search whose hash is `search`.
fn checksum(search: u64, object: &str) -> u64 {
    fnv1a(&[&search.to_le_bytes(), object.as_bytes()])
}

/// A line of a checkpoint that cannot be read, by its number from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {why}")]
pub struct CheckpointError {
    /// The line, counting from 1.
    pub line: usize,
    /// What is wrong with it.
    pub why: String,
}

/// The lines of the checkpoint of one search (a game and the position searched): writes each
/// with its checksum, and reads a file of them back.
#[derive(Clone, Debug)]
pub struct CheckpointLines {
    game: PlacementGame,
    position: PlacementPosition,
    /// What the header says of the search, without the checksums.
    identity: Value,
    /// The hash of `identity`, which seeds every line's checksum.
    search: u64,
}

impl CheckpointLines {
    /// The lines of the checkpoint of a search of `position` in `game`.
    #[must_use]
    pub fn new(game: &PlacementGame, position: &PlacementPosition) -> CheckpointLines {
        let identity = identity(game, position);
        let search = fnv1a(&[identity.to_string().as_bytes()]);
        CheckpointLines {
            game: game.clone(),
            position: *position,
            identity,
            search,
        }
    }

    /// The hash of the search (its game, board, rules and position) that the header names
    /// and every line's checksum is seeded with.
    #[must_use]
    pub fn search_hash(&self) -> u64 {
        self.search
    }

    /// The header line, newline included.
    #[must_use]
    pub fn header_line(&self) -> String {
        let mut header = self.identity.clone();
        header["search"] = json!(format!("{:016x}", self.search));
        self.seal(&header.to_string())
    }

    /// The line for `record`, newline included: formatted whole, to be written by one write.
    /// Lines name the piece placed only in games of several pieces (those of one piece leave it
    /// out, as their lines did before games of several pieces had checkpoints).
    #[must_use]
    pub fn record_line(&self, record: &SettledRecord) -> String {
        let mut line = json!({
            "value": record.value.value(),
            "square": record.first_move.square.to_string(),
            "leaves_value": record.leaves_value,
            "nodes": record.positions,
        });
        if self.game.pieces().len() > 1 {
            line["piece"] = json!(record.first_move.piece.to_string());
        }
        self.seal(&line.to_string())
    }

    /// The line for a question searched without an answer (see [`TriedRecord`]), newline
    /// included: `{"nodes":123,"square":"a1","unanswered":true,"value":2,"check":"…"}`, the
    /// positions spent on it in all the runs so far (the totals only grow: of several lines of
    /// one question the largest counts). A grundy older than these lines refuses the file by
    /// the line's number, for want of its `"leaves_value"`.
    #[must_use]
    pub fn tried_line(&self, record: &TriedRecord) -> String {
        let mut line = json!({
            "value": record.value.value(),
            "square": record.first_move.square.to_string(),
            "unanswered": true,
            "nodes": record.positions,
        });
        if self.game.pieces().len() > 1 {
            line["piece"] = json!(record.first_move.piece.to_string());
        }
        self.seal(&line.to_string())
    }

    /// The line for a question settled by a distributed search, newline included. A question
    /// about one move is written as [`CheckpointLines::record_line`] writes it; a deeper one as
    /// `{"heap":0,"is_p":true,"nodes":123,"path":"c1 h9 e4","check":"…"}`, the moves from the
    /// searched position as [`path_text`] writes them.
    #[must_use]
    pub fn unit_line(&self, unit: &SettledUnit) -> String {
        if let Some(record) = unit.as_first_move_record() {
            return self.record_line(&record);
        }
        let line = json!({
            "path": path_text(&unit.path, &self.game),
            "heap": unit.heap,
            "is_p": unit.is_p,
            "nodes": unit.positions,
        });
        self.seal(&line.to_string())
    }

    /// The line for a fact learnt by a stopped search (see [`Fact`]), newline included:
    /// `{"key":"3000c.fff7…","not":[0,1],"work":1048576,"check":"…"}`, the key's words in
    /// hexadecimal joined by dots, and either the `"value"` or the values it is `"not"`.
    #[must_use]
    pub fn fact_line(&self, fact: &Fact) -> String {
        let key: Vec<String> = fact.key.iter().map(|word| format!("{word:x}")).collect();
        let mut line = json!({ "key": key.join("."), "work": fact.work });
        match fact.value {
            Some(value) => line["value"] = json!(value.value()),
            None => {
                let not: Vec<u32> = (0..64).filter(|j| fact.not_values >> j & 1 == 1).collect();
                line["not"] = json!(not);
            }
        }
        self.seal(&line.to_string())
    }

    /// The whole text of a file of facts: the checkpoint's header naming the layout of the
    /// facts' keys too (`"facts":1`, [`FACTS_FORMAT`]), then a line for each fact.
    #[must_use]
    pub fn facts_text(&self, facts: &[Fact]) -> String {
        let mut header = self.identity.clone();
        header["facts"] = json!(FACTS_FORMAT);
        header["search"] = json!(format!("{:016x}", self.search));
        let mut text = self.seal(&header.to_string());
        for fact in facts {
            text.push_str(&self.fact_line(fact));
        }
        text
    }

    /// `object` (the text of a JSON object, on one line) with its checksum added as the last
    /// key, and a newline. The lines above are made by it; it is public for tools and tests
    /// that write lines of their own.
    #[must_use]
    pub fn seal(&self, object: &str) -> String {
        let open = object.strip_suffix('}').unwrap_or(object);
        format!(
            "{open}{CHECK_KEY}{:016x}\"}}\n",
            checksum(self.search, object)
        )
    }

    /// The text of `line` without its checksum, when the checksum is there and right.
    fn unseal(&self, line: &str) -> Result<String, String> {
        let remedy = "remove the line (its question is searched again) or start the file anew";
        let Some(at) = line.rfind(CHECK_KEY) else {
            return Err(format!(
                "it has no checksum (\"check\"): it was not written by this grundy as it is; {remedy}"
            ));
        };
        let object = format!("{}}}", &line[..at]);
        let found = line[at + CHECK_KEY.len()..]
            .strip_suffix("\"}")
            .filter(|hex| hex.len() == 16)
            .and_then(|hex| u64::from_str_radix(hex, 16).ok());
        if found != Some(checksum(self.search, &object)) {
            return Err(format!(
                "it fails its checksum: it was edited or damaged after it was written, or copied from another search's checkpoint; {remedy}"
            ));
        }
        Ok(object)
    }

    /// Reads the text of a checkpoint of this search. The last line is torn when it has no
    /// newline or is not JSON: it is dropped. A line that fails its checksum, a line for
    /// another search, a line that is not a record of this one, or one damaged in the middle of
    /// the file is refused by its number; so is a file of another format.
    ///
    /// # Errors
    /// The first line that cannot be read, and why.
    pub fn parse(&self, contents: &[u8]) -> Result<CheckpointText, CheckpointError> {
        self.parse_file(contents, FileKind::Checkpoint)
    }

    /// Reads the text of a file of facts of this search ([`CheckpointLines::facts_text`]) as
    /// [`CheckpointLines::parse`] reads a checkpoint: its header must name this search and
    /// the layout of keys this grundy writes ([`FACTS_FORMAT`]), and every line must be a
    /// fact.
    ///
    /// # Errors
    /// The first line that cannot be read, and why.
    pub fn parse_facts(&self, contents: &[u8]) -> Result<CheckpointText, CheckpointError> {
        self.parse_file(contents, FileKind::Facts)
    }

    fn parse_file(
        &self,
        contents: &[u8],
        kind: FileKind,
    ) -> Result<CheckpointText, CheckpointError> {
        let mut read = CheckpointText::default();
        let mut start = if contents.starts_with(BYTE_ORDER_MARK) {
            BYTE_ORDER_MARK.len()
        } else {
            0
        };
        let mut number = 0;
        while start < contents.len() {
            number += 1;
            let (line, end, whole) = match contents[start..].iter().position(|&b| b == b'\n') {
                Some(at) => (&contents[start..start + at], start + at + 1, true),
                None => (&contents[start..], contents.len(), false),
            };
            let last = end == contents.len();
            let text = std::str::from_utf8(line).ok().map(str::trim_end);
            let is_json = text.is_some_and(|text| serde_json::from_str::<Value>(text).is_ok());
            let blank = line.iter().all(u8::is_ascii_whitespace);
            if last && !blank && (!whole || !is_json) {
                // A run stopped while writing its header leaves the start of it; any other
                // first line cut short is another file, which is not this search's to cut.
                // (A carriage return of a file converted to CRLF is not part of the header.)
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                if !read.has_header && !self.own_header(kind).as_bytes().starts_with(line) {
                    return Err(CheckpointError {
                        line: number,
                        why: "is not a line of JSON nor the start of this search's header: the file is not a checkpoint of this search, and is left as it is (give another file)".to_string(),
                    });
                }
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
            let Some(text) = text.filter(|_| is_json) else {
                return Err(bad(
                    "not a line of JSON; the file was damaged or is not a checkpoint",
                ));
            };
            if !read.has_header {
                self.check_header(text, kind).map_err(|why| bad(&why))?;
                read.has_header = true;
                continue;
            }
            let object = self.unseal(text).map_err(|why| bad(&why))?;
            let value: Value = serde_json::from_str(&object).map_err(|_| {
                bad("not a line of JSON; the file was damaged or is not a checkpoint")
            })?;
            match (kind, value.get("key").is_some()) {
                (FileKind::Facts, true) => {
                    read.facts
                        .push(parse_fact(&value, &self.game).map_err(|why| bad(&why))?);
                    read.fact_lines.push(number);
                    continue;
                }
                (FileKind::Facts, false) => {
                    return Err(bad(
                        "not a fact (a \"key\" and what is known of it): a file of facts holds nothing else; move it aside to search without it",
                    ))
                }
                (FileKind::Checkpoint, true) => {
                    return Err(bad(
                        "a fact, which belongs in the file of facts beside the checkpoint, not in it; remove the line",
                    ))
                }
                (FileKind::Checkpoint, false) => {}
            }
            if value.get("path").is_some() {
                read.units
                    .push(parse_unit(&value, &self.game, &self.position).map_err(|why| bad(&why))?);
                read.unit_lines.push(number);
                continue;
            }
            if value.get("unanswered").is_some() {
                read.tries
                    .push(parse_tried(&value, &self.game).map_err(|why| bad(&why))?);
                read.tried_lines.push(number);
                continue;
            }
            read.records
                .push(parse_record(&value, &self.game).map_err(|why| bad(&why))?);
            read.lines.push(number);
        }
        if !read.has_header {
            // Nothing whole to keep: the header is written afresh.
            read.whole_bytes = 0;
        }
        Ok(read)
    }

    /// Checks that a checkpoint's (or a file of facts') header line is of this format, for
    /// this search, and whole.
    /// The header this search writes first in a file of `kind`, newline included.
    fn own_header(&self, kind: FileKind) -> String {
        match kind {
            FileKind::Checkpoint => self.header_line(),
            FileKind::Facts => {
                let text = self.facts_text(&[]);
                text.lines()
                    .next()
                    .map(|line| format!("{line}\n"))
                    .unwrap_or(text)
            }
        }
    }

    fn check_header(&self, line: &str, kind: FileKind) -> Result<(), String> {
        let found: Value = serde_json::from_str(line).unwrap_or(Value::Null);
        let Some(fields) = found.as_object() else {
            return Err("expected the header, a JSON object naming the game".to_string());
        };
        let mut fields = fields.clone();
        let facts = fields.remove("facts");
        match (kind, facts.as_ref().map(Value::as_u64)) {
            (FileKind::Facts, Some(Some(FACTS_FORMAT))) | (FileKind::Checkpoint, None) => {}
            (FileKind::Facts, Some(other)) => {
                return Err(format!(
                    "the facts are written in key layout {}, and this grundy reads layout {FACTS_FORMAT} only: move the file aside (the search then starts its question afresh)",
                    other.map_or_else(|| "?".to_string(), |v| v.to_string())
                ))
            }
            (FileKind::Facts, None) => {
                return Err(
                    "expected the header of a file of facts (naming their \"facts\" layout): is this the checkpoint itself?"
                        .to_string(),
                )
            }
            (FileKind::Checkpoint, Some(_)) => {
                return Err(
                    "this is a file of facts (its header names a \"facts\" layout), not a checkpoint: give the checkpoint"
                        .to_string(),
                )
            }
        }
        // Every grundy's header named the game and its board; a JSON object that does not is
        // some other file.
        if !(fields.contains_key("game") && fields.contains_key("board")) {
            return Err(
                "expected the header, a JSON object naming the game and its board: this is not a checkpoint of grundy's"
                    .to_string(),
            );
        }
        match fields.get("format").and_then(Value::as_u64) {
            Some(CHECKPOINT_FORMAT) => {}
            None | Some(1) => {
                return Err(format!(
                    "the checkpoint is in format 1, written by an older grundy without checksums, and this grundy reads format {CHECKPOINT_FORMAT} only: start the file anew (move it aside, or give another file); the older grundy still resumes from it"
                ))
            }
            Some(other) => {
                return Err(format!(
                    "the checkpoint is in format {other}, and this grundy reads format {CHECKPOINT_FORMAT}: use the grundy that wrote it, or another file"
                ))
            }
        }
        let mut named: Map<String, Value> = fields;
        named.remove("check");
        let search = named.remove("search");
        if Value::Object(named.clone()) != self.identity {
            named.remove("format");
            let mut expected = self.identity.as_object().cloned().unwrap_or_default();
            expected.remove("format");
            return Err(format!(
                "it is for {}, not for this search ({}); use another file",
                Value::Object(named),
                Value::Object(expected)
            ));
        }
        if search != Some(json!(format!("{:016x}", self.search))) {
            return Err(format!(
                "its \"search\" hash is not this search's ({:016x}): the header was edited or damaged; start the file anew",
                self.search
            ));
        }
        self.unseal(line).map(|_| ())
    }
}

/// Which of the two files of a search is read: they share the header's identity and the
/// checksums, and differ in what their lines may be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FileKind {
    /// The checkpoint: settled records (and questions of a distributed search).
    Checkpoint,
    /// The facts beside it ([`CheckpointLines::facts_text`]).
    Facts,
}

/// What the header says of a search of `position`, without the checksums: the format, the
/// game, the board, the position, and the rules where they are not the default.
fn identity(game: &PlacementGame, position: &PlacementPosition) -> Value {
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
    /// The questions searched without an answer, in the file's order (of several of one
    /// question the largest counts).
    pub tries: Vec<TriedRecord>,
    /// The line of each of `tries`, from 1.
    pub tried_lines: Vec<usize>,
    /// The deeper questions settled by a distributed search, in the file's order (the
    /// first-move search has no use for them).
    pub units: Vec<SettledUnit>,
    /// The line of each of `units`, from 1.
    pub unit_lines: Vec<usize>,
    /// The facts a stopped search learnt (see [`CheckpointLines::fact_line`]).
    pub facts: Vec<Fact>,
    /// The line of each of `facts`, from 1.
    pub fact_lines: Vec<usize>,
    /// The bytes up to the end of the last whole line kept: the file is cut back to them.
    pub whole_bytes: u64,
    /// The torn last line dropped, if any.
    pub torn_line: Option<usize>,
}

/// Reads one settled question.
fn parse_record(value: &Value, game: &PlacementGame) -> Result<SettledRecord, String> {
    let (asked, first_move) = parse_question(value, game)?;
    let leaves_value = value["leaves_value"]
        .as_bool()
        .ok_or("expected \"leaves_value\": true or false")?;
    Ok(SettledRecord {
        value: asked,
        first_move,
        leaves_value,
        positions: value["nodes"].as_u64().unwrap_or(0),
    })
}

/// Reads one question searched without an answer.
fn parse_tried(value: &Value, game: &PlacementGame) -> Result<TriedRecord, String> {
    let (asked, first_move) = parse_question(value, game)?;
    if value["unanswered"] != Value::Bool(true) {
        return Err("expected \"unanswered\": true".to_string());
    }
    let positions = value["nodes"]
        .as_u64()
        .ok_or("expected \"nodes\": the positions searched without an answer")?;
    Ok(TriedRecord {
        value: asked,
        first_move,
        positions,
    })
}

/// Reads what a record asks: the value, and the first move (its square, and its piece in a
/// game of several).
fn parse_question(value: &Value, game: &PlacementGame) -> Result<(Nimber, PlacementMove), String> {
    let asked = parse_nim_value(&value["value"], game)?;
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
    Ok((Nimber::new(asked), PlacementMove { square, piece }))
}

/// Reads a nim-value of a position of `game`: at most the number of its moves, the squares
/// times the pieces (a position's value is at most the number of its options).
fn parse_nim_value(value: &Value, game: &PlacementGame) -> Result<u32, String> {
    let most = game.board().squares() * game.pieces().len();
    value
        .as_u64()
        .filter(|&v| v <= most as u64)
        .map(|v| v as u32)
        .ok_or_else(|| format!("expected a \"value\" (a nim-value, at most {most} in this game)"))
}

/// Reads one fact.
fn parse_fact(value: &Value, game: &PlacementGame) -> Result<Fact, String> {
    let key = value["key"]
        .as_str()
        .and_then(|text| {
            text.split('.')
                .map(|word| u64::from_str_radix(word, 16).ok())
                .collect::<Option<Vec<u64>>>()
        })
        .filter(|words| words.len() <= MAX_KEY_WORDS)
        .ok_or("expected a \"key\": words in hexadecimal joined by dots")?;
    let work = value["work"]
        .as_u64()
        .ok_or("expected a \"work\" (a count of positions)")?;
    let (fact_value, not_values) = match (value.get("value"), value.get("not")) {
        (Some(known), None) => (Some(Nimber::new(parse_nim_value(known, game)?)), 0),
        (None, Some(not)) => {
            let not = not
                .as_array()
                .and_then(|values| {
                    values.iter().try_fold(0u64, |bits, v| {
                        v.as_u64().filter(|&j| j < 64).map(|j| bits | 1 << j)
                    })
                })
                .ok_or("expected \"not\": a list of nim-values below 64")?;
            (None, not)
        }
        _ => return Err("expected either a \"value\" or the values it is \"not\"".to_string()),
    };
    Ok(Fact {
        key,
        value: fact_value,
        not_values,
        work,
    })
}

/// The most words a fact's key has: the height and width, then the bits of a shape on the
/// largest board (512 squares).
const MAX_KEY_WORDS: usize = 9;

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

    fn lines_of(game: &PlacementGame) -> CheckpointLines {
        CheckpointLines::new(game, &game.empty())
    }

    /// The header of `lines` and then `after`, as bytes.
    fn text_of(lines: &CheckpointLines, after: &[&str]) -> Vec<u8> {
        let mut text = lines.header_line();
        for line in after {
            text.push_str(line);
        }
        text.into_bytes()
    }

    const RECORD: &str = r#"{"leaves_value":false,"nodes":5,"square":"a1","value":0}"#;

    #[test]
    fn the_hash_is_fnv_1a() {
        // The published test vectors of 64-bit FNV-1a.
        assert_eq!(fnv1a(&[b""]), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(&[b"a"]), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(&[b"foo", b"bar"]), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn facts_read_back_as_written_and_bad_ones_are_refused_by_line() {
        let lines = lines_of(&queens("9x9"));
        let facts = [
            Fact {
                key: vec![9 << 16 | 9, u64::MAX, 0x1_ffff],
                value: Some(Nimber::new(3)),
                not_values: 0,
                work: 1 << 30,
            },
            Fact {
                key: vec![2 << 16 | 5, 0x3ff, 0],
                value: None,
                not_values: 0b1001 | 1 << 63,
                work: 0,
            },
        ];
        let text = lines.facts_text(&facts);
        assert!(
            text.contains(r#""key":"90009.ffffffffffffffff.1ffff""#),
            "{text}"
        );
        assert!(text.contains(r#""not":[0,3,63]"#), "{text}");
        assert!(text.starts_with(r#"{"board":"9x9","facts":1,"#), "{text}");
        let read = lines.parse_facts(text.as_bytes()).unwrap();
        assert_eq!(read.facts, facts);
        assert_eq!(read.fact_lines, [2, 3]);
        assert!(read.records.is_empty());
        let first = lines.facts_text(&facts[..1]);
        for (bad, why) in [
            (r#"{"key":"9.zz","value":1,"work":1}"#, "hexadecimal"),
            (
                r#"{"key":"1.1.1.1.1.1.1.1.1.1","value":1,"work":1}"#,
                "hexadecimal",
            ),
            (r#"{"key":"9.1","work":1}"#, "either"),
            (r#"{"key":"9.1","value":1,"not":[2],"work":1}"#, "either"),
            (r#"{"key":"9.1","not":[64],"work":1}"#, "below 64"),
            (r#"{"key":"9.1","value":-1,"work":1}"#, "nim-value"),
            // More than the 81 moves of 9x9: no position has such a value.
            (r#"{"key":"9.1","value":4294967295,"work":1}"#, "at most 81"),
            (r#"{"key":"9.1","value":1}"#, "work"),
            (RECORD, "not a fact"),
        ] {
            let text = format!("{first}{}", lines.seal(bad));
            let error = lines.parse_facts(text.as_bytes()).unwrap_err();
            assert_eq!(error.line, 3, "{bad}: {error}");
            assert!(error.why.contains(why), "{bad}: {error}");
        }
        // A fact in the checkpoint, or the checkpoint given as the facts, is refused.
        let text = text_of(&lines, &[&lines.fact_line(&facts[0])]);
        let error = lines.parse(&text).unwrap_err();
        assert!(
            error.line == 2 && error.why.contains("belongs in the file of facts"),
            "{error}"
        );
        let error = lines.parse_facts(&text_of(&lines, &[])).unwrap_err();
        assert!(
            error.line == 1 && error.why.contains("is this the checkpoint"),
            "{error}"
        );
        let error = lines.parse(first.as_bytes()).unwrap_err();
        assert!(
            error.line == 1 && error.why.contains("not a checkpoint"),
            "{error}"
        );
        // Another layout of keys is refused by name, as are another search's facts.
        let other_layout = first.replacen("\"facts\":1", "\"facts\":2", 1);
        let error = lines.parse_facts(other_layout.as_bytes()).unwrap_err();
        assert!(
            error.line == 1 && error.why.contains("key layout 2"),
            "{error}"
        );
        let other = lines_of(&queens("8x8"));
        let text = format!("{first}{}", other.fact_line(&facts[0]));
        assert_eq!(lines.parse_facts(text.as_bytes()).unwrap_err().line, 3);
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_a_torn_middle_line_refused() {
        let lines = lines_of(&queens("5x5"));
        let whole = lines.seal(RECORD);
        let torn = r#"{"value":0,"squ"#;
        let text = text_of(&lines, &[&whole, torn]);
        let read = lines.parse(&text).unwrap();
        assert_eq!(read.records.len(), 1);
        assert_eq!(read.lines, [2]);
        assert_eq!(read.torn_line, Some(3));
        assert_eq!(read.whole_bytes as usize, text.len() - torn.len());
        // A whole record lacking only its newline was cut just before it: dropped too.
        let text = text_of(&lines, &[whole.trim_end()]);
        let read = lines.parse(&text).unwrap();
        assert!(read.records.is_empty() && read.torn_line == Some(2));
        let text = text_of(&lines, &[torn, "\n", &whole]);
        let error = lines.parse(&text).unwrap_err();
        assert_eq!(error.line, 2, "{error}");
        // A torn header leaves nothing: the header is written afresh.
        let header = lines.header_line();
        for cut in [1, 15, header.len() - 1] {
            let read = lines.parse(&header.as_bytes()[..cut]).unwrap();
            assert!(!read.has_header && read.torn_line == Some(1), "{cut}");
            assert_eq!(read.whole_bytes, 0);
        }
        // Any other first line cut short is another file: refused, not cut (a public key, a
        // binary file, another search's header).
        let another = lines_of(&queens("6x6")).header_line();
        for other in [
            &b"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGrundy user@host"[..],
            &[0x7f, b'E', b'L', b'F', 0xff, 0x00, 0x01][..],
            &another.as_bytes()[..another.len() - 1],
            b"not json\n",
        ] {
            let error = lines.parse(other).unwrap_err();
            assert!(
                error.line == 1 && error.why.contains("not a checkpoint of this search"),
                "{error}"
            );
        }
        let read = lines.parse(b"").unwrap();
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
            let lines = lines_of(&game);
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
                let line = lines.record_line(&record);
                assert_eq!(line.contains("\"piece\""), names_pieces, "{line}");
                assert_eq!(line.matches('\n').count(), 1, "{line}");
                assert!(line.ends_with("\"}\n"), "{line}");
                let read = lines.parse(&text_of(&lines, &[&line])).unwrap();
                assert_eq!(read.records, [record], "{line}");
            }
        }
    }

    /// A question tried without an answer reads back as written, beside the settled records
    /// and apart from them; a line lacking what it needs is refused by its number.
    #[test]
    fn tried_questions_round_trip_and_bad_ones_are_refused_by_line() {
        let game = PlacementGame::new(Piece::Knight, "9x9".parse().unwrap());
        let lines = lines_of(&game);
        let tried = TriedRecord {
            value: Nimber::new(2),
            first_move: PlacementMove {
                square: game.board().parse_square("a1").unwrap(),
                piece: Piece::Knight,
            },
            positions: 1_234_567_890,
        };
        let line = lines.tried_line(&tried);
        assert!(
            line.starts_with(r#"{"nodes":1234567890,"square":"a1","unanswered":true,"value":2,"#),
            "{line}"
        );
        let settled = lines.seal(RECORD);
        let read = lines
            .parse(&text_of(&lines, &[&settled, &line, &settled]))
            .unwrap();
        assert_eq!(read.tries, [tried]);
        assert_eq!(read.tried_lines, [3]);
        assert_eq!(read.lines, [2, 4]);
        for (bad, why) in [
            (r#"{"square":"a1","unanswered":true,"value":2}"#, "nodes"),
            (
                r#"{"nodes":5,"square":"a1","unanswered":false,"value":2}"#,
                "unanswered",
            ),
            (
                r#"{"nodes":5,"square":"j1","unanswered":true,"value":2}"#,
                "square",
            ),
            (
                r#"{"nodes":5,"square":"a1","unanswered":true,"value":99}"#,
                "at most 81",
            ),
        ] {
            let text = text_of(&lines, &[&settled, &lines.seal(bad)]);
            let error = lines.parse(&text).unwrap_err();
            assert_eq!(error.line, 3, "{bad}: {error}");
            assert!(error.why.contains(why), "{bad}: {error}");
        }
    }

    #[test]
    fn a_line_edited_by_hand_fails_its_checksum_by_its_number() {
        let lines = lines_of(&queens("6x6"));
        let whole = lines.seal(RECORD);
        // One value flipped, one byte added, the checksum dropped, or the checksum changed.
        let flipped = whole.replace("false", "true");
        let spaced = whole.replace(":5,", ": 5,");
        let unchecked = format!("{RECORD}\n");
        let at = whole.rfind('"').unwrap() - 1;
        let mut rehashed = whole.clone().into_bytes();
        rehashed[at] = if rehashed[at] == b'0' { b'1' } else { b'0' };
        let rehashed = String::from_utf8(rehashed).unwrap();
        for (bad, needle) in [
            (&flipped, "fails its checksum"),
            (&spaced, "fails its checksum"),
            (&unchecked, "has no checksum"),
            (&rehashed, "fails its checksum"),
        ] {
            let text = text_of(&lines, &[&whole, bad, &whole]);
            let error = lines.parse(&text).unwrap_err();
            assert_eq!(error.line, 3, "{bad}: {error}");
            assert!(error.why.contains(needle), "{bad}: {error}");
        }
        // The same line from the checkpoint of another position of the same game: refused.
        let game = queens("6x6");
        let elsewhere = CheckpointLines::new(
            &game,
            &game
                .parse_position("Q...../....../....../....../....../......")
                .unwrap(),
        );
        assert_ne!(elsewhere.search_hash(), lines.search_hash());
        let copied = elsewhere.seal(RECORD);
        let error = lines.parse(&text_of(&lines, &[&copied])).unwrap_err();
        assert!(error.line == 2 && error.why.contains("checksum"), "{error}");
    }

    #[test]
    fn headers_name_the_format_and_the_search() {
        let lines = lines_of(&queens("5x5"));
        let header = lines.header_line();
        assert!(lines
            .check_header(header.trim_end(), FileKind::Checkpoint)
            .is_ok());
        let header: Value = serde_json::from_str(&header).unwrap();
        assert_eq!(header["format"], CHECKPOINT_FORMAT);
        assert_eq!(header["search"], format!("{:016x}", lines.search_hash()));
        // Files from before the checksums, with a format named or not, are to be started anew.
        let mut old = lines.identity.clone();
        old["format"] = json!(1);
        let error = lines
            .check_header(&old.to_string(), FileKind::Checkpoint)
            .unwrap_err();
        assert!(
            error.contains("format 1") && error.contains("anew"),
            "{error}"
        );
        old.as_object_mut().unwrap().remove("format");
        let error = lines
            .check_header(&old.to_string(), FileKind::Checkpoint)
            .unwrap_err();
        assert!(error.contains("format 1"), "{error}");
        let mut future = header.clone();
        future["format"] = json!(3);
        let error = lines
            .check_header(&future.to_string(), FileKind::Checkpoint)
            .unwrap_err();
        assert!(error.contains("format 3"), "{error}");
        let other = lines_of(&queens("6x6")).header_line();
        let error = lines
            .check_header(other.trim_end(), FileKind::Checkpoint)
            .unwrap_err();
        assert!(error.contains("not for this search"), "{error}");
        // The header's own fields are covered by its checksum and its search hash.
        let mut edited = header.clone();
        edited["search"] = json!("0123456789abcdef");
        let error = lines
            .check_header(&edited.to_string(), FileKind::Checkpoint)
            .unwrap_err();
        assert!(error.contains("\"search\" hash"), "{error}");
        let mut edited = header.clone();
        edited["check"] = json!("0123456789abcdef");
        let error = lines
            .check_header(&edited.to_string(), FileKind::Checkpoint)
            .unwrap_err();
        assert!(error.contains("checksum"), "{error}");
    }

    #[test]
    fn a_byte_order_mark_before_the_header_is_passed_over() {
        let lines = lines_of(&queens("5x5"));
        let mut text = BYTE_ORDER_MARK.to_vec();
        text.extend(text_of(&lines, &[&lines.seal(RECORD)]));
        let read = lines.parse(&text).unwrap();
        assert!(read.has_header);
        assert_eq!(read.records.len(), 1);
        assert_eq!(read.whole_bytes as usize, text.len());
    }

    #[test]
    fn questions_of_a_distributed_search_round_trip_through_their_lines() {
        let game = queens("6x6");
        let empty = game.empty();
        let lines = lines_of(&game);
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
        let deep_line = lines.unit_line(&deep);
        let first_line = lines.unit_line(&first);
        // A question of one move is the first-move search's record.
        assert_eq!(
            first_line,
            lines.record_line(&first.as_first_move_record().unwrap())
        );
        let text = text_of(&lines, &[&first_line, &deep_line]);
        let read = lines.parse(&text).unwrap();
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
            let text = text_of(&lines, &[&lines.seal(bad)]);
            let error = lines.parse(&text).unwrap_err();
            assert_eq!(error.line, 2, "{bad}: {error}");
        }
    }
}
