// What every view of the page uses: its elements, SVG pictures, the library's colours and the
// names of squares and values as the command line writes them.

const SVG_NS = 'http://www.w3.org/2000/svg';

export const $ = (id) => document.getElementById(id);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function svgElement(tag, attributes, parent) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    element.setAttribute(name, value);
  }
  if (tag === 'svg' && attributes && attributes.width && attributes.height && !attributes.viewBox) {
    // A picture drawn in pixels scales down to a narrow screen (style.css: max-width 100%).
    element.setAttribute('viewBox', `0 0 ${attributes.width} ${attributes.height}`);
  }
  if (parent) parent.appendChild(element);
  return element;
}

// An empty picture for a board of `rowCount` x `colCount` squares in `container`, as the Play
// tab draws boards of pieces and of dominoes alike: the square's size and the margin kept for
// the row and column labels come with it. `attributes` are added to the picture's own.
export function emptyBoardPicture(container, rowCount, colCount, attributes = {}) {
  const cell = Math.max(16, Math.min(48, Math.floor(560 / Math.max(rowCount, colCount))));
  const margin = 28;
  const svg = svgElement('svg', {
    width: colCount * cell + margin + 8,
    height: rowCount * cell + margin + 8,
    'font-family': 'sans-serif',
    'font-size': Math.min(13, cell / 2.5),
    'data-testid': 'board',
    ...attributes,
  }, container);
  return { svg, cell, margin };
}

export function svgText(parent, x, y, text, attributes) {
  const element = svgElement('text', Object.assign({ x, y }, attributes || {}), parent);
  element.textContent = text;
  return element;
}

// The smallest a square may be drawn on a touch screen, in CSS pixels: a fingertip's width.
const TOUCH_SIZE = 40;

// A board of `cell`-pixel squares keeps them TOUCH_SIZE wide on a phone: style.css gives its
// picture this least width there, and the board scrolls sideways in its box rather than
// shrinking its squares under a finger.
export function keepTouchSize(svg, cell) {
  svg.style.setProperty('--touch-width', `${Math.ceil((Number(svg.getAttribute('width')) * TOUCH_SIZE) / cell)}px`);
}

// The colours of the library's pictures (crates/grundy/src/picture/mod.rs): 0 is white,
// larger values run through hues so that neighbours differ.
export function valueColour(value) {
  if (value === 0) return '#ffffff';
  return `hsl(${(value * 137) % 360}, 65%, 60%)`;
}

// Column letters as the command line writes squares: a..z, aa, ab, ...
export function columnLetters(index) {
  let number = index + 1;
  let letters = '';
  while (number > 0) {
    letters = String.fromCharCode(97 + ((number - 1) % 26)) + letters;
    number = Math.floor((number - 1) / 26);
  }
  return letters;
}

export function squareName(row, col) {
  return columnLetters(col - 1) + row;
}

// A nim-value as written, `?` for one the time given did not find.
export function nimberText(value) {
  if (value === undefined || value === null) return '?';
  return value === 0 ? '0' : `*${value}`;
}

// A board size as the forms and reports write it, `5x7`; null for other text.
export function parseBoard(text) {
  const match = /^\s*(\d+)\s*x\s*(\d+)\s*$/i.exec(text);
  return match ? { rows: Number(match[1]), cols: Number(match[2]) } : null;
}

export function showError(message) {
  const box = $('error');
  box.textContent = message || '';
  box.hidden = !message;
}

// A legend's row: a swatch of `colour` (framed as the winning moves are when `frame`,
// values.js's WINNING_FRAME) and what it means.
export function swatch(legend, colour, text, frame) {
  const row = document.createElement('div');
  const box = document.createElement('span');
  box.className = 'swatch';
  box.style.background = colour;
  if (frame) box.classList.add('winning-frame');
  row.append(box, text);
  legend.appendChild(row);
}
