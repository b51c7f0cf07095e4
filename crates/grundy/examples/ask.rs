//! Asks grundy's library what a front end asks: the value of a game, its winning moves, and a
//! table of values, with a progress callback and a stop after a few seconds.
//!
//! ```text
//! cargo run --release -p grundy --example ask -- "knights 6x6 + kayles 7" 10 queens
//! ```
//!
//! The first argument is any game grundy reads, a sum included (default `knights 5x5`); the
//! second the seconds after which the watch's flag stops the work (default 30); the third the
//! pieces of a table of boards 1x1 to 7x7 (default `knights`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::misere::Convention;
use grundy::request::{Limits, MovesRequest, RunError, Stopped, TableRequest, ValueRequest};
use grundy::watch::{Event, Watch};
use grundy::{run, Answer, Game, Request};

fn main() {
    let mut args = std::env::args().skip(1);
    let text = args.next().unwrap_or_else(|| "knights 5x5".to_string());
    let seconds: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(30);
    let table_game = args.next().unwrap_or_else(|| "knights".to_string());
    let game: Game = match text.parse() {
        Ok(game) => game,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    };

    // Progress arrives on the working threads: print at most one line a second.
    let started = Instant::now();
    let last_shown = Arc::new(AtomicU64::new(0));
    let watch = Watch::new().on_event(move |event| {
        let second = started.elapsed().as_secs();
        if second > last_shown.swap(second, Ordering::Relaxed) {
            match event {
                Event::Searched { positions, .. } => eprintln!("  {positions} positions"),
                Event::FirstMoves {
                    settled, groups, ..
                } => eprintln!("  first moves {settled}/{groups}"),
                Event::Steps { task, done, total } => eprintln!("  {task} {done}/{total}"),
                // Records for a checkpoint, and the knight's tour searches' own progress.
                _ => {}
            }
        }
    });
    let stopper = watch.clone();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(seconds));
        stopper.stop();
    });

    let limits = Limits::new(1 << 28, None);
    let value = Request::Value(ValueRequest {
        game: game.clone(),
        graph: None,
        convention: Convention::Normal,
        limits: limits.clone(),
        resume: Default::default(),
    });
    match run(&value, &watch) {
        Ok(Answer::Game(report)) => println!(
            "{game}: nim-value {}, {} wins",
            report.nimber().unwrap_or(0),
            report.winner().expect("a value report knows who wins")
        ),
        Ok(_) => unreachable!("a value request is answered by a game report"),
        Err(RunError::Stopped(_)) => {
            println!("{game}: stopped after {seconds} s before the value was known");
            return;
        }
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    }

    let moves = grundy::request::moves(
        &MovesRequest {
            game: game.clone(),
            graph: None,
            all: false,
            convention: Convention::Normal,
            limits: limits.clone(),
            seconds: None,
        },
        &watch,
    );
    match moves {
        Ok(report) => {
            let winning: Vec<&str> = report.moves().iter().map(|m| m.notation.as_str()).collect();
            if winning.is_empty() {
                println!("no winning move: the player to move loses");
            } else {
                println!("winning moves: {}", winning.join(", "));
            }
        }
        Err(error) => eprintln!("moves: {error}"),
    }

    let table_game = match table_game.parse() {
        Ok(table_game) => table_game,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    };
    let sides: Vec<usize> = (1..=7).collect();
    let table = grundy::request::table(
        &TableRequest {
            game: table_game,
            rows: Some(sides.clone()),
            cols: Some(sides),
            limits,
            convention: Convention::Normal,
        },
        &watch,
    );
    // A table the watch stopped still holds the cells it finished.
    let (report, stopped) = match table {
        Ok(report) => (report, false),
        Err(RunError::Stopped(Stopped::Table(report))) => (*report, true),
        Err(error) => {
            eprintln!("table: {error}");
            return;
        }
    };
    println!("{} table (rows down, columns across):", report.game);
    for (rows, values) in report.rows.iter().zip(&report.nimbers) {
        let cells: Vec<String> = values
            .iter()
            .map(|value| value.map_or_else(|| "?".to_string(), |value| value.to_string()))
            .collect();
        println!("  {rows:>2}: {}", cells.join(" "));
    }
    if stopped {
        println!("  (stopped after {seconds} s: ? marks the cells not finished)");
    }
}
