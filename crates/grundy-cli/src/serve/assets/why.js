// The "why" panel: why the position shown has its value. Its moves grouped by the value each
// leads to, and the position's value as the mex of those values (the smallest value no move
// reaches); under misère play, which has no nim-values, its winning moves or why it has none.
// Every value is the library's answer about the position (`moves`, `nimber`, `outcome`); the
// parts of a position, each with its value, whose nim-sum is the position's value, are the
// answer to `value` (`parts`: a board's, Cram's or a graph's; `heap_nimbers`: each heap's),
// asked when the panel shows the position.

import { $, nimberText, svgElement, svgText, valueColour } from './common.js';
import { renderPartsLegend } from './legend.js';
import { ask } from './api.js';
import { play, classroom, drawn, gameOver, misereShown, onSquares, partlySettled } from './state.js';

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

// The value answer of the position `analysis` is about, with its parts, kept with the
// analysis; the panel is drawn again when it comes. A newer position's request replaces an
// older one's.
async function askParts(analysis) {
  analysis.valueAnswer = 'asked';
  try {
    const request = { question: 'value', game: play.game };
    if (play.graph !== null) request.graph = play.graph;
    analysis.valueAnswer = await ask(request, 'parts');
    if (play.analysis === analysis) renderWhy();
  } catch (error) {
    // Cancelled or replaced: the panel shows the moves and their mex without the parts.
    analysis.valueAnswer = null;
  }
}

// The most squares or vertices named for one part; the others are counted.
const NAMED_IN_PART = 12;

function partText(part) {
  const names = part.position.split(' ');
  const shown = names.slice(0, NAMED_IN_PART).join(' ');
  return names.length > NAMED_IN_PART ? `{${shown} and ${names.length - NAMED_IN_PART} more}` : `{${shown}}`;
}

// What the parts of a position are, as a person sees them on the family's drawing.
function partsWords() {
  if (drawn('board')) return 'sets of free squares where a piece put in one never attacks a square of another';
  if (drawn('dominoes')) return 'regions of free squares, which no domino joins';
  return 'components of the graph, which no edge joins';
}

// The parts of the position as the value answer lists them, each with its value, and their
// nim-sum, the position's value: heaps `3 → *3, 4 → *1, 5 → *4` and `*3 + *1 + *4 = *6`; a
// board's, Cram's or a graph's parts by their squares or vertices.
function renderParts(body, report) {
  let named;
  let values;
  if (report.parts && report.parts.length > 1) {
    values = report.parts.map((part) => nimberText(part.nimber));
    named = report.parts.map((part, index) => `${partText(part)} → ${values[index]}`);
    line(body, `The position splits into ${report.parts.length} independent parts, ${partsWords()}; a move is made in one of them. Each has its own value: ${named.join(', ')}. The value of the whole is the nim-sum of theirs (bitwise exclusive or):`, { 'data-testid': 'why-part-list' });
  } else {
    const sizes = report.position.split(/\s+/).filter((word) => word !== '');
    if (!report.heap_nimbers || report.heap_nimbers.length < 2 || sizes.length !== report.heap_nimbers.length) return;
    values = report.heap_nimbers.map(nimberText);
    line(body, `The heaps are independent parts, each with its own value: ${sizes.map((size, index) => `${size} → ${values[index]}`).join(', ')}. The value of the whole is the nim-sum of theirs (bitwise exclusive or):`);
  }
  line(body, `${values.join(' + ')} = ${nimberText(report.nimber)}`, { 'data-testid': 'why-parts', class: 'why-sum' });
}

// On a board, each part's squares framed in the colour of the part's value (the page's one
// colour language: a colour is a nim-value) and numbered by the part, with a legend line for
// each part. Drawn over the picture the board view has just drawn.
function markParts(report) {
  if (!onSquares() || !report.parts || report.parts.length < 2) return;
  report.parts.forEach((part, index) => {
    for (const name of part.position.split(' ')) {
      const group = document.querySelector(`#board [data-square="${name}"]`);
      const square = group && group.querySelector('rect');
      if (!square) continue;
      const [x, y, cell] = ['x', 'y', 'width'].map((key) => Number(square.getAttribute(key)));
      const frame = { x: x + 5, y: y + 5, width: cell - 10, height: cell - 10, fill: 'none' };
      // A dark edge under the colour, so that 0's white frame shows on the light squares.
      svgElement('rect', { ...frame, stroke: '#555555', 'stroke-width': 4, 'pointer-events': 'none' }, group);
      svgElement('rect', { ...frame, stroke: valueColour(part.nimber), 'stroke-width': 2, 'pointer-events': 'none', 'data-part': String(index + 1) }, group);
      svgText(group, x + 7, y + 15, String(index + 1), { 'font-size': Math.min(10, cell / 4), 'pointer-events': 'none', 'data-testid': 'part-number' });
    }
  });
  renderPartsLegend(report.parts);
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
  // Heaps, boards, Cram and graphs: the parts and their values in the value answer (asked
  // once per position).
  if (['heaps', 'board', 'dominoes', 'graph'].some(drawn)) {
    if (analysis.valueAnswer === undefined) askParts(analysis);
    else if (analysis.valueAnswer && analysis.valueAnswer !== 'asked') {
      renderParts(body, analysis.valueAnswer);
      markParts(analysis.valueAnswer);
    }
  }
  line(body, analysis.nimber === 0
    ? 'No move reaches 0, so the player to move has no winning move: they lose with perfect play.'
    : 'A move to 0 wins: the opponent is then in a position of value 0, and every move from it leads to a value that is not 0.');
}
