// The Tour tab: a knight's tour by any method, drawn and animated.

import { $, columnLetters, parseBoard, squareName, svgElement, svgText } from './common.js';
import { ask } from './api.js';
import { drawView } from './link.js';

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
