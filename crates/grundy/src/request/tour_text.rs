//! The answers of the tour questions as text for people, as the command line prints them: a
//! tour drawn with its move numbers and how it was found, a count with its digits grouped,
//! the verdicts of `exists` and `verify`. The JSON of the same answers is the answer itself.

use std::fmt::Write as _;

use super::tour::{FoundTour, TourAnswer, TourCountAnswer};
use crate::report::{Count, TourExistsReport, TourVerifyReport};
use crate::tour::MAX_DRAWN_TOUR_SQUARES;
use crate::tour::{Tour, TourBoard};

/// Boards with more squares than this are summarised instead of drawn.
const MAX_DRAWN_SQUARES: usize = 10_000;

impl TourAnswer {
    /// The answer for people: the tour found (see [`FoundTour::text`]), or `no:` and why
    /// there is none.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            TourAnswer::Found(found) => found.text(),
            TourAnswer::NoTour { reason, .. } => format!("no: {reason}\n"),
        }
    }
}

impl FoundTour {
    /// A found tour for people: how it was found, the board with its move numbers (or a
    /// summary of a large one), notes on the method, and the check.
    #[must_use]
    pub fn text(&self) -> String {
        let tour = &self.tour;
        let board = tour.board();
        let mut out = String::new();
        let kind = if tour.is_closed() { "closed" } else { "open" };
        let first = board.square_name(tour.path()[0]);
        let last = board.square_name(tour.path()[tour.path().len() - 1]);
        let _ = writeln!(
            out,
            "{kind} knight's tour of {board} by {}, from {first} to {last}",
            self.method
        );
        if board.squares() <= MAX_DRAWN_SQUARES {
            out.push_str(&draw_numbers(tour));
        } else {
            let _ = writeln!(
                out,
                "({} squares: too many to draw; --json gives the whole path, --svg a picture up to {MAX_DRAWN_TOUR_SQUARES} squares)",
                board.squares()
            );
        }
        if self.network_stopped {
            out.push_str("Ctrl-C stopped the restarts: the best cover so far was joined\n");
        }
        if let Some(report) = &self.network {
            let _ = writeln!(
                out,
                "network: {} restart{}, {} settled with every square on two moves, {} of them a single cycle ({:.1}%)",
                report.restarts,
                if report.restarts == 1 { "" } else { "s" },
                report.settled,
                report.single_cycle,
                100.0 * f64::from(report.single_cycle) / f64::from(report.restarts.max(1))
            );
            if report.joins > 0 {
                let _ = writeln!(
                    out,
                    "no restart gave a single cycle: the best cover had {} cycles, joined by {} exchanges",
                    report.cycles_in_answer, report.joins
                );
            }
        }
        if let Some(why) = &self.fallback {
            let _ = writeln!(out, "{why}; found by {} instead", self.method);
        }
        let _ = writeln!(
            out,
            "verified   {} squares, every step a knight's move{}",
            board.squares(),
            if tour.is_closed() {
                ", and back to the start"
            } else {
                ""
            }
        );
        let _ = writeln!(out, "time       {:.3} s", self.seconds);
        out
    }
}

/// The board with each square's move number, row 1 at the top, column letters above.
fn draw_numbers(tour: &Tour) -> String {
    let board = tour.board();
    let numbers = tour.move_numbers();
    let width = board.squares().to_string().len().max(2);
    let mut out = String::new();
    let label_width = board.rows().to_string().len();
    out.push_str(&" ".repeat(label_width));
    for col in 0..board.cols() {
        let name = board.square_name(board.index(0, col));
        let letters = name.trim_end_matches(|c: char| c.is_ascii_digit());
        let _ = write!(out, " {letters:>width$}");
    }
    out.push('\n');
    for row in 0..board.rows() {
        let _ = write!(out, "{:>label_width$}", row + 1);
        for col in 0..board.cols() {
            let number = numbers[board.index(row, col) as usize];
            let _ = write!(out, " {number:>width$}");
        }
        out.push('\n');
    }
    out
}

impl TourExistsReport {
    /// The verdict for people: `yes:`, `no:` or `unknown:`, and why.
    #[must_use]
    pub fn text(&self) -> String {
        let verdict = match self.exists {
            Some(true) => "yes",
            Some(false) => "no",
            None => "unknown",
        };
        format!("{verdict}: {}\n", self.reason)
    }
}

impl TourVerifyReport {
    /// The verdict for people: the tour's kind and size, or the first fault found.
    #[must_use]
    pub fn text(&self) -> String {
        let board = &self.board;
        if let Some(fault) = &self.fault {
            return format!("not a valid tour of {board}: {fault}\n");
        }
        // The report names the board it read, so it reads back.
        let squares = board.parse::<TourBoard>().map_or(0, TourBoard::squares);
        let kind = if self.closed == Some(true) {
            "closed"
        } else {
            "open"
        };
        let squares = if squares == 1 {
            "its one square".to_string()
        } else {
            format!("{squares} squares, each once")
        };
        format!("valid {kind} knight's tour of {board}: {squares}, every step a knight's move\n")
    }
}

impl TourCountAnswer {
    /// A count for people: what was counted, the count (or the lower bound of a stopped
    /// search) and how it was made.
    #[must_use]
    pub fn text(&self) -> String {
        let report = &self.report;
        let board = &report.board;
        let count = group_digits(&match &report.count {
            Count::Exact(count) => count.to_string(),
            Count::Decimal(digits) => digits.clone(),
        });
        let from = match &report.start {
            Some(start) => format!(" starting at {start}"),
            None => String::new(),
        };
        let what = match (report.closed, report.directed) {
            (true, _) => {
                "closed tours (Hamiltonian cycles, up to direction and starting square)".to_string()
            }
            (false, true) => {
                format!("directed open tours (Hamiltonian paths, closed ones included){from}")
            }
            (false, false) => {
                format!("undirected open tours (Hamiltonian paths, closed ones included){from}")
            }
        };
        let seconds = report.seconds.unwrap_or(0.0);
        match report.method.as_str() {
            "theorem" => format!(
                "board      {board}\ncounting   {what}\ncount      {count}\nreason     {}\n",
                report.reason.as_deref().unwrap_or_default()
            ),
            "frontier" => format!(
                "board      {board}\ncounting   {what}\ncount      {count}\nmethod     frontier dynamic program, at most {} states at once, in {seconds:.3} s\n",
                report.peak_states.unwrap_or(0)
            ),
            _ => {
                let searched = report.search_nodes.unwrap_or(0);
                if report.complete {
                    format!(
                        "board      {board}\ncounting   {what}\ncount      {count}\nsearched   {searched} nodes in {seconds:.3} s\n"
                    )
                } else {
                    let (finished, all) = self.shares.unwrap_or_default();
                    format!(
                        "board      {board}\ncounting   {what}\ncount      at least {count} (interrupted: a lower bound, not the count)\nsearched   {searched} nodes in {seconds:.3} s, {finished} of {all} shares finished\n"
                    )
                }
            }
        }
    }
}

/// 6637920 as 6,637,920: the decimal digits of a count, grouped.
fn group_digits(digits: &str) -> String {
    let mut out = String::new();
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped() {
        assert_eq!(group_digits("6637920"), "6,637,920");
        assert_eq!(group_digits("304"), "304");
        assert_eq!(group_digits("1000"), "1,000");
    }

    #[test]
    fn a_small_tour_is_drawn_with_its_move_numbers() {
        let board: TourBoard = "5x5".parse().unwrap();
        let tour = crate::tour::divide::construct(board, false, None).unwrap();
        let drawn = draw_numbers(&tour);
        let lines: Vec<&str> = drawn.lines().collect();
        assert_eq!(lines[0], "   a  b  c  d  e");
        assert_eq!(lines.len(), 6);
        for number in 1..=25 {
            assert!(drawn.contains(&format!(" {number:>2}")), "{drawn}");
        }
    }
}
