//! The moves of a game's position within a thinking time (`moves --seconds`): what the web
//! page asks before a student may click, so that a board too hard to solve in the time is
//! still played on. The family searches ([`FamilyGame::moves_within`]) until the time's flag
//! is raised; a stop of the watch instead refuses the answer.

use super::thinking_time::within;
use super::{RunError, Stopped};
use crate::games::contract::FamilyGame;
use crate::games::game::Game;
use crate::report::GameReport;
use crate::watch::Watch;

/// The winning moves of `game`, or with `all` every move and the value it leads to, as far as
/// `seconds` of search settle them.
///
/// # Errors
/// A game whose family has no search within a time, or a stop of the watch (not the end of
/// the thinking time, which answers).
pub(super) fn moves_in_time(
    game: &Game,
    all: bool,
    memory: u64,
    seconds: f64,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    let answer = game.as_single().and_then(|single| {
        within(Some(seconds), watch, |stop| {
            single.moves_within(all, memory, stop, Box::new(watch.clone()))
        })
    });
    let Some(report) = answer else {
        return Err(RunError::input(format!(
            "seconds (moves within a time) is for one placement game under normal play (any game under misère play), not `{game}`"
        )));
    };
    if watch.is_stopped() {
        return Err(RunError::Stopped(Stopped::Nothing));
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use proptest::prelude::*;

    use super::*;
    use crate::report::Move;
    use crate::request::game_questions::tests::after_moves;
    use crate::request::{moves, MovesRequest};
    use crate::values::Outcome;

    /// Knights 8x8 after a1 and b1: no symmetry strategy applies, and no search of a move
    /// ends within a second.
    const UNSOLVED: &str =
        "knights 8x8 at NN....../......../......../......../......../......../......../........";

    fn asked(json: &str) -> Result<GameReport, RunError> {
        let request: MovesRequest = serde_json::from_str(json).map_err(RunError::input)?;
        moves(&request, &Watch::new())
    }

    /// The answer within a time long enough is the answer without one, move for move.
    fn same_as_unbounded(game: &str, all: bool) {
        let bounded = asked(&format!(r#"{{"game":"{game}","all":{all},"seconds":600}}"#)).unwrap();
        let whole = asked(&format!(r#"{{"game":"{game}","all":{all}}}"#)).unwrap();
        assert_eq!(bounded.listed.moves_unsettled, Some(0), "{game}");
        assert_eq!(bounded.listed.moves, whole.listed.moves, "{game}");
        assert_eq!(
            (bounded.nimber(), bounded.outcome(), bounded.winner()),
            (whole.nimber(), whole.outcome(), whole.winner()),
            "{game}"
        );
        assert_eq!(
            (
                bounded.listed.legal_moves,
                bounded.listed.winning_moves,
                bounded.settled_by
            ),
            (
                whole.listed.legal_moves,
                whole.listed.winning_moves,
                whole.settled_by
            ),
            "{game}"
        );
    }

    /// Knights 8x8 after a1: a8, h1 and h8 leave a position mirror play wins for the player
    /// who made them, so they win without search, however little time is given (they were
    /// "not searched in time", and the count said "0 winning").
    #[test]
    fn the_known_strategies_settle_moves_without_search() {
        let game = "knights 8x8 at N......./......../......../......../......../......../......../........";
        for all in [false, true] {
            let report = asked(&format!(r#"{{"game":"{game}","all":{all},"seconds":0}}"#)).unwrap();
            let mut winning: Vec<&str> = report
                .listed
                .moves
                .iter()
                .flatten()
                .filter(|m| m.winning == Some(true))
                .map(|m| m.notation.as_str())
                .collect();
            winning.sort_unstable();
            assert_eq!(winning, ["a8", "h1", "h8"], "all: {all}");
            assert_eq!(report.listed.winning_moves, Some(3));
            assert_eq!(report.outcome(), Some(Outcome::N));
        }
    }

    #[test]
    fn given_time_enough_the_answer_is_the_whole_answer() {
        for game in [
            "knights 5x5",
            "queens 5x5",
            "kings 4x5",
            "knights 4x4",
            "bishops+knights 3x3",
            "rooks 3x4 torus",
            "queens 4x4 blocked at .Q../..../..../....",
            "knights 3x3 at N../.../..N",
        ] {
            same_as_unbounded(game, true);
            same_as_unbounded(game, false);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        /// Random positions of small boards: the same moves, values and outcome.
        #[test]
        fn random_positions_answer_as_without_a_time(
            piece in prop::sample::select(vec!["knights", "kings", "queens", "bishops"]),
            rows in 1_usize..5,
            cols in 1_usize..6,
            placed in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
            all in any::<bool>(),
        ) {
            let written = after_moves(&format!("{piece} {rows}x{cols}"), &placed);
            same_as_unbounded(&written, all);
        }
    }

    #[test]
    fn out_of_time_every_move_is_listed_with_what_was_settled() {
        let started = Instant::now();
        let report = asked(&format!(
            r#"{{"game":"{UNSOLVED}","all":true,"seconds":0.3}}"#
        ))
        .unwrap();
        assert!(started.elapsed().as_secs_f64() < 30.0);
        let listed = report.moves().to_vec();
        assert_eq!(listed.len(), report.listed.legal_moves.unwrap());
        let unvalued = listed.iter().filter(|m| m.nimber.is_none()).count();
        assert!(unvalued > 0);
        assert_eq!(report.listed.moves_unsettled, Some(unvalued));
        // A move without a value is said to win only when it does; one valued says so.
        for m in &listed {
            match m.nimber {
                Some(nimber) => assert_eq!(m.winning, Some(nimber == 0)),
                None => assert_ne!(m.winning, Some(true)),
            }
        }
        assert_eq!(report.nimber(), None);
        let winning = listed.iter().filter(|m| m.wins()).count();
        assert_eq!(report.listed.winning_moves, Some(winning));
        assert_eq!(report.outcome(), (winning > 0).then_some(Outcome::N));
        assert_eq!(report.winner().is_some(), report.outcome().is_some());
    }

    #[test]
    fn without_all_only_the_moves_shown_to_win_are_listed() {
        let report = asked(&format!(r#"{{"game":"{UNSOLVED}","seconds":0.3}}"#)).unwrap();
        let listed = report.moves().to_vec();
        assert!(listed.iter().all(|m| m.nimber == Some(0) && m.wins()));
        assert!(report.listed.moves_unsettled.unwrap() > 0);
    }

    #[test]
    fn a_board_mirror_play_settles_has_no_winning_move_at_once() {
        // Mirror play: every move of knights 8x8 loses, though no value is searched in no time.
        let report = asked(r#"{"game":"knights 8x8","all":true,"seconds":0}"#).unwrap();
        assert_eq!(
            (report.nimber(), report.outcome()),
            (Some(0), Some(Outcome::P))
        );
        assert!(report
            .settled_by
            .as_ref()
            .unwrap()
            .starts_with("mirror play"));
        let listed = report.moves().to_vec();
        assert_eq!(listed.len(), 64);
        assert!(listed.iter().all(|m| m.winning == Some(false)));
    }

    #[test]
    fn a_time_is_for_one_placement_game_under_normal_play_and_in_range() {
        for (json, expected) in [
            (r#"{"game":"kayles 3 4","seconds":1}"#, "not `kayles 3 4`"),
            (
                r#"{"game":"knights 3x3 + *1","seconds":1}"#,
                "not `knights 3x3 + *1`",
            ),
            (r#"{"game":"knights 3x3","seconds":-1}"#, "seconds -1"),
            (r#"{"game":"knights 3x3","seconds":1e10}"#, "seconds 1e10:"),
        ] {
            match asked(json) {
                Err(RunError::Input(message)) => assert!(message.contains(expected), "{message}"),
                other => panic!("{json}: {other:?}"),
            }
        }
    }

    #[test]
    fn misere_moves_within_a_time_keep_the_moves_judged() {
        // Time enough: the whole answer.
        for game in ["knights 4x4", "kayles 3 4 + knights 3x3", "kings 3x4"] {
            let timed = asked(&format!(
                r#"{{"game":"{game}","all":true,"convention":"misere","seconds":600}}"#
            ))
            .unwrap();
            let whole = asked(&format!(
                r#"{{"game":"{game}","all":true,"convention":"misere"}}"#
            ))
            .unwrap();
            assert_eq!(timed.listed.moves_unsettled, Some(0), "{game}");
            assert_eq!(
                (timed.moves(), timed.outcome(), timed.winner()),
                (whole.moves(), whole.outcome(), whole.winner()),
                "{game}"
            );
        }
        // Knights 7x7 takes seconds under misère play: out of time, every move is listed and
        // those not judged say nothing of whether they win.
        let report =
            asked(r#"{"game":"knights 7x7","all":true,"convention":"misere","seconds":0.2}"#)
                .unwrap();
        let listed = report.moves().to_vec();
        assert_eq!(listed.len(), 49);
        let unjudged = listed.iter().filter(|m| m.winning.is_none()).count();
        assert!(unjudged > 0);
        assert_eq!(report.listed.moves_unsettled, Some(unjudged));
        assert!(listed.iter().all(|m| m.nimber.is_none()));
        let won = listed.iter().any(Move::wins);
        assert_eq!(report.outcome(), won.then_some(Outcome::N));
    }

    #[test]
    fn a_stop_of_the_watch_is_a_stop_not_an_answer() {
        let request: MovesRequest = serde_json::from_str(&format!(
            r#"{{"game":"{UNSOLVED}","all":true,"seconds":600}}"#
        ))
        .unwrap();
        let watch = Watch::new();
        let stopper = watch.clone();
        let timer = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            stopper.stop();
        });
        let answer = moves(&request, &watch);
        timer.join().unwrap();
        assert!(matches!(answer, Err(RunError::Stopped(Stopped::Nothing))));
    }
}
