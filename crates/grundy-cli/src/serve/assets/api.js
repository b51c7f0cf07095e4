// Asking the server: every request is a job, so long ones show progress and can be cancelled,
// and the page stays responsive while they run. Each view (play, table, sequence, tour,
// graph) has at most one job: a newer request of a view cancels the older one, whose answer is
// dropped rather than drawn over the newer view's. The requests are the library's
// (`{"question": "value", "game": "knights 5x5"}`), answered as `grundy worker` does
// (docs/WEB.md, docs/JSON.md).

import { $, showError, sleep } from './common.js';

export const runningJobs = new Map(); // view -> job id

// Thrown by `ask` when a newer request of the same view replaced its job: nothing to show.
export class Superseded extends Error {}

// A job that ended without an answer, with the kind of the library's error when the work
// met one (`input`: the request refused as asked, such as a side its opponent cannot play).
export class JobFailed extends Error {
  constructor(message, kind) {
    super(message);
    this.kind = kind;
  }
}

export function cancelJob(id) {
  // keepalive: the cancel still reaches the server when the page is going away.
  return fetch(`/api/jobs/${id}`, { method: 'DELETE', keepalive: true }).catch(() => {});
}

// Cancels the job of `view`, if one runs; resolves when the server has been told.
export function cancelView(view) {
  const id = runningJobs.get(view);
  if (id === undefined) return Promise.resolve();
  return cancelJob(id);
}

// What a running job has done so far, for people: seconds, positions, first moves, cells.
function progressParts(job) {
  const progress = job.progress || {};
  const parts = [`${job.seconds.toFixed(1)} s`];
  if (progress.positions_searched !== undefined) {
    parts.push(`${progress.positions_searched.toLocaleString()} positions searched`);
  }
  if (progress.first_moves_total) {
    parts.push(`first moves settled ${progress.first_moves_settled}/${progress.first_moves_total}`);
  }
  if (progress.cells_total) {
    const counted = job.request.question === 'table' ? 'cells' : 'done';
    parts.push(`${counted} ${progress.cells_finished}/${progress.cells_total}`);
  }
  return parts;
}

function showWork(job, view) {
  $('work-text').textContent = [`${job.request.question} ${job.state}`, ...progressParts(job)].join(' · ');
  $('work').hidden = false;
  if (view === 'play') showComputing(job);
}

// The Play tab's own word on a search that takes a while: what is being worked out, how far
// it came, and a Cancel beside the board (on a phone the header's is far away).
function showComputing(job) {
  const what = job.request.question === 'play'
    ? 'The computer is thinking about its move'
    : `Working out the moves and their values${job.request.seconds === undefined ? '' : ` (at most ${job.request.seconds} s)`}`;
  $('computing-text').textContent = `${what}… ${progressParts(job).join(' · ')}`;
  const progress = job.progress || {};
  const bar = $('computing-progress');
  if (progress.first_moves_total) {
    bar.max = progress.first_moves_total;
    bar.value = progress.first_moves_settled;
  } else {
    bar.removeAttribute('value');
  }
  $('computing').hidden = false;
}

// Cancels the job of `view` as replaced: its answer, whenever it comes, is dropped unseen.
export function supersede(view) {
  const older = runningJobs.get(view);
  if (older !== undefined) {
    runningJobs.delete(view);
    cancelJob(older);
  }
}

export async function ask(request, view = request.question) {
  supersede(view);
  const started = await fetch('/api/jobs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  let job = await started.json();
  if (!started.ok) throw new Error(job.error);
  if (runningJobs.has(view)) {
    // A newer request of this view started while this one was being sent.
    cancelJob(job.id);
    throw new Superseded();
  }
  runningJobs.set(view, job.id);
  const quietUntil = Date.now() + 400;
  let delay = 15;
  try {
    while (job.state === 'queued' || job.state === 'running') {
      if (Date.now() > quietUntil) showWork(job, view);
      await sleep(delay);
      delay = Math.min(delay * 2, 250);
      if (runningJobs.get(view) !== job.id) throw new Superseded();
      const response = await fetch(`/api/jobs/${job.id}`);
      job = await response.json();
      if (!response.ok) throw new Error(job.error);
    }
    if (runningJobs.get(view) !== job.id) throw new Superseded();
  } finally {
    if (runningJobs.get(view) === job.id) runningJobs.delete(view);
    if (runningJobs.size === 0) $('work').hidden = true;
    if (!runningJobs.has('play')) $('computing').hidden = true;
  }
  if (job.state === 'done') return job.result;
  if (job.result) {
    // Stopped early (the time limit, Cancel): a table or sequence keeps what it finished.
    showError(job.error);
    return job.result;
  }
  throw new JobFailed(job.error || job.state, job.error_kind);
}

// Runs `task`, showing its error instead of throwing.
export async function guarded(task) {
  showError('');
  try {
    await task();
  } catch (error) {
    if (!(error instanceof Superseded)) showError(error.message);
  }
}

$('work-cancel').addEventListener('click', () => {
  for (const id of runningJobs.values()) cancelJob(id);
});

$('computing-cancel').addEventListener('click', () => cancelView('play'));

// Leaving or reloading the page cancels its jobs, so the next page does not wait behind them.
window.addEventListener('pagehide', () => {
  for (const id of runningJobs.values()) cancelJob(id);
});
