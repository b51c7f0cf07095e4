// The legend beside the Play tab's board, heaps or graph: what its colours and frames mean.

import { $, nimberText, swatch, valueColour } from './common.js';
import { play, limits, classroom, drawn, misereShown, partlySettled } from './state.js';
import { COVERED_COLOUR, MISERE_COLOURS, PLAYER_COLOURS, UNSETTLED_COLOUR } from './values.js';

// The legend of the board: its squares, the moves' colours when shown (`moves`, or null), the
// winning moves' frame, and under misère play what it means.
export function renderLegend(moves) {
  const legend = $('legend');
  legend.replaceChildren();
  const add = (colour, text, frame) => swatch(legend, colour, text, frame);
  const seconds = limits.analysisSeconds;
  if (drawn('board')) {
    add('#f0ead8', 'free square');
    add('#f2b8b5', 'attacked or occupied: no piece may go there');
    add(PLAYER_COLOURS.first, 'a piece the first player put down');
    add(PLAYER_COLOURS.second, 'a piece the second player put down');
  }
  if (drawn('dominoes')) {
    add('#f0ead8', 'free square: click it, then a neighbour, to lay a domino on both');
    add('#f2b8b5', 'free, but no domino fits: no free neighbour');
    add(COVERED_COLOUR, 'covered before the game');
    add(PLAYER_COLOURS.first, 'a domino the first player laid');
    add(PLAYER_COLOURS.second, 'a domino the second player laid');
  }
  const misere = misereShown();
  if (moves && misere) {
    add(MISERE_COLOURS.winning, 'a winning move: the opponent then loses');
    add(MISERE_COLOURS.losing, 'a losing move: the opponent then wins');
    if (moves.some((move) => move.winning === undefined)) {
      add(UNSETTLED_COLOUR, `a move not worked out in ${seconds} s`);
    }
  } else if (moves) {
    const values = moves.map((move) => move.nimber).filter((value) => value !== undefined);
    for (const value of [...new Set(values)].sort((a, b) => a - b)) {
      add(valueColour(value), `the move leads to nim-value ${nimberText(value)}`);
    }
    if (moves.some((move) => move.nimber === undefined && move.winning === false)) {
      add(MISERE_COLOURS.losing, `a losing move whose value was not found in ${seconds} s`);
    }
    if (moves.some((move) => move.nimber === undefined && move.winning === undefined)) {
      add(UNSETTLED_COLOUR, `a move not worked out in ${seconds} s`);
    }
  }
  // Winning is a shape, never a colour: the values' colours include green (*1).
  if (moves || play.hint) add('transparent', misere ? 'a winning move, framed in black (it leaves a lost position)' : 'a winning move, framed in black (it leads to 0)', true);
  const note = (text) => {
    const row = document.createElement('p');
    row.className = 'legend-note';
    row.textContent = text;
    legend.appendChild(row);
    return row;
  };
  if (moves && partlySettled(play.analysis)) {
    const without = misere ? 'whether they win' : 'their value';
    note(`This position is too hard to solve in ${seconds} s: ${play.analysis.moves_unsettled} of ${play.analysis.legal_moves} moves are shown without ${without}. Play on: the computer answers with the best move it finds in its time.`)
      .dataset.testid = 'partly-settled';
  }
  if (moves && drawn('dominoes')) {
    note('Each mark between two free squares is the domino on them, in the colour of what it leads to; a square clicked shows its dominoes on its neighbours.');
  }
  if (drawn('heaps')) {
    note('Tap a pin, then it again or another pin of its heap (on a board, in its row or column): the pins from one to the other are taken, if a move takes them (with the keyboard, Enter on a pin; Escape lets go). A heap drawn in part (over 40 pins) is played by its buttons.')
      .dataset.testid = 'pin-help';
    if (moves) note('Each pin has the colour of the move taking it alone (a pin chosen: of the move taking the pins from that one to it); a hollow pin takes no move; the pins of a heap played by its buttons keep their own colour.');
  }
  if (misere) {
    note('Misère play: whoever makes the last move loses, so a player left with no move wins. Misère positions have no nim-values that add up, so a move is shown only as winning or losing.');
    if (play.analysis && play.analysis.genus && !classroom()) {
      note('The genus g^γ₀γ₁…: g is the normal-play nim-value, γₖ the misère nim-value with k heaps of 2 beside the position (γ₀ = 0: the player to move loses).');
    }
  }
}

// The lines of the parts framed on the board (why.js): each part's frame is drawn in the colour
// of its value, as a move's square is in the colour of the value it leads to, and numbered.
export function renderPartsLegend(parts) {
  const legend = $('legend');
  parts.forEach((part, index) => {
    swatch(legend, valueColour(part.nimber), `a frame numbered ${index + 1}: part ${index + 1} of the position, independent of the others, in the colour of its value ${nimberText(part.nimber)}`);
    legend.lastChild.dataset.testid = 'parts-legend';
  });
}
