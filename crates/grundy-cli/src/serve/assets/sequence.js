// The Sequence tab: a nim-sequence plotted, zeros in red, the periodic part shaded. The plot
// reads the value under the pointer (or under a cursor moved by the arrow keys) and zooms into
// a range of heaps (drag across it, or + and −, and Reset), redrawn from the values the answer
// already holds: zooming asks the server nothing. With a window the answer counts the values
// instead of listing them (docs/HEAP_GAMES.md): the count of each value is drawn as bars.

import { $, svgElement, svgText } from './common.js';
import { ask } from './api.js';
import { drawView } from './link.js';
import { countsCsv, fileName, offerCsv, sequenceCsv } from './export.js';

// The answer plotted and what of it is shown: the heaps `from`..`to` and the cursor's heap
// (null before the pointer or a key has chosen one).
const shown = { sequence: null, from: 0, to: 0, cursor: null };

// The fewest heaps a zoom shows: closer than this a plot is a few dots.
const LEAST_SPAN = 4;

// The plot's frame, in the SVG's pixels; the width is set by the screen (drawPlot).
const HEIGHT = 320;
const LEFT = 40;
const TOP = 20;
const RIGHT = 20;
const PLOT_HEIGHT = HEIGHT - TOP - 40;

// A whole number as people write it: `3,000,000`, `3 000 000` and `3_000_000` are 3000000;
// `null` for an empty field that may be left empty.
function wholeNumber(id, label, example, optional) {
  const typed = $(id).value.trim();
  if (optional && typed === '') return null;
  const digits = typed.replace(/[,_\s\u00a0\u202f]/g, '');
  if (!/^\d+$/.test(digits)) throw new Error(`"${label}" is \`${typed}\`: write ${example}`);
  return Number(digits);
}

async function drawSequence() {
  const game = $('sequence-game').value.trim();
  const to = wholeNumber('sequence-to', 'Up to n', 'the largest heap as a whole number, such as 3000000 or 3,000,000', false);
  const kept = wholeNumber('sequence-window', 'Window', 'the heaps kept as a whole number, such as 1048576, or nothing', true);
  if (kept !== null) {
    drawCounts(await ask({ question: 'sequence', game, to, window: kept }));
    return;
  }
  const sequence = await ask({ question: 'sequence', game, to });
  const values = sequence.values;
  Object.assign(shown, { sequence, from: 0, to: values.length - 1, cursor: null });
  const period = sequence.period;
  const preperiod = sequence.preperiod;
  let summary = `${sequence.game}${sequence.code ? ` (${sequence.code})` : ''}: ${values.length} values, largest ${sequence.largest}`;
  if (period) summary += `; period ${period} from n = ${preperiod} (pre-period ${preperiod})`;
  else summary += '; no period proven in this range';
  $('sequence-summary').textContent = summary;
  const view = $('sequence-view');
  view.replaceChildren();
  const tools = document.createElement('div');
  tools.className = 'controls';
  const button = (text, title, action, testid) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = text;
    element.title = title;
    element.dataset.testid = testid;
    element.addEventListener('click', action);
    tools.appendChild(element);
  };
  button('+', 'zoom in: half as many heaps, around the cursor (the + key on the plot)', () => zoom(0.5), 'zoom-in');
  button('−', 'zoom out: twice as many heaps (the − key on the plot)', () => zoom(2), 'zoom-out');
  button('Reset', 'every heap of the answer again (the 0 key on the plot)', () => showRange(0, values.length - 1), 'zoom-reset');
  offerCsv(tools, fileName(`${sequence.game} 0 ${values.length - 1}`, 'csv'), () => sequenceCsv(sequence));
  const reading = document.createElement('span');
  reading.id = 'sequence-reading';
  reading.dataset.testid = 'sequence-reading';
  reading.setAttribute('aria-live', 'polite');
  tools.appendChild(reading);
  const plot = document.createElement('div');
  plot.id = 'sequence-plot-box';
  view.append(tools, plot);
  drawPlot();
}

// A count short enough for the axis: 25000 is 25k, 3500000 is 3.5M.
function shortCount(count) {
  if (count >= 1e6) return `${(count / 1e6).toFixed(1)}M`;
  if (count >= 1e4) return `${Math.round(count / 1e3)}k`;
  return String(count);
}

// A windowed sequence's answer: what it found, and the count of each value over every heap
// answered as a bar per value (the counts at every power of two go in the CSV).
function drawCounts(report) {
  const rare = report.rare;
  const last = report.finished - 1;
  let summary = `${report.game}${report.code !== report.game ? ` (${report.code})` : ''}: heaps 0 to ${last} with a window of ${report.window} heaps (${Math.round(report.memory_bytes / 1024)} KiB whatever n); largest value ${report.largest}, first at heap ${report.largest_at}; ${rare.heaps} rare heaps${rare.last === null ? '' : `, the last at heap ${rare.last}`}`;
  if (report.stopped_by) summary += `. Stopped at heap ${report.finished}: ${report.stopped_by}`;
  $('sequence-summary').textContent = summary;
  const view = $('sequence-view');
  view.replaceChildren();
  const tools = document.createElement('div');
  tools.className = 'controls';
  offerCsv(tools, fileName(`${report.game} counts 1 ${last}`, 'csv'), () => countsCsv(report));
  const lastValues = document.createElement('span');
  lastValues.dataset.testid = 'last-values';
  lastValues.textContent = `last values (heaps ${report.last_values_from} to ${last}): ${report.last_values.join(' ')}`;
  tools.appendChild(lastValues);
  const box = document.createElement('div');
  view.append(tools, box);
  const counts = report.counts[report.counts.length - 1].counts;
  let most = 1;
  for (const count of counts) if (count > most) most = count;
  const width = Math.max(300, Math.min(900, view.clientWidth || 900));
  const plotWidth = width - LEFT - RIGHT;
  const svg = svgElement('svg', {
    width, height: HEIGHT, 'font-family': 'sans-serif', 'font-size': 12, 'data-testid': 'value-counts',
    role: 'img', 'aria-label': `the count of each value of ${report.game} over heaps 1 to ${last}`,
  }, box);
  const barWidth = plotWidth / counts.length;
  const bars = svgElement('g', { 'data-testid': 'bars' }, svg);
  counts.forEach((count, value) => {
    if (count === 0) return;
    const height = (count / most) * PLOT_HEIGHT;
    const bar = svgElement('rect', {
      x: LEFT + value * barWidth, y: TOP + PLOT_HEIGHT - height, width: Math.max(1, barWidth - 0.5), height,
      fill: value === 0 ? 'crimson' : 'steelblue',
    }, bars);
    svgElement('title', {}, bar).textContent = `value ${value}: ${count} heaps`;
  });
  drawAxes(svg, plotWidth, (tick) => {
    const value = Math.round(((counts.length - 1) * tick) / 4);
    return {
      across: [LEFT + (value + 0.5) * barWidth, String(value)],
      up: [TOP + PLOT_HEIGHT - (PLOT_HEIGHT * tick) / 4, shortCount(Math.round((most * tick) / 4))],
    };
  }, `g(n) (value); how many of heaps 1 to ${last} have it, upwards`);
}

// The plot's two axes, five labelled ticks on each (`tick(0)` to `tick(4)` place and name them:
// `across` an x and its label under the plot, `up` a y and its label left of it), and the
// caption under it all.
function drawAxes(svg, plotWidth, tick, caption) {
  svgElement('line', { x1: LEFT, y1: TOP + PLOT_HEIGHT, x2: LEFT + plotWidth, y2: TOP + PLOT_HEIGHT, stroke: 'black' }, svg);
  svgElement('line', { x1: LEFT, y1: TOP, x2: LEFT, y2: TOP + PLOT_HEIGHT, stroke: 'black' }, svg);
  for (let step = 0; step <= 4; step += 1) {
    const { across: [x, xLabel], up: [y, yLabel] } = tick(step);
    svgText(svg, x, TOP + PLOT_HEIGHT + 16, xLabel, { 'text-anchor': 'middle' });
    svgText(svg, LEFT - 6, y + 4, yLabel, { 'text-anchor': 'end' });
  }
  svgText(svg, LEFT + plotWidth / 2, HEIGHT - 6, caption, { 'text-anchor': 'middle' });
}

// The heaps `from`..`to` shown (kept within the answer and at least LEAST_SPAN wide), redrawn.
function showRange(from, to) {
  const last = shown.sequence.values.length - 1;
  const span = Math.min(last, Math.max(LEAST_SPAN, to - from));
  let start = Math.max(0, Math.min(from, last - span));
  start = Math.round(start);
  shown.from = start;
  shown.to = start + Math.round(span);
  if (shown.cursor !== null && (shown.cursor < shown.from || shown.cursor > shown.to)) shown.cursor = null;
  drawPlot();
}

// Zoomed by `factor` of the heaps shown (½ in, 2 out), around the cursor or the middle.
function zoom(factor) {
  const centre = shown.cursor === null ? (shown.from + shown.to) / 2 : shown.cursor;
  const span = (shown.to - shown.from) * factor;
  showRange(Math.round(centre - span / 2), Math.round(centre + span / 2));
}

// The plot's x of heap `n` and y of value `value`, and the heap under an x.
function scales(width, largest) {
  const plotWidth = width - LEFT - RIGHT;
  const span = Math.max(1, shown.to - shown.from);
  return {
    plotWidth,
    x: (n) => LEFT + ((n - shown.from) / span) * plotWidth,
    y: (value) => TOP + PLOT_HEIGHT - (value / largest) * PLOT_HEIGHT,
    heapAt: (x) => Math.max(shown.from, Math.min(shown.to, Math.round(shown.from + ((x - LEFT) / plotWidth) * span))),
  };
}

function drawPlot() {
  const { sequence } = shown;
  const values = sequence.values;
  const { from, to } = shown;
  // A loop, not Math.max(...values): spreading a few hundred thousand values overflows the
  // call stack.
  let largest = 1;
  for (let n = from; n <= to; n += 1) if (values[n] > largest) largest = values[n];
  const box = $('sequence-plot-box');
  // As wide as the screen has room for, up to 900 pixels: on a phone a 900-pixel plot scaled
  // down wrote its labels 5 pixels high.
  const width = Math.max(300, Math.min(900, $('sequence-view').clientWidth || 900));
  const { plotWidth, x, y, heapAt } = scales(width, largest);
  box.replaceChildren();
  const svg = svgElement('svg', {
    width, height: HEIGHT, 'font-family': 'sans-serif', 'font-size': 12, 'data-testid': 'sequence-plot',
    tabindex: 0, role: 'img', 'data-from': from, 'data-to': to,
  }, box);
  svgElement('title', {}, svg);
  const period = sequence.period;
  const preperiod = sequence.preperiod;
  if (period) {
    if (preperiod < values.length) {
      const start = Math.max(preperiod, from);
      if (start <= to) {
        svgElement('rect', { x: x(start), y: TOP, width: x(to) - x(start), height: PLOT_HEIGHT, fill: '#fff3c4', 'data-testid': 'periodic-part' }, svg);
      }
      if (preperiod >= from && preperiod <= to) {
        svgElement('line', { x1: x(preperiod), y1: TOP, x2: x(preperiod), y2: TOP + PLOT_HEIGHT, stroke: '#b08800', 'stroke-dasharray': '4 3', 'data-testid': 'preperiod-mark' }, svg);
        const end = Math.min(preperiod + period, to);
        svgElement('line', { x1: x(preperiod), y1: TOP + 6, x2: x(end), y2: TOP + 6, stroke: '#805f00', 'stroke-width': 3, 'data-testid': 'period-mark' }, svg);
        svgText(svg, x(preperiod) + 4, TOP + 20, `period ${period} from n = ${preperiod}`, { fill: '#805f00' });
      }
    } else {
      svgText(svg, width - RIGHT, TOP + 14, `period ${period} from n = ${preperiod} (past this plot)`, { 'text-anchor': 'end', fill: '#805f00', 'data-testid': 'period-mark' });
    }
  }
  drawAxes(svg, plotWidth, (tick) => {
    const n = from + Math.round(((to - from) * tick) / 4);
    const value = Math.round((largest * tick) / 4);
    return { across: [x(n), String(n)], up: [y(value), String(value)] };
  }, 'n (heap size); g(n) upwards; red: g(n) = 0');
  const points = svgElement('g', { 'data-testid': 'points' }, svg);
  // One mark per pixel column and value: a long sequence draws as many marks as the plot
  // has room for, not one per heap size.
  const count = to - from + 1;
  const drawn = new Set();
  for (let n = from; n <= to; n += 1) {
    const value = values[n];
    const key = `${Math.round(x(n))},${value}`;
    if (count > 2000 && drawn.has(key)) continue;
    drawn.add(key);
    svgElement('circle', { cx: x(n), cy: y(value), r: count > 400 ? 1.2 : 2.5, fill: value === 0 ? 'crimson' : 'steelblue' }, points);
  }
  const cursor = svgElement('g', { 'data-testid': 'sequence-cursor', 'pointer-events': 'none' }, svg);
  const selection = svgElement('rect', { y: TOP, height: PLOT_HEIGHT, fill: 'rgba(70, 110, 180, 0.2)', visibility: 'hidden', 'data-testid': 'zoom-selection' }, svg);
  const moveCursor = () => {
    cursor.replaceChildren();
    const n = shown.cursor;
    if (n !== null) {
      svgElement('line', { x1: x(n), y1: TOP, x2: x(n), y2: TOP + PLOT_HEIGHT, stroke: '#444', 'stroke-dasharray': '2 2' }, cursor);
      svgElement('circle', { cx: x(n), cy: y(values[n]), r: 5, fill: 'none', stroke: '#111', 'stroke-width': 2 }, cursor);
    }
    readValue(svg);
  };
  moveCursor();
  listen(svg, { x, heapAt, width, selection, moveCursor });
}

// What the plot says in words, beside it and as its title and label: the heaps shown and the
// cursor's heap and value.
function readValue(svg) {
  const { sequence, from, to, cursor } = shown;
  const range = `heaps ${from} to ${to} of ${sequence.game}`;
  const reading = cursor === null ? '' : `n = ${cursor}: g(${cursor}) = ${sequence.values[cursor]}`;
  $('sequence-reading').textContent = reading || 'point at the plot, or use the arrow keys on it, to read a value; drag across it to zoom';
  svg.querySelector('title').textContent = reading ? `${reading} (${range})` : range;
  svg.setAttribute('aria-label', reading ? `${reading}; ${range}` : `${range}; the arrow keys read the values`);
}

// The pointer reads the heap under it; a drag across heaps zooms into them; the keys move the
// cursor heap by heap (the range follows it), + and − zoom, 0 resets.
function listen(svg, { x, heapAt, width, selection, moveCursor }) {
  const heapOf = (event) => {
    const box = svg.getBoundingClientRect();
    return heapAt(((event.clientX - box.left) * width) / box.width);
  };
  let dragFrom = null;
  svg.addEventListener('pointerdown', (event) => {
    dragFrom = heapOf(event);
    svg.setPointerCapture(event.pointerId);
  });
  svg.addEventListener('pointermove', (event) => {
    const n = heapOf(event);
    if (dragFrom !== null && n !== dragFrom) {
      selection.setAttribute('x', x(Math.min(n, dragFrom)));
      selection.setAttribute('width', Math.abs(x(n) - x(dragFrom)));
      selection.setAttribute('visibility', 'visible');
    }
    if (n === shown.cursor) return;
    shown.cursor = n;
    moveCursor();
  });
  svg.addEventListener('pointerup', (event) => {
    const n = heapOf(event);
    const start = dragFrom;
    dragFrom = null;
    selection.setAttribute('visibility', 'hidden');
    if (start !== null && n !== start) showRange(Math.min(n, start), Math.max(n, start));
  });
  svg.addEventListener('keydown', (event) => {
    const last = shown.sequence.values.length - 1;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowDown: -1, ArrowUp: 1 }[event.key];
    if (step !== undefined) {
      const from = shown.cursor === null ? (step > 0 ? shown.from - 1 : shown.to + 1) : shown.cursor;
      shown.cursor = Math.max(0, Math.min(last, from + step));
      if (shown.cursor < shown.from || shown.cursor > shown.to) {
        // The range follows the cursor out of it, keeping its width.
        const span = shown.to - shown.from;
        const start = shown.cursor < shown.from ? shown.cursor : shown.cursor - span;
        showRange(start, start + span);
      } else {
        moveCursor();
      }
    } else if (event.key === '+' || event.key === '=') zoom(0.5);
    else if (event.key === '-' || event.key === '−') zoom(2);
    else if (event.key === '0') showRange(0, last);
    else return;
    event.preventDefault();
    // A redrawn plot is a new element: the keys go on working on it.
    const plot = $('sequence-plot-box').querySelector('svg');
    if (plot && document.activeElement !== plot) plot.focus();
  });
}

$('sequence-form').addEventListener('submit', (event) => {
  event.preventDefault();
  drawView('sequence', drawSequence);
});
