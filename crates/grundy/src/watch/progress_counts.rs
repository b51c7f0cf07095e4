//! Progress in counts, as the web page shows it: positions searched, first moves settled,
//! cells (or any counted steps) finished, each the last an event gave.

use serde::Serialize;

use super::ProgressEvent;

/// How far a piece of work has come, in counts, as the web page is told: the counts its
/// [`ProgressEvent`]s gave last, each kept until a newer event gives it again.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct ProgressCounts {
    /// Positions searched so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) positions_searched: Option<u64>,
    /// In a search of the first moves: how many are settled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) first_moves_settled: Option<u64>,
    /// In a search of the first moves: how many there are (up to symmetry).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) first_moves_total: Option<u64>,
    /// In a table: the cells valued so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) cells_finished: Option<u64>,
    /// In a table: how many cells it has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) cells_total: Option<u64>,
}

impl ProgressCounts {
    /// The counts `event` gives: positions searched (or a tour count's nodes), first moves
    /// settled, and the steps of any counted task as cells.
    #[must_use]
    pub fn of(event: &ProgressEvent) -> ProgressCounts {
        let cells = |done: u64, total: u64| ProgressCounts {
            cells_finished: Some(done),
            cells_total: Some(total),
            ..ProgressCounts::default()
        };
        match *event {
            ProgressEvent::Searched { positions, .. } => ProgressCounts {
                positions_searched: Some(positions),
                ..ProgressCounts::default()
            },
            ProgressEvent::FirstMoves {
                done,
                total,
                positions,
                ..
            } => ProgressCounts {
                positions_searched: Some(positions),
                first_moves_settled: Some(done),
                first_moves_total: Some(total),
                ..ProgressCounts::default()
            },
            ProgressEvent::Steps { done, total, .. }
            | ProgressEvent::Frontier { done, total, .. } => cells(done, total),
            ProgressEvent::TourCount { done, total, nodes } => ProgressCounts {
                positions_searched: Some(nodes),
                ..cells(done, total)
            },
            ProgressEvent::Restarts { done, total, .. } => cells(u64::from(done), u64::from(total)),
            ProgressEvent::QuotientTrial { .. } => ProgressCounts::default(),
        }
    }

    /// Takes the counts `newer` reports, keeping those it does not mention.
    pub fn update(&mut self, newer: &ProgressCounts) {
        self.positions_searched = newer.positions_searched.or(self.positions_searched);
        self.first_moves_settled = newer.first_moves_settled.or(self.first_moves_settled);
        self.first_moves_total = newer.first_moves_total.or(self.first_moves_total);
        self.cells_finished = newer.cells_finished.or(self.cells_finished);
        self.cells_total = newer.cells_total.or(self.cells_total);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tour_counts_shares_are_cells_and_its_nodes_are_positions() {
        let event = ProgressEvent::TourCount {
            done: 2,
            total: 8,
            nodes: 1_000,
        };
        assert_eq!(
            ProgressCounts::of(&event),
            ProgressCounts {
                positions_searched: Some(1_000),
                cells_finished: Some(2),
                cells_total: Some(8),
                ..ProgressCounts::default()
            }
        );
    }

    #[test]
    fn progress_keeps_the_counts_a_newer_line_leaves_out() {
        let mut progress = ProgressCounts {
            positions_searched: Some(5),
            first_moves_total: Some(9),
            ..ProgressCounts::default()
        };
        progress.update(&ProgressCounts {
            positions_searched: Some(8),
            ..ProgressCounts::default()
        });
        assert_eq!(progress.positions_searched, Some(8));
        assert_eq!(progress.first_moves_total, Some(9));
    }
}
