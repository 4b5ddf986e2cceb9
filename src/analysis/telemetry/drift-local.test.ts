// A sibling-residual drift judged on its own neighbourhood: a creep that starts on a flat stretch after
// the residual settled is found even though the settling, earlier in the same segment, is larger than
// the creep; the settling alone, a level shift, and an excursion that comes back are not drifts.
// Pure: no files, no DuckDB.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { drift } from './detect-drift.js';
import { localRamp, persists, stepResid } from './drift-local.js';
import { noiseScale, quantum } from './robust.js';

const N = 3000;
/** Deterministic noise with unit spread (a fixed sequence, so the tests do not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);
/** A residual still settling at the start of the segment: 12 sigma decaying with a 300-sample lag. */
const settling = (i: number) => 0.12 * Math.exp(-i / 300);
/** 5 sigma over 500 samples from 2000, then held. */
const creep = (i: number) => (i < 2000 ? 0 : 0.05 * Math.min(1, (i - 2000) / 500));

function judge(shape: (i: number) => number, againstSiblings = true) {
  const x = Float64Array.from({ length: N }, (_, i) => shape(i) + 0.01 * noise(i));
  const ch = makeChannel('tc_4', 'degC', x, noiseScale(x), quantum(x));
  return drift(ch, ch.xi, 0, N, againstSiblings);
}

describe('a sibling drift after the residual settled', () => {
  it('is found where it starts, though the settling before it is larger than the creep', () => {
    const d = judge((i) => settling(i) + creep(i));
    expect(d?.kind).toBe('drift');
    expect(Math.abs(d!.i0 - 2000)).toBeLessThan(150);
    expect(Math.abs(d!.i1 - 2500)).toBeLessThan(150);
    expect(d!.values.change).toBeGreaterThan(0.03);
  });

  it('the settling alone is not a drift', () => {
    expect(judge(settling)).toBeNull();
  });

  it('a level shift after the settling is left to the step detector', () => {
    expect(judge((i) => settling(i) + (i < 2000 ? 0 : 0.08))).toBeNull();
  });

  it('a dip that comes back after the settling is not a drift; the same dip that holds is', () => {
    const dip = (i: number) => -0.08 * Math.max(0, Math.sin((Math.PI * (i - 2000)) / 800)) * Number(i < 2800);
    expect(judge((i) => settling(i) + dip(i))).toBeNull();
    const held = (i: number) => (i < 2400 ? dip(i) : -0.08);
    expect(judge((i) => settling(i) + held(i))?.kind).toBe('drift');
  });
});

describe('the local ramp and its checks', () => {
  const blocks = (f: (j: number) => number) => Array.from({ length: 150 }, (_, j) => f(j) + 0.01 * noise(j));

  it('a ramp beats the best level shift within it; a level shift does not', () => {
    const ramp = blocks((j) => (j < 80 ? 0 : 0.2 * Math.min(1, (j - 80) / 30)));
    const r = localRamp(ramp, 5)!;
    expect(stepResid(ramp, r)).toBeGreaterThan(r.resid);
    const shift = blocks((j) => (j < 80 ? 0 : 0.2));
    const s = localRamp(shift, 5)!;
    expect(stepResid(shift, s)).toBeLessThanOrEqual(s.resid);
  });

  it('persists holds while the level stays past half the ramp, and fails once it comes back', () => {
    const held = blocks((j) => (j < 80 ? 0 : 0.2 * Math.min(1, (j - 80) / 30)));
    expect(persists(held, localRamp(held, 5)!)).toBe(true);
    const back = blocks((j) => (j < 80 ? 0 : j < 110 ? 0.2 * ((j - 80) / 30) : j < 130 ? 0.2 : 0));
    const r = localRamp(back, 5)!;
    expect(persists(back, r)).toBe(false);
  });
});
