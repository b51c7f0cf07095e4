//! Writing to the terminal when it may be gone. `print!` and `eprintln!` panic when stdout or
//! stderr is a closed pipe (`grundy tour 8x8 | head -c 10`, or a server that started grundy
//! and died); a reader that has gone asks for nothing more, so what it would have read is
//! dropped and the command ends as it would have.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when stdout could not take what was written for another reason than a closed pipe (a
/// full disk): the command then ends with a failure, as `main` reports it.
static WRITE_FAILED: AtomicBool = AtomicBool::new(false);

/// Writes `text` to stdout and flushes it. A closed stdout is not an error; any other failure
/// is said on stderr and makes the command fail ([`write_failed`]).
pub fn print_out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let written = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
    if let Err(error) = written {
        if error.kind() != std::io::ErrorKind::BrokenPipe {
            WRITE_FAILED.store(true, Ordering::SeqCst);
            print_err(&format!("error: cannot write the output: {error}"));
        }
    }
}

/// Whether some output could not be written ([`print_out`]).
pub fn write_failed() -> bool {
    WRITE_FAILED.load(Ordering::SeqCst)
}

/// Writes `line` and a line end to stderr; a closed stderr is not an error.
pub fn print_err(line: &str) {
    let _gone = writeln!(std::io::stderr().lock(), "{line}");
}

/// The most characters of one quoted word an error message shows whole.
const LONGEST_QUOTE: usize = 120;

/// `message` with each quoted word (between backticks) longer than [`LONGEST_QUOTE`]
/// characters cut to its start and end and its length: an error that quotes a 3 MB line of
/// a file, or a 100 KB `--position`, names it without filling the terminal.
pub fn shorten_quoted(message: &str) -> String {
    // A short message is left whole: a backtick typed in the input would pair the quotes
    // wrongly, and there is nothing to cut.
    if message.chars().count() <= 4 * LONGEST_QUOTE {
        return message.to_string();
    }
    let mut out = String::with_capacity(message.len().min(4096));
    for (index, piece) in message.split('`').enumerate() {
        if index > 0 {
            out.push('`');
        }
        let chars = piece.chars().count();
        // Odd pieces lie between backticks; a last odd piece has no closing one, and is cut
        // all the same.
        if index % 2 == 1 && chars > LONGEST_QUOTE {
            let head: String = piece.chars().take(60).collect();
            let tail: String = piece.chars().skip(chars - 20).collect();
            out.push_str(&format!("{head}… ({chars} characters) …{tail}"));
        } else {
            out.push_str(piece);
        }
    }
    out
}

/// `print!` that does not panic when stdout is closed.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::console::print_out(&format!($($arg)*))
    };
}

/// `eprintln!` that does not panic when stderr is closed.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::console::print_err(&format!($($arg)*))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quotes_are_cut_and_short_ones_kept() {
        assert_eq!(shorten_quoted("size `5x5` is odd"), "size `5x5` is odd");
        let long = "9".repeat(3_000_000);
        let cut = shorten_quoted(&format!(
            "move `{long}`: expected a move number from 1 to 1"
        ));
        assert_eq!(
            cut,
            format!(
                "move `{}… (3000000 characters) …{}`: expected a move number from 1 to 1",
                "9".repeat(60),
                "9".repeat(20)
            )
        );
        // Text outside the quotes is left whole, however long.
        let plain = "x".repeat(500);
        assert_eq!(shorten_quoted(&plain), plain);
        // A short message with a backtick typed in its input is left as it is.
        let typed = format!("code `0.7`7` is malformed: {}", "y".repeat(130));
        assert_eq!(shorten_quoted(&typed), typed);
        // An unclosed quote is cut too.
        assert!(shorten_quoted(&format!("bad `{long}")).len() < 200);
    }
}
