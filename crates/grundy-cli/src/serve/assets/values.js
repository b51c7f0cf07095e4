// How a move's value is shown: its colour, and its value in words, under the convention the
// position shown is analysed under.

import { nimberText, svgElement, valueColour } from './common.js';
import { misereShown } from './state.js';

// One colour language: colours say values, the winning moves are marked by a shape, a thick
// near-black frame (ring, outline) with a white line inside it, in no fill's colour. (The
// values' palette runs through every hue, green for *1 among them, so a green frame would say
// both "winning" and "leads to *1".)
export const WINNING_FRAME = '#111111';

// Misère play has no nim-values to colour a move by: a move is winning or losing. A winning
// move is white, as a move to 0 is under normal play (the position it leaves is lost for the
// opponent), and framed as every winning move is; losing a grey blue, apart from the pinks of
// attacked squares.
export const MISERE_COLOURS = { winning: '#ffffff', losing: '#b8c2d4' };

// Draws the winning frame on the square of `cell` pixels at (`x`, `y`) in `group`.
export function winningFrame(group, x, y, cell) {
  const frame = svgElement('g', { 'data-winning': 'true' }, group);
  svgElement('rect', { x: x + 2, y: y + 2, width: cell - 4, height: cell - 4, fill: 'none', stroke: WINNING_FRAME, 'stroke-width': 3.5 }, frame);
  svgElement('rect', { x: x + 4.5, y: y + 4.5, width: cell - 9, height: cell - 9, fill: 'none', stroke: 'white', 'stroke-width': 1 }, frame);
}

// A move on a board too hard to solve in the time given may be left without a value: known to
// lose (the misère grey blue, also "the opponent then wins"), or not searched to the end.
export const UNSETTLED_COLOUR = '#dedede';

// Each player's pieces: the first player's blue, the second's red.
export const PLAYER_COLOURS = { first: '#1f4e8c', second: '#a33a1f' };

// A square covered before the game, on a board of dominoes: grey, no one's.
export const COVERED_COLOUR = '#7d7d7d';

// A move's colour and its value in words, under the convention played: the nim-value it leads
// to under normal play, winning or losing under misère play (whose reports have no nim-value).
export function moveColour(move) {
  if (move.winning === undefined) return UNSETTLED_COLOUR;
  if (misereShown()) return move.winning ? MISERE_COLOURS.winning : MISERE_COLOURS.losing;
  if (move.nimber === undefined) return move.winning === false ? MISERE_COLOURS.losing : UNSETTLED_COLOUR;
  return valueColour(move.nimber);
}

export function moveValueText(move) {
  if (move.winning === undefined) return 'not worked out in time';
  if (misereShown()) return move.winning ? 'winning' : 'losing';
  if (move.nimber === undefined) return move.winning === false ? 'losing, value not found in time' : 'not worked out in time';
  return nimberText(move.nimber);
}

// What a free square's label says of its move: the value it leads to, or whether it wins.
export function moveState(move) {
  if (move.winning === undefined) return 'a move not worked out in time';
  if (misereShown()) return `a ${moveValueText(move)} move`;
  if (move.nimber === undefined) {
    return move.winning === false ? 'a losing move, its value not found in time' : 'a move not worked out in time';
  }
  return `leads to ${nimberText(move.nimber)}`;
}
