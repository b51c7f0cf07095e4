//! The answer of `table` as text for people, as the command line prints it: the values (or
//! under misère play who wins) as a grid laid out like the figures of Boone (2016), with what
//! settled cells without search and what the search cost.

use std::fmt::Display;

use super::TableGame;
use crate::report::TableReport;

/// The table `report` of `game` as text: a grid of the values, or under misère play of who
/// wins; `threads`, those the cells were searched on; `stopped_by`, what stopped a table left
/// unfinished (its cells `?`).
#[must_use]
pub fn table_text(
    report: &TableReport,
    game: &TableGame,
    threads: usize,
    stopped_by: &str,
) -> String {
    if report.outcomes.is_some() {
        misere_text(report)
    } else if game.searches_cells() {
        board_text(report, &game.rules_note(), threads, stopped_by)
    } else {
        whole_table_text(report)
    }
}

/// A table of empty boards searched cell by cell, with the `note` of its rules: `?` for the
/// cells a stop (by `stopped_by`) left unfinished.
fn board_text(report: &TableReport, note: &str, threads: usize, stopped_by: &str) -> String {
    let shown: Vec<Vec<String>> = report
        .nimbers
        .iter()
        .map(|row| {
            row.iter()
                .map(|cell| cell.map_or_else(|| "?".to_string(), |value| value.to_string()))
                .collect()
        })
        .collect();
    let mut out = value_grid_text(
        &format!(
            "{}{}: nim-values of the empty m x n board (m rows down, n columns across)",
            report.game, note
        ),
        &report.rows,
        &report.cols,
        &shown,
    );
    if report.interrupted {
        out.push_str(&format!("(? : not finished, stopped by {stopped_by})\n"));
    }
    let strategies: Vec<&String> = report
        .settled_by
        .iter()
        .flatten()
        .flatten()
        .flatten()
        .collect();
    if !strategies.is_empty() {
        let mirrored = strategies
            .iter()
            .filter(|strategy| strategy.starts_with("mirror play"))
            .count();
        let by = match mirrored {
            all if all == strategies.len() => "mirror play",
            0 => "the kings' answer in the same line",
            _ => "mirror play or the kings' answer in the same line",
        };
        out.push_str(&format!(
            "{} boards settled without search by {by} (a second-player win: 0)\n",
            strategies.len()
        ));
    }
    out.push_str(&format!(
        "{} boards, {} positions searched in {:.3} s on {threads} threads\n",
        report.rows.len() * report.cols.len(),
        report.positions_searched.unwrap_or(0),
        report.seconds
    ));
    out
}

/// A table under misère play: who wins each cell, `?` where a stop came first.
fn misere_text(report: &TableReport) -> String {
    let shown: Vec<Vec<String>> = report
        .outcomes
        .iter()
        .flatten()
        .map(|row| {
            row.iter()
                .map(|cell| cell.clone().unwrap_or_else(|| "?".to_string()))
                .collect()
        })
        .collect();
    let what = if report.surface.is_some() {
        "the empty m x n board (m rows down, n columns across)"
    } else {
        "the piece on (m, n) (m down, n across)"
    };
    let mut out = value_grid_text(
        &format!(
            "{}: misère play (the last player to move loses), who wins {what}: N the first player, P the second",
            report.game
        ),
        &report.rows,
        &report.cols,
        &shown,
    );
    out.push_str(&format!(
        "{} cells, {} positions searched in {:.3} s\n",
        report.rows.len() * report.cols.len(),
        report.positions_searched.unwrap_or(0),
        report.seconds
    ));
    out
}

/// A table read whole from the game's own table (a corner game's).
fn whole_table_text(report: &TableReport) -> String {
    // A table read whole is never stopped: every cell has its value.
    let grid: Vec<Vec<u32>> = report
        .nimbers
        .iter()
        .map(|row| row.iter().map(|cell| cell.unwrap_or(0)).collect())
        .collect();
    let game = &report.game;
    value_grid_text(
        &format!("{game}: nim-values g(m, n) (m down, n across)"),
        &report.rows,
        &report.cols,
        &grid,
    )
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
