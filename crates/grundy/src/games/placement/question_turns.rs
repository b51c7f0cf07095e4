//! How the first-move search settles one group of first moves for one value `g` of a round
//! ("does this move leave `g`?"): that question and the one for the least smaller value not yet
//! settled take turns, each within a budget of positions that doubles every turn, and what a
//! run spent on a question it did not answer is handed on, so that the next run takes its turns
//! where this one left them.
//!
//! Asking for `g` straight away is usually cheapest, but not when the position's value is
//! smaller: the search then refutes every reply in the position before it tries the heap move
//! that wins (on queens 15×15 the corner leaves 0, and "corner + *1" had not finished after 25
//! CPU-minutes, where "corner + *0" takes 7.7 million positions, about two). Asking the smaller
//! values first costs one more search per smaller value, which tripled the positions of queens
//! 13×13. Taking turns costs at most about twice the work of the cheaper question (less, since
//! the tables keep what the abandoned tries learnt).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use crate::values::Nimber;

use super::search_threads::Worker;
use super::{PlacementGame, PlacementPosition};

/// What was settled for one group and one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Settled {
    /// The move leaves a position of the value asked about.
    pub(super) leaves_value: bool,
    pub(super) positions: u64,
}

/// The fewest positions the first try of each question may search.
pub(super) const FIRST_TRY_POSITIONS: u64 = 1 << 16;

/// What is known of one question about a group of first moves: does it leave this value?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Asked {
    /// Answered.
    Answered(Settled),
    /// Not answered yet: the positions searched on it so far, in earlier rounds of this run
    /// and in the earlier runs the search resumed from (0 when it was never asked).
    Unanswered(u64),
}

impl Asked {
    /// The positions searched on the question without an answer.
    fn unanswered_positions(self) -> u64 {
        match self {
            Asked::Answered(_) => 0,
            Asked::Unanswered(positions) => positions,
        }
    }
}

/// The answer that a move leaving a smaller value gives for `heap`: it does not leave it.
const NOT_LEFT: Settled = Settled {
    leaves_value: false,
    positions: 0,
};

/// What [`settle_group`] tells as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Turn {
    /// It is about to search whether the move leaves this value (for the progress display).
    Asking(u32),
    /// What it has learnt of whether the move leaves this value: an answer, or the total of a
    /// question's tries after one that searched and was abandoned or stopped (earlier runs'
    /// included), told at once so that a front end can keep it before the run is killed.
    Learnt(u32, Asked),
}

/// Settles whether the position `after` a first move has the value `heap`: the answer, or
/// `None` when `stop` was raised first. `tell` hears of each question before it is searched
/// and of all that is learnt on the way, the answer for `heap` last ([`Turn`]).
/// `earlier(j)` is what earlier rounds and runs know of the value `j`. An answer counts the
/// positions of its own search and of this call's abandoned tries (of either question), not
/// those of earlier runs, which their own records count.
///
/// The first budget is `hardest`, the most any question has taken in this run (which this
/// raises), so that a move no harder than those is settled straight away. Each turn gives a
/// question what its budget leaves after the tries earlier runs (or earlier rounds of this
/// one) made of it, and passes it over when they have had it all: a resumed run takes its turns where the last one left them,
/// instead of starting again with `heap` (on knights 9×9, whose questions take longer than a
/// working session, runs that started again with `heap` never came to the smaller value).
// Each argument is a different part of the round's state, and there is one caller (and tests).
#[allow(clippy::too_many_arguments)]
pub(super) fn settle_group(
    solver: &mut Worker<'_>,
    game: &PlacementGame,
    after: &PlacementPosition,
    heap: u32,
    earlier: impl Fn(u32) -> Asked,
    hardest: &AtomicU64,
    stop: &Arc<AtomicBool>,
    tell: &mut dyn FnMut(Turn),
) -> Option<Settled> {
    // The least smaller value not settled yet, if any.
    let mut smaller = 0;
    let mut budget = hardest.load(Ordering::Relaxed).max(1);
    // This call's positions of abandoned tries, counted with the next answer.
    let mut abandoned: u64 = 0;
    // By question: the positions of this call's tries without an answer.
    let mut tried_here: Vec<(u32, u64)> = Vec::new();
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        while smaller < heap {
            match earlier(smaller) {
                Asked::Answered(settled) if settled.leaves_value => {
                    tell(Turn::Learnt(heap, Asked::Answered(NOT_LEFT)));
                    return Some(NOT_LEFT);
                }
                Asked::Answered(_) => smaller += 1,
                Asked::Unanswered(_) => break,
            }
        }
        let ladder_left = smaller < heap;
        let questions = if ladder_left {
            &[heap, smaller][..]
        } else {
            &[heap][..]
        };
        for &asked in questions {
            let earlier_tries = earlier(asked).unanswered_positions();
            let limit = if !ladder_left || budget == u64::MAX {
                u64::MAX
            } else {
                budget.saturating_sub(earlier_tries)
            };
            if limit == 0 {
                // Earlier runs' tries have had this turn's budget.
                continue;
            }
            tell(Turn::Asking(asked));
            let before = solver.positions();
            let answer = solver.has_value_within(game, after, Nimber::new(asked), stop, limit);
            let positions = solver.positions() - before;
            let Some(leaves_value) = answer else {
                if positions > 0 {
                    let here = match tried_here
                        .iter_mut()
                        .find(|(question, _)| *question == asked)
                    {
                        Some((_, here)) => here,
                        None => {
                            tried_here.push((asked, 0));
                            &mut tried_here.last_mut().expect("just pushed").1
                        }
                    };
                    *here = here.saturating_add(positions);
                    let total = earlier_tries.saturating_add(*here);
                    tell(Turn::Learnt(asked, Asked::Unanswered(total)));
                }
                if stop.load(Ordering::Relaxed) {
                    // Answered by another thread, or the search was asked to stop.
                    return None;
                }
                abandoned = abandoned.saturating_add(positions);
                continue;
            };
            let positions = positions.saturating_add(std::mem::take(&mut abandoned));
            hardest.fetch_max(positions, Ordering::Relaxed);
            let answer = Settled {
                leaves_value,
                positions,
            };
            tell(Turn::Learnt(asked, Asked::Answered(answer)));
            if asked == heap {
                return Some(answer);
            }
            if leaves_value {
                // It leaves a smaller value, so not this one.
                tell(Turn::Learnt(heap, Asked::Answered(NOT_LEFT)));
                return Some(NOT_LEFT);
            }
            smaller += 1;
            break;
        }
        budget = budget.saturating_mul(2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`settle_group`] with what it tells collected: the values announced before they were
    /// searched, and what it learnt, in order; checks that the answer returned is the last
    /// thing learnt, about `heap`.
    #[allow(clippy::too_many_arguments)]
    fn settle_and_collect(
        solver: &mut Worker<'_>,
        game: &PlacementGame,
        after: &PlacementPosition,
        heap: u32,
        earlier: impl Fn(u32) -> Asked,
        hardest: &AtomicU64,
        stop: &Arc<AtomicBool>,
        on_asking: impl Fn(u32),
    ) -> (Vec<(u32, Asked)>, Vec<u32>) {
        let mut learnt = Vec::new();
        let mut announced = Vec::new();
        let answer = settle_group(
            solver,
            game,
            after,
            heap,
            earlier,
            hardest,
            stop,
            &mut |turn| match turn {
                Turn::Asking(value) => {
                    announced.push(value);
                    on_asking(value);
                }
                Turn::Learnt(value, known) => learnt.push((value, known)),
            },
        );
        if let Some(answer) = answer {
            assert_eq!(learnt.last(), Some(&(heap, Asked::Answered(answer))));
        }
        (learnt, announced)
    }
    use crate::board::BoardSize;
    use crate::games::placement::win_search::WinSearch;
    use crate::games::placement::{Piece, PlacementSolver};
    use crate::solver::WinTable;

    /// Settles every group of first moves of `piece` on `rows`×`cols` for every value up to
    /// one past its own, by both searches, with `earlier` standing for what earlier runs knew,
    /// and checks the answers against the solver's values. `check` sees each case's answers and
    /// the values announced.
    fn settle_every_group(
        piece: Piece,
        rows: u32,
        cols: u32,
        hardest: u64,
        earlier: impl Fn(u32, u32) -> Asked,
        check: impl Fn(&str, u32, &[(u32, Asked)], &[u32]),
    ) {
        let game = PlacementGame::new(piece, BoardSize::new(rows, cols).unwrap());
        let empty = game.empty();
        let mut reference = PlacementSolver::new(&game, 1 << 22);
        let never = Arc::new(AtomicBool::new(false));
        for group in reference.moves_up_to_symmetry(&empty) {
            let after = game.play(&empty, group[0]).unwrap();
            let value = reference.nim_value(&after).value();
            for (heap, win_search) in (0..=value + 1).flat_map(|h| [(h, false), (h, true)]) {
                // A fresh solver: nothing known, so every try must be searched.
                let mut solver = PlacementSolver::new(&game, 1 << 22);
                let mut search = WinSearch::new(&game, Arc::new(WinTable::with_budget(0)));
                let mut worker = if win_search {
                    Worker::Wins(&mut search)
                } else {
                    Worker::General(&mut solver)
                };
                let (answers, announced) = settle_and_collect(
                    &mut worker,
                    &game,
                    &after,
                    heap,
                    |asked| earlier(heap, asked),
                    &AtomicU64::new(hardest),
                    &never,
                    |_| {},
                );
                let case = format!(
                    "{piece} {rows}x{cols} {} heap {heap}, win search {win_search}",
                    group[0]
                );
                let &(asked, last) = answers.last().expect("an answer");
                assert_eq!(asked, heap, "{case}");
                let Asked::Answered(last) = last else {
                    panic!("{case}: no answer for {heap}: {answers:?}");
                };
                assert_eq!(last.leaves_value, value == heap, "{case}");
                for &(asked, known) in &answers {
                    if let Asked::Answered(settled) = known {
                        assert_eq!(settled.leaves_value, value == asked, "{case}: {asked}");
                    }
                }
                check(&case, value, &answers, &announced);
            }
        }
    }

    /// With a budget of one position, every question is abandoned again and again before it
    /// is answered, by both routes: the answers must still be the moves' true values, and
    /// every question searched was announced first (for the progress display).
    #[test]
    fn settling_a_move_with_tiny_budgets_gives_its_true_value() {
        for (piece, rows, cols) in [
            (Piece::Queen, 5, 6),
            (Piece::Queen, 6, 6),
            (Piece::Knight, 4, 5),
            (Piece::Bishop, 5, 5),
        ] {
            settle_every_group(
                piece,
                rows,
                cols,
                1,
                |_, _| Asked::Unanswered(0),
                |case, _, answers, announced| {
                    for &(asked, known) in answers {
                        let searched = match known {
                            Asked::Answered(settled) => settled.positions > 0,
                            Asked::Unanswered(_) => true,
                        };
                        assert!(
                            !searched || announced.contains(&asked),
                            "{case}: {asked} not in {announced:?}"
                        );
                    }
                },
            );
        }
    }

    /// A question that earlier runs searched long without an answer is passed over until the
    /// other question has had as much: with the round's value said to have taken a billion
    /// positions, the smaller value is asked first. The answers stay true whatever the
    /// earlier runs are said to have spent (all of `u64::MAX` included), and an answer counts
    /// this run's positions only: the earlier runs' are their records'.
    #[test]
    fn a_question_earlier_runs_tried_waits_for_the_other() {
        const EARLIER: u64 = 1 << 30;
        settle_every_group(
            Piece::Knight,
            4,
            5,
            1 << 16,
            |heap, asked| Asked::Unanswered(if asked == heap { EARLIER } else { 0 }),
            |case, _, answers, announced| {
                let heap = answers.last().expect("an answer").0;
                if heap > 0 {
                    assert_eq!(announced.first(), Some(&0), "{case}: {announced:?}");
                }
                for &(_, known) in answers {
                    if let Asked::Answered(settled) = known {
                        assert!(settled.positions < EARLIER, "{case}: {answers:?}");
                    }
                }
            },
        );
        // Tries by earlier runs of any size, on either question, change no answer.
        for earlier_tries in [1, 1000, 1 << 20, u64::MAX] {
            settle_every_group(
                Piece::Queen,
                5,
                5,
                1,
                |heap, asked| {
                    Asked::Unanswered(earlier_tries.saturating_mul(u64::from(asked + heap + 1)))
                },
                |_, _, _, _| {},
            );
        }
    }

    /// Raised in the middle of the turns (by the front end, or by another thread answering
    /// the round), the stop ends them at once: what was answered before is true, and every try
    /// reported searched something.
    #[test]
    fn a_stop_in_the_middle_of_the_turns_ends_them() {
        let game = PlacementGame::new(Piece::Queen, BoardSize::new(6, 6).unwrap());
        let empty = game.empty();
        let mut reference = PlacementSolver::new(&game, 1 << 22);
        let mut stopped_early = 0;
        for group in reference.moves_up_to_symmetry(&empty) {
            let after = game.play(&empty, group[0]).unwrap();
            let value = reference.nim_value(&after).value();
            let heap = value + 1;
            for stop_at in 1..6 {
                let mut solver = PlacementSolver::new(&game, 1 << 22);
                let mut worker = Worker::General(&mut solver);
                let stop = Arc::new(AtomicBool::new(false));
                let asks = std::cell::Cell::new(0);
                let (answers, _) = settle_and_collect(
                    &mut worker,
                    &game,
                    &after,
                    heap,
                    |_| Asked::Unanswered(0),
                    &AtomicU64::new(1),
                    &stop,
                    |_| {
                        asks.set(asks.get() + 1);
                        if asks.get() == stop_at {
                            stop.store(true, Ordering::Relaxed);
                        }
                    },
                );
                assert!(
                    asks.get() <= stop_at,
                    "{}: asked on after the stop",
                    group[0]
                );
                stopped_early +=
                    usize::from(answers.last().is_none_or(|&(asked, _)| asked != heap));
                for (asked, known) in answers {
                    match known {
                        Asked::Answered(settled) => {
                            assert_eq!(settled.leaves_value, asked == value, "{}", group[0]);
                        }
                        Asked::Unanswered(total) => assert!(total > 0, "{}", group[0]),
                    }
                }
            }
        }
        assert!(stopped_early > 0);
    }

    /// A try abandoned at its budget is reported with the positions spent on that question
    /// so far, earlier runs' included, growing from one report to the next.
    #[test]
    fn abandoned_tries_are_reported_with_their_totals() {
        settle_every_group(
            Piece::Queen,
            6,
            6,
            1,
            |_, asked| Asked::Unanswered(u64::from(asked) * 7),
            |case, _, answers, _| {
                for asked in 0..=answers.last().expect("an answer").0 {
                    let totals: Vec<u64> = answers
                        .iter()
                        .filter(|&&(question, _)| question == asked)
                        .filter_map(|&(_, known)| match known {
                            Asked::Unanswered(total) => Some(total),
                            Asked::Answered(_) => None,
                        })
                        .collect();
                    assert!(
                        totals.windows(2).all(|pair| pair[0] < pair[1]),
                        "{case}: {asked}: {totals:?}"
                    );
                    assert!(
                        totals
                            .first()
                            .is_none_or(|&first| first > u64::from(asked) * 7),
                        "{case}: {asked}: {totals:?}"
                    );
                }
            },
        );
    }
}
