// The "why" panel: why the position shown has its value. Its moves grouped by the value each
// leads to, and the position's value as the mex of those values (the smallest value no move
// reaches); under misère play, which has no nim-values, its winning moves or why it has none.
// Every value is the library's answer about the position (`moves`, `nimber`, `outcome`); the
// parts of a position of heaps, each heap with its value, whose nim-sum is the position's
// value, are the answer to `value` (`heap_nimbers`), asked when the panel shows the position.

import { $, nimberText } from './common.js';
import { ask } from './api.js';
import { play, classroom, drawn, gameOver, misereShown, partlySettled } from './state.js';

// The most moves named under one value; the others are counted.
const NAMED_MOVES = 8;

function movesText(moves) {
  const named = moves.slice(0, NAMED_MOVES).map((move) => move.move).join(', ');
  return moves.length > NAMED_MOVES ? `${named} and ${moves.length - NAMED_MOVES} more` : named;
}

function line(parent, text, attributes = {}) {
  const element = document.createElement('p');
  element.textContent = text;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  parent.appendChild(element);
  return element;
}

// The value answer of the position `analysis` is about, with each heap's value, kept with
// the analysis; the panel is drawn again when it comes. A newer position's request replaces
// an older one's.
async function askParts(analysis) {
  analysis.parts = 'asked';
  try {
    const request = { question: 'value', game: play.game };
    analysis.parts = await ask(request, 'parts');
    if (play.analysis === analysis) renderWhy();
  } catch (error) {
    // Cancelled or replaced: the panel shows the moves and their mex without the parts.
    analysis.parts = null;
  }
}

// The parts of the position as the value answer lists them: `3 → *3, 4 → *1, 5 → *4`, and
// their nim-sum, the position's value: `*3 + *1 + *4 = *6`.
function renderParts(body, report) {
  const sizes = report.position.split(/\s+/).filter((word) => word !== '');
  if (!report.heap_nimbers || report.heap_nimbers.length < 2 || sizes.length !== report.heap_nimbers.length) return;
  const values = report.heap_nimbers.map(nimberText);
  line(body, `The heaps are independent parts, each with its own value: ${sizes.map((size, index) => `${size} → ${values[index]}`).join(', ')}. The value of the whole is the nim-sum of theirs (bitwise exclusive or):`);
  line(body, `${values.join(' + ')} = ${nimberText(report.nimber)}`, { 'data-testid': 'why-parts', class: 'why-sum' });
}

export function renderWhy() {
  const panel = $('why');
  const analysis = play.analysis;
  panel.hidden = classroom() || !analysis;
  if (panel.hidden) return;
  const body = $('why-body');
  body.replaceChildren();
  if (gameOver()) {
    line(body, misereShown()
      ? 'No move is left: under misère play the player to move has won.'
      : 'No move is left: the value is 0, the mex of no values, and the player to move has lost.');
    return;
  }
  const incomplete = partlySettled(analysis) || analysis.moves_not_listed > 0;
  if (misereShown()) {
    const winning = analysis.moves.filter((move) => move.winning);
    line(body, winning.length > 0
      ? `The player to move wins: ${movesText(winning)} ${winning.length === 1 ? 'leaves' : 'leave'} a position the opponent loses.`
      : 'The player to move loses: every move leaves a position the opponent wins. Misère play has no nim-values to add up, only winning and losing.');
    return;
  }
  // The moves by the value each leads to, smallest value first.
  const byValue = new Map();
  for (const move of analysis.moves) {
    if (move.nimber === undefined) continue;
    if (!byValue.has(move.nimber)) byValue.set(move.nimber, []);
    byValue.get(move.nimber).push(move);
  }
  const values = [...byValue.keys()].sort((a, b) => a - b);
  const list = document.createElement('ul');
  list.className = 'why-options';
  for (const value of values) {
    const item = document.createElement('li');
    item.dataset.value = String(value);
    item.textContent = `to ${nimberText(value)}: ${movesText(byValue.get(value))}`;
    list.appendChild(item);
  }
  line(body, 'The moves, by the value of the position each leads to:');
  body.appendChild(list);
  const set = `{${values.join(', ')}}`;
  if (analysis.nimber === undefined || incomplete) {
    line(body, `Not every move was valued in the time: the value is the mex of the values of all the moves, so it is not known from these (${set}).`);
    return;
  }
  line(body, `The value is the mex of ${set}, the smallest value no move reaches: ${nimberText(analysis.nimber)}.`, { 'data-testid': 'why-mex' });
  // Heaps: each a part, its value in the value answer (asked once per position).
  if (drawn('heaps')) {
    if (analysis.parts === undefined) askParts(analysis);
    else if (analysis.parts && analysis.parts !== 'asked') renderParts(body, analysis.parts);
  }
  line(body, analysis.nimber === 0
    ? 'No move reaches 0, so the player to move has no winning move: they lose with perfect play.'
    : 'A move to 0 wins: the opponent is then in a position of value 0, and every move from it leads to a value that is not 0.');
}
