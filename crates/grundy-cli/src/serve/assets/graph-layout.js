// Node Kayles: a graph laid out by springs, so that it is drawn the same way on every screen.

// A seeded generator (mulberry32): the same graph is laid out the same way every time.
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const VERTEX_RADIUS = 16;

// How many pairs of edges cross in a layout (edges sharing an end do not count).
function crossings(links, x, y) {
  const side = (a, b, c) => Math.sign((x[b] - x[a]) * (y[c] - y[a]) - (y[b] - y[a]) * (x[c] - x[a]));
  let count = 0;
  for (let i = 0; i < links.length; i += 1) {
    const [a, b] = links[i];
    for (let j = i + 1; j < links.length; j += 1) {
      const [c, d] = links[j];
      if (a === c || a === d || b === c || b === d) continue;
      if (side(a, b, c) !== side(a, b, d) && side(c, d, a) !== side(c, d, b)) count += 1;
    }
  }
  return count;
}

// One run of the springs from a start drawn from `random`: edges pull their ends together,
// every two vertices push apart, a weak pull to the middle keeps the components near each
// other, and the moves shrink as the layout cools (Fruchterman and Reingold, 1991).
function springRun(count, links, random, onCircle) {
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const angle = (2 * Math.PI * i) / Math.max(1, count);
    x[i] = onCircle ? Math.cos(angle) + (random() - 0.5) * 0.2 : 2 * random() - 1;
    y[i] = onCircle ? Math.sin(angle) + (random() - 0.5) * 0.2 : 2 * random() - 1;
  }
  // The ideal edge length for `count` vertices in a 2 x 2 square.
  const ideal = Math.sqrt(4 / Math.max(1, count));
  const rounds = count > 400 ? 60 : 300;
  let temperature = 0.25;
  const dx = new Float64Array(count);
  const dy = new Float64Array(count);
  for (let round = 0; round < rounds; round += 1) {
    dx.fill(0);
    dy.fill(0);
    for (let i = 0; i < count; i += 1) {
      for (let j = i + 1; j < count; j += 1) {
        const ex = x[i] - x[j];
        const ey = y[i] - y[j];
        const push = (ideal * ideal) / Math.max(1e-6, ex * ex + ey * ey);
        dx[i] += ex * push;
        dy[i] += ey * push;
        dx[j] -= ex * push;
        dy[j] -= ey * push;
      }
    }
    for (const [a, b] of links) {
      const ex = x[a] - x[b];
      const ey = y[a] - y[b];
      const pull = Math.hypot(ex, ey) / ideal;
      dx[a] -= ex * pull;
      dy[a] -= ey * pull;
      dx[b] += ex * pull;
      dy[b] += ey * pull;
    }
    for (let i = 0; i < count; i += 1) {
      dx[i] -= 0.1 * x[i];
      dy[i] -= 0.1 * y[i];
      const length = Math.hypot(dx[i], dy[i]);
      if (length > 0) {
        const moved = Math.min(length, temperature);
        x[i] += (dx[i] / length) * moved;
        y[i] += (dy[i] / length) * moved;
      }
    }
    temperature = Math.max(0.002, temperature * 0.97);
  }
  return { x, y };
}

// Places the vertices of a graph by springs (springRun): a small graph from several starts, a
// fixed seed's, keeping the layout whose edges cross least, so a graph is drawn the same way
// on every screen. The layout is fitted to a square that grows with the graph, and vertices
// still closer than two radii are pushed apart. Returns the square's side and each vertex's
// centre.
export function springLayout({ vertices, edges }) {
  const count = vertices.length;
  const index = new Map(vertices.map((name, i) => [name, i]));
  const links = edges.map(([u, v]) => [index.get(u), index.get(v)]);
  const random = seededRandom(1);
  const starts = count <= 60 ? 12 : 1;
  let best = null;
  for (let start = 0; start < starts; start += 1) {
    const run = springRun(count, links, random, start === 0);
    run.crossings = starts > 1 ? crossings(links, run.x, run.y) : 0;
    if (!best || run.crossings < best.crossings) best = run;
  }
  const { x, y } = best;
  // Fitted into a square with room for about 70 pixels a vertex across.
  const size = Math.max(420, Math.ceil(70 * Math.sqrt(count)));
  // Room for a vertex and the value written at its upper right.
  const margin = VERTEX_RADIUS + 20;
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i < count; i += 1) {
    [minX, maxX] = [Math.min(minX, x[i]), Math.max(maxX, x[i])];
    [minY, maxY] = [Math.min(minY, y[i]), Math.max(maxY, y[i])];
  }
  const scale = (size - 2 * margin) / Math.max(1e-9, maxX - minX, maxY - minY);
  const offsetX = (size - (maxX - minX) * scale) / 2;
  const offsetY = (size - (maxY - minY) * scale) / 2;
  const px = Array.from(x, (value) => offsetX + (value - minX) * scale);
  const py = Array.from(y, (value) => offsetY + (value - minY) * scale);
  const apart = 2 * VERTEX_RADIUS + 6;
  const clamp = (value) => Math.min(size - margin, Math.max(margin, value));
  for (let pass = 0; pass < 100; pass += 1) {
    let moved = false;
    for (let i = 0; i < count; i += 1) {
      for (let j = i + 1; j < count; j += 1) {
        let ex = px[i] - px[j];
        let ey = py[i] - py[j];
        let distance = Math.hypot(ex, ey);
        if (distance >= apart) continue;
        if (distance < 1e-6) {
          // The same point: part them in a direction of the seed's.
          const angle = 2 * Math.PI * random();
          [ex, ey, distance] = [Math.cos(angle), Math.sin(angle), 1];
        }
        const half = (apart - distance) / 2 + 0.5;
        px[i] = clamp(px[i] + (ex / distance) * half);
        py[i] = clamp(py[i] + (ey / distance) * half);
        px[j] = clamp(px[j] - (ex / distance) * half);
        py[j] = clamp(py[j] - (ey / distance) * half);
        moved = true;
      }
    }
    if (!moved) break;
  }
  return { size, place: new Map(vertices.map((name, i) => [name, [px[i], py[i]]])) };
}
