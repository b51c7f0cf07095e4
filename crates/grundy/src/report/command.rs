//! The questions grundy answers, as every report names them, and the players.

use serde::{Deserialize, Serialize};

use crate::values::Outcome;

/// A question grundy answers: one of its commands, printed as `"command"` in its report. This
/// is the one list of them: the questions a request asks ([`crate::request::QUESTIONS`]), the
/// commands that apply to each family (`crate::games::registry::Family::verbs`), and what
/// the front ends offer are read from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// `grundy value`: the nim-value and who wins.
    Value,
    /// `grundy outcome`: who wins, by outcome searches that stop at the first winning reply.
    Outcome,
    /// `grundy moves`: the winning moves, or every move with the value it leaves.
    Moves,
    /// `grundy table`: a table of values over a range of sizes.
    Table,
    /// `grundy sequence`: the nim-sequence of heap sizes and its period.
    Sequence,
    /// `grundy tour` (or `grundy tour find`): a knight's tour.
    Tour,
    /// `grundy tour exists`: whether a knight's tour exists.
    TourExists,
    /// `grundy tour verify`: whether a text holds a knight's tour.
    TourVerify,
    /// `grundy tour count`: how many knight's tours there are.
    TourCount,
    /// `grundy graph`: the facts of the attack graph (independence and domination numbers,
    /// terminal positions).
    Graph,
    /// `grundy conjecture`: tests a conjecture on a range of boards.
    Conjecture,
    /// `grundy check`: checks a family's theorems over many positions.
    Check,
    /// `grundy bench`: times the solver on the benchmark boards.
    Bench,
    /// `grundy play --reply`: the computer's move (`grundy play`: a game against it).
    Play,
    /// `grundy quotient`: the misère quotient of a heap game.
    Quotient,
    /// `grundy verify`: checks a certificate of a value without the engine's search.
    Verify,
}

impl Command {
    /// Every command, in the order the requests list them.
    pub const ALL: [Command; 16] = [
        Command::Value,
        Command::Moves,
        Command::Outcome,
        Command::Play,
        Command::Table,
        Command::Sequence,
        Command::Quotient,
        Command::Tour,
        Command::TourExists,
        Command::TourCount,
        Command::TourVerify,
        Command::Graph,
        Command::Conjecture,
        Command::Check,
        Command::Bench,
        Command::Verify,
    ];

    /// The command as its report prints it and as it is typed after `grundy`: `value`,
    /// `tour exists`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Command::Value => "value",
            Command::Outcome => "outcome",
            Command::Moves => "moves",
            Command::Table => "table",
            Command::Sequence => "sequence",
            Command::Tour => "tour",
            Command::TourExists => "tour exists",
            Command::TourVerify => "tour verify",
            Command::TourCount => "tour count",
            Command::Graph => "graph",
            Command::Conjecture => "conjecture",
            Command::Check => "check",
            Command::Bench => "bench",
            Command::Play => "play",
            Command::Quotient => "quotient",
            Command::Verify => "verify",
        }
    }

    /// The `"question"` a request asks for this command (`tour_exists`), or `None` for
    /// `bench`, which times this machine's searches on the command line alone, and `verify`,
    /// which reads a file on this machine: neither is a request.
    #[must_use]
    pub const fn question(self) -> Option<&'static str> {
        match self {
            Command::Value => Some("value"),
            Command::Outcome => Some("outcome"),
            Command::Moves => Some("moves"),
            Command::Table => Some("table"),
            Command::Sequence => Some("sequence"),
            Command::Tour => Some("tour"),
            Command::TourExists => Some("tour_exists"),
            Command::TourVerify => Some("tour_verify"),
            Command::TourCount => Some("tour_count"),
            Command::Graph => Some("graph"),
            Command::Play => Some("play"),
            Command::Quotient => Some("quotient"),
            Command::Conjecture => Some("conjecture"),
            Command::Check => Some("check"),
            Command::Bench | Command::Verify => None,
        }
    }
}

impl std::fmt::Display for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Command {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Command {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Command, D::Error> {
        let name = String::deserialize(deserializer)?;
        Command::ALL
            .into_iter()
            .find(|command| command.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Command::ALL.iter().map(|command| command.name()).collect();
                serde::de::Error::custom(format!(
                    "command `{name}`: expected one of {}",
                    names.join(", ")
                ))
            })
    }
}

/// A player, named by the order of play from the position's start: printed `"first"` or
/// `"second"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The player who moves first from the empty board (or from the position as given).
    First,
    /// The other player.
    Second,
}

impl Player {
    /// The player who wins when `self` is to move and the position has `outcome`.
    #[must_use]
    pub(crate) const fn winner(self, outcome: Outcome) -> Player {
        match (self, outcome) {
            (Player::First, Outcome::N) | (Player::Second, Outcome::P) => Player::First,
            _ => Player::Second,
        }
    }

    /// The other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// `"first"` or `"second"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Player::First => "first",
            Player::Second => "second",
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(value: &impl Serialize) -> serde_json::Value {
        serde_json::to_value(value).unwrap()
    }

    #[test]
    fn commands_are_named_as_typed() {
        assert_eq!(json(&Command::TourExists), "tour exists");
        assert_eq!(json(&Command::Value), "value");
        assert_eq!(json(&Player::Second), "second");
    }

    #[test]
    fn the_winner_follows_the_outcome_and_the_player_to_move() {
        assert_eq!(Player::First.winner(Outcome::N), Player::First);
        assert_eq!(Player::First.winner(Outcome::P), Player::Second);
        assert_eq!(Player::Second.winner(Outcome::N), Player::Second);
        assert_eq!(Player::Second.winner(Outcome::P), Player::First);
    }
}
