// Playing on the Play tab. The page knows no game's rules: the library lists the moves of the
// position shown (the request `moves`), each with the game it leaves (`after`, and for a graph
// `after_graph`), and chooses the computer's move (`play`); a move, the person's or the
// computer's, is played by taking the game it leaves as the game of the next request.

import { $, parseBoard, showError, sleep } from './common.js';
import { JobFailed, ask, cancelJob, guarded, runningJobs, supersede } from './api.js';
import {
  play, families, limits, classroom, computerToMove, drawn, gameOver, onSquares, other,
  oversized, partlySettled, personToMove, playForm, shownKey, toMove,
} from './state.js';
import { playerName, readModes } from './modes.js';
import { actions } from './actions.js';
import { pieceLetter } from './board.js';
import { springLayout } from './graph-layout.js';
import { renderPlay } from './play-view.js';

// The form's game in `position`, for the library to read: pieces on a board as
// `knights 5x5 torus at N..../...` (the empty board without `at`; dominoes on a board the same,
// without a surface or lines: `cram 3x4 at ##../..../....`), a game on a graph as the
// graph the request sends (`graph sent`), any other game as its name and its position
// (`kayles 3 4 5`, `corner-knight 7 9`), the form's when none is given. This is the game as
// the person typed or set it up; from there on every game comes from the library's answers.
function typedGame(position) {
  if (drawn('graph')) return `${play.name} sent`;
  if (!onSquares()) return `${play.name} ${position === undefined ? play.args : position}`;
  const words = [play.name, play.args];
  if (drawn('board') && play.surface !== 'rectangle') words.push(play.surface);
  if (drawn('board') && play.rays !== 'through') words.push(play.rays);
  if (position !== undefined) words.push('at', position);
  return words.join(' ');
}

// What is drawn of a game typed in the form until its answer comes: the empty board of the
// size typed, the heaps or the corner's square as typed.
function typedPosition() {
  if (!onSquares()) return play.args;
  const board = parseBoard(play.args);
  return board ? Array(board.rows).fill('.'.repeat(board.cols)).join('/') : '';
}

// A request about the game shown, under the convention played: `question` is `moves`,
// `value` or `play`.
function gameRequest(question) {
  const request = { question, game: play.game };
  if (play.graph !== null) request.graph = play.graph;
  if (play.misere) request.convention = 'misere';
  return request;
}

// The analysis of the position shown: every move, its value and the game it leaves.
async function analyse() {
  const key = shownKey();
  if (play.known.has(key)) {
    play.analysis = play.known.get(key);
  } else {
    // A search that takes a while shows the new position in neutral colours, labelled as
    // being worked out, instead of the colours of the position before.
    play.analysis = null;
    const pending = setTimeout(renderPlay, 300);
    try {
      // A game whose searches may be long (any game under misère play) is analysed within a
      // time: on a board too hard to solve the moves come back with what was settled, and the
      // game goes on.
      const request = Object.assign(gameRequest('moves'), { all: true });
      if (play.form.timed || play.misere) request.seconds = limits.analysisSeconds;
      play.analysis = await ask(request, 'play');
    } finally {
      clearTimeout(pending);
    }
    play.known.set(key, play.analysis);
  }
  play.position = play.analysis.position;
  // A game on a graph: the answer lists the graph's vertices and edges, which are drawn; each
  // vertex keeps the place it has in the game's first position drawn.
  if (play.analysis.graph) {
    play.drawing = play.analysis.graph;
    if (!play.graphLayout) play.graphLayout = springLayout(play.drawing);
  }
  if (onSquares() && play.plies === 0) {
    play.startFirst = play.analysis.to_move === 'first';
  }
  // A position too hard to judge in the time is too hard for its genus too.
  if (play.misere && play.analysis.genus === undefined && !partlySettled(play.analysis)) askGenus(play.analysis);
}

// Misère play: the genus of the position shown, which the moves report has not (a value
// request finds it, for positions small enough). Asked beside the game, not before it: the
// board is played on meanwhile, and the genus is drawn when it comes, kept with the position's
// analysis. A newer position's request cancels an older one's.
async function askGenus(analysis) {
  try {
    const report = await ask(gameRequest('value'), 'genus');
    analysis.genus = report.genus || null;
    if (play.analysis === analysis) renderPlay();
  } catch (error) {
    // Cancelled, stopped at the server's limit or replaced: the page plays on without it.
  }
}

// Analyses the position shown and draws it; the computer moves if it is its turn, unless the
// position is one stepped back to (it waits until a move is played there).
async function refresh() {
  play.retry = null;
  await analyse();
  renderPlay();
  if (!gameOver() && computerToMove() && play.future.length === 0) await computerMove();
}

// The game shown, as a history entry keeps it.
function shownGame() {
  return { game: play.game, graph: play.graph, position: play.position };
}

function showGame({ game, graph, position }) {
  play.game = game;
  play.graph = graph;
  play.position = position;
}

// Plays `move` as an answer listed it, by `by`: the game shown becomes the one it leaves,
// whose position is `position` when an answer typed it (the computer's), else unknown until
// its analysis comes. The moves stepped back over are gone, since the game now goes another
// way.
function recordMove(move, by, position = null) {
  play.history.push(Object.assign(shownGame(), { plies: play.plies, by, notation: move.move, move }));
  play.future = [];
  showGame({ game: move.after, graph: move.after_graph === undefined ? null : move.after_graph, position });
  play.plies += 1;
  play.hint = false;
}

async function computerMove() {
  play.retry = null;
  const side = toMove();
  const request = Object.assign(gameRequest('play'), { opponent: play.opponent, seed: play.seed + play.plies });
  // A game whose searches may be long is one the computer may run out of thinking time on.
  if (play.form.timed) request.seconds = limits.thinkingSeconds;
  const reply = await ask(request, 'play');
  // Out of thinking time the report has no move, only its name (`played`): the analysis of
  // the position lists it, with the game it leaves.
  const move = (reply.moves && reply.moves[0]) || play.analysis.moves.find((listed) => listed.move === reply.played);
  if (!move || move.after === undefined) throw new Error(`the computer played ${reply.played}, which the moves listed have not`);
  recordMove(move, 'computer', reply.position);
  // Out of thinking time the computer says what it knew when it played.
  const note = /out of time/.test(reply.played_by) ? ` (${reply.played_by})` : '';
  $('message').textContent = `the computer (${side}) played ${reply.played}${note}`;
  await refresh();
}

export function humanMove(move) {
  // Refused its side, the computer leaves the person no move to make (`personToMove`).
  if (play.busy || play.replacing > 0 || gameOver() || !personToMove()) return;
  // With two players each move is said with its player's name.
  const by = play.mode === 'two' ? playerName(toMove()) : 'you';
  recordMove(move, by);
  $('message').textContent = `${by} played ${move.move}`;
  busyWhile(refresh);
}

// The Play tab is marked busy (`aria-busy`) while the game's work runs or a task waits to
// replace it, for assistive technology and for whoever waits for the page to settle.
function markBusy() {
  if (play.busy || play.replacing > 0) $('play').setAttribute('aria-busy', 'true');
  else $('play').removeAttribute('aria-busy');
}

// The game's work, one task at a time.
async function busyWhile(task) {
  if (play.busy) return;
  play.busy = true;
  markBusy();
  try {
    await guarded(async () => {
      try {
        await task();
      } catch (error) {
        backToAnswered();
        throw error;
      }
    });
  } finally {
    play.busy = false;
    markBusy();
  }
}

// `task` as the game's work once the work still running (for the position being left) is
// cancelled; the tab stays marked busy from the moment it is asked, with no gap between the
// old work's end and the new work's start in which the page would look settled on the old.
// `current` says, once the old work has ended, whether the task is still wanted (a newer game
// asked meanwhile replaces this one, whose task is then dropped).
async function replacingRunning(task, current = () => true) {
  play.replacing += 1;
  markBusy();
  try {
    await cancelRunning();
  } finally {
    play.replacing -= 1;
  }
  if (!current()) {
    markBusy();
    return undefined;
  }
  return busyWhile(task);
}

// How many new games were asked for: the latest one asked is the one started.
let newGames = 0;

// After Cancel or an error, the game goes back to the last position whose moves the library
// answered (the moves played since are taken back), drawn as it was with its player to move,
// so it can be played on. What was stopped is not started again at once: "Computer's move"
// asks for the computer's move again, "Work out the moves" for the moves of a position none
// were answered for (a new game cancelled).
function backToAnswered() {
  const before = play.history.length;
  while (!play.known.has(shownKey()) && play.history.length > 0) restore(play.history.pop());
  play.analysis = play.known.get(shownKey()) || null;
  if (play.analysis) play.position = play.analysis.position;
  play.retry = null;
  if (!play.analysis) {
    play.retry = 'moves';
    $('message').textContent = 'the moves of this position were not worked out: "Work out the moves" asks again';
  } else if (!gameOver() && computerToMove() && play.future.length === 0) {
    play.retry = 'computer';
    $('message').textContent = `the computer (${toMove()} player) is to move: "Computer's move" asks it again`;
  } else if (play.history.length < before) {
    $('message').textContent = 'back to the position before your move: play on from here';
  }
  renderPlay();
}

function readPlayForm() {
  play.family = $('play-family').value;
  play.form = playForm(play.family);
  play.name = $('play-game').value.trim();
  play.args = $('play-args').value.trim();
  play.surface = $('play-surface').value || 'rectangle';
  play.rays = $('play-rays').value || 'through';
  play.opponent = $('play-opponent').value;
  play.human = $('play-side').value;
  play.misere = $('play-misere').checked;
  readModes();
}

// Cancels the work running for the page, if any, and waits until the game is free again.
async function cancelRunning() {
  // The genus asked beside the game is of a position being left too.
  supersede('genus');
  // The work may go on to a next job (the computer's move after the moves) before it hears
  // of the cancel: each job it starts is cancelled too, until it has ended.
  const cancelled = new Set();
  const cancelPlay = () => {
    const id = runningJobs.get('play');
    if (id === undefined || cancelled.has(id)) return Promise.resolve();
    cancelled.add(id);
    return cancelJob(id);
  };
  await cancelPlay();
  while (play.busy) {
    await sleep(20);
    cancelPlay();
  }
}

// A new game: the form's (`start` undefined), the form's in a position typed or set up
// (`{ position }`: the board's rows, heaps, a corner's square, a graph's edges), or one a
// link names as the library wrote it (`{ game, graph, position }`), after `plies` moves.
//
// `replay`, from a link: the game before its first move (`game`, `graph`, `plies`) and its
// moves (`notation`, `by`), each taken from the library's list of the moves of the position
// it is played in, so the game opens with its move list, Back and who played each move.
export async function newGame(start = {}, plies = 0, replay = null) {
  // A game too large for the library is refused before anything of it is drawn; the game
  // shown stays as it was, its search still running, and can be played on.
  const tooLarge = oversized(playForm($('play-family').value), $('play-args').value.trim(), start.position);
  if (tooLarge) {
    showError(tooLarge);
    return undefined;
  }
  // A new game replaces the old one, even while the old one is still being searched, and a
  // newer new game replaces this one (two links given in quick succession).
  newGames += 1;
  const asked = newGames;
  return replacingRunning(async () => {
    $('setup-mode').checked = false;
    readPlayForm();
    if (drawn('graph')) {
      const graph = start.graph === undefined ? $('play-edges').value : start.graph;
      showGame({ game: start.game || typedGame(), graph, position: '' });
    } else {
      const position = start.position === undefined ? typedPosition() : start.position;
      showGame({ game: start.game || typedGame(start.position), graph: null, position });
    }
    play.drawing = null;
    play.graphLayout = null;
    play.plies = plies;
    play.startFirst = true;
    play.history = [];
    play.future = [];
    play.known = new Map();
    play.analysis = null;
    play.piece = null;
    play.hint = false;
    play.retry = null;
    play.refused = null;
    $('message').textContent = '';
    if (replay) await replayMoves(replay);
    renderPlay();
    const before = play.history.length;
    await refresh();
    // Playing first, the computer has just moved, or been refused.
    if (play.history.length === before) await checkComputerSide();
  }, () => asked === newGames);
}

// The symmetry opponent is checked for the side it takes, as `grundy play` checks it before
// the first move: when a game starts and when the sides are swapped or the computer comes
// back into a game, with the computer not to move (to move, it moves or is refused at once).
// Where its family's strategies do not win for that side from the position shown, the
// library refuses it (an `input` error), naming the side that has one, and the person's moves in
// that position wait for a new game or the sides swapped (`play.refused`), as the command
// line plays none. A check that did not finish (cancelled, the server busy) blocks nothing:
// the computer's move is then refused at its turn if it must be.
async function checkComputerSide() {
  play.refused = null;
  if (play.opponent !== 'symmetry' || play.mode === 'two' || gameOver() || computerToMove()) return;
  try {
    await ask(Object.assign(gameRequest('play'), { opponent: play.opponent, side: 'second' }), 'play');
  } catch (error) {
    if (error instanceof JobFailed && error.kind === 'input') {
      play.refused = { key: shownKey(), message: error.message };
    }
    throw error;
  }
}

// Plays a link's moves from the game before the first, as the library lists them; a move the
// library does not list there ends the replay with a message, the game kept up to it.
async function replayMoves(replay) {
  showGame({ game: replay.game, graph: replay.graph, position: null });
  play.plies = replay.plies;
  for (const [index, { notation, by }] of replay.moves.entries()) {
    await analyse();
    const move = play.analysis.moves.find((listed) => listed.move === notation);
    if (!move || move.after === undefined) {
      throw new Error(`the link's move ${index + 1}, ${notation}, is not one of the moves of its position: the game is opened up to it`);
    }
    recordMove(move, by === 'computer' || play.mode !== 'two' ? by : playerName(toMove()));
    // Nothing of a position passed through is shown as the game's: the value line waits for
    // the position the link names.
    play.analysis = null;
  }
}

$('play-form').addEventListener('submit', (event) => {
  event.preventDefault();
  newGame();
});


// A family chosen: the form takes the game and arguments it starts with, and shows the fields
// of its drawing (a board's surface and lines; a graph's edges in place of arguments).
$('play-family').addEventListener('change', () => {
  const form = playForm($('play-family').value);
  $('play-game').value = form.game;
  $('play-args').value = form.arguments;
  $('play-args-label').textContent = form.arguments_label;
  const board = form.drawing === 'board';
  const graph = form.drawing === 'graph';
  for (const element of document.querySelectorAll('.board-only')) element.hidden = !board;
  for (const element of document.querySelectorAll('.squares-only')) element.hidden = !board && form.drawing !== 'dominoes';
  for (const element of document.querySelectorAll('.graph-only')) element.hidden = !graph;
  for (const element of document.querySelectorAll('.args-only')) element.hidden = graph;
  updateOpponentChoice();
  fillGameNames();
});

function fillGameNames() {
  const family = families.get($('play-family').value);
  const list = family ? family.games : [];
  $('game-names').replaceChildren(...list.map((name) => {
    const option = document.createElement('option');
    option.value = name;
    return option;
  }));
}

// The families the symmetry opponent plays, as their play forms name them: `a or b`.
function withSymmetry() {
  const labels = [...families.values()].filter((family) => family.play && family.play.symmetry).map((family) => family.play.label);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}` : labels.join('');
}

// The symmetry opponent plays where the catalogue says a symmetry strategy may apply (the
// families whose play form has `symmetry`), under normal play only: mirror play makes the
// last move, which wins normal play and loses misère play (the server refuses it there).
export function updateOpponentChoice() {
  const symmetry = $('play-opponent').querySelector('option[value="symmetry"]');
  const form = playForm($('play-family').value);
  const applies = Boolean(form && form.symmetry);
  const misere = $('play-misere').checked;
  symmetry.disabled = !applies || misere;
  symmetry.textContent = misere ? 'symmetry (not under misère play)' : 'symmetry';
  const why = !applies
    ? `the symmetry strategies are for ${withSymmetry()}`
    : misere ? 'no symmetry opponent under misère play: mirror play makes the last move, which loses' : '';
  symmetry.title = why;
  $('play-opponent').title = symmetry.disabled ? `symmetry: ${why}` : '';
  if (symmetry.disabled && $('play-opponent').value === 'symmetry') $('play-opponent').value = 'perfect';
}

// The convention applies at once, to the position shown: its moves are asked again under it
// (or taken from those already seen), and the computer plays on under it.
$('play-misere').addEventListener('change', async () => {
  updateOpponentChoice();
  if ($('setup-mode').checked) {
    // Setting up, nothing is searched: the pieces are drawn again in the new convention.
    await cancelRunning();
    play.misere = $('play-misere').checked;
    renderPlay();
    return;
  }
  replacingRunning(async () => {
    play.misere = $('play-misere').checked;
    if (play.misere && play.opponent === 'symmetry') play.opponent = 'perfect';
    // The symmetry opponent is not played under misère play, nor after it: its refusal goes.
    play.refused = null;
    play.hint = false;
    // Short: the rules beside the board now end as this convention ends.
    $('message').textContent = play.misere ? 'Switched to misère play.' : 'Switched to normal play.';
    await refresh();
  });
});

$('play-classroom').addEventListener('change', () => {
  if (classroom()) {
    play.hint = false;
    $('message').textContent = '';
  }
  renderPlay();
});

$('play-reveal').addEventListener('click', () => {
  $('play-classroom').checked = false;
  renderPlay();
});

$('play-hint').addEventListener('click', () => {
  if (classroom()) return;
  play.hint = true;
  const winning = play.analysis ? play.analysis.moves.filter((move) => move.winning) : [];
  let text = 'no winning move: every move leads to a position the opponent wins';
  if (winning.length) text = `winning moves: ${winning.map((move) => move.move).join(', ')}`;
  else if (play.analysis && play.analysis.outcome !== 'P') text = `no winning move found in ${limits.analysisSeconds} s`;
  $('message').textContent = text;
  renderPlay();
});

$('play-values').addEventListener('change', renderPlay);

// Goes back to the game a history entry was played in.
function restore(entry) {
  showGame(entry);
  play.plies = entry.plies;
}

$('play-undo').addEventListener('click', () => busyWhile(async () => {
  play.future = [];
  while (play.history.length > 0) {
    const entry = play.history.pop();
    restore(entry);
    if (entry.by !== 'computer') break;
  }
  $('message').textContent = 'move taken back';
  // With only the computer's opening to take back, it plays again.
  await refresh();
}));

// Stepping through the game: Back shows the position a move earlier, Forward a move later, the
// review any move's (`moves`: the moves played up to the position to show). The computer waits
// in a position stepped back to; a move played there ends the moves after it.
function step(direction) {
  return goToMove(play.history.length + direction);
}

export async function goToMove(moves) {
  if (moves < 0 || moves > play.history.length + play.future.length || moves === play.history.length) return;
  // A search still running is for the position being left.
  return replacingRunning(async () => {
    while (play.history.length > moves) {
      const entry = play.history.pop();
      play.future.push(Object.assign({ after: shownGame() }, entry));
      restore(entry);
    }
    while (play.history.length < moves) {
      const entry = play.future.pop();
      showGame(entry.after);
      delete entry.after;
      play.history.push(entry);
      play.plies = entry.plies + 1;
    }
    play.hint = false;
    const total = play.history.length + play.future.length;
    $('message').textContent = play.future.length === 0
      ? `the position now, after move ${total}`
      : `after move ${play.history.length} of ${total}: Forward for the next, or play a move here to go another way`;
    await refresh();
  });
}

$('play-back').addEventListener('click', () => step(-1));
$('play-forward').addEventListener('click', () => step(1));

// Page Up and Page Down step (a presenter's remote sends them), and so do the left and right
// arrows outside the board (where they move the focus) and outside the fields of the forms.
document.addEventListener('keydown', (event) => {
  if ($('play').hidden || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target.closest && target.closest('input, textarea, select')) return;
  const direction = { PageUp: -1, PageDown: 1, ArrowLeft: -1, ArrowRight: 1 }[event.key];
  if (direction === undefined) return;
  // On the board the arrows move the focus; Page Up and Page Down step there too.
  const onBoard = Boolean(target.closest && target.closest('#board'));
  if (onBoard && event.key.startsWith('Arrow')) return;
  event.preventDefault();
  step(direction);
});

// What Cancel (or an error) stopped, asked for again: the computer's move, or the moves of
// the position shown.
$('play-retry').addEventListener('click', () => busyWhile(async () => {
  const stopped = play.retry;
  play.retry = null;
  if (stopped === 'computer') await computerMove();
  else if (stopped === 'moves') await refresh();
}));

$('play-swap').addEventListener('click', () => busyWhile(async () => {
  play.refused = null;
  play.human = other(play.human);
  $('play-side').value = play.human;
  $('message').textContent = `you now play ${play.human}`;
  await refresh();
  await checkComputerSide();
}));

// Setting up by clicking: a click puts the chosen piece on an empty square or takes a piece
// off (on a board of dominoes covers a square, `#`, or frees it); the library checks the
// position when play starts from it.
export function toggleSetupPiece(row, col) {
  const rows = play.position.split('/');
  const current = rows[row - 1][col - 1];
  const mark = drawn('dominoes') ? '#' : pieceLetter(play.name.includes('+') && play.piece ? play.piece : play.name);
  const next = current === '.' ? mark : '.';
  rows[row - 1] = rows[row - 1].slice(0, col - 1) + next + rows[row - 1].slice(col);
  play.position = rows.join('/');
  play.hint = false;
  renderPlay();
  $('message').textContent = 'setting up: click squares, then uncheck to play from this position';
}

$('setup-mode').addEventListener('change', async () => {
  if (!$('setup-mode').checked) {
    newGame({ position: play.position });
    return;
  }
  await cancelRunning();
  // A move whose position was not answered (its search cancelled) is taken back: the position
  // set up is one the answers typed.
  if (play.position === null && play.history.length > 0) restore(play.history.pop());
  renderPlay();
});

$('setup-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const position = $('setup-position').value.trim();
  // An empty Position sets up the game of the form as it starts (an empty board).
  newGame(drawn('graph') ? { graph: $('play-edges').value } : position ? { position } : {});
});

actions.humanMove = humanMove;
actions.toggleSetupPiece = toggleSetupPiece;
actions.updateOpponentChoice = updateOpponentChoice;
actions.goToMove = goToMove;
// A mode changed (modes.js): against the computer, it plays on if it is its turn.
actions.continueGame = () => busyWhile(async () => {
  play.refused = null;
  await refresh();
  await checkComputerSide();
});
