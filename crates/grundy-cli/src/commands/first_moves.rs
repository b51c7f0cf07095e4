//! The command line's side of the parallel first-move search of `grundy outcome` and
//! `grundy value` (the search itself is [`grundy::games::placement::root_search`]): the
//! checkpoint file, the progress bar and Ctrl-C.
//!
//! A checkpoint is JSON lines: a header naming the format, the game and the position, then
//! one line per settled question ("does this first move leave the value asked about?"). Each
//! line is written whole by one write, so a run killed at any moment leaves at most a torn last
//! line, which the next run drops (that question was never settled) before carrying on.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Result;
use grundy::games::placement::root_search::{
    Interrupted, ResumeError, RootObserver, RootProgress, RootSearch, SettledRecord,
};
use grundy::games::placement::{Piece, PlacementGame, PlacementMove, PlacementPosition};
use grundy::Nimber;
use indicatif::ProgressBar;
use serde_json::{json, Map, Value};

use crate::input::input_error;
use crate::interrupt;
use crate::progress::counting_bar;

/// The checkpoint format this program writes, named in the header: a program that reads
/// another format refuses the file rather than misreading it. Files written before the header
/// named a format hold the same lines and are read as this one.
pub const CHECKPOINT_FORMAT: u64 = 1;

/// The largest checkpoint read. A line is about 70 bytes, and the largest search has at most a
/// few thousand groups of first moves (256 squares, 4 pieces) times a few values: a few
/// megabytes. A larger file is not a checkpoint of this program.
const MAX_CHECKPOINT_BYTES: u64 = 64 << 20;

/// Runs `search` (an outcome or a nim-value search of `position`) on `threads` threads within
/// `memory` bytes, with a progress bar, resuming from and recording to `checkpoint` when one
/// is given. Ctrl-C stops it: what was settled is kept in the checkpoint and the error is
/// [`interrupt::Interrupted`].
pub fn search_first_moves<T>(
    game: &PlacementGame,
    position: &PlacementPosition,
    threads: usize,
    memory: u64,
    checkpoint: Option<&Path>,
    label_values: bool,
    search: impl FnOnce(&mut RootSearch, &mut dyn RootObserver) -> Result<T, Interrupted>,
) -> Result<T> {
    // Before the tables are allocated, which takes a moment: a Ctrl-C from now on stops the
    // search as soon as it starts.
    let stop = interrupt::stop_flag()?;
    // The checkpoint is read before the tables are allocated, so that a wrong file is refused
    // at once.
    let opened = checkpoint
        .map(|path| Checkpoint::open(path, game, position))
        .transpose()?;
    let mut root = RootSearch::new(game, position, threads, memory);
    let mut checkpoint = match opened {
        Some((checkpoint, records, lines)) => {
            root.resume(&records).map_err(|error| {
                let why = match error {
                    ResumeError::NotAFirstMove { index, .. } => format!(
                        "line {}: its move is not a first move of this position",
                        lines[index]
                    ),
                    ResumeError::Contradiction { first, second } => format!(
                        "lines {} and {} settle the same first moves two different ways (the file was edited or mixes two searches); use another file",
                        lines[first], lines[second]
                    ),
                };
                input_error(format!("checkpoint {}: {why}", checkpoint.path.display()))
            })?;
            Some(checkpoint)
        }
        None => None,
    };
    let bar = counting_bar(root.groups().len() as u64, "first moves settled");
    let mut observer = CommandLine {
        checkpoint: checkpoint.as_mut(),
        bar: bar.clone(),
        stop,
        label_values,
        value: None,
    };
    let answer = search(&mut root, &mut observer);
    bar.finish_and_clear();
    if let Some(checkpoint) = &checkpoint {
        checkpoint.warn_if_incomplete();
    }
    answer.map_err(|Interrupted { report }| {
        let kept = match &checkpoint {
            Some(checkpoint) if checkpoint.failure.is_none() => format!(
                "they are in {}: run the same command again to resume:\n  {}",
                checkpoint.path.display(),
                this_command()
            ),
            Some(checkpoint) => format!(
                "the checkpoint {} holds those settled before writing it failed",
                checkpoint.path.display()
            ),
            None => "nothing was kept: give --checkpoint FILE to keep what is settled".to_string(),
        };
        interrupt::Interrupted(format!(
            "interrupted: {} questions about the {} groups of first moves settled ({} from the checkpoint); {kept}",
            report.settled, report.groups, report.resumed
        ))
        .into()
    })
}

/// The command line that ran this program, for the user to run again: `grundy` and the
/// arguments, those with spaces or quotes quoted.
fn this_command() -> String {
    let arguments = std::env::args().skip(1).map(|argument| {
        if !argument.is_empty()
            && argument
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.,:/=+@%".contains(c))
        {
            argument
        } else {
            format!("'{}'", argument.replace('\'', "'\\''"))
        }
    });
    std::iter::once("grundy".to_string())
        .chain(arguments)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The observer of the command line: records go to the checkpoint, progress to the bar, and
/// Ctrl-C stops the search.
struct CommandLine<'a> {
    checkpoint: Option<&'a mut Checkpoint>,
    bar: ProgressBar,
    stop: &'static AtomicBool,
    /// The bar names the value asked about (for `grundy value`, which asks several).
    label_values: bool,
    value: Option<Nimber>,
}

impl RootObserver for CommandLine<'_> {
    fn settled(&mut self, record: &SettledRecord) {
        if let Some(checkpoint) = self.checkpoint.as_deref_mut() {
            checkpoint.append(record);
        }
    }

    fn progress(&mut self, progress: &RootProgress) {
        if self.label_values && self.value != Some(progress.value) {
            self.value = Some(progress.value);
            self.bar.set_prefix(format!(
                "moves to value {}: first moves settled",
                progress.value
            ));
        }
        self.bar.set_length(progress.groups as u64);
        self.bar.set_position(progress.settled as u64);
        let seconds = self.bar.elapsed().as_secs_f64().max(1e-9);
        self.bar.set_message(format!(
            "{} positions ({:.0}/s)",
            progress.positions,
            progress.positions as f64 / seconds
        ));
    }

    fn should_stop(&mut self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// A checkpoint file being appended to.
struct Checkpoint {
    path: PathBuf,
    /// `None` once a write has failed: the search goes on without the checkpoint.
    file: Option<File>,
    /// Bytes of whole lines in the file: a failed write is cut back to this.
    written: u64,
    /// Why writing failed, if it did.
    failure: Option<String>,
    /// Lines name the piece placed: a game of several pieces. (Games of one piece leave it
    /// out, as their lines did before games of several pieces had checkpoints.)
    names_pieces: bool,
}

impl Checkpoint {
    /// Opens the checkpoint at `path` for a search of `position`: reads the settled records
    /// it holds (with the line of each), drops a torn last line, and writes the header to a
    /// new or empty file. A file that is not a regular file (`/dev/null`) is only written to.
    fn open(
        path: &Path,
        game: &PlacementGame,
        position: &PlacementPosition,
    ) -> Result<(Checkpoint, Vec<SettledRecord>, Vec<usize>)> {
        let header = header(game, position);
        let shown = path.display();
        let regular = std::fs::metadata(path).is_ok_and(|metadata| metadata.is_file());
        let contents = if regular {
            read_bounded(path)?
        } else {
            Vec::new()
        };
        let read = parse_checkpoint(&contents, &header, game)
            .map_err(|why| input_error(format!("checkpoint {shown} {why}")))?;
        if let Some(line) = read.torn_line {
            eprintln!(
                "note: checkpoint {shown} line {line} was cut short (the run writing it was stopped); dropped, its question will be searched again"
            );
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| input_error(format!("cannot open the checkpoint {shown}: {e}")))?;
        if regular && read.whole_bytes < contents.len() as u64 {
            file.set_len(read.whole_bytes).map_err(|e| {
                input_error(format!(
                    "cannot cut the torn last line off the checkpoint {shown}: {e}"
                ))
            })?;
        }
        let mut checkpoint = Checkpoint {
            path: path.to_path_buf(),
            file: Some(file),
            written: read.whole_bytes,
            failure: None,
            names_pieces: game.pieces().len() > 1,
        };
        if !read.has_header {
            checkpoint.write_line(format!("{header}\n"));
        }
        Ok((checkpoint, read.records, read.lines))
    }

    fn append(&mut self, record: &SettledRecord) {
        self.write_line(record_line(record, self.names_pieces));
    }

    /// Writes `line` (ending in a newline) by one write, so that no other line and no stop
    /// can split it. On failure (a full disk) says so once, cuts off what was written of the
    /// line, and writes no more.
    fn write_line(&mut self, line: String) {
        let Some(file) = self.file.as_mut() else {
            return;
        };
        match file.write_all(line.as_bytes()).and_then(|()| file.flush()) {
            Ok(()) => self.written += line.len() as u64,
            Err(error) => {
                // Best effort: a device cannot be cut, and then holds nothing to resume.
                let _ = file.set_len(self.written);
                eprintln!(
                    "warning: cannot write the checkpoint {}: {error}; the search goes on, but the checkpoint lacks what is settled from now on",
                    self.path.display()
                );
                self.failure = Some(error.to_string());
                self.file = None;
            }
        }
    }

    fn warn_if_incomplete(&self) {
        if let Some(failure) = &self.failure {
            eprintln!(
                "warning: the checkpoint {} is incomplete (writing it failed: {failure}); the answer printed is complete",
                self.path.display()
            );
        }
    }
}

/// The line of the checkpoint for `record`, newline included: formatted whole, to be written
/// by one write.
fn record_line(record: &SettledRecord, names_pieces: bool) -> String {
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

/// The header of the checkpoint of a search of `position`.
fn header(game: &PlacementGame, position: &PlacementPosition) -> Value {
    let mut header = json!({
        "format": CHECKPOINT_FORMAT,
        "game": game.name(),
        "board": game.board().to_string(),
        "position": game.format_position(position),
    });
    if game.rules().surface() != grundy::games::placement::Surface::Rectangle {
        header["surface"] = json!(game.rules().surface().to_string());
    }
    if game.rules().rays_matter() {
        header["rays"] = json!(game.rules().rays().to_string());
    }
    header
}

/// The bytes of the file at `path`, refused when there are more than a checkpoint can hold.
fn read_bounded(path: &Path) -> Result<Vec<u8>> {
    let too_large = || {
        input_error(format!(
            "checkpoint {} is larger than {} MiB, more than any checkpoint of this program: is it the right file?",
            path.display(),
            MAX_CHECKPOINT_BYTES >> 20
        ))
    };
    let file = File::open(path).map_err(|e| {
        input_error(format!(
            "cannot read the checkpoint {}: {e}",
            path.display()
        ))
    })?;
    if file
        .metadata()
        .is_ok_and(|m| m.len() > MAX_CHECKPOINT_BYTES)
    {
        return Err(too_large());
    }
    let mut contents = Vec::new();
    file.take(MAX_CHECKPOINT_BYTES + 1)
        .read_to_end(&mut contents)
        .map_err(|e| {
            input_error(format!(
                "cannot read the checkpoint {}: {e}",
                path.display()
            ))
        })?;
    if contents.len() as u64 > MAX_CHECKPOINT_BYTES {
        return Err(too_large());
    }
    Ok(contents)
}

/// What a checkpoint holds.
#[derive(Debug, Default)]
struct CheckpointContents {
    has_header: bool,
    records: Vec<SettledRecord>,
    /// The line of each record, from 1.
    lines: Vec<usize>,
    /// The bytes up to the end of the last whole line kept.
    whole_bytes: u64,
    /// The torn last line dropped, if any.
    torn_line: Option<usize>,
}

/// Reads the text of a checkpoint for the search whose header is `header`. The last line is
/// torn when it has no newline or is not JSON: it is dropped. Errors say which line is wrong
/// and why, after the file's name.
fn parse_checkpoint(
    contents: &[u8],
    header: &Value,
    game: &PlacementGame,
) -> Result<CheckpointContents, String> {
    let mut read = CheckpointContents::default();
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
        let bad = |why: &str| format!("line {number}: {why}");
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

#[cfg(test)]
mod tests {
    use super::*;

    fn queens(size: &str) -> PlacementGame {
        PlacementGame::new(Piece::Queen, size.parse().unwrap())
    }

    fn text_of(game: &PlacementGame, lines: &[&str]) -> Vec<u8> {
        let mut text = format!("{}\n", header(game, &game.empty()));
        for line in lines {
            text.push_str(line);
        }
        text.into_bytes()
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_a_torn_middle_line_refused() {
        let game = queens("5x5");
        let header = header(&game, &game.empty());
        let whole = r#"{"value":0,"square":"a1","leaves_value":false,"nodes":5}"#;
        let text = text_of(&game, &[whole, "\n", r#"{"value":0,"squ"#]);
        let read = parse_checkpoint(&text, &header, &game).unwrap();
        assert_eq!(read.records.len(), 1);
        assert_eq!(read.lines, [2]);
        assert_eq!(read.torn_line, Some(3));
        assert_eq!(
            read.whole_bytes as usize,
            text.len() - r#"{"value":0,"squ"#.len()
        );
        // A whole record lacking only its newline was cut just before it: dropped too.
        let text = text_of(&game, &[whole]);
        let read = parse_checkpoint(&text, &header, &game).unwrap();
        assert!(read.records.is_empty() && read.torn_line == Some(2));
        let text = text_of(&game, &[r#"{"value":0,"squ"#, "\n", whole, "\n"]);
        let error = parse_checkpoint(&text, &header, &game).unwrap_err();
        assert!(error.contains("line 2"), "{error}");
        // A torn header leaves nothing: the header is written afresh.
        let read = parse_checkpoint(br#"{"format":1,"ga"#, &header, &game).unwrap();
        assert!(!read.has_header);
        assert_eq!(read.whole_bytes, 0);
        let read = parse_checkpoint(b"", &header, &game).unwrap();
        assert!(!read.has_header);
    }

    #[test]
    fn records_round_trip_through_their_lines() {
        for (pieces, names_pieces) in [("queens", false), ("bishops+knights", true)] {
            let rules = grundy::games::placement::PlacementRules::new(
                &grundy::games::placement::parse_pieces(pieces).unwrap(),
                grundy::games::placement::Surface::Rectangle,
                grundy::games::placement::RayRule::Through,
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
                let line = record_line(&record, names_pieces);
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
}
