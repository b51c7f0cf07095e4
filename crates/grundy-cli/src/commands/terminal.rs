//! The lines a person types in a game against the computer in the terminal (`grundy play`),
//! read with a bound on their length, and how such a game ends.

use std::io::{BufRead, Write};

use anyhow::Result;
use grundy::report::Player;

use crate::input::input_error;

/// How a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Someone could not move; the other player won.
    Won(Player),
    /// The person quit, or the input ended.
    Quit,
}

/// The longest line read as a move or command: far longer than any of them, short enough that
/// no input can make the game hold much of it.
pub const MAX_LINE_BYTES: usize = 1024;

/// One line typed by the player.
pub enum Typed {
    /// A line of text, without its line break.
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`], skipped without being kept.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line of at most [`MAX_LINE_BYTES`] bytes; a longer line is skipped to its end
/// without being held. Input that is not text (a NUL byte, or not UTF-8) is an error: it is
/// no one typing, and reading on would only consume it.
pub fn read_typed_line(input: &mut impl BufRead) -> Result<Typed> {
    let mut line: Vec<u8> = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, ends_line) = match buffer.iter().position(|&byte| byte == b'\n') {
            Some(end) => (&buffer[..end], true),
            None => (buffer, false),
        };
        if chunk.contains(&0) {
            return Err(input_error(
                "the input is not text (it holds a NUL byte): the game is abandoned",
            ));
        }
        if !too_long {
            if line.len() + chunk.len() > MAX_LINE_BYTES {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let consumed = chunk.len() + usize::from(ends_line);
        input.consume(consumed);
        if ends_line {
            break;
        }
    }
    if !read_any {
        return Ok(Typed::End);
    }
    if too_long {
        return Ok(Typed::TooLong);
    }
    String::from_utf8(line)
        .map(Typed::Line)
        .map_err(|_| input_error("the input is not text (it is not UTF-8): the game is abandoned"))
}

/// Asks the person for a move or command: the prompt, then lines until one fits (a longer one
/// is answered and asked again). `None` when the person quits (`quit`, `exit`, `q`) or the
/// input ends, each said on `output`; otherwise the line, trimmed.
pub fn next_command(input: &mut impl BufRead, output: &mut impl Write) -> Result<Option<String>> {
    loop {
        write!(output, "your move> ")?;
        output.flush()?;
        let line = match read_typed_line(input)? {
            Typed::Line(line) => line,
            Typed::TooLong => {
                writeln!(
                    output,
                    "that line is longer than {MAX_LINE_BYTES} bytes: no move or command is (type help for the commands)"
                )?;
                continue;
            }
            Typed::End => {
                writeln!(output, "\nend of input: game abandoned")?;
                return Ok(None);
            }
        };
        let command = line.trim();
        if matches!(command.to_ascii_lowercase().as_str(), "quit" | "exit" | "q") {
            writeln!(output, "game abandoned")?;
            return Ok(None);
        }
        return Ok(Some(command.to_string()));
    }
}
