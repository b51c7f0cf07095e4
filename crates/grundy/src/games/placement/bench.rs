//! The solver timed on the benchmark boards of docs/PERFORMANCE.md: `grundy bench`. Each case
//! runs in a fresh solver with an empty table, on one thread, so that the figures compare
//! across versions. Not a question a server answers: its figures are the machine's, and its
//! largest case takes minutes.

use std::time::Instant;

use super::{Piece, PlacementGame, PlacementSolver};
use crate::board::BoardSize;
use crate::games::work_observer::{WorkEnd, WorkObserver};
use crate::report::{BenchCase, BenchReport, Command, SCHEMA_VERSION};

/// The boards the targets are set on: empty boards, full nim-value computation.
pub const BENCH_CASES: [(Piece, &str); 4] = [
    (Piece::Knight, "5x9"),
    (Piece::Knight, "7x7"),
    (Piece::Queen, "9x9"),
    (Piece::Queen, "10x10"),
];

/// The largest component the dense endgame search may be given. Its time doubles with about
/// every square beyond this: knights 7x7 takes 2 s at 24 squares, 26 s at 28, and at 30 or more
/// the benchmark does not finish in any reasonable time.
pub const MAX_DENSE_SIZE: usize = 24;

/// Which benchmark cases to time, and how the solver is tuned for them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchRequest {
    /// Only the cases whose name (`knights 7x7`) contains this text.
    pub only: Option<String>,
    /// Value components of at most this many squares by the plain mex rule and larger ones by
    /// outcome probes, instead of the per-piece default. Changes the speed, never the values.
    pub full_mex_size: Option<usize>,
    /// Value components of at most this many squares (at most [`MAX_DENSE_SIZE`]) by the dense
    /// endgame search instead of the per-piece default (0 turns it off).
    pub dense_size: Option<usize>,
    /// The most memory each case's transposition table may take.
    pub memory: u64,
}

/// Times each case the request selects, in the order of [`BENCH_CASES`]. `observer` hears
/// each case finished, and stops the run between cases.
///
/// # Errors
/// [`WorkEnd::Refused`] when no case matches or the dense size is past [`MAX_DENSE_SIZE`];
/// [`WorkEnd::Stopped`] when `observer` stops it.
pub(crate) fn bench(
    request: &BenchRequest,
    observer: &mut dyn WorkObserver,
) -> Result<BenchReport, WorkEnd> {
    if let Some(size) = request.dense_size.filter(|&size| size > MAX_DENSE_SIZE) {
        return Err(WorkEnd::Refused(format!(
            "dense size `{size}` is not valid: expected a number of squares from 0 to {MAX_DENSE_SIZE} (the dense search's time doubles with every square beyond)"
        )));
    }
    let selected: Vec<(Piece, BoardSize)> = BENCH_CASES
        .iter()
        .map(|&(piece, board)| (piece, board.parse().expect("benchmark boards are valid")))
        .filter(|(piece, board)| {
            request
                .only
                .as_ref()
                .is_none_or(|only| format!("{piece} {board}").contains(only.as_str()))
        })
        .collect();
    if selected.is_empty() {
        return Err(WorkEnd::Refused(format!(
            "no benchmark case matches `{}`: the cases are knights 5x9, knights 7x7, queens 9x9 and queens 10x10",
            request.only.as_deref().unwrap_or_default()
        )));
    }
    let mut cases = Vec::new();
    for (piece, board) in selected.iter().copied() {
        if observer.should_stop() {
            return Err(WorkEnd::Stopped);
        }
        cases.push(time_case(request, piece, board));
        observer.progress(cases.len(), selected.len());
    }
    Ok(BenchReport {
        schema: SCHEMA_VERSION,
        command: Command::Bench,
        cases,
    })
}

/// The nim-value of `piece` on the empty `board`, timed in a fresh solver.
fn time_case(request: &BenchRequest, piece: Piece, board: BoardSize) -> BenchCase {
    let game = PlacementGame::new(piece, board);
    let mut solver = PlacementSolver::new(&game, request.memory);
    if let Some(size) = request.full_mex_size {
        solver.set_full_mex_size(size);
    }
    if let Some(size) = request.dense_size {
        solver.set_dense_size(size);
    }
    let started = Instant::now();
    let nimber = solver.nim_value(&game.empty());
    let seconds = started.elapsed().as_secs_f64();
    let stats = solver.stats();
    BenchCase {
        game: piece.to_string(),
        board: board.to_string(),
        nimber: nimber.value(),
        positions_searched: stats.positions,
        table_hits: stats.table_hits,
        endgame_positions: stats.endgame_positions,
        table_bytes: stats.table.bytes,
        seconds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::{bench, RunError};
    use crate::watch::Watch;

    #[test]
    fn a_case_is_chosen_by_its_name_and_an_unknown_one_is_refused() {
        let request = |only: &str| BenchRequest {
            only: Some(only.to_string()),
            full_mex_size: None,
            dense_size: None,
            memory: 1 << 26,
        };
        let report = bench(&request("knights 5x9"), &Watch::new()).unwrap();
        assert_eq!(report.cases.len(), 1);
        assert_eq!(
            (report.cases[0].board.as_str(), report.cases[0].nimber),
            ("5x9", 1)
        );
        let error = bench(&request("dragons"), &Watch::new()).unwrap_err();
        assert!(error.to_string().contains("dragons"), "{error}");
        let too_dense = BenchRequest {
            dense_size: Some(MAX_DENSE_SIZE + 1),
            ..request("5x9")
        };
        assert!(matches!(
            bench(&too_dense, &Watch::new()),
            Err(RunError::Input(_))
        ));
    }
}
