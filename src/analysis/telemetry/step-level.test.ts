import { describe, expect, it } from 'vitest';
import { makeChannel, type Context } from './context.js';
import { bend, levelSteps } from './step-level.js';

// 6,000 samples at 1 Hz; a command change at 2,000. The level answers it at once (a servo error that
// settles within a sample), then a fault moves it by 1 (10 sigma) at `at`.
const noise = (i: number) => 0.1 * Math.sin(i * 12.9898) * Math.cos(i * 78.233) * 1.7;
const n = 6000;
const t = Float64Array.from({ length: n }, (_, i) => i);
const level = (at: number) =>
  Float64Array.from({ length: n }, (_, i) => (i >= 2000 ? 5 : 0) + (i >= at ? 1 : 0) + noise(i));
const ctx: Context = {
  t,
  bucket: 1,
  period: 1,
  duration: n - 1,
  startupEnd: 300,
  startup: new Map([['x', 300]]),
  changes: new Map([['x', [2000]]]),
  settle: new Map([['x', 0]]),
  siblings: new Map(),
};
const judge = (at: number, found: { i0: number }[] = [], modelStepsAt = n + 1) => {
  const x = level(at);
  const ch = makeChannel('x', null, x, 0.1, 0);
  const given = {
    ctx,
    changes: [2000],
    stepChanges: [2000],
    commanded: [] as [number, number][],
    margin: 40,
    // The model's fit: the command's level, and the fault's step too where the model makes it.
    fit: Float64Array.from({ length: n }, (_, i) => (i >= 2000 ? 5 : 0) + (i >= modelStepsAt ? 1 : 0)),
  };
  return levelSteps(
    ch,
    x,
    found.map((f) => ({
      ...f,
      kind: 'step' as const,
      channels: ['x'],
      i1: f.i0,
      peak_sigma: 10,
      values: {},
    })),
    given,
  );
};

describe('levelSteps', () => {
  it('finds a step long after the level settled from the latest change', () => {
    const s = judge(4000);
    expect(s.map((e) => e.i0)).toEqual([4000]);
  });
  it('leaves the change itself and a step while the level still settles from it', () => {
    expect(judge(n + 1)).toEqual([]);
    expect(judge(2010)).toEqual([]);
  });
  it('leaves a step the model makes too (a command it follows moved there)', () => {
    expect(judge(4000, [], 4000)).toEqual([]);
    // The model moves by a third of the step only: the rest is the channel's own.
    expect(judge(4000, [], n + 1).map((e) => e.i0)).toEqual([4000]);
  });
  it('does not repeat a step the residual found', () => {
    expect(judge(4000, [{ i0: 4010 }])).toEqual([]);
  });
});

describe('bend', () => {
  it("is a step's size and nothing on a ramp", () => {
    const step = Float64Array.from({ length: 400 }, (_, i) => (i >= 200 ? 3 : 0));
    const ramp = Float64Array.from({ length: 400 }, (_, i) => -0.25 * i);
    expect(bend(step, 200, 40)).toBeCloseTo(3, 9);
    expect(bend(ramp, 200, 40)).toBeCloseTo(0, 9);
  });
});
