//! One module per subcommand. Each `run` returns the full report as a string, or an error.

pub mod bench;
mod board_svg;
pub mod check;
pub mod conjecture;
mod first_moves;
pub mod graph;
pub mod graph_game;
pub mod heaps;
pub mod moves;
pub mod outcome;
pub mod play;
pub mod sequence;
pub mod table;
pub mod tour;
pub mod value;

use clap::Args;

use crate::input::parse_memory;

/// The game and position of `value` and `moves`.
#[derive(Debug, Clone, Args)]
pub struct GameArgs {
    /// The game: a piece (knights, bishops, rooks, queens, kings, camels, zebras, giraffes,
    /// leaper:A,B), a heap game (a code such as 0.77, or nim, kayles, dawsons-kayles,
    /// grundys-game, laskers-nim, sub:1,2,3, treblecross, dawsons-chess, kayles-2d), a corner
    /// game (corner-knight, corner-queen, corner:DX,DY;DX,DY;...) or `graph FILE`: Node Kayles
    /// on a graph given as an edge list or in DIMACS format.
    pub game: String,
    /// For a piece, the board size ROWSxCOLS (at most 256 squares, e.g. 16x16). For a heap game
    /// the heap sizes (kayles-2d: boards MxN); for a corner game the square M N.
    #[arg(value_name = "BOARD|HEAPS|M N")]
    pub args: Vec<String>,
    /// Start from this position instead of the empty board: rows separated by `/`, row 1
    /// first, `.` for an empty square and the piece letter (N B R Q K, L for a leaper) for an
    /// occupied one. Placement games only.
    #[arg(long)]
    pub position: Option<String>,
    /// For `graph FILE`: the file's format, edges or dimacs (default: detected from the
    /// content; a `p edge` line means DIMACS).
    #[arg(long, value_name = "edges|dimacs")]
    pub format: Option<String>,
}

/// Options shared by the commands that search.
#[derive(Debug, Clone, Args)]
pub struct SearchOptions {
    /// Memory for the transposition table (K, M, G, T suffixes; powers of 1024).
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_memory)]
    pub memory: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}
