// The grundy page: plain JavaScript, no framework, nothing loaded from elsewhere. Every answer
// comes from the server's jobs API, which answers the library's typed requests
// (`{"question": "value", "game": "knights 5x5"}`) as `grundy worker` does (docs/WEB.md).
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

function svgElement(tag, attributes, parent) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    element.setAttribute(name, value);
  }
  if (tag === 'svg' && attributes && attributes.width && attributes.height && !attributes.viewBox) {
    // A picture drawn in pixels scales down to a narrow screen (style.css: max-width 100%).
    element.setAttribute('viewBox', `0 0 ${attributes.width} ${attributes.height}`);
  }
  if (parent) parent.appendChild(element);
  return element;
}

// The smallest a square may be drawn on a touch screen, in CSS pixels: a fingertip's width.
const TOUCH_SIZE = 40;

// A board of `cell`-pixel squares keeps them TOUCH_SIZE wide on a phone: style.css gives its
// picture this least width there, and the board scrolls sideways in its box rather than
// shrinking its squares under a finger.
function keepTouchSize(svg, cell) {
  svg.style.setProperty('--touch-width', `${Math.ceil((Number(svg.getAttribute('width')) * TOUCH_SIZE) / cell)}px`);
}

function svgText(parent, x, y, text, attributes) {
  const element = svgElement('text', Object.assign({ x, y }, attributes || {}), parent);
  element.textContent = text;
  return element;
}

// The colours of the library's pictures (crates/grundy/src/picture/mod.rs): 0 is white,
// larger values run through hues so that neighbours differ.
function valueColour(value) {
  if (value === 0) return '#ffffff';
  return `hsl(${(value * 137) % 360}, 65%, 60%)`;
}

// Column letters as the command line writes squares: a..z, aa, ab, ...
function columnLetters(index) {
  let number = index + 1;
  let letters = '';
  while (number > 0) {
    letters = String.fromCharCode(97 + ((number - 1) % 26)) + letters;
    number = Math.floor((number - 1) / 26);
  }
  return letters;
}

function squareName(row, col) {
  return columnLetters(col - 1) + row;
}

// A nim-value as written, `?` for one the time given did not find.
function nimberText(value) {
  if (value === undefined || value === null) return '?';
  return value === 0 ? '0' : `*${value}`;
}

// Misère play has no nim-values to colour a move by: a move is winning or losing. Winning is
// the green the winning moves are framed in, lightened; losing a grey blue, apart from the
// pinks of attacked squares.
const MISERE_COLOURS = { winning: '#9fd49a', losing: '#b8c2d4' };

// A move on a board too hard to solve in the time given may be left without a value: known to
// lose (the misère grey blue, also "the opponent then wins"), or not searched to the end.
const UNSETTLED_COLOUR = '#dedede';

// Whether the position shown is analysed under misère play: its report says so (and has no
// nim-values); before it comes, the switch does.
function misereShown() {
  return play.analysis ? play.analysis.convention === 'misere' : play.misere;
}

// A move's colour and its value in words, under the convention played: the nim-value it leads
// to under normal play, winning or losing under misère play (whose reports have no nim-value).
function moveColour(move) {
  if (move.winning === undefined) return UNSETTLED_COLOUR;
  if (misereShown()) return move.winning ? MISERE_COLOURS.winning : MISERE_COLOURS.losing;
  if (move.nimber === undefined) return move.winning === false ? MISERE_COLOURS.losing : UNSETTLED_COLOUR;
  return valueColour(move.nimber);
}

function moveValueText(move) {
  if (move.winning === undefined) return 'not worked out in time';
  if (misereShown()) return move.winning ? 'winning' : 'losing';
  if (move.nimber === undefined) return move.winning === false ? 'losing, value not found in time' : 'not worked out in time';
  return nimberText(move.nimber);
}

// What a free square's label says of its move: the value it leads to, or whether it wins.
function moveState(move) {
  if (move.winning === undefined) return 'a move not worked out in time';
  if (misereShown()) return `a ${moveValueText(move)} move`;
  if (move.nimber === undefined) {
    return move.winning === false ? 'a losing move, its value not found in time' : 'a move not worked out in time';
  }
  return `leads to ${nimberText(move.nimber)}`;
}

// Whether the analysis shown is only what the time given settled (a board too hard to solve).
function partlySettled(analysis) {
  return Boolean(analysis && analysis.moves_unsettled);
}

function parseBoard(text) {
  const match = /^\s*(\d+)\s*x\s*(\d+)\s*$/i.exec(text);
  return match ? { rows: Number(match[1]), cols: Number(match[2]) } : null;
}

// ---- Asking the server: every request is a job, so long ones show progress and can be
// cancelled, and the page stays responsive while they run. Each view (play, table, sequence,
// tour, graph) has at most one job: a newer request of a view cancels the older one, whose
// answer is dropped rather than drawn over the newer view's.

const runningJobs = new Map(); // view -> job id

// Thrown by `ask` when a newer request of the same view replaced its job: nothing to show.
class Superseded extends Error {}

function cancelJob(id) {
  // keepalive: the cancel still reaches the server when the page is going away.
  return fetch(`/api/jobs/${id}`, { method: 'DELETE', keepalive: true }).catch(() => {});
}

function showError(message) {
  const box = $('error');
  box.textContent = message || '';
  box.hidden = !message;
}

// What a running job has done so far, for people: seconds, positions, first moves, cells.
function progressParts(job) {
  const progress = job.progress || {};
  const parts = [`${job.seconds.toFixed(1)} s`];
  if (progress.positions_searched !== undefined) {
    parts.push(`${progress.positions_searched.toLocaleString()} positions searched`);
  }
  if (progress.first_moves_total) {
    parts.push(`first moves settled ${progress.first_moves_settled}/${progress.first_moves_total}`);
  }
  if (progress.cells_total) {
    const counted = job.request.question === 'table' ? 'cells' : 'done';
    parts.push(`${counted} ${progress.cells_finished}/${progress.cells_total}`);
  }
  return parts;
}

function showWork(job, view) {
  $('work-text').textContent = [`${job.request.question} ${job.state}`, ...progressParts(job)].join(' · ');
  $('work').hidden = false;
  if (view === 'play') showComputing(job);
}

// The Play tab's own word on a search that takes a while: what is being worked out, how far
// it came, and a Cancel beside the board (on a phone the header's is far away).
function showComputing(job) {
  const what = job.request.question === 'play'
    ? 'The computer is thinking about its move'
    : `Working out the moves and their values${job.request.seconds === undefined ? '' : ` (at most ${job.request.seconds} s)`}`;
  $('computing-text').textContent = `${what}… ${progressParts(job).join(' · ')}`;
  const progress = job.progress || {};
  const bar = $('computing-progress');
  if (progress.first_moves_total) {
    bar.max = progress.first_moves_total;
    bar.value = progress.first_moves_settled;
  } else {
    bar.removeAttribute('value');
  }
  $('computing').hidden = false;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function ask(request, view = request.question) {
  const older = runningJobs.get(view);
  if (older !== undefined) {
    runningJobs.delete(view);
    cancelJob(older);
  }
  const started = await fetch('/api/jobs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  let job = await started.json();
  if (!started.ok) throw new Error(job.error);
  if (runningJobs.has(view)) {
    // A newer request of this view started while this one was being sent.
    cancelJob(job.id);
    throw new Superseded();
  }
  runningJobs.set(view, job.id);
  const quietUntil = Date.now() + 400;
  let delay = 15;
  try {
    while (job.state === 'queued' || job.state === 'running') {
      if (Date.now() > quietUntil) showWork(job, view);
      await sleep(delay);
      delay = Math.min(delay * 2, 250);
      if (runningJobs.get(view) !== job.id) throw new Superseded();
      const response = await fetch(`/api/jobs/${job.id}`);
      job = await response.json();
      if (!response.ok) throw new Error(job.error);
    }
    if (runningJobs.get(view) !== job.id) throw new Superseded();
  } finally {
    if (runningJobs.get(view) === job.id) runningJobs.delete(view);
    if (runningJobs.size === 0) $('work').hidden = true;
    if (!runningJobs.has('play')) $('computing').hidden = true;
  }
  if (job.state === 'done') return job.result;
  if (job.result) {
    // Stopped early (the time limit, Cancel): a table or sequence keeps what it finished.
    showError(job.error);
    return job.result;
  }
  throw new Error(job.error || job.state);
}

$('work-cancel').addEventListener('click', () => {
  for (const id of runningJobs.values()) cancelJob(id);
});

$('computing-cancel').addEventListener('click', () => {
  const id = runningJobs.get('play');
  if (id !== undefined) cancelJob(id);
});

// Leaving or reloading the page cancels its jobs, so the next page does not wait behind them.
window.addEventListener('pagehide', () => {
  for (const id of runningJobs.values()) cancelJob(id);
});

// Runs `task`, showing its error instead of throwing.
async function guarded(task) {
  showError('');
  try {
    await task();
  } catch (error) {
    if (!(error instanceof Superseded)) showError(error.message);
  }
}

// ---- Tabs

let shownTab = 'play';

function showTab(name) {
  shownTab = name;
  for (const button of document.querySelectorAll('#tabs button')) {
    button.classList.toggle('active', button.dataset.tab === name);
  }
  for (const section of document.querySelectorAll('.tab')) {
    section.hidden = section.id !== name;
  }
  updateLink();
}

for (const button of document.querySelectorAll('#tabs button')) {
  button.addEventListener('click', () => showTab(button.dataset.tab));
}

// ---- The catalogue of games fills the choices.

async function loadCatalogue() {
  const response = await fetch('/api/games');
  const catalogue = await response.json();
  const names = {};
  for (const family of catalogue.families) {
    names[family.family] = family.games;
    play.rules[family.family] = { rules: family.rules, descriptions: family.descriptions || {} };
  }
  const fill = (id, list) => {
    $(id).replaceChildren(...list.map((name) => {
      const option = document.createElement('option');
      option.value = name;
      return option;
    }));
  };
  fill('piece-names', names.placement);
  fill('heap-names', names.heap);
  fill('table-names', names.placement.concat(names.corner));
  play.names = names;
  fillGameNames();
  for (const id of ['play-surface', 'table-surface']) {
    $(id).replaceChildren(...catalogue.surfaces.map((surface) => new Option(surface, surface)));
  }
  $('play-rays').replaceChildren(...catalogue.rays.map((rule) => new Option(rule, rule)));
}

function fillGameNames() {
  const list = (play.names && play.names[$('play-family').value]) || [];
  $('game-names').replaceChildren(...list.map((name) => {
    const option = document.createElement('option');
    option.value = name;
    return option;
  }));
}

// ---- Play

const PIECE_LETTERS = { knights: 'N', bishops: 'B', rooks: 'R', queens: 'Q', kings: 'K' };
const DEFAULT_ARGS = {
  placement: ['knights', '5x5', 'Board'],
  heap: ['kayles', '3 4 5', 'Heaps'],
  corner: ['corner-knight', '7 9', 'Square M N'],
  graph: ['graph', '', 'Edges'],
};

const play = {
  names: null,
  // By family: its rules, and what each named game is.
  rules: {},
  // The board's square that takes the keyboard's focus.
  focus: { row: 1, col: 1 },
  family: 'placement',
  game: 'knights',
  args: '5x5',
  surface: 'rectangle',
  rays: 'through',
  opponent: 'perfect',
  human: 'first',
  // Misère play: whoever makes the last move loses; every game request says so.
  misere: false,
  position: '',
  startFirst: true,
  plies: 0,
  // The moves up to the position shown, each with the position before it; and the moves
  // stepped back over (Back), nearest last, each with the position after it too.
  history: [],
  future: [],
  analysis: null,
  // The analyses of the positions seen in this game, by the request's game: stepping back and
  // forth asks nothing twice.
  known: new Map(),
  piece: null,
  // Node Kayles: where each vertex of the first position is drawn (springLayout).
  graphLayout: null,
  hint: false,
  busy: false,
  seed: 1,
};

function other(player) {
  return player === 'first' ? 'second' : 'first';
}

// The game in its current position, as a request names it: `knights 5x5 torus at N..../...`,
// `kayles 3 4 5`, `corner-knight 7 9`.
function gameText() {
  if (play.family === 'placement') {
    const rules = [];
    if (play.surface !== 'rectangle') rules.push(play.surface);
    if (play.rays !== 'through') rules.push(play.rays);
    return [play.game, play.args, ...rules, 'at', play.position].join(' ');
  }
  return [play.game, ...play.position.split(/\s+/).filter((word) => word !== '')].join(' ');
}

// A graph's edge list (`u v` a line, a lone name a vertex, `#` comments): its vertices in
// order of appearance and its edges.
function parseEdges(text) {
  const vertices = [];
  const seen = new Set();
  const edges = [];
  const vertex = (name) => {
    if (!seen.has(name)) {
      seen.add(name);
      vertices.push(name);
    }
  };
  for (const line of text.split('\n')) {
    const tokens = line.replace(/#.*/, '').trim().split(/\s+/).filter((token) => token !== '');
    tokens.forEach(vertex);
    if (tokens.length === 2 && tokens[0] !== tokens[1]) edges.push(tokens);
  }
  return { vertices, edges };
}

// The graph after a move on `chosen`: it and its neighbours are gone.
function graphAfter(text, chosen) {
  const { vertices, edges } = parseEdges(text);
  const gone = new Set([chosen]);
  for (const [u, v] of edges) {
    if (u === chosen) gone.add(v);
    if (v === chosen) gone.add(u);
  }
  const lines = [];
  const touched = new Set();
  for (const [u, v] of edges) {
    if (!gone.has(u) && !gone.has(v)) {
      lines.push(`${u} ${v}`);
      touched.add(u);
      touched.add(v);
    }
  }
  for (const name of vertices) {
    if (!gone.has(name) && !touched.has(name)) lines.push(name);
  }
  return lines.join('\n');
}

function emptyPosition() {
  if (play.family === 'graph') return $('play-edges').value;
  if (play.family === 'placement') {
    const board = parseBoard(play.args);
    if (!board) throw new Error(`board \`${play.args}\` is not ROWSxCOLS, such as 5x5`);
    return Array(board.rows).fill('.'.repeat(board.cols)).join('/');
  }
  return play.args.trim();
}

function toMove() {
  if (play.family === 'placement' && play.analysis) return play.analysis.to_move;
  return (play.plies % 2 === 0) === play.startFirst ? 'first' : 'second';
}

function gameOver() {
  return play.analysis && play.analysis.legal_moves === 0;
}

// A request about the game shown, under the convention played: `question` is `moves`,
// `value` or `play`.
function gameRequest(question) {
  const request = play.family === 'graph'
    ? { question, game: 'graph sent', graph: play.position }
    : { question, game: gameText() };
  if (play.misere) request.convention = 'misere';
  return request;
}

// A position with no move left, which the page knows without asking: the player to move has
// lost under normal play and won under misère play (the other player made the last move);
// its genus is the empty game's.
function noMoveLeft() {
  if (play.misere) {
    return {
      convention: 'misere', outcome: 'N', legal_moves: 0, moves: [],
      genus: { text: '0^120', normal: 0, misere: [1, 2, 0, 2, 0, 2, 0, 2] },
    };
  }
  return { nimber: 0, outcome: 'P', legal_moves: 0, moves: [] };
}

// The analysis of the position shown: every move and its value.
async function analyse() {
  const key = `${play.misere ? 'misere' : 'normal'}\n${play.family === 'graph' ? `graph\n${play.position}` : gameText()}`;
  if (play.known.has(key)) {
    play.analysis = play.known.get(key);
  } else if (play.family === 'graph' && parseEdges(play.position).vertices.length === 0) {
    play.analysis = noMoveLeft();
  } else if (play.family === 'heap' && play.position.trim() === '') {
    // Every heap is gone: no move is left.
    play.analysis = noMoveLeft();
  } else {
    // A search that takes a while shows the new position in neutral colours, labelled as
    // being worked out, instead of the colours of the position before.
    play.analysis = null;
    const pending = setTimeout(renderPlay, 300);
    try {
      // A placement game (any game under misère play) is analysed within a time: on a board
      // too hard to solve the moves come back with what was settled, and the game goes on.
      const request = Object.assign(gameRequest('moves'), { all: true });
      if (play.family === 'placement' || play.misere) request.seconds = analysisSeconds;
      play.analysis = await ask(request, 'play');
    } finally {
      clearTimeout(pending);
    }
    play.known.set(key, play.analysis);
  }
  if (play.family === 'placement' && play.plies === 0) {
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
  await analyse();
  renderPlay();
  if (!gameOver() && toMove() !== play.human && play.future.length === 0) await computerMove();
}

// The heaps after a heap move: heap `move.heap` (from 1) replaced by what the move leaves,
// sizes (`to`) or, in two-dimensional Kayles, boards (`to_boards`).
function heapsAfter(move) {
  const heaps = play.position.split(/\s+/).filter((word) => word !== '');
  const left = (move.to_boards || move.to).map(String);
  heaps.splice(move.heap - 1, 1, ...left);
  return heaps.filter((heap) => heap !== '0').join(' ');
}

function positionAfter(move) {
  if (play.family === 'placement') {
    const rows = play.position.split('/');
    const letter = play.game.includes('+')
      ? move.move.slice(0, move.move.length - move.square.length)
      : (PIECE_LETTERS[play.game] || 'L');
    const row = rows[move.row - 1];
    rows[move.row - 1] = row.slice(0, move.col - 1) + letter + row.slice(move.col);
    return rows.join('/');
  }
  if (play.family === 'heap') return heapsAfter(move);
  if (play.family === 'graph') return graphAfter(play.position, move.vertex);
  return `${move.corner[0]} ${move.corner[1]}`;
}

// Records a move played in the position shown, which leads to `after`: the moves stepped
// back over are gone, since the game now goes another way.
function recordMove(notation, by, after) {
  play.history.push({ position: play.position, plies: play.plies, by, notation });
  play.future = [];
  play.position = after;
  play.plies += 1;
  play.hint = false;
}

function makeMove(move, by) {
  recordMove(move.move, by, positionAfter(move));
}

// How long the computer may think about a move: well within the server's limit on one
// request, so that on a board too large to solve it still answers, with the best move it
// found, rather than the request being stopped with no move.
let thinkingSeconds = 20;

// How long the moves of a position are worked out before the board is shown with what is
// known: a student waits for it before each move.
let analysisSeconds = 10;

async function readLimits() {
  const limits = await (await fetch('/api/limits')).json();
  thinkingSeconds = Math.max(1, Math.min(20, Math.floor(limits.max_seconds / 3)));
  analysisSeconds = Math.max(1, Math.min(10, Math.floor(limits.max_seconds / 6)));
}

async function computerMove() {
  const side = toMove();
  let note = '';
  if (play.family === 'placement') {
    const reply = await ask(Object.assign(gameRequest('play'), {
      opponent: play.opponent, seed: play.seed + play.plies, seconds: thinkingSeconds,
    }), 'play');
    recordMove(reply.played, 'computer', reply.position);
    // Out of thinking time the computer says what it knew when it played.
    if (/out of time/.test(reply.played_by)) note = ` (${reply.played_by})`;
  } else {
    if (play.opponent === 'symmetry') {
      throw new Error('the symmetry strategies are for placement games: choose perfect or random');
    }
    const moves = play.analysis.moves;
    let move = play.opponent === 'perfect' ? moves.find((m) => m.winning) : null;
    if (!move) {
      // No winning move known: perfect play takes one not shown to lose if there is one.
      const open = moves.filter((m) => m.winning !== false);
      const pool = play.opponent === 'perfect' && open.length > 0 ? open : moves;
      move = pool[Math.floor(Math.random() * pool.length)];
      if (play.opponent === 'perfect' && partlySettled(play.analysis)) note = ' (out of time: no winning move found)';
    }
    makeMove(move, 'computer');
  }
  $('message').textContent = `the computer (${side}) played ${play.history[play.history.length - 1].notation}${note}`;
  await refresh();
}

function humanMove(move) {
  if (play.busy || gameOver() || toMove() !== play.human) return;
  makeMove(move, 'you');
  $('message').textContent = `you played ${move.move}`;
  busyWhile(refresh);
}

async function busyWhile(task) {
  if (play.busy) return;
  play.busy = true;
  try {
    await guarded(task);
  } finally {
    play.busy = false;
  }
}

function readPlayForm() {
  play.family = $('play-family').value;
  play.game = $('play-game').value.trim();
  play.args = $('play-args').value.trim();
  play.surface = $('play-surface').value || 'rectangle';
  play.rays = $('play-rays').value || 'through';
  play.opponent = $('play-opponent').value;
  play.human = $('play-side').value;
  play.misere = $('play-misere').checked;
}

// Cancels the work running for the page, if any, and waits until the game is free again.
async function cancelRunning() {
  // The genus asked beside the game is of a position being left too.
  const genus = runningJobs.get('genus');
  if (genus !== undefined) {
    runningJobs.delete('genus');
    cancelJob(genus);
  }
  const id = runningJobs.get('play');
  if (id !== undefined) await cancelJob(id);
  while (play.busy) await sleep(20);
}

async function newGame(position, plies = 0) {
  // A new game replaces the old one, even while the old one is still being searched.
  await cancelRunning();
  $('setup-mode').checked = false;
  return busyWhile(async () => {
    readPlayForm();
    play.position = position === undefined ? emptyPosition() : position;
    play.graphLayout = play.family === 'graph' ? springLayout(parseEdges(play.position)) : null;
    play.plies = plies;
    play.startFirst = true;
    play.history = [];
    play.future = [];
    play.known = new Map();
    play.analysis = null;
    play.piece = null;
    play.hint = false;
    $('message').textContent = '';
    renderPlay();
    await refresh();
  });
}

// Classroom mode hides the values, the outcome and the hints (a class plays without them and
// they are revealed at the end); who has won is still said when the game is over.
function classroom() {
  return $('play-classroom').checked;
}

function showingValues() {
  return $('play-values').checked && !classroom();
}

function renderStatus() {
  const analysis = play.analysis;
  const hidden = classroom();
  $('play-hint').disabled = hidden;
  $('play-values').disabled = hidden;
  $('play-reveal').hidden = !hidden;
  const mover = toMove();
  const you = (player) => (player === play.human ? 'you' : 'the computer');
  $('to-move').textContent = analysis ? `${mover} player to move (${you(mover)})` : '';
  renderValue(analysis, hidden);
  renderHistory();
  if (!analysis) {
    $('outcome').textContent = '';
    return;
  }
  const winner = analysis.outcome === 'N' ? mover : other(mover);
  if (!analysis.outcome && !gameOver()) {
    $('outcome').textContent = hidden ? '' : `who wins was not found in ${analysisSeconds} s`;
    return;
  }
  if (gameOver()) {
    $('outcome').textContent = `${analysis.outcome}: game over, ${you(winner)} won`;
    // Whoever has no move left has lost normal play and won misère play.
    if (!misereShown()) {
      $('message').textContent = winner === play.human
        ? 'The computer has no move left: you win!'
        : 'You have no move left: the computer wins.';
    } else {
      $('message').textContent = winner === play.human
        ? 'You have no move left: the computer made the last move, so you win (misère play: the last mover loses)!'
        : 'The computer has no move left: you made the last move, so the computer wins (misère play: the last mover loses).';
    }
  } else if (hidden) {
    $('outcome').textContent = '';
  } else {
    const verb = winner === play.human ? 'win' : 'wins';
    $('outcome').textContent = `${analysis.outcome}: ${you(winner)} (${winner} player) ${verb} with perfect play`;
  }
}

// The value line: the nim-value under normal play; under misère play, which has none, who
// wins and the genus when it is known (Winning Ways writes it g with the γs raised).
function renderValue(analysis, hidden) {
  const misere = misereShown();
  $('value-name').textContent = misere ? 'misère play:' : 'nim-value';
  const value = $('nimber');
  const genus = $('genus');
  genus.hidden = true;
  genus.replaceChildren();
  if (!analysis) {
    value.textContent = '?';
  } else if (hidden) {
    value.textContent = 'hidden';
  } else if (!misere && analysis.nimber === undefined) {
    value.textContent = analysis.outcome === 'N' ? 'not 0 (not found in time)' : '? (not found in time)';
  } else if (!misere) {
    value.textContent = nimberText(analysis.nimber);
  } else if (!analysis.outcome) {
    value.textContent = 'who wins was not found in time';
  } else {
    value.textContent = `the player to move ${analysis.outcome === 'N' ? 'wins' : 'loses'}`;
    if (analysis.genus) {
      // `2^1420`, or with terms of 10 or more `3^{12,3}`: the γs are raised.
      const [normal, gammas] = analysis.genus.text.split('^');
      const raised = document.createElement('sup');
      raised.textContent = (gammas || '').replace(/^\{|\}$/g, '');
      const text = document.createElement('b');
      text.append(normal, raised);
      genus.append('genus ', text);
      genus.dataset.genus = analysis.genus.text;
      genus.title = `normal-play nim-value ${analysis.genus.normal}; misère nim-values with 0, 1, 2, ... heaps of 2 beside it: ${analysis.genus.misere.join(', ')}`;
      genus.hidden = false;
    }
  }
}

// The moves so far, those stepped back over greyed after them; Back and Forward step through.
function renderHistory() {
  const item = (entry, state) => {
    const element = document.createElement('li');
    element.textContent = `${entry.by}: ${entry.notation}`;
    element.className = state;
    return element;
  };
  const shown = play.history.map((entry) => item(entry, 'played'));
  if (shown.length > 0) shown[shown.length - 1].setAttribute('aria-current', 'step');
  const ahead = play.future.slice().reverse().map((entry) => item(entry, 'future'));
  $('history').replaceChildren(...shown, ...ahead);
  $('play-back').disabled = play.history.length === 0;
  $('play-forward').disabled = play.future.length === 0;
  $('setup-position').value = play.family === 'graph' ? '' : play.position;
}

// The legend of the board: its squares, the moves' colours when shown (`moves`, or null), the
// winning moves' frame, and under misère play what it means.
function renderLegend(moves) {
  const legend = $('legend');
  legend.replaceChildren();
  const add = (swatch, text, frame) => {
    const row = document.createElement('div');
    const box = document.createElement('span');
    box.className = 'swatch';
    box.style.background = swatch;
    if (frame) box.style.outline = '3px solid green';
    row.append(box, text);
    legend.appendChild(row);
  };
  if (play.family === 'placement') {
    add('#f0ead8', 'free square');
    add('#f2b8b5', 'attacked or occupied: no piece may go there');
    add(PLAYER_COLOURS.first, "a piece the first player put down");
    add(PLAYER_COLOURS.second, "a piece the second player put down");
  }
  const misere = misereShown();
  if (moves && misere) {
    add(MISERE_COLOURS.winning, 'a winning move: the opponent then loses');
    add(MISERE_COLOURS.losing, 'a losing move: the opponent then wins');
    if (moves.some((move) => move.winning === undefined)) {
      add(UNSETTLED_COLOUR, `a move not worked out in ${analysisSeconds} s`);
    }
  } else if (moves) {
    const values = moves.map((move) => move.nimber).filter((value) => value !== undefined);
    for (const value of [...new Set(values)].sort((a, b) => a - b)) {
      add(valueColour(value), `the move leads to nim-value ${nimberText(value)}`);
    }
    if (moves.some((move) => move.nimber === undefined && move.winning === false)) {
      add(MISERE_COLOURS.losing, `a losing move whose value was not found in ${analysisSeconds} s`);
    }
    if (moves.some((move) => move.nimber === undefined && move.winning === undefined)) {
      add(UNSETTLED_COLOUR, `a move not worked out in ${analysisSeconds} s`);
    }
  }
  if (moves || play.hint) add('transparent', misere ? 'winning move (leaves a lost position)' : 'winning move (leads to 0)', true);
  if (moves && partlySettled(play.analysis)) {
    const row = document.createElement('p');
    row.className = 'legend-note';
    row.dataset.testid = 'partly-settled';
    const without = misere ? 'whether they win' : 'their value';
    row.textContent = `This position is too hard to solve in ${analysisSeconds} s: ${play.analysis.moves_unsettled} of ${play.analysis.legal_moves} moves are shown without ${without}. Play on: the computer answers with the best move it finds in its time.`;
    legend.appendChild(row);
  }
  if (misere) {
    const note = (text) => {
      const row = document.createElement('p');
      row.className = 'legend-note';
      row.textContent = text;
      legend.appendChild(row);
    };
    note('Misère play: whoever makes the last move loses, so a player left with no move wins. Misère positions have no nim-values that add up, so a move is shown only as winning or losing.');
    if (play.analysis && play.analysis.genus && !classroom()) {
      note('The genus g^γ₀γ₁…: g is the normal-play nim-value, γₖ the misère nim-value with k heaps of 2 beside the position (γ₀ = 0: the player to move loses).');
    }
  }
}

// ---- A link to the game on screen: the game, its position, the moves made so far (whose turn
// it is) and the computer's side and strategy live in the address's fragment, kept current as
// the game goes on, so a teacher can send the class the position everyone is looking at.

const LINKED = { family: 'play-family', game: 'play-game', args: 'play-args', surface: 'play-surface', rays: 'play-rays', opponent: 'play-opponent', human: 'play-side' };

// The other views: the tab on screen and its form's values as last drawn (keyed by the
// fields' ids, `table-rows=1-8`), so that a link opens the same table, plot, tour or graph.
const VIEW_FORMS = { table: 'table-form', sequence: 'sequence-form', tour: 'tour-form', graph: 'graph-form' };
const drawnForms = {};

function formValues(view) {
  return [...$(VIEW_FORMS[view]).querySelectorAll('input[id], select[id]')].map((field) => (
    [field.id, field.type === 'checkbox' ? (field.checked ? '1' : '0') : field.value]));
}

function updateLink() {
  const params = new URLSearchParams();
  for (const key of Object.keys(LINKED)) params.set(key, play[key]);
  params.set('position', play.position);
  params.set('plies', String(play.plies));
  if (classroom()) params.set('classroom', '1');
  if (play.misere) params.set('convention', 'misere');
  if (shownTab !== 'play') {
    params.set('view', shownTab);
    for (const [id, value] of drawnForms[shownTab] || []) params.set(id, value);
  }
  history.replaceState(null, '', `#${params}`);
}

// Draws `view` from its form, keeping the form's values for the link.
function drawView(view, draw) {
  drawnForms[view] = formValues(view);
  updateLink();
  return guarded(draw);
}

// The view the address names, its form filled in and drawn; false when it names none.
function viewOfLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const view = params.get('view');
  if (!Object.prototype.hasOwnProperty.call(VIEW_FORMS, view)) return false;
  let filled = false;
  for (const [id] of formValues(view)) {
    if (!params.has(id)) continue;
    const field = $(id);
    if (field.type === 'checkbox') field.checked = params.get(id) === '1';
    else field.value = params.get(id);
    filled = true;
  }
  showTab(view);
  if (filled) $(VIEW_FORMS[view]).requestSubmit();
  return true;
}

// The game the address names, set in the form; returns its position and plies, or null.
function gameOfLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!Object.prototype.hasOwnProperty.call(DEFAULT_ARGS, params.get('family'))) return null;
  $('play-family').value = params.get('family');
  $('play-family').dispatchEvent(new Event('change'));
  for (const [key, id] of Object.entries(LINKED)) {
    if (key !== 'family' && params.has(key)) $(id).value = params.get(key);
  }
  const position = params.get('position');
  if (params.get('family') === 'graph' && position !== null) $('play-edges').value = position;
  $('play-classroom').checked = params.get('classroom') === '1';
  $('play-misere').checked = params.get('convention') === 'misere';
  updateOpponentChoice();
  const plies = Number(params.get('plies'));
  return { position: position === null ? undefined : position, plies: Number.isInteger(plies) && plies >= 0 ? plies : 0 };
}

// The rules of the game being played, in a paragraph beside the board.
function renderRules() {
  const family = play.rules[play.family];
  if (!family) return;
  const name = play.family === 'graph' ? '' : play.game;
  const what = family.descriptions[name];
  const rules = what ? `${family.rules} ${name}: ${what}.` : family.rules;
  $('play-rules').textContent = play.misere
    ? `${rules} Misère play: whoever makes the last move loses (so a player who cannot move wins).`
    : rules;
}

function renderPlay() {
  updateLink();
  renderRules();
  renderStatus();
  const container = $('board');
  const hadFocus = container.contains(document.activeElement);
  container.replaceChildren();
  container.classList.toggle('pending', !play.analysis);
  const analysis = play.analysis;
  if (play.family === 'placement') {
    renderPlacement(container, analysis);
    keepFocus(container, hadFocus);
  } else if (play.family === 'heap') renderHeaps(container, analysis);
  else if (play.family === 'graph') renderGraphGame(container, analysis);
  else renderCorner(container, analysis);
}

function renderPieceChoice(analysis) {
  const choice = $('piece-choice');
  choice.replaceChildren();
  if (!play.game.includes('+') || !analysis) return;
  const pieces = [...new Set(analysis.moves.map((move) => move.piece))];
  if (!pieces.includes(play.piece)) play.piece = pieces[0] || null;
  choice.append('Piece: ');
  for (const piece of pieces) {
    const label = document.createElement('label');
    const radio = document.createElement('input');
    radio.type = 'radio';
    radio.name = 'piece';
    radio.value = piece;
    radio.dataset.piece = piece;
    radio.checked = piece === play.piece;
    radio.addEventListener('change', () => {
      play.piece = piece;
      renderPlay();
    });
    label.append(radio, ` ${piece} `);
    choice.appendChild(label);
  }
}

// Who put down each piece of this game, and the last one put down: read from the history, each
// entry holding the position before its move (pieces set up before the game have no owner).
const PLAYER_COLOURS = { first: '#1f4e8c', second: '#a33a1f' };

function placementOwners() {
  const owners = new Map();
  let last = null;
  play.history.forEach((entry, index) => {
    const before = entry.position.split('/');
    const after = (index + 1 < play.history.length ? play.history[index + 1].position : play.position).split('/');
    const player = (entry.plies % 2 === 0) === play.startFirst ? 'first' : 'second';
    after.forEach((line, row) => {
      for (let col = 0; col < line.length; col += 1) {
        if (line[col] !== '.' && before[row] && before[row][col] === '.') {
          const name = squareName(row + 1, col + 1);
          owners.set(name, player);
          last = name;
        }
      }
    });
  });
  return { owners, last };
}

// ---- The keyboard on a board: one square takes the focus (Tab reaches it), the arrow keys
// move it, and Enter or Space plays there, as a click does.

function focusedSquare(rowCount, colCount) {
  play.focus.row = Math.min(Math.max(play.focus.row, 1), rowCount);
  play.focus.col = Math.min(Math.max(play.focus.col, 1), colCount);
  return squareName(play.focus.row, play.focus.col);
}

function boardKey(event, svg, rowCount, colCount) {
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (event.key in steps) {
    event.preventDefault();
    const [down, right] = steps[event.key];
    const before = svg.querySelector(`[data-square="${focusedSquare(rowCount, colCount)}"]`);
    play.focus.row += down;
    play.focus.col += right;
    const after = svg.querySelector(`[data-square="${focusedSquare(rowCount, colCount)}"]`);
    if (before) before.setAttribute('tabindex', '-1');
    if (after) {
      after.setAttribute('tabindex', '0');
      after.focus();
    }
  } else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    const square = svg.querySelector(`[data-square="${focusedSquare(rowCount, colCount)}"]`);
    if (square) square.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }
}

// After a redraw the focus goes back to the square that had it, if the board had it.
function keepFocus(container, hadFocus) {
  if (!hadFocus) return;
  const square = container.querySelector('[tabindex="0"][data-square]');
  if (square) square.focus();
}

function renderPlacement(container, analysis) {
  renderPieceChoice(analysis);
  const rows = play.position.split('/');
  const { owners, last } = placementOwners();
  const rowCount = rows.length;
  const colCount = rows[0].length;
  const cell = Math.max(16, Math.min(48, Math.floor(560 / Math.max(rowCount, colCount))));
  const margin = 28;
  const svg = svgElement('svg', {
    width: colCount * cell + margin + 8,
    height: rowCount * cell + margin + 8,
    'font-family': 'sans-serif',
    'font-size': Math.min(13, cell / 2.5),
    'data-testid': 'board',
  }, container);
  const moves = analysis ? analysis.moves : [];
  const several = play.game.includes('+');
  const shown = several ? moves.filter((move) => move.piece === play.piece) : moves;
  const bySquare = new Map(shown.map((move) => [move.square, move]));
  const anyPiece = new Set(moves.map((move) => move.square));
  const showValues = showingValues();
  const humanTurn = analysis && !gameOver() && toMove() === play.human;
  const settingUp = $('setup-mode').checked;
  for (let col = 1; col <= colCount; col += 1) {
    svgText(svg, margin + (col - 0.5) * cell, margin - 8, columnLetters(col - 1), { 'text-anchor': 'middle' });
  }
  for (let row = 1; row <= rowCount; row += 1) {
    const y = margin + (row - 1) * cell;
    svgText(svg, margin - 6, y + cell / 2 + 4, String(row), { 'text-anchor': 'end' });
    for (let col = 1; col <= colCount; col += 1) {
      const x = margin + (col - 1) * cell;
      const name = squareName(row, col);
      const letter = rows[row - 1][col - 1];
      const move = bySquare.get(name);
      const light = (row + col) % 2 === 0;
      let fill;
      // Until the moves are known (a search under way) every empty square is drawn free.
      if (letter !== '.' || (analysis && !anyPiece.has(name))) fill = light ? '#f2b8b5' : '#e39a96';
      else if (showValues && move) fill = moveColour(move);
      else fill = light ? '#f0ead8' : '#d9cfb4';
      const owner = letter !== '.' ? owners.get(name) : undefined;
      const state = letter !== '.'
        ? `${letter} of the ${owner || 'set-up'} ${owner ? 'player' : 'position'}`
        : move ? `free${showValues ? `, ${moveState(move)}` : ''}`
          : analysis ? 'attacked' : 'empty, its moves being worked out';
      const group = svgElement('g', {
        class: move && humanTurn ? 'square legal' : 'square',
        'data-square': name,
        role: 'button',
        'aria-label': `${name}: ${state}`,
        tabindex: name === focusedSquare(rowCount, colCount) ? '0' : '-1',
      }, svg);
      svgElement('rect', { x, y, width: cell, height: cell, fill }, group);
      if (move && move.winning && (showValues || play.hint)) {
        svgElement('rect', { x: x + 2, y: y + 2, width: cell - 4, height: cell - 4, fill: 'none', stroke: 'green', 'stroke-width': 3, 'data-winning': 'true' }, group);
      }
      if (letter !== '.') {
        const owner = owners.get(name);
        svgElement('circle', { cx: x + cell / 2, cy: y + cell / 2, r: cell / 3, fill: owner ? PLAYER_COLOURS[owner] : '#222222', 'data-owner': owner || 'set-up' }, group);
        if (name === last) {
          svgElement('rect', { x: x + 1.5, y: y + 1.5, width: cell - 3, height: cell - 3, fill: 'none', stroke: '#f0c040', 'stroke-width': 3, 'data-testid': 'last-move' }, group);
        }
        svgText(group, x + cell / 2, y + cell / 2 + 4, letter, { 'text-anchor': 'middle', fill: 'white', 'font-weight': 'bold' });
      } else if (showValues && move && !misereShown()) {
        svgText(group, x + cell - 3, y + cell - 4, nimberText(move.nimber), { 'text-anchor': 'end', 'font-size': Math.min(11, cell / 3) });
      }
      if (settingUp) {
        group.classList.add('legal');
        group.addEventListener('click', () => toggleSetupPiece(row, col));
      } else if (move) {
        group.addEventListener('click', () => humanMove(move));
      }
    }
  }
  svgElement('rect', { x: margin, y: margin, width: colCount * cell, height: rowCount * cell, fill: 'none', stroke: 'black' }, svg);
  keepTouchSize(svg, cell);
  svg.addEventListener('keydown', (event) => boardKey(event, svg, rowCount, colCount));
  renderLegend(showValues ? shown : null);
}

function renderHeaps(container, analysis) {
  $('piece-choice').replaceChildren();
  const heaps = play.position.split(/\s+/).filter((word) => word !== '');
  const moves = analysis ? analysis.moves : [];
  const showValues = showingValues();
  const humanTurn = analysis && !gameOver() && toMove() === play.human;
  const list = document.createElement('div');
  list.className = 'heaps';
  heaps.forEach((size, index) => {
    const heap = document.createElement('div');
    heap.className = 'heap';
    heap.dataset.heap = String(index + 1);
    const label = document.createElement('span');
    label.className = 'label';
    label.textContent = `${size}`;
    heap.appendChild(label);
    // A heap is a row of pins; a board of two-dimensional Kayles a grid of them.
    const board = parseBoard(size);
    const [rows, cols] = board ? [board.rows, board.cols] : [1, Number(size)];
    const pins = document.createElement('span');
    pins.className = 'pins';
    pins.style.gridTemplateColumns = `repeat(${Math.min(cols, 40)}, auto)`;
    for (let pin = 0; pin < Math.min(rows, 12) * Math.min(cols, 40); pin += 1) {
      const element = document.createElement('span');
      element.className = 'pin';
      pins.appendChild(element);
    }
    heap.appendChild(pins);
    if (rows > 12 || cols > 40) heap.append(' …');
    const buttons = document.createElement('span');
    buttons.className = 'heap-moves';
    for (const move of moves.filter((m) => m.heap === index + 1)) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.move = move.move;
      button.disabled = !humanTurn;
      button.textContent = showValues ? `${move.move} (${moveValueText(move)})` : move.move;
      if (move.winning && (showValues || play.hint)) button.classList.add('winning');
      if (showValues) button.style.background = moveColour(move);
      button.addEventListener('click', () => humanMove(move));
      buttons.appendChild(button);
    }
    heap.appendChild(buttons);
    list.appendChild(heap);
  });
  if (heaps.length === 0) list.textContent = 'no heaps left';
  container.appendChild(list);
  renderLegend(showValues ? moves : null);
}

function renderCorner(container, analysis) {
  $('piece-choice').replaceChildren();
  const [row, col] = play.position.trim().split(/\s+/).map(Number);
  if (!Number.isInteger(row) || !Number.isInteger(col)) {
    container.textContent = `a corner game's position is its piece's square, two numbers such as 7 9 (not \`${play.position.trim()}\`)`;
    return;
  }
  const moves = analysis ? analysis.moves : [];
  const targets = new Map(moves.map((move) => [`${move.corner[0]},${move.corner[1]}`, move]));
  const showValues = showingValues();
  const humanTurn = analysis && !gameOver() && toMove() === play.human;
  const rowCount = Math.max(row, ...moves.map((m) => m.corner[0])) + 1;
  const colCount = Math.max(col, ...moves.map((m) => m.corner[1])) + 1;
  const cell = Math.max(14, Math.min(40, Math.floor(520 / Math.max(rowCount, colCount))));
  const margin = 28;
  const svg = svgElement('svg', { width: colCount * cell + margin + 8, height: rowCount * cell + margin + 8, 'font-family': 'sans-serif', 'font-size': 11 }, container);
  for (let c = 0; c < colCount; c += 1) svgText(svg, margin + (c + 0.5) * cell, margin - 8, String(c), { 'text-anchor': 'middle' });
  for (let r = 0; r < rowCount; r += 1) {
    svgText(svg, margin - 6, margin + r * cell + cell / 2 + 4, String(r), { 'text-anchor': 'end' });
    for (let c = 0; c < colCount; c += 1) {
      const x = margin + c * cell;
      const y = margin + r * cell;
      const move = targets.get(`${r},${c}`);
      const group = svgElement('g', { class: move && humanTurn ? 'square legal' : 'square', 'data-square': `${r},${c}` }, svg);
      const fill = showValues && move ? moveColour(move) : ((r + c) % 2 === 0 ? '#f0ead8' : '#d9cfb4');
      svgElement('rect', { x, y, width: cell, height: cell, fill }, group);
      if (move && (showValues || play.hint) && move.winning) {
        svgElement('rect', { x: x + 2, y: y + 2, width: cell - 4, height: cell - 4, fill: 'none', stroke: 'green', 'stroke-width': 3 }, group);
      } else if (move && !showValues) {
        svgElement('circle', { cx: x + cell / 2, cy: y + cell / 2, r: cell / 8, fill: '#555' }, group);
      }
      if (move && showValues && !misereShown()) {
        // The value in figures too, not in colour alone (under misère play the frame says
        // which moves win).
        svgText(group, x + cell / 2, y + cell / 2 + 4, nimberText(move.nimber), { 'text-anchor': 'middle', 'data-testid': 'corner-value' });
      }
      if (r === row && c === col) {
        svgElement('circle', { cx: x + cell / 2, cy: y + cell / 2, r: cell / 3, fill: '#222222' }, group);
      }
      if (move) group.addEventListener('click', () => humanMove(move));
    }
  }
  svgElement('rect', { x: margin, y: margin, width: cell, height: cell, fill: 'none', stroke: 'crimson', 'stroke-width': 2 }, svg);
  keepTouchSize(svg, cell);
  renderLegend(showValues ? moves : null);
}

// ---- Node Kayles: a graph laid out by springs.

// A seeded generator (mulberry32): the same graph is laid out the same way every time.
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VERTEX_RADIUS = 16;

// How many pairs of edges cross in a layout (edges sharing an end do not count).
function crossings(links, x, y) {
  const side = (a, b, c) => Math.sign((x[b] - x[a]) * (y[c] - y[a]) - (y[b] - y[a]) * (x[c] - x[a]));
  let count = 0;
  for (let i = 0; i < links.length; i += 1) {
    const [a, b] = links[i];
    for (let j = i + 1; j < links.length; j += 1) {
      const [c, d] = links[j];
      if (a === c || a === d || b === c || b === d) continue;
      if (side(a, b, c) !== side(a, b, d) && side(c, d, a) !== side(c, d, b)) count += 1;
    }
  }
  return count;
}

// One run of the springs from a start drawn from `random`: edges pull their ends together,
// every two vertices push apart, a weak pull to the middle keeps the components near each
// other, and the moves shrink as the layout cools (Fruchterman and Reingold, 1991).
function springRun(count, links, random, onCircle) {
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const angle = (2 * Math.PI * i) / Math.max(1, count);
    x[i] = onCircle ? Math.cos(angle) + (random() - 0.5) * 0.2 : 2 * random() - 1;
    y[i] = onCircle ? Math.sin(angle) + (random() - 0.5) * 0.2 : 2 * random() - 1;
  }
  // The ideal edge length for `count` vertices in a 2 x 2 square.
  const ideal = Math.sqrt(4 / Math.max(1, count));
  const rounds = count > 400 ? 60 : 300;
  let temperature = 0.25;
  const dx = new Float64Array(count);
  const dy = new Float64Array(count);
  for (let round = 0; round < rounds; round += 1) {
    dx.fill(0);
    dy.fill(0);
    for (let i = 0; i < count; i += 1) {
      for (let j = i + 1; j < count; j += 1) {
        const ex = x[i] - x[j];
        const ey = y[i] - y[j];
        const push = (ideal * ideal) / Math.max(1e-6, ex * ex + ey * ey);
        dx[i] += ex * push;
        dy[i] += ey * push;
        dx[j] -= ex * push;
        dy[j] -= ey * push;
      }
    }
    for (const [a, b] of links) {
      const ex = x[a] - x[b];
      const ey = y[a] - y[b];
      const pull = Math.hypot(ex, ey) / ideal;
      dx[a] -= ex * pull;
      dy[a] -= ey * pull;
      dx[b] += ex * pull;
      dy[b] += ey * pull;
    }
    for (let i = 0; i < count; i += 1) {
      dx[i] -= 0.1 * x[i];
      dy[i] -= 0.1 * y[i];
      const length = Math.hypot(dx[i], dy[i]);
      if (length > 0) {
        const moved = Math.min(length, temperature);
        x[i] += (dx[i] / length) * moved;
        y[i] += (dy[i] / length) * moved;
      }
    }
    temperature = Math.max(0.002, temperature * 0.97);
  }
  return { x, y };
}

// Places the vertices of a graph by springs (springRun): a small graph from several starts, a
// fixed seed's, keeping the layout whose edges cross least, so a graph is drawn the same way
// on every screen. The layout is fitted to a square that grows with the graph, and vertices
// still closer than two radii are pushed apart. Returns the square's side and each vertex's
// centre.
function springLayout({ vertices, edges }) {
  const count = vertices.length;
  const index = new Map(vertices.map((name, i) => [name, i]));
  const links = edges.map(([u, v]) => [index.get(u), index.get(v)]);
  const random = seededRandom(1);
  const starts = count <= 60 ? 12 : 1;
  let best = null;
  for (let start = 0; start < starts; start += 1) {
    const run = springRun(count, links, random, start === 0);
    run.crossings = starts > 1 ? crossings(links, run.x, run.y) : 0;
    if (!best || run.crossings < best.crossings) best = run;
  }
  const { x, y } = best;
  // Fitted into a square with room for about 70 pixels a vertex across.
  const size = Math.max(420, Math.ceil(70 * Math.sqrt(count)));
  // Room for a vertex and the value written at its upper right.
  const margin = VERTEX_RADIUS + 20;
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i < count; i += 1) {
    [minX, maxX] = [Math.min(minX, x[i]), Math.max(maxX, x[i])];
    [minY, maxY] = [Math.min(minY, y[i]), Math.max(maxY, y[i])];
  }
  const scale = (size - 2 * margin) / Math.max(1e-9, maxX - minX, maxY - minY);
  const offsetX = (size - (maxX - minX) * scale) / 2;
  const offsetY = (size - (maxY - minY) * scale) / 2;
  const px = Array.from(x, (value) => offsetX + (value - minX) * scale);
  const py = Array.from(y, (value) => offsetY + (value - minY) * scale);
  const apart = 2 * VERTEX_RADIUS + 6;
  const clamp = (value) => Math.min(size - margin, Math.max(margin, value));
  for (let pass = 0; pass < 100; pass += 1) {
    let moved = false;
    for (let i = 0; i < count; i += 1) {
      for (let j = i + 1; j < count; j += 1) {
        let ex = px[i] - px[j];
        let ey = py[i] - py[j];
        let distance = Math.hypot(ex, ey);
        if (distance >= apart) continue;
        if (distance < 1e-6) {
          // The same point: part them in a direction of the seed's.
          const angle = 2 * Math.PI * random();
          [ex, ey, distance] = [Math.cos(angle), Math.sin(angle), 1];
        }
        const half = (apart - distance) / 2 + 0.5;
        px[i] = clamp(px[i] + (ex / distance) * half);
        py[i] = clamp(py[i] + (ey / distance) * half);
        px[j] = clamp(px[j] - (ex / distance) * half);
        py[j] = clamp(py[j] - (ey / distance) * half);
        moved = true;
      }
    }
    if (!moved) break;
  }
  return { size, place: new Map(vertices.map((name, i) => [name, [px[i], py[i]]])) };
}

function renderGraphGame(container, analysis) {
  $('piece-choice').replaceChildren();
  const { vertices, edges } = parseEdges(play.position);
  // Each vertex keeps its place of the first position, so the picture does not move as
  // vertices are taken; those gone are drawn faint.
  const layout = play.graphLayout || springLayout({ vertices, edges });
  const { size, place } = layout;
  const left = new Set(vertices);
  const moves = new Map((analysis ? analysis.moves : []).map((move) => [move.vertex, move]));
  const showValues = showingValues();
  const humanTurn = analysis && !gameOver() && toMove() === play.human;
  const r = VERTEX_RADIUS;
  const svg = svgElement('svg', { width: size, height: size, 'font-family': 'sans-serif', 'font-size': 12, 'data-testid': 'graph-game' }, container);
  for (const [name, [x, y]] of place) {
    if (left.has(name)) continue;
    svgElement('circle', { cx: x, cy: y, r, fill: 'none', stroke: '#bbb', 'stroke-dasharray': '3 3' }, svg);
    svgText(svg, x, y + 4, name, { 'text-anchor': 'middle', fill: '#bbb' });
  }
  for (const [u, v] of edges) {
    if (!place.has(u) || !place.has(v)) continue;
    const [x1, y1] = place.get(u);
    const [x2, y2] = place.get(v);
    svgElement('line', { x1, y1, x2, y2, stroke: '#555' }, svg);
  }
  for (const name of vertices) {
    if (!place.has(name)) continue;
    const [x, y] = place.get(name);
    const move = moves.get(name);
    const framed = move && move.winning && (showValues || play.hint);
    const group = svgElement('g', { class: move && humanTurn ? 'square legal' : 'square', 'data-vertex': name }, svg);
    // A finger's worth of target around the circle, drawn or not.
    svgElement('circle', { cx: x, cy: y, r: r + 8, fill: 'transparent', 'data-testid': 'touch-target' }, group);
    svgElement('circle', { cx: x, cy: y, r, fill: showValues && move ? moveColour(move) : '#f0ead8', stroke: framed ? 'green' : '#2f3b4a', 'stroke-width': framed ? 4 : 1, 'data-testid': 'vertex' }, group);
    svgText(group, x, y + 4, name, { 'text-anchor': 'middle' });
    if (showValues && move && !misereShown()) svgText(group, x + 18, y - 14, nimberText(move.nimber), { 'font-size': 11 });
    if (move) group.addEventListener('click', () => humanMove(move));
  }
  if (vertices.length === 0) svgText(svg, size / 2, size / 2, 'no vertices left', { 'text-anchor': 'middle' });
  renderLegend(showValues ? [...moves.values()] : null);
}

$('play-form').addEventListener('submit', (event) => {
  event.preventDefault();
  newGame();
});

$('play-family').addEventListener('change', () => {
  const [game, args, label] = DEFAULT_ARGS[$('play-family').value];
  $('play-game').value = game;
  $('play-args').value = args;
  $('play-args-label').textContent = label;
  const placement = $('play-family').value === 'placement';
  const graph = $('play-family').value === 'graph';
  for (const element of document.querySelectorAll('.placement-only')) element.hidden = !placement;
  for (const element of document.querySelectorAll('.graph-only')) element.hidden = !graph;
  for (const element of document.querySelectorAll('.args-only')) element.hidden = graph;
  updateOpponentChoice();
  fillGameNames();
});

// The symmetry opponent plays pieces on a board under normal play only: mirror play makes the
// last move, which wins normal play and loses misère play (the server refuses it there).
function updateOpponentChoice() {
  const symmetry = $('play-opponent').querySelector('option[value="symmetry"]');
  const placement = $('play-family').value === 'placement';
  const misere = $('play-misere').checked;
  symmetry.disabled = !placement || misere;
  symmetry.textContent = misere ? 'symmetry (not under misère play)' : 'symmetry';
  const why = !placement
    ? 'the symmetry strategies are for pieces on a board'
    : misere ? 'no symmetry opponent under misère play: mirror play makes the last move, which loses' : '';
  symmetry.title = why;
  $('play-opponent').title = symmetry.disabled ? `symmetry: ${why}` : '';
  if (symmetry.disabled && $('play-opponent').value === 'symmetry') $('play-opponent').value = 'perfect';
}

// The convention applies at once, to the position shown: its moves are asked again under it
// (or taken from those already seen), and the computer plays on under it.
$('play-misere').addEventListener('change', async () => {
  updateOpponentChoice();
  await cancelRunning();
  if ($('setup-mode').checked) {
    play.misere = $('play-misere').checked;
    renderPlay();
    return;
  }
  busyWhile(async () => {
    play.misere = $('play-misere').checked;
    if (play.misere && play.opponent === 'symmetry') play.opponent = 'perfect';
    play.hint = false;
    $('message').textContent = play.misere
      ? 'misère play: whoever makes the last move loses'
      : 'normal play: whoever makes the last move wins';
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
  else if (play.analysis && play.analysis.outcome !== 'P') text = `no winning move found in ${analysisSeconds} s`;
  $('message').textContent = text;
  renderPlay();
});

$('play-values').addEventListener('change', renderPlay);

$('play-undo').addEventListener('click', () => busyWhile(async () => {
  play.future = [];
  while (play.history.length > 0) {
    const entry = play.history.pop();
    play.position = entry.position;
    play.plies = entry.plies;
    if (entry.by === 'you') break;
  }
  $('message').textContent = 'move taken back';
  // With only the computer's opening to take back, it plays again.
  await refresh();
}));

// Stepping through the game: Back shows the position a move earlier, Forward a move later. The
// computer waits in a position stepped back to; a move played there ends the moves after it.
async function step(direction) {
  const from = direction < 0 ? play.history : play.future;
  if (from.length === 0) return;
  // A search still running is for the position being left.
  await cancelRunning();
  return busyWhile(async () => {
    if (direction < 0) {
      const entry = play.history.pop();
      play.future.push(Object.assign({ after: play.position }, entry));
      play.position = entry.position;
      play.plies = entry.plies;
    } else {
      const entry = play.future.pop();
      play.position = entry.after;
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
  if (target.closest && target.closest('input, textarea, select, #board')) return;
  const direction = { PageUp: -1, PageDown: 1, ArrowLeft: -1, ArrowRight: 1 }[event.key];
  if (direction === undefined) return;
  event.preventDefault();
  step(direction);
});

$('play-swap').addEventListener('click', () => busyWhile(async () => {
  play.human = other(play.human);
  $('play-side').value = play.human;
  $('message').textContent = `you now play ${play.human}`;
  await refresh();
}));

// Setting up by clicking: a click puts the chosen piece on an empty square or takes a piece
// off; the command's parser checks the position when play starts from it.
function toggleSetupPiece(row, col) {
  const rows = play.position.split('/');
  const current = rows[row - 1][col - 1];
  let letter = PIECE_LETTERS[play.game] || 'L';
  if (play.game.includes('+') && play.piece) {
    const names = play.game.split('+');
    const known = names.map((name) => PIECE_LETTERS[name] || 'L');
    letter = known[Math.max(0, names.indexOf(play.piece))];
  }
  const next = current === '.' ? letter : '.';
  rows[row - 1] = rows[row - 1].slice(0, col - 1) + next + rows[row - 1].slice(col);
  play.position = rows.join('/');
  play.hint = false;
  renderPlay();
  $('message').textContent = 'setting up: click squares, then uncheck to play from this position';
}

$('setup-mode').addEventListener('change', () => {
  if ($('setup-mode').checked) {
    cancelRunning().then(renderPlay);
  } else {
    newGame(play.position);
  }
});

$('setup-form').addEventListener('submit', (event) => {
  event.preventDefault();
  newGame(play.family === 'graph' ? $('play-edges').value : $('setup-position').value.trim());
});

// ---- Table

async function drawTable() {
  const game = $('table-game').value.trim();
  const surface = $('table-surface').value;
  const table = await ask({
    question: 'table',
    game: surface && surface !== 'rectangle' ? `${game} ${surface}` : game,
    rows: $('table-rows').value.trim(),
    cols: $('table-cols').value.trim(),
  });
  const view = $('table-view');
  view.replaceChildren();
  const cell = 36;
  const margin = 40;
  const svg = svgElement('svg', { width: table.cols.length * cell + margin + 8, height: table.rows.length * cell + margin + 8, 'font-family': 'sans-serif', 'font-size': 12, 'data-testid': 'table' }, view);
  svgText(svg, 4, 14, 'rows ↓ cols →', { 'font-size': 10 });
  table.cols.forEach((col, j) => svgText(svg, margin + (j + 0.5) * cell, margin - 8, String(col), { 'text-anchor': 'middle' }));
  const values = [];
  table.rows.forEach((row, i) => {
    svgText(svg, margin - 6, margin + i * cell + cell / 2 + 4, String(row), { 'text-anchor': 'end' });
    table.cols.forEach((col, j) => {
      const value = table.nimbers[i][j];
      const group = svgElement('g', { class: 'cell', 'data-cell': `${row}x${col}` }, svg);
      svgElement('rect', { x: margin + j * cell, y: margin + i * cell, width: cell, height: cell, fill: value === null ? '#ddd' : valueColour(value), stroke: 'gray' }, group);
      svgText(group, margin + (j + 0.5) * cell, margin + i * cell + cell / 2 + 4, value === null ? '?' : String(value), { 'text-anchor': 'middle' });
      if (value !== null) values.push(value);
      const title = svgElement('title', {}, group);
      title.textContent = `${game} ${row}x${col}: nim-value ${value === null ? 'not computed' : nimberText(value)} (click to play)`;
      group.addEventListener('click', () => openFromTable(game, row, col, surface));
    });
  });
  const legend = $('table-legend');
  legend.replaceChildren();
  for (const value of [...new Set(values)].sort((a, b) => a - b)) {
    const row = document.createElement('div');
    const box = document.createElement('span');
    box.className = 'swatch';
    box.style.background = valueColour(value);
    row.append(box, `nim-value ${nimberText(value)}${value === 0 ? ' (second player wins)' : ''}`);
    legend.appendChild(row);
  }
}

function openFromTable(game, row, col, surface) {
  const corner = game.startsWith('corner');
  $('play-family').value = corner ? 'corner' : 'placement';
  $('play-family').dispatchEvent(new Event('change'));
  $('play-game').value = game;
  $('play-args').value = corner ? `${row} ${col}` : `${row}x${col}`;
  if (!corner && surface) $('play-surface').value = surface;
  showTab('play');
  newGame();
}

$('table-form').addEventListener('submit', (event) => {
  event.preventDefault();
  drawView('table', drawTable);
});

// ---- Sequence

async function drawSequence() {
  const game = $('sequence-game').value.trim();
  const to = $('sequence-to').value.trim();
  if (!/^\d+$/.test(to)) throw new Error(`--to \`${to}\` is not a whole number`);
  const sequence = await ask({ question: 'sequence', game, to: Number(to) });
  const values = sequence.values;
  // A loop, not Math.max(...values): spreading a few hundred thousand values overflows the
  // call stack.
  let largest = 1;
  for (const value of values) if (value > largest) largest = value;
  const width = 900;
  const height = 320;
  const left = 40;
  const top = 20;
  const plotWidth = width - left - 20;
  const plotHeight = height - top - 40;
  const x = (n) => left + (n / Math.max(1, values.length - 1)) * plotWidth;
  const y = (value) => top + plotHeight - (value / largest) * plotHeight;
  const view = $('sequence-view');
  view.replaceChildren();
  const svg = svgElement('svg', { width, height, 'font-family': 'sans-serif', 'font-size': 12, 'data-testid': 'sequence-plot' }, view);
  const period = sequence.period;
  const preperiod = sequence.preperiod;
  let summary = `${sequence.game}${sequence.code ? ` (${sequence.code})` : ''}: ${values.length} values, largest ${sequence.largest}`;
  if (period) {
    summary += `; period ${period} from n = ${preperiod} (pre-period ${preperiod})`;
    if (preperiod < values.length) {
      svgElement('rect', { x: x(preperiod), y: top, width: x(values.length - 1) - x(preperiod), height: plotHeight, fill: '#fff3c4', 'data-testid': 'periodic-part' }, svg);
      svgElement('line', { x1: x(preperiod), y1: top, x2: x(preperiod), y2: top + plotHeight, stroke: '#b08800', 'stroke-dasharray': '4 3', 'data-testid': 'preperiod-mark' }, svg);
      const end = Math.min(preperiod + period, values.length - 1);
      svgElement('line', { x1: x(preperiod), y1: top + 6, x2: x(end), y2: top + 6, stroke: '#805f00', 'stroke-width': 3, 'data-testid': 'period-mark' }, svg);
      svgText(svg, x(preperiod) + 4, top + 20, `period ${period} from n = ${preperiod}`, { fill: '#805f00' });
    } else {
      svgText(svg, width - 20, top + 14, `period ${period} from n = ${preperiod} (past this plot)`, { 'text-anchor': 'end', fill: '#805f00', 'data-testid': 'period-mark' });
    }
  } else {
    summary += '; no period proven in this range';
  }
  $('sequence-summary').textContent = summary;
  svgElement('line', { x1: left, y1: top + plotHeight, x2: left + plotWidth, y2: top + plotHeight, stroke: 'black' }, svg);
  svgElement('line', { x1: left, y1: top, x2: left, y2: top + plotHeight, stroke: 'black' }, svg);
  for (let tick = 0; tick <= 4; tick += 1) {
    const n = Math.round(((values.length - 1) * tick) / 4);
    svgText(svg, x(n), top + plotHeight + 16, String(n), { 'text-anchor': 'middle' });
    const value = Math.round((largest * tick) / 4);
    svgText(svg, left - 6, y(value) + 4, String(value), { 'text-anchor': 'end' });
  }
  svgText(svg, left + plotWidth / 2, height - 6, 'n (heap size); g(n) upwards; red: g(n) = 0', { 'text-anchor': 'middle' });
  const points = svgElement('g', { 'data-testid': 'points' }, svg);
  // One mark per pixel column and value: a long sequence draws as many marks as the plot
  // has room for, not one per heap size.
  const drawn = new Set();
  values.forEach((value, n) => {
    const key = `${Math.round(x(n))},${value}`;
    if (values.length > 2000 && drawn.has(key)) return;
    drawn.add(key);
    svgElement('circle', { cx: x(n), cy: y(value), r: values.length > 400 ? 1.2 : 2.5, fill: value === 0 ? 'crimson' : 'steelblue' }, points);
  });
}

$('sequence-form').addEventListener('submit', (event) => {
  event.preventDefault();
  drawView('sequence', drawSequence);
});

// ---- Tour

let tourAnimation = null;

// The largest tour the page draws: its path is a few megabytes of JSON and one SVG line; the
// command line finds far larger ones (`grundy tour 1000x1000 --closed`).
const MAX_TOUR_SQUARES = 250 * 250;
// Above this many squares the board is one rectangle, not a square each.
const MAX_DRAWN_SQUARES = 10000;

async function drawTour() {
  const asked = parseBoard($('tour-board').value);
  if (asked && asked.rows * asked.cols > MAX_TOUR_SQUARES) {
    throw new Error(`the page draws tours of boards of at most ${MAX_TOUR_SQUARES} squares (250x250); ${asked.rows}x${asked.cols} has ${asked.rows * asked.cols}: find it with \`grundy tour ${asked.rows}x${asked.cols}\` in a terminal`);
  }
  const request = {
    question: 'tour', board: $('tour-board').value.trim(), method: $('tour-method').value,
    closed: $('tour-closed').checked,
  };
  const start = $('tour-start').value.trim();
  if (start) request.start = start;
  const tour = await ask(request);
  const view = $('tour-view');
  view.replaceChildren();
  if (tourAnimation) cancelAnimationFrame(tourAnimation);
  if (!tour.exists) {
    $('tour-summary').textContent = `no ${tour.closed ? 'closed ' : ''}tour on ${tour.board}${tour.reason ? `: ${tour.reason}` : ''}`;
    return;
  }
  const { rows, cols, path } = tour;
  const cell = Math.max(2, Math.min(40, Math.floor(640 / Math.max(rows, cols))));
  const margin = 24;
  const svg = svgElement('svg', { width: cols * cell + margin + 8, height: rows * cell + margin + 8, 'font-family': 'sans-serif', 'font-size': Math.min(12, Math.max(8, cell / 2)), 'data-testid': 'tour' }, view);
  const labelEvery = cell >= 12 ? 1 : Math.ceil(12 / cell / 5) * 5;
  const squares = rows * cols <= MAX_DRAWN_SQUARES;
  if (!squares) svgElement('rect', { x: margin, y: margin, width: cols * cell, height: rows * cell, fill: '#f0ead8' }, svg);
  for (let row = 1; row <= rows; row += 1) {
    if (row % labelEvery === 0 || row === 1) svgText(svg, margin - 4, margin + (row - 0.5) * cell + 4, String(row), { 'text-anchor': 'end' });
    for (let col = 1; squares && col <= cols; col += 1) {
      svgElement('rect', { x: margin + (col - 1) * cell, y: margin + (row - 1) * cell, width: cell, height: cell, fill: (row + col) % 2 === 0 ? '#f0ead8' : '#d9cfb4', 'data-square': squareName(row, col) }, svg);
    }
  }
  for (let col = 1; col <= cols; col += 1) {
    if (col % labelEvery === 0 || col === 1) svgText(svg, margin + (col - 0.5) * cell, margin - 6, columnLetters(col - 1), { 'text-anchor': 'middle' });
  }
  const centre = ([row, col]) => `${margin + (col - 0.5) * cell},${margin + (row - 0.5) * cell}`;
  const line = svgElement('polyline', { fill: 'none', stroke: '#2f3b4a', 'stroke-width': Math.max(1, cell / 10), 'stroke-linejoin': 'round', 'data-testid': 'tour-path', 'data-drawn': '0' }, svg);
  const [firstRow, firstCol] = path[0];
  svgElement('circle', { cx: margin + (firstCol - 0.5) * cell, cy: margin + (firstRow - 0.5) * cell, r: Math.max(3, cell / 4), fill: 'green' }, svg);
  const valid = path.every(([row, col], i) => {
    if (i === 0) return true;
    const [r, c] = path[i - 1];
    const dr = Math.abs(row - r);
    const dc = Math.abs(col - c);
    return (dr === 1 && dc === 2) || (dr === 2 && dc === 1);
  });
  $('tour-summary').textContent = `${tour.closed ? 'closed' : 'open'} tour of ${tour.board} from ${tour.start} by ${tour.method}: ${path.length} squares${valid ? ', every step a knight\u2019s move' : ' (a step is not a knight\u2019s move!)'}`;
  const points = path.map(centre);
  if (tour.closed) points.push(points[0]);
  const duration = Math.min(4000, 400 + points.length * 4);
  const began = performance.now();
  const step = (now) => {
    const shown = Math.min(points.length, Math.max(1, Math.ceil(((now - began) / duration) * points.length)));
    line.setAttribute('points', points.slice(0, shown).join(' '));
    line.setAttribute('data-drawn', String(shown));
    if (shown < points.length) tourAnimation = requestAnimationFrame(step);
    else tourAnimation = null;
  };
  tourAnimation = requestAnimationFrame(step);
}

$('tour-form').addEventListener('submit', (event) => {
  event.preventDefault();
  drawView('tour', drawTour);
});

// ---- Graph

// The attacks of the named pieces on a rectangle, to draw the graph's edges; the counts are
// checked against the command's, and the edges left out where they differ.
function pieceMoves(name) {
  const leapers = { knights: [1, 2], camels: [1, 3], zebras: [2, 3], giraffes: [1, 4] };
  const match = /^leaper:(\d+),(\d+)$/.exec(name);
  const leap = leapers[name] || (match ? [Number(match[1]), Number(match[2])] : null);
  const steps = [];
  const symmetric = ([a, b]) => [[a, b], [b, a], [-a, b], [-b, a], [a, -b], [b, -a], [-a, -b], [-b, -a]];
  if (leap) return { leaps: symmetric(leap), lines: [] };
  if (name === 'kings') return { leaps: symmetric([0, 1]).concat(symmetric([1, 1])), lines: [] };
  if (name === 'rooks' || name === 'queens') steps.push([0, 1], [1, 0], [0, -1], [-1, 0]);
  if (name === 'bishops' || name === 'queens') steps.push([1, 1], [1, -1], [-1, 1], [-1, -1]);
  return steps.length ? { leaps: [], lines: steps } : null;
}

function attackEdges(game, rows, cols) {
  const pieces = game.split('+').map(pieceMoves);
  if (pieces.some((piece) => piece === null)) return null;
  const edges = new Set();
  const add = (r1, c1, r2, c2) => {
    if (r2 < 1 || r2 > rows || c2 < 1 || c2 > cols) return;
    const a = (r1 - 1) * cols + c1;
    const b = (r2 - 1) * cols + c2;
    if (a !== b) edges.add(a < b ? `${a}-${b}` : `${b}-${a}`);
  };
  for (const piece of pieces) {
    for (let r = 1; r <= rows; r += 1) {
      for (let c = 1; c <= cols; c += 1) {
        for (const [dr, dc] of piece.leaps) add(r, c, r + dr, c + dc);
        for (const [dr, dc] of piece.lines) {
          for (let k = 1; k < Math.max(rows, cols); k += 1) add(r, c, r + k * dr, c + k * dc);
        }
      }
    }
  }
  return [...edges].map((edge) => edge.split('-').map(Number));
}

async function drawGraph() {
  const game = $('graph-game').value.trim();
  // The previous board's facts go at once: a refused request must not leave them standing
  // under the new form.
  const facts = $('graph-facts');
  facts.replaceChildren();
  $('graph-view').replaceChildren();
  const graph = await ask({ question: 'graph', game: `${game} ${$('graph-board').value.trim()}` });
  const fact = (name, value, id) => {
    const term = document.createElement('span');
    term.textContent = name;
    const answer = document.createElement('b');
    answer.textContent = value;
    if (id) answer.dataset.testid = id;
    facts.append(term, answer);
  };
  const number = (key) => (graph[key] === null || graph[key] === undefined ? 'not settled' : String(graph[key]));
  fact('vertices (squares)', String(graph.vertices));
  fact('edges (attacks)', String(graph.edges));
  fact('independence number α', number('independence_number'), 'alpha');
  fact('domination number γ', number('domination_number'), 'gamma');
  fact('independent domination number i', number('independent_domination_number'), 'i');
  fact('components', String(graph.components));
  fact('bipartite', String(graph.bipartite));
  if (graph.terminal_positions) fact('terminal positions (maximal independent sets)', String(graph.terminal_positions.total));
  const board = parseBoard(graph.board || '');
  const view = $('graph-view');
  view.replaceChildren();
  if (!board || board.rows * board.cols > 144) {
    view.textContent = 'the graph is drawn for boards of at most 144 squares';
    return;
  }
  const witnessKey = $('graph-witness').value;
  const bound = graph.bounds && graph.bounds[witnessKey];
  const witness = new Set(bound ? bound.witness : []);
  const cell = Math.min(60, Math.floor(560 / Math.max(board.rows, board.cols)));
  const margin = 24;
  const svg = svgElement('svg', { width: board.cols * cell + margin + 8, height: board.rows * cell + margin + 8, 'font-family': 'sans-serif', 'font-size': 11, 'data-testid': 'graph' }, view);
  const centre = (vertex) => {
    const row = Math.floor((vertex - 1) / board.cols) + 1;
    const col = vertex - (row - 1) * board.cols;
    return [margin + (col - 0.5) * cell, margin + (row - 0.5) * cell, row, col];
  };
  const edges = attackEdges(game, board.rows, board.cols);
  if (edges && edges.length === graph.edges) {
    for (const [a, b] of edges) {
      const [x1, y1] = centre(a);
      const [x2, y2] = centre(b);
      svgElement('line', { x1, y1, x2, y2, stroke: '#9ab8d6', 'stroke-width': 1 }, svg);
    }
  }
  for (let vertex = 1; vertex <= board.rows * board.cols; vertex += 1) {
    const [x, y, row, col] = centre(vertex);
    const name = squareName(row, col);
    const chosen = witness.has(name);
    const group = svgElement('g', { 'data-square': name }, svg);
    svgElement('circle', { cx: x, cy: y, r: cell / 4, fill: chosen ? '#f0c040' : 'white', stroke: '#2f3b4a' }, group);
    svgText(group, x, y + 4, name, { 'text-anchor': 'middle' });
  }
}

$('graph-form').addEventListener('submit', (event) => {
  event.preventDefault();
  drawView('graph', drawGraph);
});
$('graph-witness').addEventListener('change', () => drawView('graph', drawGraph));

// ---- Start

guarded(async () => {
  await Promise.all([loadCatalogue(), readLimits()]);
  const linked = gameOfLink();
  viewOfLink();
  await (linked ? newGame(linked.position, linked.plies) : newGame());
});
