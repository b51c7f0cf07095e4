//! Empty-board nim-values of the benchmark boards, each in a fresh solver.
//! `cargo bench -p grundy` runs them; `grundy bench` prints the same cases with positions.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::placement::{Piece, PlacementGame, PlacementSolver};
use std::hint::black_box;

fn empty_board_values(c: &mut Criterion) {
    let mut group = c.benchmark_group("empty board nim-value");
    group.sample_size(10);
    for (piece, board) in [
        (Piece::Knight, "5x9"),
        (Piece::Knight, "7x7"),
        (Piece::Queen, "9x9"),
        (Piece::Queen, "10x10"),
    ] {
        let game = PlacementGame::new(piece, board.parse().expect("valid board"));
        group.bench_function(format!("{piece} {board}"), |b| {
            b.iter(|| {
                let mut solver = PlacementSolver::new(&game, 1 << 30);
                black_box(solver.nim_value(&game.empty()))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, empty_board_values);
criterion_main!(benches);
