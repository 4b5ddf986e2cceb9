// Three hinge thermocouples with fixed offsets, the first frozen through part of a ramp: at its
// release the median the third is judged against changes members, and the third's residual moves by
// half the live pair's offset. That is no drift of the third; a creep of the third is one, whichever
// siblings are live.
import { describe, expect, it } from 'vitest';
import { holdsOnSteadyReference } from './drift-reference.js';

const N = 4000;
const ramp = (i: number) => -60 + 0.03 * i;
const noise = (i: number, k: number) => 0.02 * Math.sin(i * 12.9898 + k) * Math.cos(i * 78.233 + k);
const frozenUntil = 2000;
const h1 = Float64Array.from({ length: N }, (_, i) =>
  i >= 1000 && i < frozenUntil ? NaN : ramp(i) + 0.26 + noise(i, 1),
);
const h2 = Float64Array.from({ length: N }, (_, i) => ramp(i) + noise(i, 2));
const creep = (i: number) => -0.3 * Math.min(1, Math.max(0, (i - 1700) / 600));
const h3 = (withCreep: boolean) =>
  Float64Array.from({ length: N }, (_, i) => ramp(i) + 0.17 + (withCreep ? creep(i) : 0) + noise(i, 3));
/** The residual's change over [i0, i1] against the median of the live siblings at each point. */
function residualChange(own: Float64Array, i0: number, i1: number): number {
  const med = (i: number) => (Number.isFinite(h1[i]!) ? (h1[i]! + h2[i]!) / 2 : h2[i]!);
  const w = Math.max(10, Math.floor((i1 - i0) / 5));
  const mean = (a: number, b: number) => {
    let s = 0;
    for (let i = a; i < b; i++) s += own[i]! - med(i);
    return s / (b - a);
  };
  return mean(i1 - w + 1, i1 + 1) - mean(i0 - w, i0);
}

describe('holdsOnSteadyReference', () => {
  it('drops the shift a sibling release makes in the residual', () => {
    const own = h3(false);
    const change = residualChange(own, 1800, 2300);
    expect(change).toBeLessThan(-0.1);
    expect(holdsOnSteadyReference(own, [h1, h2], 1800, 2300, change)).toBe(false);
  });

  it('keeps a creep of the channel across the same release', () => {
    const own = h3(true);
    const change = residualChange(own, 1700, 2300);
    expect(holdsOnSteadyReference(own, [h1, h2], 1700, 2300, change)).toBe(true);
  });

  it('keeps a drift whose siblings are all live throughout', () => {
    const own = h3(true);
    expect(holdsOnSteadyReference(own, [h2, h2.map((v) => v + 0.3)], 2300, 2900, -0.2)).toBe(true);
  });
});
