//! The answer of `sequence` as text for people, as the command line prints it: the heading,
//! the period with its proof, the largest and rare values, the values in rows of twenty and
//! each heap's misère genus. The JSON of the same answer is the answer itself.

use super::sequence_question::SequenceAnswer;
use super::RareValues;
use crate::values::Genus;

impl SequenceAnswer {
    /// The answer for people: the heading (saying `why_stopped` when the work stopped before
    /// the end), the period and its proof, the largest and rare values, the first `shown`
    /// values, and under misère play each heap's genus.
    #[must_use]
    pub fn text(&self, why_stopped: &str, shown: usize) -> String {
        let answer = self;
        let mut out = format!("{}\n", self.heading(why_stopped));
        let rule = answer.game.rule();
        match (answer.periodicity(), rule.max_taken()) {
            (Some(found), Some(taken)) => {
                out.push_str(&format!(
                    "period     {} (pre-period {}: g(n + {}) = g(n) for every n >= {}{})\n",
                    found.period,
                    found.preperiod,
                    found.period,
                    found.preperiod,
                    if found.preperiod > 0 {
                        format!(", last exception at n = {}", found.preperiod - 1)
                    } else {
                        String::new()
                    }
                ));
                out.push_str(&format!(
                    "proof      Octal Periodicity Theorem: checked for {} <= n < 2e + p + t = {} (t = {taken}); computed {} values, the rest follow\n",
                    found.preperiod,
                    2 * found.preperiod + found.period + taken,
                    found.computed
                ));
            }
            // Stopped before the last value (not among the genera, after every value).
            _ if rule.is_finite_octal() && answer.stopped && answer.finished <= answer.to => {
                out.push_str(&format!(
                    "period     not settled: {} after {} values, and they prove no period\n",
                    why_stopped, answer.computed
                ));
            }
            _ if rule.is_finite_octal() => out.push_str(&format!(
                "period     not settled by heap {}: no period is proven by the values computed\n",
                answer.horizon
            )),
            _ => out.push_str(
                "period     not checked: the Octal Periodicity Theorem needs finitely many digits below 8 and no condition on the parts\n",
            ),
        }
        let (largest_at, largest) = answer.largest_at();
        out.push_str(&format!(
            "largest    {largest} (first at heap {largest_at})\n"
        ));
        if let Some(rare) = &answer.sequence.rare {
            out.push_str(&rare_line(rare));
        }
        out.push_str(&format!(
            "time       {:.3} s for {} values\n",
            answer.seconds, answer.computed
        ));
        let values = answer.values(shown);
        for (row, chunk) in values.chunks(20).enumerate() {
            let line: Vec<String> = chunk.iter().map(u32::to_string).collect();
            out.push_str(&format!("{:>8}: {}\n", row * 20, line.join(" ")));
        }
        if shown < answer.finished {
            out.push_str(&format!(
                "... {} more values (--show COUNT prints more, --json prints all)\n",
                answer.finished - shown
            ));
        }
        if let Some(genera) = &answer.genera {
            out.push_str(&misere_text(genera, answer.to, answer.stopped));
        }
        out
    }
}

/// The rare values: how many heaps, which class, the last one.
fn rare_line(rare: &RareValues) -> String {
    let parity = if rare.odd { "odd" } else { "even" };
    let flipped = if rare.domain {
        " (on even heaps; the other class on odd heaps)"
    } else {
        ""
    };
    let last = rare.last.map_or_else(
        || "none".to_string(),
        |heap| format!("the last at heap {heap}"),
    );
    let used = if rare.used {
        ""
    } else {
        "; not enumerated: scanning every break was estimated cheaper"
    };
    format!(
        "rare       {} heaps: {last} (values with an {parity} number of 1-bits in value AND {:#x}{flipped}{used})\n",
        rare.heaps, rare.mask
    )
}

/// The genus of each heap, under misère play: P where the heap alone is a second-player win.
/// The heaps past `genera` were not reached within the search's positions, or before the stop
/// when `stopped`.
fn misere_text(genera: &[Genus], to: usize, stopped: bool) -> String {
    let reach = if stopped {
        "before the stop"
    } else {
        "within the search's 5 million positions"
    };
    let mut out = match genera.len() {
        0 => format!("misère     no heap's genus {reach}\n"),
        count => format!(
            "misère     genus of heaps 0 to {} (P: the heap alone is a misère second-player win)\n",
            count - 1
        ),
    };
    for (heap, genus) in genera.iter().enumerate() {
        let outcome = if genus.misere.first() == Some(&0) {
            "P"
        } else {
            "N"
        };
        out.push_str(&format!("{heap:>8}: {outcome} {genus}\n"));
    }
    if !genera.is_empty() && genera.len() <= to {
        out.push_str(&format!(
            "           heaps {} to {to}: not reached {reach}\n",
            genera.len()
        ));
    }
    out
}
