// A PSA oxygen generator's product purity: two beds swap every 40 s (an 80 s cycle), and after start
// the purity climbs from air's 21% to 93% over half an hour, 3.5% a cycle, before it holds. Overlaid on
// its neighbours, each climbing cycle leaves a residual that swings at the cycle (two rows missing
// put a sample's misalignment in some), the climb's imprint and no oscillation; valve hunting once
// the purity holds is still found. Synthetic series, no files.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { climbsThroughCycles, cycleOscillations, cycleStarts } from './oscillation-cycle.js';
import { noiseScale } from './robust.js';

const n = 10800;
const gaussian = (() => {
  const out = new Float64Array(n);
  let state = 11;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let i = 0; i < n; i++) out[i] = (next() + next() + next() + next() - 2) * Math.sqrt(3);
  return out;
})();
/** Row times at 1 Hz with two rows missing (at 1003 s and 1547 s). */
const times = Array.from({ length: n + 2 }, (_, i) => i).filter((s) => s !== 1003 && s !== 1547);
/** Bed A adsorbs for the first half of each 80 s cycle. */
const bed = Float64Array.from(times, (s) => (s % 80 < 40 ? 0 : 1));
/** Purity: 21% climbing linearly to 93% by 1800 s, then easing to 95%; the beds' ripple and noise. */
const purity = (hunt: boolean) =>
  Float64Array.from(times, (s, i) => {
    const level = s < 1800 ? 21 + (72 * s) / 1800 : 95 - 2 * Math.exp(-(s - 1800) / 600);
    const ripple = 0.06 * Math.cos((Math.PI * (s % 40)) / 40);
    const h = hunt && s >= 6000 && s < 6600 ? 0.3 * Math.sin((2 * Math.PI * s) / 15) : 0;
    return level + ripple + h + 0.03 * gaussian[i]!;
  });
const never = () => false;

describe('oscillations on the cycle residual of a climbing level', () => {
  it('the climb through the cycles is no oscillation', () => {
    const x = purity(false);
    const ch = makeChannel('o2_purity_pct', 'pct', x, noiseScale(x), 0.01);
    const starts = cycleStarts(bed)!;
    expect(starts.length).toBeGreaterThan(100);
    expect(cycleOscillations(ch, x, [starts], () => '', never)).toEqual([]);
  });

  it('hunting once the level holds is still found', () => {
    const x = purity(true);
    const ch = makeChannel('o2_purity_pct', 'pct', x, noiseScale(x), 0.01);
    const found = cycleOscillations(ch, x, [cycleStarts(bed)!], () => '', never);
    expect(found.some((e) => e.i0 < 6600 && e.i1 > 6000)).toBe(true);
  });

  it('a climb of 3.5% a cycle explains a raise of 0.7%, a held level does not', () => {
    const x = purity(false);
    const starts = cycleStarts(bed)!;
    expect(climbsThroughCycles(x, starts, 840, 1320, 0.7)).toBe(true);
    expect(climbsThroughCycles(x, starts, 6000, 6600, 0.4)).toBe(false);
  });
});
