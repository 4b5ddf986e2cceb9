import { describe, expect, it } from 'vitest';

import { looksProgrammed } from './commands.js';
import { quickReturns } from './program-returns.js';

/** A gear selector over a drive cycle: up and down through the gears, 100 rows in each. */
const gears = [1, 2, 1, 0, 1, 2, 3, 4, 5, 4, 3, 2, 1, 0];
const gear = Float64Array.from({ length: gears.length * 100 }, (_, i) => gears[Math.floor(i / 100)]!);
const changesOf = (x: Float64Array) => [...x.keys()].filter((i) => i > 0 && x[i] !== x[i - 1]);

describe('returns to a level held before', () => {
  it('a gear that goes back down after dwelling in a higher gear looks programmed', () => {
    expect(quickReturns(gear, changesOf(gear))).toBe(0);
    expect(looksProgrammed(gear)).toBe(true);
  });

  it('a sensor flicking to its neighbouring reading and straight back is flicker', () => {
    const rh = Float64Array.from({ length: 1000 }, (_, i) => (i % 50 === 0 || i % 50 === 1 ? 45.1 : 45.0));
    expect(quickReturns(rh, changesOf(rh))).toBeGreaterThan(10);
    expect(looksProgrammed(rh)).toBe(false);
  });
});
