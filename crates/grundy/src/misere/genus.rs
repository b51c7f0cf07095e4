//! Conway's genus (On Numbers and Games, ch. 12; Winning Ways, ch. 13): a game's normal-play
//! nim-value `g` with, as superscript, the misère nim-values γ₀, γ₁, γ₂, … of the game plus
//! 0, 1, 2, … copies of `*2`. Misère Nim heaps have genus `0^120`, `1^031`, `2^20`, `3^31`,
//! and from 2 on `n^` followed by `n` and `n ⊕ 2`; a game whose genus is one of these ("tame") plays in sums
//! like that heap. The sequence of γs is eventually periodic with period 2, and is written up
//! to where it starts to alternate: `0^120` stands for γ = 1, 2, 0, 2, 0, ….

use super::search::MisereSearch;
use crate::games::parts::Parts;
use crate::report::GenusReport;
pub(crate) use crate::values::Genus;
use crate::values::Nimber;

/// The terms computed: γ₀ … γ₇ (up to seven copies of `*2`). The written genus is what these
/// show: a sequence that started to alternate only later would be written with all eight.
pub(crate) const GENUS_TERMS: usize = 8;

/// The genus of the position `parts` of `search`'s game, whose normal-play nim-value is
/// `normal`: γ₀ … γ₇ by misère nim-value searches of the position plus `*2`s. `None` when the
/// search was stopped (by its observer or its position limit).
pub(crate) fn genus(search: &mut MisereSearch, parts: &Parts, normal: Nimber) -> Option<Genus> {
    let two = search.rules_mut().nim_heap(2);
    let mut position = parts.clone();
    let mut misere = Vec::with_capacity(GENUS_TERMS);
    for _ in 0..GENUS_TERMS {
        misere.push(search.misere_value(&position)?);
        position.push(two);
        super::parts::sort(&mut position);
    }
    Some(Genus {
        normal: normal.value(),
        misere,
    })
}

impl From<&Genus> for GenusReport {
    fn from(genus: &Genus) -> GenusReport {
        GenusReport {
            text: genus.to_string(),
            normal: genus.normal,
            misere: genus.misere.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(normal: u32, misere: &[u32]) -> String {
        Genus {
            normal,
            misere: misere.to_vec(),
        }
        .to_string()
    }

    #[test]
    fn the_superscript_stops_where_the_terms_alternate() {
        assert_eq!(written(0, &[1, 2, 0, 2, 0, 2, 0, 2]), "0^120");
        assert_eq!(written(1, &[0, 3, 1, 3, 1, 3, 1, 3]), "1^031");
        assert_eq!(written(2, &[2, 0, 2, 0, 2, 0, 2, 0]), "2^20");
        assert_eq!(written(4, &[4, 6, 4, 6, 4, 6, 4, 6]), "4^46");
        assert_eq!(written(2, &[1, 4, 2, 0, 2, 0, 2, 0]), "2^1420");
        assert_eq!(written(3, &[12, 3, 12, 3, 12, 3, 12, 3]), "3^{12,3}");
        // Terms that never settle are all written.
        assert_eq!(written(0, &[1, 2, 3]), "0^123");
    }
}
