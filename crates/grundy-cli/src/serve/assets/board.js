// Drawing the boards of the Play tab: pieces on a board (played with the mouse or the
// keyboard, or set up by clicking) and a corner game's grid. What is drawn is what the answers
// say: the position they type, their moves' squares (`row`, `col`) and corners, who played
// each move.

import {
  $, emptyBoardPicture, columnLetters, keepTouchSize, nimberText, squareName, svgElement, svgText,
} from './common.js';
import { play, drawnPosition, gameOver, misereShown, playerAfter, personToMove, showingValues } from './state.js';
import { PLAYER_COLOURS, moveColour, moveState, winningFrame } from './values.js';
import { actions } from './actions.js';
import { renderLegend } from './legend.js';

// The letter of a piece, for a position set up by clicking (and the piece being played until
// the answer about its position comes), as the catalogue gives it (`leaper:A,B` has the
// leapers' letter).
export function pieceLetter(piece) {
  return play.pieceLetters[piece] || play.leaperLetter;
}

// The letter of the piece a move puts down: written before its square with several pieces
// (`Ba1`), else the piece's.
function letterOf(move) {
  return move.move.slice(0, move.move.length - move.square.length) || pieceLetter(move.piece);
}

function renderPieceChoice(analysis) {
  const choice = $('piece-choice');
  choice.replaceChildren();
  if (!play.name.includes('+') || !analysis) return;
  const pieces = [...new Set(analysis.moves.map((move) => move.piece))];
  if (!pieces.includes(play.piece)) play.piece = pieces[0] || null;
  choice.append('Piece: ');
  for (const piece of pieces) {
    const label = document.createElement('label');
    const radio = document.createElement('input');
    radio.type = 'radio';
    radio.name = 'piece';
    radio.value = piece;
    radio.dataset.piece = piece;
    radio.checked = piece === play.piece;
    radio.addEventListener('change', () => {
      play.piece = piece;
      actions.renderPlay();
    });
    label.append(radio, ` ${piece} `);
    choice.appendChild(label);
  }
}

// Who put down each piece of this game, and the last one put down: the squares of the moves
// in the history (pieces set up before the game have no owner).
function placementOwners() {
  const owners = new Map();
  let last = null;
  for (const entry of play.history) {
    if (!entry.move || !entry.move.square) continue;
    owners.set(entry.move.square, playerAfter(entry.plies));
    last = entry.move.square;
  }
  return { owners, last };
}

// ---- The keyboard on a board: one square takes the focus (Tab reaches it), the arrow keys
// move it, and Enter or Space plays there, as a click does (dominoes.js's board too).

export function focusedSquare(rowCount, colCount) {
  play.focus.row = Math.min(Math.max(play.focus.row, 1), rowCount);
  play.focus.col = Math.min(Math.max(play.focus.col, 1), colCount);
  return squareName(play.focus.row, play.focus.col);
}

export function boardKey(event, svg, rowCount, colCount) {
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (event.key in steps) {
    event.preventDefault();
    const [down, right] = steps[event.key];
    const before = svg.querySelector(`[data-square="${focusedSquare(rowCount, colCount)}"]`);
    play.focus.row += down;
    play.focus.col += right;
    const after = svg.querySelector(`[data-square="${focusedSquare(rowCount, colCount)}"]`);
    if (before) before.setAttribute('tabindex', '-1');
    if (after) {
      after.setAttribute('tabindex', '0');
      after.focus();
    }
  } else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    const square = svg.querySelector(`[data-square="${focusedSquare(rowCount, colCount)}"]`);
    if (square) square.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }
}

// A move drawn as a picture's element (a corner game's target square, a Node Kayles vertex)
// played with the keyboard: Tab reaches it, Enter or Space plays it, and it is labelled for
// screen readers (`3,4: leads to *2`).
export function keyboardMove(group, name, move, showValues) {
  group.setAttribute('tabindex', '0');
  group.setAttribute('role', 'button');
  group.setAttribute('aria-label', `${name}: ${showValues ? moveState(move) : 'a move'}`);
  group.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    group.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
}

// After a redraw the focus goes back to the square that had it, if the board had it.
export function keepFocus(container, hadFocus) {
  if (!hadFocus) return;
  const square = container.querySelector('[tabindex="0"][data-square]');
  if (square) square.focus();
}

export function renderPlacement(container, analysis) {
  renderPieceChoice(analysis);
  const { position, move: played } = drawnPosition();
  // No position is known of a game the library refused: its message says why.
  if (!position) return;
  const rows = position.split('/');
  const { owners, last } = placementOwners();
  const rowCount = rows.length;
  const colCount = rows[0].length;
  const { svg, cell, margin } = emptyBoardPicture(container, rowCount, colCount);
  const moves = analysis ? analysis.moves : [];
  const several = play.name.includes('+');
  const shown = several ? moves.filter((move) => move.piece === play.piece) : moves;
  const bySquare = new Map(shown.map((move) => [move.square, move]));
  const anyPiece = new Set(moves.map((move) => move.square));
  const showValues = showingValues();
  const humanTurn = analysis && !gameOver() && personToMove();
  const settingUp = $('setup-mode').checked;
  for (let col = 1; col <= colCount; col += 1) {
    svgText(svg, margin + (col - 0.5) * cell, margin - 8, columnLetters(col - 1), { 'text-anchor': 'middle' });
  }
  for (let row = 1; row <= rowCount; row += 1) {
    const y = margin + (row - 1) * cell;
    svgText(svg, margin - 6, y + cell / 2 + 4, String(row), { 'text-anchor': 'end' });
    for (let col = 1; col <= colCount; col += 1) {
      const x = margin + (col - 1) * cell;
      const name = squareName(row, col);
      // The piece just played stands on its square while the position it leads to is asked.
      const letter = played && played.square === name ? letterOf(played) : rows[row - 1][col - 1];
      const move = bySquare.get(name);
      const light = (row + col) % 2 === 0;
      let fill;
      // Until the moves are known (a search under way) every empty square is drawn free.
      if (letter !== '.' || (analysis && !anyPiece.has(name))) fill = light ? '#f2b8b5' : '#e39a96';
      else if (showValues && move) fill = moveColour(move);
      else fill = light ? '#f0ead8' : '#d9cfb4';
      const owner = letter !== '.' ? owners.get(name) : undefined;
      const state = letter !== '.'
        ? `${letter} of the ${owner || 'set-up'} ${owner ? 'player' : 'position'}`
        : move ? `free${showValues ? `, ${moveState(move)}` : ''}`
          : analysis ? 'attacked' : 'empty, its moves being worked out';
      const group = svgElement('g', {
        class: move && humanTurn ? 'square legal' : 'square',
        'data-square': name,
        role: 'button',
        'aria-label': `${name}: ${state}`,
        tabindex: name === focusedSquare(rowCount, colCount) ? '0' : '-1',
      }, svg);
      svgElement('rect', { x, y, width: cell, height: cell, fill }, group);
      if (move && move.winning && (showValues || play.hint)) {
        winningFrame(group, x, y, cell);
      }
      if (letter !== '.') {
        svgElement('circle', { cx: x + cell / 2, cy: y + cell / 2, r: cell / 3, fill: owner ? PLAYER_COLOURS[owner] : '#222222', 'data-owner': owner || 'set-up' }, group);
        if (name === last) {
          svgElement('rect', { x: x + 1.5, y: y + 1.5, width: cell - 3, height: cell - 3, fill: 'none', stroke: '#f0c040', 'stroke-width': 3, 'data-testid': 'last-move' }, group);
        }
        svgText(group, x + cell / 2, y + cell / 2 + 4, letter, { 'text-anchor': 'middle', fill: 'white', 'font-weight': 'bold' });
      } else if (showValues && move && !misereShown()) {
        svgText(group, x + cell - 3, y + cell - 4, nimberText(move.nimber), { 'text-anchor': 'end', 'font-size': Math.min(11, cell / 3) });
      }
      // The square clicked keeps the keyboard's focus when the board is drawn anew (it went
      // back to the last square reached by the arrows, a1 at first).
      group.addEventListener('pointerdown', () => Object.assign(play.focus, { row, col }));
      if (settingUp) {
        group.classList.add('legal');
        group.addEventListener('click', () => actions.toggleSetupPiece(row, col));
      } else if (move) {
        group.addEventListener('click', () => actions.humanMove(move));
      }
    }
  }
  svgElement('rect', { x: margin, y: margin, width: colCount * cell, height: rowCount * cell, fill: 'none', stroke: 'black' }, svg);
  keepTouchSize(svg, cell);
  svg.addEventListener('keydown', (event) => boardKey(event, svg, rowCount, colCount));
  renderLegend(showValues ? shown : null);
}

// The most rows and columns of a corner game's grid drawn.
const CORNER_SPAN = 40;

export function renderCorner(container, analysis) {
  $('piece-choice').replaceChildren();
  // The piece's square: the position typed (`7 9`), or the corner of the move just played.
  const { position, move: played } = drawnPosition();
  const [row, col] = played ? played.corner : position.trim().split(/\s+/).map(Number);
  if (!Number.isInteger(row) || !Number.isInteger(col)) {
    container.textContent = `a corner game's position is its piece's square, two numbers such as 7 9 (not \`${position.trim()}\`)`;
    return;
  }
  const moves = analysis ? analysis.moves : [];
  const targets = new Map(moves.map((move) => [`${move.corner[0]},${move.corner[1]}`, move]));
  const showValues = showingValues();
  const humanTurn = analysis && !gameOver() && personToMove();
  const rowCount = Math.max(row, ...moves.map((m) => m.corner[0])) + 1;
  const colCount = Math.max(col, ...moves.map((m) => m.corner[1])) + 1;
  // A grid far from the corner (the library takes squares up to 5000 5000: 25 million cells)
  // is drawn as its last CORNER_SPAN rows and columns, around the piece, numbered as they are.
  const firstRow = Math.max(0, rowCount - CORNER_SPAN);
  const firstCol = Math.max(0, colCount - CORNER_SPAN);
  const cell = Math.max(14, Math.min(40, Math.floor(520 / Math.max(rowCount - firstRow, colCount - firstCol))));
  const margin = 36;
  const svg = svgElement('svg', { width: (colCount - firstCol) * cell + margin + 8, height: (rowCount - firstRow) * cell + margin + 8, 'font-family': 'sans-serif', 'font-size': 11 }, container);
  for (let c = firstCol; c < colCount; c += 1) svgText(svg, margin + (c - firstCol + 0.5) * cell, margin - 8, String(c), { 'text-anchor': 'middle', 'font-size': firstCol > 0 ? 8 : 11 });
  for (let r = firstRow; r < rowCount; r += 1) {
    svgText(svg, margin - 4, margin + (r - firstRow) * cell + cell / 2 + 4, String(r), { 'text-anchor': 'end', 'font-size': firstRow > 0 ? 8 : 11 });
    for (let c = firstCol; c < colCount; c += 1) {
      const x = margin + (c - firstCol) * cell;
      const y = margin + (r - firstRow) * cell;
      const move = targets.get(`${r},${c}`);
      const group = svgElement('g', { class: move && humanTurn ? 'square legal' : 'square', 'data-square': `${r},${c}` }, svg);
      const fill = showValues && move ? moveColour(move) : ((r + c) % 2 === 0 ? '#f0ead8' : '#d9cfb4');
      svgElement('rect', { x, y, width: cell, height: cell, fill }, group);
      if (move && (showValues || play.hint) && move.winning) {
        winningFrame(group, x, y, cell);
      } else if (move && !showValues) {
        svgElement('circle', { cx: x + cell / 2, cy: y + cell / 2, r: cell / 8, fill: '#555' }, group);
      }
      if (move && showValues && !misereShown()) {
        // The value in figures too, not in colour alone (under misère play the frame says
        // which moves win).
        svgText(group, x + cell / 2, y + cell / 2 + 4, nimberText(move.nimber), { 'text-anchor': 'middle', 'data-testid': 'corner-value' });
      }
      if (r === row && c === col) {
        svgElement('circle', { cx: x + cell / 2, cy: y + cell / 2, r: cell / 3, fill: '#222222', 'data-testid': 'corner-piece' }, group);
      }
      if (move) {
        group.addEventListener('click', () => actions.humanMove(move));
        if (humanTurn) keyboardMove(group, `${r} ${c}`, move, showValues);
      }
    }
  }
  if (firstRow === 0 && firstCol === 0) {
    svgElement('rect', { x: margin, y: margin, width: cell, height: cell, fill: 'none', stroke: 'crimson', 'stroke-width': 2 }, svg);
  } else {
    const note = document.createElement('p');
    note.dataset.testid = 'corner-window';
    note.textContent = `rows ${firstRow}–${rowCount - 1} and columns ${firstCol}–${colCount - 1} of the grid are drawn; the corner, 0 0, is further up and to the left, and moves that go off the picture are not drawn (Hint names the winning ones)`;
    container.appendChild(note);
  }
  keepTouchSize(svg, cell);
  renderLegend(showValues ? moves : null);
}
