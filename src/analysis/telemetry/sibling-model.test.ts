// The sibling model: a channel read from its siblings' median with a gain difference and a first-order
// lag difference, fitted with a ramp of its own so that a creep stays in what it leaves.
import { describe, expect, it } from 'vitest';
import { lag } from './model.js';
import { finiteMean } from './robust.js';
import { fitSiblingModel, modelLags, modelledResidual } from './sibling-model.js';

const N = 6000;
/**
 * Deterministic white noise with unit spread (a hash of the index, summed to near-Gaussian): sample to
 * sample independent, as sensor noise is, which the fit's odd/even split relies on.
 */
const uniform = (k: number) => {
  let h = Math.imul(k ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
};
const noise = (i: number) =>
  (uniform(4 * i) + uniform(4 * i + 1) + uniform(4 * i + 2) + uniform(4 * i + 3) - 2) * Math.sqrt(3);
const t = Float64Array.from({ length: N }, (_, i) => i * 5);
/** A load stepped 0 -> 40 -> 90 -> 60 degC rise at 1000, 2500 and 4000 samples (5 s each). */
const load = Float64Array.from({ length: N }, (_, i) => (i < 1000 ? 0 : i < 2500 ? 40 : i < 4000 ? 90 : 60));
const taus = modelLags(5, N * 5);

/**
 * Two joints of one busbar: the reference with a 2,600 s lag, the channel 3% more gain and a 2,300 s
 * lag; with `creep`, the channel creeps 0.45 degC (9 sigma) over 3000-3540 and holds.
 */
function pair(creep: boolean) {
  const ref = lag(load, t, 2600).map((v, i) => 22 + v + 0.05 * noise(i));
  const own = lag(load, t, 2300).map(
    (v, i) =>
      22.1 +
      1.03 * v +
      0.05 * noise(i + 7919) +
      (creep ? 0.45 * Math.min(1, Math.max(0, (i - 3000) / 540)) : 0),
  );
  const e = own.map((v, i) => v - ref[i]!);
  return { ref, e };
}
const change = (y: ArrayLike<number>) => finiteMean(y, 3540, 3640) - finiteMean(y, 2900, 3000);

describe('fitSiblingModel', () => {
  it('takes the gain and lag differences out of a plain sibling residual', () => {
    const { ref, e } = pair(false);
    const fit = fitSiblingModel(e, ref, t, taus)!;
    const y = modelledResidual(e, ref, t, fit);
    const spread = (x: ArrayLike<number>) => {
      const m = finiteMean(x, 500, N);
      let s = 0;
      for (let i = 500; i < N; i++) s += (x[i]! - m) ** 2;
      return Math.sqrt(s / (N - 500));
    };
    // The plain residual moves by degrees with the load; the modelled one is near the noise (0.07).
    expect(spread(e)).toBeGreaterThan(1);
    expect(spread(y)).toBeLessThan(0.2);
  });

  it('leaves a creep in the modelled residual: the fit carries a ramp of its own', () => {
    const { ref, e } = pair(true);
    const fit = fitSiblingModel(e, ref, t, taus)!;
    expect(Math.abs(change(modelledResidual(e, ref, t, fit)) - 0.45)).toBeLessThan(0.1);
    // At the candidate's place, likewise.
    const at = fitSiblingModel(e, ref, t, taus, [3000, 3540])!;
    expect(Math.abs(change(modelledResidual(e, ref, t, at)) - 0.45)).toBeLessThan(0.1);
  });

  it('does not learn to cancel the reference noise: no lag between two humidity sensors', () => {
    // Both read one humidity (a 60 s lag of a step 45 -> 60 %RH), gains 1% apart, 0.15 %RH noise each.
    const n = 2000;
    const tt = Float64Array.from({ length: n }, (_, i) => i * 0.5);
    const rh = lag(
      Float64Array.from({ length: n }, (_, i) => (i < 600 ? 45 : 60)),
      tt,
      120,
    );
    const ref = rh.map((v, i) => v + 0.15 * noise(i));
    const e = rh.map((v, i) => 1.01 * v + 0.15 * noise(i + 7919) - ref[i]!);
    const fit = fitSiblingModel(e, ref, tt, modelLags(0.5, 1000))!;
    const y = modelledResidual(e, ref, tt, fit);
    // With the residual and the reference from the same samples, the lag term learnt to cancel the
    // reference's noise, and its lead term left a ramp of 1 %RH over the humidity's rise.
    let worst = 0;
    for (let a = 0; a + 100 <= n; a += 50)
      worst = Math.max(worst, Math.abs(finiteMean(y, a, a + 100) - finiteMean(y, 0, 100)));
    expect(worst).toBeLessThan(0.3);
  });
});
