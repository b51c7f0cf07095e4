//! The theorems about a corner game checked value by value on a square of the board:
//! `grundy check corner-knight --to 2000`, the request
//! `{"question":"check","game":"corner-knight","to":2000}`. Which theorems apply is the
//! game's to say: Corner the Knight has Katayama and Koyama's (2021) closed form, the corner
//! queen Wythoff's P-positions.

use std::time::Instant;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{CornerGame, MAX_CORNER};
use crate::report::{CheckReport, Checked, Command, SCHEMA_VERSION};

/// The theorems of a corner game checked on every position `(m, n)` with `m, n < to`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The corner game: `corner-knight` or `corner-queen`.
    #[serde(serialize_with = "write_game", deserialize_with = "read_game")]
    pub game: CornerGame,
    /// Check every position `(m, n)` with `m, n` below this (1 to [`MAX_CORNER`], default 200).
    #[serde(default = "default_to")]
    pub to: usize,
}

fn default_to() -> usize {
    200
}

fn write_game<S: Serializer>(game: &CornerGame, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(game)
}

fn read_game<'de, D: Deserializer<'de>>(deserializer: D) -> Result<CornerGame, D::Error> {
    let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
    corner_game_of_check(&name).map_err(serde::de::Error::custom)
}

/// The corner game named `name`, whose theorems a [`CheckRequest`] checks (the registry's
/// `check_game` first refuses a name of another family by the questions it takes).
///
/// # Errors
/// A corner game misnamed.
pub(crate) fn corner_game_of_check(name: &str) -> Result<CornerGame, String> {
    name.parse().map_err(|error| format!("{error}"))
}

impl CheckRequest {
    /// The theorems of `game` on the default square.
    #[must_use]
    pub fn new(game: CornerGame) -> CheckRequest {
        CheckRequest {
            game,
            to: default_to(),
        }
    }
}

/// Checks the theorems of the request's game: the report says which statements held on how
/// many positions, and every failure (at most 20). A failure is an answer, not an error: the
/// front end decides what it means for its exit status.
///
/// # Errors
/// For a size out of range or a corner game without theorems to check, the message naming
/// which.
pub(crate) fn check(request: &CheckRequest) -> Result<CheckReport, String> {
    let to = request.to;
    if to == 0 || to > MAX_CORNER {
        return Err(format!(
            "`to` {to} is not valid: expected a size from 1 to {MAX_CORNER} (every position m, n below it is checked)"
        ));
    }
    let game = &request.game;
    let Some(theorems) = game.theorems() else {
        return Err(format!(
            "grundy check knows the theorems of corner-knight and corner-queen, not {game}"
        ));
    };
    let started = Instant::now();
    let (_, found) = theorems(to);
    let seconds = started.elapsed().as_secs_f64();
    Ok(CheckReport {
        schema: SCHEMA_VERSION,
        command: Command::Check,
        game: game.to_string(),
        to,
        checked: found
            .checked
            .iter()
            .map(|(statement, cases)| Checked {
                statement: statement.clone(),
                cases: *cases,
            })
            .collect(),
        holds: found.holds(),
        failures: found.failures,
        seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::registry::check_game;
    use crate::request::{check, RunError};
    use crate::watch::Watch;

    #[test]
    fn both_corner_theorems_hold_and_other_games_are_refused_by_name() {
        for name in ["corner-knight", "corner-queen"] {
            let request = CheckRequest {
                game: check_game(name).unwrap(),
                to: 30,
            };
            let report = check(&request, &Watch::new()).unwrap();
            assert!(report.holds && !report.checked.is_empty(), "{name}");
            assert_eq!(report.game, name);
        }
        let refused = check_game("queens").unwrap_err().to_string();
        assert!(refused.contains("grundy check"), "{refused}");
        let stepper = CheckRequest::new(check_game("corner:-1,-2;-2,-1").unwrap());
        let error = check(&stepper, &Watch::new()).unwrap_err().to_string();
        assert!(error.contains("corner-knight and corner-queen"), "{error}");
        let too_far = CheckRequest {
            to: MAX_CORNER + 1,
            ..CheckRequest::new(CornerGame::Queen)
        };
        assert!(matches!(
            check(&too_far, &Watch::new()),
            Err(RunError::Input(_))
        ));
    }

    #[test]
    fn a_request_reads_its_game_and_default_square() {
        let request: crate::request::Request =
            serde_json::from_str(r#"{"question":"check","game":"wythoff"}"#).unwrap();
        assert_eq!(
            serde_json::to_string(&request).unwrap(),
            r#"{"question":"check","game":"corner-queen","to":200}"#
        );
    }
}
