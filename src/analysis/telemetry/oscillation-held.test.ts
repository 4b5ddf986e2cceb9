// Oscillations judged against the channel at rest: a valve stroked for most of a test has the strokes'
// RMS as its typical one, and a hunt between stroking blocks, plain against its rest noise, is under
// twice that. With the held mask (every command holding, the channel settled) the typical RMS is the
// rest's, and only wholly held windows may be raised. Synthetic series, no files.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { oscillations, SLOW_OSCILLATION_SCALE } from './detect-local.js';
import { noiseScale } from './robust.js';

const gaussian = (() => {
  const out = new Float64Array(12000);
  let state = 11;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let i = 0; i < out.length; i++) out[i] = (next() + next() + next() + next() - 2) * Math.sqrt(3);
  return out;
})();

const n = 12000;
const sigma = 0.07;
/** Stroking blocks over 1000-5000 and 6500-11000: 20 <-> 80 every 40 samples, a first-order follow. */
const stroking = (i: number) => (i >= 1000 && i < 5000) || (i >= 6500 && i < 11000);
const cmd = Float64Array.from({ length: n }, (_, i) => (stroking(i) && Math.floor(i / 40) % 2 ? 80 : 20));
const changes = Array.from({ length: n }, (_, i) => i).filter((i) => i > 0 && cmd[i] !== cmd[i - 1]);
const valve = (hunt: boolean) => {
  const x = new Float64Array(n);
  let level = 20;
  for (let i = 0; i < n; i++) {
    level += (cmd[i]! - level) / 3;
    const h = hunt && i >= 5600 && i < 5840 ? 6 * sigma * Math.sin((2 * Math.PI * (i - 5600)) / 8) : 0;
    x[i] = level + h + sigma * gaussian[i]!;
  }
  return x;
};
/** Held: past the first 600 samples, and outside 2 x 10 samples after each change (10 before it). */
const held = (() => {
  const m = new Uint8Array(n).fill(1);
  m.fill(0, 0, 600);
  for (const c of changes) m.fill(0, Math.max(0, c - 10), Math.min(n, c + 21));
  return m;
})();
const channel = (x: Float64Array) => makeChannel('position_pct', 'pct', x, noiseScale(x), 0.01);
const both = (x: Float64Array, mask?: Uint8Array) => [
  ...oscillations(channel(x), x, 1, mask),
  ...oscillations(channel(x), x, SLOW_OSCILLATION_SCALE, mask),
];

describe('oscillations at rest', () => {
  it('the file-wide typical RMS (the strokes) hides a 6-sigma hunt between stroking blocks', () => {
    expect(both(valve(true)).filter((e) => e.i1 >= 5600 && e.i0 < 5840)).toEqual([]);
  });

  it('judged against the rest, the hunt is found, and only it', () => {
    const found = both(valve(true), held);
    expect(found.length).toBeGreaterThan(0);
    for (const e of found) expect(e.i1 >= 5600 && e.i0 < 5840).toBe(true);
  });

  it('the rest without a hunt holds nothing, strokes and all', () => {
    expect(both(valve(false), held)).toEqual([]);
  });
});
