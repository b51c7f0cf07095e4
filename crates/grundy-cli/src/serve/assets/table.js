// The Table tab: `grundy table` as a heat map; a cell opens its board on the Play tab.

import { $, nimberText, svgElement, svgText, swatch, valueColour } from './common.js';
import { ask } from './api.js';
import { drawView, showTab } from './link.js';
import { fileName, offerCsv, tableCsv } from './export.js';
import { newGame } from './play.js';
import { families, familyDrawn } from './state.js';

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
      group.addEventListener('click', () => openFromTable(game, table, row, col, surface));
    });
  });
  const legend = $('table-legend');
  legend.replaceChildren();
  for (const value of [...new Set(values)].sort((a, b) => a - b)) {
    swatch(legend, valueColour(value), `nim-value ${nimberText(value)}${value === 0 ? ' (second player wins)' : ''}`);
  }
  // Named by the game and the ranges, as the form writes them: `queens-1-8x1-8.csv`.
  const span = (labels) => `${labels[0]}-${labels[labels.length - 1]}`;
  const surfaceWord = surface && surface !== 'rectangle' ? ` ${surface}` : '';
  offerCsv(legend, fileName(`${game}${surfaceWord} ${span(table.rows)}x${span(table.cols)}`, 'csv'), () => tableCsv(table));
}

// A cell played on the Play tab: a board of its size when the table's answer is of boards (it
// names their surface), else the square it stands for; not when the game's family is one the
// Play tab does not offer.
function openFromTable(game, table, row, col, surface) {
  const named = [...families.values()].find((family) => family.games.includes(game));
  if (named && !named.play) return;
  const board = table.surface !== undefined;
  $('play-family').value = named ? named.family : familyDrawn(board ? 'board' : 'corner');
  $('play-family').dispatchEvent(new Event('change'));
  $('play-game').value = game;
  $('play-args').value = board ? `${row}x${col}` : `${row} ${col}`;
  if (board && surface) $('play-surface').value = surface;
  showTab('play');
  newGame();
}

$('table-form').addEventListener('submit', (event) => {
  event.preventDefault();
  drawView('table', drawTable);
});
