//! The normal-play evaluator: each summand valued by its family's evaluator, a sum by the
//! nim-sum, a placement game alone by its first-move search (which resumes from records and
//! runs on every thread).

use super::Evaluator;
use crate::games::game::Game;
use crate::games::placement::{PlacementGame, PlacementPosition};
use crate::misere::genus::Genus;
use crate::report::{GameReport, TableReport};
use crate::request::play_request::PlayRequest;
use crate::request::{game_questions, play, table};
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

    fn placement_reply(
        &self,
        request: &PlayRequest,
        game: &PlacementGame,
        position: &PlacementPosition,
        value_after: bool,
        watch: &Watch,
    ) -> Result<GameReport, RunError> {
        play::normal_placement_reply(request, game, position, value_after, watch)
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
