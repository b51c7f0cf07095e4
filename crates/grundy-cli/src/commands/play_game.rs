//! `grundy play` on a game other than one placement game — heaps, two-dimensional Kayles, a
//! corner game, a graph, a nimber, or a sum — against the computer in the terminal. Everything
//! comes from the library's requests: the moves of each position, each with the game it
//! leaves (`moves`), the computer's move (`play`) and the game after the person's move
//! ([`Game::play`]); nothing here knows a family's rules.
//!
//! The loop ([`play_session`]) reads from any `BufRead` and writes to any `Write`, so it is
//! tested with byte buffers as well as through the binary.

use std::io::{BufRead, Write};

use anyhow::Result;
use grundy::games::placement::Player;
use grundy::games::play_text::game_help;
use grundy::misere::Convention;
use grundy::report::{GameReport, Move};
use grundy::request::{self, Limits, MovesRequest, PlayRequest, RunError};
use grundy::watch::Watch;
use grundy::Game;

use grundy::request::Opponent;

use super::terminal::{next_command, Ending};
use crate::input::run_error;

/// How many moves `moves` prints on one line before saying how many more there are.
const MOVES_SHOWN: usize = 60;

/// `grundy play GAME` for any game but one placement game: the person plays second when
/// `second`.
pub fn run(asks: &Asks, second: bool, game: Game) -> Result<String> {
    let human = if second {
        Player::Second
    } else {
        Player::First
    };
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    play_session(game, human, asks, &mut stdin.lock(), &mut stdout)?;
    Ok(String::new())
}

/// What the person chose for the computer and its searches.
pub struct Asks {
    /// How the computer plays.
    pub opponent: Opponent,
    /// The seed of its choices.
    pub seed: u64,
    /// Memory for the searches.
    pub memory: u64,
}

impl Asks {
    /// The computer's move in `game`, its `ply`-th of the game (the seed moves on with it).
    fn computer_move(&self, game: &Game, ply: u64, watch: &Watch) -> Result<GameReport, RunError> {
        let asked = PlayRequest {
            game: game.clone(),
            graph: None,
            opponent: self.opponent,
            seed: self.seed.wrapping_add(ply),
            limits: Limits::new(self.memory, None),
            convention: Convention::Normal,
            seconds: None,
        };
        request::play(&asked, watch)
    }

    /// Every move of `game` with the value (or the outcome) it leads to and the game after it.
    fn moves(&self, game: &Game, watch: &Watch) -> Result<GameReport, RunError> {
        let asked = MovesRequest {
            all: true,
            ..MovesRequest::new(game.clone(), Limits::new(self.memory, None))
        };
        request::moves(&asked, watch)
    }
}

/// A move of `game` as the person types it: `N: MOVE` in a sum of several games, to say which.
fn typed_form(game: &Game, listed: &Move) -> String {
    match listed.summand() {
        Some(summand) if game.summands().len() > 1 => format!("{summand}: {}", listed.notation),
        _ => listed.notation.clone(),
    }
}

/// Plays `game` between the person at `input`/`output`, as `human`, and the computer the
/// library plays; the game is shown after every move. A line that is not a legal move or a
/// command is answered and asked again; the session ends when a player cannot move, on `quit`,
/// or at the end of the input.
pub fn play_session(
    mut game: Game,
    human: Player,
    asks: &Asks,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<Ending> {
    let watch = Watch::new();
    writeln!(
        output,
        "{game}: you play {human}, the computer plays {human_other}. Whoever cannot move loses. Type help for the commands.",
        human_other = human.other()
    )?;
    let mut ply: u64 = 0;
    loop {
        let to_move = if ply % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let report = asks.moves(&game, &watch).map_err(run_error)?;
        let moves = report.listed.moves.clone().unwrap_or_default();
        writeln!(output, "game       {game}")?;
        if report.listed.legal_moves == Some(0) {
            let winner = to_move.other();
            if winner == human {
                writeln!(output, "The computer has no move left: you win!")?;
            } else {
                writeln!(output, "You have no move left: the computer wins.")?;
            }
            output.flush()?;
            return Ok(Ending::Won(winner));
        }
        if to_move != human {
            let reply = asks.computer_move(&game, ply, &watch).map_err(run_error)?;
            let played = reply
                .listed
                .moves
                .as_ref()
                .and_then(|moves| moves.first())
                .ok_or_else(|| anyhow::anyhow!("the computer's answer has no move"))?;
            writeln!(
                output,
                "computer plays {} ({})",
                typed_form(&game, played),
                reply.played_by().unwrap_or_default()
            )?;
            // Played here, not read back from its text: a graph's file name may hold spaces.
            game = request::game_after(&game, played)?;
            ply += 1;
            continue;
        }
        loop {
            let Some(line) = next_command(input, output)? else {
                return Ok(Ending::Quit);
            };
            let command = line.as_str();
            match command.to_ascii_lowercase().as_str() {
                "" => {}
                "help" | "?" => write!(output, "{}", game_help(&game))?,
                "moves" => {
                    let shown: Vec<String> = moves
                        .iter()
                        .take(MOVES_SHOWN)
                        .map(|m| typed_form(&game, m))
                        .collect();
                    let more = report.listed.legal_moves.unwrap_or(moves.len()) - shown.len();
                    let tail = if more > 0 {
                        format!(" (and {more} more)")
                    } else {
                        String::new()
                    };
                    writeln!(output, "legal moves: {}{tail}", shown.join(", "))?;
                }
                "hint" => {
                    let winning: Vec<String> = moves
                        .iter()
                        .filter(|listed| listed.wins())
                        .map(|m| typed_form(&game, m))
                        .collect();
                    if winning.is_empty() {
                        writeln!(
                            output,
                            "no winning move: every move loses against perfect play"
                        )?;
                    } else {
                        writeln!(output, "winning moves: {}", winning.join(", "))?;
                    }
                }
                _ => match game.play(command) {
                    Err(error) => writeln!(output, "{error} (type moves for the legal moves)")?,
                    Ok(after) => {
                        writeln!(output, "you play {command}")?;
                        game = after;
                        ply += 1;
                        break;
                    }
                },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asks(opponent: Opponent) -> Asks {
        Asks {
            opponent,
            seed: 9,
            memory: 1 << 22,
        }
    }

    fn session(text: &str, human: Player, opponent: Opponent, typed: &str) -> (Ending, String) {
        let mut output = Vec::new();
        let game: Game = text.parse().unwrap();
        let ending = play_session(
            game,
            human,
            &asks(opponent),
            &mut typed.as_bytes(),
            &mut output,
        )
        .unwrap();
        (ending, String::from_utf8(output).unwrap())
    }

    /// What a person types who plays `human` in `text` against `opponent` and each time takes
    /// the first winning move if there is one, else the first move listed, found by asking
    /// the library as the session will.
    fn first_moves_typed(text: &str, human: Player, opponent: Opponent) -> String {
        let mut game: Game = text.parse().unwrap();
        let (asks, watch) = (asks(opponent), Watch::new());
        let mut typed = String::new();
        for ply in 0.. {
            let moves = asks
                .moves(&game, &watch)
                .unwrap()
                .listed
                .moves
                .unwrap_or_default();
            if moves.is_empty() {
                break;
            }
            let person = (ply % 2 == 0) == (human == Player::First);
            let chosen = if person {
                let chosen = moves.iter().find(|m| m.wins()).unwrap_or(&moves[0]).clone();
                typed.push_str(&typed_form(&game, &chosen));
                typed.push('\n');
                chosen
            } else {
                asks.computer_move(&game, ply, &watch)
                    .unwrap()
                    .listed
                    .moves
                    .unwrap()[0]
                    .clone()
            };
            game = request::game_after(&game, &chosen).unwrap();
        }
        typed
    }

    #[test]
    fn the_perfect_computer_wins_a_heap_game_from_a_winning_position() {
        // Kayles 3 5 is *7: the computer, first, takes it to 0 and wins however the person
        // plays.
        let typed = "moves\nhint\n".to_string()
            + &first_moves_typed("kayles 3 5", Player::Second, Opponent::Perfect);
        let (ending, shown) = session("kayles 3 5", Player::Second, Opponent::Perfect, &typed);
        assert_eq!(ending, Ending::Won(Player::First), "{shown}");
        assert!(
            shown.contains("computer plays 5 -> 3 (perfect play)"),
            "{shown}"
        );
        assert!(shown.contains("legal moves: "), "{shown}");
        assert!(shown.contains("no winning move"), "{shown}");
        assert!(shown.contains("the computer wins"), "{shown}");
    }

    #[test]
    fn a_person_who_takes_the_winning_moves_beats_the_computer_in_a_sum() {
        let sum = "*3 + corner-knight 3 4 + kayles 2";
        let typed = first_moves_typed(sum, Player::First, Opponent::Random);
        assert!(typed.starts_with("1: ") || typed.starts_with("2: ") || typed.starts_with("3: "));
        let (ending, shown) = session(sum, Player::First, Opponent::Random, &typed);
        assert_eq!(ending, Ending::Won(Player::First), "{shown}");
        assert!(shown.contains("you win"), "{shown}");
    }

    #[test]
    fn a_single_nimber_is_played_as_its_moves_are_shown() {
        let (ending, shown) = session("*5", Player::First, Opponent::Perfect, "moves\n*5 -> 0\n");
        assert_eq!(ending, Ending::Won(Player::First), "{shown}");
        assert!(shown.contains("legal moves: *5 -> 0, *5 -> *1"), "{shown}");
        assert!(!shown.contains("1: *5"), "{shown}");
    }

    #[test]
    fn a_line_that_is_no_move_is_answered_and_asked_again() {
        let (ending, shown) = session(
            "kayles 4",
            Player::First,
            Opponent::Perfect,
            "9 -> 1\nzz\n2: 4 -> 3\nquit\n",
        );
        assert_eq!(ending, Ending::Quit);
        assert!(shown.contains("`9 -> 1` is not a legal move"), "{shown}");
        assert!(shown.contains("`zz` is not a legal move"), "{shown}");
        assert!(shown.contains("game abandoned"), "{shown}");
    }
}
