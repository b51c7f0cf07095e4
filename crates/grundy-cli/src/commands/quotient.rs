//! `grundy quotient`: the misère quotient of a take-and-break game, from the library's
//! quotient request, printed as text or JSON.

use anyhow::Result;
use grundy::games::registry::games_for;
use grundy::report::QuotientReport;
use grundy::request::{quotient_game, QuotientRequest, RunError, Stopped, MAX_QUOTIENT_HEAPS};

use crate::input::{input_error, run_error};
use crate::interrupt;
use crate::progress::Shown;
use crate::render::json_line;

/// Arguments of `grundy quotient`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Under misère play (the last player to move loses) heap values do not add. The \
misère quotient (Plambeck and Siegel) is the commutative monoid of the sums of heaps up to N, two \
sums being equal when no third sum tells them apart; with it, who wins any sum of those heaps is \
one product per heap. grundy builds it heap by heap, verifies it against every sum's outcome, and \
for finite octal games proves a period of the heaps' elements when there is one: then it is the \
quotient of the whole game. A quotient past 100,000 elements is reported as far as it was finished. \
docs/MISERE.md explains it.\n\nExamples:\n  grundy quotient 0.77\n  grundy quotient kayles --heaps 1-100\n  \
grundy quotient 0.07 --heaps 30 --json\n  grundy quotient nim --heaps 7"
)]
pub struct Args {
    /// The heap game: a code such as 0.77 or 0.137, or a name (the list: `grundy quotient --help`).
    #[arg(long_help = games_for(grundy::report::Command::Quotient))]
    pub game: String,
    /// The heaps: 1-N or N, the quotient of the sums of heaps of 1 to N tokens.
    #[arg(long, value_name = "1-N", default_value = "1-40")]
    pub heaps: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The largest heap of `--heaps`: `1-N` or `N`.
fn largest_heap(text: &str) -> Result<usize> {
    let bad = || {
        input_error(format!(
            "--heaps `{text}`: expected 1-N or N, the largest heap from 1 to {MAX_QUOTIENT_HEAPS}"
        ))
    };
    let last = match text.trim().split_once('-') {
        Some((first, last)) if first.trim() == "1" => last,
        Some(_) => return Err(bad()),
        None => text,
    };
    let heaps: usize = last.trim().parse().map_err(|_| bad())?;
    if !(1..=MAX_QUOTIENT_HEAPS).contains(&heaps) {
        return Err(bad());
    }
    Ok(heaps)
}

/// Runs `grundy quotient`.
pub fn run(args: &Args) -> Result<String> {
    let request = QuotientRequest {
        game: quotient_game(&args.game).map_err(input_error)?,
        heaps: largest_heap(&args.heaps)?,
    };
    let shown = Shown::new("quotient");
    let watch = shown.watch()?;
    let answer = grundy::request::quotient(&request, &watch);
    shown.finish();
    let (report, interrupted) = match answer {
        Ok(report) => (report, false),
        Err(RunError::Stopped(Stopped::Quotient(report))) => (*report, true),
        Err(error) => return Err(run_error(error)),
    };
    let out = if args.json {
        json_line(&report)
    } else {
        text(&report)
    };
    if interrupted {
        out!("{out}");
        return Err(interrupt::Interrupted(format!(
            "interrupted by {}: the quotient of heaps up to {} is above",
            interrupt::stopped_by(),
            report.heaps
        ))
        .into());
    }
    if let Some(why) = &report.stopped_by {
        // The heaps finished are an answer: printed before the refusal of the rest.
        out!("{out}");
        return Err(input_error(format!(
            "{why}; the quotient of heaps up to {} is above",
            report.heaps
        )));
    }
    Ok(out)
}

/// The quotient as text: order, generators, relations, P-portion, each heap's element, and
/// how far it is proven.
fn text(report: &QuotientReport) -> String {
    let label = if report.game == report.code {
        report.code.clone()
    } else {
        format!("{} ({})", report.game, report.code)
    };
    let mut out = format!(
        "{label}: misère quotient of the sums of heaps 1 to {}\n",
        report.heaps
    );
    out.push_str(&format!(
        "order      {} ({} in the P-portion)\n",
        report.order,
        report.p_portion.len()
    ));
    let generators: Vec<String> = report
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    out.push_str(&format!("generators {}\n", generators.join(", ")));
    out.push_str(&format!("relations  {}\n", report.relations.join(", ")));
    out.push_str(&format!("P-portion  {}\n", report.p_portion.join(", ")));
    match (report.period, report.preperiod) {
        (Some(period), Some(preperiod)) => out.push_str(&format!(
            "proven     the heaps' elements have period {period} from heap {preperiod} (misère periodicity theorem): this is the quotient of the whole game\n"
        )),
        _ => out.push_str(&format!(
            "stable     from heap {} to {} (no period proven: heaps past {} may change it)\n",
            report.stable_from, report.heaps, report.heaps
        )),
    }
    let shown = report.heap_words.len().min(60);
    out.push_str("heaps\n");
    for (row, chunk) in report.heap_words[..shown].chunks(10).enumerate() {
        let cells: Vec<String> = chunk
            .iter()
            .enumerate()
            .map(|(i, word)| format!("{:>3} {word:<6}", row * 10 + i + 1))
            .collect();
        out.push_str(&format!("  {}\n", cells.join(" ").trim_end()));
    }
    if shown < report.heap_words.len() {
        out.push_str(&format!(
            "  ... {} more heaps (--json lists them all)\n",
            report.heap_words.len() - shown
        ));
    }
    out.push_str(&format!("time       {:.3} s\n", report.seconds));
    out
}
