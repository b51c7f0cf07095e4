//! The theorems about corner games, checked value by value on a square of the board.

use std::collections::HashSet;

use super::{wythoff_pair, wythoff_table, CornerGame, CornerTable, StepMoves};

/// What a check looked at and what it found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CheckReport {
    /// The statements checked, each with the number of cases it was checked on.
    pub checked: Vec<(String, usize)>,
    /// Every case that failed, described (empty when all hold). At most 20 are kept.
    pub failures: Vec<String>,
}

impl CheckReport {
    /// Whether every statement held on every case.
    #[must_use]
    pub(crate) fn holds(&self) -> bool {
        self.failures.is_empty()
    }

    fn fail(&mut self, failure: String) {
        if self.failures.len() < 20 {
            self.failures.push(failure);
        }
    }
}

/// How the theorems about a corner game are checked on the square `0 ≤ m, n < size`.
pub(crate) type TheoremCheck = fn(usize) -> (CornerTable, CheckReport);

impl CornerGame {
    /// The check of the theorems known about this game ([`check_knight`], [`check_wythoff`]),
    /// or `None` for a game with no theorems to check.
    #[must_use]
    pub(crate) fn theorems(&self) -> Option<TheoremCheck> {
        match self {
            CornerGame::Queen => Some(check_wythoff),
            CornerGame::Steps(steps) if *steps == StepMoves::knight() => Some(check_knight),
            CornerGame::Steps(_) => None,
        }
    }
}

/// Katayama and Koyama's (2021) closed form of Corner the Knight (Theorem 2.2), for any `m, n ≥ 0`.
///
/// By symmetry take `m ≥ n`; then, with `n = 4k + r`, the value depends only on `r` and on `m`:
/// `r = 0`: `⌊m/2⌋ mod 2`; `r = 1`: 2 when `m = n + 1`, else `⌊m/2⌋ mod 2`; `r = 2`: 3 when
/// `m ≡ 0 (mod 4)`, else 2; `r = 3`: 1 when `m = n`, 4 when `m = n + 1`, 2 when `m ≡ 2 (mod 4)`,
/// else 3.
#[must_use]
pub(crate) fn knight_formula(m: usize, n: usize) -> u32 {
    let (m, n) = if m >= n { (m, n) } else { (n, m) };
    let half_parity = ((m / 2) % 2) as u32;
    match n % 4 {
        0 => half_parity,
        1 if m == n + 1 => 2,
        1 => half_parity,
        2 if m % 4 == 0 => 3,
        2 => 2,
        _ if m == n => 1,
        _ if m == n + 1 => 4,
        _ if m % 4 == 2 => 2,
        _ => 3,
    }
}

/// Checks on the square `0 ≤ m, n < size` the theorems of Katayama and Koyama (2021) about Corner the Knight:
/// symmetry `g(m, n) = g(n, m)`, period 4 along the diagonal `g(m + 4, n + 4) = g(m, n)`, and
/// the closed form [`knight_formula`].
#[must_use]
pub(crate) fn check_knight(size: usize) -> (CornerTable, CheckReport) {
    let table = StepMoves::knight().table(size, size);
    let mut report = CheckReport {
        checked: Vec::new(),
        failures: Vec::new(),
    };
    let g = |m: usize, n: usize| table.get(m, n).value();
    let mut cases = [0usize; 3];
    for m in 0..size {
        for n in 0..size {
            cases[0] += 1;
            if g(m, n) != g(n, m) {
                report.fail(format!(
                    "symmetry: g({m}, {n}) = {} but g({n}, {m}) = {}",
                    g(m, n),
                    g(n, m)
                ));
            }
            if m + 4 < size && n + 4 < size {
                cases[1] += 1;
                if g(m + 4, n + 4) != g(m, n) {
                    report.fail(format!(
                        "period 4: g({}, {}) = {} but g({m}, {n}) = {}",
                        m + 4,
                        n + 4,
                        g(m + 4, n + 4),
                        g(m, n)
                    ));
                }
            }
            cases[2] += 1;
            if g(m, n) != knight_formula(m, n) {
                report.fail(format!(
                    "closed form: g({m}, {n}) = {} but Theorem 2.2 gives {}",
                    g(m, n),
                    knight_formula(m, n)
                ));
            }
        }
    }
    report.checked = vec![
        ("symmetry g(m, n) = g(n, m)".to_string(), cases[0]),
        ("period 4: g(m + 4, n + 4) = g(m, n)".to_string(), cases[1]),
        ("closed form of Theorem 2.2".to_string(), cases[2]),
    ];
    (table, report)
}

/// Checks on the square `0 ≤ m, n < size` that the P-positions of Wythoff's game (value 0) are
/// exactly the Wythoff pairs `(⌊kφ⌋, ⌊kφ²⌋)` and their mirror images, and that values are
/// symmetric.
#[must_use]
pub(crate) fn check_wythoff(size: usize) -> (CornerTable, CheckReport) {
    let table = wythoff_table(size, size);
    let mut report = CheckReport {
        checked: Vec::new(),
        failures: Vec::new(),
    };
    let mut pairs = HashSet::new();
    for k in 0.. {
        let (low, high) = wythoff_pair(k);
        if low as usize >= size {
            break;
        }
        pairs.insert((low as usize, high as usize));
        pairs.insert((high as usize, low as usize));
    }
    let mut cases = 0;
    for m in 0..size {
        for n in 0..size {
            cases += 1;
            let zero = table.get(m, n).value() == 0;
            if zero != pairs.contains(&(m, n)) {
                report.fail(format!(
                    "({m}, {n}) has value {} but is {}a Wythoff pair",
                    table.get(m, n).value(),
                    if zero { "not " } else { "" }
                ));
            }
            if table.get(m, n) != table.get(n, m) {
                report.fail(format!("symmetry fails at ({m}, {n})"));
            }
        }
    }
    report.checked = vec![
        (
            "P-positions are the Wythoff pairs (floor(k phi), floor(k phi^2)) and mirrors"
                .to_string(),
            cases,
        ),
        ("symmetry g(m, n) = g(n, m)".to_string(), cases),
    ];
    (table, report)
}
