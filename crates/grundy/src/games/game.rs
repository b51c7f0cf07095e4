//! Any game grundy plays, written as people write it: `knights 5x5`, `kayles 3 4 5`,
//! `corner-knight 7 9`, `*3`, `graph petersen.col`, `cram 4x5`, or a sum of these joined by ` + `
//! (`knights 5x5 + kayles 7 + *3`, as CGSuite writes sums). A single game is a sum of one.
//!
//! [`Game`] is the one way every front end reads a game: the command line joins its words,
//! the server and the Python package hand over a string. The family of each summand is told by
//! [`Family::of`], so a mistake in a code is reported as a bad code, not an unknown piece.
//! After a placement game's board may come its surface (`torus`, `cylinder`, `mobius`), its ray
//! rule (`blocked`) and `at` a position (rows separated by `/`):
//! `queens+rooks 5x5 torus blocked at Q..../...../...../...../.....`.
//!
//! A graph is read by the front end, which alone may open files: `Game::parse_with` asks it
//! for the graph a name stands for, and [`Game::from_str`](std::str::FromStr) refuses graphs.
//!
//! ```
//! use grundy::Game;
//!
//! let game: Game = "knights 5x5 + kayles 7 + *3".parse().unwrap();
//! assert_eq!(game.summands().len(), 3);
//! assert_eq!(game.to_string(), "knights 5x5 + kayles 7 + *3");
//! let board: Game = "queens 4x4 torus at Q.../..../..../....".parse().unwrap();
//! assert_eq!(board.to_string(), "queens 4x4 torus at Q.../..../..../....");
//! assert!("kayles -1".parse::<Game>().unwrap_err().to_string().contains("heap `-1`"));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::board::BoardSize;
use crate::games::contract::FamilyGame;
use crate::games::corner::{CornerGame, CornerPiece, MAX_CORNER};
use crate::games::cram::CramGame;
pub use crate::games::game_error::GameError;
use crate::games::graph::GraphGame;
use crate::games::heap::{HeapRuleset, Heaps, Rectangle, Rectangles};
use crate::games::placement::{
    parse_pieces, PieceSetError, Placement, PlacementGame, PlacementRules,
};
/// The rules a game on a board may be given besides its own ([`Game::with_rules`]): the
/// board's surface, and whether lines pass occupied squares.
pub use crate::games::placement::{RayRule, Surface};
use crate::games::registry::{one_of, Family};
use crate::games::sum::Summand;
use crate::graph::Graph;
use crate::values::Nimber;

/// The largest heap a game may name.
pub(crate) const MAX_HEAP: usize = 100_000_000;

/// The questions whose requests take a graph's text (`graph`): every message that sends a
/// graph somewhere names the same ones.
pub(crate) const GRAPH_QUESTIONS: &str = "`value`, `moves`, `outcome`, `play` and `graph`";

/// The most games one sum may hold.
pub(crate) const MAX_SUMMANDS: usize = 64;

/// A game or a sum of games, each in its position.
#[derive(Clone, Debug)]
pub struct Game {
    summands: Vec<Summand>,
}

impl Game {
    /// The game of one summand.
    #[must_use]
    pub(crate) fn single(summand: Summand) -> Game {
        Game {
            summands: vec![summand],
        }
    }

    /// The sum of `summands`, at most [`MAX_SUMMANDS`].
    ///
    /// # Errors
    /// When there are none or too many.
    #[cfg(test)]
    pub(crate) fn sum(summands: Vec<Summand>) -> Result<Game, GameError> {
        if summands.is_empty() {
            return Err(GameError::new("a game is needed, for example knights 5x5"));
        }
        if summands.len() > MAX_SUMMANDS {
            return Err(GameError::new(format!(
                "a sum of {} games is too long: at most {MAX_SUMMANDS}",
                summands.len()
            )));
        }
        Ok(Game { summands })
    }

    /// The summands, in the order written.
    #[must_use]
    pub fn summands(&self) -> &[Summand] {
        &self.summands
    }

    /// The summands, taken.
    #[must_use]
    pub fn into_summands(self) -> Vec<Summand> {
        self.summands
    }

    /// The one game, when this is not a sum of several.
    #[must_use]
    pub(crate) fn as_single(&self) -> Option<&Summand> {
        match self.summands.as_slice() {
            [only] => Some(only),
            _ => None,
        }
    }

    /// Whether the game is answered as a sum: several games, or a nimber (`*3` is Nim's sum of
    /// one heap, answered by the sum's rule).
    #[must_use]
    pub fn is_sum(&self) -> bool {
        !matches!(self.summands.as_slice(), [single] if !matches!(single, Summand::Nimber(_)))
    }

    /// Reads a game, asking `read_graph` for the graph each `graph NAME` stands for (the
    /// command line reads the file NAME; a server, the graph sent with the request).
    ///
    /// # Errors
    /// A [`GameError`] naming the bad word, or `read_graph`'s own error.
    pub(crate) fn parse_with(
        text: &str,
        read_graph: &mut dyn FnMut(&str) -> Result<Graph, String>,
    ) -> Result<Game, GameError> {
        Game::from_words(&[text], read_graph)
    }

    /// Reads a game from words as a shell splits them: each word is split again at spaces
    /// (a game quoted whole is the same game typed word by word), except the name after `graph`,
    /// which is kept whole (`graph "my graph.txt"`).
    ///
    /// # Errors
    /// As `Game::parse_with`.
    pub fn from_words<S: AsRef<str>>(
        words: &[S],
        read_graph: &mut dyn FnMut(&str) -> Result<Graph, String>,
    ) -> Result<Game, GameError> {
        let mut tokens: Vec<String> = Vec::new();
        for word in words {
            let word = word.as_ref();
            if tokens
                .last()
                .is_some_and(|last| last.eq_ignore_ascii_case("graph"))
                && !word.trim().is_empty()
            {
                tokens.push(word.trim().to_string());
            } else {
                tokens.extend(word.split_whitespace().map(str::to_string));
            }
        }
        let groups: Vec<&[String]> = tokens.split(|token| token == "+").collect();
        if groups.len() > MAX_SUMMANDS {
            return Err(GameError::new(format!(
                "a sum of {} games is too long: at most {MAX_SUMMANDS}",
                groups.len()
            )));
        }
        let single = groups.len() == 1;
        let mut summands = Vec::with_capacity(groups.len());
        for (index, group) in groups.iter().enumerate() {
            let Some((name, args)) = group.split_first() else {
                return Err(GameError::new(if single {
                    "a game is needed, for example knights 5x5 (`grundy value --help` lists every game)".to_string()
                } else {
                    format!(
                        "summand {} of the sum is empty: write games joined by ` + `, for example \"knights 5x5 + kayles 7 + *3\"",
                        index + 1
                    )
                }));
            };
            summands.push(parse_summand(name, args, read_graph)?);
        }
        Ok(Game { summands })
    }

    /// The same game with every placement game on `surface` and with `rays` (each kept as it
    /// is when `None`). A command line's `--board torus` and `--rays blocked`.
    ///
    /// # Errors
    /// When the game has no placement game to apply them to, or the rules do not go together.
    pub fn with_rules(
        mut self,
        surface: Option<Surface>,
        rays: Option<RayRule>,
    ) -> Result<Game, GameError> {
        if surface.is_none() && rays.is_none() {
            return Ok(self);
        }
        if let Some(single) = self.as_single() {
            if !matches!(single, Summand::Placement(Placement { .. })) {
                return Err(GameError::new(format!(
                    "--board and --rays are for the placement games (pieces on a board), not for `{}`",
                    single.name()
                )));
            }
        }
        for summand in &mut self.summands {
            if let Summand::Placement(Placement { game, position }) = summand {
                let rules = PlacementRules::new(
                    game.pieces(),
                    surface.unwrap_or(game.rules().surface()),
                    rays.unwrap_or(game.rules().rays()),
                )
                .map_err(GameError::new)?;
                let moved = PlacementGame::with_rules(rules, game.board());
                // The position's squares are the same on another surface.
                let text = game.format_position(position);
                *position = moved.parse_position(&text).map_err(GameError::new)?;
                *game = moved;
            }
        }
        Ok(self)
    }

    /// The same game with its games on a board (placement games, Cram), in order, in the
    /// positions `texts` (one each at most). A command line's `--position`.
    ///
    /// # Errors
    /// A position that does not fit its board, or one with no game on a board to go to.
    pub fn with_positions<S: AsRef<str>>(mut self, texts: &[S]) -> Result<Game, GameError> {
        let asked = self.to_string();
        let mut texts = texts.iter().map(AsRef::as_ref).peekable();
        let (mut on_boards, mut placed) = (0, 0);
        for summand in &mut self.summands {
            let Some(&rows) = texts.peek() else { break };
            // A position given after `at` stays: the next --position goes to the next board.
            if !summand.at_start() {
                placed += 1;
                continue;
            }
            if let Some(read) = summand.at_position(rows) {
                on_boards += 1;
                *summand = read.map_err(GameError::new)?;
                texts.next();
            }
        }
        let Some(extra) = texts.next() else {
            return Ok(self);
        };
        if placed > 0 {
            return Err(GameError::new(format!(
                "--position `{extra}` has no game on a board to go to: {placed} game(s) of `{asked}` stand in a position given after `at`, and the game(s) on an empty board took {on_boards} --position (give each position once, after `at` or with --position)"
            )));
        }
        Err(GameError::new(match (self.summands.len(), on_boards) {
            (1, 0) => format!(
                "--position `{extra}` is for a game on a board (a placement game, Cram); `{self}` has its position in its words (the heaps, a square, a graph's file, a nimber)"
            ),
            (1, _) => format!(
                "--position `{extra}` is one too many: one game takes one position (several are for a sum of games, one per game on a board)"
            ),
            (_, 1) => format!(
                "--position `{extra}` has no game on a board to go to: the sum has one game on a board (a placement game, Cram), one --position at most"
            ),
            (_, _) => format!(
                "--position `{extra}` has no game on a board to go to: the sum has {on_boards} games on a board (placement games, Cram), one --position each at most"
            ),
        }))
    }
}

impl Game {
    /// The game after the move written `notation`, in the notation its family's moves are
    /// listed in (`c3`, `5 -> 2 + 2`, `(7, 9) -> (5, 8)`, a vertex's name, `*3 -> *1`). In a
    /// sum the move is played in the first game where it is legal, or in game N (from 1) when
    /// written `N: MOVE` (the way a sum's moves are listed by `grundy play`).
    ///
    /// # Errors
    /// When no game of the sum has the move, saying why for a single game.
    pub(crate) fn play(&self, notation: &str) -> Result<Game, GameError> {
        let notation = notation.trim();
        // A single game has no number to give (and a vertex may be named `1:2`).
        let numbered = notation.split_once(':').filter(|_| self.summands.len() > 1);
        let (only, notation) = match numbered {
            Some((number, rest)) if number.trim().parse::<usize>().is_ok() => {
                let number: usize = number.trim().parse().unwrap_or(0);
                if number == 0 || number > self.summands.len() {
                    return Err(GameError::new(format!(
                        "`{number}:` names no game of the sum: its games are numbered 1 to {}",
                        self.summands.len()
                    )));
                }
                (Some(number - 1), rest.trim())
            }
            _ => (None, notation),
        };
        let mut why = None;
        for (index, summand) in self.summands.iter().enumerate() {
            if only.is_some_and(|only| only != index) {
                continue;
            }
            match summand.play(notation) {
                Ok(after) => {
                    let mut summands = self.summands.clone();
                    summands[index] = after;
                    return Ok(Game { summands });
                }
                Err(error) => {
                    why.get_or_insert(error);
                }
            }
        }
        Err(GameError(match (self.summands.len(), why) {
            (1, Some(why)) => why,
            _ => format!("`{notation}` is not a legal move in any game of `{self}`"),
        }))
    }
}

impl FromStr for Game {
    type Err = GameError;

    /// Reads a game that names no graph: a graph's text comes through `Game::parse_with`.
    fn from_str(text: &str) -> Result<Game, GameError> {
        Game::parse_with(text, &mut |name| {
            Err(format!(
                "`graph {name}`: no file is read here; send the graph's edges with the request (its \"graph\" key), which the questions {GRAPH_QUESTIONS} take"
            ))
        })
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, summand) in self.summands.iter().enumerate() {
            if index > 0 {
                f.write_str(" + ")?;
            }
            f.write_str(&summand.written())?;
        }
        Ok(())
    }
}

impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// One summand: its name, then its arguments.
fn parse_summand(
    name: &str,
    args: &[String],
    read_graph: &mut dyn FnMut(&str) -> Result<Graph, String>,
) -> Result<Summand, GameError> {
    match Family::of(name) {
        Family::Cram => CramGame::from_arguments(args)
            .map(Summand::Cram)
            .map_err(GameError),
        Family::Nimber => {
            if let Some(extra) = args.first() {
                return Err(GameError::new(format!(
                    "unexpected `{extra}` after the nimber {name}: a nimber stands alone in a sum"
                )));
            }
            Ok(Summand::Nimber(name.parse::<Nimber>().map_err(GameError::new)?))
        }
        Family::Graph => match args {
            [file] => Ok(Summand::Graph(GraphGame {
                name: file.clone(),
                graph: read_graph(file).map_err(GameError)?,
            })),
            [] => Err(GameError::new(
                "graph needs a file: an edge list (one `u v` per line) or DIMACS (`p edge N M`, `e u v`), for example `graph edges.txt`",
            )),
            [_, extra, ..] => Err(GameError::new(format!(
                "unexpected argument `{extra}`: graph takes one file"
            ))),
        },
        Family::Corner => {
            let game: CornerGame = name.parse().map_err(GameError::new)?;
            let coordinate = |text: &String| {
                text.parse::<usize>()
                    .ok()
                    .filter(|&c| c <= MAX_CORNER)
                    .ok_or_else(|| {
                        GameError::new(format!(
                            "coordinate `{text}` is not valid: expected a whole number from 0 to {MAX_CORNER}"
                        ))
                    })
            };
            match args {
                [m, n] => Ok(Summand::Corner(CornerPiece {
                    m: coordinate(m)?,
                    n: coordinate(n)?,
                    game,
                })),
                _ => Err(GameError::new(format!(
                    "{game} needs the piece's position as two numbers M N, for example `{game} 7 9`"
                ))),
            }
        }
        Family::Heap => {
            let ruleset: HeapRuleset = name.parse().map_err(GameError::new)?;
            if args.is_empty() {
                return Err(GameError::new(format!(
                    "{name} needs at least one heap, for example `{name} 3 4 5`"
                )));
            }
            match ruleset {
                HeapRuleset::Line(game) => Ok(Summand::Heaps(Heaps {
                    game,
                    heaps: args
                        .iter()
                        .map(|text| parse_heap(text))
                        .collect::<Result<_, _>>()?,
                })),
                // `0` is a board taken away, as a heap of 0 is a heap game's: `kayles-2d 0`
                // is the game after the last board is taken.
                HeapRuleset::Kayles2d(_) => Ok(Summand::Rectangles(Rectangles(
                    args.iter()
                        .filter(|text| text.as_str() != "0")
                        .map(|text| text.parse::<Rectangle>().map_err(GameError::new))
                        .collect::<Result<_, _>>()?,
                ))),
            }
        }
        Family::Placement => parse_placement(name, args),
    }
}

/// The named games of the families other than pieces whose names begin with `name` (of three
/// letters or more), each with its family: `grundy` is the start of `grundys-game`, a heap game.
fn names_meant(name: &str) -> Vec<String> {
    let typed = name.trim().to_ascii_lowercase();
    if typed.len() < 3 {
        return Vec::new();
    }
    Family::ALL
        .iter()
        .filter(|family| **family != Family::Placement)
        .flat_map(|family| {
            family
                .named_games()
                .into_iter()
                .filter(|game| game.starts_with(typed.as_str()))
                .map(move |game| format!("`{game}` ({})", family.title()))
        })
        .collect()
}

/// Pieces on a board: `knights 5x5`, then the surface, the ray rule and `at POSITION` if any.
fn parse_placement(name: &str, args: &[String]) -> Result<Summand, GameError> {
    let pieces = parse_pieces(name).map_err(|error| match error {
        PieceSetError::Piece(_) => match names_meant(name).as_slice() {
            [] => GameError::new(format!(
                "{error}; other games: {}",
                Family::Placement.others()
            )),
            // `grundy 5` typed for Grundy's game: the games the word begins come first, before
            // the list of every piece.
            meant => GameError::new(format!(
                "`{}` is no game the library knows: did you mean {}? ({error}; other games: {})",
                name.trim(),
                one_of(meant),
                Family::Placement.others()
            )),
        },
        other => GameError::new(other),
    })?;
    let unnamed = PlacementRules::new(&pieces, Surface::Rectangle, RayRule::Through)
        .map_err(GameError::new)?;
    let title = unnamed.name();
    let Some((board, rest)) = args.split_first() else {
        return Err(GameError::new(format!(
            "the {title} game needs a board size, for example `{title} 5x5`"
        )));
    };
    let board: BoardSize = board.parse().map_err(|error| {
        // `5 x 5`, `5 x5`, `5x 5`: a board size typed with spaces in it is named as such.
        (1..=2)
            .filter(|&more| more <= rest.len())
            .map(|more| &args[..=more])
            .find(|words| words.concat().parse::<BoardSize>().is_ok())
            .map_or_else(
                || GameError::new(error),
                |words| {
                    GameError::new(format!(
                        "board size `{}` has spaces in it: write it as one word, `{}`",
                        words.join(" "),
                        words.concat()
                    ))
                },
            )
    })?;
    let (mut surface, mut rays, mut position) = (None, None, None);
    let mut words = rest.iter();
    while let Some(word) = words.next() {
        if surface.is_none() {
            if let Ok(parsed) = word.parse::<Surface>() {
                surface = Some(parsed);
                continue;
            }
        }
        if rays.is_none() {
            if let Ok(parsed) = word.parse::<RayRule>() {
                rays = Some(parsed);
                continue;
            }
        }
        if position.is_none() && word.eq_ignore_ascii_case("at") {
            if let Some(rows) = words.next() {
                position = Some(rows);
                continue;
            }
        }
        return Err(GameError::new(format!(
            "unexpected argument `{word}`: the {title} game takes one board size, for example 5x5"
        )));
    }
    let rules = PlacementRules::new(
        &pieces,
        surface.unwrap_or_default(),
        rays.unwrap_or_default(),
    )
    .map_err(GameError::new)?;
    let game = PlacementGame::with_rules(rules, board);
    let position = match position {
        Some(text) => game.parse_position(text).map_err(GameError::new)?,
        None => game.empty(),
    };
    Ok(Summand::Placement(Placement { game, position }))
}

/// One heap size, at most [`MAX_HEAP`].
///
/// # Errors
/// When `text` is not a whole number in range.
pub(crate) fn parse_heap(text: &str) -> Result<usize, GameError> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|&heap| heap <= MAX_HEAP)
        .ok_or_else(|| {
            GameError::new(format!(
                "heap `{text}` is not valid: expected a whole number of tokens from 0 to {MAX_HEAP}"
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Game, GameError> {
        text.parse()
    }

    #[test]
    fn every_family_reads_and_writes_back_the_same() {
        for text in [
            "knights 5x5",
            "bishops+knights 4x4",
            "queens 6x6 torus",
            "queens+rooks 5x5 blocked",
            "queens+rooks 5x5 cylinder blocked at Q..../...../...../...../.....",
            "camels 6x6",
            "leaper:2,5 6x6",
            "kayles 3 4 5",
            "0.137 6",
            "grundys-game 9",
            "sub:1,2,3 10",
            "kayles-2d 7x4 2x2",
            "corner-knight 7 9",
            "corner-queen 0 0",
            "cram 4x5",
            "cram 3x4 at #.../#.../....",
            "*3",
            "*0",
            "knights 5x5 + kayles 7 + *3",
            "cram 3x3 + kayles 5 + knights 3x3 at .../.N./...",
        ] {
            let game = parse(text).unwrap_or_else(|error| panic!("{text}: {error}"));
            assert_eq!(game.to_string(), text);
            assert_eq!(parse(&game.to_string()).unwrap().to_string(), text);
        }
    }

    /// The nimber 0 is printed `0`, and so read back (it was read as a malformed code).
    #[test]
    fn zero_reads_as_the_nimber_it_is_printed_as() {
        for (text, written) in [("0", "*0"), ("knights 3x3 + 0", "knights 3x3 + *0")] {
            assert_eq!(parse(text).unwrap().to_string(), written, "{text}");
        }
        assert!(parse("0.").unwrap_err().to_string().contains("code `0.`"));
    }

    #[test]
    fn a_leaper_is_written_by_its_name_when_it_has_one() {
        assert_eq!(parse("leaper:1,3 6x6").unwrap().to_string(), "camels 6x6");
    }

    #[test]
    fn a_game_typed_word_by_word_is_the_game_quoted_whole() {
        let refuse = &mut |_: &str| -> Result<Graph, String> { Err("no graphs".into()) };
        let words = Game::from_words(&["knights", "5x5", "+", "nim 3 5"], refuse).unwrap();
        assert_eq!(words.to_string(), "knights 5x5 + nim 3 5");
        let quoted = Game::from_words(&["knights 5x5 + nim", "3", "5"], refuse).unwrap();
        assert_eq!(quoted.to_string(), words.to_string());
    }

    #[test]
    fn a_graph_name_is_kept_whole_and_read_by_the_front_end() {
        let mut asked = Vec::new();
        let game = Game::from_words(&["graph", "my graph.txt", "+", "*1"], &mut |name| {
            asked.push(name.to_string());
            crate::graph::parse_graph("0 1\n1 2\n", None).map_err(|e| e.to_string())
        })
        .unwrap();
        assert_eq!(asked, ["my graph.txt"]);
        assert_eq!(game.to_string(), "graph my graph.txt + *1");
        let refused = parse("graph /etc/passwd").unwrap_err().to_string();
        assert!(refused.contains("no file is read here"), "{refused}");
    }

    #[test]
    fn single_games_and_sums() {
        assert!(!parse("knights 5x5").unwrap().is_sum());
        assert!(parse("*3").unwrap().is_sum());
        assert!(parse("kayles 3 + kayles 4").unwrap().is_sum());
        assert!(parse("bishops+knights 3x3").unwrap().as_single().is_some());
    }

    #[test]
    fn mistakes_are_named() {
        for (text, named) in [
            ("kayles", "needs at least one heap"),
            ("kayles 3 x", "heap `x`"),
            ("2.7 3", "2.7"),
            ("corner-knight 1", "two numbers M N"),
            ("knights", "needs a board size"),
            ("knights 5x5 5x5", "unexpected argument `5x5`"),
            ("knightz 5x5", "knightz"),
            ("knights 5x5 + ", "summand 2 of the sum is empty"),
            ("*3 4", "a nimber stands alone"),
            ("", "a game is needed"),
            ("queens 2x2 at QQ/..", "attack each other"),
            ("cram", "needs a board size"),
            ("cram 12x11", "at most 128 squares: 12x11 has 132"),
            ("cram 3x3 torus", "played on a rectangle"),
            ("cram 3x3 at ...", "1 rows where the board has 3"),
            ("cram 2x2 at .x/..", "`x` in row 1"),
            ("cram 3x3 3x3", "unexpected argument `3x3`"),
            ("cram 3x3 at", "unexpected argument `at`"),
            (
                "cram 3x3 at .../.../... extra",
                "unexpected argument `extra` after the position",
            ),
            ("cram 0x3", "0x3"),
        ] {
            let error = parse(text).unwrap_err().to_string();
            assert!(error.contains(named), "{text}: {error}");
        }
        let long = vec!["*1"; MAX_SUMMANDS + 1].join(" + ");
        assert!(parse(&long).unwrap_err().to_string().contains("too long"));
    }

    /// A position given after `at` is kept: `--position` goes to the next game on an empty
    /// board, and one with none to go to is refused (it replaced the position, silently).
    #[test]
    fn a_position_after_at_is_not_replaced_by_a_position_option() {
        let game = parse("knights 3x3 + cram 2x3 at ##./... + queens 3x3")
            .unwrap()
            .with_positions(&["N../.../...", ".../.Q./..."])
            .unwrap();
        assert_eq!(
            game.to_string(),
            "knights 3x3 at N../.../... + cram 2x3 at ##./... + queens 3x3 at .../.Q./..."
        );
        for (text, named) in [
            (
                "cram 3x3 at ##./.../...",
                "1 game(s) of `cram 3x3 at ##./.../...` stand in a position given after `at`, and the game(s) on an empty board took 0 --position",
            ),
            (
                "cram 3x3 at ##./.../... + knights 3x3",
                "1 game(s) of `cram 3x3 at ##./.../... + knights 3x3` stand in a position given after `at`, and the game(s) on an empty board took 1 --position",
            ),
        ] {
            let error = parse(text)
                .unwrap()
                .with_positions(&["..N/.../...", ".../.../..."])
                .unwrap_err();
            assert!(error.0.contains(named), "{text}: {error}");
        }
    }

    #[test]
    fn rules_and_positions_from_options() {
        let game = parse("knights 4x4 + queens 3x3")
            .unwrap()
            .with_rules(Some(Surface::Torus), None)
            .unwrap()
            .with_positions(&["N.../..../..../...."])
            .unwrap();
        assert_eq!(
            game.to_string(),
            "knights 4x4 torus at N.../..../..../.... + queens 3x3 torus"
        );
        let error = parse("kayles 3")
            .unwrap()
            .with_rules(Some(Surface::Torus), None)
            .unwrap_err();
        assert!(error.0.contains("not for `kayles`"), "{error}");
        let error = parse("kayles 3")
            .unwrap()
            .with_positions(&["."])
            .unwrap_err();
        assert!(error.0.contains("is for a game on a board"), "{error}");
        let error = parse("*3").unwrap().with_positions(&["."]).unwrap_err();
        assert!(
            error.0.contains("`*3` has its position in its words"),
            "{error}"
        );
        let error = parse("cram 2x3 + kayles 2")
            .unwrap()
            .with_positions(&["#../#..", "."])
            .unwrap_err();
        assert!(
            error.0.contains("the sum has one game on a board"),
            "{error}"
        );
        let game = parse("cram 2x3 + kayles 2")
            .unwrap()
            .with_positions(&["#../#.."])
            .unwrap();
        assert_eq!(game.to_string(), "cram 2x3 at #../#.. + kayles 2");
        let error = parse("cram 2x3 + kayles 2 + knights 2x2")
            .unwrap()
            .with_positions(&["#../#..", "N./..", "../.."])
            .unwrap_err();
        assert!(
            error.0.contains("the sum has 2 games on a board"),
            "{error}"
        );
        let error = parse("knights 2x2")
            .unwrap()
            .with_positions(&["../..", "../.."])
            .unwrap_err();
        assert!(error.0.contains("one too many"), "{error}");
    }

    #[test]
    fn a_move_is_played_by_its_notation_in_the_game_that_has_it() {
        let sum = parse("kayles 3 + 0.137 3 + *2").unwrap();
        assert_eq!(
            sum.play("3 -> 2").unwrap().to_string(),
            "kayles 2 + 0.137 3 + *2"
        );
        assert_eq!(
            sum.play("2: 3 -> 1").unwrap().to_string(),
            "kayles 3 + 0.137 1 + *2"
        );
        assert_eq!(
            sum.play("*2 -> 0").unwrap().to_string(),
            "kayles 3 + 0.137 3 + *0"
        );
        for (bad, named) in [
            ("4: 3 -> 2", "numbered 1 to 3"),
            ("3 -> 9", "not a legal move in any game"),
            ("2: 3 -> 2", "not a legal move"),
            ("2: *2 -> 0", "not a legal move"),
        ] {
            let error = sum.play(bad).unwrap_err().to_string();
            assert!(error.contains(named), "{bad}: {error}");
        }
        let knights = parse("knights 3x3").unwrap();
        assert_eq!(
            knights.play("b2").unwrap().to_string(),
            "knights 3x3 at .../.N./..."
        );
        assert!(knights.play("z9").is_err());
    }

    /// `grundy 5` and `dawson 5`, typed for a heap game, name the games they begin (issue 51:
    /// the page said only "unknown piece"); a word that begins no game keeps the message of
    /// every piece and game.
    #[test]
    fn a_word_that_begins_a_game_names_it() {
        let grundy = parse("grundy 5").unwrap_err().to_string();
        assert!(
            grundy.starts_with(
                "`grundy` is no game the library knows: did you mean `grundys-game` (a heap game)?"
            ),
            "{grundy}"
        );
        let dawson = parse("dawson 5").unwrap_err().to_string();
        assert!(
            dawson.contains(
                "did you mean `dawsons-kayles` (a heap game) or `dawsons-chess` (a heap game)?"
            ),
            "{dawson}"
        );
        let lasker = parse("lasker 5").unwrap_err().to_string();
        assert!(
            lasker.contains("did you mean `laskers-nim` (a heap game)?"),
            "{lasker}"
        );
        let pawns = parse("pawns 5x5").unwrap_err().to_string();
        assert!(
            pawns.starts_with("unknown piece `pawns`: expected knights"),
            "{pawns}"
        );
    }
}
