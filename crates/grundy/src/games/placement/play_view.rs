//! A placement game played in the terminal: its board drawn between moves, a move typed as a
//! square (with a piece's letter in a game of several pieces), and the computer's symmetry
//! strategy chosen for its side before the game starts.

use std::collections::HashMap;

use super::symmetry::strategy_taking_over;
use super::{
    symmetry_strategy, MoveError, Placement, PlacementGame, PlacementMove, PlacementPosition,
    Player, Strategy,
};
use crate::games::answer_text::{draw_board, rules_note};
use crate::games::contract::PlayView;
use crate::games::play_text::HINT_SECONDS;

/// A move for people: `c3 (3,3)`, `Nc3 (3,3)`.
#[must_use]
pub fn describe_move(game: &PlacementGame, placement: PlacementMove) -> String {
    let (row, col) = placement.square.coordinates();
    format!("{} ({row},{col})", game.move_name(placement))
}

/// The name of the symmetry strategy `side` plays from `placement`'s position to the end, or
/// why none applies to that side. `side` counts from the player to move there; the strategies
/// count from the first piece placed, so a position with an odd number of pieces swaps them.
/// Away from the empty board a strategy must also carry on from the position as it stands
/// ([`carries_on`]), and the other player's strategies are tried too
/// ([`strategy_taking_over`]).
pub(super) fn side_strategy(
    placement: &Placement,
    side: crate::report::Player,
) -> Result<String, String> {
    let (game, position) = (&placement.game, &placement.position);
    let to_move = Player::to_move(game, position);
    let player = match side {
        crate::report::Player::First => to_move,
        crate::report::Player::Second => to_move.other(),
    };
    // The strategies' messages name the game's players; said so when they are not `side`'s.
    let named = |why: String| {
        if to_move == Player::First {
            why
        } else {
            format!(
                "an odd number of pieces stand, so here that is the game's {player} player: {why}"
            )
        }
    };
    if *position == game.empty() {
        return symmetry_strategy(game, player)
            .map(|strategy| strategy.name())
            .map_err(|why| named(why.to_string()));
    }
    let (strategy, ()) = strategy_taking_over(
        game,
        player,
        |why| named(why.to_string()),
        |strategy| carries_on(game, position, strategy, player == to_move).map_err(&named),
    )?;
    Ok(strategy.name())
}

/// Whether `strategy` plays on from `position` to the end: when it is to move (`to_move`), its
/// move there and then its answer to every move after; otherwise its answer to every move
/// there. The strategies read the position afresh at each move and keep nothing between
/// moves, so one strategy answers every position tried.
fn carries_on(
    game: &PlacementGame,
    position: &PlacementPosition,
    strategy: &mut dyn Strategy,
    to_move: bool,
) -> Result<(), String> {
    let (opened, own) = if to_move {
        let own = strategy
            .choose(position)
            .map_err(|why| format!("from this position: {why}"))?;
        let after = game
            .play_move(position, own)
            .map_err(|error| error.to_string())?;
        (after, format!("{} and ", game.move_name(own)))
    } else {
        (*position, String::new())
    };
    for reply in game.legal_placements(&opened) {
        let after = game
            .play_move(&opened, reply)
            .map_err(|error| error.to_string())?;
        strategy.choose(&after).map_err(|why| {
            format!(
                "from this position, after {own}{}: {why}",
                game.move_name(reply)
            )
        })?;
    }
    Ok(())
}

/// A placement game in its position, as a person plays it on the board.
pub(super) struct BoardView(pub(super) Placement);

impl PlayView for BoardView {
    fn title(&self) -> String {
        let game = &self.0.game;
        format!(
            "{} on {}{}",
            game.name(),
            game.board(),
            rules_note(game.rules())
        )
    }

    fn rules(&self) -> String {
        let game = &self.0.game;
        let mut rules = "Put a piece on a square neither occupied nor attacked (x); whoever cannot move loses. Type help for the commands.\n".to_string();
        if game.single_piece().is_none() {
            rules.push_str(&format!(
                "Say which piece with its letter, {}, before or after the square: for example {}.\n",
                game.piece_letters(),
                game.move_name(PlacementMove {
                    square: game.board().square_at(0),
                    piece: game.pieces()[0],
                })
            ));
        }
        rules
    }

    fn drawing(&self) -> String {
        draw_board(&self.0.game, &self.0.position, &HashMap::new())
    }

    fn help(&self) -> String {
        let game = &self.0.game;
        let moves = match game.single_piece() {
            Some(_) => "  c3 or (3,3)  put a piece on that square (column letter and row number, or row,column)\n"
                .to_string(),
            None => {
                let letters: Vec<String> = game
                    .pieces()
                    .iter()
                    .map(|piece| format!("{} for {piece}", piece.letter()))
                    .collect();
                format!(
                    "  Nc3, N c3, c3 N or N (3,3)\n               put a piece on that square: its letter ({}), then the square\n               (column letter and row number, or row,column), or the other way round\n",
                    letters.join(", ")
                )
            }
        };
        format!(
            "commands:\n{moves}  hint         the winning moves, found by the solver\n  moves        every legal move\n  board        draw the board again\n  help         this list\n  quit         stop the game\n"
        )
    }

    fn legal_moves(&self) -> String {
        let Placement { game, position } = &self.0;
        let squares: Vec<String> = game
            .legal_moves(position)
            .into_iter()
            .map(|square| square.to_string())
            .collect();
        match game.single_piece() {
            Some(_) => format!("legal moves: {}", squares.join(" ")),
            None => format!(
                "legal moves: {} on any of {}",
                game.piece_letters(),
                squares.join(" ")
            ),
        }
    }

    fn is_over(&self) -> bool {
        self.0.game.available(&self.0.position).is_empty()
    }

    fn hint_seconds(&self) -> Option<f64> {
        Some(HINT_SECONDS)
    }

    fn name_move(&self, typed: &str) -> Result<String, String> {
        let Placement { game, position } = &self.0;
        let placement = game.parse_move(typed).map_err(|error| match error {
            // Typed in a game, what is not a square is not a command either.
            MoveError::NotASquare { text, error } => format!(
                "`{text}` is neither a square nor a command: {error} (type help for the commands)"
            ),
            error => format!("{error} (type help for the commands)"),
        })?;
        game.play_move(position, placement)
            .map_err(|error| format!("{error}; try another square"))?;
        Ok(describe_move(game, placement))
    }
}

#[cfg(test)]
mod tests {
    use crate::games::contract::PlayView;
    use crate::games::game::Game;
    use crate::games::play_text::play_view;

    use super::{side_strategy, Placement};
    use crate::games::placement::strategy::tests::{reachable, several};
    use crate::games::placement::{Piece, PlacementGame, PlacementSolver};
    use crate::values::Nimber;

    fn view(text: &str) -> Box<dyn PlayView> {
        play_view(&text.parse::<Game>().unwrap())
    }

    /// A side the symmetry opponent takes from any position is the side that wins there: the
    /// player to move (`first`) where the value is not 0, the other where it is, whichever
    /// player's strategy takes the position over.
    #[test]
    fn a_side_taken_from_any_position_is_the_side_that_wins_there() {
        use crate::report::Player::{First, Second};
        let mut taken = [0; 2];
        for game in [
            several("bishops+knights", "4x4"),
            several("bishops+knights", "3x3"),
            PlacementGame::new(Piece::Knight, "4x4".parse().unwrap()),
            PlacementGame::new(Piece::Knight, "5x5".parse().unwrap()),
            PlacementGame::new(Piece::King, "4x5".parse().unwrap()),
            PlacementGame::new(Piece::Queen, "4x4".parse().unwrap()),
        ] {
            let mut solver = PlacementSolver::new(&game, 1 << 24);
            for position in reachable(&game, 3_000) {
                let placement = Placement {
                    game: game.clone(),
                    position,
                };
                for side in [First, Second] {
                    let Ok(name) = side_strategy(&placement, side) else {
                        continue;
                    };
                    let zero = solver.nim_value(&position) == Nimber::ZERO;
                    assert_eq!(
                        zero,
                        side == Second,
                        "{} on {} at {}: {name} for the {side} player",
                        game.name(),
                        game.board(),
                        game.format_position(&position)
                    );
                    taken[usize::from(side == Second)] += 1;
                }
            }
        }
        assert!(taken.iter().all(|&count| count > 100), "{taken:?}");
    }

    #[test]
    fn what_is_no_square_and_no_command_is_answered_with_why() {
        let knights = view("knights 3x3");
        for (typed, answer) in [
            ("z9", "`z9` is neither a square nor a command"),
            ("foo", "`foo` is neither"),
            ("(4,4)", "(4,4) is off the 3x3 board"),
        ] {
            let refused = knights.name_move(typed).unwrap_err();
            assert!(refused.contains(answer), "{refused}");
            assert!(
                refused.ends_with("(type help for the commands)"),
                "{refused}"
            );
        }
        assert!(knights.help().contains("hint         the winning moves"));
        assert_eq!(knights.name_move("(3,3)").as_deref(), Ok("c3 (3,3)"));
        assert!(!knights.is_over());
        assert_eq!(knights.hint_seconds(), Some(super::HINT_SECONDS));
    }

    #[test]
    fn occupied_and_attacked_squares_are_refused() {
        // a1 attacks b3 and c2.
        let knights = view("knights 3x3 at N../.../...");
        let refused = knights.name_move("a1").unwrap_err();
        assert!(
            refused.contains("a1 is not a legal move: it is occupied"),
            "{refused}"
        );
        let refused = knights.name_move("c2").unwrap_err();
        assert!(
            refused.contains("c2 is not a legal move: it is attacked by the piece on a1"),
            "{refused}"
        );
        assert!(refused.ends_with("; try another square"), "{refused}");
        assert_eq!(knights.legal_moves(), "legal moves: b1 c1 a2 b2 a3 c3");
        assert!(
            knights.drawing().contains("1  N . ."),
            "{}",
            knights.drawing()
        );
    }

    #[test]
    fn a_game_of_several_pieces_names_the_piece_of_each_move() {
        let view = view("knights+bishops 3x3");
        assert!(view
            .rules()
            .contains("Say which piece with its letter, B or N"));
        assert!(view.help().contains("Nc3, N c3, c3 N or N (3,3)"));
        assert!(view
            .legal_moves()
            .starts_with("legal moves: B or N on any of a1 b1"));
        assert_eq!(view.name_move("B c2").as_deref(), Ok("Bc2 (2,3)"));
        assert!(view
            .name_move("c2")
            .unwrap_err()
            .contains("say which goes on c2"));
        assert_eq!(view.title(), "bishops+knights on 3x3 (lines through)");
    }
}
