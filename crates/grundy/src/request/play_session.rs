//! A game played move by move between a person and the library's computer (`grundy play`):
//! the session keeps the game and whose turn it is, plays the computer's moves
//! ([`super::computer_turn`]) and answers each line the person types, a move or a command, as
//! text for the terminal; the hints are the `moves` request's winning moves. How a game is
//! shown and a move typed is its family's ([`play_view`]), so the session names no family. It
//! reads and writes nothing: the front end feeds it lines and prints its answers.

use super::{
    computer_name, computer_turn, moves, ComputerTurn, Limits, MovesRequest, NoStrategy, Opponent,
    PlayRequest, RunError,
};
use crate::games::contract::MadeMove;
use crate::games::game::Game;
use crate::games::play_text::{hint_text, play_view};
use crate::misere::Convention;
use crate::report::Player;
use crate::watch::Watch;

/// A game between a person and the computer, from its first move to its last.
#[derive(Clone, Debug)]
pub struct PlaySession {
    game: Game,
    human: Player,
    to_move: Player,
    ply: u64,
    /// The moves made since the game started, which a board's drawing may show by who made
    /// them (Cram's dominoes).
    made: Vec<MadeMove>,
    opponent: Opponent,
    seed: u64,
    memory: u64,
    /// How the computer plays, as said when the game starts and ends.
    name: String,
}

impl PlaySession {
    /// A game of `game` from its position, the first player to move there, the person playing
    /// `human` against the computer of the kind `opponent` (`seed` for its random choices,
    /// which moves on with each of its moves; `memory` bytes for its searches, and half as
    /// much for a hint's).
    ///
    /// # Errors
    /// [`NoStrategy`] when the symmetry opponent has no strategy for the computer's side (a
    /// game without symmetry strategies, a sum, a side its family's strategies do not win
    /// for).
    pub fn new(
        game: Game,
        human: Player,
        opponent: Opponent,
        seed: u64,
        memory: u64,
    ) -> Result<PlaySession, NoStrategy> {
        let name = computer_name(&game, opponent, human.other())?;
        Ok(PlaySession {
            game,
            human,
            to_move: Player::First,
            ply: 0,
            made: Vec::new(),
            opponent,
            seed,
            memory,
            name,
        })
    }

    /// What is said when the game starts: who plays which side and how, the rules and the
    /// position.
    #[must_use]
    pub fn opening(&self) -> String {
        let view = play_view(&self.game);
        format!(
            "{}: you play {}, the computer plays {} with {}.\n{}{}",
            view.title(),
            self.human,
            self.human.other(),
            self.name,
            view.rules(),
            view.drawing_after(&self.made)
        )
    }

    /// The position as the game's view draws it, with the moves made so far.
    fn drawing(&self) -> String {
        play_view(&self.game).drawing_after(&self.made)
    }

    /// The winner, once the player to move has no move left.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        play_view(&self.game)
            .is_over()
            .then_some(self.to_move.other())
    }

    /// Plays the computer's moves until the person is to move, each said with the position it
    /// leaves, and says who won when the game is over.
    ///
    /// # Errors
    /// As the `play` request: a symmetry opponent no strategy of the family wins for, or a
    /// stop of `watch`.
    pub fn computer_moves(&mut self, watch: &Watch) -> Result<String, RunError> {
        let mut said = String::new();
        loop {
            let view = play_view(&self.game);
            if view.is_over() {
                said.push_str(&if self.to_move == self.human {
                    format!(
                        "You have no move left: the computer wins ({}).\n",
                        self.name
                    )
                } else {
                    "The computer has no move left: you win!\n".to_string()
                });
                return Ok(said);
            }
            if self.to_move == self.human {
                return Ok(said);
            }
            let asked = PlayRequest {
                game: self.game.clone(),
                graph: None,
                opponent: self.opponent,
                seed: self.seed.wrapping_add(self.ply),
                limits: Limits::new(self.memory, None),
                convention: Convention::Normal,
                seconds: None,
                side: None,
            };
            let ComputerTurn {
                typed,
                played_by,
                after,
            } = computer_turn(&asked, watch)?;
            // The strategy named when the game started is not said again with each move.
            let by = if played_by == self.name {
                String::new()
            } else {
                format!(" ({played_by})")
            };
            let named = view.name_move(&typed).unwrap_or_else(|_| typed.clone());
            self.moved(typed, after);
            said.push_str(&format!("computer plays {named}{by}\n{}", self.drawing()));
        }
    }

    /// The answer to `line`, which the person typed (trimmed; quitting is the front end's): a
    /// command's answer, the move played with the position it leaves, or why it is no move.
    ///
    /// # Errors
    /// A hint stopped by `watch`, or a hint's search out of memory.
    pub fn answer(&mut self, line: &str, watch: &Watch) -> Result<String, RunError> {
        let view = play_view(&self.game);
        Ok(match line.to_ascii_lowercase().as_str() {
            "" => String::new(),
            "help" | "?" => view.help(),
            "board" => view.drawing_after(&self.made),
            "moves" => format!("{}\n", view.legal_moves()),
            "hint" => {
                let seconds = view.hint_seconds();
                let asked = MovesRequest {
                    seconds,
                    ..MovesRequest::new(self.game.clone(), Limits::new(self.memory / 2, None))
                };
                let report = moves(&asked, watch)?;
                format!(
                    "{}\n",
                    hint_text(view.as_ref(), &self.game, &report, seconds)
                )
            }
            _ => match view.name_move(line) {
                Err(why) => format!("{why}\n"),
                Ok(named) => {
                    let after = self
                        .game
                        .play(line)
                        .map_err(|error| RunError::Failed(format!("{named}: {error}")))?;
                    self.moved(line.to_string(), after);
                    format!("you play {named}\n{}", self.drawing())
                }
            },
        })
    }

    /// The game goes on from `after`, which the move `typed` of the player to move left, the
    /// other player to move.
    fn moved(&mut self, typed: String, after: Game) {
        self.made.push(MadeMove {
            by: self.to_move,
            typed,
        });
        self.game = after;
        self.to_move = self.to_move.other();
        self.ply += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::play_text::typed_form;
    use Player::{First, Second};

    /// Plays `text` as a front end would, the person `human` typing the lines of `typed`: the
    /// winner (`None` when the lines ran out first) and all that was said, each line the
    /// person typed answered after a `> `.
    fn played(
        text: &str,
        human: Player,
        opponent: Opponent,
        typed: &str,
    ) -> (Option<Player>, String) {
        let mut session =
            PlaySession::new(text.parse().unwrap(), human, opponent, 3, 1 << 22).unwrap();
        let watch = Watch::new();
        let mut said = session.opening();
        let mut lines = typed.lines();
        loop {
            said += &session.computer_moves(&watch).unwrap();
            if let Some(winner) = session.winner() {
                return (Some(winner), said);
            }
            let Some(line) = lines.next() else {
                return (None, said);
            };
            said += "> ";
            said += &session.answer(line.trim(), &watch).unwrap();
        }
    }

    /// A whole game, the person taking the first winning move the library lists (else the
    /// first move) after the commands `ask`, found by asking the library as the session will:
    /// who won, and what was said.
    fn whole_game(text: &str, human: Player, opponent: Opponent, ask: &str) -> (Player, String) {
        let mut game: Game = text.parse().unwrap();
        let mut typed = String::new();
        for ply in 0.. {
            let asked = MovesRequest {
                all: true,
                ..MovesRequest::new(game.clone(), Limits::new(1 << 22, None))
            };
            let listed = moves(&asked, &Watch::new()).unwrap().listed.moves;
            let Some(first) = listed.as_ref().and_then(|listed| listed.first()) else {
                break;
            };
            if (ply % 2 == 0) == (human == First) {
                let chosen = listed.iter().flatten().find(|m| m.wins()).unwrap_or(first);
                let chosen = typed_form(&game, chosen);
                typed.push_str(&format!("{ask}{chosen}\n"));
                game = game.play(&chosen).unwrap();
            } else {
                let asked = PlayRequest {
                    game: game.clone(),
                    graph: None,
                    opponent,
                    seed: 3 + ply,
                    limits: Limits::new(1 << 22, None),
                    convention: Convention::Normal,
                    seconds: None,
                    side: None,
                };
                game = computer_turn(&asked, &Watch::new()).unwrap().after;
            }
        }
        let (winner, said) = played(text, human, opponent, &typed);
        assert!(!said.contains("not a legal move"), "{said}");
        let winner = winner.unwrap_or_else(|| panic!("{said}"));
        let end = if winner == human {
            "you win!\n"
        } else {
            "the computer wins ("
        };
        assert!(said.contains(end), "{said}");
        (winner, said)
    }

    #[test]
    fn whole_games_of_every_kind_end_with_the_winner_said() {
        // Kayles 3 5 is *7: the computer, first, takes it to 0 and wins.
        let (winner, said) = whole_game("kayles 3 5", Second, Opponent::Perfect, "moves\nhint\n");
        assert_eq!(winner, First, "{said}");
        for line in [
            "kayles 3 5: you play second, the computer plays first with perfect play.\n",
            "computer plays 5 -> 3\ngame       kayles 3 3\n",
            "> legal moves: 3 -> 2, ",
            "> no winning move",
        ] {
            assert!(said.contains(line), "{line}: {said}");
        }
        let sum = "*3 + corner-knight 3 4 + kayles 2";
        let (winner, said) = whole_game(sum, First, Opponent::Random, "");
        assert_eq!(winner, First, "{said}");
        assert!(
            said.contains("the computer plays second with random moves"),
            "{said}"
        );
        // Bishops and knights on 3x3 is *3: the first player wins.
        for human in [First, Second] {
            let ask = "hint\nmoves\n";
            let (winner, said) = whole_game("knights+bishops 3x3", human, Opponent::Perfect, ask);
            assert_eq!(winner, First, "{said}");
            assert!(said.contains("> legal moves: B or N on any of"), "{said}");
        }
        let (winner, said) = whole_game("queens 4x4", First, Opponent::Perfect, "hint\n");
        assert_eq!(winner, First, "{said}");
        assert!(
            said.contains("> winning moves: a1 (1,1), d1 (1,4)"),
            "{said}"
        );
        // No knight move fits in 2x2: the second player places the last of four.
        let (winner, said) = whole_game("knights 2x2", First, Opponent::Perfect, "");
        assert_eq!(winner, Second, "{said}");
        assert_eq!(said.matches("\ncomputer plays ").count(), 2, "{said}");
        // Cram 2x4: the computer, second, answers by mirror play.
        let (winner, said) = whole_game("cram 2x4", First, Opponent::Symmetry, "");
        assert_eq!(winner, Second, "{said}");
    }

    #[test]
    fn a_line_that_is_no_move_is_answered_and_the_person_asked_again() {
        let typed = "z9\n(4,4)\n\nhelp\nboard\nmoves\na1\na1\nc2\n";
        let (winner, said) = played("knights 3x3", First, Opponent::Perfect, typed);
        assert_eq!(winner, None, "{said}");
        assert_eq!(said.matches("> ").count(), 9, "{said}");
        assert!(
            said.contains("> `z9` is neither a square nor a command"),
            "{said}"
        );
        assert!(said.contains("> (4,4) is off the 3x3 board"), "{said}");
        assert!(said.contains("> commands:\n"), "{said}");
        assert!(said.contains(">    a b c\n"), "{said}");
        assert!(
            said.contains("> legal moves: a1 b1 c1 a2 b2 c2 a3 b3 c3\n"),
            "{said}"
        );
        assert!(said.contains("> you play a1 (1,1)\n"), "{said}");
        assert!(
            said.contains("> a1 is not a legal move: it is occupied"),
            "{said}"
        );
        // a1 attacks c2: the computer could not take it and the person may not.
        assert!(
            said.contains("> c2 is not a legal move: it is attacked by the piece on a1"),
            "{said}"
        );
        assert_eq!(said.matches("\ncomputer plays ").count(), 1, "{said}");
        let (_, said) = played("kayles 4", First, Opponent::Perfect, "9 -> 1\n2: 4 -> 3\n");
        assert!(said.contains("> `9 -> 1` is not a legal move"), "{said}");
        assert!(said.contains("> `2: 4 -> 3` is not a legal move"), "{said}");
    }

    #[test]
    fn the_symmetry_opponent_plays_its_strategy_named_once_or_is_refused_before_the_game() {
        let typed = "a1\nc1\na3\n";
        let (winner, said) = played("knights 3x3", Second, Opponent::Symmetry, typed);
        assert_eq!(winner, Some(First), "{said}");
        assert!(said.starts_with("knights on 3x3: you play second, the computer plays first with centre b2 then half turn.\nPut a piece"), "{said}");
        assert!(said.contains("computer plays b2 (2,2)\n"), "{said}");
        assert!(
            said.ends_with("the computer wins (centre b2 then half turn).\n"),
            "{said}"
        );
        let refused = PlaySession::new(
            "knights 5x5".parse().unwrap(),
            First,
            Opponent::Symmetry,
            1,
            1 << 20,
        );
        assert!(refused.unwrap_err().other_side_has_one);
    }
}
