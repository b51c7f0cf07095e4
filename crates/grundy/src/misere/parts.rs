//! Misère positions as multisets of parts. A part is a game that does not split further: one
//! heap, one board of two-dimensional Kayles, the corner piece, a Nim heap, or one component of
//! a placement game or of Node Kayles on a graph. Under misère play the parts cannot be valued
//! apart (values do not add), but a position is still the sum of its parts, so it is kept as
//! their multiset: two positions with the same parts, in any order, are the same position.
//! Each part carries the canonical key its family gives it (a placement component's shape up
//! to the board's symmetries and translation, a graph component's vertex set), and a
//! position's key is the sorted list of its parts' keys.
//!
//! What a part is and how it moves is its family's to say (`PartFamily`, implemented in each
//! family's folder under [`crate::games`]); this module only keeps the families of a position
//! apart and gathers their parts.

use std::sync::Arc;

use crate::games::contract::FamilyGame;
use crate::games::nimber::NimHeaps;
use crate::games::parts::{
    Family, MisereStart, Part, PartFamily, Parts, State, TooLarge, MAX_MISERE_DEPTH,
};

/// The rules of every family in a game, and the parts of its positions.
#[derive(Clone, Debug)]
pub struct PartRules {
    families: Vec<Arc<dyn PartFamily>>,
}

impl PartRules {
    /// The rules of the families of `games` and the parts of their positions, sorted.
    ///
    /// # Errors
    /// A board of more than `MAX_MISERE_SQUARES` squares, a graph of more than that many
    /// vertices, or a game whose longest play passes `MAX_MISERE_DEPTH` moves.
    pub fn of_summands(games: &[impl FamilyGame]) -> Result<(PartRules, Parts), TooLarge> {
        let mut rules = PartRules {
            families: Vec::new(),
        };
        let mut parts = Vec::new();
        for game in games {
            rules.add_game(game, &mut parts)?;
        }
        let depth: u64 = parts.iter().map(|part| rules.longest_play(part)).sum();
        if depth > MAX_MISERE_DEPTH {
            return Err(TooLarge(format!(
                "the game can last up to {depth} moves: a misère search goes as deep as the longest play, at most {MAX_MISERE_DEPTH} moves"
            )));
        }
        parts.retain(|part| rules.has_moves(part));
        sort(&mut parts);
        Ok((rules, parts))
    }

    /// The parts of more games, in the same rules: the position after a move in a sum.
    ///
    /// # Errors
    /// As [`PartRules::of_summands`].
    pub(crate) fn parts_of(&mut self, games: &[impl FamilyGame]) -> Result<Parts, TooLarge> {
        let mut parts = Vec::new();
        for game in games {
            self.add_game(game, &mut parts)?;
        }
        self.keep_parts_with_moves(&mut parts);
        Ok(parts)
    }

    /// The family of `rules` in this position, added if it is new.
    pub(crate) fn family(&mut self, rules: Arc<dyn PartFamily>) -> Family {
        let index = self
            .families
            .iter()
            .position(|known| known.same_rules(rules.as_ref()))
            .unwrap_or_else(|| {
                self.families.push(rules);
                self.families.len() - 1
            });
        Family(u16::try_from(index).expect("a sum has at most 64 games"))
    }

    /// Adds the parts of `game` to `parts`, and its family to the rules; the family.
    ///
    /// # Errors
    /// As [`PartRules::of_summands`].
    pub(crate) fn add_game(
        &mut self,
        game: &impl FamilyGame,
        parts: &mut Parts,
    ) -> Result<Family, TooLarge> {
        let MisereStart { rules, states } = game.misere_start()?;
        let family = self.family(rules);
        self.add_states(family, &states, parts);
        Ok(family)
    }

    /// Adds the parts of `states` of `family` to `parts`.
    pub(crate) fn add_states(&self, family: Family, states: &[State], parts: &mut Parts) {
        let rules = &self.families[usize::from(family.0)];
        for &state in states {
            rules.add_parts(family, state, parts);
        }
    }

    /// Leaves out of `parts` those without a move, and sorts the rest: a position.
    pub(crate) fn keep_parts_with_moves(&self, parts: &mut Parts) {
        parts.retain(|part| self.has_moves(part));
        sort(parts);
    }

    fn rules_of(&self, part: &Part) -> &dyn PartFamily {
        self.families[usize::from(part.key.family)].as_ref()
    }

    /// Whether `part` has a move (a part without one is 0 and is left out of positions).
    fn has_moves(&self, part: &Part) -> bool {
        self.rules_of(part).has_moves(part.state)
    }

    /// The most moves `part` can last.
    fn longest_play(&self, part: &Part) -> u64 {
        self.rules_of(part).longest_play(part.state)
    }

    /// Calls `visit` with the parts each move on `part` leaves in its place (none, one or
    /// several, not sorted). Different moves may leave the same parts.
    pub(crate) fn for_each_option(&self, part: &Part, mut visit: impl FnMut(&mut Parts)) {
        let family = Family(part.key.family);
        self.rules_of(part)
            .for_each_option(family, part.state, &mut visit);
    }

    /// A Nim heap of `size`, for positions with Nim heaps added (the genus adds `*2`s).
    pub(crate) fn nim_heap(&mut self, size: u32) -> Part {
        self.family(Arc::new(NimHeaps)).count_part(size)
    }
}

/// Sorts `parts` by key: the canonical order of a position.
pub(crate) fn sort(parts: &mut Parts) {
    parts.sort_unstable_by_key(Part::key);
}
