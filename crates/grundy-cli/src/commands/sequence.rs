//! `grundy sequence`: the nim-sequence of a take-and-break game, with its period when proven.

use std::time::Instant;

use anyhow::{Context, Result};
use grundy::games::heap::{nim_sequence, HeapRuleset, SequenceObserver};
use indicatif::ProgressBar;
use serde_json::json;

use crate::input::{input_error, MAX_HEAP};
use crate::progress::counting_bar;
use crate::svg::sequence_plot;

/// Short sequences are computed at least this far, so that a period can be proven even when
/// only a few values are asked for.
const PERIOD_HORIZON: usize = 4096;

/// Values printed in the text report unless `--show` says otherwise.
const DEFAULT_SHOWN: usize = 1000;

/// Arguments of `grundy sequence`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The nim-sequence gives the nim-value of one heap of each size; a position's value is \
the nim-sum of its heaps' values. For finite octal codes the period and pre-period are proven by the \
Octal Periodicity Theorem (Guy and Smith): if g(n + p) = g(n) for e <= n < 2e + p + t, where t is the \
most tokens a move takes, the sequence repeats for ever; the computation stops there and the rest is \
copied from the period.\n\nExamples:\n  grundy sequence kayles --to 1000\n  grundy sequence 0.6 --to 1000000\n  \
grundy sequence grundys-game --to 100000 --json\n  grundy sequence 0.137 --to 200 --svg dawson.svg"
)]
pub struct Args {
    /// The game: a code such as 0.77, 0.07, 0.137, 4.7 or 0.3... (hexadecimal digits allowed), or
    /// nim, kayles, dawsons-kayles, grundys-game, laskers-nim, sub:1,2,3, treblecross,
    /// dawsons-chess.
    pub game: String,
    /// The largest heap.
    #[arg(long, default_value_t = 100)]
    pub to: usize,
    /// How many values the text report prints (all are in --json and --svg).
    #[arg(long, value_name = "COUNT")]
    pub show: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also draw the sequence as an SVG plot into this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
}

struct BarObserver(ProgressBar);

impl SequenceObserver for BarObserver {
    fn progress(&mut self, computed: usize, _total: usize) {
        self.0.set_position(computed as u64);
    }
}

/// Runs `grundy sequence`.
pub fn run(args: &Args) -> Result<String> {
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
    let bar = counting_bar(args.to as u64 + 1, &format!("{} sequence", game.name()));
    let mut observer = BarObserver(bar.clone());
    let started = Instant::now();
    let horizon = args.to.max(PERIOD_HORIZON);
    let sequence = nim_sequence(game.rule(), horizon, &mut observer);
    let seconds = started.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let values: Vec<u32> = sequence.values[..=args.to]
        .iter()
        .map(|v| v.value())
        .collect();
    let largest = values.iter().copied().max().unwrap_or(0);
    let max_taken = game.rule().max_taken();
    let computed = sequence
        .periodicity
        .map_or(horizon + 1, |found| found.computed);
    let label = if game.name() == game.rule().to_string() {
        game.name().to_string()
    } else {
        format!("{} ({})", game.name(), game.rule())
    };
    if let Some(path) = &args.svg {
        let title = format!("{label}: nim-values of heaps 0 to {}", args.to);
        std::fs::write(path, sequence_plot(&title, &values))
            .with_context(|| format!("cannot write the plot to {}", path.display()))?;
    }
    if args.json {
        let report = json!({
            "game": game.name(),
            "code": game.rule().to_string(),
            "to": args.to,
            "values": values,
            "period": sequence.periodicity.map(|p| p.period),
            "preperiod": sequence.periodicity.map(|p| p.preperiod),
            "computed": computed,
            "largest": largest,
            "seconds": seconds,
        });
        return Ok(format!("{report}\n"));
    }
    let mut out = format!("{label}: nim-values of heaps 0 to {}\n", args.to);
    match (sequence.periodicity, max_taken) {
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
        _ if game.rule().is_finite_octal() => out.push_str(&format!(
            "period     not settled by heap {horizon}: no period is proven by the values computed\n"
        )),
        _ => out.push_str(
            "period     not checked: the Octal Periodicity Theorem needs finitely many digits below 8 and no condition on the parts\n",
        ),
    }
    out.push_str(&format!(
        "largest    {largest}\ntime       {seconds:.3} s for {computed} values\n"
    ));
    let shown = args.show.unwrap_or(DEFAULT_SHOWN).min(values.len());
    for (row, chunk) in values[..shown].chunks(20).enumerate() {
        let line: Vec<String> = chunk.iter().map(u32::to_string).collect();
        out.push_str(&format!("{:>8}: {}\n", row * 20, line.join(" ")));
    }
    if shown < values.len() {
        out.push_str(&format!(
            "... {} more values (--show COUNT prints more, --json prints all)\n",
            values.len() - shown
        ));
    }
    Ok(out)
}
