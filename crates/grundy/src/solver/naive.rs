//! The reference solver: the mex rule applied literally, with no splitting into components and
//! no canonical forms. Positions are remembered exactly as they are, which keeps small cases
//! fast without changing what is computed. The fast solver is tested against it.

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
    let mut memo = HashMap::new();
    naive_value(game, position, &mut memo)
}

fn naive_value<G>(
    game: &G,
    position: &G::Position,
    memo: &mut HashMap<G::Position, Nimber>,
) -> Nimber
where
    G: ImpartialGame,
    G::Position: Eq + Hash,
{
    if let Some(&value) = memo.get(position) {
        return value;
    }
    let mut options = Vec::new();
    game.for_each_option(position, |option| options.push(option));
    let value = mex(options.iter().map(|option| naive_value(game, option, memo)));
    memo.insert(*position, value);
    value
}
