// Drawing a board dominoes are laid on (the catalogue's drawing `dominoes`, Cram) on the Play
// tab. What is drawn is what the answers say: the position's rows (`.` a free square, `#` a
// covered one), and each move's two squares (`squares`, `rows`, `cols`). The dominoes laid in
// this game are the moves of the history, each drawn as one piece over its two squares in the
// colour of who laid it; squares covered before the game are drawn covered, since a position
// does not say which two make a domino. A move is one the analysis lists, chosen by its two
// squares: a click on one and a click on a neighbour, a drag from one to the other, or the
// keyboard (Enter on a square, an arrow to the neighbour, Enter again; Escape lets go).

import {
  $, emptyBoardPicture, columnLetters, keepTouchSize, nimberText, squareName, svgElement, svgText,
} from './common.js';
import { play, drawnPosition, gameOver, misereShown, playerAfter, personToMove, showingValues } from './state.js';
import { COVERED_COLOUR, PLAYER_COLOURS, WINNING_FRAME, moveColour, moveState, winningFrame } from './values.js';
import { actions } from './actions.js';
import { renderLegend } from './legend.js';
import { boardKey, focusedSquare } from './board.js';

// The square chosen first, and its neighbours that make a domino with it.
const CHOSEN_COLOUR = '#9cc3ee';
const PARTNER_COLOUR = '#d6e8fa';
const NO_DOMINO_COLOUR = '#f2b8b5';

// The square chosen first, with the analysis it was chosen in: a new position forgets it.
let chosen = { analysis: null, square: null };
// The square a drag started on, until the pointer is let go.
let dragFrom = null;

function chosenSquare(analysis) {
  return analysis && chosen.analysis === analysis ? chosen.square : null;
}

// The dominoes laid in this game that cover squares of the position drawn (`covered`): the
// moves of the history, each with who laid it, the last one laid marked.
function laidDominoes(covered) {
  const laid = [];
  for (const entry of play.history) {
    const move = entry.move;
    if (!move || !move.squares || !move.squares.every((square) => covered.has(square))) continue;
    laid.push({ move, owner: playerAfter(entry.plies), last: false });
  }
  if (laid.length > 0 && play.history[play.history.length - 1].move === laid[laid.length - 1].move) {
    laid[laid.length - 1].last = true;
  }
  return laid;
}

// The moves listed, by each of their squares: the move and the square it pairs that one with.
function optionsBySquare(moves) {
  const options = new Map();
  const add = (square, option) => {
    if (!options.has(square)) options.set(square, []);
    options.get(square).push(option);
  };
  for (const move of moves) {
    const [a, b] = move.squares;
    add(a, { move, partner: b });
    add(b, { move, partner: a });
  }
  return options;
}

// What a square's label says: what covers it, or what it offers the person.
function squareLabel(name, { domino, covered, from, partnerMove, count, analysis, showValues }) {
  if (domino) return `${name}: covered by the ${domino.owner} player's domino ${domino.move.move}`;
  if (covered) return `${name}: covered before the game`;
  if (!analysis) return `${name}: free, its moves being worked out`;
  if (name === from) return `${name}: chosen; go to a neighbour and press Enter to lay the domino, or Escape to let go`;
  if (partnerMove) return `${name}: lays ${partnerMove.move}${showValues ? `, ${moveState(partnerMove)}` : ''}`;
  if (count === 0) return `${name}: free, no domino fits`;
  return `${name}: free, ${count} ${count === 1 ? 'domino' : 'dominoes'} from here`;
}

export function renderDominoes(container, analysis) {
  $('piece-choice').replaceChildren();
  const { position, move: pending } = drawnPosition();
  // No position is known of a game the library refused: its message says why.
  if (!position) return;
  const rows = position.split('/');
  const rowCount = rows.length;
  const colCount = rows[0].length;
  const covered = new Set();
  rows.forEach((line, row) => [...line].forEach((mark, col) => {
    if (mark !== '.') covered.add(squareName(row + 1, col + 1));
  }));
  // The person's domino stands on its squares while the position it leads to is asked.
  if (pending && pending.squares) pending.squares.forEach((square) => covered.add(square));
  const laid = laidDominoes(covered);
  const dominoOn = new Map();
  for (const domino of laid) domino.move.squares.forEach((square) => dominoOn.set(square, domino));
  const moves = analysis ? analysis.moves.filter((move) => move.squares) : [];
  const options = optionsBySquare(moves);
  const showValues = showingValues();
  const humanTurn = analysis && !gameOver() && personToMove();
  const settingUp = $('setup-mode').checked;
  const from = humanTurn && !settingUp ? chosenSquare(analysis) : null;
  const partners = new Map((from ? options.get(from) || [] : []).map(({ move, partner }) => [partner, move]));
  const { svg, cell, margin } = emptyBoardPicture(container, rowCount, colCount, { class: 'domino-board' });
  const corner = (row, col) => [margin + (col - 1) * cell, margin + (row - 1) * cell];
  const centre = (row, col) => corner(row, col).map((at) => at + cell / 2);

  // A click on a free square chooses it; a click on a neighbour of the square chosen lays the
  // domino on both; a click on the chosen square lets it go.
  const clicked = (name) => {
    if (!humanTurn) return;
    const move = partners.get(name);
    if (move) {
      chosen = { analysis: null, square: null };
      actions.humanMove(move);
      return;
    }
    const offered = name !== from && (options.get(name) || []).length > 0;
    chosen = { analysis, square: offered ? name : null };
    $('message').textContent = offered
      ? `${name} chosen: now a marked neighbour (${options.get(name).map(({ partner }) => partner).join(', ')}) lays the domino`
      : '';
    actions.renderPlay();
  };
  // The dominoes' marks between two squares that one square is part of, lit while it is
  // pointed at or has the focus.
  const light = (name, on) => {
    for (const pip of svg.querySelectorAll(`[data-pip~="${name}"]`)) pip.classList.toggle('lit', on);
  };

  for (let col = 1; col <= colCount; col += 1) {
    svgText(svg, margin + (col - 0.5) * cell, margin - 8, columnLetters(col - 1), { 'text-anchor': 'middle' });
  }
  for (let row = 1; row <= rowCount; row += 1) {
    svgText(svg, margin - 6, margin + (row - 0.5) * cell + 4, String(row), { 'text-anchor': 'end' });
    for (let col = 1; col <= colCount; col += 1) {
      const [x, y] = corner(row, col);
      const name = squareName(row, col);
      const isCovered = covered.has(name);
      const domino = dominoOn.get(name);
      const count = (options.get(name) || []).length;
      const partnerMove = partners.get(name);
      let fill = (row + col) % 2 === 0 ? '#f0ead8' : '#d9cfb4';
      if (isCovered && !domino) fill = COVERED_COLOUR;
      else if (name === from) fill = CHOSEN_COLOUR;
      else if (partnerMove) fill = showValues ? moveColour(partnerMove) : PARTNER_COLOUR;
      else if (!isCovered && analysis && count === 0) fill = NO_DOMINO_COLOUR;
      const playable = humanTurn && !settingUp && (name === from || partnerMove || (!isCovered && count > 0));
      const group = svgElement('g', {
        class: playable ? 'square legal' : 'square',
        'data-square': name,
        role: 'button',
        'aria-label': squareLabel(name, { domino, covered: isCovered, from, partnerMove, count, analysis, showValues }),
        tabindex: name === focusedSquare(rowCount, colCount) ? '0' : '-1',
      }, svg);
      if (name === from) group.setAttribute('aria-pressed', 'true');
      svgElement('rect', { x, y, width: cell, height: cell, fill }, group);
      if (name === from) {
        svgElement('rect', { x: x + 2, y: y + 2, width: cell - 4, height: cell - 4, fill: 'none', stroke: '#1a4f9c', 'stroke-width': 3, 'stroke-dasharray': '5 3', 'data-testid': 'chosen-square' }, group);
      } else if (partnerMove) {
        if (partnerMove.winning && (showValues || play.hint)) {
          winningFrame(group, x, y, cell);
        }
        if (showValues && !misereShown()) {
          svgText(group, x + cell / 2, y + cell / 2 + 4, nimberText(partnerMove.nimber), { 'text-anchor': 'middle', 'data-testid': 'partner-value' });
        }
      }
      // The square clicked keeps the keyboard's focus when the board is drawn anew.
      group.addEventListener('pointerdown', () => Object.assign(play.focus, { row, col }));
      if (settingUp) {
        group.classList.add('legal');
        group.addEventListener('click', () => actions.toggleSetupPiece(row, col));
      } else {
        group.addEventListener('click', () => clicked(name));
        group.addEventListener('pointerdown', () => {
          dragFrom = playable ? name : null;
        });
      }
      group.addEventListener('pointerenter', () => light(name, true));
      group.addEventListener('pointerleave', () => light(name, false));
      group.addEventListener('focus', () => light(name, true));
      group.addEventListener('blur', () => light(name, false));
    }
  }

  // Each domino laid in this game, one piece over its two squares, inset so that a square's
  // focus frame shows round it.
  const inset = Math.max(3, cell * 0.12);
  for (const domino of laid) {
    const [[r1, r2], [c1, c2]] = [domino.move.rows, domino.move.cols];
    const [x, y] = corner(Math.min(r1, r2), Math.min(c1, c2));
    const width = (Math.abs(c2 - c1) + 1) * cell - 2 * inset;
    const height = (Math.abs(r2 - r1) + 1) * cell - 2 * inset;
    const piece = svgElement('g', { class: 'domino', 'data-testid': 'domino', 'data-domino': domino.move.move, 'data-owner': domino.owner }, svg);
    svgElement('rect', { x: x + inset, y: y + inset, width, height, rx: inset, fill: PLAYER_COLOURS[domino.owner], stroke: domino.last ? '#f0c040' : 'none', 'stroke-width': 3 }, piece);
    if (domino.last) piece.dataset.last = 'true';
  }

  // The value each domino leads to, marked on the edge between its squares (with the winning
  // ones framed); with the hint alone, the winning dominoes' marks.
  const marked = from ? [] : moves.filter((move) => showValues || (play.hint && move.winning));
  const radius = Math.max(6, cell * 0.2);
  for (const move of marked) {
    const [[r1, r2], [c1, c2]] = [move.rows, move.cols];
    const [xa, ya] = centre(r1, c1);
    const [xb, yb] = centre(r2, c2);
    const [cx, cy] = [(xa + xb) / 2, (ya + yb) / 2];
    const pip = svgElement('g', { class: 'pip', 'data-pip': move.squares.join(' '), 'data-testid': 'domino-value' }, svg);
    const framed = move.winning && (showValues || play.hint);
    svgElement('circle', { cx, cy, r: radius, fill: showValues ? moveColour(move) : 'white', stroke: framed ? WINNING_FRAME : '#555', 'stroke-width': framed ? 3.5 : 1 }, pip);
    if (showValues && !misereShown()) {
      svgText(pip, cx, cy + 3.5, nimberText(move.nimber), { 'text-anchor': 'middle', 'font-size': Math.min(10, radius) });
    }
  }

  svgElement('rect', { x: margin, y: margin, width: colCount * cell, height: rowCount * cell, fill: 'none', stroke: 'black' }, svg);
  keepTouchSize(svg, cell);
  svg.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && from) {
      event.preventDefault();
      chosen = { analysis: null, square: null };
      $('message').textContent = '';
      actions.renderPlay();
    } else {
      boardKey(event, svg, rowCount, colCount);
    }
  });
  // A drag from a square to a neighbour lays the domino on both. The square let go over is
  // the one under the pointer (a touch keeps its events on the square it started on); let go
  // over the square it started on, the drag is a click.
  svg.addEventListener('pointerup', (event) => {
    const start = dragFrom;
    dragFrom = null;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const target = under && under.closest('[data-square]');
    if (!start || !target || target.dataset.square === start) return;
    const option = (options.get(start) || []).find(({ partner }) => partner === target.dataset.square);
    if (!option) return;
    chosen = { analysis: null, square: null };
    actions.humanMove(option.move);
  });
  svg.addEventListener('pointercancel', () => {
    dragFrom = null;
  });
  // A drag let go off the board is forgotten when the pointer next goes down on it (before the
  // square's own handler, which may start another).
  svg.addEventListener('pointerdown', () => {
    dragFrom = null;
  }, true);
  renderLegend(showValues ? moves : null);
}
