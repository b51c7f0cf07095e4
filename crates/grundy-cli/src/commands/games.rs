//! `grundy games`: every game grundy knows, its rules and the lesson positions of the
//! references, as the library's registry lists them.

use anyhow::Result;

/// Arguments of `grundy games`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The games by family, with what follows each name and the commands that apply, \
then each family's rules, then the lesson positions of the references (Boone's figures and \
theorems, the take-and-break lesson's exercises, Corner the Knight), each with a command that \
shows its moves. The page (`grundy serve`) offers the same lessons in its Lesson menu, and Python \
as `grundy.lessons()`.\n\nExamples:\n  grundy games\n  grundy games | grep -A1 kayles"
)]
pub struct Args {}

/// Runs `grundy games`.
// A `Result` like every command's `run`, which `main` matches on.
#[allow(clippy::unnecessary_wraps)]
pub fn run(_args: &Args) -> Result<String> {
    Ok(grundy::games::registry::games_text())
}
