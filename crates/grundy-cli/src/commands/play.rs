//! `grundy play`: any game or sum against the library's computer in the terminal, or with
//! `--reply` the computer's move alone. The library's [`PlaySession`] plays the game: how it
//! is shown and a move typed, the game after each move, the computer's moves and the hints;
//! here lines are read and its answers printed.
//!
//! The loop ([`play_session`]) reads from any `BufRead` and writes to any `Write`, so it is
//! tested with byte buffers as well as through the binary.

use std::io::{BufRead, Write};

use anyhow::Result;
use grundy::games::play_text::reply_text;
use grundy::misere::Convention;
use grundy::report::{Command, Player};
use grundy::request::{self, Limits, NoStrategy, PlayRequest, PlaySession, RunError, Stopped};
use grundy::watch::Watch;
use grundy::Game;

use super::terminal::{next_command, Ending};
use super::RuleOptions;
use crate::input::{input_error, parse_memory, read_game, require_verb, run_error};
use crate::interrupt;
use crate::progress::Shown;
use crate::render::json_line;

/// Arguments of `grundy play`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "During the game type a square (c3, or (3,3) as row,column), `hint` for the \
winning moves, `moves` for the legal moves, `board` to draw the board again, `help`, or `quit`. \
In a game of several pieces (knights+bishops) say which piece with its letter before or after \
the square: Nc3, N c3, c3 N or B (1,1).\n\n\
--opponent symmetry plays the strategy of Boone (2016), Theorem 2.2.2, for the computer's side: \
mirror play as second player, the centre and then the half turn as first player on odd x odd \
boards (queens 4x4: the strategy of Jenrich (2014); kings on a board with a side of 4, as second \
player: the answer at the far end of the same line across that side, docs/STRATEGIES.md); in \
Cram, mirror play for the second player on a symmetric position, and the domino that makes one \
for the first. Where no symmetry strategy applies to that side and position (and for any other \
game or a sum), grundy says why and exits with status 2 before the game starts.\n\n\
Any other game or sum is played the same way: type a move as `moves` lists it (5 -> 2 + 2, \
(7, 9) -> (5, 8), a vertex's name; in a sum N: MOVE for game N). The library gives the moves, \
the game after each and the computer's reply.\n\nExamples:\n  \
grundy play knights 5x5\n  grundy play knights 6x6 --opponent symmetry\n  \
grundy play queens 7x7 --opponent random --seed 42\n  grundy play knights+bishops 5x5\n  \
grundy play knights 8x8 --reply --seconds 2\n  grundy play knights 5x5 --reply --misere\n  \
grundy play kayles 3 5 7\n  grundy play \"*3 + corner-knight 7 9\" --second\n  \
grundy play graph docs/examples/petersen.col --reply --json"
)]
pub struct Args {
    /// The game: pieces (the list: `grundy play --help`; with several joined by `+`, such as
    /// knights+bishops, any of them may be placed), or any other game or a sum.
    #[arg(long_help = grundy::games::registry::catalogue())]
    pub game: String,
    /// The board size ROWSxCOLS, for example 5x5 (for another game what follows its name:
    /// heaps, the corner piece's square, a graph's file).
    #[arg(value_name = "BOARD")]
    pub args: Vec<String>,
    /// You move first (the default).
    #[arg(long, conflicts_with = "second")]
    pub first: bool,
    /// You move second: the computer opens.
    #[arg(long)]
    pub second: bool,
    /// How the computer plays: perfect (the solver's winning moves), symmetry (a mirror
    /// strategy, where one applies) or random (legal moves at random, see --seed).
    #[arg(long, value_enum, default_value = "perfect")]
    pub opponent: Opponent,
    /// Seed for --opponent random: the same seed plays the same moves.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Memory for the solver's transposition tables (K, M, G, T suffixes).
    #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = parse_memory)]
    pub memory: u64,
    #[command(flatten)]
    pub rules: RuleOptions,
    /// Play no game: print the computer's move in --position (the empty board if none), the
    /// position it leaves and that position's nim-value, then exit. The computer plays the
    /// side to move there.
    #[arg(long, conflicts_with_all = ["first", "second"])]
    pub reply: bool,
    /// With --reply: the position the computer moves in, rows separated by `/`, row 1 first
    /// (as for `grundy value --position`).
    #[arg(long, value_name = "POSITION", requires = "reply")]
    pub position: Option<String>,
    /// With --reply: print one JSON object instead of text.
    #[arg(long, requires = "reply")]
    pub json: bool,
    /// With --reply: think at most S seconds, then play the best move found (a winning move,
    /// or of the moves not shown to lose the one leaving the most replies) and say so; the
    /// nim-value after it may then be unknown.
    #[arg(long, value_name = "S", requires = "reply", allow_negative_numbers = true,
          value_parser = parse_thinking_time)]
    pub seconds: Option<f64>,
    /// With --reply: misère play, where the player who makes the last move loses (the perfect
    /// opponent searches whole positions; no symmetry strategy survives misère play).
    #[arg(long, requires = "reply")]
    pub misere: bool,
}

/// A thinking time in seconds (the library refuses one out of its range, saying which).
pub(super) fn parse_thinking_time(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .map_err(|_| format!("`{text}` is not a number of seconds"))
}

/// The computer's strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Opponent {
    /// The solver's winning moves.
    Perfect,
    /// Mirror play where a symmetry strategy applies.
    Symmetry,
    /// Uniformly random legal moves.
    Random,
}

/// Runs `grundy play` on the terminal.
pub fn run(args: &Args) -> Result<String> {
    require_verb(&args.game, Command::Play)?;
    let words: Vec<String> = std::iter::once(args.game.clone())
        .chain(args.args.iter().cloned())
        .collect();
    let read = read_game(&words, None)?;
    if args.position.is_some() && read.is_sum() {
        return Err(input_error(format!(
            "--position is for one game on a board (a placement game, Cram); `{read}` is played from the position its words give"
        )));
    }
    let game = read
        .with_rules(args.rules.surface, args.rules.rays)
        .and_then(|game| game.with_positions(args.position.as_slice()))
        .map_err(input_error)?;
    if args.reply {
        return reply(args, game);
    }
    let human = if args.second {
        Player::Second
    } else {
        Player::First
    };
    let session = PlaySession::new(game, human, args.opponent.into(), args.seed, args.memory)
        .map_err(|refusal| no_strategy_for(human.other(), refusal))?;
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    match play_session(session, &mut stdin.lock(), &mut stdout) {
        // The reader went away (`grundy play … | head`): the game ends there, quietly, as a
        // report piped into `head` does.
        Err(error)
            if error
                .downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) => {}
        ended => {
            ended?;
        }
    }
    Ok(String::new())
}

/// `grundy play --reply`: the computer's move in `game`, for scripts and the web page, which
/// keep the game themselves.
fn reply(args: &Args, game: Game) -> Result<String> {
    let request = PlayRequest {
        game,
        graph: None,
        opponent: args.opponent.into(),
        seed: args.seed,
        limits: Limits::new(args.memory, None),
        convention: if args.misere {
            Convention::Misere
        } else {
            Convention::Normal
        },
        seconds: args.seconds,
        side: None,
    };
    let shown = Shown::new("choosing a reply");
    let watch = shown.watch()?;
    let answer = request::play(&request, &watch);
    shown.finish();
    let report = answer.map_err(|error| match error {
        RunError::Stopped(Stopped::Described(done)) => {
            interrupt::Interrupted(format!("interrupted: {done}")).into()
        }
        other => run_error(other),
    })?;
    if args.json {
        return Ok(json_line(&report));
    }
    Ok(reply_text(&report))
}

impl From<Opponent> for grundy::request::Opponent {
    fn from(opponent: Opponent) -> grundy::request::Opponent {
        match opponent {
            Opponent::Perfect => grundy::request::Opponent::Perfect,
            Opponent::Symmetry => grundy::request::Opponent::Symmetry,
            Opponent::Random => grundy::request::Opponent::Random,
        }
    }
}

/// The symmetry opponent's refusal of `side`, with what to try: the other side, by its flag.
fn no_strategy_for(side: Player, refusal: NoStrategy) -> anyhow::Error {
    let (flag, other) = match side {
        Player::First => ("--first", "you play first"),
        Player::Second => ("--second", "you play second"),
    };
    input_error(refusal.refusal(
        side.other(),
        &format!(": try `{flag}` ({other}, the computer plays the other side)"),
        ": try --opponent perfect",
    ))
}

/// Plays `session` with the person at `input`/`output`: the library plays the computer's
/// moves and answers each line; the session ends when a player cannot move, on `quit`, or at
/// the end of the input.
pub fn play_session(
    mut session: PlaySession,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<Ending> {
    write!(output, "{}", session.opening())?;
    loop {
        write!(output, "{}", shown(|watch| session.computer_moves(watch))?)?;
        if let Some(winner) = session.winner() {
            output.flush()?;
            return Ok(Ending::Won(winner));
        }
        let Some(line) = next_command(input, output)? else {
            return Ok(Ending::Quit);
        };
        write!(output, "{}", shown(|watch| session.answer(&line, watch))?)?;
    }
}

/// What `work` answers, its searches' progress shown (Ctrl-C ends the game at once).
fn shown(work: impl FnOnce(&Watch) -> Result<String, RunError>) -> Result<String> {
    let shown = Shown::new("thinking");
    let answer = work(&shown.watch_without_stop());
    shown.finish();
    answer.map_err(run_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(text: &str, human: Player, opponent: Opponent) -> Result<PlaySession> {
        PlaySession::new(text.parse().unwrap(), human, opponent.into(), 3, 1 << 22)
            .map_err(|refusal| no_strategy_for(human.other(), refusal))
    }

    #[test]
    fn long_lines_are_refused_and_binary_input_stops_the_game() {
        let long = format!("{}\nquit\n", "a".repeat(5000));
        let mut output = Vec::new();
        let knights = session("knights 3x3", Player::First, Opponent::Perfect).unwrap();
        let ending = play_session(knights.clone(), &mut long.as_bytes(), &mut output).unwrap();
        assert_eq!(ending, Ending::Quit);
        let shown = String::from_utf8(output).unwrap();
        assert!(shown.contains("longer than 1024 bytes"), "{shown}");
        assert!(shown.ends_with("your move> game abandoned\n"), "{shown}");
        let zeros = vec![0u8; 1 << 20];
        let error = play_session(knights, &mut zeros.as_slice(), &mut Vec::new()).unwrap_err();
        assert!(error.to_string().contains("NUL byte"), "{error}");
    }

    #[test]
    fn a_game_is_played_to_its_end_and_the_winner_returned() {
        // No knight move fits in 2x2: the second player places the last of four.
        let typed = "a1\nb1\na2\nb2\n".repeat(2);
        let mut output = Vec::new();
        let knights = session("knights 2x2", Player::First, Opponent::Perfect).unwrap();
        let ending = play_session(knights, &mut typed.as_bytes(), &mut output).unwrap();
        assert_eq!(ending, Ending::Won(Player::Second));
        let shown = String::from_utf8(output).unwrap();
        assert!(
            shown.ends_with("the computer wins (perfect play).\n"),
            "{shown}"
        );
    }

    #[test]
    fn symmetry_is_refused_for_a_side_without_a_strategy_saying_what_to_try() {
        let error = session("knights 3x3", Player::First, Opponent::Symmetry)
            .err()
            .unwrap();
        assert!(error.is::<crate::input::InputError>());
        let message = error.to_string();
        assert!(message.contains("computer as second player"), "{message}");
        assert!(message.contains("try `--second`"), "{message}");
        // Kings on an even board without a side of 4: no mirror, no centre, no answer in a line.
        let error = session("kings 6x6", Player::First, Opponent::Symmetry)
            .err()
            .unwrap();
        assert!(error.to_string().contains("neither player"), "{error}");
        assert!(session("knights 3x3", Player::Second, Opponent::Symmetry).is_ok());
    }
}
