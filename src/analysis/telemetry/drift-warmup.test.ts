import { describe, expect, it } from 'vitest';
import { warmUpTail } from './drift-warmup.js';

const n = 2000;
/** An oil warming from 24 to 92 degC through a first-order lag of 900 samples: it only slows. */
const oil = Float64Array.from({ length: n }, (_, i) => 92 - 68 * Math.exp(-i / 900));
/** A flow meter steady at 12 L/min that starts drifting up at sample 800. */
const flow = Float64Array.from({ length: n }, (_, i) => 12 + (i > 800 ? 0.002 * (i - 800) : 0));

describe("a lone channel's warm-up past the start-up window", () => {
  it('is the warm-up going on: the oil moved faster just before than over the drift', () => {
    expect(warmUpTail(oil, 420, 1250, 300)).toBe(true);
  });

  it('a drift with an onset is not', () => {
    expect(warmUpTail(flow, 800, 1600, 300)).toBe(false);
  });

  it('a drift far from the start-up window is judged as a drift', () => {
    expect(warmUpTail(oil, 1500, 1900, 300)).toBe(false);
  });
});
