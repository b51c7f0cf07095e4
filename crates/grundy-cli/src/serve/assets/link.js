// The tabs, and a link to what is on screen: the address's fragment holds the view shown and
// its form, or on the Play tab the game in its position, the moves made so far (whose turn it
// is) and the computer's side and strategy, kept current as the game goes on, so a teacher can
// send the class the position everyone is looking at.

import { $ } from './common.js';
import { Superseded, guarded, supersede } from './api.js';
import { play, classroom, drawn, playForm } from './state.js';
import { actions } from './actions.js';
import { restoreModes, writeModes } from './modes.js';

let shownTab = 'play';

export function showTab(name) {
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

// The form's choices the address keeps: its key, the key of `play`, the field's id.
const LINKED = [
  ['family', 'family', 'play-family'],
  ['game', 'name', 'play-game'],
  ['args', 'args', 'play-args'],
  ['surface', 'surface', 'play-surface'],
  ['rays', 'rays', 'play-rays'],
  ['opponent', 'opponent', 'play-opponent'],
  ['human', 'human', 'play-side'],
];

// The other views: the tab on screen and its form's values as last drawn (keyed by the
// fields' ids, `table-rows=1-8`), so that a link opens the same table, plot, tour or graph.
const VIEW_FORMS = { table: 'table-form', sequence: 'sequence-form', tour: 'tour-form', graph: 'graph-form' };
const drawnForms = {};

function formValues(view) {
  return [...$(VIEW_FORMS[view]).querySelectorAll('input[id], select[id]')].map((field) => (
    [field.id, field.type === 'checkbox' ? (field.checked ? '1' : '0') : field.value]));
}

// The address as the page last wrote it, or the link it opened last: while the address is
// something else, someone has just given the page a new link (typed into the address bar,
// Back), which `hashchange` opens, and the work still running for the old one must not write
// over it. Null until the first link is opened, and while a link is being opened.
let ownAddress = null;

// The address of what is on screen. Besides the form, the game in its position: `text`, the
// game as the library wrote it, which a link opens; `position`, the position as the answers
// type it (a graph's edges), which a person reads and older links held alone.
export function updateLink() {
  // Nothing is written over a link given since the page last wrote (`ownAddress`), nor while a
  // game is about to be replaced (New game, a link opened): the next is written once it is
  // drawn, so the address names the old game or the new one, never the two mixed.
  if (location.hash !== ownAddress || play.replacing > 0) return;
  const params = new URLSearchParams();
  for (const [key, state] of LINKED) params.set(key, play[state]);
  if (play.game) params.set('text', play.game);
  const position = drawn('graph') ? play.graph : play.position;
  if (position !== null) params.set('position', position);
  params.set('plies', String(play.plies));
  // The moves up to the position shown, who played each, and the game before the first (a
  // graph's too), so that a link opens the whole game: its move list, Back, who put down each
  // piece, the last move. The page replays them by the library's answers, move by move.
  if (play.history.length > 0) {
    const first = play.history[0];
    params.set('start', first.game);
    if (first.graph !== null) params.set('start-graph', first.graph);
    params.set('start-plies', String(first.plies));
    params.set('moves', JSON.stringify(play.history.map((entry) => entry.notation)));
    params.set('by', play.history.map((entry) => (entry.by === 'computer' ? 'c' : 'y')).join(''));
  }
  if ($('play-values').checked) params.set('values', '1');
  if (classroom()) params.set('classroom', '1');
  if (play.misere) params.set('convention', 'misere');
  writeModes(params);
  if (shownTab !== 'play') {
    params.set('view', shownTab);
    for (const [id, value] of drawnForms[shownTab] || []) params.set(id, value);
  }
  history.replaceState(null, '', `#${params}`);
  ownAddress = location.hash;
}

// The link in the address now, taken when it is given, before any await.
export function linkInAddress() {
  return { address: location.hash, params: new URLSearchParams(location.hash.slice(1)) };
}

// Opens `link` (from `linkInAddress`): its view shown with its form filled in and drawn, and
// its game set in the Play form; returns the game's start as `gameOfLink` does, for `newGame`.
// The page writes the address again once the link's game or view is drawn, unless a newer
// link is there already, which its own `hashchange` opens next.
export function openLink(link) {
  // Nothing is written while the link is set in the forms: each write would be part the old
  // page, part the new, and the browser may reload whichever it was told last. Until the
  // next write the address is the link itself.
  ownAddress = null;
  try {
    const linked = gameOfLink(link.params);
    if (!viewOfLink(link.params)) showTab('play');
    return linked;
  } finally {
    ownAddress = link.address;
  }
}

// What each view draws, cleared when a request of it fails: a refusal must not leave the
// table, plot, tour or graph of the form before standing under the new form.
const VIEW_PARTS = {
  table: ['table-view', 'table-legend'],
  sequence: ['sequence-view', 'sequence-summary'],
  tour: ['tour-view', 'tour-summary'],
  graph: ['graph-view', 'graph-facts'],
};

// Draws `view` from its form, keeping the form's values for the link. The view's job still
// running is cancelled first, even when the form is refused before anything is asked.
export function drawView(view, draw) {
  drawnForms[view] = formValues(view);
  updateLink();
  supersede(view);
  return guarded(async () => {
    try {
      await draw();
    } catch (error) {
      if (!(error instanceof Superseded)) for (const id of VIEW_PARTS[view]) $(id).replaceChildren();
      throw error;
    }
  });
}

// The view the link names, its form filled in and drawn; false when it names none.
function viewOfLink(params) {
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

// The game the link names, set in the form; returns where it starts (newGame's `start`:
// the game as the library wrote it, or a position in the form's game) and its plies, or null.
function gameOfLink(params) {
  const family = params.get('family');
  const form = playForm(family);
  if (!form) return null;
  $('play-family').value = family;
  $('play-family').dispatchEvent(new Event('change'));
  for (const [key, , id] of LINKED) {
    if (key !== 'family' && params.has(key)) $(id).value = params.get(key);
  }
  const position = params.get('position');
  const graph = form.drawing === 'graph';
  if (graph && position !== null) $('play-edges').value = position;
  $('play-classroom').checked = params.get('classroom') === '1';
  $('play-values').checked = params.get('values') === '1';
  $('play-misere').checked = params.get('convention') === 'misere';
  restoreModes(params);
  actions.updateOpponentChoice();
  const start = {};
  if (params.has('text')) start.game = params.get('text');
  if (position !== null) start[graph ? 'graph' : 'position'] = position;
  const plies = Number(params.get('plies'));
  return { start, plies: Number.isInteger(plies) && plies >= 0 ? plies : 0, replay: replayOfLink(params) };
}

// The moves a link holds (`start`, `moves`, `by`), to be replayed from the game before the
// first; null when it holds none, or not in a form the page wrote (then the position alone
// opens, as older links did).
function replayOfLink(params) {
  let moves;
  try {
    moves = JSON.parse(params.get('moves'));
  } catch (error) {
    return null;
  }
  const by = params.get('by') || '';
  const plies = Number(params.get('start-plies'));
  if (!params.has('start') || !Array.isArray(moves) || moves.length === 0 || by.length !== moves.length
    || !moves.every((move) => typeof move === 'string') || !Number.isInteger(plies) || plies < 0) return null;
  return {
    game: params.get('start'),
    graph: params.get('start-graph'),
    plies,
    moves: moves.map((notation, index) => ({ notation, by: by[index] === 'c' ? 'computer' : 'you' })),
  };
}
