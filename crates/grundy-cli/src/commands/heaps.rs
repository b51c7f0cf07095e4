//! `grundy value` and `grundy moves` for heap games and corner games: a position is given by its
//! heaps (or the piece's square) on the command line, and the answer comes from the game's
//! nim-sequence or table rather than from a search.

use std::time::Instant;

use anyhow::Result;
use grundy::games::corner::CornerMove;
use grundy::games::heap::{treblecross_winning_cells, HeapGame, Kayles2d};
use grundy::report::{Command, GameReport, Move, Player};
use grundy::Nimber;

use crate::input::{corner_value_and_moves, input_error, GameSpec};
use crate::render::json_line;

/// The most moves listed for a heap game or a sum (winning moves and, with `--all`, the
/// others); the rest are counted.
pub const LIST_LIMIT: usize = 1000;

/// Refuses the options that only placement games have.
pub fn refuse_position(position: Option<&str>) -> Result<()> {
    match position {
        Some(text) => Err(input_error(format!(
            "--position `{text}` is for placement games; for heap and corner games give the heaps or the square as arguments"
        ))),
        None => Ok(()),
    }
}

fn outcome_line(nimber: Nimber) -> String {
    let outcome = nimber.outcome();
    format!("outcome    {outcome}: {}\n", outcome.winner_description())
}

fn join<T: ToString>(items: &[T], separator: &str) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

/// The report of `grundy value` for a heap or corner game.
pub fn value_report(spec: &GameSpec, json_output: bool) -> Result<String> {
    let started = Instant::now();
    let named = Named::of(spec);
    let (game, position, parts, nimber): (String, String, Vec<u32>, Nimber) = match spec {
        GameSpec::Heaps(game, heaps) => {
            let values = game.heap_values(heaps);
            let parts: Vec<u32> = values.iter().map(|v| v.value()).collect();
            let nimber = values.into_iter().sum();
            (describe(game), join(heaps, " "), parts, nimber)
        }
        GameSpec::Rectangles(boards) => {
            let side = boards.iter().map(|b| b.rows.max(b.cols)).max().unwrap_or(0);
            let table = Kayles2d.values(side, side);
            let parts: Vec<u32> = boards
                .iter()
                .map(|b| table[b.rows][b.cols].value())
                .collect();
            let nimber = Kayles2d.value_of_sum(boards);
            ("kayles-2d".to_string(), join(boards, " "), parts, nimber)
        }
        GameSpec::Corner(game, m, n) => {
            let (nimber, _) = corner_value_and_moves(game, *m, *n)?;
            (game.to_string(), format!("({m}, {n})"), Vec::new(), nimber)
        }
        GameSpec::Placement(_) => unreachable!("placement games are reported by their command"),
    };
    let seconds = started.elapsed().as_secs_f64();
    if json_output {
        let report = GameReport {
            code: named.code,
            heap_nimbers: (!matches!(spec, GameSpec::Corner(..))).then_some(parts),
            seconds,
            ..GameReport::of_value(
                Command::Value,
                named.game,
                named.position,
                nimber,
                Player::First,
            )
        };
        return Ok(json_line(&report));
    }
    let mut out = format!("game       {game}\nposition   {position}\n");
    if !parts.is_empty() {
        let shown: Vec<String> = parts.iter().map(|&v| Nimber::new(v).to_string()).collect();
        out.push_str(&format!("heaps      {}\n", shown.join(" + ")));
    }
    out.push_str(&format!("nim-value  {nimber}\n"));
    out.push_str(&outcome_line(nimber));
    Ok(out)
}

fn describe(game: &HeapGame) -> String {
    let code = game.rule().to_string();
    if game.name() == code {
        code
    } else {
        format!("{} ({code})", game.name())
    }
}

/// The game and position of a heap or corner game as the user types them back:
/// `kayles` and `3 4 5`, `0.137` and `6`, `corner-knight` and `7 9`.
struct Named {
    game: String,
    code: Option<String>,
    position: String,
}

impl Named {
    fn of(spec: &GameSpec) -> Named {
        match spec {
            GameSpec::Heaps(game, heaps) => Named {
                game: game.name().to_string(),
                code: Some(game.rule().to_string()),
                position: join(heaps, " "),
            },
            GameSpec::Rectangles(boards) => Named {
                game: "kayles-2d".to_string(),
                code: None,
                position: join(boards, " "),
            },
            GameSpec::Corner(game, m, n) => Named {
                game: game.to_string(),
                code: None,
                position: format!("{m} {n}"),
            },
            GameSpec::Placement(_) => unreachable!("placement games are reported by their command"),
        }
    }
}

/// One move for the report: what it does and the value it leads to.
struct Listed {
    text: String,
    nimber: Nimber,
    detail: Move,
}

/// The report of `grundy moves` for a heap or corner game.
pub fn moves_report(spec: &GameSpec, all: bool, json_output: bool) -> Result<String> {
    let started = Instant::now();
    // Heap games count their moves while listing only some; the others list them all.
    let mut legal_count = 0;
    let mut listed_count = 0;
    let (game, position, nimber, moves): (String, String, Nimber, Vec<Listed>) = match spec {
        GameSpec::Heaps(game, heaps) => {
            let nimber = game.value_of_sum(heaps);
            let mut moves = Vec::new();
            // Each move to a different position, once (a move on one of several equal heaps
            // is one move).
            game.for_each_move(heaps, |m| {
                legal_count += 1;
                // Only the moves to be listed are kept, and at most LIST_LIMIT of them: a huge
                // heap has millions of moves.
                if all || m.nimber == Nimber::ZERO {
                    listed_count += 1;
                }
                if (all || m.nimber == Nimber::ZERO) && moves.len() < LIST_LIMIT {
                    moves.push(Listed {
                        text: m.to_string(),
                        nimber: m.nimber,
                        detail: Move::heap(&m),
                    });
                }
            });
            (describe(game), join(heaps, " "), nimber, moves)
        }
        GameSpec::Rectangles(boards) => {
            let nimber = Kayles2d.value_of_sum(boards);
            let moves = Kayles2d
                .moves(boards)
                .into_iter()
                .map(|m| Listed {
                    text: m.to_string(),
                    nimber: m.nimber,
                    detail: Move::rectangle(&m),
                })
                .collect();
            ("kayles-2d".to_string(), join(boards, " "), nimber, moves)
        }
        GameSpec::Corner(game, m, n) => {
            let (nimber, moves) = corner_value_and_moves(game, *m, *n)?;
            let moves = corner_moves(*m, *n, moves);
            (game.to_string(), format!("({m}, {n})"), nimber, moves)
        }
        GameSpec::Placement(_) => unreachable!("placement games are reported by their command"),
    };
    // Treblecross is played on cells: name the cells as well as the heap changes.
    let cells = match spec {
        GameSpec::Heaps(game, heaps) if game.name() == "treblecross" && heaps.len() == 1 => {
            Some(treblecross_winning_cells(heaps[0]))
        }
        _ => None,
    };
    let legal = if matches!(spec, GameSpec::Heaps(..)) {
        legal_count
    } else {
        moves.len()
    };
    let heap_game = matches!(spec, GameSpec::Heaps(..));
    let winning = if heap_game && !all {
        listed_count
    } else {
        moves.iter().filter(|m| m.nimber == Nimber::ZERO).count()
    };
    let unlisted = if heap_game {
        listed_count - moves.len()
    } else {
        0
    };
    let listed: Vec<&Listed> = moves
        .iter()
        .filter(|m| all || m.nimber == Nimber::ZERO)
        .collect();
    if json_output {
        let named = Named::of(spec);
        let report = GameReport {
            code: named.code,
            legal_moves: Some(legal),
            winning_moves: Some(winning),
            moves: Some(listed.iter().map(|m| m.detail.clone()).collect()),
            moves_not_listed: Some(unlisted),
            winning_cells: cells,
            seconds: started.elapsed().as_secs_f64(),
            ..GameReport::of_value(
                Command::Moves,
                named.game,
                named.position,
                nimber,
                Player::First,
            )
        };
        return Ok(json_line(&report));
    }
    let mut out = format!(
        "{game} at {position}: nim-value {nimber}, {legal} different moves, {winning} winning\n"
    );
    if legal == 0 {
        out.push_str("no legal moves: the player to move has lost\n");
    } else if winning == 0 && !all {
        out.push_str("no winning move: every move leads to a position the opponent wins\n");
    }
    for m in listed {
        let verdict = if m.nimber == Nimber::ZERO {
            "  wins"
        } else {
            ""
        };
        out.push_str(&format!("  {:<24} leaves {}{verdict}\n", m.text, m.nimber));
    }
    if unlisted > 0 {
        out.push_str(&format!(
            "  ... and {unlisted} more (only the first {LIST_LIMIT} are listed)\n"
        ));
    }
    if let Some(cells) = cells.filter(|cells| !cells.is_empty()) {
        out.push_str(&format!(
            "winning cells (numbered from 1): {}\n",
            join(&cells, ", ")
        ));
    }
    Ok(out)
}

fn corner_moves(m: usize, n: usize, moves: Vec<CornerMove>) -> Vec<Listed> {
    moves
        .into_iter()
        .map(|mv| {
            let detail = Move::corner(m, n, &mv);
            Listed {
                text: detail.notation.clone(),
                nimber: mv.nimber,
                detail,
            }
        })
        .collect()
}
