//! The contract every family of games keeps: what the rest of grundy may ask of a game
//! without knowing its family. A family implements [`FamilyGame`] in its own folder
//! (`placement/family.rs`, `heap/family.rs`, `corner/family.rs`, `graph/mod.rs`,
//! `nimber.rs`), and `crate::games::sum::Summand`, the list of families, passes each question
//! to the family's answer. A family answers in its own terms (the game after a move is a game
//! of the same family), so it knows nothing of the others. Sums, reports, misère play and the computer's moves go through it.
//!
//! Under normal play a family values its games with its own evaluator ([`NormalPlay`]): a
//! placement game's or a graph's search, a heap game's table, a corner game's formula, a
//! nimber itself. A sum (`crate::games::sum::GameSum`) holds one per summand.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::games::computer::{ComputerAsked, NoReply};
use crate::games::move_list::{JudgedMoveList, Lister, MoveOffers};
use crate::games::parts::{MisereStart, State, TooLarge};
use crate::games::placement::ResumableSearch;
use crate::games::work_observer::{WorkEnd, WorkObserver};
use crate::graph::{Graph, GraphError};
use crate::report::{Command, GameReport, Move, MovesPart, PartReport, Player};
use crate::solver::SearchObserver;
use crate::values::Convention;
use crate::values::{Nimber, Outcome};

/// A game of one family in its position.
pub trait FamilyGame: Sized {
    /// The name people know the game by: `knights`, `kayles`, `corner-knight`, `graph`, `*3`.
    fn name(&self) -> String;

    /// The game as written, its position left out where the position is not part of the
    /// name (a placement game's board keeps its surface and ray rule): `knights 5x5`,
    /// `queens 6x6 torus`, `kayles 3 4`, `corner-queen 4 6`, `graph petersen.col`, `*3`.
    fn text(&self) -> String;

    /// The game as written with its position, which reads back as the same game: the text,
    /// then ` at ` and the position for a board game past its empty board
    /// (`knights 3x3 at .../.N./...`).
    fn written(&self) -> String {
        self.text()
    }

    /// The position as a report types it back: a placement game's rows, the heaps, the
    /// boards, the corner piece's square, a graph's name, `*3`.
    fn position_text(&self) -> String;

    /// The same game in the position `rows` (its rows as `written` puts them after ` at `: a
    /// command line's `--position`), or why they do not fit; `None` for a family whose
    /// position is in its words (the heaps, a corner piece's square).
    fn at_position(&self, _rows: &str) -> Option<Result<Self, String>> {
        None
    }

    /// Whether a game on a board is on its empty board, where `--position` may place it; one
    /// with a piece or a domino on it (given after `at`) is not replaced. `true` for a family
    /// whose position is in its words.
    fn at_start(&self) -> bool {
        true
    }

    /// Whether `other` is the same game in the same position (heaps and boards in any
    /// order): a move in either leads to the same sum.
    fn same_as(&self, other: &Self) -> bool;

    /// The keys of a report on this game alone: its name, its position, the family's own keys
    /// (a board's size and surface, a heap game's code, a graph's size) and who is to move,
    /// with `outcome` for the player to move. The caller adds the value and the rest. Without
    /// keys of its own, a family's report is `plain_report`.
    fn report(&self, command: Command, outcome: Outcome) -> GameReport {
        plain_report(self, command, outcome)
    }

    /// Every legal move, named as reports name it, with the game it leaves. The move's value
    /// and whether it wins are the caller's to set (the move is named with value 0). A move
    /// on one of several equal heaps or boards is listed once.
    fn moves_after(&self) -> Vec<(Move, Self)>;

    /// The report of the move written `notation` (as [`FamilyGame::moves_after`] names it),
    /// leading to `nimber`, for an answer whose search named its moves only by notation: with
    /// the family's part where its moves have one a front end draws (Cram's domino), bare
    /// otherwise.
    fn named_move(&self, notation: String, nimber: Nimber) -> Move {
        Move::bare(notation, nimber)
    }

    /// The game after the move written `notation` as [`FamilyGame::moves_after`] names it
    /// (`c3`, `5 -> 2 + 2`, `(7, 9) -> (5, 8)`, a vertex's name, `*3 -> *1`).
    ///
    /// # Errors
    /// When `notation` is not a legal move here, saying why.
    fn play(&self, notation: &str) -> Result<Self, String>;

    /// The graph a front end sends beside the game's text, as an edge list, for a game played
    /// on a graph (the text names the graph, it does not hold it); `None` for other games.
    fn edge_list(&self) -> Option<String> {
        None
    }

    /// The evaluator of this game under normal play, its searches' tables (if it searches)
    /// given `budget_bytes` each. Made before anything is asked, so making it costs little:
    /// tables are filled as the search goes.
    ///
    /// # Errors
    /// When the game is too large for its family's search (a graph of too many vertices).
    fn normal_play(&self, budget_bytes: u64) -> Result<Box<dyn NormalPlay>, GraphError>;

    /// The report of `question` on this game alone under normal play, when its family answers
    /// it by its own means: from a table, a sequence or a formula (heap games, two-dimensional
    /// Kayles, corner games) or by its own search (a graph's, within `budget_bytes`, telling
    /// `observer` its progress), with the family's keys (each heap's value, the cells of a
    /// Treblecross move; the caller, which times it, writes its `seconds`). `None` for a family whose game alone the caller answers otherwise (a
    /// placement game by its first-move search; any other by its evaluator,
    /// [`FamilyGame::normal_play`]). A heap game's sequence must already reach its heaps.
    ///
    /// # Errors
    /// A game too large for its family's means, saying why.
    fn answer_alone(
        &self,
        _question: AloneQuestion,
        _budget_bytes: u64,
        _observer: Box<dyn SearchObserver + Send>,
    ) -> Option<Result<GameReport, String>> {
        None
    }

    /// The graph whose independent sets are this game's positions, which `graph` describes
    /// (a piece's attack graph on an empty board, a graph read from a file); `None` for a
    /// family that has none, an error for a game of the family that has none (why, for
    /// people).
    fn positions_graph(&self) -> Option<Result<PositionsGraph, String>> {
        None
    }

    /// A set of [`FamilyGame::positions_graph`]'s vertices (an independent set: a position)
    /// drawn for people as the game draws its positions (a board as text); `None` when the
    /// game has no drawing, and the set is written by its vertices' names.
    fn vertex_set_text(&self, _vertices: &[usize]) -> Option<String> {
        None
    }

    /// A smallest terminal position, given by its vertices, as a picture (SVG) of the game's
    /// position, titled; `None` when the game has no drawing or the set is not a position.
    fn smallest_terminal_picture(&self, _vertices: &[usize]) -> Option<String> {
        None
    }

    /// Whether the computer's move in this game is its family's own
    /// ([`FamilyGame::computer_reply`]: strategies chosen for a side, a search within a
    /// thinking time); the other families' computer plays by the answer to `moves`.
    fn has_own_computer(&self) -> bool {
        false
    }

    /// The computer's move under normal play as `asked`, by the family's own player, searched
    /// until `stop` is raised (the thinking time's end, or a stop of the caller, which raises
    /// `stopped` too and plays nothing), its searches telling `observer`: the report of the
    /// game the move leaves.
    ///
    /// # Errors
    /// No legal move, no strategy of the kind asked for this side, or the caller's stop.
    fn computer_reply(
        &self,
        _asked: &ComputerAsked,
        _stop: &Arc<AtomicBool>,
        _stopped: &AtomicBool,
        _observer: Box<dyn SearchObserver + Send>,
    ) -> Result<GameReport, NoReply> {
        Err(NoReply::Refused(format!(
            "`{}` has no computer player of its own: its computer plays by its moves",
            self.text()
        )))
    }

    /// The index, among [`FamilyGame::moves_after`], of the move the random opponent plays
    /// with `seed`, for a family whose random player is its own (`None`: the seed chooses
    /// among the moves listed).
    fn random_move(&self, _seed: u64) -> Option<usize> {
        None
    }

    /// The winning moves, or with `all` every move and the value it leads to, as far as a
    /// search on a table of `budget_bytes` settles them before `stop` is raised (a thinking
    /// time's end): each move's value, or only whether it wins, or nothing. `None` for a
    /// family with no such search.
    fn moves_within(
        &self,
        _all: bool,
        _budget_bytes: u64,
        _stop: &Arc<AtomicBool>,
        _observer: Box<dyn SearchObserver + Send>,
    ) -> Option<GameReport> {
        None
    }

    /// The game made ready to be valued, when its family answers from values computed ahead:
    /// a heap game computes its nim-sequence as far as its largest heap needs, telling
    /// `observer` its progress and obeying its stop. `None` for a game ready as it is.
    ///
    /// # Errors
    /// Values the family cannot compute within its limits (the message names the limit), or
    /// `observer` stopped the work.
    fn prepared(&self, _observer: &mut dyn WorkObserver) -> Result<Option<Self>, WorkEnd>
    where
        Self: Sized,
    {
        Ok(None)
    }

    /// The search by first move that keeps a checkpoint and spreads over ranks, for a family
    /// whose games have one (the placement games); `None` for the others, whose searches keep
    /// nothing worth resuming.
    fn resumable_search(&self) -> Option<ResumableSearch> {
        None
    }

    /// The game under misère play: its family's rules of parts and the states of its position,
    /// which the rules split into parts.
    ///
    /// # Errors
    /// When the game is too large for a misère search (a board or graph of too many squares or
    /// vertices).
    fn misere_start(&self) -> Result<MisereStart, TooLarge>;

    /// Every legal move, named as [`FamilyGame::moves_after`] names it, with the states it
    /// leaves in the rules of [`FamilyGame::misere_start`]: the game after the move, as parts
    /// the misère search knows from the game before it.
    ///
    /// # Errors
    /// As [`FamilyGame::misere_start`].
    fn misere_moves(&self) -> Result<Vec<(Move, Vec<State>)>, TooLarge> {
        self.moves_after()
            .into_iter()
            .map(|(named, after)| Ok((named, after.misere_start()?.states)))
            .collect()
    }

    /// The game's heaps, in order and equal heaps each, when it plays as Nim (a nimber, heaps
    /// of Nim), for the closed forms of Nim; `None` for any other game.
    fn nim_heaps(&self) -> Option<Vec<NimHeap>> {
        None
    }

    /// The move a strategy of the family wins by from here, found without search, named as
    /// [`FamilyGame::moves_after`] names it, with the strategy's name (Cram's domino on the
    /// centre, then mirror play); `None` when no strategy of the family wins here. The
    /// computer's symmetry opponent plays it, and its perfect player plays it without search.
    fn strategy_move(&self) -> Option<(String, String)> {
        None
    }

    /// The name of the family's symmetry strategy for `side` over the rest of the game, which
    /// the computer's symmetry opponent keeps from its first move to its last (Cram's, mirror
    /// play, under whichever symmetry fits at each move), or why none
    /// applies to that side here; `None` for a family without symmetry strategies, whose
    /// symmetry opponent is refused before the game starts. (A placement game's strategy
    /// plays its own moves; Cram's plays by [`FamilyGame::strategy_move`].)
    fn side_strategy(&self, _side: Player) -> Option<Result<String, String>> {
        None
    }

    /// How a person plays this game in the terminal, for a family whose games show more than
    /// their moves' notation (a board drawn between moves, squares typed); `None` plays it by
    /// that notation (`crate::games::play_text::play_view`).
    fn board_view(&self) -> Option<Box<dyn PlayView>> {
        None
    }

    /// Every legal move judged under misère play by a theory of the family, without search
    /// (a heap game's misère quotient), with a line naming the theory; `None` when the family
    /// has none or it does not reach this game, which is then searched.
    ///
    /// # Errors
    /// [`StopRaised`] when `stop` is raised before the theory is built.
    fn misere_moves_by_theory(
        &self,
        _stop: &AtomicBool,
    ) -> Result<Option<(JudgedMoveList, String)>, StopRaised> {
        Ok(None)
    }

    /// The game's position as an SVG picture, titled with the game, before any question is
    /// asked of it; `None` for a family with no board to draw (heaps, a corner's square, a
    /// graph, a nimber).
    fn picture(&self) -> Option<String> {
        None
    }

    /// The picture of `report`, an answer about this game to a value, moves, outcome or play
    /// request: the position (for play, the one the computer's move leaves), the winning moves
    /// the report names framed, and with `every_move_listed` the value after each move; `None`
    /// for a family with no board to draw or a report of another question.
    fn report_picture(&self, _report: &GameReport, _every_move_listed: bool) -> Option<String> {
        None
    }
}

/// What a question asks of a game alone ([`FamilyGame::answer_alone`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AloneQuestion {
    /// Its nim-value.
    Value,
    /// Its winning moves, or with `all` every move with the value it leads to: where a
    /// family's moves can outnumber them, the first
    /// [`LIST_LIMIT`](crate::games::move_list::LIST_LIMIT) winning moves and others are
    /// listed and the rest counted.
    Moves {
        /// Every move, not only the winning ones.
        all: bool,
    },
    /// Its nim-value and, when the player to move wins, one winning move, as `grundy outcome`
    /// gives them: found as the family finds one best (nim's rule
    /// over heaps, the first winning vertex of the search that valued a graph).
    Outcome,
}

/// `report`, a value's, as `grundy outcome`'s answer: with `winning`, the winning move found
/// (none when the value is 0), and `legal`, the legal first moves when they were counted.
pub(crate) fn with_winning_move(
    report: GameReport,
    winning: Option<Move>,
    legal: Option<usize>,
) -> GameReport {
    let mut report = GameReport {
        command: Command::Outcome,
        ..report
    };
    report.first_move_search.winning_move = winning;
    report.first_move_search.first_moves = legal;
    report
}

/// The graph whose independent sets are a game's positions, with what `graph`'s answer says
/// of the game.
#[derive(Clone, Debug)]
pub struct PositionsGraph {
    /// The graph.
    pub graph: Graph,
    /// The report's game: the piece's name, or `graph`.
    pub game: String,
    /// The board the graph is drawn on, if any.
    pub board: Option<String>,
    /// What a graph read from a file was called.
    pub source: Option<String>,
    /// Orders of the vertices to try first for the count of terminal positions (a board's
    /// rows and columns).
    pub orders: Vec<Vec<usize>>,
}

/// A question given up because its stop flag was raised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("stopped")]
pub struct StopRaised;

/// A heap of a game that plays as Nim ([`FamilyGame::nim_heaps`]), with how the game lists
/// and names the moves on it.
#[derive(Clone, Copy, Debug)]
pub struct NimHeap {
    /// Its tokens.
    pub(crate) size: u32,
    /// Its place among the game's heaps.
    pub(crate) index: usize,
    /// Whether the game lists moves on it: a heap equal to an earlier heap of the same game is
    /// not moved on, its moves leading where that heap's do.
    pub(crate) moved_on: bool,
    /// Whether the game lists the moves on it from the most tokens left down (a heap game's
    /// order, taking one token first) rather than from none left up (a nimber's).
    pub(crate) most_left_first: bool,
    /// The move leaving the heap at the tokens given, named as
    /// [`FamilyGame::moves_after`] names it (with value 0: the caller judges it).
    pub(crate) name: fn(&NimHeap, u32) -> Move,
}

/// The normal-play values of one game in its position, as its family finds them: the game's
/// nim-value and the value after each of its moves. A family that searches keeps its search
/// here, so that the moves are valued with the table that valued the game.
pub trait NormalPlay: Send {
    /// The game's nim-value.
    fn nim_value(&mut self) -> Nimber;

    /// Offers `moves` each legal move (a move on one of several equal heaps or boards once)
    /// with the game's value after it. A move is named only if it is listed, and a family with
    /// more moves than can be listed (a huge nimber) may count the rest
    /// (`MoveOffers::count_unlisted`) as long as it offers the winning one.
    fn offer_moves(&mut self, moves: &mut MoveOffers<'_>);

    /// A move to a game of value `target`, named as [`NormalPlay::offer_moves`] names it, or
    /// `None` when no move leads there: with `target` 0, a winning move. This values every
    /// move; a family that values its moves one at a time stops at the first that leads
    /// there, so that `grundy outcome` does not cost what `grundy moves --all` does.
    fn move_to_value(&mut self, target: Nimber) -> Option<String> {
        let mut lister = Lister::new(false, 1);
        self.offer_moves(&mut MoveOffers {
            lister: &mut lister,
            summand: 0,
            rest: target,
        });
        lister.moves.listed.pop().map(|found| found.notation)
    }

    /// Searches made from now on tell `observer` their progress and stop when its flag is
    /// raised; an evaluator that does not search has nothing to tell.
    fn set_observer(&mut self, _observer: Box<dyn SearchObserver + Send>) {}

    /// The positions its search has visited so far (0 for a game valued without search).
    fn positions_searched(&self) -> u64 {
        0
    }

    /// The strategy that settles the game's value without search (mirror play, or the kings'
    /// answer in the same line: a second-player win, value 0), when one does.
    fn settlement(&self) -> Option<String> {
        None
    }

    /// The independent parts the game's position splits into, each named as the family shows
    /// it with its value from this search, asked after [`NormalPlay::nim_value`] (so the
    /// values are mostly the table's); `None` for a position of one part, or a family whose
    /// report names its parts otherwise (a heap game's `heap_nimbers`).
    fn parts(&mut self) -> Option<Vec<PartReport>> {
        None
    }
}

/// The keys every game's report has: its name, its position and `outcome`, the first player to
/// move (a family that knows who is to move, or has keys of its own, adds them).
pub(crate) fn plain_report(
    game: &impl FamilyGame,
    command: Command,
    outcome: Outcome,
) -> GameReport {
    GameReport::new(
        command,
        game.name(),
        game.position_text(),
        outcome,
        Player::First,
    )
}

/// The keys of a report on `game` alone whose nim-value is `nimber`: the family's keys
/// ([`FamilyGame::report`]), the value, and the outcome it gives.
pub(crate) fn valued_report(
    game: &impl FamilyGame,
    command: Command,
    nimber: Nimber,
) -> GameReport {
    game.report(command, nimber.outcome()).with_nimber(nimber)
}

/// The keys of a `grundy moves` report on `game` alone whose nim-value is `nimber` and whose
/// moves are `moves`, every one of them judged: all of them with `all`, else the winning ones.
pub(crate) fn moves_report(
    game: &impl FamilyGame,
    moves: Vec<Move>,
    all: bool,
    nimber: Nimber,
) -> GameReport {
    let legal = moves.len();
    let winning = moves.iter().filter(|listed| listed.wins()).count();
    let shown = moves
        .into_iter()
        .filter(|listed| all || listed.wins())
        .collect();
    GameReport {
        listed: MovesPart {
            moves_not_listed: Some(0),
            ..MovesPart::listed(legal, winning, shown)
        },
        ..valued_report(game, Command::Moves, nimber)
    }
}

/// A move written `FROM -> PART + PART` (or `FROM -> 0` when nothing is left): the heap or
/// board moved from and the parts it becomes.
pub(crate) fn split_notation(notation: &str) -> Option<(&str, Vec<&str>)> {
    let (from, to) = notation.split_once("->")?;
    let to = to.trim();
    let parts = if to == "0" {
        Vec::new()
    } else {
        to.split('+').map(str::trim).collect()
    };
    Some((from.trim(), parts))
}

/// Why `notation` is not a move of `game`.
pub(crate) fn no_such_move(notation: &str, game: &impl FamilyGame) -> String {
    format!("`{notation}` is not a legal move of `{}`", game.text())
}

/// The title of a picture of `report` about `subject` (`knights on 5x5`): its nim-value, or
/// under misère play, which has none, who wins; a value or winner the time given did not find
/// is said to be not found.
pub(crate) fn value_title(subject: &str, report: &GameReport) -> String {
    match (report.nimber(), report.convention(), report.outcome()) {
        (Some(nimber), _, _) => format!("{subject}: nim-value {}", Nimber::new(nimber)),
        (None, Convention::Misere, Some(Outcome::N)) => {
            format!("{subject}: misère play, the player to move wins")
        }
        (None, Convention::Misere, Some(Outcome::P)) => {
            format!("{subject}: misère play, the player to move loses")
        }
        (None, Convention::Misere, None) => {
            format!("{subject}: misère play, who wins not found in the time given")
        }
        (None, _, _) => format!("{subject}: nim-value not found in the time given"),
    }
}

/// A game in its position as a person plays it in the terminal, move by move: what it is
/// called, how its position is shown and a move typed, and the commands. A family whose games
/// show more than their moves' notation (a board drawn between moves, squares typed) gives its
/// own ([`FamilyGame::board_view`]); any other game, and any sum, is played by the notation
/// its moves are listed in.
pub trait PlayView {
    /// What the game is called when it starts: `knights on 3x3`, `kayles 3 5`.
    fn title(&self) -> String;

    /// The lines said after the first when the game starts: how to move, who loses.
    fn rules(&self) -> String;

    /// The position, shown after every move and on `board`, each line ending in a line break.
    fn drawing(&self) -> String;

    /// The position as [`PlayView::drawing`] shows it, given the moves made since the game
    /// started, first to last: a family whose position does not say who put each piece down,
    /// or which squares one piece covers (Cram's dominoes), draws them from these. By default
    /// the position alone.
    fn drawing_after(&self, made: &[MadeMove]) -> String {
        let _ = made;
        self.drawing()
    }

    /// The commands, with how a move is typed.
    fn help(&self) -> String;

    /// The answer to `moves`.
    fn legal_moves(&self) -> String;

    /// Whether the player to move has no move left.
    fn is_over(&self) -> bool;

    /// How long a hint may search before it answers with what it settled; `None` for a game
    /// whose moves are valued to the end at once (a table, a formula, a small search).
    fn hint_seconds(&self) -> Option<f64>;

    /// The move `typed` as people read it (`Bc2 (2,3)` for `B c2`), or why it is no move
    /// here, as the person is answered.
    ///
    /// # Errors
    /// The answer when `typed` is not a legal move.
    fn name_move(&self, typed: &str) -> Result<String, String>;
}

/// A move made in a game played in the terminal ([`PlayView::drawing_after`]): who made it,
/// and the move as it was typed, which the game read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MadeMove {
    /// The player who made it: the first is whoever moved first in this game.
    pub by: Player,
    /// The move as typed (`a1-b1`, `c3`).
    pub typed: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::game::Game;
    use crate::games::sum::Summand;

    /// Every family's moves, each played back from its notation, lead where the list says,
    /// and a notation that is not a move is refused.
    #[test]
    fn each_move_played_from_its_notation_leads_where_the_list_says() {
        let graph = crate::graph::parse_graph("a b\nb c\nc d\nd a\na c\ne\n", None).unwrap();
        let mut games: Vec<Game> = [
            "knights 3x3",
            "bishops+knights 2x3 at B../...",
            "queens 4x4 torus",
            "kayles 5 3 5",
            "0.137 9",
            "grundys-game 8",
            "sub:1,3 7 2",
            "kayles-2d 2x3 1x4",
            "corner-knight 7 9",
            "corner-queen 3 4",
            "cram 3x3 at #../.../..#",
            "*5",
        ]
        .iter()
        .map(|text| text.parse().unwrap())
        .collect();
        games.push(Game::parse_with("graph square", &mut |_| Ok(graph.clone())).unwrap());
        for game in games {
            let summand = &game.summands()[0];
            let moves = summand.moves_after();
            assert!(!moves.is_empty(), "{game}");
            for (named, after) in &moves {
                let played = summand
                    .play(&named.notation)
                    .unwrap_or_else(|why| panic!("{game}: {}: {why}", named.notation));
                assert!(
                    played.same_as(after),
                    "{game}: {} led to {} not {}",
                    named.notation,
                    played.text(),
                    after.text()
                );
            }
            for bogus in [
                "",
                "zz9",
                "99 -> 1 + 1",
                "(0, 0) -> (9, 9)",
                "*9 -> *1",
                "q",
            ] {
                assert!(summand.play(bogus).is_err(), "{game}: {bogus}");
            }
        }
    }

    /// The game a move leaves is written as a game that reads back, the last heap or board
    /// taken too (`kayles 0`, a game with no move, where `kayles ` was refused).
    #[test]
    fn the_game_after_each_move_reads_back_the_last_heap_taken_too() {
        for text in [
            "kayles 1",
            "nim 2 3",
            "kayles-2d 1x1",
            "kayles-2d 1x2 1x1",
            "*1 + kayles 1",
            "cram 2x2 + cram 1x3",
        ] {
            let game: Game = text.parse().unwrap();
            for (index, summand) in game.summands().iter().enumerate() {
                for (named, after) in summand.moves_after() {
                    let mut summands = game.summands().to_vec();
                    summands[index] = after.clone();
                    let written = Game::sum(summands).unwrap().to_string();
                    let read: Game = written.parse().unwrap_or_else(|why| {
                        panic!("{text}: {}: `{written}`: {why}", named.notation)
                    });
                    assert!(
                        read.summands()[index].same_as(&after) || after.moves_after().is_empty()
                    );
                    assert_eq!(
                        read.summands()[index].moves_after().len(),
                        after.moves_after().len(),
                        "{text}: {} -> `{written}`",
                        named.notation
                    );
                }
            }
        }
        let emptied: Game = "kayles-2d 0".parse().unwrap();
        assert!(emptied.summands()[0].moves_after().is_empty());
        assert_eq!(emptied.to_string(), "kayles-2d 0");
    }

    #[test]
    fn the_queen_reaches_its_lines_and_nothing_else() {
        let queen: Game = "corner-queen 3 4".parse().unwrap();
        let queen = &queen.summands()[0];
        for (to, legal) in [
            ("(0, 4)", true),
            ("(3, 0)", true),
            ("(1, 2)", true),
            ("(0, 1)", true),
            ("(2, 2)", false),
            ("(3, 4)", false),
            ("(4, 5)", false),
        ] {
            let notation = format!("(3, 4) -> {to}");
            assert_eq!(queen.play(&notation).is_ok(), legal, "{notation}");
        }
    }

    #[test]
    fn a_graph_after_a_move_is_sent_as_an_edge_list_that_reads_back() {
        let graph = crate::graph::parse_graph("a b\nc\nd e\n", None).unwrap();
        let game = Game::parse_with("graph g", &mut |_| Ok(graph.clone())).unwrap();
        let Summand::Graph(after) = game.summands()[0].play("a").unwrap() else {
            panic!("a graph's move leaves a graph")
        };
        let text = after.edge_list().unwrap();
        // Its first vertex is `c`, which starts a DIMACS comment line.
        let read = crate::graph::parse_graph(&text, None).unwrap();
        assert_eq!(read, after.graph, "{text}");
        assert_eq!(read.name(0), "c", "{text}");
        assert_eq!(
            graph,
            crate::graph::parse_graph(&graph.edge_list(), None).unwrap()
        );
    }
}
