//! `grundy outcome`: who wins, by outcome searches of the first moves, on every core, with a
//! checkpoint that lets a long search stop and resume.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::{Context, Result};
use grundy::games::placement::{PlacementGame, PlacementPosition, PlacementSolver, Surface};
use grundy::solver::{SearchObserver, SearchStats};
use grundy::{Nimber, Outcome, Square};
use indicatif::ProgressBar;
use serde_json::{json, Value};

use super::{RuleOptions, SearchOptions};
use crate::input::{input_error, parse_game, parse_position, GameSpec};
use crate::progress::counting_bar;
use crate::render::{outcome_sentence, player_to_move, winner};

/// Arguments of `grundy outcome`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The first moves are grouped by symmetry and searched in parallel, each \
by an outcome search that stops at the first winning reply: usually much faster than the \
nim-value. The search stops as soon as one first move is found to win.\n\n\
With --checkpoint FILE every settled first move is written to FILE as it is settled; Ctrl-C \
stops the search, and the same command run again resumes without searching those moves \
again.\n\nExamples:\n  grundy outcome queens 12x12\n  grundy outcome queens 14x14 --checkpoint \
q14.jsonl --threads 2 --memory 8G\n  grundy outcome knights 7x7 --json"
)]
pub struct Args {
    /// The game: knights, bishops, rooks, queens, kings, camels, zebras, giraffes or leaper:A,B.
    pub game: String,
    /// The board size, ROWSxCOLS.
    #[arg(value_name = "BOARD")]
    pub args: Vec<String>,
    /// Start from this position instead of the empty board (see `grundy value --help`).
    #[arg(long)]
    pub position: Option<String>,
    /// Worker threads (default: one per core). The memory budget is shared among them.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Record settled first moves in FILE (JSON lines) and resume from it if it exists.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleOptions,
    #[command(flatten)]
    pub search: SearchOptions,
}

/// The settled verdict on one group of symmetric first moves.
#[derive(Clone, Copy, Debug)]
struct Settled {
    wins: bool,
    nodes: u64,
}

/// Runs `grundy outcome`.
pub fn run(args: &Args) -> Result<String> {
    let GameSpec::Placement(game) = parse_game(&args.game, &args.args)? else {
        return Err(input_error(format!(
            "`grundy outcome` searches the placement games; for `{}` use `grundy value`, which gives the outcome with the nim-value",
            args.game
        )));
    };
    let game = args.rules.apply(game)?;
    if game.pieces().len() > 1 {
        return Err(input_error(format!(
            "`grundy outcome` searches games of one piece; for `{}` use `grundy value` or `grundy moves`",
            game.name()
        )));
    }
    let position = parse_position(&game, args.position.as_deref())?;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |n| n as usize,
    );
    let mut header = json!({
        "game": game.piece().to_string(),
        "board": game.board().to_string(),
        "position": game.format_position(&position),
    });
    if game.rules().surface() != Surface::Rectangle {
        header["surface"] = json!(game.rules().surface().to_string());
    }
    let mut settled = match &args.checkpoint {
        Some(path) if path.exists() => read_checkpoint(path, &header, &game)?,
        _ => HashMap::new(),
    };
    let resumed = settled.len();
    let checkpoint = match &args.checkpoint {
        Some(path) => Some(Arc::new(Mutex::new(open_checkpoint(
            path,
            &header,
            resumed == 0,
        )?))),
        None => None,
    };
    if let Some(path) = &args.checkpoint {
        let path = path.display().to_string();
        ctrlc::set_handler(move || {
            eprintln!(
                "\ninterrupted: the first moves settled so far are in {path}; run the same command again to resume"
            );
            std::process::exit(130);
        })
        .context("cannot install the Ctrl-C handler")?;
    }

    // One table of components for all threads (what one learns, all use); a table of exact
    // positions for each. Three quarters of the budget go to the shared table.
    let shared = PlacementSolver::new(&game, args.search.memory / 4 * 3);
    let groups = shared.moves_up_to_symmetry(&position);
    let started = Instant::now();
    let bar = counting_bar(groups.len() as u64, "first moves settled");
    bar.inc(settled.len() as u64);
    let pending: Vec<usize> = (0..groups.len())
        .filter(|&g| !settled.contains_key(&groups[g][0]))
        .collect();
    let already_won = settled.values().any(|s| s.wins);
    if !already_won && !pending.is_empty() {
        let results = search_groups(
            &shared,
            &game,
            &position,
            &groups,
            &pending,
            threads.min(pending.len()),
            args.search.memory / 4 / threads as u64,
            &bar,
            checkpoint.as_ref(),
        )?;
        settled.extend(results);
    }
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();

    let winning: Vec<&Vec<Square>> = groups
        .iter()
        .filter(|group| settled.get(&group[0]).is_some_and(|s| s.wins))
        .collect();
    let outcome = if winning.is_empty() {
        Outcome::P
    } else {
        Outcome::N
    };
    let nodes: u64 = settled.values().map(|s| s.nodes).sum();
    let winning_move = winning.first().map(|group| group[0]);
    let to_move = player_to_move(&game, &position);
    if args.search.json {
        let report = json!({
            "game": game.piece().to_string(),
            "board": game.board().to_string(),
            "surface": game.rules().surface().to_string(),
            "position": game.format_position(&position),
            "outcome": outcome.to_string(),
            "to_move": to_move,
            "winner": winner(to_move, outcome),
            "winning_move": winning_move.map(|square| square.to_string()),
            "first_moves": groups.iter().map(|g| g.len()).sum::<usize>(),
            "first_moves_up_to_symmetry": groups.len(),
            "first_moves_settled": settled.len(),
            "resumed_from_checkpoint": resumed,
            "nodes": nodes,
            "threads": threads,
            "seconds": seconds,
        });
        return Ok(format!("{report}\n"));
    }
    let mut out = format!(
        "game       {} on {}{}\n",
        game.piece(),
        game.board(),
        super::rules_note(game.rules())
    );
    if args.position.is_some() {
        out.push_str(&format!("position   {}\n", game.format_position(&position)));
    }
    out.push_str(&format!(
        "outcome    {}\n",
        outcome_sentence(to_move, outcome)
    ));
    if let Some(group) = winning.first() {
        let (row, col) = group[0].coordinates();
        let others: Vec<String> = group[1..].iter().map(Square::to_string).collect();
        let symmetric = if others.is_empty() {
            String::new()
        } else {
            format!(", and by symmetry {}", others.join(" "))
        };
        out.push_str(&format!(
            "winning    {} ({row},{col}){symmetric}\n",
            group[0]
        ));
    }
    out.push_str(&format!(
        "first      {} moves, {} up to symmetry, {} settled{}\n",
        groups.iter().map(|g| g.len()).sum::<usize>(),
        groups.len(),
        settled.len(),
        if resumed > 0 {
            format!(" ({resumed} from the checkpoint)")
        } else {
            String::new()
        }
    ));
    out.push_str(&format!(
        "searched   {nodes} positions in {seconds:.3} s on {threads} thread{}\n",
        if threads == 1 { "" } else { "s" }
    ));
    Ok(out)
}

/// Searches the pending groups of first moves on `threads` threads, each with its own solver
/// sharing `shared`'s table of components, until all are settled or one wins.
#[allow(clippy::too_many_arguments)]
fn search_groups(
    shared: &PlacementSolver,
    game: &PlacementGame,
    position: &PlacementPosition,
    groups: &[Vec<Square>],
    pending: &[usize],
    threads: usize,
    exact_budget: u64,
    bar: &ProgressBar,
    checkpoint: Option<&Arc<Mutex<File>>>,
) -> Result<HashMap<Square, Settled>> {
    let next = AtomicUsize::new(0);
    let found_win = AtomicBool::new(false);
    let nodes = Arc::new(AtomicU64::new(0));
    let results = Mutex::new(HashMap::new());
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        let (next, found_win, results, failure) = (&next, &found_win, &results, &failure);
        for _ in 0..threads {
            let mut solver = shared.sharing(exact_budget.max(1 << 20));
            solver.set_observer(Box::new(NodeCounter {
                bar: bar.clone(),
                total: Arc::clone(&nodes),
                last: 0,
            }));
            scope.spawn(move || loop {
                if found_win.load(Ordering::Relaxed) {
                    break;
                }
                let Some(&group) = pending.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    break;
                };
                let square = groups[group][0];
                let after = game
                    .play(position, square)
                    .expect("legal moves can be played");
                let before = solver.stats().positions;
                let wins = solver.has_value(&after, Nimber::ZERO);
                let settled = Settled {
                    wins,
                    nodes: solver.stats().positions - before,
                };
                if let Some(file) = checkpoint {
                    if let Err(error) = append_checkpoint(file, square, settled) {
                        *failure.lock().expect("no panics hold the lock") = Some(error);
                        found_win.store(true, Ordering::Relaxed);
                    }
                }
                results
                    .lock()
                    .expect("no panics hold the lock")
                    .insert(square, settled);
                bar.inc(1);
                if wins {
                    found_win.store(true, Ordering::Relaxed);
                }
            });
        }
    });
    if let Some(error) = failure.into_inner().expect("no panics hold the lock") {
        return Err(error);
    }
    Ok(results.into_inner().expect("no panics hold the lock"))
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

fn append_checkpoint(file: &Mutex<File>, square: Square, settled: Settled) -> Result<()> {
    let line =
        json!({ "square": square.to_string(), "wins": settled.wins, "nodes": settled.nodes });
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
) -> Result<HashMap<Square, Settled>> {
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
        let square = value["square"]
            .as_str()
            .and_then(|s| game.board().parse_square(s).ok())
            .ok_or_else(|| bad(number + 1, "expected a \"square\" on the board"))?;
        let wins = value["wins"]
            .as_bool()
            .ok_or_else(|| bad(number + 1, "expected \"wins\": true or false"))?;
        let nodes = value["nodes"].as_u64().unwrap_or(0);
        settled.insert(square, Settled { wins, nodes });
    }
    Ok(settled)
}
