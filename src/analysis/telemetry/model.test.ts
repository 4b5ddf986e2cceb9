// The lagged regression that models a channel from its commands: degenerate regressors (a command
// that never changes, a lag that decays through denormal numbers) must not break the fit. Pure.
import { describe, expect, it } from 'vitest';
import { conditioned, lag, residualOf } from './model.js';

const times = (n: number) => Float64Array.from({ length: n }, (_, i) => i);
/** Deterministic noise in [-s, s]: a fixed sequence, so the tests do not depend on a seed. */
const noise = (i: number, s: number) => s * Math.sin(i * 12.9898) * ((i * 7) % 5) * 0.25;

describe('regressor conditioning', () => {
  it('drops a constant regressor and one that varies only in rounding', () => {
    const n = 200;
    const flat = new Float64Array(n).fill(93);
    const rounding = flat.map((v, i) => v + (i % 2) * 1e-14);
    const moving = Float64Array.from({ length: n }, (_, i) => (i < 100 ? 0 : 1));
    expect(conditioned([flat, rounding, moving], 0)).toHaveLength(1);
  });

  it('keeps a mostly constant command (zero MAD) and scales it to unit spread', () => {
    const n = 400;
    const burst = Float64Array.from({ length: n }, (_, i) => (i >= 300 && i < 330 ? 1 : 0));
    const [c] = conditioned([burst], 0);
    expect(c).toBeDefined();
    const mean = c!.reduce((s, v) => s + v, 0) / n;
    const sd = Math.sqrt(c!.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
    expect(mean).toBeCloseTo(0, 9);
    expect(sd).toBeCloseTo(1, 9);
  });
});

describe('residual of a channel against degenerate command lags', () => {
  it('stays finite and small when a short command pulse lags through denormal numbers', () => {
    const n = 3000;
    const t = times(n);
    // A command on for 30 s in 3000: its MAD is zero and its 1 s lag decays to 5e-324 afterwards.
    const cmd = Float64Array.from({ length: n }, (_, i) => (i >= 500 && i < 530 ? 1 : 0));
    const regs = [cmd, lag(cmd, t, 1), lag(cmd, t, 3), lag(cmd, t, 10)];
    expect(regs[1]!.some((v) => v > 0 && v < 1e-300)).toBe(true);
    const y = Float64Array.from({ length: n }, (_, i) => 50 + noise(i, 0.3));
    const r = residualOf(y, regs, 0);
    expect(r.every(Number.isFinite)).toBe(true);
    expect(Math.max(...r.map(Math.abs))).toBeLessThan(1);
  });

  it('still removes what a command explains', () => {
    const n = 2000;
    const cmd = Float64Array.from({ length: n }, (_, i) => (i < 1000 ? 0 : 10));
    const y = Float64Array.from({ length: n }, (_, i) => 3 * cmd[i]! + noise(i, 0.1));
    const r = residualOf(y, [cmd], 0);
    expect(Math.max(...r.map(Math.abs))).toBeLessThan(0.5);
  });
});
