//! Sets of knight's moves in which every square has at most two: cycle covers and the tours
//! built from them, stored in one byte a square.
//!
//! Each square keeps the directions (indices into [`KNIGHT_STEPS`]) of its two moves in the two
//! halves of its byte, so a 10000×10000 board costs 100 MB while a tour is assembled, a quarter
//! of what the finished path takes.
//!
//! Two cycles are joined by the classical exchange: if the move `a1–a2` is in one cycle and
//! `b1–b2` in another, and `a1–b1` and `a2–b2` are knight's moves, then dropping the first two
//! moves and adding the other two leaves one cycle, whichever way round either cycle runs.

use super::{TourBoard, KNIGHT_STEPS};

/// No move in this half of the byte.
const NONE: u8 = 8;

/// Up to two knight's moves at every square of a board.
pub(crate) struct Links {
    board: TourBoard,
    codes: Vec<u8>,
    /// Index offsets of the eight steps (row step × columns + column step).
    offsets: [i64; 8],
}

/// The step index leading from `from` to `to`, which must be a knight's move apart.
fn direction(board: TourBoard, from: u32, to: u32) -> u8 {
    let (r1, c1) = board.position(from);
    let (r2, c2) = board.position(to);
    let step = (r2 as i32 - r1 as i32, c2 as i32 - c1 as i32);
    KNIGHT_STEPS
        .iter()
        .position(|&known| known == step)
        .expect("linked squares are a knight's move apart") as u8
}

impl Links {
    /// No moves at all.
    pub(crate) fn new(board: TourBoard) -> Links {
        let cols = i64::from(board.cols());
        Links {
            board,
            codes: vec![NONE | NONE << 4; board.squares()],
            offsets: KNIGHT_STEPS.map(|(dr, dc)| i64::from(dr) * cols + i64::from(dc)),
        }
    }

    pub(crate) fn board(&self) -> TourBoard {
        self.board
    }

    /// The raw code of a square, for copying blocks.
    pub(crate) fn code(&self, square: u32) -> u8 {
        self.codes[square as usize]
    }

    /// Sets the raw code of a square (a block's pattern is translation invariant).
    pub(crate) fn set_code(&mut self, square: u32, code: u8) {
        self.codes[square as usize] = code;
    }

    fn target(&self, square: u32, direction: u8) -> u32 {
        (i64::from(square) + self.offsets[direction as usize]) as u32
    }

    /// The squares linked to `square` (zero, one or two).
    pub(crate) fn neighbours(&self, square: u32) -> impl Iterator<Item = u32> + '_ {
        let code = self.codes[square as usize];
        [code & 15, code >> 4]
            .into_iter()
            .filter(|&direction| direction != NONE)
            .map(move |direction| self.target(square, direction))
    }

    #[cfg(test)]
    pub(crate) fn degree(&self, square: u32) -> usize {
        let code = self.codes[square as usize];
        usize::from(code & 15 != NONE) + usize::from(code >> 4 != NONE)
    }

    #[cfg(test)]
    pub(crate) fn has(&self, a: u32, b: u32) -> bool {
        self.neighbours(a).any(|linked| linked == b)
    }

    fn add_half(&mut self, from: u32, to: u32) {
        let direction = direction(self.board, from, to);
        let code = &mut self.codes[from as usize];
        if *code & 15 == NONE {
            *code = (*code & 0xF0) | direction;
        } else {
            debug_assert_eq!(*code >> 4, NONE, "a square has at most two moves");
            *code = (*code & 0x0F) | direction << 4;
        }
    }

    fn remove_half(&mut self, from: u32, to: u32) {
        let direction = direction(self.board, from, to);
        let code = &mut self.codes[from as usize];
        if *code & 15 == direction {
            *code = (*code & 0xF0) | NONE;
        } else {
            debug_assert_eq!(*code >> 4, direction, "only linked squares are unlinked");
            *code = (*code & 0x0F) | NONE << 4;
        }
    }

    /// Links `a` and `b` (a knight's move apart, each with a free slot).
    pub(crate) fn add(&mut self, a: u32, b: u32) {
        self.add_half(a, b);
        self.add_half(b, a);
    }

    /// Unlinks `a` and `b`.
    pub(crate) fn remove(&mut self, a: u32, b: u32) {
        self.remove_half(a, b);
        self.remove_half(b, a);
    }

    /// Joins two cycles by the exchange described in the module documentation: drops `a1–a2`
    /// and `b1–b2`, adds `a1–b1` and `a2–b2`.
    pub(crate) fn exchange(&mut self, (a1, a2): (u32, u32), (b1, b2): (u32, u32)) {
        self.remove(a1, a2);
        self.remove(b1, b2);
        self.add(a1, b1);
        self.add(a2, b2);
    }

    /// Follows the links from `start` (an end of a path, or any square of a cycle) until they
    /// run out or come back; returns the squares in order.
    pub(crate) fn walk(&self, start: u32) -> Vec<u32> {
        let mut path = Vec::with_capacity(self.codes.len());
        path.push(start);
        let mut previous = u32::MAX;
        let mut current = start;
        loop {
            let next = self.neighbours(current).find(|&linked| linked != previous);
            match next {
                Some(next) if next != start => {
                    path.push(next);
                    previous = current;
                    current = next;
                }
                _ => return path,
            }
            if path.len() > self.codes.len() {
                // Only a corrupted structure could get here; stop rather than loop forever.
                return path;
            }
        }
    }

    /// The cycles of a cover in which every square has two links, as lists of squares.
    pub(crate) fn cycles(&self) -> Vec<Vec<u32>> {
        let mut seen = vec![false; self.codes.len()];
        let mut cycles = Vec::new();
        for square in 0..self.codes.len() as u32 {
            if !seen[square as usize] {
                let cycle = self.walk(square);
                for &member in &cycle {
                    seen[member as usize] = true;
                }
                cycles.push(cycle);
            }
        }
        cycles
    }

    /// Looks for an exchange joining the cycle through square `a1`'s move `a1–a2` to a cycle
    /// whose squares satisfy `other` (a different cycle), and makes it. Returns whether it did.
    pub(crate) fn join_at(&mut self, a1: u32, a2: u32, other: &dyn Fn(u32) -> bool) -> bool {
        for b1 in self.board.knight_moves(a1) {
            if !other(b1) {
                continue;
            }
            let candidates: Vec<u32> = self.neighbours(b1).collect();
            for b2 in candidates {
                if other(b2) && self.board.is_knight_move(a2, b2) {
                    self.exchange((a1, a2), (b1, b2));
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_squares_link_and_unlink() {
        let board = TourBoard::new(3, 3).unwrap();
        let mut links = Links::new(board);
        links.add(0, 5);
        links.add(0, 7);
        assert!(links.has(0, 5) && links.has(7, 0));
        assert_eq!(links.degree(0), 2);
        links.remove(0, 5);
        assert!(!links.has(5, 0));
        assert_eq!(links.degree(0), 1);
        assert_eq!(links.walk(0), vec![0, 7]);
    }

    #[test]
    fn an_exchange_joins_two_cycles() {
        // Two closed tours of 6×6, side by side on 6×12, joined into one closed tour.
        let half = TourBoard::new(6, 6).unwrap();
        let tour = crate::tour::backtrack::search(half, true, None, None).unwrap();
        let board = TourBoard::new(6, 12).unwrap();
        let mut links = Links::new(board);
        for shift in [0, 6] {
            let place = |square: u32| {
                let (row, col) = half.position(square);
                board.index(row, col + shift)
            };
            let path = tour.path();
            for i in 0..path.len() {
                links.add(place(path[i]), place(path[(i + 1) % path.len()]));
            }
        }
        assert_eq!(links.cycles().len(), 2);
        let right = |square: u32| board.position(square).1 >= 6;
        let joined = (0..board.squares() as u32)
            .filter(|&square| !right(square))
            .any(|a1| {
                let a2 = links.neighbours(a1).next().unwrap();
                links.join_at(a1, a2, &right)
            });
        assert!(joined);
        let cycle = links.walk(0);
        assert_eq!(crate::tour::verify::verify(board, &cycle, true), Ok(()));
    }
}
