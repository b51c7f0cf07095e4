// The Sequence tab: a nim-sequence plotted, zeros in red, the periodic part shaded.

import { $, svgElement, svgText } from './common.js';
import { ask } from './api.js';
import { drawView } from './link.js';
import { fileName, offerCsv, sequenceCsv } from './export.js';

async function drawSequence() {
  const game = $('sequence-game').value.trim();
  // A number as people write it: `3,000,000`, `3 000 000` and `3_000_000` are 3000000.
  const typed = $('sequence-to').value.trim();
  const to = typed.replace(/[,_\s\u00a0\u202f]/g, '');
  if (!/^\d+$/.test(to)) throw new Error(`"Up to n" is \`${typed}\`: write the largest heap as a whole number, such as 3000000 or 3,000,000`);
  const sequence = await ask({ question: 'sequence', game, to: Number(to) });
  const values = sequence.values;
  // A loop, not Math.max(...values): spreading a few hundred thousand values overflows the
  // call stack.
  let largest = 1;
  for (const value of values) if (value > largest) largest = value;
  // As wide as the screen has room for, up to 900 pixels: on a phone a 900-pixel plot scaled
  // down wrote its labels 5 pixels high.
  const width = Math.max(300, Math.min(900, $('sequence-view').clientWidth || 900));
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
  const exports = document.createElement('div');
  exports.className = 'controls';
  view.appendChild(exports);
  offerCsv(exports, fileName(`${sequence.game} 0 ${values.length - 1}`, 'csv'), () => sequenceCsv(sequence));
}

$('sequence-form').addEventListener('submit', (event) => {
  event.preventDefault();
  drawView('sequence', drawSequence);
});
