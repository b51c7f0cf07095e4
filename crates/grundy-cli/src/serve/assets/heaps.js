// Drawing heaps on the Play tab (the catalogue's drawing `heaps`: Kayles rows, Nim, octal
// codes, boards of two-dimensional Kayles) and playing them by their pins. A heap is a row of
// pins, a board a grid of them, each heap with its moves as buttons. A heap drawn whole is
// played by its pins too: a tap chooses a pin, a second tap on it or on another pin of the heap
// takes the pins from one to the other. The page knows no rule: it finds, among the moves the
// answer lists for that heap, the one that leaves the heaps on either side of the run (`from`,
// `to`), and plays it as its button would; when none does, it says why from those moves alone
// (how many pins they take, what they leave).

import { $, parseBoard } from './common.js';
import { play, drawnPosition, gameOver, personToMove, showingValues } from './state.js';
import { moveColour, moveState, moveValueText } from './values.js';
import { actions } from './actions.js';
import { renderLegend } from './legend.js';

// The most rows of a board, and pins of a row, drawn: a heap (board) larger is drawn cut,
// with ` …`, and is played by its buttons alone.
const DRAWN_ROWS = 12;
const DRAWN_PINS = 40;

// The pin chosen first (heap counted from 0, pin from 1), with the analysis it was chosen in:
// a new position forgets it.
let chosen = { analysis: null, heap: -1, pin: 0 };
// The pin that takes the keyboard's focus (heap and pin counted from 1).
const focus = { heap: 1, pin: 1 };

function letGo() {
  chosen = { analysis: null, heap: -1, pin: 0 };
}

// The moves of heap `index`: those the answer lists for it, or, for a heap equal to an earlier
// one, whose moves the answer lists once (`1 1 4 1 3`: the 1s' on the first), the earlier
// heap's: each leaves the same game, which the answer names.
export function heapMoves(moves, heaps, index) {
  const own = moves.filter((move) => move.heap === index + 1);
  if (own.length > 0) return own;
  const equal = heaps.findIndex((size) => size === heaps[index]);
  return equal === index ? [] : moves.filter((move) => move.heap === equal + 1);
}

// How many pins a listed move takes from its heap: what it does not leave (0 for a move that
// only splits a heap, as Grundy's game's do).
function pinsTaken(move) {
  return move.from - move.to.reduce((sum, size) => sum + size, 0);
}

// The heaps that taking pins `first` to `last` (from 1) of a row of `size` leaves: those on
// either side of them, smallest first, as an answer lists a move's `to`.
function runLeaves(size, first, last) {
  return [first - 1, size - last].filter((pins) => pins > 0).sort((a, b) => a - b);
}

// The move among `moves` (the heap's, as listed) that takes pins `first` to `last`, or null.
function runMove(moves, size, first, last) {
  const left = runLeaves(size, first, last).join(' ');
  return moves.find((move) => move.from === size && [...move.to].sort((a, b) => a - b).join(' ') === left) || null;
}

const pinsWord = (count) => (count === 1 ? 'pin' : 'pins');
const leavesText = (heaps) => (heaps.length === 0 ? 'nothing' : heaps.join(' + '));

// Counts as a person says them: `2`, `1 or 2`, `1, 3 or 4`, `1 to 7`.
function countsText(counts) {
  const sorted = [...new Set(counts)].sort((a, b) => a - b);
  const run = sorted.length > 2 && sorted[sorted.length - 1] - sorted[0] === sorted.length - 1;
  if (run) return `${sorted[0]} to ${sorted[sorted.length - 1]}`;
  if (sorted.length === 1) return String(sorted[0]);
  return `${sorted.slice(0, -1).join(', ')} or ${sorted[sorted.length - 1]}`;
}

// Why taking pins `first` to `last` of a heap of `size` is no move of the game `name`, said
// from the moves the answer lists for that heap (`moves`) alone; `unlisted` moves of the
// position the answer left out.
function refusal(name, moves, size, first, last, unlisted) {
  const count = last - first + 1;
  const left = runLeaves(size, first, last);
  const takers = moves.filter((move) => pinsTaken(move) > 0);
  const splits = moves.length > takers.length ? '; its moves that split a heap without taking a pin are the buttons' : '';
  let said;
  if (moves.length === 0) {
    said = `${name} has no move on a heap of ${size}: play another heap`;
  } else if (takers.length === 0) {
    said = `${name}'s moves on a heap of ${size} take no pins, each splits the heap: play them by its buttons`;
  } else if (!takers.some((move) => pinsTaken(move) === count)) {
    const counts = takers.map(pinsTaken);
    const most = Math.max(...counts);
    said = `${name} takes ${countsText(counts)} ${most > 1 ? 'adjacent ' : ''}${pinsWord(most)} from a heap of ${size}: ${count} ${pinsWord(count)} is not a move${splits}`;
  } else {
    const where = left.length === 0 ? '(the whole heap)' : left.length === 1 ? 'from an end' : 'from the middle';
    const alike = takers.filter((move) => pinsTaken(move) === count);
    const leaves = [...new Set(alike.map((move) => leavesText(move.to)))].join(' or ');
    said = `taking ${count} ${pinsWord(count)} ${where} leaves ${leavesText(left)}, which is not a move of ${name}: its ${alike.length === 1 ? 'move' : 'moves'} taking ${count} ${pinsWord(count)} from a heap of ${size} ${alike.length === 1 ? 'leaves' : 'leave'} ${leaves} (${alike.map((move) => move.move).join(', ')})${splits}`;
  }
  return unlisted > 0 ? `${said} (the answer left ${unlisted} moves of this position unlisted: it may be one of them)` : said;
}

// A heap as drawn: its size as typed (`4`, a board `2x3`), its rows and pins drawn, whether it
// is drawn whole and may be played by its pins (a row of pins, not a board), and its moves.
function describeHeap(size, index, heaps, moves) {
  const board = parseBoard(size);
  const [rows, cols] = board ? [board.rows, board.cols] : [1, Number(size)];
  const whole = rows <= DRAWN_ROWS && cols <= DRAWN_PINS;
  const own = heapMoves(moves, heaps, index);
  return {
    index, size, rows, cols, whole, moves: own, tappable: !board && whole && cols > 0 && own.every((move) => move.to),
  };
}

// The pin that takes the focus: `focus`, kept on a heap played by its pins and within it.
function focusedPin(described) {
  const tappable = described.filter((heap) => heap.tappable);
  if (tappable.length === 0) return null;
  const heap = tappable.find((candidate) => candidate.index + 1 === focus.heap)
    || tappable.find((candidate) => candidate.index + 1 > focus.heap)
    || tappable[tappable.length - 1];
  focus.heap = heap.index + 1;
  focus.pin = Math.min(Math.max(focus.pin, 1), heap.cols);
  return focus;
}

// What a pin's label says: which it is, and what a tap on it does.
function pinLabel(heap, pin, from, move, showValues) {
  const which = `heap ${heap.index + 1}, pin ${pin} of ${heap.cols}`;
  const value = move && showValues ? `, ${moveState(move)}` : '';
  if (from === pin) return `${which}: chosen; Enter on it again takes it alone, on another pin of this heap takes the pins from one to the other; Escape lets go`;
  if (from !== null) {
    const [first, last] = [Math.min(from, pin), Math.max(from, pin)];
    return move ? `${which}: takes pins ${first} to ${last}, ${move.move}${value}` : `${which}: pins ${first} to ${last} are not a move`;
  }
  return move ? `${which}: alone, ${move.move}${value}` : which;
}

// Lifts the pins from the chosen one to `pin` (pointed at or focused) in `row`, the run a
// second tap there would take.
function showRun(row, from, pin) {
  for (const element of row.querySelectorAll('[data-pin]')) {
    const at = Number(element.dataset.pin);
    element.classList.toggle('in-run', pin !== null && at >= Math.min(from, pin) && at <= Math.max(from, pin));
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
  const tapped = (heap, pin) => {
    if (!humanTurn) return;
    if (!heap.tappable) {
      $('message').textContent = `this heap of ${heap.size} is drawn only in part (${DRAWN_PINS} pins): play it by its buttons`;
      return;
    }
    if (chosen.heap !== heap.index) {
      chosen = { analysis, heap: heap.index, pin };
      $('message').textContent = `pin ${pin} of the heap of ${heap.size} chosen: tap it again to take it alone, or another pin of this heap to take the pins from one to the other (Escape lets go)`;
      actions.renderPlay();
      return;
    }
    const [first, last] = [Math.min(chosen.pin, pin), Math.max(chosen.pin, pin)];
    letGo();
    const move = runMove(heap.moves, heap.cols, first, last);
    if (move) {
      actions.humanMove(move);
      return;
    }
    $('message').textContent = refusal(play.name, heap.moves, heap.cols, first, last, analysis.moves_not_listed || 0);
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
    const from = chosen.heap === heap.index ? chosen.pin : null;
    const pins = document.createElement('span');
    pins.className = 'pins';
    pins.style.gridTemplateColumns = `repeat(${Math.min(heap.cols, DRAWN_PINS)}, auto)`;
    const drawnPins = Math.min(heap.rows, DRAWN_ROWS) * Math.min(heap.cols, DRAWN_PINS);
    for (let index = 0; index < drawnPins; index += 1) {
      const pinElement = document.createElement('span');
      pinElement.className = 'pin';
      pins.appendChild(pinElement);
      if (!heap.tappable) continue;
      const pin = index + 1;
      const move = from === null ? runMove(heap.moves, heap.cols, pin, pin)
        : runMove(heap.moves, heap.cols, Math.min(from, pin), Math.max(from, pin));
      pinElement.dataset.pin = String(pin);
      // The pins keep the keyboard's focus while the moves of a position are worked out, as a
      // board's squares do; they take taps when the person is to move.
      const isFocused = focused && focused.heap === heap.index + 1 && focused.pin === pin;
      pinElement.tabIndex = isFocused ? 0 : -1;
      pinElement.setAttribute('role', 'button');
      pinElement.setAttribute('aria-label', pinLabel(heap, pin, from, move, showValues));
      pinElement.addEventListener('pointerdown', () => Object.assign(focus, { heap: heap.index + 1, pin }));
      // Coloured as the move taking it alone (a pin chosen: the pins from there to it) is.
      if (showValues && analysis) {
        if (move) pinElement.style.background = moveColour(move);
        else pinElement.classList.add('no-move');
      }
      if (move && showValues) pinElement.title = `${move.move} (${moveValueText(move)})`;
      if (move && move.winning && framing) pinElement.classList.add('winning');
      if (!humanTurn) continue;
      pinElement.classList.add('tappable');
      if (pin === from) {
        pinElement.classList.add('chosen');
        pinElement.setAttribute('aria-pressed', 'true');
      }
      pinElement.addEventListener('click', () => tapped(heap, pin));
      if (from !== null) {
        pinElement.addEventListener('pointerenter', () => showRun(pins, from, pin));
        pinElement.addEventListener('focus', () => showRun(pins, from, pin));
      }
    }
    if (from !== null) pins.addEventListener('pointerleave', () => showRun(pins, from, null));
    if (!heap.whole) {
      pins.title = 'drawn only in part: play this heap by its buttons';
      pins.addEventListener('click', () => tapped(heap, 0));
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

// The keyboard on the pins: one pin takes the focus (Tab reaches it), the left and right
// arrows move it along its heap (Home and End to its ends), up and down to the heap before or
// after, Enter or Space taps it, Escape lets the chosen pin go.
function pinKey(event, list, described, tapped) {
  if (!event.target.dataset || !event.target.dataset.pin) return;
  const tappable = described.filter((heap) => heap.tappable);
  const at = tappable.findIndex((heap) => heap.index + 1 === focus.heap);
  if (at < 0) return;
  const heap = tappable[at];
  const moves = {
    ArrowLeft: () => { focus.pin -= 1; },
    ArrowRight: () => { focus.pin += 1; },
    Home: () => { focus.pin = 1; },
    End: () => { focus.pin = heap.cols; },
    ArrowUp: () => { focus.heap = tappable[Math.max(at - 1, 0)].index + 1; },
    ArrowDown: () => { focus.heap = tappable[Math.min(at + 1, tappable.length - 1)].index + 1; },
  };
  if (event.key in moves) {
    event.preventDefault();
    const before = list.querySelector('[data-pin][tabindex="0"]');
    moves[event.key]();
    const target = tappable.find((candidate) => candidate.index + 1 === focus.heap);
    focus.pin = Math.min(Math.max(focus.pin, 1), target.cols);
    const after = list.querySelector(`[data-heap="${focus.heap}"] [data-pin="${focus.pin}"]`);
    if (before) before.tabIndex = -1;
    if (after) {
      after.tabIndex = 0;
      after.focus();
    }
  } else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    tapped(heap, focus.pin);
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
