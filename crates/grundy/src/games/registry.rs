//! The families of games grundy knows, written once: how a game of each family is named, what
//! follows its name, which of grundy's questions (verbs) apply to it, and the text that lists
//! every game for help pages. Every front end recognises a game by [`Family::of`] and describes
//! the games by [`catalogue`], so a new game or piece appears everywhere at once.
//!
//! ```
//! use grundy::games::registry::Family;
//! use grundy::report::Command;
//!
//! assert_eq!(Family::of("bishops+knights"), Family::Placement);
//! assert_eq!(Family::of("0.137"), Family::Heap);
//! assert_eq!(Family::of("corner-knight"), Family::Corner);
//! assert_eq!(Family::of("*3"), Family::Nimber);
//! assert!(Family::Placement.supports(Command::Outcome));
//! assert!(!Family::Heap.supports(Command::Table));
//! ```

use std::collections::BTreeMap;

use serde::Serialize;

pub(crate) use crate::games::corner::check_question::check as corner_check;
use crate::games::corner::check_question::corner_game_of_check;
pub use crate::games::corner::check_question::CheckRequest;
pub(crate) use crate::games::corner::MAX_CORNER;
use crate::games::corner::{looks_like_corner_game, CornerGame, CORNER_GAMES};
use crate::games::cram::{is_cram, CramTable, CRAM_NAME};
use crate::games::game_error::GameError;
pub(crate) use crate::games::heap::quotient::QuotientProgress;
pub(crate) use crate::games::heap::quotient_question::quotient as misere_quotient;
pub use crate::games::heap::quotient_question::{QuotientEnd, QuotientRequest, MAX_QUOTIENT_HEAPS};
use crate::games::heap::sequence_question::heap_game_of_sequence;
pub(crate) use crate::games::heap::sequence_question::{nim_sequence, MISERE_SEQUENCE_POSITIONS};
pub use crate::games::heap::sequence_question::{
    SequenceAnswer, SequenceEnd, SequenceRequest, BYTES_PER_COMPUTED_HEAP, BYTES_PER_PRINTED_VALUE,
    DEFAULT_SEQUENCE_TO, DEFAULT_SHOWN, MAX_SEQUENCE_HEAP, PERIOD_HORIZON,
};
pub use crate::games::heap::windowed::{
    ValueCounts, WindowError, WindowedReport, WindowedSequence, BYTES_PER_WINDOW_HEAP,
    DEFAULT_WINDOW, MARKS_AHEAD_BYTES, MAX_WINDOW, MIN_WINDOW,
};
pub(crate) use crate::games::heap::windowed_question::windowed_sequence as windowed_heap_sequence;
pub use crate::games::heap::windowed_question::{
    Kept, NotKept, StateKeeper, WindowedEnd, WindowedRequest, WindowedRun, KEEP_EVERY,
};
use crate::games::heap::{looks_like_heap_game, HeapGame, NAMED_GAMES};
pub(crate) use crate::games::placement::bench::bench as placement_bench;
pub use crate::games::placement::bench::{BenchRequest, BENCH_CASES, MAX_DENSE_SIZE};
// Certificates are written for one placement game; the command line reaches the writer here,
// as it reaches every question that one family answers.
pub(crate) use crate::games::placement::conjecture::conjecture as placement_conjecture;
pub use crate::games::placement::conjecture::{
    parity_text, BoardRange, Conjecture, ConjectureRequest, PARITY_STATEMENT,
};
pub use crate::games::placement::{certifiable, write_game_certificate, CertificateError};
use crate::games::placement::{parse_pieces, Piece, PlacementTable, RayRule, Surface};
use crate::games::table_family::TableFamily;
use crate::report::Command;

/// A family of games: the games of one folder under [`crate::games`], or a graph, or a nimber.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Pieces placed on a board, none on a square an earlier piece attacks.
    Placement,
    /// Take-and-break games on heaps of tokens (octal and hexadecimal codes, Grundy's game,
    /// subtraction games) and two-dimensional Kayles.
    Heap,
    /// A piece moving towards the corner of a quarter-plane (Corner the Knight, Wythoff's game).
    Corner,
    /// Node Kayles on a graph read from a file.
    Graph,
    /// Dominoes put on a board (Cram).
    Cram,
    /// A Nim heap written as its nimber, `*3`: a summand of sums of games.
    Nimber,
}

/// How a game ends under normal play, after any family's rules.
pub const NORMAL_PLAY_ENDING: &str = "The player who cannot move loses.";

/// How a game ends under misère play, after any family's rules.
pub const MISERE_PLAY_ENDING: &str =
    "Misère play: the player who makes the last move loses, so a player who cannot move wins.";

impl Family {
    /// Every family, in the order help pages list them.
    pub(crate) const ALL: [Family; 6] = [
        Family::Placement,
        Family::Heap,
        Family::Corner,
        Family::Graph,
        Family::Cram,
        Family::Nimber,
    ];

    /// The family a game's name belongs to. Names of the other families are recognised by
    /// their form, and everything else is read as pieces, so a misspelt piece is reported as
    /// an unknown piece, a misspelt code as a bad code.
    #[must_use]
    pub fn of(name: &str) -> Family {
        let name = name.trim();
        if name.eq_ignore_ascii_case("graph") {
            Family::Graph
        } else if name.starts_with('*') || name == "0" {
            // `0` is the nimber 0 as a value is printed: no code is a lone digit.
            Family::Nimber
        } else if is_cram(name) {
            Family::Cram
        } else if looks_like_corner_game(name) {
            Family::Corner
        } else if looks_like_heap_game(name) {
            Family::Heap
        } else {
            Family::Placement
        }
    }

    /// The family's name in a sentence: "a placement game".
    #[must_use]
    pub(crate) const fn title(self) -> &'static str {
        match self {
            Family::Placement => "a placement game",
            Family::Heap => "a heap game",
            Family::Corner => "a corner game",
            Family::Graph => "Node Kayles on a graph",
            Family::Cram => "Cram",
            Family::Nimber => "a nimber",
        }
    }

    /// The rules of the family's games, in one paragraph for people who have not played them
    /// (the page shows it beside the game, followed by the convention's ending:
    /// [`NORMAL_PLAY_ENDING`] or [`MISERE_PLAY_ENDING`]).
    #[must_use]
    pub(crate) const fn rules(self) -> &'static str {
        match self {
            Family::Placement => "Two players take turns putting a piece on an empty square that no piece on the board attacks; with several kinds of piece the mover chooses which, and the new piece may attack earlier ones. Pieces attack as in chess: a knight by its L-shaped jump, a king the squares next to it, a bishop, rook or queen along its lines; a leaper A,B jumps A squares one way and B the other.",
            Family::Heap => "The position is a row of heaps of tokens. A move changes one heap as the game's rule says: it takes tokens from the heap and may leave the rest as one heap, as two heaps, or as none. In an octal code such as 0.137 the k-th digit after the point says what taking k tokens may leave: 1 for no heap, 2 for one heap, 4 for two heaps, added.",
            Family::Corner => "One piece stands on the square (m, n) of a board that goes on up and to the right for ever, with its corner at (0, 0). A move takes the piece by one of its steps and it must stay on the board. Corner the Knight: two squares towards the corner along one line and one square either way along the other. Corner the Queen (Wythoff's game): any distance left, down, or diagonally down-left.",
            Family::Graph => "Node Kayles: the position is a graph. A move takes away one vertex together with every vertex joined to it, and the game ends when the graph is empty. A placement game is Node Kayles on the graph of its squares, joined where the pieces attack.",
            Family::Cram => "Two players take turns putting a domino on two free squares side by side, across or down. Under normal play, on a board with both sides even the second player wins by answering each domino with its image under the half turn; with one side even and the other odd the first player wins by the domino on the centre, then answers the same way.",
            Family::Nimber => "A nimber *n is a Nim heap of n tokens: a move takes it to any smaller nimber. In a sum of games each move is made in one of them.",
        }
    }

    /// Whether a game of the family is read from a file its name is followed by (`graph FILE`).
    #[must_use]
    pub const fn reads_file(self) -> bool {
        matches!(self, Family::Graph)
    }

    /// What follows a game's name on a command line.
    #[must_use]
    pub(crate) const fn arguments(self) -> &'static str {
        match self {
            Family::Placement => "a board ROWSxCOLS of at most 512 squares",
            Family::Heap => "the heap sizes (kayles-2d: boards MxN)",
            Family::Corner => "the piece's square M N",
            Family::Graph => "a file: an edge list (`u v` per line) or DIMACS (`p edge N M`)",
            Family::Cram => "a board ROWSxCOLS of at most 128 squares, then `at` and a position if any (rows of `.` free and `#` covered, separated by `/`)",
            Family::Nimber => "nothing: `*3` stands alone",
        }
    }

    /// An example of a game of the family with its arguments.
    #[must_use]
    pub(crate) const fn example(self) -> &'static str {
        match self {
            Family::Placement => "knights 5x5",
            Family::Heap => "kayles 3 4 5",
            Family::Corner => "corner-knight 7 9",
            Family::Graph => "graph petersen.col",
            Family::Cram => "cram 4x5",
            Family::Nimber => "*3",
        }
    }

    /// How the page's Play tab offers the family's games, or `None` for a family it does not
    /// offer on its own (a nimber is a summand of sums).
    #[must_use]
    pub(crate) const fn play_form(self) -> Option<PlayForm> {
        Some(match self {
            Family::Placement => PlayForm {
                arguments: "5x5",
                arguments_label: "Board",
                drawing: Drawing::Board,
                game: "knights",
                label: "pieces on a board",
                symmetry: true,
                timed: true,
            },
            Family::Heap => PlayForm {
                arguments: "3 4 5",
                arguments_label: "Heaps",
                drawing: Drawing::Heaps,
                game: "kayles",
                label: "heap game",
                symmetry: false,
                timed: false,
            },
            Family::Corner => PlayForm {
                arguments: "7 9",
                arguments_label: "Square M N",
                drawing: Drawing::Corner,
                game: "corner-knight",
                label: "corner game",
                symmetry: false,
                timed: false,
            },
            Family::Graph => PlayForm {
                arguments: "",
                arguments_label: "Edges",
                drawing: Drawing::Graph,
                game: "graph",
                label: "Node Kayles on a graph",
                symmetry: false,
                timed: false,
            },
            Family::Cram => PlayForm {
                arguments: "3x4",
                arguments_label: "Board",
                drawing: Drawing::Dominoes,
                game: CRAM_NAME,
                label: "dominoes (Cram)",
                symmetry: true,
                // Cram's searches answer in full: a thinking time is for placement games.
                timed: false,
            },
            Family::Nimber => return None,
        })
    }

    /// The family's named games (pieces, heap games, corner games), as a page offers them.
    #[must_use]
    pub(crate) fn named_games(self) -> Vec<&'static str> {
        match self {
            Family::Placement => Piece::NAMED.iter().map(|(name, _)| *name).collect(),
            Family::Heap => NAMED_GAMES.iter().map(|(name, _)| *name).collect(),
            Family::Corner => CORNER_GAMES.iter().map(|(name, _)| *name).collect(),
            Family::Cram => vec![CRAM_NAME],
            Family::Graph | Family::Nimber => Vec::new(),
        }
    }

    /// What each named game of the family is, by name: a heap or corner game's rule, how a
    /// piece attacks.
    #[must_use]
    pub(crate) fn descriptions(self) -> BTreeMap<&'static str, &'static str> {
        let named: &[(&str, &str)] = match self {
            Family::Heap => &NAMED_GAMES,
            Family::Corner => &CORNER_GAMES,
            Family::Placement => &Piece::ATTACKS,
            Family::Graph | Family::Cram | Family::Nimber => &[],
        };
        named.iter().copied().collect()
    }

    /// Positions of the references to play in a lesson, each with where it comes from
    /// (docs/REFERENCES.md, docs/HEAP_GAMES.md): the worked example and the exercises of the
    /// take-and-break lesson, Boone's (2016) boards and theorems.
    #[must_use]
    pub(crate) const fn lessons(self) -> &'static [Lesson] {
        const fn lesson(
            title: &'static str,
            game: &'static str,
            arguments: &'static str,
            source: &'static str,
        ) -> Lesson {
            Lesson {
                arguments,
                game,
                source,
                title,
            }
        }
        match self {
            Family::Placement => {
                const LESSONS: &[Lesson] = &[
                    lesson(
                        "Knights 3x3: the first player wins by the centre",
                        "knights",
                        "3x3",
                        "Boone (2016), Figure 3.2.1",
                    ),
                    lesson(
                        "Knights 4x5: a side even, the second player wins by mirror play",
                        "knights",
                        "4x5",
                        "Boone (2016), Theorem 2.2.2",
                    ),
                    lesson(
                        "Knights 5x5: both sides odd",
                        "knights",
                        "5x5",
                        "Boone (2016), Figure 3.2.1",
                    ),
                    lesson(
                        "Bishops 5x6: mn even, the second player wins",
                        "bishops",
                        "5x6",
                        "Boone (2016), Lemma 3.2.1 (Noon 2002)",
                    ),
                    lesson("Queens 5x5", "queens", "5x5", "Boone (2016), Figure A.1.1"),
                    lesson(
                        "Bishops and knights 4x4: each move places one of them",
                        "bishops+knights",
                        "4x4",
                        "Boone (2016), Figure A.1.4",
                    ),
                ];
                LESSONS
            }
            Family::Heap => {
                const LESSONS: &[Lesson] = &[
                    lesson(
                        "Kayles 3 4 5 2 5: the worked example",
                        "kayles",
                        "3 4 5 2 5",
                        "Combinatorial Game Theory IV, lesson 4",
                    ),
                    lesson(
                        "Dawson's Kayles 12 13 14 (exercise 1)",
                        "dawsons-kayles",
                        "12 13 14",
                        "Combinatorial Game Theory IV, lesson 4",
                    ),
                    lesson(
                        "Dawson's Kayles 8 9 10 13 (exercise 1)",
                        "dawsons-kayles",
                        "8 9 10 13",
                        "Combinatorial Game Theory IV, lesson 4",
                    ),
                    lesson(
                        "Grundy's game 10 11 12 (exercise 3)",
                        "grundys-game",
                        "10 11 12",
                        "Combinatorial Game Theory IV, lesson 4",
                    ),
                    lesson(
                        "Grundy's game 13 14 15 (exercise 3)",
                        "grundys-game",
                        "13 14 15",
                        "Combinatorial Game Theory IV, lesson 4",
                    ),
                    lesson(
                        "Lasker's Nim 7 11 15 (exercise 4)",
                        "laskers-nim",
                        "7 11 15",
                        "Combinatorial Game Theory IV, lesson 4",
                    ),
                    lesson(
                        "Two-dimensional Kayles 7x4 (exercise 5)",
                        "kayles-2d",
                        "7x4",
                        "Combinatorial Game Theory IV, lesson 4",
                    ),
                    lesson(
                        "Treblecross on 13 cells (exercise 6)",
                        "treblecross",
                        "13",
                        "Combinatorial Game Theory IV, lesson 4",
                    ),
                    lesson(
                        "Dawson's Chess on 3 x 9 (exercise 7)",
                        "dawsons-chess",
                        "9",
                        "Combinatorial Game Theory IV, lesson 4",
                    ),
                ];
                LESSONS
            }
            Family::Corner => {
                const LESSONS: &[Lesson] = &[lesson(
                    "Corner the Knight from (7, 9)",
                    "corner-knight",
                    "7 9",
                    "Katayama and Koyama (2021)",
                )];
                LESSONS
            }
            Family::Graph | Family::Cram | Family::Nimber => &[],
        }
    }

    /// The names of the family's games, as a person types them.
    #[must_use]
    pub(crate) fn names(self) -> String {
        match self {
            Family::Placement => {
                let named: Vec<&str> = Piece::NAMED.iter().map(|(name, _)| *name).collect();
                format!(
                    "{}, leaper:A,B (any leaper, such as leaper:1,3), or up to five joined by + (bishops+knights: each move places one of them; not for graph or conjecture, which are about one piece's attack graph)",
                    named.join(", ")
                )
            }
            Family::Heap => {
                let named: Vec<&str> = NAMED_GAMES.iter().map(|(name, _)| *name).collect();
                format!(
                    "a code such as 0.77, 0.137, 4.7 or C.7 (hexadecimal digits), or {}",
                    named.join(", ")
                )
            }
            Family::Corner => {
                let named: Vec<&str> = CORNER_GAMES.iter().map(|(name, _)| *name).collect();
                format!(
                    "{} or corner:DX,DY;DX,DY;... (a piece moving by those steps)",
                    named.join(", ")
                )
            }
            Family::Graph => "graph".to_string(),
            Family::Cram => CRAM_NAME.to_string(),
            Family::Nimber => "*N, such as *3 (a Nim heap of 3)".to_string(),
        }
    }

    /// Every family but this one, as a message about a name that is none of this family's
    /// lists them: `a heap game (…), a corner game (…), `graph FILE` (Node Kayles on a graph),
    /// `cram MxN` (Cram) or a nimber *N`.
    #[must_use]
    pub(crate) fn others(self) -> String {
        let listed: Vec<String> = Family::ALL
            .iter()
            .filter(|family| **family != self)
            .map(|family| match family {
                Family::Graph => format!("`graph FILE` ({})", family.title()),
                Family::Cram => format!("`{CRAM_NAME} MxN` ({})", family.title()),
                Family::Nimber => "a nimber *N".to_string(),
                _ => format!("{} ({})", family.title(), family.names()),
            })
            .collect();
        one_of(&listed)
    }

    /// The commands that apply to the family's games, from the one list of them
    /// ([`Command::ALL`]).
    #[must_use]
    pub(crate) const fn verbs(self) -> &'static [Command] {
        match self {
            Family::Placement => &[
                Command::Value,
                Command::Outcome,
                Command::Moves,
                Command::Table,
                Command::Play,
                Command::Graph,
                Command::Conjecture,
            ],
            Family::Heap => &[
                Command::Value,
                Command::Outcome,
                Command::Moves,
                Command::Sequence,
                Command::Quotient,
                Command::Play,
            ],
            Family::Corner => &[
                Command::Value,
                Command::Outcome,
                Command::Moves,
                Command::Table,
                Command::Check,
                Command::Play,
            ],
            Family::Graph => &[
                Command::Value,
                Command::Outcome,
                Command::Moves,
                Command::Graph,
                Command::Play,
            ],
            Family::Cram => &[
                Command::Value,
                Command::Outcome,
                Command::Moves,
                Command::Table,
                Command::Play,
            ],
            Family::Nimber => &[
                Command::Value,
                Command::Outcome,
                Command::Moves,
                Command::Play,
            ],
        }
    }

    /// The game named `name` of this family as a table takes it, without a board: its cells
    /// are the family's boards or squares ([`crate::games::table_family`]).
    ///
    /// # Errors
    /// A family without tables (the message names the questions it takes), or a name its
    /// family does not read.
    pub(crate) fn table_family(self, name: &str) -> Result<Box<dyn TableFamily>, String> {
        match self {
            Family::Placement => Ok(Box::new(PlacementTable::named(name)?)),
            Family::Corner => {
                let game: CornerGame = name.parse().map_err(|error| format!("{error}"))?;
                Ok(Box::new(game))
            }
            Family::Cram => Ok(Box::new(CramTable)),
            Family::Heap | Family::Graph | Family::Nimber => {
                Err(self.refusal(Command::Table, name))
            }
        }
    }

    /// Whether `verb` applies to the family's games.
    #[must_use]
    pub fn supports(self, verb: Command) -> bool {
        self.verbs().contains(&verb)
    }

    /// Refuses the game named `name` for `verb` when the verb does not apply to its family,
    /// naming the verbs that do. A name of no known game (which reads as unknown pieces) is
    /// left to the verb's own parser, whose message says what it expected (`sequence kayless`:
    /// an unknown heap game, not "a placement game").
    ///
    /// # Errors
    /// `Family::refusal`'s message.
    pub fn check_verb(name: &str, verb: Command) -> Result<(), String> {
        let family = Family::of(name);
        let unknown = family == Family::Placement && parse_pieces(name).is_err();
        if family.supports(verb) || unknown {
            Ok(())
        } else {
            Err(family.refusal(verb, name))
        }
    }

    /// Why `verb` does not apply to `game` (of this family), naming the verbs that do.
    #[must_use]
    pub(crate) fn refusal(self, verb: Command, game: &str) -> String {
        let verbs: Vec<&str> = self.verbs().iter().map(|v| v.name()).collect();
        let families: Vec<String> = Family::ALL
            .iter()
            .filter(|family| family.supports(verb))
            .map(|family| family.title().to_string())
            .collect();
        format!(
            "`grundy {verb}` is for {}; `{game}` is {}, which takes grundy {}",
            one_of(&families),
            self.title(),
            verbs.join(", ")
        )
    }
}

/// How a position of a family is drawn, and so what the page's form asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Drawing {
    /// A board of squares with pieces on it (the answer's `position` is its rows): the form
    /// chooses its surface and lines, a position is set up by clicking and written after
    /// `at`, and the position says whose turn it is.
    Board,
    /// A row of heaps (the answer's `position` is their sizes, as the game's arguments are).
    Heaps,
    /// A piece on a quarter-plane (the answer's `position` is its square, as the game's
    /// arguments are).
    Corner,
    /// A graph (the answer's `graph`): the form takes its edges.
    Graph,
    /// A board on which dominoes are laid (the answer's `position` is its rows, `.` a free
    /// square and `#` a covered one; each move names the two squares its domino covers,
    /// `squares`): a move is two neighbouring squares chosen, a position is set up by covering
    /// squares and written after `at`, and the position says whose turn it is.
    Dominoes,
}

/// How the page's Play tab offers a family's games: the game its form starts with, how a
/// position is drawn, and which of the computer's ways of playing apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PlayForm {
    /// The arguments the form starts with (empty for a graph, whose edges are typed).
    pub(crate) arguments: &'static str,
    /// What the form calls the arguments.
    pub(crate) arguments_label: &'static str,
    /// How a position is drawn.
    pub(crate) drawing: Drawing,
    /// The game the form starts with.
    pub(crate) game: &'static str,
    /// The family in the form's list of games.
    pub(crate) label: &'static str,
    /// Whether the computer may play by a symmetry strategy (mirror play), where one applies.
    pub(crate) symmetry: bool,
    /// Whether a position may take longer to search than a request's time (a large board):
    /// its moves and the computer's reply are then asked within a time, and come back with
    /// what that time settled.
    pub(crate) timed: bool,
}

/// A position to play in a lesson ([`Family::lessons`]): the game's name and arguments as the
/// page's form takes them, what it shows and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Lesson {
    /// What follows the game's name: a board, heaps, a square (`5x5`, `3 4 5 2 5`, `7 9`).
    pub(crate) arguments: &'static str,
    /// The game's name (`knights`, `bishops+knights`, `kayles`).
    pub(crate) game: &'static str,
    /// The reference it comes from, as docs/REFERENCES.md names it.
    pub(crate) source: &'static str,
    /// What it is, as a menu shows it.
    pub(crate) title: &'static str,
}

/// The registry as a page reads it (`grundy serve`'s `/api/games`): each family with its
/// games, rules and commands, the surfaces and ray rules of placement games, the letter that
/// marks each piece in a position, and the text that lists every game. Keys in alphabetical
/// order.
#[derive(Clone, Debug, Serialize)]
pub struct GamesCatalogue {
    /// [`catalogue`]'s text.
    pub(crate) catalogue: String,
    /// How a game ends under each convention, after the family's rules:
    /// [`NORMAL_PLAY_ENDING`] and [`MISERE_PLAY_ENDING`].
    pub(crate) endings: BTreeMap<&'static str, &'static str>,
    /// Each family, in [`Family::ALL`]'s order.
    pub(crate) families: Vec<FamilyEntry>,
    /// The letter of a leaper not named (`leaper:A,B`).
    pub(crate) leaper_letter: String,
    /// The letter that marks each named piece in a position.
    pub(crate) piece_letters: BTreeMap<&'static str, String>,
    /// The ray rules of placement games.
    pub(crate) rays: Vec<String>,
    /// The surfaces of placement games' boards.
    pub(crate) surfaces: Vec<String>,
}

/// One family as [`GamesCatalogue`] lists it.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct FamilyEntry {
    /// [`Family::arguments`].
    pub(crate) arguments: &'static str,
    /// The commands that apply to its games ([`Family::verbs`]).
    pub(crate) commands: Vec<&'static str>,
    /// [`Family::descriptions`].
    pub(crate) descriptions: BTreeMap<&'static str, &'static str>,
    /// [`Family::example`].
    pub(crate) example: &'static str,
    /// The family's name in lower case: `placement`, `heap`, `corner`, `graph`, `nimber`.
    pub(crate) family: String,
    /// [`Family::named_games`].
    pub(crate) games: Vec<&'static str>,
    /// [`Family::lessons`].
    pub(crate) lessons: &'static [Lesson],
    /// [`Family::names`].
    pub(crate) names: String,
    /// [`Family::play_form`]; absent for a family the page does not offer on its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) play: Option<PlayForm>,
    /// [`Family::rules`].
    pub(crate) rules: &'static str,
    /// [`Family::title`].
    pub(crate) title: &'static str,
}

/// The registry as a page reads it.
#[must_use]
pub fn games_catalogue() -> GamesCatalogue {
    let families = Family::ALL
        .iter()
        .map(|&family| FamilyEntry {
            arguments: family.arguments(),
            commands: family
                .verbs()
                .iter()
                .map(|command| command.name())
                .collect(),
            descriptions: family.descriptions(),
            example: family.example(),
            family: format!("{family:?}").to_lowercase(),
            games: family.named_games(),
            lessons: family.lessons(),
            names: family.names(),
            play: family.play_form(),
            rules: family.rules(),
            title: family.title(),
        })
        .collect();
    let piece_letters = Piece::NAMED
        .iter()
        .map(|(name, piece)| (*name, piece.letter().to_string()))
        .collect();
    GamesCatalogue {
        catalogue: catalogue(),
        endings: BTreeMap::from([
            ("misere", MISERE_PLAY_ENDING),
            ("normal", NORMAL_PLAY_ENDING),
        ]),
        families,
        leaper_letter: Piece::leaper(1, 3).map_or('L', Piece::letter).to_string(),
        piece_letters,
        rays: [RayRule::Through, RayRule::Blocked]
            .iter()
            .map(ToString::to_string)
            .collect(),
        surfaces: [
            Surface::Rectangle,
            Surface::Torus,
            Surface::Cylinder,
            Surface::Mobius,
        ]
        .iter()
        .map(ToString::to_string)
        .collect(),
    }
}

/// Every game grundy knows, family by family, with what follows its name and the verbs that
/// apply: the text help pages show.
#[must_use]
pub fn catalogue() -> String {
    let mut text = String::from(
        "Games (a sum of games is written G + H + ..., such as \"knights 5x5 + kayles 7 + *3\"):\n",
    );
    for family in Family::ALL {
        let verbs: Vec<&str> = family.verbs().iter().map(|v| v.name()).collect();
        text.push_str(&format!(
            "  {} ({}): {}\n    then {}; for example `{}`\n",
            family.title(),
            verbs.join(", "),
            family.names(),
            family.arguments(),
            family.example()
        ));
    }
    text
}

/// A lesson position as a front end lists it: the game as the library reads it
/// (`knights 3x3`, `kayles 3 4 5 2 5`), what it shows and the reference it comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LessonPosition {
    /// The game and its arguments, ready for any question (`grundy moves "knights 3x3"`).
    pub game: String,
    /// What it shows.
    pub title: &'static str,
    /// The reference, as docs/REFERENCES.md names it.
    pub source: &'static str,
}

/// Every family's lesson positions, family by family: the page's Lesson menu, for
/// the command line and Python.
#[must_use]
pub fn lessons() -> Vec<LessonPosition> {
    Family::ALL
        .iter()
        .flat_map(|family| family.lessons())
        .map(|lesson| LessonPosition {
            game: format!("{} {}", lesson.game, lesson.arguments),
            title: lesson.title,
            source: lesson.source,
        })
        .collect()
}

/// The games, their rules and the lesson positions, as `grundy games` prints them: the
/// [`catalogue`], then each family's rules with how a game ends under each convention, then
/// each lesson with a command that shows its winning moves.
#[must_use]
pub fn games_text() -> String {
    let mut text = catalogue();
    text.push_str("\nRules:\n");
    for family in Family::ALL {
        text.push_str(&format!("  {}: {}\n", family.title(), family.rules()));
    }
    text.push_str(&format!(
        "  Every game: {NORMAL_PLAY_ENDING} With --misere: {MISERE_PLAY_ENDING}\n"
    ));
    text.push_str("\nLessons (positions from the references, docs/REFERENCES.md):\n");
    for lesson in lessons() {
        text.push_str(&format!(
            "  grundy moves \"{}\" --all\n    {} ({})\n",
            lesson.game, lesson.title, lesson.source
        ));
    }
    text
}

/// The games `verb` takes, for the help of its game argument: each family it applies to on a
/// line of its own, by title and names (`a heap game: a code such as 0.77, …`).
#[must_use]
pub fn games_for(verb: Command) -> String {
    let lines: Vec<String> = Family::ALL
        .iter()
        .filter(|family| family.supports(verb))
        .map(|family| format!("{}: {}", family.title(), family.names()))
        .collect();
    format!("The game, one of:\n{}.", lines.join(";\n"))
}

/// The families whose games the computer may play by a symmetry strategy, as a sentence names
/// them (`a placement game or Cram`), for the refusal of a game of any other.
#[must_use]
pub(crate) fn families_with_symmetry_strategies() -> String {
    let titles: Vec<String> = Family::ALL
        .iter()
        .filter(|family| family.play_form().is_some_and(|form| form.symmetry))
        .map(|family| family.title().to_string())
        .collect();
    one_of(&titles)
}

/// Alternatives as a sentence writes them: `a`, `a or b`, `a, b or c`.
pub(crate) fn one_of(alternatives: &[String]) -> String {
    match alternatives.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The questions whose game is one family's name alone, read by that family's own parser
/// (which knows only its own names): a request reader refuses a name of another family first,
/// by the questions its family takes ([`Family::check_verb`]).
pub const QUESTIONS_OF_ONE_FAMILY: [Command; 3] =
    [Command::Sequence, Command::Quotient, Command::Check];

/// The corner game named `name`, whose theorems a [`CheckRequest`] checks.
///
/// # Errors
/// A name of another family (its message says which questions it takes), or a corner game
/// misnamed.
pub fn check_game(name: &str) -> Result<CornerGame, GameError> {
    // A name that is no piece may be a misspelt corner game: its own error says more than
    // "pieces have no theorems checked".
    Family::check_verb(name, Command::Check).map_err(GameError)?;
    corner_game_of_check(name).map_err(GameError)
}

/// The heap game named `name`, whose nim-sequence a [`SequenceRequest`] asks for.
///
/// # Errors
/// A name of another family (its message says which questions it takes), a bad code, or
/// `kayles-2d`, whose positions are boards rather than heaps.
pub fn sequence_game(name: &str) -> Result<HeapGame, GameError> {
    heap_game_for(name, Command::Sequence)
}

/// The heap game named `name` whose misère quotient is asked (`grundy quotient`), refused as
/// [`sequence_game`] refuses a name, naming this question.
///
/// # Errors
/// As [`sequence_game`].
pub fn quotient_game(name: &str) -> Result<HeapGame, GameError> {
    heap_game_for(name, Command::Quotient)
}

fn heap_game_for(name: &str, verb: Command) -> Result<HeapGame, GameError> {
    // A name that is no piece may be a misspelt heap game: its own error says more than
    // "pieces have no sequence".
    Family::check_verb(name, verb).map_err(GameError)?;
    heap_game_of_sequence(name).map_err(GameError)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_game_is_recognised_as_its_family() {
        for (name, _) in Piece::NAMED {
            assert_eq!(Family::of(name), Family::Placement, "{name}");
        }
        for (name, _) in NAMED_GAMES {
            assert_eq!(Family::of(name), Family::Heap, "{name}");
        }
        for (name, _) in CORNER_GAMES {
            assert_eq!(Family::of(name), Family::Corner, "{name}");
        }
        for (name, family) in [
            ("leaper:1,3", Family::Placement),
            ("queens+rooks", Family::Placement),
            ("pawns", Family::Placement),
            ("0.77", Family::Heap),
            ("C.7", Family::Heap),
            ("sub:1,2,3", Family::Heap),
            ("kayles-2d", Family::Heap),
            ("corner:-2,-1;-1,-2", Family::Corner),
            ("GRAPH", Family::Graph),
            ("cram", Family::Cram),
            ("Cram", Family::Cram),
            ("*3", Family::Nimber),
            ("0", Family::Nimber),
            ("0.", Family::Heap),
        ] {
            assert_eq!(Family::of(name), family, "{name}");
        }
    }

    /// A family makes a table exactly when `table` is among its verbs: the list of verbs and
    /// the families' tables say the same.
    #[test]
    fn the_families_with_tables_are_those_whose_verbs_say_so() {
        for family in Family::ALL {
            let name = family.example().split_whitespace().next().unwrap();
            let table = family.table_family(name);
            assert_eq!(
                table.is_ok(),
                family.supports(Command::Table),
                "{family:?}: {:?}",
                table.err()
            );
        }
    }

    /// Each lesson is a game of its family as the library reads it, and each named piece says
    /// how it attacks.
    #[test]
    fn every_lesson_is_a_game_of_its_family_and_every_piece_is_described() {
        for family in Family::ALL {
            for lesson in family.lessons() {
                let text = format!("{} {}", lesson.game, lesson.arguments);
                assert_eq!(Family::of(lesson.game), family, "{text}");
                let game: Result<crate::games::game::Game, _> = text.parse();
                assert!(game.is_ok(), "{text}: {:?}", game.err());
                assert!(family.play_form().is_some(), "{text}: the page plays it");
            }
        }
        let described: Vec<&str> = Piece::ATTACKS.iter().map(|(name, _)| *name).collect();
        let named: Vec<&str> = Piece::NAMED.iter().map(|(name, _)| *name).collect();
        assert_eq!(described, named);
    }

    #[test]
    fn the_lessons_and_the_games_text_list_every_family_s_lessons_in_order() {
        let lessons = lessons();
        let each: Vec<String> = Family::ALL
            .iter()
            .flat_map(|family| family.lessons())
            .map(|lesson| format!("{} {}", lesson.game, lesson.arguments))
            .collect();
        let games: Vec<String> = lessons.iter().map(|lesson| lesson.game.clone()).collect();
        assert_eq!(games, each);
        let text = games_text();
        let listed: Vec<&str> = text
            .lines()
            .filter_map(|line| line.strip_prefix("  grundy moves \""))
            .filter_map(|rest| rest.strip_suffix("\" --all"))
            .collect();
        assert_eq!(listed, each);
        for family in Family::ALL {
            assert!(text.contains(family.rules()), "{family:?}");
        }
    }

    #[test]
    fn a_family_s_rules_leave_how_the_game_ends_to_the_convention() {
        // The page follows the rules by the convention's ending: a family's own sentence on
        // who loses would contradict misère play's.
        for family in Family::ALL {
            let rules = family.rules();
            assert!(!rules.contains("cannot move"), "{family:?}: {rules}");
            assert!(!rules.contains(" loses."), "{family:?}: {rules}");
        }
        let json = serde_json::to_value(games_catalogue()).unwrap();
        assert_eq!(json["endings"]["normal"], NORMAL_PLAY_ENDING);
        assert_eq!(json["endings"]["misere"], MISERE_PLAY_ENDING);
    }

    #[test]
    fn the_game_a_family_is_played_with_first_is_one_of_its_own() {
        for family in Family::ALL {
            if let Some(form) = family.play_form() {
                assert_eq!(Family::of(form.game), family, "{form:?}");
                assert!(family.supports(Command::Play), "{family:?}");
            }
        }
    }

    #[test]
    fn the_catalogue_names_every_game_and_the_refusal_the_verbs_that_apply() {
        let catalogue = catalogue();
        for (name, _) in Piece::NAMED {
            assert!(catalogue.contains(name), "{name}");
        }
        for (name, _) in NAMED_GAMES.iter().chain(CORNER_GAMES.iter()) {
            assert!(catalogue.contains(name), "{name}");
        }
        let refusal = Family::Heap.refusal(Command::Table, "kayles");
        assert!(
            refusal.contains("`grundy table` is for a placement game, a corner game or Cram"),
            "{refusal}"
        );
        assert!(
            refusal.contains("value, outcome, moves, sequence, quotient, play"),
            "{refusal}"
        );
        // Every family answers `value` and `outcome`, the questions every game has an
        // answer to.
        assert!(Family::ALL
            .iter()
            .all(|family| family.supports(Command::Value) && family.supports(Command::Outcome)));
    }
}
