//! The normal-play evaluator: each summand valued by its family's evaluator, a sum by the
//! nim-sum, a placement game alone by its first-move search (which resumes from records and
//! runs on every thread).

use super::Evaluator;
use crate::games::computer::ComputerAsked;
use crate::games::contract::FamilyGame;
use crate::games::game::Game;
use crate::games::sum::Summand;
use crate::misere::genus::Genus;
use crate::report::{GameReport, TableReport};
use crate::request::play_request::PlayRequest;
use crate::request::thinking_time::within;
use crate::request::{game_questions, table};
use crate::request::{Limits, Resume, RunError, SequenceAnswer, TableRequest};
use crate::watch::Watch;

/// Normal play (the player who makes the last move wins), within `limits`.
pub(super) struct NormalEvaluator {
    pub(super) limits: Limits,
}

impl Evaluator for NormalEvaluator {
    fn value(&self, game: &Game, resume: &Resume, watch: &Watch) -> Result<GameReport, RunError> {
        game_questions::normal_value(game, &self.limits, resume, watch)
    }

    fn moves(
        &self,
        game: &Game,
        all: bool,
        seconds: Option<f64>,
        watch: &Watch,
    ) -> Result<GameReport, RunError> {
        game_questions::normal_moves(game, all, &self.limits, seconds, watch)
    }

    fn outcome(&self, game: &Game, resume: &Resume, watch: &Watch) -> Result<GameReport, RunError> {
        game_questions::normal_outcome(game, &self.limits, resume, watch)
    }

    fn own_computer_reply(
        &self,
        request: &PlayRequest,
        single: &Summand,
        value_after: bool,
        watch: &Watch,
    ) -> Result<GameReport, RunError> {
        let asked = ComputerAsked {
            opponent: request.opponent,
            seed: request.seed,
            seconds: request.seconds,
            memory: request.limits.memory,
            value_after,
        };
        let reply = within(request.seconds, watch, |stop| {
            single.computer_reply(&asked, stop, watch.stop_flag(), Box::new(watch.clone()))
        });
        Ok(reply?)
    }

    fn table(
        &self,
        request: &TableRequest,
        rows: &[usize],
        cols: &[usize],
        watch: &Watch,
    ) -> Result<TableReport, RunError> {
        table::normal_table(request, rows, cols, watch)
    }

    fn heap_genera(
        &self,
        _answer: &SequenceAnswer,
        _watch: &Watch,
    ) -> Result<Option<Vec<Genus>>, RunError> {
        Ok(None)
    }
}
