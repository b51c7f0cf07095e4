//! Reading what the user typed: games, boards, positions, ranges and memory sizes. Every error
//! here is the user's to fix and ends the program with exit status 2.

use std::fmt;

use anyhow::Result;
use grundy::games::placement::{Piece, PlacementGame, PlacementPosition};
use grundy::BoardSize;

/// An error in the user's input (as opposed to a failure of the program).
#[derive(Debug)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// Turns any displayable error into an [`InputError`].
pub fn input_error(error: impl fmt::Display) -> anyhow::Error {
    anyhow::Error::new(InputError(error.to_string()))
}

/// A game as named on the command line, with its arguments.
pub enum GameSpec {
    /// A placement game of one piece on a board.
    Placement(PlacementGame),
}

/// Reads `GAME ARGS...`: for now a piece name and a board size.
pub fn parse_game(game: &str, args: &[String]) -> Result<GameSpec> {
    let piece: Piece = game.parse().map_err(input_error)?;
    let board = match args {
        [board] => board.parse::<BoardSize>().map_err(input_error)?,
        [] => {
            return Err(input_error(format!(
                "the {piece} game needs a board size, for example `grundy value {piece} 5x5`"
            )))
        }
        [_, extra, ..] => {
            return Err(input_error(format!(
            "unexpected argument `{extra}`: the {piece} game takes one board size, for example 5x5"
        )))
        }
    };
    Ok(GameSpec::Placement(PlacementGame::new(piece, board)))
}

/// The position given with `--position`, or the empty board.
pub fn parse_position(game: &PlacementGame, text: Option<&str>) -> Result<PlacementPosition> {
    match text {
        None => Ok(game.empty()),
        Some(text) => game.parse_position(text).map_err(input_error),
    }
}

/// Reads a memory size such as `512M`, `2G` or `1073741824` (bytes; K, M, G, T are powers of
/// 1024).
pub fn parse_memory(text: &str) -> Result<u64, String> {
    let malformed = || {
        format!("memory size `{text}` is malformed: expected a number of bytes with an optional K, M, G or T suffix, for example 512M or 2G")
    };
    let trimmed = text.trim();
    let upper = trimmed.to_ascii_uppercase();
    let upper = upper
        .strip_suffix("IB")
        .or_else(|| upper.strip_suffix('B'))
        .unwrap_or(&upper);
    let (number, scale) = match upper.chars().last() {
        Some('K') => (&upper[..upper.len() - 1], 1u64 << 10),
        Some('M') => (&upper[..upper.len() - 1], 1 << 20),
        Some('G') => (&upper[..upper.len() - 1], 1 << 30),
        Some('T') => (&upper[..upper.len() - 1], 1 << 40),
        _ => (upper, 1),
    };
    let number: f64 = number.trim().parse().map_err(|_| malformed())?;
    if !number.is_finite() || number < 0.0 {
        return Err(malformed());
    }
    let bytes = number * scale as f64;
    if bytes < (1u64 << 20) as f64 {
        return Err(format!(
            "memory size `{text}` is too small: the transposition table needs at least 1M"
        ));
    }
    if bytes > (1u64 << 50) as f64 {
        return Err(format!("memory size `{text}` is too large: at most 1024T"));
    }
    Ok(bytes as u64)
}

/// Board sides given as a range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sides(pub Vec<u32>);

/// Reads a range of board sides: `1-6`, `4` or `2,4,8`.
pub fn parse_range(text: &str) -> Result<Sides, String> {
    let malformed = || {
        format!("range `{text}` is malformed: expected FROM-TO (for example 1-6), a single number, or a list like 2,4,8, with sides from 1 to 256")
    };
    let mut sides = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        let (from, to) = match part.split_once('-') {
            Some((from, to)) => (from.trim(), to.trim()),
            None => (part, part),
        };
        let from: u32 = from.parse().map_err(|_| malformed())?;
        let to: u32 = to.parse().map_err(|_| malformed())?;
        if from == 0 || to > 256 || from > to {
            return Err(malformed());
        }
        sides.extend(from..=to);
    }
    sides.dedup();
    Ok(Sides(sides))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes() {
        assert_eq!(parse_memory("1G").unwrap(), 1 << 30);
        assert_eq!(parse_memory("512M").unwrap(), 512 << 20);
        assert_eq!(parse_memory("1.5GiB").unwrap(), 3 << 29);
        assert_eq!(parse_memory("2097152").unwrap(), 2 << 20);
        for bad in ["", "G", "abc", "-1G", "1Q", "10"] {
            assert!(parse_memory(bad).unwrap_err().contains(bad), "{bad}");
        }
    }

    #[test]
    fn ranges() {
        assert_eq!(parse_range("1-6").unwrap().0, vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(parse_range("4").unwrap().0, vec![4]);
        assert_eq!(parse_range("2,4, 8").unwrap().0, vec![2, 4, 8]);
        for bad in ["", "0-3", "3-1", "a", "1-300", "1--2"] {
            assert!(parse_range(bad).is_err(), "{bad}");
        }
    }
}
