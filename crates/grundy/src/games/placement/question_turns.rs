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

use super::root_search::Settled;
use super::search_threads::Worker;
use super::{PlacementGame, PlacementPosition};

/// The fewest positions the first try of each question may search.
pub(super) const FIRST_TRY_POSITIONS: u64 = 1 << 16;

/// What is known of one question about a group of first moves: does it leave this value?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Asked {
    /// Answered.
    Answered(Settled),
    /// Not answered yet: the positions searched on it so far, by this run and by the earlier
    /// runs the search resumed from (0 when it was never asked).
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
const NOT_LEFT: Asked = Asked::Answered(Settled {
    leaves_value: false,
    positions: 0,
});

/// Settles whether the position `after` a first move has the value `heap`, and returns what it
/// learnt on the way, in order: (value asked, what is known of it now) pairs, with an
/// [`Asked::Unanswered`] for each try abandoned (its total, earlier runs' tries included) and an
/// [`Asked::Answered`] for each question answered; the last is the answer for `heap` unless
/// `stop` was raised first. `earlier(j)` is what earlier rounds and runs know of the value `j`.
///
/// The first budget is `hardest`, the most any question of this round (about the value `heap`)
/// has taken so far (which this raises), so that a move no harder than those is settled
/// straight away. (The questions of earlier rounds, about other values, are no guide: on
/// knights 9×9 the round for 1 had a question of 1.57 billion positions, and a first budget
/// that large kept a run of the round for 2 on one question for hours.) A question that
/// earlier runs searched without an answer has spent that much of its budgets already: it is
/// given only the rest of each, and is passed over in a turn whose budget it has spent, so the
/// turns go on where the last run left them instead of starting again with `heap` (on knights
/// 9×9, whose questions take longer than a working session, a run that started again with
/// `heap` each time never came to the smaller value). `asking(j)` is told each value before it
/// is searched, for the progress display.
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
    asking: &dyn Fn(u32),
) -> Vec<(u32, Asked)> {
    let mut answers = Vec::new();
    // The least smaller value not settled yet, if any.
    let mut smaller = 0;
    let mut budget = hardest.load(Ordering::Relaxed).max(1);
    // This run's positions of abandoned tries, counted with the next answer.
    let mut abandoned = 0;
    // The positions searched on each question without an answer, earlier runs' included.
    let mut spent: Vec<(u32, u64)> = Vec::new();
    loop {
        while smaller < heap {
            match earlier(smaller) {
                Asked::Answered(settled) if settled.leaves_value => {
                    answers.push((heap, NOT_LEFT));
                    return answers;
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
            let at = match spent.iter().position(|&(question, _)| question == asked) {
                Some(at) => at,
                None => {
                    spent.push((asked, earlier(asked).unanswered_positions()));
                    spent.len() - 1
                }
            };
            let limit = if ladder_left {
                budget.saturating_sub(spent[at].1)
            } else {
                u64::MAX
            };
            if limit == 0 {
                // Earlier runs spent this turn's budget on it.
                continue;
            }
            asking(asked);
            let before = solver.positions();
            let answer = solver.has_value_within(game, after, Nimber::new(asked), stop, limit);
            let positions = solver.positions() - before;
            let Some(leaves_value) = answer else {
                spent[at].1 += positions;
                answers.push((asked, Asked::Unanswered(spent[at].1)));
                if stop.load(Ordering::Relaxed) {
                    // Answered by another thread, or the search was asked to stop.
                    return answers;
                }
                abandoned += positions;
                continue;
            };
            let positions =
                positions + std::mem::take(&mut abandoned) + earlier(asked).unanswered_positions();
            hardest.fetch_max(positions, Ordering::Relaxed);
            answers.push((
                asked,
                Asked::Answered(Settled {
                    leaves_value,
                    positions,
                }),
            ));
            if asked == heap {
                return answers;
            }
            if leaves_value {
                // It leaves a smaller value, so not this one.
                answers.push((heap, NOT_LEFT));
                return answers;
            }
            smaller += 1;
            break;
        }
        budget = budget.saturating_mul(2);
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::games::placement::win_search::WinSearch;
    use crate::games::placement::{Piece, PlacementSolver};
    use crate::solver::WinTable;
    use crate::BoardSize;

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
                let announced = RefCell::new(Vec::new());
                let answers = settle_group(
                    &mut worker,
                    &game,
                    &after,
                    heap,
                    |asked| earlier(heap, asked),
                    &AtomicU64::new(hardest),
                    &never,
                    &|asked| announced.borrow_mut().push(asked),
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
                check(&case, value, &answers, &announced.into_inner());
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
    /// earlier runs are said to have spent, and the positions they spent are counted in the
    /// answer.
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
                if let Some(&(_, Asked::Answered(settled))) =
                    answers.iter().find(|&&(asked, known)| {
                        asked == heap && matches!(known, Asked::Answered(s) if s.positions > 0)
                    })
                {
                    assert!(settled.positions >= EARLIER, "{case}: {answers:?}");
                }
            },
        );
        // Tries by earlier runs of any size, on either question, change no answer.
        for earlier_tries in [1, 1000, 1 << 20] {
            settle_every_group(
                Piece::Queen,
                5,
                5,
                1,
                |heap, asked| Asked::Unanswered(earlier_tries * u64::from(asked + heap + 1)),
                |_, _, _, _| {},
            );
        }
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
