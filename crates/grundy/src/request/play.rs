//! The computer's move in a game whose family has no player of its own, by the answer to
//! `moves` ([`play_by_moves`]), and what every game's computer is called before the game
//! starts. A family with a player of its own (the placement games' strategies and thinking
//! time) answers through the contract ([`FamilyGame::computer_reply`]).

use std::time::Instant;

pub use super::play_request::{Opponent, PlayRequest};
use super::{MovesRequest, RunError};
pub use crate::games::computer::NoStrategy;
use crate::games::contract::FamilyGame;
use crate::games::game::Game;
use crate::games::play_text::play_view;
use crate::games::registry::families_with_symmetry_strategies;
use crate::misere::Convention;
use crate::report::{
    Command, GameReport, Move, MovesPart, PlayPart, Player, SearchCost, ValuePart,
};
use crate::values::Nimber;
use crate::values::Outcome;
use crate::watch::Watch;

/// `seed` spread over 64 bits (SplitMix64's finaliser), for a choice among `count` moves.
pub(super) fn seeded_index(seed: u64, count: usize) -> usize {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z % count.max(1) as u64) as usize
}

/// The computer's move in any game but one placement game (which has strategies and a
/// thinking time of its own): the perfect player takes the first winning move `moves` lists
/// (the winning moves are listed before any other, however many moves there are); when none
/// wins, and for the random player, a move is chosen by the seed among those `moves --all`
/// lists (in a game of more, the first 1000 winning ones and the first 1000 others). The
/// report is of the game the move leaves.
pub(super) fn play_by_moves(request: &PlayRequest, watch: &Watch) -> Result<GameReport, RunError> {
    // A strategy of the game's family that wins here (Cram's centre domino, then mirror
    // play) is the symmetry opponent's move, and the perfect player's without search; under
    // misère play no mirror strategy survives.
    let strategy = request
        .game
        .as_single()
        .filter(|_| !request.convention.is_misere() && request.opponent != Opponent::Random)
        .and_then(FamilyGame::strategy_move);
    if let Some((notation, strategy)) = strategy {
        return play_strategy_move(request, &notation, &strategy);
    }
    if request.opponent == Opponent::Symmetry {
        return Err(RunError::input(format!(
            "the symmetry strategies (mirror play, the centre then the half turn) are for one game, {}, in a position where one wins for the player to move; none wins `{}`: choose the perfect or the random opponent",
            families_with_symmetry_strategies(),
            request.game
        )));
    }
    if request.seconds.is_some() {
        return Err(RunError::input(format!(
            "a thinking time (seconds) is for the computer's move in one placement game; `{}` is answered in full",
            request.game
        )));
    }
    let asked = |all: bool| MovesRequest {
        all,
        convention: request.convention,
        graph: request.graph.clone(),
        ..MovesRequest::new(request.game.clone(), request.limits.clone())
    };
    let started = Instant::now();
    let winning = if request.opponent == Opponent::Perfect {
        super::moves(&asked(false), watch)?
            .listed
            .moves
            .and_then(|moves| moves.into_iter().find(Move::wins))
    } else {
        None
    };
    let listed = super::moves(&asked(true), watch)?;
    let moves = listed.listed.moves.unwrap_or_default();
    if moves.is_empty() {
        let loser = if request.convention.is_misere() {
            "under misère play the player to move has won"
        } else {
            "the player to move has lost"
        };
        return Err(RunError::input(format!(
            "no legal move in `{}`: the game is over, and {loser}",
            request.game
        )));
    }
    let seeded = || moves[seeded_index(request.seed, moves.len())].clone();
    let (played, name) = match (request.opponent, winning) {
        (Opponent::Perfect, Some(winning)) => (winning, "perfect play"),
        (Opponent::Perfect, None) => (seeded(), "perfect play (every move loses)"),
        _ => (seeded(), "random moves"),
    };
    let after = super::after::game_after(&request.game, &played).map_err(|error| {
        RunError::Failed(format!("the game after {}: {error}", played.notation))
    })?;
    // The player to move after the computer's move loses when the move wins.
    let outcome = if played.wins() {
        Outcome::P
    } else {
        Outcome::N
    };
    let mut facts = match after.as_single() {
        Some(single) => single.report(Command::Play, outcome),
        None => GameReport::new(
            Command::Play,
            after.to_string(),
            after.to_string(),
            outcome,
            Player::First,
        ),
    };
    // The computer moved as the player to move in the game asked about, so its opponent is to
    // move now; a family that tells who is to move from the position (the parity of the pieces
    // placed) says the same, and a game that does not (heaps, a sum) was asked with the first
    // player to move.
    facts.standing.to_move = player_to_move(&request.game).other();
    // Under misère play a move has no nim-value, so the position it leaves has none either.
    let value = match request.convention {
        Convention::Normal => ValuePart::normal(played.nimber),
        Convention::Misere => ValuePart::misere(None),
    };
    Ok(GameReport {
        value,
        play: Some(PlayPart {
            played_by: name.to_string(),
            played: Some(played.notation.clone()),
        }),
        listed: MovesPart {
            moves: Some(vec![played]),
            ..MovesPart::default()
        },
        cost: SearchCost {
            positions_searched: listed.cost.positions_searched,
            ..SearchCost::default()
        },
        seconds: started.elapsed().as_secs_f64(),
        ..facts
    })
}

/// The player to move in `game`, as its report names it: the first player, unless its family
/// tells otherwise from the position.
fn player_to_move(game: &Game) -> Player {
    game.as_single().map_or(Player::First, |single| {
        single.report(Command::Play, Outcome::N).to_move()
    })
}

/// Why the symmetry opponent does not play misère play.
pub(super) const NO_MISERE_SYMMETRY: &str = "no symmetry strategy under misère play: mirror play makes the last move, which loses (docs/MISERE.md); try the perfect or the random opponent";

/// The answer to `play` asked with a `side` before a game, or `None` when the computer plays
/// the side to move and its move is found as without one. The opponent is checked for `side`
/// first, as `grundy play` checks it before the game ([`computer_name`]); for the side not to
/// move nothing is played, and the answer names how the computer will play. A symmetry
/// strategy for that side (mirror play, or the like) wins for the player not to move, so it
/// settles the position: the player to move loses, value 0. Another opponent's answer leaves
/// the outcome out: nothing was searched.
///
/// # Errors
/// [`RunError::Input`] when the opponent cannot play `side`: the symmetry opponent without a
/// strategy for it (saying whether the other side has one), or under misère play; a finished
/// game; for the side not to move, a thinking time.
pub(super) fn answer_before_the_game(
    request: &PlayRequest,
) -> Result<Option<GameReport>, RunError> {
    let Some(side) = request.side else {
        return Ok(None);
    };
    let game = &request.game;
    if play_view(game).is_over() {
        return Err(RunError::input(format!(
            "no legal move in `{game}`: the game is over, so the computer plays no side of it"
        )));
    }
    let symmetry = request.opponent == Opponent::Symmetry;
    if symmetry && request.convention.is_misere() {
        return Err(RunError::input(NO_MISERE_SYMMETRY));
    }
    let name = computer_name(game, request.opponent, side).map_err(|refused| {
        RunError::input(refused.refusal(
            side.other(),
            ": let the computer play that side",
            ": choose the perfect or the random opponent",
        ))
    })?;
    if side == Player::First {
        return Ok(None);
    }
    if request.seconds.is_some() {
        return Err(RunError::input(
            "a thinking time (seconds) is for the computer's move; with side second it plays none",
        ));
    }
    let report = match game.as_single() {
        Some(single) => single.report(Command::Play, Outcome::P),
        None => GameReport::new(
            Command::Play,
            game.to_string(),
            game.to_string(),
            Outcome::P,
            Player::First,
        ),
    };
    let mut report = if symmetry {
        GameReport {
            settled_by: Some(name.clone()),
            ..report.with_nimber(Nimber::ZERO)
        }
    } else {
        let mut unvalued = match request.convention {
            Convention::Normal => report,
            Convention::Misere => report.under_misere(),
        };
        unvalued.standing.outcome = None;
        unvalued
    };
    report.play = Some(PlayPart {
        played_by: name,
        played: None,
    });
    Ok(Some(report))
}

/// The name of the way the computer of the kind `opponent` plays `game` as `side` from here to
/// the end (`perfect play`, `random moves`, a symmetry strategy's name), said when the computer
/// takes its side (before the game starts, or on the page when the sides are swapped), so that
/// the symmetry opponent is refused then, not at one of its moves, for a side its family's
/// strategies do not win for from the position (a placement game, Cram) and for a game without
/// symmetry strategies (a heap game, a sum).
///
/// # Errors
/// [`NoStrategy`] when `opponent` is symmetry and no strategy of the game's family applies to
/// `side`.
pub fn computer_name(game: &Game, opponent: Opponent, side: Player) -> Result<String, NoStrategy> {
    let strategy = |side| {
        game.as_single()
            .and_then(|single| single.side_strategy(side))
    };
    match opponent {
        Opponent::Perfect => Ok("perfect play".to_string()),
        Opponent::Random => Ok("random moves".to_string()),
        Opponent::Symmetry => match strategy(side) {
            None => Err(NoStrategy {
                why: format!(
                    "no symmetry strategy for `{game}`: the symmetry strategies (mirror play, the centre then the half turn) are for one game, {}",
                    families_with_symmetry_strategies()
                ),
                other_side_has_one: false,
            }),
            Some(Ok(name)) => Ok(name),
            Some(Err(why)) => Err(NoStrategy::for_side(
                side,
                play_view(game).title(),
                why,
                matches!(strategy(side.other()), Some(Ok(_))),
            )),
        },
    }
}

/// The computer's move in a game played on against a person ([`super::computer_turn`]).
#[derive(Clone, Debug)]
pub struct ComputerTurn {
    /// The move as the person would type it: `c3`, `5 -> 3`, `2: (7, 9) -> (5, 8)` in a sum.
    pub typed: String,
    /// Who chose it: the strategy's name.
    pub played_by: String,
    /// The game it leaves.
    pub after: Game,
}

/// The computer's move `notation`, which wins by `strategy` (the position it leaves is a
/// second-player win, value 0), found without search.
fn play_strategy_move(
    request: &PlayRequest,
    notation: &str,
    strategy: &str,
) -> Result<GameReport, RunError> {
    let started = Instant::now();
    let after = request
        .game
        .play(notation)
        .map_err(|error| RunError::Failed(format!("the strategy's move {notation}: {error}")))?;
    let left = after
        .as_single()
        .ok_or_else(|| RunError::Failed(format!("{notation} left a sum")))?;
    let played = match request.game.as_single() {
        Some(single) => single.named_move(notation.to_string(), Nimber::ZERO),
        None => Move::bare(notation.to_string(), Nimber::ZERO),
    };
    let name = match request.opponent {
        Opponent::Perfect => format!("perfect play: {strategy}"),
        _ => strategy.to_string(),
    };
    Ok(GameReport {
        play: Some(PlayPart {
            played_by: name,
            played: Some(notation.to_string()),
        }),
        listed: MovesPart {
            legal_moves: Some(left.moves_after().len()),
            moves: Some(vec![played]),
            ..MovesPart::default()
        },
        cost: SearchCost::positions(0),
        seconds: started.elapsed().as_secs_f64(),
        ..left
            .report(Command::Play, Outcome::P)
            .with_nimber(Nimber::ZERO)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::{play, Stopped};
    use std::time::Duration;

    /// Knights 8x8 after a1 and b1: no symmetry strategy applies, and no search of a move
    /// ends within a second.
    const UNSOLVED: &str =
        "knights 8x8 at NN....../......../......../......../......../......../......../........";

    /// The outcome of `game` (with the graph `graph`) under `convention`, asked afresh.
    fn outcome_of(game: &str, graph: Option<&str>, convention: &str) -> Outcome {
        let mut request = serde_json::json!({
            "question": "outcome", "game": game, "convention": convention,
        });
        if let Some(graph) = graph {
            request["graph"] = graph.into();
        }
        let request: crate::request::Request = serde_json::from_value(request).unwrap();
        let Ok(crate::request::Answer::Game(report)) = crate::request::run(&request, &Watch::new())
        else {
            panic!("{game}")
        };
        report.outcome().unwrap()
    }

    #[test]
    fn the_computer_plays_every_family_and_wins_exactly_from_a_winning_position() {
        let graph = "a b\nb c\nc d\nd e\ne a\nf\n";
        for convention in ["normal", "misere"] {
            for (game, graph) in [
                ("kayles 3 5", None),
                ("kayles 4 4", None),
                ("0.137 7", None),
                ("kayles-2d 2x3", None),
                ("corner-knight 7 9", None),
                ("corner-queen 3 5", None),
                ("*3 + kayles 2 + corner-knight 2 3", None),
                ("*4", None),
                ("graph ring", Some(graph)),
                ("knights 3x3 + *1", None),
                // The last heap or board taken: the game left is written `kayles 0`.
                ("kayles 1", None),
                ("kayles-2d 1x2", None),
                ("nim 2 + *0", None),
            ] {
                let before = outcome_of(game, graph, convention);
                for opponent in ["perfect", "random"] {
                    let mut request = serde_json::json!({
                        "game": game, "convention": convention, "opponent": opponent, "seed": 7,
                    });
                    if let Some(graph) = graph {
                        request["graph"] = graph.into();
                    }
                    let request: PlayRequest = serde_json::from_value(request).unwrap();
                    let report = play(&request, &Watch::new()).unwrap();
                    let played = &report.listed.moves.as_ref().unwrap()[0];
                    let after = played.game_after().unwrap();
                    let left = outcome_of(after, played.graph_after(), convention);
                    assert_eq!(report.outcome(), Some(left), "{convention} {game}: {after}");
                    if opponent == "perfect" {
                        // The perfect player leaves a lost position exactly when it can.
                        assert_eq!(
                            left == Outcome::P,
                            before == Outcome::N,
                            "{convention} {game}: {after}"
                        );
                    }
                    let again = play(&request, &Watch::new()).unwrap();
                    assert_eq!(again.played(), report.played(), "{game}: the seed decides");
                }
            }
        }
    }

    #[test]
    fn the_winning_move_is_found_past_the_moves_listed_and_a_graph_in_a_sum_is_sent_back() {
        // Nim 1000 1001: the one winning move, 1001 -> 1000, comes after a thousand others.
        for convention in ["normal", "misere"] {
            let request: PlayRequest = serde_json::from_value(serde_json::json!({
                "game": "nim 1000 1001", "convention": convention,
            }))
            .unwrap();
            let report = play(&request, &Watch::new()).unwrap();
            assert_eq!(report.played(), Some("1001 -> 1000"), "{convention}");
            assert_eq!(report.outcome(), Some(Outcome::P), "{convention}");
        }
        // The path a-b-c is *2: the winning move is in the nimber, and the graph is still
        // sent back with the game after it.
        let request: PlayRequest = serde_json::from_value(serde_json::json!({
            "game": "graph g + *3", "graph": "a b\nb c\n",
        }))
        .unwrap();
        let report = play(&request, &Watch::new()).unwrap();
        let played = &report.listed.moves.unwrap()[0];
        assert_eq!(played.notation, "*3 -> *2");
        assert_eq!(played.game_after(), Some("graph g + *2"));
        let read = crate::request::read_game("graph g + *2", played.graph_after());
        assert!(read.is_ok(), "{played:?}");
    }

    #[test]
    fn the_computer_played_on_moves_as_it_answers_a_play_request() {
        for (game, opponent) in [
            ("knights 4x4 at N.../..../..../....", "perfect"),
            ("queens 5x5", "symmetry"),
            ("kings 3x4", "random"),
            ("kayles 3 5 + corner-knight 3 4", "perfect"),
            ("cram 4x5", "symmetry"),
            ("*3 + kayles 2", "random"),
        ] {
            let request = asked(&format!(r#"{{"game":"{game}","opponent":"{opponent}"}}"#));
            let report = play(&request, &Watch::new()).unwrap();
            let turn = crate::request::computer_turn(&request, &Watch::new()).unwrap();
            let played = &report.moves()[0];
            let typed = crate::games::play_text::typed_form(&request.game, played);
            assert_eq!(turn.typed, typed, "{game}");
            assert_eq!(Some(turn.played_by.as_str()), report.played_by(), "{game}");
            assert_eq!(
                Some(turn.after.to_string().as_str()),
                played.game_after(),
                "{game}"
            );
        }
        // In a sum the move names its game, as a person types it.
        let request = asked(r#"{"game":"*3 + kayles 2"}"#);
        let turn = crate::request::computer_turn(&request, &Watch::new()).unwrap();
        assert_eq!(turn.typed, "1: *3 -> *2");
    }

    #[test]
    fn the_computer_is_named_before_the_game_and_a_side_without_a_strategy_refused() {
        use crate::report::Player::{First, Second};
        let name = |game: &str, opponent, side| {
            crate::request::computer_name(&game.parse().unwrap(), opponent, side)
        };
        assert_eq!(
            name("knights 5x5", Opponent::Perfect, Second).unwrap(),
            "perfect play"
        );
        assert_eq!(
            name("kayles 3", Opponent::Random, First).unwrap(),
            "random moves"
        );
        assert_eq!(
            name("knights 5x5", Opponent::Symmetry, First).unwrap(),
            "centre c3 then half turn"
        );
        let refused = name("knights 5x5", Opponent::Symmetry, Second).unwrap_err();
        assert!(
            refused.why.starts_with(
                "no symmetry strategy for the computer as second player in knights on 5x5: "
            ),
            "{refused:?}"
        );
        assert!(refused.other_side_has_one);
        let refused = name("kings 6x6", Opponent::Symmetry, Second).unwrap_err();
        assert!(!refused.other_side_has_one);
        // Cram's strategy is told for a side before the game, and played move by move.
        assert!(name("cram 2x4", Opponent::Symmetry, Second)
            .unwrap()
            .starts_with("mirror play (each domino answered by its image"));
        let refused = name("cram 2x4", Opponent::Symmetry, First).unwrap_err();
        assert!(refused.other_side_has_one, "{refused:?}");
        assert!(name("cram 2x3", Opponent::Symmetry, First)
            .unwrap()
            .starts_with("the domino "),);
        let refused = name("cram 3x3", Opponent::Symmetry, Second).unwrap_err();
        assert!(!refused.other_side_has_one, "{refused:?}");
        // A family without symmetry strategies, and a sum, are refused before the game.
        for game in ["kayles 3 4", "kayles 3 + kayles 3", "cram 2x4 + *1"] {
            let refused = name(game, Opponent::Symmetry, Second).unwrap_err();
            assert!(
                refused.why.starts_with("no symmetry strategy for `"),
                "{refused:?}"
            );
            assert!(!refused.other_side_has_one, "{refused:?}");
        }
    }

    #[test]
    fn a_cram_side_the_symmetry_opponent_takes_before_the_game_it_wins_against_any_moves() {
        use crate::report::Player::{First, Second};
        let mut taken = 0;
        for board in [
            "1x2", "2x2", "2x3", "2x4", "3x4", "4x4", "2x5", "3x3", "1x5", "4x5",
        ] {
            let start: Game = format!("cram {board}").parse().unwrap();
            for computer in [First, Second] {
                if computer_name(&start, Opponent::Symmetry, computer).is_err() {
                    continue;
                }
                taken += 1;
                for seed in 0..6 {
                    let mut game = start.clone();
                    let mut to_move = First;
                    for ply in 0.. {
                        let opponent = if to_move == computer {
                            Opponent::Symmetry
                        } else {
                            Opponent::Random
                        };
                        let request = PlayRequest {
                            game: game.clone(),
                            graph: None,
                            opponent,
                            seed: seed * 100 + ply,
                            limits: crate::request::Limits::default(),
                            convention: Convention::Normal,
                            seconds: None,
                            side: None,
                        };
                        match crate::request::computer_turn(&request, &Watch::new()) {
                            Ok(turn) => game = turn.after,
                            Err(error) => {
                                assert!(error.to_string().starts_with("no legal move"), "{error}");
                                break;
                            }
                        }
                        to_move = to_move.other();
                    }
                    assert_ne!(to_move, computer, "cram {board}, seed {seed}: {game}");
                }
            }
        }
        // 1x2, 2x3, 2x5, 3x4 and 4x5 for the first player; 2x2, 2x4, 4x4 for the second.
        assert_eq!(taken, 8);
    }

    #[test]
    fn a_side_asked_before_the_game_is_checked_and_the_side_not_to_move_plays_nothing() {
        let answer = |json: &str| play(&asked(json), &Watch::new());
        // The second player's mirror play: named, the position settled by it, no move.
        let report =
            answer(r#"{"game":"knights 4x4","opponent":"symmetry","side":"second"}"#).unwrap();
        let name = "mirror play (reflection in the horizontal middle line)";
        assert_eq!(
            (
                report.played_by(),
                report.played(),
                report.settled_by.as_deref()
            ),
            (Some(name), None, Some(name))
        );
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(
            (&json["outcome"], &json["nimber"]),
            (&"P".into(), &0.into())
        );
        assert!(
            json.get("played").is_none() && json.get("moves").is_none(),
            "{json}"
        );
        // The first player has no strategy there; the side to move plays as without a side.
        let refused = answer(r#"{"game":"knights 4x4","opponent":"symmetry","side":"first"}"#)
            .unwrap_err()
            .to_string();
        assert!(
            refused.starts_with("no symmetry strategy for the computer as first player")
                && refused.ends_with("the second player has one: let the computer play that side"),
            "{refused}"
        );
        let with_side =
            answer(r#"{"game":"cram 2x3","opponent":"symmetry","side":"first"}"#).unwrap();
        let without = answer(r#"{"game":"cram 2x3","opponent":"symmetry"}"#).unwrap();
        assert_eq!(with_side.played(), without.played());
        assert!(with_side.played().is_some());
        // Another opponent takes either side; nothing is searched, so no outcome is said.
        let report =
            answer(r#"{"game":"kayles 3 4","opponent":"perfect","side":"second"}"#).unwrap();
        assert_eq!(
            (report.played_by(), report.played()),
            (Some("perfect play"), None)
        );
        let json = serde_json::to_value(&report).unwrap();
        assert!(
            json.get("outcome").is_none() && json.get("nimber").is_none(),
            "{json}"
        );
        // Pieces set up on a board: the sides count from the player to move there, and the
        // strategy must carry on from the position as it stands.
        let after_centre = "knights 5x5 at ...../...../..N../...../.....";
        let report = answer(&format!(
            r#"{{"game":"{after_centre}","opponent":"symmetry","side":"second"}}"#
        ))
        .unwrap();
        assert_eq!(report.played_by(), Some("centre c3 then half turn"));
        let report = answer(
            r#"{"game":"knights 4x4 at N.../..../..../....","opponent":"symmetry","side":"first"}"#,
        )
        .unwrap();
        assert_eq!(report.played(), Some("a4"));
        for (json, refusal) in [
            // A bishop on b1 and a knight on its image b4 are no pair for mirror play: with
            // d1's knight, three pieces lack their image.
            (
                r#"{"game":"bishops+knights 4x4 at .B.N/..../..../.N..","opponent":"symmetry","side":"first"}"#,
                "the position is not one move away from symmetric: 3 pieces lack their image",
            ),
            (
                r#"{"game":"kayles 0","opponent":"symmetry","side":"first"}"#,
                "the game is over",
            ),
            (
                r#"{"game":"knights 4x4 at NN../..../..../....","opponent":"symmetry","side":"second"}"#,
                "from this position, after ",
            ),
            (
                r#"{"game":"knights 4x4 at N.../..../..../....","opponent":"symmetry","side":"second"}"#,
                "so here that is the game's first player: a symmetry strategy for the first player does not apply",
            ),
            (
                r#"{"game":"cram 3x3","opponent":"symmetry","side":"second"}"#,
                "neither player has one here",
            ),
            (
                r#"{"game":"kayles 0","side":"second"}"#,
                "the game is over",
            ),
            (
                r#"{"game":"kayles 3","side":"second","seconds":1}"#,
                "with side second it plays none",
            ),
            (
                r#"{"game":"kayles 3 4","opponent":"symmetry","side":"first"}"#,
                "no symmetry strategy for `kayles 3 4`",
            ),
            (
                r#"{"game":"knights 4x4","opponent":"symmetry","side":"second","convention":"misere"}"#,
                NO_MISERE_SYMMETRY,
            ),
        ] {
            let error = answer(json).unwrap_err().to_string();
            assert!(error.contains(refusal), "{json}: {error}");
        }
    }

    #[test]
    fn the_hint_of_a_refused_symmetry_move_is_said_from_the_position() {
        // Knights 5x5 with one knight down: the second player to move has no strategy. The
        // first player's (the centre, then the half turn) holds when the knight is on the
        // centre, and not when it is on a1, whatever it was on the empty board.
        for (position, hint) in [
            (
                "...../...../..N../...../.....",
                "; the first player has one",
            ),
            (
                "...../...../...../...../N....",
                "; neither player has one here: try the perfect opponent",
            ),
        ] {
            let json = format!(r#"{{"game":"knights 5x5 at {position}","opponent":"symmetry"}}"#);
            let error = play(&asked(&json), &Watch::new()).unwrap_err().to_string();
            assert!(
                error.starts_with("no symmetry strategy for the computer as second player")
                    && error.ends_with(hint),
                "{position}: {error}"
            );
        }
    }

    #[test]
    fn a_position_set_up_mid_game_is_taken_over_by_whichever_players_strategy_holds_there() {
        // Five kings leave the free squares one whole column with the game's second player to
        // move (the piece count is odd): the player not to move wins by the answer in the same
        // column, the strategy that counted from the empty board belongs to the second player.
        const FIVE: &str = "kings 4x7 at ......./..K..K./......./..K.K.K";
        const ANSWER: &str = "kings on 4 rows: the answer in the same column";
        let answer = |json: String| play(&asked(&json), &Watch::new());
        let report = answer(format!(
            r#"{{"game":"{FIVE}","opponent":"symmetry","side":"second"}}"#
        ))
        .unwrap();
        assert_eq!(
            (report.played_by(), report.settled_by.as_deref()),
            (Some(ANSWER), Some(ANSWER))
        );
        let refused = answer(format!(
            r#"{{"game":"{FIVE}","opponent":"symmetry","side":"first"}}"#
        ))
        .unwrap_err()
        .to_string();
        assert!(
            refused.contains("no symmetry strategy for the computer as first player"),
            "{refused}"
        );
        // After a king in that column, the computer (now the game's first player) answers it.
        let six = FIVE.replace("at .......", "at K......");
        for opponent in ["symmetry", "perfect"] {
            let report = answer(format!(r#"{{"game":"{six}","opponent":"{opponent}"}}"#)).unwrap();
            assert_eq!(report.played(), Some("a4"), "{opponent}");
            assert!(report.played_by().unwrap().ends_with(ANSWER), "{opponent}");
            assert_eq!(report.nimber(), Some(0), "{opponent}");
        }
        // Asked to take the side to move there, it checks that answer carries on, and plays it.
        let report = answer(format!(
            r#"{{"game":"{six}","opponent":"symmetry","side":"first"}}"#
        ))
        .unwrap();
        assert_eq!(
            (report.played(), report.played_by()),
            (Some("a4"), Some(ANSWER))
        );
    }

    #[test]
    fn a_finished_game_and_a_symmetry_strategy_beyond_placement_games_are_refused() {
        for (json, refusal) in [
            (r#"{"game":"kayles 0"}"#, "the game is over"),
            (r#"{"game":"*0","convention":"misere"}"#, "has won"),
            (
                r#"{"game":"kayles 3","opponent":"symmetry"}"#,
                "symmetry strategies",
            ),
            (r#"{"game":"kayles 3","seconds":1}"#, "thinking time"),
        ] {
            let request: PlayRequest = serde_json::from_str(json).unwrap();
            let error = play(&request, &Watch::new()).unwrap_err().to_string();
            assert!(error.contains(refusal), "{json}: {error}");
        }
    }

    fn asked(json: &str) -> PlayRequest {
        serde_json::from_str(json).unwrap()
    }

    /// After the computer's move its opponent is to move, in every family and in sums, under
    /// both conventions: the heaps and the sums, whose position does not say who is to move,
    /// were asked with the first player to move, so the second is to move after the reply.
    #[test]
    fn after_the_computer_s_move_its_opponent_is_to_move() {
        use crate::report::Player::{First, Second};
        for (game, before) in [
            ("kayles 3 4", First),
            ("knights 3x3 + kayles 3", First),
            ("corner-knight 7 9", First),
            ("knights 5x5", First),
            ("knights 5x5 at N..../...../...../...../.....", Second),
            ("cram 3x4", First),
        ] {
            for convention in ["normal", "misere"] {
                let request = asked(&format!(
                    r#"{{"game":"{game}","convention":"{convention}"}}"#
                ));
                let report = play(&request, &Watch::new()).unwrap();
                assert_eq!(report.to_move(), before.other(), "{game}, {convention}");
                // The computer plays perfectly: it wins after its move exactly when the game
                // it moved in, asked about on its own, was a first-player win.
                let asked_before: crate::request::OutcomeRequest = serde_json::from_str(&format!(
                    r#"{{"game":"{game}","convention":"{convention}"}}"#
                ))
                .unwrap();
                let standing = crate::request::outcome(&asked_before, &Watch::new()).unwrap();
                let computer_wins = standing.outcome() == Some(Outcome::N);
                let expected = if computer_wins {
                    before
                } else {
                    before.other()
                };
                assert_eq!(report.winner(), Some(expected), "{game}, {convention}");
            }
        }
    }

    #[test]
    fn out_of_thinking_time_the_computer_plays_a_move_and_leaves_out_what_it_did_not_find() {
        let request = asked(&format!(r#"{{"game":"{UNSOLVED}","seconds":0.2}}"#));
        let started = Instant::now();
        let report = play(&request, &Watch::new()).unwrap();
        assert!(started.elapsed() < Duration::from_secs(20));
        let played_by = report.played_by().unwrap();
        assert!(
            played_by.starts_with("perfect play, out of time: ")
                && played_by.contains("moves shown to lose, no winning move found in 0.2 s"),
            "{played_by}"
        );
        assert_eq!(
            (report.nimber(), report.outcome(), report.winner()),
            (None, None, None)
        );
        assert!(report.listed.moves.is_none());
        // One more knight, on the square named.
        let played = report.played().unwrap();
        let after = request.game.play(played).expect("the move played is legal");
        assert_eq!(report.position, after.as_single().unwrap().position_text());
        assert_eq!(report.to_move(), crate::report::Player::Second);
    }

    #[test]
    fn every_move_shown_to_lose_the_opponent_wins_though_the_value_is_not_found() {
        // The empty 8x8 board is a second-player win by mirror play: each move is soon shown
        // to lose, but the value after it is not found in a moment.
        let request = asked(r#"{"game":"knights 8x8","seconds":1}"#);
        let report = play(&request, &Watch::new()).unwrap();
        assert_eq!(report.outcome(), Some(Outcome::N));
        assert_eq!(report.winner(), Some(crate::report::Player::Second));
        assert_eq!(report.nimber(), None);
        assert!(report.listed.moves.is_none());
        assert_eq!(
            report.played_by(),
            Some("perfect play; out of time: the nim-value after it not found in 1 s")
        );
    }

    #[test]
    fn with_time_enough_the_computer_plays_as_it_does_without_a_thinking_time() {
        for game in [
            "knights 4x4",
            "queens 4x5 at ...../.Q.../...../.....",
            "kings 3x4",
        ] {
            let timed = play(
                &asked(&format!(r#"{{"game":"{game}","seconds":600}}"#)),
                &Watch::new(),
            )
            .unwrap();
            let untimed = play(&asked(&format!(r#"{{"game":"{game}"}}"#)), &Watch::new()).unwrap();
            assert_eq!(
                (
                    &timed.position,
                    &timed.listed.moves,
                    &timed.played_by(),
                    timed.nimber()
                ),
                (
                    &untimed.position,
                    &untimed.listed.moves,
                    &untimed.played_by(),
                    untimed.nimber()
                ),
                "{game}"
            );
            assert!(
                timed.nimber().is_some() && timed.listed.moves.is_some(),
                "{game}"
            );
            assert_eq!(timed.played(), Some(timed.moves()[0].notation.as_str()));
        }
    }

    #[test]
    fn a_stop_of_the_watch_stops_the_computer_whatever_its_thinking_time() {
        let watch = Watch::new();
        watch.stop();
        let request = asked(&format!(r#"{{"game":"{UNSOLVED}","seconds":600}}"#));
        assert!(matches!(
            play(&request, &watch),
            Err(RunError::Stopped(Stopped::Described(_)))
        ));
    }

    #[test]
    fn a_thinking_time_out_of_range_is_refused_with_its_value() {
        for seconds in ["-1", "1e10"] {
            let error = serde_json::from_str::<PlayRequest>(&format!(
                r#"{{"game":"knights 3x3","seconds":{seconds}}}"#
            ))
            .unwrap_err()
            .to_string();
            assert!(
                error.contains("expected a thinking time from 0 to 1e9"),
                "{error}"
            );
        }
        let mut request = asked(r#"{"game":"knights 3x3"}"#);
        request.seconds = Some(f64::NAN);
        assert!(matches!(
            play(&request, &Watch::new()),
            Err(RunError::Input(message)) if message.starts_with("seconds NaN")
        ));
    }
}
