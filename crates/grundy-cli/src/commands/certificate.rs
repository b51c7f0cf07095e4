//! Certificates: `grundy value ... --certificate FILE` writes one, `grundy verify FILE` checks
//! it. The library writes ([`grundy::games::registry::write_game_certificate`]) and checks
//! ([`grundy::certificate::check`]); this opens the files, shows progress and renders the
//! answer.

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use grundy::certificate::{check, CheckError};
use grundy::games::registry::{write_game_certificate, CertificateError};
use grundy::report::VerifyReport;
use grundy::Game;

use crate::files::WholeFile;
use crate::input::{input_error, parse_memory};
use crate::interrupt::Interrupted;
use crate::progress::{counting_bar, counting_spinner};
use crate::render::json_line;

/// Whether a certificate can be written at `path`, asked before the search whose value it
/// proves: a path that cannot be written is refused then, not after a search whose answer it
/// would cost. A temporary file is made beside the path and removed at once, so that none is
/// left behind by a search killed later; what is not a regular file (a named pipe) is not
/// opened until the certificate is written.
pub fn check_writable(path: &Path) -> Result<()> {
    match std::fs::metadata(path) {
        Ok(metadata) if metadata.is_dir() => {
            return Err(input_error(format!(
                "{}: it is a directory; give a file name for the certificate",
                cannot_write(path)
            )));
        }
        Ok(metadata) if !metadata.is_file() => return Ok(()),
        _ => {}
    }
    WholeFile::create(path)
        .map(drop)
        .with_context(|| cannot_write(path))
}

fn cannot_write(path: &Path) -> String {
    format!("cannot write the certificate {}", path.display())
}

/// Writes the certificate of `game`'s value to `path`, searching with `memory` bytes of
/// tables, and checks that it proves `answered`, the value just printed. The file appears at
/// `path` only whole ([`WholeFile`]), so a failure or Ctrl-C leaves no half certificate.
pub fn write(game: &Game, path: &Path, memory: u64, answered: Option<u32>) -> Result<()> {
    let cannot_write = || cannot_write(path);
    let mut out = BufWriter::new(WholeFile::create(path).with_context(cannot_write)?);
    let stop = crate::interrupt::stop_flag()?;
    let bar = counting_spinner("certificate: positions listed");
    let written = write_game_certificate(
        game,
        answered.map(grundy::Nimber::new),
        memory,
        &mut out,
        &mut |positions| {
            bar.set_position(positions);
            !stop.load(Ordering::Relaxed)
        },
    );
    bar.finish_and_clear();
    let summary = match written {
        Ok(summary) => summary,
        Err(error) => {
            return Err(match error {
                CertificateError::Unsupported(_) | CertificateError::TooLarge { .. } => {
                    input_error(error)
                }
                CertificateError::Stopped => anyhow::Error::new(Interrupted(format!(
                    "interrupted by {} while writing the certificate: none written (the value searched is {})",
                    crate::interrupt::stopped_by(),
                    answered.map_or_else(|| "unknown".to_string(), |value| format!("{}", grundy::Nimber::new(value)))
                ))),
                other => anyhow::Error::new(other),
            });
        }
    };
    if answered != Some(summary.value.value()) {
        bail!(
            "the certificate proves {} but the search answered {answered:?}: no certificate written",
            summary.value
        );
    }
    out.into_inner()
        .map_err(std::io::IntoInnerError::into_error)
        .and_then(WholeFile::finish)
        .with_context(cannot_write)?;
    errln!(
        "wrote {} (a certificate of {}: {} positions, {} bytes; check it with `grundy verify {}`)",
        path.display(),
        summary.value,
        summary.positions,
        summary.bytes,
        path.display()
    );
    Ok(())
}

/// Arguments of `grundy verify`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "A certificate lists positions with their claimed nim-values; each claim is \
checked one move deep by a checker that shares no code with the search (its own moves, its own \
split into parts and its own symmetries), so a verified certificate proves the value \
(docs/ENGINE.md, \"Certificates\"). Exit status: 0 verified, 1 refused (the line and the reason \
are printed), 2 not a certificate.\n\nExamples:\n  grundy value knights 5x5 --certificate \
knights-5x5.cert\n  grundy verify knights-5x5.cert\n  grundy verify knights-5x5.cert --json"
)]
pub struct Args {
    /// The certificate, as `grundy value ... --certificate FILE` wrote it.
    pub file: PathBuf,
    /// The most memory the listed positions may take (K, M, G, T suffixes; powers of 1024).
    #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = parse_memory)]
    pub memory: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A refusal: the report is printed (stdout) and the exit status is 1.
#[derive(Debug)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

/// Runs `grundy verify`.
pub fn run(args: &Args) -> Result<String> {
    let file = File::open(&args.file)
        .map_err(|error| input_error(format!("cannot read {}: {error}", args.file.display())))?;
    let stop = crate::interrupt::stop_flag()?;
    let started = Instant::now();
    let mut bar = None;
    let result = check(BufReader::new(file), args.memory, &mut |progress| {
        // While the file is read (no total yet) the check only asks whether to stop.
        if progress.total > 0 {
            let bar = bar.get_or_insert_with(|| counting_bar(progress.total, "verify"));
            bar.set_position(progress.done);
        }
        !stop.load(Ordering::Relaxed)
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let seconds = started.elapsed().as_secs_f64();
    let Some(report) = VerifyReport::of_check(&result, seconds) else {
        return Err(match result {
            Err(error @ (CheckError::Malformed { .. } | CheckError::TooLarge { .. })) => {
                input_error(format!("{}: {error}", args.file.display()))
            }
            Err(CheckError::Stopped) => anyhow::Error::new(Interrupted(format!(
                "interrupted by {}: the certificate is not verified",
                crate::interrupt::stopped_by()
            ))),
            Err(error) => anyhow::Error::new(error),
            Ok(_) => unreachable!("a verified certificate has a report"),
        });
    };
    let out = if args.json {
        json_line(&report)
    } else {
        verify_text(&report)
    };
    if report.verified {
        Ok(out)
    } else {
        Err(anyhow::Error::new(Refused(out)))
    }
}

/// The answer for people.
fn verify_text(report: &VerifyReport) -> String {
    match (report.nimber, report.refused_line, &report.reason) {
        (Some(nimber), _, _) => format!(
            "{}: verified, the empty board is worth {}\n{} positions checked one move deep ({} options) in {:.3} s\n",
            report.game,
            if nimber == 0 { "0".to_string() } else { format!("*{nimber}") },
            report.positions.unwrap_or_default(),
            report.options.unwrap_or_default(),
            report.seconds
        ),
        (None, line, reason) => format!(
            "{}: REFUSED at line {}: {}\n",
            report.game,
            line.unwrap_or_default(),
            reason.as_deref().unwrap_or_default()
        ),
    }
}
