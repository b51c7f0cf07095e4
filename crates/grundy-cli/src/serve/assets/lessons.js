// Ready lesson positions: the positions of the references (Boone's boards and theorems, the
// take-and-break lesson's worked example and exercises) as the library's catalogue lists
// them, each family's under its name. Choosing one sets the game's form to it and starts it.

import { $ } from './common.js';
import { guarded } from './api.js';
import { families } from './state.js';
import { newGame } from './play.js';

// Fills the menu from the catalogue's families (state.js `families`), those the page plays.
export function fillLessons() {
  const groups = [];
  for (const [name, family] of families) {
    if (!family.play || !family.lessons || family.lessons.length === 0) continue;
    const group = document.createElement('optgroup');
    group.label = family.play.label;
    family.lessons.forEach((lesson, index) => {
      const option = new Option(lesson.title, `${name}/${index}`);
      option.title = lesson.source;
      group.appendChild(option);
    });
    groups.push(group);
  }
  $('play-lesson').replaceChildren(new Option('a position from the references…', ''), ...groups);
}

$('play-lesson').addEventListener('change', () => guarded(async () => {
  const chosen = $('play-lesson').value;
  if (!chosen) return;
  const [name, index] = chosen.split('/');
  const lesson = families.get(name).lessons[Number(index)];
  $('play-family').value = name;
  $('play-family').dispatchEvent(new Event('change'));
  $('play-game').value = lesson.game;
  $('play-args').value = lesson.arguments;
  $('play-lesson').value = '';
  await newGame();
  $('message').textContent = `${lesson.title} (${lesson.source})`;
}));
