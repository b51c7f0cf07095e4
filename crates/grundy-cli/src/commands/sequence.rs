//! `grundy sequence`: the nim-sequence of a take-and-break game, with its period when proven.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use anyhow::Result;
use grundy::games::heap::{
    nim_sequence_until_settled, HeapGame, HeapRuleset, NimSequence, Periodicity, SequenceObserver,
};
use grundy::report::{Command, SequenceReport, SCHEMA_VERSION};
use indicatif::ProgressBar;

use crate::render::json_line;

use crate::input::{check_reference_work, input_error, parse_memory, require_verb, MAX_HEAP};
use crate::interrupt;
use crate::progress::counting_bar;
use crate::svg::{sequence_plot, PeriodMark};
use grundy::games::registry::{Family, Verb};

/// Short sequences of finite octal codes are computed at least this far, so that a period can
/// be proven even when only a few values are asked for.
const PERIOD_HORIZON: usize = 4096;

/// Values printed in the text report unless `--show` says otherwise.
const DEFAULT_SHOWN: usize = 1000;

/// What one computed heap costs at most: its value (4 bytes) and the fast method's 16-bit
/// copies of it read forwards and backwards (4 bytes), each in a vector that may just have
/// doubled. Values past a proven period are read from it, not stored.
const BYTES_PER_COMPUTED_HEAP: u64 = 16;

/// What one value printed costs at most beyond its digits: 4 bytes as a number in the report,
/// and its text (digits and a separator) twice over while the output string doubles.
const BYTES_PER_PRINTED_VALUE: u64 = 4;

/// Arguments of `grundy sequence`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The nim-sequence gives the nim-value of one heap of each size; a position's value is \
the nim-sum of its heaps' values. For finite octal codes the period and pre-period are proven by the \
Octal Periodicity Theorem (Guy and Smith): if g(n + p) = g(n) for e <= n < 2e + p + t, where t is the \
most tokens a move takes, the sequence repeats for ever; the computation stops there and the rest is \
copied from the period. Codes with a repeating digit or a digit of 8 or more are computed by trying every \
move, only to --to, and refused when that is too much work. Ctrl-C stops the computation, prints the \
values finished and exits with status 130.\n\nExamples:\n  grundy sequence kayles --to 1000\n  grundy sequence 0.6 --to 1000000\n  \
grundy sequence grundys-game --to 100000 --json\n  grundy sequence 0.137 --to 200 --svg dawson.svg"
)]
pub struct Args {
    /// The heap game: a code such as 0.77 or 0.137, or a name (the list: `grundy sequence --help`).
    #[arg(long_help = format!("The heap game: {}.", Family::Heap.names()))]
    pub game: String,
    /// The largest heap.
    #[arg(long, default_value_t = 100)]
    pub to: usize,
    /// How many values the text report prints (all are in --json and --svg).
    #[arg(long, value_name = "COUNT")]
    pub show: Option<usize>,
    /// Memory for the values (K, M, G, T suffixes; powers of 1024): the heaps computed before
    /// a period is proven take about 16 bytes each, and the values printed (with --json, all
    /// of them) their text. A computation that would need more stops, keeping the values
    /// finished; output that would need more is refused before it is made.
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_memory)]
    pub memory: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also draw the sequence as an SVG plot into this file (zeros in red, the periodic part
    /// shaded).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
}

/// Shows progress on the bar and stops the computation on Ctrl-C, or when the heaps computed
/// would pass the memory allowed.
struct BarObserver {
    bar: ProgressBar,
    stop: &'static AtomicBool,
    /// The most heaps `--memory` holds, and the heaps begun so far (one call a heap).
    heaps_allowed: usize,
    heaps_begun: usize,
}

impl SequenceObserver for BarObserver {
    fn progress(&mut self, computed: usize, _total: usize) {
        self.bar.set_position(computed as u64);
    }

    fn should_stop(&mut self) -> bool {
        self.heaps_begun += 1;
        self.heaps_begun > self.heaps_allowed || self.stop.load(Ordering::Relaxed)
    }
}

/// Runs `grundy sequence`.
pub fn run(args: &Args) -> Result<String> {
    require_verb(&args.game, Verb::Sequence)?;
    let game = match args.game.parse::<HeapRuleset>().map_err(input_error)? {
        HeapRuleset::Line(game) => game,
        HeapRuleset::Kayles2d(_) => {
            return Err(input_error(
                "kayles-2d has boards, not heaps, so it has no nim-sequence: use `grundy value kayles-2d 7x4`",
            ))
        }
    };
    if args.to > MAX_HEAP {
        return Err(input_error(format!(
            "--to {} is too large: at most {MAX_HEAP}",
            args.to
        )));
    }
    check_reference_work(&game, args.to, "--to")?;
    // Only a proof can use values past --to, and only finite octal codes have one.
    let horizon = if game.rule().is_finite_octal() {
        args.to.max(PERIOD_HORIZON)
    } else {
        args.to
    };
    // The text printed is kept room for (at most 10 digits a value), so that a computation
    // stopped by the memory can still print what it finished.
    let shown = args.show.unwrap_or(DEFAULT_SHOWN).min(args.to + 1);
    let text_room = shown as u64 * (BYTES_PER_PRINTED_VALUE + 2 * 11);
    let heaps_allowed =
        usize::try_from(args.memory.saturating_sub(text_room) / BYTES_PER_COMPUTED_HEAP)
            .unwrap_or(usize::MAX);
    if !game.rule().is_finite_octal() && horizon >= heaps_allowed {
        // No period can cut this short: every heap to --to is computed and kept.
        return Err(input_error(format!(
            "--to {} needs the values of every heap computed and kept ({} has no provable period), about {} MiB at {BYTES_PER_COMPUTED_HEAP} bytes a heap, more than --memory {} MiB: give more --memory or --to at most {}",
            args.to,
            game.name(),
            ((horizon as u64 + 1) * BYTES_PER_COMPUTED_HEAP) >> 20,
            args.memory >> 20,
            heaps_allowed.saturating_sub(1)
        )));
    }
    let stop = interrupt::stop_flag()?;
    let bar = counting_bar(horizon as u64 + 1, &format!("{} sequence", game.name()));
    let mut observer = BarObserver {
        bar: bar.clone(),
        stop,
        heaps_allowed,
        heaps_begun: 0,
    };
    let started = Instant::now();
    let sequence = nim_sequence_until_settled(game.rule(), horizon, &mut observer);
    let seconds = started.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let out_of_memory = sequence.stopped && !stop.load(Ordering::Relaxed);
    let finished = if sequence.stopped {
        sequence.values.len().min(args.to + 1)
    } else {
        args.to + 1
    };
    let computed = sequence
        .periodicity
        .map_or(sequence.values.len(), |found| found.computed);
    let report = Report {
        game: &game,
        sequence,
        finished,
        computed,
        horizon,
        seconds,
        stopped: out_of_memory || stop.load(Ordering::Relaxed),
        why_stopped: if out_of_memory {
            "stopped at --memory"
        } else {
            "interrupted"
        },
    };
    // The values printed are made only now: refused first if their text would not fit.
    let shown = shown.min(finished);
    let printed = if args.json { finished } else { shown } as u64
        + if args.svg.is_some() {
            finished as u64
        } else {
            0
        };
    let digits = u64::from(report.largest().checked_ilog10().unwrap_or(0)) + 2;
    let output_bytes = printed * (BYTES_PER_PRINTED_VALUE + 2 * digits);
    let kept_bytes = computed as u64 * BYTES_PER_COMPUTED_HEAP;
    let memory_note = format!(
        "--memory {} MiB holds the values of {heaps_allowed} heaps ({BYTES_PER_COMPUTED_HEAP} bytes each) beside the text printed, and no period was proven by then",
        args.memory >> 20
    );
    if kept_bytes + output_bytes > args.memory && out_of_memory {
        return Err(input_error(format!(
            "{memory_note}: give more --memory to go further"
        )));
    }
    if kept_bytes + output_bytes > args.memory {
        let what = if args.json {
            "--json"
        } else if args.svg.is_some() {
            "--svg"
        } else {
            "--show"
        };
        return Err(input_error(format!(
            "{what} would print {printed} values, about {} MiB with their text ({} bytes a value), more than --memory {} MiB beside the {} MiB of the values computed: give more --memory, or a smaller --to or --show",
            output_bytes >> 20,
            BYTES_PER_PRINTED_VALUE + 2 * digits,
            args.memory >> 20,
            kept_bytes >> 20
        )));
    }
    if let Some(path) = &args.svg {
        crate::files::write_after_report(path, report.plot(args.to));
    }
    let out = if args.json {
        report.json(args.to)
    } else {
        report.text(args.to, shown)
    };
    if !report.stopped {
        return Ok(out);
    }
    // What was finished is printed before the error, which only says why the rest is missing.
    print!("{out}");
    let kept = match finished {
        0 => "no value was finished".to_string(),
        count => format!("the values of heaps 0 to {} are above", count - 1),
    };
    if out_of_memory {
        return Err(input_error(format!(
            "{memory_note}: {kept}; give more --memory to go further"
        )));
    }
    Err(interrupt::Interrupted(format!(
        "interrupted by {}: {kept}; the rest were not computed",
        interrupt::stopped_by()
    ))
    .into())
}

/// What `grundy sequence` found, to print as text, JSON or a plot.
struct Report<'a> {
    game: &'a HeapGame,
    /// The values computed, and past them the period that gives the rest.
    sequence: NimSequence,
    /// The heaps reported, `0..finished`: up to --to, or fewer when stopped.
    finished: usize,
    /// How many values were computed rather than copied from the period.
    computed: usize,
    /// The last heap computed unless a proof came first.
    horizon: usize,
    seconds: f64,
    stopped: bool,
    /// What stopped it, for the heading: "interrupted" or "stopped at --memory".
    why_stopped: &'static str,
}

impl Report<'_> {
    fn label(&self) -> String {
        let code = self.game.rule().to_string();
        if self.game.name() == code {
            code
        } else {
            format!("{} ({code})", self.game.name())
        }
    }

    fn periodicity(&self) -> Option<Periodicity> {
        self.sequence.periodicity
    }

    /// The value of heap `heap < finished`.
    fn value(&self, heap: usize) -> u32 {
        self.sequence.value(heap).value()
    }

    /// The values of heaps `0..count`.
    fn values(&self, count: usize) -> Vec<u32> {
        (0..count).map(|heap| self.value(heap)).collect()
    }

    /// The largest value reported: past the values computed, the period repeats some of them.
    fn largest(&self) -> u32 {
        let computed = &self.sequence.values[..self.finished.min(self.sequence.values.len())];
        computed.iter().map(|v| v.value()).max().unwrap_or(0)
    }

    /// The heading: which heaps, and why fewer than asked when stopped.
    fn heading(&self, to: usize) -> String {
        let label = self.label();
        match self.finished {
            _ if !self.stopped || self.finished == to + 1 => {
                format!("{label}: nim-values of heaps 0 to {to}")
            }
            0 => format!(
                "{label}: {} before any value (--to {to} was asked)",
                self.why_stopped
            ),
            count => format!(
                "{label}: nim-values of heaps 0 to {} ({}; --to {to} was asked)",
                count - 1,
                self.why_stopped
            ),
        }
    }

    fn plot(&self, to: usize) -> String {
        let mark = self.periodicity().map(|found| PeriodMark {
            period: found.period,
            preperiod: found.preperiod,
        });
        sequence_plot(&self.heading(to), &self.values(self.finished), mark)
    }

    fn json(&self, to: usize) -> String {
        json_line(&SequenceReport {
            schema: SCHEMA_VERSION,
            command: Command::Sequence,
            game: self.game.name().to_string(),
            code: self.game.rule().to_string(),
            to,
            values: self.values(self.finished),
            period: self.periodicity().map(|p| p.period),
            preperiod: self.periodicity().map(|p| p.preperiod),
            computed: self.computed,
            largest: self.largest(),
            interrupted: self.stopped,
            seconds: self.seconds,
        })
    }

    fn text(&self, to: usize, show: usize) -> String {
        let mut out = format!("{}\n", self.heading(to));
        let rule = self.game.rule();
        match (self.periodicity(), rule.max_taken()) {
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
            _ if rule.is_finite_octal() && self.stopped => out.push_str(&format!(
                "period     not settled: {} after {} values, and they prove no period\n",
                self.why_stopped, self.computed
            )),
            _ if rule.is_finite_octal() => out.push_str(&format!(
                "period     not settled by heap {}: no period is proven by the values computed\n",
                self.horizon
            )),
            _ => out.push_str(
                "period     not checked: the Octal Periodicity Theorem needs finitely many digits below 8 and no condition on the parts\n",
            ),
        }
        out.push_str(&format!(
            "largest    {}\ntime       {:.3} s for {} values\n",
            self.largest(),
            self.seconds,
            self.computed
        ));
        let shown = show.min(self.finished);
        let values = self.values(shown);
        for (row, chunk) in values.chunks(20).enumerate() {
            let line: Vec<String> = chunk.iter().map(u32::to_string).collect();
            out.push_str(&format!("{:>8}: {}\n", row * 20, line.join(" ")));
        }
        if shown < self.finished {
            out.push_str(&format!(
                "... {} more values (--show COUNT prints more, --json prints all)\n",
                self.finished - shown
            ));
        }
        out
    }
}
