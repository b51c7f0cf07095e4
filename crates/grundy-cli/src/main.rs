//! `grundy`: nim-values, outcomes, winning moves and tables of impartial games from the terminal.

#[macro_use]
mod console;
mod commands;
mod files;
mod input;
mod interrupt;
mod progress;
mod render;
mod serve;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Analyse and play impartial combinatorial games: who wins, the nim-value, the winning moves.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The nim-value and outcome of a game (the empty board, or --position).
    Value(commands::value::Args),
    /// Who wins (N or P) by an outcome search, and a winning move; faster than the nim-value.
    Outcome(commands::outcome::Args),
    /// The winning moves of a game (--all: every legal move and the nim-value it leads to).
    Moves(commands::moves::Args),
    /// A table of empty-board nim-values over ranges of board sizes.
    Table(commands::table::Args),
    /// Times the solver on the benchmark boards and reports positions searched.
    Bench(commands::bench::Args),
    /// The nim-sequence of a take-and-break game, with its period when proven.
    Sequence(commands::sequence::Args),
    /// The misère quotient of a take-and-break game: order, presentation, P-portion, heaps.
    Quotient(commands::quotient::Args),
    /// Checks the theorems about a corner game on every position of a large square.
    Check(commands::check::Args),
    /// Checks a certificate of a value (`value ... --certificate FILE`) without the search.
    Verify(commands::certificate::Args),
    /// Knight's tours: find one (`tour 8x8`), `tour exists`, `tour verify`, `tour count`.
    Tour(commands::tour::Args),
    /// An attack graph's facts: degrees, components, independence and domination numbers,
    /// and its terminal positions (maximal independent sets) counted by size.
    Graph(commands::graph::Args),
    /// Tests a conjecture on a range of boards: `conjecture parity knights 3x3..8x8`.
    Conjecture(commands::conjecture::Args),
    /// Play a placement game against the computer: `play knights 5x5 --opponent perfect`.
    Play(commands::play::Args),
    /// Every game grundy knows, its rules, and lesson positions from the references.
    Games(commands::games::Args),
    /// A local web page to play and explore the games: `serve --open`.
    Serve(serve::Args),
    /// Answers one request read as JSON on stdin (`{"question":"value","game":"knights 5x5"}`).
    Worker(commands::worker::Args),
}

impl Command {
    /// Reads a game quoted as one argument (`grundy value "knights 5x5"`) as if it were typed
    /// unquoted, for every command that takes a game.
    fn unquote_game(&mut self) -> anyhow::Result<()> {
        use commands::{unquote_game, unquote_game_alone};
        match self {
            Command::Graph(args) => unquote_game(&mut args.game, &mut args.args),
            Command::Play(args) => unquote_game(&mut args.game, &mut args.args),
            Command::Conjecture(args) => match &mut args.conjecture {
                commands::conjecture::Conjecture::Parity(parity) => {
                    unquote_game(&mut parity.piece, &mut parity.boards);
                }
            },
            Command::Sequence(args) => unquote_game_alone(&mut args.game, "sequence")?,
            Command::Quotient(args) => unquote_game_alone(&mut args.game, "quotient")?,
            Command::Check(args) => unquote_game_alone(&mut args.game, "check")?,
            // A table's game is read whole by the library, its surface and ray rule words
            // included (`"knights torus"`), as a request's is.
            Command::Table(_)
            | Command::Value(_)
            | Command::Outcome(_)
            | Command::Moves(_)
            | Command::Bench(_)
            | Command::Verify(_)
            | Command::Games(_)
            | Command::Tour(_)
            | Command::Serve(_)
            | Command::Worker(_) => {}
        }
        Ok(())
    }
}

fn main() -> ExitCode {
    let mut cli = Cli::parse();
    let result = match cli.command.unquote_game() {
        Ok(()) => run(cli.command),
        Err(error) => Err(error),
    };
    report(result)
}

/// Runs the command.
fn run(command: Command) -> anyhow::Result<String> {
    match command {
        Command::Value(args) => commands::value::run(&args),
        Command::Moves(args) => commands::moves::run(&args),
        Command::Outcome(args) => commands::outcome::run(&args),
        Command::Table(args) => commands::table::run(&args),
        Command::Bench(args) => commands::bench::run(&args),
        Command::Sequence(args) => commands::sequence::run(&args),
        Command::Quotient(args) => commands::quotient::run(&args),
        Command::Check(args) => commands::check::run(&args),
        Command::Verify(args) => commands::certificate::run(&args),
        Command::Tour(args) => commands::tour::run(&args),
        Command::Graph(args) => commands::graph::run(&args),
        Command::Conjecture(args) => commands::conjecture::run(&args),
        Command::Play(args) => commands::play::run(&args),
        Command::Games(args) => commands::games::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Worker(args) => commands::worker::run(&args),
    }
}

/// Prints the report or the error, and gives the exit status.
fn report(result: anyhow::Result<String>) -> ExitCode {
    match result {
        Ok(report) => {
            // The whole report is written at once, so a failure leaves nothing half-written.
            let mut stdout = std::io::stdout().lock();
            match stdout
                .write_all(report.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => {}
                Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {}
                Err(error) => {
                    errln!("error: cannot write the output: {error}");
                    return ExitCode::FAILURE;
                }
            }
            match files::write_pending(&mut std::io::stderr()) {
                Ok(()) if console::write_failed() => ExitCode::FAILURE,
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    errln!("error: {error:#}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(error) if error.is::<commands::certificate::Refused>() => {
            // A refused certificate is an answer: its report goes to stdout, exit status 1.
            out!("{error}");
            ExitCode::FAILURE
        }
        Err(error) if error.is::<commands::tour::NegativeAnswer>() => {
            // A "no" is an answer, not a failure: it goes to stdout, with exit status 1.
            out!("{error}");
            ExitCode::FAILURE
        }
        Err(error) if error.is::<interrupt::Interrupted>() => {
            errln!("{error}");
            ExitCode::from(interrupt::INTERRUPTED_STATUS)
        }
        Err(error) => {
            errln!("error: {}", console::shorten_quoted(&format!("{error:#}")));
            if error.is::<input::InputError>() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;
    use grundy::report::Command as Question;

    use super::Cli;

    /// Every command of the library's one list is a command of the command line (`tour
    /// exists` is `exists` under `tour`), and the command line adds none but its server's
    /// two (`serve`, `worker`), which answer the same questions for others, and `games`, which
    /// lists the registry's games and asks no question of one.
    #[test]
    fn the_command_line_takes_every_command_of_the_librarys_list_and_no_other() {
        let cli = Cli::command();
        for question in Question::ALL {
            let mut words = question.name().split(' ');
            let first = words.next().unwrap_or_default();
            let mut found = cli
                .find_subcommand(first)
                .unwrap_or_else(|| panic!("`grundy {first}` is missing"));
            for word in words {
                found = found
                    .find_subcommand(word)
                    .unwrap_or_else(|| panic!("`grundy {question}` is missing"));
            }
        }
        let listed: Vec<&str> = Question::ALL
            .iter()
            .filter_map(|question| question.name().split(' ').next())
            .collect();
        for subcommand in cli.get_subcommands() {
            let name = subcommand.get_name();
            assert!(
                listed.contains(&name) || ["serve", "worker", "games"].contains(&name),
                "`grundy {name}` is in no list of the library's"
            );
        }
    }
}
