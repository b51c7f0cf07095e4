//! `grundy play`: any game or sum against the library's computer in the terminal, or with
//! `--reply` the computer's move alone. The library gives everything: how the game is shown
//! and a move typed ([`play_view`]), the game after each move, the computer's move and the
//! hints; the session only reads lines and prints answers.
//!
//! The loop ([`play_session`]) reads from any `BufRead` and writes to any `Write`, so it is
//! tested with byte buffers as well as through the binary.

use std::io::{BufRead, Write};

use anyhow::Result;
use grundy::games::play_text::{hint_text, play_view, reply_text, PlayView};
use grundy::misere::Convention;
use grundy::report::{Command, Player};
use grundy::request::{
    self, ComputerTurn, Limits, MovesRequest, NoStrategy, PlayRequest, RunError, Stopped,
};
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
player: the answer at the far end of the same line across that side, docs/STRATEGIES.md). Where no symmetry strategy applies to that \
side and board, grundy says why and exits with status 2 before the game starts.\n\n\
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
            "--position is for placement games; `{read}` is played from the position its words give"
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
    let computer = Computer::new(&game, args.opponent, args.seed, args.memory, human.other())?;
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    play_session(game, human, &computer, &mut stdin.lock(), &mut stdout)?;
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

/// The computer a person plays against: how it plays, from which seed, with how much memory,
/// and the name of its play, said when the game starts and ends.
pub struct Computer {
    opponent: request::Opponent,
    seed: u64,
    memory: u64,
    name: String,
}

impl Computer {
    /// The computer of the kind `opponent` for `side` in `game`, or an input error saying why
    /// the symmetry opponent has no strategy for that side (and what to try).
    fn new(
        game: &Game,
        opponent: Opponent,
        seed: u64,
        memory: u64,
        side: Player,
    ) -> Result<Computer> {
        let opponent = opponent.into();
        let name = request::computer_name(game, opponent, side).map_err(
            |NoStrategy {
                 why,
                 other_side_has_one,
             }| {
                let (flag, other) = match side {
                    Player::First => ("--first", "you play first"),
                    Player::Second => ("--second", "you play second"),
                };
                let hint = if other_side_has_one {
                    format!(
                        "the {} player has one: try `{flag}` ({other}, the computer plays the other side)",
                        side.other()
                    )
                } else {
                    "neither player has one here: try --opponent perfect".to_string()
                };
                input_error(format!("{why}; {hint}"))
            },
        )?;
        Ok(Computer {
            opponent,
            seed,
            memory,
            name,
        })
    }

    /// The computer's move in `game`, its `ply`-th of the game (the seed moves on with it).
    fn turn(&self, game: &Game, ply: u64) -> Result<ComputerTurn> {
        let asked = PlayRequest {
            game: game.clone(),
            graph: None,
            opponent: self.opponent,
            seed: self.seed.wrapping_add(ply),
            limits: Limits::new(self.memory, None),
            convention: Convention::Normal,
            seconds: None,
        };
        request::computer_turn(&asked, &Watch::new()).map_err(run_error)
    }

    /// The answer to `hint` in `game`, shown as `view`: the library's winning moves, searched
    /// for as long as the view gives a hint (half the memory: the computer has the other half).
    fn hint(&self, game: &Game, view: &dyn PlayView) -> Result<String> {
        let seconds = view.hint_seconds();
        let asked = MovesRequest {
            seconds,
            ..MovesRequest::new(game.clone(), Limits::new(self.memory / 2, None))
        };
        let shown = Shown::new("hint");
        let report = request::moves(&asked, &shown.watch_without_stop());
        shown.finish();
        Ok(hint_text(view, game, &report.map_err(run_error)?, seconds))
    }
}

/// Plays `game` between the person at `input`/`output`, as `human`, and `computer`; the game is
/// shown after every move. A line that is not a legal move or a command is answered and asked
/// again; the session ends when a player cannot move, on `quit`, or at the end of the input.
pub fn play_session(
    mut game: Game,
    human: Player,
    computer: &Computer,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<Ending> {
    let view = play_view(&game);
    writeln!(
        output,
        "{}: you play {human}, the computer plays {} with {}.",
        view.title(),
        human.other(),
        computer.name
    )?;
    write!(output, "{}{}", view.rules(), view.drawing())?;
    let (mut to_move, mut ply) = (Player::First, 0u64);
    loop {
        let view = play_view(&game);
        if view.is_over() {
            if to_move == human {
                writeln!(
                    output,
                    "You have no move left: the computer wins ({}).",
                    computer.name
                )?;
            } else {
                writeln!(output, "The computer has no move left: you win!")?;
            }
            output.flush()?;
            return Ok(Ending::Won(to_move.other()));
        }
        if to_move == human {
            let Some(line) = next_command(input, output)? else {
                return Ok(Ending::Quit);
            };
            match line.to_ascii_lowercase().as_str() {
                "" => continue,
                "help" | "?" => write!(output, "{}", view.help())?,
                "board" => write!(output, "{}", view.drawing())?,
                "moves" => writeln!(output, "{}", view.legal_moves())?,
                "hint" => writeln!(output, "{}", computer.hint(&game, view.as_ref())?)?,
                _ => match view.name_move(&line) {
                    Err(why) => writeln!(output, "{why}")?,
                    Ok(named) => {
                        game = game.play(&line).map_err(input_error)?;
                        writeln!(output, "you play {named}")?;
                        write!(output, "{}", play_view(&game).drawing())?;
                        (to_move, ply) = (to_move.other(), ply + 1);
                    }
                },
            }
            continue;
        }
        let ComputerTurn {
            typed,
            played_by,
            after,
        } = computer.turn(&game, ply)?;
        // The strategy named when the game started is not said again with each move.
        let by = if played_by == computer.name {
            String::new()
        } else {
            format!(" ({played_by})")
        };
        let named = view.name_move(&typed).unwrap_or(typed);
        writeln!(output, "computer plays {named}{by}")?;
        game = after;
        write!(output, "{}", play_view(&game).drawing())?;
        (to_move, ply) = (to_move.other(), ply + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn computer(text: &str, opponent: Opponent, side: Player) -> Result<Computer> {
        Computer::new(&text.parse().unwrap(), opponent, 3, 1 << 22, side)
    }

    fn session(text: &str, human: Player, opponent: Opponent, typed: &str) -> (Ending, String) {
        let mut output = Vec::new();
        let computer = computer(text, opponent, human.other()).unwrap();
        let game: Game = text.parse().unwrap();
        let ending =
            play_session(game, human, &computer, &mut typed.as_bytes(), &mut output).unwrap();
        (ending, String::from_utf8(output).unwrap())
    }

    /// What a person types who plays `human` in `text` against `opponent` and each time takes
    /// the first winning move if there is one, else the first move listed, found by asking
    /// the library as the session will; each move after `ask` (commands, one a line).
    fn first_moves_typed(text: &str, human: Player, opponent: Opponent, ask: &str) -> String {
        let mut game: Game = text.parse().unwrap();
        let computer = computer(text, opponent, human.other()).unwrap();
        let mut typed = String::new();
        for ply in 0.. {
            let asked = MovesRequest {
                all: true,
                ..MovesRequest::new(game.clone(), Limits::new(1 << 22, None))
            };
            let moves = request::moves(&asked, &Watch::new())
                .unwrap()
                .listed
                .moves
                .unwrap_or_default();
            if moves.is_empty() {
                break;
            }
            if (ply % 2 == 0) == (human == Player::First) {
                let chosen = moves.iter().find(|m| m.wins()).unwrap_or(&moves[0]);
                let chosen = grundy::games::play_text::typed_form(&game, chosen);
                typed.push_str(&format!("{ask}{chosen}\n"));
                game = game.play(&chosen).unwrap();
            } else {
                game = computer.turn(&game, ply).unwrap().after;
            }
        }
        typed
    }

    /// A whole game, the person taking the first winning move the library lists (else the
    /// first move) after the commands `ask`: who won, and what the session said.
    fn whole_game(text: &str, human: Player, opponent: Opponent, ask: &str) -> (Player, String) {
        let typed = first_moves_typed(text, human, opponent, ask);
        let (ending, shown) = session(text, human, opponent, &typed);
        assert!(!shown.contains("not a legal move"), "{shown}");
        let Ending::Won(winner) = ending else {
            panic!("{shown}")
        };
        let said = if winner == human {
            "you win!"
        } else {
            "the computer wins ("
        };
        assert!(shown.contains(said), "{shown}");
        (winner, shown)
    }

    #[test]
    fn whole_games_end_with_the_winner_said() {
        use Player::{First, Second};
        // Kayles 3 5 is *7: the computer, first, takes it to 0 and wins.
        let (winner, shown) = whole_game("kayles 3 5", Second, Opponent::Perfect, "moves\nhint\n");
        assert_eq!(winner, First, "{shown}");
        for said in [
            "kayles 3 5: you play second, the computer plays first with perfect play.\n",
            "computer plays 5 -> 3\n",
            "legal moves: 3 -> 2, ",
            "no winning move",
        ] {
            assert!(shown.contains(said), "{said}: {shown}");
        }
        let sum = "*3 + corner-knight 3 4 + kayles 2";
        assert_eq!(whole_game(sum, First, Opponent::Random, "").0, First);
        // Bishops and knights on 3x3 is *3: the first player wins.
        for human in [First, Second] {
            let ask = "hint\nmoves\n";
            let (winner, shown) = whole_game("knights+bishops 3x3", human, Opponent::Perfect, ask);
            assert_eq!(winner, First, "{shown}");
            assert!(shown.contains("legal moves: B or N on any of"), "{shown}");
        }
        let (winner, shown) = whole_game("queens 4x4", First, Opponent::Perfect, "hint\n");
        assert_eq!(winner, First, "{shown}");
        assert!(
            shown.contains("winning moves: a1 (1,1), d1 (1,4)"),
            "{shown}"
        );
        // No knight move fits in 2x2: the second player places the last of four.
        let (winner, shown) = whole_game("knights 2x2", First, Opponent::Perfect, "");
        assert_eq!(winner, Second, "{shown}");
        assert_eq!(shown.matches("\ncomputer plays ").count(), 2, "{shown}");
    }

    #[test]
    fn long_lines_are_refused_and_binary_input_stops_the_game() {
        let long = format!("{}\nquit\n", "a".repeat(5000));
        let (ending, shown) = session("knights 3x3", Player::First, Opponent::Perfect, &long);
        assert_eq!(ending, Ending::Quit);
        assert!(shown.contains("longer than 1024 bytes"), "{shown}");
        let computer = computer("knights 3x3", Opponent::Perfect, Player::Second).unwrap();
        let zeros = vec![0u8; 1 << 20];
        let error = play_session(
            "knights 3x3".parse().unwrap(),
            Player::First,
            &computer,
            &mut zeros.as_slice(),
            &mut Vec::new(),
        )
        .unwrap_err();
        assert!(error.to_string().contains("NUL byte"), "{error}");
    }

    #[test]
    fn the_person_loses_to_perfect_play_on_a_lost_board() {
        // No knight move fits in 2x2: four pieces are placed and the second player moves last.
        let typed = "a1\nb1\na2\nb2\n".repeat(2);
        let (ending, shown) = session("knights 2x2", Player::First, Opponent::Perfect, &typed);
        assert_eq!(ending, Ending::Won(Player::Second), "{shown}");
        assert!(shown.contains("the computer wins"), "{shown}");
        assert_eq!(shown.matches("\ncomputer plays ").count(), 2, "{shown}");
    }

    #[test]
    fn the_person_who_follows_the_hint_wins() {
        let typed = first_moves_typed("queens 4x4", Player::First, Opponent::Perfect, "hint\n");
        let (ending, shown) = session("queens 4x4", Player::First, Opponent::Perfect, &typed);
        assert_eq!(ending, Ending::Won(Player::First), "{shown}");
        assert!(
            shown.contains("winning moves: a1 (1,1), d1 (1,4)"),
            "{shown}"
        );
        assert!(shown.contains("you win"), "{shown}");
    }

    #[test]
    fn a_line_that_is_no_move_is_answered_and_asked_again() {
        // The view's answers are its own (tested with it); the session asks again after each.
        let typed = "z9\n(4,4)\n\nhelp\nmoves\na1\na1\nquit\n";
        let (ending, shown) = session("knights 3x3", Player::First, Opponent::Perfect, typed);
        assert_eq!(ending, Ending::Quit);
        assert!(
            shown.contains("`z9` is neither a square nor a command"),
            "{shown}"
        );
        assert!(shown.contains("hint         the winning moves"), "{shown}");
        assert!(
            shown.contains("a1 is not a legal move: it is occupied"),
            "{shown}"
        );
        assert_eq!(shown.matches("your move> ").count(), 8, "{shown}");
        assert_eq!(shown.matches("\ncomputer plays ").count(), 1, "{shown}");
        assert!(shown.ends_with("game abandoned\n"), "{shown}");
    }

    #[test]
    fn symmetry_is_refused_for_a_side_without_a_strategy() {
        let error = computer("knights 3x3", Opponent::Symmetry, Player::Second)
            .err()
            .unwrap();
        assert!(error.is::<crate::input::InputError>());
        let message = error.to_string();
        assert!(message.contains("computer as second player"), "{message}");
        assert!(message.contains("try `--second`"), "{message}");
        // Kings on an even board without a side of 4: no mirror, no centre, no answer in a line.
        let error = computer("kings 6x6", Opponent::Symmetry, Player::Second)
            .err()
            .unwrap();
        assert!(error.to_string().contains("neither player"), "{error}");
        assert!(computer("knights 3x3", Opponent::Symmetry, Player::First).is_ok());
    }
}
