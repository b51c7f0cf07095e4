//! A game's moves under misère play, each judged by the misère search: the position each move
//! leaves is gathered from the parts of the summands ([`root_moves`]), positions reached by
//! several moves are searched once, on the threads asked for ([`judge_moves`]), and the genus
//! of a small position is found within a bound of positions ([`small_genus`]). The questions
//! (`value`, `moves`, `outcome`, `play`) ask these through the misère evaluator.

use std::collections::HashMap;

use super::genus::{genus, Genus};
use super::parallel::judge;
use super::parts::PartRules;
use super::search::MisereSearch;
use crate::games::contract::{FamilyGame, StopRaised};
use crate::games::parts::{Part, PartKey, Parts, TooLarge};
use crate::report::{Move, SumPart};
use crate::solver::{SearchObserver, SearchStats};
use crate::values::Nimber;

/// The most positions a genus may take to find, beyond the outcome's search: a genus is
/// reported only for positions small enough.
pub(crate) const GENUS_POSITIONS: u64 = 250_000;

/// Each legal move of the sum `summands` (whose parts are made in `rules`) as its report names
/// it (with `summand` set in a sum), and the position it leads to: the parts of the other
/// summands and those the move leaves of its own.
///
/// # Errors
/// A summand too large for a misère search.
pub(crate) fn root_moves<G: FamilyGame + Clone>(
    rules: &mut PartRules,
    summands: &[G],
) -> Result<Vec<(Move, Parts)>, TooLarge> {
    let in_sum = summands.len() > 1;
    let mut moves = Vec::new();
    for (index, summand) in summands.iter().enumerate() {
        let mut others = summands.to_vec();
        others.remove(index);
        let rest = rules.parts_of(&others)?;
        let family = rules.add_game(summand, &mut Vec::new())?;
        for (named, left) in summand.misere_moves()? {
            let mut after = rest.clone();
            rules.add_states(family, &left, &mut after);
            rules.keep_parts_with_moves(&mut after);
            moves.push((
                Move {
                    in_sum: in_sum.then_some(SumPart {
                        summand: index + 1,
                        summand_nimber: None,
                    }),
                    ..named
                },
                after,
            ));
        }
    }
    Ok(moves)
}

/// Moves judged under misère play ([`judge_moves`]).
pub(crate) struct JudgedMoves {
    /// Each move's report with whether it wins (leaves a position the opponent loses), `None`
    /// where it was not judged to the end.
    pub(crate) moves: Vec<Move>,
    /// The searches' costs, added up.
    pub(crate) stats: SearchStats,
    /// Whether the observer's flag stopped the judging (what was judged before is kept), or a
    /// thread could not be started.
    pub(crate) stopped: bool,
    /// Whether a search's positions held along its path passed the memory budget.
    pub(crate) out_of_memory: bool,
}

/// Judges `moves` on `threads` threads sharing `budget_bytes`: each move's report with whether
/// it wins; with `first_win_only`, only until a winning move is found (the moves not judged
/// then are left out). Moves to the same position are searched once. The observer's flag
/// stops the judging, keeping what was judged.
pub(crate) fn judge_moves(
    rules: &PartRules,
    moves: &[(Move, Parts)],
    first_win_only: bool,
    threads: usize,
    budget_bytes: u64,
    observer: &mut dyn SearchObserver,
) -> JudgedMoves {
    let mut distinct: Vec<Parts> = Vec::new();
    let mut index_of: HashMap<Vec<PartKey>, usize> = HashMap::new();
    let positions: Vec<usize> = moves
        .iter()
        .map(|(_, after)| {
            let key: Vec<PartKey> = after.iter().map(Part::key).collect();
            *index_of.entry(key).or_insert_with(|| {
                distinct.push(after.clone());
                distinct.len() - 1
            })
        })
        .collect();
    let judged = judge(
        rules,
        &distinct,
        threads,
        budget_bytes,
        first_win_only,
        observer,
    );
    let reports = moves
        .iter()
        .zip(positions)
        .filter(|&(_, position)| !first_win_only || judged.loses[position].is_some())
        .map(|((named, _), position)| named.clone().partly_known(judged.loses[position]))
        .collect();
    JudgedMoves {
        moves: reports,
        stats: judged.stats,
        stopped: judged.stopped,
        out_of_memory: judged.out_of_memory,
    }
}

/// The misère part of the genus of the position `parts` of `rules` (its `normal` nim-value
/// left 0, for the caller to set: it is asked only when the genus is found) when its searches
/// fit in [`GENUS_POSITIONS`]; `Ok(None)` when they do not.
///
/// # Errors
/// [`StopRaised`] when the observer's flag stopped the search.
pub(crate) fn small_genus(
    rules: PartRules,
    parts: &Parts,
    budget_bytes: u64,
    observer: Box<dyn SearchObserver + Send>,
) -> Result<Option<Genus>, StopRaised> {
    let mut search = MisereSearch::new(rules, budget_bytes);
    search.set_observer(observer);
    search.set_position_limit(GENUS_POSITIONS);
    match genus(&mut search, parts, Nimber::ZERO) {
        Some(found) => Ok(Some(found)),
        None if search.reached_position_limit() || search.ran_out_of_memory() => Ok(None),
        None => Err(StopRaised),
    }
}
