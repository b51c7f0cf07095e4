//! The questions as every front end asks them: each checks its request, asks the evaluator of
//! the request's convention ([`evaluator`], the one place the conventions are told apart) and
//! writes the game after each move it lists. The evaluators answer from the files below:
//! normal play from `game_questions`, `play`, `table` and `sequence`, misère play from its own.

use std::time::Instant;

use super::evaluator::evaluator;
use super::play::ComputerTurn;
use super::play_request::PlayRequest;
use super::thinking_time;
use super::{
    MovesRequest, OutcomeRequest, ResumableSearch, Resume, RunError, SequenceAnswer,
    SequenceRequest, Stopped, TableRequest, ValueRequest, RESUMABLE_GAMES,
};
use crate::games::contract::FamilyGame;
use crate::games::game::Game;
use crate::games::registry::{
    corner_check, misere_quotient, nim_sequence, placement_bench, placement_conjecture,
    windowed_heap_sequence, BenchRequest, CheckRequest, ConjectureRequest, Kept, QuotientEnd,
    QuotientProgress, QuotientRequest, SequenceEnd, StateKeeper, WindowedEnd, WindowedReport,
    WindowedRequest, WindowedRun,
};
use crate::misere::Convention;
use crate::report::{
    BenchReport, CheckReport, ConjectureReport, GameReport, QuotientReport, TableReport,
};
use crate::watch::{Event, Watch, WorkWatch};

/// The value of `request.game` under its convention: its nim-value and outcome, or under
/// misère play who wins and its genus.
///
/// # Errors
/// A game too large for its limits, records that do not resume, or a stop.
pub fn value(request: &ValueRequest, watch: &Watch) -> Result<GameReport, RunError> {
    refuse_resume(&request.game, &request.resume, request.convention)?;
    evaluator(request.convention, &request.limits).value(&request.game, &request.resume, watch)
}

/// The winning moves of `request.game`, or with `all` every move and how it is judged under
/// the request's convention, each with the game it leaves.
///
/// # Errors
/// A game too large for its limits, or a stop.
pub fn moves(request: &MovesRequest, watch: &Watch) -> Result<GameReport, RunError> {
    let seconds = super::thinking_time::check(request.seconds).map_err(RunError::Input)?;
    let mut report = evaluator(request.convention, &request.limits).moves(
        &request.game,
        request.all,
        seconds,
        watch,
    )?;
    if let Some(moves) = report.listed.moves.as_mut() {
        super::after::write_games_after(&request.game, moves);
    }
    Ok(report)
}

/// Who wins `request.game` under its convention, and a winning first move.
///
/// # Errors
/// A game too large for its limits, records that do not resume, or a stop.
pub fn outcome(request: &OutcomeRequest, watch: &Watch) -> Result<GameReport, RunError> {
    let game = &request.game;
    refuse_resume(game, &request.resume, request.convention)?;
    let mut report =
        evaluator(request.convention, &request.limits).outcome(game, &request.resume, watch)?;
    if let Some(winning) = report.first_move_search.winning_move.as_mut() {
        super::after::write_games_after(game, std::slice::from_mut(winning));
    }
    if let Some(others) = report.first_move_search.symmetric_winning_moves.as_mut() {
        super::after::write_games_after(game, others);
    }
    Ok(report)
}

/// Records to resume from are for a game's first-move search ([`ResumableSearch`]), under
/// normal play.
fn refuse_resume(game: &Game, resume: &Resume, convention: Convention) -> Result<(), RunError> {
    let nothing = resume.records.is_empty() && resume.tries.is_empty() && resume.facts.is_empty();
    if !nothing && convention.is_misere() {
        return Err(RunError::input(
            "records to resume from (checkpoints) are for normal play's first-move searches, not misère play",
        ));
    }
    if nothing || ResumableSearch::of(game).is_some() {
        return Ok(());
    }
    Err(RunError::input(format!(
        "records to resume from are for {RESUMABLE_GAMES}, not for `{game}`"
    )))
}

/// The computer's move in `request.game`, the position it leaves and that position's value;
/// with a `side` not to move, asked before a game, how the computer will play and no move.
///
/// # Errors
/// A game that is not one placement game, a finished game, no strategy of the kind asked for
/// (for the `side` asked), or a stop (nothing played).
pub fn play(request: &PlayRequest, watch: &Watch) -> Result<GameReport, RunError> {
    if let Some(named) = super::play::answer_before_the_game(request)? {
        return Ok(named);
    }
    let mut report = computer_move(request, true, watch)?;
    if let Some(moves) = report.listed.moves.as_mut() {
        super::after::write_games_after(&request.game, moves);
    }
    Ok(report)
}

/// The computer's move in `request.game` played on against a person, move after move (`grundy
/// play`): the move as the person would type it, who chose it and the game it leaves. Unlike
/// [`play`] it does not value the position the move leaves, which the game goes on from: a
/// random move on a board too large to solve is played at once. `request.side` is not read:
/// the session checked its side when it started ([`super::computer_name`]).
///
/// # Errors
/// As [`play`].
pub fn computer_turn(request: &PlayRequest, watch: &Watch) -> Result<ComputerTurn, RunError> {
    let report = computer_move(request, false, watch)?;
    let typed = match report.listed.moves.as_deref() {
        Some([played, ..]) => crate::games::play_text::typed_form(&request.game, played),
        _ => report
            .played()
            .ok_or_else(|| RunError::Failed("the computer's answer has no move".to_string()))?
            .to_string(),
    };
    let after = request
        .game
        .play(&typed)
        .map_err(|error| RunError::Failed(format!("the computer's move {typed}: {error}")))?;
    Ok(ComputerTurn {
        typed,
        played_by: report.played_by().unwrap_or_default().to_string(),
        after,
    })
}

fn computer_move(
    request: &PlayRequest,
    value_after: bool,
    watch: &Watch,
) -> Result<GameReport, RunError> {
    let Some(single) = request
        .game
        .as_single()
        .filter(|single| single.has_own_computer())
    else {
        return super::play::play_by_moves(request, watch);
    };
    // A request built in Rust, not read from JSON, is checked here.
    thinking_time::check(request.seconds).map_err(RunError::Input)?;
    evaluator(request.convention, &request.limits).own_computer_reply(
        request,
        single,
        value_after,
        watch,
    )
}

/// The table `request` asks for.
///
/// # Errors
/// [`RunError::Input`] for rows or columns out of range or a corner table too large for
/// memory; [`RunError::Stopped`] with [`super::Stopped::Table`], the cells finished, when the watch
/// stopped the search first.
pub fn table(request: &TableRequest, watch: &Watch) -> Result<TableReport, RunError> {
    let (rows, cols) = super::table::checked_labels(request)?;
    evaluator(request.convention, &request.limits).table(request, &rows, &cols, watch)
}

/// The nim-sequence `request` asks for.
///
/// # Errors
/// [`RunError::Input`] for a heap past `MAX_SEQUENCE_HEAP` or past what the reference method or the
/// memory can reach; [`RunError::Stopped`] with [`super::Stopped::Sequence`] when the watch stopped
/// it, and [`RunError::OutOfMemory`] when the memory did, each with the values finished.
pub fn sequence(request: &SequenceRequest, watch: &Watch) -> Result<SequenceAnswer, RunError> {
    let mut observer = WorkWatch {
        watch,
        task: format!("{} sequence", request.game.name()),
    };
    let mut answer = nim_sequence(request, &mut observer).map_err(|end| match end {
        SequenceEnd::Refused(message) => RunError::input(message),
        SequenceEnd::Stopped(kept) => RunError::Stopped(Stopped::Sequence(kept)),
        SequenceEnd::OutOfMemory { message, kept } => RunError::OutOfMemory {
            message,
            kept: Box::new(Stopped::Sequence(kept)),
        },
    })?;
    let started = Instant::now();
    answer.genera = evaluator(request.convention, &request.limits).heap_genera(&answer, watch)?;
    if let Some(genera) = &answer.genera {
        answer.seconds += started.elapsed().as_secs_f64();
        // Stopped while finding the genera: the values, and the genera found, are kept.
        if watch.is_stopped() && genera.len() <= answer.to {
            answer.stopped = true;
            return Err(RunError::Stopped(Stopped::Sequence(Box::new(answer))));
        }
    }
    Ok(answer)
}

/// The nim-sequence in fixed memory `request` asks for ([`WindowedRequest`]), its state handed
/// to `keeper` as it goes (at the start, every [`super::KEEP_EVERY`], at the end), progress
/// and stops through `watch`. A heap that needed values outside the window ends the run early
/// with the heaps before it reported (`ended_by`).
///
/// # Errors
/// [`RunError::Input`] for a request refused by its values (the window, the heap, a checkpoint
/// of another game or window); [`RunError::Stopped`] when the watch stopped it before the first
/// window was computed. A keeper that could not keep the state ends the run with its report
/// ([`WindowedRun::not_kept`](super::WindowedRun::not_kept)).
pub fn windowed_sequence(
    request: &WindowedRequest,
    watch: &Watch,
    keeper: &mut dyn StateKeeper,
) -> Result<WindowedRun, RunError> {
    let mut observer = WorkWatch {
        watch,
        task: format!("{} sequence", request.game.name()),
    };
    windowed_heap_sequence(request, &mut observer, keeper).map_err(|end| match end {
        WindowedEnd::Refused(message) => RunError::input(message),
        WindowedEnd::Stopped => RunError::Stopped(Stopped::Nothing),
    })
}

/// The windowed run that `request`, a `sequence` request with a window, asks for (its window,
/// memory and threads), from the start: every front end asks a windowed sequence this way,
/// and one that keeps a checkpoint sets its `resume` to the checkpoint's bytes.
///
/// # Errors
/// [`RunError::Input`] for misère play or values to show: a windowed answer lists no values
/// and no genera.
pub fn windowed_request(request: &SequenceRequest) -> Result<WindowedRequest, RunError> {
    if request.convention == Convention::Misere || request.show.is_some() {
        return Err(RunError::input(
            "a sequence with a window reports counts and the last values, not every value: leave out misère play and the values shown (`show`)",
        ));
    }
    Ok(WindowedRequest {
        game: request.game.clone(),
        to: Some(request.to),
        window: request.window,
        resume: None,
        memory: request.limits.memory,
        threads: request.limits.thread_count(),
    })
}

/// The nim-sequence a [`SequenceRequest`] with a `window` asks for: run as
/// [`windowed_sequence`] without a checkpoint, within the request's memory. A run that needed
/// values outside the window is answered for the heaps before it, with `stopped_by` saying
/// why.
///
/// # Errors
/// [`RunError::Input`] for misère play or `show` with a window (a windowed answer lists no
/// values and no genera) and for the refusals of [`windowed_sequence`]; [`RunError::Stopped`]
/// with [`Stopped::WindowedSequence`], the heaps finished, when the watch stopped it after the
/// first window (with [`Stopped::Nothing`] before).
pub fn sequence_in_window(
    request: &SequenceRequest,
    watch: &Watch,
) -> Result<WindowedReport, RunError> {
    let windowed = windowed_request(request)?;
    let report = windowed_sequence(&windowed, watch, &mut Kept::Nowhere)?.report;
    if report.interrupted && report.stopped_by.is_none() {
        return Err(RunError::Stopped(Stopped::WindowedSequence(Box::new(
            report,
        ))));
    }
    Ok(report)
}

/// The misère quotient `request` asks for, each heap finished and each candidate tried told
/// to `watch`; one that outgrows its limits is reported for the heaps finished, with
/// `stopped_by` saying why.
///
/// # Errors
/// More heaps than [`MAX_QUOTIENT_HEAPS`](super::MAX_QUOTIENT_HEAPS), or a stop
/// ([`Stopped::Quotient`], with the heaps finished).
pub fn quotient(request: &QuotientRequest, watch: &Watch) -> Result<QuotientReport, RunError> {
    let asked = request.heaps as u64;
    let task = format!("{} quotient: heaps", request.game.name());
    let mut tell = |news: QuotientProgress| {
        watch.send(&match news {
            QuotientProgress::Heap(heap) => Event::Steps {
                task: task.clone(),
                done: heap as u64,
                total: asked,
            },
            QuotientProgress::Trial {
                heap,
                trial,
                elements,
                limit,
            } => Event::QuotientTrial {
                heap: heap as u64,
                trial: trial as u64,
                elements: elements as u64,
                limit: limit as u64,
            },
        });
    };
    misere_quotient(request, watch.stop_flag(), &mut tell).map_err(|end| match end {
        QuotientEnd::Refused(message) => RunError::input(message),
        QuotientEnd::Stopped(kept) => RunError::Stopped(Stopped::Quotient(kept)),
    })
}

/// Checks the theorems of the request's game: the report says which statements held on how
/// many positions, and every failure (at most 20). A failure is an answer, not an error: the
/// front end decides what it means for its exit status.
///
/// # Errors
/// [`RunError::Input`] for a size out of range or a corner game without theorems to check;
/// [`RunError::Stopped`] when the watch's flag is raised before the check starts.
pub fn check(request: &CheckRequest, watch: &Watch) -> Result<CheckReport, RunError> {
    if watch.is_stopped() {
        return Err(RunError::Stopped(Stopped::Nothing));
    }
    corner_check(request).map_err(RunError::input)
}

/// Times each benchmark case the request selects ([`BENCH_CASES`](super::BENCH_CASES)): the
/// watch hears a case finished ([`Event::Steps`] of `benchmark cases`); its flag stops the run
/// between cases.
///
/// # Errors
/// [`RunError::Input`] when no case matches or the dense size is past
/// [`MAX_DENSE_SIZE`](super::MAX_DENSE_SIZE); [`RunError::Stopped`] when the watch's flag is
/// raised.
pub fn bench(request: &BenchRequest, watch: &Watch) -> Result<BenchReport, RunError> {
    let mut observer = WorkWatch {
        watch,
        task: "benchmark cases".to_string(),
    };
    placement_bench(request, &mut observer).map_err(RunError::from)
}

/// Tests the conjecture on each board in turn, up to the first counterexample. The watch hears
/// the boards counted ([`Event::Steps`] of `boards`); its flag stops the test between boards.
///
/// # Errors
/// [`RunError::Stopped`] when the watch's flag is raised.
pub fn conjecture(
    request: &ConjectureRequest,
    watch: &Watch,
) -> Result<ConjectureReport, RunError> {
    let mut observer = WorkWatch {
        watch,
        task: "boards".to_string(),
    };
    placement_conjecture(request, &mut observer).map_err(RunError::from)
}
