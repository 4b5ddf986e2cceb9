// The drift rules on small synthetic series: a slow creep (a small fraction of one sample's noise
// per sample) is found, and what only looks slow and persistent is not (the tail of a thermal lag, a commanded
// ramp that was already under way, wander, a step). Pure: no files, no DuckDB.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { drift, standsOut } from './detect-drift.js';
import { median, noiseScale, quantum } from './robust.js';

const N = 3000;
/** Deterministic noise with unit spread (a fixed sequence, so the tests do not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

function judge(shape: (i: number) => number, sigma = 0.01, againstSiblings = false) {
  const x = Float64Array.from({ length: N }, (_, i) => shape(i) + sigma * noise(i));
  const ch = makeChannel('sensor_V', 'V', x, noiseScale(x), quantum(x));
  return drift(ch, ch.xi, 0, N, againstSiblings);
}

describe('drift: a slope that starts and persists', () => {
  it('finds a creep of about 15 per-sample sigma over 1000 samples after a flat stretch, and says where', () => {
    const d = judge((i) => (i < 1500 ? 0 : Math.min(i - 1500, 1000) * 0.0002));
    expect(d?.kind).toBe('drift');
    // The onset and the end within 10 blocks (20 samples each) of the truth: noise blurs the corners.
    expect(Math.abs(d!.i0 - 1500)).toBeLessThan(200);
    expect(Math.abs(d!.i1 - 2500)).toBeLessThan(200);
    expect(d!.values.change).toBeGreaterThan(0.15);
  });

  it('finds a creep that runs on to the end of the record', () => {
    const d = judge((i) => (i < 2000 ? 0 : -(i - 2000) * 0.0002));
    expect(d?.kind).toBe('drift');
    expect(d!.values.change).toBeLessThan(0);
  });

  it('does not report the tail of a thermal lag: it was moving its way before any onset', () => {
    expect(judge((i) => 0.5 * (1 - Math.exp(-i / 900)))).toBeNull();
  });

  it('does not report a commanded ramp that was already under way when the segment began', () => {
    expect(judge((i) => i * 0.0001)).toBeNull();
  });

  it('does not report slow wander of the size of the history', () => {
    expect(judge((i) => 0.3 * Math.sin((2 * Math.PI * i) / 1400))).toBeNull();
  });

  it('does not report a change smaller than ten times the per-sample noise, however long', () => {
    expect(judge((i) => (i < 1500 ? 0 : Math.min(i - 1500, 1000) * 0.00005))).toBeNull();
  });

  it('leaves a level shift within a few samples to the step detector', () => {
    expect(judge((i) => (i < 1500 ? 0 : 0.05))).toBeNull();
  });

  it('on a sibling residual, finds a creep of a few per-sample sigma that a lone channel is not judged on', () => {
    // About 5 sigma over 1000 samples: plain in block means, below the lone channel's 10x floor.
    const creep = (i: number) => (i < 1500 ? 0 : Math.min(i - 1500, 1000) * 0.00005);
    expect(judge(creep, 0.01, true)?.kind).toBe('drift');
    expect(judge(creep, 0.01, false)).toBeNull();
  });

  it('on a sibling residual, still does not report a creep under three per-sample sigma', () => {
    expect(judge((i) => (i < 1500 ? 0 : Math.min(i - 1500, 1000) * 0.00001), 0.01, true)).toBeNull();
  });
});

describe('a sibling drift stands out from the siblings', () => {
  /** A shared discharge curve after 1000 samples, scaled per cell, plus a fixed noise sequence. */
  const cell = (gain: number, k: number, extra: (i: number) => number = () => 0) =>
    Float64Array.from(
      { length: N },
      (_, i) => (i < 1000 ? 0 : -gain * 0.001 * (i - 1000)) + extra(i) + 0.01 * noise(i + 7919 * k),
    );
  const residual = (own: Float64Array, sibs: Float64Array[]) =>
    Float64Array.from(own, (v, i) => v - median(sibs.map((s) => s[i]!)));
  const creep = (i: number) => (i < 1500 ? 0 : Math.min(i - 1500, 1000) * 0.0001);

  it('one cell creeping while the others keep together stands out', () => {
    const sibs = [1, 2, 3, 4].map((k) => cell(1, k));
    const own = cell(1, 0, creep);
    expect(standsOut(residual(own, sibs), sibs, 1500, 2500)).toBe(true);
  });

  it('cells that part under load (different gains) do not: the others part as much', () => {
    const sibs = [0.9, 1.05, 1.2, 1.35].map((g, k) => cell(g, k + 1));
    const own = cell(1.5, 0);
    expect(standsOut(residual(own, sibs), sibs, 1500, 2500)).toBe(false);
  });

  it('with a single sibling the pair cannot say which moved: kept', () => {
    const sib = cell(1, 1);
    expect(standsOut(residual(cell(1.3, 0), [sib]), [sib], 1500, 2500)).toBe(true);
  });
});
