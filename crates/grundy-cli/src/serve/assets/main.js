// The grundy page: plain JavaScript modules, no framework, nothing loaded from elsewhere. Every
// answer comes from the server's jobs API, which answers the library's typed requests
// (`{"question": "value", "game": "knights 5x5"}`) as `grundy worker` does (docs/WEB.md).
// This module fills the choices from the catalogue and opens what the address names; each
// view is a module of its own: play.js (with state.js, play-view.js, board.js, values.js,
// graph-layout.js), table.js, sequence.js, tour.js, attack-graph.js; link.js keeps the
// address, api.js asks the server, common.js holds what they share.

import { $ } from './common.js';
import { guarded } from './api.js';
import { play, readLimits } from './state.js';
import { fillGameNames, newGame } from './play.js';
import { gameOfLink, viewOfLink } from './link.js';
import './table.js';
import './sequence.js';
import './tour.js';
import './attack-graph.js';

// The catalogue of games fills the choices.
async function loadCatalogue() {
  const response = await fetch('/api/games');
  const catalogue = await response.json();
  const names = {};
  for (const family of catalogue.families) {
    names[family.family] = family.games;
    play.rules[family.family] = { rules: family.rules, descriptions: family.descriptions || {} };
  }
  const fill = (id, list) => {
    $(id).replaceChildren(...list.map((name) => {
      const option = document.createElement('option');
      option.value = name;
      return option;
    }));
  };
  fill('piece-names', names.placement);
  fill('heap-names', names.heap);
  fill('table-names', names.placement.concat(names.corner));
  play.names = names;
  play.pieceLetters = catalogue.piece_letters;
  play.leaperLetter = catalogue.leaper_letter;
  fillGameNames();
  for (const id of ['play-surface', 'table-surface']) {
    $(id).replaceChildren(...catalogue.surfaces.map((surface) => new Option(surface, surface)));
  }
  $('play-rays').replaceChildren(...catalogue.rays.map((rule) => new Option(rule, rule)));
}

guarded(async () => {
  await Promise.all([loadCatalogue(), readLimits()]);
  const linked = gameOfLink();
  viewOfLink();
  await (linked ? newGame(linked.start, linked.plies) : newGame());
});
