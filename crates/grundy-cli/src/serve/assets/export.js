// Exports: the board on the Play tab as SVG or PNG (the picture drawn, serialised; the PNG
// painted from it through a canvas), a table or a sequence as CSV (from the answer's values,
// not from what is drawn). Each file is saved from a Blob URL under a name that says what it
// holds: `knights-5x5.svg`, `kayles-0-100.csv`.

import { $, showError } from './common.js';

// A file name from the words that name what it holds: `knights 5x5` is `knights-5x5`. Long
// positions are cut, so that a name stays one a file system takes.
export function fileName(words, extension) {
  const slug = words.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '');
  return `${slug || 'grundy'}.${extension}`;
}

function download(blob, name) {
  const address = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = address;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is over; the address is freed after.
  setTimeout(() => URL.revokeObjectURL(address), 1000);
}

// A field of a CSV line, quoted when it holds a comma, a quote or a line break (RFC 4180).
function csvField(value) {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvText(lines) {
  return lines.map((fields) => fields.map(csvField).join(',')).join('\r\n') + '\r\n';
}

// A table's answer as CSV: a header of the column labels, then each row's label and its
// values, a cell the time given did not finish left empty.
export function tableCsv(table) {
  const lines = [['rows\\cols', ...table.cols]];
  table.rows.forEach((row, i) => lines.push([row, ...table.cols.map((_, j) => table.nimbers[i][j])]));
  return csvText(lines);
}

// A sequence's answer as CSV: `heap,value`, one line per heap size from 0.
export function sequenceCsv(sequence) {
  const lines = [['heap', 'value']];
  sequence.values.forEach((value, heap) => lines.push([heap, value]));
  return csvText(lines);
}

// A windowed sequence's counts as CSV: `up_to,value,count`, the count of each value over heaps
// 1 to every power of two and to the last heap.
export function countsCsv(report) {
  const lines = [['up_to', 'value', 'count']];
  for (const counted of report.counts) counted.counts.forEach((count, value) => lines.push([counted.up_to, value, count]));
  return csvText(lines);
}

// A button saving `csv()` as `name`, put in `container`: it goes with the view it belongs to
// when the view is cleared (a refused request clears it, link.js).
export function offerCsv(container, name, csv) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'export';
  button.textContent = 'Save as CSV';
  button.title = `the values as ${name}`;
  button.dataset.export = 'csv';
  button.addEventListener('click', () => download(new Blob([csv()], { type: 'text/csv' }), name));
  container.appendChild(button);
  return button;
}

// The board's picture as a standalone SVG file: the element drawn, without what only the page
// gives it (the width kept for a finger on a phone, the focus).
function boardSvgText(svg) {
  const copy = svg.cloneNode(true);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.removeAttribute('style');
  for (const element of copy.querySelectorAll('[tabindex]')) element.removeAttribute('tabindex');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

// Twice the drawn size: a board pasted into slides or shown on a projector stays sharp.
const PNG_SCALE = 2;

function boardPng(svg) {
  const width = Number(svg.getAttribute('width'));
  const height = Number(svg.getAttribute('height'));
  // A data: address, not a Blob's: the server's Content-Security-Policy lets images come
  // from the page itself and from data: only (routes.rs).
  const address = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(boardSvgText(svg))}`;
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width * PNG_SCALE;
      canvas.height = height * PNG_SCALE;
      const context = canvas.getContext('2d');
      // A white ground, as on the page: a transparent PNG shows dark on a dark slide.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser could not make a PNG of the board'))), 'image/png');
    };
    image.onerror = () => {
      reject(new Error('the browser could not paint the board to make a PNG'));
    };
    image.src = address;
  });
}

// The board drawn on the Play tab, if it is a picture (heaps are drawn as rows of pins and
// buttons, not as one picture).
const boardPicture = () => $('board').querySelector(':scope > svg');

// The name of the game shown, as the library wrote it (`knights 5x5`).
const gameShown = () => $('play-text').textContent.trim();

$('play-export-svg').addEventListener('click', () => {
  const svg = boardPicture();
  if (!svg) return;
  download(new Blob([boardSvgText(svg)], { type: 'image/svg+xml' }), fileName(gameShown(), 'svg'));
});

$('play-export-png').addEventListener('click', async () => {
  const svg = boardPicture();
  if (!svg) return;
  try {
    download(await boardPng(svg), fileName(gameShown(), 'png'));
  } catch (error) {
    showError(error.message);
  }
});

// The board's buttons are offered while a picture is drawn, whatever view drew it: the board
// is watched rather than each drawing asked to say so.
function offerBoardExports() {
  const none = !boardPicture();
  $('play-export-svg').hidden = none;
  $('play-export-png').hidden = none;
}
new MutationObserver(offerBoardExports).observe($('board'), { childList: true });
offerBoardExports();
