//! A game made ready to be valued before any question about it: a family that answers from
//! values computed ahead (a heap game's nim-sequence) computes them here, under the watch,
//! within its own limits.

use super::RunError;
use crate::games::contract::FamilyGame;
use crate::games::sum::Summand;
use crate::watch::{Watch, WorkWatch};

pub use crate::games::move_list::LIST_LIMIT;

/// `summand` ready to be valued ([`FamilyGame::prepared`]), its progress told to `watch`.
pub(super) fn prepare(summand: &Summand, watch: &Watch) -> Result<Summand, RunError> {
    let mut observer = WorkWatch {
        watch,
        task: format!("{} values", summand.name()),
    };
    let ready = summand.prepared(&mut observer)?;
    Ok(ready.unwrap_or_else(|| summand.clone()))
}
