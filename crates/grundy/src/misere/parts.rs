//! Misère positions as multisets of parts. A part is a game that does not split further: one
//! heap, one board of two-dimensional Kayles, the corner piece, a Nim heap, or one component of
//! a placement game or of Node Kayles on a graph. Under misère play the parts cannot be valued
//! apart (values do not add), but a position is still the sum of its parts, so it is kept as
//! their multiset: two positions with the same parts, in any order, are the same position.
//! Each part carries the canonical key of its family (a placement component's shape up to the
//! board's symmetries and translation, a graph component's vertex set), and a position's key is
//! the sorted list of its parts' keys.

use crate::games::corner::CornerGame;
use crate::games::corner::CornerPiece;
use crate::games::graph::GraphGame;
use crate::games::heap::Heaps;
use crate::games::heap::Rectangles;
use crate::games::heap::{Kayles2d, Rectangle, TakeBreak};
use crate::games::placement::Placement;
use crate::games::placement::{Cells, PlacementGame, RulesKayles, RulesKey};
use crate::games::sum::Summand;
use crate::graph::kayles::GraphKayles;
use crate::graph::{Graph, VertexSet};
use crate::solver::{mix_words, ImpartialGame, TableKey};

/// Words of the bit sets of placement components and graph components: boards of at most 256
/// squares, graphs of at most 256 vertices.
const WORDS: usize = 4;

/// The most squares (or vertices) a misère search takes: 16x16.
pub const MAX_MISERE_SQUARES: usize = 64 * WORDS;

/// The most moves a misère position may have left before it ends (the search goes as deep as
/// the longest play).
pub const MAX_MISERE_DEPTH: u64 = 2_000;

/// The rules of one family of parts in a position.
#[derive(Clone, Debug)]
enum Rules {
    /// Nim heaps (`*n`).
    Nim,
    /// Heaps of one take-and-break game.
    Heap(TakeBreak),
    /// Boards of two-dimensional Kayles.
    Kayles2d,
    /// The piece of one corner game.
    Corner(CornerGame),
    /// Components of one placement game.
    Placement(Box<(PlacementGame, RulesKayles<WORDS>)>),
    /// Components of Node Kayles on one graph.
    Graph(Box<(Graph, GraphKayles<WORDS>)>),
}

impl Rules {
    fn same_game(&self, other: &Rules) -> bool {
        match (self, other) {
            (Rules::Nim, Rules::Nim) | (Rules::Kayles2d, Rules::Kayles2d) => true,
            (Rules::Heap(a), Rules::Heap(b)) => a == b,
            (Rules::Corner(a), Rules::Corner(b)) => a == b,
            (Rules::Placement(a), Rules::Placement(b)) => a.0 == b.0,
            (Rules::Graph(a), Rules::Graph(b)) => a.0 == b.0,
            _ => false,
        }
    }
}

/// What a part is, in its family's own terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// A Nim heap or a take-and-break heap of this many tokens.
    Count(u32),
    /// A two-dimensional Kayles board.
    Board(Rectangle),
    /// The corner piece at `(m, n)`.
    Corner(u32, u32),
    /// A component of a placement game.
    Cells(Cells<WORDS>),
    /// A component of Node Kayles: the vertices in play.
    Vertices(VertexSet<WORDS>),
}

/// The canonical key of a part: equal keys of one family are the same game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// A heap's size.
    Count(u32),
    /// A board's sides, the shorter first, or the corner piece's coordinates.
    Pair(u32, u32),
    /// A placement component up to the board's symmetries.
    Cells(RulesKey<WORDS>),
    /// A graph component's vertices.
    Vertices(VertexSet<WORDS>),
}

/// The key of a part: its family (an index into the position's rules) and shape, with a hash
/// of both made once, which orders parts (ties broken by the rest) and answers most
/// comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PartKey {
    hash: u64,
    family: u16,
    shape: Shape,
}

impl PartKey {
    fn new(family: u16, shape: Shape) -> PartKey {
        let shape_hash = match shape {
            Shape::Count(count) => mix_words(1, &[u64::from(count)]),
            Shape::Pair(a, b) => mix_words(2, &[u64::from(a) << 32 | u64::from(b)]),
            Shape::Cells(key) => key.hash64(),
            Shape::Vertices(set) => set.hash64(),
        };
        PartKey {
            hash: mix_words(shape_hash, &[u64::from(family)]),
            family,
            shape,
        }
    }

    /// The hash of the part's family and shape.
    #[must_use]
    pub fn hash64(&self) -> u64 {
        self.hash
    }
}

/// One part of a misère position, with its key.
#[derive(Clone, Copy, Debug)]
pub struct Part {
    key: PartKey,
    state: State,
}

impl Part {
    /// The part's key.
    #[must_use]
    pub fn key(&self) -> PartKey {
        self.key
    }
}

/// A position: its parts, sorted by key.
pub type Parts = Vec<Part>;

/// Why a game cannot be searched under misère play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TooLarge(pub String);

/// The rules of every family in a game, and the parts of its positions.
#[derive(Clone, Debug)]
pub struct PartRules {
    families: Vec<Rules>,
    kayles_2d: Kayles2d,
}

impl PartRules {
    /// The rules of the families of `summands` and the parts of their positions, sorted.
    ///
    /// # Errors
    /// A board of more than [`MAX_MISERE_SQUARES`] squares, a graph of more than that many
    /// vertices, or a game whose longest play passes [`MAX_MISERE_DEPTH`] moves.
    pub fn of_summands(summands: &[Summand]) -> Result<(PartRules, Parts), TooLarge> {
        let mut rules = PartRules {
            families: Vec::new(),
            kayles_2d: Kayles2d,
        };
        let mut parts = Vec::new();
        for summand in summands {
            rules.add_summand(summand, &mut parts)?;
        }
        let depth: u64 = parts.iter().map(|part| rules.longest_play(part)).sum();
        if depth > MAX_MISERE_DEPTH {
            return Err(TooLarge(format!(
                "the game can last up to {depth} moves: a misère search goes as deep as the longest play, at most {MAX_MISERE_DEPTH} moves"
            )));
        }
        parts.retain(|part| rules.has_moves(part));
        sort(&mut parts);
        Ok((rules, parts))
    }

    /// The parts of one more summand, in the same rules: the position after a move in a sum.
    ///
    /// # Errors
    /// As [`PartRules::of_summands`].
    pub fn parts_of(&mut self, summands: &[Summand]) -> Result<Parts, TooLarge> {
        let mut parts = Vec::new();
        for summand in summands {
            self.add_summand(summand, &mut parts)?;
        }
        parts.retain(|part| self.has_moves(part));
        sort(&mut parts);
        Ok(parts)
    }

    fn family(&mut self, rules: Rules) -> u16 {
        let index = self
            .families
            .iter()
            .position(|known| known.same_game(&rules))
            .unwrap_or_else(|| {
                self.families.push(rules);
                self.families.len() - 1
            });
        u16::try_from(index).expect("a sum has at most 64 games")
    }

    fn add_summand(&mut self, summand: &Summand, parts: &mut Parts) -> Result<(), TooLarge> {
        match summand {
            Summand::Nimber(nimber) => {
                let family = self.family(Rules::Nim);
                if nimber.value() > 0 {
                    parts.push(count_part(family, nimber.value()));
                }
            }
            Summand::Heaps(Heaps { game, heaps }) => {
                let family = self.family(Rules::Heap(game.rule().clone()));
                for &heap in heaps {
                    let size = u32::try_from(heap).unwrap_or(u32::MAX);
                    parts.push(count_part(family, size));
                }
            }
            Summand::Rectangles(Rectangles(boards)) => {
                let family = self.family(Rules::Kayles2d);
                parts.extend(boards.iter().map(|&board| board_part(family, board)));
            }
            Summand::Corner(CornerPiece { game, m, n }) => {
                let family = self.family(Rules::Corner(game.clone()));
                let coordinate = |c: usize| u32::try_from(c).unwrap_or(u32::MAX);
                let (m, n) = (coordinate(*m), coordinate(*n));
                parts.push(Part {
                    key: PartKey::new(family, Shape::Pair(m, n)),
                    state: State::Corner(m, n),
                });
            }
            Summand::Placement(Placement { game, position }) => {
                let squares = game.board().squares();
                if squares > MAX_MISERE_SQUARES {
                    return Err(TooLarge(format!(
                        "board {} has {squares} squares: misère searches take boards of at most {MAX_MISERE_SQUARES} squares",
                        game.board()
                    )));
                }
                let engine = RulesKayles::<WORDS>::new(game);
                let cells = engine.cells(
                    game.available(position).resize(),
                    game.occupied_set(position).resize(),
                );
                let family = self.family(Rules::Placement(Box::new((game.clone(), engine))));
                self.split(family, State::Cells(cells), parts);
            }
            Summand::Graph(GraphGame { graph, .. }) => {
                let engine = GraphKayles::<WORDS>::new(graph).map_err(|_| {
                    TooLarge(format!(
                        "the graph has {} vertices: misère searches take graphs of at most {MAX_MISERE_SQUARES}",
                        graph.vertex_count()
                    ))
                })?;
                let start = engine.start();
                let family = self.family(Rules::Graph(Box::new((graph.clone(), engine))));
                self.split(family, State::Vertices(start), parts);
            }
        }
        Ok(())
    }

    /// Adds the components of `state`, a placement or graph position of `family`, to `parts`.
    fn split(&self, family: u16, state: State, parts: &mut Parts) {
        match (&self.families[usize::from(family)], state) {
            (Rules::Placement(placement), State::Cells(cells)) => {
                let engine = &placement.1;
                engine.for_each_component(&cells, |component| {
                    parts.push(Part {
                        key: PartKey::new(family, Shape::Cells(engine.key(&component))),
                        state: State::Cells(component),
                    });
                });
            }
            (Rules::Graph(graph), State::Vertices(in_play)) => {
                graph.1.for_each_component(&in_play, |component| {
                    parts.push(Part {
                        key: PartKey::new(family, Shape::Vertices(component)),
                        state: State::Vertices(component),
                    });
                });
            }
            _ => unreachable!("only placement and graph positions split"),
        }
    }

    /// Whether `part` has a move (a part without one is 0 and is left out of positions).
    fn has_moves(&self, part: &Part) -> bool {
        match (&self.families[usize::from(part.key.family)], part.state) {
            (Rules::Heap(rule), State::Count(heap)) => {
                let mut any = false;
                rule.for_each_option(heap as usize, |_| any = true);
                any
            }
            (Rules::Corner(game), State::Corner(m, n)) => {
                corner_targets(game, m, n).next().is_some()
            }
            (_, State::Count(count)) => count > 0,
            (_, State::Cells(cells)) => !cells.available.is_empty(),
            (_, State::Vertices(in_play)) => !in_play.is_empty(),
            (_, State::Board(_)) => true,
            _ => unreachable!("a corner part belongs to a corner game"),
        }
    }

    /// The most moves `part` can last.
    fn longest_play(&self, part: &Part) -> u64 {
        match part.state {
            // A move on a heap takes a token, or (digit 4, 8 or 12 before the point) splits it
            // without taking one: at most one of each per token, and only the games with such
            // a digit have the second kind (nim and most octal games last a move a token).
            State::Count(count) => match &self.families[usize::from(part.key.family)] {
                Rules::Heap(rule) if rule.digit(0) != 0 => 2 * u64::from(count),
                _ => u64::from(count),
            },
            // Each move removes a row or column of one board, at least one cell, and may split
            // it: a board lasts at most one move a cell.
            State::Board(board) => (board.rows * board.cols) as u64,
            // Each step lowers some a·m + b·n with a, b ≥ 0 (the rule every corner game is
            // checked against), so a piece makes at most (m + 1)(n + 1) steps.
            State::Corner(m, n) => (u64::from(m) + 1) * (u64::from(n) + 1),
            State::Cells(cells) => cells.available.len() as u64,
            State::Vertices(in_play) => in_play.len() as u64,
        }
    }

    /// Calls `visit` with the parts each move on `part` leaves in its place (none, one or
    /// several, not sorted). Different moves may leave the same parts.
    pub fn for_each_option(&self, part: &Part, mut visit: impl FnMut(&mut Parts)) {
        let family = part.key.family;
        let mut left = Vec::new();
        match (&self.families[usize::from(family)], part.state) {
            (Rules::Nim, State::Count(count)) => {
                for smaller in 0..count {
                    left.clear();
                    if smaller > 0 {
                        left.push(count_part(family, smaller));
                    }
                    visit(&mut left);
                }
            }
            (Rules::Heap(rule), State::Count(heap)) => {
                rule.for_each_option(heap as usize, |heaps| {
                    left.clear();
                    left.extend(heaps.iter().map(|&h| count_part(family, h as u32)));
                    left.retain(|part| self.has_moves(part));
                    visit(&mut left);
                });
            }
            (Rules::Kayles2d, State::Board(board)) => {
                for boards in self.kayles_2d.options(board) {
                    left.clear();
                    left.extend(boards.into_iter().map(|b| board_part(family, b)));
                    visit(&mut left);
                }
            }
            (Rules::Corner(game), State::Corner(m, n)) => {
                for (m, n) in corner_targets(game, m, n) {
                    left.clear();
                    let part = Part {
                        key: PartKey::new(family, Shape::Pair(m, n)),
                        state: State::Corner(m, n),
                    };
                    if self.has_moves(&part) {
                        left.push(part);
                    }
                    visit(&mut left);
                }
            }
            (Rules::Placement(placement), State::Cells(cells)) => {
                placement.1.for_each_option(&cells, |after| {
                    left.clear();
                    self.split(family, State::Cells(after), &mut left);
                    visit(&mut left);
                });
            }
            (Rules::Graph(graph), State::Vertices(in_play)) => {
                graph.1.for_each_option(&in_play, |after| {
                    left.clear();
                    self.split(family, State::Vertices(after), &mut left);
                    visit(&mut left);
                });
            }
            _ => unreachable!("a part's state belongs to its family"),
        }
    }

    /// The position after the Node Kayles move on `vertex` of `graph` in `parts`: the
    /// component that holds it loses the vertex and its neighbours. `None` when no part of
    /// `parts` is a component of `graph` holding `vertex` (it is out of play).
    #[must_use]
    pub fn take_vertex(&self, parts: &[Part], graph: &Graph, vertex: usize) -> Option<Parts> {
        let family = self
            .families
            .iter()
            .position(|rules| matches!(rules, Rules::Graph(known) if known.0 == *graph))?;
        let family = u16::try_from(family).ok()?;
        let Rules::Graph(known) = &self.families[usize::from(family)] else {
            return None;
        };
        let index = parts.iter().position(|part| {
            part.key.family == family
                && matches!(part.state, State::Vertices(set) if set.contains(vertex))
        })?;
        let State::Vertices(component) = parts[index].state else {
            return None;
        };
        let mut after: Parts = parts[..index].to_vec();
        after.extend_from_slice(&parts[index + 1..]);
        let left = component.without(known.1.closed_neighbourhood(vertex));
        self.split(family, State::Vertices(left), &mut after);
        sort(&mut after);
        Some(after)
    }

    /// A Nim heap of `size`, for positions with Nim heaps added (the genus adds `*2`s).
    pub fn nim_heap(&mut self, size: u32) -> Part {
        let family = self.family(Rules::Nim);
        count_part(family, size)
    }
}

/// Sorts `parts` by key: the canonical order of a position.
pub fn sort(parts: &mut Parts) {
    parts.sort_unstable_by_key(Part::key);
}

fn count_part(family: u16, size: u32) -> Part {
    Part {
        key: PartKey::new(family, Shape::Count(size)),
        state: State::Count(size),
    }
}

fn board_part(family: u16, board: Rectangle) -> Part {
    let (short, long) = (board.rows.min(board.cols), board.rows.max(board.cols));
    Part {
        key: PartKey::new(family, Shape::Pair(short as u32, long as u32)),
        state: State::Board(board),
    }
}

/// Where the corner piece at `(m, n)` may go.
fn corner_targets(game: &CornerGame, m: u32, n: u32) -> impl Iterator<Item = (u32, u32)> {
    game.targets(m as usize, n as usize)
        .into_iter()
        .map(|(m, n)| (m as u32, n as u32))
}
