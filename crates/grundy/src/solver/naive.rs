//! The reference solver: the mex rule applied literally, with no splitting into components and
//! no canonical forms. Positions are remembered exactly as they are, which keeps small cases
//! fast without changing what is computed. The fast solvers are tested against it: through
//! [`naive_nim_value`] for the engines, through
//! [`PlacementGame::naive_nim_value`](crate::games::placement::PlacementGame::naive_nim_value)
//! for a placement game's own moves.

use std::collections::HashMap;
use std::hash::Hash;

use super::ImpartialGame;
use crate::values::{mex, Nimber};

/// The nimber of `position` by plain mex recursion over every option.
pub fn naive_nim_value<G>(game: &G, position: &G::Position) -> Nimber
where
    G: ImpartialGame,
    G::Position: Eq + Hash,
{
    let options = |position: &G::Position| {
        let mut options = Vec::new();
        game.for_each_option(position, |option| options.push(option));
        options
    };
    naive_value_by(position, &options, &mut HashMap::new())
}

/// The nimber of `position` by plain mex recursion over `options` (the positions one move
/// away), keeping every value found in `memo`, which later questions about the same game may
/// share.
pub fn naive_value_by<P, F>(position: &P, options: &F, memo: &mut HashMap<P, Nimber>) -> Nimber
where
    P: Copy + Eq + Hash,
    F: Fn(&P) -> Vec<P>,
{
    if let Some(&value) = memo.get(position) {
        return value;
    }
    let values: Vec<Nimber> = options(position)
        .iter()
        .map(|option| naive_value_by(option, options, memo))
        .collect();
    let value = mex(values);
    memo.insert(*position, value);
    value
}
