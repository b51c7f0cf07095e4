//! A search that a front end can stop, keep and resume, or spread over the ranks of a job: the
//! first-move search of `value` and `outcome` for the games that have one. [`ResumableSearch::of`]
//! says whether a game is searched so; its checkpoint is text the front end keeps (lines it
//! writes as the search tells it what is settled, a file it reads back before the next run),
//! and what the file held becomes the request's [`Resume`]. The front end does the I/O
//! (locking, appending, cutting off a torn line); the lines' format and their checksums are
//! the family's, and a file refused by the search is explained here, by its line.

use std::time::Instant;

use super::checkpoint::CheckpointLines;
pub(crate) use super::checkpoint::{CheckpointError, CheckpointText};
use super::root_search::{
    Interrupted, ResumeError, RootObserver, RootOutcome, RootReport, RootSearch, RootValue,
    SettledRecord, TriedRecord, FACTS_KEPT,
};
use super::unit_search::{SettledUnit, UnitResumeError};
use super::{Placement, PlacementGame, PlacementMove, PlacementPosition};
use crate::games::contract::FamilyGame;
use crate::games::game::Game;
use crate::report::{
    Command, FirstMoveSearch, GameReport, Move, PartReport, SearchCost, ValuePart,
};
use crate::solver::Fact;
use crate::values::{Nimber, Outcome};

/// The games whose search keeps a checkpoint, as a sentence names them.
pub const RESUMABLE_GAMES: &str = "the placement games (pieces on a board)";

/// What an earlier run of the same first-move search left, for a run that carries on from it:
/// what a checkpoint keeps.
#[derive(Clone, Debug, Default)]
pub struct Resume {
    /// The questions it settled, as [`Event::Settled`](crate::watch::Event::Settled) told them.
    pub records: Vec<SettledRecord>,
    /// The questions it searched long without an answer, as [`Event::Tried`](crate::watch::Event::Tried) told them.
    pub tries: Vec<TriedRecord>,
    /// What it had learnt of the question it was searching when it stopped, as
    /// [`Event::Learnt`](crate::watch::Event::Learnt) told it.
    pub facts: Vec<Fact>,
}

impl Resume {
    /// The questions its tries name that its records leave unsettled, each once with its
    /// largest total, in the order first tried: what a front end says the search takes on.
    #[must_use]
    pub fn unanswered(&self) -> Vec<TriedRecord> {
        let mut open: Vec<TriedRecord> = Vec::new();
        for tried in &self.tries {
            let asks = |value: Nimber, first_move: PlacementMove| {
                value == tried.value && first_move == tried.first_move
            };
            if self
                .records
                .iter()
                .any(|record| asks(record.value, record.first_move))
            {
                continue;
            }
            match open
                .iter_mut()
                .find(|known| asks(known.value, known.first_move))
            {
                Some(known) => known.positions = known.positions.max(tried.positions),
                None => open.push(*tried),
            }
        }
        open
    }
}

/// Why a checkpoint (or the facts kept beside it) was refused by the search resuming from it,
/// for people: which file, and the reason by its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A line of the checkpoint: `line 3: …` or `lines 2 and 3 …`.
    Checkpoint(String),
    /// A line of the facts beside it: `line 2: …`.
    Facts(String),
}

/// Why a first-move search ended without its answer.
#[derive(Debug)]
pub enum FirstMoveEnd {
    /// Its observer stopped it: what the search had settled by then, and when asked for, the
    /// costliest facts it had learnt of the question it was searching (what a checkpoint keeps
    /// beside its lines).
    Stopped(Box<RootReport>, Option<Vec<Fact>>),
    /// The records to resume from do not fit the search.
    Resume(ResumeError),
}

impl From<ResumeError> for FirstMoveEnd {
    fn from(error: ResumeError) -> FirstMoveEnd {
        FirstMoveEnd::Resume(error)
    }
}

/// The search of one game that keeps a checkpoint and can be spread over ranks.
#[derive(Clone, Debug)]
pub struct ResumableSearch {
    pub(crate) game: PlacementGame,
    pub(crate) position: PlacementPosition,
    lines: CheckpointLines,
}

impl ResumableSearch {
    /// The resumable search of `game`; `None` when its search keeps nothing (a sum, or a game
    /// of a family answered otherwise: stopping it loses nothing worth keeping).
    #[must_use]
    pub fn of(game: &Game) -> Option<ResumableSearch> {
        game.as_single()?.resumable_search()
    }

    /// The first-move search of a placement game.
    pub(crate) fn of_placement(placement: &Placement) -> ResumableSearch {
        ResumableSearch {
            lines: CheckpointLines::new(&placement.game, &placement.position),
            game: placement.game.clone(),
            position: placement.position,
        }
    }

    /// The nim-value, searched by first move on `threads` threads with tables of `memory`
    /// bytes, carrying on from `resume`, telling `observer` (which may stop it); with
    /// `keep_facts` a stopped search gives what it learnt.
    ///
    /// # Errors
    /// A stop (with what was settled), or records that do not fit.
    pub(crate) fn value(
        &self,
        threads: usize,
        memory: u64,
        resume: &Resume,
        observer: &mut dyn RootObserver,
        keep_facts: bool,
    ) -> Result<GameReport, FirstMoveEnd> {
        let (answer, seconds) = self.search(threads, memory, resume, keep_facts, |root| {
            root.nim_value(observer)
        })?;
        Ok(self.value_report(&answer, seconds))
    }

    /// Who wins, searched by first move as [`ResumableSearch::value`] searches.
    ///
    /// # Errors
    /// As [`ResumableSearch::value`].
    pub(crate) fn outcome(
        &self,
        threads: usize,
        memory: u64,
        resume: &Resume,
        observer: &mut dyn RootObserver,
        keep_facts: bool,
    ) -> Result<GameReport, FirstMoveEnd> {
        let (answer, seconds) = self.search(threads, memory, resume, keep_facts, |root| {
            root.outcome(observer)
        })?;
        Ok(self.outcome_report(&answer, seconds))
    }

    /// Runs `search` (a nim-value or an outcome search by first move) within its threads and
    /// memory, resuming from `resume`: its answer and the seconds it took (the tables' making
    /// left out, as docs/PERFORMANCE.md's figures are).
    fn search<T>(
        &self,
        threads: usize,
        memory: u64,
        resume: &Resume,
        keep_facts: bool,
        search: impl FnOnce(&mut RootSearch) -> Result<T, Interrupted>,
    ) -> Result<(T, f64), FirstMoveEnd> {
        let mut root = RootSearch::new(&self.game, &self.position, threads, memory);
        if !resume.records.is_empty() {
            root.resume(&resume.records)?;
        }
        if !resume.tries.is_empty() {
            root.resume_tries(&resume.tries)?;
        }
        if !resume.facts.is_empty() {
            root.learn(&resume.facts)?;
        }
        let started = Instant::now();
        let answer = search(&mut root).map_err(|Interrupted { report }| {
            let learnt = keep_facts.then(|| root.costliest_facts(FACTS_KEPT));
            FirstMoveEnd::Stopped(Box::new(report), learnt)
        })?;
        Ok((answer, started.elapsed().as_secs_f64()))
    }

    /// The keys of the game's report: board, surface, ray rule, position, who is to move.
    fn report(&self, command: Command, nimber: Option<Nimber>, outcome: Outcome) -> GameReport {
        let placement = Placement {
            game: self.game.clone(),
            position: self.position,
        };
        GameReport {
            value: ValuePart::normal(nimber.map(Nimber::value)),
            ..placement.report(command, outcome)
        }
    }

    /// The report of the nim-value found by a first-move search (on this host's threads or
    /// on the ranks of a cluster) in `seconds`.
    #[must_use]
    pub(crate) fn value_report(&self, answer: &RootValue, seconds: f64) -> GameReport {
        let RootReport {
            groups,
            resumed,
            positions,
            stats,
            threads,
            ..
        } = answer.report;
        GameReport {
            first_move_search: FirstMoveSearch {
                first_moves_up_to_symmetry: Some(groups),
                resumed_from_checkpoint: Some(resumed),
                ..FirstMoveSearch::default()
            },
            cost: SearchCost {
                positions_searched: Some(positions),
                table_hits: Some(stats.table_hits),
                endgame_positions: Some(stats.endgame_positions),
                threads: Some(threads),
                ..SearchCost::default()
            },
            seconds,
            settled_by: answer.settled_by.clone(),
            parts: (!answer.parts.is_empty()).then(|| {
                answer
                    .parts
                    .iter()
                    .map(|(squares, nimber)| PartReport::new(squares, *nimber))
                    .collect()
            }),
            ..self.report(Command::Value, Some(answer.nimber), answer.nimber.outcome())
        }
    }

    /// The report of the outcome found by a first-move search in `seconds`.
    #[must_use]
    pub(crate) fn outcome_report(&self, answer: &RootOutcome, seconds: f64) -> GameReport {
        let several = self.game.pieces().len() > 1;
        let as_move = |first: &PlacementMove| {
            Move::placement(first.square, first.piece, several, Nimber::ZERO)
        };
        let report = &answer.report;
        GameReport {
            first_move_search: FirstMoveSearch {
                winning_move: answer.winning_moves.first().map(as_move),
                symmetric_winning_moves: answer
                    .winning_moves
                    .split_first()
                    .map(|(_, others)| others.iter().map(as_move).collect()),
                first_moves: Some(report.first_moves),
                first_moves_up_to_symmetry: Some(report.groups),
                first_moves_settled: Some(report.settled),
                resumed_from_checkpoint: Some(report.resumed),
            },
            cost: SearchCost {
                positions_searched: Some(report.positions),
                endgame_positions: Some(report.stats.endgame_positions),
                threads: Some(report.threads),
                ..SearchCost::default()
            },
            seconds,
            settled_by: answer.settled_by.clone(),
            ..self.report(Command::Outcome, None, answer.outcome)
        }
    }

    /// The checkpoint's first line, newline included: which search it keeps.
    #[must_use]
    pub fn header_line(&self) -> String {
        self.lines.header_line()
    }

    /// The line of a question settled, newline included (what `Event::Settled` tells).
    #[must_use]
    pub fn settled_line(&self, record: &SettledRecord) -> String {
        self.lines.record_line(record)
    }

    /// The line of a question searched long without an answer, newline included (what
    /// `Event::Tried` tells).
    #[must_use]
    pub fn tried_line(&self, record: &TriedRecord) -> String {
        self.lines.tried_line(record)
    }

    /// The line of a unit settled by the ranks of a job, newline included.
    #[must_use]
    pub fn unit_line(&self, unit: &SettledUnit) -> String {
        self.lines.unit_line(unit)
    }

    /// The text of the facts kept beside the checkpoint ([`Event::Learnt`](crate::watch::Event::Learnt)'s).
    #[must_use]
    pub fn facts_text(&self, facts: &[Fact]) -> String {
        self.lines.facts_text(facts)
    }

    /// What the checkpoint's bytes hold, a torn last line dropped.
    ///
    /// # Errors
    /// A line that is not of this search, or damaged, by its number.
    pub fn read(&self, contents: &[u8]) -> Result<CheckpointText, CheckpointError> {
        self.lines.parse(contents)
    }

    /// What the bytes of the facts kept beside the checkpoint hold.
    ///
    /// # Errors
    /// A line that is not of this search, or damaged, by its number.
    pub fn read_facts(&self, contents: &[u8]) -> Result<CheckpointText, CheckpointError> {
        self.lines.parse_facts(contents)
    }

    /// What `read` gives the search on this host to resume from.
    #[must_use]
    pub fn resume(read: &CheckpointText) -> Resume {
        Resume {
            records: read.records.clone(),
            tries: read.tries.clone(),
            facts: read.facts.clone(),
        }
    }

    /// What `read` gives a search over ranks to resume from: its first moves, then its deeper
    /// units, with the line of each.
    #[must_use]
    pub fn units(read: &CheckpointText) -> (Vec<SettledUnit>, Vec<usize>) {
        let units = read.records.iter().copied().map(SettledUnit::from);
        let lines = read.lines.iter().chain(&read.unit_lines).copied().collect();
        (units.chain(read.units.iter().cloned()).collect(), lines)
    }

    /// What earlier runs spent on the questions `resume` leaves unanswered, for people (the
    /// search gives each what its budgets leave after that); `None` when there are none.
    #[must_use]
    pub fn unanswered_note(&self, resume: &Resume) -> Option<String> {
        let open = resume.unanswered();
        if open.is_empty() {
            return None;
        }
        let named: Vec<String> = open
            .iter()
            .map(|tried| {
                format!(
                    "{} for {} ({} positions)",
                    self.game.move_name(tried.first_move),
                    tried.value,
                    tried.positions
                )
            })
            .collect();
        Some(format!(
            "earlier runs searched {} questions without an answer, and each now has what its budgets leave after them: {}",
            open.len(),
            named.join(", ")
        ))
    }

    /// Why the search on this host refused what `read` held, by its line.
    #[must_use]
    pub fn refusal(read: &CheckpointText, error: &ResumeError) -> Refusal {
        let not_a_first_move =
            |line: usize| format!("line {line}: its move is not a first move of this position");
        Refusal::Checkpoint(match *error {
            ResumeError::NotAFirstMove { index, .. } => not_a_first_move(read.lines[index]),
            ResumeError::TriedNotAFirstMove { index, .. } => not_a_first_move(read.tried_lines[index]),
            ResumeError::NotAFact { index } => {
                return Refusal::Facts(format!(
                    "line {}: not about a component of this game, or contradicts the checkpoint (the file was edited or is another search's); move it aside to search without it",
                    read.fact_lines[index]
                ))
            }
            ResumeError::Contradiction { first, second } => format!(
                "lines {} and {} settle the same first moves two different ways (the file was edited or mixes two searches); use another file",
                read.lines[first], read.lines[second]
            ),
        })
    }

    /// Why a search over ranks refused the units of [`ResumableSearch::units`], whose lines
    /// are `lines`: a line of the checkpoint, by its number.
    #[must_use]
    pub fn unit_refusal(lines: &[usize], error: &UnitResumeError) -> String {
        match *error {
            UnitResumeError::IllegalPath { index } => format!(
                "line {}: its moves are not legal moves of this position",
                lines[index]
            ),
            UnitResumeError::Contradiction { index } => format!(
                "line {} contradicts an earlier line (the file was edited or mixes two searches); use another file",
                lines[index]
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::placement::Piece;

    /// The questions left unanswered: each once, with its largest total, in the order first
    /// tried, and none that a record settles.
    #[test]
    fn unanswered_questions_are_each_named_once_with_their_largest_total() {
        let game = PlacementGame::new(Piece::Knight, "5x5".parse().unwrap());
        let first_move = |square: &str| PlacementMove {
            square: game.board().parse_square(square).unwrap(),
            piece: Piece::Knight,
        };
        let tried = |square: &str, value: u32, positions: u64| TriedRecord {
            value: Nimber::new(value),
            first_move: first_move(square),
            positions,
        };
        let resume = Resume {
            records: vec![SettledRecord {
                value: Nimber::new(1),
                first_move: first_move("b1"),
                leaves_value: false,
                positions: 9,
            }],
            tries: vec![
                tried("a1", 2, 10),
                tried("b1", 1, 50),
                tried("a1", 0, 7),
                tried("a1", 2, 30),
                tried("b1", 0, 4),
            ],
            facts: Vec::new(),
        };
        assert_eq!(
            resume.unanswered(),
            [tried("a1", 2, 30), tried("a1", 0, 7), tried("b1", 0, 4)]
        );
    }
}
