// Who plays on the Play tab and how the page is shown: against the computer, or two players
// (two students, two teams) taking turns on one screen, each by the name the teacher typed; and
// presenter mode, the board and the status sized for a projector with the controls tucked
// away behind a button, stepped through by the keys a presenter's remote sends.

import { $ } from './common.js';
import { play } from './state.js';
import { actions } from './actions.js';

const DEFAULT_NAMES = { first: 'Player 1', second: 'Player 2' };

// Who a player is in the status line and the history: the name typed for them with two
// players, else `you` or `the computer`.
export function playerName(player) {
  if (play.mode === 'two') return play.names[player];
  return player === play.human ? 'you' : 'the computer';
}

// What is said when the game is over and `winner` has won, with two players; null against the
// computer (play-view.js says it to the person). Whoever has no move left has lost normal play
// and won misère play.
export function twoPlayersOver(winner, misere) {
  if (play.mode !== 'two') return null;
  const loser = winner === 'first' ? 'second' : 'first';
  if (!misere) return `${play.names[loser]} has no move left: ${play.names[winner]} wins!`;
  return `${play.names[winner]} has no move left: ${play.names[loser]} made the last move, so ${play.names[winner]} wins (misère play: the last mover loses)!`;
}

// The form's mode, read when a game starts and whenever it is changed.
export function readModes() {
  play.mode = $('play-mode').value === 'two' ? 'two' : 'computer';
  for (const player of ['first', 'second']) {
    play.names[player] = $(`play-name-${player}`).value.trim() || DEFAULT_NAMES[player];
  }
}

// Shows the fields of the mode chosen: the players' names with two players, the computer's
// strategy, the person's side and Swap sides against the computer.
function showModeFields() {
  const two = $('play-mode').value === 'two';
  for (const element of document.querySelectorAll('.two-only')) element.hidden = !two;
  for (const element of document.querySelectorAll('.computer-only')) element.hidden = two;
}

// The mode applies at once to the game shown: against the computer, the computer plays on if
// it is its turn.
$('play-mode').addEventListener('change', () => {
  showModeFields();
  readModes();
  actions.continueGame();
});

for (const player of ['first', 'second']) {
  $(`play-name-${player}`).addEventListener('input', () => {
    readModes();
    actions.renderPlay();
  });
}

// Presenter mode: a class on the page's body, which style.css sizes for a projector.
function present(on) {
  $('play-presenter').checked = on;
  document.body.classList.toggle('presenter', on);
  document.body.classList.remove('controls-open');
  $('presenter-controls').setAttribute('aria-expanded', 'false');
  setBlank(false);
}

function setBlank(on) {
  $('blank').hidden = !on;
}

$('play-presenter').addEventListener('change', () => {
  present($('play-presenter').checked);
  actions.renderPlay();
});

$('presenter-controls').addEventListener('click', () => {
  const open = document.body.classList.toggle('controls-open');
  $('presenter-controls').setAttribute('aria-expanded', String(open));
});

$('presenter-leave').addEventListener('click', () => {
  present(false);
  actions.renderPlay();
});

// A presenter's remote sends B or the full stop to blank the screen (as slides do): the page
// goes black until the next key or click, and nothing of the game changes. Page Up and Page
// Down, and the arrows off the board, step through the moves (play.js).
document.addEventListener('keydown', (event) => {
  if (!$('blank').hidden) {
    event.preventDefault();
    event.stopImmediatePropagation();
    setBlank(false);
    return;
  }
  if (!document.body.classList.contains('presenter') || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target.closest && target.closest('input, textarea, select')) return;
  if (event.key === 'b' || event.key === 'B' || event.key === '.') {
    event.preventDefault();
    setBlank(true);
  }
}, true);

$('blank').addEventListener('click', () => setBlank(false));

// The link keeps the mode: `mode=two` with the players' names, `presenter=1`.
export function writeModes(params) {
  if (play.mode === 'two') {
    params.set('mode', 'two');
    params.set('player1', play.names.first);
    params.set('player2', play.names.second);
  }
  if (document.body.classList.contains('presenter')) params.set('presenter', '1');
}

export function restoreModes(params) {
  $('play-mode').value = params.get('mode') === 'two' ? 'two' : 'computer';
  $('play-name-first').value = params.get('player1') || '';
  $('play-name-second').value = params.get('player2') || '';
  showModeFields();
  readModes();
  present(params.get('presenter') === '1');
}

showModeFields();
