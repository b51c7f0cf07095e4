// The game on the Play tab: what the library answered about it, and what the person chose.

import { $ } from './common.js';

// The families of games as the library's catalogue lists them (`/api/games`), by their name:
// each with its rules, its named games and what each is, the questions (`commands`) its games
// answer, and, for those the Play tab offers, `play`: the game and arguments its form starts
// with, how a position is drawn (`drawing`: a `board` of squares, `dominoes` laid on one,
// `heaps`, a `corner` square, a `graph`), whether the computer may play by symmetry and whether
// its searches are given a time. The page knows no family by name: it reads these.
export const families = new Map();

// How a game ends under each convention (`normal`, `misere`), said after any family's rules.
export const endings = {};

// The name of the first family the Play tab offers whose positions are drawn as `drawing`.
export function familyDrawn(drawing) {
  for (const [name, family] of families) {
    if (family.play && family.play.drawing === drawing) return name;
  }
  return null;
}

// How the Play tab offers the family `name`, or null for one it does not offer.
export function playForm(name) {
  const family = families.get(name);
  return (family && family.play) || null;
}

export const play = {
  // The board's square that takes the keyboard's focus.
  focus: { row: 1, col: 1 },
  // The game as chosen in the form, read when a game starts: its family and how the page
  // offers it (its catalogue entry's `play`), its name, its arguments (a board, heaps, a
  // corner square), a board's surface and ray rule.
  family: '',
  form: null,
  name: '',
  args: '',
  surface: 'rectangle',
  rays: 'through',
  opponent: 'perfect',
  human: 'first',
  // Who plays (modes.js): `computer`, the person against the computer, or `two`, two players
  // (or two teams) taking turns on one screen, each called by the name the teacher typed.
  mode: 'computer',
  names: { first: 'Player 1', second: 'Player 2' },
  // Misère play: whoever makes the last move loses; every game request says so.
  misere: false,
  // The game in the position shown as the library writes it (the `after` of the move that led
  // here, `knights 5x5 at N..../...`, `kayles 3 2`, `corner-knight 1 5`, `graph sent`): the
  // `game` of every request about it. A game played on a graph has its graph beside it, the
  // edge list the library wrote (`after_graph`), sent as the request's `graph`.
  game: '',
  graph: null,
  // The position as the answers type it (`N..../.....`, `3 2`, `1 5`), which is drawn; null
  // from a move of the person's until the answer about the position it leads to comes.
  position: '',
  startFirst: true,
  plies: 0,
  // The moves up to the position shown, each with the game before it and the move as the
  // answer listed it; and the moves stepped back over (Back), nearest last, each with the
  // game after it too.
  history: [],
  future: [],
  analysis: null,
  // The analyses of the positions seen in this game, by the request's game: stepping back and
  // forth asks nothing twice.
  known: new Map(),
  piece: null,
  // The letter that marks each named piece in a position, and any other leaper's, as the
  // catalogue gives them: a position set up by clicking is written with them.
  pieceLetters: {},
  leaperLetter: '',
  // Node Kayles: the graph of the last answer (its vertices and edges by name), drawn until
  // the answer about the next position comes; and where each vertex of the first position
  // answered is drawn (springLayout).
  drawing: null,
  graphLayout: null,
  hint: false,
  busy: false,
  // Tasks waiting for the game's work still running to be cancelled (play.js,
  // `replacingRunning`): the game on screen is about to be replaced, so the address is not
  // written with it, nor a move played in it.
  replacing: 0,
  // What Cancel or an error stopped, which the page waits to be asked for again:
  // 'computer' (its move), 'moves' (the moves of the position shown), or null.
  retry: null,
  // The library's refusal of the symmetry opponent for the side it took (play.js,
  // checkComputerSide), with the key of the position it was refused in (`analysisKey`): the
  // person's moves there wait for a new game or the sides swapped.
  refused: null,
  seed: 1,
};

// How long the computer may think about a move: well within the server's limit on one
// request, so that on a board too large to solve it still answers, with the best move it
// found, rather than the request being stopped with no move. And how long the moves of a
// position are worked out before the board is shown with what is known: a student waits for
// it before each move. Both follow the server's limit (readLimits), as does the largest graph
// an answer draws.
// The library's bounds on a board's squares and a corner game's coordinates come from the
// server too: a game typed past them is refused before one square of it is drawn.
export const limits = {
  thinkingSeconds: 20, analysisSeconds: 10, maxDrawnVertices: 144, maxBoardSquares: 512, maxCornerCoordinate: 5000,
};

export async function readLimits() {
  const server = await (await fetch('/api/limits')).json();
  limits.thinkingSeconds = Math.max(1, Math.min(20, Math.floor(server.max_seconds / 3)));
  limits.analysisSeconds = Math.max(1, Math.min(10, Math.floor(server.max_seconds / 6)));
  limits.maxDrawnVertices = server.max_drawn_vertices;
  limits.maxBoardSquares = server.max_board_squares;
  limits.maxCornerCoordinate = server.max_corner_coordinate;
}

// Why the position `position` (a board's rows, or a corner piece's square) of a game of the
// Play tab's family `form` (its catalogue entry's `play`), whose arguments are `args`, cannot be drawn, or null when it can: a board of more squares
// than the library takes, or a square off its grid, would freeze the page drawing it (a
// 1000x1000 board is a million squares), and the server refuses it anyway. Said with the
// library's limit, as its own message says it.
export function oversized(form, args, position) {
  const drawing = form && form.drawing;
  if (drawing === 'corner') {
    const words = String(position === undefined ? args : position).trim().split(/\s+/);
    const over = words.find((word) => /^\d+$/.test(word) && Number(word) > limits.maxCornerCoordinate);
    return over === undefined ? null
      : `coordinate ${over} is off the grid: a corner game's square is two whole numbers from 0 to ${limits.maxCornerCoordinate.toLocaleString('en')}, such as 7 9`;
  }
  if (drawing !== 'board' && drawing !== 'dominoes') return null;
  // The board's rows when a position is given, else the size typed (`1000x1000`).
  const rows = position ? position.split('/') : null;
  const typed = /^\s*(\d+)\s*x\s*(\d+)/i.exec(args);
  if (!rows && !typed) return null;
  const height = rows ? rows.length : Number(typed[1]);
  const width = rows ? Math.max(...rows.map((row) => row.length)) : Number(typed[2]);
  const squares = height * width;
  if (squares <= limits.maxBoardSquares) return null;
  const side = Math.floor(Math.sqrt(limits.maxBoardSquares));
  return `board size ${height}x${width} has ${squares.toLocaleString('en')} squares: at most ${limits.maxBoardSquares} are allowed (${side}x${side} is the largest square board)`;
}

export function other(player) {
  return player === 'first' ? 'second' : 'first';
}

// Who made the move after `plies` moves of this game.
export function playerAfter(plies) {
  return (plies % 2 === 0) === play.startFirst ? 'first' : 'second';
}

export function toMove() {
  // On a board the position says whose turn it is (a position set up may have either to move).
  if (onSquares() && play.analysis) return play.analysis.to_move;
  return playerAfter(play.plies);
}

// Whether a person moves in the position shown: always with two players on one screen,
// else when it is the person's turn against the computer and the computer has not been
// refused the other side there (`refusedHere`).
export function personToMove() {
  return play.mode === 'two' || (toMove() === play.human && !refusedHere());
}

// Whether the computer was refused its side in the position shown: the board is drawn with
// no move to make until a new game or the sides are swapped.
export function refusedHere() {
  return Boolean(play.refused && play.refused.key === shownKey());
}

// Whether the computer makes the move of the position shown.
export function computerToMove() {
  return play.mode !== 'two' && toMove() !== play.human;
}

// The key of a position's analysis among those seen in this game (`known`).
export function analysisKey(misere, game, graph) {
  return [misere ? 'misere' : 'normal', game, graph || ''].join('\n');
}

// The key of the position shown among the analyses seen.
export function shownKey() {
  return analysisKey(play.misere, play.game, play.graph);
}

export function gameOver() {
  return Boolean(play.analysis && play.analysis.legal_moves === 0);
}

// Whether the position shown is analysed under misère play: its report says so (and has no
// nim-values); before it comes, the switch does.
export function misereShown() {
  return play.analysis ? play.analysis.convention === 'misere' : play.misere;
}

// Whether the analysis shown is only what the time given settled (a board too hard to solve).
export function partlySettled(analysis) {
  return Boolean(analysis && analysis.moves_unsettled);
}

// Classroom mode hides the values, the outcome and the hints (a class plays without them and
// they are revealed at the end); who has won is still said when the game is over.
export function classroom() {
  return $('play-classroom').checked;
}

export function showingValues() {
  return $('play-values').checked && !classroom();
}

// The position to draw and the move not yet in it: the position the answers typed, or, from a
// move of the person's until the answer about the position it leads to comes, the position
// before it with that move (whose square, corner or heap the answer that listed it names).
export function drawnPosition() {
  if (play.position !== null) return { position: play.position, move: null };
  const last = play.history[play.history.length - 1];
  return last ? { position: last.position || '', move: last.move } : { position: '', move: null };
}

// Whether the game played is drawn as `drawing` (`board`, `dominoes`, `heaps`, `corner`,
// `graph`).
export function drawn(drawing) {
  return Boolean(play.form && play.form.drawing === drawing);
}

// Whether the game played is drawn on a board of squares, with pieces or dominoes on it: its
// position is the board's rows, written after `at`, set up by clicking, and it says whose turn
// it is.
export function onSquares() {
  return drawn('board') || drawn('dominoes');
}
