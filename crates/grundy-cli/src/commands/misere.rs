//! `--misere` on `value`, `moves` and `outcome`: the library's misère answers, printed.

use anyhow::Result;

use grundy::games::answer_text::move_in_game;
use grundy::misere::Convention;
use grundy::report::GameReport;
use grundy::request::{Limits, MovesRequest, OutcomeRequest, Request, ValueRequest};
use grundy::watch::Watch;
use grundy::{Answer, Game};

use super::GameArgs;
use crate::input::{input_error, run_error};
use crate::progress::Shown;
use crate::render::{json_line, outcome_sentence};

/// The play convention of a command that can play either.
#[derive(Debug, Clone, clap::Args)]
pub struct ConventionOption {
    /// Misère play: the player who makes the last move loses. Any game or sum; answered by a
    /// search of whole positions, since misère values do not add (docs/MISERE.md).
    #[arg(long)]
    pub misere: bool,
}

/// Which misère question.
pub enum Question {
    /// `grundy value --misere`.
    Value,
    /// `grundy moves --misere`, with `--all` or not.
    Moves {
        /// Every move, not only the winning ones.
        all: bool,
        /// A thinking time: answer after it with the moves judged.
        seconds: Option<f64>,
    },
    /// `grundy outcome --misere`.
    Outcome,
}

/// Refuses an option that has no misère meaning yet, naming it.
pub fn refuse(option: &str, given: bool) -> Result<()> {
    if given {
        return Err(input_error(format!(
            "{option} is for normal play; with --misere leave it out"
        )));
    }
    Ok(())
}

/// Answers `question` about the game of `target` under misère play, as text or JSON.
pub fn run(
    question: Question,
    target: &GameArgs,
    threads: Option<u32>,
    memory: u64,
    json: bool,
) -> Result<String> {
    let game = target.game()?;
    let limits = Limits::new(memory, threads.map(|threads| threads as usize));
    let convention = Convention::Misere;
    let request = match question {
        Question::Value => Request::Value(ValueRequest {
            game,
            graph: None,
            convention,
            limits,
            resume: Default::default(),
        }),
        Question::Moves { all, seconds } => Request::Moves(MovesRequest {
            game,
            graph: None,
            all,
            convention,
            limits,
            seconds,
        }),
        Question::Outcome => Request::Outcome(OutcomeRequest {
            game,
            graph: None,
            convention,
            limits,
            resume: Default::default(),
        }),
    };
    let shown = Shown::new("searching");
    let progress = shown.clone();
    let watch = Watch::new().on_event(move |event| progress.show(event));
    let answer = grundy::run(&request, &watch).map_err(run_error);
    shown.finish();
    let Answer::Game(report) = answer? else {
        unreachable!("game questions answer with a game report")
    };
    if json {
        return Ok(json_line(&report));
    }
    let game = match &request {
        Request::Value(value) => &value.game,
        Request::Moves(moves) => &moves.game,
        Request::Outcome(outcome) => &outcome.game,
        _ => unreachable!("the requests made above"),
    };
    Ok(text(game, &report))
}

/// The text of a misère answer.
fn text(game: &Game, report: &GameReport) -> String {
    // One placement game is named as under normal play, its position shown when it has a
    // piece.
    let mut out = grundy::games::answer_text::game_line(game);
    let has_piece = report
        .position
        .chars()
        .any(|square| square != '.' && square != '/');
    if report.board().is_some() && report.position.contains('/') && has_piece {
        out.push_str(&format!("position   {}\n", report.position));
    }
    out.push_str("play       misère: the player who makes the last move loses\n");
    out.push_str(&format!(
        "outcome    {}\n",
        outcome_sentence(report.to_move(), report.outcome())
    ));
    if let Some(genus) = &report.genus() {
        let terms: Vec<String> = genus.misere.iter().map(u32::to_string).collect();
        out.push_str(&format!(
            "genus      {} (misère nim-values of the game plus 0, 1, 2, ... copies of *2: {})\n",
            genus.text,
            terms.join(", ")
        ));
    } else if report.command == grundy::report::Command::Value {
        out.push_str("genus      not computed: the position is too large for it\n");
    }
    if let Some(winning) = &report.first_move_search.winning_move {
        out.push_str(&format!("wins by    {}\n", move_in_game(game, winning)));
    }
    if let Some(moves) = &report.listed.moves {
        let legal = report.listed.legal_moves.unwrap_or(0);
        let winning = report.listed.winning_moves.unwrap_or(0);
        out.push_str(&format!("moves      {winning} of {legal} win\n"));
        let shown: Vec<String> = moves.iter().map(|m| move_in_game(game, m)).collect();
        let width = shown.iter().map(String::len).max().unwrap_or(0).max(16);
        for (m, shown) in moves.iter().zip(&shown) {
            let verdict = match m.winning {
                Some(true) => "wins",
                Some(false) => "loses",
                None => "not judged in the time given",
            };
            out.push_str(&format!("  {shown:<width$} {verdict}\n"));
        }
        if let Some(unlisted) = report.listed.moves_not_listed {
            out.push_str(&format!("  ... and {unlisted} more not listed\n"));
        }
        if let Some(unsettled @ 1..) = report.listed.moves_unsettled {
            out.push_str(&format!(
                "  {unsettled} of {legal} moves not judged in the time given\n"
            ));
        }
    }
    match &report.settled_by {
        Some(settled) => out.push_str(&format!("settled    by {settled}\n")),
        None => out.push_str(&super::searched_line(
            report.cost.positions_searched.unwrap_or(0),
            0,
            report.seconds,
            report.cost.threads.unwrap_or(1),
        )),
    }
    out
}
