use grundy::games::placement::{Piece, PlacementGame, PlacementSolver};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let piece: Piece = args[1].parse().unwrap();
    let game = PlacementGame::new(piece, args[2].parse().unwrap());
    let mut solver = PlacementSolver::new(&game, 1 << 30);
    if let Ok(size) = std::env::var("FULL_MEX") {
        solver.set_full_mex_size(size.parse().unwrap());
    }
    let t = std::time::Instant::now();
    let v = solver.nim_value(&game.empty());
    println!("{v} {:?} {:?}", t.elapsed(), solver.stats());
}
