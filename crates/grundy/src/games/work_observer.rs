//! What a family's own long work (a nim-sequence, the values a heap game needs before it is
//! valued) tells whoever runs it, and asks it: the front end's watch implements it one layer
//! up, so that the family's code reports progress and obeys a stop without knowing the watch.

/// Watches a long computation: told of progress now and then, and asked before every step
/// whether to stop (a person pressed Ctrl-C, say), in which case what is finished is kept.
pub trait WorkObserver {
    /// `done` steps of `total` are finished.
    fn progress(&mut self, _done: usize, _total: usize) {}

    /// Whether to stop before the next step.
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// The observer that ignores everything and never stops.
impl WorkObserver for () {}

/// Why a family's own work ended without its answer, when it keeps nothing finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkEnd {
    /// What was asked is past the family's limits: the message names the value and the limit.
    Refused(String),
    /// The observer stopped the work.
    Stopped,
}
