//! `grundy conjecture`: tests a published conjecture on a range of boards and prints
//! the first counterexample found.
//!
//! `parity` is Proposition 2.2.3 of Boone (2016), *Abstractions and Analyses of Grid Games*,
//! stated there without proof: every terminal
//! position of Knights on an `m×n` board has as many pieces as `m·n` has parity. Each board's
//! terminal positions are counted by size (`grundy::graph::terminal`), so a board where the
//! statement holds is checked completely, not sampled.

use std::collections::HashMap;

use anyhow::Result;
use clap::Subcommand;
use grundy::games::placement::{Piece, PlacementGame};
use grundy::graph::terminal::{board_orders, narrowest_order, terminal_sets, TerminalLimit};
use grundy::graph::Graph;
use grundy::report::{Command, ConjectureReport, ParityCounterexample, Undecided, SCHEMA_VERSION};
use grundy::BoardSize;

use crate::render::json_line;

use crate::input::{input_error, parse_board_range};
use crate::progress::counting_bar;
use crate::render::draw_board;

/// Arguments of `grundy conjecture`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub conjecture: Conjecture,
}

/// The conjectures that can be tested.
#[derive(Debug, Subcommand)]
pub enum Conjecture {
    /// Boone (2016), Proposition 2.2.3: every terminal position on an m x n board has a number of
    /// pieces with the parity of m*n.
    #[command(
        after_help = "Examples:\n  grundy conjecture parity knights 3x3..8x8\n  \
grundy conjecture parity kings 1x1..6x6 --json"
    )]
    Parity(ParityArgs),
}

/// Arguments of `grundy conjecture parity`.
#[derive(Debug, clap::Args)]
pub struct ParityArgs {
    /// The piece (Boone (2016) states it for knights; any piece may be tried).
    pub piece: String,
    /// The boards: AxB..CxD for every board with A to C rows and B to D columns (fewest squares
    /// first), or one board such as 5x5.
    #[arg(value_name = "BOARDS")]
    pub boards: Vec<String>,
    /// The most frontier states when counting a board's terminal positions; a board beyond it
    /// is reported as undecided.
    #[arg(long, value_name = "STATES", default_value_t = TerminalLimit::default().entries)]
    pub states: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `grundy conjecture`.
pub fn run(args: &Args) -> Result<String> {
    match &args.conjecture {
        Conjecture::Parity(parity) => run_parity(parity),
    }
}

/// A terminal position whose size has the wrong parity.
struct Counterexample {
    board: BoardSize,
    squares: Vec<usize>,
}

fn run_parity(args: &ParityArgs) -> Result<String> {
    let piece: Piece = args.piece.parse().map_err(input_error)?;
    let boards_text = match args.boards.as_slice() {
        [boards] => boards.as_str(),
        [] => {
            return Err(input_error(format!(
                "the parity conjecture needs the boards, for example `grundy conjecture parity {} 3x3..8x8`",
                args.piece
            )))
        }
        [_, extra, ..] => {
            return Err(input_error(format!(
                "unexpected argument `{extra}`: the parity conjecture takes one range of boards, for example 3x3..8x8"
            )))
        }
    };
    let boards = parse_board_range(boards_text)?;
    let bar = counting_bar(boards.len() as u64, "boards");
    let mut checked = Vec::new();
    let mut undecided = Vec::new();
    let mut counterexample = None;
    for &board in &boards {
        let graph = Graph::attack_graph(piece, board);
        let order = narrowest_order(&graph, board_orders(board));
        let limit = TerminalLimit {
            entries: args.states,
        };
        match terminal_sets(&graph, &order, limit, &mut |_, _| {}) {
            Ok(sets) => {
                checked.push(board);
                let parity = board.squares() % 2;
                if let Some(class) = sets.sizes.iter().find(|c| c.size % 2 != parity) {
                    counterexample = Some(Counterexample {
                        board,
                        squares: class.example.clone(),
                    });
                    break;
                }
            }
            Err(error) => undecided.push((board, error.to_string())),
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let holds = counterexample.is_none() && undecided.is_empty();
    if args.json {
        let counterexample = counterexample.as_ref().map(|c| {
            let game = PlacementGame::new(piece, c.board);
            let position = position_of(&game, &c.squares);
            ParityCounterexample {
                board: c.board.to_string(),
                squares: c
                    .squares
                    .iter()
                    .map(|&i| c.board.square_at(i).to_string())
                    .collect(),
                size: c.squares.len(),
                area: c.board.squares(),
                position: game.format_position(&position),
            }
        });
        return Ok(json_line(&ConjectureReport {
            schema: SCHEMA_VERSION,
            command: Command::Conjecture,
            conjecture: "parity".to_string(),
            statement: "every terminal position on an m x n board has a number of pieces with the parity of m*n".to_string(),
            game: piece.to_string(),
            boards: boards_text.to_string(),
            holds,
            counterexample,
            boards_checked: checked.iter().map(ToString::to_string).collect(),
            undecided: undecided
                .iter()
                .map(|(board, reason)| Undecided {
                    board: board.to_string(),
                    reason: reason.clone(),
                })
                .collect(),
        }));
    }
    let mut out = format!(
        "conjecture (Boone (2016), Proposition 2.2.3): every terminal position of {piece} on an m x n board has as many pieces as m*n has parity\n"
    );
    match &counterexample {
        Some(c) => {
            let game = PlacementGame::new(piece, c.board);
            let position = position_of(&game, &c.squares);
            out.push_str(&format!(
                "false: on {} (m*n = {}, {}) this terminal position has {} pieces ({}):\n",
                c.board,
                c.board.squares(),
                parity_word(c.board.squares()),
                c.squares.len(),
                parity_word(c.squares.len()),
            ));
            out.push_str(&draw_board(&game, &position, &HashMap::new()));
            out.push_str(&format!(
                "position {}\n(no move is left: every free square is attacked)\n",
                game.format_position(&position)
            ));
        }
        None if holds => out.push_str(&format!(
            "holds on all {} boards tried ({}): every terminal position was counted\n",
            checked.len(),
            boards_text
        )),
        None => out.push_str(&format!(
            "no counterexample on the {} boards counted, but {} could not be decided\n",
            checked.len(),
            undecided.len()
        )),
    }
    for (board, reason) in &undecided {
        out.push_str(&format!("undecided {board}: {reason}\n"));
    }
    Ok(out)
}

fn parity_word(number: usize) -> &'static str {
    if number % 2 == 0 {
        "even"
    } else {
        "odd"
    }
}

fn position_of(
    game: &PlacementGame,
    squares: &[usize],
) -> grundy::games::placement::PlacementPosition {
    squares.iter().fold(game.empty(), |position, &index| {
        game.play(&position, game.board().square_at(index))
            .expect("a terminal position is reached by legal moves")
    })
}
