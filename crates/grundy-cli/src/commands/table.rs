//! `grundy table`: empty-board nim-values over ranges of board sizes, on every core.

use std::fmt::Display;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;
use grundy::games::placement::{
    parse_pieces, settled_by_strategy, PlacementGame, PlacementRules, PlacementSolver, RayRule,
    Surface,
};
use grundy::report::{Command, TableReport, SCHEMA_VERSION};
use grundy::{BoardSize, Nimber};
use rayon::prelude::*;

use super::{rules_note, RuleOptions, SearchOptions};
use crate::input::{
    check_corner_memory, input_error, parse_coordinates, parse_range, require_verb,
};
use crate::interrupt::{self, Interrupted};
use crate::progress::counting_bar;
use crate::render::json_line;
use crate::svg::{value_grid, MAX_GRID_CELLS};
use grundy::games::corner::CornerGame;
use grundy::games::registry::{Family, Verb};

/// Arguments of `grundy table`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Ctrl-C stops the table: the finished cells are printed, the others shown as ?, \
and the exit status is 130.\n\nCell (m, n) is the nim-value of the empty board with m rows and n columns, \
laid out as in the figures of Boone (2016).\n\nExamples:\n  grundy table knights --rows 1-6 --cols 1-6\n  \
grundy table queens --rows 1-8 --cols 1-8 --json\n  grundy table bishops+knights --rows 1-8 --cols 1-8\n  \
grundy table queens+rooks --rays blocked\n  grundy table knights --board torus --rows 3-8 --cols 3-8\n\nFor a corner game, cell (m, n) is the nim-value with the \
piece on (m, n); rows and columns start at 0:\n  grundy table corner-knight --rows 0-15 --cols 0-11\n  \
grundy table corner-queen --rows 0-9 --cols 0-9 --svg wythoff.svg"
)]
pub struct Args {
    /// The pieces of a placement game, or a corner game (the lists: `grundy table --help`).
    #[arg(long_help = format!("The pieces of a placement game: {}.\nOr a corner game: {}.", Family::Placement.names(), Family::Corner.names()))]
    pub game: String,
    /// Numbers of rows: FROM-TO, a single number, or a list like 2,4,8 (default 1-6; for a
    /// corner game the values of m, from 0, default 0-15).
    #[arg(long)]
    pub rows: Option<String>,
    /// Numbers of columns, in the same form as --rows (default 1-6; corner games: n, default 0-11).
    #[arg(long)]
    pub cols: Option<String>,
    /// Corner games: also draw the table as a coloured grid into this SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub rules: RuleOptions,
    #[command(flatten)]
    pub search: SearchOptions,
}

/// Runs `grundy table`.
pub fn run(args: &Args) -> Result<String> {
    require_verb(&args.game, Verb::Table)?;
    if Family::of(&args.game) == Family::Corner {
        args.rules.refuse(&args.game)?;
        return corner_table(args);
    }
    if args.svg.is_some() {
        return Err(input_error("--svg is for corner games"));
    }
    let pieces = parse_pieces(&args.game).map_err(input_error)?;
    let rules = PlacementRules::new(
        &pieces,
        args.rules.surface.unwrap_or(Surface::Rectangle),
        args.rules.rays.unwrap_or(RayRule::Through),
    )
    .map_err(input_error)?;
    let name = rules.name();
    let rows = &parse_range(args.rows.as_deref().unwrap_or("1-6"))?;
    let cols = &parse_range(args.cols.as_deref().unwrap_or("1-6"))?;
    let mut cells = Vec::new();
    for (i, &m) in rows.iter().enumerate() {
        for (j, &n) in cols.iter().enumerate() {
            let board = BoardSize::new(m, n).map_err(input_error)?;
            cells.push((i, j, board));
        }
    }
    let largest = cells
        .iter()
        .map(|&(_, _, board)| board)
        .max_by_key(|board| board.squares())
        .ok_or_else(|| input_error("the table has no cells: give --rows and --cols"))?;
    // Largest boards first, so that no long job starts last.
    cells.sort_by_key(|&(_, _, board)| std::cmp::Reverse(board.squares()));
    let total = cells.len();
    let started = Instant::now();
    // Cell, value (None if stopped), the strategy that settled it without search, positions.
    type CellResult = (usize, usize, Option<Nimber>, Option<String>, u64);
    // The cells a strategy settles (mirror play: a second-player win, 0) are filled first,
    // without a solver: no thread waits behind a long search to reach them, and a table
    // stopped early still shows them.
    let mut settled: Vec<CellResult> = Vec::new();
    cells.retain(|&(i, j, board)| {
        let game = PlacementGame::with_rules(rules.clone(), board);
        let Some(settlement) = settled_by_strategy(&game, &game.empty()) else {
            return true;
        };
        let Some(nimber) = settlement.nim_value() else {
            return true;
        };
        settled.push((i, j, Some(nimber), Some(settlement.strategy), 0));
        false
    });
    let threads = rayon::current_num_threads() as u64;
    let budget = (args.search.memory / threads).max(1 << 20);
    let bar = counting_bar(total as u64, &format!("{name} table"));
    bar.inc(settled.len() as u64);
    // Ctrl-C raises its flag; the solvers poll one of their own, raised from it by a watcher.
    interrupt::stop_flag()?;
    let stop = Arc::new(AtomicBool::new(false));
    let finished = AtomicBool::new(false);
    let mut results: Vec<CellResult> = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !finished.load(Ordering::Relaxed) {
                if interrupt::interrupted() {
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        });
        let results = cells
            .par_iter()
            .map_init(
                || None::<PlacementSolver>,
                |solver, &(i, j, board)| {
                    if stop.load(Ordering::Relaxed) {
                        return (i, j, None, None, 0);
                    }
                    let game = PlacementGame::with_rules(rules.clone(), board);
                    // Each thread keeps one solver and its table for all its cells: component
                    // keys are shapes, valid on every board of the same rules.
                    let solver = match solver {
                        Some(solver) => {
                            solver.retarget(&game);
                            solver
                        }
                        None => solver.insert(PlacementSolver::for_boards(&game, largest, budget)),
                    };
                    let before = solver.stats().positions;
                    let nimber = solver.nim_value_within(&game.empty(), &stop);
                    if nimber.is_some() {
                        bar.inc(1);
                        crate::progress::report_to_server(&[
                            ("cells_finished", bar.position()),
                            ("cells_total", total as u64),
                        ]);
                    }
                    (i, j, nimber, None, solver.stats().positions - before)
                },
            )
            .collect();
        finished.store(true, Ordering::Relaxed);
        results
    });
    bar.finish_and_clear();
    results.append(&mut settled);
    let seconds = started.elapsed().as_secs_f64();
    let mut grid = vec![vec![None::<u32>; cols.len()]; rows.len()];
    let mut settled_by = vec![vec![None::<String>; cols.len()]; rows.len()];
    let mut positions = 0;
    for (i, j, nimber, strategy, searched) in results {
        grid[i][j] = nimber.map(Nimber::value);
        settled_by[i][j] = strategy;
        positions += searched;
    }
    let settled_cells = settled_by.iter().flatten().flatten().count();
    let done = grid.iter().flatten().filter(|cell| cell.is_some()).count();
    let interrupted = done < total;
    let report = if args.search.json {
        json_line(&TableReport {
            schema: SCHEMA_VERSION,
            command: Command::Table,
            game: name.clone(),
            surface: Some(rules.surface().to_string()),
            rays: Some(rules.rays().to_string()),
            rows: rows.iter().map(|&r| r as usize).collect(),
            cols: cols.iter().map(|&c| c as usize).collect(),
            nimbers: grid.clone(),
            settled_by: Some(settled_by),
            positions_searched: Some(positions),
            interrupted,
            finished_cells: done,
            seconds,
        })
    } else {
        let shown: Vec<Vec<String>> = grid
            .iter()
            .map(|row| {
                row.iter()
                    .map(|cell| cell.map_or_else(|| "?".to_string(), |value| value.to_string()))
                    .collect()
            })
            .collect();
        let mut out = value_grid_text(
            &format!(
                "{name}{}: nim-values of the empty m x n board (m rows down, n columns across)",
                rules_note(&rules)
            ),
            rows,
            cols,
            &shown,
        );
        if interrupted {
            out.push_str(&format!(
                "(? : not finished, stopped by {})\n",
                interrupt::stopped_by()
            ));
        }
        if settled_cells > 0 {
            out.push_str(&format!(
                "{settled_cells} boards settled without search by mirror play (a second-player win: 0)\n"
            ));
        }
        out.push_str(&format!(
            "{} boards, {positions} positions searched in {seconds:.3} s on {threads} threads\n",
            total
        ));
        out
    };
    if interrupted {
        // The finished cells are the answer so far: printed before the exit status says the
        // table is incomplete.
        print!("{report}");
        return Err(Interrupted(format!(
            "interrupted by {}: {done} of {total} cells finished",
            interrupt::stopped_by()
        ))
        .into());
    }
    Ok(report)
}

/// The table of a corner game: `g(m, n)` for the chosen `m` (rows) and `n` (columns).
fn corner_table(args: &Args) -> Result<String> {
    let game: CornerGame = args.game.parse().map_err(input_error)?;
    let rows = parse_coordinates(args.rows.as_deref().unwrap_or("0-15"))?;
    let cols = parse_coordinates(args.cols.as_deref().unwrap_or("0-11"))?;
    let cells = rows.len() * cols.len();
    if args.svg.is_some() && cells > MAX_GRID_CELLS {
        return Err(input_error(format!(
            "--svg draws at most {MAX_GRID_CELLS} cells (200 x 200), and this table has {} x {} = {cells}: choose fewer --rows or --cols",
            rows.len(),
            cols.len()
        )));
    }
    let last_row = rows.iter().copied().max().unwrap_or(0);
    let last_col = cols.iter().copied().max().unwrap_or(0);
    check_corner_memory(
        &game,
        last_row + 1,
        last_col + 1,
        &format!("the table to m = {last_row}, n = {last_col}"),
    )?;
    let started = Instant::now();
    let table = game.table(last_row + 1, last_col + 1);
    let seconds = started.elapsed().as_secs_f64();
    let grid: Vec<Vec<u32>> = rows
        .iter()
        .map(|&m| cols.iter().map(|&n| table.get(m, n).value()).collect())
        .collect();
    if let Some(path) = &args.svg {
        let title = format!("{game}: nim-value g(m, n), m up, n across");
        crate::files::write_after_report(path, value_grid(&title, &rows, &cols, &grid));
    }
    if args.search.json {
        let cells = grid.iter().map(Vec::len).sum();
        return Ok(json_line(&TableReport {
            schema: SCHEMA_VERSION,
            command: Command::Table,
            game: game.to_string(),
            surface: None,
            rays: None,
            rows: rows.clone(),
            cols: cols.clone(),
            nimbers: grid
                .iter()
                .map(|row| row.iter().map(|&value| Some(value)).collect())
                .collect(),
            settled_by: None,
            positions_searched: None,
            interrupted: false,
            finished_cells: cells,
            seconds,
        }));
    }
    let out = value_grid_text(
        &format!("{game}: nim-values g(m, n) (m down, n across)"),
        &rows,
        &cols,
        &grid,
    );
    Ok(out)
}

/// A table of values as text: a title line, the column labels, then one labelled row per
/// row label, laid out like the figures of Boone (2016).
fn value_grid_text<R: Display, C: Display, V: Display>(
    title: &str,
    rows: &[R],
    cols: &[C],
    grid: &[Vec<V>],
) -> String {
    let width = grid
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .chain(cols.iter().map(|c| c.to_string().len()))
        .max()
        .unwrap_or(1);
    let label = rows
        .iter()
        .map(|r| r.to_string().len())
        .max()
        .unwrap_or(1)
        .max(3);
    let mut out = format!("{title}\n");
    out.push_str(&format!("{:>label$}", "m\\n"));
    for n in cols {
        out.push_str(&format!("  {:>width$}", n.to_string()));
    }
    out.push('\n');
    for (m, values) in rows.iter().zip(grid) {
        out.push_str(&format!("{:>label$}", m.to_string()));
        for value in values {
            out.push_str(&format!("  {value:>width$}"));
        }
        out.push('\n');
    }
    out
}
