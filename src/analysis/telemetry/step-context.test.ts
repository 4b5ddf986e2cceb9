import { describe, expect, it } from 'vitest';
import type { Context } from './context.js';
import { materialChanges, stepExplained } from './step-context.js';
import { atFrozenEdge } from './frozen.js';

const changesOf = (x: Float64Array) => {
  const out: number[] = [];
  for (let i = 1; i < x.length; i++) if (x[i] !== x[i - 1]) out.push(i);
  return out;
};

describe('materialChanges', () => {
  it('keeps a commanded level change and drops a slow set-point ramp', () => {
    const levels = Float64Array.from({ length: 2000 }, (_, i) => (i < 1000 ? 20 : 60));
    expect(materialChanges(levels, changesOf(levels), false, 40)).toEqual([1000]);
    // A ramp of 0.01 per row over a range of 20: each window moves it by 0.4, its trend never jumps.
    const ramp = Float64Array.from(
      { length: 2000 },
      (_, i) => Math.round(Math.min(i, 1999) * 0.01 * 100) / 100,
    );
    const mid = changesOf(ramp).filter((c) => c > 200 && c < 1800);
    expect(materialChanges(ramp, mid, false, 40)).toEqual([]);
  });

  it('drops the changes of a sine command (every window moves alike)', () => {
    const sine = Float64Array.from({ length: 3000 }, (_, i) => 5 * Math.sin((2 * Math.PI * i) / 100));
    const mid = changesOf(sine).filter((c) => c > 500 && c < 2500);
    expect(materialChanges(sine, mid, false, 40)).toEqual([]);
  });

  // A slew: held, then 0.06 per row for 2,000 rows (120 over a range of 120), then held. Its trend
  // changes by 1.2 over a 40-row window at each end, under 5% of the range (6).
  const slew = Float64Array.from({ length: 4000 }, (_, i) => 0.06 * Math.min(2000, Math.max(0, i - 1000)));
  it("keeps a fast ramp's start and end, not its middle", () => {
    const kept = materialChanges(slew, changesOf(slew), false, 40);
    expect(kept.some((c) => c >= 1000 && c < 1100)).toBe(true);
    expect(kept.some((c) => c > 2900 && c <= 3000)).toBe(true);
    expect(kept.filter((c) => c >= 1200 && c <= 2800)).toEqual([]);
    // Without corners (a transit's start): none of it.
    expect(materialChanges(slew, changesOf(slew), false, 40, false)).toEqual([]);
  });

  it("drops a slow ramp's start: it travels under the floor across the neighbour windows", () => {
    // 0.001 per row for 10,000 rows over a range of 10: 0.48 across 12 windows, under 0.5.
    const slow = Float64Array.from(
      { length: 12000 },
      (_, i) => 0.001 * Math.min(10000, Math.max(0, i - 1000)),
    );
    const kept = materialChanges(slow, changesOf(slow), false, 40);
    expect(kept.filter((c) => c < 1500)).toEqual([]);
  });

  it('keeps every change of a text or discrete state', () => {
    const state = Float64Array.from({ length: 100 }, (_, i) => (i % 10 < 5 ? 0 : 1));
    expect(materialChanges(state, changesOf(state), true, 40)).toEqual(changesOf(state));
  });
});

describe('stepExplained', () => {
  const t = Float64Array.from({ length: 1000 }, (_, i) => i);
  const ctx: Context = {
    t,
    bucket: 1,
    period: 1,
    duration: 999,
    startupEnd: 50,
    startup: new Map([['x', 50]]),
    changes: new Map([['x', [300]]]),
    settle: new Map([['x', 400]]),
    siblings: new Map(),
  };
  it('explains a step while the channel settles from the latest change only', () => {
    expect(stepExplained(ctx, 'x', 310, 310, [300], () => 30)).toBe(true);
    // Within the channel's overall settling window, but long after this change had settled.
    expect(stepExplained(ctx, 'x', 500, 500, [300], () => 30)).toBe(false);
  });
  it('does not explain a step by a change that is not material', () => {
    expect(stepExplained(ctx, 'x', 310, 310, [], () => 30)).toBe(false);
  });
  it('explains a step in the start-up window', () => {
    expect(stepExplained(ctx, 'x', 20, 20, [], () => 0)).toBe(true);
  });
});

describe('atFrozenEdge', () => {
  it('is true where a sibling freezes or recovers, false elsewhere', () => {
    const spans = [{ i0: 100, i1: 199 }];
    expect(atFrozenEdge(95, spans, 10)).toBe(true);
    expect(atFrozenEdge(205, spans, 10)).toBe(true);
    expect(atFrozenEdge(150, spans, 10)).toBe(false);
  });
});
