// The grundy page: plain JavaScript modules, no framework, nothing loaded from elsewhere. Every
// answer comes from the server's jobs API, which answers the library's typed requests
// (`{"question": "value", "game": "knights 5x5"}`) as `grundy worker` does (docs/WEB.md).
// This module fills the choices from the catalogue and opens what the address names; each
// view is a module of its own: play.js (with state.js, play-view.js, board.js, dominoes.js, heaps.js, values.js,
// graph-layout.js, and modes.js, review.js, why.js for the modes, the review and the why
// panel; lessons.js for the positions of the references), table.js, sequence.js, tour.js, attack-graph.js; export.js saves the board, a table or a sequence as
// files; link.js keeps the
// address, api.js asks the server, common.js holds what they share.

import { $ } from './common.js';
import { guarded } from './api.js';
import { play, families, endings, readLimits } from './state.js';
import { newGame } from './play.js';
import { linkInAddress, openLink } from './link.js';
import { fillLessons } from './lessons.js';
import './table.js';
import './sequence.js';
import './tour.js';
import './attack-graph.js';
import './export.js';

// The catalogue of games fills the choices: the families the Play tab offers, and for each
// other tab the named games of the families that answer its question.
async function loadCatalogue() {
  const response = await fetch('/api/games');
  const catalogue = await response.json();
  for (const family of catalogue.families) families.set(family.family, family);
  Object.assign(endings, catalogue.endings);
  const offered = catalogue.families.filter((family) => family.play);
  $('play-family').replaceChildren(...offered.map((family) => new Option(family.play.label, family.family)));
  const answering = (question) => catalogue.families
    .filter((family) => family.commands.includes(question))
    .flatMap((family) => family.games);
  const fill = (id, list) => {
    $(id).replaceChildren(...list.map((name) => {
      const option = document.createElement('option');
      option.value = name;
      return option;
    }));
  };
  fill('piece-names', answering('graph'));
  fill('heap-names', answering('sequence'));
  fill('table-names', answering('table'));
  play.pieceLetters = catalogue.piece_letters;
  play.leaperLetter = catalogue.leaper_letter;
  for (const id of ['play-surface', 'table-surface']) {
    $(id).replaceChildren(...catalogue.surfaces.map((surface) => new Option(surface, surface)));
  }
  $('play-rays').replaceChildren(...catalogue.rays.map((rule) => new Option(rule, rule)));
  fillLessons();
  // The form starts with the first family's game.
  $('play-family').dispatchEvent(new Event('change'));
}

// Opens `link`: its view, and its game. A link naming only a view (a table's) leaves the game
// on the Play tab as it is; a page opened on one starts the form's first game.
async function open(link, firstOpened) {
  const linked = openLink(link);
  if (linked) await newGame(linked.start, linked.plies, linked.replay);
  else if (firstOpened) await newGame();
}

const loaded = Promise.all([loadCatalogue(), readLimits()]);
guarded(async () => {
  const link = linkInAddress();
  await loaded;
  await open(link, true);
});

// A link given to the open page (typed or pasted into the address bar, Back and Forward
// between links) opens as it would in a new page; the page's own writes of the address
// (`history.replaceState`) fire no `hashchange`.
window.addEventListener('hashchange', () => {
  const link = linkInAddress();
  guarded(async () => {
    await loaded;
    await open(link, false);
  });
});
