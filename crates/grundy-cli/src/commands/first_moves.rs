//! The parallel search behind `grundy outcome` and `grundy value` on placement games: for a
//! nim-value `g`, does some first move leave a position of value `g`? Each group of symmetric
//! first moves is settled by an outcome search (is the position after it plus `*g` a
//! second-player win?), the groups spread over the threads, and every settled group can be
//! written to a checkpoint file so that a stopped search resumes where it was.
//!
//! The outcome is the question for `g = 0`; the nim-value is the least `g` that no first move
//! leaves (the mex rule, with each option's value probed rather than computed).

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};
use grundy::games::placement::{PlacementGame, PlacementPosition, PlacementSolver, Surface};
use grundy::solver::{SearchObserver, SearchStats};
use grundy::{Nimber, Square};
use indicatif::ProgressBar;
use serde_json::{json, Value};

use crate::input::input_error;
use crate::progress::counting_bar;

/// What was settled for one group of symmetric first moves and one nim-value.
#[derive(Clone, Copy, Debug)]
struct Settled {
    /// The move leaves a position of the value asked about.
    leaves_value: bool,
    nodes: u64,
}

/// A search over the first moves of one position of a one-piece game (a move is a square),
/// kept across the values asked about.
pub struct FirstMoveSearch<'a> {
    game: &'a PlacementGame,
    position: &'a PlacementPosition,
    /// The first moves, grouped by symmetry; the first of each group stands for it.
    groups: Vec<Vec<Square>>,
    /// One solver per thread, all sharing one table of components and each with its own
    /// table of exact positions; kept from one value to the next, with what they learnt.
    solvers: Vec<PlacementSolver>,
    /// What is settled, by (value asked about, the group's first square).
    settled: HashMap<(u32, Square), Settled>,
    resumed: usize,
    checkpoint: Option<Mutex<File>>,
    /// The most positions any one question has taken, and at least [`FIRST_TRY_POSITIONS`]
    /// (see [`settle_group`]).
    hardest: AtomicU64,
}

impl<'a> FirstMoveSearch<'a> {
    /// A search of `position` on `threads` threads within `memory` bytes, resuming from and
    /// recording to `checkpoint` when one is given.
    pub fn new(
        game: &'a PlacementGame,
        position: &'a PlacementPosition,
        threads: usize,
        memory: u64,
        checkpoint: Option<&Path>,
    ) -> Result<FirstMoveSearch<'a>> {
        // One table of components for all threads (what one learns, all use); a table of
        // exact positions for each. Three quarters of the budget go to the shared table.
        let shared = PlacementSolver::new(game, memory / 4 * 3);
        let groups = shared.moves_up_to_symmetry(position);
        let threads = threads.clamp(1, groups.len().max(1));
        let exact_budget = (memory / 4 / threads as u64).max(1 << 20);
        let solvers = (0..threads).map(|_| shared.sharing(exact_budget)).collect();
        let mut header = json!({
            "game": game.name(),
            "board": game.board().to_string(),
            "position": game.format_position(position),
        });
        if game.rules().surface() != Surface::Rectangle {
            header["surface"] = json!(game.rules().surface().to_string());
        }
        let mut settled = HashMap::new();
        let mut file = None;
        if let Some(path) = checkpoint {
            let fresh = !path.exists();
            if !fresh {
                settled = read_checkpoint(path, &header, game)?;
            }
            file = Some(Mutex::new(open_checkpoint(path, &header, fresh)?));
            let shown = path.display().to_string();
            ctrlc::set_handler(move || {
                eprintln!(
                    "\ninterrupted: what was settled so far is in {shown}; run the same command again to resume"
                );
                std::process::exit(130);
            })
            .context("cannot install the Ctrl-C handler")?;
        }
        let hardest = settled.values().map(|s| s.nodes).max().unwrap_or(0);
        let hardest = AtomicU64::new(hardest.max(FIRST_TRY_POSITIONS));
        Ok(FirstMoveSearch {
            game,
            position,
            groups,
            solvers,
            hardest,
            resumed: settled.len(),
            settled,
            checkpoint: file,
        })
    }

    /// The first moves grouped by symmetry.
    pub fn groups(&self) -> &[Vec<Square>] {
        &self.groups
    }

    /// The threads searching.
    pub fn threads(&self) -> usize {
        self.solvers.len()
    }

    /// How many settled groups were read from the checkpoint.
    pub fn resumed(&self) -> usize {
        self.resumed
    }

    /// Groups settled so far, over all the values asked about.
    pub fn settled(&self) -> usize {
        self.settled.len()
    }

    /// Positions searched to settle the groups, including those settled before a resume.
    pub fn nodes(&self) -> u64 {
        self.settled.values().map(|s| s.nodes).sum()
    }

    /// The counters of this run's solvers, summed (the table counters are the shared table's).
    pub fn stats(&self) -> SearchStats {
        self.solvers
            .iter()
            .fold(SearchStats::default(), |sum, solver| {
                let stats = solver.stats();
                SearchStats {
                    positions: sum.positions + stats.positions,
                    table_hits: sum.table_hits + stats.table_hits,
                    endgame_positions: sum.endgame_positions + stats.endgame_positions,
                    table: stats.table,
                }
            })
    }

    /// The groups whose moves leave a position of value `value`, as settled so far.
    pub fn groups_leaving(&self, value: Nimber) -> Vec<&Vec<Square>> {
        self.groups
            .iter()
            .filter(|group| {
                self.settled
                    .get(&(value.value(), group[0]))
                    .is_some_and(|s| s.leaves_value)
            })
            .collect()
    }

    /// Whether some first move leaves a position of value `value`; stops at the first found.
    pub fn some_move_leaves(&mut self, value: Nimber, bar: &ProgressBar) -> Result<bool> {
        let heap = value.value();
        let pending: Vec<usize> = (0..self.groups.len())
            .filter(|&g| !self.settled.contains_key(&(heap, self.groups[g][0])))
            .collect();
        bar.set_length(self.groups.len() as u64);
        bar.set_position((self.groups.len() - pending.len()) as u64);
        if !self.groups_leaving(value).is_empty() {
            return Ok(true);
        }
        // Some first moves leave a position whose value is known at once (on odd boards the
        // centre leaves mirror play, a second-player win): settle those before searching any,
        // since one of them may answer the question.
        let mut to_search = Vec::with_capacity(pending.len());
        for group in pending {
            let square = self.groups[group][0];
            let after = self
                .game
                .play(self.position, square)
                .expect("legal moves can be played");
            let Some(known) = self.solvers[0].value_without_search(&after) else {
                to_search.push(group);
                continue;
            };
            let settled = Settled {
                leaves_value: known == value,
                nodes: 0,
            };
            if let Some(file) = self.checkpoint.as_ref() {
                append_checkpoint(file, heap, square, settled)?;
            }
            self.settled.insert((heap, square), settled);
            bar.inc(1);
            if settled.leaves_value {
                return Ok(true);
            }
        }
        let pending = to_search;
        let next = AtomicUsize::new(0);
        // Raised when the question is answered (or writing the checkpoint failed): the other
        // threads then abandon their searches instead of finishing moves nobody needs.
        let found = Arc::new(AtomicBool::new(false));
        let nodes = Arc::new(AtomicU64::new(0));
        let results = Mutex::new(Vec::new());
        let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
        let (game, position, groups) = (self.game, self.position, &self.groups);
        let checkpoint = self.checkpoint.as_ref();
        let settled_before = &self.settled;
        let hardest = &self.hardest;
        std::thread::scope(|scope| {
            for solver in &mut self.solvers {
                let (next, found, results, failure, pending, settled_before) =
                    (&next, &found, &results, &failure, &pending, settled_before);
                solver.set_observer(Box::new(NodeCounter {
                    bar: bar.clone(),
                    total: Arc::clone(&nodes),
                    last: solver.stats().positions,
                }));
                scope.spawn(move || loop {
                    if found.load(Ordering::Relaxed) {
                        break;
                    }
                    let Some(&group) = pending.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let square = groups[group][0];
                    let after = game
                        .play(position, square)
                        .expect("legal moves can be played");
                    let answers = settle_group(
                        solver,
                        &after,
                        heap,
                        |smaller| settled_before.get(&(smaller, square)).copied(),
                        hardest,
                        found,
                    );
                    for &(asked, settled) in &answers {
                        if let Some(file) = checkpoint {
                            if let Err(error) = append_checkpoint(file, asked, square, settled) {
                                *failure.lock().expect("no panics hold the lock") = Some(error);
                                found.store(true, Ordering::Relaxed);
                            }
                        }
                    }
                    results
                        .lock()
                        .expect("no panics hold the lock")
                        .extend(answers.iter().map(|&(asked, s)| (asked, square, s)));
                    let Some(&(_, settled)) = answers.last().filter(|(asked, _)| *asked == heap)
                    else {
                        // Another thread answered the question first: this move stays
                        // unsettled for this value.
                        break;
                    };
                    bar.inc(1);
                    if settled.leaves_value {
                        found.store(true, Ordering::Relaxed);
                    }
                });
            }
        });
        if let Some(error) = failure.into_inner().expect("no panics hold the lock") {
            return Err(error);
        }
        for (asked, square, settled) in results.into_inner().expect("no panics hold the lock") {
            self.settled.insert((asked, square), settled);
        }
        Ok(!self.groups_leaving(value).is_empty())
    }

    /// The nim-value: the least value that no first move leaves.
    pub fn nim_value(&mut self) -> Result<Nimber> {
        let bar = counting_bar(self.groups.len() as u64, "first moves settled");
        let mut candidate = Nimber::ZERO;
        loop {
            bar.set_prefix(format!("moves to value {candidate}: first moves settled"));
            if !self.some_move_leaves(candidate, &bar)? {
                bar.finish_and_clear();
                return Ok(candidate);
            }
            candidate = Nimber::new(candidate.value() + 1);
        }
    }
}

/// The fewest positions the first try of each question in [`settle_group`] may search.
const FIRST_TRY_POSITIONS: u64 = 1 << 16;

/// Settles whether the position `after` a first move has the value `heap`, and returns what
/// was settled on the way: (value asked, answer) pairs, the last for `heap` unless `stop` was
/// raised first. `earlier(j)` is what an earlier round settled for the value `j`.
///
/// Asking for `heap` straight away is usually cheapest, but not when the position's value is
/// smaller: the search then refutes every reply in the position before it tries the heap move
/// that wins (on 15×15 the corner leaves 0, and "corner + *1" had not finished after 25
/// CPU-minutes, where "corner + *0" takes 7.7 million positions, about two). Asking the smaller
/// values first costs one more search per smaller value, which tripled the positions of 13×13.
/// So the two questions take turns, each within a budget of positions that doubles every turn,
/// until one is answered: at most about twice the work of the cheaper one (less, since the
/// tables keep what the abandoned tries learnt). The first budget is `hardest`, the most any
/// question of this search has taken so far (which this raises), so that a move no harder than
/// those is settled straight away.
fn settle_group(
    solver: &mut PlacementSolver,
    after: &PlacementPosition,
    heap: u32,
    earlier: impl Fn(u32) -> Option<Settled>,
    hardest: &AtomicU64,
    stop: &Arc<AtomicBool>,
) -> Vec<(u32, Settled)> {
    let mut answers = Vec::new();
    let not_heap = Settled {
        leaves_value: false,
        nodes: 0,
    };
    // The least smaller value not settled yet, if any.
    let mut smaller = 0;
    let mut budget = hardest.load(Ordering::Relaxed).max(1);
    // Positions of abandoned tries, counted with the next answer.
    let mut abandoned = 0;
    loop {
        while smaller < heap {
            match earlier(smaller) {
                Some(settled) if settled.leaves_value => {
                    answers.push((heap, not_heap));
                    return answers;
                }
                Some(_) => smaller += 1,
                None => break,
            }
        }
        let ladder_left = smaller < heap;
        let questions = if ladder_left {
            &[heap, smaller][..]
        } else {
            &[heap][..]
        };
        for &asked in questions {
            let limit = if ladder_left { budget } else { u64::MAX };
            let before = solver.stats().positions;
            let answer = solver.has_value_within(after, Nimber::new(asked), stop, limit);
            let nodes = solver.stats().positions - before;
            let Some(leaves_value) = answer else {
                if stop.load(Ordering::Relaxed) {
                    // Another thread answered the round first.
                    return answers;
                }
                abandoned += nodes;
                continue;
            };
            let nodes = nodes + std::mem::take(&mut abandoned);
            hardest.fetch_max(nodes, Ordering::Relaxed);
            answers.push((
                asked,
                Settled {
                    leaves_value,
                    nodes,
                },
            ));
            if asked == heap {
                return answers;
            }
            if leaves_value {
                // It leaves a smaller value, so not this one.
                answers.push((heap, not_heap));
                return answers;
            }
            smaller += 1;
            break;
        }
        budget = budget.saturating_mul(2);
    }
}

/// Adds each solver's positions to a shared count shown on the progress bar.
struct NodeCounter {
    bar: ProgressBar,
    total: Arc<AtomicU64>,
    last: u64,
}

impl SearchObserver for NodeCounter {
    fn progress(&mut self, stats: &SearchStats) {
        let added = stats.positions - self.last;
        self.last = stats.positions;
        let total = self.total.fetch_add(added, Ordering::Relaxed) + added;
        let seconds = self.bar.elapsed().as_secs_f64().max(1e-9);
        self.bar.set_message(format!(
            "{total} positions ({:.0}/s)",
            total as f64 / seconds
        ));
    }
}

fn open_checkpoint(path: &Path, header: &Value, fresh: bool) -> Result<File> {
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| {
            input_error(format!(
                "cannot open the checkpoint {}: {e}",
                path.display()
            ))
        })?;
    if fresh {
        writeln!(file, "{header}")
            .with_context(|| format!("cannot write the checkpoint {}", path.display()))?;
    }
    Ok(file)
}

fn append_checkpoint(
    file: &Mutex<File>,
    heap: u32,
    square: Square,
    settled: Settled,
) -> Result<()> {
    let line = json!({
        "value": heap,
        "square": square.to_string(),
        "leaves_value": settled.leaves_value,
        "nodes": settled.nodes,
    });
    let mut file = file.lock().expect("no panics hold the lock");
    writeln!(file, "{line}").context("cannot write the checkpoint")?;
    file.flush().context("cannot write the checkpoint")?;
    Ok(())
}

/// Reads a checkpoint written by an earlier run of the same search.
fn read_checkpoint(
    path: &Path,
    header: &Value,
    game: &PlacementGame,
) -> Result<HashMap<(u32, Square), Settled>> {
    let file = File::open(path).map_err(|e| {
        input_error(format!(
            "cannot read the checkpoint {}: {e}",
            path.display()
        ))
    })?;
    let bad = |line: usize, why: &str| {
        input_error(format!("checkpoint {} line {line}: {why}", path.display()))
    };
    let mut settled = HashMap::new();
    for (number, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| bad(number + 1, &e.to_string()))?;
        if line.trim().is_empty() {
            continue;
        }
        let value: Value =
            serde_json::from_str(&line).map_err(|e| bad(number + 1, &format!("not JSON: {e}")))?;
        if number == 0 {
            if &value != header {
                return Err(bad(
                    1,
                    &format!("it is for {value}, not for this search ({header}); use another file"),
                ));
            }
            continue;
        }
        let heap = value["value"]
            .as_u64()
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| bad(number + 1, "expected a \"value\" (a nim-value)"))?;
        let square = value["square"]
            .as_str()
            .and_then(|s| game.board().parse_square(s).ok())
            .ok_or_else(|| bad(number + 1, "expected a \"square\" on the board"))?;
        let leaves_value = value["leaves_value"]
            .as_bool()
            .ok_or_else(|| bad(number + 1, "expected \"leaves_value\": true or false"))?;
        let nodes = value["nodes"].as_u64().unwrap_or(0);
        settled.insert(
            (heap, square),
            Settled {
                leaves_value,
                nodes,
            },
        );
    }
    Ok(settled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::games::placement::Piece;
    use grundy::BoardSize;

    /// With a budget of one position, every question is abandoned again and again before it
    /// is answered, by both routes: the answers must still be the moves' true values.
    #[test]
    fn settling_a_move_with_tiny_budgets_gives_its_true_value() {
        for (piece, rows, cols) in [
            (Piece::Queen, 5, 6),
            (Piece::Queen, 6, 6),
            (Piece::Knight, 4, 5),
            (Piece::Bishop, 5, 5),
        ] {
            let game = PlacementGame::new(piece, BoardSize::new(rows, cols).unwrap());
            let empty = game.empty();
            let mut reference = PlacementSolver::new(&game, 1 << 22);
            let never = Arc::new(AtomicBool::new(false));
            for group in reference.moves_up_to_symmetry(&empty) {
                let after = game.play(&empty, group[0]).unwrap();
                let value = reference.nim_value(&after).value();
                for heap in 0..=value + 1 {
                    // A fresh solver: nothing known, so every try must be searched.
                    let mut solver = PlacementSolver::new(&game, 1 << 22);
                    let answers = settle_group(
                        &mut solver,
                        &after,
                        heap,
                        |_| None,
                        &AtomicU64::new(1),
                        &never,
                    );
                    let case = format!("{piece} {rows}x{cols} {} heap {heap}", group[0]);
                    let &(asked, last) = answers.last().expect("an answer");
                    assert_eq!(asked, heap, "{case}");
                    assert_eq!(last.leaves_value, value == heap, "{case}");
                    for (asked, settled) in answers {
                        assert_eq!(settled.leaves_value, value == asked, "{case}: {asked}");
                    }
                }
            }
        }
    }
}
