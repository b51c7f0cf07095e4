//! `grundy play`: a placement game against the computer in the terminal (any other game or
//! sum is played by [`super::play_game`]).
//!
//! The game loop ([`play_session`]) reads from any `BufRead` and writes to any `Write`, so it
//! is tested with byte buffers as well as through the binary.

use grundy::games::placement::Placement;
use std::collections::HashMap;
use std::io::{BufRead, Write};

use anyhow::{Context, Result};
use grundy::games::placement::{
    MoveError, PlacementGame, PlacementMove, PlacementPosition, Player, Strategy,
};
use grundy::games::play_text::{board_hint_text, placement_help, reply_text};
use grundy::games::sum::Summand;
use grundy::misere::Convention;
use grundy::request::{
    describe_move, Limits, MovesRequest, NoStrategy, PlayRequest, RunError, Stopped,
};
use grundy::Game;

use super::terminal::{next_command, Ending};
use super::RuleOptions;
use crate::input::run_error;
use crate::input::{input_error, parse_memory, parse_position, read_game, require_verb};
use crate::interrupt;
use crate::progress::Shown;
use crate::render::{draw_board, json_line};
use grundy::games::registry::Family;
use grundy::report::Command;

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
    #[arg(long_help = format!("The game: pieces ({}), or any other game or sum (`grundy value --help` lists them).", Family::Placement.names()))]
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
    let whole = read_game(&words, None)?;
    if !matches!(whole.as_single(), Some(Summand::Placement(_))) {
        if args.rules.surface.is_some() || args.rules.rays.is_some() {
            return Err(input_error(format!(
                "--board and --rays are for the placement games (pieces on a board), not `{whole}`"
            )));
        }
        if args.position.is_some() {
            return Err(input_error(format!(
                "--position is for placement games; `{whole}` is played from the position its words give"
            )));
        }
        if args.reply {
            return reply(args, whole);
        }
        let asks = super::play_game::Asks {
            opponent: args.opponent.into(),
            seed: args.seed,
            memory: args.memory,
        };
        return super::play_game::run(&asks, args.second, whole);
    }
    let (game, _) = args.rules.placement_game(&args.game, &args.args, None)?;
    if args.reply {
        let position = parse_position(&game, args.position.as_deref())?;
        return reply(
            args,
            Game::single(Summand::Placement(Placement { game, position })),
        );
    }
    let human = if args.second {
        Player::Second
    } else {
        Player::First
    };
    // Half of the memory for the computer's solver, half for hints.
    let budget = args.memory / 2;
    let mut computer = opponent_strategy(&game, args.opponent, human.other(), args.seed, budget)?;
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    play_session(
        &game,
        human,
        computer.as_mut(),
        budget,
        &mut stdin.lock(),
        &mut stdout,
    )?;
    Ok(String::new())
}

/// `grundy play --reply`: the computer's move in `game` (one placement game in `--position`),
/// for scripts and the web page, which keep the game themselves.
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
    let answer = grundy::request::play(&request, &watch);
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

/// The computer's strategy for `side`, or an input error saying why it cannot play there.
pub fn opponent_strategy(
    game: &PlacementGame,
    opponent: Opponent,
    side: Player,
    seed: u64,
    budget: u64,
) -> Result<Box<dyn Strategy>> {
    grundy::request::opponent_strategy(game, opponent.into(), side, seed, budget).map_err(
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
            input_error(format!(
                "no symmetry strategy for the computer as {side} player in {} on {}: {why}; {hint}",
                game.name(),
                game.board()
            ))
        },
    )
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

/// How long a hint searches: a position no search settles soon (knights 8x8 after a1 and
/// b1) still gets an answer, with the moves it found and how many it did not settle.
pub const HINT_SECONDS: f64 = 5.0;

/// The winning moves of `position`, for `hint`: the library's answer to `moves` within
/// [`HINT_SECONDS`] (the known strategies first: a8 answers a1 on 8x8 knights by mirror play
/// at once).
fn hint(game: &PlacementGame, position: &PlacementPosition, memory: u64) -> Result<String> {
    let placement = Game::single(Summand::Placement(Placement {
        game: game.clone(),
        position: *position,
    }));
    let request = MovesRequest {
        seconds: Some(HINT_SECONDS),
        ..MovesRequest::new(placement, Limits::new(memory, None))
    };
    let shown = Shown::new("hint");
    let report = grundy::request::moves(&request, &shown.watch_without_stop());
    shown.finish();
    let report = report.map_err(run_error)?;
    Ok(board_hint_text(&report, HINT_SECONDS))
}

/// Plays one game between the person at `input`/`output`, as `human`, and `computer`; the
/// board is drawn after every move. Input errors are answered and asked again; the session ends
/// when a player cannot move, on `quit`, or at the end of the input.
pub fn play_session(
    game: &PlacementGame,
    human: Player,
    computer: &mut dyn Strategy,
    hint_memory: u64,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<Ending> {
    let none = HashMap::new();
    let mut position = game.empty();
    writeln!(
        output,
        "{} on {}: you play {}, the computer plays {} with {}.",
        game.name(),
        game.board(),
        human,
        human.other(),
        computer.name()
    )?;
    writeln!(
        output,
        "Put a piece on a square neither occupied nor attacked (x); whoever cannot move loses. Type help for the commands."
    )?;
    if game.single_piece().is_none() {
        writeln!(
            output,
            "Say which piece with its letter, {}, before or after the square: for example {}.",
            game.piece_letters(),
            game.move_name(PlacementMove {
                square: game.board().square_at(0),
                piece: game.pieces()[0],
            })
        )?;
    }
    write!(output, "{}", draw_board(game, &position, &none))?;
    loop {
        let to_move = Player::to_move(game, &position);
        if game.available(&position).is_empty() {
            let winner = to_move.other();
            if winner == human {
                writeln!(output, "The computer has no move left: you win!")?;
            } else {
                writeln!(
                    output,
                    "You have no move left: the computer wins ({}).",
                    computer.name()
                )?;
            }
            output.flush()?;
            return Ok(Ending::Won(winner));
        }
        if to_move != human {
            let placement = computer
                .choose(&position)
                .context("the computer's strategy gave no move")?;
            position = game
                .play_move(&position, placement)
                .context("the computer's strategy chose an illegal move")?;
            writeln!(output, "computer plays {}", describe_move(game, placement))?;
            write!(output, "{}", draw_board(game, &position, &none))?;
            continue;
        }
        let Some(line) = next_command(input, output)? else {
            return Ok(Ending::Quit);
        };
        let command = line.as_str();
        match command.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => write!(output, "{}", placement_help(game))?,
            "board" => write!(output, "{}", draw_board(game, &position, &none))?,
            "moves" => {
                let squares: Vec<String> = game
                    .legal_moves(&position)
                    .into_iter()
                    .map(|square| square.to_string())
                    .collect();
                match game.single_piece() {
                    Some(_) => writeln!(output, "legal moves: {}", squares.join(" "))?,
                    None => writeln!(
                        output,
                        "legal moves: {} on any of {}",
                        game.piece_letters(),
                        squares.join(" ")
                    )?,
                }
            }
            "hint" => writeln!(output, "{}", hint(game, &position, hint_memory)?)?,
            _ => match game.parse_move(command) {
                // Typed here, what is not a square is not a command either.
                Err(MoveError::NotASquare { text, error }) => writeln!(
                    output,
                    "`{text}` is neither a square nor a command: {error} (type help for the commands)"
                )?,
                Err(error) => writeln!(output, "{error} (type help for the commands)")?,
                Ok(placement) => match game.play_move(&position, placement) {
                    Err(error) => writeln!(output, "{error}; try another square")?,
                    Ok(after) => {
                        position = after;
                        writeln!(output, "you play {}", describe_move(game, placement))?;
                        write!(output, "{}", draw_board(game, &position, &none))?;
                    }
                },
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::games::placement::Perfect;
    use grundy::games::placement::Piece;

    fn session(
        game: &PlacementGame,
        human: Player,
        opponent: Opponent,
        typed: &str,
    ) -> (Ending, String) {
        let mut computer = opponent_strategy(game, opponent, human.other(), 3, 1 << 22).unwrap();
        let mut output = Vec::new();
        let ending = play_session(
            game,
            human,
            computer.as_mut(),
            1 << 22,
            &mut typed.as_bytes(),
            &mut output,
        )
        .unwrap();
        (ending, String::from_utf8(output).unwrap())
    }

    fn knights_and_bishops(board: &str) -> PlacementGame {
        let pieces = grundy::games::placement::parse_pieces("knights+bishops").unwrap();
        let rules = grundy::games::placement::PlacementRules::new(
            &pieces,
            grundy::games::placement::Surface::Rectangle,
            grundy::games::placement::RayRule::Through,
        )
        .unwrap();
        PlacementGame::with_rules(rules, board.parse().unwrap())
    }

    #[test]
    fn a_game_of_several_pieces_is_played_to_the_end() {
        let game = knights_and_bishops("3x3");
        // The person takes the first winning move the hint names, or else any legal one.
        for human in [Player::First, Player::Second] {
            let mut typed = String::new();
            let mut position = game.empty();
            let mut hints = grundy::games::placement::PlacementSolver::new(&game, 1 << 22);
            let mut computer =
                opponent_strategy(&game, Opponent::Perfect, human.other(), 3, 1 << 22).unwrap();
            while !game.available(&position).is_empty() {
                let placement = if Player::to_move(&game, &position) == human {
                    let placement = hints
                        .winning_placements(&position)
                        .first()
                        .copied()
                        .unwrap_or(game.legal_placements(&position)[0]);
                    typed.push_str(&format!("hint\nmoves\n{}\n", game.move_name(placement)));
                    placement
                } else {
                    computer.choose(&position).unwrap()
                };
                position = game.play_move(&position, placement).unwrap();
            }
            let (ending, text) = session(&game, human, Opponent::Perfect, &typed);
            assert!(matches!(ending, Ending::Won(_)), "{text}");
            assert!(!text.contains("not a legal move"), "{text}");
            assert!(text.contains("legal moves: B or N on any of"), "{text}");
            assert!(text.contains("computer plays "), "{text}");
            let computer_moves = text.matches("\ncomputer plays ").count();
            let person_moves = text.matches("> you play ").count();
            assert_eq!(
                computer_moves + person_moves,
                game.occupied(&position).count(),
                "{text}"
            );
        }
    }

    #[test]
    fn long_lines_are_refused_and_binary_input_stops_the_game() {
        let game = PlacementGame::new(Piece::Knight, "3x3".parse().unwrap());
        let long = format!("{}\nquit\n", "a".repeat(5000));
        let (ending, text) = session(&game, Player::First, Opponent::Perfect, &long);
        assert_eq!(ending, Ending::Quit);
        assert!(text.contains("longer than 1024 bytes"), "{text}");
        let mut computer = Perfect::new(&game, 1 << 20);
        let zeros = vec![0u8; 1 << 20];
        let error = play_session(
            &game,
            Player::First,
            &mut computer,
            1 << 20,
            &mut zeros.as_slice(),
            &mut Vec::new(),
        )
        .unwrap_err();
        assert!(error.to_string().contains("NUL byte"), "{error}");
    }

    #[test]
    fn the_person_loses_to_perfect_play_on_a_lost_board() {
        // No knight move fits in 2x2: four pieces are placed and the second player moves last.
        let game = PlacementGame::new(Piece::Knight, "2x2".parse().unwrap());
        let (ending, text) = session(&game, Player::First, Opponent::Perfect, "a1\nb2\na2\n");
        assert_eq!(ending, Ending::Won(Player::Second), "{text}");
        assert!(text.contains("the computer wins"), "{text}");
        assert_eq!(text.matches("\ncomputer plays ").count(), 2, "{text}");
    }

    #[test]
    fn the_person_who_follows_the_hint_wins() {
        let game = PlacementGame::new(Piece::Queen, "4x4".parse().unwrap());
        let mut hints = grundy::games::placement::PlacementSolver::new(&game, 1 << 22);
        let mut computer = Perfect::new(&game, 1 << 22);
        // Ask for a hint and play the first winning move every turn, against the same
        // deterministic computer the session uses.
        let mut typed = String::new();
        let mut position = game.empty();
        while !game.available(&position).is_empty() {
            let placement = if Player::to_move(&game, &position) == Player::First {
                let placement = hints.winning_placements(&position)[0];
                typed.push_str(&format!("hint\n{}\n", placement.square));
                placement
            } else {
                computer.choose(&position).unwrap()
            };
            position = game.play_move(&position, placement).unwrap();
        }
        let (ending, text) = session(&game, Player::First, Opponent::Perfect, &typed);
        assert_eq!(ending, Ending::Won(Player::First), "{text}");
        assert!(text.contains("winning moves: a1 (1,1), d1 (1,4)"), "{text}");
        assert!(text.contains("you win"), "{text}");
    }

    #[test]
    fn bad_input_is_answered_and_asked_again() {
        let game = PlacementGame::new(Piece::Knight, "3x3".parse().unwrap());
        let typed = "z9\nfoo\n(4,4)\n\nhelp\nquit\n";
        let (ending, text) = session(&game, Player::First, Opponent::Perfect, typed);
        assert_eq!(ending, Ending::Quit);
        assert!(
            text.contains("`z9` is neither a square nor a command"),
            "{text}"
        );
        assert!(text.contains("`foo` is neither"), "{text}");
        assert!(text.contains("(4,4) is off the 3x3 board"), "{text}");
        assert!(text.contains("hint         the winning moves"), "{text}");
        assert_eq!(text.matches("your move> ").count(), 6, "{text}");
        assert!(text.ends_with("game abandoned\n"), "{text}");
    }

    #[test]
    fn occupied_and_attacked_squares_are_refused() {
        let game = PlacementGame::new(Piece::Knight, "3x3".parse().unwrap());
        // a1 attacks b3 and c2, so the computer cannot take c2 and the person may not either.
        let (ending, text) = session(&game, Player::First, Opponent::Perfect, "a1\na1\nc2\n");
        assert_eq!(ending, Ending::Quit);
        assert!(
            text.contains("a1 is not a legal move: it is occupied"),
            "{text}"
        );
        assert!(
            text.contains("c2 is not a legal move: it is attacked by the piece on a1"),
            "{text}"
        );
        assert!(text.contains("end of input"), "{text}");
    }

    #[test]
    fn symmetry_is_refused_for_a_side_without_a_strategy() {
        let knights = PlacementGame::new(Piece::Knight, "3x3".parse().unwrap());
        let error = opponent_strategy(&knights, Opponent::Symmetry, Player::Second, 1, 1 << 20)
            .err()
            .unwrap();
        assert!(error.is::<crate::input::InputError>());
        let message = error.to_string();
        assert!(message.contains("computer as second player"), "{message}");
        assert!(message.contains("try `--second`"), "{message}");
        // Kings on an even board without a side of 4: no mirror, no centre, no answer in a line.
        let kings = PlacementGame::new(Piece::King, "6x6".parse().unwrap());
        let error = opponent_strategy(&kings, Opponent::Symmetry, Player::Second, 1, 1 << 20)
            .err()
            .unwrap();
        assert!(error.to_string().contains("neither player"), "{error}");
        assert!(opponent_strategy(&knights, Opponent::Symmetry, Player::First, 1, 1 << 20).is_ok());
    }
}
