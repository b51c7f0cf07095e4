// The review of a game (GamesmanUni's "value history"): the value after every move, the
// mistakes marked, and any move's position shown with a click. Every value is the library's:
// a move's value is in the answer that listed it (`nimber`, `winning`), whether the position
// it was played from was won in that position's own answer (`outcome`). Hidden in classroom
// mode until Reveal, as every value is.

import { $, nimberText } from './common.js';
import { play, analysisKey, classroom, misereShown } from './state.js';
import { moveColour, moveValueText } from './values.js';
import { actions } from './actions.js';

// The moves of the game, those played up to the position shown and those stepped back over.
function gameMoves() {
  return [...play.history, ...play.future.slice().reverse()];
}

// The answer about the position a move was played from, if it was asked in this game under
// the convention shown.
function analysisBefore(entry) {
  return play.known.get(analysisKey(play.misere, entry.game, entry.graph)) || null;
}

// Whether `entry`'s move threw a win away: played from a position its mover wins (`N`) to one
// that is not a loss for the opponent (the move is not winning). Null when the answers do not
// say (a position or a move not worked out in the time).
export function isMistake(entry) {
  const before = analysisBefore(entry);
  if (!before || !before.outcome || entry.move.winning === undefined) return null;
  return before.outcome === 'N' && !entry.move.winning;
}

function valueOf(analysis) {
  if (!analysis || !analysis.outcome) return '?';
  if (misereShown() || analysis.nimber === undefined) return analysis.outcome;
  return nimberText(analysis.nimber);
}

export function renderReview() {
  const panel = $('review');
  const moves = gameMoves();
  panel.hidden = classroom() || moves.length === 0;
  if (panel.hidden) return;
  const misere = misereShown();
  $('review-legend').textContent = misere
    ? 'After each move: whether it was a winning move (the opponent then loses with perfect play). ✗ marks a mistake: a move from a winning position that is not a winning move, so the win is thrown away. Click a move to show the position after it.'
    : 'After each move: the nim-value of the position it leads to (0 means the opponent, now to move, loses). ✗ marks a mistake: a move from a winning position (value not 0) to one whose value is not 0, so the opponent can win. Click a move to show the position after it.';
  const row = (plies, text, title) => {
    const item = document.createElement('li');
    item.dataset.ply = String(plies);
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = text;
    if (title) button.title = title;
    button.addEventListener('click', () => actions.goToMove(plies));
    item.appendChild(button);
    if (plies === play.history.length) item.setAttribute('aria-current', 'step');
    return item;
  };
  const first = analysisBefore(moves[0]);
  const rows = [row(0, `start: ${valueOf(first)}`, 'the position before the first move')];
  moves.forEach((entry, index) => {
    const value = moveValueText(entry.move);
    const item = row(index + 1, `${index + 1}. ${entry.by}: ${entry.notation} → ${value}`);
    item.classList.toggle('future', index >= play.history.length);
    const swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.style.background = moveColour(entry.move);
    item.prepend(swatch);
    const mistake = isMistake(entry);
    if (mistake) {
      item.classList.add('mistake');
      item.dataset.mistake = 'true';
      const mark = document.createElement('span');
      mark.className = 'mistake-mark';
      mark.textContent = '✗ mistake';
      mark.title = 'played from a winning position to one the opponent wins';
      item.appendChild(mark);
    }
    rows.push(item);
  });
  $('review-list').replaceChildren(...rows);
}
