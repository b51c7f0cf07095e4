// Browser tests of `grundy serve` in Debian's Chromium, driven by playwright-core.
//
// The server is started by the Rust test crates/grundy-cli/tests/browser.rs, which passes its
// address in GRUNDY_URL, the grundy binary in GRUNDY_BIN (to ask `grundy worker` what the page
// asked) and the folder for screenshots in SCREENSHOT_DIR; run by hand:
//   grundy serve --port 0   # prints the address
//   GRUNDY_URL=http://127.0.0.1:PORT/ node --test web-tests/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const url = process.env.GRUNDY_URL;
const screenshots = process.env.SCREENSHOT_DIR || 'screenshots';
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
// The grundy binary, to ask `grundy worker` what the page asked the server; run by hand
// without it, the server's /api/run answers instead (the same JSON, docs/WEB.md).
const grundy = process.env.GRUNDY_BIN;

let browser;
let page;
const consoleErrors = [];

before(async () => {
  assert.ok(url, 'GRUNDY_URL must name the running server, such as http://127.0.0.1:7878/');
  mkdirSync(screenshots, { recursive: true });
  browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.setDefaultTimeout(20000);
  await page.goto(url);
  await page.waitForSelector('[data-square="a1"]');
});

after(async () => {
  if (browser) await browser.close();
});

async function idle() {
  // The page has answered when the game's work is done (the Play tab is busy from a move or
  // New game until the computer's reply and the position after it are drawn), no job runs and
  // the status is filled in.
  await page.waitForFunction(() => !document.querySelector('#play').hasAttribute('aria-busy')
    && document.querySelector('#work').hidden
    && document.querySelector('[data-testid="nimber"]').textContent !== '?');
}

test('a whole game of knights 5x5 against the perfect computer, which wins', async () => {
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '5x5');
  await page.selectOption('#play-opponent', 'perfect');
  await page.selectOption('#play-side', 'second');
  await page.click('#play-new');
  // The computer opens; knights 5x5 has nim-value *1 on the empty board, so the first player
  // (the computer) wins, and after its move the position is a second-player win: 0.
  await page.waitForFunction(() => document.querySelectorAll('#history li').length >= 1);
  await idle();
  assert.equal(await page.textContent('[data-testid="nimber"]'), '0');
  assert.match(await page.textContent('[data-testid="outcome"]'), /P: the computer \(first player\) wins/);
  await page.check('#play-values');
  await page.screenshot({ path: join(screenshots, 'play-values.png') });
  let moves = 0;
  for (;;) {
    // The board is drawn anew once the computer's reply has come: wait until it offers the
    // person a move or says the game is over (on a loaded machine the reply may still be on
    // its way when the page first looks idle).
    await page.waitForFunction(() => /game over/.test(document.querySelector('[data-testid="outcome"]').textContent)
      || document.querySelectorAll('#board .square.legal').length > 0);
    const over = await page.evaluate(() => /game over/.test(document.querySelector('[data-testid="outcome"]').textContent));
    if (over) break;
    await idle();
    const legal = await page.$$('#board .square.legal');
    assert.ok(legal.length > 0, 'a legal square to click');
    // Every move the person has leads to a nonzero value: the computer has a winning reply.
    const winning = await page.$$('#board [data-winning="true"]');
    assert.equal(winning.length, 0, 'no winning move for the person in a lost position');
    const before = await page.$$eval('#history li', (items) => items.length);
    await legal[0].click();
    await page.waitForFunction((count) => document.querySelectorAll('#history li').length >= count + 1, before);
    await idle();
    moves += 1;
    assert.ok(moves <= 13, 'a game of knights 5x5 has at most 13 moves each');
  }
  assert.match(await page.textContent('[data-testid="message"]'), /the computer wins/);
  await page.uncheck('#play-values');
  await page.screenshot({ path: join(screenshots, 'play.png') });
});

test('hint and undo', async () => {
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await idle();
  assert.equal(await page.textContent('[data-testid="nimber"]'), '*1');
  await page.click('#play-hint');
  assert.ok((await page.$$('#board [data-winning="true"]')).length > 0);
  // The picture the README shows: the first player's move values, winning moves framed.
  await page.check('#play-values');
  await page.screenshot({ path: join(screenshots, 'play-first.png'), clip: { x: 0, y: 0, width: 1000, height: 560 } });
  await page.uncheck('#play-values');
  const first = await page.$('#board .square.legal');
  await first.click();
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 2);
  await idle();
  await page.click('#play-undo');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 0);
  await idle();
  assert.equal(await page.textContent('[data-testid="nimber"]'), '*1');
});

test('a position set up by clicking, then played from', async () => {
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '3x3');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await idle();
  await page.check('#setup-mode');
  await page.click('[data-square="b2"]');
  await page.click('[data-square="a1"]');
  await page.click('[data-square="a1"]');
  await page.uncheck('#setup-mode');
  // One knight stands (a1 was put and taken off again), so the second player is to move; the
  // person plays first, so the computer moves at once, and the person is to move again.
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 1);
  await idle();
  const position = await page.inputValue('#setup-position');
  assert.equal(position.split('/')[1][1], 'N', position);
  assert.equal(position.split('N').length - 1, 2, position);
  assert.match(await page.textContent('[data-testid="to-move"]'), /first player to move \(you\)/);
});

test('several pieces: the person chooses the piece', async () => {
  await page.fill('#play-game', 'bishops+knights');
  await page.fill('#play-args', '3x3');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await page.waitForSelector('input[data-piece="bishops"]');
  await idle();
  await page.check('input[data-piece="bishops"]');
  await page.click('[data-square="a1"]');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length >= 1);
  await idle();
  assert.equal(await page.textContent('#history li'), 'you: Ba1');
  assert.match(await page.inputValue('#setup-position'), /^B/);
});

test('long work shows its progress and is cancelled; the page answers on', async () => {
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '9x11');
  await page.click('#play-new');
  await page.waitForSelector('#work:not([hidden])');
  assert.match(await page.textContent('#work-text'), /moves (queued|running)/);
  // Beside the board, a calm state says what is being worked out, how far it came, with a
  // Cancel: the new board is drawn faded in the colours of free squares, not as attacked, and
  // the history of the game before is gone.
  await page.waitForSelector('#computing:not([hidden])');
  assert.match(await page.textContent('#computing-text'), /^Working out the moves and their values \(at most \d+ s\)… \d+\.\d s/);
  assert.ok(await page.$('#board.pending [data-square="k9"]'), 'the new 9x11 board, faded');
  assert.equal((await page.$$('#board rect[fill="#f2b8b5"], #board rect[fill="#e39a96"]')).length, 0, 'no square drawn attacked');
  assert.equal((await page.$$('#history li')).length, 0, 'no history of the game before');
  assert.equal(await page.textContent('[data-testid="nimber"]'), '?');
  await page.screenshot({ path: join(screenshots, 'computing.png') });
  await page.click('#computing-cancel');
  await page.waitForSelector('#error:not([hidden])');
  assert.equal(await page.textContent('#error'), 'cancelled');
  assert.equal(await page.isHidden('#work'), true);
  assert.equal(await page.isHidden('#computing'), true);
  await page.fill('#play-args', '5x5');
  await page.click('#play-new');
  await idle();
  assert.equal(await page.textContent('[data-testid="nimber"]'), '*1');
});

test('the queens table as a heat map; a cell opens its board', async () => {
  await page.click('button[data-tab="table"]');
  await page.fill('#table-game', 'queens');
  await page.fill('#table-rows', '1-6');
  await page.fill('#table-cols', '1-6');
  await page.click('#table-form button[type="submit"]');
  await page.waitForSelector('[data-cell="6x6"]');
  assert.equal((await page.$$('[data-cell]')).length, 36);
  await page.screenshot({ path: join(screenshots, 'table.png') });
  await page.click('[data-cell="4x5"]');
  await page.waitForSelector('#play:not([hidden]) [data-square="e4"]');
  await idle();
  assert.equal(await page.inputValue('#play-args'), '4x5');
  assert.equal(await page.inputValue('#play-game'), 'queens');
});

// Starts the table view's job for `game` `rows` x `cols` and returns its id.
async function startTable(game, rows, cols) {
  await page.click('button[data-tab="table"]');
  await page.fill('#table-game', game);
  await page.fill('#table-rows', rows);
  await page.fill('#table-cols', cols);
  const started = page.waitForResponse((response) => response.url().endsWith('/api/jobs')
    && response.request().method() === 'POST');
  await page.click('#table-form button[type="submit"]');
  return (await (await started).json()).id;
}

// The state of job `id` as the server tells this page, once it has ended (the server marks a
// cancelled job only when its worker has exited): `wanted` is what the caller expects.
// (A job never cancelled ends too, at the server's time limit, as failed.) Polled from here:
// `waitForFunction` does not await a predicate's promise, whose object is truthy at once.
async function jobState(id, wanted) {
  const running = (state) => state === 'queued' || state === 'running';
  let state = 'queued';
  while (running(state)) {
    state = await page.evaluate(async (job) => (await (await fetch(`/api/jobs/${job}`)).json()).state, id);
    if (running(state)) await page.waitForTimeout(100);
  }
  assert.equal(state, wanted, `job ${id}`);
  return state;
}

test('a newer table replaces an older one still running, whose job is cancelled', async () => {
  // The 9x9 knights board takes hours: only the cancel ends its job.
  const older = await startTable('knights', '9', '9');
  await page.waitForSelector('#work:not([hidden])');
  await startTable('queens', '1-3', '1-3');
  // The view held the 6x6 queens table before: the newer answer is the 3x3 one.
  await page.waitForFunction(() => document.querySelectorAll('[data-cell]').length === 9);
  assert.equal(await jobState(older, 'cancelled'), 'cancelled');
  await page.waitForTimeout(300);
  assert.equal((await page.$$('[data-cell]')).length, 9, 'the older answer is not drawn');
  assert.equal(await page.isHidden('#error'), true, 'a replaced request is no error');
  assert.equal(await page.isHidden('#work'), true);
});

test('a nim-sequence plotted with its period marked', async () => {
  await page.click('button[data-tab="sequence"]');
  await page.fill('#sequence-game', 'dawsons-kayles');
  await page.fill('#sequence-to', '200');
  await page.click('#sequence-form button[type="submit"]');
  await page.waitForSelector('[data-testid="points"] circle');
  assert.equal((await page.$$('[data-testid="points"] circle')).length, 201);
  assert.ok(await page.$('[data-testid="preperiod-mark"]'), 'the pre-period is marked');
  assert.match(await page.textContent('#sequence-summary'), /period 34/);
  await page.screenshot({ path: join(screenshots, 'sequence.png') });
});

test('a sequence of 3,000,000 values is plotted', async () => {
  await page.click('button[data-tab="sequence"]');
  await page.fill('#sequence-game', 'kayles');
  await page.fill('#sequence-to', '3000000');
  await page.click('#sequence-form button[type="submit"]');
  await page.waitForFunction(() => /3000001 values/.test(document.querySelector('#sequence-summary').textContent));
  const marks = (await page.$$('[data-testid="points"] circle')).length;
  assert.ok(marks > 100 && marks < 20000, `${marks} marks: one per pixel column and value`);
  assert.match(await page.textContent('#sequence-summary'), /period 12 from n = 71/);
});

test('a sequence in a window: the count of each value, the rare heaps, the last values', async () => {
  await page.click('button[data-tab="sequence"]');
  await page.fill('#sequence-game', '0.6');
  await page.fill('#sequence-to', '300,000');
  await page.fill('#sequence-window', '65536');
  await page.click('#sequence-form button[type="submit"]');
  await page.waitForSelector('[data-testid="value-counts"] [data-testid="bars"] rect');
  const summary = await page.textContent('#sequence-summary');
  // Officers' 1,584 rare heaps, the last at 20,627, as Czajka's row has them
  // (crates/grundy/tests/oracles); the largest value to 300,000 as the command line gives it.
  assert.match(summary, /heaps 0 to 300000 with a window of 65536 heaps/);
  assert.match(summary, /largest value 291, first at heap 133032; 1584 rare heaps, the last at heap 20627/);
  assert.match(await page.textContent('[data-testid="last-values"]'), /heaps 299981 to 300000/);
  await page.screenshot({ path: join(screenshots, 'sequence-window.png') });
  await page.fill('#sequence-window', '');
});

test('a 30x30 closed tour drawn and animated', async () => {
  await page.click('button[data-tab="tour"]');
  await page.fill('#tour-board', '30x30');
  await page.check('#tour-closed');
  await page.click('#tour-form button[type="submit"]');
  await page.waitForSelector('[data-testid="tour-path"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="tour-path"]').getAttribute('data-drawn') === '901');
  assert.match(await page.textContent('[data-testid="tour-summary"]'), /closed tour of 30x30 .*900 squares, every step a knight/);
  await page.screenshot({ path: join(screenshots, 'tour.png') });
});

test('the attack graph with alpha, gamma and i', async () => {
  await page.click('button[data-tab="graph"]');
  await page.fill('#graph-game', 'knights');
  await page.fill('#graph-board', '4x4');
  await page.click('#graph-form button[type="submit"]');
  await page.waitForSelector('[data-testid="alpha"]');
  assert.equal(await page.textContent('[data-testid="alpha"]'), '8');
  assert.equal(await page.textContent('[data-testid="gamma"]'), '4');
  assert.equal(await page.textContent('[data-testid="i"]'), '4');
  assert.equal((await page.$$('[data-testid="graph"] line')).length, 24);
  await page.screenshot({ path: join(screenshots, 'graph.png') });
});

test('the rules of the game and the words are on screen', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'heap');
  // A heap game has no symmetry opponent: the choice names the families that have one.
  assert.equal(await page.isDisabled('#play-opponent option[value="symmetry"]'), true);
  assert.equal(
    await page.getAttribute('#play-opponent option[value="symmetry"]', 'title'),
    'the symmetry strategies are for pieces on a board or dominoes (Cram)',
  );
  await page.fill('#play-game', 'kayles');
  await page.fill('#play-args', '3 4');
  await page.click('#play-new');
  await idle();
  const rules = await page.textContent('[data-testid="rules"]');
  assert.match(rules, /heaps of tokens/);
  assert.match(rules, /kayles: 0\.77 : knock down one or two adjacent pins/);
  assert.match(rules, /cannot move loses/);
  await page.click('#glossary summary');
  assert.match(await page.textContent('#glossary'), /mex.*smallest whole number/s);
  await page.click('#glossary summary');
});

test('a heap game: Kayles rows played by their moves', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'heap');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await page.waitForSelector('[data-heap="3"]');
  await idle();
  await page.check('#play-values');
  const winning = await page.$$('.heap-moves button.winning');
  assert.ok(winning.length > 0, 'kayles 3 4 5 is a first-player win');
  await page.screenshot({ path: join(screenshots, 'heaps.png') });
  await page.uncheck('#play-values');
});

test('two-dimensional Kayles: boards of pins, a move splits one', async () => {
  await page.fill('#play-game', 'kayles-2d');
  await page.fill('#play-args', '2x3 1x2');
  await page.click('#play-new');
  await page.waitForSelector('[data-heap="2"]');
  await idle();
  // Both players lose from 2x3 + 1x2 (nim-value 0); the person moves first and takes a move.
  assert.equal(await page.textContent('[data-testid="nimber"]'), '0');
  await page.click('[data-heap="1"] button[data-move="2x3 -> 2x1 + 2x1"]');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length >= 2);
  await idle();
  assert.ok(!(await page.inputValue('#setup-position')).includes('2x3'));
});

test('Node Kayles on a pasted edge list: the computer answers a move', async () => {
  await page.selectOption('#play-family', 'graph');
  await page.selectOption('#play-side', 'first');
  await page.fill('#play-edges', 'a b\nb c\nc d\nd e\ne a\na f');
  const asked = jobsAsked(page);
  await page.click('#play-new');
  await page.waitForSelector('[data-vertex="f"]');
  await idle();
  assert.equal(await page.textContent('[data-testid="nimber"]'), '*3');
  // What is drawn is the graph the answer lists (`graph`): its vertices, and a line an edge.
  const drawnGraph = async () => {
    const answered = await worker(asked.filter((request) => request.question === 'moves').pop());
    assert.deepEqual(await page.$$eval('[data-vertex]', (vertices) => vertices.map((vertex) => vertex.dataset.vertex)), answered.graph.vertices);
    assert.equal((await page.$$('[data-testid="graph-game"] line')).length, answered.graph.edges.length);
  };
  await drawnGraph();
  // Taking b removes a and c; the computer answers in what is left: d - e and f.
  await page.click('[data-vertex="b"]');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 2);
  await idle();
  assert.equal(await page.$('[data-vertex="a"]'), null);
  await drawnGraph();
  // b was a winning move, so whatever the computer answered, the person wins again.
  assert.match(await page.textContent('[data-testid="outcome"]'), /: you \(first player\) win/);
  await page.screenshot({ path: join(screenshots, 'node-kayles.png') });
});

test('a corner game on a grid', async () => {
  await page.selectOption('#play-family', 'corner');
  await page.fill('#play-args', '7 9');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await page.waitForSelector('#board .square.legal');
  await idle();
  const before = await page.textContent('[data-testid="nimber"]');
  assert.match(before, /^(0|\*\d+)$/);
  // With the values shown, each move's cell carries its value in figures.
  await page.check('#play-values');
  const shown = await page.$$eval('[data-testid="corner-value"]', (texts) => texts.map((t) => t.textContent));
  assert.equal(shown.length, await page.$$eval('#board .square.legal', (cells) => cells.length));
  assert.ok(shown.every((text) => /^(0|\*\d+)$/.test(text)), shown.join(' '));
  await page.uncheck('#play-values');
  await page.click('#board .square.legal');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length >= 1);
  await idle();
});

// The library's answer to `request`, from `grundy worker` itself.
async function worker(request) {
  if (grundy) return JSON.parse(execFileSync(grundy, ['worker'], { input: JSON.stringify(request) }).toString());
  return page.evaluate(async (body) => (await fetch('/api/run', { method: 'POST', body: JSON.stringify(body) })).json(), request);
}

// The jobs the page starts from now on, in order.
function jobsAsked(target) {
  const seen = [];
  target.on('request', (request) => {
    if (request.url().endsWith('/api/jobs') && request.method() === 'POST') seen.push(JSON.parse(request.postData()));
  });
  return seen;
}

// Plays the game on screen against the computer to its end, the person taking the first move
// offered (`choice` selects them; `asked` holds the jobs the page started since its New game), and checks after each move that the page plays on in the
// game the library says the move leaves: the person's move as the library's list of moves has
// it (`after`, `after_graph`), the computer's as `grundy worker` answers the page's `play`
// request; and that what is drawn is that position (`drawn` reads it from the page).
async function playAgainstTheComputer(asked, choice, drawn) {
  let checked = 0;
  for (let turn = 0; turn < 40; turn += 1) {
    await idle();
    if (/game over/.test(await page.textContent('[data-testid="outcome"]'))) break;
    const game = await page.textContent('[data-testid="game-text"]');
    const analysis = asked.filter((request) => request.question === 'moves').pop();
    assert.equal(analysis.game, game, 'the moves asked are of the game shown');
    const listed = await worker(analysis);
    const option = await page.$(choice);
    const notation = await option.evaluate((element) => element.dataset.move || element.dataset.vertex || element.dataset.square);
    const move = listed.moves.find((m) => m.move === notation || m.vertex === notation || `${m.corner}` === notation);
    assert.ok(move, `${notation} is a move of ${game}`);
    const before = await page.$$eval('#history li', (items) => items.length);
    const sent = asked.length;
    await option.click();
    await page.waitForFunction((count) => document.querySelectorAll('#history li').length >= count + 2
      || /game over/.test(document.querySelector('[data-testid="outcome"]').textContent), before);
    await idle();
    // The person's move: the next request is about the game its `after` names.
    const next = asked.slice(sent).find((request) => ['moves', 'play'].includes(request.question));
    assert.equal(next.game, move.after, `${game}: ${notation}`);
    assert.equal(next.graph, move.after_graph, `${game}: ${notation}`);
    const history = await page.$$eval('#history li', (items) => items.map((item) => item.textContent));
    assert.equal(history[before], `you: ${move.move}`);
    if (history.length === before + 1) {
      assert.equal(await page.textContent('[data-testid="game-text"]'), move.after);
      break;
    }
    // The computer's move: the game shown is the one `grundy worker` says it leaves.
    const request = asked.slice(sent).find((r) => r.question === 'play');
    assert.equal(request.game, move.after);
    const reply = await worker(request);
    const played = reply.moves[0];
    assert.equal(history[before + 1], `computer: ${reply.played}`);
    assert.equal(await page.textContent('[data-testid="game-text"]'), played.after);
    assert.equal(linkedPosition(page), played.after_graph || reply.position, 'the position in the address');
    assert.deepEqual(await drawn(), played.after_graph || reply.position, 'the position drawn');
    checked += 1;
  }
  assert.ok(checked >= 1, 'the computer moved');
  assert.match(await page.textContent('[data-testid="outcome"]'), /game over/);
}

test("a heap game played to its end: each move leaves the library's game, the computer's too", async () => {
  await page.click('button[data-tab="play"]');
  await page.uncheck('#play-misere');
  await page.selectOption('#play-family', 'heap');
  await page.fill('#play-game', 'kayles');
  await page.fill('#play-args', '2 3 5');
  await page.selectOption('#play-opponent', 'random');
  await page.selectOption('#play-side', 'first');
  const asked = jobsAsked(page);
  await page.click('#play-new');
  await page.waitForSelector('[data-heap="3"]');
  await idle();
  assert.equal(await page.textContent('[data-testid="game-text"]'), 'kayles 2 3 5');
  // The heaps drawn, as the library types a position: `3 2`, `0` once every heap is gone.
  const heaps = () => page.$$eval('[data-heap] .label', (labels) => labels.map((label) => label.textContent).join(' ') || '0');
  await playAgainstTheComputer(asked, '.heap-moves button', heaps);
  // The last pin taken, the game left is `kayles 0`: a game with no move.
  assert.equal(await page.textContent('[data-testid="game-text"]'), 'kayles 0');
  assert.equal(await page.textContent('.heaps'), 'no heaps left');
});

test("a corner game and Node Kayles played to their end against the computer, as the library plays them", async () => {
  await page.selectOption('#play-family', 'corner');
  await page.fill('#play-args', '6 7');
  await page.selectOption('#play-opponent', 'perfect');
  await page.selectOption('#play-side', 'first');
  const corner = jobsAsked(page);
  await page.click('#play-new');
  await page.waitForSelector('#board .square.legal');
  await playAgainstTheComputer(corner, '#board .square.legal', () => page.$eval('[data-testid="corner-piece"]', (piece) => piece.closest('[data-square]').dataset.square.replace(',', ' ')));
  await page.selectOption('#play-family', 'graph');
  await page.fill('#play-edges', 'a b\nb c\nc d\nd e\ne f\nf a\na d\ng');
  await page.selectOption('#play-opponent', 'random');
  const graph = jobsAsked(page);
  await page.click('#play-new');
  await page.waitForSelector('[data-vertex="g"]');
  // The vertices left, as the library's edge list after the move names them (in its order).
  const left = async () => {
    const graph = linkedPosition(page);
    const named = graph.split('\n').map((line) => line.replace(/#.*/, '').trim()).filter((line) => line && !line.includes(' '));
    const drawnVertices = await page.$$eval('[data-vertex]', (vertices) => vertices.map((vertex) => vertex.dataset.vertex));
    assert.deepEqual(drawnVertices, named, graph);
    return graph;
  };
  await playAgainstTheComputer(graph, '#board .square.legal', left);
});

test('a graph request refused leaves no facts of the board before', async () => {
  await page.click('button[data-tab="graph"]');
  await page.fill('#graph-game', 'knights');
  await page.fill('#graph-board', '4x4');
  await page.click('#graph-form button[type="submit"]');
  await page.waitForSelector('[data-testid="alpha"]');
  await page.fill('#graph-board', '0x4');
  const logged = consoleErrors.length;
  await page.click('#graph-form button[type="submit"]');
  await page.waitForSelector('#error:not([hidden])');
  // The browser logs the refusal (400) it was asked to make; nothing else.
  const refusals = consoleErrors.splice(logged);
  assert.ok(refusals.every((text) => /status of 400/.test(text)), refusals.join('\n'));
  assert.match(await page.textContent('#error'), /0x4/);
  assert.equal(await page.$('[data-testid="alpha"]'), null);
  assert.equal(await page.$('[data-testid="graph"]'), null);
  await page.click('button[data-tab="play"]');
});

test('classroom mode hides the value, the winner and the hints until revealed', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '5x5');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await idle();
  await page.check('#play-values');
  assert.ok((await page.textContent('#legend')).includes('leads to nim-value'));
  await page.check('#play-classroom');
  assert.equal(await page.textContent('[data-testid="nimber"]'), 'hidden');
  assert.equal(await page.textContent('[data-testid="outcome"]'), '');
  assert.equal(await page.isDisabled('#play-hint'), true);
  assert.ok(!(await page.textContent('#legend')).includes('leads to nim-value'), 'no values in the legend');
  assert.ok(page.url().includes('classroom=1'), 'a link sent to the class keeps the values hidden');
  await page.click('#play-reveal');
  assert.equal(await page.textContent('[data-testid="nimber"]'), '*1');
  assert.match(await page.textContent('[data-testid="outcome"]'), /^N: you \(first player\) win/);
  assert.ok((await page.textContent('#legend')).includes('leads to nim-value'));
  await page.uncheck('#play-values');
});

test('the address holds the game on screen and opens it again elsewhere', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'queens');
  await page.fill('#play-args', '4x5');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await idle();
  await page.click('[data-square="b2"]');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length >= 2);
  await idle();
  // Each player's piece in its colour, and the computer's reply, the last move, marked.
  assert.equal((await page.$$('[data-owner="first"]')).length, 1);
  assert.equal((await page.$$('[data-owner="second"]')).length, 1);
  assert.equal((await page.$$('[data-testid="last-move"]')).length, 1);
  assert.equal(await page.$('[data-square="b2"] [data-testid="last-move"]'), null);
  assert.ok(await page.$('[data-square="b2"] [data-owner="first"]'));
  const link = page.url();
  const position = new URLSearchParams(new URL(link).hash.slice(1)).get('position');
  assert.equal((position.match(/Q/g) || []).length, 2, position);
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await phone.goto(link);
    await phone.waitForFunction(() => document.querySelector('[data-testid="nimber"]').textContent !== '?');
    assert.equal(await phone.inputValue('#play-game'), 'queens');
    assert.equal(await phone.inputValue('#play-args'), '4x5');
    assert.equal(new URLSearchParams(new URL(phone.url()).hash.slice(1)).get('position'), position);
    assert.equal(await phone.textContent('[data-testid="nimber"]'), await page.textContent('[data-testid="nimber"]'));
    assert.equal(await phone.textContent('#to-move'), await page.textContent('#to-move'));
  } finally {
    await phone.close();
  }
});

test('on a phone nothing runs off the side', async () => {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const overflow = () => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  try {
    await phone.goto(`${url}#family=placement&game=queens&args=8x8&position=${'......../'.repeat(7)}........&plies=0`);
    await phone.waitForFunction(() => document.querySelector('[data-testid="nimber"]').textContent !== '?');
    assert.equal(await overflow(), 0, 'the 8x8 board');
    await phone.click('button[data-tab="sequence"]');
    await phone.fill('#sequence-game', 'kayles');
    await phone.fill('#sequence-to', '500');
    await phone.click('#sequence-form button[type="submit"]');
    await phone.waitForSelector('[data-testid="points"] circle');
    assert.equal(await overflow(), 0, 'the sequence plot');
    await phone.click('button[data-tab="graph"]');
    await phone.fill('#graph-game', 'knights');
    await phone.fill('#graph-board', '8x8');
    await phone.click('#graph-form button[type="submit"]');
    await phone.waitForSelector('[data-testid="graph"]');
    assert.equal(await overflow(), 0, 'the graph');
    await phone.click('button[data-tab="table"]');
    await phone.fill('#table-game', 'queens');
    await phone.fill('#table-rows', '1-8');
    await phone.fill('#table-cols', '1-8');
    await phone.click('#table-form button[type="submit"]');
    await phone.waitForSelector('[data-cell="8x8"]');
    assert.equal(await overflow(), 0, 'the table');
    await phone.screenshot({ path: join(screenshots, 'phone-table.png') });
  } finally {
    await phone.close();
  }
});

// The position the address holds.
const linkedPosition = (target) => new URLSearchParams(new URL(target.url()).hash.slice(1)).get('position');

test('the moves stepped back and forth; a move played back there ends the moves after it', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '5x5');
  await page.selectOption('#play-opponent', 'perfect');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await idle();
  const positions = [linkedPosition(page)];
  const mine = [];
  for (let move = 0; move < 2; move += 1) {
    const square = await page.$eval('#board .square.legal', (element) => element.dataset.square);
    mine.push(square);
    const count = await page.$$eval('#history li', (items) => items.length);
    await page.click(`[data-square="${square}"]`);
    await page.waitForFunction((before) => document.querySelectorAll('#history li').length === before + 2, count);
    await idle();
    positions.push(linkedPosition(page));
  }
  assert.equal(await page.isDisabled('#play-forward'), true);
  const played = await page.$$eval('#history li', (items) => items.map((item) => item.textContent));
  assert.equal(played.length, 4);
  // Back: before the computer's second move; it waits there rather than playing again.
  await page.click('#play-back');
  await page.waitForFunction(() => document.querySelectorAll('#history li.future').length === 1);
  await idle();
  assert.notEqual(linkedPosition(page), positions[2]);
  assert.equal((linkedPosition(page).match(/N/g) || []).length, 3, 'three knights before the reply');
  await page.waitForTimeout(300);
  assert.equal((await page.$$('#history li.future')).length, 1, 'the computer does not move in a position stepped back to');
  // Back again by Page Up: before the person's second move, the address following.
  await page.focus('#play-back');
  await page.keyboard.press('PageUp');
  await page.waitForFunction(() => document.querySelectorAll('#history li.future').length === 2);
  await idle();
  assert.equal(linkedPosition(page), positions[1]);
  assert.equal(await page.isDisabled('#play-forward'), false);
  // Forward twice (the button, then Page Down) shows the game as it was.
  await page.click('#play-forward');
  await page.waitForFunction(() => document.querySelectorAll('#history li.future').length === 1);
  await idle();
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => document.querySelectorAll('#history li.future').length === 0);
  await idle();
  assert.equal(linkedPosition(page), positions[2]);
  assert.deepEqual(await page.$$eval('#history li', (items) => items.map((item) => item.textContent)), played);
  // Back twice, then another move than the second one: the moves after are gone, and the
  // computer answers.
  await page.click('#play-back');
  await page.waitForFunction(() => document.querySelectorAll('#history li.future').length === 1);
  await idle();
  await page.click('#play-back');
  await page.waitForFunction(() => document.querySelectorAll('#history li.future').length === 2);
  await idle();
  const other = await page.$eval(`#board .square.legal:not([data-square="${mine[1]}"])`, (square) => square.dataset.square);
  await page.click(`[data-square="${other}"]`);
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 4
    && document.querySelectorAll('#history li.future').length === 0);
  await idle();
  const now = await page.$$eval('#history li', (items) => items.map((item) => item.textContent));
  assert.deepEqual(now.slice(0, 2), played.slice(0, 2));
  assert.equal(now[2], `you: ${other}`);
  assert.equal(await page.isDisabled('#play-forward'), true);
});

test("the computer's move is asked with a thinking time within the server's limit", async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'queens');
  await page.fill('#play-args', '4x4');
  await page.selectOption('#play-opponent', 'perfect');
  await page.selectOption('#play-side', 'second');
  const asked = page.waitForRequest((request) => request.url().endsWith('/api/jobs')
    && request.method() === 'POST' && JSON.parse(request.postData()).question === 'play');
  await page.click('#play-new');
  const request = JSON.parse((await asked).postData());
  const limits = await page.evaluate(async () => (await fetch('/api/limits')).json());
  assert.ok(request.seconds > 0 && request.seconds < limits.max_seconds, `seconds ${request.seconds}`);
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 1);
  await idle();
  assert.match(await page.textContent('#history li'), /^computer: [a-d][1-4]$/);
});

// Opens `link` in the page `target` already shows, where the page opens it itself, then again
// in the page reloaded, waiting each time for `drawn`. The reload waits for the first: the
// browser reloads whatever address the page last wrote, and until the page has taken the new
// link, that may be the one before.
async function openTwice(target, link, drawn) {
  await target.goto(link);
  await target.waitForSelector(drawn);
  await target.reload();
  await target.waitForSelector(drawn);
}

test('a link opens the same view with the same form: a table, then a graph', async () => {
  await page.click('button[data-tab="table"]');
  await page.fill('#table-game', 'knights');
  await page.fill('#table-rows', '1-4');
  await page.fill('#table-cols', '2-6');
  await page.click('#table-form button[type="submit"]');
  await page.waitForSelector('[data-cell="4x6"]');
  const tableLink = page.url();
  assert.equal(new URLSearchParams(new URL(tableLink).hash.slice(1)).get('view'), 'table');
  await page.click('button[data-tab="graph"]');
  await page.fill('#graph-game', 'kings');
  await page.fill('#graph-board', '3x5');
  await page.selectOption('#graph-witness', 'domination_number');
  await page.click('#graph-form button[type="submit"]');
  await page.waitForSelector('[data-testid="gamma"]');
  const graphLink = page.url();
  const other = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await other.goto(tableLink);
    await other.waitForSelector('#table:not([hidden]) [data-cell="4x6"]');
    assert.equal((await other.$$('[data-cell]')).length, 20);
    assert.equal(await other.inputValue('#table-game'), 'knights');
    assert.equal(await other.inputValue('#table-cols'), '2-6');
    assert.equal(await other.isHidden('#play'), true);
    await openTwice(other, graphLink, '#graph:not([hidden]) [data-testid="gamma"]');
    assert.equal(await other.inputValue('#graph-game'), 'kings');
    assert.equal(await other.inputValue('#graph-witness'), 'domination_number');
    assert.equal(await other.textContent('[data-testid="gamma"]'), await page.textContent('[data-testid="gamma"]'));
    assert.equal((await other.$$('[data-testid="graph"] circle[fill="#f0c040"]')).length, Number(await other.textContent('[data-testid="gamma"]')));
  } finally {
    await other.close();
  }
  await page.click('button[data-tab="play"]');
  assert.equal(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('view'), null);
});

const PETERSEN = '1 2\n2 3\n3 4\n4 5\n5 1\n6 8\n8 10\n10 7\n7 9\n9 6\n1 6\n2 7\n3 8\n4 9\n5 10';

// The vertices' circles of the Node Kayles picture, and its viewBox.
async function drawnVertices(target) {
  return target.evaluate(() => {
    const svg = document.querySelector('[data-testid="graph-game"]');
    const circles = [...svg.querySelectorAll('[data-testid="vertex"]')].map((circle) => ({
      x: Number(circle.getAttribute('cx')), y: Number(circle.getAttribute('cy')), r: Number(circle.getAttribute('r')),
    }));
    return { circles, box: svg.getAttribute('viewBox').split(' ').map(Number) };
  });
}

test('Node Kayles on the Petersen graph: laid out by springs, no two vertices overlapping', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'graph');
  await page.selectOption('#play-side', 'first');
  await page.fill('#play-edges', PETERSEN);
  await page.click('#play-new');
  await page.waitForSelector('[data-vertex="10"]');
  await idle();
  const { circles, box } = await drawnVertices(page);
  assert.equal(circles.length, 10);
  const [left, top, width, height] = box;
  for (const { x, y, r } of circles) {
    assert.ok(x - r >= left && x + r <= left + width && y - r >= top && y + r <= top + height, `(${x}, ${y}) inside the picture`);
  }
  for (let i = 0; i < circles.length; i += 1) {
    for (let j = i + 1; j < circles.length; j += 1) {
      const apart = Math.hypot(circles[i].x - circles[j].x, circles[i].y - circles[j].y);
      assert.ok(apart >= circles[i].r + circles[j].r, `vertices ${i + 1} and ${j + 1} overlap`);
    }
  }
  // Not every vertex on one circle: the springs draw the outer ring and the inner star apart.
  const cx = circles.reduce((sum, c) => sum + c.x, 0) / circles.length;
  const cy = circles.reduce((sum, c) => sum + c.y, 0) / circles.length;
  const radii = circles.map((c) => Math.hypot(c.x - cx, c.y - cy));
  assert.ok(Math.max(...radii) - Math.min(...radii) > 20, `radii ${radii.map(Math.round)}`);
  // The same graph is drawn the same way again.
  await page.click('#play-new');
  await page.waitForSelector('[data-vertex="10"]');
  await idle();
  assert.deepEqual((await drawnVertices(page)).circles, circles);
  await page.screenshot({ path: join(screenshots, 'node-kayles-petersen.png') });
});

test('a whole knights 5x5 game played with the keyboard alone', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '5x5');
  await page.selectOption('#play-opponent', 'random');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await idle();
  // Tab reaches the board's one focusable square; its label says what it is.
  await page.focus('#board [tabindex="0"]');
  assert.match(await page.getAttribute('#board [tabindex="0"]', 'aria-label'), /^[a-e][1-5]: (free|attacked)/);
  let played = 0;
  while (!(await page.textContent('[data-testid="outcome"]')).includes('game over')) {
    const target = await page.$eval('#board .square.legal', (square) => square.dataset.square);
    const [col, row] = [target.charCodeAt(0) - 96, Number(target.slice(1))];
    for (;;) {
      const at = await page.evaluate(() => document.activeElement.dataset.square);
      const [c, r] = [at.charCodeAt(0) - 96, Number(at.slice(1))];
      if (c === col && r === row) break;
      await page.keyboard.press(r < row ? 'ArrowDown' : r > row ? 'ArrowUp' : c < col ? 'ArrowRight' : 'ArrowLeft');
    }
    const before = await page.$$eval('#history li', (items) => items.length);
    await page.keyboard.press('Enter');
    await page.waitForFunction((count) => document.querySelectorAll('#history li').length > count, before);
    await idle();
    played += 1;
    assert.ok(played < 20, 'a 5x5 game ends');
    await page.waitForFunction(() => /game over/.test(document.querySelector('[data-testid="outcome"]').textContent)
      || document.querySelectorAll('#board .square.legal').length > 0);
    if ((await page.textContent('[data-testid="outcome"]')).includes('game over')) break;
    if (!(await page.evaluate(() => document.querySelector('#board').contains(document.activeElement)))) {
      await page.focus('#board [tabindex="0"]');
    }
  }
  assert.ok(played >= 1);
  assert.match(await page.textContent('[data-testid="outcome"]'), /game over/);
});

// The dominoes drawn on the board, in the order laid, each `a1-b1:first` (by who laid it),
// with a note when its piece does not lie over both its squares.
async function drawnDominoes(target) {
  return target.$$eval('[data-testid="domino"]', (pieces) => pieces.map((piece) => {
    const box = piece.getBoundingClientRect();
    const over = piece.dataset.domino.split('-').every((name) => {
      const square = document.querySelector(`[data-square="${name}"]`).getBoundingClientRect();
      const [x, y] = [square.x + square.width / 2, square.y + square.height / 2];
      return x > box.left && x < box.right && y > box.top && y < box.bottom;
    });
    return `${piece.dataset.domino}:${piece.dataset.owner}${over ? '' : ' (not over its squares)'}`;
  }));
}

// Whether the game on screen is over.
async function over() {
  return /game over/.test(await page.textContent('[data-testid="outcome"]'));
}

// Plays the Cram game on screen against the computer to its end, the person laying the first
// winning domino the library lists (else the first), by `lay(move)`; checks after each move
// that the page plays on in the game the library says the move leaves (the computer's as
// `grundy worker` answers the page's `play` request) and that the dominoes drawn are those
// laid, each over its two squares in the colour of who laid it.
async function playCram(asked, lay) {
  const laid = [];
  let replies = 0;
  for (let turn = 0; turn < 20 && !(await over()); turn += 1) {
    const game = await page.textContent('[data-testid="game-text"]');
    const analysis = asked.filter((request) => request.question === 'moves').pop();
    assert.equal(analysis.game, game, 'the moves asked are of the game shown');
    const listed = await worker(analysis);
    const move = listed.moves.find((m) => m.winning) || listed.moves[0];
    const before = await page.$$eval('#history li', (items) => items.length);
    const sent = asked.length;
    await lay(move);
    await page.waitForFunction((count) => document.querySelectorAll('#history li').length >= count + 2
      || /game over/.test(document.querySelector('[data-testid="outcome"]').textContent), before);
    await idle();
    const next = asked.slice(sent).find((request) => ['moves', 'play'].includes(request.question));
    assert.equal(next.game, move.after, `${game}: ${move.move}`);
    const history = await page.$$eval('#history li', (items) => items.map((item) => item.textContent));
    assert.equal(history[before], `you: ${move.move}`);
    laid.push(`${move.move}:first`);
    if (history.length > before + 1) {
      const request = asked.slice(sent).find((r) => r.question === 'play');
      const reply = await worker(request);
      assert.equal(history[before + 1], `computer: ${reply.played}`);
      assert.equal(await page.textContent('[data-testid="game-text"]'), reply.moves[0].after);
      assert.equal(await page.inputValue('#setup-position'), reply.position);
      laid.push(`${reply.played}:second`);
      replies += 1;
      assert.equal(await page.getAttribute('[data-testid="domino"][data-last="true"]', 'data-domino'), reply.played);
    }
    assert.deepEqual(await drawnDominoes(page), laid);
  }
  assert.ok(replies >= 1, 'the computer moved');
  assert.ok(await over());
  return laid;
}

test("Cram played by two clicks and by a drag: each domino drawn over its squares by who laid it, the computer's as the library plays it", async () => {
  await page.click('button[data-tab="play"]');
  await page.uncheck('#play-misere');
  await page.uncheck('#play-values');
  await page.selectOption('#play-family', 'cram');
  assert.equal(await page.inputValue('#play-game'), 'cram');
  await page.fill('#play-args', '3x4');
  await page.selectOption('#play-opponent', 'perfect');
  await page.selectOption('#play-side', 'first');
  const asked = jobsAsked(page);
  await page.click('#play-new');
  await page.waitForSelector('[data-square="d3"]');
  await idle();
  assert.equal(await page.textContent('[data-testid="game-text"]'), 'cram 3x4');
  assert.equal(await page.isVisible('#play-surface'), false, 'Cram is played on a rectangle');
  // With the values shown each domino's value is marked between its squares: 17 dominoes fit
  // the empty 3x4 board.
  await page.check('#play-values');
  assert.equal((await page.$$('[data-testid="domino-value"]')).length, 17);
  await page.uncheck('#play-values');
  let turn = 0;
  const laid = await playCram(asked, async (move) => {
    const [from, to] = move.squares;
    if (turn % 2 === 0) {
      // Two clicks: the first chooses a square and marks its neighbours, the second lays.
      await page.click(`[data-square="${from}"]`);
      await page.waitForSelector('[data-testid="chosen-square"]');
      assert.equal(await page.getAttribute(`[data-square="${from}"]`, 'aria-pressed'), 'true');
      assert.match(await page.getAttribute(`[data-square="${to}"]`, 'aria-label'), new RegExp(`^${to}: lays ${move.move}`));
      if (turn === 0) {
        // Show move values: the neighbours of the square chosen show the dominoes' values.
        await page.check('#play-values');
        await page.waitForSelector(`[data-square="${to}"] [data-testid="partner-value"]`);
        await page.screenshot({ path: join(screenshots, 'play-cram-chosen.png'), clip: { x: 0, y: 0, width: 1000, height: 620 } });
        await page.uncheck('#play-values');
      }
      await page.click(`[data-square="${to}"]`);
    } else {
      // A drag from one square to its neighbour.
      const start = await (await page.$(`[data-square="${from}"]`)).boundingBox();
      const end = await (await page.$(`[data-square="${to}"]`)).boundingBox();
      await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
      await page.mouse.down();
      await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 4 });
      await page.mouse.up();
    }
    turn += 1;
  });
  // 3x4 is *1: the person, taking the winning dominoes, lays the last one.
  assert.equal(laid[laid.length - 1].endsWith(':first'), true, laid.join(' '));
  assert.match(await page.textContent('[data-testid="message"]'), /you win/);
  await page.screenshot({ path: join(screenshots, 'play-cram.png'), clip: { x: 0, y: 0, width: 1000, height: 620 } });
});

test('Cram played with the keyboard alone: Enter on a square, an arrow to its neighbour, Enter', async () => {
  await page.selectOption('#play-family', 'cram');
  await page.fill('#play-args', '3x3');
  await page.selectOption('#play-opponent', 'random');
  await page.selectOption('#play-side', 'first');
  const asked = jobsAsked(page);
  await page.click('#play-new');
  await page.waitForSelector('[data-square="c3"]');
  await idle();
  const focused = () => page.evaluate(() => document.activeElement.dataset.square);
  const goTo = async (target) => {
    if (!(await page.evaluate(() => document.querySelector('#board').contains(document.activeElement)))) {
      await page.focus('#board [tabindex="0"]');
    }
    const [col, row] = [target.charCodeAt(0) - 96, Number(target.slice(1))];
    for (let steps = 0; (await focused()) !== target; steps += 1) {
      assert.ok(steps < 10, `the focus reaches ${target}`);
      const at = await focused();
      const [c, r] = [at.charCodeAt(0) - 96, Number(at.slice(1))];
      await page.keyboard.press(r < row ? 'ArrowDown' : r > row ? 'ArrowUp' : c < col ? 'ArrowRight' : 'ArrowLeft');
    }
  };
  let first = true;
  await playCram(asked, async (move) => {
    const [from, to] = move.squares;
    await goTo(from);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="chosen-square"]');
    assert.equal(await focused(), from, 'the square chosen keeps the focus');
    assert.match(await page.getAttribute(`[data-square="${from}"]`, 'aria-label'), /chosen; go to a neighbour/);
    if (first) {
      // Escape lets the square go; Enter chooses it again.
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid="chosen-square"]', { state: 'detached' });
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid="chosen-square"]');
      first = false;
    }
    await page.keyboard.press(move.rows[0] === move.rows[1] ? 'ArrowRight' : 'ArrowDown');
    assert.equal(await focused(), to);
    await page.keyboard.press('Enter');
  });
});

// A link to a placement game's empty board on the Play tab.
function boardLink(game, rows, cols) {
  const position = Array(rows).fill('.'.repeat(cols)).join('/');
  return `${url}#family=placement&game=${game}&args=${rows}x${cols}&opponent=perfect&human=first&position=${position}&plies=0`;
}

// The elements matching `selector` that are on screen and smaller than `least` pixels across
// or high, by their boxes.
async function smallTargets(target, selector, least) {
  return target.$$eval(selector, (elements, size) => elements.flatMap((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return [];
    return box.width < size || box.height < size
      ? [`${element.dataset.square || element.dataset.vertex || element.id || element.textContent.trim()} ${box.width.toFixed(1)}x${box.height.toFixed(1)}`]
      : [];
  }), least);
}

test('on a phone every square, vertex and button is at least 40 pixels across', async () => {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const answered = () => phone.waitForFunction(() => document.querySelector('#work').hidden
    && document.querySelector('[data-testid="nimber"]').textContent !== '?');
  try {
    for (const [game, rows, cols] of [['knights', 5, 5], ['queens', 8, 8], ['kings', 12, 12]]) {
      // The squares are drawn at once; their moves (needed only on the smaller boards here)
      // come when the search has answered.
      await openTwice(phone, boardLink(game, rows, cols), `#board [data-square="${String.fromCharCode(96 + cols)}${rows}"]`);
      if (rows <= 8) await answered();
      assert.equal((await phone.$$('#board [data-square]')).length, rows * cols);
      assert.deepEqual(await smallTargets(phone, '#board [data-square]', 40), [], `${game} ${rows}x${cols}`);
      // A board too wide for the screen scrolls in its box; the page does not.
      assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0);
    }
    assert.deepEqual(await smallTargets(phone, 'header button, #play button', 40), []);
    await phone.selectOption('#play-family', 'heap');
    await phone.click('#play-new');
    await phone.waitForSelector('.heap-moves button');
    await answered();
    assert.deepEqual(await smallTargets(phone, '.heap-moves button', 40), []);
    await phone.selectOption('#play-family', 'graph');
    await phone.fill('#play-edges', PETERSEN);
    await phone.click('#play-new');
    await phone.waitForSelector('[data-vertex="10"]');
    await answered();
    assert.deepEqual(await smallTargets(phone, '[data-testid="touch-target"]', 40), []);
    // A board of dominoes: 8 columns keep their squares a fingertip wide, the board scrolling
    // in its box.
    await phone.selectOption('#play-family', 'cram');
    await phone.fill('#play-args', '4x8');
    await phone.click('#play-new');
    await phone.waitForSelector('#board [data-square="h4"]');
    await answered();
    assert.deepEqual(await smallTargets(phone, '#board [data-square]', 40), [], 'cram 4x8');
    assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0);
  } finally {
    await phone.close();
  }
});

// Each view at a desktop's size and a phone's, opened by its link.
const VIEWS = [
  ['play', boardLink('knights', 5, 5), '#board [data-square="e5"]', '#board'],
  ['table', `${url}#view=table&table-game=queens&table-rows=1-6&table-cols=1-6&table-surface=rectangle`, '[data-cell="6x6"]', '#table-view'],
  ['sequence', `${url}#view=sequence&sequence-game=dawsons-kayles&sequence-to=200`, '[data-testid="points"] circle', '#sequence-view'],
  ['tour', `${url}#view=tour&tour-board=8x8&tour-method=divide&tour-closed=1`, '[data-testid="tour-path"][data-drawn="65"]', '#tour-view'],
  ['graph', `${url}#view=graph&graph-game=knights&graph-board=5x5&graph-witness=independence_number`, '[data-testid="alpha"]', '#graph-view'],
];

test('screenshots of every view at 1280x800 and 390x844', async () => {
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    const sized = await browser.newPage({ viewport: { width, height } });
    try {
      for (const [view, link, drawn, picture] of VIEWS) {
        await openTwice(sized, link, `#${view}:not([hidden]) ${drawn}`);
        await sized.waitForFunction(() => document.querySelector('#work').hidden);
        await sized.locator(picture).scrollIntoViewIfNeeded();
        await sized.screenshot({ path: join(screenshots, `${view}-${width}x${height}.png`) });
      }
    } finally {
      await sized.close();
    }
  }
});

// Misère play (issue 34): the player who makes the last move loses.

// The game requests the page sends (value, moves, outcome, play), from now on.
function gameRequests(target) {
  const seen = [];
  target.on('request', (request) => {
    if (!request.url().endsWith('/api/jobs') || request.method() !== 'POST') return;
    const body = JSON.parse(request.postData());
    if (['value', 'moves', 'outcome', 'play'].includes(body.question)) seen.push(body);
  });
  return seen;
}

// Text that only a nim-value would put on the page: `*3`, or NaN and undefined from a value
// that is not there.
const NIM_TEXT = /\*\d|\*undefined|NaN|undefined/;

async function boardTexts(target) {
  return target.evaluate(() => [
    document.querySelector('#status').textContent,
    document.querySelector('#board').textContent,
    document.querySelector('#legend').textContent,
    ...[...document.querySelectorAll('#board [aria-label]')].map((square) => square.getAttribute('aria-label')),
  ].join('\n'));
}

test('misère play on knights 4x4: winning squares coloured, no nim-values', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '4x4');
  await page.selectOption('#play-opponent', 'symmetry');
  await page.selectOption('#play-side', 'first');
  await page.uncheck('#play-misere');
  await page.click('#play-new');
  await idle();
  assert.equal(await page.textContent('[data-testid="nimber"]'), '0');
  const requests = gameRequests(page);
  await page.check('#play-misere');
  // The switch applies at once to the position shown.
  await page.waitForFunction(() => /misère play/.test(document.querySelector('#status').textContent)
    && document.querySelector('[data-testid="nimber"]').textContent === 'no nim-value'
    && /^[NP]: /.test(document.querySelector('[data-testid="outcome"]').textContent));
  await idle();
  // Misère knights 4x4 is a first-player win (docs/MISERE.md), with 12 winning first moves.
  assert.equal(await page.textContent('[data-testid="nimber"]'), 'no nim-value');
  assert.match(await page.textContent('[data-testid="outcome"]'), /^N: /);
  assert.match(await page.textContent('[data-testid="outcome"]'), /^N: you \(first player\) win/);
  // The rules end as misère play ends, and say nothing of normal play's ending beside it.
  const misereRules = await page.textContent('[data-testid="rules"]');
  assert.match(misereRules, /Misère play: the player who makes the last move loses, so a player who cannot move wins\.$/);
  assert.doesNotMatch(misereRules, /cannot move loses/);
  // The genus comes with a value request of its own: 0^120, as the empty game's.
  await page.waitForSelector('[data-testid="genus"]:not([hidden])');
  assert.equal(await page.getAttribute('[data-testid="genus"]', 'data-genus'), '0^120');
  // The symmetry opponent is refused under misère play: the choice says why.
  assert.equal(await page.isDisabled('#play-opponent option[value="symmetry"]'), true);
  assert.match(await page.getAttribute('#play-opponent option[value="symmetry"]', 'title'), /misère/);
  assert.equal(await page.inputValue('#play-opponent'), 'perfect');
  await page.check('#play-values');
  const fills = await page.$$eval('#board [data-square] rect:first-child', (rects) => rects.map((rect) => rect.getAttribute('fill')));
  assert.equal(fills.filter((fill) => fill === '#ffffff').length, 12, 'twelve squares in the winning colour');
  assert.equal(fills.filter((fill) => fill === '#b8c2d4').length, 4, 'four in the losing colour');
  assert.equal((await page.$$('#board [data-winning="true"]')).length, 12);
  assert.match(await page.getAttribute('[data-square="a1"]', 'aria-label'), /^a1: free, a winning move$/);
  assert.match(await page.getAttribute('[data-square="b2"]', 'aria-label'), /^b2: free, a losing move$/);
  const texts = await boardTexts(page);
  assert.doesNotMatch(texts, NIM_TEXT);
  assert.doesNotMatch(await page.textContent('#legend'), /nim-value \*|leads to nim-value/);
  assert.match(await page.textContent('#legend'), /Misère play: whoever makes the last move loses/);
  assert.match(await page.textContent('#legend'), /genus/);
  assert.match(await page.textContent('#glossary'), /misère play.*genus/s);
  assert.ok(requests.length > 0);
  for (const request of requests) assert.equal(request.convention, 'misere', JSON.stringify(request));
  // Classroom mode still hides who wins, the genus and the hints until Reveal.
  await page.check('#play-classroom');
  assert.equal(await page.textContent('[data-testid="nimber"]'), 'hidden');
  assert.equal(await page.textContent('[data-testid="outcome"]'), '');
  assert.equal(await page.isHidden('[data-testid="genus"]'), true);
  assert.equal((await page.$$('#board [data-winning="true"]')).length, 0);
  await page.click('#play-reveal');
  assert.equal(await page.textContent('[data-testid="nimber"]'), 'no nim-value');
  assert.match(await page.textContent('[data-testid="outcome"]'), /^N: /);
  await page.uncheck('#play-values');
});

test('a whole misère game of knights 4x4: the player left with no move wins', async () => {
  const requests = gameRequests(page);
  await page.click('#play-new');
  await idle();
  assert.equal(await page.isChecked('#play-misere'), true);
  // The person plays a winning move each turn (the hint frames them): the perfect computer is
  // always left lost, and the game ends with the person to move and no move left, the
  // computer having made the last move: under misère play the person wins.
  let moves = 0;
  for (;;) {
    await page.waitForFunction(() => /game over/.test(document.querySelector('[data-testid="outcome"]').textContent)
      || document.querySelectorAll('#board .square.legal').length > 0);
    await idle();
    if (/game over/.test(await page.textContent('[data-testid="outcome"]'))) break;
    await page.click('#play-hint');
    const square = await page.$eval('#board [data-winning="true"]', (frame) => frame.closest('[data-square]').dataset.square);
    const before = await page.$$eval('#history li', (items) => items.length);
    await page.click(`[data-square="${square}"]`);
    // The computer, left lost, always has a move to answer with.
    await page.waitForFunction((count) => document.querySelectorAll('#history li').length >= count + 2, before);
    moves += 1;
    assert.ok(moves <= 8, 'a game of knights 4x4 has at most 16 moves');
  }
  assert.match(await page.textContent('[data-testid="to-move"]'), /player to move \(you\)/);
  assert.match(await page.textContent('[data-testid="outcome"]'), /^N: game over, you won$/);
  assert.match(await page.textContent('[data-testid="message"]'), /You have no move left: the computer made the last move, so you win/);
  const history = await page.$$eval('#history li', (items) => items.map((item) => item.textContent));
  assert.match(history[history.length - 1], /^computer: /, 'the computer made the last move');
  assert.doesNotMatch(await boardTexts(page), NIM_TEXT);
  const plays = requests.filter((request) => request.question === 'play');
  assert.ok(plays.length >= 1);
  for (const request of requests) assert.equal(request.convention, 'misere', JSON.stringify(request));
});

test('a misère game of knights 3x3 lost to the computer, which cannot move and so wins', async () => {
  await page.fill('#play-args', '3x3');
  await page.selectOption('#play-side', 'second');
  await page.click('#play-new');
  // Misère knights 3x3 is a first-player win by b2 alone: the computer opens there.
  await page.waitForFunction(() => document.querySelectorAll('#history li').length >= 1);
  await idle();
  assert.equal(await page.textContent('#history li'), 'computer: b2');
  let moves = 0;
  for (;;) {
    await page.waitForFunction(() => /game over/.test(document.querySelector('[data-testid="outcome"]').textContent)
      || document.querySelectorAll('#board .square.legal').length > 0);
    await idle();
    if (/game over/.test(await page.textContent('[data-testid="outcome"]'))) break;
    assert.equal(await page.textContent('[data-testid="nimber"]'), 'no nim-value');
    assert.match(await page.textContent('[data-testid="outcome"]'), /^P: /);
    const before = await page.$$eval('#history li', (items) => items.length);
    await page.click('#board .square.legal');
    // The computer's answer, or the end: after the person's last move it has none.
    await page.waitForFunction((count) => document.querySelectorAll('#history li').length >= count + 2
      || (document.querySelectorAll('#history li').length === count + 1
        && /game over/.test(document.querySelector('[data-testid="outcome"]').textContent)), before);
    moves += 1;
    assert.ok(moves <= 5, 'a game of knights 3x3 has at most 9 moves');
  }
  assert.match(await page.textContent('[data-testid="to-move"]'), /player to move \(the computer\)/);
  assert.match(await page.textContent('[data-testid="outcome"]'), /^N: game over, the computer won$/);
  assert.match(await page.textContent('[data-testid="message"]'), /The computer has no move left: you made the last move, so the computer wins/);
  const history = await page.$$eval('#history li', (items) => items.map((item) => item.textContent));
  assert.match(history[history.length - 1], /^you: /, 'the person made the last move');
});

test('a misère link opens misère play again; screenshots of it', async () => {
  await page.fill('#play-args', '5x5');
  await page.selectOption('#play-side', 'second');
  await page.click('#play-new');
  // Misère knights 5x5 is a second-player win (normal play: *1): the computer opens with a
  // losing move, and the person has winning moves.
  await page.waitForFunction(() => document.querySelectorAll('#history li').length >= 1);
  await idle();
  assert.equal(await page.textContent('[data-testid="nimber"]'), 'no nim-value');
  assert.match(await page.textContent('[data-testid="outcome"]'), /^N: /);
  const link = page.url();
  assert.equal(new URLSearchParams(new URL(link).hash.slice(1)).get('convention'), 'misere');
  await page.reload();
  await idle();
  assert.equal(await page.isChecked('#play-misere'), true);
  assert.equal(await page.textContent('[data-testid="nimber"]'), 'no nim-value');
  assert.match(await page.textContent('[data-testid="outcome"]'), /^N: /);
  assert.equal((await page.$$('#board [data-owner]')).length, 1, 'the computer\'s opening, and no move since');
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    const sized = await browser.newPage({ viewport: { width, height } });
    try {
      const requests = gameRequests(sized);
      await sized.goto(link);
      await sized.waitForFunction(() => document.querySelector('#work').hidden
        && document.querySelector('[data-testid="nimber"]').textContent === 'no nim-value'
        && /^[NP]: /.test(document.querySelector('[data-testid="outcome"]').textContent)
        && !document.querySelector('[data-testid="genus"]').hidden);
      assert.equal(await sized.isChecked('#play-misere'), true);
      assert.equal(await sized.isDisabled('#play-opponent option[value="symmetry"]'), true);
      assert.match(await sized.textContent('[data-testid="rules"]'), /Misère play: the player who makes the last move loses, so a player who cannot move wins\./);
      assert.match(await sized.getAttribute('[data-testid="genus"]', 'data-genus'), /^\d+\^[\d{},]+$/);
      await sized.check('#play-values');
      assert.doesNotMatch(await boardTexts(sized), NIM_TEXT);
      for (const request of requests) assert.equal(request.convention, 'misere', JSON.stringify(request));
      // On a phone the form fills the first screen: the picture starts at the value line.
      if (width < 600) await sized.evaluate(() => document.querySelector('#status').scrollIntoView({ block: 'start' }));
      await sized.screenshot({ path: join(screenshots, `play-misere-${width}x${height}.png`) });
    } finally {
      await sized.close();
    }
  }
});

test('Kayles heaps under misère play: the winning moves, no nim-values; Node Kayles too', async () => {
  await page.selectOption('#play-family', 'heap');
  await page.fill('#play-game', 'kayles');
  await page.fill('#play-args', '3 4 5');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await page.waitForSelector('[data-heap="3"]');
  await idle();
  assert.equal(await page.isChecked('#play-misere'), true);
  assert.equal(await page.textContent('[data-testid="nimber"]'), 'no nim-value');
  assert.match(await page.textContent('[data-testid="outcome"]'), /^N: /);
  await page.waitForSelector('[data-testid="genus"]:not([hidden])');
  assert.equal(await page.getAttribute('[data-testid="genus"]', 'data-genus'), '6^46');
  await page.check('#play-values');
  const winning = await page.$$eval('.heap-moves button.winning', (buttons) => buttons.map((button) => button.textContent));
  assert.ok(winning.length > 0, 'misère kayles 3 4 5 is a first-player win');
  assert.ok(winning.every((text) => / \(winning\)$/.test(text)), winning.join(', '));
  const all = await page.$$eval('.heap-moves button', (buttons) => buttons.map((button) => button.textContent));
  assert.ok(all.every((text) => / \((winning|losing)\)$/.test(text)), all.join(', '));
  assert.doesNotMatch(await boardTexts(page), NIM_TEXT);
  await page.screenshot({ path: join(screenshots, 'heaps-misere.png') });
  // Play one winning move; the computer answers in a lost position.
  const before = await page.$$eval('#history li', (items) => items.length);
  await page.click('.heap-moves button.winning');
  await page.waitForFunction((count) => document.querySelectorAll('#history li').length >= count + 2, before);
  await idle();
  assert.match(await page.textContent('[data-testid="outcome"]'), /: you \(first player\) win/);
  assert.doesNotMatch(await boardTexts(page), NIM_TEXT);
  // Node Kayles on a graph and a corner game under misère play: no nim-values either.
  await page.selectOption('#play-family', 'graph');
  await page.fill('#play-edges', 'a b\nb c\nc d\nd e\ne a\na f');
  await page.click('#play-new');
  await page.waitForSelector('[data-vertex="f"]');
  await idle();
  assert.equal(await page.textContent('[data-testid="nimber"]'), 'no nim-value');
  assert.match(await page.textContent('[data-testid="outcome"]'), /^[NP]: /);
  assert.ok((await page.$$('[data-testid="vertex"][fill="#ffffff"], [data-testid="vertex"][fill="#b8c2d4"]')).length === 6);
  assert.doesNotMatch(await boardTexts(page), NIM_TEXT);
  await page.selectOption('#play-family', 'corner');
  await page.fill('#play-args', '7 9');
  await page.click('#play-new');
  await page.waitForSelector('#board .square.legal');
  await idle();
  // Misère corner-knight from (7, 9) is a second-player win: no move is winning.
  assert.equal(await page.textContent('[data-testid="nimber"]'), 'no nim-value');
  assert.match(await page.textContent('[data-testid="outcome"]'), /^P: /);
  assert.equal(await page.$('[data-testid="corner-value"]'), null);
  assert.doesNotMatch(await boardTexts(page), NIM_TEXT);
  await page.uncheck('#play-values');
  // Back to normal play: the nim-value again, the symmetry opponent offered again.
  await page.selectOption('#play-family', 'placement');
  await page.uncheck('#play-misere');
  await page.click('#play-new');
  // The new game's job may start after idle() has seen the corner game's answer (seen on a
  // loaded machine): wait for the nim-value itself.
  await page.waitForFunction(() => /^(0|\*\d+)$/.test(document.querySelector('[data-testid="nimber"]').textContent));
  await idle();
  assert.match(await page.textContent('[data-testid="nimber"]'), /^(0|\*\d+)$/);
  assert.equal(await page.isDisabled('#play-opponent option[value="symmetry"]'), false);
  assert.equal(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('convention'), null);
});

test("the teacher's story: Kayles with the values hidden, revealed at the end, sent to phones", async () => {
  // A teacher projects the page, picks Kayles and reads its rule.
  await page.click('button[data-tab="play"]');
  await page.uncheck('#play-misere').catch(() => {});
  await page.selectOption('#play-family', 'heap');
  await page.fill('#play-game', 'kayles');
  await page.fill('#play-args', '3 4 5');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await page.waitForSelector('[data-heap="3"]');
  await idle();
  assert.match(await page.textContent('[data-testid="rules"]'), /knock down one or two adjacent pins/);
  // The class plays with the values hidden: no value, no winner, no hint on screen.
  await page.check('#play-classroom');
  for (let turn = 0; turn < 30; turn += 1) {
    // The person's turn (the page may look idle between the answer about the person's move
    // and the computer's reply, which then draws the heaps anew), or the game's end.
    await page.waitForFunction(() => /\(you\)$/.test(document.querySelector('[data-testid="to-move"]').textContent)
      || /game over/.test(document.querySelector('[data-testid="outcome"]').textContent));
    assert.equal(await page.textContent('[data-testid="nimber"]'), 'hidden');
    assert.equal(await page.isDisabled('#play-hint'), true);
    const choices = await page.$$('.heap-moves button:not([disabled])');
    if (choices.length === 0) break;
    const played = await page.$$eval('#history li', (items) => items.length);
    await choices[0].click();
    await page.waitForFunction((before) => document.querySelectorAll('#history li').length > before, played);
    await idle();
  }
  assert.equal((await page.$$('.heap-moves button')).length, 0, 'the game was played to its end');
  // At the end the teacher reveals who won and why.
  await page.click('#play-reveal');
  assert.match(await page.textContent('[data-testid="outcome"]'), /game over/);
  // The link sent to the students opens the same game and position on a phone (revealed, as
  // on the projector).
  const link = page.url();
  const sent = new URLSearchParams(new URL(link).hash.slice(1));
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await phone.goto(link);
    await phone.waitForFunction(() => document.querySelector('[data-testid="nimber"]').textContent !== '?');
    assert.equal(await phone.inputValue('#play-game'), 'kayles');
    assert.equal(await phone.textContent('[data-testid="nimber"]'), await page.textContent('[data-testid="nimber"]'));
    assert.equal(new URLSearchParams(new URL(phone.url()).hash.slice(1)).get('position'), sent.get('position'));
    await phone.screenshot({ path: join(screenshots, 'teacher-link-390x844.png') });
  } finally {
    await phone.close();
  }
  await page.uncheck('#play-classroom');
});

test('knights 8x8, too hard to solve in the time: played on with what the time settled', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '8x8');
  await page.selectOption('#play-opponent', 'perfect');
  await page.selectOption('#play-side', 'first');
  await page.check('#play-values');
  await page.click('#play-new');
  // The empty board is settled by mirror play: every move loses, no value searched.
  await idle();
  assert.equal(await page.textContent('[data-testid="nimber"]'), '0');
  const asked = page.waitForRequest((request) => request.url().endsWith('/api/jobs')
    && request.method() === 'POST' && JSON.parse(request.postData()).question === 'moves');
  await page.click('[data-square="a1"]');
  const request = JSON.parse((await asked).postData());
  const limits = await page.evaluate(async () => (await fetch('/api/limits')).json());
  assert.ok(request.seconds > 0 && request.seconds < limits.max_seconds, `seconds ${request.seconds}`);
  // The position after a1 is worked out within that time (no move of the computer's is
  // shown to win); the computer answers by mirror play (a8), and the board after its move is
  // offered to the person: lost again by mirror play, its moves' values not found in time.
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 2
    && document.querySelectorAll('#board .square.legal').length > 0, null, { timeout: 2 * limits.max_seconds * 1000 });
  await idle();
  const note = await page.textContent('[data-testid="partly-settled"]');
  assert.match(note, /too hard to solve in \d+ s: \d+ of \d+ moves are shown without their value/);
  assert.match(await page.textContent('#history li:last-child'), /^computer: a8$/);
  assert.equal(await page.textContent('[data-testid="nimber"]'), '0');
  assert.match(await page.textContent('[data-testid="outcome"]'), /^P: the computer \(second player\) wins/);
  const labels = await page.$$eval('#board .square.legal', (squares) => squares.map((square) => square.getAttribute('aria-label')));
  // Every move loses; those not valued in the time are said to, without a value.
  assert.ok(labels.every((label) => /leads to \*\d+$|a losing move, its value not found in time$/.test(label)), labels.join('; '));
  assert.ok(labels.some((label) => /not found in time/.test(label)), labels.join('; '));
  await page.screenshot({ path: join(screenshots, 'play-partly-settled.png') });
  const legal = await page.$$('#board .square.legal');
  await legal[legal.length - 1].click();
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 3);
  assert.match(await page.textContent('#history li:last-child'), /^you: [a-h][1-8]$/);
  await page.uncheck('#play-values');
});

test('misère knights 8x8, too hard to judge in the time: every move offered, those not judged in grey', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '8x8');
  await page.selectOption('#play-opponent', 'perfect');
  await page.selectOption('#play-side', 'first');
  await page.check('#play-values');
  await page.check('#play-misere');
  await page.click('#play-new');
  const limits = await page.evaluate(async () => (await fetch('/api/limits')).json());
  await page.waitForFunction(() => document.querySelectorAll('#board .square.legal').length === 64, null, { timeout: limits.max_seconds * 1000 });
  await idle();
  assert.match(await page.textContent('[data-testid="partly-settled"]'), /of 64 moves are shown without whether they win/);
  const labels = await page.$$eval('#board .square.legal', (squares) => squares.map((square) => square.getAttribute('aria-label')));
  assert.ok(labels.some((label) => /a move not worked out in time$/.test(label)), labels.join('; '));
  assert.ok(labels.every((label) => /a (winning|losing) move$|a move not worked out in time$/.test(label)), labels.join('; '));
  await page.uncheck('#play-misere');
  await page.uncheck('#play-values');
});

// Two players on one screen (modes.js): no computer move, the status and the history name the
// players as typed, Undo takes back one move, and the link keeps the mode and the names.
async function twoPlayers(target, game, args) {
  await target.click('button[data-tab="play"]');
  await target.uncheck('#play-misere');
  await target.uncheck('#play-classroom');
  await target.selectOption('#play-family', game === 'kayles' ? 'heap' : 'placement');
  await target.fill('#play-game', game);
  await target.fill('#play-args', args);
  await target.selectOption('#play-mode', 'two');
  await target.fill('#play-name-first', 'Team A');
  await target.fill('#play-name-second', 'Team B');
  await target.click('#play-new');
}

test('two players on one screen: each plays in turn, named as typed; the link keeps the mode', async () => {
  await twoPlayers(page, 'knights', '4x4');
  await idle();
  assert.ok(await page.isHidden('#play-opponent'), 'no computer to choose with two players');
  assert.match(await page.textContent('#to-move'), /first player to move \(Team A\)/);
  await page.click('[data-square="a1"]');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 1);
  await idle();
  // No computer: the second player moves, the history says who played.
  assert.match(await page.textContent('#to-move'), /second player to move \(Team B\)/);
  await page.waitForTimeout(300);
  assert.deepEqual(await page.$$eval('#history li', (items) => items.map((item) => item.textContent)), ['Team A: a1']);
  await page.click('[data-square="d4"]');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 2);
  await idle();
  assert.deepEqual(await page.$$eval('#history li', (items) => items.map((item) => item.textContent)), ['Team A: a1', 'Team B: d4']);
  assert.ok(await page.$('[data-square="d4"] [data-owner="second"]'));
  const params = new URLSearchParams(new URL(page.url()).hash.slice(1));
  assert.equal(params.get('mode'), 'two');
  assert.equal(params.get('player1'), 'Team A');
  assert.equal(params.get('player2'), 'Team B');
  const other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await other.goto(page.url());
    await other.waitForFunction(() => document.querySelector('[data-testid="nimber"]').textContent !== '?');
    assert.equal(await other.inputValue('#play-mode'), 'two');
    assert.match(await other.textContent('#to-move'), /first player to move \(Team A\)/);
    assert.equal(await other.textContent('[data-testid="game-text"]'), await page.textContent('[data-testid="game-text"]'));
  } finally {
    await other.close();
  }
  // Undo takes back the last move only: it was a person's.
  await page.click('#play-undo');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 1);
  await idle();
  assert.match(await page.textContent('#to-move'), /\(Team B\)/);
});

test('the review: the value after every move from the library, the mistake marked, any move shown', async () => {
  await twoPlayers(page, 'kayles', '1 2');
  await page.waitForSelector('[data-heap="1"] button[data-move="1 -> 0"]');
  await idle();
  const start = await worker({ question: 'moves', game: 'kayles 1 2', all: true });
  // Team A throws the win away (kayles 1 2 is *3; 1 -> 0 leaves *2), Team B takes the last pin.
  await page.click('[data-heap="1"] button[data-move="1 -> 0"]');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 1);
  await idle();
  const next = await worker({ question: 'moves', game: 'kayles 2', all: true });
  await page.click('[data-heap="1"] button[data-move="2 -> 0"]');
  await page.waitForFunction(() => /game over/.test(document.querySelector('[data-testid="outcome"]').textContent));
  assert.match(await page.textContent('#message'), /Team A has no move left: Team B wins/);
  await page.waitForSelector('#review:not([hidden])');
  const rows = await page.$$eval('#review-list li', (items) => items.map((item) => ({
    text: item.textContent, mistake: item.dataset.mistake === 'true', ply: item.dataset.ply,
  })));
  const first = start.moves.find((move) => move.move === '1 -> 0');
  const second = next.moves.find((move) => move.move === '2 -> 0');
  const star = (value) => (value === 0 ? '0' : `*${value}`);
  assert.deepEqual(rows, [
    { text: `start: ${star(start.nimber)}`, mistake: false, ply: '0' },
    { text: `1. Team A: 1 -> 0 → ${star(first.nimber)}✗ mistake`, mistake: true, ply: '1' },
    { text: `2. Team B: 2 -> 0 → ${star(second.nimber)}`, mistake: false, ply: '2' },
  ]);
  assert.match(await page.textContent('#review-legend'), /mistake: a move from a winning position/);
  // A move of the review clicked: the board shows the position after it.
  await page.click('#review-list li[data-ply="1"] button');
  await page.waitForFunction(() => document.querySelector('[data-testid="game-text"]').textContent === 'kayles 2');
  await idle();
  assert.equal(await page.textContent('[data-heap="1"] .label'), '2');
  assert.equal(await page.getAttribute('#review-list li[data-ply="1"]', 'aria-current'), 'step');
  await page.click('#review-list li[data-ply="0"] button');
  await page.waitForFunction(() => document.querySelector('[data-testid="game-text"]').textContent === 'kayles 1 2');
  await idle();
  // Classroom mode hides the review until Reveal.
  await page.check('#play-classroom');
  assert.ok(await page.isHidden('#review'));
  assert.ok(await page.isHidden('#why'));
  await page.click('#play-reveal');
  assert.ok(await page.isVisible('#review'));
});

test("the why panel: the options' values and their mex, the position's value", async () => {
  await twoPlayers(page, 'kayles', '1 2');
  await page.waitForSelector('[data-heap="2"] button[data-move="2 -> 1"]');
  await idle();
  const answer = await worker({ question: 'moves', game: 'kayles 1 2', all: true });
  const values = [...new Set(answer.moves.map((move) => move.nimber))].sort((a, b) => a - b);
  assert.deepEqual(await page.$$eval('.why-options li', (items) => items.map((item) => Number(item.dataset.value))), values);
  for (const move of answer.moves) {
    assert.match(await page.textContent(`.why-options li[data-value="${move.nimber}"]`), new RegExp(move.move));
  }
  assert.equal(await page.textContent('[data-testid="why-mex"]'),
    `The value is the mex of {${values.join(', ')}}, the smallest value no move reaches: *${answer.nimber}.`);
  // The parts: each heap with its value, from the library's value answer, and their nim-sum.
  const value = await worker({ question: 'value', game: 'kayles 1 2' });
  assert.deepEqual(value.heap_nimbers, [1, 2]);
  await page.waitForSelector('[data-testid="why-parts"]');
  assert.equal(await page.textContent('[data-testid="why-parts"]'), '*1 + *2 = *3');
  assert.match(await page.textContent('#why-body'), /1 → \*1, 2 → \*2/);
});

// The why panel's parts as the page shows them: the list of parts and the nim-sum line, each
// part's squares (vertices) and value as the library's value answer gives them.
async function shownParts(request) {
  const value = await worker(request);
  assert.ok(value.parts.length > 1, JSON.stringify(value));
  await page.waitForSelector('[data-testid="why-parts"]');
  const values = value.parts.map((part) => (part.nimber === 0 ? '0' : `*${part.nimber}`));
  assert.equal(await page.textContent('[data-testid="why-parts"]'),
    `${values.join(' + ')} = ${value.nimber === 0 ? '0' : `*${value.nimber}`}`);
  const listed = await page.textContent('[data-testid="why-part-list"]');
  value.parts.forEach((part, index) => assert.ok(listed.includes(`{${part.position}} → ${values[index]}`), listed));
  return value;
}

test('the why panel: a board in parts, each part by its squares with its value, and their nim-sum', async () => {
  // Bishops 3x3: the two colours of squares are independent parts, *2 and 0.
  await twoPlayers(page, 'bishops', '3x3');
  await idle();
  const bishops = await shownParts({ question: 'value', game: 'bishops 3x3' });
  assert.deepEqual(bishops.parts.map((part) => part.position), ['a1 c1 b2 a3 c3', 'b1 a2 c2 b3']);
  assert.equal(await page.textContent('[data-testid="why-parts"]'), '*2 + 0 = *2');
  // On the picture: each part's squares framed in its value's colour, numbered, and a legend
  // line a part.
  assert.deepEqual(await page.$$eval('#board [data-part="1"]', (frames) => frames.map((frame) => frame.closest('[data-square]').dataset.square)), ['a1', 'c1', 'b2', 'a3', 'c3']);
  assert.deepEqual(await page.$$eval('#board [data-part="2"]', (frames) => frames.map((frame) => frame.closest('[data-square]').dataset.square)), ['b1', 'a2', 'c2', 'b3']);
  assert.deepEqual(await page.$$eval('[data-testid="parts-legend"]', (rows) => rows.map((row) => row.textContent)), [
    'a frame numbered 1: part 1 of the position, independent of the others, in the colour of its value *2',
    'a frame numbered 2: part 2 of the position, independent of the others, in the colour of its value 0',
  ]);
  await page.screenshot({ path: join(screenshots, 'play-why-parts.png'), clip: { x: 0, y: 0, width: 1000, height: 700 } });
});

test('the why panel: Cram in regions of free squares, each with its value, and their nim-sum', async () => {
  await page.click('button[data-tab="play"]');
  await page.uncheck('#play-misere');
  await page.uncheck('#play-classroom');
  await page.selectOption('#play-family', 'cram');
  await page.fill('#play-args', '2x4');
  await page.selectOption('#play-mode', 'two');
  await page.click('#play-new');
  await page.waitForSelector('[data-square="d2"]');
  await idle();
  // A domino on b1 and b2 cuts the board in two: a1 a2, worth *1, and the 2x2 square, worth 0.
  await page.click('[data-square="b1"]');
  await page.waitForSelector('[data-testid="chosen-square"]');
  await page.click('[data-square="b2"]');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 1);
  await idle();
  const cram = await shownParts({ question: 'value', game: 'cram 2x4 at .#../.#..' });
  assert.deepEqual(cram.parts.map((part) => part.position), ['a1 a2', 'c1 d1 c2 d2']);
  assert.equal(await page.textContent('[data-testid="why-parts"]'), '*1 + 0 = *1');
  assert.equal(await page.$$eval('#board [data-part]', (frames) => frames.length), 6);
});

test('the why panel: a graph of two components, each by its vertices with its value, and their nim-sum', async () => {
  await page.click('button[data-tab="play"]');
  await page.uncheck('#play-misere');
  await page.uncheck('#play-classroom');
  await page.selectOption('#play-family', 'graph');
  await page.selectOption('#play-mode', 'two');
  const edges = 'a b\nb c\nc a\nd e\ne f';
  await page.fill('#play-edges', edges);
  await page.click('#play-new');
  await page.waitForSelector('[data-vertex="f"]');
  await idle();
  const graph = await shownParts({ question: 'value', game: 'graph sent', graph: edges });
  assert.deepEqual(graph.parts.map((part) => part.position), ['a b c', 'd e f']);
  assert.equal(await page.textContent('[data-testid="why-parts"]'), '*1 + *2 = *3');
});

test("lessons from the references: a menu by family, each game with its own rules", async () => {
  await page.selectOption('#play-mode', 'computer');
  await page.selectOption('#play-side', 'first');
  const catalogue = await page.evaluate(async () => (await fetch('/api/games')).json());
  const offered = catalogue.families.filter((family) => family.play && family.lessons.length > 0);
  const groups = await page.$$eval('#play-lesson optgroup', (list) => list.map((group) => ({
    label: group.label, titles: [...group.children].map((option) => option.textContent),
  })));
  assert.deepEqual(groups, offered.map((family) => ({ label: family.play.label, titles: family.lessons.map((lesson) => lesson.title) })));
  // The lesson's worked example of Kayles.
  const heap = catalogue.families.find((family) => family.family === 'heap');
  await page.selectOption('#play-lesson', 'heap/0');
  await page.waitForFunction(() => document.querySelector('[data-testid="game-text"]').textContent === 'kayles 3 4 5 2 5');
  await idle();
  assert.equal(`${heap.lessons[0].game} ${heap.lessons[0].arguments}`, 'kayles 3 4 5 2 5');
  assert.match(await page.textContent('#message'), /Combinatorial Game Theory IV, lesson 4/);
  assert.match(await page.textContent('[data-testid="rules"]'), /kayles: 0\.77 : knock down one or two adjacent pins/);
  assert.equal(await page.textContent('[data-testid="nimber"]'), '0');
  // Boone's knights 4x5, and the knight's own rule beside the family's.
  await page.selectOption('#play-lesson', 'placement/1');
  await page.waitForFunction(() => document.querySelector('[data-testid="game-text"]').textContent === 'knights 4x5');
  await idle();
  assert.match(await page.textContent('[data-testid="rules"]'), /knights: a knight attacks the squares an L-shaped jump away/);
  assert.match(await page.textContent('#message'), /Boone \(2016\), Theorem 2\.2\.2/);
  assert.equal(await page.textContent('[data-testid="nimber"]'), '0');
  // Each piece has its own rule.
  await page.fill('#play-game', 'bishops');
  await page.click('#play-new');
  await page.waitForFunction(() => /bishops: a bishop attacks every square along its diagonals/.test(document.querySelector('[data-testid="rules"]').textContent));
  await idle();
});

test('presenter mode at 1920x1080: the board fills most of the height, controls behind a button, remote keys', async () => {
  const screen = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  try {
    await screen.goto(`${url}#family=placement&game=knights&args=5x5&mode=two&player1=Team+A&player2=Team+B&presenter=1`);
    await screen.waitForSelector('[data-square="a1"]');
    await screen.waitForFunction(() => document.querySelector('[data-testid="nimber"]').textContent !== '?');
    const board = await screen.$eval('#board svg', (svg) => svg.getBoundingClientRect().height);
    assert.ok(board > 0.7 * 1080, `the board is ${board} px high`);
    assert.ok(await screen.isHidden('#play-form'), 'the controls are tucked away');
    const status = await screen.$eval('#status', (element) => parseFloat(getComputedStyle(element).fontSize));
    assert.ok(status >= 30, `the status is ${status} px`);
    await screen.click('#presenter-controls');
    assert.ok(await screen.isVisible('#play-form'));
    await screen.click('#presenter-controls');
    assert.ok(await screen.isHidden('#play-form'));
    // Three moves, the third a mistake (c3 leaves *1, whose winning moves are b2, d4 and e5;
    // c1 leads to *2), then the remote's Page Up steps back and Page Down forward.
    for (const square of ['a1', 'c3', 'c1']) {
      const count = await screen.$$eval('#history li', (items) => items.length);
      await screen.click(`[data-square="${square}"]`);
      await screen.waitForFunction((n) => document.querySelectorAll('#history li').length === n + 1
        && document.querySelector('#work').hidden && !document.querySelector('#board').classList.contains('pending'), count);
    }
    await screen.waitForSelector('#review-list li[data-ply="3"][data-mistake="true"]');
    assert.match(await screen.textContent('#to-move'), /\(Team B\)/);
    await screen.screenshot({ path: join(screenshots, 'presenter.png') });
    // The remote's keys step from anywhere off the board (the last click left the focus there).
    await screen.evaluate(() => document.activeElement.blur());
    await screen.keyboard.press('PageUp');
    await screen.waitForFunction(() => document.querySelectorAll('#history li.future').length === 1);
    await screen.keyboard.press('PageDown');
    await screen.waitForFunction(() => document.querySelectorAll('#history li.future').length === 0);
    // B blanks the screen, any key brings it back; the game is as it was.
    const game = await screen.textContent('[data-testid="game-text"]');
    await screen.keyboard.press('b');
    assert.ok(await screen.isVisible('#blank'));
    await screen.keyboard.press('ArrowRight');
    assert.ok(await screen.isHidden('#blank'));
    await screen.keyboard.press('.');
    assert.ok(await screen.isVisible('#blank'));
    await screen.mouse.click(500, 500);
    assert.ok(await screen.isHidden('#blank'));
    assert.equal(await screen.textContent('[data-testid="game-text"]'), game);
    assert.equal(new URLSearchParams(new URL(screen.url()).hash.slice(1)).get('presenter'), '1');
  } finally {
    await screen.close();
  }
  // The page of the other tests plays the computer again.
  await page.selectOption('#play-mode', 'computer');
});

// Issue 51, part A: nothing typed freezes the page or shows a crash, Cancel and errors leave a
// state a person can continue from.

test('a board or a corner square too large for the library is refused before one square is drawn; the game shown stays', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '3x3');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await idle();
  const limits = await page.evaluate(async () => (await fetch('/api/limits')).json());
  assert.equal(limits.max_board_squares, 512);
  assert.equal(limits.max_corner_coordinate, 5000);
  const asked = jobsAsked(page);
  for (const size of ['100x100', '260x260', '1000x1000']) {
    await page.fill('#play-args', size);
    asked.length = 0;
    await page.click('#play-new');
    await page.waitForSelector('#error:not([hidden])');
    // Said at once, before anything is asked of the server, with the library's limit, and
    // nothing of the board drawn: the game of knights 3x3 is still on screen.
    assert.deepEqual(asked, [], `${size} refused before any request`);
    assert.match(await page.textContent('#error'), new RegExp(`${size} has [\\d,]+ squares: at most 512 are allowed`));
    assert.equal((await page.$$('[data-square]')).length, 9, size);
    assert.match(await page.textContent('[data-testid="game-text"]'), /^knights 3x3/);
  }
  await page.selectOption('#play-family', 'corner');
  await page.fill('#play-args', '1000000 1000000');
  await page.click('#play-new');
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.textContent('#error'), /1000000 is off the grid: .* from 0 to 5,000/);
  assert.equal((await page.$$('[data-square]')).length, 9);
  // A square the library takes but far from the corner is drawn as the grid around it.
  await page.fill('#play-args', '5000 5000');
  await page.click('#play-new');
  await idle();
  assert.equal(await page.isHidden('#error'), true);
  assert.ok((await page.$$('[data-square]')).length <= 41 * 41);
  assert.ok(await page.$('[data-square="5000,5000"] [data-testid="corner-piece"]'));
  assert.match(await page.textContent('[data-testid="corner-window"]'), /rows 49\d\d–50\d\d and columns 49\d\d–50\d\d/);
  await page.selectOption('#play-family', 'placement');
});

test('Cancel beside the board leaves a game to play on: the move taken back, or the computer asked again', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '8x8');
  await page.selectOption('#play-opponent', 'perfect');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await page.waitForFunction(() => document.querySelectorAll('#board .square.legal').length === 64, null, { timeout: 60000 });
  await idle();
  // The person's move, whose position takes seconds to work out, cancelled: the position
  // before it is back, the person to move, every square to click.
  await page.click('[data-square="a1"]');
  await page.waitForSelector('#computing:not([hidden])');
  await page.click('#computing-cancel');
  await page.waitForFunction(() => !document.querySelector('#board').classList.contains('pending')
    && document.querySelectorAll('#board .square.legal').length === 64);
  assert.equal((await page.$$('#history li')).length, 0);
  assert.match(await page.textContent('[data-testid="to-move"]'), /^first player to move \(you\)$/);
  assert.match(await page.textContent('[data-testid="message"]'), /back to the position before your move/);
  assert.equal(await page.isHidden('#play-retry'), true);
  // The computer's turn cancelled (its move, or the position it leads to): it is to move in
  // the position it was to move in, and waits to be asked again.
  await page.click('#play-swap');
  await page.waitForSelector('#computing:not([hidden])');
  await page.click('#computing-cancel');
  await page.waitForSelector('#play-retry:not([hidden])');
  assert.equal(await page.textContent('#play-retry'), "Computer's move");
  assert.equal((await page.$$('#history li')).length, 0);
  assert.match(await page.textContent('[data-testid="to-move"]'), /^first player to move \(the computer\)$/);
  assert.equal(await page.evaluate(() => document.querySelector('#board').classList.contains('pending')), false);
  await page.click('#play-retry');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 1, null, { timeout: 60000 });
  assert.equal(await page.isHidden('#play-retry'), true);
  assert.match(await page.textContent('#history li'), /^computer: /);
  await page.fill('#play-args', '5x5');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await idle();
});

test('a refused request clears the view before it; a new request of a view cancels its job still running; 3,000,000 is read', async () => {
  await page.click('button[data-tab="sequence"]');
  await page.fill('#sequence-game', 'kayles');
  await page.fill('#sequence-to', '2,000');
  await page.click('#sequence-form button[type="submit"]');
  await page.waitForFunction(() => /2001 values/.test(document.querySelector('#sequence-summary').textContent));
  // A sequence whose answer cannot fit is refused with the library's message, never a crash
  // (the kayles sequence to 99999999999 once answered HTTP 500 with an allocation failure's
  // backtrace), and the plot before goes.
  const logged = consoleErrors.length;
  await page.fill('#sequence-to', '99999999999');
  await page.click('#sequence-form button[type="submit"]');
  await page.waitForSelector('#error:not([hidden])');
  const refusals = consoleErrors.splice(logged);
  assert.ok(refusals.every((text) => /status of 422/.test(text)), refusals.join('\n'));
  const message = await page.textContent('#error');
  assert.match(message, /100000000000 values \(heaps 0 to 99999999999\)/);
  assert.doesNotMatch(message, /internal error|panicked|rustc|\/src\//);
  assert.equal(await page.$('[data-testid="sequence-plot"]'), null);
  assert.equal(await page.textContent('#sequence-summary'), '');
  await page.fill('#sequence-to', 'a lot');
  await page.click('#sequence-form button[type="submit"]');
  await page.waitForFunction(() => /such as 3000000 or 3,000,000/.test(document.querySelector('#error').textContent));
  assert.doesNotMatch(await page.textContent('#error'), /--to/);
  // A table still running is cancelled by the next request of the table view, refused or not.
  const running = await startTable('knights', '9', '9');
  await page.waitForSelector('#work:not([hidden])');
  await page.fill('#table-rows', '9-1');
  const again = consoleErrors.length;
  await page.click('#table-form button[type="submit"]');
  assert.equal(await jobState(running, 'cancelled'), 'cancelled');
  await page.waitForSelector('#error:not([hidden])');
  consoleErrors.splice(again);
  assert.equal(await page.$('[data-testid="table"]'), null);
  await page.click('button[data-tab="play"]');
});

test('a link restores the whole game: its moves and who played them, the last move, Back, the view options', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '5x5');
  await page.selectOption('#play-side', 'first');
  await page.selectOption('#play-opponent', 'perfect');
  await page.click('#play-new');
  await idle();
  for (const square of ['a1', 'b1']) {
    const before = (await page.$$('#history li')).length;
    await page.click(`[data-square="${square}"]`);
    await page.waitForFunction((count) => document.querySelectorAll('#history li').length === count + 2, before);
    await idle();
  }
  await page.check('#play-values');
  const seen = (view) => view.evaluate(() => ({
    moves: [...document.querySelectorAll('#history li')].map((item) => item.textContent),
    owners: [...document.querySelectorAll('[data-owner]')].map((piece) => `${piece.closest('[data-square]').dataset.square}:${piece.dataset.owner}`).sort(),
    last: document.querySelector('[data-testid="last-move"]').closest('[data-square]').dataset.square,
    values: document.querySelector('#play-values').checked,
    back: !document.querySelector('#play-back').disabled,
    toMove: document.querySelector('[data-testid="to-move"]').textContent,
    legend: document.querySelector('#legend').textContent,
  }));
  const here = await seen(page);
  assert.equal(here.moves.length, 4);
  const link = page.url();
  const other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await other.goto(link);
    await other.waitForFunction(() => document.querySelectorAll('#history li').length === 4
      && document.querySelector('#work').hidden && document.querySelectorAll('#board .square.legal').length > 0);
    assert.deepEqual(await seen(other), here);
    assert.match(here.legend, /a piece the first player put down/);
    // Back steps through the moves restored.
    await other.click('#play-back');
    await other.waitForFunction(() => document.querySelectorAll('#history li.future').length === 1);
    assert.equal(await other.$eval('#history li[aria-current="step"]', (item) => item.textContent), here.moves[2]);
  } finally {
    await other.close();
  }
  await page.uncheck('#play-values');
});

test('one colour language: the colours say values, the winning moves are marked by a frame in no value\'s colour', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '5x5');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await idle();
  await page.check('#play-values');
  const frames = await page.$$eval('#board [data-winning="true"] rect', (rects) => rects.map((rect) => rect.getAttribute('stroke')));
  assert.ok(frames.length > 0);
  assert.ok(frames.every((stroke) => stroke === '#111111' || stroke === 'white'), frames.join(' '));
  const fills = new Set(await page.$$eval('#board [data-square] rect:first-child', (rects) => rects.map((rect) => rect.getAttribute('fill'))));
  assert.ok(!fills.has('#111111') && !fills.has('white'), [...fills].join(' '));
  // Green is a value's colour (*1 among them), never the winning moves'.
  assert.equal((await page.$$('#board [stroke="green"], #board [fill="green"]')).length, 0);
  assert.match(await page.textContent('#legend'), /the move leads to nim-value \*2/);
  assert.match(await page.textContent('#legend'), /a winning move, framed in black \(it leads to 0\)/);
  const swatchOutline = await page.$eval('#legend .swatch.winning-frame', (box) => getComputedStyle(box).outlineColor);
  assert.equal(swatchOutline, 'rgb(17, 17, 17)');
  await page.uncheck('#play-values');
});

test('small things a class notices: the focus stays where clicked, Page Up on the board, equal heaps each with their moves, grundy typed as a heap game, an empty Position set up', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '5x5');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await idle();
  // A square clicked keeps the keyboard's focus when the board is drawn again (not a1).
  await page.click('[data-square="c3"]');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 2);
  await idle();
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'c3');
  // Page Up steps back with the focus on the board (a presenter's remote), the arrows still
  // move the focus there.
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'd3');
  await page.keyboard.press('PageUp');
  await page.waitForFunction(() => document.querySelectorAll('#history li.future').length === 1);
  await idle();
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => document.querySelectorAll('#history li.future').length === 0);
  await idle();
  // An empty Position, then Set up: the form's game as it starts, the empty board.
  await page.fill('#setup-position', '');
  await page.click('#setup-form button[type="submit"]');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 0);
  await idle();
  assert.equal(await page.isHidden('#error'), true);
  assert.equal(await page.textContent('[data-testid="game-text"]'), 'knights 5x5');
  // Heaps of equal size each get their moves: the answer lists the 1s' move once.
  await page.selectOption('#play-family', 'heap');
  await page.fill('#play-game', 'kayles');
  await page.fill('#play-args', '1 1 4 1 3');
  await page.click('#play-new');
  await idle();
  for (const heap of ['1', '2', '4']) {
    assert.deepEqual(await page.$$eval(`[data-heap="${heap}"] .heap-moves button`, (buttons) => buttons.map((b) => b.dataset.move)), ['1 -> 0'], `heap ${heap}`);
  }
  await page.click('[data-heap="4"] .heap-moves button');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length >= 1);
  await idle();
  assert.equal((await page.$$('[data-heap]')).length >= 3, true);
  // `grundy` typed as a heap game names the game it begins.
  const logged = consoleErrors.length;
  await page.fill('#play-game', 'grundy');
  await page.fill('#play-args', '7');
  await page.click('#play-new');
  await page.waitForFunction(() => /did you mean/.test(document.querySelector('#error').textContent));
  consoleErrors.splice(logged);
  assert.match(await page.textContent('#error'), /did you mean `grundys-game` \(a heap game\)\?/);
  await page.selectOption('#play-family', 'placement');
  await page.click('#play-new');
  await idle();
});

test('a corner game and Node Kayles played with the keyboard: Tab to a move, Enter', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'corner');
  await page.fill('#play-game', 'corner-queen');
  await page.fill('#play-args', '3 4');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await idle();
  const targets = await page.$$('#board [data-square][tabindex="0"]');
  assert.ok(targets.length > 0, 'the moves are reached by Tab');
  await targets[0].focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length >= 1);
  await idle();
  await page.selectOption('#play-family', 'graph');
  await page.fill('#play-edges', 'a b\nb c\nc d');
  await page.click('#play-new');
  await idle();
  const vertex = await page.waitForSelector('#board [data-vertex][tabindex="0"]');
  assert.ok(vertex, 'a vertex reached by Tab');
  await vertex.focus();
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length >= 1);
  await idle();
  await page.selectOption('#play-family', 'placement');
});

test('on a phone: the board on the first screen, no hidden control shown, sequence labels readable, the move list not overlapping', async () => {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await phone.goto(url);
    await phone.waitForSelector('[data-square="a1"]');
    await phone.waitForFunction(() => document.querySelector('#work').hidden && document.querySelector('[data-testid="nimber"]').textContent !== '?');
    const top = await phone.$eval('#board', (board) => board.getBoundingClientRect().top + window.scrollY);
    assert.ok(top < 844, `the board starts at ${top} px`);
    await phone.selectOption('#play-family', 'heap');
    await phone.click('#play-new');
    await phone.waitForSelector('[data-heap="1"]');
    // Found and looked at in one step: `$$eval` finds the elements first and looks later, and
    // in between the why panel may rightly lose its `hidden` when the position's values come.
    const shown = await phone.evaluate(() => [...document.querySelectorAll('[hidden]')]
      .filter((element) => getComputedStyle(element).display !== 'none')
      .map((element) => element.id || element.className));
    assert.deepEqual(shown, []);
    // Moves in the list, each in its own place: its number inside its box (outside, a number
    // was written in the gap the column before writes in), and no item's box overlaps another's.
    for (let turn = 0; turn < 3; turn += 1) {
      const choice = await phone.$('.heap-moves button:not([disabled])');
      if (!choice) break;
      const before = await phone.$$eval('#history li', (items) => items.length);
      await choice.click();
      await phone.waitForFunction((count) => document.querySelectorAll('#history li').length >= count + 2
        || /game over/.test(document.querySelector('[data-testid="outcome"]').textContent), before);
      await phone.waitForFunction(() => document.querySelector('#work').hidden);
    }
    const boxes = await phone.$$eval('#history li', (items) => items.map((item) => {
      const box = item.getBoundingClientRect();
      return [box.left, box.top, box.right, box.bottom];
    }));
    assert.equal(await phone.$eval('#history', (list) => getComputedStyle(list).listStylePosition), 'inside');
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        assert.ok(a[2] <= b[0] + 0.5 || b[2] <= a[0] + 0.5 || a[3] <= b[1] + 0.5 || b[3] <= a[1] + 0.5, `${a} overlaps ${b}`);
      }
    }
    await phone.click('button[data-tab="sequence"]');
    await phone.fill('#sequence-to', '200');
    await phone.click('#sequence-form button[type="submit"]');
    await phone.waitForSelector('[data-testid="points"] circle');
    const heights = await phone.$$eval('[data-testid="sequence-plot"] text', (texts) => texts.map((text) => text.getBoundingClientRect().height));
    assert.ok(heights.every((height) => height >= 9), heights.join(' '));
  } finally {
    await phone.close();
  }
});

// What a click on `selector` saves: its file name and content.
async function saved(selector) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: download.suggestedFilename(), content: readFileSync(await download.path()) };
}

test('exports: the board as SVG and PNG, a table and a sequence as CSV from their answers', async () => {
  await page.click('button[data-tab="play"]');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '5x5');
  await page.selectOption('#play-side', 'first');
  await page.click('#play-new');
  await idle();
  const svg = await saved('#play-export-svg');
  assert.equal(svg.name, 'knights-5x5.svg');
  const svgText = svg.content.toString('utf8');
  assert.match(svgText, /^<\?xml[^>]*>\n<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  // The board drawn, every square of it: 25 squares named as the page names them.
  assert.equal((svgText.match(/data-square="/g) || []).length, 25);
  assert.match(svgText, /data-square="e5"/);
  const png = await saved('#play-export-png');
  assert.equal(png.name, 'knights-5x5.png');
  assert.deepEqual([...png.content.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // The PNG's header gives its size: twice the board drawn.
  const drawnWidth = Number(await page.getAttribute('#board > svg', 'width'));
  assert.equal(png.content.readUInt32BE(16), drawnWidth * 2);
  // A board drawn as heaps is no picture: no button offers one.
  await page.selectOption('#play-family', 'heap');
  await page.fill('#play-game', 'kayles');
  await page.fill('#play-args', '3 4');
  await page.click('#play-new');
  await idle();
  assert.equal(await page.isVisible('#play-export-svg'), false);
  assert.equal(await page.isVisible('#play-export-png'), false);

  await page.click('button[data-tab="table"]');
  await page.fill('#table-game', 'queens');
  await page.fill('#table-rows', '1-2');
  await page.fill('#table-cols', '1-3');
  await page.selectOption('#table-surface', 'rectangle');
  await page.click('#table-form button[type="submit"]');
  await page.waitForSelector('#table-legend button[data-export="csv"]');
  const table = await saved('#table-legend button[data-export="csv"]');
  assert.equal(table.name, 'queens-1-2x1-3.csv');
  // The values of `grundy table queens --rows 1-2 --cols 1-3`.
  assert.equal(table.content.toString('utf8'), 'rows\\cols,1,2,3\r\n1,1,1,1\r\n2,1,1,2\r\n');

  await page.click('button[data-tab="sequence"]');
  await page.fill('#sequence-game', 'kayles');
  await page.fill('#sequence-to', '100');
  await page.click('#sequence-form button[type="submit"]');
  await page.waitForSelector('#sequence-view button[data-export="csv"]');
  const sequence = await saved('#sequence-view button[data-export="csv"]');
  assert.equal(sequence.name, 'kayles-0-100.csv');
  const lines = sequence.content.toString('utf8').trimEnd().split('\r\n');
  assert.equal(lines[0], 'heap,value');
  assert.equal(lines.length, 102);
  // Kayles: g(3) = 3 and g(71) = 7, as `grundy sequence kayles --to 100` answers.
  assert.equal(lines[4], '3,3');
  assert.equal(lines[72], '71,7');
});

// The page's point over heap `n` of the sequence plot, from the plot's frame (sequence.js:
// 40 pixels left, 20 right) and the heaps it shows. The plot is scrolled into the window
// first: the mouse reaches only what is on screen, and what earlier tests left on the page
// may push the plot below it.
async function heapPoint(n) {
  return page.$eval('[data-testid="sequence-plot"]', (svg, heap) => {
    svg.scrollIntoView({ block: 'center' });
    const box = svg.getBoundingClientRect();
    const width = Number(svg.getAttribute('width'));
    const from = Number(svg.dataset.from);
    const to = Number(svg.dataset.to);
    const x = 40 + ((heap - from) / (to - from)) * (width - 60);
    return { x: box.left + (x * box.width) / width, y: box.top + box.height / 2 };
  }, n);
}

const plotRange = () => page.$eval('[data-testid="sequence-plot"]', (svg) => [Number(svg.dataset.from), Number(svg.dataset.to)]);

test('the sequence plot reads the value under the pointer and the cursor, and zooms without asking again', async () => {
  const { values } = await worker({ question: 'sequence', game: 'kayles', to: 100 });
  await page.click('button[data-tab="sequence"]');
  await page.fill('#sequence-game', 'kayles');
  await page.fill('#sequence-to', '100');
  // The test before drew this same sequence: without clearing its summary the wait below
  // would pass at once, and this request's last polls would count as the plot's asking.
  await page.$eval('#sequence-summary', (summary) => { summary.textContent = ''; });
  await page.click('#sequence-form button[type="submit"]');
  await page.waitForFunction(() => /101 values/.test(document.querySelector('#sequence-summary').textContent));
  await page.waitForSelector('[data-testid="points"] circle');
  const asked = [];
  const count = (request) => { if (request.url().includes('/api/')) asked.push(request.url()); };
  page.on('request', count);
  try {
    // The value under the pointer, beside the plot and as its title and label.
    // From outside the plot, in steps: a pointer already standing where it is sent moves
    // nowhere, and the plot hears no move.
    let point = await heapPoint(3);
    await page.mouse.move(0, 0);
    await page.mouse.move(point.x, point.y, { steps: 5 });
    await page.waitForFunction(() => document.querySelector('#sequence-reading').textContent === 'n = 3: g(3) = 3');
    assert.match(await page.textContent('[data-testid="sequence-plot"] title'), /^n = 3: g\(3\) = 3 \(heaps 0 to 100 of kayles\)$/);
    assert.match(await page.getAttribute('[data-testid="sequence-plot"]', 'aria-label'), /^n = 3: g\(3\) = 3; heaps 0 to 100/);
    // A drag from heap 10 to heap 30 shows those heaps alone, one mark each.
    point = await heapPoint(10);
    await page.mouse.move(point.x, point.y);
    await page.mouse.down();
    point = await heapPoint(30);
    await page.mouse.move(point.x, point.y, { steps: 5 });
    await page.mouse.up();
    assert.deepEqual(await plotRange(), [10, 30]);
    assert.equal((await page.$$('[data-testid="points"] circle')).length, 21);
    // The arrow keys move the cursor heap by heap; past the range's end the range follows.
    await page.focus('[data-testid="sequence-plot"]');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.textContent('#sequence-reading'), `n = 31: g(31) = ${values[31]}`);
    assert.deepEqual(await plotRange(), [11, 31]);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.textContent('#sequence-reading'), `n = 29: g(29) = ${values[29]}`);
    // + halves the heaps shown around the cursor, − doubles them, Reset shows them all.
    await page.click('[data-testid="zoom-in"]');
    assert.deepEqual(await plotRange(), [24, 34]);
    assert.equal(await page.textContent('#sequence-reading'), `n = 29: g(29) = ${values[29]}`);
    await page.click('[data-testid="zoom-out"]');
    assert.deepEqual(await plotRange(), [19, 39]);
    await page.click('[data-testid="zoom-reset"]');
    assert.deepEqual(await plotRange(), [0, 100]);
    assert.equal((await page.$$('[data-testid="points"] circle')).length, 101);
    assert.ok(await page.$('[data-testid="preperiod-mark"]'), 'the pre-period is marked again');
    await page.screenshot({ path: join(screenshots, 'sequence-zoom.png') });
  } finally {
    page.off('request', count);
  }
  assert.deepEqual(asked, [], 'zooming and reading ask the server nothing');
});

// ---- Heaps played by tapping their pins (heaps.js): a tap chooses a pin, a second tap on it
// or on another pin of its heap takes the pins from one to the other, as the move the
// library lists that leaves the heaps on either side; a run no listed move takes is said.

// A heap game of the form, started with the players chosen (`two`: two on one screen).
async function startHeaps(game, args, mode) {
  await page.click('button[data-tab="play"]');
  await page.uncheck('#play-misere');
  await page.uncheck('#play-classroom');
  await page.uncheck('#play-values');
  await page.selectOption('#play-family', 'heap');
  await page.fill('#play-game', game);
  await page.fill('#play-args', args);
  await page.selectOption('#play-mode', mode);
  if (mode === 'two') {
    // The players' names left empty: `Player 1` and `Player 2`.
    await page.fill('#play-name-first', '');
    await page.fill('#play-name-second', '');
  }
  if (mode === 'computer') {
    await page.selectOption('#play-side', 'first');
    await page.selectOption('#play-opponent', 'perfect');
  }
  await page.click('#play-new');
  await page.waitForSelector('[data-heap="1"] .pin');
  await idle();
}

const pin = (heap, at) => `[data-heap="${heap}"] [data-pin="${at}"]`;
const historyTexts = () => page.$$eval('#history li', (items) => items.map((item) => item.textContent));

// The move `grundy worker` lists for `game` as `notation` (a move on equal heaps is listed
// once: the notation names it).
async function listedMove(game, notation) {
  const listed = await worker({ question: 'moves', game, all: true });
  const move = listed.moves.find((candidate) => candidate.move === notation);
  assert.ok(move, `${notation} is a move of ${game}`);
  return move;
}

// Taps pins `first` and `last` of heap `heap` (the same pin twice to take it alone) with two
// players on the screen, and checks that the game goes on in the game the library says
// `notation` leaves, written in the history by its player.
async function tapMove(heap, first, last, notation, by) {
  const game = await page.textContent('[data-testid="game-text"]');
  const move = await listedMove(game, notation);
  const before = (await historyTexts()).length;
  await page.click(pin(heap, first));
  assert.ok(await page.$(`${pin(heap, first)}.chosen`), 'the first pin is marked');
  await page.click(pin(heap, last));
  await page.waitForFunction((count) => document.querySelectorAll('#history li').length === count + 1, before);
  await idle();
  assert.equal((await historyTexts())[before], `${by}: ${notation}`);
  assert.equal(await page.textContent('[data-testid="game-text"]'), move.after);
}

test("kayles 1 4 3 played by its pins: one pin from the middle, a run of two from an end, a run of three refused", async () => {
  await startHeaps('kayles', '1 4 3', 'two');
  assert.match(await page.textContent('[data-testid="pin-help"]'), /Tap a pin, then it again or another pin of its heap/);
  // Three pins: kayles takes one or two, which is all the answer's moves of the 4 take.
  await page.click(pin(2, 1));
  assert.match(await page.textContent('[data-testid="message"]'), /pin 1 of the heap of 4 chosen/);
  // The run a second tap would take is lifted while pointed at.
  await page.hover(pin(2, 3));
  assert.equal((await page.$$('[data-heap="2"] .pin.in-run')).length, 3);
  await page.click(pin(2, 3));
  assert.equal(await page.textContent('[data-testid="message"]'), 'kayles takes 1 or 2 adjacent pins from a heap of 4: 3 pins is not a move');
  assert.equal((await page.$$('.pin.chosen')).length, 0, 'the pins chosen are let go');
  assert.deepEqual(await historyTexts(), []);
  assert.equal(await page.textContent('[data-testid="game-text"]'), 'kayles 1 4 3');
  // A tap elsewhere lets a chosen pin go.
  await page.click(pin(3, 2));
  assert.equal((await page.$$('.pin.chosen')).length, 1);
  await page.click('#legend');
  assert.equal((await page.$$('.pin.chosen')).length, 0);
  // The second pin of the 4 alone leaves 1 + 2 in its place, the heaps after it moved on.
  await tapMove(2, 2, 2, '4 -> 1 + 2', 'Player 1');
  assert.equal(await page.textContent('[data-testid="game-text"]'), 'kayles 1 1 2 3');
  // The last two pins of the 3, now the fourth heap, leave its first: 3 -> 1.
  await tapMove(4, 2, 3, '3 -> 1', 'Player 2');
  // The equal heaps of 1 are played by their pins too (the answer lists their move once).
  const game = await page.textContent('[data-testid="game-text"]');
  const heaps = game.split(' ').slice(1);
  const last = heaps.lastIndexOf('1') + 1;
  assert.ok(last > heaps.indexOf('1') + 1, `two heaps of 1 in ${game}`);
  await tapMove(last, 1, 1, '1 -> 0', 'Player 1');
});

test("Nim and a heap drawn in part: a run from the middle refused, a long heap played by its buttons", async () => {
  await startHeaps('nim', '4 45', 'two');
  await page.click(pin(1, 2));
  await page.click(pin(1, 3));
  assert.equal(await page.textContent('[data-testid="message"]'),
    'taking 2 pins from the middle leaves 1 + 1, which is not a move of nim: its move taking 2 pins from a heap of 4 leaves 2 (4 -> 2)');
  // The heap of 45 is drawn as 40 pins and ` …`: a tap there says to use its buttons.
  assert.equal((await page.$$('[data-heap="2"] .pin')).length, 40);
  assert.equal((await page.$$('[data-heap="2"] [data-pin]')).length, 0);
  await page.click('[data-heap="2"] .pins');
  assert.match(await page.textContent('[data-testid="message"]'), /this heap of 45 is drawn only in part: play it by its buttons/);
  assert.deepEqual(await historyTexts(), []);
});

test('two-dimensional Kayles by its pins: a whole column taken, a row of a board, a gap and a bent line refused', async () => {
  await startHeaps('kayles-2d', '3x3', 'two');
  assert.equal((await page.$$('[data-heap="1"] [data-pin]')).length, 9);
  // The arrows move across the board, row by row.
  await page.focus('[data-pin][tabindex="0"]');
  for (const key of ['Home', 'ArrowUp', 'ArrowUp', 'ArrowDown']) await page.keyboard.press(key);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.pin), '2,1');
  // Two pins of a row of three leave a board with a gap: no boards, no move.
  await page.click(pin(1, '1,1'));
  await page.click(pin(1, '1,2'));
  assert.equal(await page.textContent('[data-testid="message"]'),
    'taking row 1, columns 1 to 2 leaves a board with a gap, not boards: to leave boards the pins taken cross the board from side to side (kayles-2d takes 3 pins from a board of 3x3)');
  // Pins in no one row or column.
  await page.click(pin(1, '1,1'));
  await page.click(pin(1, '2,2'));
  assert.match(await page.textContent('[data-testid="message"]'), /^choose pins in one row or one column of the board/);
  assert.deepEqual(await historyTexts(), []);
  // The middle column, top to bottom: 3x3 -> 3x1 + 3x1.
  await tapMove(1, '1,2', '3,2', '3x3 -> 3x1 + 3x1', 'Player 1');
  assert.equal(await page.textContent('[data-testid="game-text"]'), 'kayles-2d 3x1 3x1');
  // The middle pin of the second 3x1 is its middle row (the moves of equal boards are listed once).
  await tapMove(2, '2,1', '2,1', '3x1 -> 1x1 + 1x1', 'Player 2');
});

test("dawson's Kayles 6 by its pins against the computer: one pin refused, the middle two win, the pins coloured by the values", async () => {
  await startHeaps('dawsons-kayles', '6', 'computer');
  const asked = jobsAsked(page);
  await page.check('#play-values');
  // No move takes one pin: every pin alone is hollow. From the third pin, the fourth takes
  // the middle two, the winning move to 0: white, framed.
  assert.equal((await page.$$('[data-heap="1"] .pin.no-move')).length, 6);
  await page.click(pin(1, 3));
  const fourth = await page.$eval(pin(1, 4), (element) => ({ fill: getComputedStyle(element).backgroundColor, winning: element.classList.contains('winning'), label: element.getAttribute('aria-label') }));
  assert.deepEqual(fourth, { fill: 'rgb(255, 255, 255)', winning: true, label: 'heap 1, pin 4 of 6: takes pins 3 to 4, 6 -> 2 + 2, leads to 0' });
  assert.ok(await page.$eval(pin(1, 5), (element) => element.classList.contains('no-move')));
  await page.click(pin(1, 3));
  assert.equal(await page.textContent('[data-testid="message"]'), 'dawsons-kayles takes 2 adjacent pins from a heap of 6: 1 pin is not a move');
  await page.uncheck('#play-values');
  const move = await listedMove('dawsons-kayles 6', '6 -> 2 + 2');
  const sent = asked.length;
  await page.click(pin(1, 3));
  await page.click(pin(1, 4));
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 2);
  await idle();
  // The person's move as the library lists it, then the computer's as `grundy worker` plays it.
  const request = asked.slice(sent).find((r) => r.question === 'play');
  assert.equal(request.game, move.after);
  const reply = await worker(request);
  assert.deepEqual(await historyTexts(), ['you: 6 -> 2 + 2', `computer: ${reply.played}`]);
  assert.equal(await page.textContent('[data-testid="game-text"]'), reply.moves[0].after);
});

test('heaps played by their pins with the keyboard alone: arrows, Enter twice, Escape', async () => {
  await startHeaps('kayles', '5 3', 'two');
  await page.focus('[data-pin][tabindex="0"]');
  const focused = () => page.evaluate(() => [document.activeElement.closest('[data-heap]').dataset.heap, document.activeElement.dataset.pin]);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Home');
  assert.deepEqual(await focused(), ['1', '1']);
  await page.keyboard.press('ArrowDown');
  assert.deepEqual(await focused(), ['2', '1']);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.deepEqual(await focused(), ['1', '2'], 'the focus stays on the pin chosen');
  assert.equal(await page.getAttribute(pin(1, 2), 'aria-pressed'), 'true');
  // Escape lets it go; the arrows moved the focus, not the game (no step back).
  await page.keyboard.press('Escape');
  assert.equal((await page.$$('.pin.chosen')).length, 0);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.getAttribute(pin(1, 3), 'aria-label'), /takes pins 2 to 3, 5 -> 1 \+ 2$/);
  const move = await listedMove('kayles 5 3', '5 -> 1 + 2');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 1);
  await idle();
  assert.deepEqual(await historyTexts(), ['Player 1: 5 -> 1 + 2']);
  assert.equal(await page.textContent('[data-testid="game-text"]'), move.after);
  // The focus is on a pin still, for the next move.
  assert.ok(await page.evaluate(() => Boolean(document.activeElement.dataset.pin)));
  await page.selectOption('#play-mode', 'computer');
  await idle();
});

// Clicks `button` (New game by default) and waits until the game's work has ended, having
// asked a job that `wanted` (a request's JSON) picks out: the Play tab is busy from before the
// job is asked until after its answer is shown.
async function newGameAsking(wanted, button = '#play-new') {
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/jobs')
    && request.method() === 'POST' && wanted(JSON.parse(request.postData())));
  await page.click(button);
  await sent;
  await page.waitForSelector('#play[aria-busy]', { state: 'detached' });
}

test('the symmetry opponent is refused as the game starts for a side its strategies do not win for', async () => {
  await page.click('button[data-tab="play"]');
  await page.uncheck('#play-misere');
  await page.selectOption('#play-family', 'placement');
  await page.fill('#play-game', 'knights');
  await page.fill('#play-args', '5x5');
  await page.selectOption('#play-opponent', 'symmetry');
  // Knights 5x5 is the first player's by the centre then the half turn; the second has none.
  await page.selectOption('#play-side', 'first');
  await newGameAsking((request) => request.question === 'play' && request.side === 'second');
  assert.match(
    await page.textContent('#error'),
    /^no symmetry strategy for the computer as second player in knights on 5x5: .*; the first player has one: let the computer play that side$/,
  );
  assert.equal((await page.$$('#board [data-owner]')).length, 0, 'nothing played');
  // The game waits for a new one: no square is drawn as a move, the turn line says why, a
  // square clicked plays nothing (the click is handled as it is dispatched, so the tab
  // would be busy with the move by now) and asks nothing.
  assert.equal((await page.$$('#board .legal')).length, 0, 'no move offered');
  assert.match(await page.textContent('#to-move'), /^first player to move \(you\): waiting for a new game or the sides swapped/);
  const askedAfter = jobsAsked(page);
  await page.click('#board [data-square="a1"]');
  assert.equal(await page.$('#play[aria-busy]'), null);
  assert.equal((await page.$$('#board [data-owner]')).length, 0, 'nothing played');
  assert.deepEqual(askedAfter, []);
  assert.match(await page.textContent('#error'), /^no symmetry strategy for the computer as second player/);
  // Sides swapped, the computer opens in the centre, and its side is checked again after:
  // the half turn answers every move from there.
  const checks = jobsAsked(page);
  await newGameAsking((request) => request.question === 'play' && request.side === 'second', '#play-swap');
  assert.equal(await page.isHidden('#error'), true);
  assert.match(await page.textContent('#message'), /^the computer \(first\) played c3/);
  assert.ok((await page.$$('#board .legal')).length > 0, 'the person moves again');
  assert.equal(await page.textContent('#to-move'), 'second player to move (you)');
  assert.deepEqual(checks.filter((request) => request.question === 'play').map((request) => request.side), [undefined, 'second']);
  // Cram 2x4 is the second player's by mirror play: asked to play second, nothing is refused.
  await page.selectOption('#play-family', 'cram');
  await page.fill('#play-args', '2x4');
  await page.selectOption('#play-opponent', 'symmetry');
  await page.selectOption('#play-side', 'first');
  await newGameAsking((request) => request.question === 'play' && request.side === 'second');
  assert.equal(await page.isHidden('#error'), true);
  assert.equal(await page.$('[data-testid="domino"]'), null, 'nothing played');
});

// A link given to a page already open (pasted into the address bar, Back) changes only the
// address's fragment: no new page loads, and the page must open it itself. The table's link
// comes at once, while the knights game of the link before is still being worked out, whose
// work, when it ends, must not write its own address over the table's.
test('a link given to the open page opens at once, and Back opens the one before', async () => {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await tab.goto(boardLink('knights', 5, 5));
    const table = `${url}#view=table&table-game=queens&table-rows=1-6&table-cols=1-6&table-surface=rectangle`;
    await tab.goto(table);
    await tab.waitForSelector('#table:not([hidden]) [data-cell="6x6"]');
    await tab.waitForFunction(() => document.querySelector('#work').hidden
      && !document.querySelector('#play').hasAttribute('aria-busy'));
    const address = new URLSearchParams(new URL(tab.url()).hash.slice(1));
    assert.equal(address.get('view'), 'table');
    assert.equal(address.get('table-game'), 'queens');
    assert.equal(address.get('table-rows'), '1-6');
    await tab.goBack();
    await tab.waitForSelector('#play:not([hidden]) #board [data-square="e5"]');
    assert.equal(await tab.inputValue('#play-args'), '5x5');
    assert.equal(new URLSearchParams(new URL(tab.url()).hash.slice(1)).get('view'), null);
    // Two games' links in quick succession, the first a long search: the later one is the
    // game opened, and the address names it alone once the page has settled.
    await tab.goto(boardLink('knights', 8, 8));
    await tab.goto(boardLink('queens', 4, 4));
    await tab.waitForFunction(() => !document.querySelector('#play').hasAttribute('aria-busy')
      && document.querySelector('#work').hidden
      && document.querySelectorAll('#board [data-square]').length === 16);
    assert.match(await tab.textContent('[data-testid="game-text"]'), /^queens 4x4/);
    const settled = new URLSearchParams(new URL(tab.url()).hash.slice(1));
    assert.deepEqual([settled.get('game'), settled.get('args')], ['queens', '4x4']);
  } finally {
    await tab.close();
  }
});

test('leaving the page cancels its jobs', async () => {
  const id = await startTable('knights', '9', '9');
  await page.waitForSelector('#work:not([hidden])');
  await page.reload();
  assert.equal(await jobState(id, 'cancelled'), 'cancelled');
  // The address named the table view and its form, so the page reopened asks for the same
  // table again, as a new job: cancelled here.
  await page.waitForSelector('#table:not([hidden])');
  assert.equal(await page.inputValue('#table-rows'), '9');
  await page.waitForSelector('#work:not([hidden])');
  await page.click('#work-cancel');
  await page.waitForSelector('#work', { state: 'hidden' });
});

test('no console errors', () => {
  assert.deepEqual(consoleErrors, []);
});
