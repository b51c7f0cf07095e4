// Drawing heaps on the Play tab (the catalogue's drawing `heaps`: Kayles rows, Nim, octal
// codes, boards of two-dimensional Kayles) and playing them by their pins. A heap is a row of
// pins, a board a grid of them, each heap with its moves as buttons. A heap drawn whole is
// played by its pins too: a tap chooses a pin, a second tap on it or on another pin of the heap
// (of a board, in its row or column) takes the pins from one to the other. The page knows no
// rule: it finds, among the moves the answer lists for that heap, the one that leaves the heaps
// on either side of the pins taken (`to`; a board's, `to_boards`), and plays it as its button
// would; when none does, it says why from those moves alone (how many pins they take, what
// they leave).

import { $, parseBoard } from './common.js';
import { play, drawnPosition, gameOver, personToMove, showingValues } from './state.js';
import { moveColour, moveState, moveValueText } from './values.js';
import { actions } from './actions.js';
import { renderLegend } from './legend.js';

// The most rows of a board, and pins of a row, drawn: a heap (board) larger is drawn cut,
// with ` …`, and is played by its buttons alone.
const DRAWN_ROWS = 12;
const DRAWN_PINS = 40;

// The pin chosen first (`heap` counted from 0, `at` its row and column from 1), with the
// analysis it was chosen in: a new position forgets it.
let chosen = { analysis: null, heap: -1, at: null };
// The pin that takes the keyboard's focus (heap, row and column counted from 1).
const focus = { heap: 1, row: 1, col: 1 };

function letGo() {
  chosen = { analysis: null, heap: -1, at: null };
}

// The moves of heap `index`: those the answer lists for it, or, for a heap equal to an earlier
// one, whose moves the answer lists once (`1 1 4 1 3`: the 1s' on the first), the earlier
// heap's: each leaves the same game, which the answer names.
function heapMoves(moves, heaps, index) {
  const own = moves.filter((move) => move.heap === index + 1);
  if (own.length > 0) return own;
  const equal = heaps.findIndex((size) => size === heaps[index]);
  return equal === index ? [] : moves.filter((move) => move.heap === equal + 1);
}

// A heap is a row of pins (its moves list the heaps they leave, `to`) or a board of
// two-dimensional Kayles, a grid of them (its moves list boards, `to_boards`).
const area = (board) => {
  const { rows, cols } = parseBoard(board);
  return rows * cols;
};
const listedLeaves = (heap, move) => (heap.board ? [...move.to_boards].sort() : [...move.to].sort((a, b) => a - b));

// How many pins a listed move takes from its heap: what it does not leave (0 for a move that
// only splits a heap, as Grundy's game's do).
function pinsTaken(heap, move) {
  if (heap.board) return heap.rows * heap.cols - move.to_boards.reduce((sum, board) => sum + area(board), 0);
  return move.from - move.to.reduce((sum, size) => sum + size, 0);
}

// The pins from `a` to `b` (each `{ row, col }`) in one row or one column, or null.
function run(a, b) {
  if (a.row !== b.row && a.col !== b.col) return null;
  return {
    rows: [Math.min(a.row, b.row), Math.max(a.row, b.row)],
    cols: [Math.min(a.col, b.col), Math.max(a.col, b.col)],
  };
}

const runCount = (pins) => (pins.rows[1] - pins.rows[0] + 1) * (pins.cols[1] - pins.cols[0] + 1);

// What taking the pins `pins` (a run) leaves, written as the answers list it: the heaps on
// either side, smallest first (`to`); on a board, the boards on either side when the pins
// cross it from side to side (whole rows or whole columns), else null: the rest is no boards.
function runLeaves(heap, pins) {
  const [[top, bottom], [left, right]] = [pins.rows, pins.cols];
  if (!heap.board) return [left - 1, heap.cols - right].filter((size) => size > 0).sort((a, b) => a - b);
  const wholeRows = left === 1 && right === heap.cols;
  const wholeCols = top === 1 && bottom === heap.rows;
  if (wholeRows) {
    return [[top - 1, heap.cols], [heap.rows - bottom, heap.cols]].filter(([rows]) => rows > 0)
      .map(([rows, cols]) => `${rows}x${cols}`).sort();
  }
  if (wholeCols) {
    return [[heap.rows, left - 1], [heap.rows, heap.cols - right]].filter(([, cols]) => cols > 0)
      .map(([rows, cols]) => `${rows}x${cols}`).sort();
  }
  return null;
}

// The move among the heap's listed moves that takes the pins `pins`, or null.
function runMove(heap, pins) {
  const left = pins && runLeaves(heap, pins);
  if (!left) return null;
  return heap.moves.find((move) => listedLeaves(heap, move).join(' ') === left.join(' ')) || null;
}

const pinsWord = (count) => (count === 1 ? 'pin' : 'pins');
const leavesText = (heaps) => (heaps.length === 0 ? 'nothing' : heaps.join(' + '));
const heapName = (heap) => (heap.board ? `a board of ${heap.size}` : `a heap of ${heap.size}`);

// Counts as a person says them: `2`, `1 or 2`, `1, 3 or 4`, `1 to 7`.
function countsText(counts) {
  const sorted = [...new Set(counts)].sort((a, b) => a - b);
  const consecutive = sorted.length > 2 && sorted[sorted.length - 1] - sorted[0] === sorted.length - 1;
  if (consecutive) return `${sorted[0]} to ${sorted[sorted.length - 1]}`;
  if (sorted.length === 1) return String(sorted[0]);
  return `${sorted.slice(0, -1).join(', ')} or ${sorted[sorted.length - 1]}`;
}

// The pins of a run in words: `pins 2 to 3` of a heap, `row 2, columns 1 to 3` of a board.
function runText(heap, pins) {
  const span = ([first, last], word) => (first === last ? `${word} ${first}` : `${word}s ${first} to ${last}`);
  if (!heap.board) return span(pins.cols, 'pin');
  return pins.rows[0] === pins.rows[1] ? `${span(pins.rows, 'row')}, ${span(pins.cols, 'column')}` : `${span(pins.cols, 'column')}, ${span(pins.rows, 'row')}`;
}

// Why taking the pins `pins` of `heap` is no move of the game `name`, said from the moves the
// answer lists for that heap alone; `unlisted` moves of the position the answer left out.
function refusal(name, heap, pins, unlisted) {
  if (!pins) return `choose pins in one row or one column of the board: the pins from one to the other are taken`;
  const count = runCount(pins);
  const left = runLeaves(heap, pins);
  const takers = heap.moves.filter((move) => pinsTaken(heap, move) > 0);
  const counts = takers.map((move) => pinsTaken(heap, move));
  const splits = heap.moves.length > takers.length ? '; its moves that split a heap without taking a pin are the buttons' : '';
  let said;
  if (heap.moves.length === 0) {
    said = `${name} has no move on ${heapName(heap)}: play another`;
  } else if (takers.length === 0) {
    said = `${name}'s moves on ${heapName(heap)} take no pins, each splits the heap: play them by its buttons`;
  } else if (!left) {
    said = `taking ${runText(heap, pins)} leaves a board with a gap, not boards: to leave boards the pins taken cross the board from side to side (${name} takes ${countsText(counts)} pins from ${heapName(heap)})`;
  } else if (!counts.includes(count)) {
    const most = Math.max(...counts);
    said = `${name} takes ${countsText(counts)} ${most > 1 ? 'adjacent ' : ''}${pinsWord(most)} from ${heapName(heap)}: ${count} ${pinsWord(count)} is not a move${splits}`;
  } else {
    const where = heap.board ? `(${runText(heap, pins)})` : left.length === 0 ? '(the whole heap)' : left.length === 1 ? 'from an end' : 'from the middle';
    const alike = takers.filter((move) => pinsTaken(heap, move) === count);
    const leaves = [...new Set(alike.map((move) => leavesText(listedLeaves(heap, move))))].join(' or ');
    said = `taking ${count} ${pinsWord(count)} ${where} leaves ${leavesText(left)}, which is not a move of ${name}: its ${alike.length === 1 ? 'move' : 'moves'} taking ${count} ${pinsWord(count)} from ${heapName(heap)} ${alike.length === 1 ? 'leaves' : 'leave'} ${leaves} (${alike.map((move) => move.move).join(', ')})${splits}`;
  }
  return unlisted > 0 ? `${said} (the answer left ${unlisted} moves of this position unlisted: it may be one of them)` : said;
}

// A heap as drawn: its size as typed (`4`, a board `2x3`), its rows and columns of pins,
// whether it is drawn whole and so played by its pins, and its moves.
function describeHeap(size, index, heaps, moves) {
  const board = parseBoard(size);
  const [rows, cols] = board ? [board.rows, board.cols] : [1, Number(size)];
  const whole = rows <= DRAWN_ROWS && cols <= DRAWN_PINS;
  const own = heapMoves(moves, heaps, index);
  const listed = own.every((move) => (board ? move.to_boards : move.to));
  return {
    index, size, board: Boolean(board), rows, cols, whole, moves: own, tappable: whole && cols > 0 && listed,
  };
}

// A pin's key among its heap's pins: its place in a row, its row and column on a board.
const pinKeyOf = (heap, at) => (heap.board ? `${at.row},${at.col}` : String(at.col));

// The pin that takes the focus: `focus`, kept on a heap played by its pins and within it.
function focusedPin(described) {
  const tappable = described.filter((heap) => heap.tappable);
  if (tappable.length === 0) return null;
  const heap = tappable.find((candidate) => candidate.index + 1 === focus.heap)
    || tappable.find((candidate) => candidate.index + 1 > focus.heap)
    || tappable[tappable.length - 1];
  focus.heap = heap.index + 1;
  focus.row = Math.min(Math.max(focus.row, 1), heap.rows);
  focus.col = Math.min(Math.max(focus.col, 1), heap.cols);
  return focus;
}

// What a pin's label says: which it is, and what a tap on it does.
function pinLabel(heap, at, from, move, showValues) {
  const which = heap.board ? `board ${heap.index + 1}, row ${at.row}, column ${at.col}` : `heap ${heap.index + 1}, pin ${at.col} of ${heap.cols}`;
  const value = move && showValues ? `, ${moveState(move)}` : '';
  if (from && from.row === at.row && from.col === at.col) return `${which}: chosen; Enter on it again takes it alone, on another pin of this ${heap.board ? 'board' : 'heap'} takes the pins from one to the other; Escape lets go`;
  if (from) {
    const pins = run(from, at);
    if (!pins) return `${which}: not in a line with the pin chosen`;
    return move ? `${which}: takes ${runText(heap, pins)}, ${move.move}${value}` : `${which}: ${runText(heap, pins)} are not a move`;
  }
  return move ? `${which}: alone, ${move.move}${value}` : which;
}

// Lifts the pins from the chosen one to `at` (pointed at or focused) in `pins`, the run a
// second tap there would take.
function showRun(pins, from, at) {
  const line = at && run(from, at);
  for (const element of pins.querySelectorAll('[data-pin]')) {
    const [row, col] = [Number(element.dataset.row), Number(element.dataset.col)];
    const inside = Boolean(line) && row >= line.rows[0] && row <= line.rows[1] && col >= line.cols[0] && col <= line.cols[1];
    element.classList.toggle('in-run', inside);
  }
}

// Heaps as the answers type them (`3 4 5`; boards of two-dimensional Kayles `2x3 1x2`; `0`
// when the last is taken), each with its moves as buttons, played by its pins when drawn
// whole. `hadFocus`: whether a pin had the keyboard's focus before this drawing.
export function renderHeaps(container, analysis, hadFocus) {
  $('piece-choice').replaceChildren();
  const heaps = drawnPosition().position.split(/\s+/).filter((word) => word !== '');
  const moves = analysis ? analysis.moves : [];
  const showValues = showingValues();
  const framing = showValues || play.hint;
  const humanTurn = Boolean(analysis && !gameOver() && personToMove());
  const described = heaps.map((size, index) => describeHeap(size, index, heaps, moves));
  const focused = focusedPin(described);
  if (!humanTurn || chosen.analysis !== analysis) letGo();

  // A first tap chooses a pin; a second on a pin of the same heap takes the pins from one to
  // the other, if a move listed takes them, or says why not; a tap on another heap chooses
  // there instead.
  const tapped = (heap, at) => {
    if (!humanTurn) return;
    if (!heap.tappable) {
      $('message').textContent = `this ${heap.board ? 'board' : 'heap'} of ${heap.size} is drawn only in part: play it by its buttons`;
      return;
    }
    if (chosen.heap !== heap.index) {
      chosen = { analysis, heap: heap.index, at };
      const kind = heap.board ? 'board' : 'heap';
      const which = heap.board ? `row ${at.row}, column ${at.col}` : `pin ${at.col}`;
      $('message').textContent = `${which} of the ${kind} of ${heap.size} chosen: tap it again to take it alone, or another pin of this ${kind} to take the pins from one to the other (Escape lets go)`;
      actions.renderPlay();
      return;
    }
    const pins = run(chosen.at, at);
    letGo();
    const move = runMove(heap, pins);
    if (move) {
      actions.humanMove(move);
      return;
    }
    $('message').textContent = refusal(play.name, heap, pins, analysis.moves_not_listed || 0);
    actions.renderPlay();
  };

  const list = document.createElement('div');
  list.className = 'heaps';
  for (const heap of described) {
    const element = document.createElement('div');
    element.className = 'heap';
    element.dataset.heap = String(heap.index + 1);
    const label = document.createElement('span');
    label.className = 'label';
    label.textContent = heap.size;
    element.appendChild(label);
    const from = chosen.heap === heap.index ? chosen.at : null;
    const pins = document.createElement('span');
    pins.className = 'pins';
    const drawnCols = Math.min(heap.cols, DRAWN_PINS);
    pins.style.gridTemplateColumns = `repeat(${drawnCols}, auto)`;
    const drawnPins = Math.min(heap.rows, DRAWN_ROWS) * drawnCols;
    for (let index = 0; index < drawnPins; index += 1) {
      const pinElement = document.createElement('span');
      pinElement.className = 'pin';
      pins.appendChild(pinElement);
      if (!heap.tappable) continue;
      const at = { row: Math.floor(index / drawnCols) + 1, col: (index % drawnCols) + 1 };
      const move = runMove(heap, from ? run(from, at) : run(at, at));
      Object.assign(pinElement.dataset, { pin: pinKeyOf(heap, at), row: String(at.row), col: String(at.col) });
      // The pins keep the keyboard's focus while the moves of a position are worked out, as a
      // board's squares do; they take taps when the person is to move.
      const isFocused = focused && focused.heap === heap.index + 1 && focused.row === at.row && focused.col === at.col;
      pinElement.tabIndex = isFocused ? 0 : -1;
      pinElement.setAttribute('role', 'button');
      pinElement.setAttribute('aria-label', pinLabel(heap, at, from, move, showValues));
      pinElement.addEventListener('pointerdown', () => Object.assign(focus, { heap: heap.index + 1, ...at }));
      // Coloured as the move taking it alone (a pin chosen: the pins from there to it) is.
      if (showValues && analysis) {
        if (move) pinElement.style.background = moveColour(move);
        else pinElement.classList.add('no-move');
      }
      if (move && showValues) pinElement.title = `${move.move} (${moveValueText(move)})`;
      if (move && move.winning && framing) pinElement.classList.add('winning');
      if (!humanTurn) continue;
      pinElement.classList.add('tappable');
      if (from && from.row === at.row && from.col === at.col) {
        pinElement.classList.add('chosen');
        pinElement.setAttribute('aria-pressed', 'true');
      }
      pinElement.addEventListener('click', () => tapped(heap, at));
      if (from) {
        pinElement.addEventListener('pointerenter', () => showRun(pins, from, at));
        pinElement.addEventListener('focus', () => showRun(pins, from, at));
      }
    }
    if (from) pins.addEventListener('pointerleave', () => showRun(pins, from, null));
    if (!heap.whole) {
      pins.title = 'drawn only in part: play it by its buttons';
      pins.addEventListener('click', () => tapped(heap, null));
    }
    element.appendChild(pins);
    if (!heap.whole) element.append(' …');
    const buttons = document.createElement('span');
    buttons.className = 'heap-moves';
    for (const move of heap.moves) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.move = move.move;
      button.disabled = !humanTurn;
      button.textContent = showValues ? `${move.move} (${moveValueText(move)})` : move.move;
      if (move.winning && framing) button.classList.add('winning');
      if (showValues) button.style.background = moveColour(move);
      button.addEventListener('click', () => actions.humanMove(move));
      buttons.appendChild(button);
    }
    element.appendChild(buttons);
    list.appendChild(element);
  }
  if (heaps.every((size) => size === '0')) list.textContent = 'no heaps left';
  list.addEventListener('keydown', (event) => pinKey(event, list, described, tapped));
  container.appendChild(list);
  if (hadFocus) {
    const pin = list.querySelector('[data-pin][tabindex="0"]');
    if (pin) pin.focus();
  }
  renderLegend(showValues ? moves : null);
}

// The keyboard on the pins: one pin takes the focus (Tab reaches it), the arrows move it
// (along a heap, across a board, and up and down to the heap before or after), Home and End to
// the ends of its row, Enter or Space taps it, Escape lets the chosen pin go.
function pinKey(event, list, described, tapped) {
  if (!event.target.dataset || !event.target.dataset.pin) return;
  const tappable = described.filter((heap) => heap.tappable);
  const at = tappable.findIndex((heap) => heap.index + 1 === focus.heap);
  if (at < 0) return;
  const heap = tappable[at];
  // Up from a heap's first row goes to the last row of the heap before; down from its last
  // row, to the first of the heap after.
  const toHeap = (step) => {
    const next = tappable[at + step];
    if (!next) return;
    focus.heap = next.index + 1;
    focus.row = step < 0 ? next.rows : 1;
  };
  const steps = {
    ArrowLeft: () => { focus.col -= 1; },
    ArrowRight: () => { focus.col += 1; },
    Home: () => { focus.col = 1; },
    End: () => { focus.col = heap.cols; },
    ArrowUp: () => (focus.row > 1 ? (focus.row -= 1) : toHeap(-1)),
    ArrowDown: () => (focus.row < heap.rows ? (focus.row += 1) : toHeap(1)),
  };
  if (event.key in steps) {
    event.preventDefault();
    const before = list.querySelector('[data-pin][tabindex="0"]');
    steps[event.key]();
    const target = tappable.find((candidate) => candidate.index + 1 === focus.heap);
    focus.row = Math.min(Math.max(focus.row, 1), target.rows);
    focus.col = Math.min(Math.max(focus.col, 1), target.cols);
    const after = list.querySelector(`[data-heap="${focus.heap}"] [data-pin="${pinKeyOf(target, focus)}"]`);
    if (before) before.tabIndex = -1;
    if (after) {
      after.tabIndex = 0;
      after.focus();
    }
  } else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    tapped(heap, { row: focus.row, col: focus.col });
  } else if (event.key === 'Escape' && chosen.heap >= 0) {
    event.preventDefault();
    letGo();
    $('message').textContent = '';
    actions.renderPlay();
  }
}

// A tap anywhere but on the pins lets the chosen pin go (after the tap's own work: a move's
// button, the values' switch).
document.addEventListener('click', (event) => {
  if (chosen.heap < 0 || (event.target.closest && event.target.closest('.pins'))) return;
  const shown = chosen.analysis === play.analysis;
  letGo();
  if (shown) actions.renderPlay();
});
