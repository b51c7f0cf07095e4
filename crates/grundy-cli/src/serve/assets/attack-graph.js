// The Graph tab: the attack graph of a piece on a board, with α, γ and i from `grundy graph`,
// and a largest independent set or smallest dominating set shown. The answer draws the graph
// (its edges by the squares' names): the page knows no piece's moves.

import { $, parseBoard, squareName, svgElement, svgText } from './common.js';
import { ask } from './api.js';
import { limits } from './state.js';
import { drawView } from './link.js';

async function drawGraph() {
  const game = $('graph-game').value.trim();
  // The previous board's facts go at once: a refused request must not leave them standing
  // under the new form.
  const facts = $('graph-facts');
  facts.replaceChildren();
  $('graph-view').replaceChildren();
  const graph = await ask({ question: 'graph', game: `${game} ${$('graph-board').value.trim()}`, drawing: true });
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
  if (!board || !graph.drawing) {
    view.textContent = `the graph is drawn for boards of at most ${limits.maxDrawnVertices} squares`;
    return;
  }
  const witnessKey = $('graph-witness').value;
  const bound = graph.bounds && graph.bounds[witnessKey];
  const witness = new Set(bound ? bound.witness : []);
  const cell = Math.min(60, Math.floor(560 / Math.max(board.rows, board.cols)));
  const margin = 24;
  const svg = svgElement('svg', { width: board.cols * cell + margin + 8, height: board.rows * cell + margin + 8, 'font-family': 'sans-serif', 'font-size': 11, 'data-testid': 'graph' }, view);
  // Each square's vertex is drawn at the square's centre.
  const centres = new Map();
  for (let row = 1; row <= board.rows; row += 1) {
    for (let col = 1; col <= board.cols; col += 1) {
      centres.set(squareName(row, col), [margin + (col - 0.5) * cell, margin + (row - 0.5) * cell]);
    }
  }
  for (const [a, b] of graph.drawing.edges) {
    const [x1, y1] = centres.get(a);
    const [x2, y2] = centres.get(b);
    svgElement('line', { x1, y1, x2, y2, stroke: '#9ab8d6', 'stroke-width': 1 }, svg);
  }
  for (const [name, [x, y]] of centres) {
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
