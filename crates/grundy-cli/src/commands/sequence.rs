//! `grundy sequence`: the nim-sequence of a take-and-break game, with its period when proven.
//! The library's sequence request computes it; this module reads the options and prints it as
//! text, JSON or a plot.

use anyhow::Result;
use grundy::request::{
    sequence_game, Limits, RunError, SequenceRequest, Stopped, BYTES_PER_PRINTED_VALUE,
    DEFAULT_SEQUENCE_TO, MAX_SEQUENCE_HEAP,
};

use super::sequence_window::LastHeap;
use crate::input::{input_error, parse_memory, run_error};
use crate::interrupt;
use crate::progress::Shown;
use crate::render::json_line;
use grundy::games::registry::games_for;
use grundy::misere::Convention;

/// Arguments of `grundy sequence`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The nim-sequence gives the nim-value of one heap of each size; a position's value is \
the nim-sum of its heaps' values. For finite octal codes the period and pre-period are proven by the \
Octal Periodicity Theorem (Guy and Smith): if g(n + p) = g(n) for e <= n < 2e + p + t, where t is the \
most tokens a move takes, the sequence repeats for ever; the computation stops there and the rest is \
copied from the period. Codes with a repeating digit or a digit of 8 or more are computed by trying every \
move, only to --to, and refused when that is too much work; Nim (0.3...) needs no moves tried, its values \
being its heaps. The report gives the largest value and \
where it first appears, and the rare values: how many heaps have a value in the rarer class of the \
sparse-space method's mask, and the last of them (in most octal games they die out early). Ctrl-C \
stops the computation, prints the values finished and exits with status 130. With --window (or \
--checkpoint) only the first and the last HEAPS values are kept, so memory stays bounded whatever --to, \
for games whose rare values all lie in the first HEAPS heaps: 0.6 (Officers), whose last rare heap is \
20,627, or 0.161; a game whose rare values go on stops with an error at its first rare heap past the \
window (0.167 at heap 332,129,728), having reported the heaps before it.\n\nExamples:\n  \
grundy sequence kayles --to 1000\n  grundy sequence 0.6 --to 1000000\n  \
grundy sequence 0.6 --to 1073741824 --show 0 --memory 5G\n  \
grundy sequence 0.6 --to 68719476736 --window 4194304 --checkpoint officers.ckpt\n  \
grundy sequence 0.167 --to 1000000 --window 4096 --checkpoint run.ckpt && grundy sequence 0.167 --checkpoint run.ckpt\n  \
grundy sequence 0.6 --to 100000000 --window 1048576 --json\n  \
grundy sequence grundys-game --to 100000 --json\n  grundy sequence 0.137 --to 200 --svg dawson.svg\n  grundy sequence 0.312 --to 12 --misere"
)]
pub struct Args {
    /// The heap game: a code such as 0.77 or 0.137, or a name (the list: `grundy sequence --help`).
    #[arg(long_help = games_for(grundy::report::Command::Sequence))]
    pub game: String,
    /// The largest heap (default 100). With --checkpoint FILE and no --to, the last heap FILE
    /// holds: the report of the run kept there, with nothing more computed.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = parse_largest_heap)]
    pub to: Option<usize>,
    /// How many values the text report prints (all are in --json and --svg).
    #[arg(long, value_name = "COUNT")]
    pub show: Option<usize>,
    /// Memory for the values (K, M, G, T suffixes; powers of 1024): the heaps computed before
    /// a period is proven take 4 bytes each (--to 1073741824, 2^30, needs --memory 5G), and
    /// the values printed (with --json, all of them) their text. A computation that would need more stops, keeping the values
    /// finished; output that would need more is refused before it is made. With --window, a
    /// window that needs more than 12 bytes a heap of it and 3.2 MiB allows is refused.
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_memory)]
    pub memory: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also draw the sequence as an SVG plot into this file (zeros in red, the periodic part
    /// shaded).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Misère play too: the genus of each heap (Conway's g^γ₀γ₁…; the heap alone is a misère
    /// second-player win when γ₀ is 0), as far as a search of 5 million positions reaches.
    #[arg(long)]
    pub misere: bool,
    /// Compute with the first HEAPS values and the last HEAPS only (about 12 bytes each and
    /// up to 3.2 MiB, whatever --to, within --memory; default 262144 with --checkpoint), for
    /// games whose rare values are all
    /// in the first HEAPS (0.6): the report gives the largest value, the rare values, the count
    /// of each value at every power of two and the last values, not every value. A heap that
    /// needs more (a new rare value) stops the run with an error saying what to raise.
    #[arg(long, value_name = "HEAPS")]
    pub window: Option<usize>,
    /// With a window: keep the state in FILE (a few MB) every minute, at the end and on Ctrl-C,
    /// and resume from it when it exists. A file that is not such a checkpoint of this game is
    /// refused, and so is a second run on a FILE another run holds (its lock is FILE.lock).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Threads for --window or --checkpoint (default: one per core). With two or more, a
    /// second thread marks the pairs of the rare heaps for the heaps ahead while the heaps
    /// before them are computed, about 1.6 times as fast on 0.6; more than two are not used.
    /// The whole sequence (no window) is computed on one thread whatever this says.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
}

/// Runs `grundy sequence`.
pub fn run(args: &Args) -> Result<String> {
    let windowed = args.window.is_some() || args.checkpoint.is_some();
    if windowed && args.svg.is_some() {
        return Err(input_error(
            "--window and --checkpoint keep the first and the last values only, and --svg draws every value: leave out --svg",
        ));
    }
    let request = SequenceRequest {
        game: sequence_game(&args.game).map_err(input_error)?,
        to: args.to.unwrap_or(DEFAULT_SEQUENCE_TO),
        show: args.show,
        window: args.window,
        limits: Limits::new(args.memory, args.threads.map(|threads| threads as usize)),
        convention: if args.misere {
            Convention::Misere
        } else {
            Convention::Normal
        },
    };
    if windowed {
        let checkpoint = args.checkpoint.as_deref();
        let holds = if args.to.is_none() {
            LastHeap::TheCheckpoints
        } else {
            LastHeap::Asked
        };
        return super::sequence_window::run(&request, holds, checkpoint, args.json);
    }
    // The JSON lists every value: bounded as every front end's answer is, before the work.
    if args.json {
        grundy::Request::Sequence(request.clone())
            .check_answer_room()
            .map_err(run_error)?;
    }
    let shown = Shown::new("sequence");
    let watch = shown.watch()?;
    let answer = grundy::request::sequence(&request, &watch);
    shown.finish();
    // A stop by the memory comes with the note saying how far it held.
    let (answer, memory_note) = match answer {
        Ok(answer) => (answer, None),
        Err(RunError::Stopped(Stopped::Sequence(answer))) => (*answer, None),
        Err(RunError::OutOfMemory { message, kept }) => match *kept {
            Stopped::Sequence(answer) => (*answer, Some(message)),
            _ => unreachable!("a sequence keeps its values"),
        },
        Err(error) => return Err(run_error(error)),
    };
    // What stopped it, for the heading.
    let why_stopped = if memory_note.is_some() {
        "stopped at --memory"
    } else {
        "interrupted"
    };
    let finished = answer.finished;
    // The values printed are made only now: refused first if their text would not fit.
    if args.json {
        grundy::request::check_written_size(&answer, &request.limits, answer.held_bytes())
            .map_err(|error| match &memory_note {
                Some(note) => input_error(format!("{note}: give more --memory to go further")),
                None => run_error(error),
            })?;
    }
    let shown = request.shown().min(finished);
    let printed = if args.json { 0 } else { shown } as u64
        + if args.svg.is_some() {
            finished as u64
        } else {
            0
        };
    let digits = u64::from(answer.largest().checked_ilog10().unwrap_or(0)) + 2;
    let output_bytes = printed * (BYTES_PER_PRINTED_VALUE + 2 * digits);
    let kept_bytes = answer.held_bytes();
    if kept_bytes + output_bytes > args.memory {
        if let Some(note) = &memory_note {
            return Err(input_error(format!(
                "{note}: give more --memory to go further"
            )));
        }
        let what = if args.svg.is_some() {
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
        let plot = grundy::picture::sequence(&answer, &answer.heading(why_stopped));
        crate::files::write_after_report(path, plot);
    }
    let out = if args.json {
        json_line(&answer)
    } else {
        answer.text(why_stopped, shown)
    };
    if !answer.stopped {
        return Ok(out);
    }
    // What was finished is printed before the error, which only says why the rest is missing.
    out!("{out}");
    let values = match finished {
        0 => "no value was finished".to_string(),
        count => format!("the values of heaps 0 to {} are above", count - 1),
    };
    // Under misère play the values are found first, then each heap's genus.
    let kept = format!("{values}{}", answer.genera_reached());
    if let Some(note) = memory_note {
        return Err(input_error(format!(
            "{note}: {kept}; give more --memory to go further"
        )));
    }
    Err(interrupt::Interrupted(format!(
        "interrupted by {}: {kept}; the rest were not computed",
        interrupt::stopped_by()
    ))
    .into())
}

/// `--to N`: a whole number of tokens. A number past any heap grundy takes, or negative, is
/// named with the limit, as a number that fits is by the request.
fn parse_largest_heap(text: &str) -> Result<usize, String> {
    let digits = text.trim();
    if !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return digits.parse::<usize>().map_err(|_| {
            format!("`{text}` is too large: the largest heap is at most {MAX_SEQUENCE_HEAP}")
        });
    }
    Err(format!(
        "`{text}`: expected the largest heap, a whole number from 0 to {MAX_SEQUENCE_HEAP}"
    ))
}
