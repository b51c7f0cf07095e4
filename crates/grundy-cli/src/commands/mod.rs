//! One module per subcommand. Each `run` returns the full report as a string, or an error.

pub mod bench;
mod board_svg;
pub mod certificate;
pub mod check;
mod checkpoint_file;
pub mod cluster;
pub mod conjecture;
pub mod games;
pub mod graph;
pub mod misere;
pub mod moves;
pub mod outcome;
pub mod play;
pub mod quotient;
pub mod sequence;
pub mod sequence_window;
pub mod table;
pub mod terminal;
pub mod tour;
pub mod value;
mod value_search;
pub mod worker;

use clap::Args;
pub use grundy::games::answer_text::searched_line;
use grundy::games::contract::FamilyGame;
use grundy::games::game::{RayRule, Surface};

use grundy::Game;

use crate::input::{input_error, parse_memory, read_game, refuse_format_without_graph};

/// The game and position of `value`, `moves` and `outcome`.
#[derive(Debug, Clone, Args)]
pub struct GameArgs {
    /// The game: pieces on a board (knights 5x5), a heap game (kayles 3 4 5), a corner game
    /// (corner-knight 7 9), `graph FILE`, a nimber (*3), or a sum of these joined by ` + `
    /// ("knights 5x5 + kayles 7 + *3"). `--help` lists every game.
    #[arg(long_help = grundy::games::registry::catalogue())]
    pub game: String,
    /// For a piece, the board size ROWSxCOLS (at most 512 squares, e.g. 16x16). For a heap game
    /// the heap sizes (kayles-2d: boards MxN); for a corner game the square M N.
    #[arg(value_name = "BOARD|HEAPS|M N")]
    pub args: Vec<String>,
    /// Start from this position instead of the empty board: rows separated by `/`, row 1
    /// first, `.` for an empty square and the piece letter (N B R Q K, L for a leaper) for an
    /// occupied one (in Cram `#` for a covered square). Games on a board only (placement games,
    /// Cram); in a sum of games, one --position for each game on an empty board, in order
    /// (a game given in a position after `at` keeps it).
    #[arg(long = "position", value_name = "POSITION")]
    pub positions: Vec<String>,
    /// For `graph FILE`: the file's format, edges or dimacs (default: detected from the
    /// content; a `p edge` line means DIMACS).
    #[arg(long, value_name = "edges|dimacs")]
    pub format: Option<String>,
    #[command(flatten)]
    pub rules: RuleOptions,
}

/// Splits a game quoted as one argument, as users copy it from the README's sums
/// (`grundy value "knights 5x5"`, `grundy value "nim 3 5 7"`): the first word is the game and
/// the others come before the arguments typed after it, exactly as if typed unquoted. Only the
/// game is split, so a file name with spaces after it (`graph "my graph.txt"`) is kept whole.
pub fn unquote_game(game: &mut String, args: &mut Vec<String>) {
    let mut words = game.split_whitespace().map(str::to_string);
    let Some(first) = words.next() else {
        return;
    };
    let rest: Vec<String> = words.collect();
    *game = first;
    args.splice(0..0, rest);
}

/// For a command that takes the game alone (`table`, `sequence`, `check`): the game quoted
/// with spaces around it is the game, and a word after it is refused by name.
pub fn unquote_game_alone(game: &mut String, command: &str) -> anyhow::Result<()> {
    let mut rest = Vec::new();
    unquote_game(game, &mut rest);
    match rest.first() {
        None => Ok(()),
        Some(extra) => Err(input_error(format!(
            "unexpected `{extra}` after the game `{game}`: grundy {command} takes the game alone, for example `grundy {command} {game}` (see `grundy {command} --help`)"
        ))),
    }
}

impl GameArgs {
    /// The game read from the command line, quoted whole or typed word by word, with the
    /// options' surface, ray rule and positions. `--format` is refused unless a game named
    /// (alone or in a sum) is `graph FILE`, whose file it describes: elsewhere it would be
    /// ignored without a word.
    pub fn game(&self) -> anyhow::Result<Game> {
        let words: Vec<String> = std::iter::once(self.game.clone())
            .chain(self.args.iter().cloned())
            .collect();
        let game = read_game(&words, self.format.as_deref())?;
        let reads_graph = game
            .summands()
            .iter()
            .any(|summand| summand.edge_list().is_some());
        refuse_format_without_graph(self.format.as_deref(), &self.game, reads_graph)?;
        game.with_rules(self.rules.surface, self.rules.rays)
            .and_then(|game| game.with_positions(&self.positions))
            .map_err(input_error)
    }
}

/// The surface and ray rule of a placement game.
#[derive(Debug, Clone, Default, Args)]
pub struct RuleOptions {
    /// The board's surface: rectangle (default), torus (both pairs of opposite edges glued),
    /// cylinder (left and right edges glued) or mobius (left and right glued with a flip: row r
    /// continues on row m+1-r). Pieces attack across the glued edges; see docs/SURFACES.md.
    #[arg(long = "board", value_name = "SURFACE", value_parser = clap::value_parser!(Surface))]
    pub surface: Option<Surface>,
    /// With several pieces: whether the lines of bishops, rooks and queens pass occupied
    /// squares (through, the default) or stop at the first one (blocked).
    #[arg(long, value_name = "RULE", value_parser = clap::value_parser!(RayRule))]
    pub rays: Option<RayRule>,
}

/// The worker threads to use: as many as asked for, or one per core.
pub fn thread_count(requested: Option<u32>) -> usize {
    requested.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |n| n as usize,
    )
}

/// Options shared by the commands that search.
#[derive(Debug, Clone, Args)]
pub struct SearchOptions {
    /// The most memory for the transposition tables (K, M, G, T suffixes; powers of 1024), at
    /// most the machine's memory: the tables start small and double as positions are stored,
    /// up to this size, each size written in full when it is made (a doubling briefly holds the
    /// old table beside the new), so a short search uses little of it and a long one all of it.
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_memory)]
    pub memory: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}
