//! How a question's game is judged, chosen in one place ([`evaluator`]) from the request's
//! convention: under normal play each summand's family values it ([`crate::games::contract::NormalPlay`]:
//! a placement game's first-move search, a graph's search, a heap game's sequence, a corner
//! game's formula) and a sum takes the nim-sum; under misère play the misère search judges whole
//! positions made of the families' parts ([`crate::games::parts::PartFamily`]), and the theories that
//! reach further answer without search (misère Nim's closed form, a heap game's quotient).
//!
//! The questions (`value`, `moves`, `outcome`, `play`, `table`, `sequence`) check the request,
//! ask the evaluator, and write the games after the moves, in one code path each; what differs
//! between the conventions is what the evaluator answers.

mod misere;
mod normal;

use super::play_request::PlayRequest;
use super::{Limits, Resume, RunError, SequenceAnswer, TableRequest};
#[cfg(doc)]
use crate::games::contract::FamilyGame;
use crate::games::game::Game;
use crate::games::sum::Summand;
use crate::misere::genus::Genus;
use crate::misere::Convention;
use crate::report::{GameReport, TableReport};
use crate::watch::Watch;

/// What the questions ask of a game under one convention. Each answer is the question's report,
/// with the keys of its convention: a nim-value under normal play; who wins, the winning
/// moves and (when small) the genus under misère play.
pub(super) trait Evaluator {
    /// The game's value: its nim-value, or who wins under misère play and its genus.
    ///
    /// # Errors
    /// A game too large for its limits, records that do not resume, or a stop.
    fn value(&self, game: &Game, resume: &Resume, watch: &Watch) -> Result<GameReport, RunError>;

    /// The winning moves, or with `all` every move and how it is judged, within `seconds`
    /// when given.
    ///
    /// # Errors
    /// A game too large for its limits, a thinking time the evaluator does not take, or a stop.
    fn moves(
        &self,
        game: &Game,
        all: bool,
        seconds: Option<f64>,
        watch: &Watch,
    ) -> Result<GameReport, RunError>;

    /// Who wins, and a winning move.
    ///
    /// # Errors
    /// A game too large for its limits, records that do not resume, or a stop.
    fn outcome(&self, game: &Game, resume: &Resume, watch: &Watch) -> Result<GameReport, RunError>;

    /// The computer's move in `single` (the game of `request`), whose family has a player of
    /// its own ([`FamilyGame::has_own_computer`]: strategies and a thinking time); any other
    /// game is played by its moves ([`Evaluator::moves`]). With `value_after` the report values
    /// the position the move leaves; without, it says only what choosing the move showed.
    ///
    /// # Errors
    /// A finished game, an opponent the convention has no strategy for, or a stop.
    fn own_computer_reply(
        &self,
        request: &PlayRequest,
        single: &Summand,
        value_after: bool,
        watch: &Watch,
    ) -> Result<GameReport, RunError>;

    /// The table of `request`, its rows and columns `rows` and `cols` already checked.
    ///
    /// # Errors
    /// A cell too large, or a stop ([`super::Stopped::Table`], the cells finished).
    fn table(
        &self,
        request: &TableRequest,
        rows: &[usize],
        cols: &[usize],
        watch: &Watch,
    ) -> Result<TableReport, RunError>;

    /// What a heap game's sequence adds under this convention: under misère play the genus of
    /// each heap from 0 up, as far as it is found; nothing under normal play.
    ///
    /// # Errors
    /// A stop.
    fn heap_genera(
        &self,
        answer: &SequenceAnswer,
        watch: &Watch,
    ) -> Result<Option<Vec<Genus>>, RunError>;
}

/// The evaluator of `convention`, within `limits`: the one place the conventions are told
/// apart.
pub(super) fn evaluator(convention: Convention, limits: &Limits) -> Box<dyn Evaluator> {
    match convention {
        Convention::Normal => Box::new(normal::NormalEvaluator {
            limits: limits.clone(),
        }),
        Convention::Misere => Box::new(misere::MisereEvaluator {
            limits: limits.clone(),
        }),
    }
}
