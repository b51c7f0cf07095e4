//! Corner games whose piece moves by fixed steps, like the knight of Katayama and Koyama (2021).

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use super::{CornerError, CornerTable};
use crate::values::MexSet;

/// The most steps a move set may have (values then fit in a byte: a mex of at most 64 options
/// is at most 64).
pub(crate) const MAX_STEPS: usize = 64;

/// The largest coordinate of a step.
pub(crate) const MAX_STEP: i64 = 1000;

/// A set of steps `(dm, dn)` that provably ends every play: with weights `(a, b)`, both
/// positive, every step lowers `a·m + b·n`, which cannot go below 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepMoves {
    steps: Vec<(i64, i64)>,
    weights: (u64, u64),
}

/// A fraction `num / den` with `den > 0`.
#[derive(Clone, Copy, Debug)]
struct Fraction {
    num: i64,
    den: i64,
}

impl Fraction {
    fn less_than(self, other: Fraction) -> bool {
        i128::from(self.num) * i128::from(other.den) < i128::from(other.num) * i128::from(self.den)
    }
}

impl StepMoves {
    /// The knight of Corner the Knight: `(-2,-1)`, `(-1,-2)`, `(-2,+1)`, `(+1,-2)`.
    #[must_use]
    pub(crate) fn knight() -> StepMoves {
        StepMoves::new(vec![(-2, -1), (-1, -2), (-2, 1), (1, -2)])
            .expect("the knight's moves end every play")
    }

    /// A step set, refused when some play could go on for ever.
    ///
    /// A play can last for ever exactly when no weighting `a·m + b·n` (`a, b ≥ 0`, not both 0)
    /// decreases with every step (then some non-negative combination of steps moves the piece
    /// away from the corner or back to where it was, and far from the edges it can repeat that
    /// for ever). Writing `t = b / a`, each step `(dm, dn)` asks `dm + t·dn < 0`: a lower bound
    /// on `t` when `dn < 0`, an upper bound when `dn > 0`. The set ends every play iff the
    /// bounds leave room for some `t > 0`.
    pub(crate) fn new(mut steps: Vec<(i64, i64)>) -> Result<StepMoves, CornerError> {
        steps.sort_unstable();
        steps.dedup();
        let text = format_steps(&steps);
        let endless = |reason: String| CornerError::Endless {
            moves: text.clone(),
            reason,
        };
        if steps.is_empty() || steps.len() > MAX_STEPS {
            return Err(CornerError::Malformed(text.clone()));
        }
        if steps.iter().any(|&(dm, dn)| {
            !(-MAX_STEP..=MAX_STEP).contains(&dm) || !(-MAX_STEP..=MAX_STEP).contains(&dn)
        }) {
            return Err(CornerError::Malformed(text.clone()));
        }
        if let Some(&(dm, dn)) = steps.iter().find(|&&(dm, dn)| dm >= 0 && dn >= 0) {
            return Err(endless(format!(
                "the step {dm},{dn} never brings the piece nearer the corner"
            )));
        }
        let mut lower = (Fraction { num: 0, den: 1 }, None);
        let mut upper: Option<(Fraction, (i64, i64))> = None;
        for &(dm, dn) in &steps {
            if dn < 0 {
                let bound = Fraction { num: dm, den: -dn };
                if lower.0.less_than(bound) {
                    lower = (bound, Some((dm, dn)));
                }
            } else if dn > 0 {
                let bound = Fraction { num: -dm, den: dn };
                if upper.is_none_or(|(current, _)| bound.less_than(current)) {
                    upper = Some((bound, (dm, dn)));
                }
            }
        }
        let t = match upper {
            None => Fraction {
                num: lower.0.num.div_euclid(lower.0.den) + 1,
                den: 1,
            },
            Some((up, up_step)) => {
                if !lower.0.less_than(up) {
                    let (lm, ln) = lower.1.expect("a positive upper bound beats the floor 0");
                    let (um, un) = up_step;
                    return Err(endless(format!(
                        "the steps {lm},{ln} and {um},{un} repeated in the right proportion never bring the piece nearer the corner"
                    )));
                }
                simplest_between(lower.0, up)
            }
        };
        Ok(StepMoves {
            steps,
            weights: (t.den as u64, t.num as u64),
        })
    }

    /// Positive weights `(a, b)` such that every step lowers `a·m + b·n`.
    #[must_use]
    pub(crate) fn weights(&self) -> (u64, u64) {
        self.weights
    }

    /// The most steps a play from `(m, n)` can take: `a·m + b·n` over the least drop of
    /// `a·m + b·n` a step makes (at least 1, the weights being whole numbers), and, when no
    /// step moves away from either edge, no more than the squares of the box below `(m, n)`,
    /// which a play never leaves then and visits each at most once.
    #[must_use]
    pub(crate) fn longest_play_from(&self, m: u64, n: u64) -> u64 {
        let by_weights = self.longest_play_by_weights(m, n);
        if self.steps.iter().all(|&(dm, dn)| dm <= 0 && dn <= 0) {
            by_weights.min((m + 1).saturating_mul(n + 1))
        } else {
            by_weights
        }
    }

    fn longest_play_by_weights(&self, m: u64, n: u64) -> u64 {
        let (a, b) = (i128::from(self.weights.0), i128::from(self.weights.1));
        let least_drop = self
            .steps
            .iter()
            .map(|&(dm, dn)| -(a * i128::from(dm) + b * i128::from(dn)))
            .min()
            .unwrap_or(1)
            .max(1);
        let weight = a * i128::from(m) + b * i128::from(n);
        u64::try_from(weight / least_drop).unwrap_or(u64::MAX)
    }

    /// Where the piece at `(m, n)` can go.
    pub(crate) fn targets(&self, m: usize, n: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.steps.iter().filter_map(move |&(dm, dn)| {
            let to_m = m as i64 + dm;
            let to_n = n as i64 + dn;
            (to_m >= 0 && to_n >= 0).then_some((to_m as usize, to_n as usize))
        })
    }

    /// The nim-values of the positions in `starts` and of every position they reach, by a
    /// search from them: no box, so a set of steps whose box is vast but whose moves reach
    /// few positions (`corner:-1,1000`, which from (5000, 5000) reaches 5001) is answered
    /// cheaply. `None` when more than `max_positions` would be needed.
    pub(crate) fn search_values(
        &self,
        starts: &[(usize, usize)],
        max_positions: usize,
    ) -> Option<HashMap<(usize, usize), u8, BuildPositionHasher>> {
        let mut known: HashMap<(usize, usize), u8, BuildPositionHasher> = HashMap::default();
        // Positions whose value is wanted, each above the one that needs it. Every play ends,
        // so no position is below itself; one may be on the stack twice, and is done once.
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for &start in starts {
            stack.push(start);
            while let Some(&position) = stack.last() {
                if known.contains_key(&position) {
                    stack.pop();
                    continue;
                }
                let unknown = self
                    .targets(position.0, position.1)
                    .find(|target| !known.contains_key(target));
                if let Some(target) = unknown {
                    stack.push(target);
                    if known.len() + stack.len() > max_positions {
                        return None;
                    }
                    continue;
                }
                let mut seen = MexSet::default();
                for target in self.targets(position.0, position.1) {
                    seen.insert(crate::values::Nimber::new(u32::from(known[&target])));
                }
                let value = u8::try_from(seen.mex().value()).expect("at most 64 options");
                known.insert(position, value);
                stack.pop();
            }
        }
        Some(known)
    }

    /// The bytes [`StepMoves::table`] allocates for `rows` by `cols`: a byte per cell of the box
    /// holding every position of lower weight (which a move away may reach), and when the
    /// weights are large an 8-byte entry per cell to sort them. Computed without allocating,
    /// so that callers can refuse first: the box grows with the weights, and `corner:-1,1000`
    /// at (5000, 5000) needs 25 billion cells.
    #[must_use]
    pub(crate) fn table_bytes(&self, rows: usize, cols: usize) -> u128 {
        if rows == 0 || cols == 0 {
            return 0;
        }
        let (a, b) = (u128::from(self.weights.0), u128::from(self.weights.1));
        let limit = a * (rows as u128 - 1) + b * (cols as u128 - 1);
        let box_cells = (limit / a + 1) * (limit / b + 1);
        let per_cell = if a * b <= 64 { 1 } else { 9 };
        box_cells * per_cell + 4 * rows as u128 * cols as u128
    }

    /// The nim-values of the positions `(m, n)`, `m < rows`, `n < cols`.
    ///
    /// Positions are computed in increasing order of the weight `a·m + b·n`, so every option
    /// is known before it is needed; all options of the requested positions lie in the box
    /// where the weight is at most that of the far corner.
    #[must_use]
    pub fn table(&self, rows: usize, cols: usize) -> CornerTable {
        if rows == 0 || cols == 0 {
            return CornerTable::from_values(rows, cols, Vec::new());
        }
        let (a, b) = self.weights;
        let limit = a * (rows as u64 - 1) + b * (cols as u64 - 1);
        let box_rows = (limit / a) as usize + 1;
        let box_cols = (limit / b) as usize + 1;
        let mut values = vec![0u8; box_rows * box_cols];
        let compute = |m: usize, n: usize, values: &mut [u8]| {
            let mut seen = MexSet::default();
            for (to_m, to_n) in self.targets(m, n) {
                seen.insert(crate::values::Nimber::new(u32::from(
                    values[to_m * box_cols + to_n],
                )));
            }
            values[m * box_cols + n] = seen.mex().value() as u8;
        };
        if a * b <= 64 {
            // Walk the levels of the weight one by one: no list of cells to sort, and the cost
            // stays within a factor a·b of the number of cells.
            for level in 0..=limit {
                for m in 0..=(level / a) as usize {
                    let rest = level - a * m as u64;
                    if rest % b == 0 {
                        compute(m, (rest / b) as usize, &mut values);
                    }
                }
            }
        } else {
            let potential = |m: usize, n: usize| a * m as u64 + b * n as u64;
            let mut order: Vec<(u32, u32)> = Vec::new();
            for m in 0..box_rows {
                let most_n = (limit - a * m as u64) / b;
                for n in 0..=most_n as usize {
                    order.push((m as u32, n as u32));
                }
            }
            order.sort_unstable_by_key(|&(m, n)| potential(m as usize, n as usize));
            for (m, n) in order {
                compute(m as usize, n as usize, &mut values);
            }
        }
        let mut table = Vec::with_capacity(rows * cols);
        for m in 0..rows {
            for n in 0..cols {
                table.push(u32::from(values[m * box_cols + n]));
            }
        }
        CornerTable::from_values(rows, cols, table)
    }
}

/// A fast hash for positions (the multiply-rotate of Firefox's FxHash): the default SipHash
/// guards against crafted keys, which positions are not, and is several times slower.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BuildPositionHasher;

impl std::hash::BuildHasher for BuildPositionHasher {
    type Hasher = PositionHasher;

    fn build_hasher(&self) -> PositionHasher {
        PositionHasher(0)
    }
}

/// The hasher of [`BuildPositionHasher`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct PositionHasher(u64);

impl std::hash::Hasher for PositionHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// The fraction with the smallest denominator strictly between `low` and `high` (`low < high`).
fn simplest_between(low: Fraction, high: Fraction) -> Fraction {
    let mut den: i64 = 1;
    loop {
        // The least numerator with num/den > low.
        let num = (i128::from(low.num) * i128::from(den)).div_euclid(i128::from(low.den)) + 1;
        let candidate = Fraction {
            num: num as i64,
            den,
        };
        if candidate.less_than(high) {
            return candidate;
        }
        den += 1;
    }
}

fn format_steps(steps: &[(i64, i64)]) -> String {
    let parts: Vec<String> = steps.iter().map(|(m, n)| format!("{m},{n}")).collect();
    parts.join(";")
}

impl fmt::Display for StepMoves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_steps(&self.steps))
    }
}

impl FromStr for StepMoves {
    type Err = CornerError;

    fn from_str(text: &str) -> Result<StepMoves, CornerError> {
        let bad = || CornerError::Malformed(text.to_string());
        let mut steps = Vec::new();
        for part in text.split(';').filter(|p| !p.trim().is_empty()) {
            let (m, n) = part.split_once(',').ok_or_else(bad)?;
            let m: i64 = m.trim().parse().map_err(|_| bad())?;
            let n: i64 = n.trim().parse().map_err(|_| bad())?;
            steps.push((m, n));
        }
        StepMoves::new(steps).map_err(|error| match error {
            CornerError::Malformed(_) => bad(),
            CornerError::Endless { reason, .. } => CornerError::Endless {
                moves: text.to_string(),
                reason,
            },
            other => other,
        })
    }
}
