//! Corner games: one piece on the quarter-infinite board, at `(m, n)` with `m, n ≥ 0`; each move
//! takes it by one of a fixed set of steps (or, for the queen, any distance left, down or
//! diagonally down-left) and must stay on the board; whoever cannot move loses.
//!
//! - Corner the Knight (Katayama and Koyama (2021), *Corner the Knight Game*): steps `(-2,-1)`, `(-1,-2)`, `(-2,+1)`, `(+1,-2)`.
//! - Corner the Queen, which is Wythoff's game.
//! - Any set of steps, provided no play goes on for ever.
//!
//! ```
//! use grundy::games::corner::CornerGame;
//! use grundy::Nimber;
//!
//! let knight: CornerGame = "corner-knight".parse().unwrap();
//! assert_eq!(knight.value(7, 9), Nimber::new(3));
//! let queen: CornerGame = "corner-queen".parse().unwrap();
//! assert_eq!(queen.value(3, 5), Nimber::ZERO); // a Wythoff pair
//! ```

mod check;
pub(crate) mod check_question;
mod family;
mod steps;
mod table;
mod wythoff;

pub(crate) use family::CornerPiece;
pub(crate) use steps::StepMoves;
pub(crate) use wythoff::{wythoff_pair, wythoff_table, wythoff_table_bytes};

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::values::Nimber;

/// The largest coordinate of a corner game's piece.
pub const MAX_CORNER: usize = 5000;

/// The most bytes a corner game's table may take (its size is known before it is computed).
pub const MAX_CORNER_BYTES: u128 = 1 << 30;

/// The most positions searched for a corner game's value when its table is too large (about
/// 250 MB and two seconds).
pub const MAX_CORNER_SEARCH: usize = 5_000_000;

/// The corner games with names, with what each is (`corner:STEPS` names any other).
pub(crate) const CORNER_GAMES: [(&str, &str); 2] = [
    (
        "corner-knight",
        "a knight moving towards the corner (Katayama and Koyama 2021)",
    ),
    (
        "corner-queen",
        "a queen moving towards the corner: Wythoff's game (also `wythoff`)",
    ),
];

/// The named corner games for messages: `corner-knight, corner-queen`.
fn corner_names() -> String {
    CORNER_GAMES.map(|(name, _)| name).join(", ")
}

/// Why a corner game was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CornerError {
    /// Not a known name nor `corner:STEPS`.
    #[error("unknown corner game `{0}`: expected {names} or corner:DX,DY;DX,DY;... such as corner:-2,-1;-1,-2;-2,1;1,-2", names = corner_names())]
    UnknownName(String),
    /// A step list that cannot be read.
    #[error("move set `{0}` is malformed: expected steps DX,DY separated by `;`, each coordinate between -1000 and 1000, at most 64 steps, for example corner:-2,-1;-1,-2;-2,1;1,-2")]
    Malformed(String),
    /// Steps that allow a play that never ends.
    #[error("move set `{moves}` is refused: it lets the game go on for ever ({reason}); every play must end, so some weighting a·m + b·n with a, b ≥ 0 must decrease with every step")]
    Endless {
        /// The steps as given.
        moves: String,
        /// Why.
        reason: String,
    },
}

/// The rules of a corner game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CornerGame {
    /// A piece moving by fixed steps.
    Steps(StepMoves),
    /// The queen: any number of squares left, down, or diagonally down-left (Wythoff's game).
    Queen,
}

impl FromStr for CornerGame {
    type Err = CornerError;

    fn from_str(text: &str) -> Result<CornerGame, CornerError> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.as_str() {
            "corner-knight" => Ok(CornerGame::Steps(StepMoves::knight())),
            "corner-queen" | "wythoff" => Ok(CornerGame::Queen),
            _ => match lower.strip_prefix("corner:") {
                Some(steps) => Ok(CornerGame::Steps(steps.parse()?)),
                None => Err(CornerError::UnknownName(text.to_string())),
            },
        }
    }
}

impl fmt::Display for CornerGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CornerGame::Steps(steps) if *steps == StepMoves::knight() => {
                f.write_str("corner-knight")
            }
            CornerGame::Steps(steps) => write!(f, "corner:{steps}"),
            CornerGame::Queen => f.write_str("corner-queen"),
        }
    }
}

/// Whether `text` names a corner game, so that errors in it are reported as such.
#[must_use]
pub(crate) fn looks_like_corner_game(text: &str) -> bool {
    let lower = text.trim().to_ascii_lowercase();
    lower.starts_with("corner") || lower == "wythoff"
}

/// Nim-values `g(m, n)` for `m < rows`, `n < cols`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CornerTable {
    rows: usize,
    cols: usize,
    values: Vec<u32>,
}

impl CornerTable {
    /// A table from values in row-major order (`m` major).
    #[must_use]
    pub(crate) fn from_values(rows: usize, cols: usize, values: Vec<u32>) -> CornerTable {
        assert_eq!(values.len(), rows * cols, "one value per cell");
        CornerTable { rows, cols, values }
    }

    /// The number of values of `n` covered.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// `g(m, n)`.
    #[must_use]
    pub(crate) fn get(&self, m: usize, n: usize) -> Nimber {
        Nimber::new(self.values[m * self.cols + n])
    }
}

/// One move of a corner game: to `(m, n)`, where the value is `nimber`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CornerMove {
    /// The new first coordinate.
    pub(crate) m: usize,
    /// The new second coordinate.
    pub(crate) n: usize,
    /// The nim-value there: 0 for a winning move.
    pub(crate) nimber: Nimber,
}

impl CornerGame {
    /// The most moves a play from `(m, n)` can last, which bounds the depth of a misère
    /// search: each of the queen's moves lowers `m + n`; each step lowers `a·m + b·n` (the
    /// weights its set was accepted with) by at least the least drop among the steps.
    #[must_use]
    pub(crate) fn longest_play_from(&self, m: u64, n: u64) -> u64 {
        match self {
            CornerGame::Queen => m + n,
            CornerGame::Steps(steps) => steps.longest_play_from(m, n),
        }
    }

    /// The nim-values of every position `(m, n)` with `m < rows`, `n < cols`.
    #[must_use]
    pub fn table(&self, rows: usize, cols: usize) -> CornerTable {
        match self {
            CornerGame::Steps(steps) => steps.table(rows, cols),
            CornerGame::Queen => wythoff_table(rows, cols),
        }
    }

    /// The bytes [`CornerGame::table`] allocates for `rows` by `cols`, known before it does:
    /// callers bound it first.
    #[must_use]
    pub(crate) fn table_bytes(&self, rows: usize, cols: usize) -> u128 {
        match self {
            CornerGame::Steps(steps) => steps.table_bytes(rows, cols),
            CornerGame::Queen => wythoff_table_bytes(rows, cols),
        }
    }

    /// The bytes [`CornerGame::value`] and [`CornerGame::moves`] allocate for the piece at
    /// `(m, n)`.
    #[must_use]
    pub(crate) fn value_bytes(&self, m: usize, n: usize) -> u128 {
        self.table_bytes(m + 1, n + 1)
    }

    /// The nim-value of the piece at `(m, n)` and the moves from there: from the table when it
    /// takes at most `max_table_bytes`, else (for fixed steps) from a search of at most
    /// `max_searched` positions that the piece can reach (each about 50 bytes). `None` when
    /// neither is enough.
    #[must_use]
    pub(crate) fn value_and_moves_within(
        &self,
        m: usize,
        n: usize,
        max_table_bytes: u128,
        max_searched: usize,
    ) -> Option<(Nimber, Vec<CornerMove>)> {
        if self.value_bytes(m, n) <= max_table_bytes {
            return Some((self.value(m, n), self.moves(m, n)));
        }
        let CornerGame::Steps(steps) = self else {
            return None;
        };
        let known = steps.search_values(&[(m, n)], max_searched)?;
        let value = |position: (usize, usize)| Nimber::new(u32::from(known[&position]));
        let moves = steps
            .targets(m, n)
            .map(|(m, n)| CornerMove {
                m,
                n,
                nimber: value((m, n)),
            })
            .collect();
        Some((value((m, n)), moves))
    }

    /// The value of the piece at `(m, n)` and its moves, within [`MAX_CORNER_BYTES`] and
    /// [`MAX_CORNER_SEARCH`].
    ///
    /// # Errors
    /// Past both, naming the limits.
    pub(crate) fn value_and_moves_within_limits(
        &self,
        m: usize,
        n: usize,
    ) -> Result<(Nimber, Vec<CornerMove>), String> {
        self.value_and_moves_within(m, n, MAX_CORNER_BYTES, MAX_CORNER_SEARCH)
            .ok_or_else(|| {
                format!(
                    "position ({m}, {n}) of {self} is too large: its table needs about {} MiB (at most {} MiB), and its moves reach more than {MAX_CORNER_SEARCH} positions (at most that many are searched)",
                    self.value_bytes(m, n) >> 20,
                    MAX_CORNER_BYTES >> 20,
                )
            })
    }

    /// The nim-value of the piece at `(m, n)`.
    #[must_use]
    pub fn value(&self, m: usize, n: usize) -> Nimber {
        self.table(m + 1, n + 1).get(m, n)
    }

    /// The squares the piece at `(m, n)` can move to.
    #[must_use]
    pub(crate) fn targets(&self, m: usize, n: usize) -> Vec<(usize, usize)> {
        match self {
            CornerGame::Steps(steps) => steps.targets(m, n).collect(),
            CornerGame::Queen => (1..=m)
                .map(|k| (m - k, n))
                .chain((1..=n).map(|k| (m, n - k)))
                .chain((1..=m.min(n)).map(|k| (m - k, n - k)))
                .collect(),
        }
    }

    /// The positions the piece at `(m, n)` can move to, with their values.
    #[must_use]
    pub(crate) fn moves(&self, m: usize, n: usize) -> Vec<CornerMove> {
        let targets = self.targets(m, n);
        let rows = targets.iter().map(|t| t.0 + 1).max().unwrap_or(1);
        let cols = targets.iter().map(|t| t.1 + 1).max().unwrap_or(1);
        let table = self.table(rows, cols);
        targets
            .into_iter()
            .map(|(m, n)| CornerMove {
                m,
                n,
                nimber: table.get(m, n),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
