//! Play as text for people, as `grundy play` prints it: the computer's move (on one board
//! with its square's coordinates too), what it leaves, and the value, or under misère play
//! who wins, of what it leaves; a game played move by move in the terminal ([`PlayView`]: how
//! it is shown, how a move is typed, the commands) and its hints. The JSON of the same answers
//! is the report itself.

use super::answer_text::outcome_sentence;
use crate::board::Square;
use crate::games::contract::{FamilyGame, PlayView};
use crate::games::game::Game;
use crate::report::{FamilyPart, GameReport, Move};
use crate::values::Nimber;

/// How long a hint on a board searches: a position no search settles soon (knights 8x8 after
/// a1 and b1) still gets an answer, with the moves it found and how many it did not settle.
pub(crate) const HINT_SECONDS: f64 = 5.0;

/// How many moves `moves` names on one line before saying how many more there are.
const MOVES_SHOWN: usize = 60;

/// How a person plays `game` in the terminal: its family's view when it has one, otherwise by
/// the notation of its moves.
#[must_use]
pub(crate) fn play_view(game: &Game) -> Box<dyn PlayView> {
    game.as_single()
        .and_then(FamilyGame::board_view)
        .unwrap_or_else(|| Box::new(ByNotation { game: game.clone() }))
}

/// A move of `game` as a person types it: `N: MOVE` in a sum of several games, to say which.
#[must_use]
pub(crate) fn typed_form(game: &Game, listed: &Move) -> String {
    match listed.summand() {
        Some(summand) if game.summands().len() > 1 => format!("{summand}: {}", listed.notation),
        _ => listed.notation.clone(),
    }
}

/// The answer to `hint` in `game`, shown as `view`: the winning moves `report` names (the
/// answer of `moves`, searched for at most `seconds` when given), saying how many moves it did
/// not settle.
#[must_use]
pub(crate) fn hint_text(
    view: &dyn PlayView,
    game: &Game,
    report: &GameReport,
    seconds: Option<f64>,
) -> String {
    let names: Vec<String> = report
        .moves()
        .iter()
        .filter(|listed| listed.wins())
        .map(|listed| {
            let typed = typed_form(game, listed);
            view.name_move(&typed).unwrap_or(typed)
        })
        .collect();
    let unsettled = report.listed.moves_unsettled.unwrap_or(0);
    let seconds = seconds.unwrap_or_default();
    match (names.is_empty(), unsettled) {
        (true, 0) => "no winning move: the position has nim-value 0, so every move loses against perfect play".to_string(),
        (false, 0) => format!("winning moves: {}", names.join(", ")),
        (true, _) => format!(
            "no winning move found in {seconds} s: {unsettled} of {} moves were not searched to the end",
            report.listed.legal_moves.unwrap_or(0)
        ),
        (false, _) => format!(
            "winning moves: {} (found in {seconds} s; {unsettled} other moves were not searched to the end)",
            names.join(", ")
        ),
    }
}

/// A game played by the notation its moves are listed in, shown as its text.
struct ByNotation {
    game: Game,
}

impl ByNotation {
    /// Every move as typed, listed lazily: a heap of Nim (or a nimber) of billions of tokens
    /// is counted, not listed.
    fn typed_moves(&self) -> (usize, Box<dyn Iterator<Item = String> + '_>) {
        let several = self.game.summands().len() > 1;
        let mut count = 0usize;
        let mut lists: Vec<Box<dyn Iterator<Item = String> + '_>> = Vec::new();
        for (index, summand) in self.game.summands().iter().enumerate() {
            let prefix = if several {
                format!("{}: ", index + 1)
            } else {
                String::new()
            };
            let notations: Box<dyn Iterator<Item = String>> = match summand.nim_heaps() {
                Some(heaps) => {
                    let heaps: Vec<_> = heaps.into_iter().filter(|heap| heap.moved_on).collect();
                    count += heaps.iter().map(|heap| heap.size as usize).sum::<usize>();
                    Box::new(heaps.into_iter().flat_map(|heap| {
                        let left: Box<dyn Iterator<Item = u32>> = if heap.most_left_first {
                            Box::new((0..heap.size).rev())
                        } else {
                            Box::new(0..heap.size)
                        };
                        left.map(move |to| (heap.name)(&heap, to).notation)
                    }))
                }
                None => {
                    let moves = summand.moves_after();
                    count += moves.len();
                    Box::new(moves.into_iter().map(|(listed, _)| listed.notation))
                }
            };
            lists.push(Box::new(
                notations.map(move |notation| format!("{prefix}{notation}")),
            ));
        }
        (count, Box::new(lists.into_iter().flatten()))
    }
}

impl PlayView for ByNotation {
    fn title(&self) -> String {
        self.game.to_string()
    }

    fn rules(&self) -> String {
        "Whoever cannot move loses. Type help for the commands.\n".to_string()
    }

    fn drawing(&self) -> String {
        format!("game       {}\n", self.game)
    }

    fn help(&self) -> String {
        let example = if self.game.summands().len() > 1 {
            "  N: MOVE      a move in game N of the sum (from 1), written as `moves` lists it\n  MOVE         a move, in the first game of the sum that has it\n"
        } else {
            "  MOVE         a move, written as `moves` lists it (5 -> 2 + 2, (7, 9) -> (5, 8), a vertex)\n"
        };
        format!(
            "commands:\n{example}  moves        every legal move\n  hint         the winning moves\n  board        show the game again\n  help         this list\n  quit         stop the game\n"
        )
    }

    fn legal_moves(&self) -> String {
        let (count, moves) = self.typed_moves();
        let shown: Vec<String> = moves.take(MOVES_SHOWN).collect();
        let more = count - shown.len();
        let tail = if more > 0 {
            format!(" (and {more} more)")
        } else {
            String::new()
        };
        format!("legal moves: {}{tail}", shown.join(", "))
    }

    fn is_over(&self) -> bool {
        self.typed_moves().0 == 0
    }

    fn hint_seconds(&self) -> Option<f64> {
        None
    }

    fn name_move(&self, typed: &str) -> Result<String, String> {
        match self.game.play(typed) {
            Ok(_) => Ok(typed.trim().to_string()),
            Err(error) => Err(format!("{error} (type moves for the legal moves)")),
        }
    }
}

/// The text of the computer's move, `report` the answer of a `play` request.
#[must_use]
pub fn reply_text(report: &GameReport) -> String {
    let played = report.played().unwrap_or_default();
    // Pieces on a board (a report with a surface and rays) show the position's rows, and the
    // square played by its coordinates too; any other game is shown as the game it leaves.
    let pieces_on_a_board = matches!(report.family, FamilyPart::Placement { .. });
    let (at, left) = if pieces_on_a_board {
        // The square by its coordinates too, as the game reads them: `c3 (3,3)`.
        let at = played
            .trim_start_matches(char::is_uppercase)
            .parse::<Square>()
            .map(|square| {
                let (row, col) = square.coordinates();
                format!(" ({row},{col})")
            })
            .unwrap_or_default();
        (at, format!("position   {}", report.position))
    } else {
        let after = report
            .moves()
            .first()
            .and_then(Move::game_after)
            .unwrap_or_default();
        (String::new(), format!("game       {after}"))
    };
    // Misère play has no nim-value to show: who wins from what is left is the answer.
    let last_line = if report.convention().is_misere() {
        let outcome = match report.outcome() {
            Some(_) => outcome_sentence(report.to_move(), report.outcome()),
            None => "not found".to_string(),
        };
        format!("misère     {outcome}")
    } else {
        let value = report.nimber().map_or_else(
            || match report.outcome() {
                Some(_) => "not found (not 0: the player to move wins)".to_string(),
                None => "not found".to_string(),
            },
            |nimber| Nimber::new(nimber).to_string(),
        );
        format!("nim-value  {value}")
    };
    format!(
        "computer plays {played}{at} ({})\n{left}\n{last_line}\n",
        report.played_by().unwrap_or_default(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Game {
        text.parse().unwrap()
    }

    #[test]
    fn a_game_without_a_board_is_played_by_its_moves_notation() {
        let nimber = play_view(&game("*5"));
        assert_eq!(
            nimber.legal_moves(),
            "legal moves: *5 -> 0, *5 -> *1, *5 -> *2, *5 -> *3, *5 -> *4"
        );
        assert_eq!(nimber.drawing(), "game       *5\n");
        assert_eq!(nimber.name_move(" *5 -> 0 ").as_deref(), Ok("*5 -> 0"));
        let refused = nimber.name_move("9 -> 1").unwrap_err();
        assert!(
            refused.contains("`9 -> 1` is not a legal move"),
            "{refused}"
        );
        assert!(
            refused.ends_with("(type moves for the legal moves)"),
            "{refused}"
        );
        assert_eq!(nimber.hint_seconds(), None);
        assert!(play_view(&game("kayles 0")).is_over());
        assert!(play_view(&game("*0 + kayles 0")).is_over());
    }

    #[test]
    fn the_moves_of_a_sum_name_their_game_and_a_huge_heap_is_counted_not_listed() {
        let sum = play_view(&game("*4000000000 + kayles 2"));
        let listed = sum.legal_moves();
        assert!(
            listed.starts_with("legal moves: 1: *4000000000 -> 0, 1: *4000000000 -> *1, "),
            "{listed}"
        );
        // The two moves of kayles 2 and all but the 60 named of the nimber's.
        assert!(listed.ends_with(" (and 3999999942 more)"), "{listed}");
        assert!(!sum.is_over());
        assert!(sum
            .help()
            .contains("N: MOVE      a move in game N of the sum"));
        assert_eq!(sum.name_move("2: 2 -> 1").as_deref(), Ok("2: 2 -> 1"));
    }

    #[test]
    fn a_hint_names_the_winning_moves_as_they_are_typed() {
        let sum = game("*3 + kayles 2");
        let asked = crate::request::MovesRequest::new(sum.clone(), Default::default());
        let report = crate::request::moves(&asked, &crate::watch::Watch::new()).unwrap();
        let hint = hint_text(play_view(&sum).as_ref(), &sum, &report, None);
        // *3 + *2 is *1: the winning move takes *3 to *2.
        assert_eq!(hint, "winning moves: 1: *3 -> *2");
        for (text, answer) in [
            ("queens 4x4", "winning moves: a1 (1,1), d1 (1,4), b2 (2,2), c2 (2,3), b3 (3,2), c3 (3,3), a4 (4,1), d4 (4,4)"),
            (
                "knights 4x4",
                "no winning move: the position has nim-value 0, so every move loses against perfect play",
            ),
        ] {
            let board = game(text);
            let asked = crate::request::MovesRequest::new(board.clone(), Default::default());
            let report = crate::request::moves(&asked, &crate::watch::Watch::new()).unwrap();
            let view = play_view(&board);
            assert_eq!(hint_text(view.as_ref(), &board, &report, view.hint_seconds()), answer);
        }
    }
}
