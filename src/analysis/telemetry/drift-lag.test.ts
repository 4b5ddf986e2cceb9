// A lone channel's drift that continues its thermal lag after a commanded change is the lag's tail;
// a creep that starts after the level had stopped is kept. Both sides, on lagTail directly.
import { describe, expect, it } from 'vitest';
import { lagTail } from './drift-lag.js';

const N = 6000;
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

describe('lagTail', () => {
  it('takes a slow fall still following a load cut for the lag (tau 1500 s)', () => {
    // Cut at 1000: the water loop cools 58 -> 56 degC with tau 1500 s; the "drift" is 4000-5000.
    const y = Float64Array.from(
      { length: N },
      (_, i) => (i < 1000 ? 58 : 56 + 2 * Math.exp(-(i - 1000) / 1500)) + 0.01 * noise(i),
    );
    const change =
      y.slice(4900, 5000).reduce((a, b) => a + b) / 100 - y.slice(3900, 4000).reduce((a, b) => a + b) / 100;
    expect(change).toBeLessThan(0);
    expect(lagTail(y, 1000, 4000, 4999, change)).toBe(true);
  });

  it('keeps a creep that starts after the level has settled', () => {
    // A fast lag (tau 100 s) settles long before a 0.3 degC creep over 4000-5000.
    const y = Float64Array.from(
      { length: N },
      (_, i) =>
        (i < 1000 ? 58 : 56 + 2 * Math.exp(-(i - 1000) / 100)) -
        0.3 * Math.min(1, Math.max(0, (i - 4000) / 1000)) +
        0.01 * noise(i),
    );
    expect(lagTail(y, 1000, 4000, 4999, -0.3)).toBe(false);
  });

  it('keeps a creep against the way the lag went', () => {
    const y = Float64Array.from(
      { length: N },
      (_, i) =>
        (i < 1000 ? 58 : 56 + 2 * Math.exp(-(i - 1000) / 1500)) +
        0.5 * Math.min(1, Math.max(0, (i - 4000) / 1000)) +
        0.01 * noise(i),
    );
    expect(lagTail(y, 1000, 4000, 4999, 0.3)).toBe(false);
  });

  it('gives no verdict with less than two windows between change and onset', () => {
    const y = Float64Array.from({ length: N }, (_, i) => 56 + 2 * Math.exp(-i / 1500));
    expect(lagTail(y, 3500, 4000, 4999, -0.2)).toBe(false);
  });
});
