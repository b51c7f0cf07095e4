//! Measures the knight's-tour methods for `docs/PERFORMANCE.md`:
//! Warnsdorff success by tie-break and board size, the neural network's success rate, and
//! divide-and-conquer times.
//!
//! `cargo run --release -p grundy --example tour_rates [warnsdorff|neural|divide]`

use std::time::Instant;

use grundy::tour::neural::{best_cover, NeuralOptions};
use grundy::tour::warnsdorff::{walk, TieBreak};
use grundy::tour::{divide, TourBoard};

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    if which.is_empty() || which == "warnsdorff" {
        warnsdorff_rates();
    }
    if which.is_empty() || which == "neural" {
        neural_rates();
    }
    if which.is_empty() || which == "divide" {
        divide_times();
    }
}

fn warnsdorff_rates() {
    println!("Warnsdorff: open tours of n x n; share of all starts that succeed, and whether the corner a1 does");
    println!("{:>6} {:>18} {:>18} {:>18}", "n", "first", "pohl", "roth");
    for n in [5u32, 6, 7, 8, 10, 12, 16, 20, 30, 40, 50, 64, 80, 100] {
        let board = TourBoard::new(n, n).unwrap();
        let mut line = format!("{n:>6}");
        for rule in TieBreak::ALL {
            let squares = board.squares();
            let good = (0..squares as u32)
                .filter(|&start| walk(board, start, rule).len() == squares)
                .count();
            let corner = walk(board, 0, rule).len() == squares;
            line += &format!(
                " {:>10.1}% a1:{:<4}",
                100.0 * good as f64 / squares as f64,
                if corner { "yes" } else { "no" }
            );
        }
        println!("{line}");
    }
    println!("Warnsdorff from the corner a1 on larger n x n boards (yes = covers the board):");
    for n in [200u32, 300, 500, 700, 1000, 1500, 2000, 3000, 5000] {
        let board = TourBoard::new(n, n).unwrap();
        let mut line = format!("{n:>6}");
        for rule in TieBreak::ALL {
            let started = Instant::now();
            let covered = walk(board, 0, rule).len();
            line += &format!(
                " {rule}:{} ({:.2} s)",
                if covered == board.squares() {
                    "yes"
                } else {
                    "no"
                },
                started.elapsed().as_secs_f64()
            );
        }
        println!("{line}");
    }
}

fn neural_rates() {
    println!("Neural network: 1000 restarts of at most 400 sweeps each");
    for (rows, cols) in [(6u32, 6u32), (8, 8), (10, 10), (12, 12), (16, 16), (20, 20)] {
        let board = TourBoard::new(rows, cols).unwrap();
        let options = NeuralOptions {
            restarts: 1000,
            ..NeuralOptions::default()
        };
        let started = Instant::now();
        let (_, report) = best_cover(board, options, false);
        println!(
            "{:>7}: settled {:>5.1}%, single cycle (a closed tour) {:>5.1}%, {:.2} s",
            board.to_string(),
            100.0 * f64::from(report.settled) / f64::from(report.restarts),
            100.0 * f64::from(report.single_cycle) / f64::from(report.restarts),
            started.elapsed().as_secs_f64()
        );
    }
}

fn divide_times() {
    println!("Divide and conquer, closed tours, construction and verification");
    for n in [8u32, 100, 1000, 3000, 10000] {
        let board = TourBoard::new(n, n).unwrap();
        let started = Instant::now();
        let tour = divide::construct(board, true, None).unwrap();
        println!(
            "{:>11}: {:.3} s, closed {}",
            board.to_string(),
            started.elapsed().as_secs_f64(),
            tour.is_closed()
        );
    }
}
