// The Graph tab: the attack graph of a piece on a board, with α, γ and i from `grundy graph`,
// and a largest independent set or smallest dominating set shown.

import { $, parseBoard, squareName, svgElement, svgText } from './common.js';
import { ask } from './api.js';
import { drawView } from './link.js';

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
