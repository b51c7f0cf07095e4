// Drawing the Play tab: the status line, the history, the legend, the rules, and the game's
// picture (boards in board.js, dominoes in dominoes.js, heaps in heaps.js; graphs here), from the
// answers about the position.

import { $, nimberText, svgElement, svgText } from './common.js';
import {
  play, families, endings, limits, classroom, drawn, gameOver, misereShown,
  other, personToMove, refusedHere, showingValues, toMove,
} from './state.js';
import { WINNING_FRAME, moveColour } from './values.js';
import { keepFocus, keyboardMove, renderCorner, renderPlacement } from './board.js';
import { renderDominoes } from './dominoes.js';
import { renderHeaps } from './heaps.js';
import { VERTEX_RADIUS, springLayout } from './graph-layout.js';
import { actions } from './actions.js';
import { renderLegend } from './legend.js';
import { updateLink } from './link.js';
import { playerName, twoPlayersOver } from './modes.js';
import { renderReview } from './review.js';
import { renderWhy } from './why.js';

export function renderPlay() {
  updateLink();
  renderRules();
  renderStatus();
  const container = $('board');
  const hadFocus = container.contains(document.activeElement);
  container.replaceChildren();
  container.classList.toggle('pending', !play.analysis);
  const analysis = play.analysis;
  // Drawn as the catalogue says the family's positions are drawn.
  if (drawn('board')) {
    renderPlacement(container, analysis);
    keepFocus(container, hadFocus);
  } else if (drawn('dominoes')) {
    renderDominoes(container, analysis);
    keepFocus(container, hadFocus);
  } else if (drawn('heaps')) renderHeaps(container, analysis, hadFocus);
  else if (drawn('graph')) renderGraphGame(container, analysis);
  else if (drawn('corner')) renderCorner(container, analysis);
  renderReview();
  renderWhy();
}

// The rules of the game being played, in a paragraph beside the board.
function renderRules() {
  const family = families.get(play.family);
  if (!family) return;
  const name = play.name;
  const what = (family.descriptions || {})[name];
  const rules = what ? `${family.rules} ${name}: ${what}.` : family.rules;
  const ending = play.misere ? endings.misere : endings.normal;
  $('play-rules').textContent = ending ? `${rules} ${ending}` : rules;
}

function renderStatus() {
  const analysis = play.analysis;
  const hidden = classroom();
  $('play-hint').disabled = hidden;
  $('play-values').disabled = hidden;
  $('play-reveal').hidden = !hidden;
  $('play-retry').hidden = !play.retry;
  $('play-retry').textContent = play.retry === 'computer' ? "Computer's move" : 'Work out the moves';
  const mover = toMove();
  const you = playerName;
  // Refused its side, the computer leaves the game waiting: said where the turn is said.
  const waiting = refusedHere() ? ': waiting for a new game or the sides swapped (the computer has no strategy for its side here)' : '';
  $('to-move').textContent = analysis ? `${mover} player to move (${you(mover)})${waiting}` : '';
  renderValue(analysis, hidden);
  renderHistory();
  if (!analysis) {
    $('outcome').textContent = '';
    return;
  }
  const winner = analysis.outcome === 'N' ? mover : other(mover);
  if (!analysis.outcome && !gameOver()) {
    $('outcome').textContent = hidden ? '' : `who wins was not found in ${limits.analysisSeconds} s`;
    return;
  }
  if (gameOver()) {
    $('outcome').textContent = `${analysis.outcome}: game over, ${you(winner)} won`;
    // Whoever has no move left has lost normal play and won misère play.
    const twoPlayers = twoPlayersOver(winner, misereShown());
    if (twoPlayers) {
      $('message').textContent = twoPlayers;
    } else if (!misereShown()) {
      $('message').textContent = winner === play.human
        ? 'The computer has no move left: you win!'
        : 'You have no move left: the computer wins.';
    } else {
      $('message').textContent = winner === play.human
        ? 'You have no move left: the computer made the last move, so you win (misère play: the last mover loses)!'
        : 'The computer has no move left: you made the last move, so the computer wins (misère play: the last mover loses).';
    }
  } else if (hidden) {
    $('outcome').textContent = '';
  } else {
    const verb = you(winner) === 'you' ? 'win' : 'wins';
    $('outcome').textContent = `${analysis.outcome}: ${you(winner)} (${winner} player) ${verb} with perfect play`;
  }
}

// The value line: the nim-value under normal play; under misère play, which has none, the
// genus when it is known (Winning Ways writes it g with the γs raised). Who wins is the
// outcome line's, under either convention: said here too, the status said it twice.
function renderValue(analysis, hidden) {
  const misere = misereShown();
  $('value-name').textContent = misere ? 'misère play:' : 'nim-value';
  const value = $('nimber');
  const genus = $('genus');
  genus.hidden = true;
  genus.replaceChildren();
  if (!analysis) {
    value.textContent = '?';
  } else if (hidden) {
    value.textContent = 'hidden';
  } else if (!misere && analysis.nimber === undefined) {
    value.textContent = analysis.outcome === 'N' ? 'not 0 (not found in time)' : '? (not found in time)';
  } else if (!misere) {
    value.textContent = nimberText(analysis.nimber);
  } else {
    value.textContent = 'no nim-value';
    if (analysis.genus) {
      // `2^1420`, or with terms of 10 or more `3^{12,3}`: the γs are raised.
      const [normal, gammas] = analysis.genus.text.split('^');
      const raised = document.createElement('sup');
      raised.textContent = (gammas || '').replace(/^\{|\}$/g, '');
      const text = document.createElement('b');
      text.append(normal, raised);
      genus.append('(genus ', text, ')');
      genus.dataset.genus = analysis.genus.text;
      genus.title = `normal-play nim-value ${analysis.genus.normal}; misère nim-values with 0, 1, 2, ... heaps of 2 beside it: ${analysis.genus.misere.join(', ')}`;
      genus.hidden = false;
    }
  }
}

// The moves so far, those stepped back over greyed after them; Back and Forward step through.
function renderHistory() {
  const item = (entry, state) => {
    const element = document.createElement('li');
    element.textContent = `${entry.by}: ${entry.notation}`;
    element.className = state;
    return element;
  };
  const shown = play.history.map((entry) => item(entry, 'played'));
  if (shown.length > 0) shown[shown.length - 1].setAttribute('aria-current', 'step');
  const ahead = play.future.slice().reverse().map((entry) => item(entry, 'future'));
  $('history').replaceChildren(...shown, ...ahead);
  $('play-back').disabled = play.history.length === 0;
  $('play-forward').disabled = play.future.length === 0;
  $('setup-position').value = drawn('graph') ? '' : play.position || '';
  // The game as the library wrote it, the `game` of the requests about this position.
  $('play-text').textContent = play.game;
}

// Node Kayles on the graph of the last answer: its vertices and edges as the library lists
// them (`graph`), the position before while the answer about a move is worked out.
function renderGraphGame(container, analysis) {
  $('piece-choice').replaceChildren();
  const drawing = (analysis && analysis.graph) || play.drawing || { vertices: [], edges: [] };
  const { vertices, edges } = drawing;
  // Each vertex keeps its place of the first position, so the picture does not move as
  // vertices are taken; those gone are drawn faint.
  const layout = play.graphLayout || springLayout(drawing);
  const { size, place } = layout;
  const left = new Set(vertices);
  const moves = new Map((analysis ? analysis.moves : []).map((move) => [move.vertex, move]));
  const showValues = showingValues();
  const humanTurn = analysis && !gameOver() && personToMove();
  const r = VERTEX_RADIUS;
  const svg = svgElement('svg', { width: size, height: size, 'font-family': 'sans-serif', 'font-size': 12, 'data-testid': 'graph-game' }, container);
  for (const [name, [x, y]] of place) {
    if (left.has(name)) continue;
    svgElement('circle', { cx: x, cy: y, r, fill: 'none', stroke: '#bbb', 'stroke-dasharray': '3 3' }, svg);
    svgText(svg, x, y + 4, name, { 'text-anchor': 'middle', fill: '#bbb' });
  }
  for (const [u, v] of edges) {
    if (!place.has(u) || !place.has(v)) continue;
    const [x1, y1] = place.get(u);
    const [x2, y2] = place.get(v);
    svgElement('line', { x1, y1, x2, y2, stroke: '#555' }, svg);
  }
  for (const name of vertices) {
    if (!place.has(name)) continue;
    const [x, y] = place.get(name);
    const move = moves.get(name);
    const framed = move && move.winning && (showValues || play.hint);
    const group = svgElement('g', { class: move && humanTurn ? 'square legal' : 'square', 'data-vertex': name }, svg);
    // A finger's worth of target around the circle, drawn or not.
    svgElement('circle', { cx: x, cy: y, r: r + 8, fill: 'transparent', 'data-testid': 'touch-target' }, group);
    svgElement('circle', { cx: x, cy: y, r, fill: showValues && move ? moveColour(move) : '#f0ead8', stroke: framed ? WINNING_FRAME : '#2f3b4a', 'stroke-width': framed ? 4 : 1, 'data-testid': 'vertex' }, group);
    svgText(group, x, y + 4, name, { 'text-anchor': 'middle' });
    if (showValues && move && !misereShown()) svgText(group, x + 18, y - 14, nimberText(move.nimber), { 'font-size': 11 });
    if (move) {
      group.addEventListener('click', () => actions.humanMove(move));
      if (humanTurn) keyboardMove(group, name, move, showValues);
    }
  }
  if (vertices.length === 0) svgText(svg, size / 2, size / 2, 'no vertices left', { 'text-anchor': 'middle' });
  renderLegend(showValues ? [...moves.values()] : null);
}

actions.renderPlay = renderPlay;
